#include "builder/merge_units.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "builder/layer_writer.hpp"

namespace ddtb::detail::tb {

namespace fs = std::filesystem;

std::string unit_words(const UnitParams& p, std::uint32_t unit) {
  const std::uint32_t first = p.first_of(unit);
  return "unit " + std::to_string(unit) + " (partitions " + std::to_string(first) + "-" +
         std::to_string(first + p.count_of(unit) - 1) + ")";
}

Expected<MergeResult> merge_units(const LayerJob& job, bool keep_units, int threads,
                                  int zstd_level) {
  UnitParams want = job.params;  // unit size 0: the first unit file's
  const std::string udir = job.unit_dir();
  auto refuse = [&](ErrorCode code, const std::string& what) {
    return Error{code, "refusing to merge " + job.name() + ": " + what};
  };
  std::error_code ec;
  if (!fs::is_directory(udir, ec))
    return Error{ErrorCode::kNotFound,
                 job.name() + ": no units to merge (" + udir + " does not exist)"};
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(udir, ec)) {
    const std::string name = entry.path().filename().string();
    if (name.size() > 5 && name.compare(name.size() - 5, 5, ".unit") == 0) names.push_back(name);
  }
  if (ec) return Error{ErrorCode::kIo, udir + ": " + ec.message()};
  std::sort(names.begin(), names.end());
  if (names.empty()) return refuse(ErrorCode::kNotFound, "no unit files in " + udir);

  // A unit file read and checked against the build's parameters.
  auto read_checked = [&](const std::string& path) -> Expected<Unit> {
    auto unit = read_unit(path, job.shapes);
    if (!unit)
      return refuse(
          unit.error().code,
          unit.error().message + " (delete the file and rerun the build to redo the unit)");
    if (want.unit_size == 0) want.unit_size = unit->params.unit_size;
    if (std::string m = params_mismatch(unit->params, want); !m.empty())
      return refuse(ErrorCode::kCorruptData, unit_words(unit->params, unit->index) + " in " + path +
                                                 " was built with other parameters: " + m);
    return unit;
  };
  if (want.unit_size == 0) {
    auto first = read_checked(udir + "/" + names.front());
    if (!first) return first.error();
  }
  const std::uint32_t units = want.units();
  // Which units are there by name; any other file is a duplicate or misnamed.
  std::vector<char> named(units, 0);
  std::vector<std::string> strays;
  for (const std::string& name : names) {
    unsigned index = 0;
    if (std::sscanf(name.c_str(), "u%u.unit", &index) == 1 && index < units &&
        name == unit_file_name(index))
      named[index] = 1;
    else
      strays.push_back(name);
  }
  auto misplaced = [&](const std::string& path, const Unit& unit) {
    const std::string what = path + " holds " + unit_words(want, unit.index);
    if (unit.index < units && named[unit.index])
      return refuse(ErrorCode::kCorruptData,
                    what + ", which " + job.unit_path(unit.index) + " holds too (duplicate unit)");
    return refuse(ErrorCode::kCorruptData,
                  what + " but is not named " + unit_file_name(unit.index));
  };
  for (const std::string& name : strays) {
    auto unit = read_checked(udir + "/" + name);
    if (!unit) return unit.error();
    return misplaced(udir + "/" + name, *unit);
  }
  std::vector<std::string> missing;
  std::uint32_t gaps = 0;
  for (std::uint32_t u = 0; u < units; ++u)
    if (!named[u] && ++gaps <= 5) missing.push_back(unit_words(want, u));
  if (gaps) {
    std::string list;
    for (const std::string& m : missing) list += (list.empty() ? "" : ", ") + m;
    if (gaps > missing.size()) list += " and " + std::to_string(gaps - missing.size()) + " more";
    return refuse(ErrorCode::kNotFound, std::to_string(gaps) + " of " + std::to_string(units) +
                                            " units missing in " + udir + ": " + list);
  }

  // Every unit in order into the table, one unit in memory at a time; an
  // error on the way leaves no table (the writer renames only at the end).
  WriteOptions wo;
  wo.build_params = want.build_params;
  wo.lower_checksum = want.lower_checksum;
  wo.threads = threads;
  wo.zstd_level = zstd_level;
  LayerWriter writer(job.table_path(), want.tricks, want.klass, wo, want.bound);
  MergeResult result;
  std::vector<TbSet> check;
  for (std::uint32_t u = 0; u < units; ++u) {
    const std::string path = job.unit_path(u);
    auto unit = read_checked(path);
    if (!unit) return unit.error();
    if (unit->index != u) return misplaced(path, *unit);
    result.unit_cpu_seconds += unit->cpu_seconds;
    if (unit->cpu_seconds == 0) ++result.units_without_cpu;
    for (std::size_t i = 0; i < unit->partitions.size(); ++i) {
      check.clear();
      if (auto decoded = decode_unit_partition(*unit, i, check); !decoded)
        return refuse(ErrorCode::kCorruptData, path + ", partition " +
                                                   std::to_string(unit->first + i) + ": " +
                                                   decoded.error().message);
      const Unit::Partition& part = unit->partitions[i];
      auto added = writer.add(std::span(unit->payload.data() + part.begin,
                                        static_cast<std::size_t>(part.end - part.begin)),
                              part.sets);
      if (!added) return added.error();
      result.sets += part.sets;
    }
  }
  auto written = writer.finish();
  if (!written) return written.error();
  result.header_checksum = *written;
  result.units = units;
  // Read back what was written: every chunk's checksum and every set.
  auto file = LayerFile::open(job.table_path());
  if (!file) return file.error();
  std::uint64_t sets = 0;
  for (std::size_t c = 0; c < (*file)->chunks(); ++c) {
    auto chunk = (*file)->load_chunk(c);
    if (!chunk) return chunk.error();
    sets += chunk->sets.size();
  }
  if (sets != result.sets || (*file)->header().header_checksum != *written)
    return Error{ErrorCode::kCorruptData, job.table_path() + ": reads back differently"};
  result.file_bytes = (*file)->header().data_offset + (*file)->header().data_bytes;
  if (!keep_units) remove_unit_dir(job);
  return result;
}

bool remove_unit_dir(const LayerJob& job) {
  std::error_code ec;
  return fs::remove_all(job.unit_dir(), ec) > 0;
}

}  // namespace ddtb::detail::tb
