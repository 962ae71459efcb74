// ddsolve with endgame tables and ddtb-build's command line: --tablebase
// gives the same answers, damaged table chunks are reported and not used,
// and ddtb-build's help, version and missing options.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "ddtb/version.hpp"
#include "tests/cli_session.hpp"
#include "tests/cli_test.hpp"
#include "tests/table_damage.hpp"

namespace ddtb::cli {
namespace {

// --tablebase opens the tables once for all workers; a directory without
// tables is a usage error. With tables (8 cards, built here by ddtb-build in
// a fraction of a second) every answer is the same as without.
TEST(Ddsolve, TablebaseGivesTheSameAnswers) {
  const auto missing = test::run(kDdsolve, {"--tablebase", kData + "/no_such_dir", kSession});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.err.find("is not a directory"), std::string::npos) << missing.err;
  const auto empty = test::run(kDdsolve, {"--tablebase", kData, kSession});
  EXPECT_EQ(empty.exit_code, 2);
  EXPECT_NE(empty.err.find("--tablebase: "), std::string::npos) << empty.err;
  EXPECT_EQ(empty.out, "");
#ifdef DDTB_BUILD_PATH
  const auto dir = test::scratch_dir() / "tables";
  const auto build = test::run(DDTB_BUILD_PATH, {"build", "--cards", "8", "--out", dir.string(),
                                                 "--threads", "1", "--quiet"});
  ASSERT_EQ(build.exit_code, 0) << build.err;
  const auto with =
      test::run(kDdsolve, {"--tablebase", dir.string(), "--par", "--play", "-q", kSession});
  EXPECT_EQ(with.exit_code, 0) << with.err;
  expect_golden(with.out, "club_session.txt",
                "ddsolve --par --play tests/data/cli/club_session.pbn");
#endif
}

#ifdef DDTB_BUILD_PATH
// ddtb-build's command line: help after any command (never taken as an
// option value or a directory), --version, and a missing --cards named as
// missing.
TEST(DdtbBuild, HelpVersionAndMissingOptions) {
  for (const std::vector<std::string>& args :
       std::vector<std::vector<std::string>>{{"--help"},
                                             {"build", "--help"},
                                             {"info", "--help"},
                                             {"merge", "dir", "-h"},
                                             {"repack", "dir", "--help"}}) {
    const auto r = test::run(DDTB_BUILD_PATH, args);
    EXPECT_EQ(r.exit_code, 0) << args[0] << ": " << r.err;
    EXPECT_NE(r.out.find("Usage:"), std::string::npos) << r.out;
    if (args[0] != "--help")
      EXPECT_NE(r.out.find("ddtb-build " + args[0]), std::string::npos) << r.out;
  }
  const auto version = test::run(DDTB_BUILD_PATH, {"--version"});
  EXPECT_EQ(version.exit_code, 0);
  EXPECT_EQ(version.out.rfind(std::string("ddtb-build ") + DDTB_VERSION, 0), 0u) << version.out;
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"build", "--out", "x"}, {"sample", "--tables", "x"}}) {
    const auto r = test::run(DDTB_BUILD_PATH, args);
    EXPECT_EQ(r.exit_code, 2) << args[0];
    EXPECT_NE(r.err.find("--cards N is required"), std::string::npos) << r.err;
  }
  const auto odd = test::run(DDTB_BUILD_PATH, {"build", "--cards", "6", "--out", "x"});
  EXPECT_EQ(odd.exit_code, 2);
  EXPECT_NE(odd.err.find("multiple of 4"), std::string::npos) << odd.err;
}

// A table whose chunks are damaged is not trusted: the positions in them are
// searched, the answers stay right, and ddsolve says which tables to verify.
TEST(Ddsolve, DamagedTableChunksAreReportedAndNotUsed) {
  const auto dir = test::scratch_dir() / "damaged_tables";
  const auto build =
      test::run(DDTB_BUILD_PATH, {"build", "--cards", "12", "--out", dir.string(), "--quiet"});
  ASSERT_EQ(build.exit_code, 0) << build.err;
  const auto intact =
      test::run(kDdsolve, {"--tablebase", dir.string(), "--par", "--play", kSession});
  EXPECT_EQ(intact.exit_code, 0) << intact.err;
  EXPECT_EQ(intact.err.find("warning"), std::string::npos) << intact.err;
  // Every 12-card file: the exact layers and the bound layers the search
  // asks first.
  int damaged_files = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir))
    if (e.path().filename().string().starts_with("ddtb-12-")) {
      test::damage_chunk_data(e.path());
      ++damaged_files;
    }
  EXPECT_EQ(damaged_files, 4);  // nt, trump, nt-ge2, trump-ge2
  const auto damaged =
      test::run(kDdsolve, {"--tablebase", dir.string(), "--par", "--play", kSession});
  EXPECT_EQ(damaged.exit_code, 0) << damaged.err;
  expect_golden(damaged.out, "club_session.txt",
                "ddsolve --par --play tests/data/cli/club_session.pbn");
  EXPECT_NE(damaged.err.find("damaged table chunks: "), std::string::npos) << damaged.err;
  EXPECT_NE(damaged.err.find("ddtb-build verify " + dir.string()), std::string::npos)
      << damaged.err;
}

// --strains builds one class: the 12-card no-trump layers beside 4-8-card
// tables of both classes (built on the no-trump ones alone, the same bytes
// as a build of both), then the trump ones (on both). verify (whose solver check asks the tables of
// every layer it checks, so a class the probe skipped would fail it), info and repack hold to a
// directory with one class deeper than the other, and ddsolve's answers
// with it are the same as without.
TEST(DdtbBuild, OneStrainClassIsBuiltOnItsOwnLayers) {
  const std::string dir = (test::scratch_dir() / "one_class").string();
  auto build = [&](std::vector<std::string> more) {
    std::vector<std::string> args{"build", "--out", dir, "--threads", "2", "--quiet"};
    args.insert(args.end(), more.begin(), more.end());
    return test::run(DDTB_BUILD_PATH, args);
  };
  auto present = [&](const std::string& name) { return std::filesystem::exists(dir + "/" + name); };
  auto verify_passes = [&](const std::string& when) {
    const auto v = test::run(DDTB_BUILD_PATH, {"verify", dir, "--threads", "2", "--quiet"});
    EXPECT_EQ(v.exit_code, 0) << when << ": " << v.out << v.err;
    EXPECT_NE(v.out.find("all checks passed"), std::string::npos) << when << ": " << v.out;
  };
  auto info_says = [&](const std::string& line) {
    const auto info = test::run(DDTB_BUILD_PATH, {"info", dir});
    EXPECT_EQ(info.exit_code, 0) << info.err;
    EXPECT_NE(info.out.find(dir + " holds " + line + "\n"), std::string::npos) << info.out;
  };

  const auto bad = build({"--cards", "12", "--strains", "both"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("--strains needs nt, trump or all"), std::string::npos) << bad.err;

  ASSERT_EQ(build({"--cards", "8"}).exit_code, 0);
  const auto nt = build({"--cards", "12", "--strains", "nt"});
  ASSERT_EQ(nt.exit_code, 0) << nt.err;
  EXPECT_TRUE(present("ddtb-12-nt.tbl") && present("ddtb-12-nt-ge2.tbl"));
  EXPECT_FALSE(present("ddtb-12-trump.tbl") || present("ddtb-12-trump-ge2.tbl"));
  info_says(
      "no-trump: layers of 4-12 cards (bound layers of 12 cards); trump: layers of 4-8 cards");
  verify_passes("no trump to 12 cards");
  const auto again = build({"--cards", "12", "--strains", "nt"});
  EXPECT_EQ(again.exit_code, 0) << again.err;
  EXPECT_NE(again.out.find("12-card no-trump            : present in"), std::string::npos)
      << again.out;
  EXPECT_EQ(again.out.find("12-card trump"), std::string::npos) << again.out;
  const auto with = test::run(kDdsolve, {"--tablebase", dir, "--par", "--play", "-q", kSession});
  EXPECT_EQ(with.exit_code, 0) << with.err;
  expect_golden(with.out, "club_session.txt",
                "ddsolve --par --play tests/data/cli/club_session.pbn");

  // Beside the trump tables, the no-trump layers are what a build of both
  // classes writes, byte for byte.
  const std::string both = (test::scratch_dir() / "both_classes").string();
  ASSERT_EQ(
      test::run(DDTB_BUILD_PATH, {"build", "--out", both, "--cards", "12", "--quiet"}).exit_code,
      0);
  for (const char* name : {"ddtb-12-nt.tbl", "ddtb-12-nt-ge2.tbl"})
    EXPECT_EQ(test::read_file(dir + "/" + name), test::read_file(both + "/" + name)) << name;

  ASSERT_EQ(build({"--cards", "12", "--strains", "trump"}).exit_code, 0);
  info_says(
      "no-trump: layers of 4-12 cards (bound layers of 12 cards); trump: layers of 4-12 cards "
      "(bound layers of 12 cards)");
  verify_passes("both classes to 12 cards, each built alone");
  const auto repack = test::run(DDTB_BUILD_PATH, {"repack", dir});
  ASSERT_EQ(repack.exit_code, 0) << repack.err;
  verify_passes("packed");  // each class's provenance rechained to its own
}
#endif

}  // namespace
}  // namespace ddtb::cli
