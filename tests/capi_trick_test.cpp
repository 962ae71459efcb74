// The cards already played to the current trick, through the C API against
// the real libdds. A card that does not follow suit although its hand still
// holds the suit led (a revoke on the table) is taken as played, as DDS
// takes it (dll.h, struct deal): SolveBoard with every target / solutions /
// mode on seeded random positions of that kind, named positions where the
// revoke card's winning or not decides the score, batches mixing such boards
// with others, and AnalysePlay from such a position. A card played twice to
// the trick is refused (dll.h).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <memory>
#include <string>
#include <vector>

#include "ddtb/dll.h"
#include "tests/support/capi_compare.hpp"
#include "tests/support/dds_c_api.hpp"
#include "tests/support/random.hpp"

namespace ddtb::test {
namespace {

const DdsCApi& dds() {
  return DdsCApi::get();
}

constexpr std::uint64_t kSeed = 20260115;
constexpr int kPositions = 150;

// The next random position: 3 to 8 tricks, 2 or 3 cards on the table (at
// least one a revoke), any strain and leader.
Position revoke_position(Rng& rng) {
  const int tricks = 3 + static_cast<int>(rng.below(6));
  const int played = 2 + static_cast<int>(rng.below(2));
  const Strain strain = strain_from_int(static_cast<int>(rng.below(5)));
  const Seat leader = seat_from_int(static_cast<int>(rng.below(4)));
  return random_revoke_position(rng, tricks, played, strain, leader);
}

// DDS's every-card answer (solutions 3), which the other calls are judged by.
std::vector<RefCardGroup> dds_all_cards(const deal& dl) {
  futureTricks all{};
  EXPECT_EQ(dds().SolveBoard(dl, -1, 3, 1, &all, 0), RETURN_NO_FAULT);
  return groups_of(all);
}

TEST(CapiTrick, EveryCombinationMatchesDds) {
  Rng rng(kSeed);
  int calls = 0;
  for (int n = 0; n < kPositions; ++n) {
    const Position p = revoke_position(rng);
    SCOPED_TRACE("seed " + std::to_string(kSeed) + " position " + std::to_string(n));
    const deal dl = to_c_deal(p);
    futureTricks f{};
    ASSERT_EQ(SolveBoard(dl, -1, 3, 1, &f, 0), RETURN_NO_FAULT) << "the trick taken as played";
    EXPECT_EQ(compare_every_combination(dl, calls), "");
  }
  EXPECT_GT(calls, kPositions * 40);
}

// Whole deals at trick 1, as a bidding robot sends them (its sampled hands
// give a revoke to cards already played).
TEST(CapiTrick, FullDealsMatchDds) {
  Rng rng(kSeed + 3);
  int calls = 0;
  for (int n = 0; n < 4; ++n) {
    const Position p =
        random_revoke_position(rng, 13, 2 + n % 2, strain_from_int(n), seat_from_int(n));
    SCOPED_TRACE("seed " + std::to_string(kSeed + 3) + " deal " + std::to_string(n));
    EXPECT_EQ(compare_every_combination(to_c_deal(p), calls), "");
  }
}

// A two-trick ending: North led the heart king, East played a spade
// although it still holds the heart ace, South followed; West, to play,
// holds H5 and the club ace. When East's spade is a trump it wins the trick
// and East cashes the heart ace: West's side takes both tricks. Otherwise
// it is a discard: the king wins (or, hearts trumps, the ace of trumps
// takes the club lead) and West's side takes one trick.
deal ending(Strain trump, int east_spade) {
  const auto card = [](const char* text) { return *parse_card(text); };
  const std::array<CardSet, 4> hands = {CardSet::of(card("C2")), CardSet::of(card("HA")),
                                        CardSet::of(card("C3")),
                                        CardSet::of(card("H5")) | CardSet::of(card("CA"))};
  const std::vector<Card> trick = {
      card("HK"), Card{Suit::Spades, static_cast<std::uint8_t>(east_spade)}, card("H4")};
  const auto p = Position::make_as_played(hands, trump, Seat::North, trick);
  EXPECT_TRUE(p.has_value()) << p.error().message;
  return to_c_deal(*p);
}

TEST(CapiTrick, ARevokeWinsOnlyAsATrump) {
  struct Case {
    const char* what;
    deal dl;
    int west;  // West's tricks
  };
  for (const Case& c :
       {Case{"a trump ruffs", ending(Strain::Spades, 2), 2},
        Case{"the ace of another suit is a discard", ending(Strain::NoTrump, 14), 1},
        Case{"so is a spade in hearts", ending(Strain::Hearts, 14), 1}}) {
    SCOPED_TRACE(c.what);
    for (const int mode : {1, 2}) {  // (mode 0 would not search West's one card)
      futureTricks ours{}, theirs{};
      ASSERT_EQ(dds().SolveBoard(c.dl, -1, 3, mode, &theirs, 0), RETURN_NO_FAULT);
      ASSERT_EQ(SolveBoard(c.dl, -1, 3, mode, &ours, 0), RETURN_NO_FAULT);
      EXPECT_EQ(theirs.score[0], c.west) << "DDS";
      EXPECT_EQ(groups_of(ours), groups_of(theirs));
    }
  }
}

// The same card twice in the trick: DDS solves it, ddtb refuses it (dll.h).
TEST(CapiTrick, ACardPlayedTwiceIsRefused) {
  deal twice = ending(Strain::NoTrump, 14);
  twice.currentTrickSuit[1] = twice.currentTrickSuit[0];
  twice.currentTrickRank[1] = twice.currentTrickRank[0];
  futureTricks f{};
  EXPECT_EQ(dds().SolveBoard(twice, -1, 3, 1, &f, 0), RETURN_NO_FAULT);
  EXPECT_EQ(SolveBoard(twice, -1, 3, 1, &f, 0), RETURN_SUIT_OR_RANK);
}

// Boards for a batch: revoke positions, positions whose trick followed the
// rules and trick starts, in turn, each with a random target, solutions and
// mode.
struct Batch {
  std::vector<Position> positions;
  std::vector<int> target, solutions, mode;
};

Batch mixed_batch(Rng& rng, int count) {
  Batch b;
  for (int i = 0; i < count; ++i) {
    const Position p =
        i % 3 == 0 ? revoke_position(rng)
                   : random_position(rng, 3 + static_cast<int>(rng.below(6)), i % 3 == 1 ? 2 : 0,
                                     strain_from_int(static_cast<int>(rng.below(5))),
                                     seat_from_int(static_cast<int>(rng.below(4))));
    b.positions.push_back(p);
    const int targets[] = {-1, 0, 1, p.tricks_left()};
    b.target.push_back(targets[rng.below(4)]);
    b.solutions.push_back(1 + static_cast<int>(rng.below(3)));
    b.mode.push_back(static_cast<int>(rng.below(3)));
  }
  return b;
}

// Both libraries' answers to one batch, board by board, judged as single
// calls are (DDS's every-card answer from SolveBoard).
void expect_same_boards(const Batch& b, const solvedBoards& ours, const solvedBoards& theirs) {
  ASSERT_EQ(ours.noOfBoards, theirs.noOfBoards);
  for (std::size_t i = 0; i < b.positions.size(); ++i) {
    SCOPED_TRACE("board " + std::to_string(i));
    const std::vector<RefCardGroup> all_cards = dds_all_cards(to_c_deal(b.positions[i]));
    EXPECT_EQ(compare_answers(ours.solvedBoard[i], theirs.solvedBoard[i], all_cards, b.target[i],
                              b.solutions[i]),
              "");
  }
}

TEST(CapiTrick, BatchesMixingRevokesMatchDds) {
  constexpr int kBoards = 45;
  Rng rng(kSeed + 1);
  const Batch b = mixed_batch(rng, kBoards);
  auto pbn = std::make_unique<boardsPBN>();
  auto bin = std::make_unique<boards>();
  pbn->noOfBoards = bin->noOfBoards = kBoards;
  for (int i = 0; i < kBoards; ++i) {
    pbn->deals[i] = to_c_deal_pbn(b.positions[static_cast<std::size_t>(i)]);
    bin->deals[i] = to_c_deal(b.positions[static_cast<std::size_t>(i)]);
    pbn->target[i] = bin->target[i] = b.target[static_cast<std::size_t>(i)];
    pbn->solutions[i] = bin->solutions[i] = b.solutions[static_cast<std::size_t>(i)];
    pbn->mode[i] = bin->mode[i] = b.mode[static_cast<std::size_t>(i)];
  }
  auto theirs = std::make_unique<solvedBoards>();
  ASSERT_EQ(dds().SolveAllBoards(pbn.get(), theirs.get()), RETURN_NO_FAULT);
  {
    SCOPED_TRACE("SolveAllBoards");
    auto ours = std::make_unique<solvedBoards>();
    ASSERT_EQ(SolveAllBoards(pbn.get(), ours.get()), RETURN_NO_FAULT);
    expect_same_boards(b, *ours, *theirs);
  }
  {
    SCOPED_TRACE("SolveAllChunksBin");
    auto ours = std::make_unique<solvedBoards>();
    auto theirs_bin = std::make_unique<solvedBoards>();
    ASSERT_EQ(dds().SolveAllChunksBin(bin.get(), theirs_bin.get(), 1), RETURN_NO_FAULT);
    ASSERT_EQ(SolveAllChunksBin(bin.get(), ours.get(), 1), RETURN_NO_FAULT);
    expect_same_boards(b, *ours, *theirs_bin);
  }
  {
    // Not in Debian's libdds: judged against its SolveAllBoards.
    SCOPED_TRACE("SolveAllBoardsBin");
    auto ours = std::make_unique<solvedBoards>();
    ASSERT_EQ(SolveAllBoardsBin(bin.get(), ours.get()), RETURN_NO_FAULT);
    expect_same_boards(b, *ours, *theirs);
  }
}

// AnalysePlayBin from a revoke on the table along random legal lines: the
// declaring side's value after every card. DDS's count of values leaves out
// the cards already on the table (dll.h).
TEST(CapiTrick, AnalysePlayFromARevokeMatchesDds) {
  Rng rng(kSeed + 2);
  for (int n = 0; n < 40; ++n) {
    const Position start = revoke_position(rng);
    SCOPED_TRACE("seed " + std::to_string(kSeed + 2) + " position " + std::to_string(n));
    playTraceBin play{};
    Position p = start;
    while (p.tricks_left() > 0) {
      const CardSet legal = p.legal_cards();
      int pick = static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())));
      for (const Card c : legal)
        if (pick-- == 0) {
          play.suit[play.number] = to_int(c.suit);
          play.rank[play.number] = c.rank;
          ++play.number;
          p = *p.play(c);
          break;
        }
    }
    const deal dl = to_c_deal(start);
    const int cards = start.cards_in_hands() + start.trick_size();
    // The whole line and a part of it.
    for (const int length : {play.number, static_cast<int>(rng.below(play.number))}) {
      SCOPED_TRACE(std::to_string(length) + " cards played");
      playTraceBin part = play;
      part.number = length;
      solvedPlay ours{}, theirs{};
      ASSERT_EQ(dds().AnalysePlayBin(dl, part, &theirs, 0), RETURN_NO_FAULT);
      ASSERT_EQ(AnalysePlayBin(dl, part, &ours, 0), RETURN_NO_FAULT);
      EXPECT_EQ(ours.number, 1 + std::min(length, cards - 4));
      EXPECT_EQ(theirs.number, ours.number - start.trick_size());
      for (int i = 0; i < std::min(ours.number, theirs.number); ++i)
        EXPECT_EQ(ours.tricks[i], theirs.tricks[i]) << "value " << i;
    }
  }
}

}  // namespace
}  // namespace ddtb::test
