// The embind binding of libddtb: what wasm/js/index.js calls.
//
// Every function takes the JavaScript values its caller gave (index.js
// passes them on unchecked) and returns a plain object: the answer, or
// {error, code} with a message naming the argument and the place
// (args.hpp checks every argument, its type and its value). Nothing here
// throws, and nothing here searches: each answer is one call of the C++
// API.
//
// A position is given as the deal at the start of a trick (PBN; a full deal
// or an ending), the trump strain, the seat leading that trick, and the cards
// played since, in order (any number, across tricks), each checked by
// Position::play. That one form serves a position in the middle of a trick
// and a page that plays a deal card by card.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>
#include <vector>

#include "args.hpp"
#include "comparison.hpp"
#include "convert.hpp"
#include "ddtb/par.hpp"
#include "ddtb/position.hpp"
#include "ddtb/solver.hpp"
#include "ddtb/version.hpp"
#include "single_dummy.hpp"

namespace ddtb::wasm {

namespace {

val cards_value(const std::vector<CardScore>& cards) {
  val out = val::array();
  for (const CardScore& s : cards) out.call<void>("push", card_score_value(s));
  return out;
}

val solve_result_value(const SolveResult& r) {
  val out = val::object();
  out.set("tricks", r.tricks);
  out.set("cards", cards_value(r.cards));
  return out;
}

// A Solver (its transposition table is reused from call to call).
class Session {
 public:
  Session(double tt_memory_bytes, double tt_max_memory_bytes)
      : solver_(options(tt_memory_bytes, tt_max_memory_bytes)) {}

  // {table} or {error}; `strains`: the strains to solve (all when
  // undefined).
  val dd_table(const val& deal_arg_value, const val& strains_value) {
    auto deal = deal_arg(deal_arg_value, "deal");
    if (!deal) return error_value(deal.error());
    auto strains = strains_arg(strains_value);
    if (!strains) return error_value(strains.error());
    val out = val::object();
    out.set("table", table_value(solver_.dd_table(*deal, *strains)));
    return out;
  }

  // `mode`: "all" (Solver::solve), "best" (best_card), "bestCards",
  // "max" (max_tricks), "reaching" (cards_reaching `target`) or "oneReaching"
  // (card_reaching `target`); `target` only for the last two.
  val solve(const val& position, const std::string& mode, const val& target_value) {
    auto p = position_arg(position);
    if (!p) return error_value(p.error());
    const Position& pos = p->position;
    if (mode == "all") return solve_result_value(solver_.solve(pos));
    if (mode == "best") return solve_result_value(solver_.best_card(pos));
    if (mode == "bestCards") return solve_result_value(solver_.best_cards(pos));
    val out = val::object();
    if (mode == "max") {
      out.set("tricks", solver_.max_tricks(pos));
      return out;
    }
    if (mode != "reaching" && mode != "oneReaching")
      return error_value({ErrorCode::kBadArgument, "mode: '" + mode + "' is not a solve mode"});
    auto target = target_arg(target_value);
    if (!target) return error_value(target.error());
    if (mode == "reaching") {
      out.set("cards", cards_value(solver_.cards_reaching(pos, *target)));
    } else {
      const std::optional<CardScore> c = solver_.card_reaching(pos, *target);
      out.set("cards", cards_value(c ? std::vector<CardScore>{*c} : std::vector<CardScore>{}));
    }
    return out;
  }

  // {tricks: [...]}: Solver::analyse_play from the position for `side`
  // (undefined: the side of the seat to the right of the position's leader,
  // the declarer's).
  val analyse_play(const val& position, const val& cards_value_in, const val& side_value) {
    auto p = position_arg(position);
    if (!p) return error_value(p.error());
    auto cards = cards_arg(cards_value_in, "cards");
    if (!cards) return error_value(cards.error());
    Side side = side_of(next_seat(p->first_leader, 3));
    if (!side_value.isUndefined()) {
      auto s = side_arg(side_value, "side");
      if (!s) return error_value(s.error());
      side = *s;
    }
    const Seat seat = side == Side::NorthSouth ? Seat::North : Seat::East;
    auto trace = solver_.analyse_play(p->position, *cards, seat);
    if (!trace) {
      Error e = trace.error();
      e.message = "cards: " + e.message;
      return error_value(e);
    }
    val out = val::object();
    out.set("tricks", val::array(*trace));
    return out;
  }

  val stats() const {
    const SolverStats s = solver_.stats();
    val out = val::object();
    out.set("nodes", double(s.nodes));
    out.set("ttEntries", double(s.tt_entries));
    out.set("ttBytes", double(s.tt_bytes));
    out.set("ttGrows", double(s.tt_grows));
    out.set("ttResets", double(s.tt_resets));
    out.set("ttMemoryBytes", double(solver_.options().tt_memory_bytes));
    out.set("ttMaxMemoryBytes", double(solver_.options().tt_max_memory_bytes));
    return out;
  }
  void reset_stats() { solver_.reset_stats(); }
  void clear() { solver_.clear(); }

 private:
  static SolverOptions options(double tt_memory_bytes, double tt_max_memory_bytes) {
    SolverOptions o;
    if (tt_memory_bytes > 0) o.tt_memory_bytes = std::size_t(tt_memory_bytes);
    if (tt_max_memory_bytes > 0) o.tt_max_memory_bytes = std::size_t(tt_max_memory_bytes);
    return o;
  }
  Solver solver_;
};

// The state of a position for a player: {hands: {N, E, S, W} (PBN hands),
// trump, leader, toPlay, trick: [{seat, card}], legal: [cards], tricksLeft,
// won: {NS, EW} (tricks taken by `played`)}. Also when every card has
// been played (no seat to play then: toPlay is the last trick's winner).
val inspect(const val& position) {
  auto p = position_arg(position, true);
  if (!p) return error_value(p.error());
  const Position& pos = p->position;
  val out = val::object();
  val hands = val::object();
  for (int s = 0; s < kNumSeats; ++s)
    hands.set(to_string(seat_from_int(s)), to_pbn(pos.hand(seat_from_int(s))));
  out.set("hands", hands);
  out.set("trump", to_string(pos.trump()));
  out.set("leader", to_string(pos.leader()));
  out.set("toPlay", to_string(pos.to_play()));
  val trick = val::array();
  for (int i = 0; i < pos.trick_size(); ++i) {
    val t = val::object();
    t.set("seat", to_string(next_seat(pos.leader(), i)));
    t.set("card", to_string(pos.trick_card(i)));
    trick.call<void>("push", t);
  }
  out.set("trick", trick);
  val legal = val::array();
  for (const Card c : pos.legal_cards()) legal.call<void>("push", to_string(c));
  out.set("legal", legal);
  out.set("tricksLeft", pos.tricks_left());
  val won = val::object();
  won.set("NS", p->won[0]);
  won.set("EW", p->won[1]);
  out.set("won", won);
  return out;
}

// {deal: "N:..."}: the deal checked and written back in PBN from `first`.
val normalise_deal(const val& deal_value, const val& first_value) {
  auto deal = deal_arg(deal_value, "deal");
  if (!deal) return error_value(deal.error());
  auto first = seat_arg(first_value, "first");
  if (!first) return error_value(first.error());
  val out = val::object();
  out.set("deal", to_pbn(*deal, *first));
  out.set("tricks", deal->tricks_left());
  return out;
}

val dealer_par(const val& table_value_in, const val& dealer_value, const val& vul_value) {
  auto table = table_arg(table_value_in);
  if (!table) return error_value(table.error());
  auto dealer = seat_arg(dealer_value, "dealer");
  if (!dealer) return error_value(dealer.error());
  auto vul = vulnerability_arg(vul_value, "vulnerability");
  if (!vul) return error_value(vul.error());
  return par_value(ddtb::dealer_par(*table, *dealer, *vul));
}

val sides_par(const val& table_value_in, const val& first_value, const val& vul_value) {
  auto table = table_arg(table_value_in);
  if (!table) return error_value(table.error());
  auto first = side_arg(first_value, "first");
  if (!first) return error_value(first.error());
  auto vul = vulnerability_arg(vul_value, "vulnerability");
  if (!vul) return error_value(vul.error());
  return par_value(ddtb::sides_par(*table, *first, *vul));
}

// {NS: [score, contracts], EW: [...]}: DDS Par()'s texts.
val par_texts(const val& table_value_in, const val& vul_value) {
  auto table = table_arg(table_value_in);
  if (!table) return error_value(table.error());
  auto vul = vulnerability_arg(vul_value, "vulnerability");
  if (!vul) return error_value(vul.error());
  const auto texts = ddtb::par_texts(*table, *vul);
  val out = val::object();
  for (int side = 0; side < 2; ++side) {
    val pair = val::array();
    pair.call<void>("push", texts[side].score);
    pair.call<void>("push", texts[side].contracts);
    out.set(side == 0 ? "NS" : "EW", pair);
  }
  return out;
}

// {score}: {level, strain, tricks, doubled?, redoubled?, vulnerable?}'s.
val contract_score(const val& contract) {
  auto c = contract_arg(contract);
  if (!c) return error_value(c.error());
  val out = val::object();
  out.set("score",
          ddtb::contract_score(c->level, c->strain, c->doubling, c->vulnerable, c->tricks));
  return out;
}

// {ttMemoryBytes, ttMaxMemoryBytes} for a Session (0: the library's
// default), from a Solver's options.
val session_options(const val& tt_memory_bytes, const val& tt_max_memory_bytes) {
  auto memory = bytes_arg(tt_memory_bytes, "ttMemoryBytes");
  if (!memory) return error_value(memory.error());
  auto max_memory = bytes_arg(tt_max_memory_bytes, "ttMaxMemoryBytes");
  if (!max_memory) return error_value(max_memory.error());
  val out = val::object();
  out.set("ttMemoryBytes", *memory);
  out.set("ttMaxMemoryBytes", *max_memory);
  return out;
}

std::string version() {
  return DDTB_VERSION;
}

}  // namespace

}  // namespace ddtb::wasm

EMSCRIPTEN_BINDINGS(ddtb) {
  using namespace emscripten;
  using ddtb::wasm::Session;
  class_<Session>("Session")
      .constructor<double, double>()
      .function("ddTable", &Session::dd_table)
      .function("solve", &Session::solve)
      .function("analysePlay", &Session::analyse_play)
      .function("stats", &Session::stats)
      .function("resetStats", &Session::reset_stats)
      .function("clear", &Session::clear);
  function("inspect", &ddtb::wasm::inspect);
  function("normaliseDeal", &ddtb::wasm::normalise_deal);
  function("dealerPar", &ddtb::wasm::dealer_par);
  function("sidesPar", &ddtb::wasm::sides_par);
  function("parTexts", &ddtb::wasm::par_texts);
  function("contractScore", &ddtb::wasm::contract_score);
  function("sessionOptions", &ddtb::wasm::session_options);
  function("version", &ddtb::wasm::version);
  function("singleDummy", &ddtb::wasm::single_dummy);
  function("compareTricks", &ddtb::wasm::compare_tricks_value);
}
