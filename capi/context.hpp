// The C API's process-wide state: the thread configuration, the solvers and
// the endgame tables.
//
// Why a singleton: DDS's interface is a set of free C functions whose
// configuration (SetMaxThreads, SetResources, a solver per threadIndex)
// outlives any call, so some state has to live in the process. It is kept in
// this one object, behind one mutex for the configuration and one per
// solver, and every function of the C API reaches it through context().
//
// Solvers: one per threadIndex for SolveBoard/AnalysePlay* (DDS keeps a
// transposition table per thread index and so do we), and a pool for the
// batch functions, each worker checking one out for the length of the call.
// A change of configuration (memory, tables, FreeMemory) bumps a generation
// number; solvers of an older generation are rebuilt on their next use.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "ddtb/solver.hpp"
#include "ddtb/tablebase.hpp"

namespace ddtb::capi {

// The most threads (and thread indexes) ever configured.
inline constexpr int kMaxThreads = 64;

// DDS's "threading" codes that a caller may select with SetThreading();
// all of them run on our std::thread workers.
inline constexpr int kThreadingStl = 5;

class Context {
 public:
  Context();

  // Threads for batch calls and the size of the threadIndex range.
  int threads() const;
  // SetMaxThreads(): <= 0 means one per core; never more than the cores.
  void set_threads(int requested);
  // Threads for one batch call given its own cap (the maxThreads of
  // DDS 3's *N and *X calls): <= 0 means threads(); otherwise the cap, but
  // never more than the cores, as SetMaxThreads().
  int batch_threads(int requested) const;
  // SetResources(): memory shared by the solvers (0: the default).
  void set_resources(int max_memory_mb, int max_threads);
  int memory_mb() const;
  int threading() const;
  void set_threading(int code);
  // FreeMemory(): drops every solver (rebuilt on next use).
  void free_memory();

  // The endgame tables every new solver gets (nullptr: none), and the
  // directory they came from. The first call of tablebase(),
  // tablebase_dir(), with_thread_solver() or lease_solver() looks for the
  // default tables (Tablebase::find_default: DDTB_TABLEBASE, the per-user
  // directory, the installed one) unless set_tablebase() came first.
  void set_tablebase(std::shared_ptr<const Tablebase> tables, std::string dir);
  std::shared_ptr<const Tablebase> tablebase();
  std::string tablebase_dir();

  // Runs fn with the solver of thread index `index` (0 .. threads()-1),
  // holding it exclusively. The caller checks the range.
  void with_thread_solver(int index, const std::function<void(Solver&)>& fn);

  // A solver from the pool, returned to it on destruction.
  class Lease {
   public:
    Lease(Context& c, std::unique_ptr<Solver> s, std::uint64_t gen)
        : context_(c), solver_(std::move(s)), generation_(gen) {}
    ~Lease();
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;
    Solver& operator*() { return *solver_; }

   private:
    Context& context_;
    std::unique_ptr<Solver> solver_;
    std::uint64_t generation_;
  };
  Lease lease_solver();

 private:
  struct Slot {
    std::mutex mutex;
    std::unique_ptr<Solver> solver;
    std::uint64_t generation = 0;
  };

  // Options for a new solver and the generation they belong to; looks for
  // the default tables on first use. Takes mutex_.
  SolverOptions solver_options(std::uint64_t& generation);
  void find_default_tables_locked();

  mutable std::mutex mutex_;
  int threads_ = 1;
  int cores_ = 1;
  int memory_mb_ = 0;
  int threading_ = kThreadingStl;
  std::uint64_t generation_ = 1;
  bool defaults_read_ = false;
  std::shared_ptr<const Tablebase> tablebase_;
  std::string tablebase_dir_;
  std::vector<std::unique_ptr<Solver>> idle_;
  std::unique_ptr<Slot> slots_[kMaxThreads];
};

Context& context();

}  // namespace ddtb::capi
