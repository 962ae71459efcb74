#include "bench/replay_table.hpp"

namespace ddtb::bench {

namespace {

// Mean score of a card over the boards listing it; -1 when none does.
double mean_score(const std::vector<BoardAnswer>& answers, int code) {
  double sum = 0;
  int n = 0;
  for (const BoardAnswer& a : answers)
    if (a.scores[code] != kUnlisted) sum += a.scores[code], ++n;
  return n ? sum / n : -1;
}

constexpr int kOptimalCards = 2;  // solutions of a double-dummy call

}  // namespace

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

RobotTable::RobotTable(int board, const Deal& deal, Seat declarer, bool unfollowed, test::Rng& rng,
                       const RobotCalls& calls)
    : board_(board),
      deal_(deal),
      declarer_(declarer),
      unfollowed_(unfollowed),
      rng_(rng),
      calls_(calls) {}

ReplayCall RobotTable::call_at(const char* purpose, const Position& p, int solutions) const {
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

std::vector<std::array<CardSet, 4>> RobotTable::samples(const SampleSpec& spec, int boards) {
  std::vector<std::array<CardSet, 4>> out;
  for (int b = 0; b < boards; ++b) out.push_back(sample_hands(rng_, spec));
  return out;
}

SampleSpec RobotTable::alone(Seat seat) const {
  SampleSpec spec;
  spec.hands = deal_.hands();
  spec.seen[to_int(seat)] = true;
  return spec;
}

SampleSpec RobotTable::in_play(const Position& p, Seat viewer) const {
  if (viewer == dummy()) viewer = declarer();
  SampleSpec spec;
  spec.hands = p.hands();
  spec.seen[to_int(viewer)] = spec.seen[to_int(dummy())] = true;
  for (int h = 0; h < kNumSeats; ++h) spec.voids[h] = shown_[h] | (unfollowed_ ? 0 : in_trick_[h]);
  return spec;
}

Card RobotTable::double_dummy(const Position& p, bool recorded) {
  ReplayCall c = call_at("dd", p, kOptimalCards);
  c.hands_pbn.push_back(pbn_of(p.hands()));
  const BoardAnswer a = (recorded ? calls_.record : calls_.solve)(std::move(c)).front();
  std::vector<Card> optimal;
  for (int code = 0; code < kCardCodes; ++code)
    if (a.scores[code] != kUnlisted) optimal.push_back(card_of_code(code));
  return optimal[rng_.below(static_cast<std::uint32_t>(optimal.size()))];
}

Position RobotTable::play(const Position& p, Card c) {
  if (p.trick_size() > 0 && c.suit != p.trick_card(0).suit)
    in_trick_[to_int(p.to_play())] |= std::uint8_t(1u << to_int(p.trick_card(0).suit));
  Position next = *p.play(c);
  if (next.trick_size() == 0) {
    for (int h = 0; h < kNumSeats; ++h) shown_[h] |= in_trick_[h];
    in_trick_ = {};
  }
  return next;
}

}  // namespace ddtb::bench
