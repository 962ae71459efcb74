#include "tests/support/ref_file.hpp"

#include <charconv>
#include <fstream>
#include <optional>
#include <sstream>

namespace ddtb::test {

namespace {

// A word of a line, or the contents of a "quoted string".
struct Token {
  std::string text;
  bool quoted = false;
};

std::optional<std::vector<Token>> tokenize(std::string_view line) {
  std::vector<Token> out;
  std::size_t i = 0;
  while (true) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
    if (i >= line.size()) return out;
    if (line[i] == '"') {
      const std::size_t close = line.find('"', i + 1);
      if (close == std::string_view::npos) return std::nullopt;  // unterminated
      out.push_back({std::string(line.substr(i + 1, close - i - 1)), true});
      i = close + 1;
    } else {
      const std::size_t start = i;
      while (i < line.size() && line[i] != ' ' && line[i] != '\t' && line[i] != '\r') ++i;
      out.push_back({std::string(line.substr(start, i - start)), false});
    }
  }
}

std::optional<int> to_int(std::string_view s) {
  int v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size() || s.empty()) return std::nullopt;
  return v;
}

// Walks the lines of one file, turning any problem into an error that names
// the file and the line.
class Parser {
 public:
  Parser(std::string_view text, std::string_view source) : text_(text), source_(source) {}

  Expected<std::vector<RefDeal>> run() {
    std::vector<RefDeal> deals;
    if (!next_line()) return fail("empty file; expected a NUMBER line");
    if (!expect_keyword("NUMBER", 1)) return *error_;
    const auto count = int_at(1, 1, 100000);
    if (!count) return *error_;
    while (next_line()) {
      RefDeal d;
      d.number = static_cast<int>(deals.size()) + 1;
      d.line = line_no_;
      if (!read_pbn(d) || !advance() || !read_fut(d) || !advance() || !read_table(d) ||
          !advance() || !read_par(d) || !advance() || !read_par2(d) || !advance() ||
          !read_play(d) || !advance() || !read_trace(d))
        return *error_;
      deals.push_back(std::move(d));
    }
    if (static_cast<int>(deals.size()) != *count)
      return Error{ErrorCode::kCorruptData, std::string(source_) + ": NUMBER says " +
                                                std::to_string(*count) + " deals, the file has " +
                                                std::to_string(deals.size())};
    return deals;
  }

 private:
  // Moves to the next non-blank line; false at the end of the text.
  bool next_line() {
    while (pos_ < text_.size()) {
      const std::size_t eol = std::min(text_.find('\n', pos_), text_.size());
      const std::string_view line = text_.substr(pos_, eol - pos_);
      pos_ = eol + 1;
      ++line_no_;
      auto tokens = tokenize(line);
      if (!tokens) {
        set_error("unterminated quoted string");
        tokens_.clear();
        return true;  // the caller's keyword check reports error_
      }
      if (!tokens->empty()) {
        tokens_ = std::move(*tokens);
        return true;
      }
    }
    return false;
  }

  // The next line of the current deal, which must exist.
  bool advance() {
    if (next_line()) return true;
    set_error("the file ends in the middle of a deal");
    return false;
  }

  Error fail(const std::string& what) {
    set_error(what);
    return *error_;
  }
  void set_error(const std::string& what) {
    if (!error_)
      error_ = Error{ErrorCode::kCorruptData,
                     std::string(source_) + " line " + std::to_string(line_no_) + ": " + what};
  }

  // The line starts with `keyword` and has at least `min_tokens` tokens.
  bool expect_keyword(const char* keyword, std::size_t min_tokens) {
    if (error_) return false;
    if (tokens_.empty() || tokens_[0].quoted || tokens_[0].text != keyword) {
      set_error(std::string("expected a ") + keyword + " line");
      return false;
    }
    if (tokens_.size() < min_tokens + 1) {
      set_error(std::string(keyword) + " line too short");
      return false;
    }
    return true;
  }
  bool expect_size(std::size_t n) {
    if (tokens_.size() == n) return true;
    set_error(tokens_[0].text + " line has " + std::to_string(tokens_.size() - 1) +
              " values, expected " + std::to_string(n - 1));
    return false;
  }

  // The unquoted integer token i, within [lo, hi].
  std::optional<int> int_at(std::size_t i, int lo, int hi) {
    const auto v =
        i < tokens_.size() && !tokens_[i].quoted ? to_int(tokens_[i].text) : std::nullopt;
    if (!v || *v < lo || *v > hi) {
      set_error(tokens_[0].text + " value " + std::to_string(i) + " should be an integer in " +
                std::to_string(lo) + ".." + std::to_string(hi));
      return std::nullopt;
    }
    return v;
  }
  // The quoted token i.
  const std::string* quoted_at(std::size_t i) {
    if (i < tokens_.size() && tokens_[i].quoted) return &tokens_[i].text;
    set_error(tokens_[0].text + " value " + std::to_string(i) + " should be a quoted string");
    return nullptr;
  }
  // "<prefix><integer>" as in "NS -110".
  std::optional<int> prefixed_int(std::size_t i, std::string_view prefix) {
    const std::string* s = quoted_at(i);
    if (!s) return std::nullopt;
    if (s->rfind(prefix, 0) != 0 || !to_int(std::string_view(*s).substr(prefix.size()))) {
      set_error(tokens_[0].text + " value " + std::to_string(i) + " should be \"" +
                std::string(prefix) + "<score>\"");
      return std::nullopt;
    }
    return to_int(std::string_view(*s).substr(prefix.size()));
  }

  bool read_pbn(RefDeal& d) {
    if (!expect_keyword("PBN", 5) || !expect_size(6)) return false;
    const auto dealer = int_at(1, 0, 3), vul = int_at(2, 0, 3), trump = int_at(3, 0, 4),
               first = int_at(4, 0, 3);
    const std::string* text = quoted_at(5);
    if (!dealer || !vul || !trump || !first || !text) return false;
    const auto deal = parse_pbn_deal(*text);
    if (!deal) {
      set_error("bad deal: " + deal.error().message);
      return false;
    }
    if (deal->tricks_left() != kNumTricks) {
      set_error("the deal is not a full deal of 13 cards a hand");
      return false;
    }
    d.dealer = *dealer;
    d.vulnerability = *vul;
    d.trump = strain_from_int(*trump);
    d.first = seat_from_int(*first);
    d.pbn = *text;
    d.hands = deal->hands();
    return true;
  }

  bool read_fut(RefDeal& d) {
    if (!expect_keyword("FUT", 1)) return false;
    const auto n = int_at(1, 1, 13);
    if (!n || !expect_size(2 + 4 * std::size_t(*n))) return false;
    for (int i = 0; i < *n; ++i) {
      const auto suit = int_at(2 + i, 0, 3), rank = int_at(2 + *n + i, 2, 14),
                 equals = int_at(2 + 2 * *n + i, 0, 0x7ffc), tricks = int_at(2 + 3 * *n + i, 0, 13);
      if (!suit || !rank || !equals || !tricks) return false;
      if ((*equals & ~0x7ffc) != 0 || (*equals >> *rank) != 0) {
        set_error("FUT group " + std::to_string(i + 1) + ": equals " + std::to_string(*equals) +
                  " is not a set of ranks below " + std::to_string(*rank));
        return false;
      }
      d.fut.push_back(
          RefCardGroup{suit_from_int(*suit), *rank, static_cast<std::uint16_t>(*equals), *tricks});
    }
    return true;
  }

  bool read_table(RefDeal& d) {
    if (!expect_keyword("TABLE", 20) || !expect_size(21)) return false;
    for (int i = 0; i < 20; ++i) {
      const auto v = int_at(1 + i, 0, 13);
      if (!v) return false;
      d.table[i / 4][i % 4] = *v;
    }
    return true;
  }

  bool read_par(RefDeal& d) {
    if (!expect_keyword("PAR", 4) || !expect_size(5)) return false;
    const auto ns = prefixed_int(1, "NS "), ew = prefixed_int(2, "EW ");
    const std::string* ns_c = quoted_at(3);
    const std::string* ew_c = quoted_at(4);
    if (!ns || !ew || !ns_c || !ew_c) return false;
    if (ns_c->rfind("NS:", 0) != 0 || ew_c->rfind("EW:", 0) != 0) {
      set_error("PAR contracts should read \"NS:...\" \"EW:...\"");
      return false;
    }
    d.par = RefPar{*ns, *ew, ns_c->substr(3), ew_c->substr(3)};
    return true;
  }

  bool read_par2(RefDeal& d) {
    if (!expect_keyword("PAR2", 1)) return false;
    const auto score = prefixed_int(1, "");
    if (!score) return false;
    d.dealer_par.score = *score;
    for (std::size_t i = 2; i < tokens_.size(); ++i) {
      const std::string* c = quoted_at(i);
      if (!c) return false;
      d.dealer_par.contracts.push_back(*c);
    }
    return true;
  }

  bool read_play(RefDeal& d) {
    if (!expect_keyword("PLAY", 2) || !expect_size(3)) return false;
    const auto n = int_at(1, 0, 52);
    const std::string* cards = quoted_at(2);
    if (!n || !cards) return false;
    if (cards->size() != 2 * std::size_t(*n)) {
      set_error("PLAY says " + std::to_string(*n) + " cards but lists " +
                std::to_string(cards->size()) + " characters");
      return false;
    }
    for (int i = 0; i < *n; ++i) {
      const auto c = parse_card(std::string_view(*cards).substr(2 * i, 2));
      if (!c) {
        set_error("PLAY card " + std::to_string(i + 1) + " is not a card");
        return false;
      }
      d.play.push_back(*c);
    }
    return true;
  }

  bool read_trace(RefDeal& d) {
    if (!expect_keyword("TRACE", 1)) return false;
    const auto m = int_at(1, 0, 53);
    if (!m || !expect_size(2 + std::size_t(*m))) return false;
    for (int i = 0; i < *m; ++i) {
      const auto v = int_at(2 + i, 0, 13);
      if (!v) return false;
      d.trace.push_back(*v);
    }
    return true;
  }

  std::string_view text_;
  std::string_view source_;
  std::size_t pos_ = 0;
  int line_no_ = 0;
  std::vector<Token> tokens_;
  std::optional<Error> error_;
};

}  // namespace

std::string ref_path(std::string_view name) {
  return std::string(DDTB_REF_DIR) + "/" + std::string(name);
}

Expected<std::vector<RefDeal>> parse_ref_text(std::string_view text, std::string_view source) {
  return Parser(text, source).run();
}

Expected<std::vector<RefDeal>> read_ref_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return Error{ErrorCode::kIo, "cannot open golden file " + path +
                                     " (the DDS reference hands; set DDTB_REF_DIR to the directory "
                                     "holding list100.txt and list1000.txt)"};
  std::ostringstream text;
  text << in.rdbuf();
  return parse_ref_text(text.str(), path);
}

bool ref_file_present(std::string_view name) {
  return std::ifstream(ref_path(name)).good();
}

std::string ref_missing_message(std::string_view name) {
  return "DDS's " + std::string(name) + " is not in " + std::string(DDTB_REF_DIR) +
         " (DDTB_REF_DIR; by default ../shared/ref beside the project): skipped. The project's "
         "own golden data, tests/data/golden/, is tested in its place.";
}

}  // namespace ddtb::test
