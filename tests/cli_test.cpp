// ddsolve: the PBN reader, the board and JSON helpers and the options, tested
// directly; then the binary end to end on the fixtures in data/cli/.
#include "tests/cli_test.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <sstream>

#include "cli/board.hpp"
#include "cli/json.hpp"
#include "cli/options.hpp"
#include "cli/pbn_reader.hpp"
#include "tests/support/random.hpp"

namespace ddtb::cli {
namespace {

using test::JsonMap;
using test::JsonReader;
using test::lines_of;

const std::string kDdsolve = DDSOLVE_PATH;
const std::string kData = CLI_DATA_DIR;

std::vector<Game> read_all(const std::string& text) {
  std::istringstream in(text);
  PbnReader reader(in);
  std::vector<Game> games;
  while (auto g = reader.next()) games.push_back(std::move(*g));
  return games;
}

// ---------------------------------------------------------------- the reader

TEST(CliPbnReader, ReadsTagsInOrderWithEscapes) {
  const auto games = read_all(
      "[Event \"Club \\\"Night\\\" \\\\ Pairs\"]\n"
      "[Board \"7\"] [Dealer \"S\"]\n"
      "[Deal \"N:A.K.. Q.A.. K.Q.. J.J..\"]\n"
      "[Site \"{not a comment}; nor this\"]\n");
  ASSERT_EQ(games.size(), 1u);
  const Game& g = games[0];
  EXPECT_FALSE(g.error) << g.error->message;
  EXPECT_EQ(g.ordinal, 1);
  EXPECT_EQ(g.first_line, 1);
  ASSERT_EQ(g.tags.size(), 5u);
  EXPECT_EQ(g.tags[0].name, "Event");
  EXPECT_EQ(g.tags[0].value, "Club \"Night\" \\ Pairs");
  EXPECT_EQ(g.tags[1].name, "Board");
  EXPECT_EQ(g.tags[2].name, "Dealer");  // two tags on one line
  EXPECT_EQ(g.tags[2].line, 2);
  EXPECT_EQ(g.tags[3].line, 3);
  ASSERT_NE(g.find("Deal"), nullptr);
  EXPECT_EQ(g.find("Deal")->value, "N:A.K.. Q.A.. K.Q.. J.J..");
  EXPECT_EQ(g.find("Site")->value, "{not a comment}; nor this");
  EXPECT_EQ(g.find("Contract"), nullptr);
}

TEST(CliPbnReader, SkipsCommentsEscapeLinesBomAndCrlf) {
  const auto games = read_all(
      "\xEF\xBB\xBF% PBN 2.1\r\n"
      "; a comment line\r\n"
      "{ commentary over lines,\r\n"
      "\r\n"  // a blank line inside a comment does not end anything
      "  [Deal \"not a tag\"] }\r\n"
      "[Board \"1\"] ; a comment after a tag\r\n"
      "[Deal \"N:A.K.. Q.A.. K.Q.. J.J..\"] {inline}\r\n"
      "\r\n"
      "\r\n"
      "[Board \"2\"]\r\n"
      "[Deal \"N:AKQ... JT9... 876... 543...\"]");  // no final line end
  ASSERT_EQ(games.size(), 2u);
  EXPECT_FALSE(games[0].error);
  EXPECT_EQ(games[0].first_line, 6);
  ASSERT_EQ(games[0].tags.size(), 2u);
  EXPECT_EQ(games[0].tags[1].value, "N:A.K.. Q.A.. K.Q.. J.J..");  // no '\r'
  EXPECT_TRUE(games[0].tags[1].section.empty());
  EXPECT_EQ(games[1].ordinal, 2);
  EXPECT_EQ(games[1].find("Board")->value, "2");
}

TEST(CliPbnReader, KeepsSectionLinesAfterTheirTag) {
  const auto games = read_all(
      "[Deal \"N:A.K.. Q.A.. K.Q.. J.J..\"]\n"
      "[Auction \"N\"]\n"
      "1NT Pass {a note} 3NT ; end\n"
      "AP\n");
  ASSERT_EQ(games.size(), 1u);
  const Tag* auction = games[0].find("Auction");
  ASSERT_NE(auction, nullptr);
  ASSERT_EQ(auction->section.size(), 2u);
  EXPECT_EQ(auction->section[0].line, 3);
  EXPECT_EQ(auction->section[0].text, "1NT Pass   3NT");
  EXPECT_EQ(auction->section[1].text, "AP");
}

TEST(CliPbnReader, SyntaxErrorsNameTheirLineAndReadingGoesOn) {
  const auto games = read_all(
      "[Board \"1\"]\n"
      "[Event \"never closed]\n"
      "[Deal \"N:A.K.. Q.A.. K.Q.. J.J..\"]\n"
      "\n"
      "stray text\n"
      "\n"
      "[Board \"3\"]\n");
  ASSERT_EQ(games.size(), 3u);
  ASSERT_TRUE(games[0].error);
  EXPECT_EQ(games[0].error->line, 2);
  EXPECT_NE(games[0].error->message.find("[Event]"), std::string::npos);
  EXPECT_EQ(games[0].tags.size(), 2u);  // the tags around the bad line survive
  ASSERT_TRUE(games[1].error);
  EXPECT_EQ(games[1].error->line, 5);
  EXPECT_EQ(games[2].ordinal, 3);
  EXPECT_FALSE(games[2].error);
}

TEST(CliPbnReader, UnclosedCommentNamesTheLineThatOpenedIt) {
  const auto games = read_all(
      "[Board \"1\"]\n"
      "[Deal \"N:A.K.. Q.A.. K.Q.. J.J..\"]\n"
      "\n"
      "{ never closed\n"
      "\n"
      "[Board \"2\"]\n");
  // The comment sits between games: an error that belongs to no board.
  ASSERT_EQ(games.size(), 2u);
  EXPECT_FALSE(games[0].error);
  EXPECT_EQ(games[1].ordinal, 0);
  EXPECT_TRUE(games[1].tags.empty());
  ASSERT_TRUE(games[1].error);
  EXPECT_EQ(games[1].error->line, 4);
}

TEST(CliPbnReader, CommentOnlyStretchesAreNotGames) {
  const auto games = read_all("% header\n\n{ about this file }\n\n[Deal \"x\"]\n\n; end\n");
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].ordinal, 1);
  EXPECT_EQ(games[0].first_line, 5);
}

// Random text over PBN's special characters: the reader must end, never
// crash, and every error must point to a line of the input.
TEST(CliPbnReader, SurvivesRandomInput) {
  constexpr std::string_view kAlphabet = "[]\"\\{};%\n\r\t :.-NESWAKQJT92Deal Board";
  constexpr int kInputs = 2000;
  for (std::uint64_t seed = 1; seed <= kInputs; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    ddtb::test::Rng rng(seed);
    std::string text;
    const int length = static_cast<int>(rng.below(200));
    for (int i = 0; i < length; ++i) text += kAlphabet[rng.below(kAlphabet.size())];
    const int lines = static_cast<int>(std::count(text.begin(), text.end(), '\n')) + 1;
    for (Game& game : read_all(text)) {
      if (game.error) {
        EXPECT_GE(game.error->line, 1);
        EXPECT_LE(game.error->line, lines);
      }
      const Board board = make_board(std::move(game));
      EXPECT_TRUE(board.deal.has_value() != board.error.has_value());
    }
  }
}

// ---------------------------------------------------------------- boards

TEST(CliBoard, IdIsTheBoardTagElseTheOrdinal) {
  auto games = read_all(
      "[Board \" 17 \"]\n[Deal \"N:A.K.. Q.A.. K.Q.. J.J..\"]\n\n"
      "[Deal \"N:A.K.. Q.A.. K.Q.. J.J..\"]\n\n"
      "[Board \"\"]\n[Deal \"N:A.K.. Q.A.. K.Q.. J.J..\"]\n");
  ASSERT_EQ(games.size(), 3u);
  const std::array<std::string, 3> ids{"17", "2", "3"};
  for (int i = 0; i < 3; ++i) {
    const Board b = make_board(std::move(games[i]));
    EXPECT_EQ(b.id, ids[i]);
    EXPECT_TRUE(b.deal) << b.error.value_or("");
  }
}

TEST(CliBoard, ErrorsPointToTheDealLine) {
  auto games = read_all(
      "[Board \"4\"]\n[Event \"x\"]\n[Deal \"N:A.K.. Q.A.. K.Q.. J.Z..\"]\n\n"
      "[Board \"5\"]\n[Deal \"N:A.K.. Q.A.. K.Q.. J.J..\"]\n[Deal \"N:A.K.. Q.A.. K.Q.. "
      "J.J..\"]\n\n"
      "[Board \"6\"]\n[Event \"no deal\"]\n");
  ASSERT_EQ(games.size(), 3u);
  const Board bad_rank = make_board(std::move(games[0]));
  EXPECT_EQ(bad_rank.line, 3);
  EXPECT_NE(bad_rank.error.value_or("").find("'Z' is not a rank"), std::string::npos);
  const Board two_deals = make_board(std::move(games[1]));
  EXPECT_NE(two_deals.error.value_or("").find("more than one [Deal]"), std::string::npos);
  const Board no_deal = make_board(std::move(games[2]));
  EXPECT_EQ(no_deal.line, 9);
  EXPECT_NE(no_deal.error.value_or("").find("no [Deal]"), std::string::npos);
}

TEST(CliBoard, FirstSeatOfADeal) {
  EXPECT_EQ(first_seat_of("E:..."), Seat::East);
  EXPECT_EQ(first_seat_of("  w:..."), Seat::West);
  EXPECT_EQ(first_seat_of("AKQ.. ..."), Seat::North);
}

// ---------------------------------------------------------------- JSON, options

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

Expected<Options> parse(std::vector<std::string_view> args) {
  return parse_options(args);
}

TEST(CliOptions, ParsesEveryOption) {
  auto o = parse({"--json", "--threads", "3", "--memory=64", "deals.pbn"});
  ASSERT_TRUE(o) << o.error().message;
  EXPECT_EQ(o->format, Format::kJson);
  EXPECT_EQ(o->threads, 3);
  EXPECT_EQ(o->memory_mb, 64u);
  EXPECT_EQ(o->file, "deals.pbn");
  o = parse({"-"});
  ASSERT_TRUE(o);
  EXPECT_EQ(o->file, "-");
  EXPECT_EQ(o->format, Format::kText);
  EXPECT_GE(o->threads, 1);
  o = parse({"-t4", "x"});  // no glued short values: a usage error, not a guess
  EXPECT_FALSE(o);
  o = parse({"--", "-odd-name.pbn"});
  ASSERT_TRUE(o);
  EXPECT_EQ(o->file, "-odd-name.pbn");
}

TEST(CliOptions, RejectsBadCommandLines) {
  for (const auto& args : std::vector<std::vector<std::string_view>>{{},
                                                                     {"--bogus", "x.pbn"},
                                                                     {"a.pbn", "b.pbn"},
                                                                     {"--threads", "0", "x.pbn"},
                                                                     {"--threads", "two", "x.pbn"},
                                                                     {"x.pbn", "--threads"},
                                                                     {"--memory", "0", "x.pbn"},
                                                                     {"--memory", "-5", "x.pbn"},
                                                                     {"--json=yes", "x.pbn"}}) {
    const auto o = parse(args);
    EXPECT_FALSE(o) << "accepted: " << ::testing::PrintToString(args);
  }
}

// ---------------------------------------------------------------- ddsolve end to end

// list100.txt deal 1; resTable[strain][hand] (S,H,D,C,NT x N,E,S,W).
constexpr int kDeal1[5][4] = {{5, 8, 5, 8}, {6, 6, 6, 6}, {5, 7, 5, 7}, {7, 5, 7, 5}, {6, 6, 6, 6}};

void expect_deal1_tricks(const JsonMap& json) {
  const char strains[] = {'S', 'H', 'D', 'C', 'N'};  // resTable order; "N" = no trump
  const char seats[] = {'N', 'E', 'S', 'W'};
  for (int s = 0; s < 5; ++s)
    for (int h = 0; h < 4; ++h) {
      const std::string key = std::string("tricks.") + strains[s] + "." + seats[h];
      ASSERT_TRUE(json.count(key)) << key;
      EXPECT_EQ(std::get<long long>(json.at(key)), kDeal1[s][h]) << key;
    }
}

TEST(Ddsolve, PrintsTheTextTableOfAKnownDeal) {
  const auto r = test::run(kDdsolve, {kData + "/deal1.pbn"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
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
  EXPECT_EQ(std::get<std::string>(json->at("board")), "1");
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
    EXPECT_EQ(std::get<std::string>(json->at("board")), ids[i]);
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
      file + ":7: board 2: hand 4 (West), character 23: 'Z' is not a rank",
      file + ":10: board 3: hand 4 (West), character 21: card SA is also in hand 1 (North)",
      file + ":13: board 4: hand 4 (West) has 3 cards",
      file + ":16: board 5: hand 2 (East) is unknown ('-')",
      file + ":18: board 6: no [Deal] tag",
      file + ":22: board 7: tag [Event]: the value's closing '\"' is missing",
      file + ":29: board 9: '{' comment never closed",
  };
  const auto err = lines_of(r.err);
  ASSERT_EQ(err.size(), expected.size()) << r.err;
  for (std::size_t i = 0; i < expected.size(); ++i)
    EXPECT_EQ(err[i].substr(0, expected[i].size()), expected[i]);
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
  EXPECT_EQ(std::get<std::string>(json->at("board")), "Q\"1\\");
  EXPECT_EQ(std::get<long long>(json->at("tricks.N.E")), 2);  // East holds AK of hearts
  EXPECT_EQ(std::get<long long>(json->at("tricks.H.S")), 0);
}

TEST(Ddsolve, ErrorsOnStandardInputNameIt) {
  const auto path = test::scratch_dir() / "bad_stdin.pbn";
  std::ofstream(path) << "[Deal \"N:A.K.. Q.A.. K.Q.. J.J.\"]\n";
  const auto r = test::run(kDdsolve, {"-"}, path.string());
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err.rfind("<stdin>:1: board 1: hand 4 (West)", 0), 0u) << r.err;
}

TEST(Ddsolve, MissingFileIsAUsageError) {
  const auto r = test::run(kDdsolve, {kData + "/no_such_file.pbn"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("no_such_file.pbn"), std::string::npos) << r.err;
}

TEST(Ddsolve, UsageErrorsExitWithTwo) {
  for (const auto& args : std::vector<std::vector<std::string>>{
           {}, {"--frobnicate", kData + "/deal1.pbn"}, {"--threads", "x", kData + "/deal1.pbn"}}) {
    const auto r = test::run(kDdsolve, args);
    EXPECT_EQ(r.exit_code, 2) << ::testing::PrintToString(args);
    EXPECT_NE(r.err.find("--help"), std::string::npos) << r.err;
    EXPECT_EQ(r.out, "");
  }
  const auto dir = test::run(kDdsolve, {kData});
  EXPECT_EQ(dir.exit_code, 2);
}

TEST(Ddsolve, HelpDocumentsEveryOption) {
  const auto r = test::run(kDdsolve, {"--help"});
  EXPECT_EQ(r.exit_code, 0);
  for (const char* word : {"--json", "--threads", "--memory", "PER THREAD", "--help", "--version",
                           "Exit status", "e.g. ddsolve --threads"})
    EXPECT_NE(r.out.find(word), std::string::npos) << word;
}

TEST(Ddsolve, SmallMemoryBudgetStillSolves) {
  const auto r = test::run(kDdsolve, {"--memory", "1", "--json", kData + "/bad.pbn"});
  EXPECT_EQ(r.exit_code, 1);  // the file's bad boards; the good ones are solved
  EXPECT_EQ(lines_of(r.out).size(), 2u);
}

}  // namespace
}  // namespace ddtb::cli
