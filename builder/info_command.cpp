// ddtb-build info: what each table of a directory holds, and how far the
// layers being built in it have got.
#include <dirent.h>
#include <unistd.h>

#include <cstdio>
#include <set>

#include "builder/build_plan.hpp"
#include "builder/commands.hpp"
#include "builder/layer_job.hpp"
#include "builder/unit_file.hpp"

namespace ddtb::detail::tb {

namespace {

// Canonical states of a layer (for states per byte).
double layer_states(int tricks, StrainClass k) {
  double total = 0;
  for (ShapeKey shape : enumerate_shapes(tricks, k)) total += partition_states(shape, k);
  return total;
}

void print_header(const std::string& path, const FileHeader& h) {
  const double bytes = double(h.data_offset + h.data_bytes);
  const double states = layer_states(h.tricks, h.klass);
  const std::string what =
      h.bound > 0 ? ", bound: the leader's side takes at least " + std::to_string(h.bound)
                  : std::string();
  std::printf(
      "%s: %d cards %s%s, %u partitions, %llu sets, %.0f bytes, %.3g states, %.1f states/byte, "
      "format %u, builder %u, params 0x%x, header checksum %016llx, built on %016llx\n",
      path.c_str(), 4 * h.tricks, h.klass == StrainClass::kTrump ? "trump" : "no-trump",
      what.c_str(), h.partitions, (unsigned long long)h.sets, bytes, states, states / bytes,
      h.version(), h.builder_version, h.build_params, (unsigned long long)h.header_checksum,
      (unsigned long long)h.lower_checksum);
}

// A layer being built (its unit directory, no table file yet): the units
// done and their share of the layer's canonical states, which the build
// does heaviest first. The unit files are listed, not validated (build and
// merge do that), except the one whose header gives the unit size.
void print_units(const std::string& dir, int tricks, StrainClass k, int bound) {
  const std::string udir = dir + "/" + unit_dir_name(tricks, k, bound);
  DIR* d = ::opendir(udir.c_str());
  if (!d) return;
  std::set<std::uint32_t> present;
  while (const dirent* e = ::readdir(d)) {
    unsigned index = 0;
    if (std::sscanf(e->d_name, "u%u.unit", &index) == 1 && unit_file_name(index) == e->d_name)
      present.insert(index);
  }
  ::closedir(d);
  if (present.empty()) {
    std::printf("%s: being built, no unit done yet\n", udir.c_str());
    return;
  }
  const std::vector<ShapeKey> shapes = enumerate_shapes(tricks, k);
  const std::string first = udir + "/" + unit_file_name(*present.begin());
  auto unit = read_unit(first, shapes);
  if (!unit) {
    std::printf("%s: being built; INVALID unit: %s\n", udir.c_str(), unit.error().message.c_str());
    return;
  }
  const UnitParams& p = unit->params;
  if (p.unit_size == 0 || p.partitions != shapes.size()) {
    std::printf("%s: being built; INVALID unit %s: not this layer's\n", udir.c_str(),
                first.c_str());
    return;
  }
  double all = 0, done = 0;
  std::uint32_t counted = 0;
  for (std::uint32_t u = 0; u < p.units(); ++u) {
    const double states = unit_states(p, shapes, u);
    all += states;
    if (present.count(u)) {
      done += states;
      ++counted;
    }
  }
  std::printf(
      "%s: being built: %u of %u units of %u partitions done, %.1f%% of the layer's canonical "
      "states%s\n",
      udir.c_str(), counted, p.units(), p.unit_size, 100 * done / all,
      counted == p.units() ? " (all: 'ddtb-build merge' or the next build makes the table)"
                           : " ('ddtb-build build' resumes)");
}

// "4-20", "4, 12-16": the card counts of `tricks` (increasing).
std::string cards_text(const std::vector<int>& tricks) {
  std::string out;
  for (std::size_t i = 0; i < tricks.size();) {
    std::size_t j = i;
    while (j + 1 < tricks.size() && tricks[j + 1] == tricks[j] + 1) ++j;
    if (!out.empty()) out += ", ";
    out += std::to_string(4 * tricks[i]);
    if (j > i) out += "-" + std::to_string(4 * tricks[j]);
    i = j + 1;
  }
  return out;
}

// What the directory holds per strain class: a directory may hold one
// class deeper than the other (ddtb-build build --strains), and the solver
// probes each class where its layers are.
void print_classes(const std::string& dir) {
  std::string line;
  for (const StrainClass k : {StrainClass::kNoTrump, StrainClass::kTrump}) {
    std::vector<int> exact, bounds;
    for (int tricks = 1; tricks <= 13; ++tricks) {
      if (layer_present(dir, tricks, k)) exact.push_back(tricks);
      for (int b = 1; b <= tricks; ++b)
        if (layer_present(dir, tricks, k, b)) {
          bounds.push_back(tricks);
          break;
        }
    }
    const char* name = k == StrainClass::kTrump ? "trump" : "no-trump";
    if (!line.empty()) line += "; ";
    line += std::string(name) + ": ";
    if (exact.empty() && bounds.empty()) {
      line += std::string("none (the search solves ") + name + " positions alone)";
      continue;
    }
    line += "layers of " + (exact.empty() ? std::string("no") : cards_text(exact)) + " cards";
    if (!bounds.empty()) line += " (bound layers of " + cards_text(bounds) + " cards)";
  }
  std::printf("%s holds %s\n", dir.c_str(), line.c_str());
}

}  // namespace

CLI::App* add_info(CLI::App& app, InfoArgs& args) {
  CLI::App* command = app.add_subcommand("info", "describes the tables of a directory");
  command->add_option("dir", args.dirs);
  return command;
}

int run_info(const InfoArgs& args, const tools::ToolText& text) {
  if (args.dirs.size() != 1) return tools::usage_error(text, "info needs exactly one directory");
  const std::string& dir = args.dirs[0];
  int found = 0;
  for (int tricks = 1; tricks <= 13; ++tricks)
    for (auto [k, b] : layers_of(tricks, true)) {
      const std::string path = dir + "/" + layer_file_name(tricks, k, b);
      if (::access(path.c_str(), F_OK) != 0) {
        if (::access((dir + "/" + unit_dir_name(tricks, k, b)).c_str(), F_OK) == 0) {
          ++found;
          print_units(dir, tricks, k, b);
        }
        continue;
      }
      ++found;
      auto file = LayerFile::open(path);
      if (!file)
        std::printf("%s: INVALID: %s\n", path.c_str(), file.error().message.c_str());
      else
        print_header(path, (*file)->header());
    }
  if (!found) {
    report_failure(dir + ": no table files");
    return tools::kExitUsage;
  }
  print_classes(dir);
  return tools::kExitOk;
}

}  // namespace ddtb::detail::tb
