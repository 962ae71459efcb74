#include "bench/ref_list.hpp"

#include <fstream>
#include <optional>
#include <sstream>

namespace ddtb::bench {

namespace {

[[noreturn]] void fail(const std::string& path, int line, const std::string& what) {
  throw RefListError(path + ":" + std::to_string(line) + ": " + what);
}

// Reads `n` integers from `in` into `out`, false when short.
template <class T>
bool read_ints(std::istringstream& in, int n, std::vector<T>& out) {
  out.resize(n);
  for (auto& v : out)
    if (!(in >> v)) return false;
  return true;
}

}  // namespace

std::vector<RefDeal> read_ref_list(const std::string& path, int max_deals) {
  std::ifstream file(path);
  if (!file) throw RefListError("cannot open " + path);

  std::vector<RefDeal> out;
  std::optional<Deal> deal;
  std::optional<Position> position;
  std::optional<SolveResult> fut;
  std::string text;
  int line_no = 0;
  while (std::getline(file, text) && (max_deals < 0 || int(out.size()) < max_deals)) {
    ++line_no;
    std::istringstream in(text);
    std::string tag;
    in >> tag;
    if (tag == "PBN") {
      int dealer, vul, trump, first;
      if (!(in >> dealer >> vul >> trump >> first) || trump < 0 || trump > 4 || first < 0 ||
          first > 3)
        fail(path, line_no, "bad PBN line");
      const auto open = text.find('"'), close = text.rfind('"');
      if (open == std::string::npos || close <= open) fail(path, line_no, "no quoted deal");
      auto parsed = parse_pbn_deal(text.substr(open + 1, close - open - 1));
      if (!parsed) fail(path, line_no, parsed.error().message);
      if (parsed->tricks_left() != kNumTricks) fail(path, line_no, "not a full deal");
      deal = *parsed;
      position = Position::at_trick_start(*deal, strain_from_int(trump), seat_from_int(first));
      fut.reset();
    } else if (tag == "FUT") {
      if (!deal) fail(path, line_no, "FUT before PBN");
      int n;
      std::vector<int> suits, ranks, equals, scores;
      if (!(in >> n) || n < 1 || n > kNumTricks || !read_ints(in, n, suits) ||
          !read_ints(in, n, ranks) || !read_ints(in, n, equals) || !read_ints(in, n, scores))
        fail(path, line_no, "bad FUT line");
      SolveResult r;
      for (int i = 0; i < n; ++i)
        r.cards.push_back(CardScore{Card{suit_from_int(suits[i] & 3), std::uint8_t(ranks[i])},
                                    std::uint16_t(equals[i]), scores[i]});
      r.tricks = scores[0];
      fut = r;
    } else if (tag == "TABLE") {
      if (!deal || !fut) fail(path, line_no, "TABLE before PBN and FUT");
      std::vector<int> v;
      if (!read_ints(in, 20, v)) fail(path, line_no, "bad TABLE line");
      DdTable t;
      for (int i = 0; i < 20; ++i) t.tricks[i / 4][i % 4] = v[i];
      out.push_back(RefDeal{int(out.size()) + 1, *deal, *position, *fut, t});
      deal.reset();
    }
  }
  if (out.empty()) throw RefListError(path + ": no deals");
  return out;
}

}  // namespace ddtb::bench
