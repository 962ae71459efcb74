#include "cli/tag_values.hpp"

#include <array>
#include <cctype>
#include <charconv>

namespace ddtb::cli {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

bool unknown(std::string_view v) {
  return v.empty() || v == "?";
}

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::toupper(static_cast<unsigned char>(a[i])) !=
        std::toupper(static_cast<unsigned char>(b[i])))
      return false;
  return true;
}

Error bad(std::string message) {
  return Error{ErrorCode::kSyntax, std::move(message)};
}

std::string quoted(std::string_view v) {
  std::string out(1, '"');
  out += v;
  out += '"';
  return out;
}

}  // namespace

Expected<std::optional<Seat>> parse_seat_value(std::string_view value) {
  value = trim(value);
  if (unknown(value)) return std::optional<Seat>{};
  if (value.size() == 1)
    if (auto seat = seat_from_letter(value[0])) return std::optional<Seat>{*seat};
  return bad(quoted(value) + " is not a seat (N, E, S or W)");
}

Expected<std::optional<Vulnerability>> parse_vulnerability(std::string_view value) {
  value = trim(value);
  if (unknown(value)) return std::optional<Vulnerability>{};
  if (auto v = vulnerability_from_name(value)) return std::optional<Vulnerability>{*v};
  return bad(quoted(value) + " is not a vulnerability (None, NS, EW or All)");
}

Expected<std::optional<Seat>> parse_declarer(std::string_view value) {
  value = trim(value);
  if (!value.empty() && value.front() == '^') value.remove_prefix(1);
  return parse_seat_value(value);
}

Expected<std::optional<ddtb::Contract>> parse_contract(std::string_view value) {
  value = trim(value);
  if (unknown(value) || iequals(value, "Pass")) return std::optional<ddtb::Contract>{};
  // The library's parser ('N' alone is no trump: "3N"); a [Contract] tag
  // names no declarer.
  const Expected<ddtb::Contract> c = ddtb::parse_contract(value);
  if (!c || c->declarer) return bad(quoted(value) + " is not a contract (e.g. 4S, 3NTX, Pass)");
  return std::optional<ddtb::Contract>{*c};
}

std::optional<BoardConditions> conditions_of_board_number(std::string_view board) {
  board = trim(board);
  unsigned long n = 0;
  const auto [end, ec] = std::from_chars(board.data(), board.data() + board.size(), n);
  if (ec != std::errc{} || end != board.data() + board.size() || n == 0) return std::nullopt;
  // The vulnerability of boards 1..16; the cycle then repeats.
  static constexpr std::array<Vulnerability, 16> kCycle{
      Vulnerability::None,    Vulnerability::NorthSouth, Vulnerability::EastWest,
      Vulnerability::Both,    Vulnerability::NorthSouth, Vulnerability::EastWest,
      Vulnerability::Both,    Vulnerability::None,       Vulnerability::EastWest,
      Vulnerability::Both,    Vulnerability::None,       Vulnerability::NorthSouth,
      Vulnerability::Both,    Vulnerability::None,       Vulnerability::NorthSouth,
      Vulnerability::EastWest};
  const unsigned long k = (n - 1) % 16;
  return BoardConditions{seat_from_int(static_cast<int>(k % 4)), kCycle[k]};
}

std::string_view vulnerability_name(Vulnerability v) {
  switch (v) {
    case Vulnerability::NorthSouth:
      return "NS";
    case Vulnerability::EastWest:
      return "EW";
    case Vulnerability::Both:
      return "All";
    case Vulnerability::None:
      break;
  }
  return "None";
}

std::string contract_text(const ddtb::Contract& c) {
  std::string out = c.level ? std::to_string(c.level) : "";
  out += strain_name(c.strain);
  out += std::string(static_cast<std::size_t>(c.doubling), 'X');
  return out;
}

}  // namespace ddtb::cli
