// ddtb_dds_table PBN: libdds's (DDS 2.9.0's) DD table of a deal, as JSON
// {"S": {"N": 7, "E": 6, ...}, ..., "NT": {...}}, for the page's browser test
// to compare the page's table with. Exit 1 with a message on a bad deal or a
// libdds error.
#include <cstdio>
#include <exception>

#include "ddtb/position.hpp"
#include "tests/support/dds_peer.hpp"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: ddtb_dds_table PBN-deal\n");
    return 2;
  }
  const auto deal = ddtb::parse_pbn_deal(argv[1]);
  if (!deal) {
    std::fprintf(stderr, "ddtb_dds_table: %s\n", deal.error().message.c_str());
    return 1;
  }
  try {
    const ddtb::DdTable t = ddtb::test::DdsPeer::shared().dd_table(*deal);
    constexpr const char* kStrains[] = {"S", "H", "D", "C", "NT"};
    constexpr const char* kSeats[] = {"N", "E", "S", "W"};
    std::printf("{");
    for (int s = 0; s < 5; ++s) {
      std::printf("%s\"%s\": {", s ? ", " : "", kStrains[s]);
      for (int h = 0; h < 4; ++h)
        std::printf("%s\"%s\": %d", h ? ", " : "", kSeats[h], t.tricks[s][h]);
      std::printf("}");
    }
    std::printf("}\n");
  } catch (const std::exception& e) {
    std::fprintf(stderr, "ddtb_dds_table: %s\n", e.what());
    return 1;
  }
  return 0;
}
