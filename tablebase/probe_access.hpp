// The solver's view of a Tablebase: an EndgameProbe over its files. Internal.
#pragma once

#include <array>
#include <cstdint>
#include <memory>

#include "ddtb/tablebase.hpp"
#include "solver/endgame_probe.hpp"
#include "tablebase/format.hpp"

namespace ddtb::detail {

// One searching thread's memory in front of the Tablebase's shared cache:
// where the partitions it probed lately lie (shape -> chunk and index), and
// the chunks it used last. A hit takes no lock, touches no shared counter and
// skips the shape and chunk searches. The chunks it holds stay alive, so
// memory may exceed the shared cache's bound by at most kChunkSlots chunks
// per session (each about tb::kChunkTargetBytes).
class ProbeSession {
 public:
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
  ShapeSlot& shape_slot(std::uint64_t shape, int layer) {
    return shapes_[hash(shape ^ std::uint64_t(layer) * 0xff51afd7ed558ccdull) >> (64 - kShapeBits)];
  }
  ChunkSlot& chunk_slot(std::uint32_t chunk, int layer) {
    return chunks_[hash(std::uint64_t(layer) << 32 | chunk) >> (64 - kChunkBits)];
  }
  // A stamp no chunk slot of this session has had before (never 0).
  std::uint64_t new_stamp() { return ++stamps_; }

 private:
  static std::uint64_t hash(std::uint64_t x) { return x * 0x9e3779b97f4a7c15ull; }
  std::array<ShapeSlot, 1 << kShapeBits> shapes_;
  std::array<ChunkSlot, kChunkSlots> chunks_;
  std::uint64_t stamps_ = 0;
};

// Raw-hand access to a Tablebase's probe (no Position to build on the hot path).
struct TablebaseAccess {
  static int max_tricks(const Tablebase& tb);
  static bool probe(const Tablebase& tb, ProbeSession* session, const std::array<Bits, 4>& hands,
                    int leader, int trump, ProbeResult& out);
  static bool probe_at_least(const Tablebase& tb, ProbeSession* session,
                             const std::array<Bits, 4>& hands, int leader, int trump, int t,
                             BoundResult& out);
};

// One per engine: not to be shared between threads (the Tablebase is).
class TablebaseProbe final : public EndgameProbe {
 public:
  explicit TablebaseProbe(std::shared_ptr<const Tablebase> tb)
      : tb_(std::move(tb)), session_(std::make_unique<ProbeSession>()) {}
  int max_tricks() const override { return TablebaseAccess::max_tricks(*tb_); }
  bool probe(const std::array<Bits, 4>& hands, int leader, int trump,
             ProbeResult& out) const override {
    return TablebaseAccess::probe(*tb_, session_.get(), hands, leader, trump, out);
  }
  bool probe_at_least(const std::array<Bits, 4>& hands, int leader, int trump, int t,
                      BoundResult& out) const override {
    return TablebaseAccess::probe_at_least(*tb_, session_.get(), hands, leader, trump, t, out);
  }

 private:
  std::shared_ptr<const Tablebase> tb_;
  std::unique_ptr<ProbeSession> session_;
};

}  // namespace ddtb::detail
