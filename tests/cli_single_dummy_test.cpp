// ddsolve's single-dummy mode (cli/single_dummy.hpp) end to end: a deal with
// hidden hands and constraints gives the library's figures, as text and as
// JSON; bad options and impossible constraints are errors naming them.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "ddtb/single_dummy.hpp"
#include "tests/cli_test.hpp"

namespace ddtb::cli {
namespace {

const std::string kDdsolve = DDSOLVE_PATH;

TEST(DdsolveSingleDummy, ContractOddsAsJsonAreTheLibrarysFigures) {
  const auto r = test::run(kDdsolve, {"--deal", "N:AKQ2.K5.AJ72.Q84 - - -", "--hcp", "E:11-15",
                                      "--length", "E:S5+", "--samples", "40", "--seed", "3",
                                      "--strains", "NT,S", "--vul", "NS", "--json", "-t", "2"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const JsonValue v = parse_json(r.out);
  ASSERT_NE(v.find("contracts"), nullptr) << r.out;
  // The library on the same spec.
  DealSpec spec;
  spec.hands[0].holds = *parse_pbn_hand("AKQ2.K5.AJ72.Q84");
  spec.hands[1].min_hcp = 11;
  spec.hands[1].max_hcp = 15;
  spec.hands[1].min_length[0] = 5;
  spec.samples = 40;
  spec.seed = 3;
  auto deals = sample_deals(spec);
  ASSERT_TRUE(deals);
  auto odds = analyse_contracts(*deals, (1u << 4) | 1u, 0xF, Vulnerability::NorthSouth);
  ASSERT_TRUE(odds);
  const auto& got = v.find("contracts")->items;
  ASSERT_EQ(got.size(), odds->contracts.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    const ContractOdds& want = odds->contracts[i];
    EXPECT_EQ(got[i].find("strain")->text, to_string(want.strain));
    EXPECT_EQ(got[i].find("declarer")->text, to_string(want.declarer));
    for (int t = 0; t < 14; ++t) EXPECT_EQ(got[i].find("tricks")->items[t].number, want.tricks[t]);
    EXPECT_NEAR(got[i].find("mean_tricks")->find("value")->number, want.mean_tricks.value, 1e-5);
    for (int l = 1; l <= 7; ++l) {
      EXPECT_NEAR(got[i].find("makes")->items[l - 1].find("value")->number, want.makes[l].value,
                  1e-5);
      EXPECT_NEAR(got[i].find("score")->items[l - 1].find("value")->number, want.score[l].value,
                  1e-3 * std::max(1.0, std::abs(want.score[l].value)));
    }
  }
}

TEST(DdsolveSingleDummy, LeadsAsText) {
  const auto r = test::run(kDdsolve, {"--deal", "N:AKQ2.K5.AJ72.Q84 - - T87.QJT9.Q854.A2", "--lead",
                                      "3NT-S", "--samples", "20", "-t", "2"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("20 samples (seed 1)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("3NT by S, W leads"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("HQJT9"), std::string::npos) << r.out;  // a run of touching cards
}

TEST(DdsolveSingleDummy, EachBoardOfAFile) {
  const auto pbn = test::scratch_dir() / "hidden.pbn";
  std::ofstream(pbn) << "[Board \"7\"]\n[Deal \"N:AKQ2.K5.AJ72.Q84 - J95.A432.K9.KJ53 -\"]\n\n"
                        "[Board \"8\"]\n[Deal \"N:AKQ2.K5.AJ72.Q84 - - -\"]\n";
  const auto r = test::run(kDdsolve, {pbn.string(), "--samples", "10", "--strains", "NT",
                                      "--declarers", "N", "--json", "-t", "2"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::istringstream lines(r.out);
  std::vector<std::string> boards;
  for (std::string line; std::getline(lines, line);)
    boards.push_back(parse_json(line).find("board")->text);
  EXPECT_EQ(boards, (std::vector<std::string>{"7", "8"}));
  // A board no deal fits is reported by its number; the others are printed.
  const auto bad = test::run(kDdsolve, {pbn.string(), "--samples", "10", "--strains", "NT",
                                        "--declarers", "N", "--hcp", "E:11-15"});
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_NE(bad.err.find("board 7: East: 11+ HCP asked"), std::string::npos) << bad.err;
  EXPECT_NE(bad.out.find("Board 8: 10 samples"), std::string::npos) << bad.out;
}

TEST(DdsolveSingleDummy, BadOptionsAndImpossibleSpecsAreNamed) {
  const auto error_of = [](const std::vector<std::string>& args) {
    const auto r = test::run(kDdsolve, args);
    EXPECT_NE(r.exit_code, 0);
    return r.err;
  };
  EXPECT_NE(error_of({"--deal", "N:AKQ2.K5.AJ72.Q84 - J95.A432.K9.KJ53 -", "--hcp", "E:11-15"})
                .find("East: 11+ HCP asked, at most 9 possible"),
            std::string::npos);
  EXPECT_NE(error_of({"--deal", "N:AKQ2.K5.AJ72.Q84 - - -", "--hcp", "E:11-55"}).find("--hcp"),
            std::string::npos);
  EXPECT_NE(error_of({"--deal", "N:AKQ2.K5.AJ72.Q84 - - -", "--length", "X:S5+"})
                .find("--length needs SEAT:VALUE"),
            std::string::npos);
  EXPECT_NE(error_of({"--deal", "N:AKQ2.K5.AJ72.Q84 - - -", "--lead", "3NT"}).find("--lead"),
            std::string::npos);
  EXPECT_NE(error_of({"--deal", "N:AKQ2.K5.AJ72.Q84 - -", "--samples", "5"}).find("four hands"),
            std::string::npos);
  EXPECT_NE(
      error_of({"--deal", "N:AKQ2.K5.AJ72.Q84 - - -", "--lead", "3NT-S"}).find("hand differs"),
      std::string::npos);
  EXPECT_NE(error_of({"--deal", "N:AKQ2.K5.AJ72.Q84 - - -", "--par"}).find("--par"),
            std::string::npos);
  // A partial deal's errors are the deal reader's: the hand and the character.
  EXPECT_NE(error_of({"--deal", "N:AKQ2.K5.AJ72.Q84 - J95.A432.K9.KJX3 -"})
                .find("hand 3 (South), character 36: 'X' is not a rank"),
            std::string::npos);
  EXPECT_NE(error_of({"--deal", "N:AKQ2.K5.AJ72.Q84 - J95.A432.K9.KQ53 -"})
                .find("card CQ is also in hand 1 (North)"),
            std::string::npos);
}

}  // namespace
}  // namespace ddtb::cli
