// What the fuzz targets share: a check that turns a broken property into a
// crash libFuzzer reports (with the input that caused it), and a small
// reader that carves typed values out of the fuzzer's bytes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <span>
#include <string>

// A property of the code under test that the input broke: print it and abort,
// which libFuzzer (or the replay driver) reports as a crash of this input.
#define DDTB_FUZZ_CHECK(cond, what)                                                         \
  do {                                                                                      \
    if (!(cond)) {                                                                          \
      std::fprintf(stderr, "%s:%d: fuzz check failed: %s: %s\n", __FILE__, __LINE__, #cond, \
                   std::string(what).c_str());                                              \
      std::abort();                                                                         \
    }                                                                                       \
  } while (0)

namespace ddtb::fuzz {

// Reads little-endian integers and byte strings from the front of the
// input; past the end everything reads as zero (so every input is valid).
class Bytes {
 public:
  Bytes(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}

  bool empty() const { return pos_ >= size_; }
  std::size_t left() const { return size_ - pos_; }

  std::uint8_t u8() { return pos_ < size_ ? data_[pos_++] : 0; }
  // (Operands of | are unsequenced: read the low part first, explicitly.)
  std::uint16_t u16() {
    const unsigned lo = u8();
    return static_cast<std::uint16_t>(lo | unsigned{u8()} << 8);
  }
  std::uint32_t u32() {
    const std::uint32_t lo = u16();
    return lo | std::uint32_t{u16()} << 16;
  }
  std::uint64_t u64() {
    const std::uint64_t lo = u32();
    return lo | std::uint64_t{u32()} << 32;
  }
  std::int32_t i32() { return static_cast<std::int32_t>(u32()); }
  // A small signed int, usually in [lo, hi] (a parameter's range and a
  // little around it), sometimes any 32-bit value: most inputs then test the
  // edges of a range rather than values far from it.
  int near(int lo, int hi) {
    const std::uint8_t b = u8();
    if (b == 0xff) return i32();
    return lo - 2 + b % (hi - lo + 5);
  }
  // Up to n bytes into dst (the rest zero).
  void fill(void* dst, std::size_t n) {
    const std::size_t k = n < left() ? n : left();
    if (k) std::memcpy(dst, data_ + pos_, k);
    std::memset(static_cast<char*>(dst) + k, 0, n - k);
    pos_ += k;
  }
  // The rest of the input.
  std::span<const std::uint8_t> rest() {
    const auto r = std::span<const std::uint8_t>(data_ + pos_, left());
    pos_ = size_;
    return r;
  }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t pos_ = 0;
};

}  // namespace ddtb::fuzz
