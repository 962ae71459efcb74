#include "bench/replay_robot.hpp"

#include <algorithm>
#include <array>
#include <string>

#include "bench/replay_sampler.hpp"

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
constexpr int kMaxOnly = 1, kOptimalCards = 2, kEveryCard = 3;

std::string pbn_of(const std::array<CardSet, 4>& hands) {
  std::string out = "N:";
  for (int h = 0; h < kNumSeats; ++h) {
    if (h) out += ' ';
    out += to_pbn(hands[h]);
  }
  return out;
}

double mean_max(const std::vector<BoardAnswer>& answers) {
  double sum = 0;
  for (const BoardAnswer& a : answers) sum += a.max;
  return sum / double(answers.size());
}

// Mean score of a card over the boards listing it; -1 when none does.
double mean_score(const std::vector<BoardAnswer>& answers, int code) {
  double sum = 0;
  int n = 0;
  for (const BoardAnswer& a : answers)
    if (a.scores[code] != kUnlisted) sum += a.scores[code], ++n;
  return n ? sum / n : -1;
}

// The legal card with the best mean score (the first in card-code order
// among equals).
Card best_mean_card(const Position& p, const std::vector<BoardAnswer>& answers) {
  Card best = *p.legal_cards().begin();
  double best_mean = -2;
  for (int code = 0; code < kCardCodes; ++code) {
    const Card c = card_of_code(code);
    if (!p.legal_cards().contains(c)) continue;
    if (const double m = mean_score(answers, code); m > best_mean) best = c, best_mean = m;
  }
  return best;
}

class DealRobot {
 public:
  DealRobot(int board, const Deal& deal, Seat bidder, const RobotOptions& o, test::Rng& rng,
            const RobotCalls& calls)
      : board_(board), deal_(deal), bidder_(bidder), o_(o), rng_(rng), calls_(calls) {}

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
      p = play(p, decision ? decide(p) : double_dummy(p, p.trick_size() == 0 && trick > 1));
    }
  }

 private:
  Seat declarer() const { return bidder_; }
  Seat dummy() const { return partner(bidder_); }

  // A call on position `p`'s strain, leader, trick and current trick.
  ReplayCall call_at(const char* purpose, const Position& p, int solutions) const {
    ReplayCall c;
    c.board = board_;
    c.purpose = purpose;
    c.trick = 14 - p.tricks_left();
    c.strain_i = strain_i_of(p.trump());
    c.leader_i = to_int(p.leader());
    for (const Card card : p.trick()) c.current_trick.push_back(card_code(card));
    c.solutions = solutions;
    return c;
  }

  std::vector<std::array<CardSet, 4>> samples(const SampleSpec& spec) {
    std::vector<std::array<CardSet, 4>> out;
    for (int b = 0; b < o_.boards; ++b) out.push_back(sample_hands(rng_, spec));
    return out;
  }

  // Before the play: `seat` sees only its own full hand.
  SampleSpec alone(Seat seat) const {
    SampleSpec spec;
    spec.hands = deal_.hands();
    spec.seen[to_int(seat)] = true;
    return spec;
  }

  // In the play: `viewer` sees its hand and dummy's (declarer plays
  // dummy's cards), and the voids shown.
  SampleSpec in_play(const Position& p, Seat viewer) const {
    if (viewer == dummy()) viewer = declarer();
    SampleSpec spec;
    spec.hands = p.hands();
    spec.seen[to_int(viewer)] = spec.seen[to_int(dummy())] = true;
    for (int h = 0; h < kNumSeats; ++h)
      spec.voids[h] = shown_[h] | (o_.unfollowed ? 0 : in_trick_[h]);
    return spec;
  }

  // Bidding: the bidder asks no trump and its two longest suits, itself
  // declaring, and the side settles in the strain that takes most.
  Strain bid() {
    const CardSet hand = deal_.hand(bidder_);
    std::array<Suit, 4> suits = {Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs};
    std::stable_sort(suits.begin(), suits.end(),
                     [&](Suit a, Suit b) { return hand.count(a) > hand.count(b); });
    const std::array<Strain, 3> strains = {Strain::NoTrump, Strain(to_int(suits[0])),
                                           Strain(to_int(suits[1]))};
    const auto boards = samples(alone(bidder_));
    Strain best = strains[0];
    double fewest = 14;  // defenders' mean tricks (they are on lead)
    for (const Strain s : strains) {
      const Position start = Position::at_trick_start(deal_, s, next_seat(declarer()));
      ReplayCall c = call_at("bid", start, kMaxOnly);
      for (const auto& hands : boards) c.hands_pbn.push_back(pbn_of(hands));
      if (const double m = mean_max(calls_.record(std::move(c))); m < fewest) best = s, fewest = m;
    }
    return best;
  }

  // The opening leader tries a card of each suit it holds on its samples
  // and leads the one that leaves declarer fewest tricks.
  Position opening_lead(Strain strain) {
    const Seat leader = next_seat(declarer());
    const Position start = Position::at_trick_start(deal_, strain, leader);
    const auto boards = samples(alone(leader));
    Card lead{};
    double fewest = 14;  // declarer's mean tricks (dummy plays next)
    for (int s = 0; s < kNumSuits; ++s) {
      const CardSet suit = deal_.hand(leader).suit(suit_from_int(s));
      if (suit.empty()) continue;
      int pick = static_cast<int>(rng_.below(static_cast<std::uint32_t>(suit.size())));
      Card candidate{};
      for (const Card c : suit)
        if (pick-- == 0) candidate = c;
      const Position led = *start.play(candidate);
      ReplayCall c = call_at("lead", led, kMaxOnly);
      for (auto hands : boards) {
        hands[to_int(leader)].erase(candidate);
        c.hands_pbn.push_back(pbn_of(hands));
      }
      if (const double m = mean_max(calls_.record(std::move(c))); m < fewest)
        lead = candidate, fewest = m;
    }
    return play(start, lead);
  }

  // The seat to play samples what it cannot see and plays the card with
  // the best mean score.
  Card decide(const Position& p) {
    ReplayCall c = call_at("play", p, kEveryCard);
    for (const auto& hands : samples(in_play(p, p.to_play()))) c.hands_pbn.push_back(pbn_of(hands));
    return best_mean_card(p, calls_.record(std::move(c)));
  }

  void claimcheck(const Position& p) {
    ReplayCall c = call_at("claimcheck", p, kMaxOnly);
    for (const auto& hands : samples(in_play(p, declarer()))) c.hands_pbn.push_back(pbn_of(hands));
    calls_.record(std::move(c));
  }

  // The real deal, double dummy: one of its optimal cards, chosen at random.
  Card double_dummy(const Position& p, bool recorded) {
    ReplayCall c = call_at("dd", p, kOptimalCards);
    c.hands_pbn.push_back(pbn_of(p.hands()));
    const BoardAnswer a = (recorded ? calls_.record : calls_.solve)(std::move(c)).front();
    std::vector<Card> optimal;
    for (int code = 0; code < kCardCodes; ++code)
      if (a.scores[code] != kUnlisted) optimal.push_back(card_of_code(code));
    return optimal[rng_.below(static_cast<std::uint32_t>(optimal.size()))];
  }

  // Plays `c`, noting a void it shows.
  Position play(const Position& p, Card c) {
    if (p.trick_size() > 0 && c.suit != p.trick_card(0).suit)
      in_trick_[to_int(p.to_play())] |= std::uint8_t(1u << to_int(p.trick_card(0).suit));
    Position next = *p.play(c);
    if (next.trick_size() == 0) {
      for (int h = 0; h < kNumSeats; ++h) shown_[h] |= in_trick_[h];
      in_trick_ = {};
    }
    return next;
  }

  int board_;
  const Deal& deal_;
  Seat bidder_;
  const RobotOptions& o_;
  test::Rng& rng_;
  const RobotCalls& calls_;
  std::array<std::uint8_t, 4> shown_{};     // voids shown in completed tricks
  std::array<std::uint8_t, 4> in_trick_{};  // voids shown in the current trick
};

}  // namespace

void play_robot_deal(int board, const Deal& deal, Seat bidder, const RobotOptions& options,
                     test::Rng& rng, const RobotCalls& calls) {
  DealRobot(board, deal, bidder, options, rng, calls).run();
}

}  // namespace ddtb::bench
