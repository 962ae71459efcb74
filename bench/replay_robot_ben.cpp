#include "bench/replay_robot_ben.hpp"

#include <algorithm>
#include <array>
#include <vector>

namespace ddtb::bench {

namespace {

// --- the mix, per deal (calibrated on seeds 1 to 3; bench/README.md) --------

// The contract is no trump on this many deals in five (at random), else the
// longest suit of the declaring side. The recording's opening-lead calls ran
// at 0.67-0.73 x DDS, its no-trump calls at trick 1 at 0.71 and its suit
// calls at 0.44, so its leads were mostly against no trump.
constexpr std::uint32_t kNoTrumpContractsIn5 = 4;
// Bidding calls, kBidCallsMin or one more (at random), each by a seat drawn
// at random, its side declaring, in a strain of a shuffled cycle of the five
// (so no trump in a fifth of them).
constexpr int kBidCallsMin = 3;
constexpr int kBidBoardsMin = 1, kBidBoardsMax = 56;
// Opening-lead calls: one per suit the leader holds (a random card of it on
// the table), all on the same samples: kLeadBoardsMax of them on most deals,
// on one deal in kLeadSmallIn a number from kLeadBoardsMin up.
constexpr int kLeadBoardsMin = 5, kLeadBoardsMax = 200;
constexpr std::uint32_t kLeadSmallIn = 4;
// Play calls: this many cards of the play, each at a (trick, place in the
// trick) drawn among tricks kFirstPlayTrick to kLastPlayTrick.
constexpr int kPlayCalls = 6;
constexpr int kFirstPlayTrick = 2, kLastPlayTrick = 11;
constexpr int kPlayBoardsMin = 4, kPlayBoardsMax = 200;
// Claim checks, at the starts of distinct tricks drawn from this range.
constexpr int kClaimChecks = 1;
constexpr int kFirstClaimTrick = 4, kLastClaimTrick = 10;
constexpr int kClaimBoardsMin = 35, kClaimBoardsMax = 50;

constexpr int kMaxOnly = 1, kEveryCard = 3;  // solutions

class BenRobot {
 public:
  BenRobot(int board, const Deal& deal, Seat declarer, const RobotOptions& o, test::Rng& rng,
           const RobotCalls& calls)
      : table_(board, deal, declarer, o.unfollowed, rng, calls), o_(o) {}

  void run() {
    const Strain strain = contract();
    bid();
    Position p = opening_lead(strain);
    plan_play();
    int events = kPlayCalls + kClaimChecks;
    for (;;) {
      const int trick = 14 - p.tricks_left();
      if (p.trick_size() == 0 &&
          std::find(claim_tricks_.begin(), claim_tricks_.end(), trick) != claim_tricks_.end())
        claimcheck(p), --events;
      if (events == 0) return;
      const bool decision = std::find(decisions_.begin(), decisions_.end(),
                                      std::array{trick, p.trick_size()}) != decisions_.end();
      if (decision) --events;
      p = table_.play(p, decision ? decide(p) : table_.double_dummy(p, false));
      if (events == 0) return;
    }
  }

 private:
  Seat declarer() const { return table_.declarer(); }
  const Deal& deal() const { return table_.deal(); }
  test::Rng& rng() { return table_.rng(); }

  // A uniform whole number from lo to hi.
  int between(int lo, int hi) {
    return lo + static_cast<int>(rng().below(static_cast<std::uint32_t>(hi - lo + 1)));
  }

  // A call's boards: `n`, or the --boards cap when lower.
  int capped(int n) const { return std::min(n, o_.boards); }

  void add_boards(ReplayCall& c, const SampleSpec& spec, int boards) {
    for (const auto& hands : table_.samples(spec, capped(boards)))
      c.hands_pbn.push_back(pbn_of(hands));
  }

  Strain contract() {
    if (rng().below(5) < kNoTrumpContractsIn5) return Strain::NoTrump;
    const CardSet side = deal().hand(declarer()) | deal().hand(table_.dummy());
    Suit longest = Suit::Spades;
    for (int s = 1; s < kNumSuits; ++s)
      if (side.count(suit_from_int(s)) > side.count(longest)) longest = suit_from_int(s);
    return Strain(to_int(longest));
  }

  // The bidding: each call by a random seat, its own hand known, asking
  // what its side makes in a strain, declared by itself or its partner.
  void bid() {
    std::array<Strain, kNumStrains> cycle = {Strain::Spades, Strain::Hearts, Strain::Diamonds,
                                             Strain::Clubs, Strain::NoTrump};
    for (std::size_t i = cycle.size(); i > 1; --i)
      std::swap(cycle[i - 1], cycle[rng().below(static_cast<std::uint32_t>(i))]);
    const int calls = kBidCallsMin + static_cast<int>(rng().below(2));
    for (int i = 0; i < calls; ++i) {
      const Seat bidder = seat_from_int(between(0, kNumSeats - 1));
      const Seat by = rng().below(2) ? partner(bidder) : bidder;
      const Position start =
          Position::at_trick_start(deal(), cycle[std::size_t(i % kNumStrains)], next_seat(by));
      ReplayCall c = table_.call_at("bid", start, kMaxOnly);
      add_boards(c, table_.alone(bidder), between(kBidBoardsMin, kBidBoardsMax));
      table_.calls().record(std::move(c));
    }
  }

  // The opening leader tries a card of each suit it holds on the same
  // samples and leads the one that leaves declarer fewest tricks.
  Position opening_lead(Strain strain) {
    const Seat leader = next_seat(declarer());
    const Position start = Position::at_trick_start(deal(), strain, leader);
    const int boards = rng().below(kLeadSmallIn) == 0 ? between(kLeadBoardsMin, kLeadBoardsMax - 1)
                                                      : kLeadBoardsMax;
    const auto samples = table_.samples(table_.alone(leader), capped(boards));
    Card lead{};
    double fewest = 14;  // declarer's mean tricks (dummy plays next)
    for (int s = 0; s < kNumSuits; ++s) {
      const CardSet suit = deal().hand(leader).suit(suit_from_int(s));
      if (suit.empty()) continue;
      int pick = static_cast<int>(rng().below(static_cast<std::uint32_t>(suit.size())));
      Card candidate{};
      for (const Card c : suit)
        if (pick-- == 0) candidate = c;
      ReplayCall c = table_.call_at("lead", *start.play(candidate), kMaxOnly);
      for (auto hands : samples) {
        hands[to_int(leader)].erase(candidate);
        c.hands_pbn.push_back(pbn_of(hands));
      }
      if (const double m = mean_max(table_.calls().record(std::move(c))); m < fewest)
        lead = candidate, fewest = m;
    }
    return table_.play(start, lead);
  }

  // `n` distinct elements of `from`, drawn in order (a partial shuffle).
  template <class T>
  std::vector<T> draw(std::vector<T> from, int n) {
    for (int i = 0; i < n; ++i)
      std::swap(from[std::size_t(i)],
                from[std::size_t(i) + rng().below(static_cast<std::uint32_t>(from.size()) - i)]);
    from.resize(std::size_t(n));
    return from;
  }

  // Draws the places of the play calls and the tricks of the claim checks.
  void plan_play() {
    std::vector<std::array<int, 2>> slots;
    for (int t = kFirstPlayTrick; t <= kLastPlayTrick; ++t)
      for (int place = 0; place < kNumSeats; ++place) slots.push_back({t, place});
    decisions_ = draw(slots, kPlayCalls);
    std::vector<int> tricks;
    for (int t = kFirstClaimTrick; t <= kLastClaimTrick; ++t) tricks.push_back(t);
    claim_tricks_ = draw(tricks, kClaimChecks);
  }

  // The seat to play samples what it cannot see and plays the card with
  // the best mean score.
  Card decide(const Position& p) {
    ReplayCall c = table_.call_at("play", p, kEveryCard);
    add_boards(c, table_.in_play(p, p.to_play()), between(kPlayBoardsMin, kPlayBoardsMax));
    return best_mean_card(p, table_.calls().record(std::move(c)));
  }

  void claimcheck(const Position& p) {
    ReplayCall c = table_.call_at("claimcheck", p, kEveryCard);
    add_boards(c, table_.in_play(p, declarer()), between(kClaimBoardsMin, kClaimBoardsMax));
    table_.calls().record(std::move(c));
  }

  RobotTable table_;
  const RobotOptions& o_;
  std::vector<std::array<int, 2>> decisions_;  // (trick, cards in the trick) of the play calls
  std::vector<int> claim_tricks_;              // the tricks whose start declarer checks a claim on
};

}  // namespace

void play_ben_deal(int board, const Deal& deal, Seat declarer, const RobotOptions& options,
                   test::Rng& rng, const RobotCalls& calls) {
  BenRobot(board, deal, declarer, options, rng, calls).run();
}

}  // namespace ddtb::bench
