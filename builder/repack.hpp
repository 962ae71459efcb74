// Rewriting a table directory's files in the current format (versions 3
// and 4, tablebase/FORMAT.md) with the chosen storage, their sets
// unchanged: tables built by an older builder, or built compressed, become
// what a build today would write, without building them again. Internal.
//
// A layer records the header checksums of the layer below it (provenance,
// checked by verify), and a rewritten file has a new header. Layers are
// rewritten from the fewest cards up, and a layer that recorded its lower
// layers' checksums records the rewritten ones'. Every file is written
// beside its original (<name>.repack) and the originals are replaced only
// once all are written: an error or a killed run leaves the directory as it
// was (a rerun removes the leftovers). A directory holding work units (an
// unfinished build) is refused: its units are tied to the layers below them.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "builder/layer_writer.hpp"
#include "ddtb/expected.hpp"

namespace ddtb::detail::tb {

struct RepackOptions {
  // The layout and a chunked file's zstd level (0 raw, kTableLevel by card
  // count). A packed file can only stay packed: the sets of its
  // partitions' default values are not in it.
  Storage storage = Storage::packed();
  int threads = 1;  // compressing chunks
};

struct RepackedLayer {
  std::string name;  // the file's name in the directory
  std::uint64_t sets = 0;
  std::uint32_t version_before = 0, version_after = 0;
  bool compressed_before = false, compressed_after = false;
  bool packed_before = false, packed_after = false;
  std::uint64_t sets_after = 0;  // packed: the sets stored
  std::uint64_t bytes_before = 0, bytes_after = 0;
};

// Called after each layer is written (not yet in place).
using RepackProgress = std::function<void(const RepackedLayer& layer)>;

// Rewrites every layer file of `dir`. Errors: units in the directory
// (kBadArgument), a file that fails its checks (kCorruptData, naming it),
// I/O (kIo); the directory is then as it was.
Expected<std::vector<RepackedLayer>> repack_tables(const std::string& dir,
                                                   const RepackOptions& options,
                                                   const RepackProgress& progress = nullptr);

}  // namespace ddtb::detail::tb
