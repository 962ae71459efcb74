// ddsolve's paired comparison (cli/comparison.hpp) end to end: --lead with
// --paired and --compare give the library's figures (compare_leads,
// compare_contracts on the same sampled deals) as JSON, a table as text; bad
// contracts and options are usage errors naming them.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "ddtb/comparison.hpp"
#include "tests/cli_test.hpp"

namespace ddtb::cli {
namespace {

const std::string kDdsolve = DDSOLVE_PATH;

std::vector<Deal> deals_of(const char* north, const char* west, int samples, std::uint64_t seed) {
  DealSpec spec;
  spec.hands[0].holds = *parse_pbn_hand(north);
  if (west) spec.hands[3].holds = *parse_pbn_hand(west);
  spec.samples = samples;
  spec.seed = seed;
  auto deals = sample_deals(spec);
  EXPECT_TRUE(deals);
  return deals ? *deals : std::vector<Deal>{};
}

// Each choice of the JSON against the library's, best first.
void expect_same(const JsonValue& v, const Comparison& want) {
  const auto& got = v.find("choices")->items;
  ASSERT_EQ(got.size(), want.choices.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    const ChoiceFigures& w = want.choices[want.order[i]];
    const auto near = [](const JsonValue* e, const Estimate& x) {
      ASSERT_NE(e, nullptr);
      EXPECT_NEAR(e->find("value")->number, x.value, 1e-5 * std::max(1.0, std::abs(x.value)));
      EXPECT_NEAR(e->find("error")->number, x.error, 1e-5 * std::max(1.0, std::abs(x.error)));
    };
    near(got[i].find("points"), w.points);
    near(got[i].find("matchpoints"), w.matchpoints);
    near(got[i].find("vs_best")->find("imps"), w.vs_best.imps);
    near(got[i].find("vs_best")->find("points"), w.vs_best.points);
    near(got[i].find("vs_best")->find("better"), w.vs_best.better);
    const auto& tricks = got[i].find("declarer_tricks")->items;
    ASSERT_EQ(tricks.size(), static_cast<std::size_t>(want.samples));
    for (int d = 0; d < want.samples; ++d)
      EXPECT_EQ(
          tricks[d].number,
          want.declarer_tricks[static_cast<std::size_t>(d) * want.choices.size() + want.order[i]]);
  }
}

TEST(DdsolveComparison, LeadsPairedAsJsonAreTheLibrarysFigures) {
  const auto r = test::run(
      kDdsolve, {"--deal", "N:AKQ2.K5.AJ72.Q84 - - T87.QJT9.Q854.A2", "--lead", "4SX-S", "--paired",
                 "--vul", "All", "--samples", "20", "--seed", "4", "--json", "-t", "2"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const JsonValue v = parse_json(r.out);
  const auto want = compare_leads(deals_of("AKQ2.K5.AJ72.Q84", "T87.QJT9.Q854.A2", 20, 4),
                                  *parse_contract("4SX-S"), Vulnerability::Both);
  ASSERT_TRUE(want);
  EXPECT_EQ(v.find("side")->text, "EW");
  EXPECT_EQ(v.find("contract")->text, "4SX-S");
  EXPECT_EQ(v.find("leader")->text, "W");
  ASSERT_NE(v.find("choices")->items[0].find("lead"), nullptr);
  expect_same(v, *want);
}

TEST(DdsolveComparison, ContractsAsJsonAndText) {
  const std::vector<std::string> args{"--deal",    "N:AKQ2.K5.AJ72.Q84 - - -",
                                      "--compare", "3NT-S,4S-N",
                                      "--compare", "5HX-E",
                                      "--samples", "20",
                                      "--seed",    "2",
                                      "--vul",     "NS",
                                      "-t",        "2"};
  std::vector<std::string> json = args;
  json.push_back("--json");
  const auto r = test::run(kDdsolve, json);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::vector<Contract> contracts{*parse_contract("3NT-S"), *parse_contract("4S-N"),
                                        *parse_contract("5HX-E")};
  const auto want = compare_contracts(deals_of("AKQ2.K5.AJ72.Q84", nullptr, 20, 2), contracts,
                                      Vulnerability::NorthSouth);
  ASSERT_TRUE(want);
  const JsonValue v = parse_json(r.out);
  EXPECT_EQ(v.find("side")->text, "NS");
  expect_same(v, *want);

  const auto text = test::run(kDdsolve, args);
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_NE(text.out.find("from NS's side"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("(best)"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("5HX-E"), std::string::npos) << text.out;
}

TEST(DdsolveComparison, BadContractsAndOptionsAreNamed) {
  const auto error_of = [](const std::vector<std::string>& args) {
    const auto r = test::run(kDdsolve, args);
    EXPECT_EQ(r.exit_code, 2);
    return r.err;
  };
  const std::string deal = "N:AKQ2.K5.AJ72.Q84 - - -";
  EXPECT_NE(error_of({"--deal", deal, "--compare", "3NT-S,4S"}).find("got '4S'"),
            std::string::npos);
  EXPECT_NE(error_of({"--deal", deal, "--paired"}).find("--paired"), std::string::npos);
  EXPECT_NE(error_of({"--deal", deal, "--lead", "3NT-S", "--compare", "3NT-S"}).find("--compare"),
            std::string::npos);
}

}  // namespace
}  // namespace ddtb::cli
