// Drawing deals uniformly among those that meet a DealSpec
// (include/ddtb/single_dummy.hpp): the unknown cards are dealt at random to
// the places the known ones leave, and a deal that breaks a constraint is
// drawn again (rejection keeps the draw uniform over the deals that meet
// them all). Sample i draws from its own stream of the seed, so the deals do
// not depend on the threads.
//
// Shape first: where the spec or its script bounds some hands' shapes, a
// draw first picks the free cards' suit lengths for those hands (a layout:
// L[hand][suit]), each layout with probability proportional to the number
// of deals that have it, prod over suits of free_s! / (prod_h L[h][s]! *
// rest_s!), rest_s the suit's cards left for the other hands; then deals
// each suit's cards uniformly per the layout, and the rest uniformly to the
// other hands. Each deal whose shapes the bounds allow is then exactly as
// likely as under plain dealing, and the ones they exclude are never drawn;
// every constraint is still checked on the deal (the bounds need only
// include every shape the constraints allow), so the sample stays uniform
// over the deals that meet them all.
#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cstddef>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "analysis/deal_script.hpp"
#include "analysis/shapes.hpp"
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

__extension__ typedef unsigned __int128 Count;  // deals of a layout: up to 52!/13!^4 < 2^96

// Uniform in [0, n), n > 0.
Count below(Rng& rng, Count n) {
  if (n <= ~std::uint64_t{0}) return rng.below64(static_cast<std::uint64_t>(n));
  const int bits = 128 - (std::countl_zero(static_cast<std::uint64_t>((n - 1) >> 64)));
  const Count mask = bits >= 128 ? ~Count{0} : (Count{1} << bits) - 1;
  for (;;) {
    const Count x = ((Count{rng.next()} << 64) | rng.next()) & mask;
    if (x < n) return x;
  }
}

// Past this many layouts to weigh, the hands whose shapes are least bound
// are left to plain dealing (and checked on the deal); a spec with a
// hand's shape bound and nothing else weighs at most 560.
constexpr std::uint64_t kMaxLayoutSearch = 1u << 20;

// The layouts of shape-first dealing (see the top of this file).
struct ShapePlan {
  std::vector<int> seats;  // the hands dealt shape first, in order
  std::vector<std::array<std::array<std::uint8_t, 4>, 4>> layouts;  // [layout][seat][suit]
  std::vector<Count> cumulative;                                    // deals of layouts 0..i
  std::array<std::vector<Card>, 4> suit_cards;                      // the free cards of each suit
  std::vector<int> others;  // the seats dealt from what the layout leaves
};

// The constraints a deal is checked against, in order: for each seat, the
// cards it lacks, its HCP, each suit's length (index 6 * seat + 0, 1, 2 +
// suit), then the script (24) and the accept predicate (25). A draw is
// refused by the first it breaks; the counts name the one that refused most
// when sampling gives up.
constexpr int kScriptCheck = 24, kAcceptCheck = 25, kNumChecks = 26;

struct Problem {
  std::array<CardSet, 4> known;
  std::array<int, 4> places{};  // cards each seat still takes
  std::vector<Card> free_cards;
  const DealSpec* spec = nullptr;
  const detail::Program* script = nullptr;
  std::optional<ShapePlan> plan;

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
    if (script && !script->accepts(hands)) return kScriptCheck;
    if (spec->accept && !spec->accept(spec->accept_context, *Deal::from_hands(hands)))
      return kAcceptCheck;
    return -1;
  }

  std::string describe(int index) const {
    if (index == kScriptCheck) return "the script's condition";
    if (index == kAcceptCheck) return "the accept predicate";
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
static_assert(detail::ends_at_field(sizeof(DealSpec), offsetof(DealSpec, reserved_pointer),
                                    sizeof(DealSpec::reserved_pointer)));
static_assert(offsetof(DealSpec, script) == offsetof(DealSpec, hands) + sizeof(DealSpec::hands));
static_assert(sizeof(HandSpec) == 56 && offsetof(HandSpec, max_length) == 40);

// The caller's spec as this library's struct: the fields its struct_size
// covers, the defaults for the others.
DealSpec read_spec(const DealSpec& given) {
  // Every field is named: a field appended to DealSpec stops this from
  // compiling until it is read here too.
  const auto& [struct_size, samples, seed, max_draws_per_sample, threads, reserved, hands, script,
               accept, accept_context, reserved_pointer] = given;
  const detail::GivenOptions in(given);
  DealSpec o;
  o.struct_size = in.size();
  in.read(samples, o.samples);
  in.read(seed, o.seed);
  in.read(max_draws_per_sample, o.max_draws_per_sample);
  in.read(threads, o.threads);
  in.read(hands, o.hands);
  in.read(script, o.script);
  in.read(accept, o.accept);
  in.read(accept_context, o.accept_context);
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

// The shapes each seat may end with: those its known cards and the free
// cards allow, within its HandSpec's lengths and the script's bounds.
struct Shapes {
  std::array<detail::ShapeSet, 4> allowed, possible;
};

Shapes seat_shapes(const Problem& p) {
  Shapes out;
  const std::array<detail::ShapeSet, 4> bounds =
      p.script ? p.script->shape_bounds() : std::array<detail::ShapeSet, 4>{};
  const auto& shapes = detail::all_shapes();
  const CardSet rest = CardSet::full_deck() - p.known[0] - p.known[1] - p.known[2] - p.known[3];
  for (int h = 0; h < 4; ++h) {
    const HandSpec& c = p.spec->hands[h];
    const detail::ShapeSet within = detail::shapes_within(c.min_length, c.max_length);
    for (std::size_t i = 0; i < shapes.size(); ++i) {
      bool possible = true;
      for (int s = 0; s < 4; ++s) {
        const int known = p.known[h].count(suit_from_int(s));
        possible = possible && shapes[i][s] >= known &&
                   shapes[i][s] - known <= rest.count(suit_from_int(s));
      }
      out.possible[h][i] = possible;
      out.allowed[h][i] = possible && within[i] && (!p.script || bounds[h][i]);
    }
  }
  return out;
}

std::uint64_t factorial(int n) {
  std::uint64_t f = 1;
  for (int i = 2; i <= n; ++i) f *= static_cast<std::uint64_t>(i);
  return f;
}

// Weighs every layout of the chosen seats' free cards.
class LayoutSearch {
 public:
  LayoutSearch(const Problem& p, ShapePlan& plan, const Shapes& shapes)
      : p_(p), plan_(plan), shapes_(shapes) {
    for (int s = 0; s < 4; ++s) free_[s] = static_cast<int>(plan.suit_cards[s].size());
  }
  void run() { place(0, free_); }

 private:
  void place(std::size_t k, const std::array<int, 4>& left) {
    if (k == plan_.seats.size()) return weigh(left);
    const int h = plan_.seats[k];
    const auto& all = detail::all_shapes();
    for (std::size_t i = 0; i < all.size(); ++i) {
      if (!shapes_.allowed[h][i]) continue;
      std::array<int, 4> next = left;
      bool fits = true;
      for (int s = 0; s < 4; ++s) {
        const int n = all[i][s] - p_.known[h].count(suit_from_int(s));
        layout_[h][s] = static_cast<std::uint8_t>(n);
        next[s] -= n;
        fits = fits && next[s] >= 0;
      }
      if (fits) place(k + 1, next);
    }
  }

  // The deals of the layout: per suit, free! / (prod L! * left!).
  void weigh(const std::array<int, 4>& left) {
    Count deals = 1;
    for (int s = 0; s < 4; ++s) {
      std::uint64_t parts = factorial(left[s]);
      for (const int h : plan_.seats) parts *= factorial(layout_[h][s]);
      deals *= factorial(free_[s]) / parts;
    }
    plan_.layouts.push_back(layout_);
    plan_.cumulative.push_back((plan_.cumulative.empty() ? 0 : plan_.cumulative.back()) + deals);
  }

  const Problem& p_;
  ShapePlan& plan_;
  const Shapes& shapes_;
  std::array<int, 4> free_{};
  std::array<std::array<std::uint8_t, 4>, 4> layout_{};
};

// The plan of shape-first dealing, or none where no hand's shape is bound
// beyond what its cards allow (plain dealing is then the same).
Expected<std::optional<ShapePlan>> make_plan(const Problem& p) {
  const Shapes shapes = seat_shapes(p);
  std::vector<int> bound;
  for (int h = 0; h < 4; ++h) {
    if (shapes.allowed[h].none())
      return bad(std::string(seat_name(seat_from_int(h))) +
                 ": no shape meets its suit-length constraints with the cards known");
    if (shapes.allowed[h] != shapes.possible[h]) bound.push_back(h);
  }
  if (bound.empty()) return std::optional<ShapePlan>{};
  // The most tightly bound seats first, as many as kMaxLayoutSearch allows.
  std::sort(bound.begin(), bound.end(),
            [&](int a, int b) { return shapes.allowed[a].count() < shapes.allowed[b].count(); });
  ShapePlan plan;
  std::uint64_t search = 1;
  for (const int h : bound) {
    if (search * shapes.allowed[h].count() > kMaxLayoutSearch) break;
    search *= shapes.allowed[h].count();
    plan.seats.push_back(h);
  }
  if (plan.seats.empty()) return std::optional<ShapePlan>{};
  std::sort(plan.seats.begin(), plan.seats.end());
  for (int h = 0; h < 4; ++h)
    if (std::find(plan.seats.begin(), plan.seats.end(), h) == plan.seats.end())
      plan.others.push_back(h);
  for (const Card c : p.free_cards) plan.suit_cards[to_int(c.suit)].push_back(c);
  LayoutSearch(p, plan, shapes).run();
  if (plan.layouts.empty())
    return bad("no deal gives every hand a shape its suit-length constraints allow");
  return std::optional<ShapePlan>(std::move(plan));
}

// Moves a card chosen uniformly from cards[at..] to cards[at].
void pick(Rng& rng, std::vector<Card>& cards, std::size_t at) {
  const std::size_t j = at + rng.below(static_cast<std::uint32_t>(cards.size() - at));
  std::swap(cards[at], cards[j]);
}

// One draw, plain: the free cards shuffled into the places.
void draw_plain(const Problem& p, Rng& rng, std::vector<Card>& cards,
                std::array<CardSet, 4>& hands) {
  cards = p.free_cards;
  hands = p.known;
  std::size_t at = 0;
  for (int h = 0; h < 4; ++h)
    for (int k = 0; k < p.places[h]; ++k, ++at) {
      pick(rng, cards, at);
      hands[h].insert(cards[at]);
    }
}

// One draw, shape first: a layout by its count of deals, each suit's free
// cards dealt per the layout, what is left shuffled into the other seats.
void draw_by_shape(const Problem& p, const ShapePlan& plan, Rng& rng, std::vector<Card>& cards,
                   std::vector<Card>& suit, std::array<CardSet, 4>& hands) {
  hands = p.known;
  const Count u = below(rng, plan.cumulative.back());
  const auto layout =
      static_cast<std::size_t>(std::upper_bound(plan.cumulative.begin(), plan.cumulative.end(), u) -
                               plan.cumulative.begin());
  cards.clear();  // the rest, for the other seats
  for (int s = 0; s < 4; ++s) {
    suit = plan.suit_cards[s];
    std::size_t at = 0;
    for (const int h : plan.seats)
      for (int k = 0; k < plan.layouts[layout][h][s]; ++k, ++at) {
        pick(rng, suit, at);
        hands[h].insert(suit[at]);
      }
    cards.insert(cards.end(), suit.begin() + static_cast<std::ptrdiff_t>(at), suit.end());
  }
  std::size_t at = 0;
  for (const int h : plan.others)
    for (int k = 0; k < p.places[h]; ++k, ++at) {
      pick(rng, cards, at);
      hands[h].insert(cards[at]);
    }
}

// The spec's script compiled, if it has one, and its predeal cards added
// to the hands' known cards.
Expected<std::optional<detail::Program>> compile_into(DealSpec& spec) {
  if (!spec.script) return std::optional<detail::Program>{};
  auto script = detail::compile_script(spec.script);
  if (!script) return bad("script: " + script.error().message);
  for (int h = 0; h < 4; ++h) {
    HandSpec& c = spec.hands[h];
    const CardSet mine = script->predeal[h];
    if (mine.intersects(c.lacks))
      return bad(std::string(seat_name(seat_from_int(h))) + " lacks " +
                 to_string(*(mine & c.lacks).begin()) + ", which the script's predeal gives it");
    c.holds = c.holds | mine;
  }
  return std::optional<detail::Program>(std::move(*script));
}

}  // namespace

std::string range_text(int min, int max, int most) {
  if (min == max) return std::to_string(min);
  if (max >= most) return std::to_string(min) + "+";
  if (min <= 0) return "at most " + std::to_string(max);
  return std::to_string(min) + "-" + std::to_string(max);
}

Expected<std::vector<Deal>> sample_deals(const DealSpec& given) {
  DealSpec spec = read_spec(given);
  auto script = compile_into(spec);
  if (!script) return script.error();
  auto problem = make_problem(spec);
  if (!problem) return problem.error();
  Problem& p = *problem;
  if (*script) p.script = &**script;
  auto plan = make_plan(p);
  if (!plan) return plan.error();
  p.plan = std::move(*plan);
  const auto n = static_cast<std::size_t>(spec.samples);
  std::vector<std::optional<Deal>> made(n);
  // Draws refused by each constraint, for the error of a spec too rare.
  std::array<std::atomic<std::uint64_t>, kNumChecks> refused{};
  std::atomic<bool> gave_up{false};
  const std::uint64_t budget = std::max<std::uint64_t>(1, spec.max_draws_per_sample);
  parallel_for(n, static_cast<unsigned>(std::max(1, spec.threads)), [&](std::size_t i) {
    if (gave_up.load(std::memory_order_relaxed)) return;
    std::uint64_t state = spec.seed ^ (0x5851f42d4c957f2dull * (i + 1));
    Rng rng(Rng::splitmix64(state));
    std::vector<Card> cards, suit;
    std::array<CardSet, 4> hands;
    std::array<std::uint64_t, kNumChecks> mine{};
    for (std::uint64_t tries = 0; tries < budget; ++tries) {
      if (p.plan)
        draw_by_shape(p, *p.plan, rng, cards, suit, hands);
      else
        draw_plain(p, rng, cards, hands);
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
