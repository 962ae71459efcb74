// ddtb-replay-gen: writes a replay workload (bench/README.md, "Replay
// workloads") the way a bidding and play robot calls DDS: for each random
// deal, SolveAllBoards calls on hundreds of sampled deals that share the
// robot's hand (and dummy's, in the play), and one-board calls on the real
// deal as it is played on (bench/replay_robot.hpp lists them). The answers
// recorded are libdds's, through the peer (one thread).
//
// The output depends only on the options and libdds: deal k comes from
// its own generator seeded from --seed and k, so --deals 5 writes the first
// five deals of --deals 10 (with the same seq numbers).
//
//   ddtb-replay-gen --seed 1 --deals 10 --boards 200 --out work.jsonl
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <optional>
#include <string>

#include "bench/replay_file.hpp"
#include "bench/replay_robot.hpp"
#include "bench/replay_solve.hpp"
#include "cli/json.hpp"
#include "tests/support/dds_peer.hpp"
#include "tools/command_line.hpp"

namespace ddtb::bench {
namespace {

struct Options {
  std::uint64_t seed = 1;
  int deals = 10;
  RobotOptions robot;
  std::string out;  // "-": standard output
  bool quiet = false;
};

std::string usage_text() {
  return "usage: ddtb-replay-gen --out FILE [options]\n"
         "  --out FILE      the workload to write (- for standard output)\n"
         "  --seed N        random seed (default 1)\n"
         "  --deals N       deals to play (default 10)\n"
         "  --boards N      sampled boards per call, 1.." +
         std::to_string(MAXNOOFBOARDS) +
         " (default 200)\n"
         "  --unfollowed    sample ignoring the voids shown in the current trick, as\n"
         "                  BEN may: a seat that did not follow suit to it may then\n"
         "                  hold the suit led (DDS solves such boards)\n"
         "  --quiet         no progress on standard error\n";
}

// Reads the command line into `o`; an exit status when the tool should stop
// (--help, or a usage error already reported).
std::optional<int> parse_options(int argc, char** argv, Options& o) {
  CLI::App app;
  app.add_option("--out", o.out)->required();
  tools::add_number(app, "--seed", o.seed, 0, std::numeric_limits<long long>::max(), "a seed");
  tools::add_number(app, "--deals", o.deals, 1, 100000, "a number of deals");
  tools::add_number(app, "--boards", o.robot.boards, 1, MAXNOOFBOARDS, "a number of boards");
  app.add_flag("--unfollowed", o.robot.unfollowed);
  app.add_flag("--quiet", o.quiet);
  const tools::ToolText text = tools::simple_text("ddtb-replay-gen", usage_text());
  tools::prepare(app, text);
  return tools::parse(app, tools::arguments(argc, argv), text);
}

// DDS 3's "meta" record, its machine-dependent fields ("created", "host")
// left out so that the file depends on the options only.
std::string meta_line(const Options& o, const std::string& dds_version, int argc, char** argv) {
  std::string args;
  for (int i = 0; i < argc; ++i) args += (i ? "," : "") + cli::json_string(argv[i]);
  return "{\"t\":\"meta\",\"argv\":[" + args +
         "],\"generator\":\"ddtb-replay-gen\",\"seed\":" + std::to_string(o.seed) +
         ",\"deals\":" + std::to_string(o.deals) + ",\"boards\":" + std::to_string(o.robot.boards) +
         ",\"unfollowed\":" + (o.robot.unfollowed ? "true" : "false") +
         ",\"dds_version\":" + cli::json_string(dds_version) + ",\"dds_mode\":1,\"threads\":1}\n";
}

void write(std::FILE* out, const std::string& line) {
  if (std::fwrite(line.data(), 1, line.size(), out) != line.size())
    throw std::runtime_error(std::string("write failed: ") + std::strerror(errno));
}

int run(const Options& o, int argc, char** argv) {
  std::FILE* out = o.out == "-" ? stdout : std::fopen(o.out.c_str(), "wb");
  if (!out) {
    std::fprintf(stderr, "ddtb-replay-gen: cannot write %s: %s\n", o.out.c_str(),
                 std::strerror(errno));
    return 2;
  }
  test::DdsPeer peer(test::kLibddsPath, 0);
  CallSolver dds(dds_solve_api(peer, 0));
  int seq = 0, calls = 0;
  long boards = 0;
  RobotCalls robot;
  robot.solve = [&](ReplayCall call) {
    const CallOutcome r = dds.solve(call);
    if (r.rc != RETURN_NO_FAULT)
      throw std::runtime_error("libdds refused a " + call.purpose + " call at trick " +
                               std::to_string(call.trick) + " of deal " +
                               std::to_string(call.board) + " (code " + std::to_string(r.rc) + ")");
    return r.answers;
  };
  robot.record = [&](ReplayCall call) {
    call.seq = ++seq;
    std::vector<BoardAnswer> answers = robot.solve(call);
    write(out, solve_line(call, answers));
    ++calls;
    boards += static_cast<long>(call.hands_pbn.size());
    return answers;
  };
  write(out, meta_line(o, peer.version(), argc, argv));
  for (int k = 0; k < o.deals; ++k) {
    test::Rng rng(o.seed + 0x9e3779b97f4a7c15ull * std::uint64_t(k + 1));
    const Deal deal = test::random_deal(rng);
    const int board = k + 1;
    write(out, board_line(board, deal, seat_from_int(k)));
    play_robot_deal(board, deal, seat_from_int(k), o.robot, rng, robot);
    if (!o.quiet)
      std::fprintf(stderr, "ddtb-replay-gen: deal %d of %d, %d calls (%ld boards) so far\n", board,
                   o.deals, calls, boards);
  }
  if (std::fflush(out) != 0 || (out != stdout && std::fclose(out) != 0)) {
    std::fprintf(stderr, "ddtb-replay-gen: cannot write %s\n", o.out.c_str());
    return 2;
  }
  return 0;
}

}  // namespace
}  // namespace ddtb::bench

int main(int argc, char** argv) {
  ddtb::bench::Options options;
  if (const auto status = ddtb::bench::parse_options(argc, argv, options)) return *status;
  try {
    return ddtb::bench::run(options, argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "ddtb-replay-gen: %s\n", e.what());
    return 2;
  }
}
