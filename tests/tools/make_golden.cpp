// ddtb-make-golden: writes the project's golden data (tests/data/golden/,
// README.md there) from the reference libdds's answers, or, with --check,
// makes it again and compares it with the files, byte for byte (the CTest
// test ddtb_golden_data_check does, so that the data cannot drift from
// what libdds and the generator give).
//
//   ddtb-make-golden [--check] DIR
//
// Exit status: 0 written or identical, 1 a difference or a DDS error, 2 a
// usage or I/O error.
#include <time.h>

#include <cstdio>
#include <exception>
#include <fstream>
#include <sstream>
#include <string>

#include "tests/support/dds_peer.hpp"
#include "tests/tools/golden_files.hpp"
#include "tools/command_line.hpp"

namespace ddtb::test {
namespace {

constexpr const char* kUsage =
    "usage: ddtb-make-golden [--check] DIR\n"
    "  writes DIR/deals.txt, DIR/positions.txt and DIR/par.txt from the answers of\n"
    "  the reference libdds (tests/data/golden/README.md)\n"
    "  --check  make them and compare them with the files in DIR instead\n";

double cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
}

bool read_whole(const std::string& path, std::string& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream text;
  text << in.rdbuf();
  out = text.str();
  return true;
}

// The first line where `want` (the file) and `got` (made now) differ, as a
// message; "" when they are the same.
std::string first_difference(const std::string& path, const std::string& want,
                             const std::string& got) {
  if (want == got) return {};
  std::istringstream a(want), b(got);
  std::string x, y;
  for (int line = 1;; ++line) {
    const bool more_a = static_cast<bool>(std::getline(a, x));
    const bool more_b = static_cast<bool>(std::getline(b, y));
    if (!more_a && !more_b) return path + ": differs in its line ends";
    if (more_a != more_b || x != y)
      return path + " line " + std::to_string(line) +
             " differs\n  file: " + (more_a ? x : "(end of file)") +
             "\n  DDS:  " + (more_b ? y : "(end of file)");
  }
}

int run(const std::string& dir, bool check_only) {
  const double start = cpu_seconds();
  const std::vector<GoldenDeal> deals = golden_deals();
  const GoldenFiles files = make_golden_files(deals, DdsCApi::get());
  const std::pair<const char*, const std::string*> outputs[] = {
      {"deals.txt", &files.deals}, {"positions.txt", &files.positions}, {"par.txt", &files.par}};
  int status = tools::kExitOk;
  for (const auto& [name, text] : outputs) {
    const std::string path = dir + "/" + name;
    if (check_only) {
      std::string old;
      if (!read_whole(path, old)) {
        std::fprintf(stderr, "ddtb-make-golden: cannot read %s\n", path.c_str());
        return tools::kExitUsage;
      }
      if (const std::string diff = first_difference(path, old, *text); !diff.empty()) {
        std::fprintf(stderr, "ddtb-make-golden: %s\n", diff.c_str());
        status = tools::kExitFailure;
      }
      continue;
    }
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << *text;
    if (!out.flush()) {
      std::fprintf(stderr, "ddtb-make-golden: cannot write %s\n", path.c_str());
      return tools::kExitUsage;
    }
  }
  std::printf(
      "ddtb-make-golden: %zu deals from %s: %s (%.1f CPU-s)\n", deals.size(),
      DdsPeer::shared().path().c_str(),
      check_only ? (status == tools::kExitOk ? "the files match" : "the files differ") : "written",
      cpu_seconds() - start);
  return status;
}

}  // namespace
}  // namespace ddtb::test

int main(int argc, char** argv) {
  std::string dir;
  bool check_only = false;
  CLI::App app;
  app.add_flag("--check", check_only);
  app.add_option("dir", dir)->required();
  const ddtb::tools::ToolText text =
      ddtb::tools::simple_text("ddtb-make-golden", ddtb::test::kUsage);
  ddtb::tools::prepare(app, text);
  if (const auto status = ddtb::tools::parse(app, ddtb::tools::arguments(argc, argv), text))
    return *status;
  try {
    return ddtb::test::run(dir, check_only);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "ddtb-make-golden: %s\n", e.what());
    return ddtb::tools::kExitFailure;
  }
}
