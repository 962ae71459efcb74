#include "bench/order_positions.hpp"

#include <sstream>

#include "bench/random_deals.hpp"

namespace ddtb::bench {

std::vector<Root> random_roots(std::uint64_t seed, int first, int count, int later) {
  std::vector<Root> out;
  for (int k = first; k < first + count; ++k) {
    test::Rng rng = deal_rng(seed, k);
    const Deal deal = test::random_deal(rng);
    const int pick = static_cast<int>(rng.below(8));  // 0-3 no trump, 4-7 a suit
    const Strain strain = pick < 4 ? Strain::NoTrump : strain_from_int(pick - 4);
    const Seat leader = seat_from_int(static_cast<int>(rng.below(kNumSeats)));
    Position p = Position::at_trick_start(deal, strain, leader);
    // Later in the play: 4 to 31 random cards played first.
    if (static_cast<int>(rng.below(100)) < later)
      p = random_descendant(p, 4 + static_cast<int>(rng.below(28)), rng);
    out.push_back({p, RootSource::kRandom, 1});
  }
  return out;
}

namespace {

// The position of board `b` of a replay call, or nothing when its hands or
// trick do not make one.
std::optional<Position> replay_position(const ReplayCall& call, std::size_t b) {
  const std::string& text = call.hands_pbn[b];
  if (text.size() < 2 || text[1] != ':') return std::nullopt;
  const auto first = seat_from_letter(text[0]);
  if (!first) return std::nullopt;
  std::istringstream in(text.substr(2));
  std::array<CardSet, 4> hands;
  for (int i = 0; i < 4; ++i) {
    std::string word;
    if (!(in >> word)) return std::nullopt;
    auto hand = parse_pbn_hand(word);
    if (!hand) return std::nullopt;
    hands[to_int(next_seat(*first, i))] = *hand;
  }
  std::vector<Card> trick;
  for (const int code : call.current_trick)
    trick.push_back(Card{suit_from_int(code / 13), static_cast<std::uint8_t>(14 - code % 13)});
  const Strain strain = call.strain_i == 0 ? Strain::NoTrump : strain_from_int(call.strain_i - 1);
  auto p = Position::make(hands, strain, seat_from_int(call.leader_i), trick);
  if (!p) return std::nullopt;
  return *p;
}

}  // namespace

std::vector<Root> replay_roots(const ReplayWorkload& w, int stride) {
  std::vector<Root> out;
  for (const ReplayCall& call : w.calls)
    for (std::size_t b = 0; b < call.hands_pbn.size(); b += std::size_t(stride))
      if (auto p = replay_position(call, b))
        out.push_back({*p, RootSource::kReplay, call.solutions == 3 ? 3 : 1});
  return out;
}

Position random_descendant(const Position& root, int plies, test::Rng& rng) {
  Position p = root;
  for (int i = 0; i < plies; ++i) {
    const CardSet legal = p.legal_cards();
    if (legal.empty()) break;
    int pick = static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())));
    for (const Card c : legal)
      if (pick-- == 0) {
        p = *p.play(c);
        break;
      }
  }
  return p;
}

RawNode raw_node(const Position& p) {
  using namespace detail;
  RawNode n;
  for (int s = 0; s < 4; ++s) n.hands[std::size_t(s)] = p.hand(seat_from_int(s)).bits();
  n.trump = to_int(p.trump());
  TrickView& v = n.view;
  v.leader = to_int(p.leader());
  v.pos = p.trick_size();
  v.start = n.hands[0] | n.hands[1] | n.hands[2] | n.hands[3];
  v.lead_suit = 0;
  v.win_card = -1;
  v.win_seat = v.leader;
  int win_pos = 0;
  for (int i = 0; i < p.trick_size(); ++i) {
    const int card = p.trick_card(i).index();
    v.start |= bit_of(card);
    if (i == 0) v.lead_suit = suit_of(card);
    if (i > 0 && beats(card, p.trick_card(win_pos).index(), n.trump)) win_pos = i;
  }
  if (p.trick_size() > 0) {
    v.win_card = p.trick_card(win_pos).index();
    v.win_seat = (v.leader + win_pos) & 3;
  }
  n.choices = choices_of(legal_cards(n.hands, v), v, true);
  return n;
}

}  // namespace ddtb::bench
