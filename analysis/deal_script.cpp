// Constraint scripts in dealer's language (analysis/deal_script.hpp): the
// parser of the lexer's tokens (analysis/script_lexer.hpp) into a Program,
// its evaluation over four hands, and the public DealScript over it.
//
// The parser is recursive descent with C's precedences (?: lowest, then
// ||, &&, == !=, < <= > >=, + -, * / %, unary ! - highest), as dealer's
// grammar has them. A variable's definition is compiled once and shared by
// every use; the nodes are stored operands first, so a deal is evaluated by
// one pass over the array, with no recursion and no repeated work however
// variables are nested.
#include "analysis/deal_script.hpp"

#include <algorithm>
#include <bit>
#include <cctype>
#include <cstddef>
#include <map>
#include <string>
#include <utility>

#include "analysis/script_lexer.hpp"
#include "ddtb/deal_script.hpp"

namespace ddtb::detail {

namespace {

// Past these, a script is refused rather than parsed: they bound the
// parser's recursion and the work per deal (a real script is far below).
constexpr int kMaxNesting = 500;  // ?:, ( and unary operators, each one deeper
constexpr std::size_t kMaxNodes = 100'000;

// Weights of the ace, king, queen, jack and ten for each point count, by
// the name dealer gives it.
struct PointCount {
  const char* name;
  std::array<int, 5> weights;
};
constexpr std::array<PointCount, 12> kPointCounts{{
    {"hcp", {4, 3, 2, 1, 0}},
    {"controls", {2, 1, 0, 0, 0}},
    {"aces", {1, 0, 0, 0, 0}},
    {"kings", {0, 1, 0, 0, 0}},
    {"queens", {0, 0, 1, 0, 0}},
    {"jacks", {0, 0, 0, 1, 0}},
    {"tens", {0, 0, 0, 0, 1}},
    {"top2", {1, 1, 0, 0, 0}},
    {"top3", {1, 1, 1, 0, 0}},
    {"top4", {1, 1, 1, 1, 0}},
    {"top5", {1, 1, 1, 1, 1}},
    {"c13", {6, 4, 2, 1, 0}},
}};

// Names dealer knows that ddtb does not evaluate: refused by name.
constexpr std::array<const char*, 17> kUnsupported{
    "altcount", "pointcount", "tricks", "score", "imps", "rnd", "ltc", "pt0", "pt1",
    "pt2",      "pt3",        "pt4",    "pt5",   "pt6",  "pt7", "pt8", "pt9"};

constexpr std::array<const char*, 4> kSeatNames{"north", "east", "south", "west"};
constexpr std::array<const char*, 4> kSuitNames{"spades", "hearts", "diamonds", "clubs"};

int find_name(std::string_view name, const auto& names) {
  for (std::size_t i = 0; i < names.size(); ++i)
    if (name == names[i]) return static_cast<int>(i);
  return -1;
}

class Parser {
 public:
  explicit Parser(std::vector<Token> tokens) : tokens_(std::move(tokens)) {}

  Program parse() {
    while (peek().kind != Tok::kEnd) statement();
    return std::move(program_);
  }

 private:
  const Token& peek(std::size_t ahead = 0) const {
    return tokens_[std::min(at_ + ahead, tokens_.size() - 1)];
  }
  const Token& next() {
    const Token& t = peek();
    if (at_ < tokens_.size() - 1) ++at_;
    return t;
  }
  bool is(const Token& t, std::string_view text) const {
    return (t.kind == Tok::kPunct && t.text == text) ||
           (t.kind == Tok::kWord && lower(t.text) == text);
  }
  bool accept(std::string_view text) {
    if (!is(peek(), text)) return false;
    next();
    return true;
  }
  [[noreturn]] static void fail(const Token& t, std::string what) {
    throw ScriptError{t.line, t.column, std::move(what)};
  }
  static std::string describe(const Token& t) {
    switch (t.kind) {
      case Tok::kEnd:
        return "the end of the script";
      case Tok::kString:
        return "a string";
      default:
        return "'" + t.text + "'";
    }
  }
  void expect(std::string_view text, std::string_view context) {
    if (!accept(text))
      fail(peek(), "expected '" + std::string(text) + "' " + std::string(context) + ", got " +
                       describe(peek()));
  }

  // --- statements ---

  void statement() {
    const Token& t = peek();
    const std::string w = t.kind == Tok::kWord ? lower(t.text) : "";
    if (w == "generate" || w == "produce") {
      next();
      const Token& n = next();
      if (n.kind != Tok::kNumber || n.number <= 0)
        fail(n, w + " needs a positive number, got " + describe(n));
      (w == "generate" ? program_.generate : program_.produce) = n.number;
    } else if (w == "dealer") {
      next();
      program_.dealer = seat(next(), "dealer");
    } else if (w == "vulnerable") {
      next();
      vulnerable();
    } else if (w == "predeal") {
      next();
      predeal();
    } else if (w == "condition") {
      next();
      condition(t);
    } else if (w == "action") {
      next();
      skip_actions();
    } else if (find_name(w, kUnsupported) >= 0 && !is(peek(1), "=")) {
      fail(t, "'" + w + "' is not supported by ddtb (docs/USAGE.md, \"Constraint scripts\")");
    } else if (t.kind == Tok::kWord && is(peek(1), "=")) {
      define();
    } else {
      condition(t);  // a bare expression is the condition, as in dealer
    }
  }

  void condition(const Token& where) {
    if (program_.condition >= 0)
      fail(where, "a second condition (the first is at line " + std::to_string(condition_line_) +
                      ", column " + std::to_string(condition_column_) + ")");
    condition_line_ = where.line;
    condition_column_ = where.column;
    program_.condition = expression(0);
  }

  void define() {
    const Token& name = next();
    const std::string n = lower(name.text);
    if (std::isdigit(static_cast<unsigned char>(n[0])) || reserved(n))
      fail(name, "'" + name.text + "' cannot be a variable's name");
    if (variables_.contains(n)) fail(name, "the variable '" + name.text + "' is defined twice");
    next();  // '='
    variables_[n] = expression(0);
  }

  static bool reserved(const std::string& n) {
    static constexpr std::array<const char*, 14> kWords{
        "generate", "produce", "dealer", "vulnerable", "predeal", "condition", "action",
        "and",      "or",      "not",    "any",        "shape",   "losers",    "hascard"};
    return find_name(n, kWords) >= 0 || find_name(n, kSeatNames) >= 0 ||
           find_name(n, kSuitNames) >= 0 || points_index(n) >= 0;
  }

  void vulnerable() {
    const Token& t = next();
    const std::string v = t.kind == Tok::kWord ? lower(t.text) : "";
    if (v == "none")
      program_.vulnerability = Vulnerability::None;
    else if (v == "ns")
      program_.vulnerability = Vulnerability::NorthSouth;
    else if (v == "ew")
      program_.vulnerability = Vulnerability::EastWest;
    else if (v == "all" || v == "both")
      program_.vulnerability = Vulnerability::Both;
    else
      fail(t, "vulnerable needs none, NS, EW or all, got " + describe(t));
  }

  // predeal SEAT HOLDING, HOLDING, ... with a holding a suit letter and
  // its ranks: SAK32, HQJ, D-, C.
  void predeal() {
    const Seat s = seat(next(), "predeal");
    CardSet& hand = program_.predeal[to_int(s)];
    do {
      const Token& h = next();
      if (h.kind != Tok::kWord)
        fail(h, "predeal needs a holding such as SAK32 (a suit letter, then ranks), got " +
                    describe(h));
      const std::size_t suit = std::string_view("SHDC").find(
          static_cast<char>(std::toupper(static_cast<unsigned char>(h.text[0]))));
      if (suit == std::string_view::npos)
        fail(h, "'" + h.text + "' does not begin with a suit letter (S, H, D or C)");
      if (h.text.size() == 1) accept("-");  // D- : a void
      for (std::size_t i = 1; i < h.text.size(); ++i) {
        const char r = static_cast<char>(std::toupper(static_cast<unsigned char>(h.text[i])));
        const std::size_t at = std::string_view("23456789TJQKA").find(r);
        if (at == std::string_view::npos)
          fail(h, "'" + h.text + "': " + shown(h.text[i]) + " is not a rank (AKQJT98765432)");
        const Card card{suit_from_int(static_cast<int>(suit)), static_cast<std::uint8_t>(at + 2)};
        for (const CardSet& other : program_.predeal)
          if (other.contains(card)) fail(h, "predeal gives " + to_string(card) + " twice");
        hand.insert(card);
      }
      if (hand.size() > 13)
        fail(h, std::string("predeal gives ") + kSeatNames[to_int(s)] + " more than 13 cards");
    } while (accept(","));
  }

  // dealer's actions print what it dealt; ddsolve prints its analysis
  // instead, so they are read and left out: tokens up to the next statement.
  void skip_actions() {
    int depth = 0;
    for (;;) {
      const Token& t = peek();
      if (t.kind == Tok::kEnd) return;
      if (depth == 0 && t.kind == Tok::kWord) {
        const std::string w = lower(t.text);
        static constexpr std::array<const char*, 7> kStarts{
            "generate", "produce", "dealer", "vulnerable", "predeal", "condition", "action"};
        if (find_name(w, kStarts) >= 0 || is(peek(1), "=")) return;
      }
      if (is(t, "(")) ++depth;
      if (is(t, ")")) depth = std::max(0, depth - 1);
      next();
    }
  }

  // --- expressions ---

  int add(ScriptNode n) {
    if (program_.nodes.size() >= kMaxNodes) fail(peek(), "the script is too long");
    program_.nodes.push_back(n);
    return static_cast<int>(program_.nodes.size()) - 1;
  }
  int binary(ScriptOp op, int a, int b) { return add({op, 0, -1, a, b, -1, 0}); }

  struct Depth {
    explicit Depth(Parser& p) : p_(p) {
      if (++p_.depth_ > kMaxNesting) fail(p_.peek(), "the expression is nested too deeply");
    }
    ~Depth() { --p_.depth_; }
    Parser& p_;
  };

  static constexpr std::array<std::pair<std::string_view, ScriptOp>, 15> kBinary{{
      {"||", ScriptOp::kOr},
      {"or", ScriptOp::kOr},
      {"&&", ScriptOp::kAnd},
      {"and", ScriptOp::kAnd},
      {"==", ScriptOp::kEqual},
      {"!=", ScriptOp::kNotEqual},
      {"<", ScriptOp::kLess},
      {"<=", ScriptOp::kLessEqual},
      {">", ScriptOp::kGreater},
      {">=", ScriptOp::kGreaterEqual},
      {"+", ScriptOp::kAdd},
      {"-", ScriptOp::kSubtract},
      {"*", ScriptOp::kMultiply},
      {"/", ScriptOp::kDivide},
      {"%", ScriptOp::kModulo},
  }};
  // The precedence level of each binary operator: 1 ||, 2 &&, 3 equality,
  // 4 order, 5 additive, 6 multiplicative.
  static int level_of(std::size_t i) {
    constexpr std::array<int, 15> kLevels{1, 1, 2, 2, 3, 3, 4, 4, 4, 4, 5, 5, 6, 6, 6};
    return kLevels[i];
  }
  std::optional<std::size_t> binary_at(int level) const {
    for (std::size_t i = 0; i < kBinary.size(); ++i)
      if (level_of(i) == level && is(peek(), kBinary[i].first)) return i;
    return std::nullopt;
  }

  // Level 0: a ? b : c (right-associative), over the binary levels 1..6.
  int expression(int level) {
    if (level == 0) {
      const Depth depth(*this);
      const int cond = expression(1);
      if (!accept("?")) return cond;
      const int yes = expression(0);
      expect(":", "after the '?' branch");
      const int no = expression(0);
      return add({ScriptOp::kChoose, 0, -1, cond, yes, no, 0});
    }
    if (level == 7) return unary();
    int left = expression(level + 1);
    while (const auto op = binary_at(level)) {
      next();
      left = binary(kBinary[*op].second, left, expression(level + 1));
    }
    return left;
  }

  int unary() {
    const Depth depth(*this);
    if (accept("!") || accept("not")) return add({ScriptOp::kNot, 0, -1, unary(), -1, -1, 0});
    if (accept("-")) return add({ScriptOp::kNegate, 0, -1, unary(), -1, -1, 0});
    if (accept("+")) return unary();
    return primary();
  }

  int primary() {
    const Token& t = next();
    if (t.kind == Tok::kNumber) return add({ScriptOp::kNumber, 0, -1, -1, -1, -1, t.number});
    if (is(t, "(")) {
      const int inner = expression(0);
      expect(")", "to close the '(' at line " + std::to_string(t.line) + ", column " +
                      std::to_string(t.column));
      return inner;
    }
    if (t.kind != Tok::kWord) fail(t, "expected an expression, got " + describe(t));
    const std::string name = lower(t.text);
    if (const auto v = variables_.find(name); v != variables_.end() && !is(peek(), "("))
      return v->second;
    if (find_name(name, kUnsupported) >= 0)
      fail(t, "'" + name + "' is not supported by ddtb (docs/USAGE.md, \"Constraint scripts\")");
    if (!is(peek(), "(")) {
      if (find_name(name, kSeatNames) >= 0 || find_name(name, kSuitNames) >= 0)
        fail(t, "'" + name + "' is an argument, not a value: e.g. hcp(north) or spades(south)");
      fail(t, "unknown name '" + t.text + "' (not a function nor a variable defined above)");
    }
    return call(t, name);
  }

  // name(seat[, suit]) and the others.
  int call(const Token& t, const std::string& name) {
    const int points = points_index(name);
    const int suit_fn = find_name(name, kSuitNames);
    if (points < 0 && suit_fn < 0 && name != "losers" && name != "shape" && name != "hascard")
      fail(t, "unknown function '" + t.text + "'");
    next();  // '('
    ScriptNode n;
    n.seat = static_cast<std::int8_t>(to_int(seat(next(), name)));
    if (name == "shape") {
      expect(",", "between shape's seat and its shapes");
      n.op = ScriptOp::kShape;
      n.value = static_cast<std::int64_t>(program_.shape_sets.size());
      program_.shape_sets.push_back(shape_list());
    } else if (name == "hascard") {
      expect(",", "between hascard's seat and its card");
      n.op = ScriptOp::kHasCard;
      n.value = card(next()).index();
    } else if (suit_fn >= 0) {
      n.op = ScriptOp::kLength;
      n.suit = static_cast<std::int8_t>(suit_fn);
    } else {
      n.op = points >= 0 ? ScriptOp::kPoints : ScriptOp::kLosers;
      n.value = points;
      if (accept(",")) n.suit = static_cast<std::int8_t>(to_int(suit(next(), name)));
    }
    if (!is(peek(), ")"))
      fail(peek(), "expected ')' to end " + name + "(...), got " + describe(peek()) +
                       (is(peek(), ",") ? " (too many arguments)" : ""));
    next();
    return add(n);
  }

  static int points_index(std::string_view name) {
    for (std::size_t i = 0; i < kPointCounts.size(); ++i)
      if (name == kPointCounts[i].name) return static_cast<int>(i);
    return -1;
  }

  Seat seat(const Token& t, std::string_view what) {
    const int s = t.kind == Tok::kWord ? find_name(lower(t.text), kSeatNames) : -1;
    if (s < 0)
      fail(t, std::string(what) + " needs a seat (north, east, south or west), got " + describe(t));
    return seat_from_int(s);
  }

  Suit suit(const Token& t, std::string_view what) {
    const int s = t.kind == Tok::kWord ? find_name(lower(t.text), kSuitNames) : -1;
    if (s < 0)
      fail(t, std::string(what) + " needs a suit (spades, hearts, diamonds or clubs), got " +
                  describe(t));
    return suit_from_int(s);
  }

  // A card as dealer writes it: rank then suit, AS or TC.
  Card card(const Token& t) {
    const std::string s = t.kind == Tok::kWord ? t.text : "";
    const std::size_t rank =
        s.size() == 2 ? std::string_view("23456789TJQKA")
                            .find(static_cast<char>(std::toupper(static_cast<unsigned char>(s[0]))))
                      : std::string_view::npos;
    const std::size_t suit = s.size() == 2 ? std::string_view("SHDC").find(static_cast<char>(
                                                 std::toupper(static_cast<unsigned char>(s[1]))))
                                           : std::string_view::npos;
    if (rank == std::string_view::npos || suit == std::string_view::npos)
      fail(t, "hascard needs a card, rank then suit (AS, TC, 2D), got " + describe(t));
    return Card{suit_from_int(static_cast<int>(suit)), static_cast<std::uint8_t>(rank + 2)};
  }

  // [any] PATTERN {+|- [any] PATTERN}: a union and differences, left to
  // right, of shapes such as 4333, 5xxx or any 4432.
  ShapeSet shape_list() {
    ShapeSet set = shape_term();
    for (;;) {
      if (accept("+"))
        set |= shape_term();
      else if (accept("-"))
        set &= ~shape_term();
      else
        return set;
    }
  }

  ShapeSet shape_term() {
    const bool any = accept("any");
    const Token& t = next();
    const std::string p = lower(t.text);
    const bool form =
        (t.kind == Tok::kNumber || t.kind == Tok::kWord) && p.size() == 4 &&
        std::all_of(p.begin(), p.end(), [](char c) { return (c >= '0' && c <= '9') || c == 'x'; });
    if (!form)
      fail(t, "expected a shape: four suit lengths, digits or x, e.g. 4333 or 5xxx; got " +
                  describe(t));
    int sum = 0;
    for (const char c : p) sum += c == 'x' ? 0 : c - '0';
    const bool open = p.find('x') != std::string::npos;
    if (open ? sum > 13 : sum != 13)
      fail(t, "the shape " + t.text + " has " + std::to_string(sum) + " cards" +
                  (open ? ", more than 13" : ", not 13"));
    ShapeSet set;
    const auto& shapes = all_shapes();
    for (std::size_t i = 0; i < shapes.size(); ++i) {
      std::array<int, 4> order{0, 1, 2, 3};
      do {
        bool match = true;
        for (int s = 0; s < 4; ++s) {
          const char c = p[static_cast<std::size_t>(order[s])];
          match = match && (c == 'x' || shapes[i][s] == c - '0');
        }
        if (match) set[i] = true;
      } while (any && std::next_permutation(order.begin(), order.end()));
    }
    return set;
  }

  std::vector<Token> tokens_;
  std::size_t at_ = 0;
  int depth_ = 0;
  int condition_line_ = 0, condition_column_ = 0;
  std::map<std::string, int> variables_;
  Program program_;
};

int losers(std::uint16_t h) {
  const int n = std::popcount(h);
  const bool a = (h >> 14) & 1, k = (h >> 13) & 1, q = (h >> 12) & 1;
  if (n == 0) return 0;
  if (n == 1) return a ? 0 : 1;
  if (n == 2) return 2 - a - k;
  return 3 - a - k - q;
}

int points(std::uint16_t h, const std::array<int, 5>& w) {
  int p = 0;
  for (int r = 0; r < 5; ++r) p += w[static_cast<std::size_t>(r)] * ((h >> (14 - r)) & 1);
  return p;
}

// Wrapping arithmetic: a script's overflow is a number, never undefined
// behaviour.
std::int64_t wrap(std::uint64_t v) {
  return static_cast<std::int64_t>(v);
}

void bound_length(ShapeSet& set, int suit, ScriptOp op, std::int64_t n, bool flipped) {
  if (flipped) {  // n OP length: the same as length OP' n
    if (op == ScriptOp::kLess)
      op = ScriptOp::kGreater;
    else if (op == ScriptOp::kLessEqual)
      op = ScriptOp::kGreaterEqual;
    else if (op == ScriptOp::kGreater)
      op = ScriptOp::kLess;
    else if (op == ScriptOp::kGreaterEqual)
      op = ScriptOp::kLessEqual;
  }
  const auto& shapes = all_shapes();
  for (std::size_t i = 0; i < shapes.size(); ++i) {
    const std::int64_t len = shapes[i][static_cast<std::size_t>(suit)];
    bool keep = true;
    switch (op) {
      case ScriptOp::kLess:
        keep = len < n;
        break;
      case ScriptOp::kLessEqual:
        keep = len <= n;
        break;
      case ScriptOp::kGreater:
        keep = len > n;
        break;
      case ScriptOp::kGreaterEqual:
        keep = len >= n;
        break;
      case ScriptOp::kEqual:
        keep = len == n;
        break;
      case ScriptOp::kNotEqual:
        keep = len != n;
        break;
      default:
        break;
    }
    if (!keep) set[i] = false;
  }
}

}  // namespace

bool Program::accepts(const std::array<CardSet, 4>& hands) const {
  if (condition < 0) return true;
  thread_local std::vector<std::int64_t> v;
  v.resize(nodes.size());
  std::array<std::array<std::uint16_t, 4>, 4> h{};
  for (int seat = 0; seat < 4; ++seat)
    for (int s = 0; s < 4; ++s) h[seat][s] = hands[seat].holding(suit_from_int(s));
  const auto u = [&](std::int32_t i) {
    return static_cast<std::uint64_t>(v[static_cast<std::size_t>(i)]);
  };
  const auto x = [&](std::int32_t i) { return v[static_cast<std::size_t>(i)]; };
  const auto last = static_cast<std::size_t>(condition);
  for (std::size_t i = 0; i <= last; ++i) {
    const ScriptNode& n = nodes[i];
    const auto& hand = h[static_cast<std::size_t>(n.seat)];
    std::int64_t r = 0;
    switch (n.op) {
      case ScriptOp::kNumber:
        r = n.value;
        break;
      case ScriptOp::kPoints: {
        const auto& w = kPointCounts[static_cast<std::size_t>(n.value)].weights;
        if (n.suit >= 0)
          r = points(hand[static_cast<std::size_t>(n.suit)], w);
        else
          for (const std::uint16_t s : hand) r += points(s, w);
        break;
      }
      case ScriptOp::kLength:
        r = std::popcount(hand[static_cast<std::size_t>(n.suit)]);
        break;
      case ScriptOp::kLosers:
        if (n.suit >= 0)
          r = losers(hand[static_cast<std::size_t>(n.suit)]);
        else
          for (const std::uint16_t s : hand) r += losers(s);
        break;
      case ScriptOp::kHasCard:
        r = hands[static_cast<std::size_t>(n.seat)].contains(
            Card::from_index(static_cast<int>(n.value)));
        break;
      case ScriptOp::kShape:
        r = shape_sets[static_cast<std::size_t>(n.value)][static_cast<std::size_t>(
            shape_index(std::popcount(hand[0]), std::popcount(hand[1]), std::popcount(hand[2])))];
        break;
      case ScriptOp::kNegate:
        r = wrap(0 - u(n.a));
        break;
      case ScriptOp::kNot:
        r = x(n.a) == 0;
        break;
      case ScriptOp::kMultiply:
        r = wrap(u(n.a) * u(n.b));
        break;
      case ScriptOp::kDivide:
        r = x(n.b) == 0 ? 0 : x(n.b) == -1 ? wrap(0 - u(n.a)) : x(n.a) / x(n.b);
        break;
      case ScriptOp::kModulo:
        r = x(n.b) == 0 || x(n.b) == -1 ? 0 : x(n.a) % x(n.b);
        break;
      case ScriptOp::kAdd:
        r = wrap(u(n.a) + u(n.b));
        break;
      case ScriptOp::kSubtract:
        r = wrap(u(n.a) - u(n.b));
        break;
      case ScriptOp::kLess:
        r = x(n.a) < x(n.b);
        break;
      case ScriptOp::kLessEqual:
        r = x(n.a) <= x(n.b);
        break;
      case ScriptOp::kGreater:
        r = x(n.a) > x(n.b);
        break;
      case ScriptOp::kGreaterEqual:
        r = x(n.a) >= x(n.b);
        break;
      case ScriptOp::kEqual:
        r = x(n.a) == x(n.b);
        break;
      case ScriptOp::kNotEqual:
        r = x(n.a) != x(n.b);
        break;
      case ScriptOp::kAnd:
        r = x(n.a) != 0 && x(n.b) != 0;
        break;
      case ScriptOp::kOr:
        r = x(n.a) != 0 || x(n.b) != 0;
        break;
      case ScriptOp::kChoose:
        r = x(n.a) != 0 ? x(n.b) : x(n.c);
        break;
    }
    v[i] = r;
  }
  return v[last] != 0;
}

std::array<ShapeSet, 4> Program::shape_bounds() const {
  std::array<ShapeSet, 4> bounds;
  for (ShapeSet& b : bounds) b.set();
  std::vector<int> todo;
  if (condition >= 0) todo.push_back(condition);
  while (!todo.empty()) {
    const ScriptNode& n = nodes[static_cast<std::size_t>(todo.back())];
    todo.pop_back();
    if (n.op == ScriptOp::kAnd) {
      todo.push_back(n.a);
      todo.push_back(n.b);
    } else if (n.op == ScriptOp::kShape) {
      bounds[static_cast<std::size_t>(n.seat)] &= shape_sets[static_cast<std::size_t>(n.value)];
    } else if (n.op >= ScriptOp::kLess && n.op <= ScriptOp::kNotEqual) {
      const ScriptNode& a = nodes[static_cast<std::size_t>(n.a)];
      const ScriptNode& b = nodes[static_cast<std::size_t>(n.b)];
      if (a.op == ScriptOp::kLength && b.op == ScriptOp::kNumber)
        bound_length(bounds[static_cast<std::size_t>(a.seat)], a.suit, n.op, b.value, false);
      else if (b.op == ScriptOp::kLength && a.op == ScriptOp::kNumber)
        bound_length(bounds[static_cast<std::size_t>(b.seat)], b.suit, n.op, a.value, true);
    }
  }
  return bounds;
}

Expected<Program> compile_script(std::string_view text) {
  try {
    return Parser(lex_script(text)).parse();
  } catch (const ScriptError& e) {
    return Error{ErrorCode::kBadArgument, "line " + std::to_string(e.line) + ", column " +
                                              std::to_string(e.column) + ": " + e.what};
  }
}

}  // namespace ddtb::detail

namespace ddtb {

struct DealScript::Compiled {
  detail::Program program;
};

DealScript::DealScript(std::shared_ptr<const Compiled> compiled) : compiled_(std::move(compiled)) {}

Expected<DealScript> DealScript::compile(std::string_view text) {
  auto program = detail::compile_script(text);
  if (!program) return program.error();
  return DealScript(std::make_shared<const Compiled>(Compiled{std::move(*program)}));
}

bool DealScript::accepts(const Deal& deal) const {
  std::array<CardSet, 4> hands;
  for (int s = 0; s < 4; ++s) hands[s] = deal.hand(seat_from_int(s));
  return compiled_->program.accepts(hands);
}

std::array<CardSet, 4> DealScript::predeal() const {
  return compiled_->program.predeal;
}
std::optional<Seat> DealScript::dealer() const {
  return compiled_->program.dealer;
}
std::optional<Vulnerability> DealScript::vulnerability() const {
  return compiled_->program.vulnerability;
}
std::int64_t DealScript::generate() const {
  return compiled_->program.generate;
}
std::int64_t DealScript::produce() const {
  return compiled_->program.produce;
}

}  // namespace ddtb
