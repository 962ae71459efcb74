// ddsolve's constraint scripts for single-dummy analysis: --constraints FILE
// (a script in dealer's language) or --where EXPR (an expression alone),
// include/ddtb/deal_script.hpp. Read and compiled when the option is
// parsed, so that a bad script is a usage error naming its line and column.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "ddtb/cards.hpp"
#include "ddtb/par.hpp"

namespace ddtb::cli {

struct ScriptArg {
  std::string source;  // "--constraints FILE" or "--where", for messages and the header
  std::string text;    // the script (DealSpec::script points at it)
  std::array<CardSet, 4> predeal{};
  std::optional<Vulnerability> vulnerability;  // its `vulnerable`, for the scores without --vul
};

// Takes --constraints (`is_file`: value names the file) or --where into
// `into`; the usage error, if any: a missing value, a file that cannot be
// read, a second script, or the script's first error ("--constraints
// 'x.dlr': line 3, column 7: ...").
std::optional<std::string> take_script(std::optional<ScriptArg>& into, bool is_file,
                                       std::optional<std::string_view> value);

}  // namespace ddtb::cli
