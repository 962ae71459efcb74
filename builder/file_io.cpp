#include "builder/file_io.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <functional>
#include <thread>
#include <vector>

namespace ddtb::detail::tb {

bool write_all(int fd, std::span<const std::uint8_t> bytes) {
  while (!bytes.empty()) {
    const ssize_t n = ::write(fd, bytes.data(), bytes.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    bytes = bytes.subspan(static_cast<std::size_t>(n));
  }
  return true;
}

bool read_from_start(int fd, std::uint64_t bytes,
                     const std::function<bool(std::span<const std::uint8_t>)>& sink) {
  if (::lseek(fd, 0, SEEK_SET) != 0) return false;
  std::vector<std::uint8_t> buffer(std::size_t{1} << 20);
  for (std::uint64_t left = bytes; left > 0;) {
    const ssize_t n = ::read(fd, buffer.data(), std::min<std::uint64_t>(left, buffer.size()));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      if (n == 0) errno = EIO;  // the file is shorter than written
      return false;
    }
    if (!sink(std::span(buffer.data(), static_cast<std::size_t>(n)))) return false;
    left -= static_cast<std::uint64_t>(n);
  }
  return true;
}

Expected<void> sync_parent_directory(const std::string& path) {
  const auto slash = path.rfind('/');
  const std::string dir = slash == std::string::npos ? "."
                          : slash == 0               ? "/"
                                                     : path.substr(0, slash);
  const int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd < 0) return Error{ErrorCode::kIo, dir + ": " + std::strerror(errno)};
  const bool synced = ::fsync(dfd) == 0;
  const int saved = errno;
  ::close(dfd);
  if (!synced) return Error{ErrorCode::kIo, dir + ": fsync: " + std::strerror(saved)};
  return {};
}

Expected<void> write_file_atomically(const std::string& path, std::span<const std::uint8_t> bytes) {
  const std::string tmp = path + ".tmp." + std::to_string(::getpid()) + "." +
                          std::to_string(std::hash<std::thread::id>{}(std::this_thread::get_id()));
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return Error{ErrorCode::kIo, tmp + ": " + std::strerror(errno)};
  const bool ok = write_all(fd, bytes) && ::fsync(fd) == 0;
  const int saved = errno;
  ::close(fd);
  if (!ok || std::rename(tmp.c_str(), path.c_str()) != 0) {
    const int e = ok ? errno : saved;
    ::unlink(tmp.c_str());
    return Error{ErrorCode::kIo, path + ": " + std::strerror(e)};
  }
  return sync_parent_directory(path);
}

}  // namespace ddtb::detail::tb
