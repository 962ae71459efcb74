#include "bench/vs_dds_report.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <utility>

#include "bench/ratio_stats.hpp"

namespace ddtb::bench {

namespace {

// The worst deals are taken among those that cost the peer at least this
// much CPU a round: below that a ratio is mostly timer noise.
constexpr double kWorstDealFloorS = 0.005;

// --per-deal: a deal is "tiny" when both sides' median times are below
// this. Tiny deals are counted in every figure like the others (the count
// over 1.0 included) and marked '~', and the summary says how many of the
// deals over 1.0 are tiny: their ratios are the least certain.
constexpr double kTinyDealS = 0.5e-3;
// The deals listed as the worst.
constexpr std::size_t kWorstListed = 10;

bool tiny(const ItemRatio& r) {
  return r.ours_s < kTinyDealS && r.dds_s < kTinyDealS;
}

void print_deal_ratio(const std::vector<RefDeal>& deals, const ItemRatio& r) {
  std::printf("%6d %12.3f %12.3f %8.3f%s\n", deals[std::size_t(r.id)].number, r.ours_s * 1e3,
              r.dds_s * 1e3, r.ratio(), tiny(r) ? " ~" : "");
}

}  // namespace

bool same_values(const Item& a, const Item& b) {
  return std::memcmp(a.values, b.values, sizeof a.values) == 0;
}

Item golden_item(const RefDeal& d, int kind, int solutions, bool nt_only) {
  Item item;
  if (kind == kTables) put_table(d.table, item);
  if (kind == kSolves) put_scores(d.fut, solutions, item);
  if (kind == kTrick1)
    for (int s = nt_only ? kNumStrains - 1 : 0; s < kNumStrains; ++s)
      for (int l = 0; l < kNumSeats; ++l)
        item.values[s * 4 + l] = 13 - d.table.tricks[s][(l + 3) % 4];
  return item;
}

void report_mismatch(int kind, int deal, const char* a_name, const Item& a, const char* b_name,
                     const Item& b) {
  std::printf("MISMATCH deal %d %s%s:", deal, kItemNames[kind],
              kind == kTrick1 ? " (strain/leader)" : "");
  for (int i = 0; i < (kind == kSolves ? 64 : 20); ++i) {
    if (a.values[i] == b.values[i]) continue;
    if (kind != kSolves)
      std::printf(" %c/%c %s %d %s %d", strain_letter(strain_from_int(i / 4)),
                  seat_letter(seat_from_int(i % 4)), a_name, a.values[i], b_name, b.values[i]);
    else
      std::printf(" %s %s %d %s %d", i == kMaxSlot ? "max" : to_string(Card::from_index(i)).c_str(),
                  a_name, a.values[i], b_name, b.values[i]);
  }
  std::printf("\n");
}

Totals totals_of(const SideResult& r, int kind) {
  Totals t;
  for (const Item& i : r.items[kind]) t.add(i);
  return t;
}

void print_worst_deals(const VsOptions& o, const std::vector<RefDeal>& deals,
                       const std::vector<SideResult>& ours, const std::vector<SideResult>& peer) {
  for (int kind = 0; kind < kWorkKinds; ++kind) {
    if (!o.work[kind]) continue;
    double ratio = 0, a_worst = 0, b_worst = 0;
    int at = -1;
    for (std::size_t i = 0; i < deals.size(); ++i) {
      double a = 0, b = 0;
      for (const SideResult& r : ours) a += r.items[kind][i].cpu_s;
      for (const SideResult& r : peer) b += r.items[kind][i].cpu_s;
      if (b < kWorstDealFloorS * double(peer.size()) || a / b <= ratio) continue;
      ratio = a / b, a_worst = a, b_worst = b, at = deals[i].number;
    }
    if (at < 0) continue;
    std::printf(
        "worst %s (%s at least %.0f ms): deal %d, ddtb %.3f s, %s %.3f s (cpu, %zu rounds), "
        "ratio %.3f\n",
        kItemNames[kind], o.peer(), kWorstDealFloorS * 1e3, at, a_worst, o.peer(), b_worst,
        ours.size(), ratio);
  }
}

void print_per_deal(const VsOptions& o, const std::vector<RefDeal>& deals,
                    const std::vector<SideResult>& ours, const std::vector<SideResult>& peer) {
  for (int kind = 0; kind < kWorkKinds; ++kind) {
    if (!o.work[kind]) continue;
    std::vector<std::vector<double>> a, b;  // [round][deal]
    for (const auto& [runs, times] : {std::pair{&ours, &a}, std::pair{&peer, &b}})
      for (const SideResult& r : *runs) {
        times->emplace_back();
        for (const Item& i : r.items[kind]) times->back().push_back(i.cpu_s);
      }
    const std::vector<ItemRatio> items = median_items(a, b);
    const char* label = kWorkLabels[kind];
    char columns[80];
    std::snprintf(columns, sizeof columns, "  deal      ddtb ms%10s ms    ratio\n", o.peer());
    std::printf(
        "\nper deal, %s: each side's median CPU time of %zu round%s, ratio ddtb/%s "
        "(~: both under %.1f ms)\n",
        label, ours.size(), ours.size() == 1 ? "" : "s", o.peer(), kTinyDealS * 1e3);
    if (!o.quiet) {
      std::printf("%s", columns);
      for (const ItemRatio& r : items) print_deal_ratio(deals, r);
    }
    const RatioSpread s = spread_of(items);
    int tiny_deals = 0, tiny_over = 0;
    for (const ItemRatio& r : items) {
      tiny_deals += tiny(r);
      tiny_over += tiny(r) && r.ratio() > 1.0;
    }
    std::printf("%s per deal: p50 %.3f, p95 %.3f, max %.3f; over 1.0: %d of %zu deals", label,
                s.p50, s.p95, s.max, s.over_one, s.count);
    std::printf(" (%d of them tiny); tiny deals: %d, counted in every figure\n", tiny_over,
                tiny_deals);
    std::printf("%s, the %zu worst deals:\n%s", label, std::min(kWorstListed, items.size()),
                columns);
    for (const ItemRatio& r : worst_items(items, kWorstListed)) print_deal_ratio(deals, r);
  }
}

}  // namespace ddtb::bench
