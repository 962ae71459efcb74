#include "capi/context.hpp"

#include <algorithm>
#include <cstdlib>
#include <thread>

namespace ddtb::capi {

namespace {

constexpr std::size_t kMiB = std::size_t{1} << 20;

int hardware_threads() {
  const unsigned n = std::thread::hardware_concurrency();
  return std::clamp(static_cast<int>(n), 1, kMaxThreads);
}

}  // namespace

Context::Context() : cores_(hardware_threads()) {
  threads_ = cores_;
  for (auto& slot : slots_) slot = std::make_unique<Slot>();
}

int Context::threads() const {
  std::lock_guard lock(mutex_);
  return threads_;
}

void Context::set_threads(int requested) {
  std::lock_guard lock(mutex_);
  threads_ = requested <= 0 ? cores_ : std::min(requested, cores_);
}

int Context::batch_threads(int requested) const {
  std::lock_guard lock(mutex_);
  return requested <= 0 ? threads_ : std::min(requested, cores_);
}

void Context::set_resources(int max_memory_mb, int max_threads) {
  {
    std::lock_guard lock(mutex_);
    memory_mb_ = std::max(max_memory_mb, 0);
    ++generation_;
    idle_.clear();
  }
  set_threads(max_threads);
}

int Context::memory_mb() const {
  std::lock_guard lock(mutex_);
  return memory_mb_;
}

int Context::threading() const {
  std::lock_guard lock(mutex_);
  return threading_;
}

void Context::set_threading(int code) {
  std::lock_guard lock(mutex_);
  threading_ = code == 0 ? kThreadingStl : code;
}

void Context::free_memory() {
  std::vector<std::unique_ptr<Solver>> dropped;
  {
    std::lock_guard lock(mutex_);
    ++generation_;
    dropped.swap(idle_);
  }
  // Thread solvers in use finish their call and are rebuilt on the next one
  // (their generation is old); idle ones are released now.
  for (auto& slot : slots_) {
    std::unique_lock lock(slot->mutex, std::try_to_lock);
    if (lock.owns_lock()) slot->solver.reset();
  }
}

void Context::set_tablebase(std::shared_ptr<const Tablebase> tables, std::string dir) {
  std::lock_guard lock(mutex_);
  defaults_read_ = true;  // an explicit choice wins over the default tables
  tablebase_ = std::move(tables);
  tablebase_dir_ = tablebase_ ? std::move(dir) : std::string();
  ++generation_;
  idle_.clear();
}

void Context::find_default_tables_locked() {
  if (defaults_read_) return;
  defaults_read_ = true;
  // The search path every front end shares (DDTB_TABLEBASE, the per-user
  // directory, the installed one). Its warnings are dropped: a library must
  // not print or fail because of its environment, and tables that are not
  // usable are not used; SetTablebasePath() reports errors.
  DefaultTablebase found = Tablebase::find_default();
  tablebase_ = std::move(found.tables);
  tablebase_dir_ = std::move(found.dir);
}

std::shared_ptr<const Tablebase> Context::tablebase() {
  std::lock_guard lock(mutex_);
  find_default_tables_locked();
  return tablebase_;
}

std::string Context::tablebase_dir() {
  std::lock_guard lock(mutex_);
  find_default_tables_locked();
  return tablebase_dir_;
}

SolverOptions Context::solver_options(std::uint64_t& generation) {
  std::lock_guard lock(mutex_);
  find_default_tables_locked();
  SolverOptions o;
  // As DDS: maxMemoryMB is shared among the threads, and each solver's
  // table may grow to its share (from the default size, or from the share
  // when that is smaller).
  if (memory_mb_ > 0) {
    o.tt_max_memory_bytes = std::max(static_cast<std::size_t>(memory_mb_) * kMiB /
                                         static_cast<std::size_t>(std::max(threads_, 1)),
                                     kMinTtMemoryBytes);
    o.tt_memory_bytes = std::min(o.tt_memory_bytes, o.tt_max_memory_bytes);
  }
  o.tablebase = tablebase_;
  generation = generation_;
  return o;
}

void Context::with_thread_solver(int index, const std::function<void(Solver&)>& fn) {
  Slot& slot = *slots_[index];
  std::lock_guard lock(slot.mutex);
  std::uint64_t current = 0;
  {
    std::lock_guard config(mutex_);
    current = generation_;
  }
  if (!slot.solver || slot.generation != current) {
    std::uint64_t gen = 0;
    const SolverOptions o = solver_options(gen);
    slot.solver = std::make_unique<Solver>(o);
    slot.generation = gen;
  }
  fn(*slot.solver);
}

Context::Lease Context::lease_solver() {
  {
    std::lock_guard lock(mutex_);
    if (!idle_.empty()) {
      auto s = std::move(idle_.back());
      idle_.pop_back();
      return Lease(*this, std::move(s), generation_);
    }
  }
  std::uint64_t gen = 0;
  const SolverOptions o = solver_options(gen);
  return Lease(*this, std::make_unique<Solver>(o), gen);
}

Context::Lease::~Lease() {
  std::lock_guard lock(context_.mutex_);
  // Keep at most one idle solver per configured thread; drop stale ones.
  if (generation_ == context_.generation_ &&
      static_cast<int>(context_.idle_.size()) < context_.threads_)
    context_.idle_.push_back(std::move(solver_));
}

Context& context() {
  static Context c;
  return c;
}

}  // namespace ddtb::capi
