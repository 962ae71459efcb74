#!/usr/bin/env python3
"""DD tables of list100 through the ddtb module against the same deals through
ctypes on Debian's libdds (DDS 2.9), as ctypes users (endplay, BEN) call it:
one CalcDDtablePBN per deal, after SetMaxThreads(1) for one thread.

Also the module's overhead over the C++ API (Solver::dd_table timed in C++,
in this process), and the batch on 1 and 2 threads. Rounds alternate the
variants in one process, so a machine shared with other work slows them
alike; CPU seconds are the figures to compare for one thread, wall seconds
for the 2-thread speed-up.

    PYTHONPATH=build/python /usr/bin/python3 python/bench/python_vs_libdds.py [--deals N] [--rounds R]
"""

import argparse
import ctypes
import os
import pathlib
import statistics
import time

import ddtb
from ddtb import _ddtb

HERE = pathlib.Path(__file__).resolve().parent
DEFAULT_LIST = HERE.parents[1].parent / "shared" / "ref" / "list100.txt"
LIBDDS = "/usr/lib/x86_64-linux-gnu/libdds.so.0"


class DdTableDealPBN(ctypes.Structure):
    _fields_ = [("cards", ctypes.c_char * 80)]


class DdTableResults(ctypes.Structure):
    _fields_ = [("resTable", (ctypes.c_int * 4) * 5)]


def load_libdds(path):
    lib = ctypes.CDLL(path)
    lib.CalcDDtablePBN.argtypes = [DdTableDealPBN, ctypes.POINTER(DdTableResults)]
    lib.CalcDDtablePBN.restype = ctypes.c_int
    lib.SetMaxThreads.argtypes = [ctypes.c_int]
    lib.SetMaxThreads(1)
    return lib


def libdds_tables(lib, deals):
    out = []
    for pbn in deals:
        res = DdTableResults()
        rc = lib.CalcDDtablePBN(DdTableDealPBN(pbn.encode()), ctypes.byref(res))
        if rc != 1:
            raise RuntimeError(f"CalcDDtablePBN returned {rc} for {pbn}")
        out.append([list(row) for row in res.resTable])
    return out


def read_deals(path, n):
    deals = []
    for line in pathlib.Path(path).read_text().splitlines():
        if line.startswith("PBN "):
            deals.append(line.split('"')[1])
    return deals[:n]


def timed(fn):
    w0, c0 = time.perf_counter(), time.process_time()
    result = fn()
    return result, time.perf_counter() - w0, time.process_time() - c0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--list", default=os.environ.get("DDTB_REF_DIR", "") and
                    os.path.join(os.environ["DDTB_REF_DIR"], "list100.txt") or str(DEFAULT_LIST))
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--libdds", default=LIBDDS)
    ap.add_argument("--skip-libdds", action="store_true", help="only ddtb's variants")
    args = ap.parse_args()

    deals = read_deals(args.list, args.deals)
    lib = None if args.skip_libdds else load_libdds(args.libdds)
    variants = {
        "C++ API, 1 thread (Solver::dd_table)": lambda: (None, _ddtb._cpp_dd_tables_seconds(deals)),
        "Python dd_table loop, 1 thread": lambda: ([ddtb.dd_table(d) for d in deals], None),
        "Python dd_tables, threads=1": lambda: (ddtb.dd_tables(deals, threads=1), None),
        "Python dd_tables, threads=2": lambda: (ddtb.dd_tables(deals, threads=2), None),
    }
    if lib:
        variants["ctypes libdds CalcDDtablePBN, 1 thread"] = lambda: (libdds_tables(lib, deals),
                                                                      None)
    wall = {k: [] for k in variants}
    cpu = {k: [] for k in variants}
    reference = None
    for r in range(args.rounds):
        for name, fn in variants.items():
            (tables, inner), w, c = timed(fn)
            if inner is not None:  # the C++ loop's own times, without the call's parsing
                w, c = inner
            if tables is not None:
                as_lists = [t if isinstance(t, list) else t.to_list() for t in tables]
                reference = reference or as_lists
                assert as_lists == reference, f"{name}: tables differ"
            wall[name].append(w)
            cpu[name].append(c)
        print(f"round {r + 1}/{args.rounds} done", flush=True)

    print(f"\n{len(deals)} deals of {args.list}, {args.rounds} alternated rounds, "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs; median seconds")
    print(f"{'variant':44} {'wall':>8} {'CPU':>8}")
    med_w = {k: statistics.median(v) for k, v in wall.items()}
    med_c = {k: statistics.median(v) for k, v in cpu.items()}
    for k in variants:
        print(f"{k:44} {med_w[k]:8.2f} {med_c[k]:8.2f}")
    cpp = "C++ API, 1 thread (Solver::dd_table)"
    one = "Python dd_tables, threads=1"
    print(f"\nPython overhead over the C++ API (CPU, dd_tables threads=1): "
          f"{100 * (med_c[one] / med_c[cpp] - 1):+.1f} %")
    print(f"Python overhead over the C++ API (CPU, dd_table loop):        "
          f"{100 * (med_c['Python dd_table loop, 1 thread'] / med_c[cpp] - 1):+.1f} %")
    if lib:
        dds = "ctypes libdds CalcDDtablePBN, 1 thread"
        print(f"Python batch / ctypes libdds, 1 thread (CPU):  {med_c[one] / med_c[dds]:.3f}")
        print(f"Python batch / ctypes libdds, 1 thread (wall): {med_w[one] / med_w[dds]:.3f}")
    print(f"2 threads vs 1 (wall speed-up): "
          f"{med_w[one] / med_w['Python dd_tables, threads=2']:.2f} x")


if __name__ == "__main__":
    main()
