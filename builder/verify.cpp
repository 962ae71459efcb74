#include "builder/verify.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <new>
#include <optional>

#include <unistd.h>

#include "builder/layer_build.hpp"
#include "builder/layer_writer.hpp"
#include "core/parallel.hpp"
#include "core/random.hpp"
#include "ddtb/position.hpp"
#include "ddtb/tablebase.hpp"
#include "solver/search.hpp"
#include "tablebase/layer_file.hpp"

namespace ddtb::detail::tb {

namespace {

constexpr std::size_t kVerifyTtBytes = std::size_t{16} << 20;
constexpr std::size_t kMaxReportedFailures = 20;

std::string describe(const std::array<Bits, 4>& hands, int leader, int trump) {
  std::array<CardSet, 4> h;
  for (int i = 0; i < 4; ++i) h[i] = CardSet(hands[i]);
  auto deal = Deal::from_hands(h);
  std::string s = deal ? to_pbn(*deal) : std::string("(invalid deal)");
  s += std::string(" leader ") + seat_letter(seat_from_int(leader)) + " strain " +
       strain_letter(strain_from_int(trump == kNoTrump ? 4 : trump));
  return s;
}

std::string layer_name(int tricks, StrainClass k, int bound = 0) {
  return std::to_string(4 * tricks) + "-card " + (k == StrainClass::kTrump ? "trump" : "no-trump") +
         (bound > 0 ? " at-least-" + std::to_string(bound) : std::string());
}

std::string layer_name(const Layer& layer) {
  return layer_name(layer.tricks(), layer.klass(), layer.bound());
}

// What a set of `layer` should say of a position whose leader's side takes
// `tricks`: the tricks, or for a bound layer 1/0 (at least its bound or not).
int expected_value(const Layer& layer, int tricks) {
  return layer.bound() > 0 ? int(tricks >= layer.bound()) : tricks;
}

struct Failures {
  std::mutex mutex;
  std::vector<std::string>& out;
  std::atomic<std::uint64_t> count{0};
  void add(const std::string& msg) {
    ++count;
    std::lock_guard lock(mutex);
    if (out.size() < kMaxReportedFailures) out.push_back(msg);
  }
};

// Check 1 on one partition: every canonical state lies in sets of one value,
// equal to one trick of search over the layer below.
void check_partition(const Layer& layer, int index, const LowerLayers& lower, Search& engine,
                     const LayerProbe* probe, Failures& failures, std::uint64_t& states) {
  const ShapeKey shape = layer.shapes()[index];
  const StrainClass k = layer.klass();
  const auto& sets = layer.sets(index);
  engine.set_endgame_probe(lower.tricks > 0 ? probe : nullptr);
  for_each_canonical_state(shape, k, [&](const State& st) {
    ++states;
    const Nibbles n = state_nibbles(shape, st);
    int value = -1;
    bool overlap = false;
    for (const TbSet& s : sets) {
      if (!s.contains(n)) continue;
      if (value >= 0 && s.value != value) overlap = true;
      value = s.value;
    }
    if (value < 0) value = layer.default_value(index);
    const auto hands = hands_of(shape, st);
    const int trump = k == StrainClass::kTrump ? 0 : kNoTrump;
    if (value < 0) {
      failures.add(layer_name(layer) + ": gap, no set holds " + describe(hands, 0, trump));
      return;
    }
    if (overlap) {
      failures.add(layer_name(layer) + ": sets of different values overlap on " +
                   describe(hands, 0, trump));
      return;
    }
    engine.set_root(hands, trump, 0, nullptr, 0);
    // The leader (seat 0) is North: North-South's tricks are the leader's side's.
    const int searched = layer.bound() > 0 ? int(engine.test(layer.bound()) >= layer.bound())
                                           : engine.solve(value, 0, 13, false, nullptr);
    if (searched != value)
      failures.add(layer_name(layer) + ": table says " + std::to_string(value) +
                   ", one trick of search over the layer below says " + std::to_string(searched) +
                   " for " + describe(hands, 0, trump));
  });
}

// What every layer's checks share.
struct Context {
  const Tablebase& tb;
  const VerifyOptions& options;
  Rng& rng;
  Failures& failures;
  const VerifyProgress& progress;
  int threads;
};

using SearchPtr = std::unique_ptr<Search>;

// Each worker's search, no tables (check 1 sets the probe per partition).
SearchPtr new_search(const WorkerContext&) {
  return make_search(kVerifyTtBytes, kVerifyTtBytes, Features{});
}

// The partitions of a layer of `partitions` partitions and `tricks` tricks
// that check 1 covers: all of a small layer, a sorted random sample of a
// large one.
std::vector<int> partitions_to_check(std::size_t partitions, int tricks, Context& cx) {
  std::vector<int> parts(partitions);
  for (std::size_t i = 0; i < parts.size(); ++i) parts[i] = static_cast<int>(i);
  if (4 * tricks > cx.options.full_states_max_cards &&
      parts.size() > cx.options.sample_partitions) {
    for (std::size_t i = 0; i < cx.options.sample_partitions; ++i)
      std::swap(parts[i], parts[i + cx.rng.below64(parts.size() - i)]);
    parts.resize(cx.options.sample_partitions);
    std::sort(parts.begin(), parts.end());
  }
  return parts;
}

// Both checks of one decoded layer (at least the partitions `parts` decoded),
// over the verified exact layer below.
VerifyLayerReport check_layer(const Layer& layer, const std::vector<int>& parts,
                              const LowerLayers& lower, Context& cx) {
  const auto t0 = std::chrono::steady_clock::now();
  const int tricks = layer.tricks();
  const StrainClass k = layer.klass();
  const int threads = cx.threads;
  Failures& failures = cx.failures;
  VerifyLayerReport lr;
  lr.cards = 4 * tricks;
  lr.trump = k == StrainClass::kTrump;
  lr.bound = layer.bound();
  const std::uint64_t failed_before = failures.count;
  if (tricks > 1 && (!lower.no_trump || (k == StrainClass::kTrump && !lower.trump))) {
    failures.add(layer_name(layer) + ": the layer below is missing or unreadable");
  } else {
    // Check 1.
    LayerProbe probe(lower.no_trump, lower.trump);
    std::atomic<std::uint64_t> states{0}, done{0};
    std::mutex pm;
    parallel_for(parts.size(), threads, new_search, [&](std::size_t i, SearchPtr& engine) {
      std::uint64_t mine = 0;
      check_partition(layer, parts[i], lower, *engine, &probe, failures, mine);
      states += mine;
      const std::uint64_t d = ++done;
      if (cx.progress) {
        std::lock_guard lock(pm);
        cx.progress(layer_name(layer) + " one-trick check", d, parts.size());
      }
    });
    lr.partitions_checked = parts.size();
    lr.states_checked = states;

    // Check 2: the full solver, no tables, one search per worker.
    std::atomic<std::uint64_t> solved{0};
    const int trump_of_class = k == StrainClass::kTrump ? 0 : kNoTrump;
    if (4 * tricks <= cx.options.full_solver_max_cards) {
      parallel_for(
          layer.shapes().size(), threads, new_search, [&](std::size_t i, SearchPtr& solver) {
            const ShapeKey shape = layer.shapes()[i];
            for_each_canonical_state(shape, k, [&](const State& st) {
              const auto hands = hands_of(shape, st);
              const TbSet* s = layer.find(shape, state_nibbles(shape, st));
              const int table = s ? s->value : layer.default_value(static_cast<int>(i));
              solver->set_root(hands, trump_of_class, 0, nullptr, 0);
              const int v = expected_value(layer, solver->solve(tricks / 2, 0, 13, false, nullptr));
              ++solved;
              if (table != v)
                failures.add(layer_name(layer) + ": the solver says " + std::to_string(v) +
                             ", the table " + (table >= 0 ? std::to_string(table) : "nothing") +
                             " for " + describe(hands, 0, trump_of_class));
            });
          });
    } else {
      // Random deals, seats and strains of this class, through the public probe.
      const std::uint64_t n = cx.options.solver_positions;
      std::vector<std::uint64_t> seeds(n);
      for (auto& s : seeds) s = cx.rng.next();
      parallel_for(n, threads, new_search, [&](std::size_t i, SearchPtr& solver) {
        Rng r(seeds[i]);
        std::array<int, 52> deck;
        for (int c = 0; c < 52; ++c) deck[c] = 16 * (c / 13) + 2 + c % 13;
        for (int c = 0; c < 4 * tricks; ++c)
          std::swap(deck[c], deck[c + r.below(static_cast<std::uint32_t>(52 - c))]);
        std::array<Bits, 4> hands{};
        for (int c = 0; c < 4 * tricks; ++c) hands[c % 4] |= bit_of(deck[c]);
        const int leader = static_cast<int>(r.below(4));
        const Bits all = hands[0] | hands[1] | hands[2] | hands[3];
        // A trump suit the deal holds (without one it is a no-trump position).
        int trump = kNoTrump;
        if (k == StrainClass::kTrump) {
          int present[4], n_present = 0;
          for (int s = 0; s < 4; ++s)
            if (all & suit_bits(s)) present[n_present++] = s;
          trump = present[r.below(static_cast<std::uint32_t>(n_present))];
        }
        std::array<CardSet, 4> cs;
        for (int h = 0; h < 4; ++h) cs[h] = CardSet(hands[h]);
        const Position p = Position::at_trick_start(*Deal::from_hands(cs),
                                                    strain_from_int(trump == kNoTrump ? 4 : trump),
                                                    seat_from_int(leader));
        std::optional<int> answer;
        if (layer.bound() > 0) {
          if (const auto a = cx.tb.probe_at_least(p, layer.bound())) answer = int(a->at_least);
        } else if (const auto a = cx.tb.probe(p)) {
          answer = a->tricks;
        }
        solver->set_root(hands, trump, leader, nullptr, 0);
        const int v = solver->solve(tricks / 2, 0, 13, false, nullptr);
        const int expect = expected_value(layer, (leader & 1) == 0 ? v : tricks - v);
        ++solved;
        if (!answer || *answer != expect)
          failures.add(layer_name(layer) + ": the solver says " + std::to_string(expect) +
                       ", the probe " + (answer ? std::to_string(*answer) : "nothing") + " for " +
                       describe(hands, leader, trump));
      });
    }
    lr.solver_checked = solved;
  }
  lr.failures = failures.count - failed_before;
  lr.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return lr;
}

}  // namespace

Expected<VerifyReport> verify_tables(const std::string& dir, const VerifyOptions& options,
                                     const VerifyProgress& progress) {
  auto tb = Tablebase::open(dir);
  if (!tb) return tb.error();
  VerifyReport report;
  Failures failures{{}, report.failures};
  Rng rng(options.seed);
  Context cx{**tb, options, rng, failures, progress, std::max(1, options.threads)};
  const int max_tricks = (*tb)->max_cards() / 4;

  // A class is checked up to its deepest exact layer: a directory may hold
  // one class deeper than the other (ddtb-build build --strains).
  auto present = [&](int tricks, StrainClass k, int bound) {
    return ::access((dir + "/" + layer_file_name(tricks, k, bound)).c_str(), F_OK) == 0;
  };
  std::array<int, 2> class_tricks{};
  for (int kc = 0; kc < 2; ++kc)
    for (int tricks = 1; tricks <= max_tricks; ++tricks)
      if (present(tricks, static_cast<StrainClass>(kc), 0)) class_tricks[kc] = tricks;

  // Opens and decodes one layer file, checking it was built on the layer
  // below in this directory; nullptr (the failure recorded) otherwise. Sets
  // `parts` to the partitions check 1 covers. A layer no later layer is
  // built on (a bound layer, the deepest exact one) whose checks need only
  // those partitions keeps only their sets: a 20-card layer decoded whole
  // takes tens of GiB (docs/SCALE.md, "Summary").
  // `below`: the header checksums of the exact layer below, per class and
  // (index 2) XORed. A layer records the XOR of both, or a no-trump layer
  // built where there was no trump file below (ddtb-build build --strains
  // nt) the no-trump file's alone.
  auto load = [&](int tricks, StrainClass k, int bound, const std::array<std::uint64_t, 3>& below,
                  std::uint64_t* header_checksum,
                  std::vector<int>& parts) -> std::unique_ptr<Layer> {
    const std::string path = dir + "/" + layer_file_name(tricks, k, bound);
    auto file = LayerFile::open(path);
    if (!file) {
      failures.add(layer_name(tricks, k, bound) + ": " + file.error().message);
      return nullptr;
    }
    if (header_checksum) *header_checksum = (*file)->header().header_checksum;
    // Provenance: a layer records the header checksums of the files it was
    // built on; tables mixed from different builds are reported.
    const std::uint64_t lower = (*file)->header().lower_checksum;
    if (lower != below[2] && !(k == StrainClass::kNoTrump && lower == below[0]))
      failures.add(layer_name(tricks, k, bound) + ": built on other " +
                   std::to_string(4 * tricks - 4) + "-card tables than the ones in " + dir);
    parts = partitions_to_check((*file)->header().partitions, tricks, cx);
    const bool whole = (bound == 0 && tricks < class_tricks[static_cast<int>(k)]) ||
                       4 * tricks <= options.full_solver_max_cards ||
                       parts.size() == (*file)->header().partitions;
    std::vector<char> keep;
    if (!whole) {
      keep.assign((*file)->header().partitions, 0);
      for (const int p : parts) keep[std::size_t(p)] = 1;
    }
    // Decodes (and checks) every chunk; keeps the sets of `keep`'s partitions.
    auto layer = load_layer(**file, whole ? nullptr : &keep);
    if (!layer) {
      failures.add(layer.error().message);
      return nullptr;
    }
    return std::move(*layer);
  };

  std::array<std::unique_ptr<Layer>, 2> lower_layers;  // the verified exact layer below
  std::array<std::uint64_t, 3> below{};                // its header checksums, per class and XORed
  for (int tricks = 1; tricks <= max_tricks; ++tricks) {
    std::array<std::unique_ptr<Layer>, 2> layers;
    std::array<std::vector<int>, 2> parts;
    std::array<std::uint64_t, 3> this_checksum{};
    for (int kc = 0; kc < 2; ++kc)
      if (tricks <= class_tricks[kc])
        layers[kc] =
            load(tricks, static_cast<StrainClass>(kc), 0, below, &this_checksum[kc], parts[kc]);
    this_checksum[2] = this_checksum[0] ^ this_checksum[1];
    const LowerLayers lower{lower_layers[0].get(), lower_layers[1].get(), tricks - 1};
    for (int kc = 0; kc < 2; ++kc)
      if (layers[kc]) report.layers.push_back(check_layer(*layers[kc], parts[kc], lower, cx));
    // The bound layers of this card count, built on the same layer below.
    for (int bound = 1; bound <= tricks; ++bound) {
      for (int kc = 0; kc < 2; ++kc) {
        const StrainClass k = static_cast<StrainClass>(kc);
        if (!present(tricks, k, bound)) continue;
        std::vector<int> bound_parts;
        if (auto layer = load(tricks, k, bound, below, nullptr, bound_parts))
          report.layers.push_back(check_layer(*layer, bound_parts, lower, cx));
      }
    }
    lower_layers = std::move(layers);
    below = this_checksum;
  }
  return report;
}

}  // namespace ddtb::detail::tb
