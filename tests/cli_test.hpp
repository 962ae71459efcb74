// Helpers for the ddsolve tests: running the binary and reading its JSON.
#pragma once

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "cli/json_reader.hpp"

namespace ddtb::cli::test {

struct RunResult {
  int exit_code = -1;  // the exit status, or -signal when the process was killed
  std::string out;
  std::string err;
};

inline std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// A scratch directory for this test process (ctest runs tests in parallel),
// removed when the process ends.
inline std::filesystem::path scratch_dir() {
  struct Scratch {
    std::filesystem::path dir =
        std::filesystem::temp_directory_path() / ("ddsolve_test_" + std::to_string(::getpid()));
    Scratch() { std::filesystem::create_directories(dir); }
    ~Scratch() {
      std::error_code ec;
      std::filesystem::remove_all(dir, ec);
    }
  };
  static const Scratch scratch;
  return scratch.dir;
}

// Runs `program args...` with stdin from `stdin_path`, capturing both outputs.
// posix_spawn rather than system(): no shell, so no quoting problems.
inline RunResult run(const std::string& program, const std::vector<std::string>& args,
                     const std::string& stdin_path = "/dev/null") {
  const auto dir = scratch_dir();
  const std::string out_path = (dir / "stdout").string();
  const std::string err_path = (dir / "stderr").string();

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, stdin_path.c_str(), O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                   0644);
  posix_spawn_file_actions_addopen(&actions, 2, err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                   0644);
  std::vector<std::string> argv_store{program};
  argv_store.insert(argv_store.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& a : argv_store) argv.push_back(a.data());
  argv.push_back(nullptr);

  RunResult result;
  pid_t pid;
  if (posix_spawn(&pid, program.c_str(), &actions, nullptr, argv.data(), environ) == 0) {
    int status = 0;
    while (waitpid(pid, &status, 0) < 0) {
    }
    result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status);
  }
  posix_spawn_file_actions_destroy(&actions);
  result.out = read_file(out_path);
  result.err = read_file(err_path);
  return result;
}

// Runs `program args...` with standard error on a pseudo-terminal (so the
// program takes it for a terminal) and standard output to a file; returns
// what each received. With `stdout_too`, standard output goes to the same
// terminal, as in an interactive shell, and `err` receives both. The terminal
// is read while the program runs, so that it never blocks on a full terminal
// buffer.
inline RunResult run_with_terminal_stderr(const std::string& program,
                                          const std::vector<std::string>& args,
                                          bool stdout_too = false) {
  RunResult result;
  const int master = ::posix_openpt(O_RDWR | O_NOCTTY);
  if (master < 0 || ::grantpt(master) != 0 || ::unlockpt(master) != 0) return result;
  const std::string slave = ::ptsname(master);
  const std::string out_path = (scratch_dir() / "tty_stdout").string();
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  if (stdout_too)
    posix_spawn_file_actions_addopen(&actions, 1, slave.c_str(), O_RDWR | O_NOCTTY, 0);
  else
    posix_spawn_file_actions_addopen(&actions, 1, out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                     0644);
  posix_spawn_file_actions_addopen(&actions, 2, slave.c_str(), O_RDWR | O_NOCTTY, 0);
  posix_spawn_file_actions_addclose(&actions, master);
  std::vector<std::string> argv_store{program};
  argv_store.insert(argv_store.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& a : argv_store) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid;
  if (posix_spawn(&pid, program.c_str(), &actions, nullptr, argv.data(), environ) == 0) {
    int status = 0;
    char buffer[4096];
    while (true) {
      pollfd p{master, POLLIN, 0};
      if (::poll(&p, 1, 50) > 0 && (p.revents & POLLIN)) {
        const ssize_t n = ::read(master, buffer, sizeof buffer);
        if (n > 0) result.err.append(buffer, static_cast<std::size_t>(n));
      }
      if (::waitpid(pid, &status, WNOHANG) == pid) break;
    }
    // What the child wrote last may still be in the terminal.
    pollfd p{master, POLLIN, 0};
    while (::poll(&p, 1, 0) > 0 && (p.revents & POLLIN)) {
      const ssize_t n = ::read(master, buffer, sizeof buffer);
      if (n <= 0) break;
      result.err.append(buffer, static_cast<std::size_t>(n));
    }
    result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status);
  }
  posix_spawn_file_actions_destroy(&actions);
  ::close(master);
  if (!stdout_too) result.out = read_file(out_path);
  return result;
}

inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// ddsolve's JSON objects, read by cli/json_reader.hpp and flattened: each
// leaf under its path of keys (array elements by index) joined by '.', e.g.
// "tricks.N.E" -> 6, "board" -> "1", "play.cards.0.card" -> "HK"; an array
// also records its length under "<path>.#". nullopt when the text is not
// exactly one valid JSON object, when a leaf is not a string or an integer,
// or when an object repeats a key.
using JsonLeaf = std::variant<std::string, long long>;
using JsonMap = std::map<std::string, JsonLeaf>;

class JsonReader {
 public:
  static std::optional<JsonMap> parse(std::string_view text) {
    JsonValue value;
    try {
      value = parse_json(text);
    } catch (const JsonSyntaxError&) {
      return std::nullopt;
    }
    JsonMap map;
    if (value.kind != JsonValue::Kind::kObject || !flatten("", value, map)) return std::nullopt;
    return map;
  }

 private:
  static bool flatten(const std::string& path, const JsonValue& v, JsonMap& map) {
    auto under = [&](const std::string& key) { return path.empty() ? key : path + "." + key; };
    switch (v.kind) {
      case JsonValue::Kind::kObject:
        for (const auto& [key, member] : v.members)
          if (map.count(under(key)) || !flatten(under(key), member, map)) return false;
        return true;
      case JsonValue::Kind::kArray:
        for (std::size_t i = 0; i < v.items.size(); ++i)
          if (!flatten(under(std::to_string(i)), v.items[i], map)) return false;
        map[path + ".#"] = static_cast<long long>(v.items.size());
        return true;
      case JsonValue::Kind::kString:
        map[path] = v.text;
        return true;
      case JsonValue::Kind::kNumber:
        if (!v.is_integer()) return false;
        map[path] = static_cast<long long>(v.number);
        return true;
      default:
        return false;  // ddsolve writes no true, false or null
    }
  }
};

}  // namespace ddtb::cli::test
