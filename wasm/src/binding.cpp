// The embind binding of libddtb: what wasm/js/index.js calls.
//
// Every function takes strings and numbers (the JavaScript side has checked
// their types) and returns a plain object: the answer, or {error, code} with
// the library's message naming the argument and the place (convert.hpp).
// Nothing here throws, and nothing here searches: each answer is one call of
// the C++ API.
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

#include "convert.hpp"
#include "ddtb/par.hpp"
#include "ddtb/position.hpp"
#include "ddtb/solver.hpp"
#include "ddtb/version.hpp"

namespace ddtb::wasm {

namespace {

// A position reached by playing cards from a trick start, with the tricks
// each side won on the way (index: Side).
struct PlayedPosition {
  Position position;
  std::array<int, 2> won{};
};

// `finished`: whether a position with every card played is accepted (to be
// inspected; there is nothing to solve).
Expected<PlayedPosition> make_position(const std::string& deal_text, const std::string& trump_text,
                                       const std::string& leader_text,
                                       const std::string& played_text, bool finished = false) {
  auto deal = to_deal(deal_text, "deal");
  if (!deal) return deal.error();
  auto trump = to_strain(trump_text, "trump");
  if (!trump) return trump.error();
  auto leader = to_seat(leader_text, "leader");
  if (!leader) return leader.error();
  auto played = to_cards(played_text, "played");
  if (!played) return played.error();
  PlayedPosition out{Position::at_trick_start(*deal, *trump, *leader), {}};
  for (std::size_t i = 0; i < played->size(); ++i) {
    const Card c = (*played)[i];
    auto next = out.position.play(c);
    if (!next)
      return Error{next.error().code, "played: card " + std::to_string(i + 1) + " (" +
                                          to_string(c) + "): " + next.error().message};
    if (next->trick_size() == 0) ++out.won[static_cast<int>(side_of(next->leader()))];
    out.position = *next;
  }
  if (out.position.tricks_left() == 0 && !finished)
    return Error{ErrorCode::kBadArgument, "played: every card has been played; nothing to solve"};
  return out;
}

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

Expected<DdTable> table_from(const val& tricks) {
  return to_table(emscripten::vecFromJSArray<int>(tricks), "table");
}

// A Solver (its transposition table is reused from call to call).
class Session {
 public:
  Session(double tt_memory_bytes, double tt_max_memory_bytes)
      : solver_(options(tt_memory_bytes, tt_max_memory_bytes)) {}

  // {table} or {error}; `strains` holds bit (1 << strain) for each strain
  // to solve (31: all).
  val dd_table(const std::string& deal_text, int strains) {
    auto deal = to_deal(deal_text, "deal");
    if (!deal) return error_value(deal.error());
    if (strains <= 0 || strains > 31)
      return error_value({ErrorCode::kBadArgument, "strains: no strain chosen"});
    val out = val::object();
    out.set("table", table_value(solver_.dd_table(*deal, unsigned(strains))));
    return out;
  }

  // `mode`: "all" (Solver::solve), "best" (best_card), "bestCards",
  // "max" (max_tricks), "reaching" (cards_reaching `target`) or "oneReaching"
  // (card_reaching `target`).
  val solve(const std::string& deal, const std::string& trump, const std::string& leader,
            const std::string& played, const std::string& mode, int target) {
    auto p = make_position(deal, trump, leader, played);
    if (!p) return error_value(p.error());
    const Position& pos = p->position;
    if (mode == "all") return solve_result_value(solver_.solve(pos));
    if (mode == "best") return solve_result_value(solver_.best_card(pos));
    if (mode == "bestCards") return solve_result_value(solver_.best_cards(pos));
    val out = val::object();
    if (mode == "max") {
      out.set("tricks", solver_.max_tricks(pos));
    } else if (mode == "reaching") {
      out.set("cards", cards_value(solver_.cards_reaching(pos, target)));
    } else if (mode == "oneReaching") {
      const std::optional<CardScore> c = solver_.card_reaching(pos, target);
      out.set("cards", cards_value(c ? std::vector<CardScore>{*c} : std::vector<CardScore>{}));
    } else {
      return error_value({ErrorCode::kBadArgument, "mode: '" + mode + "' is not a solve mode"});
    }
    return out;
  }

  // {tricks: [...]}: Solver::analyse_play from the position for `side`
  // ("" : the side of the seat to the right of `leader`, the declarer's).
  val analyse_play(const std::string& deal, const std::string& trump, const std::string& leader,
                   const std::string& played, const std::string& cards_text,
                   const std::string& side_text) {
    auto p = make_position(deal, trump, leader, played);
    if (!p) return error_value(p.error());
    auto cards = to_cards(cards_text, "cards");
    if (!cards) return error_value(cards.error());
    Side side = side_of(next_seat(*to_seat(leader, "leader"), 3));
    if (!side_text.empty()) {
      auto s = to_side(side_text, "side");
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
val inspect(const std::string& deal, const std::string& trump, const std::string& leader,
            const std::string& played) {
  auto p = make_position(deal, trump, leader, played, true);
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
val normalise_deal(const std::string& text, const std::string& first_text) {
  auto deal = to_deal(text, "deal");
  if (!deal) return error_value(deal.error());
  auto first = to_seat(first_text, "first");
  if (!first) return error_value(first.error());
  val out = val::object();
  out.set("deal", to_pbn(*deal, *first));
  out.set("tricks", deal->tricks_left());
  return out;
}

val dealer_par(const val& tricks, const std::string& dealer_text, const std::string& vul_text) {
  auto table = table_from(tricks);
  if (!table) return error_value(table.error());
  auto dealer = to_seat(dealer_text, "dealer");
  if (!dealer) return error_value(dealer.error());
  auto vul = to_vulnerability(vul_text, "vulnerability");
  if (!vul) return error_value(vul.error());
  return par_value(ddtb::dealer_par(*table, *dealer, *vul));
}

val sides_par(const val& tricks, const std::string& first_text, const std::string& vul_text) {
  auto table = table_from(tricks);
  if (!table) return error_value(table.error());
  auto first = to_side(first_text, "first");
  if (!first) return error_value(first.error());
  auto vul = to_vulnerability(vul_text, "vulnerability");
  if (!vul) return error_value(vul.error());
  return par_value(ddtb::sides_par(*table, *first, *vul));
}

// {NS: [score, contracts], EW: [...]}: DDS Par()'s texts.
val par_texts(const val& tricks, const std::string& vul_text) {
  auto table = table_from(tricks);
  if (!table) return error_value(table.error());
  auto vul = to_vulnerability(vul_text, "vulnerability");
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

val contract_score(int level, const std::string& strain_text_in, int doubling, bool vulnerable,
                   int tricks) {
  auto strain = to_strain(strain_text_in, "strain");
  if (!strain) return error_value(strain.error());
  if (level < 1 || level > 7)
    return error_value(
        {ErrorCode::kBadArgument, "level: " + std::to_string(level) + " is not 1..7"});
  if (tricks < 0 || tricks > kNumTricks)
    return error_value(
        {ErrorCode::kBadArgument, "tricks: " + std::to_string(tricks) + " is not 0..13"});
  if (doubling < 0 || doubling > 2)
    return error_value({ErrorCode::kBadArgument, "doubling: not 0, 1 (doubled) or 2 (redoubled)"});
  val out = val::object();
  out.set("score", ddtb::contract_score(level, *strain, static_cast<Doubling>(doubling), vulnerable,
                                        tricks));
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
  function("version", &ddtb::wasm::version);
}
