// The positions the learned move ordering is fitted and checked on
// (bench/README.md, "The learned move ordering"): roots from seeded random
// deals and from the boards of a replay workload (a robot's calls), and
// nodes reached from them by random play, each with what the search's
// ordering sees there (solver/order_features.hpp).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "bench/replay_file.hpp"
#include "core/bits.hpp"
#include "ddtb/position.hpp"
#include "solver/moves.hpp"
#include "tests/support/random.hpp"

namespace ddtb::bench {

// Where a root came from.
enum class RootSource : std::uint8_t { kRandom = 0, kReplay = 1 };

struct Root {
  Position position;
  RootSource source;
  int solutions = 1;  // as a user asks: 1 the best card, 3 every card's score
};

// Deal k of `seed` (deal_rng), no trump on half of them and each suit on an
// eighth, a random leader, no card played; deals first..first+count-1. On
// `later` per cent of them, 4 to 31 random cards are played first (a root
// later in the play: cheaper to search, and its nodes are like the deeper
// nodes of a search from trick 1).
std::vector<Root> random_roots(std::uint64_t seed, int first, int count, int later = 0);

// Every `stride`-th board of every solve record of `w`, with its call's
// `solutions` (a board whose position the library refuses is skipped).
std::vector<Root> replay_roots(const ReplayWorkload& w, int stride);

// A node `plies` random legal cards below `root` (uniform among the legal
// cards at each step); at least two tricks are left when plies is at most
// root.cards_in_hands() - 8.
Position random_descendant(const Position& root, int plies, test::Rng& rng);

// The node as the engine sees it: the hands, strain and trick in its raw
// form, and its choices (one card per run of equivalent cards).
struct RawNode {
  std::array<detail::Bits, 4> hands;
  int trump;
  detail::TrickView view;
  detail::Bits choices;
};
RawNode raw_node(const Position& p);

}  // namespace ddtb::bench
