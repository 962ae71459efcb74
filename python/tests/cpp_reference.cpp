// Prints random positions and the C++ API's answers for them, one per line,
// for test_random.py to put through the Python module:
//
//   <N hand> <E hand> <S hand> <W hand>|<trump>|<leader>|<trick cards>|<max
//   tricks>|<card>:<tricks>:<equals> ...
//
// hands as PBN hand strings without the cards of the current trick, trump
// 0..4, leader 0..3, each card's equals as DDS rank bits.
// Usage: ddtb_python_reference <seed> <count>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "ddtb/solver.hpp"
#include "tests/support/random.hpp"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s <seed> <count>\n", argv[0]);
    return 2;
  }
  ddtb::test::Rng rng(std::strtoull(argv[1], nullptr, 10));
  const int count = std::atoi(argv[2]);
  ddtb::Solver solver;
  for (int i = 0; i < count; ++i) {
    const int tricks = 1 + static_cast<int>(rng.next() % 7);
    const int played = static_cast<int>(rng.next() % 4);
    const auto strain = ddtb::strain_from_int(static_cast<int>(rng.next() % 5));
    const auto leader = ddtb::seat_from_int(static_cast<int>(rng.next() % 4));
    const ddtb::Position p = ddtb::test::random_position(rng, tricks, played, strain, leader);
    std::string line;
    for (int s = 0; s < 4; ++s) line += (s ? " " : "") + ddtb::to_pbn(p.hands()[s]);
    line += "|" + std::to_string(ddtb::to_int(strain)) + "|" +
            std::to_string(ddtb::to_int(leader)) + "|";
    for (int k = 0; k < p.trick_size(); ++k) line += (k ? " " : "") + to_string(p.trick_card(k));
    const ddtb::SolveResult r = solver.solve(p);
    line += "|" + std::to_string(r.tricks) + "|";
    for (std::size_t k = 0; k < r.cards.size(); ++k)
      line += (k ? " " : "") + to_string(r.cards[k].card) + ":" +
              std::to_string(r.cards[k].tricks) + ":" + std::to_string(r.cards[k].equals);
    std::printf("%s\n", line.c_str());
  }
  return 0;
}
