#include "cli/board.hpp"

#include <utility>

namespace ddtb::cli {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// A second [Deal] would make the answer depend on which one we picked.
std::optional<std::string> duplicate_deal(const Game& game) {
  if (game.count("Deal") < 2) return std::nullopt;
  std::string lines;
  for (const Tag& t : game.tags)
    if (t.name == "Deal") lines += (lines.empty() ? "" : ", ") + std::to_string(t.line);
  return "more than one [Deal] tag (lines " + lines + ")";
}

}  // namespace

Seat first_seat_of(std::string_view pbn_deal) {
  pbn_deal = trim(pbn_deal);
  if (pbn_deal.size() >= 2 && pbn_deal[1] == ':')
    if (auto seat = seat_from_letter(pbn_deal[0])) return *seat;
  return Seat::North;
}

Board make_board(Game game) {
  Board board;
  const Tag* board_tag = game.find("Board");
  const std::string_view board_value = board_tag ? trim(board_tag->value) : std::string_view{};
  board.id = board_value.empty() ? std::to_string(game.ordinal) : std::string(board_value);
  board.line = game.first_line;

  const Tag* deal_tag = game.find("Deal");
  if (deal_tag) board.line = deal_tag->line;
  if (game.error) {
    // A syntax error points to its own line, wherever the [Deal] is.
    board.line = game.error->line;
    board.error = game.error->message;
  } else if (!deal_tag) {
    board.error = "no [Deal] tag in this game";
  } else if (auto dup = duplicate_deal(game)) {
    board.error = std::move(*dup);
  } else if (auto deal = parse_pbn_deal(deal_tag->value)) {
    board.deal = std::move(*deal);
  } else {
    board.error = deal.error().message;
  }
  board.game = std::move(game);
  return board;
}

}  // namespace ddtb::cli
