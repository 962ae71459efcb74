#include "solver/tt.hpp"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cstdlib>
#include <cstring>
#include <new>
#include <vector>

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
  const __m256i eq_lo =
      _mm256_cmpeq_epi64(_mm256_and_si256(_mm256_set1_epi64x(std::int64_t(rel.lo)), mask),
                         _mm256_and_si256(lo, places));
  const __m256i eq_hi =
      _mm256_cmpeq_epi64(_mm256_and_si256(_mm256_set1_epi64x(std::int64_t(rel.hi)), mask), hi);
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
inline unsigned lanes_in_list(int n, int j) {
  return n - 4 * j >= 4 ? 15u : (1u << (n - 4 * j)) - 1;
}

}  // namespace

TransTable::TransTable(std::size_t budget_bytes, std::size_t max_bytes)
    : start_budget_(budget_bytes), max_budget_(std::max(budget_bytes, max_bytes)) {
  Slots slots = allocate_slots(slots_for(start_budget_));
  arena_ = allocate_arena(entries_for(max_budget_));
  if (!arena_) {
    std::free(slots.memory);
    throw std::bad_alloc();
  }
  adopt(slots, start_budget_);
  std::fill(std::begin(free_), std::end(free_), kNil);
}

TransTable::~TransTable() {
  std::free(arena_);
  std::free(slot_memory_);
}

std::size_t TransTable::slots_for(std::size_t budget) {
  return std::bit_floor(std::max<std::size_t>(budget / kBytesPerSlot, 1024));
}

std::uint32_t TransTable::entries_for(std::size_t budget) {
  const std::size_t slot_bytes = slots_for(budget) * kSlotCharge;
  const std::size_t rest = budget > slot_bytes ? budget - slot_bytes : 0;
  const std::size_t n = std::min<std::size_t>(rest / sizeof(Entry), 0xfffffff0u);
  return static_cast<std::uint32_t>(std::max<std::size_t>(n, 1u << kMaxCapLog2));
}

TransTable::Slots TransTable::allocate_slots(std::size_t count) {
  Slots out;
  out.count = count;
  // calloc, not aligned_alloc + memset: untouched pages stay unresident.
  out.memory = std::calloc(count * sizeof(Slot) + 64, 1);
  if (!out.memory) throw std::bad_alloc();
  out.slots = reinterpret_cast<Slot*>((reinterpret_cast<std::uintptr_t>(out.memory) + 63) &
                                      ~std::uintptr_t{63});
  return out;
}

TransTable::Block* TransTable::allocate_arena(std::uint32_t entries) {
  // Raw memory for the largest size the table may take, never initialized
  // up front: a page becomes resident only when an entry on it is first
  // written, so resident memory follows actual use and growing the table
  // needs no copy (the lists are filled from the bottom).
  const std::size_t bytes = (std::size_t(entries + 3) / 4 * sizeof(Block) + 63) & ~std::size_t{63};
  return static_cast<Block*>(std::aligned_alloc(64, bytes));
}

void TransTable::adopt(const Slots& slots, std::size_t budget) {
  budget_ = budget;
  slot_count_ = slots.count;
  slot_shift_ = 64 - std::countr_zero(slots.count);
  slot_memory_ = slots.memory;
  slots_ = slots.slots;
  arena_size_ = entries_for(budget);
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

void TransTable::shrink() {
  if (budget_ == start_budget_) return;
  // Allocated before anything is freed: if it fails, the table stays as it
  // is. A fresh arena gives back the pages the old one touched.
  Slots slots = allocate_slots(slots_for(start_budget_));
  Block* arena = allocate_arena(entries_for(max_budget_));
  if (!arena) {
    std::free(slots.memory);
    throw std::bad_alloc();
  }
  std::free(arena_);
  std::free(slot_memory_);
  arena_ = arena;
  adopt(slots, start_budget_);
  generation_ = 1;
  clear();
}

int TransTable::capacity_log2(std::uint32_t fill) {
  const unsigned count = std::min<unsigned>(fill, kMaxListEntries);
  return std::max(kMinCapLog2, int(std::bit_width(count - 1)));
}

int TransTable::tricks_of(std::uint64_t shape) {
  // Sixteen 4-bit lengths: add them up pairwise.
  shape = (shape & 0x0f0f0f0f0f0f0f0full) + ((shape >> 4) & 0x0f0f0f0f0f0f0f0full);
  return int((shape * 0x0101010101010101ull) >> 56) / 4;
}

void TransTable::make_room() {
  if (budget_ < max_budget_) {
    try {
      grow();
      return;
    } catch (const std::bad_alloc&) {
      max_budget_ = budget_;  // no more memory to be had: make room within it
    }
  }
  ++resets_;
  evict_shallow();
}

void TransTable::grow() {
  // The arena was reserved at the largest size: only its limit moves. Every
  // slot of this generation is hashed into a larger slot table.
  const std::size_t target = std::min(max_budget_, budget_ * 2);
  const Slots slots = allocate_slots(slots_for(target));
  const Slot* old_slots = slots_;
  const std::size_t old_count = slot_count_;
  void* old_memory = slot_memory_;
  adopt(slots, target);
  for (std::size_t i = 0; i < old_count; ++i) {
    const Slot& s = old_slots[i];
    if ((s.tag >> kGenShift) != generation_) continue;
    const int lead = int(s.tag >> kKeyShift) & 31;
    for (std::size_t j = home(s.shape, lead);; j = (j + 1) & (slot_count_ - 1)) {
      if ((slots_[j].tag >> kGenShift) == generation_) continue;
      slots_[j] = s;
      break;
    }
  }
  std::free(old_memory);
  ++grows_;
}

void TransTable::evict_shallow() {
  // Entries per tricks left; the shallowest levels go until at least half
  // of the entries are gone: they are the most numerous and the cheapest to
  // find again, while one deep entry can stand for a large search.
  // (Half of the slots too: the table also fills up by its slots.)
  std::uint64_t entries_at[14] = {}, slots_at[14] = {};
  for (std::size_t i = 0; i < slot_count_; ++i) {
    const Slot& s = slots_[i];
    if ((s.tag >> kGenShift) != generation_) continue;
    const int level = std::min(tricks_of(s.shape), 13);
    entries_at[level] += std::min<unsigned>(s.tag & kFillMask, kMaxListEntries);
    ++slots_at[level];
  }
  int cut = 0;  // levels <= cut go
  for (std::uint64_t entries = entries_at[0], slots = slots_at[0];
       (entries * 2 < entries_ || slots * 2 < slots_used_) && cut < 13;) {
    ++cut;
    entries += entries_at[cut];
    slots += slots_at[cut];
  }
  struct Kept {
    Slot slot;
    int cap_log2;
  };
  std::vector<Kept> kept;
  for (std::size_t i = 0; i < slot_count_; ++i) {
    const Slot& s = slots_[i];
    if ((s.tag >> kGenShift) == generation_ && s.offset != kNil && tricks_of(s.shape) > cut)
      kept.push_back({s, capacity_log2(s.tag & kFillMask)});
  }
  // Slide the kept lists down to the bottom of the arena, in offset order.
  std::sort(kept.begin(), kept.end(),
            [](const Kept& a, const Kept& b) { return a.slot.offset < b.slot.offset; });
  std::uint32_t top = 0;
  std::uint64_t entries = 0;
  for (Kept& k : kept) {
    const std::uint32_t n = 1u << k.cap_log2;
    if (k.slot.offset != top)
      std::memmove(static_cast<void*>(&arena_[top / 4]), &arena_[k.slot.offset / 4],
                   n / 4 * sizeof(Block));
    k.slot.offset = top;
    top += n;
    entries += std::min<unsigned>(k.slot.tag & kFillMask, kMaxListEntries);
  }
  clear();
  arena_top_ = top;
  entries_ = entries;
  for (const Kept& k : kept) {
    const int lead = int(k.slot.tag >> kKeyShift) & 31;
    Slot* s = find_slot(k.slot.shape, lead, true);
    s->offset = k.slot.offset;
    s->tag = (s->tag & ~kFillMask) | (k.slot.tag & kFillMask);
  }
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
      seen.at[matched & (Seen::kMax - 1)] = static_cast<std::uint16_t>(4 * j + i);
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
  if ((slots_used_ + 1) * kMaxLoadDen > slot_count_ * kMaxLoadNum) make_room();
  const RelPattern value{rel.lo & places, rel.hi & places};
  const std::uint64_t hint_bits =
      hint_suit < 0
          ? 0
          : (std::uint64_t(hint_suit) | std::uint64_t(hint_index) << 2 | std::uint64_t{1} << 6)
                << 52;
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
      // The list may have moved or gone: look it up again.
      make_room();
      return store(shape, lead, places, rel, lower, upper, hint_suit, hint_index, nullptr);
    }
    if (count) {
      std::memcpy(static_cast<void*>(&arena_[off / 4]), &arena_[s->offset / 4],
                  count / 4 * sizeof(Block));
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
