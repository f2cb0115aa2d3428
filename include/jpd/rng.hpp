// A small, fast, reproducible random number generator for playouts and estimators.
//
// xoshiro256** (Blackman & Vigna, 2018) seeded through splitmix64, with Lemire's nearly
// divisionless bounded integers (2019): exact (no modulo bias), one multiplication in the common
// case. The sequence for a seed is fixed by this file: tests and bench signatures depend on it.
#pragma once

#include <cstdint>

#include "jpd/board.hpp"  // detail::splitmix64

namespace jpd {

class Rng {
 public:
  explicit Rng(uint64_t seed = 0) { reseed(seed); }

  void reseed(uint64_t seed) {
    for (uint64_t& w : s_) {
      w = detail::splitmix64(seed);
      seed += 0x9E3779B97F4A7C15ull;
    }
  }

  // 64 random bits.
  uint64_t next() {
    const uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  // Uniform in [0, n), n > 0; exact.
  uint32_t below(uint32_t n) {
    uint64_t m = (next() >> 32) * uint64_t(n);
    uint32_t low = uint32_t(m);
    if (low < n) [[unlikely]] {
      const uint32_t threshold = uint32_t(-n) % n;
      while (low < threshold) {
        m = (next() >> 32) * uint64_t(n);
        low = uint32_t(m);
      }
    }
    return uint32_t(m >> 32);
  }

  // Uniform in [0, 1).
  double uniform() { return double(next() >> 11) * 0x1.0p-53; }

  friend bool operator==(const Rng&, const Rng&) = default;

 private:
  static constexpr uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  uint64_t s_[4];
};

// The seed of the k-th independent task of a run with the given master seed (playout k of a
// benchmark, worker k of an estimator): results depend on (master, k) only, never on which
// thread ran task k.
constexpr uint64_t derive_seed(uint64_t master, uint64_t k) {
  return detail::splitmix64(master ^ detail::splitmix64(k ^ 0xD1B54A32D192ED03ull));
}

}  // namespace jpd
