// The endgame tables ddsolve probes: those of --tablebase DIR, none with
// --no-tablebase, else the default tables (Tablebase::find_default), and the
// words its summary names them with.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "cli/options.hpp"
#include "ddtb/expected.hpp"
#include "ddtb/tablebase.hpp"

namespace ddtb::cli {

struct ChosenTables {
  std::shared_ptr<const Tablebase> tables;  // nullptr: none
  std::string dir;                          // where `tables` came from
  // For the summary: "tables: /data/tb (4-16 cards)", "tables: off
  // (--no-tablebase)", "tables: none found in DIR, DIR (...)".
  std::string summary;
};

// The tables of the command line. Errors (kIo, kNotFound, kCorruptData; a
// usage error for ddsolve): --tablebase DIR is not a directory, or holds no
// usable tables. What stands in the way of the default tables is not an
// error: each warning is handed to `warn` (one line, without a prefix) and
// ddsolve runs without them.
Expected<ChosenTables> choose_tables(const Options& options,
                                     const std::function<void(const std::string&)>& warn);

}  // namespace ddtb::cli
