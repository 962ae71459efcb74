#include "cli/pbn_reader.hpp"

#include <algorithm>
#include <cctype>
#include <utility>

namespace ddtb::cli {

namespace {

constexpr std::string_view kUtf8Bom = "\xEF\xBB\xBF";

bool is_space(char c) {
  // '\r' only reaches the scanner when it is not part of a CRLF line end.
  return c == ' ' || c == '\t' || c == '\r';
}

bool is_blank(std::string_view line) {
  return std::all_of(line.begin(), line.end(), is_space);
}

bool is_name_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
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

// The length of a line without its line end ("\n" or "\r\n").
std::size_t content_length(std::string_view line) {
  std::size_t n = line.size();
  if (n > 0 && line[n - 1] == '\n') --n;
  if (n > 0 && line[n - 1] == '\r') --n;
  return n;
}

}  // namespace

// ---------------------------------------------------------------- Game

Location Game::locate(std::size_t offset) const {
  offset = std::min(offset, text.size());
  Location loc{first_line, 1};
  std::size_t line_start = 0;
  for (std::size_t k = 0; k < offset; ++k)
    if (text[k] == '\n') {
      ++loc.line;
      line_start = k + 1;
    }
  for (std::size_t k = line_start; k < offset; ++k)
    if ((static_cast<unsigned char>(text[k]) & 0xc0) != 0x80)
      ++loc.column;  // not a UTF-8 tail byte
  const bool bom_line = first_line == 1 && line_start == 0 && text.starts_with(kUtf8Bom);
  if (bom_line && offset >= kUtf8Bom.size()) --loc.column;  // the mark is no character
  return loc;
}

const Tag* Game::find(std::string_view name) const {
  for (const Tag& t : tags)
    if (t.name == name) return &t;
  return nullptr;
}

Tag* Game::find(std::string_view name) {
  for (Tag& t : tags)
    if (t.name == name) return &t;
  return nullptr;
}

int Game::count(std::string_view name) const {
  return static_cast<int>(
      std::count_if(tags.begin(), tags.end(), [&](const Tag& t) { return t.name == name; }));
}

std::size_t Game::value_char_offset(const Tag& tag, std::size_t index) const {
  if (!tag.in_text()) return kNoOffset;
  std::size_t k = tag.value_offset;
  for (std::size_t n = 0; n < index && k < tag.value_end; ++n) {
    const bool escape =
        text[k] == '\\' && k + 1 < tag.value_end && (text[k + 1] == '"' || text[k + 1] == '\\');
    k += escape ? 2 : 1;
  }
  return k;
}

// ---------------------------------------------------------------- PbnReader

bool PbnReader::read_line(std::string& line) {
  if (!std::getline(in_, line)) return false;
  ++lines_read_;
  if (!in_.eof()) line += '\n';  // getline dropped it; the last line may have none
  return true;
}

std::optional<Game> PbnReader::next() {
  Game game;
  game.first_line = pending_ ? lines_read_ : lines_read_ + 1;
  std::string line;
  bool more = false;
  if (pending_) {
    line = std::move(*pending_);
    pending_.reset();
    more = true;
  } else {
    more = read_line(line);
  }
  while (more) {
    const std::size_t length = content_length(line);
    const bool blank = is_blank(std::string_view(line).substr(0, length));
    if (blank && state_ != State::kComment && game.is_game()) {
      // A blank line ends the game and starts what comes before the next one.
      close_open_constructs(game, false);
      pending_ = std::move(line);
      break;
    }
    const std::size_t begin = game.text.size();
    game.text += line;
    std::size_t scan_from = begin;
    if (lines_read_ == 1 && game.text.starts_with(kUtf8Bom)) scan_from += kUtf8Bom.size();
    if (!blank && state_ == State::kTop && !game.is_game() &&
        take_bare_deal(scan_from, begin + length, game))
      break;  // the line is the whole game
    if (!blank) scan_line(scan_from, begin + length, game);
    more = read_line(line);
  }
  if (!more && !pending_) close_open_constructs(game, true);
  if (game.text.empty()) return std::nullopt;
  if (game.is_game()) game.ordinal = ++games_;
  return game;
}

bool PbnReader::take_bare_deal(std::size_t begin, std::size_t end, Game& game) {
  const std::string& text = game.text;
  std::size_t i = begin;
  while (i < end && is_space(text[i])) ++i;
  constexpr std::string_view kSeats = "NESWnesw";
  if (end - i < 2 || kSeats.find(text[i]) == std::string_view::npos || text[i + 1] != ':')
    return false;
  std::size_t stop = std::min(text.find(';', i), end);  // a comment may follow
  while (stop > i && is_space(text[stop - 1])) --stop;
  Tag deal;
  deal.name = "Deal";
  deal.value = text.substr(i, stop - i);
  deal.offset = deal.value_offset = i;
  deal.end = deal.value_end = stop;
  deal.bare = true;
  game.start = i;
  game.tags.push_back(std::move(deal));
  return true;
}

void PbnReader::scan_line(std::size_t begin, std::size_t end, Game& game) {
  const std::string& text = game.text;
  std::size_t i = begin;
  // The escape mechanism: a '%' in the first column hides the whole line.
  if (state_ == State::kTop && i < end && text[i] == '%') return;
  while (i < end) {
    switch (state_) {
      case State::kComment: {
        const std::size_t close = text.find('}', i);
        if (close == std::string::npos || close >= end) {
          i = end;
        } else {
          state_ = State::kTop;
          i = close + 1;
        }
        break;
      }
      case State::kTop:
        i = scan_top(i, end, game);
        break;
      default:
        i = scan_tag(i, end, game);
        break;
    }
  }
  flush_token(game);  // tokens never span lines
}

std::size_t PbnReader::scan_top(std::size_t i, std::size_t end, Game& game) {
  const char c = game.text[i];
  if (is_space(c)) {
    flush_token(game);
    return i + 1;
  }
  if (c == ';') {  // a comment to the end of the line
    flush_token(game);
    return end;
  }
  if (c == '{') {
    flush_token(game);
    state_ = State::kComment;
    comment_offset_ = i;
    return i + 1;
  }
  if (!game.is_game()) game.start = i;
  if (c == '[') {
    flush_token(game);
    tag_ = Tag{};
    tag_.offset = i;
    state_ = State::kTagName;
    return i + 1;
  }
  if (token_.text.empty()) token_.offset = i;
  token_.text += c;
  return i + 1;
}

// The parts of a tag pair may be spread over lines (import format); only
// the value must be on one line, as a string token cannot span lines.
std::size_t PbnReader::scan_tag(std::size_t i, std::size_t end, Game& game) {
  const std::string& text = game.text;
  while (i < end && is_space(text[i])) ++i;
  if (i == end) return end;
  switch (state_) {
    case State::kTagName: {
      std::size_t j = i;
      while (j < end && is_name_char(text[j])) ++j;
      if (j == i || !std::isalpha(static_cast<unsigned char>(text[i]))) {
        fail(game, i, "a tag name (a letter, then letters, digits or '_') must follow '['");
        return end;
      }
      tag_.name = text.substr(i, j - i);
      state_ = State::kTagValue;
      return j;
    }
    case State::kTagValue: {
      if (text[i] != '"') {
        fail(game, i, "tag [" + tag_.name + "]: the value must follow in double quotes");
        return end;
      }
      tag_.value_offset = i + 1;
      std::size_t j = i + 1;
      for (; j < end && text[j] != '"'; ++j) {
        // PBN escapes only these two; any other backslash is an ordinary character.
        if (text[j] == '\\' && j + 1 < end && (text[j + 1] == '"' || text[j + 1] == '\\')) ++j;
        tag_.value += text[j];
      }
      if (j >= end) {
        fail(game, i, "tag [" + tag_.name + "]: the value's closing '\"' is missing on this line");
        return end;
      }
      tag_.value_end = j;
      state_ = State::kTagClose;
      return j + 1;
    }
    case State::kTagClose:
      if (text[i] != ']') {
        fail(game, i, "tag [" + tag_.name + "]: ']' must follow the value");
        return end;
      }
      tag_.end = i + 1;
      game.tags.push_back(std::move(tag_));
      tag_ = Tag{};
      state_ = State::kTop;
      return i + 1;
    default:
      return end;  // not reached: the caller handles the other states
  }
}

void PbnReader::flush_token(Game& game) {
  if (token_.text.empty()) return;
  if (game.tags.empty())
    fail(game, token_.offset,
         "text before the first tag of a game: '" + excerpt(token_.text) + "'");
  else
    game.tags.back().section.push_back(std::move(token_));
  token_ = Token{};
}

void PbnReader::fail(Game& game, std::size_t offset, std::string message) {
  state_ = State::kTop;  // the rest of the line is skipped by the caller
  if (!game.error) game.error = Problem{offset, std::move(message)};
}

void PbnReader::close_open_constructs(Game& game, bool at_end) {
  const std::string where = at_end ? "the end of the input" : "the blank line ending the game";
  switch (state_) {
    case State::kComment:
      // Only the end of the input can end a comment that is still open.
      fail(game, comment_offset_, "'{' comment never closed (no '}' up to the end)");
      break;
    case State::kTagName:
    case State::kTagValue:
    case State::kTagClose:
      fail(game, tag_.offset,
           "tag " + (tag_.name.empty() ? std::string("'['") : "[" + tag_.name + "]") +
               " is not closed before " + where);
      break;
    case State::kTop:
      break;
  }
  state_ = State::kTop;
  tag_ = Tag{};
}

}  // namespace ddtb::cli
