// ddsolve's input side, tested directly: the PBN reader, tag inheritance,
// the values of [Dealer]/[Vulnerable]/[Declarer]/[Contract], the [Play]
// section and the board built from a game.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <sstream>

#include "cli/board.hpp"
#include "cli/inherit.hpp"
#include "cli/pbn_reader.hpp"
#include "cli/play_record.hpp"
#include "cli/tag_values.hpp"
#include "tests/support/random.hpp"

namespace ddtb::cli {
namespace {

// Every piece the reader returns, games and the text between them.
std::vector<Game> read_pieces(const std::string& text) {
  std::istringstream in(text);
  PbnReader reader(in);
  std::vector<Game> pieces;
  while (auto g = reader.next()) pieces.push_back(std::move(*g));
  return pieces;
}

std::vector<Game> read_games(const std::string& text) {
  std::vector<Game> games;
  for (Game& g : read_pieces(text))
    if (g.is_game()) games.push_back(std::move(g));
  return games;
}

std::string concatenated(const std::vector<Game>& pieces) {
  std::string out;
  for (const Game& g : pieces) out += g.text;
  return out;
}

int line_of(const Game& g, std::size_t offset) {
  return g.locate(offset).line;
}

// ---------------------------------------------------------------- the reader

TEST(CliPbnReader, ReadsTagsInOrderWithEscapes) {
  const auto games = read_games(
      "[Event \"Club \\\"Night\\\" \\\\ Pairs\"]\n"
      "[Board \"7\"] [Dealer \"S\"]\n"
      "[Deal \"N:A.K.. Q.A.. K.Q.. J.J..\"]\n"
      "[Site \"{not a comment}; nor this\"]\n");
  ASSERT_EQ(games.size(), 1u);
  const Game& g = games[0];
  EXPECT_FALSE(g.error) << g.error->message;
  EXPECT_EQ(g.ordinal, 1);
  EXPECT_EQ(line_of(g, g.start), 1);
  ASSERT_EQ(g.tags.size(), 5u);
  EXPECT_EQ(g.tags[0].name, "Event");
  EXPECT_EQ(g.tags[0].value, "Club \"Night\" \\ Pairs");
  EXPECT_EQ(g.tags[1].name, "Board");
  EXPECT_EQ(g.tags[2].name, "Dealer");  // two tags on one line
  EXPECT_EQ(g.locate(g.tags[2].offset).line, 2);
  EXPECT_EQ(g.locate(g.tags[2].offset).column, 13);
  EXPECT_EQ(g.locate(g.tags[3].offset).line, 3);
  ASSERT_NE(g.find("Deal"), nullptr);
  EXPECT_EQ(g.find("Deal")->value, "N:A.K.. Q.A.. K.Q.. J.J..");
  EXPECT_EQ(g.find("Site")->value, "{not a comment}; nor this");
  EXPECT_EQ(g.find("Contract"), nullptr);
  // The value's bytes in the text, escapes and all.
  const Tag& event = g.tags[0];
  EXPECT_EQ(g.text.substr(event.value_offset, event.value_end - event.value_offset),
            "Club \\\"Night\\\" \\\\ Pairs");
  EXPECT_EQ(g.text.substr(event.offset, event.end - event.offset),
            "[Event \"Club \\\"Night\\\" \\\\ Pairs\"]");
  // Character 6 of the value ('"') is two bytes into the text: \"
  EXPECT_EQ(g.value_char_offset(event, 5), event.value_offset + 5);
  EXPECT_EQ(g.value_char_offset(event, 6), event.value_offset + 7);
}

TEST(CliPbnReader, SkipsCommentsEscapeLinesBomAndCrlf) {
  const auto games = read_games(
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
  EXPECT_EQ(line_of(games[0], games[0].start), 6);
  ASSERT_EQ(games[0].tags.size(), 2u);
  EXPECT_EQ(games[0].tags[1].value, "N:A.K.. Q.A.. K.Q.. J.J..");  // no '\r'
  EXPECT_TRUE(games[0].tags[1].section.empty());
  EXPECT_EQ(games[1].ordinal, 2);
  EXPECT_EQ(games[1].find("Board")->value, "2");
  EXPECT_EQ(line_of(games[1], games[1].start), 10);
}

TEST(CliPbnReader, KeepsSectionTokensAfterTheirTag) {
  const auto games = read_games(
      "[Deal \"N:A.K.. Q.A.. K.Q.. J.J..\"]\n"
      "[Auction \"N\"]\n"
      "1NT Pass{a note}3NT ; end\n"
      "AP\n");
  ASSERT_EQ(games.size(), 1u);
  const Tag* auction = games[0].find("Auction");
  ASSERT_NE(auction, nullptr);
  std::vector<std::string> tokens;
  for (const Token& t : auction->section) tokens.push_back(t.text);
  EXPECT_EQ(tokens, (std::vector<std::string>{"1NT", "Pass", "3NT", "AP"}));
  EXPECT_EQ(games[0].locate(auction->section[2].offset).line, 3);
  EXPECT_EQ(games[0].locate(auction->section[2].offset).column, 17);
}

TEST(CliPbnReader, TagsMaySpanLinesButValuesMayNot) {
  const auto games = read_games(
      "[Board\n"
      "   \"5\"\n"
      "]\n"
      "[Deal \"N:A.K.. Q.A.. K.Q.. J.J..\"]\n");
  ASSERT_EQ(games.size(), 1u);
  EXPECT_FALSE(games[0].error);
  EXPECT_EQ(games[0].find("Board")->value, "5");
  const auto broken = read_games("[Board \"5\n\"]\n");
  ASSERT_EQ(broken.size(), 1u);
  ASSERT_TRUE(broken[0].error);
  EXPECT_NE(broken[0].error->message.find("closing '\"' is missing"), std::string::npos);
}

TEST(CliPbnReader, SyntaxErrorsNameTheirPlaceAndReadingGoesOn) {
  const auto games = read_games(
      "[Board \"1\"]\n"
      "[Event \"never closed]\n"
      "[Deal \"N:A.K.. Q.A.. K.Q.. J.J..\"]\n"
      "\n"
      "  stray text\n"
      "\n"
      "[Board \"3\"]\n"
      "[Event\n"
      "\n"
      "[Board \"4\"] [\"no name\"]\n");
  ASSERT_EQ(games.size(), 4u);
  ASSERT_TRUE(games[0].error);
  EXPECT_EQ(games[0].locate(games[0].error->offset).line, 2);
  EXPECT_EQ(games[0].locate(games[0].error->offset).column, 8);
  EXPECT_NE(games[0].error->message.find("[Event]"), std::string::npos);
  EXPECT_EQ(games[0].tags.size(), 2u);  // the tags around the bad line survive
  ASSERT_TRUE(games[1].error);
  EXPECT_EQ(games[1].locate(games[1].error->offset).line, 5);
  EXPECT_EQ(games[1].locate(games[1].error->offset).column, 3);
  EXPECT_NE(games[1].error->message.find("'stray'"), std::string::npos);
  ASSERT_TRUE(games[2].error);  // a tag still open at the blank line
  EXPECT_EQ(games[2].locate(games[2].error->offset).line, 8);
  EXPECT_NE(games[2].error->message.find("not closed before the blank line"), std::string::npos);
  ASSERT_TRUE(games[3].error);
  EXPECT_EQ(games[3].locate(games[3].error->offset).column, 14);  // the '"'
}

TEST(CliPbnReader, UnclosedCommentNamesTheLineThatOpenedIt) {
  const auto pieces = read_pieces(
      "[Board \"1\"]\n"
      "[Deal \"N:A.K.. Q.A.. K.Q.. J.J..\"]\n"
      "\n"
      "{ never closed\n"
      "\n"
      "[Board \"2\"]\n");
  // The comment sits between games: an error that belongs to no board.
  ASSERT_EQ(pieces.size(), 2u);
  EXPECT_FALSE(pieces[0].error);
  EXPECT_FALSE(pieces[1].is_game());
  EXPECT_EQ(pieces[1].ordinal, 0);
  ASSERT_TRUE(pieces[1].error);
  EXPECT_EQ(pieces[1].locate(pieces[1].error->offset).line, 4);
}

TEST(CliPbnReader, TextBetweenGamesBelongsToTheNextOrComesLast) {
  const std::string text = "% header\n\n{ about this file }\n\n[Deal \"x\"]\n\n; end\n";
  const auto pieces = read_pieces(text);
  ASSERT_EQ(pieces.size(), 2u);
  EXPECT_EQ(pieces[0].ordinal, 1);
  EXPECT_EQ(line_of(pieces[0], pieces[0].start), 5);
  EXPECT_EQ(pieces[0].text, "% header\n\n{ about this file }\n\n[Deal \"x\"]\n");
  EXPECT_FALSE(pieces[1].is_game());
  EXPECT_EQ(pieces[1].text, "\n; end\n");
  EXPECT_EQ(pieces[1].first_line, 6);
}

TEST(CliPbnReader, ColumnsCountCharactersNotBytes) {
  const auto games = read_games("\xEF\xBB\xBF[Event \"Ærø — Søby\"] [Board \"1\"]\n");
  ASSERT_EQ(games.size(), 1u);
  const Game& g = games[0];
  EXPECT_EQ(g.locate(g.tags[0].offset).column, 1);   // the byte order mark is no column
  EXPECT_EQ(g.locate(g.tags[1].offset).column, 22);  // Æ, ø, — and ø are one each
}

// The pieces always add up to the input, whatever it holds.
TEST(CliPbnReader, PiecesAddUpToTheInputByteForByte) {
  for (const std::string text : {
           std::string(""),
           std::string("\n\n\n"),
           std::string("[A \"1\"]"),
           std::string("\xEF\xBB\xBF[A \"1\"]\r\n\r\n[B \"2\"]\r\n"),
           std::string("{ open\n\n[A \"1\"]"),
           std::string("  \t \n[A \"x\n\n\n[B \"y\"]  \n \n"),
       }) {
    SCOPED_TRACE(::testing::PrintToString(text));
    EXPECT_EQ(concatenated(read_pieces(text)), text);
  }
}

// Random text over PBN's special characters: the reader must end, never
// crash, give the input back, and every error must point into it.
TEST(CliPbnReader, SurvivesRandomInput) {
  constexpr std::string_view kAlphabet = "[]\"\\{};%\n\r\t :.-NESWAKQJT92Deal Board\xC3\xB8";
  constexpr int kInputs = 2000;
  for (std::uint64_t seed = 1; seed <= kInputs; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    ddtb::test::Rng rng(seed);
    std::string text;
    const int length = static_cast<int>(rng.below(200));
    for (int i = 0; i < length; ++i) text += kAlphabet[rng.below(kAlphabet.size())];
    const int lines = static_cast<int>(std::count(text.begin(), text.end(), '\n')) + 1;
    std::vector<Game> pieces = read_pieces(text);
    EXPECT_EQ(concatenated(pieces), text);
    for (Game& game : pieces) {
      if (game.error) {
        EXPECT_LE(game.error->offset, game.text.size());
        const Location at = game.locate(game.error->offset);
        EXPECT_GE(at.line, 1);
        EXPECT_LE(at.line, lines);
      }
      const Board board = make_board(std::move(game), Request{});
      EXPECT_EQ(board.status == BoardStatus::kSolve, board.deal.has_value());
      EXPECT_EQ(board.status == BoardStatus::kSkipped || board.status == BoardStatus::kFailed,
                board.reason.has_value());
    }
  }
}

// ---------------------------------------------------------------- inheritance

std::vector<Game> inherit_all(const std::string& text) {
  std::vector<Game> games = read_games(text);
  TagInheritance inheritance;
  for (Game& g : games) inheritance.apply(g);
  return games;
}

TEST(CliInheritance, HashCopiesTheNearestPreviousValue) {
  const auto games = inherit_all(
      "[Event \"Spring Pairs\"] [Site \"#\"]\n\n"
      "[Event \"#\"]\n\n"
      "[Site \"Oslo\"]\n\n"
      "[Event \"#\"] [Site \"#\"]\n");
  ASSERT_EQ(games.size(), 4u);
  EXPECT_EQ(games[0].find("Site")->value, "");  // nothing before it
  EXPECT_EQ(games[1].find("Event")->value, "Spring Pairs");
  EXPECT_EQ(games[3].find("Event")->value, "Spring Pairs");  // through game 3, which has none
  EXPECT_EQ(games[3].find("Site")->value, "Oslo");
}

TEST(CliInheritance, DoubleHashSetsAValueForLaterGamesUntilRedefined) {
  const auto games = inherit_all(
      "[Date \"##2026.03.10\"] [Event \"##Club\"]\n\n"
      "[Board \"1\"]\n\n"
      "[Date \"2026.03.11\"]\n\n"
      "[Board \"3\"]\n");
  ASSERT_EQ(games.size(), 4u);
  EXPECT_EQ(games[0].find("Date")->value, "2026.03.10");
  EXPECT_EQ(games[1].find("Date")->value, "2026.03.10");
  EXPECT_FALSE(games[1].find("Date")->in_text());  // added, not in the file
  EXPECT_EQ(games[1].find("Event")->value, "Club");
  EXPECT_EQ(games[2].find("Date")->value, "2026.03.11");
  EXPECT_EQ(games[3].find("Date")->value, "2026.03.11");  // the redefinition holds
}

TEST(CliInheritance, DealAndPlayAreNeverInherited) {
  const auto games = inherit_all(
      "[Deal \"N:A.K.. Q.A.. K.Q.. J.J..\"] [Play \"W\"] [Note \"1:x\"]\n\n"
      "[Deal \"#\"] [Play \"#\"] [Note \"#\"]\n");
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[1].find("Deal")->value, "#");
  EXPECT_EQ(games[1].find("Play")->value, "#");
  EXPECT_EQ(games[1].find("Note")->value, "#");
}

// ---------------------------------------------------------------- tag values

TEST(CliTagValues, SeatsAndVulnerability) {
  EXPECT_EQ(*parse_seat_value(" e "), Seat::East);
  EXPECT_FALSE(parse_seat_value("?")->has_value());
  EXPECT_FALSE(parse_seat_value("")->has_value());
  EXPECT_FALSE(parse_seat_value("NE"));
  EXPECT_EQ(*parse_declarer("^S"), Seat::South);
  const std::pair<const char*, Vulnerability> cases[] = {
      {"None", Vulnerability::None},   {"love", Vulnerability::None},
      {"-", Vulnerability::None},      {"NS", Vulnerability::NorthSouth},
      {"ew", Vulnerability::EastWest}, {"All", Vulnerability::Both},
      {"BOTH", Vulnerability::Both}};
  for (const auto& [text, v] : cases) EXPECT_EQ(*parse_vulnerability(text), v) << text;
  EXPECT_FALSE(parse_vulnerability("?")->has_value());
  EXPECT_FALSE(parse_vulnerability("N-S"));
}

TEST(CliTagValues, Contracts) {
  struct Case {
    const char* text;
    int level;
    Strain strain;
    int doubled;
    const char* canonical;
  };
  for (const Case& c :
       {Case{"4S", 4, Strain::Spades, 0, "4S"}, Case{"3NTX", 3, Strain::NoTrump, 1, "3NTX"},
        Case{"7hxx", 7, Strain::Hearts, 2, "7HXX"}, Case{"3N", 3, Strain::NoTrump, 0, "3NT"},
        Case{"NT", 0, Strain::NoTrump, 0, "NT"},  // an end position's strain
        Case{"d", 0, Strain::Diamonds, 0, "D"}}) {
    const auto parsed = parse_contract(c.text);
    ASSERT_TRUE(parsed && *parsed) << c.text;
    EXPECT_EQ((*parsed)->level, c.level) << c.text;
    EXPECT_EQ((*parsed)->strain, c.strain) << c.text;
    EXPECT_EQ(static_cast<int>((*parsed)->doubling), c.doubled) << c.text;
    EXPECT_EQ(contract_text(**parsed), c.canonical);
  }
  EXPECT_FALSE(parse_contract("Pass")->has_value());
  EXPECT_FALSE(parse_contract("")->has_value());
  for (const char* bad : {"8S", "4Z", "4SXXX", "SX", "four spades"})
    EXPECT_FALSE(parse_contract(bad)) << bad;
}

TEST(CliTagValues, BoardNumbersFollowTheSixteenBoardCycle) {
  const auto b1 = conditions_of_board_number("1");
  ASSERT_TRUE(b1);
  EXPECT_EQ(b1->dealer, Seat::North);
  EXPECT_EQ(b1->vulnerability, Vulnerability::None);
  EXPECT_EQ(conditions_of_board_number("2")->vulnerability, Vulnerability::NorthSouth);
  EXPECT_EQ(conditions_of_board_number("7")->dealer, Seat::South);
  EXPECT_EQ(conditions_of_board_number("7")->vulnerability, Vulnerability::Both);
  EXPECT_EQ(conditions_of_board_number("16")->dealer, Seat::West);
  EXPECT_EQ(conditions_of_board_number("16")->vulnerability, Vulnerability::EastWest);
  EXPECT_EQ(conditions_of_board_number("17")->vulnerability, Vulnerability::None);
  EXPECT_EQ(conditions_of_board_number("33")->dealer, Seat::North);
  for (const char* bad : {"0", "x-5", "", "1a", "-3"})
    EXPECT_FALSE(conditions_of_board_number(bad)) << bad;
}

// ---------------------------------------------------------------- [Play]

// A two-trick ending: South leads spades towards North's AQ, West holds the
// king. Columns of the play section start at [Play]'s seat.
constexpr const char* kFinesse = "[Deal \"N:AQ... 64... 32... K5...\"]\n[Contract \"NT\"]\n";

Board board_of(const std::string& text, Request request = {}) {
  auto games = read_games(text);
  EXPECT_EQ(games.size(), 1u);
  TagInheritance().apply(games[0]);
  return make_board(std::move(games[0]), request);
}

Request with_play() {
  Request r;
  r.play = true;
  return r;
}

TEST(CliPlayRecord, OrdersCardsByTrickLeaderAndSkipsAnnotations) {
  // Trick 1: S S2, W S5, N SQ, E S4 -> North wins and leads trick 2 (the
  // third column). Annotations and comments sit between the cards.
  const Board b = board_of(std::string(kFinesse) +
                               "[Declarer \"S\"]\n[Play \"S\"]\n"
                               "S2 S5! SQ =1= S4 $7 {a note}\n"
                               "S3 SK? SA S6\n"
                               "[Note \"1:finesse\"]\n",
                           with_play());
  ASSERT_EQ(b.status, BoardStatus::kSolve) << b.reason->message;
  EXPECT_TRUE(b.problems.empty()) << b.problems[0].message;
  ASSERT_TRUE(b.play);
  const PlayRecord& r = *b.play;
  EXPECT_EQ(r.leader, Seat::South);
  EXPECT_EQ(r.declarer, Seat::South);
  EXPECT_EQ(r.contract.level, 0);
  std::string order;
  for (const PlayedCard& c : r.cards)
    order += std::string(1, seat_letter(c.seat)) + to_string(c.card) + " ";
  EXPECT_EQ(order, "SS2 WS5 NSQ ES4 NSA ES6 SS3 WSK ");
  EXPECT_EQ(r.stopped, "");
}

TEST(CliPlayRecord, StopsAtCardsNotGivenAndIrregularities) {
  const std::string head = std::string(kFinesse) + "[Declarer \"S\"]\n[Play \"S\"]\n";
  const Board dash = board_of(head + "S2 S5 - S4\n", with_play());
  ASSERT_TRUE(dash.play);
  EXPECT_EQ(dash.play->cards.size(), 2u);
  EXPECT_NE(dash.play->stopped.find("card 3 (North) is not given"), std::string::npos)
      << dash.play->stopped;
  const Board star = board_of(head + "S2 S5 SQ S4 *\n", with_play());
  EXPECT_EQ(star.play->cards.size(), 4u);
  EXPECT_NE(star.play->stopped.find("('*')"), std::string::npos) << star.play->stopped;
  const Board revoke = board_of(head + "S2 S5 SQ ^R S4\n", with_play());
  EXPECT_EQ(revoke.play->cards.size(), 3u);
  EXPECT_NE(revoke.play->stopped.find("revoke"), std::string::npos);
  EXPECT_TRUE(revoke.problems.empty());
}

TEST(CliPlayRecord, IllegalAndMalformedCardsAreProblemsAtTheirToken) {
  const std::string head = std::string(kFinesse) + "[Declarer \"S\"]\n[Play \"S\"]\n";
  const Board wrong = board_of(head + "S2 S5 SQ H4\n", with_play());
  ASSERT_EQ(wrong.problems.size(), 1u);
  EXPECT_NE(wrong.problems[0].message.find("East does not hold H4"), std::string::npos)
      << wrong.problems[0].message;
  EXPECT_EQ(wrong.game.locate(wrong.problems[0].offset).line, 5);
  EXPECT_EQ(wrong.game.locate(wrong.problems[0].offset).column, 10);
  EXPECT_EQ(wrong.play->cards.size(), 3u);  // analysed up to the bad card
  const Board garbage = board_of(head + "S2 SZ SQ S4\n", with_play());
  ASSERT_EQ(garbage.problems.size(), 1u);
  EXPECT_NE(garbage.problems[0].message.find("'SZ' is not a card"), std::string::npos);
  EXPECT_EQ(garbage.game.locate(garbage.problems[0].offset).column, 4);
  const Board passed = board_of(
      "[Deal \"N:AQ... 64... 32... K5...\"]\n[Contract \"Pass\"]\n[Play \"W\"]\n", with_play());
  ASSERT_EQ(passed.problems.size(), 1u);
  EXPECT_NE(passed.problems[0].message.find("no contract"), std::string::npos);
}

// ---------------------------------------------------------------- boards

TEST(CliBoard, IdIsTheBoardTagElseTheOrdinal) {
  auto games = read_games(
      "[Board \" 17 \"]\n[Deal \"N:A.K.. Q.A.. K.Q.. J.J..\"]\n\n"
      "[Deal \"N:A.K.. Q.A.. K.Q.. J.J..\"]\n\n"
      "[Board \"\"]\n[Deal \"N:A.K.. Q.A.. K.Q.. J.J..\"]\n");
  ASSERT_EQ(games.size(), 3u);
  const std::array<std::string, 3> ids{"17", "2", "3"};
  for (int i = 0; i < 3; ++i) {
    const Board b = make_board(std::move(games[i]), Request{});
    EXPECT_EQ(b.id, ids[i]);
    EXPECT_EQ(b.status, BoardStatus::kSolve);
    EXPECT_TRUE(b.deal);
  }
}

TEST(CliBoard, DealErrorsPointToTheCharacter) {
  const Board bad_rank = board_of("[Board \"4\"]\n[Deal \"N:A.K.. Q.A.. K.Q.. J.Z..\"]\n");
  EXPECT_EQ(bad_rank.status, BoardStatus::kFailed);
  EXPECT_NE(bad_rank.reason->message.find("'Z' is not a rank"), std::string::npos);
  const Location at = bad_rank.game.locate(bad_rank.reason->offset);
  EXPECT_EQ(at.line, 2);
  EXPECT_EQ(at.column, 30);
  // A count error names a hand: the column is that hand's first.
  const Board count = board_of("[Deal \"N:A.K.. Q.A.. K.Q.. J.JT..\"]\n");
  EXPECT_EQ(count.game.locate(count.reason->offset).column, 28);
}

TEST(CliBoard, UnknownHandsAndMissingDealsAreSkippedNotFailed) {
  const Board dash =
      board_of("[Board \"5\"]\n[Deal \"W:KQT2.AT.J6542.85 - A8654.KQ5.T.QJT6 -\"]\n");
  EXPECT_EQ(dash.status, BoardStatus::kSkipped);
  EXPECT_EQ(dash.reason->message, "hand 2 (North), hand 4 (South) are unknown ('-')");
  EXPECT_EQ(dash.game.locate(dash.reason->offset).column, 27);
  const Board no_deal = board_of("[Board \"6\"]\n[Event \"x\"]\n");
  EXPECT_EQ(no_deal.status, BoardStatus::kSkipped);
  EXPECT_EQ(no_deal.reason->message, "no [Deal] tag");
  const Board header = board_of("[Event \"##Club\"]\n[Site \"##Oslo\"]\n");
  EXPECT_EQ(header.status, BoardStatus::kNotAGame);
}

TEST(CliBoard, TwoDealsOrAnInheritedDealFail) {
  const Board two = board_of(
      "[Board \"5\"]\n[Deal \"N:A.K.. Q.A.. K.Q.. J.J..\"]\n[Deal \"N:A.K.. Q.A.. K.Q.. "
      "J.J..\"]\n");
  EXPECT_EQ(two.status, BoardStatus::kFailed);
  EXPECT_NE(two.reason->message.find("more than one [Deal] tag (lines 2, 3)"), std::string::npos);
  const Board inherited = board_of("[Deal \"#\"]\n");
  EXPECT_EQ(inherited.status, BoardStatus::kFailed);
  EXPECT_NE(inherited.reason->message.find("cannot be inherited"), std::string::npos);
}

TEST(CliBoard, ParConditionsComeFromOptionsThenTagsThenBoardNumber) {
  Request par;
  par.par = true;
  const std::string deal =
      "[Deal \"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\"]\n";
  const Board tags = board_of("[Board \"2\"][Dealer \"W\"][Vulnerable \"All\"]" + deal, par);
  ASSERT_TRUE(tags.par);
  EXPECT_EQ(tags.par->dealer, Seat::West);
  EXPECT_EQ(tags.par->vulnerability, Vulnerability::Both);
  const Board number = board_of("[Board \"2\"]" + deal, par);
  ASSERT_TRUE(number.par);
  EXPECT_EQ(number.par->dealer, Seat::East);
  EXPECT_EQ(number.par->vulnerability, Vulnerability::NorthSouth);
  Request given = par;
  given.vulnerability = Vulnerability::EastWest;
  const Board option = board_of("[Board \"2\"][Vulnerable \"All\"]" + deal, given);
  EXPECT_EQ(option.par->vulnerability, Vulnerability::EastWest);
  const Board unknown = board_of("[Board \"x\"]" + deal, par);
  EXPECT_FALSE(unknown.par);
  ASSERT_EQ(unknown.problems.size(), 1u);
  EXPECT_NE(unknown.problems[0].message.find("par needs the dealer"), std::string::npos);
  const Board bad = board_of("[Board \"1\"][Vulnerable \"N-S\"]" + deal, par);
  ASSERT_EQ(bad.problems.size(), 1u);
  EXPECT_NE(bad.problems[0].message.find("\"N-S\" is not a vulnerability"), std::string::npos);
  // --pbn asks for par only where it is known: no problem without it.
  Request pbn;
  pbn.par_if_known = true;
  EXPECT_TRUE(board_of("[Board \"x\"]" + deal, pbn).problems.empty());
  // An end position has no par: contracts are about 13 tricks.
  const Board ending = board_of("[Board \"1\"][Deal \"N:A.K.. Q.A.. K.Q.. J.J..\"]", par);
  EXPECT_FALSE(ending.par);
  EXPECT_TRUE(ending.problems.empty());
}

TEST(CliBoard, FirstSeatOfADeal) {
  EXPECT_EQ(first_seat_of("E:..."), Seat::East);
  EXPECT_EQ(first_seat_of("  w:..."), Seat::West);
  EXPECT_EQ(first_seat_of("AKQ.. ..."), Seat::North);
}

}  // namespace
}  // namespace ddtb::cli
