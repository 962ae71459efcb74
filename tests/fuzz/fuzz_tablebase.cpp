// Fuzz target: the tablebase file reader through its injectable byte source,
// LayerFile::parse(span, name), then everything the probe and the builder do
// with a file that parsed: find(), location() and chunk_of() for every
// partition, load_raw_chunk() (walked, and fully validated) and load_run() for every
// chunk, and find_set() over every partition's range of each raw chunk with
// states picked by the input. Corrupt bytes must become an error value,
// never a crash or a read out of bounds (ASan watches: the file is an
// exactly sized heap buffer).
//
// Input: a flags byte, an 8-byte seed for the states, then the file.
//   flags bit 0: recompute the file's checksums first (tablebase_bytes.hpp),
//   so that mutations get past them to the checks behind; without it the
//   checksums themselves are under test.
// Properties checked besides memory safety:
//   - a chunk that load_run() accepts is accepted by load_raw_chunk()
//     both ways, with the same partition ranges;
//   - on a fully validated chunk, find_set() answers exactly as a linear
//     search of the decoded sets (the first set holding the state, or none),
//     and never reports corruption;
//   - on a chunk that was only walked, whatever find_set() finds holds the
//     state and has a value within the tricks left (at most 1 in a bound
//     layer, the largest value the probe accepts there).
// A packed file (versions 5 and 6) goes through partition() for
// every partition, load_run() for every index line, and find_packed()
// with states picked by the input: on a partition that decodes,
// find_packed() answers as a linear search of its decoded sets with its
// default (the first set holding the state, else the default value, with a
// cover that holds the state) and never reports corruption; on any other,
// whatever it finds holds the state and has a value in range.
// Layers of more than kMaxTricks tricks are skipped: parsing one enumerates
// its canonical shapes (seconds from 16 cards up), a cost set by the header's
// trick count rather than by the bytes (see docs/HARDENING.md).
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "builder/layer_writer.hpp"
#include "core/random.hpp"
#include "tablebase/canonical.hpp"
#include "tablebase/chunked_file.hpp"
#include "tablebase/packed_file.hpp"
#include "tablebase/packed_sets.hpp"
#include "tablebase/set.hpp"
#include "tests/fuzz/fuzz_check.hpp"
#include "tests/fuzz/tablebase_bytes.hpp"

namespace ddtb::fuzz {
namespace {

using namespace ddtb::detail::tb;

constexpr int kMaxTricks = 3;
constexpr int kStatesPerPartition = 4;
constexpr std::size_t kMaxChunksScanned = 64;

// A state of the partition: each card of each slot owned by one seat, the
// seats holding as many cards of the slot as the shape says (not
// necessarily canonical: the scan must answer for any bits).
Nibbles shaped_state(ShapeKey shape, ddtb::Rng& rng) {
  Nibbles n{};
  for (int s = 0; s < 4; ++s) {
    const Column c = slot_column(shape, s);
    std::vector<int> owners;
    for (int h = 0; h < 4; ++h)
      for (int k = 0; k < int((c >> (12 - 4 * h)) & 15); ++k) owners.push_back(h);
    for (std::size_t i = owners.size(); i > 1; --i)
      std::swap(owners[i - 1], owners[rng.below64(i)]);
    for (std::size_t i = 0; i < owners.size() && i < 16; ++i)
      n[s] |= std::uint64_t{1} << (4 * i + owners[i]);
  }
  return n;
}

void scan_partition(const RawChunk& raw, std::size_t i, const PartitionRun* decoded, ShapeKey shape,
                    int tricks, ddtb::Rng& rng) {  // tricks: the largest value allowed
  const std::uint8_t* base = raw.data();
  for (int k = 0; k < kStatesPerPartition; ++k) {
    // Half the states fit the shape; the others are any bits at all.
    Nibbles state = shaped_state(shape, rng);
    if (k & 1)
      for (auto& w : state) w = rng.next();
    TbSet got;
    const Scan r =
        find_set(base + raw.ranges[i].begin, base + raw.ranges[i].end, state, tricks, got);
    if (r == Scan::kFound)
      DDTB_FUZZ_CHECK(got.contains(state) && got.value <= tricks, "found a set without the state");
    if (!decoded) continue;
    const TbSet* want = nullptr;
    for (std::uint32_t j = decoded->starts[i]; j < decoded->starts[i + 1] && !want; ++j)
      if (decoded->sets[j].contains(state)) want = &decoded->sets[j];
    DDTB_FUZZ_CHECK(r != Scan::kCorrupt, "a validated chunk scanned as corrupt");
    DDTB_FUZZ_CHECK((r == Scan::kFound) == (want != nullptr), "find_set disagrees with the sets");
    if (want) DDTB_FUZZ_CHECK(got.allow == want->allow && got.value == want->value, "other set");
  }
}

void check_chunk(const ChunkedFile& file, std::span<const std::uint8_t> bytes, std::size_t c,
                 ddtb::Rng& rng) {
  const Expected<RawChunk> walked = file.load_raw_chunk(c, false);
  const Expected<RawChunk> validated = file.load_raw_chunk(c, true);
  const Expected<PartitionRun> decoded = file.load_run(c);
  const ChunkEntry& e = file.chunk_entry(c);
  const std::size_t end =
      c + 1 < file.chunks() ? file.chunk_entry(c + 1).first_partition : file.shapes().size();
  if (validated) {
    DDTB_FUZZ_CHECK(walked.has_value(), "validated but not walkable");
    DDTB_FUZZ_CHECK(walked->ranges.size() == validated->ranges.size(), "ranges differ");
    for (std::size_t i = 0; i < walked->ranges.size(); ++i)
      DDTB_FUZZ_CHECK(walked->ranges[i].begin == validated->ranges[i].begin &&
                          walked->ranges[i].end == validated->ranges[i].end,
                      "ranges differ");
  }
  DDTB_FUZZ_CHECK(decoded.has_value() == validated.has_value(), "load_run vs full validation");
  if (!walked) {
    DDTB_FUZZ_CHECK(walked.error().code == ErrorCode::kCorruptData, walked.error().message);
    return;
  }
  const RawChunk& raw = *walked;
  DDTB_FUZZ_CHECK(raw.first == e.first_partition && raw.ranges.size() == end - e.first_partition,
                  "a chunk's partitions");
  // A chunk stored as is is read where it lies, with the file's next bytes as
  // the scan's padding; any other in a copy padded with zeros.
  if (raw.mapped)
    DDTB_FUZZ_CHECK(e.encoding == 0 && raw.bytes.empty() && raw.mapped >= bytes.data() &&
                        std::size_t(bytes.data() + bytes.size() - raw.mapped) >=
                            std::size_t{e.raw_bytes} + kScanPadding,
                    "in place");
  else
    DDTB_FUZZ_CHECK(raw.bytes.size() == std::size_t{e.raw_bytes} + kScanPadding, "padding");
  if (decoded) DDTB_FUZZ_CHECK(decoded->starts.size() == raw.ranges.size() + 1, "starts");
  for (std::size_t i = 0; i < raw.ranges.size(); ++i) {
    DDTB_FUZZ_CHECK(raw.ranges[i].begin <= raw.ranges[i].end && raw.ranges[i].end <= e.raw_bytes,
                    "range outside the chunk");
    scan_partition(raw, i, decoded ? &*decoded : nullptr, file.shapes()[raw.first + i],
                   file.header().bound > 0 ? 1 : file.header().tricks, rng);
  }
}

void check_packed(const PackedFile& f, ddtb::Rng& rng) {
  const int max_value = f.header().bound > 0 ? 1 : f.header().tricks;
  const std::vector<ShapeKey>& shapes = f.shapes();
  for (std::size_t p = 0; p < shapes.size() && p < kMaxChunksScanned * 13; ++p) {
    const std::uint8_t *begin = nullptr, *end = nullptr;
    if (!f.partition(p, begin, end)) continue;
    std::vector<TbSet> stored;
    int dflt = -1;
    const bool decoded = decode_packed_partition(begin, end, shapes[p], f.header().tricks,
                                                 f.header().bound, stored, dflt)
                             .has_value();
    for (int k = 0; k < kStatesPerPartition; ++k) {
      Nibbles state = shaped_state(shapes[p], rng);
      if (k & 1)
        for (auto& w : state) w = rng.next();
      TbSet got;
      const unsigned ties = tied_pairs(shapes[p], f.header().klass);
      const Scan r = find_packed(begin, end, state, f.header().tricks, f.header().bound, ties, got);
      if (r == Scan::kFound)
        DDTB_FUZZ_CHECK(got.contains(state) && got.value <= max_value,
                        "found a set without the state");
      if (!decoded) continue;
      DDTB_FUZZ_CHECK(r == Scan::kFound, "a decoded partition scanned as corrupt or absent");
      const TbSet* want = nullptr;
      for (const TbSet& s : stored)
        if (!want && s.contains(state)) want = &s;
      if (want)
        DDTB_FUZZ_CHECK(got.allow == want->allow && got.value == want->value, "other set");
      else
        DDTB_FUZZ_CHECK(
            got.value == dflt && got.allow == cover_set(stored, state, dflt, ties).allow,
            "other default answer");
    }
  }
  for (std::size_t c = 0; c < f.runs() && c < kMaxChunksScanned; ++c) {
    const Expected<PartitionRun> chunk = f.load_run(c);
    if (!chunk) DDTB_FUZZ_CHECK(chunk.error().code == ErrorCode::kCorruptData, "error code");
  }
}

void check_file(std::span<const std::uint8_t> bytes, ddtb::Rng& rng) {
  const Expected<std::unique_ptr<LayerFile>> parsed = LayerFile::parse(bytes, "fuzz.tbl");
  if (!parsed) {
    DDTB_FUZZ_CHECK(parsed.error().code == ErrorCode::kCorruptData, parsed.error().message);
    DDTB_FUZZ_CHECK(parsed.error().message.starts_with("fuzz.tbl: "), parsed.error().message);
    return;
  }
  if (const PackedFile* packed = (*parsed)->as_packed()) return check_packed(*packed, rng);
  const ChunkedFile& f = *(*parsed)->as_chunked();
  const std::vector<ShapeKey>& shapes = f.shapes();
  DDTB_FUZZ_CHECK(f.chunks() >= 1 && f.chunks() <= shapes.size(), "chunk count");
  for (std::size_t p = 0; p < shapes.size(); ++p) {
    DDTB_FUZZ_CHECK(f.find(shapes[p]) == static_cast<int>(p), "find()");
    const ChunkedFile::Location at = f.location(p);
    DDTB_FUZZ_CHECK(at.chunk == f.chunk_of(p) && f.run_of(p) == at.chunk &&
                        p >= f.chunk_entry(at.chunk).first_partition &&
                        at.index == p - f.chunk_entry(at.chunk).first_partition,
                    "location() and chunk_of() disagree");
  }
  for (std::size_t c = 0; c < f.chunks() && c < kMaxChunksScanned; ++c)
    check_chunk(f, bytes, c, rng);
}

}  // namespace
}  // namespace ddtb::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace ddtb::fuzz;
  Bytes in(data, size);
  const std::uint8_t flags = in.u8();
  ddtb::Rng rng(in.u64());
  const std::span<const std::uint8_t> file = in.rest();
  if (file.size() > ddtb::detail::tb::kHeaderBytes && file[tb_bytes::kTricks] > kMaxTricks)
    return 0;
  if (flags & 1) {
    // An exactly sized copy, so that ASan sees a read one past its end.
    std::vector<std::uint8_t> copy(file.begin(), file.end());
    tb_bytes::repair_checksums(copy);
    check_file(copy, rng);
  } else {
    check_file(file, rng);
  }
  return 0;
}
