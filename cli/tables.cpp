#include "cli/tables.hpp"

#include <filesystem>
#include <system_error>
#include <utility>

namespace ddtb::cli {

namespace {

std::string used(const Tablebase& tables, const std::string& dir) {
  return "tables: " + dir + " (" + tables.cards_text() + ")";
}

// The summary when the default search found no usable tables.
std::string none_found(const DefaultTablebase& found) {
  if (found.off) return "tables: off (DDTB_TABLEBASE is empty)";
  std::string places;
  for (const TablebaseSearchDir& d : found.tried) {
    places += (places.empty() ? "" : ", ") + d.dir;
    if (d.found == TablebaseSearchDir::Found::kUnusable)
      return "tables: none (those of " + d.dir + " are not used: see the warning above)";
  }
  if (places.empty()) return "tables: none (no directory to look in: HOME is not set)";
  return "tables: none found in " + places + " ('ddtb-build build --install' builds them)";
}

}  // namespace

Expected<ChosenTables> choose_tables(const Options& options,
                                     const std::function<void(const std::string&)>& warn) {
  ChosenTables chosen;
  if (options.no_tablebase) {
    chosen.summary = "tables: off (--no-tablebase)";
    return chosen;
  }
  if (options.tablebase) {
    const std::string& dir = *options.tablebase;
    std::error_code ec;
    if (!std::filesystem::is_directory(dir, ec))
      return Error{ErrorCode::kIo, "--tablebase: '" + dir + "' is not a directory"};
    auto tables = Tablebase::open(dir);
    if (!tables) return Error{tables.error().code, "--tablebase: " + tables.error().message};
    chosen.tables = std::move(*tables);
    chosen.dir = dir;
    chosen.summary = used(*chosen.tables, dir);
    return chosen;
  }
  DefaultTablebase found = Tablebase::find_default();
  for (const std::string& w : found.warnings) warn(w);
  if (!found.tables) {
    chosen.summary = none_found(found);
    return chosen;
  }
  chosen.tables = std::move(found.tables);
  chosen.dir = std::move(found.dir);
  chosen.summary = used(*chosen.tables, chosen.dir);
  return chosen;
}

}  // namespace ddtb::cli
