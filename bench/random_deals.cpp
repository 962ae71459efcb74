#include "bench/random_deals.hpp"

namespace ddtb::bench {

test::Rng deal_rng(std::uint64_t seed, int k) {
  return test::Rng(seed + 0x9e3779b97f4a7c15ull * std::uint64_t(k));
}

std::vector<RefDeal> random_ref_deals(std::uint64_t seed, int first, int count) {
  std::vector<RefDeal> out;
  for (int k = first; k < first + count; ++k) {
    test::Rng rng = deal_rng(seed, k);
    const Deal deal = test::random_deal(rng);
    const Strain strain = strain_from_int(static_cast<int>(rng.below(kNumStrains)));
    const Seat leader = seat_from_int(static_cast<int>(rng.below(kNumSeats)));
    out.push_back(RefDeal{k, deal, Position::at_trick_start(deal, strain, leader), {}, {}});
  }
  return out;
}

}  // namespace ddtb::bench
