// ddsolve's --constraints FILE and --where EXPR (cli/script_option.hpp) end
// to end: a dealer script's predeal is a known hand and its condition the
// same deals as --where with --deal; a bad script is a usage error naming
// its file, line and column.
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "tests/cli_test.hpp"

namespace ddtb::cli {
namespace {

const std::string kDdsolve = DDSOLVE_PATH;

std::string write_script(const std::string& name, const std::string& text) {
  const std::string path = (test::scratch_dir() / name).string();
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

constexpr const char* kCondition = "shape(south, 7xxx) && hcp(south) >= 11 && hcp(south) <= 15";

TEST(DdsolveScript, AScriptsPredealAndConditionAreTheDealAndWhere) {
  const std::string file =
      write_script("weak_two.dlr", std::string("# North known, South with a seven-card spade suit\n"
                                               "generate 1000000\nproduce 10\ndealer north\n"
                                               "predeal north SAQ4, HK8632, DJ5, CK72\n"
                                               "condition ") +
                                       kCondition + "\naction printall\n");
  const std::vector<std::string> common{"--samples",   "12", "--seed", "4",  "--strains", "S,NT",
                                        "--declarers", "S",  "--json", "-t", "2"};
  std::vector<std::string> a{"--constraints", file};
  a.insert(a.end(), common.begin(), common.end());
  std::vector<std::string> b{"--deal", "N:AQ4.K8632.J5.K72 - - -", "--where", kCondition};
  b.insert(b.end(), common.begin(), common.end());
  const auto ra = test::run(kDdsolve, a);
  const auto rb = test::run(kDdsolve, b);
  ASSERT_EQ(ra.exit_code, 0) << ra.err;
  ASSERT_EQ(rb.exit_code, 0) << rb.err;
  // The JSON holds the deal and the figures, not the script's source.
  EXPECT_EQ(ra.out, rb.out);
  EXPECT_NE(ra.out.find("\"samples\":12"), std::string::npos) << ra.out;
  // The text header names the script.
  const auto text = test::run(kDdsolve, {"--constraints", file, "--samples", "4", "--strains", "S",
                                         "--declarers", "S", "-t", "2"});
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_NE(text.out.find("of N:AQ4.K8632.J5.K72 - - -; --constraints '" + file + "'"),
            std::string::npos)
      << text.out;
}

TEST(DdsolveScript, BadScriptsAreUsageErrorsWithLineAndColumn) {
  const std::string bad =
      write_script("bad.dlr", "condition hcp(north) > 1\n  && tricks(north, spades) > 3\n");
  auto r = test::run(kDdsolve, {"--constraints", bad});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--constraints '" + bad +
                       "': line 2, column 6: 'tricks' is not supported by ddtb"),
            std::string::npos)
      << r.err;
  r = test::run(kDdsolve, {"--where", "hcp(north) >"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--where 'hcp(north) >': line 1, column 13: expected an expression"),
            std::string::npos)
      << r.err;
  r = test::run(kDdsolve, {"--where", "hcp(north) > 9", "--constraints", bad});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("give one of --constraints and --where"), std::string::npos) << r.err;
  r = test::run(kDdsolve, {"--constraints", (test::scratch_dir() / "missing.dlr").string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("cannot open"), std::string::npos) << r.err;
  // A script too rare to sample is reported as the sampler's error.
  r = test::run(kDdsolve, {"--where", "hcp(north) >= 36", "--samples", "1"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("the script's condition"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace ddtb::cli
