// The default tables: where a front end finds them when it is not told
// (include/ddtb/tablebase.hpp; docs/USAGE.md, "Where the tables are found").
// ddsolve, the C API and the Python module all go through find_default(), so
// the search path is defined here and nowhere else.
#include <dirent.h>
#include <sys/stat.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "ddtb/tablebase.hpp"
#include "tablebase/format.hpp"

#ifndef DDTB_INSTALLED_TABLES
#define DDTB_INSTALLED_TABLES ""  // built outside CMake: no installed directory
#endif

namespace ddtb {

namespace {

constexpr const char* kTablebaseVariable = "DDTB_TABLEBASE";
constexpr const char* kUserSubdir = "/ddtb/tables";

std::optional<std::string> variable(const char* name) {
  const char* value = std::getenv(name);
  return value ? std::optional<std::string>(value) : std::nullopt;
}

using Found = TablebaseSearchDir::Found;

// Whether `dir` is a directory holding table files (not yet opened); when
// not, its `found` and `why` say what it is.
bool holds_tables(TablebaseSearchDir& dir) {
  auto is = [&](Found found, std::string why) {
    dir.found = found;
    dir.why = std::move(why);
    return false;
  };
  struct stat st {};
  if (::stat(dir.dir.c_str(), &st) != 0) {
    if (errno == ENOENT || errno == ENOTDIR) return is(Found::kNothing, "no such directory");
    return is(Found::kUnreadable, std::strerror(errno));
  }
  if (!S_ISDIR(st.st_mode)) return is(Found::kUnreadable, "not a directory");
  DIR* d = ::opendir(dir.dir.c_str());
  if (!d)
    return is(Found::kUnreadable,
              std::string("cannot read the directory: ") + std::strerror(errno));
  bool tables = false;
  while (const dirent* e = ::readdir(d))
    if (detail::tb::is_layer_file_name(e->d_name)) tables = true;
  ::closedir(d);
  return tables || is(Found::kNothing, "no table files");
}

// The exact layers missing below the deepest exact layer of their strain
// class in `tb`: a directory lacking one was damaged or only partly copied.
// (Each layer answers on its own, so using it would not change an answer,
// but the user should rebuild it rather than run on part of it unawares.)
// A class may go deeper than the other, or be absent (ddtb-build build
// --strains builds one). Bound layers only save time, and a build may leave
// them out (--no-bounds): they are not required.
std::vector<std::string> missing_exact_layers(const Tablebase& tb) {
  std::array<std::array<bool, 14>, 2> present{};  // [class][tricks]
  std::array<int, 2> deepest{};
  for (const TablebaseLayer& l : tb.layers())
    if (l.at_least == 0) {
      present[l.trump][std::size_t(l.cards / 4)] = true;
      deepest[l.trump] = std::max(deepest[l.trump], l.cards / 4);
    }
  std::vector<std::string> missing;  // fewest cards first, no trump first
  for (int tricks = 1; tricks <= 13; ++tricks)
    for (int klass = 0; klass < 2; ++klass)
      if (tricks < deepest[klass] && !present[klass][std::size_t(tricks)])
        missing.push_back(
            detail::tb::layer_file_name(tricks, static_cast<detail::tb::StrainClass>(klass)));
  return missing;
}

// What to do about the unusable tables of `dir`.
std::string remedy(const TablebaseSearchDir& dir) {
  return dir.origin == "installed" || dir.origin == kTablebaseVariable
             ? "check them: ddtb-build verify " + dir.dir
             : "rebuild them: ddtb-build build --install";
}

// A directory of the search path, not looked at yet.
TablebaseSearchDir place(std::string dir, std::string origin) {
  TablebaseSearchDir p;
  p.dir = std::move(dir);
  p.origin = std::move(origin);
  return p;
}

// The per-user directory and the variable it comes from; nullopt when
// neither is usable. The XDG base directory specification: a relative
// XDG_DATA_HOME is invalid and ignored.
std::optional<TablebaseSearchDir> user_place(const TablebaseEnvironment& environment) {
  if (environment.xdg_data_home && environment.xdg_data_home->starts_with('/'))
    return place(*environment.xdg_data_home + kUserSubdir, "XDG_DATA_HOME");
  if (environment.home && !environment.home->empty())
    return place(*environment.home + "/.local/share" + kUserSubdir, "HOME");
  return std::nullopt;
}

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

}  // namespace

TablebaseEnvironment TablebaseEnvironment::current() {
  TablebaseEnvironment e;
  e.ddtb_tablebase = variable(kTablebaseVariable);
  e.xdg_data_home = variable("XDG_DATA_HOME");
  e.home = variable("HOME");
  e.installed_dir = DDTB_INSTALLED_TABLES;
  return e;
}

Expected<std::string> Tablebase::user_dir(const TablebaseEnvironment& environment) {
  if (auto user = user_place(environment)) return user->dir;
  return Error{ErrorCode::kNotFound,
               "no per-user data directory: neither XDG_DATA_HOME (an absolute path) nor HOME "
               "is set"};
}

std::vector<TablebaseSearchDir> Tablebase::default_search_path(
    const TablebaseEnvironment& environment) {
  std::vector<TablebaseSearchDir> path;
  if (environment.ddtb_tablebase) {
    if (environment.ddtb_tablebase->empty()) return path;  // turned off
    path.push_back(place(*environment.ddtb_tablebase, kTablebaseVariable));
  }
  if (auto user = user_place(environment)) path.push_back(std::move(*user));
  if (!environment.installed_dir.empty())
    path.push_back(place(environment.installed_dir, "installed"));
  return path;
}

DefaultTablebase Tablebase::find_default(const TablebaseOptions& options,
                                         const TablebaseEnvironment& environment) {
  DefaultTablebase result;
  result.off = environment.ddtb_tablebase && environment.ddtb_tablebase->empty();
  for (TablebaseSearchDir& next : default_search_path(environment)) {
    TablebaseSearchDir& tried = result.tried.emplace_back(std::move(next));
    // The variable names a directory on purpose: it not holding tables is
    // news to the user. Elsewhere an absent or empty directory is normal.
    const bool named = tried.origin == kTablebaseVariable;
    const std::string who = named ? std::string(kTablebaseVariable) + "=" + tried.dir : tried.dir;
    if (!holds_tables(tried)) {
      if (tried.found == Found::kUnreadable || named)
        result.warnings.push_back(who + ": " + tried.why + "; looking further");
      continue;
    }
    // The first directory holding tables is the one: if its tables are
    // unusable the solver runs without, rather than on another directory
    // the user may not know about.
    auto tables = open(tried.dir, options);
    if (!tables) {
      tried.found = Found::kUnusable;
      tried.why = tables.error().message;
      result.warnings.push_back(tables.error().message + "; the tables of " + tried.dir +
                                " are not used (" + remedy(tried) + ")");
      return result;
    }
    if (const auto missing = missing_exact_layers(**tables); !missing.empty()) {
      tried.found = Found::kUnusable;
      tried.why = "lacks " + joined(missing);
      result.warnings.push_back(who + ": incomplete tables (" + joined(missing) +
                                " missing); they are not used (" + remedy(tried) + ")");
      return result;
    }
    tried.found = Found::kUsed;
    result.tables = std::move(*tables);
    result.dir = tried.dir;
    return result;
  }
  return result;
}

}  // namespace ddtb
