#include "cli/pbn_reader.hpp"

#include <algorithm>
#include <cctype>
#include <utility>

namespace ddtb::cli {

namespace {

bool is_space(char c) {
  return c == ' ' || c == '\t';
}

bool is_blank(std::string_view line) {
  return std::all_of(line.begin(), line.end(), is_space);
}

bool is_name_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

std::size_t skip_spaces(std::string_view line, std::size_t i) {
  while (i < line.size() && is_space(line[i])) ++i;
  return i;
}

// A short excerpt of input for a message: control characters (a binary file
// given by mistake) become '?' so that they cannot upset the terminal.
std::string excerpt(std::string_view text) {
  constexpr std::size_t kMaxExcerpt = 20;
  std::string out(text.substr(0, kMaxExcerpt));
  for (char& c : out)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = '?';
  return out;
}

constexpr std::string_view kUtf8Bom = "\xEF\xBB\xBF";

}  // namespace

const Tag* Game::find(std::string_view name) const {
  for (const Tag& t : tags)
    if (t.name == name) return &t;
  return nullptr;
}

int Game::count(std::string_view name) const {
  return static_cast<int>(
      std::count_if(tags.begin(), tags.end(), [&](const Tag& t) { return t.name == name; }));
}

std::optional<Game> PbnReader::next() {
  Game game;
  std::string raw;
  while (std::getline(in_, raw)) {
    ++line_no_;
    std::string_view line = raw;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);  // CRLF files
    if (line_no_ == 1 && line.substr(0, kUtf8Bom.size()) == kUtf8Bom)
      line.remove_prefix(kUtf8Bom.size());

    if (!in_comment_) {
      // A blank line ends a game; blank lines between games are nothing.
      if (is_blank(line)) {
        if (game.first_line != 0) break;
        continue;
      }
      if (line.front() == '%') continue;  // an escape line: not for us
    }
    scan_line(line, game);
  }
  if (in_comment_ && in_.eof()) {
    // The comment swallowed the rest of the file; name the line that opened it.
    in_comment_ = false;
    if (!game.error)
      game.error = SyntaxError{comment_line_, "'{' comment never closed (no '}' up to the end)"};
  }
  if (game.first_line == 0 && !game.error) return std::nullopt;
  if (game.first_line != 0) game.ordinal = ++games_;
  return game;
}

void PbnReader::scan_line(std::string_view line, Game& game) {
  std::string text;  // section data on this line, comments removed
  std::size_t i = 0;
  while (i < line.size()) {
    if (in_comment_) {
      const std::size_t close = line.find('}', i);
      if (close == std::string_view::npos) return;
      in_comment_ = false;
      i = close + 1;
      text += ' ';  // a comment separates the tokens around it
      continue;
    }
    const char c = line[i];
    if (c == ';') break;  // a comment to the end of the line
    if (c == '{') {
      in_comment_ = true;
      comment_line_ = line_no_;
      ++i;
      continue;
    }
    if (game.first_line == 0 && !is_space(c)) game.first_line = line_no_;
    if (c == '[') {
      i = scan_tag(line, i, game);
      if (i == std::string_view::npos) return;  // the rest of the line is lost
      continue;
    }
    text += c;
    ++i;
  }
  const std::string_view data = trim(text);
  if (data.empty()) return;
  if (game.tags.empty()) {
    fail(game, "text before the first tag of a game: '" + excerpt(data) + "'");
    return;
  }
  game.tags.back().section.push_back(SectionLine{line_no_, std::string(data)});
}

std::size_t PbnReader::scan_tag(std::string_view line, std::size_t i, Game& game) {
  constexpr auto npos = std::string_view::npos;
  Tag tag;
  tag.line = line_no_;
  i = skip_spaces(line, i + 1);
  const std::size_t name_start = i;
  while (i < line.size() && is_name_char(line[i])) ++i;
  tag.name = line.substr(name_start, i - name_start);
  if (tag.name.empty() || !std::isalpha(static_cast<unsigned char>(tag.name.front()))) {
    fail(game, "a tag name (letters, digits, '_') must follow '['");
    return npos;
  }
  i = skip_spaces(line, i);
  if (i >= line.size() || line[i] != '"') {
    fail(game, "tag [" + tag.name + "]: the value must follow in double quotes");
    return npos;
  }
  for (++i;; ++i) {
    if (i >= line.size()) {
      fail(game, "tag [" + tag.name + "]: the value's closing '\"' is missing on this line");
      return npos;
    }
    const char c = line[i];
    if (c == '"') break;
    // PBN escapes only these two; any other backslash is an ordinary character.
    if (c == '\\' && i + 1 < line.size() && (line[i + 1] == '"' || line[i + 1] == '\\')) ++i;
    tag.value += line[i];
  }
  i = skip_spaces(line, i + 1);
  if (i >= line.size() || line[i] != ']') {
    fail(game, "tag [" + tag.name + "]: ']' must follow the value");
    return npos;
  }
  game.tags.push_back(std::move(tag));
  return i + 1;
}

void PbnReader::fail(Game& game, std::string message) const {
  if (game.first_line == 0) game.first_line = line_no_;
  if (!game.error) game.error = SyntaxError{line_no_, std::move(message)};
}

}  // namespace ddtb::cli
