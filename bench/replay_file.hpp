// Replay workloads: recorded SolveBoard / SolveAllBoards calls in the JSON
// Lines format of DDS 3's benchmarks (its replay tool reads what a bridge
// robot, BEN, records). bench/README.md, "Replay workloads", is the spec;
// in short, one line per record:
//
//   {"t":"solve","seq":N,"board":B,"purpose":"bid","trick":T,"strain_i":S,
//    "leader_i":L,"current_trick":[codes],"solutions":1|2|3,"boards":n,
//    "hands_pbn":["N:... ... ... ...", ...],"result":{...}}
//
// plus "meta", "board" and "par" records, which the runner does not replay.
// This file reads and writes that format; bench/replay_solve.hpp solves a
// call and bench/replay_answer.hpp is the answer compared.
#pragma once

#include <cstdio>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "bench/replay_answer.hpp"
#include "ddtb/position.hpp"

namespace ddtb::bench {

// A malformed workload: the message starts "FILE:LINE:COLUMN: ".
class ReplayFormatError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

inline constexpr int kNull = -100;  // a null in a result list

// A solve record's "result" as the file gives it, keyed as in the file:
// "max" and "min" for solutions = 1, card codes for 2 and 3. A list has
// one entry per board (kNull where the board's answer does not list the
// card) or, as BEN records it, only the entries of the boards that list
// the card, in board order.
struct RecordedResult {
  bool present = false;  // false: "result" is null (the recording call failed)
  std::vector<int> max, min;
  std::map<int, std::vector<int>> cards;  // card code -> scores
};

struct ReplayCall {
  int line = 0;  // 1-based line in the file, for messages
  int seq = 0;
  int board = 0;  // the deal's number (0 when the file gives null)
  std::string purpose;
  int trick = 0;                   // 1..13
  int strain_i = 0;                // 0 = NT, 1..4 = S,H,D,C
  int leader_i = 0;                // the seat leading the current trick, 0..3 = N,E,S,W
  std::vector<int> current_trick;  // card codes played to it, in order
  int solutions = 1;
  std::vector<std::string> hands_pbn;  // one deal per board
  RecordedResult result;
};

struct ReplayWorkload {
  std::vector<ReplayCall> calls;       // the "solve" records, in file order
  std::map<std::string, int> skipped;  // other record types ("t") and their counts
};

// Reads a workload. Throws ReplayFormatError naming the file, line and
// column of the first malformed line or value (a line that is not JSON, a
// missing or out-of-range field, a deal that does not fit a dealPBN); a
// blank line is allowed. Cards and hands are checked by the solvers, not
// here: a call either side refuses is reported by the runner.
ReplayWorkload read_replay_file(const std::string& path);

// The file's answer for every board of `call`, for comparing with `got`
// (the same call's answers from a solver, one per board). BEN's
// shorter lists are matched to the boards on which `got` lists the card; a
// list that cannot be matched so adds a line to `problems`.
std::vector<BoardAnswer> recorded_answers(const ReplayCall& call,
                                          const std::vector<BoardAnswer>& got,
                                          std::vector<std::string>& problems);

// --- writing ---------------------------------------------------------------

// The lines the generator writes (each ends with '\n'). A solve line takes
// the call's fields and, as its result, `answers` (one per board): "max" and
// "min" (equal, as DDS 3's recorder writes them) for solutions = 1, else
// every card listed on some board with one entry per board, null where that
// board does not list it.
std::string solve_line(const ReplayCall& call, const std::vector<BoardAnswer>& answers);
// A "board" record as BEN writes it: the deal as four hands N E S W without
// "N:", and "auction" the dealer and vulnerability ("E None ").
std::string board_line(int board, const Deal& deal, Seat dealer);

}  // namespace ddtb::bench
