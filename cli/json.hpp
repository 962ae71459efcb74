// The little JSON writing ddsolve needs: strings that are always valid JSON.
#pragma once

#include <string>
#include <string_view>

namespace ddtb::cli {

// `text` as a JSON string literal, quotes included. Quotes, backslashes and
// control characters are escaped. Valid UTF-8 passes through unchanged; text
// that is not valid UTF-8 is taken as ISO 8859-1 (the character set of PBN
// files) and each byte above 0x7f becomes \u00XX, so the output is always
// valid JSON whatever the input bytes were.
std::string json_string(std::string_view text);

// True when `text` is well-formed UTF-8 (no overlongs, no surrogates).
bool is_valid_utf8(std::string_view text);

}  // namespace ddtb::cli
