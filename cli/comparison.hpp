// ddsolve's paired comparison (include/ddtb/comparison.hpp): with --lead and
// --paired, each opening lead against the best on the same deals; with
// --compare CONTRACT,CONTRACT..., the contracts against the best. Printed as
// a text table or JSON.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "ddtb/comparison.hpp"
#include "ddtb/expected.hpp"

namespace ddtb::cli {

struct SingleDummyArgs;

// Whether the single-dummy options ask for a paired comparison.
bool wants_comparison(const SingleDummyArgs& args);

// --compare's contracts, in order (each value may list several, split at
// commas). kSyntax naming the value for a contract without level or declarer.
Expected<std::vector<Contract>> compared_contracts(const SingleDummyArgs& args);

// The comparison as text, `header` first, or as a JSON object whose first
// fields are `json_head` (an open object: "{...").
void print_comparison(std::ostream& out, const Comparison& r, const std::string& header,
                      const std::string& json_head, bool json);

}  // namespace ddtb::cli
