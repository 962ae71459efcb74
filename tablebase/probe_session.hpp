// A Tablebase's probe session: the search's view of the tables for one
// searching thread (core/endgame_probe.hpp). Internal.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>

#include "core/endgame_probe.hpp"
#include "tablebase/chunked_file.hpp"

namespace ddtb::detail {

struct TablebaseFiles;  // the library's Tablebase (tablebase/tablebase_files.hpp)

// One searching thread's memory in front of the Tablebase's shared cache:
// where the partitions it probed lately lie (shape -> chunk and index), and
// the chunks it used last. A hit takes no lock, touches no counter another
// thread writes, and skips the shape and chunk searches; the session counts
// its own probes, which Tablebase::stats() adds up. The chunks it holds stay
// alive, so memory may exceed the shared cache's bound by at most
// kChunkSlots chunks per session (each about tb::kChunkTargetBytes). Made
// by open_endgame_probe; it keeps its Tablebase alive.
class ProbeSession final : public EndgameProbe {
 public:
  explicit ProbeSession(std::shared_ptr<const TablebaseFiles> tb);
  ~ProbeSession() override;
  ProbeSession(const ProbeSession&) = delete;
  ProbeSession& operator=(const ProbeSession&) = delete;

  int max_tricks() const override;
  bool probe(const std::array<Bits, 4>& hands, int leader, int trump,
             ProbeResult& out) const override;
  bool probe_at_least(const std::array<Bits, 4>& hands, int leader, int trump, int t,
                      BoundResult& out) const override;

  // Probes and hits so far, written by the session's thread only (a load and
  // a store, no read-modify-write), read by Tablebase::stats() from any.
  std::uint64_t probes() const { return probes_.load(std::memory_order_relaxed); }
  std::uint64_t hits() const { return hits_.load(std::memory_order_relaxed); }
  void count(bool hit) const {
    probes_.store(probes_.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
    if (hit) hits_.store(hits_.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
  }

  static constexpr int kShapeBits = 11;
  static constexpr int kChunkBits = 6;
  static constexpr int kChunkSlots = 1 << kChunkBits;
  struct ShapeSlot {
    std::uint64_t shape = 0;
    std::uint32_t layer = 0;  // the tablebase's layer index; 0 = empty
    std::uint32_t chunk = 0;  // chunk of the layer's file
    std::uint32_t index = 0;  // partition's index within the chunk
    // The partition's sets in the chunk last seen loaded for it: valid while
    // the chunk slot still holds that load of the chunk (same stamp). A
    // stamp, not the chunk's address: a chunk evicted, freed and loaded
    // again may come back at the same address with its bytes elsewhere.
    std::uint64_t seen = 0;
    const std::uint8_t* begin = nullptr;
    const std::uint8_t* end = nullptr;
  };
  struct ChunkSlot {
    std::uint32_t layer = 0;
    std::uint32_t chunk = 0;
    std::shared_ptr<const tb::RawChunk> data;
    std::uint64_t stamp = 0;  // which of the session's loads `data` is; 0 = none
  };
  // The session's memory changes under const calls: it belongs to the one
  // thread that owns the session (EndgameProbe's contract).
  ShapeSlot& shape_slot(std::uint64_t shape, int layer) const {
    return shapes_[hash(shape ^ std::uint64_t(layer) * 0xff51afd7ed558ccdull) >> (64 - kShapeBits)];
  }
  ChunkSlot& chunk_slot(std::uint32_t chunk, int layer) const {
    return chunks_[hash(std::uint64_t(layer) << 32 | chunk) >> (64 - kChunkBits)];
  }
  // ShapeSlot::seen when begin and end lie in the file's mapping, read in
  // place: valid as long as the Tablebase (no chunk slot needed).
  static constexpr std::uint64_t kInPlace = ~std::uint64_t{0};
  // A stamp no chunk slot of this session has had before (never 0).
  std::uint64_t new_stamp() const { return ++stamps_; }

 private:
  static std::uint64_t hash(std::uint64_t x) { return x * 0x9e3779b97f4a7c15ull; }
  std::shared_ptr<const TablebaseFiles> tb_;
  mutable std::array<ShapeSlot, 1 << kShapeBits> shapes_;
  mutable std::array<ChunkSlot, kChunkSlots> chunks_;
  mutable std::uint64_t stamps_ = 0;
  mutable std::atomic<std::uint64_t> probes_{0}, hits_{0};
};

}  // namespace ddtb::detail
