#include "tests/support/reference.hpp"

#include <algorithm>

namespace ddtb::test {

namespace {

int max_tricks(const Position& p);

// Tricks for the side of p.to_play() if it plays `c` now.
int card_score(const Position& p, Card c) {
  const Seat me = p.to_play();
  const Position next = *p.play(c);
  // A trick ends with this card exactly when it is the fourth one; the
  // trick's winner leads the next one.
  const int won = p.trick_size() == 3 && same_side(next.leader(), me) ? 1 : 0;
  const int left = next.tricks_left();  // whole tricks still to play after `c`
  if (left == 0) return won;
  const int theirs = max_tricks(next);  // for the side of next.to_play()
  return won + (same_side(next.to_play(), me) ? theirs : left - theirs);
}

int max_tricks(const Position& p) {
  int best = 0;
  for (const Card c : p.legal_cards()) best = std::max(best, card_score(p, c));
  return best;
}

}  // namespace

int reference_max_tricks(const Position& position) {
  return max_tricks(position);
}

ReferenceResult reference_solve(const Position& position) {
  ReferenceResult result;
  for (const Card c : position.legal_cards()) {
    const int score = card_score(position, c);
    result.cards.push_back(ReferenceCard{c, score});
    result.tricks = std::max(result.tricks, score);
  }
  return result;
}

std::string describe(const Position& position) {
  std::string out = "N:";
  for (int s = 0; s < 4; ++s) {
    if (s) out += ' ';
    out += to_pbn(position.hand(seat_from_int(s)));
  }
  out += " trick:";
  if (position.trick_size() == 0) out += " -";
  for (const Card c : position.trick()) out += ' ' + to_string(c);
  out += " strain: ";
  out += strain_letter(position.trump());
  out += " leader: ";
  out += seat_letter(position.leader());
  return out;
}

}  // namespace ddtb::test
