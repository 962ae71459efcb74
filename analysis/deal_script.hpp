// A constraint script in dealer's language, compiled (the public face is
// include/ddtb/deal_script.hpp; docs/USAGE.md, "Constraint scripts", lists
// the subset). The lexer and parser turn the text into a Program: the
// condition as a flat array of nodes over integers (a comparison is 0 or 1,
// as in dealer), the predeal cards, and the statements that do not concern
// the deals. Every error names its line and column.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "analysis/shapes.hpp"
#include "ddtb/cards.hpp"
#include "ddtb/expected.hpp"
#include "ddtb/par.hpp"

namespace ddtb::detail {

enum class ScriptOp : std::uint8_t {
  kNumber,   // value
  kPoints,   // the weights table[value] over seat's suit (or every suit when suit < 0)
  kLength,   // seat's length in suit
  kLosers,   // dealer's losers of seat in suit (every suit when suit < 0)
  kHasCard,  // seat holds card index value
  kShape,    // seat's shape is in shape_sets[value]
  kNegate,
  kNot,
  kMultiply,
  kDivide,  // x / 0 is 0 (documented): a condition never stops the sampling
  kModulo,  // x % 0 is 0
  kAdd,
  kSubtract,
  kLess,
  kLessEqual,
  kGreater,
  kGreaterEqual,
  kEqual,
  kNotEqual,
  kAnd,  // short-circuit, as in dealer
  kOr,
  kChoose,  // a ? b : c
};

// One node; its operands are earlier nodes (indices into Program::nodes).
struct ScriptNode {
  ScriptOp op = ScriptOp::kNumber;
  std::int8_t seat = 0;
  std::int8_t suit = -1;
  std::int32_t a = -1, b = -1, c = -1;
  std::int64_t value = 0;
};

// The point counts dealer names, as weights of the ranks ace down to ten.
inline constexpr int kNumPointCounts = 11;

struct Program {
  std::vector<ScriptNode> nodes;
  std::vector<ShapeSet> shape_sets;
  int condition = -1;  // the root node; -1: every deal meets the script
  std::array<CardSet, 4> predeal{};
  std::optional<Seat> dealer;
  std::optional<Vulnerability> vulnerability;
  std::int64_t generate = 0, produce = 0;  // 0: not given

  // Whether the four hands (N, E, S, W) meet the condition.
  bool accepts(const std::array<CardSet, 4>& hands) const;

  // For each seat, shapes that include every shape of a hand meeting the
  // condition, read from its top-level conjuncts (shape(), and suit
  // lengths compared with numbers): a sound over-approximation, for the
  // sampler to deal shape first.
  std::array<ShapeSet, 4> shape_bounds() const;
};

// The script compiled, or kBadArgument with "line L, column C: what".
Expected<Program> compile_script(std::string_view text);

}  // namespace ddtb::detail
