// AnalysePlayBin/PBN and AnalyseAllPlaysBin/PBN over Solver::analyse_play().
#include <algorithm>
#include <cstring>
#include <optional>
#include <vector>

#include "capi/boundary.hpp"
#include "capi/context.hpp"
#include "capi/convert.hpp"
#include "capi/solve.hpp"
#include "capi/workers.hpp"

namespace ddtb::capi {

namespace {

constexpr int kMaxPlayed = 52;

// The cards of a binary trace, or RETURN_PLAY_FAULT for a count outside
// 0..52 or a card that is not a card.
int cards_of(const playTraceBin& play, std::vector<Card>& out) {
  if (play.number < 0 || play.number > kMaxPlayed) return RETURN_PLAY_FAULT;
  out.clear();
  for (int i = 0; i < play.number; ++i) {
    if (play.suit[i] < 0 || play.suit[i] >= DDS_SUITS || play.rank[i] < kMinRank ||
        play.rank[i] > kMaxRank)
      return RETURN_PLAY_FAULT;
    out.push_back(Card{suit_from_int(play.suit[i]), static_cast<std::uint8_t>(play.rank[i])});
  }
  return RETURN_NO_FAULT;
}

// A PBN trace "SAS2HK..." (either case) as a binary one.
int to_binary_play(const playTracePBN& in, playTraceBin& out) {
  if (in.number < 0 || in.number > kMaxPlayed) return RETURN_PLAY_FAULT;
  const std::size_t length = strnlen(in.cards, sizeof in.cards);
  if (2 * static_cast<std::size_t>(in.number) > length) return RETURN_PLAY_FAULT;
  out.number = in.number;
  for (int i = 0; i < in.number; ++i) {
    const auto card = parse_card(std::string_view(in.cards + 2 * i, 2));
    if (!card) return RETURN_PLAY_FAULT;
    out.suit[i] = to_int(card->suit);
    out.rank[i] = card->rank;
  }
  return RETURN_NO_FAULT;
}

int analyse(const deal& dl, const playTraceBin& play, solvedPlay* out, Solver& solver) {
  if (!out) return RETURN_UNKNOWN_FAULT;
  if (dl.trump < 0 || dl.trump >= DDS_STRAINS) return RETURN_TRUMP_WRONG;
  if (dl.first < 0 || dl.first >= DDS_HANDS) return RETURN_FIRST_WRONG;
  std::optional<Position> start;
  if (const int rc = to_position(dl, start); rc != RETURN_NO_FAULT) return rc;
  std::vector<Card> cards;
  if (const int rc = cards_of(play, cards); rc != RETURN_NO_FAULT) return rc;
  // The declarer sits at the right of the seat that leads.
  const Seat declarer = next_seat(start->leader(), 3);
  const auto values = solver.analyse_play(*start, cards, declarer);
  if (!values) {
    // A card its player does not hold (or, here, may not play): DDS sets
    // the count to 0.
    out->number = 0;
    return RETURN_PLAY_FAULT;
  }
  // DDS does not analyse the last trick.
  const int total = start->cards_in_hands() + start->trick_size();
  const int shown = 1 + std::min(play.number, std::max(total - 4, 0));
  out->number = shown;
  for (int i = 0; i < shown; ++i) out->tricks[i] = (*values)[static_cast<std::size_t>(i)];
  return RETURN_NO_FAULT;
}

int analyse_with_thread(const deal& dl, const playTraceBin& play, solvedPlay* out, int thread) {
  if (thread < 0 || thread >= context().threads()) return RETURN_THREAD_INDEX;
  int rc = RETURN_UNKNOWN_FAULT;
  context().with_thread_solver(thread, [&](Solver& s) { rc = analyse(dl, play, out, s); });
  return rc;
}

// The batch: every board analysed, the first failing board's code returned.
// `read_codes[i]`: board i's code from reading its deal or play; a board
// whose reading failed is not analysed.
int analyse_all(const std::vector<deal>& deals, const std::vector<playTraceBin>& plays,
                const std::vector<int>& read_codes, solvedPlays* solvedp) {
  const int n = static_cast<int>(deals.size());
  std::vector<int> codes(deals.size(), RETURN_NO_FAULT);
  run_parallel(n, kAutoThreads, [&](int i, Solver& solver) {
    const auto k = static_cast<std::size_t>(i);
    codes[k] = read_codes[k] != RETURN_NO_FAULT
                   ? read_codes[k]
                   : analyse(deals[k], plays[k], &solvedp->solved[i], solver);
  });
  for (const int c : codes)
    if (c != RETURN_NO_FAULT) return c;
  return RETURN_NO_FAULT;
}

int check_counts(int boards, int plays, const solvedPlays* solvedp) {
  if (!solvedp) return RETURN_UNKNOWN_FAULT;
  if (boards != plays) return RETURN_UNKNOWN_FAULT;
  if (boards > MAXNOOFBOARDS) return RETURN_TOO_MANY_BOARDS;
  return RETURN_NO_FAULT;
}

}  // namespace

}  // namespace ddtb::capi

using ddtb::capi::guarded;
namespace capi = ddtb::capi;

int AnalysePlayBin(deal dl, playTraceBin play, solvedPlay* solved, int thrId) {
  return guarded([&] { return capi::analyse_with_thread(dl, play, solved, thrId); });
}

int AnalysePlayPBN(dealPBN dlPBN, playTracePBN playPBN, solvedPlay* solvedp, int thrId) {
  return guarded([&] {
    deal dl{};
    if (const int rc = capi::to_binary(dlPBN, dl); rc != RETURN_NO_FAULT) return rc;
    playTraceBin play{};
    if (const int rc = capi::to_binary_play(playPBN, play); rc != RETURN_NO_FAULT) return rc;
    return capi::analyse_with_thread(dl, play, solvedp, thrId);
  });
}

int AnalyseAllPlaysBin(boards* bop, playTracesBin* plp, solvedPlays* solvedp, int /*chunkSize*/) {
  return guarded([&] {
    if (!bop || !plp) return RETURN_UNKNOWN_FAULT;
    if (const int rc = capi::check_counts(bop->noOfBoards, plp->noOfBoards, solvedp);
        rc != RETURN_NO_FAULT)
      return rc;
    const int n = std::max(bop->noOfBoards, 0);
    std::vector<deal> deals(bop->deals, bop->deals + n);
    std::vector<playTraceBin> plays(plp->plays, plp->plays + n);
    solvedp->noOfBoards = bop->noOfBoards;
    return capi::analyse_all(deals, plays, std::vector<int>(deals.size(), RETURN_NO_FAULT),
                             solvedp);
  });
}

int AnalyseAllPlaysPBN(boardsPBN* bopPBN, playTracesPBN* plpPBN, solvedPlays* solvedp,
                       int /*chunkSize*/) {
  return guarded([&] {
    if (!bopPBN || !plpPBN) return RETURN_UNKNOWN_FAULT;
    if (const int rc = capi::check_counts(bopPBN->noOfBoards, plpPBN->noOfBoards, solvedp);
        rc != RETURN_NO_FAULT)
      return rc;
    const int n = std::max(bopPBN->noOfBoards, 0);
    std::vector<deal> deals;
    std::vector<int> codes;
    if (const int rc = capi::to_binary_all(bopPBN->deals, n, deals, codes); rc != RETURN_NO_FAULT)
      return rc;
    std::vector<playTraceBin> plays(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
      const auto k = static_cast<std::size_t>(i);
      const int rc = capi::to_binary_play(plpPBN->plays[i], plays[k]);
      if (codes[k] == RETURN_NO_FAULT) codes[k] = rc;
    }
    solvedp->noOfBoards = bopPBN->noOfBoards;
    return capi::analyse_all(deals, plays, codes, solvedp);
  });
}
