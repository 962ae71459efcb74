// The calls a bidding and play robot (BEN, say) makes on one deal, for
// ddtb-replay-gen: it samples the hands it cannot see, asks libdds about
// them, and acts on the answers. Two mixes of calls (bench/README.md,
// "ddtb-replay-gen", lists both):
//   ben  the default: the shape of BEN's calls recorded at a real event,
//        calibrated on libdds's CPU time (bench/replay_robot_ben.hpp);
//   v1   the first generator's fixed shape, kept so that the figures
//        measured on it can be reproduced; per deal:
//   bid        3 calls, solutions 1: the bidder's hand fixed, the other
//              three sampled; no trump and its side's two longest suits,
//              the bidder declaring;
//   lead       up to 4 calls, solutions 1: the opening leader's hand fixed,
//              one candidate lead in each suit on the table;
//   play       10 calls, solutions 3: one card of each trick from 1 to 10
//              (dummy's at trick 1, then the other places in the trick in
//              turn): the seat to play (declarer for dummy) sees its hand
//              and dummy's and plays the card of best mean score;
//   claimcheck 4 calls, solutions 1: declarer at the start of tricks 4, 6,
//              8 and 10;
//   dd         8 calls of one board, solutions 2: the real deal at the start
//              of each trick from 2 to 10 whose lead is not a play call; its
//              leader plays one of its optimal cards.
// The other cards are chosen the same way, by the reference, but those
// calls are not recorded. Every sampled call of v1 has `boards` boards.
#pragma once

#include <cstdio>
#include <functional>
#include <vector>

#include "bench/replay_file.hpp"
#include "bench/replay_table.hpp"
#include "ddtb/position.hpp"
#include "tests/support/random.hpp"

namespace ddtb::bench {

enum class RobotMix { kBen, kV1 };

struct RobotOptions {
  RobotMix mix = RobotMix::kBen;
  // v1: the boards of every sampled call, 1..MAXNOOFBOARDS. ben: a cap on
  // each call's boards (MAXNOOFBOARDS: none), for tiny test workloads.
  int boards = 200;
  // Sample ignoring the voids shown in the current trick (as BEN may): a
  // seat that did not follow suit to it may then hold the suit led.
  bool unfollowed = false;
};

// Plays deal number `board` (`deal`, the bidder, who declares, `bidder`)
// with the calls of mix v1, in order. `rng` drives every random choice.
void play_robot_deal(int board, const Deal& deal, Seat bidder, const RobotOptions& options,
                     test::Rng& rng, const RobotCalls& calls);

}  // namespace ddtb::bench
