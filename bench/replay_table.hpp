// What the robots of ddtb-replay-gen share (bench/replay_robot.hpp): a deal
// being played at a table as a robot sees it (the position reached, who
// declares, the voids each seat has shown) and the calls a robot makes on
// it: boards sampled around the hands a seat sees (bench/replay_sampler.hpp)
// and the real deal's double-dummy play, solved by the reference.
#pragma once

#include <array>
#include <functional>
#include <string>
#include <vector>

#include "bench/replay_file.hpp"
#include "bench/replay_sampler.hpp"
#include "ddtb/position.hpp"
#include "tests/support/random.hpp"

namespace ddtb::bench {

// Solve a call with the reference and return its answers (one per board);
// `record` also writes the call to the workload, `solve` does not.
struct RobotCalls {
  std::function<std::vector<BoardAnswer>(ReplayCall)> record;
  std::function<std::vector<BoardAnswer>(ReplayCall)> solve;
};

// "N:" and the four hands, clockwise from North.
std::string pbn_of(const std::array<CardSet, 4>& hands);

// The mean best score over the boards.
double mean_max(const std::vector<BoardAnswer>& answers);

// The legal card of `p` with the best mean score over the boards listing it
// (the first in card-code order among equals).
Card best_mean_card(const Position& p, const std::vector<BoardAnswer>& answers);

class RobotTable {
 public:
  // Deal number `board`, `declarer` declaring. Sampling in the play keeps
  // the voids shown in the current trick unless `unfollowed` (as BEN may).
  RobotTable(int board, const Deal& deal, Seat declarer, bool unfollowed, test::Rng& rng,
             const RobotCalls& calls);

  const Deal& deal() const { return deal_; }
  Seat declarer() const { return declarer_; }
  Seat dummy() const { return partner(declarer_); }
  test::Rng& rng() const { return rng_; }
  const RobotCalls& calls() const { return calls_; }

  // A call on position `p`'s strain, leader, trick and current trick, its
  // boards still to add.
  ReplayCall call_at(const char* purpose, const Position& p, int solutions) const;

  // `boards` samples of `spec`, in order.
  std::vector<std::array<CardSet, 4>> samples(const SampleSpec& spec, int boards);

  // Before the play: `seat` sees only its own full hand.
  SampleSpec alone(Seat seat) const;

  // In the play: `viewer` sees its hand and dummy's (declarer plays
  // dummy's cards), and the voids shown.
  SampleSpec in_play(const Position& p, Seat viewer) const;

  // The real deal, double dummy: one of its optimal cards (solutions = 2, a
  // "dd" call on the one board, written to the workload when `recorded`),
  // chosen at random.
  Card double_dummy(const Position& p, bool recorded);

  // Plays `c`, noting a void it shows.
  Position play(const Position& p, Card c);

 private:
  int board_;
  const Deal& deal_;
  Seat declarer_;
  bool unfollowed_;
  test::Rng& rng_;
  const RobotCalls& calls_;
  std::array<std::uint8_t, 4> shown_{};     // voids shown in completed tricks
  std::array<std::uint8_t, 4> in_trick_{};  // voids shown in the current trick
};

}  // namespace ddtb::bench
