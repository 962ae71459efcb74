// The public Tablebase, implemented by TablebaseFiles: the layer files of a
// directory, the chunk cache, the probe, and the probe sessions of the search.
#include "ddtb/tablebase.hpp"

#include <dirent.h>
#include <sys/mman.h>

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <list>
#include <mutex>
#include <type_traits>
#include <unordered_map>

#include "core/given_options.hpp"
#include "tablebase/layer_file.hpp"
#include "tablebase/packed_sets.hpp"
#include "tablebase/probe_session.hpp"

namespace ddtb {

using detail::ProbeSession;
using detail::tb::LayerFile;
using detail::tb::RawChunk;
using detail::tb::StrainClass;
using detail::tb::TbSet;

namespace {

// A layer file's index: (tricks * 14 + bound) * 2 + class, tricks 1..13,
// bound 0 (exact values) or 1..tricks.
constexpr int kBounds = 14;
constexpr int kLayers = 14 * kBounds * 2;
constexpr int layer_id(int tricks, int bound, int klass) {
  return (tricks * kBounds + bound) * 2 + klass;
}

// Loaded chunks, bounded in bytes, evicted by the CLOCK policy (a hit only
// marks its chunk as used; a sweep evicts chunks not used since the last
// sweep). Each chunk has a fixed slot, so a lookup is an index, not a search;
// slots are guarded by one of kShards locks, so threads probing different
// chunks rarely wait for each other. A hit takes one lock and copies a
// shared_ptr: no allocation.
class ChunkCache {
 public:
  ChunkCache(std::size_t budget, const std::array<std::size_t, kLayers>& chunks)
      : shard_budget_(budget / kShards) {
    for (int l = 0; l < kLayers; ++l) slots_[l].resize(chunks[l]);
  }

  std::shared_ptr<const RawChunk> find(int layer, std::uint32_t c) {
    Shard& sh = shard(layer, c);
    std::lock_guard lock(sh.mutex);
    Slot& slot = slots_[layer][c];
    if (slot.data) slot.used = true;
    return slot.data;
  }

  std::shared_ptr<const RawChunk> insert(int layer, std::uint32_t c,
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

  std::uint64_t bytes() {
    std::uint64_t n = 0;
    for (Shard& sh : shards_) {
      std::lock_guard lock(sh.mutex);
      n += sh.bytes;
    }
    return n;
  }

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
  std::array<std::vector<Slot>, kLayers> slots_;
  std::array<Shard, kShards> shards_;
};

// Frees an array made by mmap.
struct Unmap {
  std::size_t bytes = 0;
  void operator()(std::uint64_t* p) const { ::munmap(p, bytes); }
};

}  // namespace

namespace detail {

// The library's Tablebase: the layer files of a directory, their chunk cache
// and the probe, which answers both Tablebase's own probes and those of its
// probe sessions (tablebase/probe_session.hpp).
struct TablebaseFiles final : Tablebase {
  // files[layer_id], null when absent.
  std::array<std::unique_ptr<LayerFile>, kLayers> files;
  int max_tricks = 0;
  std::unique_ptr<ChunkCache> cache;
  // Probes through Tablebase::probe and probe_at_least (no session), and
  // those of sessions that have ended; live sessions count their own.
  mutable std::atomic<std::uint64_t> probes{0}, hits{0}, loads{0}, bad_blocks{0};
  mutable std::mutex sessions_mutex;
  mutable std::vector<const ProbeSession*> sessions;
  // damaged[layer_id][chunk]: the chunk failed validation once, so it is
  // not decoded again (a damaged file costs one check per chunk, not one per probe).
  std::array<std::unique_ptr<std::atomic<bool>[]>, kLayers> damaged;

  // direct[layer][p]: where partition p's sets lie in the file's mapping,
  // once a load validated its chunk and found it read in place: bit 63 set,
  // the byte length in bits 40..62, the offset from the file's start below;
  // 0 until then. A probe that finds an entry reads the sets without the
  // chunk directory, the chunk cache or the chunk's partition bounds: the
  // mapping holds them as long as the Tablebase lives. Read and written
  // through atomic_ref. The pages are made at open, all at once and huge
  // where the system allows: faulted in one page at a time as probes first
  // wrote them, they cost more than they saved where each position touches
  // partitions no other does, and made at once in small pages they slowed
  // the opening of large tables (docs/PERFORMANCE.md, "The 20-card tables").
  std::array<std::unique_ptr<std::uint64_t[], Unmap>, kLayers> direct;
  static std::unique_ptr<std::uint64_t[], Unmap> make_direct(std::size_t partitions) {
    const std::size_t bytes = std::max<std::size_t>(partitions, 1) * sizeof(std::uint64_t);
    void* m = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED) return {nullptr, Unmap{}};  // probes take the chunk path
#ifdef MADV_HUGEPAGE
    // Advice only: without it the pages are faulted in as probes write them.
    ::madvise(m, bytes, MADV_HUGEPAGE);
#endif
#ifdef MADV_POPULATE_WRITE
    ::madvise(m, bytes, MADV_POPULATE_WRITE);
#endif
    return {static_cast<std::uint64_t*>(m), Unmap{bytes}};
  }
  static constexpr std::uint64_t kDirect = std::uint64_t{1} << 63;
  static constexpr int kDirectLengthShift = 40;
  static constexpr std::uint64_t kDirectMaxLength = (std::uint64_t{1} << 23) - 1;
  // Partition p's sets in the mapping, when a load has recorded them.
  bool in_place(int layer, std::size_t p, const std::uint8_t*& begin,
                const std::uint8_t*& end) const {
    if (!direct[layer]) return false;
    const std::uint64_t d =
        std::atomic_ref<std::uint64_t>(direct[layer][p]).load(std::memory_order_relaxed);
    if (!d) return false;
    begin = files[layer]->base() + (d & ((std::uint64_t{1} << kDirectLengthShift) - 1));
    end = begin + ((d & ~kDirect) >> kDirectLengthShift);
    return true;
  }
  // Records where the partitions of chunk c, just validated and read in
  // place, lie.
  void record_in_place(int layer, std::uint32_t c, const RawChunk& loaded) const {
    if (!loaded.mapped || !direct[layer]) return;
    const LayerFile& file = *files[layer];
    const std::uint32_t first = file.chunk_entry(c).first_partition;
    for (std::size_t i = 0; i < loaded.ranges.size(); ++i) {
      const RawChunk::Range r = loaded.ranges[i];
      const std::uint64_t length = r.end - r.begin;
      const auto offset = static_cast<std::uint64_t>(loaded.mapped + r.begin - file.base());
      if (length > kDirectMaxLength || offset >> kDirectLengthShift) continue;  // chunk path
      std::atomic_ref<std::uint64_t>(direct[layer][first + i])
          .store(kDirect | length << kDirectLengthShift | offset, std::memory_order_relaxed);
    }
  }

  // A chunk of a layer file, loaded on first use; nullptr when it fails
  // validation (it is then never used).
  std::shared_ptr<const RawChunk> chunk(int layer, std::uint32_t c) const {
    if (auto hit = cache->find(layer, c)) return hit;
    std::atomic<bool>& bad = damaged[layer][c];
    if (bad.load(std::memory_order_relaxed)) return nullptr;
    auto loaded = files[layer]->load_raw_chunk(c);
    if (!loaded) {
      if (!bad.exchange(true, std::memory_order_relaxed))
        bad_blocks.fetch_add(1, std::memory_order_relaxed);
      return nullptr;
    }
    loads.fetch_add(1, std::memory_order_relaxed);
    record_in_place(layer, c, *loaded);
    return cache->insert(layer, c, std::make_shared<const RawChunk>(std::move(*loaded)));
  }

  // The encoded sets [begin, end) of a partition, through the session's
  // memory when there is one; `hold` keeps their chunk alive. False when the
  // layer or the partition is absent or unreadable.
  bool partition(const ProbeSession* session, int layer, detail::tb::ShapeKey shape,
                 const std::uint8_t*& begin, const std::uint8_t*& end,
                 std::shared_ptr<const RawChunk>& hold) const {
    const LayerFile* file = files[layer].get();
    if (!file) return false;
    if (file->packed()) {
      // Read in place, through the file's own partition index.
      ProbeSession::ShapeSlot* ss = session ? &session->shape_slot(shape, layer) : nullptr;
      if (ss && ss->layer == static_cast<std::uint32_t>(layer) && ss->shape == shape) {
        begin = ss->begin;
        end = ss->end;
        return true;
      }
      const int p = file->find(shape);
      if (p < 0 || !file->packed_partition(static_cast<std::size_t>(p), begin, end)) return false;
      if (ss)
        *ss = {shape, static_cast<std::uint32_t>(layer), 0, 0, ProbeSession::kInPlace, begin, end};
      return true;
    }
    if (!session) {
      const int p = file->find(shape);
      if (p < 0) return false;
      if (in_place(layer, static_cast<std::size_t>(p), begin, end)) return true;
      const LayerFile::Location where = file->location(static_cast<std::size_t>(p));
      hold = chunk(layer, where.chunk);
      if (!hold) return false;
      begin = hold->data() + hold->ranges[where.index].begin;
      end = hold->data() + hold->ranges[where.index].end;
      return true;
    }
    ProbeSession::ShapeSlot& ss = session->shape_slot(shape, layer);
    if (ss.layer != static_cast<std::uint32_t>(layer) || ss.shape != shape) {
      const int p = file->find(shape);
      if (p < 0) return false;
      if (in_place(layer, static_cast<std::size_t>(p), begin, end)) {
        ss = {shape, static_cast<std::uint32_t>(layer), 0, 0, ProbeSession::kInPlace, begin, end};
        return true;
      }
      const LayerFile::Location where = file->location(static_cast<std::size_t>(p));
      ss = {shape,  static_cast<std::uint32_t>(layer), where.chunk, where.index, 0, nullptr,
            nullptr};
    } else if (ss.seen == ProbeSession::kInPlace) {
      begin = ss.begin;
      end = ss.end;
      return true;
    }
    ProbeSession::ChunkSlot& cs = session->chunk_slot(ss.chunk, layer);
    if (cs.layer != static_cast<std::uint32_t>(layer) || cs.chunk != ss.chunk || !cs.data) {
      cs.data = chunk(layer, ss.chunk);
      if (!cs.data) {
        cs.layer = 0;
        return false;
      }
      cs.layer = static_cast<std::uint32_t>(layer);
      cs.chunk = ss.chunk;
      cs.stamp = session->new_stamp();
    }
    if (ss.seen != cs.stamp) {
      ss.seen = cs.stamp;
      ss.begin = cs.data->data() + cs.data->ranges[ss.index].begin;
      ss.end = cs.data->data() + cs.data->ranges[ss.index].end;
    }
    begin = ss.begin;
    end = ss.end;
    return true;
  }

  // The set holding the position in layer file `bound` (0: exact values) of
  // its card count; false when there is none (or its chunk is damaged).
  bool find(const ProbeSession* session, const std::array<detail::Bits, 4>& hands, int leader,
            int trump, int bound, TbSet& set, detail::Bits& specified) const {
    const bool hit = locate_set(session, hands, leader, trump, bound, set, specified);
    if (session) {
      session->count(hit);
    } else {
      probes.fetch_add(1, std::memory_order_relaxed);
      if (hit) hits.fetch_add(1, std::memory_order_relaxed);
    }
    return hit;
  }

  // find() without the counting.
  bool locate_set(const ProbeSession* session, const std::array<detail::Bits, 4>& hands, int leader,
                  int trump, int bound, TbSet& set, detail::Bits& specified) const {
    const int tricks = detail::count(hands[leader]);
    if (tricks < 1 || tricks > max_tricks || bound > tricks) return false;
    // A directory may hold one class deeper than the other: a layer that is
    // not there costs no canonical form.
    const int layer = layer_id(tricks, bound, static_cast<int>(detail::tb::class_of(hands, trump)));
    if (!files[layer]) return false;
    const detail::tb::Canonical c = detail::tb::canonicalize(hands, leader, trump);
    const std::uint8_t *begin = nullptr, *end = nullptr;
    std::shared_ptr<const RawChunk> hold;
    if (!partition(session, layer, c.shape, begin, end, hold)) return false;
    const detail::tb::Nibbles state = detail::tb::state_nibbles(c.shape, c.seq);
    const detail::tb::Scan scan =
        files[layer]->packed()
            ? detail::tb::find_packed(begin, end, state, tricks, bound,
                                      detail::tb::tied_pairs(c.shape, c.klass), set)
            : detail::tb::find_set(begin, end, state, bound > 0 ? 1 : tricks, set);
    switch (scan) {
      case detail::tb::Scan::kFound:
        break;
      case detail::tb::Scan::kAbsent:
        return false;  // a gap: treat as absent (verify reports gaps)
      case detail::tb::Scan::kCorrupt:
        bad_blocks.fetch_add(1, std::memory_order_relaxed);
        return false;
    }
    specified = detail::tb::specified_cards(set, c, hands);
    return true;
  }

  // A session begins and ends; an ending session's counts move to the
  // Tablebase's own.
  void attach(const ProbeSession& session) const {
    std::lock_guard<std::mutex> lock(sessions_mutex);
    sessions.push_back(&session);
  }
  void detach(const ProbeSession& session) const {
    std::lock_guard<std::mutex> lock(sessions_mutex);
    sessions.erase(std::find(sessions.begin(), sessions.end(), &session));
    probes.fetch_add(session.probes(), std::memory_order_relaxed);
    hits.fetch_add(session.hits(), std::memory_order_relaxed);
  }

  bool probe(const ProbeSession* session, const std::array<detail::Bits, 4>& hands, int leader,
             int trump, detail::ProbeResult& out) const {
    TbSet set;
    if (!find(session, hands, leader, trump, 0, set, out.specified)) return false;
    out.leader_tricks = set.value;
    return true;
  }

  bool probe_at_least(const ProbeSession* session, const std::array<detail::Bits, 4>& hands,
                      int leader, int trump, int t, detail::BoundResult& out) const {
    const int tricks = detail::count(hands[leader]);
    if (t < 1 || tricks < 1 || tricks > 13 || t > tricks) return false;
    // Only a class whose bound layer is there.
    if (!files[layer_id(tricks, t, static_cast<int>(detail::tb::class_of(hands, trump)))])
      return false;
    TbSet set;
    if (!find(session, hands, leader, trump, t, set, out.specified)) return false;
    out.at_least = set.value != 0;
    return true;
  }
};

}  // namespace detail

using detail::TablebaseFiles;

namespace {

// What `tb` holds, or nullptr when it is not the library's (a class derived
// from Tablebase elsewhere: it holds no tables).
const TablebaseFiles* files_of(const Tablebase& tb) {
  return dynamic_cast<const TablebaseFiles*>(&tb);
}

// The layout rule of core/given_options.hpp (docs/USAGE.md, "ABI").
static_assert(std::is_standard_layout_v<TablebaseOptions>);
static_assert(detail::ends_at_field(sizeof(TablebaseOptions),
                                    offsetof(TablebaseOptions, cache_bytes),
                                    sizeof(TablebaseOptions::cache_bytes)),
              "TablebaseOptions must end where its last field ends");

}  // namespace

Tablebase::~Tablebase() = default;

Expected<std::shared_ptr<const Tablebase>> Tablebase::open(const std::string& dir,
                                                           const TablebaseOptions& options) {
  DIR* d = ::opendir(dir.c_str());
  if (!d) return Error{ErrorCode::kIo, dir + ": cannot read the directory"};
  std::vector<std::string> names;
  while (dirent* e = ::readdir(d)) names.emplace_back(e->d_name);
  ::closedir(d);

  const detail::GivenOptions given(options);
  TablebaseOptions o;
  // Every field is named: a field appended to TablebaseOptions stops this
  // from compiling until it is read here too.
  const auto& [struct_size, cache_bytes] = options;
  given.read(cache_bytes, o.cache_bytes);

  auto tb = std::make_shared<TablebaseFiles>();
  TablebaseFiles& impl = *tb;
  std::array<std::size_t, kLayers> chunks{};
  detail::tb::ShapeCatalog catalog;
  int found = 0;
  for (int tricks = 1; tricks <= 13; ++tricks) {
    for (int bound = 0; bound <= tricks; ++bound) {
      for (int klass = 0; klass < 2; ++klass) {
        const std::string name =
            detail::tb::layer_file_name(tricks, static_cast<StrainClass>(klass), bound);
        if (std::find(names.begin(), names.end(), name) == names.end()) continue;
        auto file = LayerFile::open(dir + "/" + name, &catalog);
        if (!file) return file.error();
        const auto& h = (*file)->header();
        if (h.tricks != tricks || static_cast<int>(h.klass) != klass || h.bound != bound)
          return Error{ErrorCode::kCorruptData,
                       dir + "/" + name + ": its header describes another layer"};
        const int layer = layer_id(tricks, bound, klass);
        // A packed file is read through its own index: no chunk slots.
        const bool packed = (*file)->packed();
        chunks[layer] = packed ? 0 : (*file)->chunks();
        impl.damaged[layer] = std::make_unique<std::atomic<bool>[]>(chunks[layer]);
        impl.files[layer] = std::move(*file);
        if (!packed)
          impl.direct[layer] = TablebaseFiles::make_direct(impl.files[layer]->shapes().size());
        // A bound layer counts too: without its exact layer it still answers
        // the search's questions (the exact probe then finds no file).
        impl.max_tricks = std::max(impl.max_tricks, tricks);
        ++found;
      }
    }
  }
  if (!found)
    return Error{ErrorCode::kNotFound, dir +
                                           ": no tablebase file (ddtb-<cards>-nt.tbl or "
                                           "ddtb-<cards>-trump.tbl)"};
  impl.cache = std::make_unique<ChunkCache>(o.cache_bytes, chunks);
  return std::shared_ptr<const Tablebase>(std::move(tb));
}

int Tablebase::max_cards() const {
  const TablebaseFiles* t = files_of(*this);
  return t ? 4 * t->max_tricks : 0;
}

int Tablebase::min_cards() const {
  const TablebaseFiles* t = files_of(*this);
  if (!t) return 0;
  for (int tricks = 1; tricks <= t->max_tricks; ++tricks)
    for (int id = layer_id(tricks, 0, 0); id < layer_id(tricks + 1, 0, 0); ++id)
      if (t->files[id]) return 4 * tricks;
  return 0;
}

std::string Tablebase::cards_text() const {
  const int lo = min_cards(), hi = max_cards();
  return (lo == hi ? std::to_string(hi) : std::to_string(lo) + "-" + std::to_string(hi)) + " cards";
}

std::vector<TablebaseLayer> Tablebase::layers() const {
  std::vector<TablebaseLayer> out;
  const TablebaseFiles* t = files_of(*this);
  if (!t) return out;
  for (int tricks = 1; tricks <= 13; ++tricks)
    for (int bound = 0; bound <= tricks; ++bound)
      for (int klass = 0; klass < 2; ++klass)
        if (const LayerFile* f = t->files[layer_id(tricks, bound, klass)].get()) {
          TablebaseLayer l;
          l.cards = 4 * tricks;
          l.trump = klass == 1;
          l.at_least = bound;
          l.partitions = f->header().partitions;
          l.sets = f->header().sets;
          l.bytes = f->header().data_offset + f->header().data_bytes;
          l.path = f->name();
          out.push_back(l);
        }
  return out;
}

std::optional<ProbeAnswer> Tablebase::probe(const Position& position) const {
  const TablebaseFiles* t = files_of(*this);
  if (!t || position.trick_size() != 0) return std::nullopt;
  std::array<detail::Bits, 4> hands;
  for (int s = 0; s < 4; ++s) hands[s] = position.hand(seat_from_int(s)).bits();
  detail::ProbeResult r;
  const int trump =
      position.trump() == Strain::NoTrump ? detail::kNoTrump : to_int(position.trump());
  if (!t->probe(nullptr, hands, to_int(position.leader()), trump, r)) return std::nullopt;
  return ProbeAnswer{r.leader_tricks, CardSet(r.specified)};
}

std::optional<BoundAnswer> Tablebase::probe_at_least(const Position& position, int tricks) const {
  const TablebaseFiles* t = files_of(*this);
  if (!t || position.trick_size() != 0) return std::nullopt;
  std::array<detail::Bits, 4> hands;
  for (int s = 0; s < 4; ++s) hands[s] = position.hand(seat_from_int(s)).bits();
  detail::BoundResult r;
  const int trump =
      position.trump() == Strain::NoTrump ? detail::kNoTrump : to_int(position.trump());
  if (!t->probe_at_least(nullptr, hands, to_int(position.leader()), trump, tricks, r))
    return std::nullopt;
  return BoundAnswer{r.at_least, CardSet(r.specified)};
}

TablebaseStats Tablebase::stats() const {
  TablebaseStats s;
  const TablebaseFiles* t = files_of(*this);
  if (!t) return s;
  s.probes = t->probes;
  s.hits = t->hits;
  {
    std::lock_guard<std::mutex> lock(t->sessions_mutex);
    for (const ProbeSession* session : t->sessions) {
      s.probes += session->probes();
      s.hits += session->hits();
    }
  }
  s.partition_loads = t->loads;
  s.cache_bytes = t->cache->bytes();
  s.bad_blocks = t->bad_blocks;
  for (const auto& f : t->files)
    if (f) s.bad_blocks += f->damaged_blocks();
  return s;
}

namespace detail {

ProbeSession::ProbeSession(std::shared_ptr<const TablebaseFiles> tb) : tb_(std::move(tb)) {
  tb_->attach(*this);
}

ProbeSession::~ProbeSession() {
  tb_->detach(*this);
}

int ProbeSession::max_tricks() const {
  return tb_->max_tricks;
}

bool ProbeSession::probe(const std::array<Bits, 4>& hands, int leader, int trump,
                         ProbeResult& out) const {
  return tb_->probe(this, hands, leader, trump, out);
}

bool ProbeSession::probe_at_least(const std::array<Bits, 4>& hands, int leader, int trump, int t,
                                  BoundResult& out) const {
  return tb_->probe_at_least(this, hands, leader, trump, t, out);
}

std::unique_ptr<EndgameProbe> open_endgame_probe(std::shared_ptr<const Tablebase> tables) {
  auto files = std::dynamic_pointer_cast<const TablebaseFiles>(std::move(tables));
  if (!files) return nullptr;
  return std::make_unique<ProbeSession>(std::move(files));
}

}  // namespace detail
}  // namespace ddtb
