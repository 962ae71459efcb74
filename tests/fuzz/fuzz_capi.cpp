// Fuzz target: the input checks of the DDS-compatible C API (dll.h).
//
// The first byte picks a function (capi_io.hpp, Op), the rest fills its
// structs and parameters. Besides "no crash, no undefined behaviour, no read
// past a struct" (a PBN string filling its whole array has no NUL), each
// call's verdict is checked against the rules of dll.h written out again
// here (expected_*): a call must succeed exactly when its input is valid,
// and what it writes must be in range. Valid inputs that would take a real
// search are kept small: a deal of more than kMaxSolvedTricks tricks is
// still checked, but solved with target 0 (SolveBoard lists the cards
// without a search) or not called at all (tables, play analysis).
//
// The C API runs with one thread (SetMaxThreads(1)), so thread index 0 is
// the only valid one and batches run on the calling thread.
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ddtb/dll.h"
#include "ddtb/position.hpp"
#include "tests/fuzz/capi_io.hpp"
#include "tests/fuzz/fuzz_check.hpp"

namespace ddtb::fuzz {
namespace {

constexpr int kMaxSolvedTricks = 4;
constexpr int kThreads = 1;

using Holdings = std::array<std::array<unsigned, 4>, 4>;

// ------------------------------------------------------------ the rules

// A deal's cards as dll.h describes them: rank bits 2..14 (bits 0 and 1
// carry nothing), no bit above the ace, no card twice.
struct Cards {
  bool valid = false;  // no bit above the ace, no duplicates
  std::array<CardSet, 4> hands;
  std::array<int, 4> count{};
  int total = 0;
};

Cards cards_of(const Holdings& h) {
  Cards c;
  c.valid = true;
  CardSet seen;
  for (int p = 0; p < 4; ++p)
    for (int s = 0; s < 4; ++s) {
      if (h[p][s] & ~0x7fffu) c.valid = false;
      const CardSet suit = CardSet::from_holding(static_cast<Suit>(s), h[p][s] & 0x7ffc);
      if (seen.intersects(suit)) c.valid = false;
      seen |= suit;
      c.hands[p] |= suit;
      c.count[p] += suit.size();
      c.total += suit.size();
    }
  return c;
}

Holdings holdings(const unsigned (&cards)[4][4]) {
  Holdings h;
  for (int p = 0; p < 4; ++p)
    for (int s = 0; s < 4; ++s) h[p][s] = cards[p][s];
  return h;
}

// DDS's PBN deal text, from dll.h / capi's description: leading spaces, a
// seat letter and ':', then ranks (either case), '.' between suits, ' '
// between hands, anything else skipped, at most `n` bytes or up to a NUL.
// nullopt when the seat or ':' is missing, or a card comes after a fourth
// hand or after a fourth '.' of a hand.
std::optional<Holdings> read_pbn(const char* text, std::size_t n) {
  std::size_t i = 0;
  while (i < n && text[i] == ' ') ++i;
  if (i + 1 >= n) return std::nullopt;
  static constexpr std::string_view kSeats = "NESW", kRanks = "23456789TJQKA";
  const auto seat =
      kSeats.find(static_cast<char>(std::toupper(static_cast<unsigned char>(text[i]))));
  if (text[i] == '\0' || seat == std::string_view::npos || text[i + 1] != ':') return std::nullopt;
  Holdings h{};
  int hand = 0, suit = 0;
  for (i += 2; i < n && text[i] != '\0'; ++i) {
    const char c = static_cast<char>(std::toupper(static_cast<unsigned char>(text[i])));
    if (c == ' ') {
      ++hand;
      suit = 0;
    } else if (c == '.') {
      ++suit;
    } else if (const auto r = kRanks.find(c); r != std::string_view::npos) {
      if (hand > 3 || suit > 3) return std::nullopt;
      h[(seat + hand) % 4][suit] |= 1u << (r + 2);
    }
  }
  return h;
}

// A full table's deal: 1..52 cards, four hands of equal size.
bool valid_table_deal(const Cards& c) {
  return c.valid && c.total >= 1 && c.count[1] == c.count[0] && c.count[2] == c.count[0] &&
         c.count[3] == c.count[0];
}

// SolveBoard's position: the cards, the current trick (ranks 2..14 and suits
// 0..3 up to the first rank 0, nothing after it; cards not in a hand nor
// twice), and hand sizes that fit the trick. The trick's cards need not
// follow suit. The position when valid.
std::optional<Position> position_of(const deal& d) {
  if (d.trump < 0 || d.trump > 4 || d.first < 0 || d.first > 3) return std::nullopt;
  const Cards c = cards_of(holdings(d.remainCards));
  if (!c.valid || c.total < 1) return std::nullopt;
  std::vector<Card> trick;
  bool ended = false;
  for (int k = 0; k < 3; ++k) {
    const int rank = d.currentTrickRank[k], suit = d.currentTrickSuit[k];
    if (rank == 0) {
      ended = true;
      continue;
    }
    if (ended || rank < 2 || rank > 14 || suit < 0 || suit > 3) return std::nullopt;
    trick.push_back(Card{static_cast<Suit>(suit), static_cast<std::uint8_t>(rank)});
  }
  const Seat first = static_cast<Seat>(d.first);
  CardSet seen = c.hands[0] | c.hands[1] | c.hands[2] | c.hands[3];
  for (const Card& t : trick) {
    if (seen.contains(t)) return std::nullopt;
    seen.insert(t);
  }
  const int played = static_cast<int>(trick.size());
  std::array<int, 4> size{};
  for (int k = 0; k < 4; ++k) size[k] = c.count[to_int(next_seat(first, k))];
  for (int k = 0; k < 4; ++k)
    if (size[k] != size[3] - (k < played ? 1 : 0)) return std::nullopt;
  if (size[3] < 1) return std::nullopt;
  auto p = Position::make_as_played(c.hands, static_cast<Strain>(d.trump), first, trick);
  DDTB_FUZZ_CHECK(p.has_value(), "the rules here and Position::make_as_played disagree");
  return *p;
}

bool valid_params(const SolveParams& s) {
  return s.target >= -1 && s.target <= 13 && s.solutions >= 1 && s.solutions <= 3 && s.mode >= 0 &&
         s.mode <= 2;
}

// Keeps a valid search small: a big position is asked with target 0 and one
// solution, which SolveBoard answers by listing a card, no search.
void cheapen(const std::optional<Position>& p, SolveParams& s) {
  if (p && p->tricks_left() > kMaxSolvedTricks && valid_params(s) && s.target <= p->tricks_left()) {
    s.target = 0;
    s.solutions = 1;
  }
}

bool solve_ok(const std::optional<Position>& p, const SolveParams& s, int thread) {
  return thread >= 0 && thread < kThreads && valid_params(s) && p && s.target <= p->tricks_left();
}

void check_future(const futureTricks& f, const Position& p, const SolveParams& s) {
  const int tricks = p.tricks_left();
  DDTB_FUZZ_CHECK(f.cards >= 0 && f.cards <= 13, "futureTricks.cards " + std::to_string(f.cards));
  const CardSet legal = p.legal_cards();
  for (int i = 0; i < f.cards; ++i) {
    DDTB_FUZZ_CHECK(f.suit[i] >= 0 && f.suit[i] <= 3 && f.rank[i] >= 2 && f.rank[i] <= 14, "card");
    DDTB_FUZZ_CHECK(
        legal.contains(Card{static_cast<Suit>(f.suit[i]), static_cast<std::uint8_t>(f.rank[i])}),
        "an illegal card listed");
    DDTB_FUZZ_CHECK(f.score[i] >= -2 && f.score[i] <= tricks,
                    "score " + std::to_string(f.score[i]));
    DDTB_FUZZ_CHECK((f.equals[i] & ~0x7ffc) == 0, "equals");
  }
  if (f.cards == 0) DDTB_FUZZ_CHECK(s.target > 0 && f.score[0] == -1, "no card listed");
}

void check_table(const ddTableResults& t, int tricks, unsigned strains = 0x1f) {
  for (int s = 0; s < 5; ++s)
    if (strains >> s & 1)
      for (int h = 0; h < 4; ++h)
        DDTB_FUZZ_CHECK(t.resTable[s][h] >= 0 && t.resTable[s][h] <= tricks, "table entry");
}

template <std::size_t N>
void check_string(const char (&s)[N], const char* what) {
  DDTB_FUZZ_CHECK(std::memchr(s, '\0', N) != nullptr, std::string(what) + " not terminated");
}

// ------------------------------------------------------------ the calls

void solve_board(FieldReader& io, bool pbn) {
  SolveParams s;
  int thread = 0;
  deal bin{};
  dealPBN text{};
  std::optional<Position> p;
  if (pbn) {
    io_deal(io, text);
    if (const auto h = read_pbn(text.remainCards, sizeof text.remainCards)) {
      bin.trump = text.trump;
      bin.first = text.first;
      std::memcpy(bin.currentTrickSuit, text.currentTrickSuit, sizeof bin.currentTrickSuit);
      std::memcpy(bin.currentTrickRank, text.currentTrickRank, sizeof bin.currentTrickRank);
      for (int h2 = 0; h2 < 4; ++h2)
        for (int s2 = 0; s2 < 4; ++s2) bin.remainCards[h2][s2] = (*h)[h2][s2];
      p = position_of(bin);
    }
  } else {
    io_deal(io, bin);
    p = position_of(bin);
  }
  io_params(io, s);
  io.near(thread, 0, kThreads - 1);
  cheapen(p, s);
  futureTricks f{};
  const int rc = pbn ? SolveBoardPBN(text, s.target, s.solutions, s.mode, &f, thread)
                     : SolveBoard(bin, s.target, s.solutions, s.mode, &f, thread);
  const bool ok = solve_ok(p, s, thread);
  DDTB_FUZZ_CHECK((rc == RETURN_NO_FAULT) == ok, "SolveBoard returned " + std::to_string(rc));
  if (ok) check_future(f, *p, s);
}

void calc_table(FieldReader& io, bool pbn, bool par) {
  ddTableDeal bin{};
  ddTableDealPBN text{};
  std::optional<Holdings> h;
  if (pbn) {
    io_table_deal(io, text);
    h = read_pbn(text.cards, sizeof text.cards);
  } else {
    io_table_deal(io, bin);
    h = holdings(bin.cards);
  }
  int vulnerable = 0;
  if (par) io.near(vulnerable, 0, 3);
  const std::optional<Cards> c = h ? std::optional<Cards>(cards_of(*h)) : std::nullopt;
  const bool ok = c && valid_table_deal(*c) && c->total <= 52;
  if (ok && c->count[0] > kMaxSolvedTricks) return;  // a real search
  ddTableResults t{};
  parResults pr{};
  int rc;
  if (par)
    rc = pbn ? CalcParPBN(text, &t, vulnerable, &pr) : CalcPar(bin, vulnerable, &t, &pr);
  else
    rc = pbn ? CalcDDtablePBN(text, &t) : CalcDDtable(bin, &t);
  const bool want = ok && (!par || (vulnerable >= 0 && vulnerable <= 3));
  DDTB_FUZZ_CHECK((rc == RETURN_NO_FAULT) == want,
                  "CalcDDtable/CalcPar returned " + std::to_string(rc));
  if (!want) return;
  check_table(t, c->count[0]);
  if (par)
    for (int k = 0; k < 2; ++k) {
      check_string(pr.parScore[k], "parScore");
      check_string(pr.parContractsString[k], "parContractsString");
    }
}

bool valid_results(const ddTableResults& t) {
  for (const auto& row : t.resTable)
    for (int v : row)
      if (v < 0 || v > 13) return false;
  return true;
}

void check_master(const parResultsMaster& m) {
  DDTB_FUZZ_CHECK(m.number >= 0 && m.number <= 10, "parResultsMaster.number");
  for (int i = 0; i < m.number; ++i) {
    const contractType& c = m.contracts[i];
    DDTB_FUZZ_CHECK(c.level >= 0 && c.level <= 7 && c.denom >= 0 && c.denom <= 4 && c.seats >= 0 &&
                        c.seats <= 5,
                    "contractType");
  }
}

void par_family(FieldReader& io) {
  ddTableResults t{};
  io_results(io, t);
  int vulnerable = 0, dealer = 0;
  io.near(vulnerable, 0, 3);
  io.near(dealer, 0, 3);
  const bool ok = valid_results(t) && vulnerable >= 0 && vulnerable <= 3;
  const bool dealer_ok = ok && dealer >= 0 && dealer <= 3;
  auto verdict = [](int rc, bool want, const char* name) {
    DDTB_FUZZ_CHECK((rc == RETURN_NO_FAULT) == want,
                    std::string(name) + " returned " + std::to_string(rc));
  };
  parResults pr{};
  verdict(Par(&t, &pr, vulnerable), ok, "Par");
  if (ok)
    for (int k = 0; k < 2; ++k) check_string(pr.parContractsString[k], "parContractsString");
  parResultsDealer d{};
  verdict(DealerPar(&t, &d, dealer, vulnerable), dealer_ok, "DealerPar");
  if (dealer_ok) {
    DDTB_FUZZ_CHECK(d.number >= 1 && d.number <= 10, "DealerPar number");
    for (int i = 0; i < d.number; ++i) check_string(d.contracts[i], "DealerPar contract");
  }
  parResultsDealer sides[2]{};
  verdict(SidesPar(&t, sides, vulnerable), ok, "SidesPar");
  parResultsMaster m{};
  verdict(DealerParBin(&t, &m, dealer, vulnerable), dealer_ok, "DealerParBin");
  parResultsMaster ms[2]{};
  verdict(SidesParBin(&t, ms, vulnerable), ok, "SidesParBin");
  if (!dealer_ok) return;
  check_master(m);
  check_master(ms[0]);
  check_master(ms[1]);
  // What the Bin functions wrote, the converters must take.
  std::vector<char> line(1024, '\x7f');
  verdict(ConvertToDealerTextFormat(&m, line.data()), true, "ConvertToDealerTextFormat");
  DDTB_FUZZ_CHECK(std::memchr(line.data(), '\0', line.size()), "dealer text not terminated");
  parTextResults text{};
  verdict(ConvertToSidesTextFormat(ms, &text), true, "ConvertToSidesTextFormat");
  check_string(text.parText[0], "parText");
  check_string(text.parText[1], "parText");
}

void convert_text(FieldReader& io) {
  parResultsMaster m[2]{};
  io_master(io, m[0]);
  io_master(io, m[1]);
  // The converters document no buffer size; DDS's texts of real par results
  // are well under 128 characters. 1 KiB holds any struct's text.
  std::vector<char> line(1024, '\x7f');
  (void)ConvertToDealerTextFormat(&m[0], line.data());
  DDTB_FUZZ_CHECK(std::memchr(line.data(), '\0', line.size()), "dealer text not terminated");
  parTextResults text{};
  (void)ConvertToSidesTextFormat(m, &text);
  check_string(text.parText[0], "parText");
  check_string(text.parText[1], "parText");
}

// The play's verdict: every card legal in turn from the position.
bool play_ok(const Position& start, const playTraceBin& play) {
  if (play.number < 0 || play.number > 52) return false;
  Position p = start;
  for (int i = 0; i < play.number; ++i) {
    if (play.suit[i] < 0 || play.suit[i] > 3 || play.rank[i] < 2 || play.rank[i] > 14) return false;
    if (p.cards_in_hands() == 0) return false;
    auto next =
        p.play(Card{static_cast<Suit>(play.suit[i]), static_cast<std::uint8_t>(play.rank[i])});
    if (!next) return false;
    p = *next;
  }
  return true;
}

std::optional<playTraceBin> play_of(const playTracePBN& in) {
  if (in.number < 0 || in.number > 52) return std::nullopt;
  if (2 * static_cast<std::size_t>(in.number) > strnlen(in.cards, sizeof in.cards))
    return std::nullopt;
  playTraceBin out{};
  out.number = in.number;
  for (int i = 0; i < in.number; ++i) {
    const auto c = parse_card(std::string_view(in.cards + 2 * i, 2));
    if (!c) return std::nullopt;
    out.suit[i] = to_int(c->suit);
    out.rank[i] = c->rank;
  }
  return out;
}

void check_solved_play(const solvedPlay& s, const Position& p, int number) {
  const int total = p.cards_in_hands() + p.trick_size();
  DDTB_FUZZ_CHECK(s.number == 1 + std::min(number, std::max(total - 4, 0)), "solvedPlay.number");
  for (int i = 0; i < s.number; ++i)
    DDTB_FUZZ_CHECK(s.tricks[i] >= 0 && s.tricks[i] <= 13, "solvedPlay.tricks");
}

// Reads one board of a play analysis: its deal (binary, or PBN turned into
// binary by the rules above) and its play; false when it would be a real
// search.
struct PlayBoard {
  deal bin{};
  dealPBN text{};
  playTraceBin play{};
  playTracePBN play_text{};
  std::optional<Position> start;
  bool ok = false;
};

bool read_play_board(FieldReader& io, bool pbn, PlayBoard& b) {
  if (pbn) {
    io_deal(io, b.text);
    io_play(io, b.play_text);
    if (const auto h = read_pbn(b.text.remainCards, sizeof b.text.remainCards)) {
      b.bin.trump = b.text.trump;
      b.bin.first = b.text.first;
      std::memcpy(b.bin.currentTrickSuit, b.text.currentTrickSuit, sizeof b.bin.currentTrickSuit);
      std::memcpy(b.bin.currentTrickRank, b.text.currentTrickRank, sizeof b.bin.currentTrickRank);
      for (int x = 0; x < 4; ++x)
        for (int y = 0; y < 4; ++y) b.bin.remainCards[x][y] = (*h)[x][y];
      b.start = position_of(b.bin);
    }
    const auto play = play_of(b.play_text);
    if (play) b.play = *play;
    b.ok = b.start && play && play_ok(*b.start, b.play);
  } else {
    io_deal(io, b.bin);
    io_play(io, b.play);
    b.start = position_of(b.bin);
    b.ok = b.start && play_ok(*b.start, b.play);
  }
  return !(b.start && b.start->tricks_left() > kMaxSolvedTricks);
}

void analyse_play(FieldReader& io, bool pbn) {
  PlayBoard b;
  const bool cheap = read_play_board(io, pbn, b);
  int thread = 0;
  io.near(thread, 0, kThreads - 1);
  if (!cheap) return;
  solvedPlay s{};
  const int rc = pbn ? AnalysePlayPBN(b.text, b.play_text, &s, thread)
                     : AnalysePlayBin(b.bin, b.play, &s, thread);
  const bool ok = b.ok && thread >= 0 && thread < kThreads;
  DDTB_FUZZ_CHECK((rc == RETURN_NO_FAULT) == ok, "AnalysePlay returned " + std::to_string(rc));
  if (ok) check_solved_play(s, *b.start, b.play.number);
}

int batch_count(FieldReader& io) {
  int n = 0;
  io.near(n, 0, kMaxBatch);
  return n;
}

void calc_all_tables(FieldReader& io, bool pbn) {
  auto bin = std::make_unique<ddTableDeals>();
  auto text = std::make_unique<ddTableDealsPBN>();
  int count = batch_count(io);
  (pbn ? text->noOfTables : bin->noOfTables) = count;
  bool all_ok = true, cheap = true;
  int max_cards = 0;
  for (int i = 0; i < std::clamp(count, 0, kMaxBatch); ++i) {
    std::optional<Holdings> h;
    if (pbn) {
      io_table_deal(io, text->deals[i]);
      h = read_pbn(text->deals[i].cards, sizeof text->deals[i].cards);
    } else {
      io_table_deal(io, bin->deals[i]);
      h = holdings(bin->deals[i].cards);
    }
    const std::optional<Cards> c = h ? std::optional<Cards>(cards_of(*h)) : std::nullopt;
    const bool ok = c && valid_table_deal(*c);
    all_ok = all_ok && ok;
    if (ok) max_cards = std::max(max_cards, c->count[0]);
    cheap = cheap && !(ok && c->count[0] > kMaxSolvedTricks);
  }
  int mode = 0;
  io.near(mode, -1, 3);
  int filter[5];
  for (int& f : filter) io.near(f, 0, 1);
  if (!cheap) return;
  auto res = std::make_unique<ddTablesRes>();
  auto par = std::make_unique<allParResults>();
  const int rc = pbn ? CalcAllTablesPBN(text.get(), mode, filter, res.get(), par.get())
                     : CalcAllTables(bin.get(), mode, filter, res.get(), par.get());
  int strains = 0;
  unsigned mask = 0;
  for (int s = 0; s < 5; ++s)
    if (filter[s] == 0) {
      ++strains;
      mask |= 1u << s;
    }
  // Deals beyond those read are all zero (no cards): invalid.
  const bool ok = strains > 0 && count >= 1 && count <= kMaxBatch && all_ok;
  DDTB_FUZZ_CHECK((rc == RETURN_NO_FAULT) == ok, "CalcAllTables returned " + std::to_string(rc));
  if (!ok) return;
  DDTB_FUZZ_CHECK(res->noOfBoards == count * strains * 4, "ddTablesRes.noOfBoards");
  for (int i = 0; i < count; ++i) check_table(res->results[i], max_cards, mask);
}

void solve_all(FieldReader& io, bool pbn) {
  auto bin = std::make_unique<boards>();
  auto text = std::make_unique<boardsPBN>();
  const int count = batch_count(io);
  (pbn ? text->noOfBoards : bin->noOfBoards) = count;
  std::vector<std::optional<Position>> positions;
  std::vector<SolveParams> params;
  for (int i = 0; i < std::clamp(count, 0, kMaxBatch); ++i) {
    deal d{};
    if (pbn) {
      io_deal(io, text->deals[i]);
      if (const auto h = read_pbn(text->deals[i].remainCards, sizeof text->deals[i].remainCards)) {
        d.trump = text->deals[i].trump;
        d.first = text->deals[i].first;
        std::memcpy(d.currentTrickSuit, text->deals[i].currentTrickSuit, sizeof d.currentTrickSuit);
        std::memcpy(d.currentTrickRank, text->deals[i].currentTrickRank, sizeof d.currentTrickRank);
        for (int x = 0; x < 4; ++x)
          for (int y = 0; y < 4; ++y) d.remainCards[x][y] = (*h)[x][y];
        positions.push_back(position_of(d));
      } else {
        positions.push_back(std::nullopt);
      }
    } else {
      io_deal(io, bin->deals[i]);
      positions.push_back(position_of(bin->deals[i]));
    }
    SolveParams s;
    io_params(io, s);
    cheapen(positions.back(), s);
    params.push_back(s);
    int* target = pbn ? text->target : bin->target;
    int* solutions = pbn ? text->solutions : bin->solutions;
    int* mode = pbn ? text->mode : bin->mode;
    target[i] = s.target;
    solutions[i] = s.solutions;
    mode[i] = s.mode;
  }
  int chunk = 1;
  io.near(chunk, 1, 4);
  const bool chunks = chunk != 1;  // SolveAllChunks* for any other value
  auto solved = std::make_unique<solvedBoards>();
  int rc;
  if (pbn)
    rc = chunks ? SolveAllChunksPBN(text.get(), solved.get(), chunk)
                : SolveAllBoards(text.get(), solved.get());
  else
    rc = chunks ? SolveAllChunksBin(bin.get(), solved.get(), chunk)
                : SolveAllBoardsBin(bin.get(), solved.get());
  bool ok = count <= MAXNOOFBOARDS && count <= kMaxBatch && (!chunks || chunk >= 1);
  for (std::size_t i = 0; i < positions.size(); ++i)
    ok = ok && solve_ok(positions[i], params[i], 0);
  DDTB_FUZZ_CHECK((rc == RETURN_NO_FAULT) == ok, "SolveAll returned " + std::to_string(rc));
  if (!ok) return;
  for (std::size_t i = 0; i < positions.size(); ++i)
    check_future(solved->solvedBoard[i], *positions[i], params[i]);
}

void analyse_all(FieldReader& io, bool pbn) {
  auto bin = std::make_unique<boards>();
  auto text = std::make_unique<boardsPBN>();
  auto plays = std::make_unique<playTracesBin>();
  auto plays_text = std::make_unique<playTracesPBN>();
  const int count = batch_count(io);
  int play_count = count;
  io.near(play_count, count, count);
  (pbn ? text->noOfBoards : bin->noOfBoards) = count;
  (pbn ? plays_text->noOfBoards : plays->noOfBoards) = play_count;
  bool cheap = true, ok = count == play_count && count <= kMaxBatch;
  std::vector<PlayBoard> boards_read(static_cast<std::size_t>(std::clamp(count, 0, kMaxBatch)));
  for (std::size_t i = 0; i < boards_read.size(); ++i) {
    PlayBoard& b = boards_read[i];
    cheap = read_play_board(io, pbn, b) && cheap;
    ok = ok && b.ok;
    if (pbn) {
      text->deals[i] = b.text;
      plays_text->plays[i] = b.play_text;
    } else {
      bin->deals[i] = b.bin;
      plays->plays[i] = b.play;
    }
  }
  if (!cheap) return;
  auto solved = std::make_unique<solvedPlays>();
  const int rc = pbn ? AnalyseAllPlaysPBN(text.get(), plays_text.get(), solved.get(), 1)
                     : AnalyseAllPlaysBin(bin.get(), plays.get(), solved.get(), 1);
  DDTB_FUZZ_CHECK((rc == RETURN_NO_FAULT) == ok, "AnalyseAllPlays returned " + std::to_string(rc));
  if (!ok) return;
  for (std::size_t i = 0; i < boards_read.size(); ++i)
    check_solved_play(solved->solved[i], *boards_read[i].start, boards_read[i].play.number);
}

void messages(FieldReader& io) {
  int code = 0;
  io.near(code, -110, 2);
  char line[80];
  std::memset(line, 0x7f, sizeof line);
  ErrorMessage(code, line);
  check_string(line, "ErrorMessage");
  DDSInfo info{};
  GetDDSInfo(&info);
  check_string(info.versionString, "versionString");
  check_string(info.systemString, "systemString");
  DDTB_FUZZ_CHECK(info.noOfThreads == kThreads, "threads");
}

}  // namespace
}  // namespace ddtb::fuzz

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  SetMaxThreads(ddtb::fuzz::kThreads);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace ddtb::fuzz;
  Bytes in(data, size);
  FieldReader io(in);
  switch (static_cast<Op>(in.u8() % static_cast<int>(Op::kOpCount))) {
    case Op::kSolveBoard:
      solve_board(io, false);
      break;
    case Op::kSolveBoardPbn:
      solve_board(io, true);
      break;
    case Op::kCalcDdTable:
      calc_table(io, false, false);
      break;
    case Op::kCalcDdTablePbn:
      calc_table(io, true, false);
      break;
    case Op::kCalcPar:
      calc_table(io, false, true);
      break;
    case Op::kCalcParPbn:
      calc_table(io, true, true);
      break;
    case Op::kParFamily:
      par_family(io);
      break;
    case Op::kConvertText:
      convert_text(io);
      break;
    case Op::kAnalysePlayBin:
      analyse_play(io, false);
      break;
    case Op::kAnalysePlayPbn:
      analyse_play(io, true);
      break;
    case Op::kCalcAllTables:
      calc_all_tables(io, false);
      break;
    case Op::kCalcAllTablesPbn:
      calc_all_tables(io, true);
      break;
    case Op::kSolveAllBin:
      solve_all(io, false);
      break;
    case Op::kSolveAllPbn:
      solve_all(io, true);
      break;
    case Op::kAnalyseAllBin:
      analyse_all(io, false);
      break;
    case Op::kAnalyseAllPbn:
      analyse_all(io, true);
      break;
    default:
      messages(io);
      break;
  }
  return 0;
}
