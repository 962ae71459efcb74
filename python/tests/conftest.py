"""Shared helpers of the Python tests: the golden hands and the environment.

CTest runs these with PYTHONPATH at the built module and DDTB_REF_DIR at the
golden hands (../shared/ref beside the project: never copied into it).
"""

import os
import pathlib
from dataclasses import dataclass, field

import pytest

SOURCE_DIR = pathlib.Path(os.environ.get("DDTB_SOURCE_DIR",
                                         pathlib.Path(__file__).resolve().parents[2]))
REF_DIR = pathlib.Path(os.environ.get("DDTB_REF_DIR", SOURCE_DIR.parent / "shared" / "ref"))


@dataclass
class RefDeal:
    """One deal of DDS's list100.txt (format: tests/README.md, "DDS's hand lists")."""
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


def read_ref(name="list100.txt"):
    path = REF_DIR / name
    if not path.exists():
        pytest.fail(f"golden file {path} missing (set DDTB_REF_DIR)")
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


@pytest.fixture(scope="session")
def list100():
    return read_ref("list100.txt")
