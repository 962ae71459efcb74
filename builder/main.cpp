// ddtb-build: builds, verifies and describes setrograde tablebase files.
// The commands live in builder/*_command.cpp; this reads the command line.
#include <algorithm>
#include <array>
#include <iostream>
#include <string>

#include "builder/commands.hpp"
#include "builder/help_text.hpp"
#include "ddtb/version.hpp"
#include "tablebase/format.hpp"

namespace {

using namespace ddtb::detail::tb;
namespace tools = ddtb::tools;

tools::ToolText tool_text() {
  tools::ToolText text;
  text.name = "ddtb-build";
  text.help = [](const std::string& command) { return help_text(command); };
  text.version = std::string("ddtb-build ") + DDTB_VERSION + " (table formats " +
                 std::to_string(kOldestFormatVersion) + "-" + std::to_string(kNewestFormatVersion) +
                 ", builder " + std::to_string(kBuilderVersion) + ")";
  text.hint = "(see ddtb-build --help)";
  return text;
}

constexpr std::array<const char*, 6> kCommands{"build",  "merge", "verify",
                                               "sample", "info",  "repack"};

}  // namespace

int main(int argc, char** argv) {
  const tools::ToolText text = tool_text();
  const std::vector<std::string> args = tools::arguments(argc, argv);
  if (args.empty())
    return tools::usage_error(text,
                              "a command is needed: build, merge, verify, sample, info or repack");
  const std::string& first = args.front();
  if (first == "help") {
    std::cout << text.help("") << std::flush;
    return tools::kExitOk;
  }
  if (first.empty() ||
      (first[0] != '-' && std::find(kCommands.begin(), kCommands.end(), first) == kCommands.end()))
    return tools::usage_error(text, "unknown command '" + first + "'");

  CLI::App app("ddtb-build");
  BuildArgs build;
  MergeArgs merge;
  VerifyArgs verify;
  SampleArgs sample;
  InfoArgs info;
  RepackArgs repack;
  CLI::App* const commands[] = {add_build(app, build),   add_merge(app, merge),
                                add_verify(app, verify), add_sample(app, sample),
                                add_info(app, info),     add_repack(app, repack)};
  tools::prepare(app, text);
  if (const auto exit = tools::parse(app, args, text)) return *exit;
  if (commands[0]->parsed()) return run_build(build, text);
  if (commands[1]->parsed()) return run_merge(merge, text);
  if (commands[2]->parsed()) return run_verify(verify, text);
  if (commands[3]->parsed()) return run_sample(sample, text);
  if (commands[4]->parsed()) return run_info(info, text);
  if (commands[5]->parsed()) return run_repack(repack, text);
  return tools::usage_error(text,
                            "a command is needed: build, merge, verify, sample, info or repack");
}
