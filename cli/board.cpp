#include "cli/board.hpp"

#include <charconv>
#include <utility>

namespace ddtb::cli {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

bool is_space(char c) {
  return c == ' ' || c == '\t';
}

std::string hand_label(int k, Seat s) {
  return "hand " + std::to_string(k + 1) + " (" + seat_name(s) + ")";
}

// The hands of a [Deal] value: where each starts (a character index of the
// value) and its text. `first` gets the seat before the colon.
struct Hand {
  std::size_t index;
  std::string_view text;
};
std::vector<Hand> split_hands(std::string_view value) {
  std::vector<Hand> hands;
  std::size_t i = 0;
  while (i < value.size() && is_space(value[i])) ++i;
  if (i + 1 < value.size() && value[i + 1] == ':') i += 2;
  while (i < value.size()) {
    while (i < value.size() && is_space(value[i])) ++i;
    const std::size_t start = i;
    while (i < value.size() && !is_space(value[i])) ++i;
    if (i > start) hands.push_back(Hand{start, value.substr(start, i - start)});
  }
  return hands;
}

// A board whose deal gives a hand as '-' is skipped (PBN allows it: only
// the hands that matter to a problem are shown).
std::optional<Problem> unknown_hands(const Game& game, const Tag& deal) {
  const Seat first = first_seat_of(deal.value);
  std::string labels;
  std::size_t at = kNoOffset;
  int count = 0;
  const std::vector<Hand> hands = split_hands(deal.value);
  for (std::size_t k = 0; k < hands.size() && k < 4; ++k) {
    if (hands[k].text != "-") continue;
    if (count++ == 0) at = game.value_char_offset(deal, hands[k].index);
    labels += (labels.empty() ? "" : ", ") + hand_label(static_cast<int>(k), next_seat(first, k));
  }
  if (count == 0) return std::nullopt;
  return Problem{at, labels + (count == 1 ? " is" : " are") + " unknown ('-')"};
}

// Where in the file the library's complaint about a deal points: its
// "character N", else the start of the "hand K" it names, else the value.
std::size_t deal_error_offset(const Game& game, const Tag& deal, const std::string& message) {
  auto number_after = [&](std::string_view key) -> std::optional<std::size_t> {
    const std::size_t at = message.find(key);
    if (at == std::string::npos) return std::nullopt;
    std::size_t n = 0;
    const char* begin = message.data() + at + key.size();
    const auto [end, ec] = std::from_chars(begin, message.data() + message.size(), n);
    if (ec != std::errc{} || n == 0) return std::nullopt;
    return n;
  };
  if (const auto c = number_after("character ")) return game.value_char_offset(deal, *c - 1);
  if (const auto h = number_after("hand ")) {
    const std::vector<Hand> hands = split_hands(deal.value);
    if (*h <= hands.size()) return game.value_char_offset(deal, hands[*h - 1].index);
  }
  return deal.value_offset;
}

void fail(Board& board, BoardStatus status, std::size_t offset, std::string message) {
  board.status = status;
  board.reason = Problem{offset, std::move(message)};
}

void read_deal(Board& board) {
  const Game& game = board.game;
  const Tag* deal = game.find("Deal");
  if (!deal) {
    // A game with neither a deal nor a board number is a header (the "##"
    // tags of an event, a title): nothing to say about it.
    const Tag* number = game.find("Board");
    if (number && number->in_text())
      fail(board, BoardStatus::kSkipped, game.start, "no [Deal] tag");
    else
      board.status = BoardStatus::kNotAGame;
    return;
  }
  if (game.count("Deal") > 1) {
    // PBN's import format ignores a repeated tag, but a second deal mostly
    // means a blank line is missing between two games: say so.
    std::string lines;
    for (const Tag& t : game.tags)
      if (t.name == "Deal")
        lines += (lines.empty() ? "" : ", ") + std::to_string(game.locate(t.offset).line);
    fail(board, BoardStatus::kFailed, deal->offset,
         "more than one [Deal] tag (lines " + lines + "); is a blank line missing?");
    return;
  }
  board.first_seat = first_seat_of(deal->value);
  if (trim(deal->value).starts_with("#")) {
    fail(board, BoardStatus::kFailed, deal->value_offset,
         "[Deal \"" + deal->value + "\"]: a deal cannot be inherited from another game");
    return;
  }
  if (auto unknown = unknown_hands(game, *deal)) {
    board.status = BoardStatus::kSkipped;
    board.reason = std::move(unknown);
    return;
  }
  auto parsed = parse_pbn_deal(deal->value);
  if (!parsed) {
    const std::string& message = parsed.error().message;
    fail(board, BoardStatus::kFailed, deal_error_offset(game, *deal, message), message);
    return;
  }
  board.deal = std::move(*parsed);
  board.status = BoardStatus::kSolve;
}

// Dealer and vulnerability for par: the command line, else the tags, else
// the board number's place in the 16-board cycle.
void read_par_conditions(Board& board, const Request& request) {
  const Game& game = board.game;
  const std::optional<BoardConditions> by_number = conditions_of_board_number(board.id);
  std::optional<Seat> dealer = request.dealer;
  std::optional<Vulnerability> vulnerability = request.vulnerability;
  // A tag that is there but malformed is an error, not a reason to guess.
  if (const Tag* t = game.find("Dealer"); t && !dealer) {
    const auto d = parse_seat_value(t->value);
    if (!d) {
      board.problems.push_back({t->value_offset, "[Dealer]: " + d.error().message});
      return;
    }
    dealer = *d;
  }
  if (const Tag* t = game.find("Vulnerable"); t && !vulnerability) {
    const auto v = parse_vulnerability(t->value);
    if (!v) {
      board.problems.push_back({t->value_offset, "[Vulnerable]: " + v.error().message});
      return;
    }
    vulnerability = *v;
  }
  if (!dealer && by_number) dealer = by_number->dealer;
  if (!vulnerability && by_number) vulnerability = by_number->vulnerability;
  if (dealer && vulnerability) {
    board.par = ParConditions{*dealer, *vulnerability};
  } else if (request.par) {
    board.problems.push_back({kNoOffset, std::string("par needs the ") +
                                             (dealer ? "vulnerability" : "dealer") + ": no [" +
                                             (dealer ? "Vulnerable" : "Dealer") +
                                             "] tag and the board id is not a number; give " +
                                             (dealer ? "--vul" : "--dealer")});
  }
}

}  // namespace

Seat first_seat_of(std::string_view pbn_deal) {
  pbn_deal = trim(pbn_deal);
  if (pbn_deal.size() >= 2 && pbn_deal[1] == ':')
    if (auto seat = seat_from_letter(pbn_deal[0])) return *seat;
  return Seat::North;
}

Board make_board(Game game, const Request& request) {
  Board board;
  board.game = std::move(game);
  board.shown_strains = request.strains;
  board.shown_declarers = request.declarers;
  const Game& g = board.game;
  const Tag* number = g.find("Board");
  const std::string_view id = number ? trim(number->value) : std::string_view{};
  board.id = id.empty() ? std::to_string(g.ordinal) : std::string(id);
  if (!g.is_game()) {
    board.status = BoardStatus::kNotAGame;
    if (g.error) board.status = BoardStatus::kFailed, board.reason = g.error;
    return board;
  }
  if (g.error) {
    board.status = BoardStatus::kFailed;
    board.reason = g.error;
    return board;
  }
  read_deal(board);
  if (board.status != BoardStatus::kSolve) return board;
  // Par is about contracts of 13 tricks: an end position has none.
  const bool full_deal = board.deal->tricks_left() == kNumTricks;
  if ((request.par || request.par_if_known) && full_deal) read_par_conditions(board, request);
  if (request.play && g.find("Play")) {
    PlayReading reading = read_play(g, *board.deal);
    if (reading.problem) board.problems.push_back(std::move(*reading.problem));
    board.play = std::move(reading.record);
  }
  return board;
}

}  // namespace ddtb::cli
