// The tools' shared command-line conventions (tools/command_line.hpp) on a
// small tool with a subcommand: what parse_arguments() finds, the messages
// of usage errors, and the exit statuses and streams of parse().
#include "tools/command_line.hpp"

#include <gtest/gtest.h>

#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace ddtb::tools {
namespace {

using Kind = ParseOutcome::Kind;

// A tool "demo" with -q/--quiet, -t/--threads N (1..64), --name TEXT,
// --mode fast|slow, FILE... and a subcommand "build" with --cards N (4..52,
// required) and --verbose. Each Demo holds what one parse set.
struct Demo {
  CLI::App app;
  bool quiet = false;
  int threads = 1;
  std::string name;
  std::string mode = "fast";
  std::vector<std::string> files;
  int cards = 0;
  bool verbose = false;
  CLI::App* build = nullptr;

  Demo() {
    app.add_flag("-q,--quiet", quiet);
    add_number(app, "-t,--threads", threads, 1, 64, "a number of threads");
    app.add_option("--name", name);
    add_choice(app, "--mode", mode, {"fast", "slow"});
    app.add_option("FILE", files);
    build = app.add_subcommand("build");
    add_number(*build, "--cards", cards, 4, 52, "a card count")->required();
    build->add_flag("--verbose", verbose);
    prepare(app, text());
  }

  static ToolText text() {
    return {"demo", [](const std::string& command) { return "help of '" + command + "'\n"; },
            "demo 1.2.3", "Try 'demo --help'."};
  }

  ParseOutcome parse(std::vector<std::string> args) { return parse_arguments(app, args); }
};

TEST(CommandLine, ReadsLongShortGluedAndBundledOptions) {
  Demo d;
  const ParseOutcome o = d.parse({"--name=x y", "-qt2", "a", "--mode", "slow", "b"});
  ASSERT_EQ(o.kind, Kind::kRun) << o.message;
  EXPECT_TRUE(d.quiet);
  EXPECT_EQ(d.threads, 2);
  EXPECT_EQ(d.name, "x y");
  EXPECT_EQ(d.mode, "slow");
  EXPECT_EQ(d.files, (std::vector<std::string>{"a", "b"}));
  Demo glued;
  ASSERT_EQ(glued.parse({"-t7", "--threads=9"}).kind, Kind::kRun);
  EXPECT_EQ(glued.threads, 9);  // the last one given
  Demo dashes;
  const ParseOutcome after = dashes.parse({"--", "-t2", "-"});
  ASSERT_EQ(after.kind, Kind::kRun) << after.message;
  EXPECT_EQ(dashes.files, (std::vector<std::string>{"-t2", "-"}));
  EXPECT_EQ(dashes.threads, 1);
}

TEST(CommandLine, NamesWhatIsWrong) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases{
      {{"--bogus", "a"}, "unknown option '--bogus'"},
      {{"-qx"}, "unknown option '-x'"},
      {{"build", "--cards", "8", "extra"}, "unexpected argument 'extra'"},
      {{"a", "--threads"}, "option '--threads' needs a value"},
      {{"--threads", "x"}, "--threads needs a number of threads from 1 to 64, got 'x'"},
      {{"-t", "65"}, "--threads needs a number of threads from 1 to 64, got '65'"},
      {{"--mode", "quick"}, "--mode needs one of fast, slow, got 'quick'"},
      {{"--quiet=yes"}, "option '--quiet' takes no value"},
      {{"build"}, "--cards is required"},
      {{"build", "--cards", "3"}, "--cards needs a card count from 4 to 52, got '3'"},
  };
  for (const auto& [args, message] : cases) {
    Demo d;
    const ParseOutcome o = d.parse(args);
    EXPECT_EQ(o.kind, Kind::kError) << ::testing::PrintToString(args);
    EXPECT_EQ(o.message, message) << ::testing::PrintToString(args);
  }
  Demo missing;
  EXPECT_EQ(missing.parse({"--name"}).option, "--name");  // the tool may word it itself
}

TEST(CommandLine, HelpOfTheCommandGivenAndVersion) {
  Demo tool;
  ParseOutcome o = tool.parse({"--threads", "x", "--help"});
  EXPECT_EQ(o.kind, Kind::kError);  // a bad value is found before the help
  Demo help;
  o = help.parse({"-h"});
  EXPECT_EQ(o.kind, Kind::kHelp);
  EXPECT_EQ(o.command, "");
  Demo sub;
  o = sub.parse({"build", "--help"});  // not "unknown option", not a missing --cards
  EXPECT_EQ(o.kind, Kind::kHelp);
  EXPECT_EQ(o.command, "build");
  Demo version;
  EXPECT_EQ(version.parse({"--version"}).kind, Kind::kVersion);
  Demo sub_version;  // only the tool has --version
  EXPECT_EQ(sub_version.parse({"build", "--version"}).kind, Kind::kError);
}

// parse(): what it prints where, and the exit status.
struct Captured {
  std::optional<int> status;
  std::string out, err;
};

Captured run_parse(std::vector<std::string> args) {
  Demo d;
  std::ostringstream out, err;
  std::streambuf* old_out = std::cout.rdbuf(out.rdbuf());
  std::streambuf* old_err = std::cerr.rdbuf(err.rdbuf());
  const std::optional<int> status = parse(d.app, std::move(args), Demo::text());
  std::cout.rdbuf(old_out);
  std::cerr.rdbuf(old_err);
  return {status, out.str(), err.str()};
}

TEST(CommandLine, ExitStatusesAndStreams) {
  Captured c = run_parse({"a"});
  EXPECT_FALSE(c.status);
  EXPECT_EQ(c.out + c.err, "");
  c = run_parse({"build", "-h"});
  EXPECT_EQ(c.status, kExitOk);
  EXPECT_EQ(c.out, "help of 'build'\n");
  EXPECT_EQ(c.err, "");
  c = run_parse({"--version"});
  EXPECT_EQ(c.status, kExitOk);
  EXPECT_EQ(c.out, "demo 1.2.3\n");
  c = run_parse({"--bogus"});
  EXPECT_EQ(c.status, kExitUsage);
  EXPECT_EQ(c.out, "");
  EXPECT_EQ(c.err, "demo: unknown option '--bogus'\nTry 'demo --help'.\n");
  EXPECT_EQ(kExitUsage, 2);
}

TEST(CommandLine, WholeNumbers) {
  EXPECT_EQ(whole_number("12", 1, 12), 12);
  EXPECT_EQ(whole_number("-3", -5, 0), -3);
  for (const char* bad : {"", "x", "1x", " 1", "13", "0", "+1", "99999999999999999999"})
    EXPECT_FALSE(whole_number(bad, 1, 12)) << bad;
  EXPECT_EQ(number_message("--n", "a count", 1, 9, std::nullopt), "--n needs a count from 1 to 9");
}

}  // namespace
}  // namespace ddtb::tools
