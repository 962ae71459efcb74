// The public Tablebase: opening a directory's layer files into the
// library's TablebaseFiles (tablebase/tablebase_files.hpp), what they hold,
// the probe of one position, and the statistics.
#include "ddtb/tablebase.hpp"

#include <dirent.h>

#include <algorithm>
#include <cstddef>
#include <type_traits>

#include "core/given_options.hpp"
#include "tablebase/probe_session.hpp"
#include "tablebase/tablebase_files.hpp"

namespace ddtb {

using detail::kLayers;
using detail::layer_id;
using detail::ProbeSession;
using detail::TablebaseFiles;
using detail::tb::LayerFile;
using detail::tb::StrainClass;

namespace {

// What `tb` holds, or nullptr when it is not the library's (a class derived
// from Tablebase elsewhere: it holds no tables).
const TablebaseFiles* files_of(const Tablebase& tb) {
  return dynamic_cast<const TablebaseFiles*>(&tb);
}

// The layout rule of core/given_options.hpp (docs/USAGE.md, "ABI").
static_assert(std::is_standard_layout_v<TablebaseOptions>);
static_assert(detail::ends_at_field(sizeof(TablebaseOptions),
                                    offsetof(TablebaseOptions, cache_bytes),
                                    sizeof(TablebaseOptions::cache_bytes)),
              "TablebaseOptions must end where its last field ends");

}  // namespace

Tablebase::~Tablebase() = default;

Expected<std::shared_ptr<const Tablebase>> Tablebase::open(const std::string& dir,
                                                           const TablebaseOptions& options) {
  DIR* d = ::opendir(dir.c_str());
  if (!d) return Error{ErrorCode::kIo, dir + ": cannot read the directory"};
  std::vector<std::string> names;
  while (dirent* e = ::readdir(d)) names.emplace_back(e->d_name);
  ::closedir(d);

  const detail::GivenOptions given(options);
  TablebaseOptions o;
  // Every field is named: a field appended to TablebaseOptions stops this
  // from compiling until it is read here too.
  const auto& [struct_size, cache_bytes] = options;
  given.read(cache_bytes, o.cache_bytes);

  auto tb = std::make_shared<TablebaseFiles>();
  detail::tb::ShapeCatalog catalog;
  int found = 0;
  for (int tricks = 1; tricks <= 13; ++tricks) {
    for (int bound = 0; bound <= tricks; ++bound) {
      for (int klass = 0; klass < 2; ++klass) {
        const std::string name =
            detail::tb::layer_file_name(tricks, static_cast<StrainClass>(klass), bound);
        if (std::find(names.begin(), names.end(), name) == names.end()) continue;
        auto file = LayerFile::open(dir + "/" + name, &catalog);
        if (!file) return file.error();
        const auto& h = (*file)->header();
        if (h.tricks != tricks || static_cast<int>(h.klass) != klass || h.bound != bound)
          return Error{ErrorCode::kCorruptData,
                       dir + "/" + name + ": its header describes another layer"};
        tb->add(layer_id(tricks, bound, klass), std::move(*file));
        ++found;
      }
    }
  }
  if (!found)
    return Error{ErrorCode::kNotFound, dir +
                                           ": no tablebase file (ddtb-<cards>-nt.tbl or "
                                           "ddtb-<cards>-trump.tbl)"};
  tb->make_cache(o.cache_bytes);
  return std::shared_ptr<const Tablebase>(std::move(tb));
}

int Tablebase::max_cards() const {
  const TablebaseFiles* t = files_of(*this);
  return t ? 4 * t->max_tricks : 0;
}

int Tablebase::min_cards() const {
  const TablebaseFiles* t = files_of(*this);
  if (!t) return 0;
  for (int tricks = 1; tricks <= t->max_tricks; ++tricks)
    for (int id = layer_id(tricks, 0, 0); id < layer_id(tricks + 1, 0, 0); ++id)
      if (t->files[id]) return 4 * tricks;
  return 0;
}

std::string Tablebase::cards_text() const {
  const int lo = min_cards(), hi = max_cards();
  return (lo == hi ? std::to_string(hi) : std::to_string(lo) + "-" + std::to_string(hi)) + " cards";
}

std::vector<TablebaseLayer> Tablebase::layers() const {
  std::vector<TablebaseLayer> out;
  const TablebaseFiles* t = files_of(*this);
  if (!t) return out;
  for (int tricks = 1; tricks <= 13; ++tricks)
    for (int bound = 0; bound <= tricks; ++bound)
      for (int klass = 0; klass < 2; ++klass)
        if (const LayerFile* f = t->files[layer_id(tricks, bound, klass)].get()) {
          TablebaseLayer l;
          l.cards = 4 * tricks;
          l.trump = klass == 1;
          l.at_least = bound;
          l.partitions = f->header().partitions;
          l.sets = f->header().sets;
          l.bytes = f->header().data_offset + f->header().data_bytes;
          l.path = f->name();
          out.push_back(l);
        }
  return out;
}

std::optional<ProbeAnswer> Tablebase::probe(const Position& position) const {
  const TablebaseFiles* t = files_of(*this);
  if (!t || position.trick_size() != 0) return std::nullopt;
  std::array<detail::Bits, 4> hands;
  for (int s = 0; s < 4; ++s) hands[s] = position.hand(seat_from_int(s)).bits();
  detail::ProbeResult r;
  const int trump =
      position.trump() == Strain::NoTrump ? detail::kNoTrump : to_int(position.trump());
  if (!t->probe(nullptr, hands, to_int(position.leader()), trump, r)) return std::nullopt;
  return ProbeAnswer{r.leader_tricks, CardSet(r.specified)};
}

std::optional<BoundAnswer> Tablebase::probe_at_least(const Position& position, int tricks) const {
  const TablebaseFiles* t = files_of(*this);
  if (!t || position.trick_size() != 0) return std::nullopt;
  std::array<detail::Bits, 4> hands;
  for (int s = 0; s < 4; ++s) hands[s] = position.hand(seat_from_int(s)).bits();
  detail::BoundResult r;
  const int trump =
      position.trump() == Strain::NoTrump ? detail::kNoTrump : to_int(position.trump());
  if (!t->probe_at_least(nullptr, hands, to_int(position.leader()), trump, tricks, r))
    return std::nullopt;
  return BoundAnswer{r.at_least, CardSet(r.specified)};
}

TablebaseStats Tablebase::stats() const {
  TablebaseStats s;
  const TablebaseFiles* t = files_of(*this);
  if (!t) return s;
  s.probes = t->probes;
  s.hits = t->hits;
  {
    std::lock_guard<std::mutex> lock(t->sessions_mutex);
    for (const ProbeSession* session : t->sessions) {
      s.probes += session->probes();
      s.hits += session->hits();
    }
  }
  s.chunk_loads = t->loads;
  s.cache_bytes = t->cache->bytes();
  s.bad_blocks = t->bad_blocks;
  for (const auto& f : t->files)
    if (const detail::tb::PackedFile* packed = f ? f->as_packed() : nullptr)
      s.bad_blocks += packed->damaged_blocks();
  return s;
}

namespace detail {

std::unique_ptr<EndgameProbe> open_endgame_probe(std::shared_ptr<const Tablebase> tables) {
  auto files = std::dynamic_pointer_cast<const TablebaseFiles>(std::move(tables));
  if (!files) return nullptr;
  return std::make_unique<ProbeSession>(std::move(files));
}

}  // namespace detail
}  // namespace ddtb
