// The chunks of chunked layer files that probes have loaded, shared by every
// thread probing one Tablebase. Internal.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "tablebase/chunked_file.hpp"

namespace ddtb::detail::tb {

// Loaded chunks, bounded in bytes, evicted by the CLOCK policy (a hit only
// marks its chunk as used; a sweep evicts chunks not used since the last
// sweep). Each chunk has a fixed slot, so a lookup is an index, not a search;
// slots are guarded by one of kShards locks, so threads probing different
// chunks rarely wait for each other. A hit takes one lock and copies a
// shared_ptr: no allocation.
class ChunkCache {
 public:
  // `chunks[layer]`: the chunks of each layer a probe may ask for.
  ChunkCache(std::size_t budget, const std::vector<std::size_t>& chunks);

  // Chunk c of `layer`, or null when it is not loaded.
  std::shared_ptr<const RawChunk> find(int layer, std::uint32_t c);
  // Holds `data` as chunk c of `layer` and returns what the cache holds for
  // it (another thread's load when it was first), evicting others as the
  // budget asks.
  std::shared_ptr<const RawChunk> insert(int layer, std::uint32_t c,
                                         std::shared_ptr<const RawChunk> data);
  // The bytes of the chunks held now.
  std::uint64_t bytes();

 private:
  static constexpr int kShards = 16;
  static constexpr std::size_t kOverheadBytes = 64;  // control block, slot
  struct Slot {
    std::shared_ptr<const RawChunk> data;
    std::size_t bytes = 0;
    bool used = false;
  };
  struct Shard {
    std::mutex mutex;
    std::vector<std::pair<int, std::uint32_t>> resident;
    std::size_t hand = 0;
    std::size_t bytes = 0;
  };
  Shard& shard(int layer, std::uint32_t c) {
    return shards_[((std::uint64_t(layer) << 32 | c) * 0x9e3779b97f4a7c15ull) >> 60];
  }

  std::size_t shard_budget_;
  std::vector<std::vector<Slot>> slots_;
  std::array<Shard, kShards> shards_;
};

}  // namespace ddtb::detail::tb
