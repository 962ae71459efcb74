// ddsolve's single-dummy mode (include/ddtb/single_dummy.hpp): a deal with
// hidden hands ('-') or known cards (--known), constraints on the hidden
// hands (--hcp, --length, --lacks), --samples and --seed; prints each
// contract's odds, or with --lead each opening lead's, as text or JSON.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cli/script_option.hpp"
#include "ddtb/expected.hpp"
#include "ddtb/single_dummy.hpp"

namespace ddtb::cli {

struct Options;

// The single-dummy options as given ("SEAT:VALUE" each, repeatable).
struct SingleDummyArgs {
  bool asked = false;  // any of them, or a --deal with a hand given as '-'
  std::vector<std::string> known, lacks, hcp, length;
  int samples = 1000;
  std::uint64_t seed = 1;
  std::optional<std::string> lead;  // --lead CONTRACT (with its declarer)
  std::optional<ScriptArg> script;  // --constraints FILE or --where EXPR (cli/script_option.hpp)
  // The paired comparison (cli/comparison.hpp): --paired with --lead, and
  // --compare CONTRACT,CONTRACT... (repeatable).
  bool paired = false;
  std::vector<std::string> compare;
};

// The spec to sample from: the --deal (if any) and the options (its script
// points into `args`, which must outlive it). Errors
// (kSyntax) name the option and the value.
// What the single-dummy outputs share (cli/comparison.cpp too): an estimate
// as JSON, {"value":V,"error":E}; a lead as its card and the ranks touching
// it ("SQJT").
std::string json_estimate(const Estimate& e);
std::string lead_text(const Card& top, std::uint16_t equals);

Expected<DealSpec> make_spec(const std::optional<std::string>& deal, const SingleDummyArgs& args);

// Runs the analysis the options ask and prints it; the exit status.
int run_single_dummy(const Options& options, const SolverOptions& solver);

}  // namespace ddtb::cli
