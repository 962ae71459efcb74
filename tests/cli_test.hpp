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
// what each received. The terminal is read while the program runs, so that
// it never blocks on a full terminal buffer.
inline RunResult run_with_terminal_stderr(const std::string& program,
                                          const std::vector<std::string>& args) {
  RunResult result;
  const int master = ::posix_openpt(O_RDWR | O_NOCTTY);
  if (master < 0 || ::grantpt(master) != 0 || ::unlockpt(master) != 0) return result;
  const std::string slave = ::ptsname(master);
  const std::string out_path = (scratch_dir() / "tty_stdout").string();
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
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
  result.out = read_file(out_path);
  return result;
}

inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// A strict little JSON reader, enough for ddsolve's objects: objects, arrays,
// strings (all escapes, \u to UTF-8), integers. The result is flat: each
// leaf under its path of keys (array elements by index) joined by '.', e.g.
// "tricks.N.E" -> 6, "board" -> "1", "play.cards.0.card" -> "HK"; an array
// also records its length under "<path>.#". nullopt when the text is not
// exactly one valid JSON object.
using JsonLeaf = std::variant<std::string, long long>;
using JsonMap = std::map<std::string, JsonLeaf>;

class JsonReader {
 public:
  static std::optional<JsonMap> parse(std::string_view text) {
    JsonReader r(text);
    JsonMap map;
    if (!r.object("", map)) return std::nullopt;
    r.skip_ws();
    if (r.i_ != text.size()) return std::nullopt;
    return map;
  }

 private:
  explicit JsonReader(std::string_view t) : t_(t) {}

  void skip_ws() {
    while (i_ < t_.size() && (t_[i_] == ' ' || t_[i_] == '\t' || t_[i_] == '\n' || t_[i_] == '\r'))
      ++i_;
  }
  bool eat(char c) {
    skip_ws();
    if (i_ < t_.size() && t_[i_] == c) return ++i_, true;
    return false;
  }
  bool object(const std::string& prefix, JsonMap& map) {
    if (!eat('{')) return false;
    if (eat('}')) return true;
    do {
      std::string key;
      skip_ws();
      if (!string(key) || !eat(':')) return false;
      const std::string path = prefix.empty() ? key : prefix + "." + key;
      if (map.count(path)) return false;  // duplicate key
      if (!value(path, map)) return false;
    } while (eat(','));
    return eat('}');
  }
  bool value(const std::string& path, JsonMap& map) {
    skip_ws();
    if (i_ >= t_.size()) return false;
    if (t_[i_] == '{') return object(path, map);
    if (t_[i_] == '[') return array(path, map);
    if (t_[i_] == '"') {
      std::string s;
      if (!string(s)) return false;
      map[path] = s;
      return true;
    }
    const std::size_t start = i_;
    if (t_[i_] == '-') ++i_;
    while (i_ < t_.size() && std::isdigit(static_cast<unsigned char>(t_[i_]))) ++i_;
    if (i_ == start || (t_[start] == '-' && i_ == start + 1)) return false;
    map[path] = std::stoll(std::string(t_.substr(start, i_ - start)));
    return true;
  }
  bool array(const std::string& path, JsonMap& map) {
    if (!eat('[')) return false;
    long long n = 0;
    if (!eat(']')) {
      do {
        if (!value(path + "." + std::to_string(n++), map)) return false;
      } while (eat(','));
      if (!eat(']')) return false;
    }
    map[path + ".#"] = n;
    return true;
  }
  bool string(std::string& out) {
    if (i_ >= t_.size() || t_[i_] != '"') return false;
    for (++i_; i_ < t_.size(); ++i_) {
      const unsigned char c = t_[i_];
      if (c == '"') return ++i_, true;
      if (c < 0x20) return false;  // control characters must be escaped
      if (c != '\\') {
        out += static_cast<char>(c);
        continue;
      }
      if (++i_ >= t_.size()) return false;
      switch (t_[i_]) {
        case '"':
          out += '"';
          break;
        case '\\':
          out += '\\';
          break;
        case '/':
          out += '/';
          break;
        case 'b':
          out += '\b';
          break;
        case 'f':
          out += '\f';
          break;
        case 'n':
          out += '\n';
          break;
        case 'r':
          out += '\r';
          break;
        case 't':
          out += '\t';
          break;
        case 'u': {
          if (i_ + 4 >= t_.size()) return false;
          for (std::size_t k = 1; k <= 4; ++k)
            if (!std::isxdigit(static_cast<unsigned char>(t_[i_ + k]))) return false;
          const unsigned code = std::stoul(std::string(t_.substr(i_ + 1, 4)), nullptr, 16);
          i_ += 4;
          append_utf8(out, code);  // no surrogate pairs: ddsolve never needs them
          break;
        }
        default:
          return false;
      }
    }
    return false;
  }
  static void append_utf8(std::string& out, unsigned code) {
    if (code < 0x80) {
      out += static_cast<char>(code);
    } else if (code < 0x800) {
      out += static_cast<char>(0xc0 | (code >> 6));
      out += static_cast<char>(0x80 | (code & 0x3f));
    } else {
      out += static_cast<char>(0xe0 | (code >> 12));
      out += static_cast<char>(0x80 | ((code >> 6) & 0x3f));
      out += static_cast<char>(0x80 | (code & 0x3f));
    }
  }

  std::string_view t_;
  std::size_t i_ = 0;
};

}  // namespace ddtb::cli::test
