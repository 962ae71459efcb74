// The one seeded pseudo-random generator of ddtb: xoshiro256**, seeded
// through splitmix64.
//
// Ours rather than <random>'s engines and distributions, whose output
// differs between standard libraries: a seed printed by a test, a sample
// estimate or a generated benchmark file must give the same numbers on every
// machine. Not for cryptography.
#pragma once

#include <cstdint>

namespace ddtb {

class Rng {
 public:
  explicit Rng(std::uint64_t seed) {
    for (std::uint64_t& s : s_) s = splitmix64(seed);
  }

  std::uint64_t next() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  // Uniform in [0, n), n > 0 (rejection sampling, no modulo bias).
  std::uint32_t below(std::uint32_t n) {
    const std::uint64_t limit = (std::uint64_t{1} << 32) - ((std::uint64_t{1} << 32) % n);
    for (;;) {
      const std::uint64_t x = next() >> 32;
      if (x < limit) return static_cast<std::uint32_t>(x % n);
    }
  }

  // Uniform in [0, n), n > 0, for counts beyond 32 bits.
  std::uint64_t below64(std::uint64_t n) {
    const std::uint64_t limit = -n % n;  // 2^64 mod n: the values to reject
    for (;;) {
      const std::uint64_t x = next();
      if (x >= limit) return x % n;
    }
  }

  // One step of splitmix64 on `state`: a well-mixed 64-bit value for
  // consecutive states (the seeding of this generator).
  static std::uint64_t splitmix64(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }

 private:
  static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

  std::uint64_t s_[4];
};

}  // namespace ddtb
