// The double-dummy solver.
//
// A Solver owns its transposition table and its counters; use one per thread.
// It holds no global state, so any number of Solvers run concurrently. Results
// are deterministic: the same calls in the same order on a fresh Solver give
// the same answers and the same node counts. A question asked again (the same
// call on the same position, among the last few calls) is answered from the
// earlier answer without a search.
//
// Memory: the transposition table starts at SolverOptions::tt_memory_bytes.
// A search that fills it (a freak deal, say) lets it double, up to
// SolverOptions::tt_max_memory_bytes; full at that size, it drops its
// shallowest entries and keeps working. At the end of the call that needed
// more, the table shrinks back to tt_memory_bytes and the memory is freed.
// The rest of a Solver is a few kilobytes.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "ddtb/cards.hpp"
#include "ddtb/export.hpp"
#include "ddtb/position.hpp"

namespace ddtb {

class Tablebase;

// Default transposition-table budget per Solver. Chosen by measurement on
// DD tables of list100 and of random deals (docs/PERFORMANCE.md, "Memory"):
// larger tables gave no measurable gain, smaller ones searched more.
inline constexpr std::size_t kDefaultTtMemoryBytes = std::size_t{32} << 20;
// Default cap for a table that grows during a search that needs it: by
// default it does not grow. Only freak deals fill the default table, and a
// table allowed to grow (a larger tt_max_memory_bytes) searches them faster
// for more memory: docs/PERFORMANCE.md, "Memory".
inline constexpr std::size_t kDefaultTtMaxMemoryBytes = std::size_t{32} << 20;
// The smallest budget accepted; smaller requests are raised to it.
inline constexpr std::size_t kMinTtMemoryBytes = std::size_t{1} << 20;

// Search features. All are on by default; each can be switched off on its own
// (the property tests do) without changing any answer, only the speed.
//
// The struct may grow within libddtb.so.0 (docs/USAGE.md, "ABI"): fields are
// only ever appended, and the library reads only those that the caller's
// struct holds, as `struct_size` says; a field the caller's header did not
// have keeps its default.
struct SolverOptions {
  // The size of the struct as the caller's header declares it. Leave it as it
  // is: set by the header, read by the library.
  std::uint32_t struct_size = sizeof(SolverOptions);
  // The table's size between calls and at the start of each.
  std::size_t tt_memory_bytes = kDefaultTtMemoryBytes;
  // The most it may grow to within a call; below tt_memory_bytes it is
  // raised to it (no growth).
  std::size_t tt_max_memory_bytes = kDefaultTtMaxMemoryBytes;
  // Cut off at trick starts when the side to lead has enough sure tricks.
  bool quick_tricks = true;
  // Cut off at trick starts when the opponents surely take enough tricks later.
  bool later_tricks = true;
  // Order moves by seat-aware weights and killer moves (off: rank order).
  bool move_ordering = true;
  // Cache bounds at trick boundaries.
  bool transposition_table = true;
  // Search one card of each run of cards equivalent once played cards are gone.
  bool rank_equivalence = true;
  // Partition search: key cache entries on the ranks that decided the result
  // only, and skip low cards once they are shown irrelevant (off: entries
  // match exact relative ranks and every card is searched).
  bool winning_ranks = true;
  // Endgame tables (include/ddtb/tablebase.hpp), probed at every trick start
  // within their depth; may be shared by any number of Solvers.
  std::shared_ptr<const Tablebase> tablebase;
  // New fields go here, at the end (docs/USAGE.md, "ABI").
};

// One card (or run of equivalent cards) the side to play may choose, and its
// result, like one entry of DDS's futureTricks with solutions = 3.
struct CardScore {
  Card card;                 // the highest card of the run
  std::uint16_t equals = 0;  // DDS rank bits of the lower cards of the run
  int tricks = 0;            // tricks for the side to play, this trick included
  friend bool operator==(const CardScore&, const CardScore&) = default;
};

struct SolveResult {
  int tricks = 0;                // best result for the side to play
  std::vector<CardScore> cards;  // every legal card, best score first; ties by
                                 // suit (S,H,D,C), then rank, high first
};

// resTable layout as in DDS: tricks[strain][declarer], strains S,H,D,C,NT,
// declarers N,E,S,W; the declarer's left-hand opponent leads.
struct DdTable {
  std::array<std::array<int, 4>, 5> tricks{};
  int get(Strain s, Seat declarer) const { return tricks[to_int(s)][to_int(declarer)]; }
  friend bool operator==(const DdTable&, const DdTable&) = default;
};

// A table as printed hand records show it (and ddsolve prints it): a header
// of strains NT S H D C, then one line per declarer N, S, E, W, each ending
// in a newline. `strains` (bit to_int(strain)) and `declarers` (bit
// to_int(seat)) leave out columns and rows.
//         NT   S   H   D   C
//      N   6   5   6   5   7
DDTB_EXPORT std::string to_text(const DdTable& table, unsigned strains = 0x1F,
                                unsigned declarers = 0xF);

// Counters, cumulative since construction or reset_stats().
struct SolverStats {
  std::uint64_t nodes = 0;         // positions searched (all seats)
  std::uint64_t trick_starts = 0;  // of which at the start of a trick
  std::uint64_t tt_lookups = 0;
  std::uint64_t tt_hits = 0;         // lookups that ended the search of a node
  std::uint64_t tt_entries = 0;      // entries stored now
  std::uint64_t tt_bytes = 0;        // bytes in use now (<= the budget)
  std::uint64_t tt_resets = 0;       // times the table filled up at its largest
                                     // and dropped entries
  std::uint64_t tt_grows = 0;        // times the table doubled within a call
  std::uint64_t tablebase_hits = 0;  // trick starts answered by the endgame tables
};

class DDTB_EXPORT Solver {
 public:
  explicit Solver(const SolverOptions& options = {});
  ~Solver();
  Solver(Solver&&) noexcept;
  Solver& operator=(Solver&&) noexcept;
  Solver(const Solver&) = delete;
  Solver& operator=(const Solver&) = delete;

  // The most tricks the side of the seat to play can take from here on,
  // counting the trick in progress.
  int max_tricks(const Position& position);

  // max_tricks() and the result of every legal card (DDS solutions = 3).
  SolveResult solve(const Position& position);

  // The single-answer forms below search only what their answer needs (one
  // exact solve, then one zero-window test per card where a card must be
  // checked), so they are much cheaper than solve(). Their answers never
  // depend on earlier calls: where one card of several is returned, it is
  // the first in the search's fixed move order for the position (a function
  // of the position alone), not the first found.

  // max_tricks() and one card that takes that many (DDS solutions = 1):
  // `cards` holds that card only. A finished position gives 0 and no card.
  SolveResult best_card(const Position& position);

  // max_tricks() and every card that takes that many (DDS solutions = 2),
  // in suit (S,H,D,C) and rank order.
  SolveResult best_cards(const Position& position);

  // Every legal card that takes at least `target` tricks for the side to
  // play, this trick included (DDS solutions = 2 with a target), in suit and
  // rank order, one zero-window test each. Each card's `tricks` is `target`:
  // the search proves "at least", not the card's own score. Empty when no
  // card reaches the target; every card when target <= 0.
  std::vector<CardScore> cards_reaching(const Position& position, int target);

  // One such card (DDS solutions = 1 with a target), by a single search:
  // the first in the fixed move order. Empty when none reaches the target.
  std::optional<CardScore> card_reaching(const Position& position, int target);

  // The full DD table of a deal (any number of tricks left). Work is shared
  // across the four declarers of each strain.
  DdTable dd_table(const Deal& deal);
  // Only the strains whose bit (1 << strain) is set; other rows are left 0.
  DdTable dd_table(const Deal& deal, unsigned strain_mask);

  // Double-dummy analysis of a played sequence: before the first card of
  // `cards` and after each one, the tricks the partnership of `side` takes
  // from `start` on (tricks it already won in the sequence plus the most it can
  // still take): cards.size() + 1 values. The cards are played from `start` in
  // order; an illegal card is an error naming its index and the card.
  Expected<std::vector<int>> analyse_play(const Position& start, std::span<const Card> cards,
                                          Seat side);

  // The options in force: those given, with the table's two sizes as the
  // table uses them. Its struct_size is the caller's (at most the library's
  // own), so that a copy of it passed to another Solver reads as the
  // caller's struct.
  const SolverOptions& options() const;
  SolverStats stats() const;
  void reset_stats();
  // Empties the transposition table and forgets the recent answers (results
  // never depend on them; speed does).
  void clear();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace ddtb
