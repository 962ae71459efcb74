// ddtb-sd-vs-dds: single-dummy analysis (include/ddtb/single_dummy.hpp)
// against the same work done with Debian's libdds, one thread each, on the
// same sampled deals, in alternated rounds (bench/README.md,
// "ddtb-sd-vs-dds — single-dummy analysis against libdds"):
//   lead       analyse_leads over N samples against N SolveBoard calls
//              (solutions 3, the leader to play at trick 1);
//   contracts  analyse_contracts (all 20 strain x declarer) against N
//              CalcDDtable calls;
//   sample     sample_deals of N deals under an opening-bid constraint
//              (East 11-15 HCP and five or more spades), time only.
// Every answer is checked against libdds's. Prints each round's CPU seconds
// and ratio, and the median ratio. With --versus-tables DIR|none each round
// also runs ddtb with those tables (none: without), the "base", checks it
// answers the same, and prints the ratio ddtb/base: what the tables buy.
#include <time.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ddtb/single_dummy.hpp"
#include "ddtb/tablebase.hpp"
#include "tests/support/dds_peer.hpp"
#include "tools/command_line.hpp"

namespace {

using namespace ddtb;

double cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return double(t.tv_sec) + 1e-9 * double(t.tv_nsec);
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

int usage(const char* why) {
  std::fprintf(stderr,
               "ddtb-sd-vs-dds: %s\nusage: ddtb-sd-vs-dds [--samples N] [--rounds R] [--seed S] "
               "[--work lead,contracts,sample] [--tablebase DIR] [--versus-tables DIR|none]\n",
               why);
  return 2;
}

// What every kind of work is run with.
struct Run {
  int samples = 1000, rounds = 3;
  std::uint64_t seed = 1;
  test::DdsPeer* dds = nullptr;
  AnalysisOptions options, base_options;  // ddtb's, and the base's (--versus-tables)
  bool versus = false;
};

// One round of ddtb against the base (--versus-tables): `analyse(options)`
// with the base's options, then with ddtb's; `same(ours, base)` compares
// their figures. Prints the ratio and keeps it in `ratios`. The exit
// status: 0, 1 when the figures differ, 2 when an analysis fails.
template <class Analyse, class Same>
int round_against_base(const Run& r, const char* what, std::vector<double>& ratios, Analyse analyse,
                       Same same) {
  const double b0 = cpu_seconds();
  auto base = analyse(r.base_options);
  const double b1 = cpu_seconds();
  auto ours = analyse(r.options);
  const double b2 = cpu_seconds();
  if (!base || !ours) return usage((std::string(what) + " failed").c_str());
  if (!same(*ours, *base)) {
    std::fprintf(stderr, "ddtb-sd-vs-dds: %s figures differ with and without tables\n", what);
    return 1;
  }
  ratios.push_back((b2 - b1) / (b1 - b0));
  std::printf("%s against the base, round %zu: ddtb %.3f s, base %.3f s, ratio %.3f\n", what,
              ratios.size(), b2 - b1, b1 - b0, ratios.back());
  return 0;
}

// ddtb's and libdds's times of one round: prints them, keeps their ratio.
void record_round(const char* what, int samples, double ddtb, double dds,
                  std::vector<double>& ratios) {
  ratios.push_back(ddtb / dds);
  std::printf("%s, %d samples, round %zu: ddtb %.3f s, dds %.3f s, ratio %.3f\n", what, samples,
              ratios.size(), ddtb, dds, ratios.back());
}

// The median ratios after the last round.
void print_medians(const Run& r, const char* what, double target, const std::vector<double>& ratios,
                   const std::vector<double>& base_ratios) {
  std::printf("%s: median ratio %.3f (target <= %g)\n", what, median(ratios), target);
  if (r.versus) std::printf("%s: median ratio against the base %.3f\n", what, median(base_ratios));
}

// 3NT by South; West, on lead, known; South a strong no-trump. The exit
// status: 0, or 1 when the figures disagree (2: an error).
int lead_work(const Run& r) {
  test::DdsPeer& dds = *r.dds;
  // 3NT by South; West, on lead, known; South a strong no-trump.
  DealSpec spec;
  spec.hands[3].holds = *parse_pbn_hand("T87.QJT9.Q854.A2");
  spec.hands[2].min_hcp = 15;
  spec.hands[2].max_hcp = 17;
  spec.hands[0].min_hcp = 9;
  spec.samples = r.samples;
  spec.seed = r.seed;
  auto deals = sample_deals(spec);
  if (!deals) return usage(deals.error().message.c_str());
  Contract c;
  c.level = 3;
  c.strain = Strain::NoTrump;
  c.declarer = Seat::South;
  std::vector<double> ratios, base_ratios;
  for (int round = 0; round < r.rounds; ++round) {
    if (r.versus)
      if (const int status = round_against_base(
              r, "lead analysis", base_ratios,
              [&](const AnalysisOptions& o) { return analyse_leads(*deals, c, o); },
              [](const LeadAnalysis& a, const LeadAnalysis& b) {
                if (a.leads.size() != b.leads.size()) return false;
                for (std::size_t i = 0; i < a.leads.size(); ++i)
                  if (a.leads[i].defence_tricks.value != b.leads[i].defence_tricks.value)
                    return false;
                return true;
              });
          status != 0)
        return status;
    const double t0 = cpu_seconds();
    auto leads = analyse_leads(*deals, c, r.options);
    const double t1 = cpu_seconds();
    double sum = 0;
    for (const Deal& d : *deals) {
      const auto s = dds.solve_board(Position::at_trick_start(d, Strain::NoTrump, Seat::West));
      sum += s.result.tricks;
    }
    const double t2 = cpu_seconds();
    if (!leads) return usage(leads.error().message.c_str());
    // The best lead's mean is at most the mean of each deal's best.
    if (leads->leads.front().defence_tricks.value > sum / r.samples + 1e-9) {
      std::fprintf(stderr, "ddtb-sd-vs-dds: lead figures disagree with libdds\n");
      return 1;
    }
    record_round("lead analysis", r.samples, t1 - t0, t2 - t1, ratios);
  }
  print_medians(r, "lead analysis", 0.3, ratios, base_ratios);
  return 0;
}

// All 20 contracts with North and South known.
int contract_work(const Run& r) {
  test::DdsPeer& dds = *r.dds;
  DealSpec spec;
  spec.hands[0].holds = *parse_pbn_hand("AKQ2.K5.AJ72.Q84");
  spec.hands[2].holds = *parse_pbn_hand("J95.A432.K9.KJ53");
  spec.samples = r.samples;
  spec.seed = r.seed;
  auto deals = sample_deals(spec);
  if (!deals) return usage(deals.error().message.c_str());
  std::vector<double> ratios, base_ratios;
  for (int round = 0; round < r.rounds; ++round) {
    if (r.versus)
      if (const int status = round_against_base(
              r, "contract analysis", base_ratios,
              [&](const AnalysisOptions& o) {
                return analyse_contracts(*deals, 0x1F, 0xF, Vulnerability::None, o);
              },
              [](const ContractAnalysis& a, const ContractAnalysis& b) {
                if (a.contracts.size() != b.contracts.size()) return false;
                for (std::size_t i = 0; i < a.contracts.size(); ++i)
                  if (a.contracts[i].tricks != b.contracts[i].tricks) return false;
                return true;
              });
          status != 0)
        return status;
    const double t0 = cpu_seconds();
    auto odds = analyse_contracts(*deals, 0x1F, 0xF, Vulnerability::None, r.options);
    const double t1 = cpu_seconds();
    std::vector<DdTable> tables;
    for (const Deal& d : *deals) tables.push_back(dds.dd_table(d));
    const double t2 = cpu_seconds();
    if (!odds) return usage(odds.error().message.c_str());
    for (const ContractOdds& co : odds->contracts) {
      std::array<int, 14> counts{};
      for (const DdTable& t : tables) ++counts[t.get(co.strain, co.declarer)];
      if (counts != co.tricks) {
        std::fprintf(stderr, "ddtb-sd-vs-dds: contract figures disagree with libdds\n");
        return 1;
      }
    }
    record_round("contract analysis", r.samples, t1 - t0, t2 - t1, ratios);
  }
  print_medians(r, "contract analysis", 0.35, ratios, base_ratios);
  return 0;
}

// Sampling under an opening-bid constraint, time only.
int sample_work(const Run& r) {
  const int samples = r.samples, rounds = r.rounds;
  const std::uint64_t seed = r.seed;
  DealSpec spec;
  spec.hands[1].min_hcp = 11;
  spec.hands[1].max_hcp = 15;
  spec.hands[1].min_length[0] = 5;
  spec.samples = samples;
  std::vector<double> times;
  for (int r = 0; r < std::max(rounds, 5); ++r) {
    spec.seed = seed + static_cast<std::uint64_t>(r);
    const double t0 = cpu_seconds();
    auto deals = sample_deals(spec);
    times.push_back(cpu_seconds() - t0);
    if (!deals) return usage(deals.error().message.c_str());
  }
  std::printf("sampling %d deals (East 11-15 HCP, 5+ spades): median %.1f ms (target <= 50)\n",
              samples, 1e3 * median(times));
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  Run run;
  int& samples = run.samples;
  int& rounds = run.rounds;
  std::uint64_t& seed = run.seed;
  std::string work = "lead,contracts,sample";
  std::string tablebase;
  std::optional<std::string> versus;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (i + 1 >= argc) return usage(("missing value after " + a).c_str());
    const std::string v = argv[++i];
    if (a == "--samples")
      samples = std::atoi(v.c_str());
    else if (a == "--rounds")
      rounds = std::atoi(v.c_str());
    else if (a == "--seed")
      seed = std::strtoull(v.c_str(), nullptr, 10);
    else if (a == "--work")
      work = v;
    else if (a == "--tablebase")
      tablebase = v;
    else if (a == "--versus-tables")
      versus = v == "none" ? "" : v;
    else
      return usage(("unknown option " + a).c_str());
  }
  if (samples < 1 || rounds < 1) return usage("--samples and --rounds need positive numbers");
  const auto wants = [&](const char* w) { return work.find(w) != std::string::npos; };
  run.dds = &test::DdsPeer::shared();
  run.versus = versus.has_value();
  SolverOptions solver, base_solver;
  for (const auto& [dir, so] :
       {std::pair{tablebase, &solver}, std::pair{versus.value_or(""), &base_solver}}) {
    if (dir.empty()) continue;
    auto tb = Tablebase::open(dir);
    if (!tb) return usage(tb.error().message.c_str());
    so->tablebase = *tb;
  }
  run.options.solver = &solver;
  run.base_options.solver = &base_solver;
  for (const auto& [name, work_fn] :
       {std::pair{"lead", &lead_work}, std::pair{"contracts", &contract_work},
        std::pair{"sample", &sample_work}})
    if (wants(name))
      if (const int status = work_fn(run); status != 0) return status;

  std::fflush(stdout);
  std::_Exit(0);  // libdds's static destructors crash after dlopen (tests/support)
}
