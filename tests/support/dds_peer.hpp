// The reference solver, Debian's libdds (DDS 2.9.0), loaded at run time.
//
// Why dlopen and not -ldds: libddtb's DDS-compatible C API exports the same
// C names as libdds (SolveBoard, CalcDDtable, ...). Linked normally, the
// dynamic linker would bind every call to whichever library comes first and a
// "differential" test could end up comparing ddtb with itself. The peer loads
// libdds with RTLD_LOCAL | RTLD_DEEPBIND, so its symbols stay out of the global
// namespace and its own internal calls bind inside it, and fetches each entry
// point with dlsym on that handle. It then checks GetDDSInfo says 2.9.0.
//
// DDS keeps process-wide state (thread memory, its TT), so one DdsPeer per
// process is the intended use: DdsPeer::shared() loads it once. A DdsPeer is
// not thread-safe; it always calls DDS as thread 0, configured for 1 thread.
//
// Errors (library missing, symbol missing, wrong version, a DDS error code)
// throw DdsPeerError with a message naming the library path and the call.
#pragma once

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "ddtb/position.hpp"
#include "ddtb/solver.hpp"

namespace ddtb::test {

// The libdds found at configure time (tests/dds.cmake).
extern const char* const kLibddsPath;

class DdsPeerError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// What the loaded library says about itself (GetDDSInfo).
struct DdsInfo {
  int major = 0, minor = 0, patch = 0;
  std::string version;  // "2.9.0"
  int threads = 0;      // threads DDS configured
  std::string system;   // DDS's multi-line system description
};

// One SolveBoard answer in ddtb's types, plus DDS's node count.
struct DdsSolve {
  SolveResult result;  // cards in DDS's order; `tricks` is the best score
  int nodes = 0;       // futureTricks.nodes
};

class DdsPeer {
 public:
  // Loads libdds from `path` and configures it for one thread. `max_memory_mb`
  // goes to SetResources: 0 lets DDS choose its default memory.
  explicit DdsPeer(const std::string& path = kLibddsPath, int max_memory_mb = 0);
  ~DdsPeer();
  DdsPeer(const DdsPeer&) = delete;
  DdsPeer& operator=(const DdsPeer&) = delete;

  // The process-wide peer, loaded from kLibddsPath on first use (throws then
  // if loading fails, and again on every later call).
  static DdsPeer& shared();

  // CalcDDtable. Only meaningful for full deals: DDS 2.9's CalcDDtable gives
  // wrong tables for deals of fewer than 52 cards, so use solve_board there.
  DdTable dd_table(const Deal& deal);

  // SolveBoard(target = -1, solutions = 3, mode = 1): every legal card (or run
  // of equivalent cards, lower ones in `equals`) with its score for the side
  // to play, this trick included.
  DdsSolve solve_board(const Position& position);

  // Frees DDS's thread memory (FreeMemory); DDS reallocates on the next call.
  void free_memory();

  // Any other entry point of the loaded libdds by its C name, checked to
  // come from that library like the ones above (throws DdsPeerError if
  // missing). For tests of the C API, which cast it to the function type of
  // include/ddtb/dll.h (same layouts: tests/capi_layout_test.cpp).
  void* symbol(const char* name) const;

  const DdsInfo& info() const { return info_; }
  const std::string& version() const { return info_.version; }
  const std::string& path() const { return path_; }

 private:
  struct Api;
  [[noreturn]] void fail_call(const char* call, int code) const;

  std::string path_;
  void* handle_ = nullptr;
  Api* api_ = nullptr;
  DdsInfo info_;
};

// Score of every card of a solve result, expanded from its runs: entry
// Card::index() is the tricks for that card, -1 for a card not listed. Both
// solvers group equivalent cards, but may group them differently; comparing
// per card is independent of the grouping and of the order within ties.
std::array<int, 64> per_card_scores(const SolveResult& result);

}  // namespace ddtb::test
