// singleDummy: single-dummy analysis (include/ddtb/single_dummy.hpp) for
// wasm/js/index.js. The spec is checked here, every field named in its
// errors ("singleDummy: hcp.E: expected [low, high], got 'x'").
#include "single_dummy.hpp"

#include <string>

#include "args.hpp"
#include "comparison.hpp"
#include "convert.hpp"
#include "ddtb/deal_script.hpp"
#include "ddtb/single_dummy.hpp"

namespace ddtb::wasm {

namespace {

std::vector<std::string> keys(const val& v) {
  const val k = val::global("Object").call<val>("keys", v);
  std::vector<std::string> out;
  for (int i = 0, n = k["length"].as<int>(); i < n; ++i) out.push_back(k[i].as<std::string>());
  return out;
}

// [low, high] (null for no bound) or a number (exactly), within [0, top].
Expected<std::pair<int, int>> range_arg(const val& v, const std::string& path, int top) {
  const auto bound = [&](const val& b, int none) -> std::optional<int> {
    if (b.isNull() || b.isUndefined()) return none;
    if (!b.isNumber() || !val::global("Number").call<bool>("isInteger", b)) return std::nullopt;
    const int n = b.as<int>();
    if (n < 0 || n > top) return std::nullopt;
    return n;
  };
  std::optional<int> lo, hi;
  if (v.isNumber()) {
    lo = hi = bound(v, 0);
  } else if (is_array(v) && v["length"].as<int>() == 2) {
    lo = bound(v[0], 0);
    hi = bound(v[1], top);
  }
  if (!lo || !hi || *lo > *hi)
    return bad(path, "expected [low, high] with whole numbers from 0 to " + std::to_string(top) +
                         " (null for no bound), or one number");
  return std::pair{*lo, *hi};
}

// {N: x, E: x, ...}: f(seat, value, path) for each seat given.
template <class F>
Expected<void> by_seat(const val& v, const std::string& path, F&& f) {
  if (v.isUndefined() || v.isNull()) return {};
  if (!is_plain_object(v)) return bad(path, "expected an object by seat, such as {E: ...}");
  for (const std::string& k : keys(v)) {
    const auto seat = k.size() == 1 ? seat_from_letter(k[0]) : std::nullopt;
    if (!seat) return bad(path + "." + k, "not a seat (N, E, S, W)");
    if (auto done = f(*seat, v[k], path + "." + k); !done) return done.error();
  }
  return {};
}

Expected<CardSet> hand_arg(const val& v, const std::string& path) {
  if (!v.isString()) return bad(path, "expected a PBN hand such as 'AK.Q2..T9'");
  auto h = parse_pbn_hand(v.as<std::string>());
  if (!h) return bad(path, h.error().message);
  return *h;
}

// spec.where, a dealer script or expression (docs/USAGE.md, "Constraint
// scripts"), compiled here so that its error names the line and column;
// `text` holds it for the spec, which points at it.
Expected<void> where_arg(const val& where, std::string& text, DealSpec& spec) {
  if (where.isUndefined() || where.isNull()) return {};
  if (!where.isString()) return bad("where", "expected a dealer script or expression (a string)");
  text = where.as<std::string>();
  if (text.find('\0') != std::string::npos) return bad("where", "a NUL character");
  if (auto script = DealScript::compile(text); !script) return bad("where", script.error().message);
  spec.script = text.c_str();
  return {};
}

Expected<DealSpec> spec_arg(const val& s, std::string& script) {
  if (!is_plain_object(s)) return bad("spec", "expected an object such as {deal, hcp, samples}");
  DealSpec spec;
  if (auto where = where_arg(s["where"], script, spec); !where) return where.error();
  const val deal = s["deal"];
  if (!deal.isUndefined() && !deal.isNull()) {
    if (!deal.isString()) return bad("deal", "expected a PBN deal with '-' for a hidden hand");
    auto hands = parse_partial_deal(deal.as<std::string>());
    if (!hands) return bad("deal", hands.error().message);
    for (int h = 0; h < 4; ++h) spec.hands[h].holds = (*hands)[h];
  }
  auto known = by_seat(s["known"], "known", [&](Seat seat, const val& v, const std::string& p) {
    auto h = hand_arg(v, p);
    if (!h) return Expected<void>(h.error());
    spec.hands[to_int(seat)].holds = spec.hands[to_int(seat)].holds | *h;
    return Expected<void>();
  });
  if (!known) return known.error();
  auto lacks = by_seat(s["lacks"], "lacks", [&](Seat seat, const val& v, const std::string& p) {
    auto h = hand_arg(v, p);
    if (!h) return Expected<void>(h.error());
    spec.hands[to_int(seat)].lacks = spec.hands[to_int(seat)].lacks | *h;
    return Expected<void>();
  });
  if (!lacks) return lacks.error();
  auto hcp = by_seat(s["hcp"], "hcp", [&](Seat seat, const val& v, const std::string& p) {
    auto r = range_arg(v, p, kMaxHcp);
    if (!r) return Expected<void>(r.error());
    spec.hands[to_int(seat)].min_hcp = r->first;
    spec.hands[to_int(seat)].max_hcp = r->second;
    return Expected<void>();
  });
  if (!hcp) return hcp.error();
  auto length = by_seat(s["length"], "length", [&](Seat seat, const val& v, const std::string& p) {
    if (!is_plain_object(v))
      return Expected<void>(bad(p, "expected an object by suit, such as {S: [5, null]}"));
    for (const std::string& k : keys(v)) {
      auto st = strain_arg(val(k), p + "." + k);
      if (!st || *st == Strain::NoTrump)
        return Expected<void>(bad(p + "." + k, "not a suit (S, H, D, C)"));
      auto r = range_arg(v[k], p + "." + k, 13);
      if (!r) return Expected<void>(r.error());
      spec.hands[to_int(seat)].min_length[to_int(*st)] = r->first;
      spec.hands[to_int(seat)].max_length[to_int(*st)] = r->second;
    }
    return Expected<void>();
  });
  if (!length) return length.error();
  const val samples = s["samples"];
  if (!samples.isUndefined()) {
    if (!samples.isNumber() || !val::global("Number").call<bool>("isInteger", samples) ||
        samples.as<double>() < 1 || samples.as<double>() > 1e6)
      return bad("samples", "expected a whole number from 1 to 1000000");
    spec.samples = samples.as<int>();
  }
  const val seed = s["seed"];
  if (!seed.isUndefined()) {
    if (!seed.isNumber() || !val::global("Number").call<bool>("isSafeInteger", seed) ||
        seed.as<double>() < 0)
      return bad("seed", "expected a whole number from 0 to 2^53 - 1");
    spec.seed = static_cast<std::uint64_t>(seed.as<double>());
  }
  return spec;
}

}  // namespace

val single_dummy(const val& spec_value, const val& progress) {
  std::string script;  // spec->script points at it
  auto spec = spec_arg(spec_value, script);
  if (!spec) return error_value(spec.error());
  std::optional<Contract> lead;
  const val lead_value = spec_value["lead"];
  if (!lead_value.isUndefined() && !lead_value.isNull()) {
    auto c = declared_contract_arg(lead_value, "lead");
    if (!c) return error_value(c.error());
    lead = *c;
  }
  auto strains = strains_arg(spec_value["strains"]);
  if (!strains) return error_value(strains.error());
  auto declarers = seats_arg(spec_value["declarers"], "declarers");
  if (!declarers) return error_value(declarers.error());
  Vulnerability vul = Vulnerability::None;
  if (!spec_value["vulnerability"].isUndefined()) {
    auto v = vulnerability_arg(spec_value["vulnerability"], "vulnerability");
    if (!v) return error_value(v.error());
    vul = *v;
  }
  auto deals = sample_deals(*spec);
  if (!deals) return error_value(deals.error());
  AnalysisOptions options;
  auto report = [&](int done, int total) {
    const val r = progress(done, total);
    return r.isUndefined() || r.isNull() || r.as<bool>();
  };
  if (progress.typeOf().as<std::string>() == "function") set_progress(options, report);
  // The paired comparison (comparison.hpp).
  if (wants_comparison(spec_value)) {
    val r = comparison_value(spec_value, *deals, lead, vul, options);
    if (r["error"].isUndefined()) r.set("seed", static_cast<double>(spec->seed));
    return r;
  }
  val out = val::object();
  out.set("samples", spec->samples);
  out.set("seed", static_cast<double>(spec->seed));
  if (spec_value["deals"].isTrue()) {
    val pbn = val::array();
    for (const Deal& deal : *deals) pbn.call<void>("push", to_pbn(deal));
    out.set("deals", pbn);
  }
  if (lead) {
    auto r = analyse_leads(*deals, *lead, options);
    if (!r) return error_value(r.error());
    out.set("leader", to_string(r->leader));
    val list = val::array();
    for (const LeadOdds& l : r->leads) {
      val o = val::object();
      o.set("card", to_string(l.card));
      val eq = val::array();
      for (const Card c : CardSet::from_holding(l.card.suit, l.equals))
        eq.call<void>("push", to_string(c));
      o.set("equals", eq);
      o.set("defenceTricks", estimate_value(l.defence_tricks));
      o.set("sets", estimate_value(l.sets));
      list.call<void>("push", o);
    }
    out.set("leads", list);
    return out;
  }
  auto r = analyse_contracts(*deals, *strains, *declarers, vul, options);
  if (!r) return error_value(r.error());
  val list = val::array();
  for (const ContractOdds& c : r->contracts) {
    val o = val::object();
    o.set("strain", to_string(c.strain));
    o.set("declarer", to_string(c.declarer));
    val tricks = val::array();
    for (int n : c.tricks) tricks.call<void>("push", n);
    o.set("tricks", tricks);
    o.set("meanTricks", estimate_value(c.mean_tricks));
    val makes = val::object(), score = val::object();
    for (int l = 1; l <= 7; ++l) {
      makes.set(l, estimate_value(c.makes[l]));
      score.set(l, estimate_value(c.score[l]));
    }
    o.set("makes", makes);
    o.set("score", score);
    list.call<void>("push", o);
  }
  out.set("contracts", list);
  return out;
}

}  // namespace ddtb::wasm
