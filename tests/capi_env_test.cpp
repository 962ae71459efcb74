// The C API's default tables: a program that never calls
// SetTablebasePath() picks up those of the search path (DDTB_TABLEBASE, the
// per-user directory, the installed one), looked for once, at the first
// call that needs them. Each case in a process of its own (CTest runs each
// test alone; the search-path cases fork).
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <string>

#include "ddtb/dll.h"
#include "tests/support/small_tables.hpp"

namespace ddtb::test {
namespace {

TEST(CapiEnvironment, TablebaseFromTheEnvironment) {
  const std::string dir = build_small_tables(1);
  const RemovedAtEnd cleanup{dir};
  ASSERT_FALSE(dir.empty());
  ASSERT_EQ(::setenv("DDTB_TABLEBASE", dir.c_str(), 1), 0);
  dealPBN d{};
  d.trump = 4;
  d.first = 0;
  std::snprintf(d.remainCards, sizeof d.remainCards, "N:A... K... Q... J...");
  futureTricks f{};
  ASSERT_EQ(SolveBoardPBN(d, -1, 3, 1, &f, 0), RETURN_NO_FAULT);
  EXPECT_EQ(f.score[0], 1);
  DDSInfo info{};
  GetDDSInfo(&info);
  EXPECT_NE(std::string(info.systemString).find("4 cards"), std::string::npos) << info.systemString;
  // Read once: changing the variable later changes nothing.
  ASSERT_EQ(::setenv("DDTB_TABLEBASE", "/nonexistent", 1), 0);
  GetDDSInfo(&info);
  EXPECT_NE(std::string(info.systemString).find("4 cards"), std::string::npos);
}

// The default tables of the search path (Tablebase::find_default), each
// case in a child process of its own: the C API looks for them once per
// process. The child sets the environment, asks GetDDSInfo which tables are
// in use and solves an ending; "" when all is as expected, else what is not.
void expect_in_child(const std::function<std::string()>& check) {
  EXPECT_EXIT(
      {
        const std::string failure = check();
        std::fprintf(stderr, "%s", failure.c_str());
        std::_Exit(failure.empty() ? 0 : 1);
      },
      ::testing::ExitedWithCode(0), "^$");
}

std::string tables_line() {
  DDSInfo info{};
  GetDDSInfo(&info);
  const std::string text = info.systemString;
  const auto at = text.find("Endgame tables");
  return at == std::string::npos ? text : text.substr(at, text.find('\n', at) - at);
}

// A solve through the tables' depth gives the right answer either way.
std::string solve_ending() {
  dealPBN d{};
  d.trump = 4;
  d.first = 0;
  std::snprintf(d.remainCards, sizeof d.remainCards, "N:AK... QJ... ...AK ...QJ");
  futureTricks f{};
  if (SolveBoardPBN(d, -1, 3, 1, &f, 0) != RETURN_NO_FAULT) return "SolveBoardPBN failed";
  return f.score[0] == 2 ? "" : "wrong score " + std::to_string(f.score[0]);
}

// A per-user directory <xdg>/ddtb/tables holding 4- and 8-card tables.
std::string user_tables_under(const std::string& xdg) {
  const std::string tables = build_small_tables(2);
  if (tables.empty()) return "";
  std::filesystem::create_directories(xdg + "/ddtb");
  std::filesystem::rename(tables, xdg + "/ddtb/tables");
  return xdg + "/ddtb/tables";
}

TEST(CapiEnvironment, DefaultTablesOfTheSearchPath) {
  const std::string xdg = std::filesystem::temp_directory_path().string() + "/ddtb-capi-xdg-" +
                          std::to_string(::getpid());
  const std::string dir = user_tables_under(xdg);
  ASSERT_FALSE(dir.empty());
  // Found in the per-user directory, and named by GetDDSInfo.
  expect_in_child([&] {
    ::unsetenv("DDTB_TABLEBASE");
    ::setenv("XDG_DATA_HOME", xdg.c_str(), 1);
    const std::string line = tables_line();
    if (line != "Endgame tables           4-8 cards, " + dir) return "got: " + line;
    return solve_ending();
  });
  // DDTB_TABLEBASE set but empty turns them off.
  expect_in_child([&] {
    ::setenv("DDTB_TABLEBASE", "", 1);
    ::setenv("XDG_DATA_HOME", xdg.c_str(), 1);
    const std::string line = tables_line();
    if (line != "Endgame tables           none") return "got: " + line;
    return solve_ending();
  });
  // A layer missing: the tables are not used, and nothing fails.
  std::filesystem::remove(dir + "/ddtb-4-nt.tbl");
  expect_in_child([&] {
    ::unsetenv("DDTB_TABLEBASE");
    ::setenv("XDG_DATA_HOME", xdg.c_str(), 1);
    const std::string line = tables_line();
    if (line.find(dir) != std::string::npos) return "incomplete tables used: " + line;
    return solve_ending();
  });
  std::filesystem::remove_all(xdg);
}

}  // namespace
}  // namespace ddtb::test
