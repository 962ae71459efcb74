// ddtb-build info: what each table of a directory holds.
#include <unistd.h>

#include <cstdio>

#include "builder/commands.hpp"
#include "builder/layer_job.hpp"

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
      h.version, h.builder_version, h.build_params, (unsigned long long)h.header_checksum,
      (unsigned long long)h.lower_checksum);
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
      if (::access(path.c_str(), F_OK) != 0) continue;
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
  return tools::kExitOk;
}

}  // namespace ddtb::detail::tb
