#include "builder/build_plan.hpp"

namespace ddtb::detail::tb {

std::string Round::name() const {
  return std::to_string(4 * tricks) + "-card " + (bounds ? "bound layers" : "layers");
}

const Round* Plan::first_round() const {
  for (const CardCountPlan& c : counts)
    if (!c.rounds.empty()) return &c.rounds.front();
  return nullptr;
}

Plan make_plan(const std::string& dir, int tricks, bool bounds, std::uint32_t unit_size,
               StrainClasses classes) {
  Plan plan;
  plan.dir = dir;
  plan.tricks = tricks;
  plan.bounds = bounds;
  plan.classes = classes;
  for (int t = 1; t <= tricks; ++t) {
    CardCountPlan& count = plan.counts.emplace_back();
    count.tricks = t;
    count.classes = t < tricks ? classes.built_on() : classes;
    Round exact{t, false, {}}, bound{t, true, {}};
    for (auto [k, b] : layers_of(t, bounds, count.classes)) {
      LayerJob job = make_job(dir, t, k, 0, unit_size, b);
      if (layer_present(dir, t, k, b))
        count.present.push_back(std::move(job));
      else
        (b > 0 ? bound : exact).jobs.push_back(std::move(job));
    }
    for (Round* r : {&exact, &bound})
      if (!r->jobs.empty()) count.rounds.push_back(std::move(*r));
  }
  return plan;
}

}  // namespace ddtb::detail::tb
