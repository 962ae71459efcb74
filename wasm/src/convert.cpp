#include "convert.hpp"

#include <cctype>

namespace ddtb::wasm {

namespace {

std::string upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

Error bad(const std::string& what, const std::string& message,
          ErrorCode code = ErrorCode::kBadArgument) {
  return Error{code, what.empty() ? message : what + ": " + message};
}

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
  }
  return "badArgument";
}

}  // namespace

Expected<Strain> to_strain(const std::string& text, const std::string& what) {
  const std::string t = upper(text);
  if (t == "NT" || t == "N" || t == "NOTRUMP" || t == "NO TRUMP") return Strain::NoTrump;
  if (t == "SPADES") return Strain::Spades;
  if (t == "HEARTS") return Strain::Hearts;
  if (t == "DIAMONDS") return Strain::Diamonds;
  if (t == "CLUBS") return Strain::Clubs;
  if (t.size() == 1)
    if (auto s = strain_from_letter(t[0])) return *s;
  return bad(what, "'" + text + "' is not a strain (S, H, D, C, NT)");
}

Expected<Seat> to_seat(const std::string& text, const std::string& what) {
  const std::string t = upper(text);
  static const char* const kNames[] = {"NORTH", "EAST", "SOUTH", "WEST"};
  for (int s = 0; s < kNumSeats; ++s)
    if (t == kNames[s]) return seat_from_int(s);
  if (t.size() == 1)
    if (auto s = seat_from_letter(t[0])) return *s;
  return bad(what, "'" + text + "' is not a seat (N, E, S, W)");
}

Expected<Vulnerability> to_vulnerability(const std::string& text, const std::string& what) {
  const std::string t = upper(text);
  if (t == "NONE" || t == "-" || t == "LOVE") return Vulnerability::None;
  if (t == "BOTH" || t == "ALL") return Vulnerability::Both;
  if (t == "NS") return Vulnerability::NorthSouth;
  if (t == "EW") return Vulnerability::EastWest;
  return bad(what, "'" + text + "' is not a vulnerability (None, NS, EW, Both)");
}

Expected<Side> to_side(const std::string& text, const std::string& what) {
  const std::string t = upper(text);
  if (t == "NS") return Side::NorthSouth;
  if (t == "EW") return Side::EastWest;
  return bad(what, "'" + text + "' is not a side (NS, EW)");
}

Expected<std::vector<Card>> to_cards(const std::string& text, const std::string& what) {
  std::vector<Card> cards;
  std::size_t i = 0;
  while (i < text.size()) {
    if (text[i] == ' ' || text[i] == ',') {
      ++i;
      continue;
    }
    // A suit letter and a rank ("SA", "h9"), the rank 10 also as "10".
    std::string card = text.substr(i, 2);
    std::size_t length = 2;
    if (text.compare(i + 1, 2, "10") == 0) {
      card = std::string(1, text[i]) + "T";
      length = 3;
    }
    const std::optional<Card> c = parse_card(card);
    if (!c)
      return bad(what,
                 "character " + std::to_string(i + 1) + ": '" + text.substr(i, length) +
                     "' is not a card (a suit S, H, D, C and a rank: SA, H9, DT)",
                 ErrorCode::kSyntax);
    cards.push_back(*c);
    i += length;
  }
  return cards;
}

Expected<Deal> to_deal(const std::string& text, const std::string& what) {
  Expected<Deal> deal = parse_pbn_deal(text);
  if (!deal) return bad(what, deal.error().message, deal.error().code);
  return deal;
}

Expected<DdTable> to_table(const std::vector<int>& tricks, const std::string& what) {
  if (tricks.size() != 20)
    return bad(what, "a DD table has 20 entries (5 strains by 4 declarers), got " +
                         std::to_string(tricks.size()));
  DdTable t;
  for (int i = 0; i < 20; ++i) {
    if (tricks[i] < 0 || tricks[i] > kNumTricks)
      return bad(what, std::string(1, "SHDCN"[i / 4]) + " by " + seat_letter(seat_from_int(i % 4)) +
                           ": " + std::to_string(tricks[i]) + " tricks is not 0..13");
    t.tricks[i / 4][i % 4] = tricks[i];
  }
  return t;
}

val error_value(const Error& e) {
  val out = val::object();
  out.set("error", e.message);
  out.set("code", std::string(code_name(e.code)));
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
