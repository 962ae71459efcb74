// Drawing deals uniformly among those that meet a DealSpec
// (include/ddtb/single_dummy.hpp): the unknown cards are dealt at random to
// the places the known ones leave, and a deal that breaks a constraint is
// drawn again (rejection keeps the draw uniform over the deals that meet
// them all). Sample i draws from its own stream of the seed, so the deals do
// not depend on the threads.
#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cstddef>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "core/given_options.hpp"
#include "core/parallel.hpp"
#include "core/random.hpp"
#include "ddtb/single_dummy.hpp"

namespace ddtb {

namespace {

int hcp(CardSet hand) {
  int points = 0;
  for (int s = 0; s < 4; ++s) {
    const std::uint16_t h = hand.holding(suit_from_int(s));
    points += 4 * ((h >> 14) & 1) + 3 * ((h >> 13) & 1) + 2 * ((h >> 12) & 1) + ((h >> 11) & 1);
  }
  return points;
}

// The constraints a deal is checked against, in order: for each seat, the
// cards it lacks, its HCP, each suit's length (index 6 * seat + 0, 1, 2 +
// suit). A draw is refused by the first it breaks; the counts name the one
// that refused most when sampling gives up.
struct Problem {
  std::array<CardSet, 4> known;
  std::array<int, 4> places{};  // cards each seat still takes
  std::vector<Card> free_cards;
  const DealSpec* spec = nullptr;

  // The index of the first constraint `hands` breaks, or -1.
  int broken(const std::array<CardSet, 4>& hands) const {
    for (int h = 0; h < 4; ++h) {
      const HandSpec& c = spec->hands[h];
      if (hands[h].intersects(c.lacks)) return 6 * h;
      const int points = hcp(hands[h]);
      if (points < c.min_hcp || points > c.max_hcp) return 6 * h + 1;
      for (int s = 0; s < 4; ++s) {
        const int n = hands[h].count(suit_from_int(s));
        if (n < c.min_length[s] || n > c.max_length[s]) return 6 * h + 2 + s;
      }
    }
    return -1;
  }

  std::string describe(int index) const {
    const int h = index / 6, k = index % 6;
    const HandSpec& c = spec->hands[h];
    const std::string who = seat_name(seat_from_int(h));
    if (k == 0) return who + ": the cards it must not hold";
    if (k == 1) return who + ": " + range_text(c.min_hcp, c.max_hcp, kMaxHcp) + " HCP";
    return who + ": " + range_text(c.min_length[k - 2], c.max_length[k - 2], 13) + " " +
           suit_name(suit_from_int(k - 2));
  }
};

Error bad(const std::string& what) {
  return Error{ErrorCode::kBadArgument, what};
}

// The layout rules of core/given_options.hpp (docs/USAGE.md, "ABI"): a
// DealSpec grows at its end; a HandSpec, in its array, keeps its layout.
static_assert(std::is_standard_layout_v<DealSpec> && std::is_standard_layout_v<HandSpec>);
static_assert(detail::ends_at_field(sizeof(DealSpec), offsetof(DealSpec, hands),
                                    sizeof(DealSpec::hands)));
static_assert(sizeof(HandSpec) == 56 && offsetof(HandSpec, max_length) == 40);

// The caller's spec as this library's struct: the fields its struct_size
// covers, the defaults for the others.
DealSpec read_spec(const DealSpec& given) {
  // Every field is named: a field appended to DealSpec stops this from
  // compiling until it is read here too.
  const auto& [struct_size, samples, seed, max_draws_per_sample, threads, reserved, hands] = given;
  const detail::GivenOptions in(given);
  DealSpec o;
  o.struct_size = in.size();
  in.read(samples, o.samples);
  in.read(seed, o.seed);
  in.read(max_draws_per_sample, o.max_draws_per_sample);
  in.read(threads, o.threads);
  in.read(hands, o.hands);
  return o;
}

// What can be told before drawing: a spec that no deal meets.
Expected<Problem> make_problem(const DealSpec& spec) {
  Problem p;
  p.spec = &spec;
  if (spec.samples < 0) return bad("samples must not be negative");
  CardSet placed;
  for (int h = 0; h < 4; ++h) {
    const HandSpec& c = spec.hands[h];
    const std::string who = seat_name(seat_from_int(h));
    if ((c.holds.bits() | c.lacks.bits()) & ~CardSet::full_deck().bits())
      return bad(who + ": a card that is no card");
    if (c.holds.size() > 13)
      return Error{ErrorCode::kCardCount,
                   who + " is given " + std::to_string(c.holds.size()) + " known cards"};
    if (c.holds.intersects(placed)) {
      const CardSet twice = c.holds & placed;
      return Error{ErrorCode::kDuplicateCard,
                   who + " is given " + to_string(*twice.begin()) + ", already in another hand"};
    }
    if (c.holds.intersects(c.lacks))
      return bad(who + " both holds and lacks " + to_string(*(c.holds & c.lacks).begin()));
    placed = placed | c.holds;
    if (c.min_hcp > c.max_hcp && c.max_hcp < kMaxHcp)  // 38+ asked: out of reach, below
      return bad(who + ": at least " + std::to_string(c.min_hcp) + " and at most " +
                 std::to_string(c.max_hcp) + " HCP");
    int lengths = 0;
    for (int s = 0; s < 4; ++s) {
      if (c.min_length[s] > c.max_length[s] || c.min_length[s] > 13 || c.max_length[s] < 0)
        return bad(who + ": " + suit_name(suit_from_int(s)) + " at least " +
                   std::to_string(c.min_length[s]) + " and at most " +
                   std::to_string(c.max_length[s]));
      const int held = c.holds.count(suit_from_int(s));
      if (held > c.max_length[s])
        return bad(who + " holds " + std::to_string(held) + " " + suit_name(suit_from_int(s)) +
                   ", at most " + std::to_string(c.max_length[s]) + " asked");
      lengths += std::max(c.min_length[s], held);
    }
    if (lengths > 13) return bad(who + ": the suit lengths asked add up to more than 13 cards");
  }
  for (int h = 0; h < 4; ++h) {
    p.known[h] = spec.hands[h].holds;
    p.places[h] = 13 - p.known[h].size();
  }
  const CardSet rest = CardSet::full_deck() - placed;
  for (const Card c : rest) p.free_cards.push_back(c);
  // Ranges out of reach of the cards that are left.
  for (int h = 0; h < 4; ++h) {
    const HandSpec& c = spec.hands[h];
    const std::string who = seat_name(seat_from_int(h));
    const CardSet open = rest - c.lacks;
    // The most points the hand can end with: its known cards, and its places
    // filled with the highest free cards it may take.
    std::vector<int> points;
    for (const Card card : open) points.push_back(hcp(CardSet::of(card)));
    std::sort(points.begin(), points.end(), std::greater<>());
    const int n = std::min<int>(p.places[h], static_cast<int>(points.size()));
    int most = hcp(p.known[h]);
    for (int i = 0; i < n; ++i) most += points[static_cast<std::size_t>(i)];
    if (p.places[h] > static_cast<int>(open.size()))
      return bad(who + " must take " + std::to_string(p.places[h]) + " more cards but only " +
                 std::to_string(open.size()) + " are left that it may hold");
    if (most < c.min_hcp)
      return bad(who + ": " + std::to_string(c.min_hcp) + "+ HCP asked, at most " +
                 std::to_string(most) + " possible");
    if (hcp(p.known[h]) > c.max_hcp)
      return bad(who + ": at most " + std::to_string(c.max_hcp) +
                 " HCP asked, its known cards have " + std::to_string(hcp(p.known[h])));
    for (int s = 0; s < 4; ++s) {
      const int reach =
          c.holds.count(suit_from_int(s)) + std::min(p.places[h], open.count(suit_from_int(s)));
      if (reach < c.min_length[s])
        return bad(who + ": " + std::to_string(c.min_length[s]) + "+ " +
                   suit_name(suit_from_int(s)) + " asked, at most " + std::to_string(reach) +
                   " possible");
    }
  }
  return p;
}

// One draw: the free cards shuffled into the places.
void draw(const Problem& p, Rng& rng, std::vector<Card>& cards, std::array<CardSet, 4>& hands) {
  cards = p.free_cards;
  hands = p.known;
  std::size_t at = 0;
  for (int h = 0; h < 4; ++h)
    for (int k = 0; k < p.places[h]; ++k, ++at) {
      const std::size_t j = at + rng.below(static_cast<std::uint32_t>(cards.size() - at));
      std::swap(cards[at], cards[j]);
      hands[h].insert(cards[at]);
    }
}

}  // namespace

std::string range_text(int min, int max, int most) {
  if (min == max) return std::to_string(min);
  if (max >= most) return std::to_string(min) + "+";
  if (min <= 0) return "at most " + std::to_string(max);
  return std::to_string(min) + "-" + std::to_string(max);
}

Expected<std::vector<Deal>> sample_deals(const DealSpec& given) {
  const DealSpec spec = read_spec(given);
  auto problem = make_problem(spec);
  if (!problem) return problem.error();
  const Problem& p = *problem;
  const auto n = static_cast<std::size_t>(spec.samples);
  std::vector<std::optional<Deal>> made(n);
  // Draws refused by each constraint, for the error of a spec too rare.
  std::array<std::atomic<std::uint64_t>, 24> refused{};
  std::atomic<bool> gave_up{false};
  const std::uint64_t budget = std::max<std::uint64_t>(1, spec.max_draws_per_sample);
  parallel_for(n, static_cast<unsigned>(std::max(1, spec.threads)), [&](std::size_t i) {
    if (gave_up.load(std::memory_order_relaxed)) return;
    std::uint64_t state = spec.seed ^ (0x5851f42d4c957f2dull * (i + 1));
    Rng rng(Rng::splitmix64(state));
    std::vector<Card> cards;
    std::array<CardSet, 4> hands;
    std::array<std::uint64_t, 24> mine{};
    for (std::uint64_t tries = 0; tries < budget; ++tries) {
      draw(p, rng, cards, hands);
      const int b = p.broken(hands);
      if (b < 0) {
        made[i] = *Deal::from_hands(hands);
        break;
      }
      ++mine[static_cast<std::size_t>(b)];
    }
    for (std::size_t k = 0; k < mine.size(); ++k)
      if (mine[k]) refused[k].fetch_add(mine[k], std::memory_order_relaxed);
    if (!made[i]) gave_up.store(true, std::memory_order_relaxed);
  });
  if (gave_up.load()) {
    std::size_t rarest = 0;
    for (std::size_t k = 1; k < refused.size(); ++k)
      if (refused[k].load() > refused[rarest].load()) rarest = k;
    return bad("no deal met every constraint in " + std::to_string(budget) +
               " draws; the one refusing most draws is " + p.describe(static_cast<int>(rarest)) +
               " (too rare to sample: relax it, or raise max_draws_per_sample)");
  }
  std::vector<Deal> deals;
  deals.reserve(n);
  for (std::optional<Deal>& d : made) deals.push_back(std::move(*d));
  return deals;
}

}  // namespace ddtb
