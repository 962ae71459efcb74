// ddtb-build build --install: the default tables, built into the per-user
// directory (Tablebase::user_dir()), where ddsolve, the C API and the Python
// module look for them first after DDTB_TABLEBASE. No directory they read is
// ever half made:
//   1. the build runs in a staging directory beside it, <dir>.partial, which
//      is not on the search path; a killed build resumes there;
//   2. the layers the per-user directory already holds (when its tables
//      open) are linked into the staging directory first, so a deeper build
//      builds only what is new;
//   3. reused layers of an older table format (tablebase/FORMAT.md) are
//      rewritten in the current one there (builder/repack.hpp), the files of
//      the per-user directory untouched;
//   4. once every layer is built and the tables open and are complete, the
//      staging directory takes the per-user directory's place in one rename.
// A lock beside the directory keeps two installs from building at once.
#include <fcntl.h>
#include <stdio.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <system_error>
#include <utility>

#include "builder/build_plan.hpp"
#include "builder/commands.hpp"
#include "builder/file_io.hpp"
#include "builder/repack.hpp"
#include "ddtb/tablebase.hpp"
#include "tablebase/format.hpp"
#include "tablebase/layer_file.hpp"

namespace ddtb::detail::tb {

namespace {

namespace fs = std::filesystem;

Error io_error(const std::string& what, const std::error_code& ec) {
  return Error{ErrorCode::kIo, what + ": " + ec.message()};
}

// Holds an exclusive lock on `path` (created if needed) while alive.
class InstallLock {
 public:
  static Expected<InstallLock> take(const std::string& path) {
    const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) return Error{ErrorCode::kIo, path + ": " + std::strerror(errno)};
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
      const int e = errno;
      ::close(fd);
      if (e == EWOULDBLOCK)
        return Error{ErrorCode::kIo, path + ": another 'ddtb-build build --install' is running"};
      return Error{ErrorCode::kIo, path + ": " + std::strerror(e)};
    }
    return InstallLock(fd);
  }
  InstallLock(InstallLock&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
  InstallLock(const InstallLock&) = delete;
  InstallLock& operator=(const InstallLock&) = delete;
  InstallLock& operator=(InstallLock&&) = delete;
  ~InstallLock() {
    if (fd_ >= 0) ::close(fd_);  // releases the lock
  }

 private:
  explicit InstallLock(int fd) : fd_(fd) {}
  int fd_;
};

// Links (else copies) the layer files of `from` that `to` lacks into `to`,
// when the tables of `from` open: a deeper build then starts from them. A
// copy goes through a temporary name, so `to` never holds half a file.
Expected<void> reuse_layers(const std::string& from, const std::string& to) {
  std::error_code ec;
  if (!fs::is_directory(from, ec) || !Tablebase::open(from)) return {};
  for (const fs::directory_entry& e : fs::directory_iterator(from, ec)) {
    const std::string name = e.path().filename().string();
    if (!is_layer_file_name(name) || fs::exists(fs::path(to) / name, ec)) continue;
    const fs::path target = fs::path(to) / name;
    fs::create_hard_link(e.path(), target, ec);
    if (!ec) continue;
    const fs::path tmp = fs::path(to) / (name + ".copy");
    fs::copy_file(e.path(), tmp, fs::copy_options::overwrite_existing, ec);
    if (!ec) fs::rename(tmp, target, ec);
    if (ec) return io_error(target.string(), ec);
  }
  if (ec) return io_error(from, ec);
  return {};
}

// Puts the finished `staging` in the place of `dir`: one atomic exchange
// when the file system has it (the old tables then go with `staging`),
// else two renames (between them, a solver finds no tables at `dir` and
// runs without; a killed install finishes on its next run).
Expected<void> replace_dir(const std::string& staging, const std::string& dir) {
  std::error_code ec;
  if (fs::exists(dir, ec)) {
#ifdef RENAME_EXCHANGE
    if (::renameat2(AT_FDCWD, staging.c_str(), AT_FDCWD, dir.c_str(), RENAME_EXCHANGE) == 0) {
      fs::remove_all(staging, ec);
      if (ec) return io_error(staging, ec);
      return sync_parent_directory(dir);
    }
#endif
    const std::string old = dir + ".old";
    fs::remove_all(old, ec);
    fs::rename(dir, old, ec);
    if (ec) return io_error(dir, ec);
    fs::rename(staging, dir, ec);
    if (ec) return io_error(staging, ec);
    fs::remove_all(old, ec);
    if (ec) return io_error(old, ec);
    return sync_parent_directory(dir);
  }
  fs::rename(staging, dir, ec);
  if (ec) return io_error(staging, ec);
  return sync_parent_directory(dir);
}

// Whether `dir` holds every layer up to `cards` of the build `s` asks for.
bool complete(const std::string& dir, const BuildSettings& s) {
  std::error_code ec;
  return fs::is_directory(dir, ec) && Tablebase::open(dir) &&
         !make_plan(dir, s.cards / 4, s.bounds, s.unit_size, s.classes).first_round();
}

// Whether a layer file of `dir` has an older format than a build writes,
// and no build has work units there (a resumed build keeps the layers its
// units were built on; the next install rewrites them).
bool to_repack(const std::string& dir, bool packed) {
  std::error_code ec;
  bool older = false;
  for (const fs::directory_entry& e : fs::directory_iterator(dir, ec)) {
    const std::string name = e.path().filename().string();
    if (name.ends_with(".units")) return false;
    if (!is_layer_file_name(name)) continue;
    auto file = LayerFile::open(e.path().string());
    if (!file) continue;
    const FileHeader& h = (*file)->header();
    older |= packed ? h.format.layout != Layout::kPacked
                    : h.format != features_for(Layout::kChunked, h.bound);
  }
  return older;
}

Expected<void> install(BuildSettings s, const std::string& dir) {
  std::error_code ec;
  if (fs::exists(dir, ec) && !fs::is_directory(dir, ec))
    return Error{ErrorCode::kIo, dir + ": not a directory (move it away, then install)"};
  const std::string staging = dir + ".partial";
  fs::create_directories(fs::path(dir).parent_path(), ec);
  if (ec) return io_error(fs::path(dir).parent_path().string(), ec);
  auto lock = InstallLock::take(dir + ".lock");
  if (!lock) return lock.error();
  const bool packed = s.storage.is_packed();
  if (complete(dir, s) && !to_repack(dir, packed)) {
    std::printf("every layer up to %d cards is in %s: nothing to build\n", s.cards, dir.c_str());
    return {};
  }
  if (auto made = make_out_dir(staging); !made) return made;
  if (auto reused = reuse_layers(dir, staging); !reused) return reused;
  // Packed layers cannot be built on: when layers above them are asked
  // for, those below the card count asked, of the classes the build is
  // built on, are built again (4 to 16 cards: about two CPU-minutes); a
  // no-trump build leaves the trump class's as they are.
  if (!complete(staging, s)) {
    std::vector<fs::path> packed;
    for (const fs::directory_entry& e : fs::directory_iterator(staging, ec)) {
      if (!is_layer_file_name(e.path().filename().string())) continue;
      auto file = LayerFile::open(e.path().string());
      if (file && (*file)->layout() == Layout::kPacked && (*file)->header().tricks < s.cards / 4 &&
          s.classes.built_on().has((*file)->header().klass))
        packed.push_back(e.path());
    }
    for (const fs::path& p : packed)
      if (!fs::remove(p, ec)) return io_error(p.string(), ec);
  }
  if (to_repack(staging, packed)) {
    RepackOptions ro;
    ro.storage = s.storage;
    ro.threads = s.threads;
    auto repacked = repack_tables(staging, ro);
    if (!repacked) return repacked.error();
    std::printf("rewrote the %zu reused table files in the current format\n", repacked->size());
  }
  s.out = staging;
  if (auto built = build_layers(s); !built) return built;
  auto tables = Tablebase::open(staging);
  if (!tables) return tables.error();
  if (!complete(staging, s))
    return Error{ErrorCode::kCorruptData, staging + ": layers are missing after the build"};
  if (auto replaced = replace_dir(staging, dir); !replaced) return replaced;
  std::printf("installed %s (%s): ddsolve, the C API and the Python module use them by default\n",
              dir.c_str(), (*tables)->cards_text().c_str());
  return {};
}

}  // namespace

int run_install(const BuildSettings& s) {
  const auto dir = Tablebase::user_dir();
  if (!dir) {
    report_failure("--install: " + dir.error().message);
    return tools::kExitUsage;
  }
  if (auto installed = install(s, *dir); !installed) {
    report_failure(installed.error().message);
    return failure_status(installed.error());
  }
  return tools::kExitOk;
}

}  // namespace ddtb::detail::tb
