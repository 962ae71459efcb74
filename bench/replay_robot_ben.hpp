// The calibrated mix of ddtb-replay-gen (--mix ben, the default): the calls
// of a bidding and play robot in the shape of what BEN asked DDS at a real
// event, each purpose's number of calls and boards set so that libdds's CPU
// time splits about as it did there (DDS's share in brackets):
//   lead       (70 %)  trick 1, the opening lead on the table, solutions 1;
//                      the leader's hand known, the other three sampled; one
//                      call per candidate lead, 5 to 200 boards, most 200;
//                      no trump contracts mostly, suit contracts too;
//   bid        (23 %)  trick 1 before the lead, solutions 1; the bidder's
//                      hand known, three sampled; 1 to 56 boards; all five
//                      strains, no trump in a fifth of the calls;
//   play       ( 7 %)  tricks 2 to 11, 0 to 3 cards in the current trick,
//                      solutions 3; the hands of the seat to play (declarer
//                      for dummy) and dummy known; 4 to 200 boards;
//   claimcheck (0.3 %) the start of a trick from 4 to 10, solutions 3;
//                      declarer's and dummy's hands known, the defenders'
//                      sampled; 35 to 50 boards.
// No "dd" calls: the real robot makes none. The cards no call decides are
// played double dummy on the real deal by the reference, unrecorded.
// bench/README.md gives the numbers per deal and how they were calibrated.
#pragma once

#include "bench/replay_robot.hpp"

namespace ddtb::bench {

// Plays deal number `board` (`deal`, `declarer` declaring) with the calls
// of the calibrated mix, in order. `rng` drives every random choice;
// options.boards caps every call's boards.
void play_ben_deal(int board, const Deal& deal, Seat declarer, const RobotOptions& options,
                   test::Rng& rng, const RobotCalls& calls);

}  // namespace ddtb::bench
