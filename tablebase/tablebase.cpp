// The public Tablebase: layer files, the decoded-partition cache, the probe.
#include "ddtb/tablebase.hpp"

#include <dirent.h>

#include <algorithm>
#include <atomic>
#include <list>
#include <mutex>
#include <unordered_map>

#include "tablebase/format.hpp"
#include "tablebase/probe_access.hpp"

namespace ddtb {

using detail::tb::Chunk;
using detail::tb::LayerFile;
using detail::tb::StrainClass;
using detail::tb::TbSet;

namespace {

using Sets = Chunk;

// Decoded partitions, least recently used first out, in shards so that
// threads probing different partitions rarely wait for each other. A hit
// takes one lock and copies a shared_ptr: no allocation.
class PartitionCache {
 public:
  explicit PartitionCache(std::size_t budget) : shard_budget_(budget / kShards) {}

  std::shared_ptr<const Sets> find(std::uint64_t key) {
    Shard& s = shard(key);
    std::lock_guard lock(s.mutex);
    auto it = s.map.find(key);
    if (it == s.map.end()) return nullptr;
    s.lru.splice(s.lru.begin(), s.lru, it->second.pos);
    return it->second.sets;
  }

  std::shared_ptr<const Sets> insert(std::uint64_t key, std::shared_ptr<const Sets> sets) {
    Shard& s = shard(key);
    const std::size_t bytes = sets->sets.size() * sizeof(TbSet) +
                              sets->starts.size() * sizeof(std::uint32_t) + kOverheadBytes;
    std::lock_guard lock(s.mutex);
    auto it = s.map.find(key);
    if (it != s.map.end()) return it->second.sets;  // another thread was first
    s.lru.push_front(key);
    s.map.emplace(key, Item{sets, s.lru.begin(), bytes});
    s.bytes += bytes;
    while (s.bytes > shard_budget_ && s.lru.size() > 1) {
      const std::uint64_t victim = s.lru.back();
      s.lru.pop_back();
      auto v = s.map.find(victim);
      s.bytes -= v->second.bytes;
      s.map.erase(v);
    }
    return sets;
  }

  std::uint64_t bytes() {
    std::uint64_t n = 0;
    for (Shard& s : shards_) {
      std::lock_guard lock(s.mutex);
      n += s.bytes;
    }
    return n;
  }

 private:
  static constexpr int kShards = 16;
  static constexpr std::size_t kOverheadBytes = 96;  // map node, list node, control block
  struct Item {
    std::shared_ptr<const Sets> sets;
    std::list<std::uint64_t>::iterator pos;
    std::size_t bytes;
  };
  struct Shard {
    std::mutex mutex;
    std::unordered_map<std::uint64_t, Item> map;
    std::list<std::uint64_t> lru;
    std::size_t bytes = 0;
  };
  Shard& shard(std::uint64_t key) { return shards_[(key * 0x9e3779b97f4a7c15ull) >> 60]; }

  std::size_t shard_budget_;
  std::array<Shard, kShards> shards_;
};

}  // namespace

struct Tablebase::Impl {
  // files[tricks][class], null when absent.
  std::array<std::array<std::unique_ptr<LayerFile>, 2>, 14> files;
  int max_tricks = 0;
  std::unique_ptr<PartitionCache> cache;
  mutable std::atomic<std::uint64_t> probes{0}, hits{0}, loads{0}, bad_blocks{0};

  // A chunk of a layer file, decoded on first use; nullptr when it fails
  // validation (it is then never used).
  std::shared_ptr<const Chunk> chunk(int tricks, int klass, std::size_t c) const {
    const std::uint64_t key = std::uint64_t(tricks) << 40 | std::uint64_t(klass) << 32 |
                              static_cast<std::uint32_t>(c);
    if (auto hit = cache->find(key)) return hit;
    auto loaded = files[tricks][klass]->load_chunk(c);
    if (!loaded) {
      bad_blocks.fetch_add(1, std::memory_order_relaxed);
      return nullptr;
    }
    loads.fetch_add(1, std::memory_order_relaxed);
    return cache->insert(key, std::make_shared<const Chunk>(std::move(*loaded)));
  }

  bool probe(const std::array<detail::Bits, 4>& hands, int leader, int trump,
             detail::ProbeResult& out) const {
    probes.fetch_add(1, std::memory_order_relaxed);
    const int tricks = detail::count(hands[leader]);
    if (tricks < 1 || tricks > max_tricks) return false;
    const detail::tb::Canonical c = detail::tb::canonicalize(hands, leader, trump);
    const int klass = static_cast<int>(c.klass);
    const LayerFile* file = files[tricks][klass].get();
    if (!file) return false;
    const int index = file->find(c.shape);
    if (index < 0) return false;
    const auto ch = chunk(tricks, klass, file->chunk_of(static_cast<std::size_t>(index)));
    if (!ch) return false;
    const detail::tb::Nibbles state = detail::tb::state_nibbles(c.shape, c.seq);
    const std::size_t i = static_cast<std::size_t>(index) - ch->first;
    for (std::uint32_t k = ch->starts[i]; k < ch->starts[i + 1]; ++k) {
      const TbSet& s = ch->sets[k];
      if (!s.contains(state)) continue;
      out.leader_tricks = s.value;
      out.specified = detail::tb::specified_cards(s, c, hands);
      hits.fetch_add(1, std::memory_order_relaxed);
      return true;
    }
    return false;  // a gap in a validated file: treat as absent
  }
};

Tablebase::Tablebase() : impl_(std::make_unique<Impl>()) {}
Tablebase::~Tablebase() = default;

Expected<std::shared_ptr<const Tablebase>> Tablebase::open(const std::string& dir,
                                                           const TablebaseOptions& options) {
  DIR* d = ::opendir(dir.c_str());
  if (!d) return Error{ErrorCode::kIo, dir + ": cannot read the directory"};
  std::vector<std::string> names;
  while (dirent* e = ::readdir(d)) names.emplace_back(e->d_name);
  ::closedir(d);

  auto tb = std::shared_ptr<Tablebase>(new Tablebase());
  Impl& impl = *tb->impl_;
  impl.cache = std::make_unique<PartitionCache>(options.cache_bytes);
  int found = 0;
  for (int tricks = 1; tricks <= 13; ++tricks) {
    for (int klass = 0; klass < 2; ++klass) {
      const std::string name =
          detail::tb::layer_file_name(tricks, static_cast<StrainClass>(klass));
      if (std::find(names.begin(), names.end(), name) == names.end()) continue;
      auto file = LayerFile::open(dir + "/" + name);
      if (!file) return file.error();
      const auto& h = (*file)->header();
      if (h.tricks != tricks || static_cast<int>(h.klass) != klass)
        return Error{ErrorCode::kCorruptData,
                     dir + "/" + name + ": its header describes another layer"};
      impl.files[tricks][klass] = std::move(*file);
      impl.max_tricks = std::max(impl.max_tricks, tricks);
      ++found;
    }
  }
  if (!found)
    return Error{ErrorCode::kNotFound, dir + ": no tablebase file (ddtb-<cards>-nt.tbl or "
                                             "ddtb-<cards>-trump.tbl)"};
  return std::shared_ptr<const Tablebase>(std::move(tb));
}

int Tablebase::max_cards() const { return 4 * impl_->max_tricks; }

std::vector<TablebaseLayer> Tablebase::layers() const {
  std::vector<TablebaseLayer> out;
  for (int tricks = 1; tricks <= 13; ++tricks)
    for (int klass = 0; klass < 2; ++klass)
      if (const LayerFile* f = impl_->files[tricks][klass].get()) {
        TablebaseLayer l;
        l.cards = 4 * tricks;
        l.trump = klass == 1;
        l.partitions = f->header().partitions;
        l.sets = f->header().sets;
        l.bytes = f->header().data_offset + f->header().data_bytes;
        l.path = f->name();
        out.push_back(l);
      }
  return out;
}

std::optional<ProbeAnswer> Tablebase::probe(const Position& position) const {
  if (position.trick_size() != 0) return std::nullopt;
  std::array<detail::Bits, 4> hands;
  for (int s = 0; s < 4; ++s) hands[s] = position.hand(seat_from_int(s)).bits();
  detail::ProbeResult r;
  const int trump = position.trump() == Strain::NoTrump ? detail::kNoTrump : to_int(position.trump());
  if (!impl_->probe(hands, to_int(position.leader()), trump, r)) return std::nullopt;
  return ProbeAnswer{r.leader_tricks, CardSet(r.specified)};
}

TablebaseStats Tablebase::stats() const {
  TablebaseStats s;
  s.probes = impl_->probes;
  s.hits = impl_->hits;
  s.partition_loads = impl_->loads;
  s.cache_bytes = impl_->cache->bytes();
  s.bad_blocks = impl_->bad_blocks;
  return s;
}

namespace detail {

int TablebaseAccess::max_tricks(const Tablebase& tb) { return tb.impl_->max_tricks; }

bool TablebaseAccess::probe(const Tablebase& tb, const std::array<Bits, 4>& hands, int leader,
                            int trump, ProbeResult& out) {
  return tb.impl_->probe(hands, leader, trump, out);
}

}  // namespace detail
}  // namespace ddtb
