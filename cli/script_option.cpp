// --constraints FILE and --where EXPR (cli/script_option.hpp).
#include "cli/script_option.hpp"

#include <fstream>
#include <sstream>

#include "ddtb/deal_script.hpp"

namespace ddtb::cli {

std::optional<std::string> take_script(std::optional<ScriptArg>& into, bool is_file,
                                       std::optional<std::string_view> value) {
  const std::string option = is_file ? "--constraints" : "--where";
  if (!value || value->empty())
    return is_file ? "--constraints needs a file: a script in dealer's language"
                   : "--where needs an expression, e.g. 'shape(south, 5xxx) && hcp(south) > 10'";
  if (into) return "give one of --constraints and --where, once (" + into->source + " is given)";
  ScriptArg arg;
  if (is_file) {
    arg.source = option + " '" + std::string(*value) + "'";
    std::ifstream file{std::string(*value), std::ios::binary};
    if (!file) return "cannot open " + arg.source.substr(option.size() + 1);
    std::ostringstream text;
    text << file.rdbuf();
    arg.text = text.str();
  } else {
    arg.source = option + " '" + std::string(*value) + "'";
    arg.text = std::string(*value);
  }
  if (arg.text.find('\0') != std::string::npos) return arg.source + ": a NUL byte in the script";
  const auto script = DealScript::compile(arg.text);
  if (!script) return arg.source + ": " + script.error().message;
  arg.predeal = script->predeal();
  arg.vulnerability = script->vulnerability();
  into = std::move(arg);
  return std::nullopt;
}

}  // namespace ddtb::cli
