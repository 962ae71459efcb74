// The default tables' search path (Tablebase::default_search_path,
// find_default, user_dir) on environments made up here: the order of the
// directories, what turns the tables off, and what find_default does with
// each kind of directory — absent, empty, not a directory, holding tables,
// holding damaged or incomplete tables.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "ddtb/tablebase.hpp"
#include "tests/support/small_tables.hpp"

namespace ddtb {
namespace {

namespace fs = std::filesystem;
using Found = TablebaseSearchDir::Found;

TablebaseEnvironment environment(std::optional<std::string> tablebase,
                                 std::optional<std::string> xdg, std::optional<std::string> home,
                                 std::string installed) {
  TablebaseEnvironment e;
  e.ddtb_tablebase = std::move(tablebase);
  e.xdg_data_home = std::move(xdg);
  e.home = std::move(home);
  e.installed_dir = std::move(installed);
  return e;
}

std::vector<std::string> dirs(const std::vector<TablebaseSearchDir>& path) {
  std::vector<std::string> out;
  for (const auto& d : path) out.push_back(d.dir + " (" + d.origin + ")");
  return out;
}

TEST(TablebaseSearchPath, VariableThenUserThenInstalled) {
  EXPECT_EQ(dirs(Tablebase::default_search_path(
                environment("/tb", "/xdg", "/home/u", "/usr/share/ddtb/tables"))),
            (std::vector<std::string>{"/tb (DDTB_TABLEBASE)", "/xdg/ddtb/tables (XDG_DATA_HOME)",
                                      "/usr/share/ddtb/tables (installed)"}));
  // Without XDG_DATA_HOME, or with a relative one (invalid by the XDG base
  // directory specification), the user's directory is under HOME.
  for (const std::optional<std::string>& xdg :
       {std::optional<std::string>(), std::optional<std::string>("rel/dir"),
        std::optional<std::string>("")})
    EXPECT_EQ(dirs(Tablebase::default_search_path(environment(std::nullopt, xdg, "/home/u", ""))),
              (std::vector<std::string>{"/home/u/.local/share/ddtb/tables (HOME)"}));
  EXPECT_EQ(*Tablebase::user_dir(environment(std::nullopt, std::nullopt, "/home/u", "")),
            "/home/u/.local/share/ddtb/tables");
  // Neither: no user directory, and `ddtb-build build --install` has nowhere to go.
  EXPECT_EQ(dirs(Tablebase::default_search_path(environment(std::nullopt, std::nullopt, "", "/i"))),
            (std::vector<std::string>{"/i (installed)"}));
  const auto none = Tablebase::user_dir(environment(std::nullopt, "relative", std::nullopt, "/i"));
  ASSERT_FALSE(none);
  EXPECT_EQ(none.error().code, ErrorCode::kNotFound);
  EXPECT_NE(none.error().message.find("XDG_DATA_HOME"), std::string::npos);
}

TEST(TablebaseSearchPath, EmptyVariableTurnsTheTablesOff) {
  const auto e = environment("", "/xdg", "/home/u", "/i");
  EXPECT_TRUE(Tablebase::default_search_path(e).empty());
  const DefaultTablebase found = Tablebase::find_default({}, e);
  EXPECT_TRUE(found.off);
  EXPECT_FALSE(found.tables);
  EXPECT_TRUE(found.tried.empty());
  EXPECT_TRUE(found.warnings.empty());
}

// A scratch directory holding 4- and 8-card tables ("tables"), and places
// to put copies of them, removed at the end.
class FindDefault : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    tables_ = test::build_small_tables(2);
    ASSERT_FALSE(tables_.empty());
  }
  static void TearDownTestSuite() { fs::remove_all(tables_); }
  void SetUp() override {
    root_ = fs::path(tables_).parent_path() /
            (fs::path(tables_).filename().string() + "-" +
             ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(root_);
    fs::create_directories(root_);
  }
  void TearDown() override { fs::remove_all(root_); }

  // A copy of the tables at `dir` (under root_).
  std::string copy_tables(const std::string& name) {
    const fs::path to = root_ / name;
    fs::create_directories(to.parent_path());
    fs::copy(tables_, to);
    return to.string();
  }
  std::string user() const { return (root_ / "xdg/ddtb/tables").string(); }
  std::string installed() const { return (root_ / "installed").string(); }
  TablebaseEnvironment env(std::optional<std::string> tablebase = std::nullopt) const {
    return environment(std::move(tablebase), (root_ / "xdg").string(), "/nonexistent-home",
                       installed());
  }

  static std::string tables_;
  fs::path root_;
};
std::string FindDefault::tables_;

TEST_F(FindDefault, TheFirstDirectoryHoldingTablesIsUsed) {
  copy_tables("xdg/ddtb/tables");
  copy_tables("installed");
  const DefaultTablebase found = Tablebase::find_default({}, env());
  ASSERT_TRUE(found.tables);
  EXPECT_EQ(found.dir, user());
  EXPECT_EQ(found.tables->cards_text(), "4-8 cards");
  EXPECT_EQ(found.tables->min_cards(), 4);
  ASSERT_EQ(found.tried.size(), 1u);  // the installed directory is not looked at
  EXPECT_EQ(found.tried[0].found, Found::kUsed);
  EXPECT_TRUE(found.warnings.empty());
}

TEST_F(FindDefault, AbsentOrEmptyDirectoriesArePassedOverSilently) {
  copy_tables("installed");
  DefaultTablebase found = Tablebase::find_default({}, env());
  EXPECT_EQ(found.dir, installed());
  ASSERT_EQ(found.tried.size(), 2u);
  EXPECT_EQ(found.tried[0].found, Found::kNothing);
  EXPECT_EQ(found.tried[0].why, "no such directory");
  EXPECT_TRUE(found.warnings.empty());

  fs::create_directories(user());
  std::ofstream(user() + "/ddtb-16-nt.tbl.tmp.123") << "a table being written";
  found = Tablebase::find_default({}, env());
  EXPECT_EQ(found.dir, installed());
  EXPECT_EQ(found.tried[0].why, "no table files");
  EXPECT_TRUE(found.warnings.empty());

  fs::remove_all(installed());
  found = Tablebase::find_default({}, env());
  EXPECT_FALSE(found.tables);
  EXPECT_FALSE(found.off);
  EXPECT_EQ(found.tried.size(), 2u);
  EXPECT_TRUE(found.warnings.empty());
}

// DDTB_TABLEBASE names a directory on purpose: one without tables is
// warned about (and the search goes on), as is a path that is not a
// directory anywhere on the path.
TEST_F(FindDefault, BadNamedOrUnreadableDirectoriesAreWarnedAbout) {
  copy_tables("installed");
  const std::string missing = (root_ / "missing").string();
  DefaultTablebase found = Tablebase::find_default({}, env(missing));
  EXPECT_EQ(found.dir, installed());
  ASSERT_EQ(found.warnings.size(), 1u);
  EXPECT_EQ(found.warnings[0],
            "DDTB_TABLEBASE=" + missing + ": no such directory; looking further");

  fs::create_directories(fs::path(user()).parent_path());
  std::ofstream(user()) << "not a directory";
  found = Tablebase::find_default({}, env());
  EXPECT_EQ(found.dir, installed());
  ASSERT_EQ(found.warnings.size(), 1u);
  EXPECT_EQ(found.warnings[0], user() + ": not a directory; looking further");
  EXPECT_EQ(found.tried[0].found, Found::kUnreadable);
}

// Tables that do not open, or lack a layer, are not used, and the search
// stops there: no tables rather than another directory's.
TEST_F(FindDefault, DamagedOrIncompleteTablesAreNotUsed) {
  copy_tables("installed");
  copy_tables("xdg/ddtb/tables");
  fs::resize_file(user() + "/ddtb-8-nt.tbl", fs::file_size(user() + "/ddtb-8-nt.tbl") / 2);
  DefaultTablebase found = Tablebase::find_default({}, env());
  EXPECT_FALSE(found.tables);
  ASSERT_EQ(found.tried.size(), 1u);
  EXPECT_EQ(found.tried[0].found, Found::kUnusable);
  ASSERT_EQ(found.warnings.size(), 1u);
  EXPECT_NE(found.warnings[0].find(user() + "/ddtb-8-nt.tbl: "), std::string::npos)
      << found.warnings[0];
  EXPECT_NE(found.warnings[0].find("ddtb-build build --install"), std::string::npos);

  fs::remove_all(user());
  copy_tables("xdg/ddtb/tables");
  fs::remove(user() + "/ddtb-4-trump.tbl");
  found = Tablebase::find_default({}, env());
  EXPECT_FALSE(found.tables);
  ASSERT_EQ(found.warnings.size(), 1u);
  EXPECT_EQ(found.warnings[0], user() +
                                   ": incomplete tables (ddtb-4-trump.tbl missing); they are not "
                                   "used (rebuild them: ddtb-build build --install)");

  // In a directory named by DDTB_TABLEBASE, the advice is to verify it.
  found = Tablebase::find_default({}, env(user()));
  ASSERT_EQ(found.warnings.size(), 1u);
  EXPECT_NE(found.warnings[0].find("ddtb-build verify " + user()), std::string::npos);
}

// A class may stop lower than the other, or be absent: `ddtb-build build
// --strains` builds one class alone. Such a directory is whole; a layer
// missing below its own class's deepest one still is not.
TEST_F(FindDefault, OneClassMayGoDeeperThanTheOther) {
  copy_tables("xdg/ddtb/tables");
  fs::remove(user() + "/ddtb-8-trump.tbl");
  DefaultTablebase found = Tablebase::find_default({}, env());
  EXPECT_TRUE(found.tables);
  EXPECT_TRUE(found.warnings.empty()) << found.warnings.front();

  fs::remove(user() + "/ddtb-4-trump.tbl");
  found = Tablebase::find_default({}, env());
  ASSERT_TRUE(found.tables);
  EXPECT_TRUE(found.warnings.empty()) << found.warnings.front();
  for (const TablebaseLayer& l : found.tables->layers()) EXPECT_FALSE(l.trump) << l.cards;

  fs::remove(user() + "/ddtb-4-nt.tbl");
  found = Tablebase::find_default({}, env());
  EXPECT_FALSE(found.tables);
  ASSERT_EQ(found.warnings.size(), 1u);
  EXPECT_NE(found.warnings[0].find("incomplete tables (ddtb-4-nt.tbl missing)"), std::string::npos)
      << found.warnings[0];
}

}  // namespace
}  // namespace ddtb
