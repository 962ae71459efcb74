#include "tests/tools/golden_deals.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <stdexcept>

#include "tests/support/random.hpp"

namespace ddtb::test {
namespace {

// The seeds. Changing one changes the data: regenerate it (README.md there).
constexpr std::uint64_t kUniformSeed = 0x601d'0001;
constexpr std::uint64_t kSkewedSeed = 0x601d'0002;
constexpr std::uint64_t kPlaySeedBase = 0x601d'1000;  // + the board number

constexpr int kUniformDeals = 96;
constexpr int kSkewedDeals = 12;
// A skewed deal gives each card to a seat with room, the seat its suit
// favours being this many times likelier than each other one: most hands
// then hold a suit of seven or more cards.
constexpr std::uint32_t kSkew = 8;
constexpr int kMinPlay = 8;  // cards of every play, so that trick 2 is reached
// Every uniform deal whose board number is 1 modulo this has its par in
// par.txt, as have all the others: par.txt stays small.
constexpr int kParEvery = 4;

// Board b's vulnerability in the usual 16-board cycle, in DDS's codes
// (0 none, 1 both, 2 NS, 3 EW).
constexpr std::array<int, 16> kVulnerabilityCycle = {0, 2, 3, 1, 2, 3, 1, 0,
                                                     3, 1, 0, 2, 1, 0, 2, 3};

// Hands that famous or plainly extreme layouts give: the Duke of Cumberland's
// whist hand (clubs trumps, the Duke, South, on lead: East-West take every
// trick), each hand holding one whole suit, every top card in one hand, and
// four two-suiters where both sides make a grand slam.
struct Layout {
  const char* name;
  const char* pbn;
  Strain trump;
  Seat first;
};
constexpr std::array<Layout, 4> kLayouts = {{
    {"Duke of Cumberland", "N:JT9876.T9876.QJ. 5432.5432..65432 AKQ.AKQJ.AK.KJ97 ..T98765432.AQT8",
     Strain::Clubs, Seat::South},
    {"one suit each", "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432",
     Strain::NoTrump, Seat::North},
    {"top cards in one hand",
     "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432", Strain::NoTrump,
     Seat::East},
    {"two-suiters", "N:AQT8642.KJ9753.. ..AQT8642.KJ9753 KJ9753.AQT8642.. ..KJ9753.AQT8642",
     Strain::Hearts, Seat::East},
}};

// A uniformly random card of a non-empty set.
Card pick(Rng& rng, CardSet cards) {
  int k = static_cast<int>(rng.below(static_cast<std::uint32_t>(cards.size())));
  for (const Card c : cards)
    if (k-- == 0) return c;
  throw std::logic_error("pick from an empty set");
}

// A deal with long suits (kSkew above).
Deal skewed_deal(Rng& rng) {
  std::array<int, 4> favoured{};
  for (int& seat : favoured) seat = static_cast<int>(rng.below(4));
  CardSet left = CardSet::full_deck();
  std::array<CardSet, 4> hands{};
  while (!left.empty()) {
    const Card c = pick(rng, left);
    left.erase(c);
    std::array<std::uint32_t, 4> weight{};
    std::uint32_t total = 0;
    for (int h = 0; h < 4; ++h) {
      if (hands[h].size() == kNumTricks) continue;
      weight[h] = h == favoured[to_int(c.suit)] ? kSkew : 1;
      total += weight[h];
    }
    std::uint32_t x = rng.below(total);
    int h = 0;
    while (x >= weight[h]) x -= weight[h++];
    hands[h].insert(c);
  }
  return *Deal::from_hands(hands);
}

// Fills in what follows from the board number: dealer, vulnerability, and,
// from the board's own seed, the strain and leader (unless `layout` gives
// them), the play and the positions solved along it.
GoldenDeal complete(int board, std::string origin, const Deal& deal, const Layout* layout) {
  GoldenDeal g{std::move(origin), deal, 0, 0, Strain::NoTrump, Seat::North, {}, {}, false};
  g.dealer = (board - 1) % 4;
  g.vulnerability = kVulnerabilityCycle[(board - 1) % 16];
  Rng rng(kPlaySeedBase + static_cast<std::uint64_t>(board));
  g.trump = strain_from_int(static_cast<int>(rng.below(5)));
  g.first = seat_from_int(static_cast<int>(rng.below(4)));
  if (layout) {
    g.trump = layout->trump;
    g.first = layout->first;
  }
  // Half the plays go to the end of the deal, as DDS's own lists' often do.
  const int length = rng.below(2) ? 52 : kMinPlay + static_cast<int>(rng.below(52 - kMinPlay));
  Position p = Position::at_trick_start(deal, g.trump, g.first);
  for (int i = 0; i < length; ++i) {
    g.play.push_back(pick(rng, p.legal_cards()));
    p = *p.play(g.play.back());
  }
  // Trick 1 with 0..3 cards played, then a later trick with 0..3 cards
  // played, each count taking its turn over the boards.
  const int first_count = (board - 1) % 4;
  const int later_count = (board - 1) / 4 % 4;
  const int last_trick = (std::min(length, 48) - later_count) / 4;
  const int trick = 1 + static_cast<int>(rng.below(static_cast<std::uint32_t>(last_trick)));
  g.solve_after = {first_count, 4 * trick + later_count};
  return g;
}

}  // namespace

std::vector<GoldenDeal> golden_deals() {
  std::vector<GoldenDeal> out;
  Rng uniform(kUniformSeed);
  for (int i = 0; i < kUniformDeals; ++i) {
    const int board = static_cast<int>(out.size()) + 1;
    out.push_back(complete(board, "uniform", random_deal(uniform), nullptr));
    out.back().par = board % kParEvery == 1;
  }
  Rng skewed(kSkewedSeed);
  for (int i = 0; i < kSkewedDeals; ++i) {
    out.push_back(
        complete(static_cast<int>(out.size()) + 1, "skewed", skewed_deal(skewed), nullptr));
    out.back().par = true;
  }
  for (const Layout& layout : kLayouts) {
    const auto deal = parse_pbn_deal(layout.pbn);
    if (!deal) throw std::logic_error(std::string(layout.name) + ": " + deal.error().message);
    out.push_back(complete(static_cast<int>(out.size()) + 1, layout.name, *deal, &layout));
    out.back().par = true;
  }
  return out;
}

}  // namespace ddtb::test
