// SolveBoard and SolveBoardPBN: target / solutions / mode semantics over
// the Solver, searching only what each combination asks for: solutions 3
// solves every card (Solver::solve), solutions 1 or 2 without a target find
// the best score and one card or every card taking it (best_card,
// best_cards), and with a target each card is only tested against it
// (card_reaching, cards_reaching).
#include <algorithm>
#include <array>

#include "capi/boundary.hpp"
#include "capi/context.hpp"
#include "capi/convert.hpp"
#include "capi/solve.hpp"

namespace ddtb::capi {

namespace {

constexpr int kTargetMax = -1;      // find the most tricks
constexpr int kTargetNone = 0;      // no search: list cards with score 0
constexpr int kSolutionsOne = 1;    // one card (2: every card reaching the best or target)
constexpr int kSolutionsAll = 3;    // every card with its own score
constexpr int kModeShortcut = 0;    // a single choice is returned unsearched
constexpr int kScoreNoChoice = -2;  // DDS's score for that unsearched card
constexpr int kScoreMissed = -1;    // no card reaches the target

struct Scored {
  CardGroup group;
  int score = 0;
};

void write(futureTricks* fut, int nodes, const std::vector<Scored>& cards) {
  fut->nodes = nodes;
  fut->cards = static_cast<int>(cards.size());
  for (std::size_t i = 0; i < cards.size(); ++i) {
    fut->suit[i] = to_int(cards[i].group.top.suit);
    fut->rank[i] = cards[i].group.top.rank;
    fut->equals[i] = cards[i].group.equals;
    fut->score[i] = cards[i].score;
  }
}

// The score of every legal group from a full solve, best first; ties keep
// the suit/rank order of legal_groups().
std::vector<Scored> scored_groups(const Position& p, const SolveResult& r) {
  std::array<int, 64> per_card;
  per_card.fill(0);
  for (const CardScore& cs : r.cards) {
    per_card[cs.card.index()] = cs.tricks;
    for (int rank = kMinRank; rank <= kMaxRank; ++rank)
      if (cs.equals & (1u << rank))
        per_card[Card{cs.card.suit, static_cast<std::uint8_t>(rank)}.index()] = cs.tricks;
  }
  std::vector<Scored> out;
  for (const CardGroup& g : legal_groups(p)) out.push_back({g, per_card[g.top.index()]});
  std::stable_sort(out.begin(), out.end(),
                   [](const Scored& a, const Scored& b) { return a.score > b.score; });
  return out;
}

// The solver's cards as DDS groups, each with its score.
std::vector<Scored> as_groups(const std::vector<CardScore>& cards) {
  std::vector<Scored> out;
  for (const CardScore& cs : cards) out.push_back({CardGroup{cs.card, cs.equals}, cs.tricks});
  return out;
}

int solve_position(const Position& p, int target, int solutions, int mode, futureTricks* fut,
                   Solver& solver) {
  if (target > p.tricks_left()) return RETURN_TARGET_TOO_HIGH;
  const std::vector<CardGroup> groups = legal_groups(p);
  std::vector<Scored> listed;

  // The last trick: one card to play, no search, its real score whatever
  // the target.
  if (p.tricks_left() == 1) {
    listed.push_back({groups.front(), solver.max_tricks(p)});
    write(fut, 0, listed);
    return RETURN_NO_FAULT;
  }
  if (mode == kModeShortcut && groups.size() == 1) {
    listed.push_back({groups.front(), kScoreNoChoice});
    write(fut, 0, listed);
    return RETURN_NO_FAULT;
  }
  if (target == kTargetNone && solutions != kSolutionsAll) {
    for (const CardGroup& g : groups) {
      listed.push_back({g, 0});
      if (solutions == kSolutionsOne) break;
    }
    write(fut, 0, listed);
    return RETURN_NO_FAULT;
  }

  // futureTricks.nodes counts trick starts, as DDS's does.
  const std::uint64_t before = solver.stats().trick_starts;
  auto nodes = [&] { return static_cast<int>(solver.stats().trick_starts - before); };
  if (solutions == kSolutionsAll) {
    const SolveResult r = solver.solve(p);
    write(fut, nodes(), scored_groups(p, r));
    return RETURN_NO_FAULT;
  }
  if (target == kTargetMax) {
    const SolveResult r = solutions == kSolutionsOne ? solver.best_card(p) : solver.best_cards(p);
    write(fut, nodes(), as_groups(r.cards));
    return RETURN_NO_FAULT;
  }
  if (solutions == kSolutionsOne) {
    if (const std::optional<CardScore> c = solver.card_reaching(p, target))
      listed.push_back({CardGroup{c->card, c->equals}, target});
  } else {
    listed = as_groups(solver.cards_reaching(p, target));
  }
  if (listed.empty()) {
    // DDS: -1; with target 1, 0 (missing one trick means taking none).
    fut->nodes = nodes();
    fut->cards = 0;
    fut->score[0] = target == 1 ? 0 : kScoreMissed;
    return RETURN_NO_FAULT;
  }
  write(fut, nodes(), listed);
  return RETURN_NO_FAULT;
}

}  // namespace

std::vector<CardGroup> legal_groups(const Position& p) {
  const CardSet legal = p.legal_cards();
  const CardSet own = p.hand(p.to_play());
  CardSet present =
      p.hand(Seat::North) | p.hand(Seat::East) | p.hand(Seat::South) | p.hand(Seat::West);
  for (const Card c : p.trick()) present.insert(c);
  const CardSet others = present - own;
  std::vector<CardGroup> out;
  for (int s = 0; s < kNumSuits; ++s) {
    const Suit suit = suit_from_int(s);
    bool open = false;  // a run is being extended
    for (int rank = kMaxRank; rank >= kMinRank; --rank) {
      const Card c{suit, static_cast<std::uint8_t>(rank)};
      if (others.contains(c)) {
        open = false;
      } else if (legal.contains(c)) {
        if (open)
          out.back().equals = static_cast<std::uint16_t>(out.back().equals | (1u << rank));
        else
          out.push_back({c, 0});
        open = true;
      }
    }
  }
  return out;
}

int check_solve_parameters(int target, int solutions, int mode, int trump, int first) {
  if (target < -1) return RETURN_TARGET_WRONG_LO;
  if (target > kNumTricks) return RETURN_TARGET_WRONG_HI;
  if (solutions < kSolutionsOne) return RETURN_SOLNS_WRONG_LO;
  if (solutions > kSolutionsAll) return RETURN_SOLNS_WRONG_HI;
  if (mode < 0) return RETURN_MODE_WRONG_LO;
  if (mode > 2) return RETURN_MODE_WRONG_HI;
  if (trump < 0 || trump >= DDS_STRAINS) return RETURN_TRUMP_WRONG;
  if (first < 0 || first >= DDS_HANDS) return RETURN_FIRST_WRONG;
  return RETURN_NO_FAULT;
}

int solve_board(const deal& dl, int target, int solutions, int mode, futureTricks* fut,
                Solver& solver) {
  if (const int rc = check_solve_parameters(target, solutions, mode, dl.trump, dl.first);
      rc != RETURN_NO_FAULT)
    return rc;
  std::optional<Position> p;
  if (const int rc = to_position(dl, p); rc != RETURN_NO_FAULT) return rc;
  return solve_position(*p, target, solutions, mode, fut, solver);
}

// threadIndex picks the solver (its transposition table persists between
// calls with the same index, as DDS's does).
int solve_with_thread(const deal& dl, int target, int solutions, int mode, futureTricks* fut,
                      int thread) {
  if (thread < 0 || thread >= context().threads()) return RETURN_THREAD_INDEX;
  if (!fut) return RETURN_UNKNOWN_FAULT;
  int rc = RETURN_UNKNOWN_FAULT;
  context().with_thread_solver(
      thread, [&](Solver& s) { rc = solve_board(dl, target, solutions, mode, fut, s); });
  return rc;
}

}  // namespace ddtb::capi

using ddtb::capi::guarded;

int SolveBoard(deal dl, int target, int solutions, int mode, futureTricks* futp, int threadIndex) {
  return guarded([&] {
    return ddtb::capi::solve_with_thread(dl, target, solutions, mode, futp, threadIndex);
  });
}

int SolveBoardPBN(dealPBN dlpbn, int target, int solutions, int mode, futureTricks* futp,
                  int thrId) {
  return guarded([&] {
    // DDS reads the PBN text before it checks the thread index.
    deal dl{};
    if (const int rc = ddtb::capi::to_binary(dlpbn, dl); rc != RETURN_NO_FAULT) return rc;
    return ddtb::capi::solve_with_thread(dl, target, solutions, mode, futp, thrId);
  });
}
