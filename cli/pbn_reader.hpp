// Reading the games of a PBN file.
//
// This first version reads the export-format core of PBN 2.1: tag pairs
// `[Name "value"]` (values may hold \" and \\), games separated by blank
// lines, `%` escape lines, `;` comments to the end of a line and `{...}`
// commentary that may span lines. The reader only splits the text into games
// and tags; what a tag means (a deal, a board number) is decided elsewhere
// (board.hpp), so that new tags and sections can be read without touching it.
//
// The reader never throws on bad input: a syntax error is stored in the game
// it occurs in, and reading goes on with the next line.
#pragma once

#include <istream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ddtb::cli {

// One line of section data after a tag (the calls of [Auction], the cards of
// [Play], the rows of a table tag), comments removed, kept for later readers.
struct SectionLine {
  int line = 0;  // 1-based line number in the file
  std::string text;
};

// A tag pair and the section data that follows it up to the next tag.
struct Tag {
  std::string name;
  std::string value;  // with escapes resolved
  int line = 0;       // 1-based line number of the tag
  std::vector<SectionLine> section;
};

// A syntax error: the line it is on and what is wrong there.
struct SyntaxError {
  int line = 0;
  std::string message;
};

// One game: the tags between two blank lines, in file order.
struct Game {
  int ordinal = 0;     // 1-based position among the games of the file; 0 for
                       // a stretch of comments that is not a game (it can
                       // still carry an error: an unterminated comment)
  int first_line = 0;  // first line holding anything but comments
  std::vector<Tag> tags;
  std::optional<SyntaxError> error;  // the first syntax error in the game

  // The first tag of that name (names are case-sensitive), or nullptr.
  const Tag* find(std::string_view name) const;
  // How many tags of that name the game holds.
  int count(std::string_view name) const;
};

class PbnReader {
 public:
  // Reads from `in`, which must outlive the reader.
  explicit PbnReader(std::istream& in) : in_(in) {}

  // The next game, or nullopt at the end of the input. Stretches that hold
  // only comments are skipped unless they carry an error.
  std::optional<Game> next();

  // True when reading stopped on an I/O error rather than at the end.
  bool failed() const { return in_.bad(); }

 private:
  // Scans one line (without its line end) into `game`.
  void scan_line(std::string_view line, Game& game);
  // Reads the tag pair starting at line[i] == '['; returns the index after
  // it, or npos after recording an error in `game`.
  std::size_t scan_tag(std::string_view line, std::size_t i, Game& game);
  void fail(Game& game, std::string message) const;

  std::istream& in_;
  int line_no_ = 0;
  int games_ = 0;
  // A `{` comment still open at the end of the previous line, and where it began.
  bool in_comment_ = false;
  int comment_line_ = 0;
};

}  // namespace ddtb::cli
