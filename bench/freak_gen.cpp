// ddtb-freak-gen: writes a set of freak deals, with the reference DDS's
// answers, in DDS's hand-list format (tests/README.md, "DDS's hand lists":
// PBN, FUT and TABLE lines), so that `ddtb-vs-dds --list FILE` times both solvers on them
// deal by deal and checks every answer against the file.
//
// Freak deals are where a double-dummy search meets long suits, voids and
// discards at every trick, and where a solver tuned on ordinary deals can be
// much slower than another. The kinds cycle deal by deal:
//   voids      every hand has a void;
//   7-6        one or two hands 7-6-0-0, the others anything that fits;
//   5-5-3-0    two or more hands 5-5-3-0;
//   rotation   one pattern rotated round the table (North a-b-c-d, East
//              d-a-b-c, South c-d-a-b, West b-c-d-a), and, like DDS's
//              "thomas" deals, the same split of the ranks in every suit, so
//              that every suit is the same suit with the hands rotated.
// Each deal's FUT position has a seeded strain and leader. Deals given with
// --deal are written first (for instance DDS's own hard deals).
#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "ddtb/position.hpp"
#include "tests/support/dds_peer.hpp"
#include "tests/support/random.hpp"
#include "tools/command_line.hpp"

namespace ddtb::bench {
namespace {

using Lengths = std::array<std::array<int, 4>, 4>;  // [seat][suit]

struct Options {
  std::uint64_t seed = 1;
  int deals = 24;
  std::string out;
  std::vector<std::string> given;  // --deal
};

std::string usage_text() {
  return "usage: ddtb-freak-gen --out FILE [--seed N] [--deals N] [--deal PBN ...]\n"
         "  --out FILE   the hand list to write (DDS's format: PBN, FUT, TABLE lines)\n"
         "  --seed N     seed of the deals (default 1)\n"
         "  --deals N    generated deals, the kinds cycling voids, 7-6, 5-5-3-0,\n"
         "               rotation (default 24)\n"
         "  --deal PBN   a deal to write first, e.g. \"N:AK.. ...\" (repeatable)\n"
         "The answers come from the reference libdds: a rotation deal can take DDS\n"
         "minutes.\n";
}

// Reads the command line into `o`; an exit status when the tool should stop
// (--help, or a usage error already reported).
std::optional<int> parse_options(int argc, char** argv, Options& o) {
  CLI::App app;
  app.add_option("--out", o.out)->required();
  tools::add_number(app, "--seed", o.seed, 0, 1LL << 40, "a seed");
  tools::add_number(app, "--deals", o.deals, 0, 10000, "a number of deals");
  app.add_option("--deal", o.given);
  const tools::ToolText text = tools::simple_text("ddtb-freak-gen", usage_text());
  tools::prepare(app, text);
  return tools::parse(app, tools::arguments(argc, argv), text);
}

// A random shape (lengths of the four suits, summing to 13) from `patterns`,
// its suits in random order.
std::array<int, 4> random_shape(test::Rng& rng, const std::vector<std::array<int, 4>>& patterns) {
  std::array<int, 4> p = patterns[rng.below(static_cast<std::uint32_t>(patterns.size()))];
  for (int i = 3; i > 0; --i) std::swap(p[i], p[rng.below(static_cast<std::uint32_t>(i + 1))]);
  return p;
}

// Lengths for North, East and South from `shape_of`, West taking the rest;
// retried until West's lengths fit and `accept` holds.
template <class ShapeOf, class Accept>
Lengths random_lengths(ShapeOf shape_of, Accept accept) {
  for (;;) {
    Lengths l{};
    bool fits = true;
    for (int seat = 0; seat < 3; ++seat) l[seat] = shape_of(seat);
    for (int s = 0; s < 4; ++s) {
      l[3][s] = 13 - l[0][s] - l[1][s] - l[2][s];
      fits = fits && l[3][s] >= 0;
    }
    if (fits && accept(l)) return l;
  }
}

bool has_void(const std::array<int, 4>& shape) {
  return std::find(shape.begin(), shape.end(), 0) != shape.end();
}

// The cards of each suit dealt at random to fill `l`.
Deal deal_lengths(test::Rng& rng, const Lengths& l) {
  std::array<CardSet, 4> hands;
  for (int s = 0; s < 4; ++s) {
    std::vector<int> ranks;
    for (int r = kMinRank; r <= kMaxRank; ++r) ranks.push_back(r);
    for (int i = 12; i > 0; --i)
      std::swap(ranks[static_cast<std::size_t>(i)],
                ranks[rng.below(static_cast<std::uint32_t>(i + 1))]);
    std::size_t next = 0;
    for (int seat = 0; seat < 4; ++seat)
      for (int k = 0; k < l[seat][s]; ++k)
        hands[seat].insert(Card{suit_from_int(s), static_cast<std::uint8_t>(ranks[next++])});
  }
  return *Deal::from_hands(hands);
}

// One pattern rotated round the table, the same split of the ranks in every
// suit: suit s's part k (of pattern[k] ranks) goes to seat (s + k) % 4, so
// seat t holds pattern[(t - s) mod 4] cards of suit s.
Deal rotation_deal(test::Rng& rng) {
  static const std::vector<std::array<int, 4>> kPatterns = {
      {5, 4, 4, 0}, {6, 4, 3, 0}, {5, 5, 3, 0}, {7, 6, 0, 0}, {6, 5, 2, 0}, {7, 4, 2, 0}};
  const std::array<int, 4> pattern = random_shape(rng, kPatterns);
  std::vector<int> ranks;
  for (int r = kMinRank; r <= kMaxRank; ++r) ranks.push_back(r);
  for (int i = 12; i > 0; --i)
    std::swap(ranks[static_cast<std::size_t>(i)],
              ranks[rng.below(static_cast<std::uint32_t>(i + 1))]);
  std::array<CardSet, 4> hands;
  for (int s = 0; s < 4; ++s) {
    std::size_t next = 0;
    for (int k = 0; k < 4; ++k)
      for (int c = 0; c < pattern[static_cast<std::size_t>(k)]; ++c)
        hands[(s + k) % 4].insert(Card{suit_from_int(s), static_cast<std::uint8_t>(ranks[next++])});
  }
  return *Deal::from_hands(hands);
}

Deal freak_deal(test::Rng& rng, int kind) {
  static const std::vector<std::array<int, 4>> kVoid = {
      {5, 4, 4, 0}, {6, 4, 3, 0}, {5, 5, 3, 0}, {6, 5, 2, 0}, {7, 4, 2, 0},
      {7, 3, 3, 0}, {6, 6, 1, 0}, {8, 3, 2, 0}, {7, 5, 1, 0}, {4, 4, 5, 0}};
  static const std::vector<std::array<int, 4>> kAny = {
      {4, 3, 3, 3}, {4, 4, 3, 2}, {5, 3, 3, 2}, {5, 4, 2, 2}, {5, 4, 3, 1}, {6, 3, 2, 2},
      {6, 4, 2, 1}, {5, 5, 2, 1}, {7, 3, 2, 1}, {5, 4, 4, 0}, {6, 4, 3, 0}, {5, 5, 3, 0}};
  switch (kind) {
    case 0:  // voids everywhere
      return deal_lengths(rng, random_lengths([&](int) { return random_shape(rng, kVoid); },
                                              [](const Lengths& l) { return has_void(l[3]); }));
    case 1: {  // 7-6 two-suiters
      const bool two = rng.below(2) == 1;
      return deal_lengths(rng, random_lengths(
                                   [&](int seat) {
                                     return seat == 0 || (two && seat == 2)
                                                ? random_shape(rng, {{7, 6, 0, 0}})
                                                : random_shape(rng, kAny);
                                   },
                                   [](const Lengths&) { return true; }));
    }
    case 2:  // 5-5-3-0
      return deal_lengths(
          rng, random_lengths(
                   [&](int seat) {
                     return seat < 2 ? random_shape(rng, {{5, 5, 3, 0}}) : random_shape(rng, kAny);
                   },
                   [](const Lengths&) { return true; }));
    default:
      return rotation_deal(rng);
  }
}

// One deal in the list format: the PBN line (dealer North, no one
// vulnerable, the FUT strain and leader), FUT and TABLE from libdds.
void write_deal(std::FILE* out, test::DdsPeer& dds, const Deal& deal, Strain strain, Seat leader,
                int number) {
  const Position p = Position::at_trick_start(deal, strain, leader);
  const test::DdsSolve fut = dds.solve_board(p);
  const DdTable table = dds.dd_table(deal);
  std::fprintf(out, "PBN 0 0 %d %d \"%s\"\n", to_int(strain), to_int(leader), to_pbn(deal).c_str());
  std::fprintf(out, "FUT %zu", fut.result.cards.size());
  for (const CardScore& c : fut.result.cards) std::fprintf(out, " %d", to_int(c.card.suit));
  for (const CardScore& c : fut.result.cards) std::fprintf(out, " %d", c.card.rank);
  for (const CardScore& c : fut.result.cards) std::fprintf(out, " %d", c.equals);
  for (const CardScore& c : fut.result.cards) std::fprintf(out, " %d", c.tricks);
  std::fprintf(out, "\nTABLE");
  for (const auto& row : table.tricks)
    for (const int t : row) std::fprintf(out, " %d", t);
  std::fprintf(out, "\n");
  std::fflush(out);
  std::fprintf(stderr, "deal %d written: %s\n", number, to_pbn(deal).c_str());
}

int run(const Options& o) {
  std::vector<Deal> deals;
  for (const std::string& text : o.given) {
    auto d = parse_pbn_deal(text);
    if (!d || d->tricks_left() != kNumTricks) {
      std::fprintf(stderr, "ddtb-freak-gen: --deal '%s': %s\n", text.c_str(),
                   d ? "not a full deal" : d.error().message.c_str());
      return 2;
    }
    deals.push_back(*d);
  }
  test::Rng rng(o.seed);
  for (int i = 0; i < o.deals; ++i) deals.push_back(freak_deal(rng, i % 4));

  std::FILE* out = std::fopen(o.out.c_str(), "w");
  if (!out) {
    std::fprintf(stderr, "ddtb-freak-gen: cannot write %s: %s\n", o.out.c_str(),
                 std::strerror(errno));
    return 2;
  }
  std::fprintf(out, "NUMBER %zu\n", deals.size());
  test::DdsPeer& dds = test::DdsPeer::shared();
  for (std::size_t i = 0; i < deals.size(); ++i) {
    const Strain strain = strain_from_int(static_cast<int>(rng.below(5)));
    const Seat leader = seat_from_int(static_cast<int>(rng.below(4)));
    write_deal(out, dds, deals[i], strain, leader, static_cast<int>(i) + 1);
  }
  return std::fclose(out) == 0 ? 0 : 2;
}

}  // namespace
}  // namespace ddtb::bench

int main(int argc, char** argv) {
  ddtb::bench::Options o;
  if (const auto status = ddtb::bench::parse_options(argc, argv, o)) return *status;
  try {
    return ddtb::bench::run(o);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "ddtb-freak-gen: %s\n", e.what());
    return 2;
  }
}
