// Endgame tablebases: exact double-dummy values of every position at a trick
// boundary with few cards left, read from files built by `ddtb-build`.
//
// A Tablebase is immutable once opened and thread-safe: any number of
// threads (and Solvers) may share one. Files are mapped read-only; their
// chunks (groups of partitions) are checked on first use and probed in
// place: a chunk stored as is (tables of up to 16 cards) where the file is
// mapped, a compressed one (20 cards and more) in a decompressed copy kept in
// a cache bounded by TablebaseOptions::cache_bytes. See tablebase/FORMAT.md
// for the file format.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ddtb/cards.hpp"
#include "ddtb/expected.hpp"
#include "ddtb/export.hpp"
#include "ddtb/position.hpp"

namespace ddtb {

// May grow within libddtb.so.0 as SolverOptions does (include/ddtb/solver.hpp,
// docs/USAGE.md, "ABI"): fields are only appended, and the library reads only
// those the caller's struct holds.
struct TablebaseOptions {
  // The size of the struct as the caller's header declares it. Leave it as it
  // is: set by the header, read by the library.
  std::uint32_t struct_size = sizeof(TablebaseOptions);
  // Bound on the memory of loaded chunks, all threads together: the
  // decompressed copies of compressed chunks, and the partitions' bounds of
  // every loaded chunk (a chunk stored as is stays in the operating system's
  // file cache, shared by every process). Each searching thread may hold up
  // to 64 more chunks. Outside the bound, made when the tables are opened:
  // where each partition of a chunk stored as is lies in its file once a
  // probe has loaded the chunk, 8 bytes per partition and file. What the
  // default tables take of each: docs/USAGE.md, "Endgame tables".
  std::size_t cache_bytes = std::size_t{256} << 20;
  // New fields go here, at the end (docs/USAGE.md, "ABI").
};

struct TablebaseLayer {
  int cards = 0;       // 4, 8, 12, ...
  bool trump = false;  // trump class (else no trump)
  int at_least = 0;    // 0: exact values; t: a bound layer ("takes at least t")
  std::uint64_t partitions = 0;
  std::uint64_t sets = 0;
  std::uint64_t bytes = 0;  // file size
  std::string path;
};

struct ProbeAnswer {
  int tricks = 0;     // tricks the side of the seat on lead takes from here
  CardSet specified;  // cards whose owners the answer relies on (the set's)
};

struct BoundAnswer {
  bool at_least = false;  // whether the side of the seat on lead takes at least the tricks asked
  CardSet specified;      // cards whose owners the answer relies on (the set's)
};

struct TablebaseStats {
  std::uint64_t probes = 0;
  std::uint64_t hits = 0;
  // Chunks of chunked (raw or compressed) table files loaded and checked;
  // a packed file, read in place, loads none.
  std::uint64_t chunk_loads = 0;
  std::uint64_t cache_bytes = 0;  // loaded chunks held now
  // Chunks or packed blocks that failed their checks (never used).
  std::uint64_t bad_blocks = 0;
};

// What the default search path is made of. current() reads the process's
// environment and the installed directory fixed when the library was
// configured; tests make their own.
struct DDTB_EXPORT TablebaseEnvironment {
  std::optional<std::string> ddtb_tablebase;  // DDTB_TABLEBASE; nullopt: unset
  std::optional<std::string> xdg_data_home;   // XDG_DATA_HOME
  std::optional<std::string> home;            // HOME
  std::string installed_dir;                  // <prefix>/share/ddtb/tables ("": none)
  static TablebaseEnvironment current();
};

// A directory of the search path, and what find_default() found there.
struct TablebaseSearchDir {
  enum class Found {
    kNotLooked,   // default_search_path() only
    kNothing,     // no such directory, or no table file in it: the search goes on
    kUnreadable,  // not a directory, or cannot be read: a warning, the search goes on
    kUnusable,    // holds tables that fail their checks or lack a layer: a warning,
                  // the search stops there (no tables)
    kUsed,        // its tables are the default
  };
  std::string dir;
  // Where it comes from: "DDTB_TABLEBASE", "XDG_DATA_HOME", "HOME" or "installed".
  std::string origin;
  Found found = Found::kNotLooked;
  std::string why;  // kNothing, kUnreadable, kUnusable: "no such directory", "no table files", ...
};

class Tablebase;

// What Tablebase::find_default() found.
struct DefaultTablebase {
  std::shared_ptr<const Tablebase> tables;  // nullptr: none (off, none found, or unusable)
  std::string dir;                          // the directory of `tables`
  bool off = false;                         // DDTB_TABLEBASE is set and empty
  std::vector<TablebaseSearchDir> tried;    // the directories looked at, in order
  // What the user should hear about, each naming the directory and what is
  // wrong: DDTB_TABLEBASE naming no tables, a directory that cannot be read,
  // tables that fail their checks or lack a layer (these are then not used,
  // and the search stops there: the solver runs without tables).
  std::vector<std::string> warnings;
};

// Tablebases are made by open() and find_default() only. The library
// implements the class by one derived from it; any other class derived from
// it holds no tables: its functions answer as if it had none, and a Solver
// does not probe it.
class DDTB_EXPORT Tablebase {
 public:
  // Opens every table file of `dir` (ddtb-<cards>-nt.tbl, ddtb-<cards>-trump.tbl).
  // Errors: `dir` unreadable, no table file in it, or a file failing
  // validation (the message names the file and the check).
  static Expected<std::shared_ptr<const Tablebase>> open(const std::string& dir,
                                                         const TablebaseOptions& options = {});
  virtual ~Tablebase();
  Tablebase(const Tablebase&) = delete;
  Tablebase& operator=(const Tablebase&) = delete;

  // The most cards of any layer present (0 if none), and the fewest.
  int max_cards() const;
  int min_cards() const;
  // The card counts of the layers, as front ends print them: "4-16 cards",
  // or "8 cards" when there is one.
  std::string cards_text() const;
  std::vector<TablebaseLayer> layers() const;

  // The exact value of a position at the start of a trick, or nullopt when
  // the position is not in the tables (too many cards, its layer absent, a
  // trick in progress, or its block failed validation).
  std::optional<ProbeAnswer> probe(const Position& position) const;

  // Whether the side on lead takes at least `tricks` tricks, from a bound
  // layer (ddtb-<cards>-<class>-ge<tricks>.tbl; `ddtb-build build` makes them
  // for 2 .. tricks left - 1 from 12 cards up). A bound answer specifies
  // fewer cards than an exact one, which is what a searching solver wants.
  // nullopt when there is no such layer or the position is not in it.
  std::optional<BoundAnswer> probe_at_least(const Position& position, int tricks) const;

  // Probes and hits include those of the Solvers using these tables.
  TablebaseStats stats() const;

  // The default tables: the first directory of default_search_path() that
  // exists and holds table files, opened. Never fails: what stands in the
  // way is in the result (see DefaultTablebase). Reads the file system
  // each call; a front end calls it once and shares what it returns.
  static DefaultTablebase find_default(
      const TablebaseOptions& options = {},
      const TablebaseEnvironment& environment = TablebaseEnvironment::current());

  // Where find_default() looks, in order (docs/USAGE.md, "Where the tables
  // are found"):
  //   1. $DDTB_TABLEBASE, when it is set;
  //   2. the per-user directory, user_dir();
  //   3. the installed directory, <prefix>/share/ddtb/tables.
  // Empty when DDTB_TABLEBASE is set but empty: the tables are turned off.
  static std::vector<TablebaseSearchDir> default_search_path(
      const TablebaseEnvironment& environment = TablebaseEnvironment::current());

  // The per-user directory, where `ddtb-build build --install` puts the
  // tables: $XDG_DATA_HOME/ddtb/tables when XDG_DATA_HOME is an absolute
  // path, else $HOME/.local/share/ddtb/tables. Error (kNotFound) when
  // neither variable is usable.
  static Expected<std::string> user_dir(
      const TablebaseEnvironment& environment = TablebaseEnvironment::current());

 protected:
  Tablebase() = default;  // for the library's implementation (above)
};

}  // namespace ddtb
