// ddtb-tablebase-effect: DD tables of a golden list with and without the
// endgame tables, in one run; prints nodes and CPU time of each and the
// ratios, and checks every table agrees (with each other and with DDS's).
//
//   ddtb-tablebase-effect DIR [--list FILE] [--deals N] [--cache-mb M] [--warm]
//                             [--endgames N [--min-cards B] [--max-cards C]]
//
// --endgames N also solves N random endgames at a trick start (every legal
// card's score, like SolveBoard) of each size from the tables' depth to 8
// cards more, with and without the tables, and prints the same figures.
// With --max-cards C, N endgames of every card count from the tables' depth
// (or --min-cards B) to C instead (a trick in progress when the count is not
// a multiple of 4): how the tables are checked against the solver without
// them.
//
// --warm solves every deal once with the tables before measuring, so that
// the measured run finds what it needs in the cache (a long-running service).
#include <time.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "bench/ref_list.hpp"
#include "ddtb/solver.hpp"
#include "ddtb/tablebase.hpp"
#include "tests/support/random.hpp"
#include "tools/command_line.hpp"

namespace {

// The position as PBN hands (North first), the trick in progress, strain
// and leader.
std::string describe(const ddtb::Position& p) {
  std::string out = "N:";
  for (int s = 0; s < 4; ++s) out += (s ? " " : "") + ddtb::to_pbn(p.hand(ddtb::seat_from_int(s)));
  out += " trick";
  if (p.trick_size() == 0) out += " -";
  for (const ddtb::Card c : p.trick()) out += " " + ddtb::to_string(c);
  return out + " strain " + ddtb::strain_letter(p.trump()) + " leader " +
         ddtb::seat_letter(p.leader());
}

double cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

struct Options {
  std::string dir, list = std::string(DDTB_REF_DIR) + "/list100.txt";
  int deals = -1;
  bool warm = false;
  int endgames = 0;
  int max_cards = 0, min_cards = 0;
  std::size_t cache_mb = 0;
};

// The DD tables of the list's deals with and without the tables: prints the
// figures, returns the deals whose tables differ (from each other or from
// the list's).
int compare_deals(const Options& o, const ddtb::Tablebase& tb, const ddtb::SolverOptions& with,
                  const std::vector<ddtb::bench::RefDeal>& ref) {
  ddtb::Solver plain, tabled(with);
  if (o.warm) {
    ddtb::Solver warmer(with);
    for (const auto& d : ref) (void)warmer.dd_table(d.deal);
  }
  double t_plain = 0, t_tabled = 0;
  int bad = 0;
  for (const auto& d : ref) {
    double t0 = cpu_seconds();
    const ddtb::DdTable a = plain.dd_table(d.deal);
    double t1 = cpu_seconds();
    const ddtb::DdTable b = tabled.dd_table(d.deal);
    double t2 = cpu_seconds();
    t_plain += t1 - t0;
    t_tabled += t2 - t1;
    if (!(a == b) || !(a == d.table)) {
      ++bad;
      std::printf("deal %d: tables differ\n", d.number);
    }
  }
  const auto sp = plain.stats(), st = tabled.stats();
  std::printf("tables: %s (up to %d cards)\n", o.dir.c_str(), tb.max_cards());
  std::printf("%zu deals, one thread, one Solver each side\n", ref.size());
  std::printf("without tables: %llu nodes, %.3f s\n", (unsigned long long)sp.nodes, t_plain);
  std::printf("with tables:    %llu nodes, %.3f s, %llu table answers\n",
              (unsigned long long)st.nodes, t_tabled, (unsigned long long)st.tablebase_hits);
  const auto ts = tb.stats();
  std::printf("table probes %llu, answered %llu, chunk loads %llu, cache %.1f MB\n",
              (unsigned long long)ts.probes, (unsigned long long)ts.hits,
              (unsigned long long)ts.chunk_loads, double(ts.cache_bytes) / (1 << 20));
  std::printf("ratio with/without: nodes %.3f, time %.3f\n", double(st.nodes) / double(sp.nodes),
              t_tabled / t_plain);
  std::printf("%s\n", bad ? "MISMATCH" : "all tables agree (with DDS's too)");
  return bad;
}

// o.endgames random endgames of `cards` cards solved with and without the
// tables, one Solver each (as a program analysing unrelated positions would
// use them): prints the figures, returns the endgames whose answers differ.
int compare_endgames(const Options& o, const ddtb::SolverOptions& with, int cards) {
  const int tricks = (cards + 3) / 4, played = 4 * tricks - cards;
  ddtb::test::Rng rng(2026 + static_cast<std::uint64_t>(tricks) +
                      (played ? 1000 * static_cast<std::uint64_t>(played) : 0));
  double tp = 0, tt = 0;
  std::uint64_t np = 0, nt = 0;
  int differ = 0;
  ddtb::Solver a, b(with);
  for (int i = 0; i < o.endgames; ++i) {
    const ddtb::Position p = ddtb::test::random_position(
        rng, tricks, played, ddtb::strain_from_int(static_cast<int>(rng.below(5))),
        ddtb::seat_from_int(static_cast<int>(rng.below(4))));
    const std::uint64_t na = a.stats().nodes, nb = b.stats().nodes;
    const double t0 = cpu_seconds();
    const ddtb::SolveResult ra = a.solve(p);
    const double t1 = cpu_seconds();
    const ddtb::SolveResult rb = b.solve(p);
    const double t2 = cpu_seconds();
    tp += t1 - t0;
    tt += t2 - t1;
    np += a.stats().nodes - na;
    nt += b.stats().nodes - nb;
    // The first few mismatches in full: each is a bug to reproduce.
    if ((ra.tricks != rb.tricks || ra.cards != rb.cards) && ++differ <= 3) {
      std::printf("MISMATCH on %s: without tables %d tricks, with %d; card scores",
                  describe(p).c_str(), ra.tricks, rb.tricks);
      for (std::size_t c = 0; c < ra.cards.size() && c < rb.cards.size(); ++c)
        std::printf(" %s %d/%d", ddtb::to_string(ra.cards[c].card).c_str(), ra.cards[c].tricks,
                    rb.cards[c].tricks);
      std::printf("\n");
    }
  }
  std::printf(
      "%d endgames of %2d cards, every card's score: without %.1f us, %.0f nodes; "
      "with %.1f us, %.0f nodes; ratio nodes %.3f, time %.3f%s\n",
      o.endgames, cards, 1e6 * tp / o.endgames, double(np) / o.endgames, 1e6 * tt / o.endgames,
      double(nt) / o.endgames, double(nt) / double(np), tt / tp, differ ? " MISMATCH" : "");
  return differ;
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  const ddtb::tools::ToolText text = ddtb::tools::simple_text(
      "ddtb-tablebase-effect",
      "usage: ddtb-tablebase-effect DIR [--list FILE] [--deals N] [--cache-mb M] [--warm] "
      "[--endgames N [--min-cards B] [--max-cards C]]\n");
  CLI::App app;
  app.add_option("DIR", o.dir);
  app.add_option("--list", o.list);
  ddtb::tools::add_number(app, "--deals", o.deals, 1, 1 << 20, "a number of deals");
  ddtb::tools::add_number(app, "--endgames", o.endgames, 0, 1 << 24, "a number of endgames");
  ddtb::tools::add_number(app, "--max-cards", o.max_cards, 4, 52, "a number of cards");
  ddtb::tools::add_number(app, "--min-cards", o.min_cards, 4, 52, "a number of cards");
  ddtb::tools::add_number(app, "--cache-mb", o.cache_mb, 1, 1 << 20, "a size in MiB");
  app.add_flag("--warm", o.warm);
  ddtb::tools::prepare(app, text);
  if (auto status = ddtb::tools::parse(app, ddtb::tools::arguments(argc, argv), text))
    return *status;
  if (o.dir.empty()) return ddtb::tools::usage_error(text, "a tablebase directory is needed");
  ddtb::TablebaseOptions tb_options;
  if (o.cache_mb != 0) tb_options.cache_bytes = o.cache_mb << 20;
  auto tb = ddtb::Tablebase::open(o.dir, tb_options);
  if (!tb) {
    std::fprintf(stderr, "ddtb-tablebase-effect: %s\n", tb.error().message.c_str());
    return 2;
  }
  std::vector<ddtb::bench::RefDeal> ref;
  try {
    ref = ddtb::bench::read_ref_list(o.list, o.deals);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "ddtb-tablebase-effect: %s\n", e.what());
    return 2;
  }
  ddtb::SolverOptions with;
  with.tablebase = *tb;
  int bad = compare_deals(o, **tb, with, ref);
  // Endgames: the same random positions on both sides.
  const int depth = (*tb)->max_cards() / 4;
  std::vector<int> sizes;  // card counts
  if (o.max_cards == 0) {
    for (int tricks = depth; tricks <= std::min(13, depth + 2); ++tricks)
      sizes.push_back(4 * tricks);
  } else {
    for (int cards = o.min_cards ? o.min_cards : 4 * depth; cards <= o.max_cards; ++cards)
      sizes.push_back(cards);
  }
  if (o.endgames > 0)
    for (const int cards : sizes) bad += compare_endgames(o, with, cards);
  return bad ? 1 : 0;
}
