// Single-dummy analysis: what a contract and each opening lead are worth when
// some hands are hidden. Deals are drawn uniformly from those that fit what
// is known (cards placed, HCP and suit-length ranges, cards a hand cannot
// hold), each is solved double dummy, and the figures over the sample come
// with their standard errors.
//
//   ddtb::DealSpec spec;
//   spec.hands[0].holds = *ddtb::parse_pbn_hand("AKQ2.K5.AJ72.Q84");   // North
//   spec.hands[2].holds = *ddtb::parse_pbn_hand("J95.A432.K9.KJ53");   // South
//   spec.hands[1].min_hcp = 11; spec.hands[1].max_hcp = 15;             // East
//   auto deals = ddtb::sample_deals(spec);          // 1,000 deals, seed 1
//   auto odds = ddtb::analyse_contracts(*deals);    // every strain and declarer
//
// The figures are exact double-dummy results of the sampled deals: the same
// as solving each sample on its own; only the sample is random.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ddtb/cards.hpp"
#include "ddtb/expected.hpp"
#include "ddtb/export.hpp"
#include "ddtb/par.hpp"
#include "ddtb/position.hpp"
#include "ddtb/solver.hpp"

namespace ddtb {

// The most high-card points one hand can hold (four aces, kings and queens
// and a jack).
inline constexpr int kMaxHcp = 37;

// A range of HCP or of a suit's length as the messages and ddsolve write
// it: "5" (min = max), "5+" (max at least `most`), "at most 5" (min 0 or
// less), else "5-7".
DDTB_EXPORT std::string range_text(int min, int max, int most);

// What is known of one hand. A HandSpec keeps its layout (docs/USAGE.md,
// "ABI"): it lies in DealSpec's array, where a longer one would move every
// field after it, so constraints beyond these will be DealSpec's fields.
struct HandSpec {
  CardSet holds;  // cards known to be in it (13: the whole hand)
  CardSet lacks;  // cards known not to be in it
  int min_hcp = 0;
  int max_hcp = kMaxHcp;
  std::array<int, 4> min_length{0, 0, 0, 0};  // per suit: spades, hearts, diamonds, clubs
  std::array<int, 4> max_length{13, 13, 13, 13};
};

// The deals to draw: every deal that gives each seat (N, E, S, W) a hand
// meeting its HandSpec is equally likely. It grows as SolverOptions does
// (docs/USAGE.md, "ABI"): fields are appended at its end, and the library
// reads only those the caller's struct_size covers.
struct DealSpec {
  // The size of the struct as the caller's header declares it. Leave it as
  // it is.
  std::uint32_t struct_size = sizeof(DealSpec);
  int samples = 1000;
  std::uint64_t seed = 1;
  // Draws per sample before the spec is called too rare to sample (the
  // error names the constraint that refused most draws).
  std::uint64_t max_draws_per_sample = 1'000'000;
  int threads = 1;            // the deals do not depend on it
  std::int32_t reserved = 0;  // fills the layout to `hands`; never read
  std::array<HandSpec, 4> hands;
  // Constraints in dealer's language (ddtb/deal_script.hpp; docs/USAGE.md,
  // "Constraint scripts"): a NUL-terminated script, or an expression alone,
  // read during the call only. Its predeal cards join `hands`' holds and its
  // condition must hold too; null: none.
  const char* script = nullptr;
  // A predicate every sampled deal must meet, called with `accept_context`
  // on the sampling threads (at once from several when threads > 1); null:
  // none. set_accept() points both at a callable. Deals are drawn as
  // before and then tested, so the sample stays uniform over the deals it
  // accepts.
  bool (*accept)(void* context, const Deal& deal) = nullptr;
  void* accept_context = nullptr;
  // Fills the layout to a multiple of 8 bytes where a pointer takes 4
  // (WebAssembly): three pointers would leave padding at the end, where a
  // later field would lie. Never read.
  const void* reserved_pointer = nullptr;
};

// Points `spec`'s accept predicate at `f`, any callable as bool(const Deal&),
// which must outlive the sampling it is given to.
template <class F>
void set_accept(DealSpec& spec, F& f) {
  spec.accept = [](void* context, const Deal& deal) {
    return static_cast<bool>((*static_cast<F*>(context))(deal));
  };
  spec.accept_context = &f;
}

// parse_partial_deal (ddtb/position.hpp) reads a deal's known hands.

// `spec.samples` deals, sample i drawn from its own random stream of the
// seed (the same deals on any number of threads). Where the spec or its
// script bounds a hand's shape, the suit lengths are drawn first, each
// layout with its exact probability, and the cards then: still uniform over
// the deals that meet everything, with far fewer draws refused. Errors
// (kBadArgument): a spec no deal meets (a card placed twice, 14 known
// cards, lengths or HCP out of reach), a script that does not compile
// ("script: line L, column C: ..."), or a spec met too rarely, naming the
// hand and the constraint.
DDTB_EXPORT Expected<std::vector<Deal>> sample_deals(const DealSpec& spec);

// A figure over the sample and its standard error (for a mean, the sample
// standard deviation over the square root of the sample size; for a chance p,
// sqrt(p (1 - p) / n)).
struct Estimate {
  double value = 0;
  double error = 0;
  friend bool operator==(const Estimate&, const Estimate&) = default;
};

// How the analyses run. It grows as SolverOptions does (docs/USAGE.md,
// "ABI"): fields are appended at its end, and the library reads only those
// the caller's struct_size covers.
struct AnalysisOptions {
  // The size of the struct as the caller's header declares it. Leave it as
  // it is.
  std::uint32_t struct_size = sizeof(AnalysisOptions);
  int threads = 1;
  // Each thread's solver (its tablebase, its memory); null: the defaults.
  // Read during the call only. A pointer, so that SolverOptions may grow
  // without moving the fields after it.
  const SolverOptions* solver = nullptr;
  // Called after each deal, from one thread at a time, with
  // `progress_context`; returning false stops the analysis, whose result is
  // then an Error of code kCancelled. set_progress() points both at a
  // callable. (A function pointer, not std::function: the struct keeps a
  // layout of its own, with no library type inside.)
  bool (*progress)(void* context, int done, int total) = nullptr;
  void* progress_context = nullptr;
};

// Points `options`' progress at `f`, any callable as bool(int done, int
// total), which must outlive the analyses it is given to.
template <class F>
void set_progress(AnalysisOptions& options, F& f) {
  options.progress = [](void* context, int done, int total) {
    return static_cast<bool>((*static_cast<F*>(context))(done, total));
  };
  options.progress_context = &f;
}

// One strain and declarer over the sample.
struct ContractOdds {
  Strain strain = Strain::NoTrump;
  Seat declarer = Seat::North;
  std::array<int, 14> tricks{};  // samples in which the declarer takes t tricks
  Estimate mean_tricks;
  std::array<Estimate, 8> makes{};  // [level 1..7]: the chance the contract makes
  std::array<Estimate, 8> score{};  // [level 1..7]: mean score undoubled, declarer's side
};

struct ContractAnalysis {
  int samples = 0;
  Vulnerability vulnerability = Vulnerability::None;
  std::vector<ContractOdds> contracts;  // strain (S, H, D, C, NT) then declarer (N, E, S, W)
};

// The contracts of the strains in `strains` (bit to_int(strain)) and the
// declarers in `declarers` (bit to_int(seat)), over `deals`: with one or
// two declarers a search from each opening lead asked, with more the DD
// table of the strains, per deal.
DDTB_EXPORT Expected<ContractAnalysis> analyse_contracts(
    std::span<const Deal> deals, unsigned strains = 0x1F, unsigned declarers = 0xF,
    Vulnerability vulnerability = Vulnerability::None, const AnalysisOptions& options = {});

// One opening lead: the leader's card with the cards touching it in the
// leader's hand (`equals`, DDS rank bits: always worth the same).
struct LeadOdds {
  Card card;
  std::uint16_t equals = 0;
  Estimate defence_tricks;  // tricks the defence takes after this lead
  Estimate sets;            // the chance the contract goes down
};

struct LeadAnalysis {
  int samples = 0;
  Contract contract;  // with its declarer
  Seat leader = Seat::North;
  std::vector<LeadOdds> leads;  // best first: most defence tricks, then sets, then suit and rank
};

// Every opening lead against `contract` (level, strain and declarer given)
// by the declarer's left-hand opponent, whose hand must be the same in
// every deal. Errors (kBadArgument): no level or declarer, no deals, the
// leader's hand differing between deals.
DDTB_EXPORT Expected<LeadAnalysis> analyse_leads(std::span<const Deal> deals,
                                                 const Contract& contract,
                                                 const AnalysisOptions& options = {});

}  // namespace ddtb
