// The text of a deal with hidden or partly known hands
// (include/ddtb/single_dummy.hpp, parse_partial_deal).
#include <string>
#include <vector>

#include "ddtb/single_dummy.hpp"

namespace ddtb {

namespace {

Error syntax(const std::string& what) {
  return Error{ErrorCode::kSyntax, what};
}

}  // namespace

Expected<std::array<CardSet, 4>> parse_partial_deal(std::string_view text) {
  Seat first = Seat::North;
  std::string_view rest = text;
  if (rest.size() >= 2 && rest[1] == ':') {
    const auto s = seat_from_letter(rest[0]);
    if (!s) return syntax("the deal's first seat must be N, E, S or W");
    first = *s;
    rest.remove_prefix(2);
  }
  std::vector<std::string_view> hands;
  for (std::size_t i = 0, from = 0; i <= rest.size(); ++i)
    if (i == rest.size() || rest[i] == ' ') {
      if (i > from) hands.push_back(rest.substr(from, i - from));
      from = i + 1;
    }
  if (hands.size() != 4)
    return syntax("a deal needs four hands (a hidden one as '-'), got " +
                  std::to_string(hands.size()));
  std::array<CardSet, 4> out{};
  CardSet seen;
  for (int i = 0; i < 4; ++i) {
    const Seat seat = next_seat(first, i);
    if (hands[i] == "-") continue;
    const auto h = parse_pbn_hand(hands[i]);
    if (!h) return syntax(to_string(seat) + "'s hand: " + h.error().message);
    if (h->size() > 13)
      return syntax(to_string(seat) + "'s hand has " + std::to_string(h->size()) + " cards");
    if (h->intersects(seen))
      return syntax(to_string(seat) + "'s hand repeats " + to_string(*(*h & seen).begin()));
    seen = seen | *h;
    out[static_cast<std::size_t>(to_int(seat))] = *h;
  }
  return out;
}

}  // namespace ddtb
