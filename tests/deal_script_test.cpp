// Constraint scripts in dealer's language (include/ddtb/deal_script.hpp):
// every function and operator, each script's verdict on 100,000 random
// deals against the same constraint written by hand as a C++ lambda (the
// brute force shares no code with the compiler); the statements that do
// not concern the deals; and each kind of error named with its line and
// column.
#include <gtest/gtest.h>

#include <array>
#include <functional>
#include <string>
#include <vector>

#include "core/random.hpp"
#include "ddtb/deal_script.hpp"

namespace ddtb::test {
namespace {

using Hands = std::array<CardSet, 4>;
constexpr int N = 0, E = 1, S = 2, W = 3;
constexpr int kSpades = 0, kHearts = 1, kDiamonds = 2, kClubs = 3;
constexpr int kAce = 14, kKing = 13, kQueen = 12, kJack = 11, kTen = 10;

Hands random_hands(Rng& rng) {
  std::vector<Card> deck;
  for (const Card c : CardSet::full_deck()) deck.push_back(c);
  Hands h;
  for (std::size_t i = 0; i < deck.size(); ++i) {
    const std::size_t j = i + rng.below(static_cast<std::uint32_t>(deck.size() - i));
    std::swap(deck[i], deck[j]);
    h[i / 13].insert(deck[i]);
  }
  return h;
}

// The reference: plain loops over the cards.
bool has(CardSet h, int suit, int rank) {
  return h.contains(Card{suit_from_int(suit), static_cast<std::uint8_t>(rank)});
}
int len(CardSet h, int suit) {
  int n = 0;
  for (const Card c : h) n += to_int(c.suit) == suit;
  return n;
}
int count_ranks(CardSet h, int suit, const std::vector<std::pair<int, int>>& weights) {
  int p = 0;
  for (int s = 0; s < 4; ++s) {
    if (suit >= 0 && s != suit) continue;
    for (const auto& [rank, w] : weights) p += has(h, s, rank) ? w : 0;
  }
  return p;
}
int hcp(CardSet h, int suit = -1) {
  return count_ranks(h, suit, {{kAce, 4}, {kKing, 3}, {kQueen, 2}, {kJack, 1}});
}
int controls(CardSet h, int suit = -1) {
  return count_ranks(h, suit, {{kAce, 2}, {kKing, 1}});
}
int top(CardSet h, int suit, int n) {
  int t = 0;
  for (int r = kAce; r > kAce - n; --r) t += has(h, suit, r);
  return t;
}
int losers(CardSet h, int suit) {
  const int n = len(h, suit);
  const int a = has(h, suit, kAce), k = has(h, suit, kKing), q = has(h, suit, kQueen);
  if (n == 0) return 0;
  if (n == 1) return 1 - a;
  if (n == 2) return 2 - a - k;
  return 3 - a - k - q;
}
int losers(CardSet h) {
  return losers(h, 0) + losers(h, 1) + losers(h, 2) + losers(h, 3);
}
std::array<int, 4> shape(CardSet h) {
  return {len(h, 0), len(h, 1), len(h, 2), len(h, 3)};
}
bool balanced(CardSet h) {  // any 4333 + any 4432 + any 5332
  std::array<int, 4> s = shape(h);
  std::sort(s.begin(), s.end());
  return s == std::array<int, 4>{3, 3, 3, 4} || s == std::array<int, 4>{2, 3, 4, 4} ||
         s == std::array<int, 4>{2, 3, 3, 5};
}

struct Case {
  const char* script;
  std::function<bool(const Hands&)> reference;
};

const std::vector<Case>& cases() {
  static const std::vector<Case> all{
      {"hcp(north) >= 15 && hcp(north) <= 17",
       [](const Hands& h) { return hcp(h[N]) >= 15 && hcp(h[N]) <= 17; }},
      {"condition shape(south, any 4333 + any 4432 + any 5332)",
       [](const Hands& h) { return balanced(h[S]); }},
      {"shape(east, 5xxx - 5422) || spades(west) > 4",
       [](const Hands& h) {
         return (len(h[E], 0) == 5 && shape(h[E]) != std::array<int, 4>{5, 4, 2, 2}) ||
                len(h[W], 0) > 4;
       }},
      {"shape(north, 4432 + x5xx)",
       [](const Hands& h) {
         return shape(h[N]) == std::array<int, 4>{4, 4, 3, 2} || len(h[N], kHearts) == 5;
       }},
      {"controls(north) + controls(south) >= 7",
       [](const Hands& h) { return controls(h[N]) + controls(h[S]) >= 7; }},
      {"losers(west) <= 7 and not (hearts(west) < 3)",
       [](const Hands& h) { return losers(h[W]) <= 7 && !(len(h[W], kHearts) < 3); }},
      {"top3(north, spades) == 2 ? diamonds(north) >= 4 : clubs(north) % 2 == 1",
       [](const Hands& h) {
         return top(h[N], kSpades, 3) == 2 ? len(h[N], kDiamonds) >= 4 : len(h[N], kClubs) % 2 == 1;
       }},
      {"hcp(south, hearts) * 2 - hcp(east, clubs) / 2 > 3",
       [](const Hands& h) { return hcp(h[S], kHearts) * 2 - hcp(h[E], kClubs) / 2 > 3; }},
      {"hascard(east, AS) != hascard(west, KH)",
       [](const Hands& h) { return has(h[E], kSpades, kAce) != has(h[W], kHearts, kKing); }},
      {"top2(south, hearts) + top4(north, clubs) + top5(east, diamonds) >= 4",
       [](const Hands& h) {
         return top(h[S], kHearts, 2) + top(h[N], kClubs, 4) + top(h[E], kDiamonds, 5) >= 4;
       }},
      {"nt = hcp(north) >= 15 && shape(north, any 4333 + any 4432 + any 5332)\n"
       "condition nt && spades(south) >= 4",
       [](const Hands& h) { return hcp(h[N]) >= 15 && balanced(h[N]) && len(h[S], kSpades) >= 4; }},
      {"losers(north, spades) + losers(south, hearts) < 3 && -hcp(west) > -10",
       [](const Hands& h) {
         return losers(h[N], kSpades) + losers(h[S], kHearts) < 3 && -hcp(h[W]) > -10;
       }},
      {"aces(north) + kings(south) + queens(east) + jacks(west) + tens(north) >= 6",
       [](const Hands& h) {
         const auto n = [](CardSet x, int r) { return count_ranks(x, -1, {{r, 1}}); };
         return n(h[N], kAce) + n(h[S], kKing) + n(h[E], kQueen) + n(h[W], kJack) + n(h[N], kTen) >=
                6;
       }},
      {"c13(north) > 20",
       [](const Hands& h) {
         return count_ranks(h[N], -1, {{kAce, 6}, {kKing, 4}, {kQueen, 2}, {kJack, 1}}) > 20;
       }},
      {"!(hcp(north) > 10) && controls(south, spades) >= 2 || hcp(east) == 10",
       [](const Hands& h) {
         return (!(hcp(h[N]) > 10) && controls(h[S], kSpades) >= 2) || hcp(h[E]) == 10;
       }},
      {"# a partnership's points\n"
       "ns = hcp(north) + hcp(south) // combined\n"
       "/* a fit */ fit = spades(north) + spades(south) >= 8\n"
       "ns >= 25 and fit",
       [](const Hands& h) {
         return hcp(h[N]) + hcp(h[S]) >= 25 && len(h[N], kSpades) + len(h[S], kSpades) >= 8;
       }},
      {"hcp(north) - 3 * (hcp(south) - 7) != 4 && 2 <= hearts(east) && hearts(east) < 5 && "
       "hcp(west) / 0 == 0 && hcp(west) % 0 == 0",
       [](const Hands& h) {
         return hcp(h[N]) - 3 * (hcp(h[S]) - 7) != 4 && 2 <= len(h[E], kHearts) &&
                len(h[E], kHearts) < 5;
       }},
  };
  return all;
}

TEST(DealScript, EachScriptAcceptsTheDealsItsHandWrittenReferenceAccepts) {
  for (const Case& c : cases()) {
    SCOPED_TRACE(c.script);
    const auto script = DealScript::compile(c.script);
    ASSERT_TRUE(script) << script.error().message;
    Rng rng(20261207);  // the same deals for every script
    int accepted = 0;
    for (int i = 0; i < 100'000; ++i) {
      const Hands h = random_hands(rng);
      const Deal deal = *Deal::from_hands(h);
      const bool want = c.reference(h);
      ASSERT_EQ(script->accepts(deal), want) << "deal " << i << ": " << to_pbn(deal);
      accepted += want;
    }
    // Each script splits the deals: neither all nor none.
    EXPECT_GT(accepted, 0);
    EXPECT_LT(accepted, 100'000);
  }
}

TEST(DealScript, StatementsBesidesTheConditionAreReadOrIgnored) {
  const auto script = DealScript::compile(
      "generate 100000\nproduce 500\ndealer west\nvulnerable NS\n"
      "predeal north SAK32, HQJ, D-, CAKQJT98\npredeal south S4\n"
      "condition hcp(south) > 5\n"
      "action printall, average \"hcp\" hcp(north), frequency \"s\" (spades(south), 0, 13)\n");
  ASSERT_TRUE(script) << script.error().message;
  EXPECT_EQ(script->generate(), 100000);
  EXPECT_EQ(script->produce(), 500);
  EXPECT_EQ(script->dealer(), Seat::West);
  EXPECT_EQ(script->vulnerability(), Vulnerability::NorthSouth);
  EXPECT_EQ(script->predeal()[N], *parse_pbn_hand("AK32.QJ..AKQJT98"));
  EXPECT_EQ(script->predeal()[S], *parse_pbn_hand("4..."));
  EXPECT_TRUE(script->predeal()[E].empty());
  // No condition: every deal.
  const auto empty = DealScript::compile("# nothing\n");
  ASSERT_TRUE(empty);
  Rng rng(1);
  EXPECT_TRUE(empty->accepts(*Deal::from_hands(random_hands(rng))));
}

struct BadScript {
  const char* script;
  const char* message;  // the whole message, "line L, column C: ..." first
};

TEST(DealScript, EveryErrorNamesItsLineAndColumn) {
  const std::vector<BadScript> bad{
      {"hcp(north) > 1 @", "line 1, column 16: unexpected character '@'"},
      {"hcp(north) > 1\n  /* open",
       "line 2, column 3: a comment '/*' that is never closed by '*/'"},
      {"action average \"x hcp(north)",
       "line 1, column 16: a string '\"' that is never closed on its line"},
      {"hcp(north) > 99999999999",
       "line 1, column 14: the number 99999999999 is too large (at most 10^9)"},
      {"hcp(north) >", "line 1, column 13: expected an expression, got the end of the script"},
      {"(hcp(north) > 3",
       "line 1, column 16: expected ')' to close the '(' at line 1, column 1, got the end of the "
       "script"},
      {"condition foo > 3",
       "line 1, column 11: unknown name 'foo' (not a function nor a variable defined above)"},
      {"frob(north) > 3", "line 1, column 1: unknown function 'frob'"},
      {"hcp(north, spades, hearts) > 1",
       "line 1, column 18: expected ')' to end hcp(...), got ',' (too many arguments)"},
      {"hcp(nord) > 1",
       "line 1, column 5: hcp needs a seat (north, east, south or west), got 'nord'"},
      {"hcp(north, spade) > 1",
       "line 1, column 12: hcp needs a suit (spades, hearts, diamonds or clubs), got 'spade'"},
      {"shape(north, 4432x)",
       "line 1, column 14: expected a shape: four suit lengths, digits or x, e.g. 4333 or 5xxx; "
       "got '4432x'"},
      {"shape(north, any 4333 + 4442)", "line 1, column 25: the shape 4442 has 14 cards, not 13"},
      {"shape(north, 95xx)", "line 1, column 14: the shape 95xx has 14 cards, more than 13"},
      {"hascard(north, ZS)",
       "line 1, column 16: hascard needs a card, rank then suit (AS, TC, 2D), got 'ZS'"},
      {"predeal north SAK, HA\npredeal south SA", "line 2, column 15: predeal gives SA twice"},
      {"predeal north SAKQJT98765432, HA",
       "line 1, column 31: predeal gives north more than 13 cards"},
      {"predeal north XAK",
       "line 1, column 15: 'XAK' does not begin with a suit letter (S, H, D or C)"},
      {"predeal north SAZ", "line 1, column 15: 'SAZ': 'Z' is not a rank (AKQJT98765432)"},
      {"x = 1\nx = 2", "line 2, column 1: the variable 'x' is defined twice"},
      {"hcp = 3", "line 1, column 1: 'hcp' cannot be a variable's name"},
      {"condition hcp(north) > 1\ncondition hcp(south) > 1",
       "line 2, column 1: a second condition (the first is at line 1, column 1)"},
      {"tricks(north, spades) > 9",
       "line 1, column 1: 'tricks' is not supported by ddtb (docs/USAGE.md, \"Constraint "
       "scripts\")"},
      {"altcount 1 2 1",
       "line 1, column 1: 'altcount' is not supported by ddtb (docs/USAGE.md, "
       "\"Constraint scripts\")"},
      {"vulnerable sometimes",
       "line 1, column 12: vulnerable needs none, NS, EW or all, got 'sometimes'"},
      {"dealer nowhere",
       "line 1, column 8: dealer needs a seat (north, east, south or west), got 'nowhere'"},
      {"hcp(north) > 1 ? 2",
       "line 1, column 19: expected ':' after the '?' branch, got the end of "
       "the script"},
      {"generate 0", "line 1, column 10: generate needs a positive number, got '0'"},
      {"north > 3",
       "line 1, column 1: 'north' is an argument, not a value: e.g. hcp(north) or spades(south)"},
  };
  for (const BadScript& b : bad) {
    SCOPED_TRACE(b.script);
    const auto script = DealScript::compile(b.script);
    ASSERT_FALSE(script);
    EXPECT_EQ(script.error().code, ErrorCode::kBadArgument);
    EXPECT_EQ(script.error().message, b.message);
  }
  // Nesting is bounded (the parser recurses): 250 parentheses are refused
  // at the one that goes too deep, never a stack overflow.
  const std::string deep = "x = " + std::string(300, '(') + "1";
  const auto script = DealScript::compile(deep);
  ASSERT_FALSE(script);
  EXPECT_EQ(script.error().message, "line 1, column 255: the expression is nested too deeply");
  EXPECT_TRUE(DealScript::compile("x = " + std::string(200, '(') + "1" + std::string(200, ')')));
}

}  // namespace
}  // namespace ddtb::test
