#include "cli/single_dummy.hpp"

#include <cctype>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

#include "cli/comparison.hpp"
#include "cli/json.hpp"
#include "cli/options.hpp"
#include "cli/pbn_reader.hpp"
#include "tools/command_line.hpp"
#include "tools/progress.hpp"

namespace ddtb::cli {

namespace {

Error syntax(const std::string& what) {
  return Error{ErrorCode::kSyntax, what};
}

std::vector<std::string_view> split(std::string_view text, char by) {
  std::vector<std::string_view> out;
  std::size_t from = 0;
  for (std::size_t i = 0; i <= text.size(); ++i)
    if (i == text.size() || text[i] == by) {
      if (i > from) out.push_back(text.substr(from, i - from));
      from = i + 1;
    }
  return out;
}

// "E:VALUE" -> the seat and VALUE.
Expected<std::pair<Seat, std::string_view>> seat_value(std::string_view option,
                                                       std::string_view text) {
  const auto seat = text.size() >= 2 && text[1] == ':' ? seat_from_letter(text[0]) : std::nullopt;
  if (!seat)
    return syntax(option.data() + std::string(" needs SEAT:VALUE with a seat N, E, S or W, got '") +
                  std::string(text) + "'");
  return std::pair<Seat, std::string_view>{*seat, text.substr(2)};
}

// "11-15", "12+", "-10", "7": a range within [0, top].
std::optional<std::pair<int, int>> parse_range(std::string_view text, int top) {
  const auto number = [](std::string_view t) -> std::optional<int> {
    if (t.empty() || t.size() > 2) return std::nullopt;
    int n = 0;
    for (char c : t) {
      if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
      n = 10 * n + (c - '0');
    }
    return n;
  };
  if (!text.empty() && text.back() == '+') {
    const auto lo = number(text.substr(0, text.size() - 1));
    if (!lo || *lo > top) return std::nullopt;
    return std::pair{*lo, top};
  }
  const std::size_t dash = text.find('-');
  if (dash == std::string_view::npos) {
    const auto n = number(text);
    if (!n || *n > top) return std::nullopt;
    return std::pair{*n, *n};
  }
  const auto lo = dash == 0 ? std::optional<int>(0) : number(text.substr(0, dash));
  const auto hi = number(text.substr(dash + 1));
  if (!lo || !hi || *lo > *hi || *hi > top) return std::nullopt;
  return std::pair{*lo, *hi};
}

std::string percent(const Estimate& e) {
  char b[32];
  std::snprintf(b, sizeof b, "%5.1f", 100 * e.value);
  return b;
}

std::string plus_minus(const Estimate& e, int digits) {
  char b[48];
  std::snprintf(b, sizeof b, "%.*f ±%.*f", digits, e.value, digits, e.error);
  return b;
}

std::string describe(const DealSpec& spec) {
  std::string out;
  for (int h = 0; h < 4; ++h) {
    const HandSpec& c = spec.hands[h];
    std::string parts;
    const auto add = [&](const std::string& p) { parts += (parts.empty() ? "" : ", ") + p; };
    if (c.min_hcp > 0 || c.max_hcp < kMaxHcp)
      add(range_text(c.min_hcp, c.max_hcp, kMaxHcp) + " HCP");
    for (int s = 0; s < 4; ++s) {
      const int lo = c.min_length[s], hi = c.max_length[s];
      if (lo == 0 && hi == 13) continue;
      add(range_text(lo, hi, 13) + " " + suit_name(suit_from_int(s)));
    }
    if (!c.lacks.empty()) add("no " + std::to_string(c.lacks.size()) + " given cards");
    if (!parts.empty()) out += "; " + to_string(seat_from_int(h)) + ": " + parts;
  }
  return out;
}

std::string spec_deal_text(const DealSpec& spec) {
  std::string out = "N:";
  for (int h = 0; h < 4; ++h) {
    if (h) out += ' ';
    const CardSet held = spec.hands[h].holds;
    if (held.empty()) {
      out += '-';
      continue;
    }
    for (int s = 0; s < 4; ++s) {
      if (s) out += '.';
      for (const Card c : held.suit(suit_from_int(s))) out += rank_letter(c.rank);
    }
  }
  return out;
}

}  // namespace

std::string json_estimate(const Estimate& e) {
  char b[96];
  std::snprintf(b, sizeof b, "{\"value\":%.6g,\"error\":%.6g}", e.value, e.error);
  return b;
}

std::string lead_text(const Card& top, std::uint16_t equals) {
  std::string out = to_string(top);
  for (int r = kMaxRank; r >= kMinRank; --r)
    if ((equals >> r) & 1) out += rank_letter(r);
  return out;
}

Expected<DealSpec> make_spec(const std::optional<std::string>& deal, const SingleDummyArgs& args) {
  DealSpec spec;
  spec.samples = args.samples;
  spec.seed = args.seed;
  if (deal) {
    auto hands = parse_partial_deal(*deal);
    if (!hands) return syntax("--deal '" + *deal + "': " + hands.error().message);
    for (int h = 0; h < 4; ++h) spec.hands[h].holds = (*hands)[h];
  }
  for (const std::string& k : args.known) {
    auto sv = seat_value("--known", k);
    if (!sv) return sv.error();
    const auto cards = parse_pbn_hand(sv->second);
    if (!cards) return syntax("--known '" + k + "': " + cards.error().message);
    HandSpec& h = spec.hands[static_cast<std::size_t>(to_int(sv->first))];
    h.holds = h.holds | *cards;
  }
  for (const std::string& k : args.lacks) {
    auto sv = seat_value("--lacks", k);
    if (!sv) return sv.error();
    const auto cards = parse_pbn_hand(sv->second);
    if (!cards) return syntax("--lacks '" + k + "': " + cards.error().message);
    HandSpec& h = spec.hands[static_cast<std::size_t>(to_int(sv->first))];
    h.lacks = h.lacks | *cards;
  }
  for (const std::string& k : args.hcp) {
    auto sv = seat_value("--hcp", k);
    if (!sv) return sv.error();
    const auto r = parse_range(sv->second, kMaxHcp);
    if (!r)
      return syntax("--hcp needs SEAT:RANGE such as E:11-15, E:12+ or E:-10, got '" + k + "'");
    HandSpec& h = spec.hands[static_cast<std::size_t>(to_int(sv->first))];
    h.min_hcp = r->first;
    h.max_hcp = r->second;
  }
  for (const std::string& k : args.length) {
    auto sv = seat_value("--length", k);
    if (!sv) return sv.error();
    HandSpec& h = spec.hands[static_cast<std::size_t>(to_int(sv->first))];
    const std::vector<std::string_view> parts = split(sv->second, ',');
    if (parts.empty())
      return syntax("--length needs SEAT:SUITRANGE such as E:S5+, got '" + k + "'");
    for (std::string_view p : parts) {
      const auto suit = p.empty() ? std::nullopt : suit_from_letter(p[0]);
      const auto r = suit ? parse_range(p.substr(1), 13) : std::nullopt;
      if (!r)
        return syntax(
            "--length needs SEAT:SUITRANGE[,SUITRANGE] such as E:S5+ or W:H2-4,D-3, got '" + k +
            "'");
      h.min_length[static_cast<std::size_t>(to_int(*suit))] = r->first;
      h.max_length[static_cast<std::size_t>(to_int(*suit))] = r->second;
    }
  }
  if (args.script) {  // its predeal cards shown in the deal; the library places them too
    spec.script = args.script->text.c_str();
    for (int h = 0; h < 4; ++h) spec.hands[h].holds = spec.hands[h].holds | args.script->predeal[h];
  }
  return spec;
}

namespace {

// The start of an analysis's JSON object: the board (when there is one),
// the samples, the seed and the deal.
void json_head(std::ostream& out, const std::string& board, int samples, const DealSpec& spec) {
  out << "{" << (board.empty() ? "" : "\"board\":" + json_string(board) + ",")
      << "\"samples\":" << samples << ",\"seed\":" << spec.seed
      << ",\"deal\":" << json_string(spec_deal_text(spec));
}

// The lead analysis as text or JSON: `header` heads the text; `board` (or
// "") and the spec's seed and deal go into the JSON.
void print_leads(std::ostream& out, const LeadAnalysis& r, const ddtb::Contract& lead,
                 const std::string& board, const DealSpec& spec, const std::string& header,
                 bool json) {
  const std::string contract =
      std::to_string(lead.level) + to_string(lead.strain) + " by " + to_string(*lead.declarer);
  if (json) {
    json_head(out, board, r.samples, spec);
    out << ",\"contract\":" << json_string(contract)
        << ",\"leader\":" << json_string(to_string(r.leader)) << ",\"leads\":[";
    for (std::size_t i = 0; i < r.leads.size(); ++i) {
      const LeadOdds& l = r.leads[i];
      out << (i ? "," : "") << "{\"card\":" << json_string(lead_text(l.card, l.equals))
          << ",\"defence_tricks\":" << json_estimate(l.defence_tricks)
          << ",\"sets\":" << json_estimate(l.sets) << "}";
    }
    out << "]}\n";
  } else {
    out << header << "\n"
        << contract << ", " << to_string(r.leader)
        << " leads: defence tricks (± standard error) and the chance to set (%, ± standard "
           "error)\n";
    for (const LeadOdds& l : r.leads) {
      const std::string card = lead_text(l.card, l.equals);
      out << "  " << card << std::string(card.size() < 8 ? 8 - card.size() : 1, ' ')
          << plus_minus(l.defence_tricks, 2) << "  "
          << plus_minus(Estimate{100 * l.sets.value, 100 * l.sets.error}, 1) << "\n";
    }
  }
}

// The contract analysis as print_leads prints the leads.
void print_contracts(std::ostream& out, const ContractAnalysis& r, const std::string& board,
                     const DealSpec& spec, const std::string& header, bool json) {
  if (json) {
    json_head(out, board, r.samples, spec);
    out << ",\"contracts\":[";
    for (std::size_t i = 0; i < r.contracts.size(); ++i) {
      const ContractOdds& c = r.contracts[i];
      out << (i ? "," : "") << "{\"strain\":" << json_string(to_string(c.strain))
          << ",\"declarer\":" << json_string(to_string(c.declarer)) << ",\"tricks\":[";
      for (int t = 0; t < 14; ++t) out << (t ? "," : "") << c.tricks[t];
      out << "],\"mean_tricks\":" << json_estimate(c.mean_tricks) << ",\"makes\":[";
      for (int l = 1; l <= 7; ++l) out << (l > 1 ? "," : "") << json_estimate(c.makes[l]);
      out << "],\"score\":[";
      for (int l = 1; l <= 7; ++l) out << (l > 1 ? "," : "") << json_estimate(c.score[l]);
      out << "]}";
    }
    out << "]}\n";
  } else {
    out << header << "\nmean tricks (± standard error) and the chance to make each level (%):\n"
        << "                           1     2     3     4     5     6     7\n";
    for (const ContractOdds& c : r.contracts) {
      const std::string name = to_string(c.strain) + " " + to_string(c.declarer);
      out << (name.size() < 5 ? std::string(5 - name.size(), ' ') : "") << name << "  "
          << plus_minus(c.mean_tricks, 2) << "  ";
      for (int l = 1; l <= 7; ++l) out << ' ' << percent(c.makes[l]);
      out << '\n';
    }
  }
}

// The paired comparison the options ask: of the leads against `lead`, or of
// --compare's contracts (already checked by run_single_dummy).
Expected<Comparison> compare_deals(std::span<const Deal> deals,
                                   const std::optional<ddtb::Contract>& lead,
                                   const SingleDummyArgs& args, Vulnerability vul,
                                   const AnalysisOptions& ao) {
  if (args.compare.empty()) return compare_leads(deals, *lead, vul, ao);
  auto contracts = compared_contracts(args);
  if (!contracts) return contracts.error();
  return compare_contracts(deals, *contracts, vul, ao);
}

// One analysis: of `deal` (nullopt: --known alone) under the options'
// constraints, printed with `board` (a PBN file's [Board], or empty) first.
// The exit status: 0, 1 when this deal cannot be analysed (reported), 2 for
// a usage error.
int analyse_deal(const std::optional<std::string>& deal, const std::string& board,
                 const Options& options, const SolverOptions& solver) {
  const SingleDummyArgs& args = options.single_dummy;
  auto spec = make_spec(deal, args);
  if (!spec) {
    if (board.empty()) return tools::usage_error(tool_text(), spec.error().message);
    std::cerr << "ddsolve: board " << board << ": " << spec.error().message << '\n';
    return 1;
  }
  spec->threads = options.threads;
  std::optional<ddtb::Contract> lead;
  if (args.lead) {
    auto c = ddtb::parse_contract(*args.lead);
    if (!c || c->level == 0 || !c->declarer)
      return tools::usage_error(tool_text(),
                                "--lead needs a contract with its declarer, such as "
                                "3NT-S or '4S by E', got '" +
                                    *args.lead + "'");
    lead = *c;
  }
  auto deals = sample_deals(*spec);
  if (!deals) {
    std::cerr << "ddsolve: " << (board.empty() ? "" : "board " + board + ": ")
              << deals.error().message << '\n';
    return 1;
  }
  AnalysisOptions ao;
  ao.threads = options.threads;
  ao.solver = &solver;
  tools::ProgressBar bar(std::cerr, !options.quiet && tools::stderr_is_terminal(), "deals");
  bar.start("", deals->size());
  auto progress = [&](int done, int) {
    bar.set(static_cast<std::uint64_t>(done));
    return true;
  };
  set_progress(ao, progress);
  const Vulnerability vul = options.request.vulnerability.value_or(
      args.script ? args.script->vulnerability.value_or(Vulnerability::None) : Vulnerability::None);
  const bool json = options.format == Format::kJson;
  std::ostringstream out;
  const std::string header =
      (board.empty() ? "" : "Board " + board + ": ") + std::to_string(deals->size()) +
      " samples (seed " + std::to_string(spec->seed) + ") of " + spec_deal_text(*spec) +
      describe(*spec) + (args.script ? "; " + args.script->source : std::string());
  if (wants_comparison(args)) {
    std::ostringstream head;
    json_head(head, board, static_cast<int>(deals->size()), *spec);
    auto r = compare_deals(*deals, lead, args, vul, ao);
    bar.finish();
    if (!r) {
      std::cerr << "ddsolve: " << r.error().message << '\n';
      return 1;
    }
    print_comparison(out, *r, header, head.str(), json);
  } else if (lead) {
    auto r = analyse_leads(*deals, *lead, ao);
    bar.finish();
    if (!r) {
      std::cerr << "ddsolve: " << r.error().message << '\n';
      return 1;
    }
    print_leads(out, *r, *lead, board, *spec, header, json);
  } else {
    auto r = analyse_contracts(*deals, options.request.strains, options.request.declarers, vul, ao);
    bar.finish();
    if (!r) {
      std::cerr << "ddsolve: " << r.error().message << '\n';
      return 1;
    }
    print_contracts(out, *r, board, *spec, header, json);
  }
  std::cout << out.str();
  return 0;
}

}  // namespace

int run_single_dummy(const Options& options, const SolverOptions& solver) {
  if (auto contracts = compared_contracts(options.single_dummy); !contracts)
    return tools::usage_error(tool_text(), contracts.error().message);
  if (!options.single_dummy.compare.empty() && options.single_dummy.lead)
    return tools::usage_error(tool_text(), "--compare compares contracts: not with --lead");
  if (options.single_dummy.paired && !options.single_dummy.lead)
    return tools::usage_error(tool_text(), "--paired compares the leads of --lead CONTRACT");
  if (options.deals.size() > 1)
    return tools::usage_error(tool_text(), "single-dummy analysis takes one --deal");
  if (options.files.empty())
    return analyse_deal(
        options.deals.empty() ? std::nullopt : std::optional<std::string>(options.deals.front()),
        "", options, solver);
  // Every board of the files, its [Deal] with '-' for the hidden hands.
  int status = 0;
  for (const std::string& name : options.files) {
    std::ifstream file;
    if (name != "-") {
      file.open(name, std::ios::binary);
      if (!file) {
        std::cerr << "ddsolve: cannot open '" << name << "'\n";
        status = 2;
        continue;
      }
    }
    PbnReader reader(name == "-" ? std::cin : file);
    while (std::optional<Game> game = reader.next()) {
      if (!game->is_game()) continue;
      const Tag* deal = game->find("Deal");
      if (!deal) continue;
      const Tag* board = game->find("Board");
      const std::string id = board ? board->value : std::to_string(game->ordinal);
      const std::string label = options.files.size() > 1 ? name + ": " + id : id;
      status = std::max(status, analyse_deal(deal->value, label, options, solver));
    }
  }
  return status;
}

}  // namespace ddtb::cli
