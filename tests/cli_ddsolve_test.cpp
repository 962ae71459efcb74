// ddsolve end to end: the binary on the fixtures in data/cli/. Golden output
// for each format, the annotated PBN read back and checked, the play
// analysis against DDS's traces, malformed files, the command line.
//
// DD work is kept small: the full deals are three of DDS's list100 hands
// and a few of the project's golden deals (about 0.1 s each); everything
// else is an ending of one or two tricks. The session's boards are checked
// against list100.txt when DDTB_REF_DIR holds it (skipped otherwise), and
// the same checks run on golden deals (tests/data/golden) always.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "cli/pbn_reader.hpp"
#include "tests/cli_session.hpp"
#include "tests/cli_test.hpp"
#include "tests/support/golden_data.hpp"
#include "tests/support/ref_file.hpp"
#include "tests/support/ref_skip.hpp"

namespace ddtb::cli {
namespace {

using test::JsonMap;
using test::JsonReader;
using test::lines_of;
using test::read_file;

// The summary's end when no default tables are used (tests/cli_session.hpp).
const std::string kNoTables = "; tables: off (DDTB_TABLEBASE is empty)\n";

// The session's boards 1, 2, 3 are these deals of list100.txt.
constexpr std::array<std::pair<const char*, int>, 3> kSessionDeals{{{"1", 1}, {"2", 2}, {"3", 5}}};

// list100.txt's deals; callers skip first when it is missing.
const std::vector<ddtb::test::RefDeal>& list100() {
  static const auto deals = ddtb::test::read_ref_file(ddtb::test::ref_path("list100.txt"));
  EXPECT_TRUE(deals) << deals.error().message;
  static const std::vector<ddtb::test::RefDeal> empty;
  return deals ? *deals : empty;
}

// The session's boards with their list100 records; `played`: the boards
// whose cards played are list100's PLAY.
std::vector<std::pair<std::string, ddtb::test::RefDeal>> session_records(bool played) {
  std::vector<std::pair<std::string, ddtb::test::RefDeal>> out;
  for (const auto& [id, number] : kSessionDeals)
    if (!played || number <= 2)
      if (static_cast<std::size_t>(number) <= list100().size())
        out.emplace_back(id, list100()[std::size_t(number - 1)]);
  return out;
}

const std::vector<ddtb::test::RefDeal>& golden() {
  return ddtb::test::golden_deals();
}

long long integer(const JsonMap& json, const std::string& key) {
  const auto it = json.find(key);
  EXPECT_NE(it, json.end()) << key;
  return it == json.end() ? -1 : std::get<long long>(it->second);
}

std::string text(const JsonMap& json, const std::string& key) {
  const auto it = json.find(key);
  EXPECT_NE(it, json.end()) << key;
  return it == json.end() ? "" : std::get<std::string>(it->second);
}

// The JSON objects of a run, by board id.
std::map<std::string, JsonMap> boards_of(const std::string& out) {
  std::map<std::string, JsonMap> boards;
  for (const std::string& line : lines_of(out)) {
    auto json = JsonReader::parse(line);
    EXPECT_TRUE(json) << "not valid JSON: " << line;
    if (json) boards[text(*json, "board")] = std::move(*json);
  }
  return boards;
}

std::vector<std::string> games_texts_of(const std::string& pbn) {
  std::istringstream in(pbn);
  PbnReader reader(in);
  std::vector<std::string> texts;
  while (auto g = reader.next()) texts.push_back(g->text);
  return texts;
}

// ---------------------------------------------------------------- golden output

TEST(Ddsolve, TextOutputOfTheSessionIsGolden) {
  const auto r = test::run(kDdsolve, {"--par", "--play", kSession});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  expect_golden(r.out, "club_session.txt", "ddsolve --par --play tests/data/cli/club_session.pbn");
  // The board with unknown hands is a notice, then the summary.
  EXPECT_TRUE(kTablesOff);
  EXPECT_EQ(r.err, kSession +
                       ":91:27: board 4: skipped: hand 2 (North), hand 4 (South) are unknown "
                       "('-')\n"
                       "ddsolve: 5 boards solved, 1 skipped" +
                       kNoTables);
}

TEST(Ddsolve, JsonOutputOfTheSessionIsGolden) {
  const auto r = test::run(kDdsolve, {"--json", "--par", "--play", "-t", "2", kSession});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  expect_golden(r.out, "club_session.jsonl",
                "ddsolve --json --par --play tests/data/cli/club_session.pbn");
}

TEST(Ddsolve, AnnotatedPbnOfTheSessionIsGolden) {
  const auto r = test::run(kDdsolve, {"--pbn", kSession});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  expect_golden(r.out, "club_session.annotated.pbn",
                "ddsolve --pbn tests/data/cli/club_session.pbn");
}

// ---------------------------------------------------------------- the tables

// ---------------------------------------------------------------- against DDS

// Boards of a run with the DDS records (a hand list's) they must agree with.
using Records = std::vector<std::pair<std::string, ddtb::test::RefDeal>>;

// Each board's table is its record's TABLE.
void expect_dds_tables(const std::map<std::string, JsonMap>& boards, const Records& records) {
  const char strains[] = {'S', 'H', 'D', 'C', 'N'};  // resTable order; "N" = no trump
  const char seats[] = {'N', 'E', 'S', 'W'};
  for (const auto& [id, ref] : records) {
    SCOPED_TRACE(std::string("board ") + id);
    ASSERT_TRUE(boards.count(id));
    for (int s = 0; s < 5; ++s)
      for (int h = 0; h < 4; ++h)
        EXPECT_EQ(integer(boards.at(id), std::string("tricks.") + strains[s] + "." + seats[h]),
                  ref.table[s][h]);
  }
}

// Each board's par is its record's PAR2, DDS's DealerPar (e.g.
// "4S*-EW-1"), the board having the record's dealer and vulnerability.
void expect_dds_dealer_par(const std::map<std::string, JsonMap>& boards, const Records& records) {
  const std::regex dds(R"(^([1-7])([SHDCN])(\*?)-([NESW]+)(?:([+-])([0-9]+))?$)");
  for (const auto& [id, ref] : records) {
    SCOPED_TRACE(std::string("board ") + id);
    ASSERT_TRUE(boards.count(id));
    const JsonMap& b = boards.at(id);
    if (ref.dealer_par.contracts == std::vector<std::string>{"pass"}) {
      EXPECT_EQ(integer(b, "par.score"), 0);
      EXPECT_EQ(integer(b, "par.contracts.#"), 0);
      continue;
    }
    EXPECT_EQ(integer(b, "par.score"), ref.dealer_par.score);
    EXPECT_EQ(text(b, "par.dealer"), std::string(1, seat_letter(seat_from_int(ref.dealer))));
    const auto contracts = static_cast<std::size_t>(integer(b, "par.contracts.#"));
    ASSERT_EQ(contracts, ref.dealer_par.contracts.size());
    for (std::size_t i = 0; i < contracts; ++i) {
      std::smatch m;
      ASSERT_TRUE(std::regex_match(ref.dealer_par.contracts[i], m, dds))
          << ref.dealer_par.contracts[i];
      const std::string strain = m[2] == "N" ? "NT" : m[2].str();
      const std::string key = "par.contracts." + std::to_string(i);
      EXPECT_EQ(text(b, key + ".contract"), m[1].str() + strain + (m[3] == "*" ? "X" : ""));
      EXPECT_EQ(text(b, key + ".by"), m[4].str());
      const long long result = m[5].matched ? std::stoll(m[5].str() + m[6].str()) : 0;
      EXPECT_EQ(integer(b, key + ".result"), result);
    }
  }
}

// Each board's play analysis is its record's TRACE of its PLAY.
void expect_dds_traces(const std::map<std::string, JsonMap>& boards, const Records& records) {
  for (const auto& [id, ref] : records) {
    SCOPED_TRACE(std::string("board ") + id);
    ASSERT_TRUE(boards.count(id));
    const JsonMap& b = boards.at(id);
    const auto cards = static_cast<std::size_t>(integer(b, "play.cards.#"));
    ASSERT_EQ(cards, ref.play.size());
    EXPECT_EQ(text(b, "play.declarer"), std::string(1, seat_letter(next_seat(ref.first, 3))));
    EXPECT_EQ(text(b, "play.leader"), std::string(1, seat_letter(ref.first)));
    ASSERT_FALSE(ref.trace.empty());
    EXPECT_EQ(integer(b, "play.before"), ref.trace[0]);
    // DDS stops some complete plays early: compare what it has.
    for (std::size_t i = 0; i < cards && i + 1 < ref.trace.size(); ++i) {
      const std::string card = "play.cards." + std::to_string(i);
      EXPECT_EQ(text(b, card + ".card"), to_string(ref.play[i])) << i;
      EXPECT_EQ(integer(b, card + ".tricks"), ref.trace[i + 1]) << i;
    }
  }
}

// A PBN game of a golden deal: its board number, dealer, vulnerability and
// deal, a contract in its strain by the seat on its leader's right, and its
// cards played (PBN's play section: a trick a line, in the seat order that
// starts with the opening leader; "-" for cards not played, "*" when the
// play stops early).
std::string golden_game(const ddtb::test::RefDeal& d) {
  constexpr const char* kVulnerable[] = {"None", "All", "NS", "EW"};  // DDS's codes
  std::string out = "[Board \"" + std::to_string(d.number) + "\"]\n[Dealer \"" +
                    seat_letter(seat_from_int(d.dealer)) + "\"]\n[Vulnerable \"" +
                    kVulnerable[d.vulnerability] + "\"]\n[Deal \"" + d.pbn + "\"]\n";
  out += "[Declarer \"" + std::string(1, seat_letter(next_seat(d.first, 3))) + "\"]\n";
  out += "[Contract \"3" + std::string(strain_name(d.trump)) + "\"]\n";
  out += "[Play \"" + std::string(1, seat_letter(d.first)) + "\"]\n";
  Position p = d.start();
  std::array<std::string, 4> trick;  // by column: seats from the opening leader on
  trick.fill("-");
  for (std::size_t i = 0; i < d.play.size(); ++i) {
    const int column = (to_int(p.to_play()) - to_int(d.first) + 4) % 4;
    trick[std::size_t(column)] = to_string(d.play[i]);
    p = *p.play(d.play[i]);
    if (p.trick_size() == 0 || i + 1 == d.play.size()) {
      out += trick[0] + " " + trick[1] + " " + trick[2] + " " + trick[3] + "\n";
      trick.fill("-");
    }
  }
  return out + (d.play.size() < 52 ? "*\n\n" : "\n");
}

// The session's full deals against list100's DD tables.
TEST(Ddsolve, SessionTablesAgreeWithDds) {
  DDTB_SKIP_WITHOUT_REF("list100.txt");
  const auto r = test::run(kDdsolve, {"--json", "-q", kSession});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");  // --quiet: no notice for the skipped board
  const auto boards = boards_of(r.out);
  EXPECT_EQ(boards.size(), 5u);
  expect_dds_tables(boards, session_records(false));
}

// Par of the session's full deals against DDS's DealerPar (list100's PAR2
// lines): the session gives each board the dealer and vulnerability of its
// list100 deal.
TEST(Ddsolve, SessionParAgreesWithDdsDealerPar) {
  DDTB_SKIP_WITHOUT_REF("list100.txt");
  const auto r = test::run(kDdsolve, {"--json", "--par", "-q", kSession});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  expect_dds_dealer_par(boards_of(r.out), session_records(false));
}

// The first golden deals, with their dealer, vulnerability and play, in a
// file of their own: tables, par and play analysis against DDS's.
TEST(Ddsolve, GoldenDealsAgreeWithDds) {
  constexpr int kDeals = 4;
  ASSERT_GE(golden().size(), std::size_t(kDeals));
  const auto path = test::scratch_dir() / "golden_deals.pbn";
  Records records;
  {
    std::ofstream f(path);
    for (int i = 0; i < kDeals; ++i) {
      f << golden_game(golden()[std::size_t(i)]);
      records.emplace_back(std::to_string(i + 1), golden()[std::size_t(i)]);
    }
  }
  const auto r = test::run(kDdsolve, {"--json", "--par", "--play", "-q", path.string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  const auto boards = boards_of(r.out);
  EXPECT_EQ(boards.size(), std::size_t(kDeals));
  expect_dds_tables(boards, records);
  expect_dds_dealer_par(boards, records);
  expect_dds_traces(boards, records);
}

// ---------------------------------------------------------------- annotated PBN

// Removes the lines --pbn adds: the four tags and the table's 20 rows.
std::string without_annotations(const std::string& pbn) {
  std::string out;
  int rows_to_skip = 0;
  std::size_t at = 0;
  while (at < pbn.size()) {
    std::size_t end = pbn.find('\n', at);
    end = end == std::string::npos ? pbn.size() : end + 1;
    const std::string_view line(pbn.data() + at, end - at);
    if (rows_to_skip > 0) {
      --rows_to_skip;
    } else if (line.starts_with("[OptimumResultTable ")) {
      rows_to_skip = 20;
    } else if (!line.starts_with("[DoubleDummyTricks ") && !line.starts_with("[OptimumScore ") &&
               !line.starts_with("[ParContract ")) {
      out += line;
    }
    at = end;
  }
  return out;
}

TEST(Ddsolve, AnnotatedPbnChangesNothingElse) {
  const std::string input = read_file(kSession);
  const auto r = test::run(kDdsolve, {"--pbn", kSession});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(without_annotations(r.out), input);
  // CRLF in, CRLF out: every added line too.
  for (std::size_t nl = r.out.find('\n'); nl != std::string::npos; nl = r.out.find('\n', nl + 1))
    ASSERT_EQ(r.out[nl - 1], '\r') << "a bare LF at byte " << nl;
}

// Reads the annotated file back with the reader and checks every tag
// against list100 (independently of ddsolve) and against the JSON run.
TEST(Ddsolve, AnnotatedPbnReadsBackWithTheRightTags) {
  const auto pbn = test::run(kDdsolve, {"--pbn", kSession});
  ASSERT_EQ(pbn.exit_code, 0) << pbn.err;
  const auto json = boards_of(test::run(kDdsolve, {"--json", "--par", "-q", kSession}).out);

  std::istringstream in(pbn.out);
  PbnReader reader(in);
  int annotated = 0;
  constexpr char kDeclarers[] = {'N', 'S', 'E', 'W'};  // PBN's order for both tags
  constexpr const char* kStrains[] = {"NT", "S", "H", "D", "C"};
  while (auto game = reader.next()) {
    if (!game->is_game() || !game->find("Deal")) continue;  // the "##" header game
    ASSERT_FALSE(game->error) << game->error->message;
    const Tag* board = game->find("Board");
    ASSERT_NE(board, nullptr);
    const std::string id = board->value;
    SCOPED_TRACE("board " + id);
    const Tag* ddt = game->find("DoubleDummyTricks");
    const Tag* table = game->find("OptimumResultTable");
    if (!json.count(id)) {  // not solved: nothing added
      EXPECT_EQ(ddt, nullptr);
      EXPECT_EQ(table, nullptr);
      continue;
    }
    ++annotated;
    ASSERT_NE(ddt, nullptr);
    ASSERT_NE(table, nullptr);
    EXPECT_EQ(game->count("DoubleDummyTricks"), 1);
    EXPECT_EQ(game->count("OptimumResultTable"), 1);
    // 20 hex digits: declarers N, S, E, W, each in NT, S, H, D, C.
    ASSERT_EQ(ddt->value.size(), 20u) << ddt->value;
    std::string expected_ddt;
    for (const char declarer : kDeclarers)
      for (const char* strain : kStrains) {
        const long long tricks =
            integer(json.at(id), std::string("tricks.") + strain[0] + "." + declarer);
        expected_ddt += "0123456789abcdef"[tricks];
      }
    EXPECT_EQ(ddt->value, expected_ddt);
    // Par for the full deals (dealer and vulnerability are in the file),
    // from North-South's view, the contracts with the seats reaching par.
    const JsonMap& b = json.at(id);
    const Tag* score = game->find("OptimumScore");
    const Tag* contract = game->find("ParContract");
    if (b.count("par.score")) {
      ASSERT_NE(score, nullptr);
      ASSERT_NE(contract, nullptr);
      EXPECT_EQ(score->value, "NS " + std::to_string(integer(b, "par.score")));
      std::string contracts;
      for (long long i = 0; i < integer(b, "par.contracts.#"); ++i) {
        const std::string key = "par.contracts." + std::to_string(i);
        const long long result = integer(b, key + ".result");
        contracts += (i ? "; " : "") + text(b, key + ".by") + " " + text(b, key + ".contract") +
                     (result > 0 ? "+" : "") + (result != 0 ? std::to_string(result) : "");
      }
      EXPECT_EQ(contract->value, contracts.empty() ? "Pass" : contracts);
    } else {  // an end position: no par
      EXPECT_EQ(score, nullptr);
      EXPECT_EQ(contract, nullptr);
    }
    // The table: its header, then 20 rows "N NT  6" in the same order.
    EXPECT_EQ(table->value, "Declarer;Denomination\\2R;Result\\2R");
    ASSERT_EQ(table->section.size(), 60u);  // 20 rows of 3 tokens
    for (int row = 0; row < 20; ++row) {
      const std::string declarer(1, kDeclarers[row / 5]);
      const std::string strain = kStrains[row % 5];
      EXPECT_EQ(table->section[3 * row].text, declarer) << row;
      EXPECT_EQ(table->section[3 * row + 1].text, strain) << row;
      EXPECT_EQ(
          table->section[3 * row + 2].text,
          std::to_string(integer(json.at(id), "tricks." + strain.substr(0, 1) + "." + declarer)))
          << row;
      EXPECT_EQ(game->locate(table->section[3 * row].offset).column, 1);
    }
  }
  EXPECT_EQ(annotated, 5);

  // And against DDS's tables, typed in here from list100.txt (resTable
  // S,H,D,C,NT x N,E,S,W) in PBN's order: board 1 is the deal of
  // list100's deal 1, board 2 of deal 2.
  EXPECT_NE(pbn.out.find("[DoubleDummyTricks \"65657656576867568675\"]"), std::string::npos);
  EXPECT_NE(pbn.out.find("[DoubleDummyTricks \"94a8694a863923739237\"]"), std::string::npos);
  // And DDS's DealerPar of deal 2 (PAR2 "100" "4S*-EW-1"), Vulnerable NS.
  EXPECT_NE(pbn.out.find("[OptimumScore \"NS 100\"]\r\n[ParContract \"EW 4SX-1\"]"),
            std::string::npos);
}

// Annotating an annotated file changes nothing: the tags are found and
// replaced where they stand, with the same values.
TEST(Ddsolve, AnnotatingTwiceGivesTheSameFile) {
  const auto once = test::run(kDdsolve, {"--pbn", kSession});
  ASSERT_EQ(once.exit_code, 0);
  const auto path = test::scratch_dir() / "annotated.pbn";
  std::ofstream(path, std::ios::binary) << once.out;
  const auto twice = test::run(kDdsolve, {"--pbn", path.string()});
  EXPECT_EQ(twice.exit_code, 0) << twice.err;
  EXPECT_EQ(twice.out, once.out);
  // The annotated file is still the same hands.
  const auto json_in = test::run(kDdsolve, {"--json", "-q", kSession});
  const auto json_out = test::run(kDdsolve, {"--json", "-q", path.string()});
  EXPECT_EQ(json_out.out, json_in.out);
}

// ---------------------------------------------------------------- play analysis

// Boards 1 and 2 carry the cards played in list100's deals 1 and 2; DDS's
// AnalysePlay traces of them are in that file.
TEST(Ddsolve, PlayAnalysisAgreesWithDdsTraces) {
  DDTB_SKIP_WITHOUT_REF("list100.txt");
  const auto r = test::run(kDdsolve, {"--json", "--play", "-q", kSession});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  expect_dds_traces(boards_of(r.out), session_records(true));
}

// The session's play analysis in detail: the cards that lost a trick, where
// a record stops, and board 5's two-card problem.
TEST(Ddsolve, PlayAnalysisOfTheSession) {
  const auto r = test::run(kDdsolve, {"--json", "--play", "-q", kSession});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto boards = boards_of(r.out);
  // Board 2: East's opening SQ gave declarer a tenth trick; South's D3 at
  // trick 10 gave it back. Nothing else lost a trick.
  const JsonMap& b2 = boards.at("2");
  for (std::size_t i = 0; i < 52; ++i) {
    const long long lost = integer(b2, "play.cards." + std::to_string(i) + ".lost");
    EXPECT_EQ(lost, i == 0 || i == 36 ? 1 : 0) << i;
  }
  EXPECT_EQ(b2.count("play.stopped"), 0u);
  // Board 1's record stops after 45 cards (a '-' and '*').
  EXPECT_EQ(text(boards.at("1"), "play.stopped"), "card 46 (East) is not given ('-' or '+')");
  // Board 5, the two-card problem: the ace first costs declarer's side a trick.
  const JsonMap& b5 = boards.at("5");
  EXPECT_EQ(text(b5, "play.contract"), "NT");
  EXPECT_EQ(integer(b5, "play.before"), 2);
  EXPECT_EQ(integer(b5, "play.cards.2.lost"), 1);
  EXPECT_EQ(text(b5, "play.cards.2.card"), "SA");
  EXPECT_EQ(integer(b5, "play.cards.7.tricks"), 1);
}

// ---------------------------------------------------------------- choosing entries

TEST(Ddsolve, StrainsAndDeclarersNarrowTheOutput) {
  const auto r = test::run(
      kDdsolve, {"--json", "--strains", "NT,H", "--declarers", "E", "-q", kData + "/deal1.pbn"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "{\"board\":\"1\",\"tricks\":{\"N\":{\"E\":6},\"H\":{\"E\":6}}}\n");
  const auto t = test::run(kDdsolve, {"-s", "S", "-d", "NS", kData + "/deal1.pbn"});
  EXPECT_EQ(t.out,
            "Board 1   Dealer N   Vul None\n"
            "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\n"
            "       S\n"
            "   N   5\n"
            "   S   5\n"
            "\n");
}

// ---------------------------------------------------------------- malformed input

struct Malformed {
  const char* file;
  std::vector<std::string> args;
  const char* error;                // the first stderr line, after "<path>:"
  std::vector<std::string> solved;  // board ids still printed
};

void PrintTo(const Malformed& m, std::ostream* os) {
  *os << m.file;
}

class DdsolveMalformed : public ::testing::TestWithParam<Malformed> {};

TEST_P(DdsolveMalformed, ReportsWhereAndStillSolvesTheRest) {
  const Malformed& m = GetParam();
  const std::string path = kData + "/malformed/" + m.file;
  std::vector<std::string> args{"--json", "-q"};
  args.insert(args.end(), m.args.begin(), m.args.end());
  args.push_back(path);
  const auto r = test::run(kDdsolve, args);
  EXPECT_EQ(r.exit_code, 1) << r.err;
  const auto err = lines_of(r.err);
  ASSERT_EQ(err.size(), 1u) << r.err;  // one problem, no summary under --quiet
  EXPECT_EQ(err[0], path + ":" + m.error);
  std::vector<std::string> ids;
  for (const auto& [id, json] : boards_of(r.out)) ids.push_back(id);
  std::vector<std::string> expected = m.solved;
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(ids, expected);
}

INSTANTIATE_TEST_SUITE_P(
    Files, DdsolveMalformed,
    ::testing::Values(
        Malformed{
            "bad_rank.pbn",
            {},
            "6:30: board 2: hand 4 (West), character 23: 'Z' is not a rank (2-9, T, J, Q, K, A)",
            {"1", "3"}},
        Malformed{"duplicate_card.pbn",
                  {},
                  "5:28: board 2: hand 4 (West), character 21: card SA is also in hand 1 (North)",
                  {"1", "3"}},
        Malformed{"uneven_hands.pbn",
                  {},
                  "5:28: board 2: hand 4 (West) has 3 cards but hand 1 (North) has 2; all hands "
                  "must have the same number of cards",
                  {"1", "3"}},
        Malformed{"fourteen_cards.pbn",
                  {},
                  "5:10: board 2: hand 1 (North) has 14 cards; at most 13",
                  {"1", "3"}},
        Malformed{"five_suits.pbn",
                  {},
                  "5:15: board 2: hand 1 (North), character 8: a hand has four suits (S.H.D.C), "
                  "this is a fifth",
                  {"1", "3"}},
        Malformed{"three_hands.pbn",
                  {},
                  "5:8: board 2: a deal has four hands separated by spaces; found 3",
                  {"1", "3"}},
        Malformed{"bad_first_seat.pbn",
                  {},
                  "5:8: board 2: character 1: 'X' is not a seat; a deal starts with N:, E:, S: "
                  "or W:",
                  {"1", "3"}},
        Malformed{"unclosed_value.pbn",
                  {},
                  "5:8: board 2: tag [Event]: the value's closing '\"' is missing on this line",
                  {"1", "3"}},
        Malformed{"missing_bracket.pbn",
                  {},
                  "4:12: board 2: tag [Board]: ']' must follow the value",
                  {"1", "3"}},
        Malformed{"no_tag_name.pbn",
                  {},
                  "5:3: board 2: a tag name (a letter, then letters, digits or '_') must follow "
                  "'['",
                  {"1", "3"}},
        Malformed{"stray_text.pbn",
                  {},
                  "4:1: board 2: text before the first tag of a game: 'Board'",
                  {"1", "3"}},
        Malformed{"open_tag.pbn",
                  {},
                  "5:1: board 2: tag [Deal] is not closed before the blank line ending the game",
                  {"1", "3"}},
        Malformed{"two_deals.pbn",
                  {},
                  "5:1: board 2: more than one [Deal] tag (lines 5, 7); is a blank line missing?",
                  {"1", "3"}},
        Malformed{"inherited_deal.pbn",
                  {},
                  "5:8: board 2: [Deal \"#\"]: a deal cannot be inherited from another game",
                  {"1", "3"}},
        Malformed{"unclosed_comment.pbn",
                  {},
                  "7:1: '{' comment never closed (no '}' up to the end)",
                  {"1", "3"}},
        Malformed{"binary.pbn",
                  {},
                  "4:1: board 2: text before the first tag of a game: '???PK??binary'",
                  {"1", "3"}},
        Malformed{"bad_vulnerable.pbn",
                  {"--par"},
                  "8:14: board 2: [Vulnerable]: \"N-S\" is not a vulnerability (None, NS, EW or "
                  "All)",
                  {"1", "2", "3"}},
        Malformed{"bad_contract.pbn",
                  {"--play"},
                  "8:12: board 2: \"4Z\" is not a contract (e.g. 4S, 3NTX, Pass)",
                  {"1", "2", "3"}},
        Malformed{"illegal_card.pbn",
                  {"--play"},
                  "10:10: board 2: [Play], trick 1: illegal card H4: East does not hold H4",
                  {"1", "2", "3"}},
        Malformed{"bad_card_token.pbn",
                  {"--play"},
                  "11:7: board 2: 'AS6' is not a card (e.g. SA, HT, D7) nor a play-section mark "
                  "(-, +, *, !, ?, $n, =n=, ^R)",
                  {"1", "2", "3"}}),
    [](const ::testing::TestParamInfo<Malformed>& info) {
      std::string name = info.param.file;
      name = name.substr(0, name.find('.'));
      return name;
    });

// Every fixture of data/cli/malformed is in the table above.
TEST(Ddsolve, EveryMalformedFixtureIsTested) {
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(kData + "/malformed"))
    files += entry.path().extension() == ".pbn";
  EXPECT_EQ(files, 20);
}

// ---------------------------------------------------------------- the old fixtures

// list100.txt deal 1; resTable[strain][hand] (S,H,D,C,NT x N,E,S,W).
constexpr int kDeal1[5][4] = {{5, 8, 5, 8}, {6, 6, 6, 6}, {5, 7, 5, 7}, {7, 5, 7, 5}, {6, 6, 6, 6}};

void expect_deal1_tricks(const JsonMap& json) {
  const char strains[] = {'S', 'H', 'D', 'C', 'N'};
  const char seats[] = {'N', 'E', 'S', 'W'};
  for (int s = 0; s < 5; ++s)
    for (int h = 0; h < 4; ++h)
      EXPECT_EQ(integer(json, std::string("tricks.") + strains[s] + "." + seats[h]), kDeal1[s][h]);
}

TEST(Ddsolve, PrintsTheTextTableOfAKnownDeal) {
  const auto r = test::run(kDdsolve, {kData + "/deal1.pbn"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "ddsolve: 1 board solved" + kNoTables);
  EXPECT_EQ(r.out,
            "Board 1   Dealer N   Vul None\n"
            "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\n"
            "      NT   S   H   D   C\n"
            "   N   6   5   6   5   7\n"
            "   S   6   5   6   5   7\n"
            "   E   6   8   6   7   5\n"
            "   W   6   8   6   7   5\n"
            "\n");
}

TEST(Ddsolve, PrintsOneJsonObjectPerBoard) {
  const auto r = test::run(kDdsolve, {"--json", kData + "/deal1.pbn"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const auto lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 1u) << r.out;
  const auto json = JsonReader::parse(lines[0]);
  ASSERT_TRUE(json) << "not valid JSON: " << lines[0];
  EXPECT_EQ(json->size(), 21u);  // "board" and 5 x 4 tricks, nothing else
  EXPECT_EQ(text(*json, "board"), "1");
  expect_deal1_tricks(*json);
}

// The first board is a full deal, the rest tiny endings: with two threads the
// endings finish first, yet the output follows the file, and equals the
// output of one thread byte for byte.
TEST(Ddsolve, KeepsFileOrderWithTwoThreads) {
  const auto two = test::run(kDdsolve, {"--json", "--threads", "2", kData + "/order.pbn"});
  EXPECT_EQ(two.exit_code, 0) << two.err;
  const auto lines = lines_of(two.out);
  const std::vector<std::string> ids{"10", "2", "12", "4", "x-5"};
  ASSERT_EQ(lines.size(), ids.size()) << two.out;
  for (std::size_t i = 0; i < ids.size(); ++i) {
    const auto json = JsonReader::parse(lines[i]);
    ASSERT_TRUE(json) << lines[i];
    EXPECT_EQ(text(*json, "board"), ids[i]);
    if (i == 0) expect_deal1_tricks(*json);  // given from South ("S:..."): same deal
  }
  const auto one = test::run(kDdsolve, {"--json", "-t", "1", kData + "/order.pbn"});
  EXPECT_EQ(one.exit_code, 0) << one.err;
  EXPECT_EQ(one.out, two.out);
}

TEST(Ddsolve, ReportsBadBoardsAndStillPrintsTheGoodOnes) {
  const auto r = test::run(kDdsolve, {"--json", "-t", "2", kData + "/bad.pbn"});
  EXPECT_EQ(r.exit_code, 1);
  // Good boards: 1, and the game without a [Board] tag (its ordinal, 8).
  const auto out = lines_of(r.out);
  ASSERT_EQ(out.size(), 2u) << r.out;
  EXPECT_NE(out[0].find("\"board\":\"1\""), std::string::npos);
  EXPECT_NE(out[1].find("\"board\":\"8\""), std::string::npos);

  const std::string file = kData + "/bad.pbn";
  const std::vector<std::string> expected{
      file + ":7:30: board 2: hand 4 (West), character 23: 'Z' is not a rank",
      file + ":10:28: board 3: hand 4 (West), character 21: card SA is also in hand 1 (North)",
      file + ":13:28: board 4: hand 4 (West) has 3 cards",
      file + ":16:16: board 5: skipped: hand 2 (East) is unknown ('-')",
      file + ":18:1: board 6: skipped: no [Deal] tag",
      file + ":22:8: board 7: tag [Event]: the value's closing '\"' is missing",
      file + ":29:1: board 9: '{' comment never closed",
      "ddsolve: 2 boards solved, 5 failed, 2 skipped",
  };
  const auto err = lines_of(r.err);
  ASSERT_EQ(err.size(), expected.size()) << r.err;
  for (std::size_t i = 0; i < expected.size(); ++i)
    EXPECT_EQ(err[i].substr(0, expected[i].size()), expected[i]);
}

TEST(Ddsolve, SkippedBoardsAloneAreNoFailure) {
  const auto path = test::scratch_dir() / "partial.pbn";
  std::ofstream(path) << "[Board \"1\"]\n[Deal \"W:KQT2.AT.J6542.85 - A8654.KQ5.T.QJT6 -\"]\n\n"
                         "[Board \"2\"]\n[Deal \"N:A.K.. Q.A.. K.Q.. J.J..\"]\n";
  const auto r = test::run(kDdsolve, {"--json", path.string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(lines_of(r.err).size(), 2u) << r.err;  // the notice and the summary
  const auto quiet = test::run(kDdsolve, {"--json", "--quiet", path.string()});
  EXPECT_EQ(quiet.exit_code, 0);
  EXPECT_EQ(quiet.err, "");
  EXPECT_EQ(quiet.out, r.out);
}

TEST(Ddsolve, ReadsStandardInputWithCrlfAndEscapes) {
  const auto path = test::scratch_dir() / "crlf.pbn";
  {
    std::ofstream f(path, std::ios::binary);
    f << "% PBN 2.1\r\n{ about\r\n\r\nthis }\r\n"
         "[Board \"Q\\\"1\\\\\"]\r\n"
         "[Deal \"e:.ak.. .qj.. .t9.. .87..\"] ; lower case is fine\r\n"
         "\r\n";
  }
  const auto r = test::run(kDdsolve, {"--json", "-"}, path.string());
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const auto json = JsonReader::parse(r.out);
  ASSERT_TRUE(json) << r.out;
  EXPECT_EQ(text(*json, "board"), "Q\"1\\");
  EXPECT_EQ(integer(*json, "tricks.N.E"), 2);  // East holds AK of hearts
  EXPECT_EQ(integer(*json, "tricks.H.S"), 0);
  // The annotated PBN of standard input keeps its CRLF too.
  const auto pbn = test::run(kDdsolve, {"--pbn", "-"}, path.string());
  EXPECT_EQ(without_annotations(pbn.out), read_file(path));
}

TEST(Ddsolve, ErrorsOnStandardInputNameIt) {
  const auto path = test::scratch_dir() / "bad_stdin.pbn";
  std::ofstream(path) << "[Deal \"N:A.K.. Q.A.. K.Q.. J.J.\"]\n";
  const auto r = test::run(kDdsolve, {"-"}, path.string());
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err.rfind("<stdin>:1:28: board 1: hand 4 (West): has 3 suits", 0), 0u) << r.err;
}

// Without FILE, standard input that is not a terminal is read, as with "-".
TEST(Ddsolve, ReadsStandardInputWithoutADash) {
  const auto with_dash = test::run(kDdsolve, {"--json", "-"}, kSession);
  const auto without = test::run(kDdsolve, {"--json"}, kSession);
  EXPECT_EQ(without.exit_code, 0) << without.err;
  EXPECT_EQ(without.out, with_dash.out);
  EXPECT_NE(without.out, "");
}

// Several FILEs: each read in turn, the output of each after the previous
// one's; one that cannot be read is reported (exit 2) and the others solved.
TEST(Ddsolve, ReadsSeveralFilesInTurn) {
  const auto one = test::run(kDdsolve, {"--json", kSession});
  ASSERT_EQ(one.exit_code, 0) << one.err;
  const auto two = test::run(kDdsolve, {"--json", kSession, kSession});
  EXPECT_EQ(two.exit_code, 0) << two.err;
  EXPECT_EQ(two.out, one.out + one.out);
  const auto missing = test::run(kDdsolve, {"--json", kData + "/no_such_file.pbn", kSession});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_EQ(missing.out, one.out);
  EXPECT_NE(missing.err.find("no_such_file.pbn"), std::string::npos) << missing.err;
}

// --deal: a deal on the command line, one board per --deal, numbered in order;
// a bad one is a usage error naming it.
TEST(Ddsolve, SolvesDealsGivenAsArguments) {
  const std::string a = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432";
  const std::string b = "E:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432";
  const auto r = test::run(kDdsolve, {"--json", "--deal", a, "--deal", b});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const auto lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 2u) << r.out;
  const auto first = JsonReader::parse(lines[0]), second = JsonReader::parse(lines[1]);
  ASSERT_TRUE(first && second);
  EXPECT_EQ(text(*first, "board"), "1");
  EXPECT_EQ(text(*second, "board"), "2");
  // North holds all the spades in the first deal, East in the second.
  EXPECT_EQ(integer(*first, "tricks.S.N"), 13);
  EXPECT_EQ(integer(*second, "tricks.S.E"), 13);
  const auto bad = test::run(kDdsolve, {"--deal", "N:AK.. .. .. .."});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("--deal 'N:AK.. .. .. ..'"), std::string::npos) << bad.err;
  const auto both = test::run(kDdsolve, {"--deal", a, kSession});
  EXPECT_EQ(both.exit_code, 2);
  EXPECT_NE(both.err.find("not both"), std::string::npos) << both.err;
}

// Bare deal lines, "N:..." alone on a line as in [Deal], in a file or on
// standard input: each a board, numbered in order, its table DDS's (the golden deals');
// a bad one is reported at its line and the others are still solved. The
// annotated PBN turns each into a [Deal] tag and reads back as the same boards.
TEST(Ddsolve, SolvesBareDealLines) {
  ASSERT_GE(golden().size(), 2u);
  const auto path = test::scratch_dir() / "bare_deals.txt";
  std::ofstream(path) << "% the first two golden deals, one a line\n"
                      << golden()[0].pbn << "\n; a comment\n"
                      << "  " << golden()[1].pbn << "  ; the second\n"
                      << "N:AK.. .. .. ..\n";
  const char strains[] = {'S', 'H', 'D', 'C', 'N'};  // resTable order; "N" = no trump
  const char seats[] = {'N', 'E', 'S', 'W'};
  for (const bool from_stdin : {false, true}) {
    SCOPED_TRACE(from_stdin ? "standard input" : "file");
    const auto r = from_stdin ? test::run(kDdsolve, {"--json", "-q", "-t2"}, path.string())
                              : test::run(kDdsolve, {"--json", "-q", "-t2", path.string()});
    EXPECT_EQ(r.exit_code, 1) << r.err;
    const auto boards = boards_of(r.out);
    ASSERT_EQ(boards.size(), 2u) << r.out;
    for (int number = 1; number <= 2; ++number)
      for (int s = 0; s < 5; ++s)
        for (int h = 0; h < 4; ++h)
          EXPECT_EQ(integer(boards.at(std::to_string(number)),
                            std::string("tricks.") + strains[s] + "." + seats[h]),
                    golden()[number - 1].table[s][h]);
    const std::string where = (from_stdin ? std::string("<stdin>") : path.string()) + ":5:";
    const auto err = lines_of(r.err);
    ASSERT_EQ(err.size(), 1u) << r.err;
    EXPECT_EQ(err[0].rfind(where, 0), 0u) << r.err;
    EXPECT_NE(err[0].find("board 3: "), std::string::npos) << r.err;
  }
  const auto pbn = test::run(kDdsolve, {"--pbn", "-q", path.string()});
  EXPECT_EQ(pbn.exit_code, 1) << pbn.err;
  std::istringstream in(pbn.out);
  PbnReader reader(in);
  std::vector<std::string> deals;
  while (auto game = reader.next()) {
    const Tag* deal = game->find("Deal");
    if (!deal) continue;
    EXPECT_EQ(deal->bare, !game->find("DoubleDummyTricks")) << game->text;
    deals.push_back(deal->value);
  }
  EXPECT_EQ(deals, (std::vector<std::string>{golden()[0].pbn, golden()[1].pbn, "N:AK.. .. .. .."}));
}

// ---------------------------------------------------------------- command line

TEST(Ddsolve, MissingFileIsAUsageError) {
  const auto r = test::run(kDdsolve, {kData + "/no_such_file.pbn"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("no_such_file.pbn"), std::string::npos) << r.err;
}

TEST(Ddsolve, UsageErrorsExitWithTwo) {
  for (const auto& args :
       std::vector<std::vector<std::string>>{{"--frobnicate", kData + "/deal1.pbn"},
                                             {"--threads", "x", kData + "/deal1.pbn"},
                                             {"--pbn", "--strains", "S", kData + "/deal1.pbn"}}) {
    const auto r = test::run(kDdsolve, args);
    EXPECT_EQ(r.exit_code, 2) << ::testing::PrintToString(args);
    EXPECT_NE(r.err.find("--help"), std::string::npos) << r.err;
    EXPECT_EQ(r.out, "");
  }
  const auto dir = test::run(kDdsolve, {kData});
  EXPECT_EQ(dir.exit_code, 2);
}

// No FILE and an empty standard input (not a terminal): nothing to solve,
// said on standard error, not an error.
TEST(Ddsolve, EmptyStandardInputIsNoError) {
  const auto r = test::run(kDdsolve, {});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("<stdin>: no games found"), std::string::npos) << r.err;
}

TEST(Ddsolve, HelpDocumentsEveryOption) {
  const auto r = test::run(kDdsolve, {"--help"});
  EXPECT_EQ(r.exit_code, 0);
  for (const char* word : {"--json",
                           "--pbn",
                           "--strains",
                           "--declarers",
                           "--par",
                           "--dealer",
                           "--vul",
                           "--play",
                           "--threads",
                           "--memory",
                           "PER THREAD",
                           "--tablebase",
                           "--no-tablebase",
                           "DDTB_TABLEBASE",
                           "--quiet",
                           "--help",
                           "--version",
                           "Exit status",
                           "FILE:LINE:COLUMN",
                           "e.g. ddsolve --threads"})
    EXPECT_NE(r.out.find(word), std::string::npos) << word;
}

TEST(Ddsolve, VersionNamesTheLibraryVersion) {
  const auto r = test::run(kDdsolve, {"--version"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out.rfind("ddsolve (ddtb) ", 0), 0u) << r.out;
}

TEST(Ddsolve, SmallMemoryBudgetStillSolves) {
  const auto r = test::run(kDdsolve, {"--memory", "1", "--json", kData + "/bad.pbn"});
  EXPECT_EQ(r.exit_code, 1);  // the file's bad boards; the good ones are solved
  EXPECT_EQ(lines_of(r.out).size(), 2u);
}

// ---------------------------------------------------------------- progress bar

// A run of a few seconds with standard error on a terminal shows the bar
// (count, rate, time left) and clears it at the end; standard output never
// sees it. The same run with --quiet shows nothing.
TEST(Ddsolve, ShowsProgressOnATerminalDuringLongRuns) {
  // About 0.08 s each on one thread here, so the run lasts several times the
  // bar's 1 s delay (16 deals, once enough, no longer were once the search
  // got faster).
  constexpr int kDeals = 48;
  ASSERT_GE(golden().size(), static_cast<std::size_t>(kDeals));
  const auto path = test::scratch_dir() / "long.pbn";
  {
    std::ofstream f(path);
    for (int i = 0; i < kDeals; ++i)
      f << "[Board \"" << i + 1 << "\"]\n[Deal \"" << golden()[i].pbn << "\"]\n\n";
  }
  const auto r = test::run_with_terminal_stderr(kDdsolve, {"--json", "-t", "1", path.string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(lines_of(r.out).size(), static_cast<std::size_t>(kDeals));
  EXPECT_EQ(r.out.find("boards/s"), std::string::npos);
  EXPECT_NE(r.err.find("/" + std::to_string(kDeals) + " boards"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("boards/s"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("ETA"), std::string::npos) << r.err;
  // The bar's line is cleared, then the summary takes it (the terminal
  // ends lines with "\r\n").
  const std::string summary = "ddsolve: " + std::to_string(kDeals) + " boards solved" + kNoTables;
  EXPECT_TRUE(r.err.ends_with("\r\033[K" + summary.substr(0, summary.size() - 1) + "\r\n"))
      << r.err;
  const auto quiet =
      test::run_with_terminal_stderr(kDdsolve, {"-q", "--json", "-t", "2", path.string()});
  EXPECT_EQ(quiet.err, "");
  // Results and bar on one terminal: every result starts a line of its own,
  // no bar fragment before it, and all of them arrive.
  const auto shared =
      test::run_with_terminal_stderr(kDdsolve, {"--json", "-t", "1", path.string()}, true);
  EXPECT_EQ(shared.exit_code, 0) << shared.err;
  EXPECT_NE(shared.err.find("boards/s"), std::string::npos) << "the bar never showed";
  int records = 0;
  for (const std::string& line : lines_of(shared.err)) {
    const auto brace = line.find('{');
    if (brace == std::string::npos) continue;
    ++records;
    // What stays visible before the result: the text after the line's last
    // clear (carriage return, erase to the end of the line).
    std::string visible = line.substr(0, brace);
    if (const auto clear = visible.rfind("\r\033[K"); clear != std::string::npos)
      visible.erase(0, clear + 4);
    EXPECT_EQ(visible.find("boards"), std::string::npos)
        << "a bar fragment before a result: " << visible;
  }
  EXPECT_EQ(records, kDeals);
}

}  // namespace
}  // namespace ddtb::cli
