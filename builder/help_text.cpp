#include "builder/help_text.hpp"

#include <array>

namespace ddtb::detail::tb {

namespace {

struct CommandHelp {
  const char* name;
  const char* usage;  // the command's lines of the synopsis
  const char* text;   // what it does, its options and an example
};

constexpr std::array<CommandHelp, 6> kCommands{{
    {"build",
     R"(  ddtb-build build --cards N --out DIR [--threads T] [--shard i/M | --shard slurm]
                   [--unit-size U] [--store auto|raw|zstd|packed] [--strains nt|trump|all]
                   [--no-bounds] [--quiet]
  ddtb-build build --install [--cards N] [--threads T] [--unit-size U]
                   [--store auto|raw|zstd|packed] [--strains nt|trump|all] [--no-bounds]
                   [--quiet]
)",
     R"(build   Builds every layer up to N cards (4, 8, 12, ...) that DIR lacks, no
        trump and trump, by setrograde analysis; each layer uses the one below
        (read from DIR when present). From 12 cards up it also builds the
        bound layers ddtb-<cards>-<class>-ge<t>.tbl ("the side on lead takes
        at least t tricks", t = 2 .. tricks - 1): they answer what a search
        asks with fewer cards specified, which is what makes the tables pay
        on full deals (--no-bounds: exact layers only). Prints per layer:
        partitions, states evaluated, sets before and after compaction,
        bytes, CPU and wall time.
        Work is done in units of U consecutive partitions (default 256), each
        saved in DIR/ddtb-<cards>-<class>.units/ as it is finished: a build
        that is killed resumes from its finished units when run again.
        --threads T   worker threads (default: all cores)
        --store S     how the table files hold their sets: packed (each
                      partition's sets but those of its most common
                      value, indexed and read in place: under half the
                      bytes of raw; the default of --install; the builder
                      cannot build further layers on packed ones), raw
                      (as is, read in place), zstd (compressed at level
                      19, each chunk decompressed when a probe first
                      needs it) or auto (default: raw up to 16 cards,
                      zstd from 20; see docs/USAGE.md for what each
                      costs at 20 cards)
        --strains C   build the layers of one strain class only: nt (no
                      trump: about a third of the sets, and where the
                      search needs the tables most) or trump; default all.
                      No-trump layers are built on the no-trump layers
                      below alone; trump layers on both classes (a trump
                      position whose last trump is played goes on in no
                      trump), so trump also builds the no-trump layers
                      below N cards. A directory may hold one class deeper
                      than the other (info says what it holds); the solver
                      probes each class where its layers are.
        --shard i/M   build only shard i (0 <= i < M) of the units of the
                      smallest card count missing from DIR, then stop; run
                      every shard (any order, any machines sharing DIR), then
                      'merge'. --shard slurm takes i and M from a Slurm job
                      array (SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_COUNT).
        --install     build the default tables (--cards 16 unless given) into
                      the per-user directory, $XDG_DATA_HOME/ddtb/tables or
                      ~/.local/share/ddtb/tables, where ddsolve, the C API
                      and the Python module find them without being told.
                      The build runs in <that directory>.partial (a killed
                      one resumes there) and replaces the directory only
                      once complete; layers it already holds are reused
                      (rewritten in the current format if older).
        e.g. ddtb-build build --cards 12 --out tables
             ddtb-build build --install
             ddtb-build build --install --cards 20 --strains nt
             ddtb-build build --cards 20 --out /shared/tb --shard 3/64
)"},
    {"merge", R"(  ddtb-build merge DIR [--cards N] [--threads T] [--store auto|raw|zstd]
                  [--strains nt|trump|all] [--keep-units]
)",
     R"(merge   Assembles the missing layers of the smallest card count missing from
        DIR (or of --cards N) from their unit files (bound layers when their
        units are there), writes the table files,
        and deletes the units (--keep-units: keeps them). Refuses, naming the
        unit and its partitions, a missing unit, a duplicate, a corrupt unit
        file or one built with other parameters (another layer below, builder
        version, unit size); exit status 1 then. --threads T: threads
        compressing the table's chunks (default: all cores; same bytes).
        --store S: as for build. --strains C: the classes the shards built
        (as for build; default all).
        e.g. ddtb-build merge /shared/tb --cards 20
)"},
    {"verify",
     R"(  ddtb-build verify DIR [--threads T] [--seed S] [--sample-partitions N]
                        [--solver-positions N] [--quiet]
)",
     R"(verify  Checks every table of DIR two independent ways: each state against
        one trick of search over the layer below (every state up to 12 cards,
        every state of --sample-partitions random partitions beyond, default
        500), and the full solver without tables (every state up to 8 cards,
        --solver-positions random positions per larger layer, default
        100000). Exit status 1 on any mismatch, gap or bad overlap, each
        printed with its position.
        e.g. ddtb-build verify tables --threads 2
)"},
    {"sample",
     R"(  ddtb-build sample --cards N --tables DIR [--partitions K] [--seed S]
                    [--chunk-runs R] [--class nt|trump|both] [--threads T]
                    [--index I]... [--csv FILE] [--quiet]
  ddtb-build sample --cards N --count [--class nt|trump|both]
)",
     R"(sample  Builds K random partitions of each class of the N-card layers
        (default 200, drawn uniformly) over the layer below read from DIR,
        and prints the CPU time, sets and bytes per partition with their
        spread, extrapolated to the whole layers; R runs of consecutive
        partitions (default 50) measure how a table file will compress them.
        --csv writes one line per sampled partition; --index I (repeatable)
        builds partition I of each class given instead of a random draw.
        --count only prints the layer's partitions and canonical states,
        and how many partitions of the layer below one work unit reaches
        (no tables needed). See docs/SCALE.md.
        e.g. ddtb-build sample --cards 20 --tables tb16 --partitions 3000
)"},
    {"info", R"(  ddtb-build info DIR
)",
     R"(info    Prints each table's layer, partitions, sets, bytes, states per byte
        and build parameters; for a layer being built (its units, no table
        yet), the units done and their share of the layer's canonical
        states (the build does the heaviest units first); last, the card
        counts each strain class has layers of.
        e.g. ddtb-build info tables
)"},
    {"repack", R"(  ddtb-build repack DIR [--store packed|auto|raw|zstd] [--threads T]
)",
     R"(repack  Rewrites every table file of DIR in the current format with the
        storage asked (--store as for build; default packed), the sets
        unchanged: tables written by an older ddtb-build, or built
        compressed, load as fast as a new build's without building them
        again. Packed files stay packed (they lack the sets of each
        partition's default value). Each file is written beside its original (room for both is
        needed), and the originals are replaced only once all are written
        (an error or a killed run leaves DIR as it was). A directory with
        an unfinished build (work units) is refused. Prints each file's
        format, storage and bytes before and after.
        e.g. ddtb-build repack ~/.local/share/ddtb/tables
             ddtb-build repack /data/tb20 --store raw
)"},
}};

constexpr const char* kFooter = R"(
A progress bar with an ETA goes to standard error when it is a terminal
(--quiet: none). Exit status: 0 success, 1 failed check or build, 2 usage or
I/O error. docs/DISTRIBUTED.md explains sharded builds, Slurm and MPI.
)";

}  // namespace

std::string help_text(const std::string& command) {
  for (const CommandHelp& c : kCommands)
    if (command == c.name) return std::string("Usage:\n") + c.usage + "\n" + c.text + kFooter;
  std::string usage = "Usage:\n", text;
  for (const CommandHelp& c : kCommands) {
    usage += c.usage;
    text += c.text;
  }
  return usage + "  ddtb-build --help | --version\n\n" + text + kFooter;
}

std::string mpi_help_text() {
  return R"(Usage:
  mpirun -np R ddtb-build-mpi --cards N --out DIR [--threads T] [--unit-size U]
                              [--no-bounds] [--quiet]

Builds every layer up to N cards that DIR lacks, as 'ddtb-build build' does,
on R MPI ranks sharing the directory DIR: rank r builds shard r of R of each
round's work units (as 'ddtb-build build --shard r/R' would), and once every
rank is done, rank 0 merges the layers. Each rank runs T builder threads
(default: all cores of its machine). Killed or failed, the same command
resumes from the finished units. docs/DISTRIBUTED.md explains it.
  e.g. mpirun -np 16 --hostfile hosts ddtb-build-mpi --cards 20 --out /shared/tb --threads 8
)";
}

}  // namespace ddtb::detail::tb
