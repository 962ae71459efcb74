// The table files (tablebase/layer_file.hpp, tablebase/FORMAT.md) of the
// fixture's tables (tests/support/tables_fixture.hpp): damaged, truncated
// and foreign files are refused; the probe's in-place scan of a chunk finds
// the sets of the decoded chunk; and the same layers stored raw, compressed
// and in the layout of format versions 1 and 2 give the same bytes and
// answers, and repack to the build's files byte for byte.
#include <gtest/gtest.h>

#include <xxhash.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "builder/layer_build.hpp"
#include "builder/layer_job.hpp"
#include "builder/layer_writer.hpp"
#include "builder/repack.hpp"
#include "ddtb/tablebase.hpp"
#include "tablebase/chunked_file.hpp"
#include "tablebase/set_codec.hpp"
#include "tests/support/files.hpp"
#include "tests/support/random.hpp"
#include "tests/support/reference.hpp"
#include "tests/support/tables_fixture.hpp"

namespace ddtb::test {
namespace {

using namespace detail::tb;

TEST_F(Tables, CorruptTruncatedAndForeignFilesAreRefused) {
  const std::string work = temp_dir("corrupt");
  const std::string name = layer_file_name(2, StrainClass::kTrump);
  const std::vector<char> good = read_file(dir_ + "/" + name);
  ASSERT_GT(good.size(), 200u);
  const std::string path = work + "/" + name;
  auto fully_loads = [&]() -> std::string {
    auto f = LayerFile::open(path);
    if (!f) return f.error().message;
    for (std::size_t c = 0; c < (*f)->runs(); ++c) {
      auto ch = (*f)->load_run(c);
      if (!ch) return ch.error().message;
    }
    return "";
  };
  write_file(path, good);
  EXPECT_EQ(fully_loads(), "");

  // Every single flipped byte is caught by a check (header, directory or
  // chunk checksum) — never a crash and never a silently different table.
  Rng rng(99);
  for (int i = 0; i < 400; ++i) {
    std::vector<char> bad = good;
    const std::size_t at = i < 200 ? static_cast<std::size_t>(i) : rng.below(bad.size());
    bad[at] = static_cast<char>(bad[at] ^ (1 + rng.below(255)));
    write_file(path, bad);
    const std::string err = fully_loads();
    EXPECT_NE(err, "") << "flipped byte " << at;
    if (!err.empty()) EXPECT_NE(err.find(name), std::string::npos) << err;
  }
  // Truncated at any length.
  for (std::size_t len : {std::size_t{0}, std::size_t{10}, std::size_t{127}, std::size_t{128},
                          std::size_t{200}, good.size() / 2, good.size() - 1}) {
    write_file(path, std::vector<char>(good.begin(), good.begin() + len));
    EXPECT_NE(fully_loads(), "") << "truncated to " << len;
  }
  // The header of another layer on this body.
  const std::vector<char> other = read_file(dir_ + "/" + layer_file_name(2, StrainClass::kNoTrump));
  std::vector<char> swapped = good;
  std::copy(other.begin(), other.begin() + kHeaderBytes, swapped.begin());
  write_file(path, swapped);
  EXPECT_NE(fully_loads(), "");
  // A header claiming a bound it may not have, its checksum made right (so
  // that the field check itself is what refuses it): a bound in a version 3
  // file, a version 4 file with a bound of 0 or above the tricks; and the
  // layout of version 3 read as version 1's (no partition lengths).
  auto with_header = [&](std::uint32_t version, std::uint8_t bound) {
    std::vector<char> h = good;
    std::memcpy(h.data() + 8, &version, 4);
    h[18] = static_cast<char>(bound);
    const std::uint64_t sum = XXH3_64bits(h.data(), 120);
    std::memcpy(h.data() + 120, &sum, 8);
    write_file(path, h);
    return fully_loads();
  };
  EXPECT_EQ(with_header(3, 0), "");
  EXPECT_NE(with_header(3, 1).find("bound"), std::string::npos);
  EXPECT_NE(with_header(4, 0).find("bound 0 out of range"), std::string::npos);
  EXPECT_NE(with_header(4, 3).find("bound 3 out of range"), std::string::npos);
  // An exact 8-card layer relabelled as a bound layer: its values of 2 are caught.
  EXPECT_NE(with_header(4, 2).find("bound value above 1"), std::string::npos);
  EXPECT_NE(with_header(1, 0), "");
  EXPECT_NE(with_header(5, 0), "");  // chunks read as a packed file's index
  EXPECT_NE(with_header(7, 0).find("format version 7"), std::string::npos);
  EXPECT_NE(with_header(0, 0).find("format version 0"), std::string::npos);
  // A bound layer under an exact layer's name is refused by Tablebase::open.
  {
    const std::string swapdir = temp_dir("swap");
    write_file(swapdir + "/" + layer_file_name(3, StrainClass::kTrump),
               read_file(dir_ + "/" + layer_file_name(3, StrainClass::kTrump, 2)));
    auto opened = Tablebase::open(swapdir);
    ASSERT_FALSE(opened);
    EXPECT_NE(opened.error().message.find("describes another layer"), std::string::npos)
        << opened.error().message;
    std::system(("rm -rf '" + swapdir + "'").c_str());
  }
  // Foreign files.
  write_file(path, std::vector<char>(4096, 'x'));
  EXPECT_NE(fully_loads().find("bad magic"), std::string::npos);
  // A directory with a corrupt table is refused, naming the file.
  write_file(path, std::vector<char>(good.begin(), good.begin() + 300));
  auto tb = Tablebase::open(work);
  ASSERT_FALSE(tb);
  EXPECT_NE(tb.error().message.find(name), std::string::npos) << tb.error().message;
  // A directory without tables.
  std::remove(path.c_str());
  auto none = Tablebase::open(work);
  ASSERT_FALSE(none);
  EXPECT_EQ(none.error().code, ErrorCode::kNotFound);
  std::system(("rm -rf '" + work + "'").c_str());
}

// The probe scans a chunk's encoded sets in place; it must find the same set
// as a search of the fully decoded chunk, for every state of a sample of
// partitions, and refuse malformed bytes rather than read past them.
TEST_F(Tables, InPlaceScanAgreesWithDecodedSets) {
  auto f = LayerFile::open(dir_ + "/" + layer_file_name(3, StrainClass::kTrump));
  ASSERT_TRUE(f) << f.error().message;
  const ChunkedFile& file = *(*f)->as_chunked();
  std::uint64_t states = 0;
  for (std::size_t c = 0; c < file.chunks(); c += 7) {
    auto raw = file.load_raw_chunk(c);
    auto dec = file.load_run(c);
    ASSERT_TRUE(raw && dec);
    ASSERT_EQ(raw->ranges.size() + 1, dec->starts.size());
    for (std::size_t i = 0; i < raw->ranges.size(); ++i) {
      const ShapeKey shape = (*f)->shapes()[raw->first + i];
      for_each_canonical_state(shape, StrainClass::kTrump, [&](const std::array<Sequence, 4>& q) {
        const Nibbles state = state_nibbles(shape, q);
        const TbSet* want = nullptr;
        for (std::uint32_t k = dec->starts[i]; k < dec->starts[i + 1] && !want; ++k)
          if (dec->sets[k].contains(state)) want = &dec->sets[k];
        TbSet got;
        const Scan r = find_set(raw->data() + raw->ranges[i].begin,
                                raw->data() + raw->ranges[i].end, state, 3, got);
        ASSERT_EQ(r, Scan::kFound);  // the layer has no gaps
        ASSERT_NE(want, nullptr);
        EXPECT_EQ(got.value, want->value);
        EXPECT_EQ(got.allow, want->allow);
        ++states;
      });
    }
  }
  EXPECT_GT(states, 100000u);

  // Malformed bytes (each followed by the scan padding).
  const Nibbles any{1, 1, 1, 1};
  TbSet out;
  const std::vector<std::uint8_t> big_value{7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
  EXPECT_EQ(find_set(big_value.data(), big_value.data() + 3, any, 3, out), Scan::kCorrupt);
  const std::vector<std::uint8_t> cut{1, 0xFF, 0xFF, 0x11, 0, 0, 0, 0, 0, 0, 0, 0};
  EXPECT_EQ(find_set(cut.data(), cut.data() + 4, any, 3, out), Scan::kCorrupt);
  EXPECT_EQ(find_set(cut.data(), cut.data() + 2, any, 3, out), Scan::kCorrupt);
  const std::vector<std::uint8_t> none{1, 0x01, 0, 0x02, 0, 0, 0, 0, 0, 0, 0, 0};
  EXPECT_EQ(find_set(none.data(), none.data() + 4, any, 3, out), Scan::kAbsent);
}

// The chunks of one layer stored raw (rc) and compressed (zc): the same
// bytes and partition ranges. Counts the chunks and those read in place.
void expect_same_chunks(const ChunkedFile& rc, const ChunkedFile& zc, std::uint64_t& chunks,
                        std::uint64_t& in_place) {
  ASSERT_EQ(rc.chunks(), zc.chunks());
  int compressed = 0;
  for (std::size_t c = 0; c < rc.chunks(); ++c) {
    SCOPED_TRACE("chunk " + std::to_string(c));
    ASSERT_EQ(rc.chunk_entry(c).encoding, 0u);
    compressed += zc.chunk_entry(c).encoding == 1;
    auto a = rc.load_raw_chunk(c);
    auto z = zc.load_raw_chunk(c);
    ASSERT_TRUE(a && z);
    EXPECT_EQ(z->mapped, nullptr);
    in_place += a->mapped != nullptr;
    ++chunks;
    const std::uint32_t n = rc.chunk_entry(c).raw_bytes;
    ASSERT_EQ(n, zc.chunk_entry(c).raw_bytes);
    EXPECT_EQ(std::memcmp(a->data(), z->data(), n), 0);
    ASSERT_EQ(a->ranges.size(), z->ranges.size());
    for (std::size_t i = 0; i < a->ranges.size(); ++i) {
      EXPECT_EQ(a->ranges[i].begin, z->ranges[i].begin);
      EXPECT_EQ(a->ranges[i].end, z->ranges[i].end);
    }
  }
  EXPECT_GT(compressed, 0);
}

// Each partition of one layer with its byte length recorded (rc) and
// without (oc, versions 1 and 2, whose chunks end at other partitions): the
// same sets, byte for byte.
void expect_same_partitions(const ChunkedFile& rc, const ChunkedFile& oc) {
  for (std::size_t p = 0; p < rc.shapes().size(); ++p) {
    SCOPED_TRACE("partition " + std::to_string(p));
    auto a = rc.load_raw_chunk(rc.chunk_of(p), true);
    auto o = oc.load_raw_chunk(oc.chunk_of(p), true);
    ASSERT_TRUE(a && o);
    const auto ra = a->ranges[p - a->first], ro = o->ranges[p - o->first];
    ASSERT_EQ(ra.end - ra.begin, ro.end - ro.begin);
    EXPECT_EQ(std::memcmp(a->data() + ra.begin, o->data() + ro.begin, ra.end - ra.begin), 0);
  }
}

// 3000 random positions of 1 to 3 tricks (and the bound of 2 at 3 tricks)
// probed in the tables of `dir` and of each of `others`: the same answers.
void expect_same_probes(const std::string& dir, const std::vector<std::string>& others) {
  auto a = Tablebase::open(dir);
  ASSERT_TRUE(a);
  std::vector<std::shared_ptr<const Tablebase>> other;
  for (const std::string& o : others) {
    auto t = Tablebase::open(o);
    ASSERT_TRUE(t) << o;
    other.push_back(*t);
  }
  Rng rng(2718);
  for (int i = 0; i < 3000; ++i) {
    const int tricks = 1 + static_cast<int>(rng.below(3));
    const Strain strain = strain_from_int(static_cast<int>(rng.below(5)));
    const Position p = random_position(rng, tricks, 0, strain, seat_from_int(rng.below(4)));
    SCOPED_TRACE(describe(p));
    const auto x = (*a)->probe(p);
    for (const auto& o : other) {
      const auto y = o->probe(p);
      ASSERT_TRUE(x && y);
      EXPECT_EQ(x->tricks, y->tricks);
      EXPECT_EQ(x->specified, y->specified);
      if (tricks == 3) {
        const auto u = (*a)->probe_at_least(p, 2);
        const auto v = o->probe_at_least(p, 2);
        ASSERT_TRUE(u && v);
        EXPECT_EQ(u->at_least, v->at_least);
        EXPECT_EQ(u->specified, v->specified);
      }
    }
  }
}

// Layers of up to 16 cards are stored raw and read where the file is mapped;
// larger ones are compressed and read from a decompressed copy. The same sets
// written both ways must give the same chunks and the same answers.
// The same layers stored three ways: as built (raw chunks, each partition's
// byte length recorded: format versions 3 and 4), compressed, and in the
// layout of versions 1 and 2 (no lengths: a reader walks the sets), which
// tables built before remain in. Every partition's sets are the same bytes
// and every probe the same answer.
TEST_F(Tables, RawCompressedAndVersion1FilesGiveTheSameAnswers) {
  const std::string packed = temp_dir("packed");
  const std::string legacy = temp_dir("legacy");
  std::uint64_t chunks = 0, in_place = 0;
  for (int t = 1; t <= 3; ++t)
    for (auto [k, b] : layers_of(t, true)) {
      const std::string name = layer_file_name(t, k, b);
      SCOPED_TRACE(name);
      auto raw = LayerFile::open(dir_ + "/" + name);
      ASSERT_TRUE(raw) << raw.error().message;
      auto layer = load_layer(**raw);
      ASSERT_TRUE(layer) << layer.error().message;
      WriteOptions wo;
      wo.zstd_level = 19;
      wo.lower_checksum = (*raw)->header().lower_checksum;
      ASSERT_TRUE(write_layer(packed + "/" + name, **layer, wo));
      auto zst = LayerFile::open(packed + "/" + name);
      ASSERT_TRUE(zst) << zst.error().message;
      WriteOptions wl;
      wl.zstd_level = 0;
      wl.partition_lengths = false;
      wl.lower_checksum = (*raw)->header().lower_checksum;
      ASSERT_TRUE(write_layer(legacy + "/" + name, **layer, wl));
      auto old = LayerFile::open(legacy + "/" + name);
      ASSERT_TRUE(old) << old.error().message;
      EXPECT_EQ((*raw)->header().version(), b > 0 ? 4u : 3u);
      EXPECT_EQ((*old)->header().version(), b > 0 ? 2u : 1u);
      EXPECT_LT((*old)->header().data_bytes, (*raw)->header().data_bytes);
      const ChunkedFile& rc = *(*raw)->as_chunked();
      ASSERT_NO_FATAL_FAILURE(expect_same_chunks(rc, *(*zst)->as_chunked(), chunks, in_place));
      ASSERT_NO_FATAL_FAILURE(expect_same_partitions(rc, *(*old)->as_chunked()));
    }
  // Every raw chunk but the last of each file (no file bytes follow it to
  // pad a scan) is read in place.
  EXPECT_GE(in_place + 10, chunks);
  EXPECT_GT(in_place, 0u);
  ASSERT_NO_FATAL_FAILURE(expect_same_probes(dir_, {packed, legacy}));
  // Repacked as a build today stores them, both give the build's files
  // byte for byte (their layers record the build's lower checksums, which
  // the repack keeps: they do not match the copies' own headers).
  for (const std::string& copy : {packed, legacy}) {
    RepackOptions ro;
    ro.storage = {Layout::kChunked, WriteOptions::kTableLevel};
    auto repacked = repack_tables(copy, ro);
    ASSERT_TRUE(repacked) << repacked.error().message;
    EXPECT_EQ(repacked->size(), 8u);
    for (const RepackedLayer& r : *repacked) {
      SCOPED_TRACE(copy + "/" + r.name);
      EXPECT_EQ(r.version_before, copy == legacy ? r.version_after - 2 : r.version_after);
      EXPECT_EQ(r.compressed_before, copy == packed);
      EXPECT_FALSE(r.compressed_after);
      EXPECT_TRUE(read_file(copy + "/" + r.name) == read_file(dir_ + "/" + r.name));
    }
  }
  std::system(("rm -rf '" + packed + "' '" + legacy + "'").c_str());
}

}  // namespace
}  // namespace ddtb::test
