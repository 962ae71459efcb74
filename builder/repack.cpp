#include "builder/repack.hpp"

#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstring>
#include <map>
#include <memory>

#include "builder/file_io.hpp"
#include "builder/packed_writer.hpp"
#include "builder/unit_file.hpp"
#include "tablebase/chunked_file.hpp"
#include "tablebase/packed_file.hpp"
#include "tablebase/set_codec.hpp"

namespace ddtb::detail::tb {

namespace {

constexpr const char* kStaged = ".repack";

std::uint64_t file_size(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 ? static_cast<std::uint64_t>(st.st_size) : 0;
}

bool compressed(const LayerFile& f) {
  const ChunkedFile* chunked = f.as_chunked();
  if (!chunked) return false;
  for (std::size_t c = 0; c < chunked->chunks(); ++c)
    if (chunked->chunk_entry(c).encoding != 0) return true;
  return false;
}

// The staged files of this run, removed unless handed over.
struct Staged {
  std::vector<std::string> paths;
  bool handed_over = false;
  ~Staged() {
    if (!handed_over)
      for (const std::string& p : paths) ::unlink(p.c_str());
  }
};

// Every layer file of the directory, fewest cards first (exact layers
// before the bound layers of their card count), and what is in the way.
struct Listing {
  struct Entry {
    int tricks, bound;
    StrainClass klass;
  };
  std::vector<Entry> layers;
  std::vector<std::string> unit_dirs, leftovers;
};

Expected<Listing> list_dir(const std::string& dir) {
  DIR* d = ::opendir(dir.c_str());
  if (!d) return Error{ErrorCode::kIo, dir + ": " + std::strerror(errno)};
  std::vector<std::string> names;
  while (const dirent* e = ::readdir(d)) names.emplace_back(e->d_name);
  ::closedir(d);
  const auto has = [&](const std::string& n) {
    return std::find(names.begin(), names.end(), n) != names.end();
  };
  Listing out;
  for (int tricks = 1; tricks <= 13; ++tricks)
    for (int bound = 0; bound <= tricks; ++bound)
      for (int k = 0; k < 2; ++k) {
        const auto klass = static_cast<StrainClass>(k);
        if (has(layer_file_name(tricks, klass, bound)))
          out.layers.push_back({tricks, bound, klass});
        if (has(unit_dir_name(tricks, klass, bound)))
          out.unit_dirs.push_back(unit_dir_name(tricks, klass, bound));
      }
  for (const std::string& n : names)
    if (n.ends_with(kStaged)) out.leftovers.push_back(n);
  return out;
}

// add(sets, default value) for every partition of `file` in order (the
// default -1 but for a packed file's), then checks the sets against the
// header's count.
template <class Add>
Expected<void> each_partition(const LayerFile& file, Add&& add) {
  std::uint64_t sets = 0;
  for (std::size_t c = 0; c < file.runs(); ++c) {
    auto chunk = file.load_run(c);
    if (!chunk) return chunk.error();
    for (std::size_t i = 0; i + 1 < chunk->starts.size(); ++i) {
      const std::span<const TbSet> part(chunk->sets.data() + chunk->starts[i],
                                        chunk->starts[i + 1] - chunk->starts[i]);
      if (auto added = add(part, chunk->defaults.empty() ? -1 : chunk->defaults[i]); !added)
        return added.error();
      sets += part.size();
    }
  }
  if (sets != file.header().sets)
    return Error{ErrorCode::kCorruptData, file.name() + ": its chunks hold " +
                                              std::to_string(sets) + " sets, its header " +
                                              std::to_string(file.header().sets)};
  return {};
}

// Writes `file`'s sets to `path` in the current format, or packed.
Expected<std::uint64_t> rewrite(const LayerFile& file, const std::string& path,
                                const RepackOptions& options, std::uint64_t lower_checksum) {
  const FileHeader& h = file.header();
  const bool pack = options.storage.is_packed();
  if (file.layout() == Layout::kPacked && !pack)
    return Error{ErrorCode::kBadArgument,
                 file.name() + ": packed (format " + std::to_string(h.version()) +
                     "), which keeps only the sets of values other than each partition's "
                     "default: it cannot be rewritten unpacked (build the layer again)"};
  WriteOptions wo;
  wo.zstd_level = pack ? 0 : options.storage.zstd_level;
  wo.threads = options.threads;
  wo.build_params = h.build_params & ~0xff00u;  // the storage is the writer's
  wo.lower_checksum = lower_checksum;
  wo.builder_version = h.builder_version;
  if (pack) {
    PackedLayerWriter writer(path, h.tricks, h.klass, wo, h.bound);
    auto added = each_partition(
        file, [&](std::span<const TbSet> part, int dflt) { return writer.add(part, dflt); });
    if (!added) return added.error();
    return writer.finish();
  }
  LayerWriter writer(path, h.tricks, h.klass, wo, h.bound);
  std::vector<std::uint8_t> encoded;
  auto added = each_partition(file, [&](std::span<const TbSet> part, int) {
    encoded.clear();
    encode_sets(part, encoded);
    return writer.add(encoded, part.size());
  });
  if (!added) return added.error();
  return writer.finish();
}

}  // namespace

Expected<std::vector<RepackedLayer>> repack_tables(const std::string& dir,
                                                   const RepackOptions& options,
                                                   const RepackProgress& progress) {
  auto listing = list_dir(dir);
  if (!listing) return listing.error();
  if (!listing->unit_dirs.empty())
    return Error{ErrorCode::kBadArgument,
                 dir + "/" + listing->unit_dirs.front() +
                     ": work units of an unfinished build; finish it (ddtb-build build or merge) "
                     "before repacking, its units are tied to the layers below them"};
  if (listing->layers.empty())
    return Error{ErrorCode::kNotFound, dir + ": no table files (ddtb-*.tbl)"};
  for (const std::string& n : listing->leftovers) ::unlink((dir + "/" + n).c_str());

  // Header checksums of each card count's exact files, before and after:
  // both classes' XOR (index 2), what most layers record, and each class's
  // own (0, 1): a no-trump layer built where there was no trump file below
  // records the no-trump file's.
  std::map<int, std::array<std::uint64_t, 3>> old_sum, new_sum;
  for (const auto& e : listing->layers) {
    if (e.bound != 0) continue;
    auto file = LayerFile::open(dir + "/" + layer_file_name(e.tricks, e.klass));
    if (!file) return file.error();
    old_sum[e.tricks][2] ^= (*file)->header().header_checksum;
    old_sum[e.tricks][static_cast<int>(e.klass)] = (*file)->header().header_checksum;
  }

  Staged staged;
  std::vector<RepackedLayer> done;
  for (const auto& e : listing->layers) {
    const std::string name = layer_file_name(e.tricks, e.klass, e.bound);
    const std::string path = dir + "/" + name;
    auto file = LayerFile::open(path);
    if (!file) return file.error();
    const FileHeader& h = (*file)->header();
    // Provenance kept as it was: rechained only where it held.
    std::uint64_t lower = h.lower_checksum;
    if (const auto below = old_sum.find(e.tricks - 1); below != old_sum.end())
      for (const int i : {2, e.klass == StrainClass::kNoTrump ? 0 : 2})
        if (lower == below->second[i]) {
          lower = new_sum[e.tricks - 1][i];
          break;
        }
    const std::string out = path + kStaged;
    staged.paths.push_back(out);
    auto header_sum = rewrite(**file, out, options, lower);
    if (!header_sum) return header_sum.error();
    if (e.bound == 0) {
      new_sum[e.tricks][2] ^= *header_sum;
      new_sum[e.tricks][static_cast<int>(e.klass)] = *header_sum;
    }

    auto written = LayerFile::open(out);
    if (!written) return written.error();
    RepackedLayer r;
    r.name = name;
    r.sets = h.sets;
    r.version_before = h.version();
    r.version_after = (*written)->header().version();
    r.compressed_before = compressed(**file);
    r.compressed_after = compressed(**written);
    r.packed_before = (*file)->layout() == Layout::kPacked;
    r.packed_after = (*written)->layout() == Layout::kPacked;
    r.sets_after = (*written)->header().sets;
    r.bytes_before = file_size(path);
    r.bytes_after = file_size(out);
    done.push_back(r);
    if (progress) progress(r);
  }
  // Every file is written: put them in place, fewest cards first.
  for (const RepackedLayer& r : done) {
    const std::string path = dir + "/" + r.name;
    if (::rename((path + kStaged).c_str(), path.c_str()) != 0)
      return Error{ErrorCode::kIo, path + kStaged + ": " + std::strerror(errno)};
  }
  staged.handed_over = true;
  if (auto synced = sync_parent_directory(dir + "/" + done.front().name); !synced)
    return synced.error();
  return done;
}

}  // namespace ddtb::detail::tb
