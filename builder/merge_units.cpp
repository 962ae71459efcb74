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

namespace {

// One merge of a layer's unit files: what is known of them as they are read.
class UnitMerge {
 public:
  explicit UnitMerge(const LayerJob& job)
      : job_(job), want_(job.params), udir_(job.unit_dir()) {}  // unit size 0: the first file's

  // The unit files of the directory, sorted by name; an error when there
  // is none.
  Expected<std::vector<std::string>> unit_files() const {
    std::error_code ec;
    if (!fs::is_directory(udir_, ec))
      return Error{ErrorCode::kNotFound,
                   job_.name() + ": no units to merge (" + udir_ + " does not exist)"};
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(udir_, ec)) {
      const std::string name = entry.path().filename().string();
      if (name.size() > 5 && name.compare(name.size() - 5, 5, ".unit") == 0) names.push_back(name);
    }
    if (ec) return Error{ErrorCode::kIo, udir_ + ": " + ec.message()};
    std::sort(names.begin(), names.end());
    if (names.empty()) return refuse(ErrorCode::kNotFound, "no unit files in " + udir_);
    return names;
  }

  // Every unit there exactly once under its own name: the unit size taken
  // from the first file when the build left it open, then each name
  // checked; a stray file, a duplicate or a missing unit is an error.
  Expected<void> check_names(const std::vector<std::string>& names) {
    if (want_.unit_size == 0) {
      auto first = read_checked(udir_ + "/" + names.front());
      if (!first) return first.error();
    }
    const std::uint32_t units = want_.units();
    named_.assign(units, 0);
    std::vector<std::string> strays;
    for (const std::string& name : names) {
      unsigned index = 0;
      if (std::sscanf(name.c_str(), "u%u.unit", &index) == 1 && index < units &&
          name == unit_file_name(index))
        named_[index] = 1;
      else
        strays.push_back(name);
    }
    for (const std::string& name : strays) {
      auto unit = read_checked(udir_ + "/" + name);
      if (!unit) return unit.error();
      return misplaced(udir_ + "/" + name, *unit);
    }
    std::vector<std::string> missing;
    std::uint32_t gaps = 0;
    for (std::uint32_t u = 0; u < units; ++u)
      if (!named_[u] && ++gaps <= 5) missing.push_back(unit_words(want_, u));
    if (gaps) {
      std::string list;
      for (const std::string& m : missing) list += (list.empty() ? "" : ", ") + m;
      if (gaps > missing.size()) list += " and " + std::to_string(gaps - missing.size()) + " more";
      return refuse(ErrorCode::kNotFound, std::to_string(gaps) + " of " + std::to_string(units) +
                                              " units missing in " + udir_ + ": " + list);
    }
    return {};
  }

  // Every unit in order into the table, one unit in memory at a time; an
  // error on the way leaves no table (the writer renames only at the end).
  Expected<MergeResult> write(int threads, int zstd_level) {
    WriteOptions wo;
    wo.build_params = want_.build_params;
    wo.lower_checksum = want_.lower_checksum;
    wo.threads = threads;
    wo.zstd_level = zstd_level;
    LayerWriter writer(job_.table_path(), want_.tricks, want_.klass, wo, want_.bound);
    MergeResult result;
    std::vector<TbSet> check;
    const std::uint32_t units = want_.units();
    for (std::uint32_t u = 0; u < units; ++u) {
      const std::string path = job_.unit_path(u);
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
    return result;
  }

 private:
  Error refuse(ErrorCode code, const std::string& what) const {
    return Error{code, "refusing to merge " + job_.name() + ": " + what};
  }

  // A unit file read and checked against the build's parameters.
  Expected<Unit> read_checked(const std::string& path) {
    auto unit = read_unit(path, job_.shapes);
    if (!unit)
      return refuse(
          unit.error().code,
          unit.error().message + " (delete the file and rerun the build to redo the unit)");
    if (want_.unit_size == 0) want_.unit_size = unit->params.unit_size;
    if (std::string m = params_mismatch(unit->params, want_); !m.empty())
      return refuse(ErrorCode::kCorruptData, unit_words(unit->params, unit->index) + " in " + path +
                                                 " was built with other parameters: " + m);
    return unit;
  }

  // A unit found under another unit's name (`named_` says which are there).
  Error misplaced(const std::string& path, const Unit& unit) const {
    const std::string what = path + " holds " + unit_words(want_, unit.index);
    if (unit.index < named_.size() && named_[unit.index])
      return refuse(ErrorCode::kCorruptData,
                    what + ", which " + job_.unit_path(unit.index) + " holds too (duplicate unit)");
    return refuse(ErrorCode::kCorruptData,
                  what + " but is not named " + unit_file_name(unit.index));
  }

  const LayerJob& job_;
  UnitParams want_;
  std::string udir_;
  std::vector<char> named_;  // by unit: its file is there under its own name
};

// Reads back what was written: every chunk's checksum and every set; the
// file's bytes.
Expected<std::uint64_t> read_back(const std::string& path, const MergeResult& result) {
  auto file = LayerFile::open(path);
  if (!file) return file.error();
  std::uint64_t sets = 0;
  for (std::size_t c = 0; c < (*file)->runs(); ++c) {
    auto chunk = (*file)->load_run(c);
    if (!chunk) return chunk.error();
    sets += chunk->sets.size();
  }
  if (sets != result.sets || (*file)->header().header_checksum != result.header_checksum)
    return Error{ErrorCode::kCorruptData, path + ": reads back differently"};
  return (*file)->header().data_offset + (*file)->header().data_bytes;
}

}  // namespace

Expected<MergeResult> merge_units(const LayerJob& job, bool keep_units, int threads,
                                  int zstd_level) {
  UnitMerge merge(job);
  auto names = merge.unit_files();
  if (!names) return names.error();
  if (auto checked = merge.check_names(*names); !checked) return checked.error();
  auto result = merge.write(threads, zstd_level);
  if (!result) return result.error();
  auto bytes = read_back(job.table_path(), *result);
  if (!bytes) return bytes.error();
  result->file_bytes = *bytes;
  if (!keep_units) remove_unit_dir(job);
  return result;
}

bool remove_unit_dir(const LayerJob& job) {
  std::error_code ec;
  return fs::remove_all(job.unit_dir(), ec) > 0;
}

}  // namespace ddtb::detail::tb
