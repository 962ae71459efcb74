// Fuzz target: the constraint-script compiler (analysis/deal_script.hpp),
// on the input as a script's text.
//
// Besides "no crash, no undefined behaviour, no stack overflow", it checks
// the compiler's contracts:
//   - an error is kBadArgument and begins "line L, column C: " with L and C
//     within the text (line at most the lines of the text, column at least 1);
//   - a script that compiles evaluates on a few fixed deals, and on each
//     deal it accepts, every hand's shape lies within the shape bounds the
//     sampler deals from (Program::shape_bounds is sound);
//   - the predeal places each card at most once, at most 13 per hand.
#include <cstddef>
#include <cstdint>
#include <string>

#include "analysis/deal_script.hpp"
#include "core/random.hpp"
#include "tests/fuzz/fuzz_check.hpp"

namespace ddtb::fuzz {
namespace {

std::array<CardSet, 4> deal_of(std::uint64_t seed) {
  Rng rng(seed);
  std::vector<Card> deck;
  for (const Card c : CardSet::full_deck()) deck.push_back(c);
  std::array<CardSet, 4> hands;
  for (std::size_t i = 0; i < deck.size(); ++i) {
    const std::size_t j = i + rng.below(static_cast<std::uint32_t>(deck.size() - i));
    std::swap(deck[i], deck[j]);
    hands[i / 13].insert(deck[i]);
  }
  return hands;
}

void check_error(const std::string& text, const Error& e) {
  DDTB_FUZZ_CHECK(e.code == ErrorCode::kBadArgument, e.message);
  unsigned line = 0, column = 0;
  DDTB_FUZZ_CHECK(std::sscanf(e.message.c_str(), "line %u, column %u: ", &line, &column) == 2,
                  e.message);
  std::size_t lines = 1;
  for (const char c : text) lines += c == '\n';
  DDTB_FUZZ_CHECK(line >= 1 && line <= lines && column >= 1, e.message);
}

void check_program(const detail::Program& p) {
  CardSet placed;
  for (const CardSet& h : p.predeal) {
    DDTB_FUZZ_CHECK(h.size() <= 13 && !h.intersects(placed), "predeal");
    placed = placed | h;
  }
  const auto bounds = p.shape_bounds();
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    const auto hands = deal_of(seed);
    if (!p.accepts(hands)) continue;
    for (int h = 0; h < 4; ++h) {
      const CardSet x = hands[h];
      const int i = detail::shape_index(x.count(Suit::Spades), x.count(Suit::Hearts),
                                        x.count(Suit::Diamonds));
      DDTB_FUZZ_CHECK(bounds[h][static_cast<std::size_t>(i)],
                      "shape bounds refuse a deal it accepts");
    }
  }
}

}  // namespace
}  // namespace ddtb::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace ddtb::fuzz;
  const std::string text(reinterpret_cast<const char*>(data), size);
  const auto program = ddtb::detail::compile_script(text);
  if (!program)
    check_error(text, program.error());
  else
    check_program(*program);
  return 0;
}
