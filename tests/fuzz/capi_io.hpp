// The input layout of the C API fuzz target, written once for both
// directions: a FieldReader fills the DDS structs from the fuzzer's bytes,
// a FieldWriter turns structs into bytes (the seed writer's corpus). The
// io_* templates name every field in order, so the two cannot drift apart.
//
// Integers that are parameters (trump, target, vulnerability...) take one
// byte that lands near the parameter's valid range (Bytes::near), or 0xff and
// any 32-bit value; holdings are full 32-bit words; strings are their
// fixed-size arrays, byte for byte (not necessarily NUL-terminated).
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "ddtb/dll.h"
#include "tests/fuzz/fuzz_check.hpp"

namespace ddtb::fuzz {

// The functions under test, one per leading byte (modulo kOpCount).
enum class Op : std::uint8_t {
  kSolveBoard,
  kSolveBoardPbn,
  kCalcDdTable,
  kCalcDdTablePbn,
  kCalcPar,
  kCalcParPbn,
  kParFamily,  // Par, DealerPar, DealerParBin, SidesPar, SidesParBin, text converters
  kConvertText,
  kAnalysePlayBin,
  kAnalysePlayPbn,
  kCalcAllTables,
  kCalcAllTablesPbn,
  kSolveAllBin,
  kSolveAllPbn,
  kAnalyseAllBin,
  kAnalyseAllPbn,
  kMessages,  // ErrorMessage, GetDDSInfo
  kOpCount
};

// Boards filled from the input in a batch call; the count passed may be
// anything (the rest of the batch is zero).
inline constexpr int kMaxBatch = 3;

class FieldReader {
 public:
  explicit FieldReader(Bytes& in) : in_(in) {}
  void near(int& v, int lo, int hi) { v = in_.near(lo, hi); }
  void word(unsigned& v) { v = in_.u32(); }
  void text(char* p, std::size_t n) { in_.fill(p, n); }

 private:
  Bytes& in_;
};

class FieldWriter {
 public:
  explicit FieldWriter(std::vector<std::uint8_t>& out) : out_(out) {}
  void near(int& v, int lo, int hi) {
    // The inverse of Bytes::near.
    if (v >= lo - 2 && v <= hi + 2 && v - lo + 2 < 0xff) {
      out_.push_back(static_cast<std::uint8_t>(v - lo + 2));
    } else {
      out_.push_back(0xff);
      put32(static_cast<std::uint32_t>(v));
    }
  }
  void word(unsigned& v) { put32(v); }
  void text(char* p, std::size_t n) { out_.insert(out_.end(), p, p + n); }

 private:
  void put32(std::uint32_t v) {
    for (int i = 0; i < 4; ++i) out_.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
  }
  std::vector<std::uint8_t>& out_;
};

// The fields of a position shared by deal and dealPBN.
template <class IO, class D>
void io_trick(IO& io, D& d) {
  io.near(d.trump, 0, 4);
  io.near(d.first, 0, 3);
  for (int k = 0; k < 3; ++k) {
    io.near(d.currentTrickSuit[k], 0, 3);
    io.near(d.currentTrickRank[k], 0, 14);
  }
}

template <class IO>
void io_deal(IO& io, deal& d) {
  io_trick(io, d);
  for (auto& hand : d.remainCards)
    for (unsigned& h : hand) io.word(h);
}

template <class IO>
void io_deal(IO& io, dealPBN& d) {
  io_trick(io, d);
  io.text(d.remainCards, sizeof d.remainCards);
}

template <class IO>
void io_table_deal(IO& io, ddTableDeal& d) {
  for (auto& hand : d.cards)
    for (unsigned& h : hand) io.word(h);
}

template <class IO>
void io_table_deal(IO& io, ddTableDealPBN& d) {
  io.text(d.cards, sizeof d.cards);
}

template <class IO>
void io_play(IO& io, playTraceBin& p) {
  io.near(p.number, 0, 52);
  const int n = std::clamp(p.number, 0, 52);
  for (int i = 0; i < n; ++i) {
    io.near(p.suit[i], 0, 3);
    io.near(p.rank[i], 2, 14);
  }
}

template <class IO>
void io_play(IO& io, playTracePBN& p) {
  io.near(p.number, 0, 52);
  io.text(p.cards, sizeof p.cards);
}

// SolveBoard's other parameters.
struct SolveParams {
  int target = -1, solutions = 3, mode = 1;
};

template <class IO>
void io_params(IO& io, SolveParams& p) {
  io.near(p.target, -1, 13);
  io.near(p.solutions, 1, 3);
  io.near(p.mode, 0, 2);
}

template <class IO>
void io_results(IO& io, ddTableResults& t) {
  for (auto& row : t.resTable)
    for (int& v : row) io.near(v, 0, 13);
}

template <class IO>
void io_master(IO& io, parResultsMaster& m) {
  io.near(m.score, -120, 120);  // bigger scores through 0xff
  io.near(m.number, 0, 10);
  for (contractType& c : m.contracts) {
    io.near(c.underTricks, 0, 13);
    io.near(c.overTricks, 0, 6);
    io.near(c.level, 1, 7);
    io.near(c.denom, 0, 4);
    io.near(c.seats, 0, 5);
  }
}

}  // namespace ddtb::fuzz
