// A small JSON reader, the counterpart of json.hpp: one JSON value (RFC
// 8259: objects, arrays, strings, numbers, true, false, null) from a text
// such as one line of a JSON Lines file, as a tree of JsonValue. Used by the
// replay benchmark's workloads (bench/replay_file.hpp) and by the tests that
// read ddsolve's --json output. No streaming.
//
// Malformed text is refused with the 1-based column of the fault, so the
// caller can name the line and column ("work.jsonl:12:40: expected ':'").
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ddtb::cli {

class JsonSyntaxError : public std::runtime_error {
 public:
  JsonSyntaxError(int column, const std::string& what)
      : std::runtime_error(what), column_(column) {}
  int column() const { return column_; }  // 1-based byte column in the line

 private:
  int column_;
};

struct JsonValue {
  enum class Kind { kNull, kBool, kNumber, kString, kArray, kObject };

  Kind kind = Kind::kNull;
  bool boolean = false;
  double number = 0;
  std::string text;                                        // a string's UTF-8
  std::vector<JsonValue> items;                            // an array's
  std::vector<std::pair<std::string, JsonValue>> members;  // an object's, in file order
  int column = 0;  // 1-based column where the value starts, for messages

  // The member named `key`, or nullptr (the first one if repeated).
  const JsonValue* find(std::string_view key) const;
  // True for a number with no fractional part within +-2^53.
  bool is_integer() const;
  // A short name of the kind for messages: "a number", "null", ...
  const char* kind_name() const;
};

// Parses `text` as exactly one JSON value (whitespace around it allowed).
// Throws JsonSyntaxError naming the column (the byte offset + 1 in `text`).
// Nesting deeper than 64 levels is refused.
JsonValue parse_json(std::string_view text);

}  // namespace ddtb::cli
