"""The Python surface: deals and positions from strings and structures, the
table object, enums and strings, repr, the Solver object, the tablebase."""

import os
import pickle
import shutil
import subprocess
import sys

import pytest

import ddtb

# list100's first deal; its table as ddsolve prints it (cli/text_format.cpp)
# and as DDS 2.9 gives it (list100.txt's TABLE line).
DEAL = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"
DDSOLVE_TEXT = """\
      NT   S   H   D   C
   N   6   5   6   5   7
   S   6   5   6   5   7
   E   6   8   6   7   5
   W   6   8   6   7   5"""


def test_table_object():
    t = ddtb.dd_table(DEAL)
    assert repr(t) == DDSOLVE_TEXT
    assert t["S"]["N"] == 5 and t["NT"]["E"] == 6 and t["c"]["W"] == 5
    assert t.get("H", "S") == 6 == t.get(ddtb.Strain.HEARTS, ddtb.Seat.SOUTH)
    assert t[ddtb.Strain.NOTRUMP] == {"N": 6, "E": 6, "S": 6, "W": 6}
    d = t.to_dict()
    assert list(d) == ["S", "H", "D", "C", "NT"] and d["D"] == {"N": 5, "E": 7, "S": 5, "W": 7}
    assert ddtb.DDTable(d) == t == ddtb.DDTable(t.to_list())
    assert t.to_list()[0] == [5, 8, 5, 8]


def test_deal_forms_agree():
    d = ddtb.Deal(DEAL)
    assert str(d) == DEAL and repr(d) == f"Deal('{DEAL}')"
    assert ddtb.Deal(d.to_pbn("E")) == d
    assert d.to_pbn("E").startswith("E:873.J97")
    assert ddtb.Deal(d.hands) == d
    assert ddtb.Deal([d.hands[s] for s in "NESW"]) == d
    assert ddtb.Deal({s: d.cards(s) for s in "NESW"}) == d
    assert ddtb.Deal({ddtb.Seat.NORTH: d.hands["N"], "east": d.hands["E"], "s": d.hands["S"],
                      "W": d.hands["W"]}) == d
    assert ddtb.Deal.from_pbn(DEAL) == d
    assert d.cards("N")[:3] == ["SQ", "SJ", "S6"] and d.tricks_left == 13
    assert pickle.loads(pickle.dumps(d)) == d
    assert len({d, ddtb.Deal(DEAL)}) == 1


def test_position_and_play():
    p = ddtb.Position(DEAL, "S", "E")
    assert p.to_play == ddtb.Seat.EAST and p.trump == ddtb.Strain.SPADES
    assert p.tricks_left == 13 and len(p.legal_cards()) == 13
    q = p.play("D7")
    assert q.trick == ["D7"] and q.to_play == ddtb.Seat.SOUTH
    assert q.legal_cards() == ["DK", "DQ", "D9"]
    # The same position from the deal and the card played.
    assert ddtb.Position(DEAL, "S", "E", ["D7"]) == q == ddtb.position(DEAL, "S", "E", "D7")
    assert "trick=['D7']" in repr(q)
    # Declarer N in spades takes 5: East on lead keeps 8.
    assert ddtb.max_tricks(p) == 8
    r = ddtb.solve(q)
    assert r.tricks >= 13 - 8 and set(r.scores) == {"DK", "DQ", "D9"}


def test_par():
    t = ddtb.dd_table(DEAL)
    p = ddtb.par(t, "None")
    assert p.score == -110 and [c.text for c in p.contracts] == ["2S-EW"]
    assert repr(p) == "Par(score=-110, contracts=['2S-EW'])"
    c = p.contracts[0]
    assert (c.level, c.strain, c.side, c.declarers, c.doubled) == (
        2, ddtb.Strain.SPADES, ddtb.Side.EW, ["E", "W"], False)
    assert ddtb.par(DEAL, ddtb.Vulnerability.NONE) == p  # a deal: its table first
    assert ddtb.dealer_par(t, "N", "None").score == -110
    assert ddtb.par_texts(t, "None") == {"NS": ("NS -110", "NS:EW 2S"),
                                         "EW": ("EW 110", "EW:EW 2S")}
    assert ddtb.contract_score(4, "S", vulnerable=True, tricks=10) == 620
    assert ddtb.contract_score(3, "NT", doubled=True, tricks=7) == -300


def test_solver_object():
    s = ddtb.Solver(tt_memory_mb=8)
    assert s.dd_table(DEAL) == ddtb.dd_table(DEAL)
    assert s.stats()["nodes"] > 0
    s.clear()
    assert s.analyse_play(DEAL, "2S by W", "D5DAD9D2") == ddtb.analyse_play(
        DEAL, cards=["D5", "DA", "D9", "D2"], strain="S", leader="N")


def test_help_reads_well():
    assert "dd_table" in ddtb.__doc__ and "ValueError" in ddtb.__doc__
    for name in ddtb.__all__:
        assert getattr(ddtb, name).__doc__, name


@pytest.fixture(scope="module")
def tables():
    exe = os.environ.get("DDTB_PYTHON_SMALL_TABLES")
    if not exe:
        pytest.fail("DDTB_PYTHON_SMALL_TABLES (ddtb_python_small_tables) is not set")
    path = subprocess.run([exe], check=True, capture_output=True, text=True).stdout.strip()
    yield path
    shutil.rmtree(path, ignore_errors=True)


def test_tablebase_gives_the_same_answers(tables):
    tb = ddtb.Tablebase(tables)
    assert tb.max_cards == 12 and len(tb.layers) >= 3 and "max_cards=12" in repr(tb)
    # Endings of 4 tricks: the search asks the tables at trick starts of 3
    # tricks (it probes from 3 tricks up), so these are answered from them.
    endings = ["N:AK32... QJ54... ...AK32 ...QJ54", "N:A.K.Q.J K.Q.J.T Q.J.T.9 J.T.9.8",
               "N:T98.A.. 765.K.. ..2.432 ..3.765", "N:KQ2.A.. AJ3..K. T4.2.Q. 5.K.A.3"]
    plain = ddtb.Solver(tablebase="")  # none, whatever the default
    with_tables = ddtb.Solver(tablebase=tb)
    for e in endings:
        assert with_tables.dd_table(e) == plain.dd_table(e)
    assert plain.stats()["tablebase_hits"] == 0
    assert with_tables.stats()["tablebase_hits"] > 0
    assert ddtb.dd_tables(endings, threads=2, tablebase=tables) == [plain.dd_table(e)
                                                                   for e in endings]
    two = ddtb.Position("N:AK... QJ... ...AK ...QJ", "NT", "N")
    assert tb.probe(two) == ddtb.max_tricks(two) == 2
    try:
        ddtb.set_default_tablebase(tables)
        assert ddtb.default_tablebase_max_cards() == 12
        assert ddtb.dd_table(endings[0]) == plain.dd_table(endings[0])
    finally:
        ddtb.set_default_tablebase(None)
    assert ddtb.default_tablebase_max_cards() == 0


def import_ddtb_in(env_changes, script):
    """Runs `script` after `import ddtb` in a fresh interpreter (the default
    tablebase is found at import), with the suite's environment changed by
    `env_changes` (None: unset); returns (stdout, stderr)."""
    env = dict(os.environ)
    for name, value in env_changes.items():
        if value is None:
            env.pop(name, None)
        else:
            env[name] = value
    done = subprocess.run([sys.executable, "-c", "import ddtb\n" + script], env=env,
                          check=True, capture_output=True, text=True)
    return done.stdout.strip(), done.stderr


def test_default_tablebase_of_the_search_path(tables, tmp_path):
    # The suite runs with DDTB_TABLEBASE= (tables off).
    assert ddtb.default_tablebase() is None and ddtb.tablebase_search_path() == []
    user = tmp_path / "ddtb" / "tables"
    shutil.copytree(tables, user)
    show = "t = ddtb.default_tablebase(); print(t.path if t else None, ddtb.default_tablebase_max_cards())"
    out, err = import_ddtb_in({"DDTB_TABLEBASE": None, "XDG_DATA_HOME": str(tmp_path)}, show)
    assert out == f"{user} 12" and err == ""
    out, err = import_ddtb_in({"DDTB_TABLEBASE": None, "XDG_DATA_HOME": str(tmp_path)},
                              "print(ddtb.tablebase_search_path()[0])")
    assert out == str(user)
    # A truncated file: a warning at import, no default tables, right answers.
    with open(user / "ddtb-8-nt.tbl", "r+b") as f:
        f.truncate(200)
    out, err = import_ddtb_in({"DDTB_TABLEBASE": None, "XDG_DATA_HOME": str(tmp_path)},
                              show + "\ne = 'N:AK2... QJ3... ...AK2 ...QJ3'"
                              "\nprint(ddtb.dd_table(e) == ddtb.Solver(tablebase='').dd_table(e))")
    assert out == "None 0\nTrue"
    assert "RuntimeWarning" in err and "ddtb-8-nt.tbl" in err and "not used" in err
