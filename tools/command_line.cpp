#include "tools/command_line.hpp"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <iostream>
#include <string_view>

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
// subcommands named. CLI11 keeps the "--" that ends the options among them;
// it is no leftover.
std::optional<std::string> first_leftover(const CLI::App& app) {
  std::vector<std::string> rest = app.remaining(true);
  if (const auto mark = std::find(rest.begin(), rest.end(), "--"); mark != rest.end())
    rest.erase(mark);
  if (rest.empty()) return std::nullopt;
  return rest.front();
}

void prepare_one(CLI::App& app, bool version) {
  app.set_help_flag("-h,--help");
  app.allow_extras();
  if (version) app.set_version_flag("--version", std::string("version"));
  for (CLI::Option* option : app.get_options())
    if (option->get_items_expected_max() == 0) option->disable_flag_override();
  for (CLI::App* sub : app.get_subcommands({})) prepare_one(*sub, false);
}

// CLI11 names a flag given a value without its dashes: "json was given a
// disallowed flag override".
constexpr std::string_view kFlagOverride = " was given a disallowed flag override";

// The option a "--threads: 1 required TEXT missing" error is about, or "".
std::string option_without_value(const CLI::ParseError& error) {
  const std::string what = error.what();
  const auto colon = what.find(':');
  if (!dynamic_cast<const CLI::ArgumentMismatch*>(&error) || colon == std::string::npos ||
      what.rfind("-", 0) != 0 || what.find(" missing", colon) == std::string::npos)
    return "";
  return what.substr(0, colon);
}

}  // namespace

ToolText simple_text(std::string name, std::string help, std::string version) {
  std::string hint = "Try '" + name + " --help' for more information.";
  return {std::move(name), [help = std::move(help)](const std::string&) { return help; },
          std::move(version), std::move(hint)};
}

void prepare(CLI::App& app, const ToolText& text) {
  prepare_one(app, !text.version.empty());
}

std::optional<long long> whole_number(std::string_view text, long long lo, long long hi) {
  long long value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size() || value < lo || value > hi)
    return std::nullopt;
  return value;
}

std::string number_message(const std::string& option, const std::string& what, long long lo,
                           long long hi, std::optional<std::string_view> value) {
  return option + " needs " + what + " from " + std::to_string(lo) + " to " + std::to_string(hi) +
         (value ? ", got '" + std::string(*value) + "'" : "");
}

CLI::Option* add_choice(CLI::App& app, const std::string& names, std::string& out,
                        std::vector<std::string> choices) {
  const std::string label = detail::option_label(names);
  return app
      .add_option_function<std::string>(
          names,
          [&out, label, choices](const std::string& text) {
            if (std::find(choices.begin(), choices.end(), text) == choices.end()) {
              std::string list;
              for (const std::string& c : choices) list += (list.empty() ? "" : ", ") + c;
              throw CLI::ValidationError(label + " needs one of " + list + ", got '" + text + "'");
            }
            out = text;
          })
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
}

namespace detail {
std::string option_label(const std::string& names) {
  std::string first;
  std::size_t at = 0;
  while (at <= names.size()) {
    const std::size_t comma = std::min(names.find(',', at), names.size());
    const std::string name = names.substr(at, comma - at);
    if (name.starts_with("--")) return name;
    if (first.empty()) first = name;
    at = comma + 1;
  }
  return first;
}
}  // namespace detail

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
    if (what.ends_with(kFlagOverride)) {
      const std::string name = what.substr(0, what.size() - kFlagOverride.size());
      return "option '" + std::string(name.size() == 1 ? "-" : "--") + name + "' takes no value";
    }
    const auto colon = what.find(':');
    if (colon != std::string::npos && what.rfind("-", 0) == 0)
      return "option '" + what.substr(0, colon) + "' needs a value";
    return what;
  }
  if (dynamic_cast<const CLI::RequiredError*>(&error) && what == "A subcommand")
    return "a command is required";
  return what;
}

ParseOutcome parse_arguments(CLI::App& app, std::vector<std::string> args) {
  using Kind = ParseOutcome::Kind;
  std::reverse(args.begin(), args.end());  // CLI11 takes them last first
  try {
    app.parse(args);
  } catch (const CLI::CallForHelp&) {
    return {Kind::kHelp, innermost_command(app), "", ""};
  } catch (const CLI::CallForAllHelp&) {
    return {Kind::kHelp, "", "", ""};
  } catch (const CLI::CallForVersion&) {
    return {Kind::kVersion, "", "", ""};
  } catch (const CLI::ParseError& e) {
    return {Kind::kError, "", describe(e), option_without_value(e)};
  }
  if (const auto extra = first_leftover(app)) {
    if (extra->size() > 1 && extra->front() == '-')
      return {Kind::kError, "", "unknown option '" + *extra + "'", ""};
    return {Kind::kError, "", "unexpected argument '" + *extra + "'", ""};
  }
  return {};
}

std::optional<int> parse(CLI::App& app, std::vector<std::string> args, const ToolText& text) {
  const ParseOutcome outcome = parse_arguments(app, std::move(args));
  switch (outcome.kind) {
    case ParseOutcome::Kind::kRun:
      return std::nullopt;
    case ParseOutcome::Kind::kHelp:
      std::cout << text.help(outcome.command) << std::flush;
      return kExitOk;
    case ParseOutcome::Kind::kVersion:
      std::cout << text.version << '\n' << std::flush;
      return kExitOk;
    case ParseOutcome::Kind::kError:
      break;
  }
  return usage_error(text, outcome.message);
}

}  // namespace ddtb::tools
