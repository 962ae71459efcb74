// ddtb-build's help: the usage of each command and what it does. Internal.
#pragma once

#include <string>

namespace ddtb::detail::tb {

// The --help text of `command` ("build", "merge", "verify", "sample",
// "info"), or of the whole tool for "" (every command).
std::string help_text(const std::string& command);

// The --help text of ddtb-build-mpi.
std::string mpi_help_text();

}  // namespace ddtb::detail::tb
