#include "comparison.hpp"

#include <string>
#include <vector>

#include "args.hpp"
#include "convert.hpp"

namespace ddtb::wasm {

namespace {

std::string contract_text(const Contract& c) {
  std::string out = std::to_string(c.level) + to_string(c.strain);
  if (c.doubling == Doubling::Doubled) out += "X";
  if (c.doubling == Doubling::Redoubled) out += "XX";
  return out + "-" + to_string(*c.declarer);
}

val difference_value(const PairedDifference& d) {
  val out = val::object();
  out.set("tricks", estimate_value(d.tricks));
  out.set("points", estimate_value(d.points));
  out.set("imps", estimate_value(d.imps));
  out.set("matchpoints", estimate_value(d.matchpoints));
  out.set("better", estimate_value(d.better));
  out.set("ties", estimate_value(d.ties));
  return out;
}

val result_value(const Comparison& r) {
  val out = val::object();
  out.set("side", std::string(r.side == Side::NorthSouth ? "NS" : "EW"));
  constexpr const char* kVulnerability[] = {"None", "Both", "NS", "EW"};  // DDS's numbers
  out.set("vulnerability", std::string(kVulnerability[static_cast<int>(r.vulnerability)]));
  val choices = val::array();
  for (const ChoiceFigures& f : r.choices) {
    val o = val::object();
    o.set("contract", contract_text(f.choice.contract));
    if (f.choice.lead) {
      o.set("lead", to_string(*f.choice.lead));
      val eq = val::array();
      for (const Card c : CardSet::from_holding(f.choice.lead->suit, f.choice.equals))
        eq.call<void>("push", to_string(c));
      o.set("equals", eq);
    }
    o.set("tricks", estimate_value(f.tricks));
    o.set("points", estimate_value(f.points));
    o.set("matchpoints", estimate_value(f.matchpoints));
    o.set("makes", estimate_value(f.makes));
    o.set("vsBest", difference_value(f.vs_best));
    choices.call<void>("push", o);
  }
  out.set("choices", choices);
  val order = val::array();
  for (const std::size_t c : r.order) order.call<void>("push", static_cast<int>(c));
  out.set("order", order);
  out.set("best", static_cast<int>(r.order[0]));
  val tricks = val::array();
  for (const std::int8_t t : r.declarer_tricks) tricks.call<void>("push", static_cast<int>(t));
  out.set("declarerTricks", tricks);
  return out;
}

// spec.part: [index, count], 0 <= index < count <= samples; the whole when
// undefined.
Expected<std::pair<std::size_t, std::size_t>> part_arg(const val& v, std::size_t deals) {
  if (v.isUndefined() || v.isNull()) return std::pair<std::size_t, std::size_t>{0, deals};
  const auto whole = [](const val& x) {
    return x.isNumber() && val::global("Number").call<bool>("isInteger", x);
  };
  if (!is_array(v) || v["length"].as<int>() != 2 || !whole(v[0]) || !whole(v[1]) ||
      v[0].as<double>() < 0 || v[1].as<double>() < 1 || v[0].as<double>() >= v[1].as<double>() ||
      v[1].as<double>() > double(deals))
    return type_error("part", "[index, count] with 0 <= index < count <= samples", v);
  const auto index = static_cast<std::size_t>(v[0].as<double>());
  const auto count = static_cast<std::size_t>(v[1].as<double>());
  return std::pair<std::size_t, std::size_t>{deals * index / count, deals * (index + 1) / count};
}

}  // namespace

bool wants_comparison(const val& spec) {
  const val compare = spec["compare"];
  return spec["paired"].isTrue() || !(compare.isUndefined() || compare.isNull());
}

val comparison_value(const val& spec, std::span<const Deal> deals,
                     const std::optional<Contract>& lead, Vulnerability vulnerability,
                     const AnalysisOptions& options) {
  const val compare = spec["compare"];
  const bool contracts = !(compare.isUndefined() || compare.isNull());
  if (contracts && lead) return error_value(bad("compare", "compares contracts: not with lead"));
  if (!contracts && !lead)
    return error_value(bad("paired", "compares the leads of lead: give lead, such as '3NT-S'"));
  auto part = part_arg(spec["part"], deals.size());
  if (!part) return error_value(part.error());
  const std::span<const Deal> share = deals.subspan(part->first, part->second - part->first);
  Expected<Comparison> r = Error{ErrorCode::kBadArgument, ""};
  if (contracts) {
    if (!is_array(compare))
      return error_value(
          type_error("compare", "an array of contracts such as ['3NT-S', '4S-N']", compare));
    std::vector<Contract> list;
    for (int i = 0, n = compare["length"].as<int>(); i < n; ++i) {
      auto c = declared_contract_arg(compare[i], "compare[" + std::to_string(i) + "]");
      if (!c) return error_value(c.error());
      list.push_back(*c);
    }
    r = compare_contracts(share, list, vulnerability, options);
  } else {
    r = compare_leads(share, *lead, vulnerability, options);
  }
  if (!r) return error_value(r.error());
  val out = result_value(*r);
  out.set("samples", r->samples);
  out.set("first", static_cast<int>(part->first));
  out.set("total", static_cast<int>(deals.size()));
  return out;
}

val compare_tricks_value(const val& input) {
  if (!is_plain_object(input))
    return error_value(
        type_error("input", "{choices, declarerTricks, side, vulnerability}", input));
  const val list = input["choices"];
  if (!is_array(list)) return error_value(type_error("choices", "an array of choices", list));
  std::vector<Choice> choices;
  for (int i = 0, n = list["length"].as<int>(); i < n; ++i) {
    const std::string path = "choices[" + std::to_string(i) + "]";
    if (!is_plain_object(list[i]))
      return error_value(type_error(path, "{contract, lead?, equals?}", list[i]));
    auto c = declared_contract_arg(list[i]["contract"], path + ".contract");
    if (!c) return error_value(c.error());
    Choice choice{*c, std::nullopt, 0};
    const val lead = list[i]["lead"];
    if (!lead.isUndefined() && !lead.isNull()) {
      auto cards = cards_arg(lead, path + ".lead");
      if (!cards) return error_value(cards.error());
      if (cards->size() != 1) return error_value(bad(path + ".lead", "expected one card"));
      choice.lead = cards->front();
      auto equals = cards_arg(list[i]["equals"], path + ".equals");
      if (!equals) return error_value(equals.error());
      for (const Card e : *equals) {
        if (e.suit != choice.lead->suit)
          return error_value(bad(path + ".equals", "expected cards of the lead's suit"));
        choice.equals = static_cast<std::uint16_t>(choice.equals | (1u << e.rank));
      }
    }
    choices.push_back(choice);
  }
  const val tricks = input["declarerTricks"];
  if (!is_array(tricks))
    return error_value(type_error("declarerTricks", "an array of trick counts", tricks));
  std::vector<std::int8_t> declarer;
  for (int i = 0, n = tricks["length"].as<int>(); i < n; ++i) {
    const val t = tricks[i];
    if (!t.isNumber() || !val::global("Number").call<bool>("isInteger", t) || t.as<double>() < 0 ||
        t.as<double>() > 13)
      return error_value(type_error("declarerTricks[" + std::to_string(i) + "]",
                                    "a whole number of tricks, 0-13", t));
    declarer.push_back(static_cast<std::int8_t>(t.as<int>()));
  }
  auto side = side_arg(input["side"], "side");
  if (!side) return error_value(side.error());
  auto vul = vulnerability_arg(input["vulnerability"], "vulnerability");
  if (!vul) return error_value(vul.error());
  auto r = compare_tricks(choices, declarer, *side, *vul);
  if (!r) return error_value(r.error());
  val out = result_value(*r);
  out.set("samples", r->samples);
  return out;
}

}  // namespace ddtb::wasm
