#include "convert.hpp"

namespace ddtb::wasm {

namespace {

const char* code_name(ErrorCode c) {
  switch (c) {
    case ErrorCode::kSyntax:
      return "syntax";
    case ErrorCode::kCardCount:
      return "cardCount";
    case ErrorCode::kDuplicateCard:
      return "duplicateCard";
    case ErrorCode::kBadTrick:
      return "badTrick";
    case ErrorCode::kBadArgument:
      return "badArgument";
    case ErrorCode::kIo:
      return "io";
    case ErrorCode::kCorruptData:
      return "corruptData";
    case ErrorCode::kNotFound:
      return "notFound";
    case ErrorCode::kCancelled:
      return "cancelled";
  }
  return "badArgument";
}

}  // namespace

val error_value(const Error& e) {
  val out = val::object();
  out.set("error", e.message);
  out.set("code", std::string(code_name(e.code)));
  return out;
}

val estimate_value(const Estimate& e) {
  val out = val::object();
  out.set("value", e.value);
  out.set("error", e.error);
  return out;
}

val card_score_value(const CardScore& s) {
  val out = val::object();
  out.set("card", to_string(s.card));
  val equals = val::array();
  for (int r = kMaxRank; r >= kMinRank; --r)
    if ((s.equals >> r) & 1)
      equals.call<void>("push", to_string(Card{s.card.suit, static_cast<std::uint8_t>(r)}));
  out.set("equals", equals);
  out.set("tricks", s.tricks);
  return out;
}

val table_value(const DdTable& t) {
  val out = val::object();
  for (int st = 0; st < kNumStrains; ++st) {
    val row = val::object();
    for (int d = 0; d < kNumSeats; ++d) row.set(to_string(seat_from_int(d)), t.tricks[st][d]);
    out.set(to_string(strain_from_int(st)), row);
  }
  return out;
}

val par_value(const ParResult& par) {
  val out = val::object();
  out.set("score", par.score);
  val contracts = val::array();
  for (const ParContract& c : par.contracts) {
    val v = val::object();
    v.set("level", c.level);
    v.set("strain", to_string(c.strain));
    v.set("side", std::string(c.side == Side::NorthSouth ? "NS" : "EW"));
    val declarers = val::array();
    for (int s = 0; s < kNumSeats; ++s)
      if ((c.seats >> s) & 1) declarers.call<void>("push", to_string(seat_from_int(s)));
    v.set("declarers", declarers);
    v.set("doubled", c.doubled);
    v.set("preEmptive", c.pre_emptive);
    v.set("overtricks", c.overtricks);
    v.set("undertricks", c.undertricks);
    v.set("text", to_dds_text(c));
    contracts.call<void>("push", v);
  }
  out.set("contracts", contracts);
  return out;
}

}  // namespace ddtb::wasm
