// What a build makes, and in which order (docs/DISTRIBUTED.md). Internal.
//
// For each card count up to the target: its two exact layers, then (unless
// bounds are off) the bound layers derived from them. The layers of a card
// count missing from the directory are built in rounds: the missing exact
// layers, then the missing bound layers, which read the exact ones. A
// round's work units are those of its layers, the most work first
// (plan_work). The plan is made from what the directory holds when the
// build starts, so every party of one build (a process's threads, the
// shards of an array job, the ranks of an MPI job) makes the same plan and
// deals its units the same way.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "builder/layer_job.hpp"

namespace ddtb::detail::tb {

// Layers of one card count built together. Their jobs' lower_checksum is
// filled in when the round runs (the layer below may be built by then).
struct Round {
  int tricks = 0;
  bool bounds = false;  // the bound layers of the card count
  std::vector<LayerJob> jobs;
  std::string name() const;  // "12-card layers", "12-card bound layers"
};

struct CardCountPlan {
  int tricks = 0;
  StrainClasses classes;          // the classes built at this card count
  std::vector<LayerJob> present;  // layers already in the directory
  std::vector<Round> rounds;      // none when every layer is present
};

struct Plan {
  std::string dir;
  int tricks = 0;                     // the target: 4 * tricks cards
  bool bounds = true;                 // bound layers are built too
  StrainClasses classes;              // the classes built (--strains)
  std::vector<CardCountPlan> counts;  // 1 .. tricks tricks
  // The first round to build, or nullptr when every layer is present.
  const Round* first_round() const;
};

// The plan of a build of every layer of `classes` up to `tricks` tricks
// into `dir`, with units of `unit_size` partitions. A build of the trump
// class also builds the no-trump layers below its deepest card count, which
// trump layers are built on.
Plan make_plan(const std::string& dir, int tricks, bool bounds, std::uint32_t unit_size,
               StrainClasses classes = {});

}  // namespace ddtb::detail::tb
