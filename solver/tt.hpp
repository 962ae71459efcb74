// The transposition table. Internal.
//
// Positions are stored at trick boundaries only. The key is the exact shape
// (every seat's length in every suit), the seat on lead and the strain
// (lead_key()); under one key, a
// list of entries each say: "every position whose owners agree with the
// entry's at its places has North-South future tricks in [lower, upper]".
// The places cover, per suit, the top cards down to the lowest card that
// decided the search (winning-rank backups), so one entry answers for many
// positions.
//
// Memory: the table starts at the budget given at construction (a slot table
// plus an arena of entries) and, when a search fills it, doubles up to the
// maximum given; full at the maximum, it drops its shallowest entries (the
// fewest tricks left) until at least half of its entries and slots are gone,
// keeping the deep ones, which each stand for a large search. shrink() goes
// back to the starting budget once the searches that needed more are done. The arena holds entries
// in blocks of four, each a structure of arrays (four masks, four lo, four hi words), so that a
// probe compares four entries at a time (AVX2 where compiled for it). Entry lists grow in
// power-of-two runs of blocks recycled through free lists; a list is capped at kMaxListEntries and
// then overwrites its oldest entries. Results never depend on what the table holds. Pages are
// touched only as they are used, so resident memory follows actual use.
//
// Not thread-safe: one table per Solver, one Solver per thread.
#pragma once

#include <cstddef>
#include <cstdint>

#include "solver/relative.hpp"

namespace ddtb::detail {
inline namespace DDTB_ISA_NS {

class TransTable {
 public:
  // 24 bytes, so that a probe's scan of a list touches few cache lines (the
  // scan is most of the cost of a probe; 40-byte entries were measurably
  // slower). The places of a pattern (solver/relative.hpp) take bits 0-51 of
  // each word; the rest carries the bounds and the hint:
  //   mask   places of the specified cards; bits 52-55 lower, 56-59 upper
  //          bound on North-South's future tricks
  //   lo, hi the owner planes at those places, 0 elsewhere; lo's bits 52-58
  //          hold the leader's best card as suit (2 bits) and index among the
  //          suit's present cards from the top (4 bits), bit 58 set when there
  //          is one: a move-ordering hint
  struct Entry {
    std::uint64_t mask;
    std::uint64_t lo;
    std::uint64_t hi;

    static constexpr std::uint64_t kPlaces = (std::uint64_t{1} << 52) - 1;
    std::uint64_t places() const { return mask & kPlaces; }
    int lower() const { return int(mask >> 52) & 15; }
    int upper() const { return int(mask >> 56) & 15; }
    bool has_hint() const { return (lo >> 58) & 1; }
    int hint_suit() const { return int(lo >> 52) & 3; }
    int hint_index() const { return int(lo >> 54) & 15; }
    // Whether `rel` has this entry's owners at its places.
    bool matches(const RelPattern& rel) const {
      return ((rel.lo & mask) == (lo & kPlaces)) & ((rel.hi & mask) == hi);
    }
  };
  static_assert(sizeof(Entry) == 24, "entries are packed to 24 bytes");
  // The cap on one list (one shape, leader and strain); a full list
  // overwrites its oldest entry. Freak deals put most of their positions
  // under a few shapes, so a small cap loses entries the search needs again;
  // a large one makes every probe that misses scan a long list. 1024 is
  // where both costs were lowest (measured in solver/README.md, "The table").
  static constexpr int kMaxListLog2 = 10;
  static constexpr int kMaxListEntries = 1 << kMaxListLog2;

  // The second part of the key: the seat on lead (0..3) and the strain
  // (0..3, or 4 for no trump; the engine keys a position without trumps as
  // no trump, Engine::table_strain). An entry holds for every position of its key
  // whatever the deal it came from (solver/README.md), so the table keeps
  // entries of any number of deals and strains side by side.
  static constexpr int lead_key(int leader, int strain) { return strain << 2 | leader; }

  // Starts at `budget_bytes`; may grow to `max_bytes` (raised to the budget
  // if smaller).
  TransTable(std::size_t budget_bytes, std::size_t max_bytes);
  // A table that never grows.
  explicit TransTable(std::size_t budget_bytes) : TransTable(budget_bytes, budget_bytes) {}
  ~TransTable();
  TransTable(const TransTable&) = delete;
  TransTable& operator=(const TransTable&) = delete;

  // What a probe that found no answer saw of its list, for a store that
  // follows at the same node (same shape, lead key and pattern): the entries
  // that matched the pattern, the only ones a store can merge with or be
  // implied by. A store to the list or a clear in between is detected (the
  // slot's tag changes) and the store then scans the list itself.
  struct Seen {
    static constexpr int kMax = 8;
    std::uint32_t slot = 0;
    std::uint32_t tag = 0;   // the slot's tag at the probe; 0: nothing seen
    int n = 0;               // entries matched, -1 when more than kMax (a power of two)
    std::uint16_t at[kMax];  // their places in the list, newest first
  };

  // Whether there is an entry for (shape, lead) matching `rel` whose bounds
  // decide `beta` (lower >= beta or upper < beta); if so, it is copied to
  // `hit`. If `hint` is given, it receives some matching entry that carries a
  // move hint, or an entry without one. `seen` is filled in when there is no
  // hit.
  bool probe(std::uint64_t shape, int lead, const RelPattern& rel, int beta, Entry& hit,
             Entry* hint, Seen& seen);

  // Starts loading the slot of (shape, lead) into the cache, ahead of a
  // probe or store.
  void prefetch(std::uint64_t shape, int lead) const {
    __builtin_prefetch(&slots_[home(shape, lead)]);
  }

  // Records bounds for the positions whose owners at the places `places`
  // are those of `rel`. An identical pattern has its bounds intersected; a
  // pattern already implied by a more general entry with bounds at least as
  // tight is not stored. `hint_suit` < 0: no hint. `seen`: what the probe
  // at this node saw, if any.
  void store(std::uint64_t shape, int lead, std::uint64_t places, const RelPattern& rel, int lower,
             int upper, int hint_suit, int hint_index, const Seen* seen = nullptr);

  void clear();
  // Back to the starting budget, emptied, if the table grew (its memory is
  // returned); nothing otherwise.
  void shrink();

  // The bytes the table may use now (the starting budget, or more after it
  // grew) and at most.
  std::size_t budget() const { return budget_; }
  std::size_t max_budget() const { return max_budget_; }
  std::size_t bytes_in_use() const;
  std::uint64_t entries() const { return entries_; }
  // Times the table filled up at its largest and dropped entries.
  std::uint64_t resets() const { return resets_; }
  // Times it doubled.
  std::uint64_t grows() const { return grows_; }

 private:
  // 16 bytes, four to a cache line: the slot of (shape, lead) is first
  // looked for at line hash(shape, strain), place leader, so all four leaders of a
  // shape share a line.
  struct Slot {
    std::uint64_t shape;
    std::uint32_t offset;  // first entry of the list in the arena
    // generation << kGenShift | lead << kKeyShift | fill. The list holds min(fill,
    // kMaxListEntries) entries; once capped, fill - kMaxListEntries is the
    // next entry to overwrite. The capacity follows from the count: the
    // count rounded up to a power of two, at least 1 << kMinCapLog2.
    std::uint32_t tag;
  };
  static_assert(sizeof(Slot) == 16);
  // Four entries, entry i of the block being {mask[i], lo[i], hi[i]}.
  struct Block {
    std::uint64_t mask[4];
    std::uint64_t lo[4];
    std::uint64_t hi[4];

    Entry get(int i) const { return {mask[i], lo[i], hi[i]}; }
    void set(int i, const Entry& e) {
      mask[i] = e.mask;
      lo[i] = e.lo;
      hi[i] = e.hi;
    }
  };
  static_assert(sizeof(Block) == 4 * sizeof(Entry));
  static constexpr std::uint32_t kFillBits = kMaxListLog2 + 1, kKeyShift = kFillBits,
                                 kGenShift = kFillBits + 5;
  static constexpr std::uint32_t kFillMask = (1u << kFillBits) - 1;
  // Bytes of the budget charged per slot: what a slot took before slots were
  // packed to 16 bytes, which keeps the arena, and so when a full table is
  // cleared, as it was.
  static constexpr std::size_t kSlotCharge = 24;
  static constexpr int kMinCapLog2 = 2;
  static constexpr int kMaxCapLog2 = kMaxListLog2;
  static constexpr int kGenerationBits = 32 - kGenShift;
  static constexpr std::uint32_t kNil = 0xffffffffu;

  std::size_t home(std::uint64_t shape, int lead) const {
    // Fibonacci hashing: the top bits of the product depend on every bit of
    // the shape (and of the strain mixed into it).
    const std::uint64_t key = shape ^ std::uint64_t(lead >> 2) * 0xd6e8feb86659fd93ull;
    return ((key * 0x9e3779b97f4a7c15ull) >> slot_shift_ & ~std::size_t{3}) | std::size_t(lead & 3);
  }
  Slot* find_slot(std::uint64_t shape, int lead, bool insert);
  // A slot table: its allocation, the table aligned within it, its size.
  struct Slots {
    void* memory = nullptr;
    Slot* slots = nullptr;
    std::size_t count = 0;
  };
  static std::size_t slots_for(std::size_t budget);
  static std::uint32_t entries_for(std::size_t budget);
  static Slots allocate_slots(std::size_t count);
  static Block* allocate_arena(std::uint32_t entries);
  // Takes `slots` as the slot table of a table of `budget` bytes.
  void adopt(const Slots& slots, std::size_t budget);
  // Called by a store that finds no room: grows the table, or drops its
  // shallowest entries.
  void make_room();
  void grow();
  void evict_shallow();
  // log2 of the entries a list of `fill` (the slot's fill field) occupies.
  static int capacity_log2(std::uint32_t fill);
  // Tricks left in a position of `shape`.
  static int tricks_of(std::uint64_t shape);
  // Allocates 1 << cap_log2 entries; kNil when the arena is exhausted.
  std::uint32_t allocate(int cap_log2);
  void release(std::uint32_t offset, int cap_log2);

  std::size_t start_budget_, max_budget_;
  std::size_t budget_ = 0;
  std::size_t slot_count_ = 0;  // a power of two
  int slot_shift_ = 0;          // 64 - log2(slot_count_)
  std::size_t slots_used_ = 0;
  // clear() only advances the generation: slots of older generations count as
  // empty, so a clear costs nothing however large the table (solving many
  // small unrelated positions clears it for each). The slots are zeroed only
  // when the counter wraps around.
  std::uint32_t generation_ = 1;
  void* slot_memory_ = nullptr;
  Slot* slots_ = nullptr;  // slot_memory_ aligned to a cache line
  // aligned_alloc'ed: pages are touched only when written. Entry i of the
  // arena is arena_[i / 4].get(i % 4); lists start on a block.
  Block* arena_ = nullptr;
  std::uint32_t arena_size_ = 0;  // in entries
  std::uint32_t arena_top_ = 0;   // bump pointer, in entries
  std::uint32_t free_[kMaxCapLog2 + 1];
  std::uint64_t entries_ = 0;
  std::uint64_t resets_ = 0;
  std::uint64_t grows_ = 0;
};

}  // namespace DDTB_ISA_NS
}  // namespace ddtb::detail
