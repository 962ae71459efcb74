// ddtb-replay-gen: writes a replay workload (bench/README.md, "Replay
// workloads") the way a bidding and play robot calls DDS: for each random
// deal, SolveAllBoards calls on sampled deals that share the robot's hand
// (and dummy's, in the play), in one of two mixes (bench/replay_robot.hpp):
// by default the calibrated shape of BEN's calls at a real event
// (bench/replay_robot_ben.hpp), or with --mix v1 the first generator's. The
// answers recorded are libdds's, through the peer (one thread).
//
// The output depends only on the options and libdds: deal k comes from
// its own generator seeded from --seed and k (bench/random_deals.hpp), so
// --deals 5 writes the first five deals of --deals 10 (with the same seq
// numbers). At the end it prints on standard error libdds's CPU time per
// purpose and its share, as measured while writing (the runner measures it
// again): what the mix is calibrated by.
//
//   ddtb-replay-gen --seed 1 --deals 10 --out work.jsonl
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <map>
#include <optional>
#include <string>

#include "bench/measure.hpp"
#include "bench/random_deals.hpp"
#include "bench/replay_file.hpp"
#include "bench/replay_robot.hpp"
#include "bench/replay_robot_ben.hpp"
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
         "  --mix ben|v1    the calls per deal: ben, the calibrated shape of BEN's calls\n"
         "                  at an event (default), or v1, the first generator's\n"
         "  --boards N      v1: sampled boards per call, 1.." +
         std::to_string(MAXNOOFBOARDS) +
         " (default 200); ben: a cap\n"
         "                  on every call's boards (default 200: none), for tiny tests\n"
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
  std::string mix = "ben";
  tools::add_choice(app, "--mix", mix, {"ben", "v1"});
  app.add_flag("--unfollowed", o.robot.unfollowed);
  app.add_flag("--quiet", o.quiet);
  const tools::ToolText text = tools::simple_text("ddtb-replay-gen", usage_text());
  tools::prepare(app, text);
  if (auto status = tools::parse(app, tools::arguments(argc, argv), text)) return status;
  o.robot.mix = mix == "v1" ? RobotMix::kV1 : RobotMix::kBen;
  return std::nullopt;
}

// DDS 3's "meta" record, its machine-dependent fields ("created", "host")
// left out so that the file depends on the options only.
std::string meta_line(const Options& o, const std::string& dds_version, int argc, char** argv) {
  std::string args;
  for (int i = 0; i < argc; ++i) args += (i ? "," : "") + cli::json_string(argv[i]);
  return "{\"t\":\"meta\",\"argv\":[" + args + "],\"generator\":\"ddtb-replay-gen\",\"mix\":" +
         (o.robot.mix == RobotMix::kV1 ? "\"v1\"" : "\"ben\"") +
         ",\"seed\":" + std::to_string(o.seed) + ",\"deals\":" + std::to_string(o.deals) +
         ",\"boards\":" + std::to_string(o.robot.boards) +
         ",\"unfollowed\":" + (o.robot.unfollowed ? "true" : "false") +
         ",\"dds_version\":" + cli::json_string(dds_version) + ",\"dds_mode\":1,\"threads\":1}\n";
}

// libdds's calls and CPU time of one purpose while writing.
struct CpuTally {
  int calls = 0;
  long boards = 0;
  double cpu_s = 0;
  void add(double s, std::size_t n) {
    ++calls;
    boards += static_cast<long>(n);
    cpu_s += s;
  }
};

// The calls written per purpose with libdds's CPU time and share of the
// written calls' time, then the time of the calls only solved.
void print_shares(const std::vector<std::string>& purposes,
                  const std::map<std::string, CpuTally>& written, const CpuTally& unwritten) {
  double total = 0;
  for (const auto& [purpose, t] : written) total += t.cpu_s;
  std::fprintf(stderr, "ddtb-replay-gen: libdds CPU time of the calls written, while writing:\n");
  std::fprintf(stderr, "  %-12s %6s %7s %11s %7s\n", "purpose", "calls", "boards", "dds cpu",
               "share");
  for (const std::string& p : purposes) {
    const CpuTally& t = written.at(p);
    std::fprintf(stderr, "  %-12s %6d %7ld %9.3f s %6.1f%%\n", p.c_str(), t.calls, t.boards,
                 t.cpu_s, total > 0 ? 100 * t.cpu_s / total : 0.0);
  }
  std::fprintf(stderr, "  %-12s %6s %7s %9.3f s\n", "total", "", "", total);
  std::fprintf(stderr, "  not written (the real deal's play): %d calls, %.3f s\n", unwritten.calls,
               unwritten.cpu_s);
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
  // libdds's CPU time per purpose of the calls written, in order of first
  // appearance, and of those only solved (the real deal's play).
  std::vector<std::string> purposes;
  std::map<std::string, CpuTally> written;
  CpuTally unwritten;
  CpuTally* tally = &unwritten;
  robot.solve = [&](ReplayCall call) {
    CallOutcome r;
    const Timing t = time_it([&] { r = dds.solve(call); });
    tally->add(t.cpu_s, call.hands_pbn.size());
    tally = &unwritten;
    if (r.rc != RETURN_NO_FAULT)
      throw std::runtime_error("libdds refused a " + call.purpose + " call at trick " +
                               std::to_string(call.trick) + " of deal " +
                               std::to_string(call.board) + " (code " + std::to_string(r.rc) + ")");
    return r.answers;
  };
  robot.record = [&](ReplayCall call) {
    call.seq = ++seq;
    if (!written.count(call.purpose)) purposes.push_back(call.purpose);
    tally = &written[call.purpose];
    std::vector<BoardAnswer> answers = robot.solve(call);
    write(out, solve_line(call, answers));
    ++calls;
    boards += static_cast<long>(call.hands_pbn.size());
    return answers;
  };
  write(out, meta_line(o, peer.version(), argc, argv));
  for (int k = 0; k < o.deals; ++k) {
    const int board = k + 1;
    test::Rng rng = deal_rng(o.seed, board);
    const Deal deal = test::random_deal(rng);
    write(out, board_line(board, deal, seat_from_int(k)));
    if (o.robot.mix == RobotMix::kV1)
      play_robot_deal(board, deal, seat_from_int(k), o.robot, rng, robot);
    else
      play_ben_deal(board, deal, seat_from_int(k), o.robot, rng, robot);
    if (!o.quiet)
      std::fprintf(stderr, "ddtb-replay-gen: deal %d of %d, %d calls (%ld boards) so far\n", board,
                   o.deals, calls, boards);
  }
  if (std::fflush(out) != 0 || (out != stdout && std::fclose(out) != 0)) {
    std::fprintf(stderr, "ddtb-replay-gen: cannot write %s\n", o.out.c_str());
    return 2;
  }
  print_shares(purposes, written, unwritten);
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
