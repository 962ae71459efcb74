#include "tablebase/tablebase_files.hpp"

#include <sys/mman.h>

#include <algorithm>

#include "tablebase/canonical.hpp"
#include "tablebase/packed_sets.hpp"
#include "tablebase/probe_session.hpp"

namespace ddtb::detail {

using tb::ChunkedFile;
using tb::PackedFile;
using tb::RawChunk;
using tb::TbSet;

void Unmap::operator()(std::uint64_t* p) const {
  ::munmap(p, bytes);
}

std::unique_ptr<std::uint64_t[], Unmap> TablebaseFiles::make_direct(std::size_t partitions) {
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

void TablebaseFiles::add(int layer, std::unique_ptr<tb::LayerFile> file) {
  if (const ChunkedFile* chunked = file->as_chunked()) {
    damaged[layer] = std::make_unique<std::atomic<bool>[]>(chunked->chunks());
    direct[layer] = make_direct(chunked->shapes().size());
  }
  // A bound layer counts too: without its exact layer it still answers the
  // search's questions (the exact probe then finds no file).
  max_tricks = std::max(max_tricks, file->header().tricks);
  files[layer] = std::move(file);
}

void TablebaseFiles::make_cache(std::size_t budget) {
  std::vector<std::size_t> chunks(kLayers, 0);
  for (int l = 0; l < kLayers; ++l)
    if (files[l])
      if (const ChunkedFile* chunked = files[l]->as_chunked()) chunks[l] = chunked->chunks();
  cache = std::make_unique<tb::ChunkCache>(budget, chunks);
}

bool TablebaseFiles::in_place(int layer, std::size_t p, const std::uint8_t*& begin,
                              const std::uint8_t*& end) const {
  if (!direct[layer]) return false;
  const std::uint64_t d =
      std::atomic_ref<std::uint64_t>(direct[layer][p]).load(std::memory_order_relaxed);
  if (!d) return false;
  begin = files[layer]->base() + (d & ((std::uint64_t{1} << kDirectLengthShift) - 1));
  end = begin + ((d & ~kDirect) >> kDirectLengthShift);
  return true;
}

void TablebaseFiles::record_in_place(int layer, const RawChunk& loaded) const {
  if (!loaded.mapped || !direct[layer]) return;
  const tb::LayerFile& file = *files[layer];
  const std::uint32_t first = loaded.first;
  for (std::size_t i = 0; i < loaded.ranges.size(); ++i) {
    const RawChunk::Range r = loaded.ranges[i];
    const std::uint64_t length = r.end - r.begin;
    const auto offset = static_cast<std::uint64_t>(loaded.mapped + r.begin - file.base());
    if (length > kDirectMaxLength || offset >> kDirectLengthShift) continue;  // chunk path
    std::atomic_ref<std::uint64_t>(direct[layer][first + i])
        .store(kDirect | length << kDirectLengthShift | offset, std::memory_order_relaxed);
  }
}

std::shared_ptr<const RawChunk> TablebaseFiles::chunk(int layer, std::uint32_t c) const {
  if (auto hit = cache->find(layer, c)) return hit;
  std::atomic<bool>& bad = damaged[layer][c];
  if (bad.load(std::memory_order_relaxed)) return nullptr;
  auto loaded = files[layer]->as_chunked()->load_raw_chunk(c);
  if (!loaded) {
    if (!bad.exchange(true, std::memory_order_relaxed))
      bad_blocks.fetch_add(1, std::memory_order_relaxed);
    return nullptr;
  }
  loads.fetch_add(1, std::memory_order_relaxed);
  record_in_place(layer, *loaded);
  return cache->insert(layer, c, std::make_shared<const RawChunk>(std::move(*loaded)));
}

bool TablebaseFiles::packed_partition(const ProbeSession* session, int layer,
                                      const PackedFile& file, tb::ShapeKey shape,
                                      const std::uint8_t*& begin, const std::uint8_t*& end) const {
  ProbeSession::ShapeSlot* ss = session ? &session->shape_slot(shape, layer) : nullptr;
  if (ss && ss->layer == static_cast<std::uint32_t>(layer) && ss->shape == shape) {
    begin = ss->begin;
    end = ss->end;
    return true;
  }
  const int p = file.find(shape);
  if (p < 0 || !file.partition(static_cast<std::size_t>(p), begin, end)) return false;
  if (ss)
    *ss = {shape, static_cast<std::uint32_t>(layer), 0, 0, ProbeSession::kInPlace, begin, end};
  return true;
}

bool TablebaseFiles::chunked_partition(const ProbeSession* session, int layer,
                                       const ChunkedFile& file, tb::ShapeKey shape,
                                       const std::uint8_t*& begin, const std::uint8_t*& end,
                                       std::shared_ptr<const RawChunk>& hold) const {
  if (!session) {
    const int p = file.find(shape);
    if (p < 0) return false;
    if (in_place(layer, static_cast<std::size_t>(p), begin, end)) return true;
    const ChunkedFile::Location where = file.location(static_cast<std::size_t>(p));
    hold = chunk(layer, where.chunk);
    if (!hold) return false;
    begin = hold->data() + hold->ranges[where.index].begin;
    end = hold->data() + hold->ranges[where.index].end;
    return true;
  }
  ProbeSession::ShapeSlot& ss = session->shape_slot(shape, layer);
  if (ss.layer != static_cast<std::uint32_t>(layer) || ss.shape != shape) {
    const int p = file.find(shape);
    if (p < 0) return false;
    if (in_place(layer, static_cast<std::size_t>(p), begin, end)) {
      ss = {shape, static_cast<std::uint32_t>(layer), 0, 0, ProbeSession::kInPlace, begin, end};
      return true;
    }
    const ChunkedFile::Location where = file.location(static_cast<std::size_t>(p));
    ss = {shape, static_cast<std::uint32_t>(layer), where.chunk, where.index, 0, nullptr, nullptr};
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

bool TablebaseFiles::find(const ProbeSession* session, const std::array<Bits, 4>& hands, int leader,
                          int trump, int bound, TbSet& set, Bits& specified) const {
  const bool hit = locate_set(session, hands, leader, trump, bound, set, specified);
  if (session) {
    session->count(hit);
  } else {
    probes.fetch_add(1, std::memory_order_relaxed);
    if (hit) hits.fetch_add(1, std::memory_order_relaxed);
  }
  return hit;
}

bool TablebaseFiles::locate_set(const ProbeSession* session, const std::array<Bits, 4>& hands,
                                int leader, int trump, int bound, TbSet& set,
                                Bits& specified) const {
  const int tricks = count(hands[leader]);
  if (tricks < 1 || tricks > max_tricks || bound > tricks) return false;
  // A directory may hold one class deeper than the other: a layer that is
  // not there costs no canonical form.
  const int layer = layer_id(tricks, bound, static_cast<int>(tb::class_of(hands, trump)));
  const tb::LayerFile* file = files[layer].get();
  if (!file) return false;
  const tb::Canonical c = tb::canonicalize(hands, leader, trump);
  const std::uint8_t *begin = nullptr, *end = nullptr;
  tb::Scan scan;
  if (const PackedFile* packed = file->as_packed()) {
    if (!packed_partition(session, layer, *packed, c.shape, begin, end)) return false;
    scan = tb::find_packed(begin, end, tb::state_nibbles(c.shape, c.seq), tricks, bound,
                           tb::tied_pairs(c.shape, c.klass), set);
  } else {
    std::shared_ptr<const RawChunk> hold;
    if (!chunked_partition(session, layer, *file->as_chunked(), c.shape, begin, end, hold))
      return false;
    scan = tb::find_set(begin, end, tb::state_nibbles(c.shape, c.seq), bound > 0 ? 1 : tricks, set);
  }
  switch (scan) {
    case tb::Scan::kFound:
      break;
    case tb::Scan::kAbsent:
      return false;  // a gap: treat as absent (verify reports gaps)
    case tb::Scan::kCorrupt:
      bad_blocks.fetch_add(1, std::memory_order_relaxed);
      return false;
  }
  specified = tb::specified_cards(set, c, hands);
  return true;
}

void TablebaseFiles::attach(const ProbeSession& session) const {
  std::lock_guard<std::mutex> lock(sessions_mutex);
  sessions.push_back(&session);
}

void TablebaseFiles::detach(const ProbeSession& session) const {
  std::lock_guard<std::mutex> lock(sessions_mutex);
  sessions.erase(std::find(sessions.begin(), sessions.end(), &session));
  probes.fetch_add(session.probes(), std::memory_order_relaxed);
  hits.fetch_add(session.hits(), std::memory_order_relaxed);
}

bool TablebaseFiles::probe(const ProbeSession* session, const std::array<Bits, 4>& hands,
                           int leader, int trump, ProbeResult& out) const {
  TbSet set;
  if (!find(session, hands, leader, trump, 0, set, out.specified)) return false;
  out.leader_tricks = set.value;
  return true;
}

bool TablebaseFiles::probe_at_least(const ProbeSession* session, const std::array<Bits, 4>& hands,
                                    int leader, int trump, int t, BoundResult& out) const {
  const int tricks = count(hands[leader]);
  if (t < 1 || tricks < 1 || tricks > 13 || t > tricks) return false;
  // Only a class whose bound layer is there.
  if (!files[layer_id(tricks, t, static_cast<int>(tb::class_of(hands, trump)))]) return false;
  TbSet set;
  if (!find(session, hands, leader, trump, t, set, out.specified)) return false;
  out.at_least = set.value != 0;
  return true;
}

// The probe sessions of the search: each probe goes to its Tablebase with
// the session's memory.

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

}  // namespace ddtb::detail
