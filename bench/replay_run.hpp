// ddtb-vs-dds --replay FILE: ddtb's C API and libdds's timed on the calls of
// a replay workload (bench/replay_file.hpp), one thread each, each side in
// its own forked child (bench/measure.hpp), rounds alternating. Every answer
// is checked against the file and against the other side.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

namespace ddtb::bench {

struct ReplayOptions {
  std::string file;
  bool with_ddtb = true, with_dds = true;
  int rounds = 1;
  std::size_t tt_mb = 0;  // ddtb's SetResources budget in MiB
  int dds_mb = 0;         // libdds's SetResources maxMemoryMB; 0: its default
  std::string tablebase;  // ddtb's SetTablebasePath; empty: none
  // The peer is ddtb with these tables ("": none) instead of libdds
  // (ddtb-vs-dds --versus-tables); with_dds then runs it.
  std::optional<std::string> versus_tables;
  bool quiet = false;  // totals only, no line per call
};

// Prints the report; returns the exit status: 0 every answer agrees, 1 some
// answer differs (or a side refused a call), 2 the file is malformed or a
// side failed.
int run_replay(const ReplayOptions& options);

}  // namespace ddtb::bench
