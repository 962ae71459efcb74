// What ddtb-build's commands share in reading their options.
#include <sys/stat.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <thread>

#include "builder/commands.hpp"

namespace ddtb::detail::tb {

bool number_in(const std::string& text, long long lo, long long hi, long long& out) {
  char* end = nullptr;
  errno = 0;
  out = std::strtoll(text.c_str(), &end, 10);
  return errno == 0 && end && *end == '\0' && !text.empty() && out >= lo && out <= hi;
}

int default_threads() {
  const unsigned n = std::thread::hardware_concurrency();
  return n ? static_cast<int>(n) : 1;
}

bool parse_storage(const std::string& store, Storage& out) {
  if (store.empty() || store == "auto")
    out = {Layout::kChunked, WriteOptions::kTableLevel};
  else if (store == "raw")
    out = {Layout::kChunked, 0};
  else if (store == "zstd")
    out = {Layout::kChunked, 19};
  else if (store == "packed")
    out = Storage::packed();
  else
    return false;
  return true;
}

int table_dir_refusal(const std::string& dir, const std::string& command,
                      const tools::ToolText& text) {
  if (dir.empty()) return tools::usage_error(text, command + " needs a directory");
  if (struct stat st{}; ::stat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) {
    report_failure(dir + ": not a directory (" + command + " needs the table directory)");
    return tools::kExitUsage;
  }
  return 0;
}

int failure_status(const Error& error) {
  return error.code == ErrorCode::kIo ? tools::kExitUsage : tools::kExitFailure;
}

void report_failure(const std::string& message) {
  std::fflush(stdout);
  std::fprintf(stderr, "ddtb-build: %s\n", message.c_str());
}

}  // namespace ddtb::detail::tb
