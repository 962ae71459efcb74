// Contract analysis over sampled deals (include/ddtb/single_dummy.hpp): each
// deal's double-dummy tricks for the strains and declarers asked, then per
// contract the distribution of tricks, the chance to make each level, the
// mean tricks and the mean score.
#include <bit>
#include <string>
#include <vector>

#include "analysis/over_deals.hpp"
#include "ddtb/single_dummy.hpp"

namespace ddtb {

Expected<ContractAnalysis> analyse_contracts(std::span<const Deal> deals, unsigned strains,
                                             unsigned declarers, Vulnerability vulnerability,
                                             const AnalysisOptions& options) {
  if (deals.empty()) return Error{ErrorCode::kBadArgument, "no deals to analyse"};
  if (strains == 0 || strains > 0x1F)
    return Error{ErrorCode::kBadArgument, "strains: a nonzero mask of bits 0 (S) to 4 (NT)"};
  if (declarers == 0 || declarers > 0xF)
    return Error{ErrorCode::kBadArgument, "declarers: a nonzero mask of bits 0 (N) to 3 (W)"};
  for (std::size_t i = 0; i < deals.size(); ++i)
    if (deals[i].tricks_left() != 13)
      return Error{ErrorCode::kCardCount,
                   "deal " + std::to_string(i + 1) + " is not a full deal of 13 cards a hand"};
  // tricks[i].tricks[strain][declarer]: the declarer's tricks in deal i.
  std::vector<DdTable> tricks(deals.size());
  // One or two declarers: a search from each opening lead asked; more, the
  // DD table of the strains (whose searches share their table entries).
  const bool each = std::popcount(declarers) <= 2;
  const bool finished = detail::for_each_deal(deals, options, [&](std::size_t i, Solver& s) {
    if (!each) {
      tricks[i] = s.dd_table(deals[i], strains);
      return;
    }
    for (int st = 0; st < 5; ++st)
      for (int d = 0; d < 4; ++d) {
        if (!((strains >> st) & 1) || !((declarers >> d) & 1)) continue;
        const Position p =
            Position::at_trick_start(deals[i], strain_from_int(st), next_seat(seat_from_int(d)));
        tricks[i].tricks[st][d] = 13 - s.max_tricks(p);
      }
  });
  if (!finished) return Error{ErrorCode::kCancelled, "contract analysis cancelled"};

  ContractAnalysis out;
  out.samples = static_cast<int>(deals.size());
  out.vulnerability = vulnerability;
  for (int st = 0; st < 5; ++st) {
    if (!((strains >> st) & 1)) continue;
    for (int d = 0; d < 4; ++d) {
      if (!((declarers >> d) & 1)) continue;
      ContractOdds c;
      c.strain = strain_from_int(st);
      c.declarer = seat_from_int(d);
      const bool vul = is_vulnerable(vulnerability, side_of(c.declarer));
      double sum = 0, squares = 0;
      std::array<double, 8> score_sum{}, score_squares{};
      std::array<std::size_t, 8> made{};
      for (const DdTable& t : tricks) {
        const int n = t.tricks[st][d];
        ++c.tricks[static_cast<std::size_t>(n)];
        sum += n;
        squares += double(n) * n;
        for (int level = 1; level <= 7; ++level) {
          made[level] += n >= 6 + level;
          const double score = contract_score(level, c.strain, Doubling::Undoubled, vul, n);
          score_sum[level] += score;
          score_squares[level] += score * score;
        }
      }
      c.mean_tricks = detail::mean_of(sum, squares, tricks.size());
      for (int level = 1; level <= 7; ++level) {
        c.makes[level] = detail::chance_of(made[level], tricks.size());
        c.score[level] = detail::mean_of(score_sum[level], score_squares[level], tricks.size());
      }
      out.contracts.push_back(c);
    }
  }
  return out;
}

}  // namespace ddtb
