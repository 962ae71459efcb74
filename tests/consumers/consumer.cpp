// A program that uses libddtb the way any other project would: public
// headers only, the library linked through the build system. The consumer
// tests build it against an installed ddtb (find_package, pkg-config) and
// against the source tree (add_subdirectory), then run it.
#include <cstdio>

#include "ddtb/solver.hpp"
#include "ddtb/version.hpp"

int main() {
  // list100.txt deal 1: North takes 6 tricks in no trump, West 8 in spades.
  const auto deal =
      ddtb::parse_pbn_deal("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3");
  if (!deal) {
    std::fprintf(stderr, "parse_pbn_deal: %s\n", deal.error().message.c_str());
    return 1;
  }
  ddtb::Solver solver;
  const ddtb::DdTable table = solver.dd_table(*deal);
  const int nt_north = table.get(ddtb::Strain::NoTrump, ddtb::Seat::North);
  const int spades_west = table.get(ddtb::Strain::Spades, ddtb::Seat::West);
  std::printf("ddtb %s: 1NT by N takes %d, spades by W %d\n", DDTB_VERSION, nt_north, spades_west);
  return nt_north == 6 && spades_west == 8 ? 0 : 1;
}
