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

std::uint64_t mix(std::uint64_t shape, int leader) {
  std::uint64_t h = (shape ^ (std::uint64_t(leader) << 62)) * 0x9e3779b97f4a7c15ull;
  return h ^ (h >> 29);
}

}  // namespace

TransTable::TransTable(std::size_t budget_bytes) : budget_(budget_bytes) {
  std::size_t slots = std::bit_floor(std::max<std::size_t>(budget_ / kBytesPerSlot, 1024));
  slot_count_ = slots;
  slots_ = static_cast<Slot*>(std::calloc(slot_count_, sizeof(Slot)));
  if (!slots_) throw std::bad_alloc();
  std::size_t rest = budget_ > slots * sizeof(Slot) ? budget_ - slots * sizeof(Slot) : 0;
  std::size_t n = std::min<std::size_t>(rest / sizeof(Entry), 0xfffffff0u);
  arena_size_ = static_cast<std::uint32_t>(std::max<std::size_t>(n, 1u << kMaxCapLog2));
  // Raw memory, never initialized up front: a page becomes resident only when
  // an entry on it is first written, so resident memory follows actual use.
  arena_ = static_cast<Entry*>(std::malloc(std::size_t(arena_size_) * sizeof(Entry)));
  if (!arena_) {
    std::free(slots_);
    throw std::bad_alloc();
  }
  std::fill(std::begin(free_), std::end(free_), kNil);
}

TransTable::~TransTable() {
  std::free(arena_);
  std::free(slots_);
}

void TransTable::clear() {
  if (++generation_ == 0) {
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

void TransTable::prefetch(std::uint64_t shape, int leader) const {
  __builtin_prefetch(&slots_[mix(shape, leader) & (slot_count_ - 1)]);
}

TransTable::Slot* TransTable::find_slot(std::uint64_t shape, int leader, bool insert) {
  const std::size_t mask = slot_count_ - 1;
  std::size_t i = mix(shape, leader) & mask;
  const std::uint8_t leader1 = static_cast<std::uint8_t>(leader + 1);
  for (;;) {
    Slot& s = slots_[i];
    if (s.generation != generation_) {
      if (!insert) return nullptr;
      s.shape = shape;
      s.generation = generation_;
      s.leader1 = leader1;
      s.count = 0;
      s.ring = 0;
      s.cap_log2 = 0;
      s.offset = kNil;
      ++slots_used_;
      return &s;
    }
    if (s.shape == shape && s.leader1 == leader1) return &s;
    i = (i + 1) & mask;
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
  for (int i = s->count - 1; i >= 0; --i) {
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

  if (s->count) {
    Entry* e = &arena_[s->offset];
    for (int i = 0; i < s->count; ++i) {
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

  if (s->offset == kNil || s->count == (1u << s->cap_log2)) {
    if (s->offset != kNil && s->cap_log2 == kMaxCapLog2) {
      // Capped list: overwrite the oldest entry.
      arena_[s->offset + s->ring] = fresh;
      s->ring = static_cast<std::uint16_t>((s->ring + 1) & ((1u << kMaxCapLog2) - 1));
      return;
    }
    int new_log2 = s->offset == kNil ? kMinCapLog2 : s->cap_log2 + 1;
    std::uint32_t off = allocate(new_log2);
    if (off == kNil) {
      ++resets_;
      clear();
      s = find_slot(shape, leader, true);
      off = allocate(kMinCapLog2);
      new_log2 = kMinCapLog2;
      assert(off != kNil);
    } else if (s->offset != kNil) {
      std::memcpy(static_cast<void*>(&arena_[off]), &arena_[s->offset], s->count * sizeof(Entry));
      release(s->offset, s->cap_log2);
    }
    s->offset = off;
    s->cap_log2 = static_cast<std::uint8_t>(new_log2);
  }
  arena_[s->offset + s->count] = fresh;
  ++s->count;
  ++entries_;
}

}  // namespace DDTB_ISA_NS
}  // namespace ddtb::detail
