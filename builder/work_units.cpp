#include "builder/work_units.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <map>
#include <mutex>
#include <thread>

namespace ddtb::detail::tb {

namespace {

namespace fs = std::filesystem;

// As layer_build.cpp: each builder thread's solver searches one trick and
// keeps no transposition table.
constexpr std::size_t kWorkerTtBytes = std::size_t{1} << 20;

const char* class_word(StrainClass k) {
  return k == StrainClass::kTrump ? "trump" : "no-trump";
}

std::string unit_words(const UnitParams& p, std::uint32_t unit) {
  const std::uint32_t first = p.first_of(unit);
  return "unit " + std::to_string(unit) + " (partitions " + std::to_string(first) + "-" +
         std::to_string(first + p.count_of(unit) - 1) + ")";
}

}  // namespace

Expected<std::unique_ptr<LayerFile>> open_layer_file(const std::string& dir, int tricks,
                                                     StrainClass klass, int bound) {
  const std::string path = dir + "/" + layer_file_name(tricks, klass, bound);
  auto file = LayerFile::open(path);
  if (!file) return file.error();
  const FileHeader& h = (*file)->header();
  if (h.tricks != tricks || h.klass != klass || h.bound != bound) {
    auto words = [](int t, StrainClass k, int b) {
      return std::to_string(4 * t) + "-card " + (k == StrainClass::kTrump ? "trump" : "no-trump") +
             (b > 0 ? " at-least-" + std::to_string(b) : std::string());
    };
    return Error{ErrorCode::kCorruptData, path + " holds the " + words(h.tricks, h.klass, h.bound) +
                                              " layer, not the " + words(tricks, klass, bound) +
                                              " one its name says"};
  }
  return file;
}

Expected<LoadedLayers> load_layers(const std::string& dir, int tricks) {
  LoadedLayers out;
  out.tricks = tricks;
  if (tricks == 0) return out;
  for (int kc = 0; kc < 2; ++kc) {
    auto file = open_layer_file(dir, tricks, static_cast<StrainClass>(kc));
    if (!file) return file.error();
    auto layer = load_layer(**file);
    if (!layer) return layer.error();
    out.checksum ^= (*file)->header().header_checksum;
    out.layer[kc] = std::move(*layer);
  }
  return out;
}

Expected<std::uint64_t> lower_checksum(const std::string& dir, int tricks) {
  std::uint64_t sum = 0;
  if (tricks <= 1) return sum;
  for (int kc = 0; kc < 2; ++kc) {
    auto file = open_layer_file(dir, tricks - 1, static_cast<StrainClass>(kc));
    if (!file) return file.error();
    sum ^= (*file)->header().header_checksum;
  }
  return sum;
}

std::string LayerJob::name() const {
  return std::to_string(4 * params.tricks) + "-card " + class_word(params.klass) +
         (params.bound > 0 ? " at-least-" + std::to_string(params.bound) : std::string());
}
std::string LayerJob::table_path() const {
  return dir + "/" + layer_file_name(params.tricks, params.klass, params.bound);
}
std::string LayerJob::unit_dir() const {
  return dir + "/" + unit_dir_name(params.tricks, params.klass, params.bound);
}
std::string LayerJob::unit_path(std::uint32_t unit) const {
  return unit_dir() + "/" + unit_file_name(unit);
}

LayerJob make_job(const std::string& dir, int tricks, StrainClass klass,
                  std::uint64_t lower_checksum, std::uint32_t unit_size, int bound) {
  LayerJob job;
  job.dir = dir;
  job.shapes = enumerate_shapes(tricks, klass);
  UnitParams& p = job.params;
  p.tricks = tricks;
  p.klass = klass;
  p.bound = bound;
  p.format_version = format_version_for(bound);
  p.lower_checksum = lower_checksum;
  p.shapes_checksum = shapes_checksum(job.shapes);
  p.partitions = static_cast<std::uint32_t>(job.shapes.size());
  p.unit_size = unit_size;
  return job;
}

Expected<void> attach_exact(LayerJob& job) {
  auto file = open_layer_file(job.dir, job.params.tricks, job.params.klass);
  if (!file)
    return Error{file.error().code,
                 job.name() + " layer needs the exact layer: " + file.error().message};
  job.exact = std::move(*file);
  return {};
}

double partition_states(ShapeKey shape, StrainClass klass) {
  double states = 1;
  for (int s = 0; s < 4;) {
    int g = 1;
    while (s + g < 4 && tied(shape, klass, s, s + g)) ++g;
    const double m = static_cast<double>(sequences_of(slot_column(shape, s)));
    double c = 1;  // multisets of g sequences out of m: C(m + g - 1, g)
    for (int i = 0; i < g; ++i) c = c * (m + i) / (i + 1);
    states *= c;
    s += g;
  }
  return states;
}

std::vector<WorkItem> plan_work(const std::vector<LayerJob>& jobs) {
  struct Costed {
    double cost;
    WorkItem item;
  };
  std::vector<Costed> all;
  for (std::uint32_t j = 0; j < jobs.size(); ++j) {
    const UnitParams& p = jobs[j].params;
    for (std::uint32_t u = 0; u < p.units(); ++u) {
      double cost = 0;
      for (std::uint32_t i = p.first_of(u); i < p.first_of(u) + p.count_of(u); ++i)
        cost += partition_states(jobs[j].shapes[i], p.klass);
      all.push_back({cost, {j, u}});
    }
  }
  std::stable_sort(all.begin(), all.end(),
                   [](const Costed& a, const Costed& b) { return a.cost > b.cost; });
  std::vector<WorkItem> out;
  out.reserve(all.size());
  for (const Costed& c : all) out.push_back(c.item);
  return out;
}

std::vector<WorkItem> shard_of(const std::vector<WorkItem>& plan, int shard, int shards) {
  std::vector<WorkItem> out;
  for (std::size_t i = static_cast<std::size_t>(shard); i < plan.size();
       i += static_cast<std::size_t>(shards))
    out.push_back(plan[i]);
  return out;
}

UnitWorker::UnitWorker(const LowerLayers& lower) : builder_(lower, kWorkerTtBytes) {}

Expected<std::span<const TbSet>> UnitWorker::exact_sets(const LayerFile& file,
                                                        std::uint32_t index) {
  const std::size_t c = file.chunk_of(index);
  if (chunk_file_ != &file || chunk_index_ != c) {
    chunk_file_ = nullptr;
    auto loaded = file.load_chunk(c);
    if (!loaded) return loaded.error();
    chunk_ = std::move(*loaded);
    chunk_file_ = &file;
    chunk_index_ = c;
  }
  const std::size_t i = index - chunk_.first;
  return std::span<const TbSet>(chunk_.sets.data() + chunk_.starts[i],
                                chunk_.starts[i + 1] - chunk_.starts[i]);
}

Expected<UnitOutcome> UnitWorker::run(const LayerJob& job, std::uint32_t unit,
                                      const PartitionsDone& done) {
  UnitOutcome out;
  const UnitParams& p = job.params;
  out.partitions = p.count_of(unit);
  const std::string path = job.unit_path(unit);
  if (::access(path.c_str(), F_OK) == 0) {
    auto old = read_unit(path, job.shapes);
    std::string why;
    if (!old)
      why = old.error().message;
    else if (std::string m = params_mismatch(old->params, p); !m.empty())
      why = path + ": built with other parameters: " + m;
    else if (old->index != unit)
      why = path + ": holds unit " + std::to_string(old->index);
    if (why.empty()) {
      out.kind = UnitOutcome::kReused;
      if (done) done(out.partitions);
      return out;
    }
    out.kind = UnitOutcome::kRebuilt;
    out.reason = why;
  }
  const double cpu0 = thread_cpu_seconds();
  std::vector<std::vector<TbSet>> sets(out.partitions);
  const std::uint32_t first = p.first_of(unit);
  if (p.bound > 0 && !job.exact)
    return Error{ErrorCode::kBadArgument, job.name() + ": no exact layer attached"};
  for (std::uint32_t i = 0; i < out.partitions; ++i) {
    try {
      if (p.bound > 0) {
        auto exact = exact_sets(*job.exact, first + i);
        if (!exact) return exact.error();
        sets[i] = builder_.build_bound(p.klass, job.shapes[first + i], *exact, p.bound, out.work);
      } else {
        sets[i] = builder_.build(p.klass, job.shapes[first + i], out.work);
      }
    } catch (const GapError& e) {
      return Error{ErrorCode::kCorruptData,
                   job.name() + " layer, partition " + std::to_string(first + i) + ": " + e.what()};
    }
    if (done) done(1);
  }
  // Oracle statistics are cumulative per builder: keep only this unit's.
  out.work.oracle = {};
  if (::mkdir(job.unit_dir().c_str(), 0755) != 0 && errno != EEXIST)
    return Error{ErrorCode::kIo, job.unit_dir() + ": " + std::strerror(errno)};
  auto written = write_unit(path, p, unit, job.shapes, sets);
  if (!written) return written.error();
  out.cpu_seconds = thread_cpu_seconds() - cpu0;
  return out;
}

Expected<std::vector<UnitRunStats>> run_units(const std::vector<LayerJob>& jobs,
                                              const std::vector<WorkItem>& items,
                                              const LowerLayers& lower, int threads,
                                              const RunProgress& progress) {
  std::vector<UnitRunStats> stats(jobs.size());
  std::uint64_t total = 0;
  for (const WorkItem& w : items) total += jobs[w.job].params.count_of(w.unit);
  std::atomic<std::size_t> next{0};
  std::atomic<bool> failed{false};
  std::mutex mutex;  // guards stats, error, done and progress calls
  std::uint64_t done = 0;
  Error error{ErrorCode::kIo, {}};

  auto work = [&]() {
    std::unique_ptr<UnitWorker> worker;
    try {
      worker = std::make_unique<UnitWorker>(lower);
    } catch (const std::exception& e) {
      std::lock_guard lock(mutex);
      failed = true;
      error = Error{ErrorCode::kIo, std::string("cannot start a builder: ") + e.what()};
      return;
    }
    for (;;) {
      const std::size_t i = next.fetch_add(1);
      if (i >= items.size() || failed) break;
      const WorkItem w = items[i];
      auto outcome = worker->run(jobs[w.job], w.unit, [&](std::uint32_t n) {
        std::lock_guard lock(mutex);
        done += n;
        if (progress) progress(done, total);
      });
      std::lock_guard lock(mutex);
      if (!outcome) {
        if (!failed) error = outcome.error();
        failed = true;
        break;
      }
      UnitRunStats& s = stats[w.job];
      ++s.units;
      if (outcome->kind == UnitOutcome::kReused) {
        ++s.reused;
        continue;
      }
      ++(outcome->kind == UnitOutcome::kBuilt ? s.built : s.rebuilt);
      if (outcome->kind == UnitOutcome::kRebuilt)
        s.notes.push_back(unit_words(jobs[w.job].params, w.unit) + " rebuilt: " + outcome->reason);
      s.partitions_built += outcome->partitions;
      s.work += outcome->work;
      s.cpu_seconds += outcome->cpu_seconds;
    }
  };
  const int n = std::max(1, threads);
  std::vector<std::thread> pool;
  for (int t = 1; t < n; ++t) pool.emplace_back(work);
  work();
  for (auto& th : pool) th.join();
  if (failed) return error;
  return stats;
}

Expected<MergeResult> merge_units(const LayerJob& job, bool keep_units, int threads) {
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
  LayerWriter writer(job.table_path(), want.tricks, want.klass, wo, want.bound);
  MergeResult result;
  std::vector<TbSet> check;
  for (std::uint32_t u = 0; u < units; ++u) {
    const std::string path = job.unit_path(u);
    auto unit = read_checked(path);
    if (!unit) return unit.error();
    if (unit->index != u) return misplaced(path, *unit);
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
