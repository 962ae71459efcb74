// Strains, seats, vulnerabilities, sides and contracts as people write them
// (include/ddtb/cards.hpp, par.hpp): the one table of their names, which
// ddsolve, the Python module and the JavaScript package all read.
#include <array>
#include <cctype>
#include <string>

#include "ddtb/cards.hpp"
#include "ddtb/par.hpp"

namespace ddtb {

namespace {

char upper(char c) {
  return static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
}

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (upper(a[i]) != upper(b[i])) return false;
  return true;
}

template <class T>
struct Name {
  std::string_view text;
  T value;
};

// Names besides the letters (strain_from_letter, seat_from_letter).
constexpr std::array<Name<Strain>, 7> kStrainNames{{{"NT", Strain::NoTrump},
                                                    {"NoTrump", Strain::NoTrump},
                                                    {"No trump", Strain::NoTrump},
                                                    {"Spades", Strain::Spades},
                                                    {"Hearts", Strain::Hearts},
                                                    {"Diamonds", Strain::Diamonds},
                                                    {"Clubs", Strain::Clubs}}};
constexpr std::array<Name<Seat>, 4> kSeatNames{{{seat_name(Seat::North), Seat::North},
                                                {seat_name(Seat::East), Seat::East},
                                                {seat_name(Seat::South), Seat::South},
                                                {seat_name(Seat::West), Seat::West}}};
constexpr std::array<Name<Vulnerability>, 7> kVulnerabilityNames{{{"None", Vulnerability::None},
                                                                  {"Love", Vulnerability::None},
                                                                  {"-", Vulnerability::None},
                                                                  {"NS", Vulnerability::NorthSouth},
                                                                  {"EW", Vulnerability::EastWest},
                                                                  {"Both", Vulnerability::Both},
                                                                  {"All", Vulnerability::Both}}};
constexpr std::array<Name<Side>, 2> kSideNames{{{"NS", Side::NorthSouth}, {"EW", Side::EastWest}}};

template <class T, std::size_t N>
std::optional<T> find_name(const std::array<Name<T>, N>& names, std::string_view text) {
  for (const Name<T>& n : names)
    if (iequals(text, n.text)) return n.value;
  return std::nullopt;
}

// Reads a contract left to right (parse_contract).
class ContractReader {
 public:
  explicit ContractReader(std::string_view text) : text_(text) {}

  Expected<Contract> read() {
    Contract c;
    skip_spaces();
    if (at_end()) return bad("no contract");
    if (text_[i_] >= '1' && text_[i_] <= '7') {
      c.level = text_[i_++] - '0';
      skip_spaces();
    }
    if (!read_strain(c.strain))
      return bad(c.level ? "no strain (S, H, D, C, NT) after the level"
                         : "no level (1..7) or strain (S, H, D, C, NT)");
    skip_spaces();
    int doubled = 0;
    while (!at_end() && upper(text_[i_]) == 'X') {
      ++doubled;
      ++i_;
    }
    if (doubled > 2) return bad("doubled more than XX");
    if (doubled > 0 && c.level == 0) return bad("doubled without a level");
    c.doubling = static_cast<Doubling>(doubled);
    skip_spaces();
    bool needs_declarer = false;
    if (!at_end() && text_[i_] == '-') {
      ++i_;
      needs_declarer = true;
    } else if (i_ + 1 < text_.size() && iequals(text_.substr(i_, 2), "BY")) {
      i_ += 2;
      needs_declarer = true;
    }
    skip_spaces();
    if (!at_end()) {
      const std::optional<Seat> seat = seat_from_letter(text_[i_]);
      if (!seat) return bad("no declarer seat (N, E, S, W) at the end");
      c.declarer = *seat;
      ++i_;
      skip_spaces();
    } else if (needs_declarer) {
      return bad("no declarer seat (N, E, S, W) at the end");
    }
    if (!at_end()) return bad("text after the declarer");
    return c;
  }

 private:
  bool at_end() const { return i_ >= text_.size(); }
  void skip_spaces() {
    while (!at_end() && (text_[i_] == ' ' || text_[i_] == '\t')) ++i_;
  }
  // "NT", or one letter: S, H, D, C, or N for no trump.
  bool read_strain(Strain& strain) {
    if (i_ + 1 < text_.size() && iequals(text_.substr(i_, 2), "NT")) {
      strain = Strain::NoTrump;
      i_ += 2;
      return true;
    }
    if (at_end()) return false;
    const std::optional<Strain> s = strain_from_letter(text_[i_]);
    if (!s) return false;
    strain = *s;
    ++i_;
    return true;
  }
  Error bad(std::string_view why) const {
    std::string message = "'";
    message.append(text_);
    message.append("': ");
    message.append(why);
    return Error{ErrorCode::kSyntax, std::move(message)};
  }

  std::string_view text_;
  std::size_t i_ = 0;
};

}  // namespace

std::optional<Strain> strain_from_name(std::string_view text) {
  if (text.size() == 1) return strain_from_letter(text[0]);
  return find_name(kStrainNames, text);
}

std::optional<Seat> seat_from_name(std::string_view text) {
  if (text.size() == 1) return seat_from_letter(text[0]);
  return find_name(kSeatNames, text);
}

std::optional<Vulnerability> vulnerability_from_name(std::string_view text) {
  return find_name(kVulnerabilityNames, text);
}

std::optional<Side> side_from_name(std::string_view text) {
  return find_name(kSideNames, text);
}

Expected<Contract> parse_contract(std::string_view text) {
  return ContractReader(text).read();
}

}  // namespace ddtb
