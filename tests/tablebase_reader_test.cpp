// A second reader of the table format (tests/format_reader.py, written from
// tablebase/FORMAT.md alone, no code shared with the C++ reader) against the
// C++ probe, on the fixture's 4-, 8- and 12-card tables in three layouts: as
// built (raw chunks), compressed (zstd chunks) and packed. Every answer must
// agree: the value and the specified cards, of the exact layers and of the
// 12-card bound layers. Where they disagree, tablebase/FORMAT.md is what gets fixed.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

#include "builder/repack.hpp"
#include "ddtb/tablebase.hpp"
#include "tests/support/files.hpp"
#include "tests/support/random.hpp"
#include "tests/support/tables_fixture.hpp"

namespace ddtb::test {
namespace {

using namespace detail::tb;

// The position as the reader takes it: "<leader> <strain> N:<hands>".
std::string position_text(const Position& p) {
  std::string out{"NESW"[to_int(p.leader())], ' ', "SHDCN"[to_int(p.trump())], ' '};
  out += "N:";
  for (int s = 0; s < 4; ++s) {
    if (s) out += ' ';
    out += to_pbn(p.hand(seat_from_int(s)));
  }
  return out;
}

template <class Answer>
std::string answer_text(const std::optional<Answer>& a, int value) {
  return a ? std::to_string(value) + ":" + to_pbn(a->specified) : std::string("-");
}

// Writes `count` probes of random positions (4 to 12 cards, every strain and
// leader) with the C++ answers, runs the second reader on them, and returns
// its exit status (0: every answer agrees).
int second_reader_status(const std::string& dir, int count, std::uint64_t seed) {
  auto tb = Tablebase::open(dir);
  EXPECT_TRUE(tb) << tb.error().message;
  if (!tb) return -1;
  const std::string probes = dir + "/probes.txt";
  {
    std::ofstream out(probes);
    Rng rng(seed);
    for (int i = 0; i < count; ++i) {
      const int tricks = 1 + static_cast<int>(rng.below(3));
      const Strain strain = strain_from_int(static_cast<int>(rng.below(5)));
      const Position p = random_position(rng, tricks, 0, strain, seat_from_int(rng.below(4)));
      const auto exact = (*tb)->probe(p);
      out << "0 " << position_text(p) << ' ' << answer_text(exact, exact ? exact->tricks : 0)
          << '\n';
      if (tricks == 3) {
        const auto bound = (*tb)->probe_at_least(p, 2);
        out << "2 " << position_text(p) << ' '
            << answer_text(bound, bound && bound->at_least ? 1 : 0) << '\n';
      }
    }
  }
  const std::string command = std::string(DDTB_READER_PYTHON) + " " + DDTB_FORMAT_READER + " '" +
                              dir + "' '" + probes + "'";
  const int status = std::system(command.c_str());
  std::remove(probes.c_str());
  return status;
}

// The tables copied and rewritten in another storage.
std::string repacked(const std::string& from, const std::string& name, Storage storage) {
  const std::string dir = temp_dir(name);
  EXPECT_EQ(std::system(("cp '" + from + "'/*.tbl '" + dir + "'/").c_str()), 0);
  RepackOptions o;
  o.storage = storage;
  auto done = repack_tables(dir, o);
  EXPECT_TRUE(done) << (done ? "" : done.error().message);
  return dir;
}

constexpr int kProbes = 100000;

TEST_F(Tables, SecondReaderAgreesOnRawChunks) {
  EXPECT_EQ(second_reader_status(dir_, kProbes, 1), 0);
}

TEST_F(Tables, SecondReaderAgreesOnCompressedChunks) {
  const std::string dir = repacked(dir_, "zstd", {Layout::kChunked, 19});
  EXPECT_EQ(second_reader_status(dir, kProbes / 4, 2), 0);
  std::system(("rm -rf '" + dir + "'").c_str());
}

TEST_F(Tables, SecondReaderAgreesOnPackedPartitions) {
  EXPECT_EQ(second_reader_status(packed_dir(), kProbes, 3), 0);
}

}  // namespace
}  // namespace ddtb::test
