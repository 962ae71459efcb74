#include "tablebase/format.hpp"

#include <xxhash.h>

namespace ddtb::detail::tb {

std::string layer_file_name(int tricks, StrainClass klass, int bound) {
  return "ddtb-" + std::to_string(4 * tricks) + (klass == StrainClass::kTrump ? "-trump" : "-nt") +
         (bound > 0 ? "-ge" + std::to_string(bound) : std::string()) + ".tbl";
}

bool is_layer_file_name(const std::string& name) {
  for (int tricks = 1; tricks <= 13; ++tricks)
    for (int bound = 0; bound <= tricks; ++bound)
      for (StrainClass klass : {StrainClass::kNoTrump, StrainClass::kTrump})
        if (name == layer_file_name(tricks, klass, bound)) return true;
  return false;
}

std::uint64_t shapes_checksum(const std::vector<ShapeKey>& shapes) {
  return XXH3_64bits(shapes.data(), shapes.size() * sizeof(ShapeKey));
}

std::uint64_t checksum(std::span<const std::uint8_t> b) {
  return XXH3_64bits(b.data(), b.size());
}

std::vector<std::uint8_t> header_bytes(const FileHeader& h) {
  std::vector<std::uint8_t> out;
  ByteWriter w{out};
  for (char c : kMagic) w.u8(static_cast<std::uint8_t>(c));
  w.u32(h.version());
  w.u32(kHeaderBytes);
  w.u8(h.tricks);
  w.u8(static_cast<std::uint8_t>(h.klass));
  w.u8(static_cast<std::uint8_t>(h.bound));
  w.u8(0);
  w.u32(h.partitions);
  w.u32(h.directory_entries);
  w.u32(0);
  w.u64(h.sets);
  w.u64(h.shapes_checksum);
  w.u64(h.directory_offset);
  w.u64(h.data_offset);
  w.u64(h.data_bytes);
  w.u64(h.directory_checksum);
  w.u32(h.builder_version);
  w.u32(h.build_params);
  w.u64(h.lower_checksum);
  out.resize(120, 0);
  w.u64(checksum(std::span(out.data(), 120)));
  return out;
}

}  // namespace ddtb::detail::tb
