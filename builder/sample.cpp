#include "builder/sample.hpp"

#include <zstd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>
#include <mutex>

#include "builder/layer_writer.hpp"
#include "builder/successor_shapes.hpp"
#include "core/parallel.hpp"
#include "core/random.hpp"
#include "tablebase/set_codec.hpp"

namespace ddtb::detail::tb {

namespace {

constexpr std::size_t kSampleTtBytes = std::size_t{1} << 20;  // as a real build's workers
// A chunk run ends at its chunk's bytes or after this many partitions (a
// work unit), so that the partitions of the layer below it needs are known
// before it starts.
constexpr std::uint64_t kRunMaxPartitions = kDefaultUnitSize;

// k distinct indices of [0, n), uniformly (partial Fisher-Yates), sorted.
std::vector<std::uint32_t> draw(std::uint64_t n, std::uint64_t k, Rng& rng) {
  std::vector<std::uint32_t> all(n);
  for (std::uint32_t i = 0; i < n; ++i) all[i] = i;
  k = std::min(k, n);
  for (std::uint64_t i = 0; i < k; ++i) std::swap(all[i], all[i + rng.below64(n - i)]);
  all.resize(k);
  std::sort(all.begin(), all.end());
  return all;
}

double quantile(std::vector<double> v, double q) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const double pos = q * double(v.size() - 1);
  const auto lo = static_cast<std::size_t>(pos);
  const std::size_t hi = std::min(lo + 1, v.size() - 1);
  return v[lo] + (v[hi] - v[lo]) * (pos - double(lo));
}

Spread spread(const std::vector<double>& v) {
  Spread s;
  if (v.empty()) return s;
  for (double x : v) s.sum += x;
  s.mean = s.sum / double(v.size());
  double ss = 0;
  for (double x : v) ss += (x - s.mean) * (x - s.mean);
  s.sd = v.size() > 1 ? std::sqrt(ss / double(v.size() - 1)) : 0;
  s.min = *std::min_element(v.begin(), v.end());
  s.max = *std::max_element(v.begin(), v.end());
  s.p50 = quantile(v, 0.5);
  s.p90 = quantile(v, 0.9);
  s.p99 = quantile(v, 0.99);
  return s;
}

double correlation(const std::vector<double>& x, const std::vector<double>& y) {
  const std::size_t n = x.size();
  if (n < 2) return 0;
  double mx = 0, my = 0;
  for (std::size_t i = 0; i < n; ++i) mx += x[i], my += y[i];
  mx /= double(n);
  my /= double(n);
  double sxy = 0, sxx = 0, syy = 0;
  for (std::size_t i = 0; i < n; ++i) {
    sxy += (x[i] - mx) * (y[i] - my);
    sxx += (x[i] - mx) * (x[i] - mx);
    syy += (y[i] - my) * (y[i] - my);
  }
  return sxx > 0 && syy > 0 ? sxy / std::sqrt(sxx * syy) : 0;
}

// The bytes a table stores for a chunk of raw bytes: compressed alone at
// the table's zstd level (table_zstd_level; 0: stored raw), or raw when that
// is smaller (write_layer).
std::uint64_t stored_size(const std::vector<std::uint8_t>& raw, int level) {
  if (level == 0) return raw.size();
  std::vector<std::uint8_t> packed(ZSTD_compressBound(raw.size()));
  const std::size_t z = ZSTD_compress(packed.data(), packed.size(), raw.data(), raw.size(), level);
  return !ZSTD_isError(z) && z < raw.size() ? z : raw.size();
}

// Compressed / raw size of the sampled partitions laid out as a table file
// lays out partitions (set count, byte length, sets; chunks of
// kChunkTargetBytes).
// Sampled partitions are not neighbours in the layer, so this is worse than
// a table's ratio (16 cards: 0.41 and 0.45 against the files' 0.30 and
// 0.28); the chunk runs measure the real thing.
double zstd_ratio(const std::vector<std::vector<std::uint8_t>>& encoded,
                  const std::vector<std::uint64_t>& counts, int level) {
  std::uint64_t raw_total = 0, stored_total = 0;
  std::vector<std::uint8_t> raw;
  auto flush = [&]() {
    raw_total += raw.size();
    stored_total += stored_size(raw, level);
    raw.clear();
  };
  for (std::size_t i = 0; i < encoded.size(); ++i) {
    append_partition(raw, counts[i], encoded[i]);
    if (raw.size() >= kChunkTargetBytes) flush();
  }
  if (!raw.empty()) flush();
  return raw_total ? double(stored_total) / double(raw_total) : 1.0;
}

void summarize(SampleClass& c, const std::vector<std::vector<std::uint8_t>>& encoded, int level) {
  std::vector<double> cpu, sets, bytes, states;
  std::vector<std::uint64_t> counts;
  for (const SampleRow& r : c.rows) {
    cpu.push_back(r.cpu_seconds);
    sets.push_back(double(r.compacted));
    bytes.push_back(double(r.raw_bytes));
    states.push_back(r.states);
    counts.push_back(r.compacted);
  }
  c.cpu = spread(cpu);
  c.sets = spread(sets);
  c.raw_bytes = spread(bytes);
  c.states_cpu_correlation = correlation(states, cpu);
  std::vector<double> sorted = cpu;
  std::sort(sorted.rbegin(), sorted.rend());
  const std::size_t top = std::max<std::size_t>(1, sorted.size() / 100);
  double top_sum = 0;
  for (std::size_t i = 0; i < top && i < sorted.size(); ++i) top_sum += sorted[i];
  c.top1_cpu_share = c.cpu.sum > 0 ? top_sum / c.cpu.sum : 0;
  c.scattered_ratio = zstd_ratio(encoded, counts, level);
  // A run starts at a uniformly drawn partition, so regions of many small
  // partitions get more runs than the file gives them chunks (a file's
  // chunks follow bytes): weigh each run by its bytes per partition, i.e.
  // take the ratio of the runs' mean stored and raw bytes per partition.
  double run_raw = 0, run_stored = 0;
  for (const ChunkRun& run : c.runs) {
    if (!run.partitions) continue;
    run_raw += double(run.raw_bytes) / run.partitions;
    run_stored += double(run.stored_bytes) / run.partitions;
  }
  c.zstd_ratio = run_raw > 0 ? run_stored / run_raw : c.scattered_ratio;

  const double n = double(c.rows.size()), p = double(c.partitions);
  double state_sum = 0;
  for (double s : states) state_sum += s;
  c.cpu_total = c.cpu.mean * p;
  c.cpu_half_width = n > 1 ? 1.96 * p * c.cpu.sd / std::sqrt(n) * std::sqrt(1 - n / p) : 0;
  c.cpu_by_states = state_sum > 0 ? c.cpu.sum / state_sum * c.layer_states : 0;
  c.sets_total = c.sets.mean * p;
  c.sets_by_states = state_sum > 0 ? c.sets.sum / state_sum * c.layer_states : 0;
  c.file_bytes = c.raw_bytes.mean * p * c.zstd_ratio;
}

// A task builds one sampled partition (`run` false) or one chunk run: row
// `row` of class `cls`.
struct SampleTask {
  std::size_t cls;
  std::size_t row;
  bool run;
};

// The classes' sampled partitions and chunk runs, drawn from `rng`, into
// `report`; the tasks that build them; each class's shapes in `shapes`.
std::vector<SampleTask> plan_sample(const SampleOptions& o, Rng& rng, SampleReport& report,
                                    std::vector<std::vector<ShapeKey>>& shapes) {
  std::vector<SampleTask> tasks;
  for (int kc = 0; kc < 2; ++kc) {
    if (!(kc == 0 ? o.no_trump : o.trump)) continue;
    SampleClass c;
    c.klass = static_cast<StrainClass>(kc);
    shapes.push_back(enumerate_shapes(o.tricks, c.klass));
    c.partitions = shapes.back().size();
    for (ShapeKey s : shapes.back()) c.layer_states += partition_states(s, c.klass);
    std::vector<std::uint32_t> picked = draw(c.partitions, o.per_class, rng);
    if (!o.only.empty()) {
      picked.clear();
      for (std::uint32_t i : o.only)
        if (i < c.partitions) picked.push_back(i);
    }
    for (std::uint32_t i : picked) {
      SampleRow r;
      r.klass = c.klass;
      r.index = i;
      r.shape = shapes.back()[i];
      r.states = partition_states(r.shape, c.klass);
      tasks.push_back({report.classes.size(), c.rows.size(), false});
      c.rows.push_back(r);
    }
    for (std::uint64_t k = 0; k < o.runs_per_class; ++k) {
      ChunkRun run;
      run.first = static_cast<std::uint32_t>(rng.below64(c.partitions));
      tasks.push_back({report.classes.size(), c.runs.size(), true});
      c.runs.push_back(run);
    }
    report.classes.push_back(std::move(c));
  }
  return tasks;
}

// The partitions of the layer below that the sample reaches by one trick
// (successor_shapes.hpp): only those are decoded, since the layer below a
// 24-card sample does not fit in memory whole.
LowerMask lower_mask_of(const SampleReport& report,
                        const std::vector<std::vector<ShapeKey>>& shapes) {
  LowerMask mask(report.tricks - 1);
  for (std::size_t c = 0; c < report.classes.size(); ++c) {
    const SampleClass& sc = report.classes[c];
    for (const SampleRow& r : sc.rows) mark_successors(sc.klass, r.shape, mask);
    for (const ChunkRun& run : sc.runs)
      for (std::uint64_t i = run.first;
           i < std::min<std::uint64_t>(run.first + kRunMaxPartitions, sc.partitions); ++i)
        mark_successors(sc.klass, shapes[c][i], mask);
  }
  return mask;
}

// Builds a sampled partition: its row's figures, its sets encoded in `bytes`.
void build_row(PartitionBuilder& builder, SampleRow& r, std::vector<std::uint8_t>& bytes) {
  PartitionStats st;
  const double cpu0 = thread_cpu_seconds();
  const std::vector<TbSet> sets = builder.build(r.klass, r.shape, st);
  r.cpu_seconds = thread_cpu_seconds() - cpu0;
  r.evaluated = st.evaluated;
  r.sets = st.sets;
  r.compacted = st.compacted;
  encode_sets(sets, bytes);
  r.raw_bytes = bytes.size();
}

// Builds a chunk run: one chunk laid out as the table writer lays it out
// (set count, byte length, sets per partition), ending where the writer
// would. `index` follows the partition being built (for the error of a gap).
void build_run(PartitionBuilder& builder, const SampleClass& c,
               const std::vector<ShapeKey>& layer_shapes, int tricks, ChunkRun& run,
               std::uint32_t& index) {
  std::vector<std::uint8_t> chunk, encoded;
  const std::uint64_t end = std::min<std::uint64_t>(run.first + kRunMaxPartitions, c.partitions);
  for (index = run.first; index < end && chunk.size() < kChunkTargetBytes; ++index) {
    PartitionStats st;
    const std::vector<TbSet> sets = builder.build(c.klass, layer_shapes[index], st);
    encoded.clear();
    encode_sets(sets, encoded);
    append_partition(chunk, sets.size(), encoded);
    ++run.partitions;
  }
  run.raw_bytes = chunk.size();
  run.stored_bytes = stored_size(chunk, table_zstd_level(tricks));
}

}  // namespace

Expected<SampleReport> run_sample(const SampleOptions& o, const SampleProgress& progress) {
  SampleReport report;
  report.tricks = o.tricks;
  const auto t0 = std::chrono::steady_clock::now();
  Rng rng(o.seed);
  std::vector<std::vector<ShapeKey>> shapes;
  const std::vector<SampleTask> tasks = plan_sample(o, rng, report, shapes);
  LowerMask mask = lower_mask_of(report, shapes);
  auto lower = load_layers(o.tables, o.tricks - 1, &mask.keep);
  if (!lower) return lower.error();
  for (int kc = 0; kc < 2; ++kc) {
    report.lower_partitions += mask.shapes[kc].size();
    report.lower_partitions_decoded += mask.marked(static_cast<StrainClass>(kc));
    if (lower->layer[kc]) report.lower_sets_decoded += lower->layer[kc]->set_count();
  }
  const auto t1 = std::chrono::steady_clock::now();
  report.load_seconds = std::chrono::duration<double>(t1 - t0).count();

  std::vector<std::vector<std::vector<std::uint8_t>>> encoded(report.classes.size());
  for (std::size_t c = 0; c < report.classes.size(); ++c)
    encoded[c].resize(report.classes[c].rows.size());

  std::mutex mutex;
  std::uint64_t done = 0;
  const auto new_builder = [&](const WorkerContext&) {
    return std::make_unique<PartitionBuilder>(lower->lower(), kSampleTtBytes);
  };
  const auto run_task = [&](std::size_t t, std::unique_ptr<PartitionBuilder>& builder) {
    const SampleTask& task = tasks[t];
    SampleClass& c = report.classes[task.cls];
    std::uint32_t index = 0;
    try {
      if (!task.run) {
        index = c.rows[task.row].index;
        build_row(*builder, c.rows[task.row], encoded[task.cls][task.row]);
      } else {
        build_run(*builder, c, shapes[task.cls], o.tricks, c.runs[task.row], index);
      }
    } catch (const GapError& e) {
      throw GapError("partition " + std::to_string(index) + ": " + e.what());
    }
    std::lock_guard lock(mutex);
    if (progress) progress(++done, tasks.size());
  };
  try {
    parallel_for(tasks.size(), static_cast<unsigned>(std::max(1, o.threads)), new_builder,
                 run_task);
  } catch (const GapError& e) {
    return Error{ErrorCode::kCorruptData, e.what()};
  }
  for (std::size_t c = 0; c < report.classes.size(); ++c)
    summarize(report.classes[c], encoded[c], table_zstd_level(o.tricks));
  report.wall_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t1).count();
  return report;
}

std::string format_sample(const SampleReport& r) {
  std::string out;
  char buf[512];
  auto line = [&](const char* fmt, auto... args) {
    std::snprintf(buf, sizeof buf, fmt, args...);
    out += buf;
  };
  line(
      "%d-card sample: layer below loaded in %.1f s (the %llu of its %llu partitions one trick "
      "from the sample: %llu sets), sample built in %.1f s wall\n",
      4 * r.tricks, r.load_seconds, (unsigned long long)r.lower_partitions_decoded,
      (unsigned long long)r.lower_partitions, (unsigned long long)r.lower_sets_decoded,
      r.wall_seconds);
  double cpu = 0, half2 = 0, cpu_states = 0, sets = 0, bytes = 0;
  for (const SampleClass& c : r.classes) {
    const char* name = c.klass == StrainClass::kTrump ? "trump" : "no-trump";
    line(
        "%s: %zu of %llu partitions (%.3g of %.3g canonical states)\n", name, c.rows.size(),
        (unsigned long long)c.partitions,
        [&] {
          double s = 0;
          for (const auto& row : c.rows) s += row.states;
          return s;
        }(),
        c.layer_states);
    line(
        "  CPU-s per partition: mean %.4g, sd %.3g, min %.3g, median %.3g, p90 %.3g, p99 %.3g, "
        "max %.3g; slowest 1%% of the sample: %.0f%% of its CPU; corr(states, CPU) %.2f\n",
        c.cpu.mean, c.cpu.sd, c.cpu.min, c.cpu.p50, c.cpu.p90, c.cpu.p99, c.cpu.max,
        100 * c.top1_cpu_share, c.states_cpu_correlation);
    line("  sets per partition: mean %.4g, median %.3g, p99 %.3g, max %.3g\n", c.sets.mean,
         c.sets.p50, c.sets.p99, c.sets.max);
    std::uint64_t run_parts = 0;
    for (const ChunkRun& run : c.runs) run_parts += run.partitions;
    line("  encoded bytes per partition: mean %.4g, median %.3g, p99 %.3g, max %.3g; ",
         c.raw_bytes.mean, c.raw_bytes.p50, c.raw_bytes.p99, c.raw_bytes.max);
    if (const int level = table_zstd_level(r.tricks); level == 0)
      line("%s", "stored uncompressed\n");
    else
      line(
          "zstd -%d: x%.3f in %zu chunks of consecutive partitions (%llu partitions), x%.3f over "
          "the scattered sample\n",
          level, c.zstd_ratio, c.runs.size(), (unsigned long long)run_parts, c.scattered_ratio);
    line(
        "  whole layer: %.4g CPU-s +- %.2g (95%%) = %.3g CPU-hours; by states %.3g CPU-hours; "
        "%.4g sets (by states %.4g); file %.4g bytes\n",
        c.cpu_total, c.cpu_half_width, c.cpu_total / 3600, c.cpu_by_states / 3600, c.sets_total,
        c.sets_by_states, c.file_bytes);
    cpu += c.cpu_total;
    half2 += c.cpu_half_width * c.cpu_half_width;
    cpu_states += c.cpu_by_states;
    sets += c.sets_total;
    bytes += c.file_bytes;
  }
  if (r.classes.size() > 1)
    line(
        "both classes: %.4g CPU-s +- %.2g (95%%) = %.3g CPU-hours = %.3g CPU-days (by states "
        "%.3g CPU-hours); %.4g sets; files %.4g bytes (%.3g GiB); in memory as the layer "
        "below the next: %.3g GiB\n",
        cpu, std::sqrt(half2), cpu / 3600, cpu / 86400, cpu_states / 3600, sets, bytes,
        bytes / double(1ull << 30), sets * double(sizeof(TbSet)) / double(1ull << 30));
  return out;
}

std::string sample_csv(const SampleReport& r) {
  std::string out = "class,index,shape,states,evaluated,sets,compacted,encoded_bytes,cpu_seconds\n";
  char buf[256];
  for (const SampleClass& c : r.classes)
    for (const SampleRow& row : c.rows) {
      std::snprintf(buf, sizeof buf, "%s,%u,%016llx,%.0f,%llu,%llu,%llu,%llu,%.6f\n",
                    c.klass == StrainClass::kTrump ? "trump" : "nt", row.index,
                    (unsigned long long)row.shape, row.states, (unsigned long long)row.evaluated,
                    (unsigned long long)row.sets, (unsigned long long)row.compacted,
                    (unsigned long long)row.raw_bytes, row.cpu_seconds);
      out += buf;
    }
  return out;
}

}  // namespace ddtb::detail::tb
