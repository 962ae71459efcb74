// Par from a DD table: the bidding game solved backwards over the 35
// contracts, the optimal lines walked forwards to find the contracts that end
// them, and those listed the way DDS lists them.
#include "ddtb/par.hpp"

#include <algorithm>
#include <climits>

namespace ddtb {

namespace {

constexpr int kLevels = 7;
constexpr int kContracts = kLevels * kNumStrains;  // 1C .. 7NT
constexpr int kBookTricks = 6;

// Bidding rank of a strain: C 0, D 1, H 2, S 3, NT 4.
constexpr int bid_rank(Strain s) {
  return s == Strain::NoTrump ? 4 : 3 - to_int(s);
}
constexpr Strain strain_of_rank(int r) {
  return r == 4 ? Strain::NoTrump : strain_from_int(3 - r);
}

// Contracts are numbered in bidding order: index = 5 * (level - 1) + rank.
constexpr int level_of(int index) {
  return index / kNumStrains + 1;
}
constexpr Strain strain_of(int index) {
  return strain_of_rank(index % kNumStrains);
}

constexpr Seat seat_of_side(Side side, int k) {
  return seat_from_int(static_cast<int>(side) + 2 * k);
}
constexpr int side_index(Side s) {
  return static_cast<int>(s);
}

// How a side may open the bidding. DDS's two par routines differ here, and
// the difference shows on a few deals in ten thousand:
//   kBestContract (Par, SidesPar): a side opens with its best contract as if
//     it were passed out (a cheap sacrifice when it makes nothing);
//   kAnyContract (DealerPar): a side opens with whatever serves it best,
//     including a pre-emptive sacrifice that leaves the opponents no
//     contract worth more than the sacrifice costs.
enum class Opening { kBestContract, kAnyContract };

// One table and vulnerability, with the bidding game solved.
//
// value(i, X) is the final score, from side X's view, when X has just bid
// contract i and the other side is to act. The other side passes (X scores
// i: made undoubled, or down doubled) or bids any higher contract, after
// which X is in the same position one contract up; so
//   value(i, X) = min(score(i, X), -max_{j > i} value(j, other(X)))
// computed from 7NT down.
class Auction {
 public:
  Auction(const DdTable& table, Vulnerability vul) : table_(table), vul_(vul) {
    // best_above[X] = max value(j, X) over the contracts j above i; both
    // sides are walked together because each side's values use the other's.
    std::array<int, 2> best_above = {INT_MIN, INT_MIN};
    for (int i = kContracts - 1; i >= 0; --i) {
      std::array<int, 2> v{};
      for (int side = 0; side < 2; ++side) {
        const int other_best = best_above[1 - side];
        const int s = score(i, static_cast<Side>(side));
        v[side] = other_best == INT_MIN ? s : std::min(s, -other_best);
      }
      for (int side = 0; side < 2; ++side) {
        value_[i][side] = v[side];
        best_above_[i][side] = best_above[side];
        best_above[side] = std::max(best_above[side], v[side]);
      }
    }
  }

  // Tricks of one declarer, and of the side's better declarer.
  int tricks(int index, Seat declarer) const { return table_.get(strain_of(index), declarer); }
  int side_tricks(int index, Side side) const {
    return std::max(tricks(index, seat_of_side(side, 0)), tricks(index, seat_of_side(side, 1)));
  }
  bool makes(int index, Side side) const {
    return side_tricks(index, side) >= level_of(index) + kBookTricks;
  }
  // Makes it with no trick to spare: the highest level the side makes in
  // that strain.
  bool exactly_makes(int index, Side side) const {
    return side_tricks(index, side) == level_of(index) + kBookTricks;
  }

  // The result of contract i with `t` tricks: made undoubled or down doubled.
  int score_with(int index, Side side, int t) const {
    const int level = level_of(index);
    const Doubling d = t >= level + kBookTricks ? Doubling::Undoubled : Doubling::Doubled;
    return contract_score(level, strain_of(index), d, is_vulnerable(vul_, side), t);
  }
  int score(int index, Side side) const {
    return score_with(index, side, side_tricks(index, side));
  }

  int value(int index, Side side) const { return value_[index][side_index(side)]; }

  // True when the opponents of `side` do strictly worse by bidding on over i
  // than by passing. (A contract they would merely not mind passing, because
  // bidding on ends at the same score, is not a par contract in DDS's sense:
  // a sacrifice below a makeable grand slam, say.)
  bool stable(int index, Side side) const {
    const int them = best_above_[index][1 - side_index(side)];
    return them == INT_MIN || score(index, side) < -them;
  }

  // Whether contract i is one of the side's best contracts as if passed out
  // (the highest score): a made contract at the highest level it makes, all
  // of equal score; a sacrifice, only the highest of equal cost.
  bool best_contract(int index, Side side) const {
    int best = INT_MIN, best_sacrifice = -1;
    for (int i = 0; i < kContracts; ++i) {
      if (makes(i, side) && !exactly_makes(i, side)) continue;
      if (score(i, side) > best) best = score(i, side);
    }
    for (int i = 0; i < kContracts; ++i)
      if (!makes(i, side) && score(i, side) == best) best_sacrifice = i;
    if (makes(index, side)) return exactly_makes(index, side) && score(index, side) == best;
    return index == best_sacrifice;
  }
  bool makes_something(Side side) const {
    for (int i = 0; i < kContracts; ++i)
      if (makes(i, side)) return true;
    return false;
  }

  // Whether side z may open with contract i.
  bool may_open(int index, Side side, Opening rule) const {
    if (rule == Opening::kBestContract) return best_contract(index, side);
    return exactly_makes(index, side) || !makes(index, side);
  }

  // The best a side gets by opening (its view); INT_MIN when it may not.
  int opening_value(Side side, Opening rule) const {
    int best = INT_MIN;
    for (int i = 0; i < kContracts; ++i)
      if (may_open(i, side, rule)) best = std::max(best, value(i, side));
    return best;
  }

  // Whether `first`, bidding first, opens rather than passes, and the par
  // score from its view. Passing lets the other side open (or pass the deal
  // out). Under kBestContract a side that makes something always opens.
  struct Start {
    bool first_opens = false;
    int score = 0;
  };
  Start start(Side first, Opening rule) const {
    const int own = opening_value(first, rule);
    const int theirs = std::max(opening_value(other(first), rule), 0);
    if (rule == Opening::kBestContract && makes_something(first)) return {true, own};
    if (own >= -theirs && own != INT_MIN) return {true, own};
    return {false, -theirs};
  }

 private:
  const DdTable& table_;
  Vulnerability vul_;
  std::array<std::array<int, 2>, kContracts> value_{};
  std::array<std::array<int, 2>, kContracts> best_above_{};  // max value(j, X) over j > i
};

// A par contract at one level, before DDS's grouping.
struct Candidate {
  int index = 0;
  Side side = Side::NorthSouth;
  std::uint8_t seats = 0;
  int tricks = 0;  // of the seats in `seats` (they score alike, so take alike)
  bool doubled = false;
  bool pre_emptive = false;  // see ParContract::pre_emptive
};

// The contracts that can end an auction of perfect bidding when `first`
// bids first (par score `par`, `first`'s view), lowest contract first.
//
// Walks the optimal lines forward from the opening. A side bids a contract
// it makes at the highest level it makes in that strain (lower levels score
// no more and leave the opponents more room). Every bid on a line keeps the
// par score, and a line ends where the side to act does strictly better by
// passing than by bidding on. A made contract may end the line at any of its
// levels above the previous bid that still give the par score ("4S+1" as
// well as "5S").
std::vector<Candidate> par_candidates(const Auction& a, Side first, Opening rule) {
  std::vector<Candidate> out;
  const Auction::Start start = a.start(first, rule);
  const int par = start.score;
  if (par == 0) return out;  // passed out
  const auto view = [&](Side z) { return z == first ? par : -par; };

  // bid[i][X]: some optimal line has X bid contract i; ends[i][X]: contract
  // i of X may end an optimal line.
  std::array<std::array<bool, 2>, kContracts> bid{}, ends{};
  // Side z bids over contract `above` (-1: opens) every contract j that
  // `allowed` admits and that keeps the par score. Under kBestContract, of
  // several made contracts only the highest is bid on over (2S rather than
  // 2H when both score 110), as DDS does; the others may still end a line.
  const auto bid_over = [&](int above, Side z, auto allowed) {
    const int zi = side_index(z);
    int highest_made = -1;
    for (int j = above + 1; j < kContracts; ++j)
      if (allowed(j) && a.value(j, z) == view(z) && a.makes(j, z)) highest_made = j;
    for (int j = above + 1; j < kContracts; ++j) {
      if (!allowed(j) || a.value(j, z) != view(z)) continue;
      ends[j][zi] = true;
      const bool made = a.makes(j, z);
      if (!made || rule == Opening::kAnyContract || j == highest_made) bid[j][zi] = true;
      if (!made) continue;
      for (int lower = j - kNumStrains; lower > above; lower -= kNumStrains)
        if (a.value(lower, z) == view(z)) ends[lower][zi] = true;
    }
  };
  const Side opener = start.first_opens ? first : other(first);
  bid_over(-1, opener, [&](int j) { return a.may_open(j, opener, rule); });

  for (int i = 0; i < kContracts; ++i) {
    for (const Side z : {first, other(first)}) {
      const int zi = side_index(z);
      if (bid[i][zi]) {
        const Side w = other(z);
        bid_over(i, w, [&](int j) { return a.exactly_makes(j, w) || !a.makes(j, w); });
      }
      if (!ends[i][zi] || !a.stable(i, z)) continue;
      Candidate c{i, z, 0, 0, false, false};
      for (int k = 0; k < 2; ++k) {
        const Seat seat = seat_of_side(z, k);
        const int t = a.tricks(i, seat);
        if (a.score_with(i, z, t) != view(z)) continue;
        c.seats |= static_cast<std::uint8_t>(1u << to_int(seat));
        c.tricks = t;
      }
      if (c.seats == 0) continue;
      c.doubled = c.tricks < level_of(i) + kBookTricks;
      out.push_back(c);
    }
  }
  return out;
}

// Bidding order of the seats: a seat bids before another when its number
// is lower.
using SeatOrder = std::array<int, kNumSeats>;

SeatOrder side_first(Side first) {
  SeatOrder o{};
  for (int s = 0; s < kNumSeats; ++s) o[s] = side_of(seat_from_int(s)) == first ? 0 : 1;
  return o;
}
SeatOrder from_dealer(Seat dealer) {
  SeatOrder o{};
  for (int k = 0; k < kNumSeats; ++k) o[to_int(next_seat(dealer, k))] = k;
  return o;
}

// par_candidates() without the made contracts an opponent names first: when
// a seat of the other side comes before every declarer of contract i and
// does better than par by naming i itself (making it, or going down for
// less than par), i is not available to the declaring side ("1N-S" is not
// par when East, before South, makes 1NT too).
std::vector<Candidate> available_candidates(const Auction& a, Side first, Opening rule,
                                            const SeatOrder& order) {
  const int par = a.start(first, rule).score;
  std::vector<Candidate> out;
  for (const Candidate& c : par_candidates(a, first, rule)) {
    if (!c.doubled && rule == Opening::kAnyContract) {
      const Side opp = other(c.side);
      const int opp_par = opp == first ? par : -par;
      int own_first = kNumSeats, opp_first = kNumSeats;
      for (int s = 0; s < kNumSeats; ++s) {
        const Seat seat = seat_from_int(s);
        if ((c.seats >> s) & 1) own_first = std::min(own_first, order[s]);
        if (side_of(seat) == opp && a.score_with(c.index, opp, a.tricks(c.index, seat)) > opp_par)
          opp_first = std::min(opp_first, order[s]);
      }
      if (opp_first < own_first) continue;
    }
    out.push_back(c);
  }
  return out;
}

// DealerPar's contracts when `first` bids first. Its sacrifices are those
// of Par() (taken over the opponents' best contract) plus pre-emptive ones:
// a sacrifice that reaches par only as an opening, available when one of its
// declarers bids before every declarer of the opponents' best contracts.
std::vector<Candidate> dealer_candidates(const Auction& a, Side first, const SeatOrder& order) {
  const std::vector<Candidate> over_best =
      a.start(first, Opening::kBestContract).score == a.start(first, Opening::kAnyContract).score
          ? par_candidates(a, first, Opening::kBestContract)
          : std::vector<Candidate>{};
  std::vector<Candidate> out;
  for (Candidate c : available_candidates(a, first, Opening::kAnyContract, order)) {
    if (c.doubled) {
      c.pre_emptive = std::none_of(over_best.begin(), over_best.end(), [&](const Candidate& b) {
        return b.index == c.index && b.side == c.side;
      });
      if (c.pre_emptive) {
        int own_first = kNumSeats, opp_first = kNumSeats;
        for (int s = 0; s < kNumSeats; ++s) {
          if ((c.seats >> s) & 1) own_first = std::min(own_first, order[s]);
          const Seat seat = seat_from_int(s);
          if (side_of(seat) == c.side) continue;
          for (int j = 0; j < kContracts; ++j)
            if (a.best_contract(j, other(c.side)) && a.tricks(j, seat) >= level_of(j) + kBookTricks)
              opp_first = std::min(opp_first, order[s]);
        }
        if (opp_first < own_first) continue;
      }
      bool same = false;
      for (int j = 0; j < kContracts; ++j)
        if (a.best_contract(j, other(c.side)) && strain_of(j) == strain_of(c.index)) same = true;
      c.pre_emptive = same;
    }
    out.push_back(c);
  }
  return out;
}

ParContract to_par_contract(const Candidate& c) {
  ParContract p;
  p.level = level_of(c.index);
  p.strain = strain_of(c.index);
  p.side = c.side;
  p.seats = c.seats;
  p.doubled = c.doubled;
  p.pre_emptive = c.pre_emptive;
  const int need = p.level + kBookTricks;
  p.overtricks = c.doubled ? 0 : c.tricks - need;
  p.undertricks = c.doubled ? need - c.tricks : 0;
  return p;
}

// DealerPar's order: made contracts by tricks (high first), then strain
// NT,S,H,D,C; sacrifices by level (high first), then strain C,D,H,S,NT.
bool dealer_order(const ParContract& a, const ParContract& b) {
  if (a.doubled != b.doubled) return !a.doubled;
  if (!a.doubled) {
    const int ta = a.level + a.overtricks, tb = b.level + b.overtricks;
    if (ta != tb) return ta > tb;
    return bid_rank(a.strain) > bid_rank(b.strain);
  }
  if (a.level != b.level) return a.level > b.level;
  return bid_rank(a.strain) < bid_rank(b.strain);
}

// SidesPar's order: strain NT,S,H,D,C.
bool strain_order(const ParContract& a, const ParContract& b) {
  return bid_rank(a.strain) > bid_rank(b.strain);
}

// Each strain and side once, at its lowest par level, sorted by `order`.
template <class Order>
ParResult lowest_levels(const std::vector<Candidate>& cands, Side first, int par, Order order) {
  ParResult r;
  r.score = first == Side::NorthSouth ? par : -par;
  std::array<std::array<bool, 2>, kNumStrains> seen{};
  for (const Candidate& c : cands) {
    bool& s = seen[to_int(strain_of(c.index))][side_index(c.side)];
    if (s) continue;
    s = true;
    r.contracts.push_back(to_par_contract(c));
  }
  std::stable_sort(r.contracts.begin(), r.contracts.end(), order);
  return r;
}

std::string seats_text(std::uint8_t seats) {
  switch (seats) {
    case 0x5:
      return "NS";
    case 0xa:
      return "EW";
    default:
      break;
  }
  std::string out;
  for (int s = 0; s < kNumSeats; ++s)
    if (seats & (1u << s)) out += seat_letter(seat_from_int(s));
  return out;
}

// Par()'s contracts text: one item per strain and side, every par level.
std::string par_contracts_text(const std::vector<Candidate>& cands, Side first) {
  std::string out = first == Side::NorthSouth ? "NS:" : "EW:";
  bool any = false;
  for (int rank = kNumStrains - 1; rank >= 0; --rank) {
    for (const Side z : {first, other(first)}) {
      std::string levels;
      std::uint8_t seats = 0;
      bool doubled = false;
      for (const Candidate& c : cands) {
        if (c.side != z || bid_rank(strain_of(c.index)) != rank) continue;
        levels += static_cast<char>('0' + level_of(c.index));
        if (seats == 0) seats = c.seats;
        doubled = c.doubled;
      }
      if (levels.empty()) continue;
      if (any) out += ',';
      any = true;
      out += seats_text(seats);
      out += ' ';
      out += levels;
      out += strain_letter(strain_of_rank(rank));
      if (doubled) out += 'x';
    }
  }
  return out;
}

}  // namespace

int contract_score(int level, Strain strain, Doubling doubling, bool vulnerable, int tricks) {
  if (level < 1 || level > kLevels || tricks < 0 || tricks > kNumTricks ||
      to_int(strain) >= kNumStrains)
    return 0;
  const int need = level + kBookTricks;
  const int factor = 1 << static_cast<int>(doubling);  // 1, 2, 4
  if (tricks < need) {
    const int down = need - tricks;
    if (doubling == Doubling::Undoubled) return -down * (vulnerable ? 100 : 50);
    // Doubled: the first undertrick 100 (vulnerable 200), the second and
    // third 200 (300) each, every further one 300; redoubled twice that.
    int penalty = 0;
    for (int k = 1; k <= down; ++k) {
      if (vulnerable)
        penalty += k == 1 ? 200 : 300;
      else
        penalty += k == 1 ? 100 : (k <= 3 ? 200 : 300);
    }
    return -penalty * factor / 2;
  }
  const bool minor = strain == Strain::Diamonds || strain == Strain::Clubs;
  const int per_trick = minor ? 20 : 30;
  const int first_bonus = strain == Strain::NoTrump ? 10 : 0;  // NT: 40 for the first trick
  const int trick_score = (level * per_trick + first_bonus) * factor;
  int score = trick_score;
  score += trick_score >= 100 ? (vulnerable ? 500 : 300) : 50;
  if (level == 6) score += vulnerable ? 750 : 500;
  if (level == 7) score += vulnerable ? 1500 : 1000;
  if (doubling != Doubling::Undoubled) score += 25 * factor;  // 50 doubled, 100 redoubled
  const int over = tricks - need;
  if (doubling == Doubling::Undoubled)
    score += over * per_trick;
  else
    score += over * (vulnerable ? 100 : 50) * factor;
  return score;
}

ParResult sides_par(const DdTable& table, Side first, Vulnerability vul) {
  const Auction a(table, vul);
  const Opening rule = Opening::kBestContract;
  return lowest_levels(available_candidates(a, first, rule, side_first(first)), first,
                       a.start(first, rule).score, strain_order);
}

ParResult dealer_par(const DdTable& table, Seat dealer, Vulnerability vul) {
  const Auction a(table, vul);
  const Opening rule = Opening::kAnyContract;
  const SeatOrder order = from_dealer(dealer);
  // The side of the first seat, from the dealer round, that can make its
  // side's opening bid (when that side bids first) bids first; the seats
  // before it pass. Usually both sides' views agree anyway.
  Side first = side_of(dealer);
  bool found = false;
  for (int k = 0; k < kNumSeats && !found; ++k) {
    const Seat seat = next_seat(dealer, k);
    const Side side = side_of(seat);
    const Auction::Start st = a.start(side, rule);
    if (!st.first_opens) continue;
    for (int j = 0; j < kContracts && !found; ++j)
      if (a.may_open(j, side, rule) && a.value(j, side) == st.score &&
          a.score_with(j, side, a.tricks(j, seat)) == a.score(j, side)) {
        first = side;
        found = true;
      }
  }
  std::vector<Candidate> cands = dealer_candidates(a, first, order);
  // The seat order only ever takes some of the contracts away; when it would
  // take them all (tables no deal produces), it is ignored.
  if (cands.empty()) cands = dealer_candidates(a, first, side_first(first));
  // Nor may the seat-order rules leave a par score without a contract
  // (again only on tables no deal produces: tests/par_test.cpp).
  if (cands.empty()) cands = par_candidates(a, first, rule);
  return lowest_levels(cands, first, a.start(first, rule).score, dealer_order);
}

std::array<ParText, 2> par_texts(const DdTable& table, Vulnerability vul) {
  const Auction a(table, vul);
  const Opening rule = Opening::kBestContract;
  std::array<ParText, 2> out;
  for (const Side first : {Side::NorthSouth, Side::EastWest}) {
    ParText& t = out[side_index(first)];
    t.score =
        (first == Side::NorthSouth ? "NS " : "EW ") + std::to_string(a.start(first, rule).score);
    t.contracts =
        par_contracts_text(available_candidates(a, first, rule, side_first(first)), first);
  }
  return out;
}

std::string to_dds_text(const ParContract& c) {
  std::string out;
  out += static_cast<char>('0' + c.level);
  out += strain_letter(c.strain);
  if (c.doubled && !c.pre_emptive) out += '*';
  out += '-';
  out += seats_text(c.seats);
  if (c.doubled) {
    out += '-';
    out += std::to_string(c.undertricks);
  } else if (c.overtricks > 0) {
    out += '+';
    out += std::to_string(c.overtricks);
  }
  return out;
}

}  // namespace ddtb
