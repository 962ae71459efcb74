// The exact values a Solver found lately, kept so that a solve of a
// position next to one already solved starts from them. Internal.
//
// Positions of one trick of one deal are related: the trick's start and the
// positions after one, two or three of its cards. North-South's tricks
// (counting the trick in progress) are comparable across them, and the seat
// that plays a card chooses among the positions after it: where that seat
// is North or South, a position's value is the largest of its children's,
// else the smallest. So a known parent bounds a position from one side, a
// known child from the other, and a known sibling (another card in the same
// place: another opening lead of the same deal, a robot's next call) is the
// best first guess there is (docs/DESIGN.md, "The driver"). Bounds and
// guesses change which zero-window searches a solve makes, never its answer:
// every kept value is exact.
//
// The memory holds kSlots tricks (deal, strain, leader), each with up to
// kPerTrick positions; a new trick takes the slot of its hash, a full slot
// drops its oldest position.
#pragma once

#include <array>
#include <cstdint>

#include "core/bits.hpp"

namespace ddtb::detail {

class KnownValues {
 public:
  // A position: the hands at the start of its trick (the cards played to
  // it back in their hands), the strain (0..3, 4 no trump), the trick's
  // leader, and the cards played to the trick so far.
  struct Position {
    std::array<Bits, 4> start;
    int trump;
    int leader;
    int played;  // 0..3
    std::array<int, 3> trick;
  };

  // What the kept values say about `p`: North-South's tricks lie in
  // [lower, upper]; `guess` is a sibling's value, or -1.
  struct Hint {
    int lower = 0, upper = 13, guess = -1;
  };

  Hint hint(const Position& p) const {
    Hint h;
    const Slot& s = slots_[index(p)];
    if (!matches(s, p)) {
      // Another leader's value at the start of the same trick of the same
      // deal: a first guess (a change of leader rarely moves the count far).
      if (p.played == 0) {
        const Start& o = starts_[start_index(p)];
        if (o.value >= 0 && o.start == p.start && o.trump == p.trump) h.guess = o.value;
      }
      return h;
    }
    const int seat_before = (p.leader + p.played - 1) & 3;  // played the last card
    const int seat_now = (p.leader + p.played) & 3;         // plays next
    int sibling_at = -1;
    for (int i = 0; i < s.used; ++i) {
      const Known& k = s.known[static_cast<std::size_t>(i)];
      const int rel = relation(k, p);
      if (rel == kSame) {
        h.lower = h.upper = k.value;
        h.guess = k.value;
        return h;
      }
      if (rel == kParent) {
        // The seat of the last card chose p among the parent's children.
        if (is_ns(seat_before))
          h.upper = std::min(h.upper, int(k.value));
        else
          h.lower = std::max(h.lower, int(k.value));
      } else if (rel == kChild) {
        if (is_ns(seat_now))
          h.lower = std::max(h.lower, int(k.value));
        else
          h.upper = std::min(h.upper, int(k.value));
      } else if (rel == kSibling &&
                 (sibling_at < 0 || k.age > s.known[static_cast<std::size_t>(sibling_at)].age)) {
        sibling_at = i;
      }
    }
    if (sibling_at >= 0) h.guess = s.known[static_cast<std::size_t>(sibling_at)].value;
    return h;
  }

  // Keeps `value`, North-South's exact tricks from `p` on.
  void put(const Position& p, int value) {
    if (p.played == 0) {
      Start& o = starts_[start_index(p)];
      o.start = p.start;
      o.trump = static_cast<std::int8_t>(p.trump);
      o.value = static_cast<std::int8_t>(value);
    }
    Slot& s = slots_[index(p)];
    if (!matches(s, p)) {
      s.start = p.start;
      s.trump = static_cast<std::int8_t>(p.trump);
      s.leader = static_cast<std::int8_t>(p.leader);
      s.used = 0;
    }
    Known k;
    k.played = static_cast<std::int8_t>(p.played);
    for (int i = 0; i < 3; ++i)
      k.trick[static_cast<std::size_t>(i)] =
          static_cast<std::int8_t>(i < p.played ? p.trick[static_cast<std::size_t>(i)] : -1);
    k.value = static_cast<std::int8_t>(value);
    k.age = ++clock_;
    for (int i = 0; i < s.used; ++i)
      if (relation(s.known[static_cast<std::size_t>(i)], p) == kSame) {
        s.known[static_cast<std::size_t>(i)] = k;
        return;
      }
    if (s.used < kPerTrick) {
      s.known[static_cast<std::size_t>(s.used++)] = k;
      return;
    }
    int oldest = 0;
    for (int i = 1; i < kPerTrick; ++i)
      if (s.known[static_cast<std::size_t>(i)].age < s.known[static_cast<std::size_t>(oldest)].age)
        oldest = i;
    s.known[static_cast<std::size_t>(oldest)] = k;
  }

  void clear() {
    for (Slot& s : slots_) s.used = 0;
    for (Start& o : starts_) o.value = -1;
  }

 private:
  static constexpr int kSlots = 1024;  // a robot's batch is at most 200 deals
  static constexpr int kPerTrick = 16;

  struct Known {
    std::array<std::int8_t, 3> trick;
    std::int8_t played;
    std::int8_t value;
    std::uint32_t age;
  };
  struct Slot {
    std::array<Bits, 4> start{};
    std::int8_t trump = -1, leader = -1;
    int used = 0;
    std::array<Known, kPerTrick> known{};
  };

  static constexpr bool is_ns(int seat) { return (seat & 1) == 0; }

  enum Relation { kNone, kSame, kParent, kChild, kSibling };
  // How the kept position `k` stands to `p` (same trick assumed).
  static Relation relation(const Known& k, const Position& p) {
    const int n = k.played, m = p.played;
    auto prefix_equal = [&](int len) {
      for (int i = 0; i < len; ++i)
        if (k.trick[static_cast<std::size_t>(i)] != p.trick[static_cast<std::size_t>(i)])
          return false;
      return true;
    };
    if (n == m) {
      if (!prefix_equal(m - 1 < 0 ? 0 : m - 1)) return kNone;
      if (m == 0 ||
          k.trick[static_cast<std::size_t>(m - 1)] == p.trick[static_cast<std::size_t>(m - 1)])
        return kSame;
      return kSibling;
    }
    if (n == m - 1) return prefix_equal(n) ? kParent : kNone;
    if (n == m + 1) return prefix_equal(m) ? kChild : kNone;
    return kNone;
  }

  static std::size_t index(const Position& p) {
    std::uint64_t h = std::uint64_t(p.trump) * 0x9e3779b97f4a7c15ull ^ std::uint64_t(p.leader);
    for (const Bits b : p.start) h = (h ^ b) * 0xbf58476d1ce4e5b9ull;
    return static_cast<std::size_t>((h ^ (h >> 31)) % kSlots);
  }
  static bool matches(const Slot& s, const Position& p) {
    return s.used > 0 && s.start == p.start && s.trump == p.trump && s.leader == p.leader;
  }

  // The last value found at a trick's start, whoever led, per deal and
  // strain.
  struct Start {
    std::array<Bits, 4> start{};
    std::int8_t trump = -1, value = -1;
  };
  static std::size_t start_index(const Position& p) {
    std::uint64_t h = std::uint64_t(p.trump) * 0x9e3779b97f4a7c15ull;
    for (const Bits b : p.start) h = (h ^ b) * 0xbf58476d1ce4e5b9ull;
    return static_cast<std::size_t>((h ^ (h >> 31)) % kStarts);
  }
  static constexpr int kStarts = 256;

  std::array<Slot, kSlots> slots_{};
  std::array<Start, kStarts> starts_{};
  std::uint32_t clock_ = 0;
};

}  // namespace ddtb::detail
