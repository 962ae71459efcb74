// Fuzz target: the deal parser and the position factories of
// include/ddtb/position.hpp, then play and solve what they accept.
//
// Two kinds of input:
//   - text (anything not starting with 0xff): parse_pbn_deal(). A deal it
//     accepts must have four disjoint hands of equal size and read back the
//     same from to_pbn() from every seat; an error must be one of the
//     documented codes with a message. parse_partial_deal() on the same
//     text must agree with it (check_partial).
//   - 0xff, then binary fields: four raw 64-bit hands (any bits), trump,
//     leader and up to four trick cards (any suit and rank bytes) for
//     Position::make and Deal::from_hands, whose verdicts are checked
//     against the rules written out again here (valid() below).
// Every position accepted is played on with cards picked by the remaining
// bytes (legal ones must be accepted, others refused, the trick winner must
// lead), and a position of at most kSolvedTricks tricks is solved by the
// Solver and by the brute-force reference of tests/support, which must
// agree card by card.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ddtb/position.hpp"
#include "ddtb/solver.hpp"
#include "tests/fuzz/fuzz_check.hpp"
#include "tests/support/reference.hpp"

namespace ddtb::fuzz {
namespace {

constexpr int kSolvedTricks = 3;
constexpr std::uint8_t kBinaryMode = 0xff;

Solver& solver() {
  static Solver s([] {
    SolverOptions o;
    o.tt_memory_bytes = kMinTtMemoryBytes;
    return o;
  }());
  return s;
}

void check_solve(const Position& p) {
  if (p.tricks_left() > kSolvedTricks) return;
  const SolveResult got = solver().solve(p);
  const test::ReferenceResult want = test::reference_solve(p);
  const std::string where = test::describe(p);
  DDTB_FUZZ_CHECK(got.tricks == want.tricks, "max tricks of " + where);
  DDTB_FUZZ_CHECK(solver().max_tricks(p) == want.tricks, "max_tricks() of " + where);
  std::array<int, 64> score;
  score.fill(-1);
  for (const CardScore& c : got.cards) {
    score[c.card.index()] = c.tricks;
    for (int r = kMinRank; r <= kMaxRank; ++r)
      if (c.equals >> r & 1)
        score[Card{c.card.suit, static_cast<std::uint8_t>(r)}.index()] = c.tricks;
  }
  for (const test::ReferenceCard& c : want.cards)
    DDTB_FUZZ_CHECK(score[c.card.index()] == c.tricks,
                    "score of " + to_string(c.card) + " in " + where);
}

// Plays cards chosen by the input from `p` to the end (or until the input
// runs out), checking the rules of play() on the way.
void play_on(Position p, Bytes& in) {
  check_solve(p);
  while (!in.empty() && p.cards_in_hands() > 0) {
    const CardSet legal = p.legal_cards();
    const CardSet hand = p.hand(p.to_play());
    DDTB_FUZZ_CHECK(!legal.empty() && hand.contains_all(legal), "legal cards");
    const std::uint8_t pick = in.u8();
    if (pick & 0x80) {
      // Any card: play() must accept it exactly when it is legal.
      const Card c{static_cast<Suit>(pick >> 4 & 3), static_cast<std::uint8_t>(pick & 15)};
      const bool ok = c.valid() && legal.contains(c);
      DDTB_FUZZ_CHECK(p.play(c).has_value() == ok, "play() of " + std::to_string(pick));
      if (!ok) continue;
    }
    int k = pick % legal.size();
    Card card{};
    for (const Card c : legal)
      if (k-- == 0) card = c;
    const int before = p.cards_in_hands();
    const int trick = p.trick_size();
    std::array<Card, 4> cards{};
    for (int i = 0; i < trick; ++i) cards[i] = p.trick_card(i);
    cards[trick] = card;
    const Seat leader = p.leader();
    auto next = p.play(card);
    DDTB_FUZZ_CHECK(next.has_value(), "legal card " + to_string(card) + " refused");
    DDTB_FUZZ_CHECK(next->cards_in_hands() == before - 1, "cards after a play");
    if (trick == 3) {
      DDTB_FUZZ_CHECK(next->trick_size() == 0, "trick not complete after four cards");
      DDTB_FUZZ_CHECK(next->leader() == Position::trick_winner(leader, cards, p.trump()),
                      "the trick's winner does not lead");
    } else {
      DDTB_FUZZ_CHECK(next->trick_size() == trick + 1 && next->leader() == leader, "trick");
    }
    p = *next;
    if (p.trick_size() == 0) check_solve(p);
  }
}

// An error of the deal reader: one of its documented codes, with a message.
void check_reader_error(const Error& e) {
  DDTB_FUZZ_CHECK(e.code == ErrorCode::kSyntax || e.code == ErrorCode::kCardCount ||
                      e.code == ErrorCode::kDuplicateCard,
                  "unexpected error code: " + e.message);
  DDTB_FUZZ_CHECK(!e.message.empty(), "an error without a message");
}

// parse_partial_deal on the same text: the same reader with hidden hands
// allowed. What it accepts has disjoint hands of at most 13 cards, and a
// deal parse_pbn_deal accepts reads as the same hands.
void check_partial(std::string_view text, const Expected<Deal>& deal) {
  const auto partial = parse_partial_deal(text);
  if (!partial) {
    check_reader_error(partial.error());
    DDTB_FUZZ_CHECK(!deal, "a deal read whole but not as a partial deal");
    return;
  }
  CardSet all;
  for (int s = 0; s < kNumSeats; ++s) {
    const CardSet h = (*partial)[s];
    DDTB_FUZZ_CHECK(h.size() <= kNumTricks && !all.intersects(h), "partial deal's hands");
    DDTB_FUZZ_CHECK((h.bits() & ~CardSet::kAllBits) == 0, "bits that are no card");
    all |= h;
    if (deal) DDTB_FUZZ_CHECK(h == deal->hand(seat_from_int(s)), "partial deal's hand differs");
  }
}

void text_mode(std::string_view text, Bytes& rest) {
  const Expected<Deal> deal = parse_pbn_deal(text);
  check_partial(text, deal);
  if (!deal) {
    check_reader_error(deal.error());
    return;
  }
  const int n = deal->tricks_left();
  DDTB_FUZZ_CHECK(n >= 1 && n <= kNumTricks, "tricks left " + std::to_string(n));
  CardSet all;
  for (int s = 0; s < kNumSeats; ++s) {
    const CardSet h = deal->hand(seat_from_int(s));
    DDTB_FUZZ_CHECK(h.size() == n && !all.intersects(h), "hands");
    DDTB_FUZZ_CHECK((h.bits() & ~CardSet::kAllBits) == 0, "bits that are no card");
    all |= h;
  }
  for (int s = 0; s < kNumSeats; ++s) {
    const std::string pbn = to_pbn(*deal, seat_from_int(s));
    const Expected<Deal> again = parse_pbn_deal(pbn);
    DDTB_FUZZ_CHECK(again && *again == *deal, "to_pbn() does not read back: " + pbn);
  }
  // One strain and leader per input keeps the solving cheap.
  const std::uint8_t pick = rest.u8();
  play_on(Position::at_trick_start(*deal, strain_from_int(pick % 5), seat_from_int(pick / 5)),
          rest);
}

// The rules of Position::make written out again, as plainly as possible.
bool valid(const std::array<CardSet, 4>& hands, Strain trump, Seat leader,
           const std::vector<Card>& trick) {
  if (to_int(trump) > 4 || to_int(leader) > 3 || trick.size() > 3) return false;
  CardSet seen;
  for (const CardSet& h : hands) {
    if ((h.bits() & ~CardSet::kAllBits) || seen.intersects(h)) return false;
    seen |= h;
  }
  for (const Card& c : trick) {
    if (to_int(c.suit) > 3 || c.rank < 2 || c.rank > 14 || seen.contains(c)) return false;
    seen.insert(c);
  }
  const int played = static_cast<int>(trick.size());
  std::array<int, 4> size{};
  for (int k = 0; k < 4; ++k) size[k] = hands[to_int(next_seat(leader, k))].size();
  // The seats that played hold one card fewer than those still to play (the
  // last seat of a trick never has played to it); someone has a card to play.
  for (int k = 0; k < 4; ++k)
    if (size[k] != size[3] - (k < played ? 1 : 0)) return false;
  if (size[3] < 1 || size[3] - (played ? 1 : 0) > 13) return false;
  for (int k = 1; k < played; ++k)
    if (trick[k].suit != trick[0].suit && hands[to_int(next_seat(leader, k))].count(trick[0].suit))
      return false;
  return true;
}

void binary_mode(Bytes& in) {
  std::array<CardSet, 4> hands;
  for (CardSet& h : hands) {
    // Mostly real cards (so that valid positions come up), sometimes any bits.
    const std::uint64_t bits = in.u64();
    h = CardSet(in.u8() == 0xff ? bits : bits & CardSet::kAllBits);
  }
  const auto trump = static_cast<Strain>(in.u8() % 6);
  const auto leader = static_cast<Seat>(in.u8() % 5);
  std::vector<Card> trick(in.u8() % 5);
  for (Card& c : trick) {
    c.suit = static_cast<Suit>(in.u8() % 5);
    c.rank = in.u8() % 16;
  }
  const Expected<Position> p = Position::make(hands, trump, leader, trick);
  DDTB_FUZZ_CHECK(p.has_value() == valid(hands, trump, leader, trick),
                  p ? std::string("accepted an invalid position") : p.error().message);
  if (p) {
    DDTB_FUZZ_CHECK(p->trick_size() == static_cast<int>(trick.size()), "trick size");
    play_on(*p, in);
  }
  const Expected<Deal> d = Deal::from_hands(hands);
  const bool deal_ok = valid(hands, Strain::NoTrump, Seat::North, {});
  DDTB_FUZZ_CHECK(d.has_value() == deal_ok, d ? std::string("accepted") : d.error().message);
}

}  // namespace
}  // namespace ddtb::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace ddtb::fuzz;
  if (size > 0 && data[0] == kBinaryMode) {
    Bytes in(data + 1, size - 1);
    binary_mode(in);
    return 0;
  }
  // Text up to the first NUL is the deal; what follows picks the strain,
  // the leader and the cards to play.
  std::size_t end = 0;
  while (end < size && data[end] != 0) ++end;
  Bytes rest(data + end, size - end);
  rest.u8();  // the NUL
  text_mode(std::string_view(reinterpret_cast<const char*>(data), end), rest);
  return 0;
}
