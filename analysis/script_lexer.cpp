// The lexer of constraint scripts (analysis/script_lexer.hpp).
#include "analysis/script_lexer.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstddef>

namespace ddtb::detail {

namespace {

constexpr std::int64_t kMaxNumber = 1'000'000'000;

bool word_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
}

class Lexer {
 public:
  explicit Lexer(std::string_view text) : text_(text) {}

  std::vector<Token> tokens() {
    std::vector<Token> out;
    for (;;) {
      skip_space_and_comments();
      Token t;
      t.line = line_;
      t.column = column();
      if (at_ >= text_.size()) {
        out.push_back(t);
        return out;
      }
      const char c = text_[at_];
      if (word_char(c))
        word(t);
      else if (c == '"')
        string(t);
      else
        punct(t);
      out.push_back(std::move(t));
    }
  }

 private:
  int column() const { return static_cast<int>(at_ - line_start_) + 1; }
  [[noreturn]] void fail(int line, int col, std::string what) const {
    throw ScriptError{line, col, std::move(what)};
  }
  void newline() {
    ++line_;
    line_start_ = at_ + 1;
  }

  void skip_space_and_comments() {
    while (at_ < text_.size()) {
      const char c = text_[at_];
      if (c == '\n') {
        newline();
        ++at_;
      } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
        ++at_;
      } else if (c == '#' || text_.substr(at_, 2) == "//") {
        while (at_ < text_.size() && text_[at_] != '\n') ++at_;
      } else if (text_.substr(at_, 2) == "/*") {
        const int line = line_, col = column();
        at_ += 2;
        for (;;) {
          if (at_ >= text_.size()) fail(line, col, "a comment '/*' that is never closed by '*/'");
          if (text_.substr(at_, 2) == "*/") break;
          if (text_[at_] == '\n') newline();
          ++at_;
        }
        at_ += 2;
      } else {
        return;
      }
    }
  }

  // A run of letters, digits and '_': a number when all digits, else a
  // word (a name, a card such as AS, a holding such as SAK32, a shape such
  // as 5xxx).
  void word(Token& t) {
    const std::size_t from = at_;
    while (at_ < text_.size() && word_char(text_[at_])) ++at_;
    const std::string_view w = text_.substr(from, at_ - from);
    if (std::all_of(w.begin(), w.end(), [](char c) { return c >= '0' && c <= '9'; })) {
      t.kind = Tok::kNumber;
      t.text = std::string(w);
      for (const char c : w) {
        t.number = t.number * 10 + (c - '0');
        if (t.number > kMaxNumber)
          fail(t.line, t.column, "the number " + std::string(w) + " is too large (at most 10^9)");
      }
      return;
    }
    t.kind = Tok::kWord;
    t.text = std::string(w);
  }

  void string(Token& t) {
    t.kind = Tok::kString;
    ++at_;
    const std::size_t from = at_;
    while (at_ < text_.size() && text_[at_] != '"' && text_[at_] != '\n') ++at_;
    if (at_ >= text_.size() || text_[at_] != '"')
      fail(t.line, t.column, "a string '\"' that is never closed on its line");
    t.text = std::string(text_.substr(from, at_ - from));
    ++at_;
  }

  void punct(Token& t) {
    static constexpr std::array<std::string_view, 6> kPairs{"&&", "||", "==", "!=", "<=", ">="};
    for (const std::string_view p : kPairs)
      if (text_.substr(at_, 2) == p) {
        t.kind = Tok::kPunct;
        t.text = std::string(p);
        at_ += 2;
        return;
      }
    const char c = text_[at_];
    if (std::string_view("+-*/%()?:!<>=,").find(c) == std::string_view::npos)
      fail(t.line, t.column, "unexpected character " + shown(c));
    t.kind = Tok::kPunct;
    t.text = std::string(1, c);
    ++at_;
  }

  std::string_view text_;
  std::size_t at_ = 0;
  std::size_t line_start_ = 0;
  int line_ = 1;
};

}  // namespace

std::vector<Token> lex_script(std::string_view text) {
  return Lexer(text).tokens();
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string shown(char c) {
  if (std::isprint(static_cast<unsigned char>(c))) return std::string("'") + c + "'";
  static const char* hex = "0123456789abcdef";
  const auto u = static_cast<unsigned char>(c);
  return std::string("byte 0x") + hex[u >> 4] + hex[u & 15];
}

}  // namespace ddtb::detail
