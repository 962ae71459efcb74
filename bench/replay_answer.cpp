#include "bench/replay_answer.hpp"

#include <algorithm>

namespace ddtb::bench {

BoardAnswer answer_of(const futureTricks& fut, int solutions) {
  BoardAnswer a;
  for (int i = 0; i < fut.cards && i < 13; ++i) {
    const int score = fut.score[i];
    a.max = static_cast<std::int8_t>(std::max<int>(a.max, score));
    if (solutions == 1) continue;
    const Suit suit = suit_from_int(fut.suit[i]);
    a.scores[card_code(Card{suit, static_cast<std::uint8_t>(fut.rank[i])})] =
        static_cast<std::int8_t>(score);
    for (int rank = kMinRank; rank <= kMaxRank; ++rank)
      if (fut.equals[i] & (1 << rank))
        a.scores[card_code(Card{suit, static_cast<std::uint8_t>(rank)})] =
            static_cast<std::int8_t>(score);
  }
  return a;
}

std::string describe_differences(
    const std::vector<std::pair<const char*, const BoardAnswer*>>& answers) {
  std::string out;
  // One entry: "NAME a 8 b 9"; `value(answer)` reads the entry's value.
  auto entry = [&](const std::string& name, auto&& value) {
    const int first = value(*answers.front().second);
    bool same = true;
    for (const auto& [who, answer] : answers) same = same && value(*answer) == first;
    if (same) return;
    if (!out.empty()) out += "; ";
    out += name;
    for (const auto& [who, answer] : answers) {
      const int v = value(*answer);
      out += std::string(" ") + who + " " + (v == kUnlisted ? std::string("-") : std::to_string(v));
    }
  };
  if (answers.empty()) return out;
  entry("max", [](const BoardAnswer& a) { return int(a.max); });
  for (int code = 0; code < kCardCodes; ++code)
    entry(to_string(card_of_code(code)),
          [code](const BoardAnswer& a) { return int(a.scores[code]); });
  return out;
}

}  // namespace ddtb::bench
