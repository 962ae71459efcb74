"""Shared helpers of the Python tests: the golden hands and the environment.

The golden hands: the project's own, tests/data/golden/deals.txt (DDS 2.9's
answers on the project's deals, always there), and DDS's list100.txt and
list1000.txt in DDTB_REF_DIR (../shared/ref beside the project, never copied
into it), which a plain clone lacks: tests of those skip without them. CTest
runs these with PYTHONPATH at the built module and DDTB_REF_DIR set.
"""

import os
import pathlib
from dataclasses import dataclass, field

import pytest

SOURCE_DIR = pathlib.Path(os.environ.get("DDTB_SOURCE_DIR",
                                         pathlib.Path(__file__).resolve().parents[2]))
REF_DIR = pathlib.Path(os.environ.get("DDTB_REF_DIR", SOURCE_DIR.parent / "shared" / "ref"))
GOLDEN_DIR = SOURCE_DIR / "tests" / "data" / "golden"


@dataclass
class RefDeal:
    """One deal of a hand list in DDS's format.

    Format: tests/README.md, "DDS's hand lists"; tests/data/golden/README.md.
    """
    line: int
    dealer: int
    vul: int
    trump: int
    first: int
    pbn: str
    fut: list = field(default_factory=list)  # (suit, rank, equals, tricks)
    table: list = field(default_factory=list)  # [strain][hand]
    par: tuple = ()
    par2: tuple = ()
    play: str = ""
    trace: list = field(default_factory=list)


def _quoted(rest):
    return [part for i, part in enumerate(rest.split('"')) if i % 2 == 1]


def read_golden():
    """The project's golden deals; a missing file fails."""
    path = GOLDEN_DIR / "deals.txt"
    if not path.exists():
        pytest.fail(f"golden file {path} missing (a damaged checkout?)")
    return read_hand_list(path)


def ref_missing(name):
    """The reason a test of DDS's list `name` skips, or None when it is there."""
    path = REF_DIR / name
    if path.exists():
        return None
    return (f"DDS's {name} is not in {REF_DIR} (DDTB_REF_DIR; by default ../shared/ref "
            "beside the project): skipped. The project's own golden data, "
            "tests/data/golden/, is tested in its place.")


def read_hand_list(path):
    deals = []
    for number, raw in enumerate(path.read_text().splitlines(), 1):
        key, _, rest = raw.strip().partition(" ")
        if key == "PBN":
            dealer, vul, trump, first = (int(x) for x in rest.split()[:4])
            deals.append(RefDeal(number, dealer, vul, trump, first, _quoted(rest)[0]))
        elif key == "FUT":
            v = [int(x) for x in rest.split()]
            n = v[0]
            deals[-1].fut = list(zip(v[1:1 + n], v[1 + n:1 + 2 * n], v[1 + 2 * n:1 + 3 * n],
                                     v[1 + 3 * n:1 + 4 * n]))
        elif key == "TABLE":
            v = [int(x) for x in rest.split()]
            deals[-1].table = [v[4 * s:4 * s + 4] for s in range(5)]
        elif key == "PAR":
            deals[-1].par = tuple(_quoted(rest))
        elif key == "PAR2":
            deals[-1].par2 = tuple(_quoted(rest))
        elif key == "PLAY":
            deals[-1].play = _quoted(rest)[0]
        elif key == "TRACE":
            deals[-1].trace = [int(x) for x in rest.split()[1:]]
    return deals

