// Golden tests against DDS 2.9's answers in hand lists of DDS's format
// (tests/README.md, "DDS's hand lists"): for every deal, the DD table must
// equal TABLE, the SolveBoard result of the opening lead must equal FUT, and
// the play analysis must equal TRACE.
//
// The lists: the project's own, tests/data/golden/deals.txt (always there;
// a missing or corrupt file fails), and DDS's list100.txt from DDTB_REF_DIR
// when it is there (skipped, not failed, when it is not: a plain clone has
// no ../shared/ref). Built twice: ddtb_golden_test reads those two (in the
// default test run); ddtb_golden_long_test (DDTB_GOLDEN_LONG, label "long")
// reads list1000.txt.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <ostream>
#include <string>
#include <tuple>
#include <vector>

#include "ddtb/solver.hpp"
#include "tests/support/golden_data.hpp"
#include "tests/support/ref_file.hpp"
#include "tests/support/ref_skip.hpp"

namespace ddtb::test {
namespace {

// A hand list and the number of deals it must hold.
struct HandList {
  const char* file;
  bool dds;  // DDS's, in DDTB_REF_DIR (optional); else the project's, in tests/data/golden
  int deals;
};
constexpr HandList kOwnDeals{"deals.txt", false, 112};
constexpr HandList kList100{"list100.txt", true, 100};
constexpr HandList kList1000{"list1000.txt", true, 1000};

// The deals are checked in chunks, each one CTest test, so that ctest -j can
// spread them over cores and a failure names a small range.
constexpr int kChunkSize = 25;

struct Chunk {
  const HandList* list;
  int index;  // the chunk holds deals index * kChunkSize + 1 onwards
};

// How GoogleTest shows a parameter (in test listings, with the test's name).
void PrintTo(const Chunk& chunk, std::ostream* os) {
  *os << chunk.list->file << ", chunk " << chunk.index + 1;
}

std::vector<Chunk> chunks(const HandList& list) {
  std::vector<Chunk> out;
  for (int i = 0; i * kChunkSize < list.deals; ++i) out.push_back({&list, i});
  return out;
}

// Each list read once per process.
const Expected<std::vector<RefDeal>>& read_list(const HandList& list) {
  static std::map<const HandList*, Expected<std::vector<RefDeal>>> cache;
  auto it = cache.find(&list);
  if (it == cache.end())
    it = cache.emplace(&list, list.dds ? read_ref_file(ref_path(list.file)) : read_golden_deals())
             .first;
  return it->second;
}

std::string fut_text(const std::vector<RefCardGroup>& groups) {
  std::string out;
  for (const RefCardGroup& g : groups) {
    out += ' ';
    out += to_string(Card{g.suit, static_cast<std::uint8_t>(g.rank)});
    out += '/' + std::to_string(g.equals) + '=' + std::to_string(g.tricks);
  }
  return out;
}

std::vector<RefCardGroup> as_groups(const SolveResult& r) {
  std::vector<RefCardGroup> out;
  for (const CardScore& c : r.cards) out.push_back({c.card.suit, c.card.rank, c.equals, c.tricks});
  return out;
}

// The order within a run of groups of equal score is DDS's internal search
// order, which ddtb does not reproduce (ddtb lists ties by suit, then rank).
// So each run of equal scores is compared as a set: sorting both lists by
// (score descending, suit, rank) makes them equal exactly when they have the
// same scores in the same descending order and the same groups.
std::vector<RefCardGroup> canonical(std::vector<RefCardGroup> groups) {
  std::sort(groups.begin(), groups.end(), [](const RefCardGroup& a, const RefCardGroup& b) {
    return std::tuple(-a.tricks, a.suit, -a.rank, a.equals) <
           std::tuple(-b.tricks, b.suit, -b.rank, b.equals);
  });
  return groups;
}

class Golden : public ::testing::TestWithParam<Chunk> {
 protected:
  // Skips the test when its list is one of DDS's and DDTB_REF_DIR lacks it.
  void SetUp() override {
    if (GetParam().list->dds) DDTB_SKIP_WITHOUT_REF(GetParam().list->file);
  }

  // The deals of this test's chunk; fails the test when the file is unusable.
  std::vector<RefDeal> chunk() {
    const HandList& list = *GetParam().list;
    const auto& all = read_list(list);
    EXPECT_TRUE(all.has_value()) << all.error().message;
    if (!all) return {};
    EXPECT_EQ(all->size(), std::size_t(list.deals)) << list.file;
    const std::size_t begin = std::size_t(GetParam().index) * kChunkSize;
    if (begin >= all->size()) return {};
    const std::size_t end = std::min(all->size(), begin + kChunkSize);
    return {all->begin() + begin, all->begin() + end};
  }

  std::string deal_label(const RefDeal& d) const {
    return std::string(GetParam().list->file) + " deal " + std::to_string(d.number) + " (line " +
           std::to_string(d.line) + "): " + d.pbn;
  }
};

std::string own_deal_label(const RefDeal& d) {
  return "tests/data/golden/deals.txt deal " + std::to_string(d.number) + ": " + d.pbn;
}

// Every entry of `t` equals the deal's TABLE line.
void expect_table(const DdTable& t, const RefDeal& d) {
  for (int s = 0; s < kNumStrains; ++s)
    for (int h = 0; h < kNumSeats; ++h)
      EXPECT_EQ(t.tricks[s][h], d.table[s][h]) << "strain " << strain_letter(strain_from_int(s))
                                               << ", declarer " << seat_letter(seat_from_int(h));
}

TEST_P(Golden, DdTableMatchesTable) {
  const std::vector<RefDeal> deals = chunk();
  ASSERT_FALSE(deals.empty());
  Solver solver;
  for (const RefDeal& d : deals) {
    SCOPED_TRACE(deal_label(d));
    expect_table(solver.dd_table(d.deal()), d);
  }
}

// The smallest transposition table, not allowed to grow, fills up and drops
// its shallowest entries many times within one search, between a node's
// probe and its store: the answers must not change (a store once wrote
// through a slot left over from before a clear).
TEST(GoldenSmallTable, DdTablesWithTheSmallestTableFilledOften) {
  const auto& all = read_list(kOwnDeals);
  ASSERT_TRUE(all.has_value()) << all.error().message;
  SolverOptions options;
  options.tt_memory_bytes = kMinTtMemoryBytes;
  options.tt_max_memory_bytes = kMinTtMemoryBytes;
  Solver solver(options);
  constexpr std::size_t kSmallTableDeals = 8;
  for (std::size_t i = 0; i < kSmallTableDeals && i < all->size(); ++i) {
    const RefDeal& d = (*all)[i];
    SCOPED_TRACE(own_deal_label(d));
    expect_table(solver.dd_table(d.deal()), d);
  }
  EXPECT_GT(solver.stats().tt_resets, 10u) << "the table was meant to fill up";
}

// The smallest table allowed to grow: it doubles in the middle of searches
// (lists keep their places, slots are hashed anew), the answers stay the
// same, and after each call it is back at its starting size.
TEST(GoldenSmallTable, DdTablesWithATableThatGrows) {
  const auto& all = read_list(kOwnDeals);
  ASSERT_TRUE(all.has_value()) << all.error().message;
  SolverOptions options;
  options.tt_memory_bytes = kMinTtMemoryBytes;
  options.tt_max_memory_bytes = 8 * kMinTtMemoryBytes;
  Solver solver(options);
  constexpr std::size_t kGrowingTableDeals = 6;
  for (std::size_t i = 0; i < kGrowingTableDeals && i < all->size(); ++i) {
    const RefDeal& d = (*all)[i];
    SCOPED_TRACE(own_deal_label(d));
    expect_table(solver.dd_table(d.deal()), d);
    EXPECT_LE(solver.stats().tt_bytes, kMinTtMemoryBytes) << "shrunk back after the call";
  }
  EXPECT_GT(solver.stats().tt_grows, 3u) << "the table was meant to grow";
}

TEST_P(Golden, SolveMatchesFut) {
  const std::vector<RefDeal> deals = chunk();
  ASSERT_FALSE(deals.empty());
  Solver solver;
  for (const RefDeal& d : deals) {
    SCOPED_TRACE(deal_label(d) + ", strain " + strain_letter(d.trump) + ", " +
                 seat_letter(d.first) + " to lead");
    const SolveResult r = solver.solve(d.start());
    const std::vector<RefCardGroup> got = as_groups(r);
    EXPECT_EQ(r.tricks, d.fut.front().tricks);
    ASSERT_EQ(got.size(), d.fut.size()) << "got" << fut_text(got) << "\nwant" << fut_text(d.fut);
    for (std::size_t i = 0; i < got.size(); ++i)
      EXPECT_EQ(got[i].tricks, d.fut[i].tricks) << "group " << i + 1;
    EXPECT_EQ(canonical(got), canonical(d.fut))
        << "got" << fut_text(got) << "\nwant" << fut_text(d.fut);
  }
}

// TRACE: DDS's AnalysePlay of PLAY, the declarer side's tricks before any card
// and after each one. DDS stops early on some complete plays (49 values for 52
// cards), so only the values the file has are compared.
TEST_P(Golden, AnalysePlayMatchesTrace) {
  const std::vector<RefDeal> deals = chunk();
  ASSERT_FALSE(deals.empty());
  Solver solver;
  for (const RefDeal& d : deals) {
    SCOPED_TRACE(deal_label(d));
    const Seat declarer = next_seat(d.first, 3);
    const auto got = solver.analyse_play(d.start(), d.play, declarer);
    ASSERT_TRUE(got.has_value()) << got.error().message;
    ASSERT_EQ(got->size(), d.play.size() + 1);
    ASSERT_LE(d.trace.size(), got->size());
    for (std::size_t i = 0; i < d.trace.size(); ++i)
      EXPECT_EQ((*got)[i], d.trace[i]) << "after " << i << " cards";
  }
}

std::string chunk_name(const ::testing::TestParamInfo<Chunk>& info) {
  const int first = info.param.index * kChunkSize + 1;
  const int last = std::min(first + kChunkSize - 1, info.param.list->deals);
  return "Deals" + std::to_string(first) + "To" + std::to_string(last);
}

#ifdef DDTB_GOLDEN_LONG
INSTANTIATE_TEST_SUITE_P(DdsHands, Golden, ::testing::ValuesIn(chunks(kList1000)), chunk_name);
#else
INSTANTIATE_TEST_SUITE_P(OwnDeals, Golden, ::testing::ValuesIn(chunks(kOwnDeals)), chunk_name);
INSTANTIATE_TEST_SUITE_P(DdsHands, Golden, ::testing::ValuesIn(chunks(kList100)), chunk_name);
#endif

#ifndef DDTB_GOLDEN_LONG

// The reader itself, on the project's deals, on list100.txt's first deal
// and on broken input.
TEST(RefFile, ReadsTheProjectsDeals) {
  const auto& all = read_list(kOwnDeals);
  ASSERT_TRUE(all.has_value()) << all.error().message;
  ASSERT_EQ(all->size(), std::size_t(kOwnDeals.deals));
  for (const RefDeal& d : *all) {
    SCOPED_TRACE(own_deal_label(d));
    EXPECT_EQ(d.dealer, (d.number - 1) % 4);  // the board number's dealer
    EXPECT_GE(d.play.size(), 8u);
    EXPECT_LE(d.trace.size(), d.play.size() + 1);
    // FUT scores the leaders' side, TRACE declarer's, from the same start.
    EXPECT_EQ(d.fut.front().tricks + d.trace.front(), kNumTricks);
  }
}

TEST(RefFile, ReadsEveryLineOfTheFirstDeal) {
  DDTB_SKIP_WITHOUT_REF("list100.txt");
  const auto& all = read_list(kList100);
  ASSERT_TRUE(all.has_value()) << all.error().message;
  ASSERT_EQ(all->size(), 100u);
  const RefDeal& d = all->front();
  EXPECT_EQ(d.number, 1);
  EXPECT_EQ(d.line, 2);
  EXPECT_EQ(d.dealer, 0);
  EXPECT_EQ(d.vulnerability, 0);
  EXPECT_EQ(d.trump, Strain::Spades);
  EXPECT_EQ(d.first, Seat::North);
  EXPECT_EQ(d.pbn, "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3");
  EXPECT_EQ(to_pbn(d.deal()), d.pbn);
  // FUT 9 / suits 2 2 2 3 0 0 1 1 1 / ranks 5 8 11 10 6 12 2 6 13 /
  // equals 0 0 0 768 0 2048 0 32 0 / tricks 5 5 5 5 5 5 4 4 4
  ASSERT_EQ(d.fut.size(), 9u);
  EXPECT_EQ(d.fut[0], (RefCardGroup{Suit::Diamonds, 5, 0, 5}));
  EXPECT_EQ(d.fut[3], (RefCardGroup{Suit::Clubs, 10, 768, 5}));
  EXPECT_EQ(d.fut[8], (RefCardGroup{Suit::Hearts, 13, 0, 4}));
  EXPECT_EQ(d.table[0], (std::array<int, 4>{5, 8, 5, 8}));
  EXPECT_EQ(d.table[4], (std::array<int, 4>{6, 6, 6, 6}));
  EXPECT_EQ(d.par.ns_score, -110);
  EXPECT_EQ(d.par.ew_score, 110);
  EXPECT_EQ(d.par.ns_contracts, "EW 2S");
  EXPECT_EQ(d.par.ew_contracts, "EW 2S");
  EXPECT_EQ(d.dealer_par.score, -110);
  EXPECT_EQ(d.dealer_par.contracts, std::vector<std::string>{"2S-EW"});
  ASSERT_EQ(d.play.size(), 45u);
  EXPECT_EQ(d.play.front(), (Card{Suit::Clubs, 10}));
  EXPECT_EQ(d.play.back(), (Card{Suit::Diamonds, 11}));
  ASSERT_EQ(d.trace.size(), 46u);
  EXPECT_EQ(d.trace.front(), 8);
}

// README.md calls list100 the first 100 deals of list1000; in fact list1000
// has one extra deal at position 100, so list100's deal 100 is list1000's
// 101. Every record of list100 must be in list1000, answers and all.
TEST(RefFile, List100DealsAreInList1000) {
  DDTB_SKIP_WITHOUT_REF("list100.txt");
  DDTB_SKIP_WITHOUT_REF("list1000.txt");
  const auto& short_list = read_list(kList100);
  const auto long_list = read_ref_file(ref_path("list1000.txt"));
  ASSERT_TRUE(short_list.has_value()) << short_list.error().message;
  ASSERT_TRUE(long_list.has_value()) << long_list.error().message;
  ASSERT_EQ(long_list->size(), 1000u);
  auto same = [](const RefDeal& a, const RefDeal& b) {
    return a.pbn == b.pbn && a.dealer == b.dealer && a.vulnerability == b.vulnerability &&
           a.trump == b.trump && a.first == b.first && a.fut == b.fut && a.table == b.table &&
           a.par.ns_score == b.par.ns_score && a.dealer_par.score == b.dealer_par.score &&
           a.play == b.play && a.trace == b.trace;
  };
  for (std::size_t i = 0; i < short_list->size(); ++i) {
    const RefDeal& a = (*short_list)[i];
    if (i < 99) {
      EXPECT_TRUE(same(a, (*long_list)[i])) << "deal " << i + 1;
    } else {
      EXPECT_TRUE(std::any_of(long_list->begin(), long_list->end(),
                              [&](const RefDeal& b) { return same(a, b); }))
          << "deal " << i + 1 << " is not in list1000.txt";
    }
  }
}

TEST(RefFile, MissingFileIsAnIoError) {
  const auto r = read_ref_file(ref_path("no_such_list.txt"));
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().code, ErrorCode::kIo);
  EXPECT_NE(r.error().message.find("no_such_list.txt"), std::string::npos) << r.error().message;
  EXPECT_NE(r.error().message.find("DDTB_REF_DIR"), std::string::npos) << r.error().message;
}

constexpr const char* kOneDeal =
    "NUMBER 1\n"
    "PBN 0 0 0 0 \"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\"\n"
    "FUT 2 2 0 5 6 0 0 5 4\n"
    "TABLE 5 8 5 8 6 6 6 6 5 7 5 7 7 5 7 5 6 6 6 6\n"
    "PAR \"NS -110\" \"EW 110\" \"NS:EW 2S\" \"EW:EW 2S\"\n"
    "PAR2 \"-110\" \"2S-EW\" \"3C-EW\"\n"
    "PLAY 2 \"CTC4\"\n"
    "TRACE 3 8 8 8\n";

TEST(RefFile, ParsesWellFormedText) {
  const auto r = parse_ref_text(kOneDeal, "inline");
  ASSERT_TRUE(r.has_value()) << r.error().message;
  ASSERT_EQ(r->size(), 1u);
  EXPECT_EQ(r->front().fut.size(), 2u);
  EXPECT_EQ(r->front().dealer_par.contracts.size(), 2u);
  EXPECT_EQ(r->front().play.size(), 2u);
}

struct CorruptCase {
  const char* name;
  std::string from;   // replaced in kOneDeal...
  std::string to;     // ...by this
  std::string where;  // text the error must contain, e.g. the line
};

class RefFileCorrupt : public ::testing::TestWithParam<CorruptCase> {};

TEST_P(RefFileCorrupt, IsAnErrorNamingTheLine) {
  const CorruptCase& c = GetParam();
  std::string text = kOneDeal;
  const std::size_t at = text.find(c.from);
  ASSERT_NE(at, std::string::npos) << c.from;
  text.replace(at, c.from.size(), c.to);
  const auto r = parse_ref_text(text, "inline");
  ASSERT_FALSE(r.has_value()) << text;
  EXPECT_EQ(r.error().code, ErrorCode::kCorruptData);
  EXPECT_NE(r.error().message.find(c.where), std::string::npos) << r.error().message;
}

INSTANTIATE_TEST_SUITE_P(
    Cases, RefFileCorrupt,
    ::testing::Values(
        CorruptCase{"NoNumber", "NUMBER 1", "NUMBR 1", "line 1"},
        CorruptCase{"BadDeal", "KJ3\"", "KJ\"", "line 2"},
        CorruptCase{"BadTrump", "PBN 0 0 0 0", "PBN 0 0 5 0", "line 2"},
        CorruptCase{"ShortFut", "FUT 2 2 0 5 6 0 0 5 4", "FUT 2 2 0 5 6 0 0 5", "line 3"},
        CorruptCase{"EqualsAboveRank", "FUT 2 2 0 5 6 0 0", "FUT 2 2 0 5 6 64 0", "line 3"},
        CorruptCase{"ShortTable", "6 6 6 6\nPAR", "6 6 6\nPAR", "line 4"},
        CorruptCase{"BadPar", "\"NS -110\"", "\"N -110\"", "line 5"},
        CorruptCase{"BadPlayCount", "PLAY 2", "PLAY 3", "line 7"},
        CorruptCase{"BadPlayCard", "CTC4", "CTX4", "line 7"},
        CorruptCase{"Unterminated", "\"CTC4\"", "\"CTC4", "line 7"},
        CorruptCase{"LongTrace", "TRACE 3", "TRACE 4", "line 8"},
        CorruptCase{"MissingTrace", "TRACE 3 8 8 8\n", "", "line 7"},
        CorruptCase{"CountMismatch", "NUMBER 1", "NUMBER 2", "NUMBER says 2"}),
    [](const ::testing::TestParamInfo<CorruptCase>& info) { return std::string(info.param.name); });

#endif  // DDTB_GOLDEN_LONG

}  // namespace
}  // namespace ddtb::test
