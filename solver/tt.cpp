#include "solver/tt.hpp"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cstdlib>
#include <cstring>
#include <new>

#ifdef __AVX2__
#include <immintrin.h>
#endif

namespace ddtb::detail {
inline namespace DDTB_ISA_NS {

namespace {

// Share of the budget given to the slot table: one slot per this many bytes.
// Measured on list100: lists average a handful of entries, so the arena needs
// most of the space.
constexpr std::size_t kBytesPerSlot = 256;
// The table is cleared when this share of the slots is in use (open addressing
// degrades beyond it).
constexpr std::size_t kMaxLoadNum = 3, kMaxLoadDen = 4;


// Bit i set when entry i of `b` has the owners of `rel` at its places
// (Entry::matches).
template <class Block>
[[gnu::always_inline]] inline unsigned match_bits(const Block& b, const RelPattern& rel) {
#ifdef __AVX2__
  const __m256i places = _mm256_set1_epi64x(std::int64_t(TransTable::Entry::kPlaces));
  const __m256i mask = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(b.mask));
  const __m256i lo = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(b.lo));
  const __m256i hi = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(b.hi));
  const __m256i eq_lo = _mm256_cmpeq_epi64(_mm256_and_si256(_mm256_set1_epi64x(std::int64_t(rel.lo)), mask),
                                           _mm256_and_si256(lo, places));
  const __m256i eq_hi = _mm256_cmpeq_epi64(_mm256_and_si256(_mm256_set1_epi64x(std::int64_t(rel.hi)), mask), hi);
  return unsigned(_mm256_movemask_pd(_mm256_castsi256_pd(_mm256_and_si256(eq_lo, eq_hi))));
#else
  unsigned bits = 0;
  for (int i = 0; i < 4; ++i)
    bits |= unsigned(((rel.lo & b.mask[i]) == (b.lo[i] & TransTable::Entry::kPlaces)) &
                     ((rel.hi & b.mask[i]) == b.hi[i]))
            << i;
  return bits;
#endif
}

// The first `n` bits (n > 4j: entries of block j that are in a list of n).
inline unsigned lanes_in_list(int n, int j) { return n - 4 * j >= 4 ? 15u : (1u << (n - 4 * j)) - 1; }

}  // namespace

TransTable::TransTable(std::size_t budget_bytes) : budget_(budget_bytes) {
  std::size_t slots = std::bit_floor(std::max<std::size_t>(budget_ / kBytesPerSlot, 1024));
  slot_count_ = slots;
  slot_shift_ = 64 - std::countr_zero(slots);
  // calloc, not aligned_alloc + memset: untouched pages stay unresident.
  slot_memory_ = std::calloc(slot_count_ * sizeof(Slot) + 64, 1);
  if (!slot_memory_) throw std::bad_alloc();
  slots_ = reinterpret_cast<Slot*>((reinterpret_cast<std::uintptr_t>(slot_memory_) + 63) & ~std::uintptr_t{63});
  std::size_t rest = budget_ > slots * kSlotCharge ? budget_ - slots * kSlotCharge : 0;
  std::size_t n = std::min<std::size_t>(rest / sizeof(Entry), 0xfffffff0u);
  arena_size_ = static_cast<std::uint32_t>(std::max<std::size_t>(n, 1u << kMaxCapLog2));
  // Raw memory, never initialized up front: a page becomes resident only when
  // an entry on it is first written, so resident memory follows actual use.
  const std::size_t bytes = (std::size_t(arena_size_ + 3) / 4 * sizeof(Block) + 63) & ~std::size_t{63};
  arena_ = static_cast<Block*>(std::aligned_alloc(64, bytes));
  if (!arena_) {
    std::free(slot_memory_);
    throw std::bad_alloc();
  }
  std::fill(std::begin(free_), std::end(free_), kNil);
}

TransTable::~TransTable() {
  std::free(arena_);
  std::free(slot_memory_);
}

void TransTable::clear() {
  if (++generation_ == (1u << kGenerationBits)) {
    std::memset(slots_, 0, slot_count_ * sizeof(Slot));
    generation_ = 1;
  }
  slots_used_ = 0;
  arena_top_ = 0;
  entries_ = 0;
  std::fill(std::begin(free_), std::end(free_), kNil);
}

std::size_t TransTable::bytes_in_use() const {
  return slots_used_ * sizeof(Slot) + std::size_t(arena_top_) * sizeof(Entry);
}

TransTable::Slot* TransTable::find_slot(std::uint64_t shape, int lead, bool insert) {
  const std::size_t mask = slot_count_ - 1;
  const std::uint32_t key = (generation_ << 5 | std::uint32_t(lead)) << kKeyShift;
  for (std::size_t i = home(shape, lead);; i = (i + 1) & mask) {
    Slot& s = slots_[i];
    if ((s.tag >> kGenShift) != generation_) {
      if (!insert) return nullptr;
      s.shape = shape;
      s.tag = key;
      s.offset = kNil;
      ++slots_used_;
      return &s;
    }
    if (s.shape == shape && (s.tag & ~kFillMask) == key) return &s;
  }
}

std::uint32_t TransTable::allocate(int cap_log2) {
  std::uint32_t& head = free_[cap_log2];
  if (head != kNil) {
    std::uint32_t off = head;
    head = static_cast<std::uint32_t>(arena_[off / 4].lo[0]);
    return off;
  }
  std::uint32_t n = 1u << cap_log2;
  if (arena_size_ - arena_top_ < n) return kNil;
  std::uint32_t off = arena_top_;
  arena_top_ += n;
  return off;
}

void TransTable::release(std::uint32_t offset, int cap_log2) {
  arena_[offset / 4].lo[0] = free_[cap_log2];
  free_[cap_log2] = offset;
}

bool TransTable::probe(std::uint64_t shape, int lead, const RelPattern& rel, int beta, Entry& hit,
                       Entry* hint, Seen& seen) {
  if (hint) *hint = Entry{};
  seen.tag = 0;
  bool want_hint = hint != nullptr;
  const Slot* s = find_slot(shape, lead, false);
  if (!s) return false;
  const int count = std::min<int>(s->tag & kFillMask, kMaxListEntries);
  const Block* b = &arena_[s->offset / 4];
  // A copy: the byte stores to `seen` could alias `rel` and force reloads.
  const RelPattern r = rel;
  int matched = 0;
  // Newest first: from the end of the list.
  for (int j = (count - 1) >> 2; j >= 0; --j) {
    unsigned bits = match_bits(b[j], r) & lanes_in_list(count, j);
    while (bits) {
      const int i = std::bit_width(bits) - 1;
      bits ^= 1u << i;
      const Entry x = b[j].get(i);
      if (x.lower() >= beta || x.upper() < beta) {
        hit = x;
        return true;
      }
      if (want_hint && x.has_hint()) {
        *hint = x;
        want_hint = false;
      }
      // Past kMax the places wrap around; n = -1 says so.
      seen.at[matched & (Seen::kMax - 1)] = static_cast<std::uint8_t>(4 * j + i);
      ++matched;
    }
  }
  seen.slot = static_cast<std::uint32_t>(s - slots_);
  seen.tag = s->tag;
  seen.n = matched <= Seen::kMax ? matched : -1;
  return false;
}

void TransTable::store(std::uint64_t shape, int lead, std::uint64_t places, const RelPattern& rel,
                       int lower, int upper, int hint_suit, int hint_index, const Seen* seen) {
  if ((slots_used_ + 1) * kMaxLoadDen > slot_count_ * kMaxLoadNum) {
    ++resets_;
    clear();
  }
  const RelPattern value{rel.lo & places, rel.hi & places};
  const std::uint64_t hint_bits =
      hint_suit < 0 ? 0
                    : (std::uint64_t(hint_suit) | std::uint64_t(hint_index) << 2 | std::uint64_t{1} << 6) << 52;
  // Entry i of the list matches `rel`: true when it settles the store, which
  // then merges the bounds into an identical entry or drops them as implied
  // by a more general one.
  auto settles = [&](Block& b, int i) {
    const Entry x = b.get(i);
    if (x.places() == places) {
      lower = std::max(x.lower(), lower);
      upper = std::min(x.upper(), upper);
      assert(lower <= upper);
      b.mask[i] = places | std::uint64_t(lower) << 52 | std::uint64_t(upper) << 56;
      if (hint_bits) b.lo[i] = value.lo | hint_bits;
      return true;
    }
    return (x.places() & ~places) == 0 && x.lower() >= lower && x.upper() <= upper;
  };

  Slot* s;
  // The slot still holds what the probe saw only if the table has not been
  // cleared since: a clear leaves the slots' words as they were (only the
  // generation moves on), so the tag must also be of this generation.
  if (seen && seen->tag && seen->n >= 0 && (seen->tag >> kGenShift) == generation_ &&
      slots_[seen->slot].tag == seen->tag && slots_[seen->slot].shape == shape) {
    // The probe at this node saw the list as it is: only its matches count,
    // oldest first.
    s = &slots_[seen->slot];
    for (int k = seen->n - 1; k >= 0; --k) {
      const std::uint32_t at = s->offset + seen->at[k];
      if (settles(arena_[at / 4], int(at % 4))) return;
    }
  } else {
    s = find_slot(shape, lead, true);
    const int count = std::min<int>(s->tag & kFillMask, kMaxListEntries);
    // Only entries that match `rel` can be identical or more general (they
    // agree with it on their places).
    Block* b = count ? &arena_[s->offset / 4] : nullptr;
    for (int j = 0; 4 * j < count; ++j) {
      for (unsigned bits = match_bits(b[j], rel) & lanes_in_list(count, j); bits; bits &= bits - 1)
        if (settles(b[j], std::countr_zero(bits))) return;
    }
  }
  const std::uint32_t fill = s->tag & kFillMask;
  const int count = std::min<int>(fill, kMaxListEntries);

  const Entry fresh{places | std::uint64_t(lower) << 52 | std::uint64_t(upper) << 56,
                    value.lo | hint_bits, value.hi};

  if (fill >= kMaxListEntries) {
    // Capped list: overwrite the oldest entry.
    const std::uint32_t ring = fill - kMaxListEntries;
    arena_[(s->offset + ring) / 4].set(int(ring % 4), fresh);
    s->tag = (s->tag & ~kFillMask) | (kMaxListEntries + ((ring + 1) & (kMaxListEntries - 1)));
    return;
  }
  // Full when the count is a power of two (other than 1 or 2: the first
  // block holds 1 << kMinCapLog2); a new slot has no list yet.
  if (count == 0 || (count >= (1 << kMinCapLog2) && std::has_single_bit(unsigned(count)))) {
    const int old_log2 = std::countr_zero(unsigned(count));
    std::uint32_t off = allocate(count == 0 ? kMinCapLog2 : old_log2 + 1);
    if (off == kNil) {
      ++resets_;
      clear();
      s = find_slot(shape, lead, true);
      off = allocate(kMinCapLog2);
      assert(off != kNil);
    } else if (count) {
      std::memcpy(static_cast<void*>(&arena_[off / 4]), &arena_[s->offset / 4], count / 4 * sizeof(Block));
      release(s->offset, old_log2);
    }
    s->offset = off;
  }
  const std::uint32_t at = s->offset + (s->tag & kFillMask);
  arena_[at / 4].set(int(at % 4), fresh);
  ++s->tag;
  ++entries_;
}

}  // namespace DDTB_ISA_NS
}  // namespace ddtb::detail
