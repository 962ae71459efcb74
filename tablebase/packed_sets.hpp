// The packed encoding of a partition's sets (tablebase/FORMAT.md, "Packed
// partitions"): what format versions 5 and 6 store, scanned where the file
// is mapped. Internal.
//
// A packed partition keeps only the sets whose value is not the partition's
// *default value*: a state that no stored set holds has the default value.
// (Every state of a partition lies in some set and overlapping sets agree,
// so dropping all sets of one value loses nothing.) The writer drops the
// value whose sets take the most bytes: about half of every layer.
//
// A state answered by the default lies in no stored set; the cards that
// make it so are its *cover*: per slot, top positions such that every stored
// set disagrees with the state at one of them. Any state that agrees with it
// there lies in no stored set either, so has the default value too: the
// cover is the answer's winning ranks (docs/DESIGN.md, "Winning ranks"), as
// a found set's constrained positions are.
//
// That argument covers the partition's canonical states only: the sets as
// built hold every canonical state, and the builder checks each set in
// every order of its tied slots (interchangeable suits of equal columns),
// but a state of the cover with two tied slots out of order is the
// position of a canonical state that may lie outside it, in a stored set.
// So the cover also fixes the order of each pair of tied slots: both take
// the first position where the state's two owner sequences differ (whose
// owners decide the canonical order), and slots whose sequences are equal
// take the same depth. Every state agreeing with the cover then has, once
// its tied slots are sorted, a canonical state agreeing with it too.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "ddtb/expected.hpp"
#include "tablebase/set.hpp"
#include "tablebase/set_codec.hpp"

namespace ddtb::detail::tb {

// Bits of a stored set's first byte that name its depth vector: the rest
// hold its value (exact layers: up to `tricks`), none in a bound layer
// (every stored set there has the value that is not the default).
constexpr int packed_id_bits(int tricks, int bound) {
  if (bound > 0) return 8;
  int value_bits = 0;
  while ((1 << value_bits) <= tricks) ++value_bits;
  return 8 - value_bits;
}

// Appends the packed encoding of one partition's sets (any order; the
// stored ones keep it) of a layer of `tricks` tricks and bound `bound`
// (0: exact values). Returns how many sets were stored. With
// `default_value` >= 0 that is the default and `sets` are the stored sets
// of a partition decoded from a packed file (none of that value).
std::uint64_t encode_packed_partition(std::span<const TbSet> sets, int tricks, int bound,
                                      std::vector<std::uint8_t>& out, int default_value = -1);

// The packed partition [begin, end) decoded, every field checked against
// the partition's shape: its stored sets (appended to `stored`) and its
// default value.
Expected<void> decode_packed_partition(const std::uint8_t* begin, const std::uint8_t* end,
                                       ShapeKey shape, int tricks, int bound,
                                       std::vector<TbSet>& stored, int& default_value);

// The answer for `state` from the packed partition [begin, end) (in the
// mapping: eight readable bytes follow `end`): kFound with `out` the first
// stored set holding it, or, when none does, a set of the default value
// whose constrained positions are the state's cover (its own owners there).
// kCorrupt when what it read is malformed (checked: each set inside the
// partition, each value in range, each depth vector named by the table).
// `ties`: bit a set when slots a and a + 1 are tied (tied_pairs).
Scan find_packed(const std::uint8_t* begin, const std::uint8_t* end, const Nibbles& state,
                 int tricks, int bound, unsigned ties, TbSet& out);

// The pairs of adjacent tied slots of a shape: bit a for slots a, a + 1.
unsigned tied_pairs(ShapeKey shape, StrainClass klass);

// The cover of a state that no set of `stored` holds, as find_packed gives
// it (for a partition decoded into sets: the builder's in-memory layers).
TbSet cover_set(std::span<const TbSet> stored, const Nibbles& state, int default_value,
                unsigned ties);

}  // namespace ddtb::detail::tb
