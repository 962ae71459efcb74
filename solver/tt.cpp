#include "solver/tt.hpp"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cstdlib>
#include <cstring>
#include <new>

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

constexpr std::uint32_t kFillBits = 9, kKeyShift = kFillBits, kGenShift = kFillBits + 2;
constexpr std::uint32_t kFillMask = (1u << kFillBits) - 1;

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
  arena_ = static_cast<Entry*>(std::malloc(std::size_t(arena_size_) * sizeof(Entry)));
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

TransTable::Slot* TransTable::find_slot(std::uint64_t shape, int leader, bool insert) {
  const std::size_t mask = slot_count_ - 1;
  const std::uint32_t key = (generation_ << 2 | std::uint32_t(leader)) << kKeyShift;
  for (std::size_t i = home(shape, leader);; i = (i + 1) & mask) {
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
    head = static_cast<std::uint32_t>(arena_[off].lo);
    return off;
  }
  std::uint32_t n = 1u << cap_log2;
  if (arena_size_ - arena_top_ < n) return kNil;
  std::uint32_t off = arena_top_;
  arena_top_ += n;
  return off;
}

void TransTable::release(std::uint32_t offset, int cap_log2) {
  arena_[offset].lo = free_[cap_log2];
  free_[cap_log2] = offset;
}

const TransTable::Entry* TransTable::probe(std::uint64_t shape, int leader, const RelPattern& rel,
                                           int beta, const Entry** hint) {
  if (hint) *hint = nullptr;
  const Slot* s = find_slot(shape, leader, false);
  if (!s) return nullptr;
  const Entry* e = &arena_[s->offset];
  for (int i = std::min<int>(s->tag & kFillMask, kMaxListEntries) - 1; i >= 0; --i) {
    const Entry& x = e[i];
    if (!x.matches(rel)) continue;
    if (x.lower() >= beta || x.upper() < beta) return &x;
    if (hint && !*hint && x.has_hint()) *hint = &x;
  }
  return nullptr;
}

void TransTable::store(std::uint64_t shape, int leader, std::uint64_t places, const RelPattern& rel,
                       int lower, int upper, int hint_suit, int hint_index) {
  if ((slots_used_ + 1) * kMaxLoadDen > slot_count_ * kMaxLoadNum) {
    ++resets_;
    clear();
  }
  Slot* s = find_slot(shape, leader, true);
  const RelPattern value{rel.lo & places, rel.hi & places};
  const std::uint64_t hint_bits =
      hint_suit < 0 ? 0
                    : (std::uint64_t(hint_suit) | std::uint64_t(hint_index) << 2 | std::uint64_t{1} << 6) << 52;

  const std::uint32_t fill = s->tag & kFillMask;
  const int count = std::min<int>(fill, kMaxListEntries);
  if (count) {
    Entry* e = &arena_[s->offset];
    for (int i = 0; i < count; ++i) {
      Entry& x = e[i];
      if (x.places() == places && (x.lo & Entry::kPlaces) == value.lo && x.hi == value.hi) {
        lower = std::max(x.lower(), lower);
        upper = std::min(x.upper(), upper);
        assert(lower <= upper);
        x.mask = places | std::uint64_t(lower) << 52 | std::uint64_t(upper) << 56;
        if (hint_bits) x.lo = value.lo | hint_bits;
        return;
      }
      // A more general entry already says as much.
      if ((x.places() & ~places) == 0 && x.matches(value) && x.lower() >= lower &&
          x.upper() <= upper)
        return;
    }
  }

  const Entry fresh{places | std::uint64_t(lower) << 52 | std::uint64_t(upper) << 56,
                    value.lo | hint_bits, value.hi};

  if (fill >= kMaxListEntries) {
    // Capped list: overwrite the oldest entry.
    const std::uint32_t ring = fill - kMaxListEntries;
    arena_[s->offset + ring] = fresh;
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
      s = find_slot(shape, leader, true);
      off = allocate(kMinCapLog2);
      assert(off != kNil);
    } else if (count) {
      std::memcpy(static_cast<void*>(&arena_[off]), &arena_[s->offset], count * sizeof(Entry));
      release(s->offset, old_log2);
    }
    s->offset = off;
  }
  arena_[s->offset + (s->tag & kFillMask)] = fresh;
  ++s->tag;
  ++entries_;
}

}  // namespace DDTB_ISA_NS
}  // namespace ddtb::detail
