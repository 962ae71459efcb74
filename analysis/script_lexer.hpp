// The lexer of constraint scripts (analysis/deal_script.hpp): dealer's
// tokens with their line and column, and the error type the parser shares.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ddtb::detail {

// An error at a place in the script; compile_script turns it into an
// Error ("line L, column C: what").
struct ScriptError {
  int line, column;
  std::string what;
};

enum class Tok : std::uint8_t { kEnd, kNumber, kWord, kString, kPunct };

struct Token {
  Tok kind = Tok::kEnd;
  std::string text;          // as written; a string without its quotes
  int line = 1, column = 1;  // 1-based, a byte one column
  std::int64_t number = 0;   // a kNumber's value
};

// The tokens of `text`, a kEnd last. Comments (#, //, /* */) and white
// space are skipped. A run of letters, digits and '_' is a number when all
// digits (at most 10^9), else a word (a name, a card such as AS, a holding
// such as SAK32, a shape such as 5xxx). Throws ScriptError.
std::vector<Token> lex_script(std::string_view text);

// `s` in lower case (names and keywords are case-insensitive).
std::string lower(std::string_view s);

// A character as a message shows it: 'c', or "byte 0xNN" when unprintable.
std::string shown(char c);

}  // namespace ddtb::detail
