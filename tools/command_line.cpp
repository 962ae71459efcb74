#include "tools/command_line.hpp"

#include <algorithm>
#include <cstdio>
#include <iostream>

namespace ddtb::tools {

namespace {

// The subcommand the user named last (the innermost), or "" for the tool.
std::string innermost_command(const CLI::App& app) {
  std::string name;
  const CLI::App* at = &app;
  for (;;) {
    const auto subs = at->get_subcommands();
    if (subs.empty()) return name;
    at = subs.back();
    name = at->get_name();
  }
}

// The first argument no option or positional took, from `app` down the
// subcommands named.
std::optional<std::string> first_leftover(const CLI::App& app) {
  const std::vector<std::string> rest = app.remaining(true);
  if (rest.empty()) return std::nullopt;
  return rest.front();
}

void prepare_one(CLI::App& app, bool version) {
  app.set_help_flag("-h,--help");
  app.allow_extras();
  if (version) app.set_version_flag("--version", std::string("version"));
  for (CLI::App* sub : app.get_subcommands({})) prepare_one(*sub, false);
}

}  // namespace

void prepare(CLI::App& app, const ToolText& text) {
  prepare_one(app, !text.version.empty());
}

std::vector<std::string> arguments(int argc, const char* const* argv) {
  std::vector<std::string> args;
  for (int i = 1; i < argc; ++i) args.emplace_back(argv[i]);
  return args;
}

int usage_error(const ToolText& text, const std::string& message) {
  std::cerr << text.name << ": " << message << '\n';
  if (!text.hint.empty()) std::cerr << text.hint << '\n';
  return kExitUsage;
}

std::string describe(const CLI::ParseError& error) {
  const std::string what = error.what();
  // "--threads: 1 required INT missing" and the like: a value is missing.
  if (dynamic_cast<const CLI::ArgumentMismatch*>(&error)) {
    const auto colon = what.find(':');
    if (colon != std::string::npos && what.rfind("-", 0) == 0)
      return "option '" + what.substr(0, colon) + "' needs a value";
    return what;
  }
  if (dynamic_cast<const CLI::RequiredError*>(&error) && what == "A subcommand")
    return "a command is required";
  return what;
}

std::optional<int> parse(CLI::App& app, std::vector<std::string> args, const ToolText& text) {
  std::reverse(args.begin(), args.end());  // CLI11 takes them last first
  try {
    app.parse(args);
  } catch (const CLI::CallForHelp&) {
    std::cout << text.help(innermost_command(app)) << std::flush;
    return kExitOk;
  } catch (const CLI::CallForAllHelp&) {
    std::cout << text.help("") << std::flush;
    return kExitOk;
  } catch (const CLI::CallForVersion&) {
    std::cout << text.version << '\n' << std::flush;
    return kExitOk;
  } catch (const CLI::ParseError& e) {
    return usage_error(text, describe(e));
  }
  if (const auto extra = first_leftover(app)) {
    if (extra->size() > 1 && extra->front() == '-')
      return usage_error(text, "unknown option '" + *extra + "'");
    return usage_error(text, "unexpected argument '" + *extra + "'");
  }
  return std::nullopt;
}

}  // namespace ddtb::tools
