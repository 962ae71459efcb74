#include "tablebase/chunk_cache.hpp"

namespace ddtb::detail::tb {

ChunkCache::ChunkCache(std::size_t budget, const std::vector<std::size_t>& chunks)
    : shard_budget_(budget / kShards) {
  slots_.resize(chunks.size());
  for (std::size_t l = 0; l < chunks.size(); ++l) slots_[l].resize(chunks[l]);
}

std::shared_ptr<const RawChunk> ChunkCache::find(int layer, std::uint32_t c) {
  Shard& sh = shard(layer, c);
  std::lock_guard lock(sh.mutex);
  Slot& slot = slots_[layer][c];
  if (slot.data) slot.used = true;
  return slot.data;
}

std::shared_ptr<const RawChunk> ChunkCache::insert(int layer, std::uint32_t c,
                                                   std::shared_ptr<const RawChunk> data) {
  Shard& sh = shard(layer, c);
  std::lock_guard lock(sh.mutex);
  Slot& slot = slots_[layer][c];
  if (slot.data) return slot.data;  // another thread was first
  slot.data = std::move(data);
  slot.used = true;
  slot.bytes = slot.data->memory() + kOverheadBytes;
  sh.bytes += slot.bytes;
  sh.resident.push_back({layer, c});
  while (sh.bytes > shard_budget_ && sh.resident.size() > 1) {
    if (sh.hand >= sh.resident.size()) sh.hand = 0;
    const auto [vl, vc] = sh.resident[sh.hand];
    Slot& v = slots_[vl][vc];
    if (v.used || (vl == layer && vc == c)) {
      v.used = false;
      ++sh.hand;
      continue;
    }
    sh.bytes -= v.bytes;
    v.data.reset();
    sh.resident[sh.hand] = sh.resident.back();
    sh.resident.pop_back();
  }
  return slot.data;
}

std::uint64_t ChunkCache::bytes() {
  std::uint64_t n = 0;
  for (Shard& sh : shards_) {
    std::lock_guard lock(sh.mutex);
    n += sh.bytes;
  }
  return n;
}

}  // namespace ddtb::detail::tb
