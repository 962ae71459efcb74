#include "bench/replay_file.hpp"

#include <algorithm>
#include <fstream>

#include "cli/json.hpp"
#include "cli/json_reader.hpp"

namespace ddtb::bench {

using cli::JsonSyntaxError;
using cli::JsonValue;

namespace {

constexpr std::size_t kMaxPbnChars = 79;  // dealPBN::remainCards holds 80 with its '\0'
constexpr int kMaxScore = 13;

// Builds messages "FILE:LINE:COLUMN: what" for one line.
class LineContext {
 public:
  LineContext(const std::string& path, int line) : path_(path), line_(line) {}
  [[noreturn]] void fail(int column, const std::string& what) const {
    throw ReplayFormatError(path_ + ":" + std::to_string(line_) + ":" + std::to_string(column) +
                            ": " + what);
  }
  [[noreturn]] void fail(const JsonValue& at, const std::string& what) const {
    fail(at.column, what);
  }

  // The member `key` of `record`; fails when it is missing.
  const JsonValue& member(const JsonValue& record, const char* key) const {
    const JsonValue* v = record.find(key);
    if (!v) fail(record, std::string("a solve record needs \"") + key + "\"");
    return *v;
  }
  int integer(const JsonValue& v, const char* what, int lo, int hi) const {
    if (!v.is_integer() || v.number < lo || v.number > hi)
      fail(v, std::string(what) + " must be an integer from " + std::to_string(lo) + " to " +
                  std::to_string(hi) + ", not " + describe(v));
    return static_cast<int>(v.number);
  }
  const std::vector<JsonValue>& array(const JsonValue& v, const char* what) const {
    if (v.kind != JsonValue::Kind::kArray) fail(v, std::string(what) + " must be an array");
    return v.items;
  }

 private:
  static std::string describe(const JsonValue& v) {
    if (v.kind == JsonValue::Kind::kNumber) {
      char buf[32];
      std::snprintf(buf, sizeof buf, "%g", v.number);
      return buf;
    }
    return v.kind_name();
  }
  const std::string& path_;
  int line_;
};

std::vector<int> score_list(const LineContext& ctx, const JsonValue& v, const char* what,
                            bool nulls) {
  std::vector<int> out;
  for (const JsonValue& item : ctx.array(v, what)) {
    if (nulls && item.kind == JsonValue::Kind::kNull)
      out.push_back(kNull);
    else
      out.push_back(ctx.integer(item, what, 0, kMaxScore));
  }
  return out;
}

RecordedResult read_result(const LineContext& ctx, const JsonValue& v, int solutions,
                           std::size_t boards) {
  RecordedResult r;
  if (v.kind == JsonValue::Kind::kNull) return r;
  if (v.kind != JsonValue::Kind::kObject) ctx.fail(v, "\"result\" must be an object or null");
  r.present = true;
  for (const auto& [key, list] : v.members) {
    if (solutions == 1) {
      if (key != "max" && key != "min")
        ctx.fail(list, "a solutions = 1 result has only \"max\" and \"min\", not \"" + key + "\"");
      std::vector<int>& out = key == "max" ? r.max : r.min;
      out = score_list(ctx, list, "a \"max\" or \"min\" entry", false);
      if (out.size() != boards)
        ctx.fail(list,
                 "\"" + key + "\" needs one entry per board (" + std::to_string(boards) + ")");
      continue;
    }
    int code = -1;
    if (!key.empty() && key.size() <= 2 &&
        std::all_of(key.begin(), key.end(), [](char c) { return c >= '0' && c <= '9'; }))
      code = std::stoi(key);
    if (code < 0 || code >= kCardCodes)
      ctx.fail(list, "a result key must be a card code 0..51, not \"" + key + "\"");
    std::vector<int> scores = score_list(ctx, list, "a card's score", true);
    const bool has_null = std::count(scores.begin(), scores.end(), kNull) > 0;
    if (scores.size() > boards || (scores.size() < boards && has_null))
      ctx.fail(list, "card " + key + " needs one entry per board (" + std::to_string(boards) +
                         ", null where a board does not list it) or one per board listing it");
    r.cards[code] = std::move(scores);
  }
  if (solutions == 1 && r.max.empty()) ctx.fail(v, "a solutions = 1 result needs \"max\"");
  return r;
}

std::vector<int> read_current_trick(const LineContext& ctx, const JsonValue& v) {
  std::vector<int> out;
  for (const JsonValue& card : ctx.array(v, "\"current_trick\"")) {
    out.push_back(ctx.integer(card, "a card code", 0, kCardCodes - 1));
    if (std::count(out.begin(), out.end(), out.back()) > 1)
      ctx.fail(card, "a card appears twice in \"current_trick\"");
  }
  if (out.size() > 3) ctx.fail(v, "\"current_trick\" holds at most 3 cards");
  return out;
}

std::vector<std::string> read_hands(const LineContext& ctx, const JsonValue& v) {
  std::vector<std::string> out;
  for (const JsonValue& deal : ctx.array(v, "\"hands_pbn\"")) {
    if (deal.kind != JsonValue::Kind::kString) ctx.fail(deal, "a deal must be a PBN string");
    if (deal.text.size() > kMaxPbnChars)
      ctx.fail(deal, "a deal longer than " + std::to_string(kMaxPbnChars) +
                         " characters does not fit a dealPBN");
    out.push_back(deal.text);
  }
  if (out.empty()) ctx.fail(v, "\"hands_pbn\" holds no deal");
  return out;
}

ReplayCall read_solve(const LineContext& ctx, const JsonValue& rec, int line) {
  ReplayCall c;
  c.line = line;
  c.seq = ctx.integer(ctx.member(rec, "seq"), "\"seq\"", 0, 1 << 30);
  const JsonValue& board = ctx.member(rec, "board");
  c.board = board.kind == JsonValue::Kind::kNull ? 0 : ctx.integer(board, "\"board\"", 0, 1 << 30);
  const JsonValue& purpose = ctx.member(rec, "purpose");
  if (purpose.kind == JsonValue::Kind::kString)
    c.purpose = purpose.text;
  else if (purpose.kind != JsonValue::Kind::kNull)
    ctx.fail(purpose, "\"purpose\" must be a string");
  c.trick = ctx.integer(ctx.member(rec, "trick"), "\"trick\"", 1, 13);
  c.strain_i = ctx.integer(ctx.member(rec, "strain_i"), "\"strain_i\"", 0, 4);
  c.leader_i = ctx.integer(ctx.member(rec, "leader_i"), "\"leader_i\"", 0, 3);
  c.current_trick = read_current_trick(ctx, ctx.member(rec, "current_trick"));
  c.solutions = ctx.integer(ctx.member(rec, "solutions"), "\"solutions\"", 1, 3);
  const JsonValue& hands = ctx.member(rec, "hands_pbn");
  c.hands_pbn = read_hands(ctx, hands);
  if (const JsonValue* boards = rec.find("boards");
      boards && ctx.integer(*boards, "\"boards\"", 1, 1 << 30) != int(c.hands_pbn.size()))
    ctx.fail(*boards, "\"boards\" says " + std::to_string(int(boards->number)) +
                          " but \"hands_pbn\" holds " + std::to_string(c.hands_pbn.size()));
  c.result = read_result(ctx, ctx.member(rec, "result"), c.solutions, c.hands_pbn.size());
  return c;
}

}  // namespace

ReplayWorkload read_replay_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ReplayFormatError(path + ": cannot open");
  ReplayWorkload w;
  std::string text;
  for (int line = 1; std::getline(in, text); ++line) {
    if (!text.empty() && text.back() == '\r') text.pop_back();
    if (text.find_first_not_of(" \t") == std::string::npos) continue;
    const LineContext ctx(path, line);
    JsonValue rec;
    try {
      rec = cli::parse_json(text);
    } catch (const JsonSyntaxError& e) {
      ctx.fail(e.column(), e.what());
    }
    if (rec.kind != JsonValue::Kind::kObject) ctx.fail(rec, "a record must be a JSON object");
    const JsonValue& type = ctx.member(rec, "t");
    if (type.kind != JsonValue::Kind::kString) ctx.fail(type, "\"t\" must be a string");
    if (type.text == "solve")
      w.calls.push_back(read_solve(ctx, rec, line));
    else
      ++w.skipped[type.text];
  }
  if (in.bad()) throw ReplayFormatError(path + ": read error");
  return w;
}

std::vector<BoardAnswer> recorded_answers(const ReplayCall& call,
                                          const std::vector<BoardAnswer>& got,
                                          std::vector<std::string>& problems) {
  const std::size_t n = call.hands_pbn.size();
  std::vector<BoardAnswer> want(n);
  for (std::size_t b = 0; b < n && b < call.result.max.size(); ++b)
    want[b].max = static_cast<std::int8_t>(call.result.max[b]);
  for (std::size_t b = 0; b < n && b < call.result.min.size(); ++b)
    if (call.result.min[b] != call.result.max[b])
      problems.push_back("board " + std::to_string(b + 1) + ": the file's \"min\" " +
                         std::to_string(call.result.min[b]) + " is not its \"max\" " +
                         std::to_string(call.result.max[b]) + " (one card listed)");
  for (const auto& [code, scores] : call.result.cards) {
    std::vector<std::size_t> boards;  // the boards the entries belong to
    if (scores.size() == n) {
      for (std::size_t b = 0; b < n; ++b) boards.push_back(b);
    } else {
      for (std::size_t b = 0; b < got.size(); ++b)
        if (got[b].scores[code] != kUnlisted) boards.push_back(b);
      if (boards.size() != scores.size()) {
        problems.push_back(to_string(card_of_code(code)) + " is listed on " +
                           std::to_string(scores.size()) + " boards in the file, on " +
                           std::to_string(boards.size()) + " in the answer");
        continue;
      }
    }
    for (std::size_t i = 0; i < boards.size(); ++i)
      if (scores[i] != kNull) want[boards[i]].scores[code] = static_cast<std::int8_t>(scores[i]);
  }
  // solutions 2 and 3 record no "max": it is the best listed score.
  if (call.solutions != 1)
    for (BoardAnswer& a : want) a.max = *std::max_element(a.scores.begin(), a.scores.end());
  return want;
}

// --- writing ---------------------------------------------------------------

namespace {

template <class T, class Fn>
std::string json_list(const std::vector<T>& items, Fn&& item) {
  std::string out = "[";
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i) out += ',';
    out += item(items[i]);
  }
  return out + "]";
}

std::string result_json(int solutions, const std::vector<BoardAnswer>& answers) {
  if (solutions == 1) {
    const std::string max =
        json_list(answers, [](const BoardAnswer& a) { return std::to_string(a.max); });
    return "{\"max\":" + max + ",\"min\":" + max + "}";
  }
  std::string out = "{";
  for (int code = 0; code < kCardCodes; ++code) {
    const bool listed = std::any_of(answers.begin(), answers.end(), [code](const BoardAnswer& a) {
      return a.scores[code] != kUnlisted;
    });
    if (!listed) continue;
    if (out.size() > 1) out += ',';
    out +=
        "\"" + std::to_string(code) + "\":" + json_list(answers, [code](const BoardAnswer& a) {
          return a.scores[code] == kUnlisted ? std::string("null") : std::to_string(a.scores[code]);
        });
  }
  return out + "}";
}

}  // namespace

std::string solve_line(const ReplayCall& c, const std::vector<BoardAnswer>& answers) {
  auto number = [](int v) { return std::to_string(v); };
  return "{\"t\":\"solve\",\"seq\":" + number(c.seq) + ",\"board\":" + number(c.board) +
         ",\"purpose\":" + cli::json_string(c.purpose) + ",\"trick\":" + number(c.trick) +
         ",\"strain_i\":" + number(c.strain_i) + ",\"leader_i\":" + number(c.leader_i) +
         ",\"current_trick\":" + json_list(c.current_trick, number) +
         ",\"solutions\":" + number(c.solutions) +
         ",\"boards\":" + number(int(c.hands_pbn.size())) +
         ",\"hands_pbn\":" + json_list(c.hands_pbn, cli::json_string) +
         ",\"result\":" + result_json(c.solutions, answers) + "}\n";
}

std::string board_line(int board, const Deal& deal, Seat dealer) {
  std::string hands;  // N E S W, without "N:"
  for (int h = 0; h < kNumSeats; ++h) hands += (h ? " " : "") + to_pbn(deal.hand(seat_from_int(h)));
  return "{\"t\":\"board\",\"board\":" + std::to_string(board) +
         ",\"deal\":" + cli::json_string(hands) + ",\"auction\":\"" + seat_letter(dealer) +
         " None \"}\n";
}

}  // namespace ddtb::bench
