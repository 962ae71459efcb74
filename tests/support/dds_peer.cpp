#include "tests/support/dds_peer.hpp"

#include <dlfcn.h>
#include <limits.h>
#include <link.h>
#include <stdlib.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <iostream>
#include <memory>
#include <mutex>

// Declarations only: every DDS function is reached through dlsym, never
// linked. decltype(&::SolveBoard) below is unevaluated and needs no symbol.
#include <dds/dll.h>

#ifndef DDTB_LIBDDS_PATH
#error "DDTB_LIBDDS_PATH must name the reference libdds (set by tests/dds.cmake)"
#endif

// RTLD_DEEPBIND makes libdds's internal calls bind to its own definitions
// even when the process already exports the same names (our C API). The
// sanitizer runtimes refuse RTLD_DEEPBIND, so sanitized builds go without it;
// the peer's own check below (each entry point lives in the file we opened)
// still guards the calls the tests make.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define DDTB_PEER_DEEPBIND 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define DDTB_PEER_DEEPBIND 0
#endif
#endif
#ifndef DDTB_PEER_DEEPBIND
#define DDTB_PEER_DEEPBIND RTLD_DEEPBIND
#endif

namespace ddtb::test {

const char* const kLibddsPath = DDTB_LIBDDS_PATH;

// The entry points we use, typed from dll.h so that a layout or signature
// mismatch is a compile error here rather than a crash at run time.
struct DdsPeer::Api {
  decltype(&::SetResources) set_resources = nullptr;
  decltype(&::GetDDSInfo) get_dds_info = nullptr;
  decltype(&::FreeMemory) free_memory = nullptr;
  decltype(&::SolveBoard) solve_board = nullptr;
  decltype(&::CalcDDtable) calc_dd_table = nullptr;
  decltype(&::ErrorMessage) error_message = nullptr;
};

namespace {

constexpr int kDdsMajor = 2;
constexpr int kDdsMinor = 9;
constexpr int kDdsPatch = 0;

std::string real_path(const std::string& p) {
  char buf[PATH_MAX];
  return ::realpath(p.c_str(), buf) ? std::string(buf) : p;
}

template <class Fn>
void resolve(void* handle, const std::string& path, const char* name, Fn& out) {
  ::dlerror();
  void* sym = ::dlsym(handle, name);
  if (const char* err = ::dlerror(); err || !sym)
    throw DdsPeerError("libdds peer: " + path + " has no symbol " + name +
                       (err ? std::string(" (") + err + ")" : std::string()));
  // The symbol must come from the object we opened, not from another library
  // exporting the same C name (our own C API, say). The loader's name for the
  // object is a full path even when `path` is a bare soname.
  const link_map* opened = nullptr;
  Dl_info where{};
  if (::dlinfo(handle, RTLD_DI_LINKMAP, &opened) != 0 || !opened || !::dladdr(sym, &where) ||
      !where.dli_fname || real_path(where.dli_fname) != real_path(opened->l_name))
    throw DdsPeerError(std::string("libdds peer: ") + name + " resolved to " +
                       (where.dli_fname ? where.dli_fname : "an unknown object") + ", not to " +
                       path);
  out = reinterpret_cast<Fn>(sym);
}

::deal to_dds(const Position& p) {
  ::deal d{};
  d.trump = to_int(p.trump());
  d.first = to_int(p.leader());
  for (int i = 0; i < p.trick_size(); ++i) {
    d.currentTrickSuit[i] = to_int(p.trick_card(i).suit);
    d.currentTrickRank[i] = p.trick_card(i).rank;
  }
  for (int h = 0; h < 4; ++h)
    for (int s = 0; s < 4; ++s) d.remainCards[h][s] = p.hands()[h].holding(suit_from_int(s));
  return d;
}

// DDS 2.9.0 crashes at exit when it was loaded with dlopen: its ELF
// destructor calls FreeMemory(), which walks the thread memory of its global
// `Memory` object, but that object's C++ destructor was registered with
// atexit after the loader's own exit hook and so has already run (a use after
// free; a program linked with -ldds runs them in the other order). So once
// libdds is loaded, exit ends here instead: flush our output and _exit with
// the status exit() was given, before the loader reaches DDS's destructor.
// Exit handlers registered before the first load (none of ours) are skipped.
void exit_before_dds_destructor(int status, void*) {
  std::cout.flush();
  std::cerr.flush();
  std::clog.flush();
  std::fflush(nullptr);
  ::_exit(status);
}

void guard_exit_once() {
  static std::once_flag once;
  std::call_once(once, [] { ::on_exit(exit_before_dds_destructor, nullptr); });
}

}  // namespace

DdsPeer::DdsPeer(const std::string& path, int max_memory_mb) : path_(path) {
  handle_ = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL | DDTB_PEER_DEEPBIND);
  if (!handle_) {
    const char* err = ::dlerror();
    throw DdsPeerError("libdds peer: cannot load " + path + ": " + (err ? err : "unknown error") +
                       " (install libdds0 / libdds-dev: scripts/install-deps.sh)");
  }
  guard_exit_once();
  auto api = std::make_unique<Api>();
  resolve(handle_, path_, "SetResources", api->set_resources);
  resolve(handle_, path_, "GetDDSInfo", api->get_dds_info);
  resolve(handle_, path_, "FreeMemory", api->free_memory);
  resolve(handle_, path_, "SolveBoard", api->solve_board);
  resolve(handle_, path_, "CalcDDtable", api->calc_dd_table);
  resolve(handle_, path_, "ErrorMessage", api->error_message);

  // One thread, as ddtb's Solver: the comparisons are per thread.
  api->set_resources(max_memory_mb, 1);

  ::DDSInfo raw{};
  api->get_dds_info(&raw);
  info_.major = raw.major;
  info_.minor = raw.minor;
  info_.patch = raw.patch;
  info_.version.assign(raw.versionString, strnlen(raw.versionString, sizeof raw.versionString));
  info_.threads = raw.noOfThreads;
  info_.system.assign(raw.systemString, strnlen(raw.systemString, sizeof raw.systemString));
  if (raw.major != kDdsMajor || raw.minor != kDdsMinor || raw.patch != kDdsPatch)
    throw DdsPeerError("libdds peer: " + path_ + " reports DDS version " + info_.version + " (" +
                       std::to_string(raw.major) + "." + std::to_string(raw.minor) + "." +
                       std::to_string(raw.patch) + "); the reference is DDS 2.9.0");
  api_ = api.release();
}

DdsPeer::~DdsPeer() {
  if (api_) api_->free_memory();
  delete api_;
  // No dlclose: DDS's static destructors and its worker-thread bookkeeping are
  // not meant to run mid-process; the loader releases the library at exit.
}

DdsPeer& DdsPeer::shared() {
  static DdsPeer peer;
  return peer;
}

void DdsPeer::fail_call(const char* call, int code) const {
  char line[80] = {};
  api_->error_message(code, line);
  throw DdsPeerError(std::string("libdds peer: ") + call + " returned " + std::to_string(code) +
                     " (" + line + ")");
}

DdTable DdsPeer::dd_table(const Deal& deal) {
  ::ddTableDeal in{};
  for (int h = 0; h < 4; ++h)
    for (int s = 0; s < 4; ++s) in.cards[h][s] = deal.hands()[h].holding(suit_from_int(s));
  ::ddTableResults out{};
  if (const int rc = api_->calc_dd_table(in, &out); rc != RETURN_NO_FAULT)
    fail_call("CalcDDtable", rc);
  // resTable[strain][hand] is DdTable's own layout.
  DdTable t;
  for (int s = 0; s < 5; ++s)
    for (int h = 0; h < 4; ++h) t.tricks[s][h] = out.resTable[s][h];
  return t;
}

DdsSolve DdsPeer::solve_board(const Position& position) {
  constexpr int kTargetMax = -1;  // find the most tricks
  constexpr int kAllCards = 3;    // score every legal card
  constexpr int kAlwaysSearch = 1;
  ::futureTricks fut{};
  if (const int rc =
          api_->solve_board(to_dds(position), kTargetMax, kAllCards, kAlwaysSearch, &fut, 0);
      rc != RETURN_NO_FAULT)
    fail_call("SolveBoard", rc);
  DdsSolve out;
  out.nodes = fut.nodes;
  for (int i = 0; i < fut.cards; ++i) {
    const Card c{suit_from_int(fut.suit[i]), static_cast<std::uint8_t>(fut.rank[i])};
    out.result.cards.push_back(
        CardScore{c, static_cast<std::uint16_t>(fut.equals[i]), fut.score[i]});
  }
  out.result.tricks = fut.cards > 0 ? fut.score[0] : 0;
  return out;
}

void DdsPeer::free_memory() {
  api_->free_memory();
}

void* DdsPeer::symbol(const char* name) const {
  void* sym = nullptr;
  resolve(handle_, path_, name, sym);
  return sym;
}

std::array<int, 64> per_card_scores(const SolveResult& result) {
  std::array<int, 64> scores;
  scores.fill(-1);
  for (const CardScore& cs : result.cards) {
    scores[cs.card.index()] = cs.tricks;
    for (int r = kMinRank; r <= kMaxRank; ++r)
      if (cs.equals & (1u << r))
        scores[Card{cs.card.suit, static_cast<std::uint8_t>(r)}.index()] = cs.tricks;
  }
  return scores;
}

}  // namespace ddtb::test
