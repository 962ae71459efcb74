#include "tests/support/golden_data.hpp"

#include <charconv>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace ddtb::test {
namespace {

std::vector<std::string_view> words(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\r')) ++i;
    const std::size_t start = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\r') ++i;
    if (i > start) out.push_back(line.substr(start, i - start));
  }
  return out;
}

// The integer `w` within [lo, hi], or false.
bool to_int(std::string_view w, int lo, int hi, int& out) {
  const auto [end, ec] = std::from_chars(w.data(), w.data() + w.size(), out);
  return ec == std::errc() && end == w.data() + w.size() && !w.empty() && out >= lo && out <= hi;
}

Error corrupt(const std::string& path, int line, const std::string& what) {
  return Error{ErrorCode::kCorruptData, path + " line " + std::to_string(line) + ": " + what};
}

Expected<std::string> read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return Error{ErrorCode::kIo, "cannot open golden file " + path +
                                     " (the project's own, tests/data/golden/; a damaged "
                                     "checkout?)"};
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The file's non-blank lines with their numbers, after a checked
// "NUMBER n" line; `count` gets n.
Expected<std::vector<std::pair<int, std::string>>> numbered_lines(const std::string& path,
                                                                  int& count) {
  const auto text = read_text(path);
  if (!text) return text.error();
  std::vector<std::pair<int, std::string>> lines;
  std::istringstream in(*text);
  std::string line;
  for (int n = 1; std::getline(in, line); ++n)
    if (!words(line).empty()) lines.emplace_back(n, line);
  if (lines.empty()) return corrupt(path, 1, "empty file; expected a NUMBER line");
  const auto head = words(lines.front().second);
  if (head.size() != 2 || head[0] != "NUMBER" || !to_int(head[1], 0, 1000000, count))
    return corrupt(path, lines.front().first, "expected \"NUMBER <count>\"");
  lines.erase(lines.begin());
  return lines;
}

// The groups of a SOLVE line from word `at` on: "n s.. r.. e.. c..".
bool read_groups(const std::vector<std::string_view>& w, std::size_t at,
                 std::vector<RefCardGroup>& out, std::string& why) {
  int n = 0;
  if (at >= w.size() || !to_int(w[at], 0, 13, n) || w.size() != at + 1 + 4 * std::size_t(n)) {
    why = "expected a card count 0..13 and four values a group";
    return false;
  }
  for (int i = 0; i < n; ++i) {
    int suit = 0, rank = 0, equals = 0, tricks = 0;
    const auto field = [&](int k) { return w[at + 1 + std::size_t(k * n + i)]; };
    if (!to_int(field(0), 0, 3, suit) || !to_int(field(1), 2, 14, rank) ||
        !to_int(field(2), 0, 0x7ffc, equals) || !to_int(field(3), 0, 13, tricks) ||
        (equals & ~0x7ffc) != 0 || (equals >> rank) != 0) {
      why = "group " + std::to_string(i + 1) + " is not a card run with a score";
      return false;
    }
    out.push_back(
        RefCardGroup{suit_from_int(suit), rank, static_cast<std::uint16_t>(equals), tricks});
  }
  return true;
}

}  // namespace

std::string golden_path(std::string_view name) {
  return std::string(DDTB_GOLDEN_DIR) + "/" + std::string(name);
}

Expected<std::vector<RefDeal>> read_golden_deals() {
  const std::string path = golden_path("deals.txt");
  const auto text = read_text(path);
  if (!text) return text.error();
  return parse_ref_text(*text, path);
}

const std::vector<RefDeal>& golden_deals() {
  static const Expected<std::vector<RefDeal>> deals = read_golden_deals();
  if (!deals) throw std::runtime_error(deals.error().message);
  return *deals;
}

Expected<Position> position_after(const RefDeal& d, int played) {
  if (played < 0 || played > static_cast<int>(d.play.size()))
    return Error{ErrorCode::kBadArgument, "the play has " + std::to_string(d.play.size()) +
                                              " cards, not " + std::to_string(played)};
  Position p = d.start();
  for (int i = 0; i < played; ++i) {
    auto next = p.play(d.play[static_cast<std::size_t>(i)]);
    if (!next) return next.error();
    p = *next;
  }
  if (p.cards_in_hands() == 0) return Error{ErrorCode::kBadArgument, "no card is left to play"};
  return p;
}

Expected<std::vector<GoldenSolve>> read_golden_solves(const std::string& path,
                                                      const std::vector<RefDeal>& deals) {
  int count = 0;
  const auto lines = numbered_lines(path, count);
  if (!lines) return lines.error();
  std::vector<GoldenSolve> out;
  for (const auto& [n, line] : *lines) {
    const auto w = words(line);
    GoldenSolve s;
    s.line = n;
    std::string why;
    if (w.size() < 5 || w[0] != "SOLVE" ||
        !to_int(w[1], 1, static_cast<int>(deals.size()), s.deal) ||
        !to_int(w[2], 0, 52, s.played) || !to_int(w[3], 1, 3, s.solutions))
      return corrupt(path, n, "expected \"SOLVE <deal> <cards played> <solutions 1..3> ...\"");
    if (!read_groups(w, 4, s.groups, why)) return corrupt(path, n, why);
    if (const auto p = position_after(deals[std::size_t(s.deal - 1)], s.played); !p)
      return corrupt(path, n, "no such position: " + p.error().message);
    out.push_back(std::move(s));
  }
  if (static_cast<int>(out.size()) != count)
    return Error{ErrorCode::kCorruptData, path + ": NUMBER says " + std::to_string(count) +
                                              " lines, the file has " + std::to_string(out.size())};
  return out;
}

Expected<std::vector<GoldenParGroup>> read_golden_par(const std::string& path) {
  int count = 0;
  const auto lines = numbered_lines(path, count);
  if (!lines) return lines.error();
  std::vector<GoldenParGroup> out;
  for (const auto& [n, line] : *lines) {
    const auto w = words(line);
    int deal = 0, vul = 0;
    if (w.size() < 3 || !to_int(w[1], 1, 100000, deal) || !to_int(w[2], 0, 3, vul))
      return corrupt(path, n, "expected \"<KEYWORD> <deal> <vulnerability 0..3> ...\"");
    if (out.empty() || out.back().deal != deal || out.back().vulnerability != vul)
      out.push_back(GoldenParGroup{n, deal, vul, {}});
    out.back().lines.push_back(line);
  }
  if (static_cast<int>(out.size()) != count)
    return Error{ErrorCode::kCorruptData, path + ": NUMBER says " + std::to_string(count) +
                                              " tables, the file has " +
                                              std::to_string(out.size())};
  return out;
}

}  // namespace ddtb::test
