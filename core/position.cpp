#include "ddtb/position.hpp"

#include <cctype>
#include <cstdio>
#include <string>
#include <vector>

namespace ddtb {

namespace {

Error syntax(std::string msg) {
  return Error{ErrorCode::kSyntax, std::move(msg)};
}

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

// "hand 2 (East)": which hand of the text, and whose it is.
std::string hand_label(int index, Seat seat) {
  return "hand " + std::to_string(index + 1) + " (" + seat_name(seat) + ")";
}

std::string quoted(char c) {
  if (std::isprint(static_cast<unsigned char>(c))) return std::string("'") + c + "'";
  char buf[8];
  std::snprintf(buf, sizeof buf, "0x%02x", static_cast<unsigned char>(c));
  return buf;
}

// The hand at text[i] up to the next space (i is left there): suits S.H.D.C
// separated by dots. `label` starts each message ("" or "hand 1 (North), ");
// `owner` (64 entries, -1 free) takes this hand's number `h` for its cards,
// and a card some earlier hand holds is an error naming that hand by
// `label_of(number)`. Character numbers count from the start of `text`.
template <class LabelOf>
Expected<CardSet> parse_hand_at(std::string_view text, std::size_t& i, const std::string& label,
                                std::vector<int>& owner, int h, LabelOf label_of) {
  const std::size_t n = text.size();
  auto col = [](std::size_t pos) { return "character " + std::to_string(pos + 1); };
  int suit = 0;
  CardSet hand;
  for (; i < n && !is_space(text[i]); ++i) {
    const char c = text[i];
    if (c == '.') {
      if (++suit > 3)
        return syntax(label + col(i) + ": a hand has four suits (S.H.D.C), this is a fifth");
      continue;
    }
    int rank;
    if (c == '1' && i + 1 < n && text[i + 1] == '0') {
      rank = 10;
      ++i;
    } else if (auto r = rank_from_letter(c)) {
      rank = *r;
    } else {
      return syntax(label + col(i) + ": " + quoted(c) + " is not a rank (2-9, T, J, Q, K, A)");
    }
    const Card card{suit_from_int(suit), static_cast<std::uint8_t>(rank)};
    const int prev = owner[card.index()];
    if (prev >= 0) {
      const std::string where = prev == h ? "twice in this hand" : "also in " + label_of(prev);
      return Error{ErrorCode::kDuplicateCard,
                   label + col(i) + ": card " + to_string(card) + " is " + where};
    }
    owner[card.index()] = h;
    hand.insert(card);
  }
  if (suit != 3) {
    const std::string who = label.empty() ? "the hand" : label.substr(0, label.size() - 2);
    return syntax(who + ": has " + std::to_string(suit + 1) +
                  " suits; a hand is four suits separated by '.' (S.H.D.C)");
  }
  return hand;
}

}  // namespace

Expected<CardSet> parse_pbn_hand(std::string_view text) {
  std::size_t i = 0;
  while (i < text.size() && is_space(text[i])) ++i;
  std::vector<int> owner(64, -1);
  auto hand = parse_hand_at(text, i, "", owner, 0, [](int) { return std::string(); });
  if (!hand) return hand.error();
  while (i < text.size() && is_space(text[i])) ++i;
  if (i < text.size())
    return syntax("character " + std::to_string(i + 1) + ": text after the hand");
  return hand;
}

Expected<Deal> Deal::from_hands(const std::array<CardSet, 4>& hands) {
  CardSet seen;
  for (int i = 0; i < 4; ++i) {
    const CardSet h = hands[i];
    if ((h.bits() & ~CardSet::kAllBits) != 0)
      return Error{ErrorCode::kBadArgument, std::string(seat_name(seat_from_int(i))) +
                                                "'s hand holds bits that are no card"};
    if (seen.intersects(h)) {
      const Card dup = *(seen & h).begin();
      return Error{ErrorCode::kDuplicateCard, "card " + to_string(dup) + " is in " +
                                                  seat_name(seat_from_int(i)) +
                                                  "'s hand and in another hand"};
    }
    seen |= h;
  }
  const int n = hands[0].size();
  for (int i = 1; i < 4; ++i) {
    if (hands[i].size() != n)
      return Error{ErrorCode::kCardCount, std::string("hands differ in size: North ") +
                                              std::to_string(hands[0].size()) + ", East " +
                                              std::to_string(hands[1].size()) + ", South " +
                                              std::to_string(hands[2].size()) + ", West " +
                                              std::to_string(hands[3].size())};
  }
  if (n == 0) return Error{ErrorCode::kCardCount, "the deal has no cards"};
  return Deal(hands);
}

namespace {

// The four hands of a deal's text, indexed by seat; a hand given as "-" is
// empty when `hidden` allows it (a partial deal), else an error. Each hand
// at most 13 cards; equal sizes are the caller's check.
Expected<std::array<CardSet, 4>> parse_deal_hands(std::string_view text, bool hidden, Seat& first) {
  std::size_t i = 0;
  const std::size_t n = text.size();
  while (i < n && is_space(text[i])) ++i;
  auto col = [](std::size_t pos) { return "character " + std::to_string(pos + 1); };

  first = Seat::North;
  if (i + 1 < n && text[i + 1] == ':') {
    auto s = seat_from_letter(text[i]);
    if (!s)
      return syntax(col(i) + ": " + quoted(text[i]) +
                    " is not a seat; a deal starts with N:, E:, S: or W:");
    first = *s;
    i += 2;
  } else if (i < n && text[i] == ':') {
    return syntax(col(i) + ": a seat letter (N, E, S or W) must come before ':'");
  }

  std::array<CardSet, 4> hands{};
  std::vector<int> owner(64, -1);
  int h = 0;
  while (true) {
    while (i < n && is_space(text[i])) ++i;
    if (i >= n) break;
    if (h == 4) return syntax(col(i) + ": more than four hands (text after the fourth hand)");
    const Seat seat = next_seat(first, h);
    const std::string label = hand_label(h, seat);
    if (text[i] == '-' && (i + 1 >= n || is_space(text[i + 1]))) {
      if (!hidden)
        return Error{ErrorCode::kCardCount,
                     label + " is unknown ('-'); solving needs all four hands"};
      ++i;
      ++h;
      continue;
    }
    auto hand = parse_hand_at(text, i, label + ", ", owner, h, [&](int other) {
      return hand_label(other, next_seat(first, other));
    });
    if (!hand) return hand.error();
    hands[to_int(seat)] = *hand;
    ++h;
  }
  if (h < 4)
    return syntax(std::string("a deal has four hands separated by spaces") +
                  (hidden ? " (a hidden one as '-')" : "") + "; found " + std::to_string(h));

  for (int k = 0; k < 4; ++k) {
    const Seat seat = next_seat(first, k);
    if (hands[to_int(seat)].size() > 13)
      return Error{ErrorCode::kCardCount, hand_label(k, seat) + " has " +
                                              std::to_string(hands[to_int(seat)].size()) +
                                              " cards; at most 13"};
  }
  return hands;
}

}  // namespace

Expected<Deal> parse_pbn_deal(std::string_view text) {
  Seat first;
  auto parsed = parse_deal_hands(text, false, first);
  if (!parsed) return parsed.error();
  const std::array<CardSet, 4>& hands = *parsed;
  const int size0 = hands[to_int(first)].size();
  for (int k = 1; k < 4; ++k) {
    const Seat seat = next_seat(first, k);
    const int sz = hands[to_int(seat)].size();
    if (sz != size0)
      return Error{ErrorCode::kCardCount, hand_label(k, seat) + " has " + std::to_string(sz) +
                                              " cards but " + hand_label(0, first) + " has " +
                                              std::to_string(size0) +
                                              "; all hands must have the same number of cards"};
  }
  if (size0 == 0) return Error{ErrorCode::kCardCount, "the deal has no cards"};
  return Deal::from_hands(hands);
}

Expected<std::array<CardSet, 4>> parse_partial_deal(std::string_view text) {
  Seat first;
  return parse_deal_hands(text, true, first);
}

std::string to_pbn(const Deal& deal, Seat first) {
  std::string out{seat_letter(first), ':'};
  for (int k = 0; k < 4; ++k) {
    if (k) out += ' ';
    out += to_pbn(deal.hand(next_seat(first, k)));
  }
  return out;
}

Expected<Position> Position::make_as_played(const std::array<CardSet, 4>& hands, Strain trump,
                                            Seat leader, std::span<const Card> trick) {
  auto bad = [](ErrorCode c, std::string m) { return Error{c, std::move(m)}; };
  if (to_int(trump) > 4) return bad(ErrorCode::kBadArgument, "strain out of range");
  if (to_int(leader) > 3) return bad(ErrorCode::kBadArgument, "leader out of range");
  if (trick.size() > 3)
    return bad(ErrorCode::kBadTrick,
               "a trick in progress has 0 to 3 cards, not " + std::to_string(trick.size()));

  CardSet seen;
  for (int i = 0; i < 4; ++i) {
    const CardSet h = hands[i];
    if ((h.bits() & ~CardSet::kAllBits) != 0)
      return bad(ErrorCode::kBadArgument,
                 std::string(seat_name(seat_from_int(i))) + "'s hand holds bits that are no card");
    if (seen.intersects(h))
      return bad(ErrorCode::kDuplicateCard, "card " + to_string(*(seen & h).begin()) + " is in " +
                                                seat_name(seat_from_int(i)) +
                                                "'s hand and in another hand");
    seen |= h;
  }
  for (std::size_t i = 0; i < trick.size(); ++i) {
    const Card c = trick[i];
    const Seat who = next_seat(leader, static_cast<int>(i));
    if (!c.valid())
      return bad(ErrorCode::kBadTrick,
                 "card " + std::to_string(i + 1) + " of the current trick is not a card");
    if (seen.contains(c))
      return bad(ErrorCode::kDuplicateCard, "card " + to_string(c) + ", played to the trick by " +
                                                seat_name(who) + ", is still in a hand");
    seen.insert(c);
  }

  const int played = static_cast<int>(trick.size());
  const int m = hands[to_int(next_seat(leader, played))].size() - (played ? 1 : 0);
  // Seats leader..leader+played-1 hold m cards, the others m + 1 (m if the
  // trick has not started).
  for (int k = 0; k < 4; ++k) {
    const Seat s = next_seat(leader, k);
    const int want = k < played ? m : m + (played ? 1 : 0);
    const int have = hands[to_int(s)].size();
    if (have != want || want < 0) {
      std::string why = played ? std::string(seat_name(leader)) + " led and " +
                                     std::to_string(played) + " card(s) are on the table"
                               : "at the start of a trick all hands are equal";
      return bad(ErrorCode::kCardCount, std::string(seat_name(s)) + " holds " +
                                            std::to_string(have) + " cards; expected " +
                                            std::to_string(want < 0 ? 0 : want) + " (" + why + ")");
    }
  }
  if (played == 0 && m < 1) return bad(ErrorCode::kCardCount, "no cards left to play");
  if (m > 13) return bad(ErrorCode::kCardCount, "more than 13 cards in a hand");

  Position p;
  p.hands_ = hands;
  p.trump_ = trump;
  p.leader_ = leader;
  p.trick_size_ = static_cast<std::uint8_t>(played);
  for (int i = 0; i < played; ++i) p.trick_[i] = trick[i];
  return p;
}

Expected<Position> Position::make(const std::array<CardSet, 4>& hands, Strain trump, Seat leader,
                                  std::span<const Card> trick) {
  auto p = make_as_played(hands, trump, leader, trick);
  if (!p) return p;
  for (int i = 1; i < p->trick_size(); ++i) {
    const Suit led = trick[0].suit;
    const Seat who = next_seat(leader, i);
    if (trick[i].suit != led && hands[to_int(who)].count(led) > 0)
      return Error{ErrorCode::kBadTrick, std::string(seat_name(who)) + " played " +
                                             to_string(trick[i]) + " to a " + suit_letter(led) +
                                             " lead while holding " + suit_letter(led) +
                                             " (a revoke)"};
  }
  return p;
}

Position Position::at_trick_start(const Deal& deal, Strain trump, Seat leader) {
  Position p;
  p.hands_ = deal.hands();
  p.trump_ = trump;
  p.leader_ = leader;
  return p;
}

int Position::cards_in_hands() const {
  return hands_[0].size() + hands_[1].size() + hands_[2].size() + hands_[3].size();
}

CardSet Position::legal_cards() const {
  const CardSet hand = hands_[to_int(to_play())];
  if (trick_size_ == 0) return hand;
  const CardSet follow = hand.suit(trick_[0].suit);
  return follow.empty() ? hand : follow;
}

Seat Position::trick_winner(Seat leader, const std::array<Card, 4>& cards, Strain trump) {
  int win = 0;
  const auto t = trump_suit(trump);
  for (int i = 1; i < 4; ++i) {
    const Card c = cards[i], w = cards[win];
    const bool better = c.suit == w.suit ? c.rank > w.rank : (t && c.suit == *t);
    if (better) win = i;
  }
  return next_seat(leader, win);
}

Expected<Position> Position::play(Card c) const {
  if (!c.valid()) return Error{ErrorCode::kBadArgument, "not a card"};
  const Seat who = to_play();
  if (!legal_cards().contains(c)) {
    const std::string why =
        hands_[to_int(who)].contains(c) ? " must follow suit" : " does not hold " + to_string(c);
    return Error{ErrorCode::kBadTrick,
                 "illegal card " + to_string(c) + ": " + seat_name(who) + why};
  }
  Position next = *this;
  next.hands_[to_int(who)].erase(c);
  if (trick_size_ < 3) {
    next.trick_[trick_size_] = c;
    next.trick_size_ = static_cast<std::uint8_t>(trick_size_ + 1);
    return next;
  }
  const std::array<Card, 4> cards{trick_[0], trick_[1], trick_[2], c};
  next.leader_ = trick_winner(leader_, cards, trump_);
  next.trick_size_ = 0;
  next.trick_ = {};
  return next;
}

}  // namespace ddtb
