// ddsolve's output side and its command line, tested directly: the JSON
// string helper, the three formats on boards with known results (no
// solving), the progress bar's text, the options.
#include <gtest/gtest.h>

#include <sstream>

#include "cli/board.hpp"
#include "cli/inherit.hpp"
#include "cli/json.hpp"
#include "cli/options.hpp"
#include "cli/output.hpp"
#include "cli/par_text.hpp"
#include "tests/cli_test.hpp"
#include "tools/progress.hpp"

namespace ddtb::cli {
namespace {

// list100.txt deal 1: resTable[strain][hand] (S,H,D,C,NT x N,E,S,W).
constexpr DdTable kDeal1{{{{5, 8, 5, 8}, {6, 6, 6, 6}, {5, 7, 5, 7}, {7, 5, 7, 5}, {6, 6, 6, 6}}}};

Board solved_board(const std::string& text, const DdTable& table, Request request = {}) {
  std::istringstream in(text);
  PbnReader reader(in);
  std::optional<Game> game = reader.next();
  EXPECT_TRUE(game && game->is_game());
  Board board = make_board(std::move(*game), request);
  EXPECT_EQ(board.status, BoardStatus::kSolve);
  board.result.table = table;
  return board;
}

const std::string kDeal1Game =
    "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n"
    "[Deal \"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\"]\n";

// ---------------------------------------------------------------- JSON strings

TEST(CliJson, EscapesEverythingJsonRequires) {
  EXPECT_EQ(json_string("12"), "\"12\"");
  EXPECT_EQ(json_string("a\"b\\c"), "\"a\\\"b\\\\c\"");
  EXPECT_EQ(json_string("t\tn\nx\x01"), "\"t\\tn\\nx\\u0001\"");
  EXPECT_EQ(json_string("K\xC3\xB8"
                        "benhavn"),
            "\"K\xC3\xB8"
            "benhavn\"");  // UTF-8 kept
  EXPECT_EQ(json_string("K\xF8"
                        "benhavn"),
            "\"K\\u00f8benhavn\"");             // Latin-1 converted
  EXPECT_FALSE(is_valid_utf8("\xC0\xAF"));      // overlong '/'
  EXPECT_FALSE(is_valid_utf8("\xED\xA0\x80"));  // a surrogate
}

// ---------------------------------------------------------------- formats

TEST(CliFormats, TextIsAHandRecordTable) {
  const Board b = solved_board(kDeal1Game, kDeal1);
  EXPECT_EQ(text_board(b),
            "Board 1   Dealer N   Vul None\n"
            "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\n"
            "      NT   S   H   D   C\n"
            "   N   6   5   6   5   7\n"
            "   S   6   5   6   5   7\n"
            "   E   6   8   6   7   5\n"
            "   W   6   8   6   7   5\n"
            "\n");
}

TEST(CliFormats, TextAndJsonShowOnlyTheChosenStrainsAndDeclarers) {
  Request r;
  r.strains = (1u << to_int(Strain::NoTrump)) | (1u << to_int(Strain::Hearts));
  r.declarers = (1u << to_int(Seat::East)) | (1u << to_int(Seat::South));
  const Board b = solved_board(kDeal1Game, kDeal1, r);
  EXPECT_EQ(text_board(b),
            "Board 1   Dealer N   Vul None\n"
            "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\n"
            "      NT   H\n"
            "   S   6   6\n"
            "   E   6   6\n"
            "\n");
  EXPECT_EQ(json_board(b),
            "{\"board\":\"1\",\"tricks\":{\"N\":{\"E\":6,\"S\":6},\"H\":{\"E\":6,\"S\":6}}}\n");
}

TEST(CliFormats, JsonIsOneObjectPerLine) {
  const Board b = solved_board(kDeal1Game, kDeal1);
  const std::string line = json_board(b);
  ASSERT_EQ(line.back(), '\n');
  const auto json = test::JsonReader::parse(line);
  ASSERT_TRUE(json) << line;
  EXPECT_EQ(json->size(), 21u);
  EXPECT_EQ(std::get<long long>(json->at("tricks.S.E")), 8);
  EXPECT_EQ(std::get<long long>(json->at("tricks.N.W")), 6);
}

TEST(CliFormats, UnsolvedBoardsPrintNothingButPbnEchoesThem) {
  std::istringstream in("[Board \"9\"]\n[Deal \"N:A - - -\"]\n");
  PbnReader reader(in);
  const Board b = make_board(*reader.next(), Request{});
  EXPECT_EQ(text_board(b), "");
  EXPECT_EQ(json_board(b), "");
  EXPECT_EQ(pbn_board(b), b.game.text);
}

// The tags are appended after the game's last line, in the file's line end.
TEST(CliFormats, PbnAddsTheTagsAfterTheGame) {
  const Board b = solved_board("; a comment\r\n" + std::string("[Board \"1\"]\r\n") +
                                   "[Deal \"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 "
                                   "AT942.AQ4.32.KJ3\"] ; kept\r\n",
                               kDeal1);
  const std::string out = pbn_board(b);
  ASSERT_TRUE(out.starts_with(b.game.text)) << out;
  const std::string added = out.substr(b.game.text.size());
  // N, S, E, W as declarers, NT, S, H, D, C for each (hex digits).
  EXPECT_TRUE(added.starts_with("[DoubleDummyTricks \"65657656576867568675\"]\r\n")) << added;
  EXPECT_NE(added.find("[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\r\n"
                       "N NT  6\r\nN  S  5\r\nN  H  6\r\nN  D  5\r\nN  C  7\r\n"
                       "S NT  6\r\nS  S  5\r\nS  H  6\r\nS  D  5\r\nS  C  7\r\n"
                       "E NT  6\r\nE  S  8\r\nE  H  6\r\nE  D  7\r\nE  C  5\r\n"
                       "W NT  6\r\nW  S  8\r\nW  H  6\r\nW  D  7\r\nW  C  5\r\n"),
            std::string::npos)
      << added;
  EXPECT_TRUE(out.ends_with("\r\n"));
}

TEST(CliFormats, PbnReplacesOldTagsInPlace) {
  const std::string game =
      "[Board \"1\"]\n"
      "[Deal \"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\"]\n"
      "[DoubleDummyTricks \"00000000000000000000\"] [Event \"x\"]\n"
      "[OptimumResultTable \"Declarer;Denomination;Result\"]\n"
      "N NT 0\nN S 0 ; old\n"
      "[Site \"y\"]";  // no final line end
  const Board b = solved_board(game, kDeal1);
  const std::string out = pbn_board(b);
  EXPECT_NE(out.find("[DoubleDummyTricks \"65657656576867568675\"] [Event \"x\"]\n"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\nN NT  6\n"),
            std::string::npos);
  EXPECT_NE(out.find("W  C  5 ; old\n[Site \"y\"]"), std::string::npos) << out;
  EXPECT_EQ(out.find("N NT 0"), std::string::npos);
  EXPECT_TRUE(out.ends_with("[Site \"y\"]"));  // nothing added: no line end either
}

TEST(CliFormats, PbnWithoutAFinalLineEndKeepsEndingThatWay) {
  const Board b = solved_board(kDeal1Game.substr(0, kDeal1Game.size() - 1), kDeal1);
  const std::string out = pbn_board(b);
  EXPECT_TRUE(out.starts_with(b.game.text + "\n[DoubleDummyTricks")) << out;
  EXPECT_TRUE(out.ends_with("W  C  5"));
}

// ---------------------------------------------------------------- par

TEST(CliParText, ContractsScoresAndTags) {
  ParContract made{4, Strain::Spades, Side::NorthSouth, 0x5, false, false, 1, 0};
  ParContract sacrifice{5, Strain::Diamonds, Side::EastWest, 0xa, true, false, 0, 2};
  ParContract nt{3, Strain::NoTrump, Side::NorthSouth, 0x1, false, false, 0, 0};
  EXPECT_EQ(seats_text(0x5), "NS");
  EXPECT_EQ(seats_text(0xa), "EW");
  EXPECT_EQ(seats_text(0x8), "W");
  EXPECT_EQ(contract_text(made), "4S+1");
  EXPECT_EQ(contract_text(sacrifice), "5DX-2");
  EXPECT_EQ(contract_text(nt), "3NT");
  const ParResult two{-300, {sacrifice, nt}};
  EXPECT_EQ(par_contracts_text(two), "5DX-2 by EW, 3NT by N");
  EXPECT_EQ(optimum_score_value(two), "NS -300");
  EXPECT_EQ(par_contract_value(two), "EW 5DX-2; N 3NT");
  const ParResult passed{0, {}};
  EXPECT_EQ(par_contracts_text(passed), "pass");
  EXPECT_EQ(par_contract_value(passed), "Pass");
  EXPECT_EQ(optimum_score_value(passed), "NS 0");
}

TEST(CliFormats, ParFollowsTheTableInEveryFormat) {
  Request r;
  r.par = true;
  Board b = solved_board(kDeal1Game, kDeal1, r);
  ASSERT_TRUE(b.par);
  b.result.par = dealer_par(kDeal1, b.par->dealer, b.par->vulnerability);
  EXPECT_NE(text_board(b).find("   W   6   8   6   7   5\n"
                               "Par NS -110: 2S by EW   (dealer N, vul None)\n\n"),
            std::string::npos)
      << text_board(b);
  EXPECT_NE(
      json_board(b).find(",\"par\":{\"score\":-110,\"dealer\":\"N\",\"vulnerable\":\"None\","
                         "\"contracts\":[{\"contract\":\"2S\",\"by\":\"EW\",\"result\":0}]}}"),
      std::string::npos)
      << json_board(b);
  EXPECT_NE(pbn_board(b).find("[DoubleDummyTricks \"65657656576867568675\"]\n"
                              "[OptimumScore \"NS -110\"]\n[ParContract \"EW 2S\"]\n"
                              "[OptimumResultTable "),
            std::string::npos)
      << pbn_board(b);
}

// ---------------------------------------------------------------- progress

TEST(CliProgress, RendersCountRateAndTimeLeft) {
  using tools::ProgressBar;
  EXPECT_EQ(ProgressBar::render("", "boards", 25, 100, 5.0),
            "[#####...............]  25/100 boards  25%  5.0 boards/s  ETA 0:15");
  EXPECT_EQ(ProgressBar::render("", "boards", 100, 100, 10.0),
            "[####################]  100/100 boards  100%  10.0 boards/s");
  EXPECT_EQ(ProgressBar::render("", "boards", 7, 0, 2.0), "7 boards  3.5 boards/s");
  EXPECT_TRUE(ProgressBar::render("", "boards", 1, 10000, 2.0).ends_with("ETA 5:33:18"));
  EXPECT_EQ(
      ProgressBar::render("16-card trump", "partitions", 1, 4, 1.0),
      "16-card trump  [#####...............]  1/4 partitions  25%  1.0 partitions/s  ETA 0:03");
}

TEST(CliProgress, StaysSilentWhenDisabledOrShort) {
  std::ostringstream err;
  tools::ProgressBar off(err, false, "boards");
  off.start("", 10);
  for (int i = 0; i < 10; ++i) off.advance();
  off.finish(true);
  tools::ProgressBar quick(err, true, "boards");
  quick.start("layer", 10);
  quick.advance();  // within the first second: nothing yet
  quick.finish(true);
  EXPECT_EQ(err.str(), "");
}

// ---------------------------------------------------------------- options

Expected<Options> parse(std::vector<std::string_view> args) {
  return parse_options(args);
}

TEST(CliOptions, ParsesEveryOption) {
  auto o = parse({"--json", "--threads", "3", "--memory=64", "deals.pbn"});
  ASSERT_TRUE(o) << o.error().message;
  EXPECT_EQ(o->format, Format::kJson);
  EXPECT_EQ(o->threads, 3);
  EXPECT_EQ(o->memory_mb, 64u);
  EXPECT_EQ(o->files, std::vector<std::string>{"deals.pbn"});
  EXPECT_FALSE(o->quiet);
  o = parse({"-"});
  ASSERT_TRUE(o);
  EXPECT_EQ(o->files, std::vector<std::string>{"-"});
  EXPECT_EQ(o->format, Format::kText);
  EXPECT_GE(o->threads, 1);
  EXPECT_EQ(o->request.strains, kAllStrains);
  EXPECT_EQ(o->request.declarers, kAllSeats);
  o = parse({"-t2", "x"});  // a glued value, as POSIX utilities take it
  ASSERT_TRUE(o) << o.error().message;
  EXPECT_EQ(o->threads, 2);
  o = parse({"-qt2", "-m64", "-sNT", "x"});  // bundled flags, then an option and its value
  ASSERT_TRUE(o) << o.error().message;
  EXPECT_TRUE(o->quiet);
  EXPECT_EQ(o->threads, 2);
  EXPECT_EQ(o->memory_mb, 64u);
  EXPECT_EQ(o->request.strains, 1u << to_int(Strain::NoTrump));
  o = parse({"-qx", "x"});  // x is no option: refused, named
  ASSERT_FALSE(o);
  EXPECT_NE(o.error().message.find("'-x'"), std::string::npos) << o.error().message;
  o = parse({"--", "-t2"});  // after "--", a file name
  ASSERT_TRUE(o);
  EXPECT_EQ(o->files, std::vector<std::string>{"-t2"});
  o = parse({"a.pbn", "-", "b.pbn"});  // several FILEs, read in turn
  ASSERT_TRUE(o);
  EXPECT_EQ(o->files, (std::vector<std::string>{"a.pbn", "-", "b.pbn"}));
  o = parse({});  // no FILE: standard input, if it is not a terminal (ddsolve decides)
  ASSERT_TRUE(o);
  EXPECT_TRUE(o->files.empty());
  o = parse({"--deal", "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432",
             "--deal=E:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"});
  ASSERT_TRUE(o) << o.error().message;
  EXPECT_EQ(o->deals.size(), 2u);
  o = parse({"--", "-odd-name.pbn"});
  ASSERT_TRUE(o);
  EXPECT_EQ(o->files, std::vector<std::string>{"-odd-name.pbn"});
  o = parse({"--strains", "nt,S", "-d", "EW", "--par", "--dealer=s", "--vul", "ns", "--play", "-q",
             "--tablebase", "/tmp", "x.pbn"});
  ASSERT_TRUE(o) << o.error().message;
  EXPECT_EQ(o->request.strains, (1u << to_int(Strain::NoTrump)) | (1u << to_int(Strain::Spades)));
  EXPECT_EQ(o->request.declarers, (1u << to_int(Seat::East)) | (1u << to_int(Seat::West)));
  EXPECT_TRUE(o->request.par);
  EXPECT_EQ(o->request.dealer, Seat::South);
  EXPECT_EQ(o->request.vulnerability, Vulnerability::NorthSouth);
  EXPECT_TRUE(o->request.play);
  EXPECT_TRUE(o->quiet);
  EXPECT_EQ(o->tablebase, "/tmp");
  EXPECT_FALSE(o->no_tablebase);
  o = parse({"--no-tablebase", "x.pbn"});
  ASSERT_TRUE(o) << o.error().message;
  EXPECT_TRUE(o->no_tablebase);
  EXPECT_FALSE(o->tablebase);
  o = parse({"--pbn", "x.pbn"});
  ASSERT_TRUE(o);
  EXPECT_EQ(o->format, Format::kPbn);
  EXPECT_TRUE(o->request.whole_table);
  EXPECT_TRUE(o->request.par_if_known);
  EXPECT_FALSE(o->request.par);
}

TEST(CliOptions, StrainAndSeatLists) {
  EXPECT_EQ(parse_strain_list("N"), 1u << to_int(Strain::NoTrump));
  EXPECT_EQ(parse_strain_list("shdc"), 0xfu);
  EXPECT_EQ(parse_strain_list("NT,S,H,D,C"), kAllStrains);
  EXPECT_FALSE(parse_strain_list(""));
  EXPECT_FALSE(parse_strain_list("X"));
  EXPECT_EQ(parse_seat_list("n,s"), 0x5u);
  EXPECT_FALSE(parse_seat_list("NX"));
  EXPECT_FALSE(parse_seat_list(","));
}

TEST(CliOptions, RejectsBadCommandLines) {
  for (const auto& args : std::vector<std::vector<std::string_view>>{
           {"--bogus", "x.pbn"},
           {"--threads", "0", "x.pbn"},
           {"--threads", "two", "x.pbn"},
           {"x.pbn", "--threads"},
           {"--memory", "0", "x.pbn"},
           {"--memory", "-5", "x.pbn"},
           {"--json=yes", "x.pbn"},
           {"--par=1", "x.pbn"},
           {"--json", "--pbn", "x.pbn"},
           {"--pbn", "--strains", "S", "x.pbn"},
           {"--pbn", "--declarers", "N", "x.pbn"},
           {"--strains", "Q", "x.pbn"},
           {"--declarers", "", "x.pbn"},
           {"--dealer", "N", "x.pbn"},  // without --par
           {"--par", "--dealer", "Z", "x.pbn"},
           {"--par", "--vul", "?", "x.pbn"},
           {"--tablebase", "", "x.pbn"},
           {"--tablebase", "/tmp", "--no-tablebase", "x.pbn"},
           {"--no-tablebase=yes", "x.pbn"},
           {"--deal"},
           {"--deal", "N:AK.. .. .. .."},  // not a deal
           {"--deal", "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432",
            "x.pbn"},  // and a FILE
       }) {
    const auto o = parse(args);
    EXPECT_FALSE(o) << "accepted: " << ::testing::PrintToString(args);
  }
}

}  // namespace
}  // namespace ddtb::cli
