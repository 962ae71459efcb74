#include "bench/replay_robot.hpp"

#include <algorithm>
#include <array>
#include <string>

#include "bench/replay_table.hpp"

namespace ddtb::bench {

namespace {

// The play stops after this trick: the last tricks cost little to solve.
constexpr int kLastTrickPlayed = 10;
// Tricks whose start declarer checks a claim on.
constexpr std::array kClaimTricks = {4, 6, 8, 10};
// The robot's sampled card choices: (trick, cards already in the trick),
// one per trick, every seat of the trick in turn. Trick 1's is dummy's
// first card, with the opening lead on the table.
constexpr std::array<std::array<int, 2>, 10> kDecisions = {
    {{1, 1}, {2, 2}, {3, 0}, {4, 3}, {5, 2}, {6, 1}, {7, 3}, {8, 2}, {9, 1}, {10, 3}}};
// Solutions per kind of call.
constexpr int kMaxOnly = 1, kEveryCard = 3;

class DealRobot {
 public:
  DealRobot(int board, const Deal& deal, Seat bidder, const RobotOptions& o, test::Rng& rng,
            const RobotCalls& calls)
      : table_(board, deal, bidder, o.unfollowed, rng, calls), o_(o) {}

  void run() {
    const Strain strain = bid();
    Position p = opening_lead(strain);
    while (14 - p.tricks_left() <= kLastTrickPlayed) {
      const int trick = 14 - p.tricks_left();
      if (p.trick_size() == 0 &&
          std::find(kClaimTricks.begin(), kClaimTricks.end(), trick) != kClaimTricks.end())
        claimcheck(p);
      const bool decision = std::find(kDecisions.begin(), kDecisions.end(),
                                      std::array{trick, p.trick_size()}) != kDecisions.end();
      p = table_.play(
          p, decision ? decide(p) : table_.double_dummy(p, p.trick_size() == 0 && trick > 1));
    }
  }

 private:
  Seat declarer() const { return table_.declarer(); }
  const Deal& deal() const { return table_.deal(); }

  std::vector<std::array<CardSet, 4>> samples(const SampleSpec& spec) {
    return table_.samples(spec, o_.boards);
  }

  // Bidding: the bidder asks no trump and its two longest suits, itself
  // declaring, and the side settles in the strain that takes most.
  Strain bid() {
    const CardSet hand = deal().hand(declarer());
    std::array<Suit, 4> suits = {Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs};
    std::stable_sort(suits.begin(), suits.end(),
                     [&](Suit a, Suit b) { return hand.count(a) > hand.count(b); });
    const std::array<Strain, 3> strains = {Strain::NoTrump, Strain(to_int(suits[0])),
                                           Strain(to_int(suits[1]))};
    const auto boards = samples(table_.alone(declarer()));
    Strain best = strains[0];
    double fewest = 14;  // defenders' mean tricks (they are on lead)
    for (const Strain s : strains) {
      const Position start = Position::at_trick_start(deal(), s, next_seat(declarer()));
      ReplayCall c = table_.call_at("bid", start, kMaxOnly);
      for (const auto& hands : boards) c.hands_pbn.push_back(pbn_of(hands));
      if (const double m = mean_max(table_.calls().record(std::move(c))); m < fewest)
        best = s, fewest = m;
    }
    return best;
  }

  // The opening leader tries a card of each suit it holds on its samples
  // and leads the one that leaves declarer fewest tricks.
  Position opening_lead(Strain strain) {
    const Seat leader = next_seat(declarer());
    const Position start = Position::at_trick_start(deal(), strain, leader);
    const auto boards = samples(table_.alone(leader));
    Card lead{};
    double fewest = 14;  // declarer's mean tricks (dummy plays next)
    for (int s = 0; s < kNumSuits; ++s) {
      const CardSet suit = deal().hand(leader).suit(suit_from_int(s));
      if (suit.empty()) continue;
      int pick = static_cast<int>(table_.rng().below(static_cast<std::uint32_t>(suit.size())));
      Card candidate{};
      for (const Card c : suit)
        if (pick-- == 0) candidate = c;
      const Position led = *start.play(candidate);
      ReplayCall c = table_.call_at("lead", led, kMaxOnly);
      for (auto hands : boards) {
        hands[to_int(leader)].erase(candidate);
        c.hands_pbn.push_back(pbn_of(hands));
      }
      if (const double m = mean_max(table_.calls().record(std::move(c))); m < fewest)
        lead = candidate, fewest = m;
    }
    return table_.play(start, lead);
  }

  // The seat to play samples what it cannot see and plays the card with
  // the best mean score.
  Card decide(const Position& p) {
    ReplayCall c = table_.call_at("play", p, kEveryCard);
    for (const auto& hands : samples(table_.in_play(p, p.to_play())))
      c.hands_pbn.push_back(pbn_of(hands));
    return best_mean_card(p, table_.calls().record(std::move(c)));
  }

  void claimcheck(const Position& p) {
    ReplayCall c = table_.call_at("claimcheck", p, kMaxOnly);
    for (const auto& hands : samples(table_.in_play(p, declarer())))
      c.hands_pbn.push_back(pbn_of(hands));
    table_.calls().record(std::move(c));
  }

  RobotTable table_;
  const RobotOptions& o_;
};

}  // namespace

void play_robot_deal(int board, const Deal& deal, Seat bidder, const RobotOptions& options,
                     test::Rng& rng, const RobotCalls& calls) {
  DealRobot(board, deal, bidder, options, rng, calls).run();
}

}  // namespace ddtb::bench
