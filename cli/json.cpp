#include "cli/json.hpp"

#include <cstdint>
#include <cstdio>

namespace ddtb::cli {

namespace {

void append_u_escape(std::string& out, unsigned code) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "\\u%04x", code);
  out += buf;
}

// Length of the UTF-8 sequence starting at text[i], or 0 when it is malformed.
std::size_t utf8_length(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<std::uint8_t>(text[k]); };
  const std::uint8_t b0 = byte(i);
  if (b0 < 0x80) return 1;
  std::size_t n;
  std::uint32_t code;
  if ((b0 & 0xe0) == 0xc0) {
    n = 2, code = b0 & 0x1f;
  } else if ((b0 & 0xf0) == 0xe0) {
    n = 3, code = b0 & 0x0f;
  } else if ((b0 & 0xf8) == 0xf0) {
    n = 4, code = b0 & 0x07;
  } else {
    return 0;
  }
  if (i + n > text.size()) return 0;
  for (std::size_t k = 1; k < n; ++k) {
    if ((byte(i + k) & 0xc0) != 0x80) return 0;
    code = (code << 6) | (byte(i + k) & 0x3f);
  }
  constexpr std::uint32_t kMinForLength[] = {0, 0, 0x80, 0x800, 0x10000};
  if (code < kMinForLength[n] || code > 0x10ffff) return 0;  // overlong or too large
  if (code >= 0xd800 && code <= 0xdfff) return 0;            // surrogates
  return n;
}

}  // namespace

bool is_valid_utf8(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t n = utf8_length(text, i);
    if (n == 0) return false;
    i += n;
  }
  return true;
}

std::string json_string(std::string_view text) {
  const bool utf8 = is_valid_utf8(text);
  std::string out = "\"";
  for (const char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (c < 0x20 || c == 0x7f || (c >= 0x80 && !utf8))
          append_u_escape(out, c);  // Latin-1 byte = the code point of the same value
        else
          out += ch;
    }
  }
  out += '"';
  return out;
}

}  // namespace ddtb::cli
