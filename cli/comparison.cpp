#include "cli/comparison.hpp"

#include <algorithm>
#include <cstdio>
#include <ostream>

#include "cli/json.hpp"
#include "cli/single_dummy.hpp"
#include "cli/tag_values.hpp"

namespace ddtb::cli {

namespace {

std::string fixed(double value, int digits, bool sign = false) {
  char b[48];
  std::snprintf(b, sizeof b, sign ? "%+.*f" : "%.*f", digits, value);
  std::string out = b;
  // A value that rounds to zero is printed without a sign ("-0" -> "0").
  if (out.find_first_of("123456789") == std::string::npos && (out[0] == '-' || out[0] == '+'))
    out.erase(0, 1);
  return out;
}

// "value ±error", padded to `width`.
std::string cell(const Estimate& e, int digits, std::size_t width, double scale = 1,
                 bool sign = false) {
  std::string s = fixed(scale * e.value, digits, sign) + " ±" + fixed(scale * e.error, digits);
  if (s.size() < width) s += std::string(width - s.size(), ' ');
  return s + ' ';
}

std::string pad(std::string s, std::size_t width) {
  if (s.size() < width) s += std::string(width - s.size(), ' ');
  return s + ' ';
}

// "3NT-S", "4SX-N": a contract as --compare and --lead take it.
std::string declared_text(const Contract& c) {
  return contract_text(c) + "-" + to_string(*c.declarer);
}

std::string name_of(const Choice& c) {
  return c.lead ? lead_text(*c.lead, c.equals) : declared_text(c.contract);
}

std::string side_text(Side s) {
  return s == Side::NorthSouth ? "NS" : "EW";
}

std::string vulnerability_text(Vulnerability v) {
  switch (v) {
    case Vulnerability::None:
      return "None";
    case Vulnerability::Both:
      return "All";
    case Vulnerability::NorthSouth:
      return "NS";
    case Vulnerability::EastWest:
      return "EW";
  }
  return "None";
}

void print_json(std::ostream& out, const Comparison& r, const std::string& head) {
  const bool leads = !r.choices.empty() && r.choices[0].choice.lead.has_value();
  out << head << ",\"side\":" << json_string(side_text(r.side))
      << ",\"vulnerability\":" << json_string(vulnerability_text(r.vulnerability));
  if (leads)
    out << ",\"contract\":" << json_string(declared_text(r.choices[0].choice.contract))
        << ",\"leader\":"
        << json_string(to_string(next_seat(*r.choices[0].choice.contract.declarer)));
  out << ",\"best\":" << json_string(name_of(r.choices[r.order[0]].choice)) << ",\"choices\":[";
  for (std::size_t i = 0; i < r.order.size(); ++i) {
    const ChoiceFigures& f = r.choices[r.order[i]];
    const PairedDifference& d = f.vs_best;
    out << (i ? "," : "") << "{" << (leads ? "\"lead\":" : "\"contract\":")
        << json_string(name_of(f.choice)) << ",\"tricks\":" << json_estimate(f.tricks)
        << ",\"points\":" << json_estimate(f.points)
        << ",\"matchpoints\":" << json_estimate(f.matchpoints)
        << ",\"makes\":" << json_estimate(f.makes)
        << ",\"vs_best\":{\"tricks\":" << json_estimate(d.tricks)
        << ",\"points\":" << json_estimate(d.points) << ",\"imps\":" << json_estimate(d.imps)
        << ",\"matchpoints\":" << json_estimate(d.matchpoints)
        << ",\"better\":" << json_estimate(d.better) << ",\"ties\":" << json_estimate(d.ties)
        << "},\"declarer_tricks\":[";
    for (int deal = 0; deal < r.samples; ++deal)
      out << (deal ? "," : "")
          << int(r.declarer_tricks[static_cast<std::size_t>(deal) * r.choices.size() + r.order[i]]);
    out << "]}";
  }
  out << "]}\n";
}

void print_text(std::ostream& out, const Comparison& r, const std::string& header) {
  const bool leads = !r.choices.empty() && r.choices[0].choice.lead.has_value();
  const Contract& first = r.choices[0].choice.contract;
  out << header << "\n";
  if (leads)
    out << declared_text(first) << ", " << to_string(next_seat(*first.declarer))
        << " leads, vulnerability " << vulnerability_text(r.vulnerability)
        << ": each lead against the best on the same deals, from the defence's side\n";
  else
    out << "Contracts, vulnerability " << vulnerability_text(r.vulnerability)
        << ": each against the best on the same deals, from " << side_text(r.side) << "'s side\n";
  out << "(mean ± standard error; the differences are paired, deal by deal; MP: matchpoints %\n"
         "against the field of the other "
      << (leads ? "leads" : "contracts") << "; better, same: % of deals scoring more, the same)\n";
  constexpr std::size_t kName = 8, kMean = 14, kDiff = 15;
  out << pad("", kName) << pad("mean", 3 * kMean + 2) << "against the best, deal by deal\n"
      << pad(leads ? "lead" : "contract", kName) << pad("tricks", kMean) << pad("points", kMean)
      << pad("MP %", kMean) << pad("tricks", kDiff) << pad("points", kDiff) << pad("IMPs", kDiff)
      << pad("MP %", kDiff) << pad("better", 6) << "same\n";
  for (const std::size_t c : r.order) {
    const ChoiceFigures& f = r.choices[c];
    const PairedDifference& d = f.vs_best;
    out << pad(name_of(f.choice), kName) << cell(f.tricks, 2, kMean) << cell(f.points, 0, kMean)
        << cell(f.matchpoints, 1, kMean, 100);
    if (c == r.order[0]) {
      out << "(best)\n";
      continue;
    }
    out << cell(d.tricks, 2, kDiff, 1, true) << cell(d.points, 0, kDiff, 1, true)
        << cell(d.imps, 2, kDiff, 1, true) << cell(d.matchpoints, 1, kDiff, 100, true)
        << pad(fixed(100 * d.better.value, 1), 6) << fixed(100 * d.ties.value, 1) << "\n";
  }
}

}  // namespace

bool wants_comparison(const SingleDummyArgs& args) {
  return !args.compare.empty() || (args.lead && args.paired);
}

Expected<std::vector<Contract>> compared_contracts(const SingleDummyArgs& args) {
  std::vector<Contract> out;
  for (const std::string& value : args.compare) {
    std::size_t from = 0;
    while (from <= value.size()) {
      const std::size_t comma = std::min(value.find(',', from), value.size());
      const std::string text = value.substr(from, comma - from);
      auto c = ddtb::parse_contract(text);
      if (!c || c->level == 0 || !c->declarer)
        return Error{ErrorCode::kSyntax,
                     "--compare needs contracts with their declarers, such as 3NT-S,4S-N or "
                     "4S-N,5HX-E, got '" +
                         text + "'"};
      out.push_back(*c);
      from = comma + 1;
    }
  }
  return out;
}

void print_comparison(std::ostream& out, const Comparison& r, const std::string& header,
                      const std::string& json_head, bool json) {
  if (json)
    print_json(out, r, json_head);
  else
    print_text(out, r, header);
}

}  // namespace ddtb::cli
