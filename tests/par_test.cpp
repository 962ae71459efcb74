// Par on its own (include/ddtb/par.hpp, solver/par.cpp), against a reference
// written here from the definitions, on DD tables with every entry random
// (par is defined for any table, not only for those a deal produces), on
// tables shaped like real ones, and on hand-worked tables:
//   - contract_score against duplicate scoring written as the rule book's
//     tables, for every contract, doubling, vulnerability and trick count;
//   - dealer_par()'s score against the value of the bidding game, solved by
//     searching the auction move by move: a side passes or names any higher
//     contract with either of its seats as declarer, and when the auction
//     ends the defenders double or not, whichever is better for them;
//   - sides_par()'s score against the same game, its opening restricted as
//     DDS restricts it (the rule is stated at sides_par_reference);
//   - each contract listed against the definition of a par contract: the
//     listed seats take the tricks it names and score the par score, a
//     contract that goes down is doubled, and the opponents do strictly
//     worse by bidding on.
// What DDS prints, in its order and grouping, is compared with libdds itself
// in capi_par_test.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <climits>
#include <cstdint>
#include <sstream>
#include <string>

#include "ddtb/par.hpp"
#include "support/random.hpp"

namespace ddtb::test {
namespace {

// --- scoring, from the rule book's tables -----------------------------------

// Points for each contracted trick: clubs and diamonds 20, hearts and
// spades 30, no trump 40 for the first and 30 for the others.
int trick_points(int level, Strain strain) {
  switch (strain) {
    case Strain::Clubs:
    case Strain::Diamonds:
      return 20 * level;
    case Strain::Hearts:
    case Strain::Spades:
      return 30 * level;
    case Strain::NoTrump:
      return 40 + 30 * (level - 1);
  }
  return 0;
}

// Undoubled undertricks: 50 each, vulnerable 100. Doubled: the totals of the
// rule book's table, 300 more for each undertrick beyond the fourth.
// Redoubled: twice doubled.
int undertrick_penalty(int down, Doubling d, bool vul) {
  if (d == Doubling::Undoubled) return down * (vul ? 100 : 50);
  static constexpr std::array<int, 5> kNotVul = {0, 100, 300, 500, 800};
  static constexpr std::array<int, 5> kVul = {0, 200, 500, 800, 1100};
  const std::array<int, 5>& table = vul ? kVul : kNotVul;
  const int doubled = down <= 4 ? table[down] : table[4] + 300 * (down - 4);
  return d == Doubling::Redoubled ? 2 * doubled : doubled;
}

int reference_score(int level, Strain strain, Doubling d, bool vul, int tricks) {
  const int need = level + 6;
  if (tricks < need) return -undertrick_penalty(need - tricks, d, vul);
  const int multiplier = d == Doubling::Undoubled ? 1 : (d == Doubling::Doubled ? 2 : 4);
  const int below = trick_points(level, strain) * multiplier;
  int score = below;
  score += below >= 100 ? (vul ? 500 : 300) : 50;  // game, or a part score
  if (level == 6) score += vul ? 750 : 500;
  if (level == 7) score += vul ? 1500 : 1000;
  if (d == Doubling::Doubled) score += 50;  // for making a doubled contract
  if (d == Doubling::Redoubled) score += 100;
  const int over = tricks - need;
  if (d == Doubling::Undoubled)
    score += over * (trick_points(level + 1, strain) - trick_points(level, strain));
  else
    score += over * (vul ? 200 : 100) * multiplier / 2;
  return score;
}

// --- the bidding game -------------------------------------------------------

constexpr std::array<Strain, 5> kBiddingOrder = {Strain::Clubs, Strain::Diamonds, Strain::Hearts,
                                                 Strain::Spades, Strain::NoTrump};
constexpr int kContracts = 35;  // 1C, 1D, ..., 7NT: index 5 * (level - 1) + bidding rank

int level_of(int contract) {
  return contract / 5 + 1;
}
Strain strain_of(int contract) {
  return kBiddingOrder[contract % 5];
}
int contract_index(int level, Strain strain) {
  const auto it = std::find(kBiddingOrder.begin(), kBiddingOrder.end(), strain);
  return 5 * (level - 1) + static_cast<int>(it - kBiddingOrder.begin());
}

// The score of `declarer` in `contract` when the auction ends there, for the
// declaring side: the defenders double if that scores better for them.
int final_score(const DdTable& t, Vulnerability vul, int contract, Seat declarer) {
  const bool v = is_vulnerable(vul, side_of(declarer));
  const int tricks = t.get(strain_of(contract), declarer);
  const int undoubled =
      reference_score(level_of(contract), strain_of(contract), Doubling::Undoubled, v, tricks);
  const int doubled =
      reference_score(level_of(contract), strain_of(contract), Doubling::Doubled, v, tricks);
  return std::min(undoubled, doubled);
}

// The auction searched move by move, each position's value kept once found.
// A position after a bid is (contract, declarer): the declarer's opponents
// are to act. value_after_bid() is the final score, from the declaring
// side's view, with both sides bidding perfectly from there.
class Game {
 public:
  Game(const DdTable& t, Vulnerability vul) : table_(t), vul_(vul) {
    for (auto& row : memo_) row.fill(kUnknown);
  }

  int value_after_bid(int contract, Seat declarer) {
    int& memo = memo_[contract][to_int(declarer)];
    if (memo != kUnknown) return memo;
    // The opponents pass (the auction ends) or bid on.
    const int pass = -final_score(table_, vul_, contract, declarer);
    const int on = best_bid(contract + 1, side_of(next_seat(declarer)));
    memo = -std::max(pass, on);
    return memo;
  }

  // The best `side` gets by bidding a contract from `lowest` up (its view);
  // INT_MIN when there is none.
  int best_bid(int lowest, Side side) {
    int best = INT_MIN;
    for (int c = lowest; c < kContracts; ++c)
      for (int s = 0; s < 4; ++s)
        if (side_of(seat_from_int(s)) == side)
          best = std::max(best, value_after_bid(c, seat_from_int(s)));
    return best;
  }

  // The par score from `first`'s view when `first` bids first: it opens, or
  // passes and the other side opens or passes the deal out.
  int value(Side first) {
    const int theirs = std::max(best_bid(0, other(first)), 0);
    return std::max(best_bid(0, first), -theirs);
  }

  // The same game with the opening restricted as DDS's Par and SidesPar
  // restrict it: a side opens only with one of its best contracts as if the
  // auction ended there (the highest score; a made contract at the level it
  // makes exactly), and a side that makes any contract opens.
  int value_dds_opening(Side first) {
    const int own = best_dds_opening(first), theirs = best_dds_opening(other(first));
    if (own == INT_MIN) return theirs == INT_MIN ? 0 : -std::max(theirs, 0);
    if (makes_something(first)) return own;
    return std::max(own, -std::max(theirs, 0));
  }

 private:
  static constexpr int kUnknown = INT_MIN;

  int best_tricks(int contract, Side side) const {
    int best = 0;
    for (int s = 0; s < 4; ++s)
      if (side_of(seat_from_int(s)) == side)
        best = std::max(best, table_.get(strain_of(contract), seat_from_int(s)));
    return best;
  }
  bool makes_something(Side side) const {
    for (int c = 0; c < kContracts; ++c)
      if (best_tricks(c, side) >= level_of(c) + 6) return true;
    return false;
  }
  // The side's openings in DDS's sense and the best value among them.
  int best_dds_opening(Side side) {
    // Its best final score with any contract as if passed out.
    int best_final = INT_MIN;
    for (int c = 0; c < kContracts; ++c)
      for (int s = 0; s < 4; ++s)
        if (side_of(seat_from_int(s)) == side)
          best_final = std::max(best_final, final_score(table_, vul_, c, seat_from_int(s)));
    // Made contracts scoring that at the level they make exactly, or the
    // highest contract going down for that.
    int value = INT_MIN, highest_down = -1;
    for (int c = 0; c < kContracts; ++c) {
      const int t = best_tricks(c, side);
      for (int s = 0; s < 4; ++s) {
        const Seat seat = seat_from_int(s);
        if (side_of(seat) != side || final_score(table_, vul_, c, seat) != best_final) continue;
        if (t < level_of(c) + 6)
          highest_down = c;
        else if (t == level_of(c) + 6 && table_.get(strain_of(c), seat) == t)
          value = std::max(value, value_after_bid(c, seat));
      }
    }
    if (highest_down >= 0)
      for (int s = 0; s < 4; ++s)
        if (side_of(seat_from_int(s)) == side &&
            final_score(table_, vul_, highest_down, seat_from_int(s)) == best_final)
          value = std::max(value, value_after_bid(highest_down, seat_from_int(s)));
    return value;
  }

  const DdTable& table_;
  Vulnerability vul_;
  std::array<std::array<int, 4>, kContracts> memo_;
};

// --- checks -----------------------------------------------------------------

constexpr std::array<Vulnerability, 4> kVuls = {Vulnerability::None, Vulnerability::Both,
                                                Vulnerability::NorthSouth, Vulnerability::EastWest};
constexpr std::array<Seat, 4> kSeats = {Seat::North, Seat::East, Seat::South, Seat::West};

std::string table_text(const DdTable& t) {
  std::ostringstream out;
  out << "table (S,H,D,C,NT x N,E,S,W):";
  for (const auto& row : t.tricks) {
    out << " |";
    for (int v : row) out << ' ' << v;
  }
  return out.str();
}

// An empty string when `c` is a par contract of score `par_ns` (North-
// South's view) by the definition, else what is wrong with it.
std::string check_contract(const DdTable& t, Vulnerability vul, Game& game, const ParContract& c,
                           int par_ns) {
  std::ostringstream why;
  if (c.level < 1 || c.level > 7) return "level out of range";
  if (c.seats == 0 || (c.seats & ~0xfu)) return "no seats, or seats beyond West";
  if (c.doubled != (c.undertricks > 0) || c.overtricks < 0 || c.undertricks < 0 ||
      (c.doubled && c.overtricks != 0))
    return "doubled, overtricks and undertricks disagree";
  const int tricks = c.level + 6 + c.overtricks - c.undertricks;
  const int par_own = c.side == Side::NorthSouth ? par_ns : -par_ns;
  const bool v = is_vulnerable(vul, c.side);
  const Doubling d = c.doubled ? Doubling::Doubled : Doubling::Undoubled;
  if (reference_score(c.level, c.strain, d, v, tricks) != par_own)
    why << "scores " << reference_score(c.level, c.strain, d, v, tricks) << ", par " << par_own
        << "; ";
  // Listed seats: exactly the side's seats that take those tricks.
  for (const Seat s : kSeats) {
    const bool listed = (c.seats >> to_int(s)) & 1u;
    const bool takes = side_of(s) == c.side && t.get(c.strain, s) == tricks;
    if (listed != takes)
      why << "seat " << to_int(s) << (listed ? " listed" : " not listed") << " with "
          << t.get(c.strain, s) << " tricks; ";
  }
  // The opponents do worse by bidding on than by passing. (Strictly: where
  // bidding on ends at the same score, the auction does not end here in
  // DDS's sense, and par.hpp follows DDS.)
  const int contract = contract_index(c.level, c.strain);
  Seat declarer = Seat::North;
  for (const Seat s : kSeats)
    if ((c.seats >> to_int(s)) & 1u) declarer = s;
  const int pass = -final_score(t, vul, contract, declarer);
  const int on = game.best_bid(contract + 1, other(c.side));
  if (on != INT_MIN && on >= pass)
    why << "the opponents get " << on << " by bidding on, " << pass << " by passing; ";
  return why.str();
}

// Every check of one table and vulnerability; failures are reported with
// `context` (the seed and table number, or the case's name).
void check_table(const DdTable& t, Vulnerability vul, const std::string& context) {
  SCOPED_TRACE(context + " vul " + std::to_string(static_cast<int>(vul)) + " " + table_text(t));
  Game game(t, vul);
  const std::array<int, 2> value_ns = {game.value(Side::NorthSouth), -game.value(Side::EastWest)};
  const std::array<int, 2> dds_ns = {game.value_dds_opening(Side::NorthSouth),
                                     -game.value_dds_opening(Side::EastWest)};
  const std::array<ParText, 2> texts = par_texts(t, vul);
  for (const Side first : {Side::NorthSouth, Side::EastWest}) {
    const int k = static_cast<int>(first);
    const ParResult r = sides_par(t, first, vul);
    EXPECT_EQ(r.score, dds_ns[k]) << "sides_par, side " << k << " first";
    EXPECT_EQ(r.contracts.empty(), r.score == 0) << "sides_par, side " << k << " first";
    for (const ParContract& c : r.contracts)
      EXPECT_EQ(check_contract(t, vul, game, c, r.score), "")
          << "sides_par, side " << k << " first: " << to_dds_text(c);
    const int own = first == Side::NorthSouth ? r.score : -r.score;
    EXPECT_EQ(texts[k].score, std::string(k == 0 ? "NS " : "EW ") + std::to_string(own));
  }
  for (const Seat dealer : kSeats) {
    const ParResult r = dealer_par(t, dealer, vul);
    // The side that bids first is settled by the seats' order (par.hpp);
    // either way the score is the game's value with one of them first.
    EXPECT_TRUE(r.score == value_ns[0] || r.score == value_ns[1])
        << "dealer_par, dealer " << to_int(dealer) << ": " << r.score << ", game " << value_ns[0]
        << " (NS first) " << value_ns[1] << " (EW first)";
    EXPECT_EQ(r.contracts.empty(), r.score == 0) << "dealer_par, dealer " << to_int(dealer);
    for (const ParContract& c : r.contracts)
      EXPECT_EQ(check_contract(t, vul, game, c, r.score), "")
          << "dealer_par, dealer " << to_int(dealer) << ": " << to_dds_text(c);
  }
}

DdTable random_table(Rng& rng) {
  DdTable t;
  for (auto& row : t.tricks)
    for (int& v : row) v = static_cast<int>(rng.below(14));
  return t;
}

// Per strain, North-South take n tricks and East-West 13 - n, each declarer
// one more or one fewer now and then (the opening lead).
DdTable realistic_table(Rng& rng) {
  DdTable t;
  const auto jitter = [&](int x) {
    if (rng.below(6) == 0) x += rng.below(2) ? 1 : -1;
    return std::clamp(x, 0, 13);
  };
  for (auto& row : t.tricks) {
    const int ns = static_cast<int>(rng.below(14));
    row = {jitter(ns), jitter(13 - ns), jitter(ns), jitter(13 - ns)};
  }
  return t;
}

DdTable uniform_table(int tricks) {
  DdTable t;
  for (auto& row : t.tricks) row.fill(tricks);
  return t;
}

// --- the reference's own checks ---------------------------------------------

TEST(ParReference, ScoresFromTheRuleBook) {
  EXPECT_EQ(reference_score(3, Strain::NoTrump, Doubling::Undoubled, false, 9), 400);
  EXPECT_EQ(reference_score(4, Strain::Spades, Doubling::Undoubled, true, 11), 650);
  EXPECT_EQ(reference_score(2, Strain::Spades, Doubling::Doubled, false, 8), 470);
  EXPECT_EQ(reference_score(1, Strain::NoTrump, Doubling::Doubled, true, 8), 380);
  EXPECT_EQ(reference_score(1, Strain::Clubs, Doubling::Redoubled, false, 7), 230);
  EXPECT_EQ(reference_score(6, Strain::Hearts, Doubling::Undoubled, false, 12), 980);
  EXPECT_EQ(reference_score(7, Strain::NoTrump, Doubling::Undoubled, true, 13), 2220);
  EXPECT_EQ(reference_score(5, Strain::Diamonds, Doubling::Doubled, false, 8), -500);
  EXPECT_EQ(reference_score(4, Strain::Hearts, Doubling::Doubled, true, 6), -1100);
  EXPECT_EQ(reference_score(7, Strain::Clubs, Doubling::Redoubled, false, 0), -7000);
  EXPECT_EQ(reference_score(2, Strain::Hearts, Doubling::Undoubled, true, 6), -200);
}

// --- the library against the reference ------------------------------------

TEST(Par, ContractScoreMatchesTheRuleBookEverywhere) {
  int checked = 0;
  for (int level = 1; level <= 7; ++level)
    for (const Strain strain : kBiddingOrder)
      for (const Doubling d : {Doubling::Undoubled, Doubling::Doubled, Doubling::Redoubled})
        for (const bool vul : {false, true})
          for (int tricks = 0; tricks <= 13; ++tricks, ++checked)
            ASSERT_EQ(contract_score(level, strain, d, vul, tricks),
                      reference_score(level, strain, d, vul, tricks))
                << level << strain_letter(strain) << " doubling " << static_cast<int>(d) << " vul "
                << vul << " tricks " << tricks;
  EXPECT_EQ(checked, 7 * 5 * 3 * 2 * 14);
}

TEST(Par, ContractScoreOutOfRangeIsZero) {
  EXPECT_EQ(contract_score(0, Strain::Spades, Doubling::Undoubled, false, 7), 0);
  EXPECT_EQ(contract_score(8, Strain::Spades, Doubling::Undoubled, false, 13), 0);
  EXPECT_EQ(contract_score(1, Strain::Spades, Doubling::Undoubled, false, -1), 0);
  EXPECT_EQ(contract_score(1, Strain::Spades, Doubling::Undoubled, false, 14), 0);
  EXPECT_EQ(contract_score(1, static_cast<Strain>(5), Doubling::Undoubled, false, 7), 0);
}

constexpr std::uint64_t kSeed = 160016;
// Most of the time goes to the library's par itself (about 0.1 ms a table).
constexpr int kTables = 3000;
constexpr int kRealisticTables = 1000;

TEST(Par, TablesWithEveryEntryRandom) {
  Rng rng(kSeed);
  for (int n = 0; n < kTables; ++n) {
    const DdTable t = random_table(rng);
    for (const Vulnerability vul : kVuls)
      check_table(t, vul, "seed " + std::to_string(kSeed) + " table " + std::to_string(n));
    if (HasFailure()) break;  // one table's report is enough to go on
  }
}

// A table no deal produces (both sides make 5D), where dealer_par() with
// North dealing scores the game's value, 100 to North-South (East-West's
// 6D doubled by West, one down, is the only contract left to end the
// auction). The seat-order rules alone leave no contract here; dealer_par()
// then lists those of the plain par line.
TEST(Par, DealerParListsAContractForEveryScore) {
  DdTable t;
  t.tricks = {{{4, 6, 1, 7}, {10, 3, 1, 8}, {11, 10, 0, 11}, {6, 7, 9, 7}, {0, 8, 2, 2}}};
  for (const Vulnerability vul : kVuls) check_table(t, vul, "seed 160016 table 2363");
}

TEST(Par, TablesShapedLikeRealOnes) {
  Rng rng(kSeed + 1);
  for (int n = 0; n < kRealisticTables; ++n) {
    const DdTable t = realistic_table(rng);
    for (const Vulnerability vul : kVuls)
      check_table(t, vul, "seed " + std::to_string(kSeed + 1) + " table " + std::to_string(n));
    if (HasFailure()) break;
  }
}

// --- hand-worked tables -------------------------------------------------------

TEST(Par, NobodyMakesAnythingPassesOut) {
  for (const int tricks : {0, 6}) {
    const DdTable t = uniform_table(tricks);
    for (const Vulnerability vul : kVuls) {
      check_table(t, vul, "all " + std::to_string(tricks));
      for (const Seat dealer : kSeats) EXPECT_EQ(dealer_par(t, dealer, vul), ParResult{});
      EXPECT_EQ(sides_par(t, Side::EastWest, vul), ParResult{});
    }
  }
}

TEST(Par, EveryoneMakesAGrandSlamTheFirstSideBidsIt) {
  const DdTable t = uniform_table(13);
  for (const Vulnerability vul : kVuls) {
    check_table(t, vul, "all 13");
    for (const Side first : {Side::NorthSouth, Side::EastWest}) {
      const int grand = is_vulnerable(vul, first) ? 2220 : 1520;
      const ParResult r = sides_par(t, first, vul);
      EXPECT_EQ(r.score, first == Side::NorthSouth ? grand : -grand);
      ASSERT_EQ(r.contracts.size(), 1u);
      EXPECT_EQ(r.contracts[0].level, 7);
      EXPECT_EQ(r.contracts[0].strain, Strain::NoTrump);
      EXPECT_EQ(r.contracts[0].side, first);
    }
  }
}

TEST(Par, OneSideMakesNothing) {
  Rng rng(kSeed + 2);
  for (int n = 0; n < 200; ++n) {
    DdTable t = random_table(rng);
    for (auto& row : t.tricks) row[1] = row[3] = static_cast<int>(rng.below(7));  // E, W: < 7
    for (const Vulnerability vul : kVuls) {
      check_table(t, vul, "East-West make nothing, table " + std::to_string(n));
      // East-West can always pass, so North-South score at most their best
      // contract; North-South can always pass, and any contract of
      // East-West's goes down, so they score at least nothing.
      int best = 0;
      for (int c = 0; c < kContracts; ++c)
        for (const Seat s : {Seat::North, Seat::South})
          best = std::max(best, final_score(t, vul, c, s));
      for (const Seat dealer : kSeats) {
        const int score = dealer_par(t, dealer, vul).score;
        EXPECT_GE(score, 0) << "table " << n << " dealer " << to_int(dealer);
        EXPECT_LE(score, best) << "table " << n << " dealer " << to_int(dealer);
      }
    }
  }
}

// North-South make 4S (ten tricks), East-West nine tricks in hearts,
// nobody more than six tricks elsewhere.
DdTable sacrifice_table() {
  DdTable t = uniform_table(6);
  t.tricks[to_int(Strain::Spades)] = {10, 3, 10, 3};
  t.tricks[to_int(Strain::Hearts)] = {4, 9, 4, 9};
  return t;
}

TEST(Par, ASacrificeAtFavourableVulnerability) {
  const DdTable t = sacrifice_table();
  struct Case {
    Vulnerability vul;
    int score;
    const char* contract;
  };
  // 4S makes 420 (620 vulnerable); 5H doubled by East-West goes two down
  // for 300 (500 vulnerable), and 5S by North-South goes down.
  for (const Case& c :
       {Case{Vulnerability::None, 300, "5H*-EW-2"},
        Case{Vulnerability::NorthSouth, 300, "5H*-EW-2"},
        Case{Vulnerability::Both, 500, "5H*-EW-2"}, Case{Vulnerability::EastWest, 420, "4S-NS"}}) {
    check_table(t, c.vul, "sacrifice");
    EXPECT_EQ(Game(t, c.vul).value(Side::NorthSouth), c.score);
    for (const Seat dealer : kSeats) {
      const ParResult r = dealer_par(t, dealer, c.vul);
      EXPECT_EQ(r.score, c.score) << "dealer " << to_int(dealer);
      ASSERT_EQ(r.contracts.size(), 1u) << "dealer " << to_int(dealer);
      EXPECT_EQ(to_dds_text(r.contracts[0]), c.contract) << "dealer " << to_int(dealer);
    }
  }
}

}  // namespace
}  // namespace ddtb::test
