// The library's Tablebase: the layer files of a directory and the probe,
// which answers both Tablebase's own probes and those of its probe sessions
// (tablebase/probe_session.hpp). Internal; tablebase/tablebase.cpp opens it
// and is the public face (include/ddtb/tablebase.hpp).
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "core/endgame_probe.hpp"
#include "ddtb/tablebase.hpp"
#include "tablebase/chunk_cache.hpp"
#include "tablebase/chunked_file.hpp"
#include "tablebase/packed_file.hpp"
#include "tablebase/set.hpp"

namespace ddtb::detail {

class ProbeSession;

// A layer file's index: (tricks * 14 + bound) * 2 + class, tricks 1..13,
// bound 0 (exact values) or 1..tricks.
inline constexpr int kBounds = 14;
inline constexpr int kLayers = 14 * kBounds * 2;
constexpr int layer_id(int tricks, int bound, int klass) {
  return (tricks * kBounds + bound) * 2 + klass;
}

// Frees an array made by mmap.
struct Unmap {
  std::size_t bytes = 0;
  void operator()(std::uint64_t* p) const;
};

struct TablebaseFiles final : Tablebase {
  // files[layer_id], null when absent.
  std::array<std::unique_ptr<tb::LayerFile>, kLayers> files;
  int max_tricks = 0;
  // The chunks of chunked files (a packed file needs none).
  std::unique_ptr<tb::ChunkCache> cache;
  // Probes through Tablebase::probe and probe_at_least (no session), and
  // those of sessions that have ended; live sessions count their own.
  mutable std::atomic<std::uint64_t> probes{0}, hits{0}, loads{0}, bad_blocks{0};
  mutable std::mutex sessions_mutex;
  mutable std::vector<const ProbeSession*> sessions;
  // damaged[layer_id][chunk]: the chunk failed validation once, so it is
  // not decoded again (a damaged file costs one check per chunk, not one per
  // probe). Chunked files only.
  std::array<std::unique_ptr<std::atomic<bool>[]>, kLayers> damaged;

  // direct[layer][p], chunked files only: where partition p's sets lie in
  // the file's mapping, once a load validated its chunk and found it read in
  // place: bit 63 set, the byte length in bits 40..62, the offset from the
  // file's start below; 0 until then. A probe that finds an entry reads the
  // sets without the chunk directory, the chunk cache or the chunk's
  // partition bounds: the mapping holds them as long as the Tablebase lives.
  // Read and written through atomic_ref. The pages are made at open, all at
  // once and huge where the system allows: faulted in one page at a time as
  // probes first wrote them, they cost more than they saved where each
  // position touches partitions no other does, and made at once in small
  // pages they slowed the opening of large tables (docs/PERFORMANCE.md, "The
  // 20-card tables").
  std::array<std::unique_ptr<std::uint64_t[], Unmap>, kLayers> direct;
  static std::unique_ptr<std::uint64_t[], Unmap> make_direct(std::size_t partitions);

  // Adds the layer file `file` as layer `layer` (FileHeader's tricks, class
  // and bound), with what its layout's probe needs.
  void add(int layer, std::unique_ptr<tb::LayerFile> file);
  // After the files: the chunk cache, of at most `budget` bytes.
  void make_cache(std::size_t budget);

  // A session begins and ends; an ending session's counts move to the
  // Tablebase's own.
  void attach(const ProbeSession& session) const;
  void detach(const ProbeSession& session) const;

  bool probe(const ProbeSession* session, const std::array<Bits, 4>& hands, int leader, int trump,
             ProbeResult& out) const;
  bool probe_at_least(const ProbeSession* session, const std::array<Bits, 4>& hands, int leader,
                      int trump, int t, BoundResult& out) const;

 private:
  // The set holding the position in layer file `bound` (0: exact values) of
  // its card count, counted as a probe; false when there is none (or its
  // chunk is damaged).
  bool find(const ProbeSession* session, const std::array<Bits, 4>& hands, int leader, int trump,
            int bound, tb::TbSet& set, Bits& specified) const;
  // find() without the counting.
  bool locate_set(const ProbeSession* session, const std::array<Bits, 4>& hands, int leader,
                  int trump, int bound, tb::TbSet& set, Bits& specified) const;
  // The encoded sets [begin, end) of a partition of a packed file, or of a
  // chunked one (`hold` then keeps their chunk alive), through the
  // session's memory when there is one. False when the partition is absent
  // or unreadable.
  bool packed_partition(const ProbeSession* session, int layer, const tb::PackedFile& file,
                        tb::ShapeKey shape, const std::uint8_t*& begin,
                        const std::uint8_t*& end) const;
  bool chunked_partition(const ProbeSession* session, int layer, const tb::ChunkedFile& file,
                         tb::ShapeKey shape, const std::uint8_t*& begin, const std::uint8_t*& end,
                         std::shared_ptr<const tb::RawChunk>& hold) const;
  // A chunk of a chunked file, loaded on first use; nullptr when it fails
  // validation (it is then never used).
  std::shared_ptr<const tb::RawChunk> chunk(int layer, std::uint32_t c) const;
  // Partition p's sets in the mapping, when a load has recorded them.
  bool in_place(int layer, std::size_t p, const std::uint8_t*& begin,
                const std::uint8_t*& end) const;
  // Records where the partitions of a chunk just validated and read in
  // place lie.
  void record_in_place(int layer, const tb::RawChunk& loaded) const;

  static constexpr std::uint64_t kDirect = std::uint64_t{1} << 63;
  static constexpr int kDirectLengthShift = 40;
  static constexpr std::uint64_t kDirectMaxLength = (std::uint64_t{1} << 23) - 1;
};

}  // namespace ddtb::detail
