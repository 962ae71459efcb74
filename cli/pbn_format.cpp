// The annotated PBN format: the input written back byte for byte, each
// solved board with these tags (PBN 2.1 and the de-facto standard the hand
// record programs share):
//
//   [DoubleDummyTricks "65657656576867568675"]
//       20 hexadecimal digits: declarer North in NT, S, H, D, C, then South,
//       East and West the same way (the order Bridge Composer defined the
//       tag with and other programs read it in);
//   [OptimumResultTable "Declarer;Denomination\2R;Result\2R"]
//       followed by its 20 rows "N NT  6" ... "W  C  5", same order;
//   [OptimumScore "NS -110"] and [ParContract "EW 2S"] when the dealer and
//       vulnerability are known: DDS's DealerPar, the score from
//       North-South's view, the contracts with the seats that reach par,
//       "; " between them (e.g. "NS 4S; N 4H", "EW 5DX-2"), "Pass" for none.
//
// A game that already has one of these tags gets its value replaced where
// it stands (the table with its rows); the others are added after the
// game's last line, with the line end the file uses. Every other byte of
// the input is unchanged, so removing the added lines gives the input back,
// but for a bare deal line (pbn_reader.hpp): it becomes a [Deal] tag, and a
// blank line follows its game, so that the output reads back as the same
// boards.
// Games that were not solved (errors, '-' hands) are written as they came.
#include <algorithm>
#include <cstdio>
#include <vector>

#include "cli/output.hpp"
#include "cli/par_text.hpp"

namespace ddtb::cli {

namespace {

constexpr Seat kDeclarerOrder[] = {Seat::North, Seat::South, Seat::East, Seat::West};
constexpr Strain kStrainOrder[] = {Strain::NoTrump, Strain::Spades, Strain::Hearts,
                                   Strain::Diamonds, Strain::Clubs};
constexpr std::string_view kTableHeader = "Declarer;Denomination\\2R;Result\\2R";

std::string double_dummy_tricks(const DdTable& table) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (const Seat declarer : kDeclarerOrder)
    for (const Strain strain : kStrainOrder) out += kHex[table.get(strain, declarer)];
  return out;
}

std::vector<std::string> table_rows(const DdTable& table) {
  std::vector<std::string> rows;
  for (const Seat declarer : kDeclarerOrder)
    for (const Strain strain : kStrainOrder) {
      char row[16];
      std::snprintf(row, sizeof row, "%c %2s %2d", seat_letter(declarer),
                    std::string(strain_name(strain)).c_str(), table.get(strain, declarer));
      rows.emplace_back(row);
    }
  return rows;
}

// The line end of the game: CRLF when its first line has one.
std::string line_end_of(const Game& game) {
  const std::size_t nl = game.text.find('\n', game.start);
  if (nl == std::string::npos) return game.text.find("\r\n") != std::string::npos ? "\r\n" : "\n";
  return nl > 0 && game.text[nl - 1] == '\r' ? "\r\n" : "\n";
}

struct Edit {
  std::size_t begin;
  std::size_t end;
  std::string text;
};

std::string join(const std::vector<std::string>& lines, const std::string& eol) {
  std::string out;
  for (std::size_t i = 0; i < lines.size(); ++i) out += (i ? eol : "") + lines[i];
  return out;
}

}  // namespace

std::string pbn_board(const Board& board) {
  const Game& game = board.game;
  if (!board.result.table) return game.text;
  const std::string eol = line_end_of(game);

  // The tags to write, by name: value, and for the table its rows.
  struct NewTag {
    std::string name;
    std::string value;
    std::vector<std::string> rows;
    bool written = false;
  };
  std::vector<NewTag> tags;
  tags.push_back({"DoubleDummyTricks", double_dummy_tricks(*board.result.table), {}});
  if (board.result.par) {
    tags.push_back({"OptimumScore", optimum_score_value(*board.result.par), {}});
    tags.push_back({"ParContract", par_contract_value(*board.result.par), {}});
  }
  tags.push_back(
      {"OptimumResultTable", std::string(kTableHeader), table_rows(*board.result.table)});

  std::vector<Edit> edits;
  bool bare = false;
  for (const Tag& old : game.tags) {
    if (!old.in_text()) continue;
    if (old.bare) {
      edits.push_back({old.offset, old.end, "[" + old.name + " \"" + old.value + "\"]"});
      bare = true;
    }
    for (NewTag& t : tags) {
      if (old.name != t.name) continue;
      if (t.rows.empty()) {
        edits.push_back({old.value_offset, old.value_end, t.value});
      } else {
        // The old table and its rows become the new table, in their place.
        std::size_t end = old.end;
        for (const Token& row : old.section) end = std::max(end, row.offset + row.text.size());
        edits.push_back(
            {old.offset, end, "[" + t.name + " \"" + t.value + "\"]" + eol + join(t.rows, eol)});
      }
      t.written = true;
    }
  }
  std::sort(edits.begin(), edits.end(),
            [](const Edit& a, const Edit& b) { return a.begin < b.begin; });
  std::string out;
  std::size_t at = 0;
  for (const Edit& e : edits) {
    out.append(game.text, at, e.begin - at);
    out += e.text;
    at = e.end;
  }
  out.append(game.text, at);

  std::vector<std::string> added;
  for (const NewTag& t : tags) {
    if (t.written) continue;
    added.push_back("[" + t.name + " \"" + t.value + "\"]");
    added.insert(added.end(), t.rows.begin(), t.rows.end());
  }
  if (added.empty()) return out;
  // After the game's last line; a last line without a line end gets one
  // first and the addition none, so the file still ends as it did.
  if (!out.empty() && out.back() != '\n') return out + eol + join(added, eol);
  return out + join(added, eol) + eol + (bare ? eol : "");
}

}  // namespace ddtb::cli
