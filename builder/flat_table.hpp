// A small open-addressing hash table for the builder's hot loops. Internal.
//
// Keys and values live inline (no allocation per insert); clear() forgets
// only the slots that were used, so a table that grew large once is cheap to
// reuse for the next partition.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>
#include <utility>
#include <vector>

namespace ddtb::detail::tb {

template <class Key, class Value, class Hash>
class FlatTable {
 public:
  // The value of `key`, or nullptr.
  Value* find(const Key& key) {
    if (slots_.empty()) return nullptr;
    for (std::size_t i = Hash{}(key)&mask_;; i = (i + 1) & mask_) {
      Slot& s = slots_[i];
      if (!s.used) return nullptr;
      if (same(s.key, key)) return &s.value;
    }
  }
  const Value* find(const Key& key) const { return const_cast<FlatTable*>(this)->find(key); }
  // Inserts (key, value) if key is absent; returns whether it was inserted.
  bool insert(const Key& key, const Value& value) { return try_emplace(key, value).second; }
  // The value stored under key (inserting `value` if key is absent), and
  // whether it was inserted.
  std::pair<Value*, bool> try_emplace(const Key& key, const Value& value) {
    if ((used_.size() + 1) * 2 > slots_.size()) grow();
    for (std::size_t i = Hash{}(key)&mask_;; i = (i + 1) & mask_) {
      Slot& s = slots_[i];
      if (!s.used) {
        s.used = true;
        s.key = key;
        s.value = value;
        used_.push_back(static_cast<std::uint32_t>(i));
        return {&s.value, true};
      }
      if (same(s.key, key)) return {&s.value, false};
    }
  }
  // Forgets every key. A table much larger than its last use is shrunk, so
  // that one large partition does not leave the next ones probing a table
  // far bigger than the cache.
  void clear() {
    if (slots_.size() > kShrinkBelow && used_.size() * 16 < slots_.size()) {
      std::vector<Slot>().swap(slots_);
      mask_ = 0;
    } else {
      for (std::uint32_t i : used_) slots_[i].used = false;
    }
    used_.clear();
  }
  std::size_t size() const { return used_.size(); }

 private:
  // Keys without padding whose size is a multiple of 8 bytes are compared
  // word by word (std::array's == would call memcmp).
  static bool same(const Key& a, const Key& b) {
    if constexpr (std::has_unique_object_representations_v<Key> && sizeof(Key) % 8 == 0) {
      std::uint64_t d = 0;
      for (std::size_t i = 0; i < sizeof(Key); i += 8) {
        std::uint64_t x, y;
        std::memcpy(&x, reinterpret_cast<const char*>(&a) + i, 8);
        std::memcpy(&y, reinterpret_cast<const char*>(&b) + i, 8);
        d |= x ^ y;
      }
      return d == 0;
    } else {
      return a == b;
    }
  }
  static constexpr std::size_t kShrinkBelow = std::size_t{1} << 14;
  struct Slot {
    Key key;
    Value value;
    bool used = false;
  };
  void grow() {
    std::vector<Slot> old;
    old.swap(slots_);
    slots_.resize(old.empty() ? 1024 : old.size() * 2);
    mask_ = slots_.size() - 1;
    used_.clear();
    for (const Slot& s : old)
      if (s.used) insert(s.key, s.value);
  }

  std::vector<Slot> slots_;
  std::vector<std::uint32_t> used_;
  std::size_t mask_ = 0;
};

}  // namespace ddtb::detail::tb
