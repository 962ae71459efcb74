// Tablebase, and the default tablebase the module-level functions use.
#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <vector>

#include "bind.hpp"
#include "convert.hpp"
#include "ddtb/tablebase.hpp"
#include "docs.hpp"
#include "session.hpp"

namespace ddtb::python {

using namespace pybind11::literals;

void bind_tablebases(py::module_& m) {
  py::class_<PyTablebase>(m, "Tablebase", docs::kTablebase)
      .def(py::init([](const std::string& path, double cache_mb) {
             if (!(cache_mb > 0)) throw py::value_error("cache_mb: must be positive");
             return open_tablebase(path, static_cast<std::size_t>(cache_mb * kMiB));
           }),
           "path"_a, "cache_mb"_a = 256.0)
      .def_readonly("path", &PyTablebase::path)
      .def_property_readonly("max_cards",
                             [](const PyTablebase& t) { return t.tables->max_cards(); })
      .def_property_readonly(
          "layers",
          [](const PyTablebase& t) {
            py::list out;
            for (const auto& l : t.tables->layers())
              out.append(py::dict("cards"_a = l.cards, "trump"_a = l.trump,
                                  "at_least"_a = l.at_least, "partitions"_a = l.partitions,
                                  "sets"_a = l.sets, "bytes"_a = l.bytes, "path"_a = l.path));
            return out;
          },
          "One dict per table file.")
      .def(
          "probe",
          [](const PyTablebase& t, py::handle pos) -> std::optional<int> {
            auto a = t.tables->probe(to_position(pos, "position"));
            if (!a) return std::nullopt;
            return a->tricks;
          },
          "position"_a,
          "Tricks the side on lead takes, or None when the position is not in the tables.")
      .def("__repr__", [](const PyTablebase& t) {
        return "Tablebase('" + t.path + "', max_cards=" + std::to_string(t.tables->max_cards()) +
               ")";
      });
  m.def(
      "set_default_tablebase",
      [](py::handle tb) {
        set_default_tablebase(tb.is_none() ? PyTablebase{} : resolve_py_tablebase(tb, "tablebase"));
      },
      "tablebase"_a, docs::kSetDefaultTablebase);
  m.def(
      "default_tablebase",
      []() -> std::optional<PyTablebase> {
        auto t = default_tablebase();
        if (!t.tables) return std::nullopt;
        return t;
      },
      "The default tablebase (a Tablebase, its path the directory it came from), or None.");
  m.def(
      "default_tablebase_max_cards",
      [] {
        auto t = default_tablebase();
        return t.tables ? t.tables->max_cards() : 0;
      },
      "The most cards of the default tablebase's layers (0: no default tablebase).");
  m.def("use_default_tablebase", &use_default_tablebase, docs::kUseDefaultTablebase);
  m.def(
      "tablebase_search_path",
      [] {
        std::vector<std::string> dirs;
        for (const auto& d : Tablebase::default_search_path()) dirs.push_back(d.dir);
        return dirs;
      },
      "The directories searched for the default tables, in order (docs/USAGE.md); empty when "
      "DDTB_TABLEBASE is set but empty.");
}

}  // namespace ddtb::python
