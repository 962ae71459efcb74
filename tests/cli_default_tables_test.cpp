// The default tables end to end (Tablebase::find_default): ddsolve finds
// them in the per-user directory without a flag and names them in its
// summary; --no-tablebase and DDTB_TABLEBASE= turn them off; a damaged or
// partial directory (a file truncated or garbled, a layer missing, a build
// interrupted) never changes an answer: the golden deals' DD tables come out
// as DDS gives them (tests/data/golden) every time, with one warning. And `ddtb-build build
// --install`.
//
// The suite runs with DDTB_TABLEBASE= (cmake/ddtbTestEnvironment.cmake);
// these tests set the environment of the programs they start themselves.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "builder/layer_build.hpp"
#include "builder/layer_writer.hpp"
#include "ddtb/tablebase.hpp"
#include "tablebase/layer_file.hpp"
#include "tests/cli_test.hpp"
#include "tests/support/golden_data.hpp"
#include "tests/table_damage.hpp"

namespace ddtb::cli {
namespace {

namespace fs = std::filesystem;
using test::lines_of;

const std::string kDdsolve = DDSOLVE_PATH;
const std::string kBuild = DDTB_BUILD_PATH;
// The first golden deals: enough full deals for the tables to be probed
// often (about 0.1 s each).
constexpr int kDeals = 6;

// Sets an environment variable (or unsets it: nullopt) for the scope; the
// programs the test starts inherit it.
class ScopedVariable {
 public:
  ScopedVariable(std::string name, const std::optional<std::string>& value)
      : name_(std::move(name)) {
    if (const char* old = std::getenv(name_.c_str())) old_ = old;
    if (value)
      ::setenv(name_.c_str(), value->c_str(), 1);
    else
      ::unsetenv(name_.c_str());
  }
  ~ScopedVariable() {
    if (old_)
      ::setenv(name_.c_str(), old_->c_str(), 1);
    else
      ::unsetenv(name_.c_str());
  }
  ScopedVariable(const ScopedVariable&) = delete;
  ScopedVariable& operator=(const ScopedVariable&) = delete;

 private:
  std::string name_;
  std::optional<std::string> old_;
};

// The default search of the programs started in its scope: DDTB_TABLEBASE
// as given (unset by default), the per-user directory <xdg>/ddtb/tables.
struct DefaultSearch {
  explicit DefaultSearch(const fs::path& xdg,
                         const std::optional<std::string>& tablebase = std::nullopt)
      : variable("DDTB_TABLEBASE", tablebase), data_home("XDG_DATA_HOME", xdg.string()) {}
  ScopedVariable variable;
  ScopedVariable data_home;
};

fs::path user_tables(const fs::path& xdg) {
  return xdg / "ddtb" / "tables";
}

// Whether the installed directory (last on the search path) holds tables
// on this machine: then "none found" cannot be expected of a search that
// reaches it.
bool installed_tables_present() {
  const std::string dir = TablebaseEnvironment::current().installed_dir;
  std::error_code ec;
  if (dir.empty() || !fs::is_directory(dir, ec)) return false;
  for (const auto& e : fs::directory_iterator(dir, ec))
    if (e.path().extension() == ".tbl") return true;
  return false;
}

// Tables of up to `cards` cards, built once per process by ddtb-build.
fs::path built_tables(int cards) {
  const fs::path dir = test::scratch_dir() / ("built" + std::to_string(cards));
  if (!fs::exists(dir)) {
    const auto r = test::run(
        kBuild, {"build", "--cards", std::to_string(cards), "--out", dir.string(), "--quiet"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
  }
  return dir;
}

// A fresh per-user directory under `xdg` holding a copy of `tables`.
void install_copy(const fs::path& tables, const fs::path& xdg) {
  fs::remove_all(xdg);
  fs::create_directories(user_tables(xdg).parent_path());
  fs::copy(tables, user_tables(xdg), fs::copy_options::recursive);
}

const std::vector<ddtb::test::RefDeal>& golden() {
  return ddtb::test::golden_deals();
}

// The first kDeals golden deals as a PBN file.
std::string deals_file() {
  const fs::path path = test::scratch_dir() / "golden_first.pbn";
  if (!fs::exists(path)) {
    std::ofstream f(path);
    for (int i = 0; i < kDeals && i < static_cast<int>(golden().size()); ++i)
      f << "[Board \"" << i + 1 << "\"]\n[Deal \"" << golden()[i].pbn << "\"]\n\n";
  }
  return path.string();
}

// ddsolve's JSON tables are DDS's, board by board.
void expect_dds_answers(const test::RunResult& r) {
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), static_cast<std::size_t>(kDeals)) << r.out;
  const char strains[] = {'S', 'H', 'D', 'C', 'N'};  // the reference's order; "N" = no trump
  const char seats[] = {'N', 'E', 'S', 'W'};
  for (int i = 0; i < kDeals; ++i) {
    const auto json = test::JsonReader::parse(lines[i]);
    ASSERT_TRUE(json) << lines[i];
    for (int s = 0; s < 5; ++s)
      for (int h = 0; h < 4; ++h) {
        const std::string key = std::string("tricks.") + strains[s] + "." + seats[h];
        ASSERT_TRUE(json->count(key)) << key;
        EXPECT_EQ(std::get<long long>(json->at(key)), golden()[i].table[s][h])
            << "deal " << i + 1 << ", " << key;
      }
  }
}

// The summary's part about the tables ("tables: ..."), from its last line.
std::string tables_said(const test::RunResult& r) {
  const auto lines = lines_of(r.err);
  if (lines.empty()) return "";
  const auto at = lines.back().find("; tables: ");
  return at == std::string::npos ? "" : lines.back().substr(at + 2);
}

// The warnings of a run.
std::vector<std::string> warnings(const test::RunResult& r) {
  std::vector<std::string> out;
  for (const std::string& line : lines_of(r.err))
    if (line.starts_with("ddsolve: warning: ")) out.push_back(line);
  return out;
}

test::RunResult solve(const std::vector<std::string>& options = {}) {
  std::vector<std::string> args{"--json"};
  args.insert(args.end(), options.begin(), options.end());
  args.push_back(deals_file());
  return test::run(kDdsolve, args);
}

// Found without a flag in the per-user directory and named; turned off by
// --no-tablebase and by an empty DDTB_TABLEBASE; DDTB_TABLEBASE first on the
// path, and a bad one warned about and passed over.
TEST(DefaultTables, FoundInTheUserDirectoryNamedAndTurnedOff) {
  const fs::path xdg = test::scratch_dir() / "xdg";
  install_copy(built_tables(8), xdg);
  const std::string dir = user_tables(xdg).string();
  {
    DefaultSearch search(xdg);
    const auto r = solve();
    expect_dds_answers(r);
    EXPECT_EQ(tables_said(r), "tables: " + dir + " (4-8 cards)") << r.err;
    EXPECT_TRUE(warnings(r).empty()) << r.err;
    const auto off = solve({"--no-tablebase"});
    expect_dds_answers(off);
    EXPECT_EQ(tables_said(off), "tables: off (--no-tablebase)") << off.err;
    const auto both = solve({"--no-tablebase", "--tablebase", dir});
    EXPECT_EQ(both.exit_code, 2);
    EXPECT_NE(both.err.find("cannot be combined"), std::string::npos) << both.err;
    const auto quiet = solve({"-q"});
    EXPECT_EQ(quiet.err, "");
  }
  {
    DefaultSearch search(xdg, "");
    const auto r = solve();
    expect_dds_answers(r);
    EXPECT_EQ(tables_said(r), "tables: off (DDTB_TABLEBASE is empty)") << r.err;
  }
  {
    const fs::path other = test::scratch_dir() / "other_tables";
    fs::remove_all(other);
    fs::copy(built_tables(8), other);
    DefaultSearch search(xdg, other.string());
    const auto r = solve();
    EXPECT_EQ(tables_said(r), "tables: " + other.string() + " (4-8 cards)") << r.err;
  }
  {
    const std::string nowhere = (test::scratch_dir() / "no_such_dir").string();
    DefaultSearch search(xdg, nowhere);
    const auto r = solve();
    expect_dds_answers(r);
    ASSERT_EQ(warnings(r).size(), 1u) << r.err;
    EXPECT_EQ(warnings(r)[0], "ddsolve: warning: DDTB_TABLEBASE=" + nowhere +
                                  ": no such directory; looking further");
    EXPECT_EQ(tables_said(r), "tables: " + dir + " (4-8 cards)") << r.err;
  }
  // --tablebase names a directory explicitly: a bad one is a usage error.
  const auto missing = test::run(kDdsolve, {"--tablebase", "/no/such/dir", deals_file()});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.err.find("'/no/such/dir' is not a directory"), std::string::npos)
      << missing.err;
}

// Every kind of damage, each on a fresh copy of 4- to 12-card tables (the
// search asks tables from 12 cards, so the answers below are found with
// them probed): the answers stay DDS's, one warning says what is wrong and
// where, and the summary says which tables were used.
TEST(DefaultTables, DamagedOrPartialDirectoriesNeverChangeAnAnswer) {
  const fs::path intact = built_tables(12);
  const fs::path xdg = test::scratch_dir() / "xdg_damaged";
  const std::string dir = user_tables(xdg).string();
  DefaultSearch search(xdg);
  const bool installed = installed_tables_present();

  {
    SCOPED_TRACE("intact");
    install_copy(intact, xdg);
    const auto r = solve();
    expect_dds_answers(r);
    EXPECT_TRUE(warnings(r).empty()) << r.err;
    EXPECT_EQ(tables_said(r), "tables: " + dir + " (4-12 cards)") << r.err;
  }
  struct Damage {
    const char* what;
    const char* file;
    void (*damage)(const fs::path&);
    const char* warning;  // in the one warning
  };
  const Damage unusable[] = {
      {"truncated", "ddtb-12-nt.tbl", test::truncate_to_half, "(truncated?)"},
      {"garbled header", "ddtb-12-trump.tbl", [](const fs::path& f) { test::flip_byte(f, 16); },
       "header checksum mismatch"},
      {"a layer missing", "ddtb-8-trump.tbl", [](const fs::path& f) { fs::remove(f); },
       "incomplete tables (ddtb-8-trump.tbl missing)"},
  };
  for (const Damage& d : unusable) {
    SCOPED_TRACE(d.what);
    install_copy(intact, xdg);
    d.damage(user_tables(xdg) / d.file);
    const auto r = solve();
    expect_dds_answers(r);
    ASSERT_EQ(warnings(r).size(), 1u) << r.err;
    EXPECT_NE(warnings(r)[0].find(d.warning), std::string::npos) << r.err;
    EXPECT_NE(warnings(r)[0].find("not used"), std::string::npos) << r.err;
    EXPECT_EQ(tables_said(r),
              "tables: none (those of " + dir + " are not used: see the warning above)")
        << r.err;
  }
  {
    // Chunks failing their checks are found only when loaded: the tables
    // are used, the damaged chunks never, and one warning names them.
    SCOPED_TRACE("garbled chunks");
    install_copy(intact, xdg);
    for (const auto& e : fs::directory_iterator(user_tables(xdg)))
      if (e.path().filename().string().starts_with("ddtb-12-")) test::damage_chunk_data(e.path());
    const auto r = solve();
    expect_dds_answers(r);
    ASSERT_EQ(warnings(r).size(), 1u) << r.err;
    EXPECT_NE(warnings(r)[0].find(dir + ": damaged table chunks: "), std::string::npos) << r.err;
    EXPECT_EQ(tables_said(r), "tables: " + dir + " (4-12 cards)") << r.err;
  }
  {
    // An install killed before its last step leaves its staging directory,
    // which is not on the search path.
    SCOPED_TRACE("interrupted install");
    fs::remove_all(xdg);
    fs::create_directories(xdg / "ddtb");
    fs::copy(intact, xdg / "ddtb" / "tables.partial", fs::copy_options::recursive);
    const auto r = solve();
    expect_dds_answers(r);
    EXPECT_TRUE(warnings(r).empty()) << r.err;
    if (!installed) EXPECT_EQ(tables_said(r).rfind("tables: none found in " + dir, 0), 0u) << r.err;
  }
}

// ddtb-build build --install: builds into a staging directory, then puts it
// in place of the per-user directory, where ddsolve finds it, packed
// (format 5 and 6); a deeper install builds the packed layers below again
// (the builder builds on layers as built), and one that finds tables as
// built or of an older format packs them; an install with nothing to do
// says so.
TEST(DdtbBuildInstall, BuildsTheDefaultTablesWhereDdsolveFindsThem) {
  const fs::path xdg = test::scratch_dir() / "xdg_install";
  fs::remove_all(xdg);
  DefaultSearch search(xdg);
  const fs::path dir = user_tables(xdg);
  const fs::path staging = dir.string() + ".partial";
  const auto all_packed = [&] {
    int n = 0;
    for (const fs::directory_entry& e : fs::directory_iterator(dir)) {
      if (e.path().extension() != ".tbl") continue;
      auto file = detail::tb::LayerFile::open(e.path().string());
      if (!file || (*file)->layout() != detail::tb::Layout::kPacked) return -1;
      ++n;
    }
    return n;
  };
  const auto first = test::run(kBuild, {"build", "--install", "--cards", "4", "--quiet"});
  ASSERT_EQ(first.exit_code, 0) << first.err;
  EXPECT_NE(first.out.find("installed " + dir.string() + " (4 cards)"), std::string::npos)
      << first.out;
  EXPECT_EQ(all_packed(), 2);
  EXPECT_FALSE(fs::exists(staging));

  const auto deeper = test::run(kBuild, {"build", "--install", "--cards", "8", "--quiet"});
  ASSERT_EQ(deeper.exit_code, 0) << deeper.err;
  EXPECT_NE(deeper.out.find("installed " + dir.string() + " (4-8 cards)"), std::string::npos)
      << deeper.out;
  EXPECT_EQ(all_packed(), 4);
  EXPECT_FALSE(fs::exists(staging));
  const auto r = solve();
  expect_dds_answers(r);
  EXPECT_EQ(tables_said(r), "tables: " + dir.string() + " (4-8 cards)") << r.err;

  // Tables as built, in an older format (version 1, tablebase/FORMAT.md),
  // are packed by the next install: the bytes an install writes.
  std::vector<std::pair<fs::path, std::string>> installed;
  for (const fs::directory_entry& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".tbl") installed.emplace_back(e.path(), test::read_file(e.path()));
  ASSERT_EQ(installed.size(), 4u);
  const fs::path raw = test::scratch_dir() / "install_raw";
  fs::remove_all(raw);
  const auto made = test::run(kBuild, {"build", "--cards", "8", "--out", raw.string(), "--quiet"});
  ASSERT_EQ(made.exit_code, 0) << made.err;
  // Rewritten from the fewest cards up, each recording the header checksums
  // of the rewritten layer below, as the older builder wrote them.
  std::uint64_t below = 0;
  for (int tricks = 1; tricks <= 2; ++tricks) {
    std::uint64_t these = 0;
    for (const auto klass : {detail::tb::StrainClass::kNoTrump, detail::tb::StrainClass::kTrump}) {
      const std::string name = detail::tb::layer_file_name(tricks, klass);
      auto file = detail::tb::LayerFile::open((raw / name).string());
      ASSERT_TRUE(file) << file.error().message;
      ASSERT_EQ((*file)->layout(), detail::tb::Layout::kChunked);
      auto layer = detail::tb::load_layer(**file);
      ASSERT_TRUE(layer) << layer.error().message;
      detail::tb::WriteOptions old;
      old.partition_lengths = false;
      old.lower_checksum = below;
      auto sum = detail::tb::write_layer((dir / name).string(), **layer, old);
      ASSERT_TRUE(sum);
      these ^= *sum;
    }
    below = these;
  }
  for (const auto& [path, want] : installed) ASSERT_NE(test::read_file(path), want) << path;
  fs::remove_all(raw);
  const auto upgrade = test::run(kBuild, {"build", "--install", "--cards", "8", "--quiet"});
  ASSERT_EQ(upgrade.exit_code, 0) << upgrade.err;
  EXPECT_NE(upgrade.out.find("rewrote the 4 reused table files in the current format"),
            std::string::npos)
      << upgrade.out;
  for (const auto& [path, want] : installed) EXPECT_TRUE(test::read_file(path) == want) << path;
  EXPECT_FALSE(fs::exists(staging));

  const auto again = test::run(kBuild, {"build", "--install", "--cards", "8", "--quiet"});
  EXPECT_EQ(again.exit_code, 0) << again.err;
  EXPECT_NE(again.out.find("nothing to build"), std::string::npos) << again.out;

  // Usage errors: --out or --shard with --install; no per-user directory.
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"build", "--install", "--out", "x"}, {"build", "--install", "--shard", "0/2"}}) {
    const auto bad = test::run(kBuild, args);
    EXPECT_EQ(bad.exit_code, 2) << args[2];
    EXPECT_NE(bad.err.find("cannot be combined"), std::string::npos) << bad.err;
  }
  ScopedVariable no_xdg("XDG_DATA_HOME", std::nullopt);
  ScopedVariable no_home("HOME", std::nullopt);
  const auto homeless = test::run(kBuild, {"build", "--install", "--cards", "4"});
  EXPECT_EQ(homeless.exit_code, 2);
  EXPECT_NE(homeless.err.find("no per-user data directory"), std::string::npos) << homeless.err;
}

// One class at a time: the no-trump layers of 12 cards, then the trump
// ones, installed over the 4-8-card default tables, give the same files,
// byte for byte, as one install of both classes to 12 cards (the trump
// class's packed layers are kept while the no-trump ones are built, and
// each layer records the same layers below).
TEST(DdtbBuildInstall, OneClassAtATimeGivesTheSameTables) {
  const fs::path xdg = test::scratch_dir() / "xdg_by_class";
  const fs::path whole = test::scratch_dir() / "xdg_whole";
  for (const fs::path& p : {xdg, whole}) fs::remove_all(p);
  auto install = [](const fs::path& home, std::vector<std::string> more) {
    DefaultSearch search(home);
    std::vector<std::string> args{"build", "--install", "--quiet", "--threads", "2"};
    args.insert(args.end(), more.begin(), more.end());
    const auto r = test::run(kBuild, args);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return r;
  };
  install(whole, {"--cards", "12"});
  install(xdg, {"--cards", "8"});
  install(xdg, {"--cards", "12", "--strains", "nt"});
  EXPECT_FALSE(fs::exists(user_tables(xdg) / "ddtb-12-trump.tbl"));
  {
    DefaultSearch search(xdg);
    const auto info = test::run(kBuild, {"info", user_tables(xdg).string()});
    EXPECT_NE(info.out.find("no-trump: layers of 4-12 cards (bound layers of 12 cards); trump: "
                            "layers of 4-8 cards\n"),
              std::string::npos)
        << info.out;
    expect_dds_answers(solve());
  }
  install(xdg, {"--cards", "12", "--strains", "trump"});
  int files = 0;
  for (const fs::directory_entry& e : fs::directory_iterator(user_tables(whole))) {
    ++files;
    EXPECT_EQ(test::read_file(e.path()), test::read_file(user_tables(xdg) / e.path().filename()))
        << e.path().filename();
  }
  EXPECT_EQ(files, 8);
}

}  // namespace
}  // namespace ddtb::cli
