// Ways to damage a table file, for the tests that check a damaged table
// never changes an answer (cli_ddsolve_test, cli_default_tables_test).
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>

namespace ddtb::cli::test {

// Damages the compressed data of every chunk of a table file (not its header
// or chunk directory, so the file still opens): one byte in every 256.
inline void damage_chunk_data(const std::filesystem::path& file) {
  std::fstream f(file, std::ios::in | std::ios::out | std::ios::binary);
  ASSERT_TRUE(f) << file;
  std::uint64_t data_offset = 0;  // header offset 56, little-endian (tablebase/FORMAT.md)
  f.seekg(56);
  f.read(reinterpret_cast<char*>(&data_offset), sizeof data_offset);
  const auto size = std::filesystem::file_size(file);
  ASSERT_GT(size, data_offset) << file;
  for (std::uint64_t at = data_offset; at < size; at += 256) {
    char c = 0;
    f.seekg(static_cast<std::streamoff>(at));
    f.read(&c, 1);
    c = static_cast<char>(c ^ 0x5a);
    f.seekp(static_cast<std::streamoff>(at));
    f.write(&c, 1);
  }
  ASSERT_TRUE(f) << file;
}

// Flips the bits of the byte at `offset` (the header's tricks at 16: the
// header checksum no longer matches, so the file does not open).
inline void flip_byte(const std::filesystem::path& file, std::uint64_t offset) {
  std::fstream f(file, std::ios::in | std::ios::out | std::ios::binary);
  ASSERT_TRUE(f) << file;
  char c = 0;
  f.seekg(static_cast<std::streamoff>(offset));
  f.read(&c, 1);
  c = static_cast<char>(~c);
  f.seekp(static_cast<std::streamoff>(offset));
  f.write(&c, 1);
  ASSERT_TRUE(f) << file;
}

// Cuts the file to half its size, as a copy or a download stopped midway.
inline void truncate_to_half(const std::filesystem::path& file) {
  const auto size = std::filesystem::file_size(file);
  ASSERT_GT(size, 2u) << file;
  std::filesystem::resize_file(file, size / 2);
}

}  // namespace ddtb::cli::test
