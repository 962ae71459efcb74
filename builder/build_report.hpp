// How a build is reported on the console: a line per layer on standard
// output, a progress bar on standard error (tools::ProgressBar). Internal.
#pragma once

#include <string>

#include "builder/executor.hpp"
#include "tools/progress.hpp"

namespace ddtb::detail::tb {

class ConsoleReporter : public BuildReporter {
 public:
  // `bar`: show the progress bar (standard error is a terminal, not
  // quiet). `shard`: "3/64" for a shard's run (its lines say what it built
  // of its share), "" for a build that merges.
  ConsoleReporter(bool bar, std::string shard);

  void present(const LayerJob& job, const FileHeader& header) override;
  void round_started(const Round& round, std::uint64_t partitions) override;
  void progress(std::uint64_t done, std::uint64_t total) override;
  void round_built(const Round& round, const std::vector<LayerJob>& jobs,
                   const std::vector<UnitRunStats>& stats, double wall_seconds) override;
  void layer_merged(const LayerJob& job, const UnitRunStats& stats, const MergeResult& merged,
                    double wall_seconds) override;

 private:
  tools::ProgressBar bar_;
  std::string shard_;
};

}  // namespace ddtb::detail::tb
