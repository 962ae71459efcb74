// Reading the games of a PBN file.
//
// The reader splits the input into games and each game into tag pairs
// `[Name "value"]` and the section tokens that follow a tag (the calls of
// [Auction], the cards of [Play], the rows of a table). It reads PBN 2.1's
// import format and the deviations found in real files:
//   - games separated by blank (or white-space-only) lines;
//   - `%` lines (the escape mechanism), `;` comments to the end of a line,
//     `{...}` comments that may span lines, blank lines included;
//   - tag values with \" and \\, tags that span lines, several tags per line;
//   - LF or CRLF line ends, a UTF-8 byte order mark, any bytes in values;
//   - a bare deal line, the value of a [Deal] tag alone on its line
//     ("N:AKQ2.K83.T95.A64 J9.QJ52.AK64.T95 ..."), where a game would start:
//     a game of its own holding that Deal tag, so that a list of deals, one
//     a line, is a file of boards.
// What a tag means (a deal, a board number) is decided elsewhere (board.hpp),
// so new tags and sections can be read without touching the reader.
//
// Every game keeps the exact bytes it was read from, so that the annotated
// PBN output can write the input back unchanged: the concatenated `text` of
// all games returned equals the input, byte for byte. Positions are byte
// offsets into that text; Game::locate turns them into line and column.
//
// The reader never throws on bad input: a syntax error is stored in the game
// it occurs in, and reading goes on.
#pragma once

#include <cstddef>
#include <istream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ddtb::cli {

inline constexpr std::size_t kNoOffset = std::string::npos;

// A section token: a run of non-blank characters after a tag, comments
// removed. Tokens never span lines.
struct Token {
  std::string text;
  std::size_t offset = 0;  // of its first byte, in Game::text
};

// A tag pair and the section data that follows it up to the next tag.
struct Tag {
  std::string name;
  std::string value;                     // with escapes resolved
  std::size_t offset = kNoOffset;        // the '['; kNoOffset for a tag that is
                                         // not in the text (inherited, inherit.hpp)
  std::size_t value_offset = kNoOffset;  // the value's first byte (after the quote)
  std::size_t value_end = kNoOffset;     // the closing quote
  std::size_t end = kNoOffset;           // one past the ']'
  std::vector<Token> section;
  // A bare deal line: the value stands in the text without '[', name or
  // quotes (offset = value_offset, end = value_end).
  bool bare = false;

  bool in_text() const { return offset != kNoOffset; }
};

// Something wrong at a place of a game: a syntax error, a bad value, an illegal
// card. Messages say what is wrong, never where (the reporter adds that).
struct Problem {
  std::size_t offset = kNoOffset;  // in Game::text; kNoOffset: the game as a whole
  std::string message;
};

// A 1-based line and column. Columns count characters: a UTF-8 sequence is
// one column, the byte order mark none.
struct Location {
  int line = 0;
  int column = 0;
};

// A game, or the text around games: the reader returns every byte of the
// input in some Game, so a stretch with only blank lines, comments and `%`
// lines at the end of the file comes back as a Game that is not a game.
struct Game {
  int ordinal = 0;                // 1-based among the games of the file; 0 when not a game
  std::string text;               // the input bytes since the previous game: blank lines,
                                  // comments and `%` lines first, then the game's own
                                  // lines, with their line ends
  int first_line = 1;             // the line number of text's first byte
  std::size_t start = kNoOffset;  // the game's first tag or token; kNoOffset when
                                  // this is not a game
  std::vector<Tag> tags;          // in text order
  std::optional<Problem> error;   // the first syntax error

  bool is_game() const { return start != kNoOffset; }
  Location locate(std::size_t offset) const;
  // The first tag of that name (names are case-sensitive), or nullptr.
  const Tag* find(std::string_view name) const;
  Tag* find(std::string_view name);
  int count(std::string_view name) const;
  // The offset in `text` of character `index` of a tag's value (escapes
  // count as the one character they stand for); the value start when the
  // tag is not in the text.
  std::size_t value_char_offset(const Tag& tag, std::size_t index) const;
};

class PbnReader {
 public:
  // Reads from `in`, which must outlive the reader.
  explicit PbnReader(std::istream& in) : in_(in) {}

  // The next game (or, at the end, the text after the last game), or
  // nullopt when the input is exhausted.
  std::optional<Game> next();

  // True when reading stopped on an I/O error rather than at the end.
  bool failed() const { return in_.bad(); }

 private:
  enum class State {
    kTop,       // between tags and tokens
    kComment,   // inside {...}
    kTagName,   // after '['
    kTagValue,  // after the name, before the opening quote
    kTagClose,  // after the value, before ']'
  };

  // Reads one line, its line end included; false at the end of the input.
  bool read_line(std::string& line);
  // Takes game.text[begin, end) (one line without its line end, no game
  // started yet) as a bare deal line when it is one; false otherwise.
  bool take_bare_deal(std::size_t begin, std::size_t end, Game& game);
  // Scans game.text[begin, end) (one line without its line end).
  void scan_line(std::size_t begin, std::size_t end, Game& game);
  std::size_t scan_top(std::size_t i, std::size_t end, Game& game);
  std::size_t scan_tag(std::size_t i, std::size_t end, Game& game);
  void flush_token(Game& game);
  void fail(Game& game, std::size_t offset, std::string message);
  // Ends a game at a blank line or the end of the input: reports what is
  // still open.
  void close_open_constructs(Game& game, bool at_end);

  std::istream& in_;
  int lines_read_ = 0;
  int games_ = 0;
  std::optional<std::string> pending_;  // a line read ahead: it starts the next game
  State state_ = State::kTop;
  std::size_t comment_offset_ = 0;  // where the open '{' is
  Tag tag_;                         // the tag being read
  Token token_;                     // the section token being read
};

}  // namespace ddtb::cli
