// DDS 3.1's handle API (include/ddtb/dds_c_api.h): a solver the caller owns,
// its transposition table warm from one call to the next. Each call runs
// SolveBoard's, CalcDDtable's or CalcPar's own code on that solver.
#include <algorithm>
#include <cstdint>
#include <memory>
#include <new>

#include "capi/boundary.hpp"
#include "capi/context.hpp"
#include "capi/convert.hpp"
#include "capi/solve.hpp"
#include "capi/tables.hpp"
#include "ddtb/dds_c_api.h"

namespace ddtb::capi {

namespace {

constexpr std::size_t kMiB = std::size_t{1} << 20;
// DDS 3's table kinds: 0 small, 1 large, 2 pattern. All mean ddtb's table.
constexpr int kMaxTtKind = 2;

bool valid_kind(int kind) {
  return kind >= 0 && kind <= kMaxTtKind;
}

// The table's start and cap in bytes (SolverOptions' two sizes).
struct TableSizes {
  std::size_t start = 0;
  std::size_t cap = 0;
  friend bool operator==(const TableSizes&, const TableSizes&) = default;
};

// DDS's sizes in MiB: 0 or less, ddtb's default; a cap below the start is
// raised to it. A size beyond the address space cannot be had.
TableSizes sizes_of(int def_mb, int max_mb) {
  const auto bytes = [](int mb, std::size_t fallback) {
    if (mb <= 0) return fallback;
    if (static_cast<std::uint64_t>(mb) > SIZE_MAX / kMiB) throw std::bad_alloc();
    return static_cast<std::size_t>(mb) * kMiB;
  };
  const SolverOptions defaults;
  TableSizes t;
  t.start = bytes(def_mb, defaults.tt_memory_bytes);
  t.cap = std::max(bytes(max_mb, defaults.tt_max_memory_bytes), t.start);
  return t;
}

// What a DDS_C_SOLVER_CTX points to. Not thread-safe, as the header says.
class SolverHandle {
 public:
  // Builds the solver at once, so that creation fails (throws) when its
  // memory cannot be had.
  explicit SolverHandle(TableSizes sizes) : sizes_(sizes), solver_(build(sizes)) {}

  // The solver for a call: rebuilt after release(), or when the C API's
  // endgame tables are no longer those it probes.
  Solver& solver() {
    if (!solver_ || solver_->options().tablebase != context().tablebase()) solver_ = build(sizes_);
    return *solver_;
  }

  // New sizes; the same sizes keep the table as it is. The new solver is
  // built before the old one goes: a failure leaves the handle unchanged.
  void resize(TableSizes sizes) {
    if (sizes == sizes_) return;
    solver_ = build(sizes);
    sizes_ = sizes;
  }

  void release() { solver_.reset(); }

  void empty_table() {
    if (solver_) solver_->clear();
  }

 private:
  static std::unique_ptr<Solver> build(TableSizes sizes) {
    SolverOptions o;
    o.tt_memory_bytes = sizes.start;
    o.tt_max_memory_bytes = sizes.cap;
    o.tablebase = context().tablebase();
    return std::make_unique<Solver>(o);
  }

  TableSizes sizes_;
  std::unique_ptr<Solver> solver_;
};

SolverHandle* handle_of(DDS_C_SOLVER_CTX ctx) {
  return static_cast<SolverHandle*>(ctx);
}

DDS_C_SOLVER_CTX create(int tt_kind, int def_mb, int max_mb) noexcept {
  try {
    if (!valid_kind(tt_kind)) return nullptr;
    return new SolverHandle(sizes_of(def_mb, max_mb));
  } catch (...) {
    return nullptr;
  }
}

// Runs `body` with the handle's solver once the handle and every pointer
// the call needs are known to be there.
template <class Body>
int with_solver(DDS_C_SOLVER_CTX ctx, bool pointers_given, Body&& body) noexcept {
  return guarded([&] {
    if (!ctx || !pointers_given) return RETURN_UNKNOWN_FAULT;
    return body(handle_of(ctx)->solver());
  });
}

}  // namespace

}  // namespace ddtb::capi

namespace capi = ddtb::capi;
using capi::with_solver;
using ddtb::Solver;

DDS_C_SOLVER_CTX dds_c_create_solvercontext_default(void) {
  return capi::create(0, 0, 0);
}

DDS_C_SOLVER_CTX dds_c_create_solvercontext(int tt_kind, int def_mb, int max_mb) {
  return capi::create(tt_kind, def_mb, max_mb);
}

void dds_c_destroy_solvercontext(DDS_C_SOLVER_CTX ctx) {
  delete capi::handle_of(ctx);  // the destructors do not throw
}

int dds_c_solve_board(DDS_C_SOLVER_CTX ctx, const deal* dl, int target, int solutions, int mode,
                      futureTricks* futp) {
  return with_solver(ctx, dl && futp, [&](Solver& s) {
    return capi::solve_board(*dl, target, solutions, mode, futp, s);
  });
}

int dds_c_solve_board_pbn(DDS_C_SOLVER_CTX ctx, const dealPBN* dlpbn, int target, int solutions,
                          int mode, futureTricks* futp) {
  return with_solver(ctx, dlpbn && futp, [&](Solver& s) {
    deal dl{};
    if (const int rc = capi::to_binary(*dlpbn, dl); rc != RETURN_NO_FAULT) return rc;
    return capi::solve_board(dl, target, solutions, mode, futp, s);
  });
}

int dds_c_calc_dd_table(DDS_C_SOLVER_CTX ctx, const ddTableDeal* deal, ddTableResults* results) {
  return with_solver(ctx, deal && results, [&](Solver& s) {
    return capi::calc_table(capi::holdings_of(deal->cards), results, s);
  });
}

int dds_c_calc_dd_table_pbn(DDS_C_SOLVER_CTX ctx, const ddTableDealPBN* deal,
                            ddTableResults* results) {
  return with_solver(ctx, deal && results, [&](Solver& s) {
    capi::Holdings h;
    if (const int rc = capi::to_holdings(*deal, h); rc != RETURN_NO_FAULT) return rc;
    return capi::calc_table(h, results, s);
  });
}

int dds_c_calc_par(DDS_C_SOLVER_CTX ctx, const ddTableDeal* deal, int vulnerable,
                   ddTableResults* results, parResults* par) {
  return with_solver(ctx, deal && results && par, [&](Solver& s) {
    if (const int rc = capi::calc_table(capi::holdings_of(deal->cards), results, s);
        rc != RETURN_NO_FAULT)
      return rc;
    return Par(results, par, vulnerable);
  });
}

int dds_c_calc_par_pbn(DDS_C_SOLVER_CTX ctx, const ddTableDealPBN* deal, int vulnerable,
                       ddTableResults* results, parResults* par) {
  return with_solver(ctx, deal && results && par, [&](Solver& s) {
    capi::Holdings h;
    if (const int rc = capi::to_holdings(*deal, h); rc != RETURN_NO_FAULT) return rc;
    if (const int rc = capi::calc_table(h, results, s); rc != RETURN_NO_FAULT) return rc;
    return Par(results, par, vulnerable);
  });
}

void dds_c_configure_tt(DDS_C_SOLVER_CTX ctx, int tt_kind, int def_mb, int max_mb) {
  capi::guarded_void([&] {
    if (ctx && capi::valid_kind(tt_kind))
      capi::handle_of(ctx)->resize(capi::sizes_of(def_mb, max_mb));
  });
}

void dds_c_resize_tt(DDS_C_SOLVER_CTX ctx, int def_mb, int max_mb) {
  capi::guarded_void([&] {
    if (ctx) capi::handle_of(ctx)->resize(capi::sizes_of(def_mb, max_mb));
  });
}

void dds_c_clear_tt(DDS_C_SOLVER_CTX ctx) {
  capi::guarded_void([&] {
    if (ctx) capi::handle_of(ctx)->release();
  });
}

void dds_c_reset_for_solve(DDS_C_SOLVER_CTX ctx) {
  capi::guarded_void([&] {
    if (ctx) capi::handle_of(ctx)->empty_table();
  });
}
