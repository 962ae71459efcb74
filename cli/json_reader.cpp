#include "cli/json_reader.hpp"

#include <cmath>
#include <cstdlib>

namespace ddtb::cli {

const JsonValue* JsonValue::find(std::string_view key) const {
  for (const auto& [name, value] : members)
    if (name == key) return &value;
  return nullptr;
}

bool JsonValue::is_integer() const {
  constexpr double kExact = 9007199254740992.0;  // 2^53
  return kind == Kind::kNumber && std::floor(number) == number && std::fabs(number) <= kExact;
}

const char* JsonValue::kind_name() const {
  switch (kind) {
    case Kind::kNull:
      return "null";
    case Kind::kBool:
      return "a boolean";
    case Kind::kNumber:
      return "a number";
    case Kind::kString:
      return "a string";
    case Kind::kArray:
      return "an array";
    case Kind::kObject:
      return "an object";
  }
  return "?";
}

namespace {

constexpr int kMaxDepth = 64;

// Recursive descent over one line; `pos_` is a byte offset.
class Parser {
 public:
  explicit Parser(std::string_view text) : s_(text) {}

  JsonValue document() {
    JsonValue v = value(0);
    skip_space();
    if (pos_ != s_.size()) fail("text after the JSON value");
    return v;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const {
    throw JsonSyntaxError(static_cast<int>(pos_) + 1, what);
  }
  bool at_end() const { return pos_ >= s_.size(); }
  char peek() const { return at_end() ? '\0' : s_[pos_]; }
  void skip_space() {
    while (!at_end() &&
           (s_[pos_] == ' ' || s_[pos_] == '\t' || s_[pos_] == '\r' || s_[pos_] == '\n'))
      ++pos_;
  }
  void expect(char c, const char* what) {
    skip_space();
    if (peek() != c) fail(std::string("expected ") + what);
    ++pos_;
  }

  JsonValue value(int depth) {
    if (depth > kMaxDepth) fail("nested too deeply");
    skip_space();
    JsonValue v;
    v.column = static_cast<int>(pos_) + 1;
    if (at_end()) fail("expected a value, found the end of the line");
    const char c = peek();
    if (c == '{') {
      object(v, depth);
    } else if (c == '[') {
      array(v, depth);
    } else if (c == '"') {
      v.kind = JsonValue::Kind::kString;
      v.text = string();
    } else if (c == '-' || (c >= '0' && c <= '9')) {
      v.kind = JsonValue::Kind::kNumber;
      v.number = number();
    } else if (word("true")) {
      v.kind = JsonValue::Kind::kBool;
      v.boolean = true;
    } else if (word("false")) {
      v.kind = JsonValue::Kind::kBool;
    } else if (!word("null")) {
      fail(std::string("unexpected character '") + c + "'");
    }
    return v;
  }

  bool word(std::string_view w) {
    if (s_.substr(pos_, w.size()) != w) return false;
    pos_ += w.size();
    return true;
  }

  void object(JsonValue& v, int depth) {
    v.kind = JsonValue::Kind::kObject;
    ++pos_;  // '{'
    skip_space();
    if (peek() == '}') {
      ++pos_;
      return;
    }
    for (;;) {
      skip_space();
      if (peek() != '"') fail("expected a member name in quotes");
      std::string name = string();
      expect(':', "':' after a member name");
      v.members.emplace_back(std::move(name), value(depth + 1));
      skip_space();
      if (peek() == ',') {
        ++pos_;
        continue;
      }
      if (peek() == '}') {
        ++pos_;
        return;
      }
      fail("expected ',' or '}' in an object");
    }
  }

  void array(JsonValue& v, int depth) {
    v.kind = JsonValue::Kind::kArray;
    ++pos_;  // '['
    skip_space();
    if (peek() == ']') {
      ++pos_;
      return;
    }
    for (;;) {
      v.items.push_back(value(depth + 1));
      skip_space();
      if (peek() == ',') {
        ++pos_;
        continue;
      }
      if (peek() == ']') {
        ++pos_;
        return;
      }
      fail("expected ',' or ']' in an array");
    }
  }

  // -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
  double number() {
    const std::size_t start = pos_;
    auto digits = [&] {
      const std::size_t from = pos_;
      while (!at_end() && s_[pos_] >= '0' && s_[pos_] <= '9') ++pos_;
      if (pos_ == from) fail("expected a digit");
    };
    if (peek() == '-') ++pos_;
    if (peek() == '0') {
      ++pos_;
    } else {
      digits();
    }
    if (peek() == '.') {
      ++pos_;
      digits();
    }
    if (peek() == 'e' || peek() == 'E') {
      ++pos_;
      if (peek() == '+' || peek() == '-') ++pos_;
      digits();
    }
    const std::string text(s_.substr(start, pos_ - start));
    return std::strtod(text.c_str(), nullptr);
  }

  unsigned hex4() {
    unsigned v = 0;
    for (int i = 0; i < 4; ++i, ++pos_) {
      const char c = peek();
      v <<= 4;
      if (c >= '0' && c <= '9')
        v |= unsigned(c - '0');
      else if (c >= 'a' && c <= 'f')
        v |= unsigned(c - 'a' + 10);
      else if (c >= 'A' && c <= 'F')
        v |= unsigned(c - 'A' + 10);
      else
        fail("expected four hexadecimal digits after \\u");
    }
    return v;
  }

  static void put_utf8(std::string& out, unsigned cp) {
    if (cp < 0x80) {
      out += char(cp);
    } else if (cp < 0x800) {
      out += char(0xc0 | (cp >> 6));
      out += char(0x80 | (cp & 0x3f));
    } else if (cp < 0x10000) {
      out += char(0xe0 | (cp >> 12));
      out += char(0x80 | ((cp >> 6) & 0x3f));
      out += char(0x80 | (cp & 0x3f));
    } else {
      out += char(0xf0 | (cp >> 18));
      out += char(0x80 | ((cp >> 12) & 0x3f));
      out += char(0x80 | ((cp >> 6) & 0x3f));
      out += char(0x80 | (cp & 0x3f));
    }
  }

  // A string literal at pos_ (the opening quote); returns its UTF-8.
  std::string string() {
    ++pos_;
    std::string out;
    for (;;) {
      if (at_end()) fail("unterminated string");
      const char c = s_[pos_];
      if (c == '"') {
        ++pos_;
        return out;
      }
      if (static_cast<unsigned char>(c) < 0x20) fail("control character in a string");
      if (c != '\\') {
        out += c;
        ++pos_;
        continue;
      }
      ++pos_;
      const char e = peek();
      ++pos_;
      switch (e) {
        case '"':
          out += '"';
          break;
        case '\\':
          out += '\\';
          break;
        case '/':
          out += '/';
          break;
        case 'b':
          out += '\b';
          break;
        case 'f':
          out += '\f';
          break;
        case 'n':
          out += '\n';
          break;
        case 'r':
          out += '\r';
          break;
        case 't':
          out += '\t';
          break;
        case 'u':
          out_code_point(out);
          break;
        default:
          --pos_;
          fail("unknown escape in a string");
      }
    }
  }

  // After "\u": one code point, a surrogate pair taken together.
  void out_code_point(std::string& out) {
    const std::size_t escape = pos_ - 2;  // at the backslash
    unsigned cp = hex4();
    if (cp >= 0xd800 && cp < 0xdc00) {
      if (!word("\\u")) fail("a high surrogate without its low half");
      const unsigned low = hex4();
      if (low < 0xdc00 || low >= 0xe000) fail("a high surrogate without its low half");
      cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
    } else if (cp >= 0xdc00 && cp < 0xe000) {
      pos_ = escape;
      fail("a low surrogate without its high half");
    }
    put_utf8(out, cp);
  }

  std::string_view s_;
  std::size_t pos_ = 0;
};

}  // namespace

JsonValue parse_json(std::string_view text) {
  return Parser(text).document();
}

}  // namespace ddtb::cli
