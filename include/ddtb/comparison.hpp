// Paired comparison over sampled deals: which opening lead, or which
// contract, is better, and by how much. Each choice is solved on the same
// deals, and every figure is kept per deal, so a choice is compared with
// another deal by deal: the mean of the per-deal differences has a standard
// error far smaller than the two means' errors taken as independent, since
// what makes one deal good or bad for both cancels out.
//
//   auto deals = ddtb::sample_deals(spec);
//   auto leads = ddtb::compare_leads(*deals, *ddtb::parse_contract("3NT-S"),
//                                    ddtb::Vulnerability::None);
//   // leads->choices[leads->order[1]].vs_best.imps: the second-best lead's
//   // mean IMPs against the best, with its paired standard error.
//
// Scores are duplicate scores (contract_score, ddtb/par.hpp) with the
// vulnerability given and each contract's doubling, from one side's view
// (`Comparison::side`): the defenders' for leads, the first contract's
// declaring side for contracts. The definitions (docs/USAGE.md, "Paired
// comparison"):
//   - points: the side's score on the deal;
//   - IMPs: imps() of the difference of the two choices' points on the deal;
//   - matchpoints: on each deal, a choice scores 1 for each other choice of
//     the comparison whose points it beats and 1/2 for each it ties, over
//     the number of other choices (0..1: a choice's share of the field of
//     the other choices, as a pair's matchpoints against the other tables);
//   - better / ties: the share of deals on which the first choice scores
//     strictly more points than the second, the same points.
// Every paired error is the sample standard deviation of the per-deal
// differences over the square root of the number of deals.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "ddtb/cards.hpp"
#include "ddtb/expected.hpp"
#include "ddtb/export.hpp"
#include "ddtb/par.hpp"
#include "ddtb/single_dummy.hpp"

namespace ddtb {

// The IMPs of a difference in points (the standard table: 0 for 0-10, 1 for
// 20-40, ..., 24 for 4000 and more), negative for a negative difference.
DDTB_EXPORT int imps(int points);

// One of the things compared: a contract (level, strain, doubling and
// declarer), or an opening lead against one by the declarer's left-hand
// opponent.
struct Choice {
  Contract contract;
  std::optional<Card> lead;  // the lead's card, or none for a contract
  std::uint16_t equals = 0;  // the lead's touching cards (DDS rank bits)
};

// Choice a against choice b, deal by deal, from the comparison's side: each
// mean of a per-deal difference (a minus b) with its paired standard error,
// and the chances a scores more, the same.
struct PairedDifference {
  Estimate tricks;       // the side's tricks
  Estimate points;       // the side's score
  Estimate imps;         // imps(points of a - points of b)
  Estimate matchpoints;  // field matchpoints (0..1) of a minus those of b
  Estimate better;       // the chance a scores strictly more points
  Estimate ties;         // the chance both score the same
};

// One choice over the sample, from the comparison's side.
struct ChoiceFigures {
  Choice choice;
  Estimate tricks;           // mean tricks the side takes
  Estimate points;           // mean score
  Estimate matchpoints;      // mean field matchpoints (0..1)
  Estimate makes;            // the chance the contract makes
  PairedDifference vs_best;  // this choice against the best (zero for the best)
};

struct Comparison {
  int samples = 0;
  Vulnerability vulnerability = Vulnerability::None;
  Side side = Side::NorthSouth;  // whose tricks and points the figures are
  // For leads: leads in suit order (S, H, D, C), highest first, touching
  // cards together; for contracts: in the order given.
  std::vector<ChoiceFigures> choices;
  // Indices into `choices`, best first: most mean points, then most mean
  // tricks, then the earlier choice. vs_best compares with choices[order[0]].
  std::vector<std::size_t> order;
  // The declarer's tricks per deal and choice: [deal * choices.size() + c].
  std::vector<std::int8_t> declarer_tricks;
};

// Every opening lead against `contract` (level, strain, declarer; its
// doubling counts for the scores) by the declarer's left-hand opponent, whose
// hand must be the same in every deal, from the defenders' side. Errors as
// analyse_leads (kBadArgument, kCardCount, kCancelled).
DDTB_EXPORT Expected<Comparison> compare_leads(std::span<const Deal> deals,
                                               const Contract& contract,
                                               Vulnerability vulnerability,
                                               const AnalysisOptions& options = {});

// The contracts (each with a level and declarer; two or more, or one alone)
// on the same deals, from the first contract's declaring side: "3NT-S"
// against "4S-N", or "4S-N" against "5HX-E". Errors (kBadArgument): no
// contracts, one without level or declarer, no deals; kCardCount for a deal
// not full; kCancelled.
DDTB_EXPORT Expected<Comparison> compare_contracts(std::span<const Deal> deals,
                                                   std::span<const Contract> contracts,
                                                   Vulnerability vulnerability,
                                                   const AnalysisOptions& options = {});

// The comparison of `choices` from the declarer's tricks per deal and
// choice (`declarer_tricks[deal * choices.size() + c]`, 0..13), such as the
// parts of a sample analysed apart (by several processes) put back
// together: compare_leads and compare_contracts return exactly
// compare_tricks(their choices, their declarer_tricks, side, vulnerability).
// Errors (kBadArgument): no choices, a contract without level or declarer,
// a size not a multiple of the choices, a trick count out of range.
DDTB_EXPORT Expected<Comparison> compare_tricks(std::span<const Choice> choices,
                                                std::span<const std::int8_t> declarer_tricks,
                                                Side side, Vulnerability vulnerability);

// Choices a and b of `comparison` (indices into its choices), deal by deal.
// kBadArgument for an index out of range.
DDTB_EXPORT Expected<PairedDifference> paired_difference(const Comparison& comparison,
                                                         std::size_t a, std::size_t b);

}  // namespace ddtb
