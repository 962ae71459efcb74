// Reading a tablebase file (tablebase/FORMAT.md): what both layouts share.
// Internal.
//
// Readers never trust the bytes: every field is range-checked through a
// bounds-checked reader and every failure is an Error naming the file and the
// check, never undefined behaviour. The byte source is injectable (a mapped
// file or any buffer), which is what the fuzz targets use.
//
// A LayerFile is one of two types, one per layout (FormatFeatures::layout):
// ChunkedFile (tablebase/chunked_file.hpp), chunks of sets stored raw or
// compressed, and PackedFile (tablebase/packed_file.hpp), a partition index
// over sets read in place. Each probes its own way; what the builder and the
// tests need of any file (its header, its partitions decoded) is here.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "ddtb/expected.hpp"
#include "tablebase/format.hpp"
#include "tablebase/set.hpp"
#include "tablebase/shape_index.hpp"

namespace ddtb::detail::tb {

// A run of consecutive partitions decoded (the builder and the tests):
// partition first + i holds sets[starts[i] .. starts[i + 1]). A packed
// file's partitions keep only the sets of values other than their default,
// given in `defaults` (a state in none of a partition's sets has its
// default value); empty for a chunked file, whose sets hold every state.
struct PartitionRun {
  std::uint32_t first = 0;
  std::vector<std::uint32_t> starts;
  std::vector<TbSet> sets;
  std::vector<std::int8_t> defaults;
};

class ChunkedFile;
class PackedFile;

// A validated layer file over a byte source that outlives it.
class LayerFile {
 public:
  // Validates the header and what the layout reads before any probe
  // (FORMAT.md "Validation"); `name` is used in error messages. Files opened
  // together share their partitions' index through `catalog` (none: the
  // file makes its own).
  static Expected<std::unique_ptr<LayerFile>> parse(std::span<const std::uint8_t> bytes,
                                                    std::string name,
                                                    ShapeCatalog* catalog = nullptr);
  // Maps `path` read-only and parses it; the mapping lives as long as the
  // returned object.
  static Expected<std::unique_ptr<LayerFile>> open(const std::string& path,
                                                   ShapeCatalog* catalog = nullptr);
  virtual ~LayerFile();
  LayerFile(const LayerFile&) = delete;
  LayerFile& operator=(const LayerFile&) = delete;

  const FileHeader& header() const { return header_; }
  Layout layout() const { return header_.format.layout; }
  // The file as its layout's type, or null when it has the other layout.
  const ChunkedFile* as_chunked() const;
  const PackedFile* as_packed() const;

  const std::string& name() const { return name_; }
  const std::vector<ShapeKey>& shapes() const { return index_->shapes(); }
  // Index of a shape in shapes(), or -1.
  int find(ShapeKey shape) const { return index_->find(shape); }
  // The file's bytes.
  const std::uint8_t* base() const { return bytes_.data(); }
  std::span<const std::uint8_t> bytes() const { return bytes_; }

  // The file's partitions in runs, each decoded whole and fully validated:
  // a chunked file's chunks, a packed file's index lines.
  virtual std::size_t runs() const = 0;
  // The run holding partition `index` (< partitions).
  virtual std::size_t run_of(std::size_t index) const = 0;
  virtual Expected<PartitionRun> load_run(std::size_t r) const = 0;

 protected:
  LayerFile(std::span<const std::uint8_t> bytes, std::string name, const FileHeader& header,
            std::shared_ptr<const ShapeIndex> index)
      : bytes_(bytes), name_(std::move(name)), header_(header), index_(std::move(index)) {}

 private:
  std::span<const std::uint8_t> bytes_;
  void* mapping_ = nullptr;
  std::size_t mapping_size_ = 0;
  std::string name_;
  FileHeader header_;
  std::shared_ptr<const ShapeIndex> index_;
};

// The error of a file's bytes that fail a check: "<name>: <what>".
Error corrupt_file(const std::string& name, const std::string& what);

}  // namespace ddtb::detail::tb
