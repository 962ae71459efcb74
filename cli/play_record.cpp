#include "cli/play_record.hpp"

#include <cctype>

namespace ddtb::cli {

namespace {

// One column of the play section: a card, or a card not given ('-', '+').
struct Slot {
  std::optional<Card> card;
  std::size_t offset = 0;
  char irregularity = 0;  // 'R' (revoke) or 'L' (lead out of turn) before it
};

struct Slots {
  std::vector<Slot> slots;
  bool ended = false;  // '*'
  std::optional<Problem> problem;
};

bool is_digit(char c) {
  return std::isdigit(static_cast<unsigned char>(c)) != 0;
}

// Splits the section's tokens into slots, skipping annotations.
Slots read_slots(const Tag& play) {
  Slots out;
  char irregularity = 0;
  for (const Token& token : play.section) {
    const std::string& t = token.text;
    for (std::size_t i = 0; i < t.size();) {
      const char c = t[i];
      if (c == '*') {
        out.ended = true;
        return out;
      }
      if (c == '-' || c == '+') {
        out.slots.push_back(Slot{std::nullopt, token.offset + i, irregularity});
        irregularity = 0;
        ++i;
      } else if (c == '!' || c == '?') {  // suffix annotations
        ++i;
      } else if (c == '$') {  // a numeric annotation glyph
        for (++i; i < t.size() && is_digit(t[i]);) ++i;
      } else if (c == '=') {  // a note reference "=1="
        for (++i; i < t.size() && is_digit(t[i]);) ++i;
        if (i < t.size() && t[i] == '=') ++i;
      } else if (c == '^' && i + 1 < t.size()) {
        irregularity = static_cast<char>(std::toupper(static_cast<unsigned char>(t[i + 1])));
        i += 2;
      } else {
        const auto suit = suit_from_letter(c);
        std::optional<int> rank;
        std::size_t length = 2;
        if (i + 2 < t.size() && t.compare(i + 1, 2, "10") == 0) {
          rank = 10;
          length = 3;
        } else if (i + 1 < t.size()) {
          rank = rank_from_letter(t[i + 1]);
        }
        if (!suit || !rank) {
          std::string message(1, '\'');
          message += t.substr(i, 12);
          message +=
              "' is not a card (e.g. SA, HT, D7) nor a play-section mark "
              "(-, +, *, !, ?, $n, =n=, ^R)";
          out.problem = Problem{token.offset + i, std::move(message)};
          return out;
        }
        out.slots.push_back(
            Slot{Card{*suit, static_cast<std::uint8_t>(*rank)}, token.offset + i, irregularity});
        irregularity = 0;
        i += length;
      }
    }
  }
  return out;
}

// The contract, declarer and leader the play needs, from the tags.
std::optional<Problem> read_play_tags(const Game& game, const Tag& play, PlayRecord& record) {
  const Tag* contract_tag = game.find("Contract");
  if (!contract_tag)
    return Problem{play.value_offset, "no [Contract] tag: the trump suit is unknown"};
  const auto contract = parse_contract(contract_tag->value);
  if (!contract) return Problem{contract_tag->value_offset, contract.error().message};
  if (!*contract)
    return Problem{contract_tag->value_offset,
                   "[Contract \"" + contract_tag->value + "\"]: no contract to play"};
  record.contract = **contract;

  std::optional<Seat> declarer;
  if (const Tag* t = game.find("Declarer")) {
    const auto d = parse_declarer(t->value);
    if (!d) return Problem{t->value_offset, "[Declarer]: " + d.error().message};
    declarer = *d;
  }
  const auto leader = parse_seat_value(play.value);
  if (!leader) return Problem{play.value_offset, "[Play]: " + leader.error().message};
  if (!*leader && !declarer)
    return Problem{play.value_offset, "[Play] names no seat and there is no [Declarer]"};
  // The opening leader is declarer's left-hand opponent; for an end
  // position, [Play] names whoever leads and [Declarer] may be absent.
  record.leader = leader->value_or(next_seat(declarer.value_or(Seat::North)));
  record.declarer = declarer.value_or(next_seat(record.leader, 3));
  return std::nullopt;
}

}  // namespace

PlayReading read_play(const Game& game, const Deal& deal) {
  PlayReading out;
  const Tag* play = game.find("Play");
  if (!play) return out;
  PlayRecord record;
  if (auto problem = read_play_tags(game, *play, record)) {
    out.problem = std::move(problem);
    return out;
  }
  Slots read = read_slots(*play);
  out.problem = std::move(read.problem);
  const std::vector<Slot>& slots = read.slots;

  Position pos = Position::at_trick_start(deal, record.contract.strain, record.leader);
  const auto card_number = [&] { return std::to_string(record.cards.size() + 1); };
  for (std::size_t trick = 0; pos.tricks_left() > 0; ++trick) {
    const std::size_t base = 4 * trick;
    if (base >= slots.size()) {
      if (!out.problem)
        record.stopped = "the play section ends after " + std::to_string(record.cards.size()) +
                         " cards" + (read.ended ? " ('*')" : "");
      break;
    }
    const Seat leader = pos.leader();
    bool stop = false;
    for (int j = 0; j < 4 && !stop; ++j) {
      const Seat seat = next_seat(leader, j);
      const std::size_t k = base + (to_int(seat) - to_int(record.leader) + 4) % 4;
      if (k >= slots.size() || !slots[k].card) {
        if (!out.problem)
          record.stopped = "card " + card_number() + " (" + seat_name(seat) + ") is not given" +
                           (k < slots.size() ? " ('-' or '+')" : "");
        stop = true;
      } else if (slots[k].irregularity == 'R' || slots[k].irregularity == 'L') {
        record.stopped =
            "card " + card_number() + " is marked as " +
            (slots[k].irregularity == 'R' ? "a revoke (^R)" : "a lead out of turn (^L)") +
            ": double-dummy play ends there";
        stop = true;
      } else if (auto next = pos.play(*slots[k].card); !next) {
        out.problem = Problem{slots[k].offset, "[Play], trick " + std::to_string(trick + 1) + ": " +
                                                   next.error().message};
        stop = true;
      } else {
        record.cards.push_back(PlayedCard{*slots[k].card, seat, slots[k].offset});
        pos = *next;
      }
    }
    if (stop) break;
  }
  if (pos.tricks_left() == 0 && slots.size() > 4u * static_cast<std::size_t>(deal.tricks_left()))
    for (std::size_t k = 4u * deal.tricks_left(); k < slots.size(); ++k)
      if (slots[k].card && !out.problem) {
        out.problem = Problem{slots[k].offset, "[Play]: more cards than the deal holds"};
        break;
      }
  out.record = std::move(record);
  return out;
}

}  // namespace ddtb::cli
