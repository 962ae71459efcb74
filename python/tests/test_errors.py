"""Bad input raises ValueError naming what is wrong and where; nothing crashes."""

import pytest

import ddtb

DEAL = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"


@pytest.mark.parametrize("deal, words", [
    ("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652", ["hand"]),
    ("N:QJ6.K652.J85.T9X 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3", ["X"]),
    ("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ2", ["2"]),
    ("Q:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3", ["Q"]),
    ("", []),
    ({"N": "AK...", "E": "QJ...", "S": "...AK"}, ["no hand for W"]),
    ({"N": "AK...", "E": "QJ...", "S": "...AK", "X": "...QJ"}, ["key", "X"]),
    ({"N": "AK..", "E": "QJ...", "S": "...AK", "W": "...QJ"}, ["deal['N']", "has 3 suits"]),
    ({"N": "AZ...", "E": "QJ...", "S": "...AK", "W": "...QJ"}, ["deal['N']", "character 2",
                                                               "'Z'"]),
    ({"N": ["SA", "SX"], "E": "QJ...", "S": "...AK", "W": "...QJ"}, ["deal['N'][1]", "SX"]),
    ({"N": ["SA", "SA"], "E": "QJ...", "S": "...AK", "W": "...QJ"}, ["deal['N'][1]", "twice"]),
    ({"N": "AK...", "E": "AJ...", "S": "...AK", "W": "...QJ"}, ["SA"]),
    ({"N": "AKT...", "E": "QJ...", "S": "...AK", "W": "...QJ"}, ["size"]),
    (["AK...", "QJ...", "...AK"], ["four hands"]),
    (42, ["int"]),
])
def test_bad_deals(deal, words):
    with pytest.raises(ValueError) as e:
        ddtb.Deal(deal)
    for w in words:
        assert w in str(e.value)
    with pytest.raises(ValueError):
        ddtb.dd_table(deal)


@pytest.mark.parametrize("kwargs, words", [
    (dict(trump="X", leader="N"), ["trump", "'X'"]),
    (dict(trump="S", leader="Q"), ["leader", "'Q'"]),
    (dict(trump=7, leader="N"), ["trump", "int"]),
    (dict(trump="S", leader="N", trick=["SQ", "SK", "SA", "S2"]), ["0 to 3"]),
    (dict(trump="S", leader="N", trick=["HZ"]), ["trick[0]", "HZ"]),
    (dict(trump="S", leader="N", trick="SQS"), ["odd"]),
    (dict(trump="S", leader="N", trick=["SQ", "C4"]), ["revoke"]),
    (dict(trump="S", leader="N", trick=["SA"]), ["SA"]),
])
def test_bad_positions(kwargs, words):
    with pytest.raises(ValueError) as e:
        ddtb.Position(DEAL, **kwargs)
    for w in words:
        assert w in str(e.value), str(e.value)


def test_revoke_on_the_table_when_asked():
    # East holds spades but discards: an error, unless taken as played.
    p = ddtb.Position(DEAL, "S", "N", ["SQ", "C4"], as_played=True)
    assert p.to_play == ddtb.Seat.SOUTH
    assert 0 <= ddtb.max_tricks(p) <= 13


def test_bad_play():
    p = ddtb.Position(DEAL, "NT", "E")
    with pytest.raises(ValueError, match="card HA"):
        p.play("HA")  # East does not hold it
    with pytest.raises(ValueError, match="cards"):
        ddtb.analyse_play(DEAL, "3NT by N", ["DA", "SA"])
    with pytest.raises(ValueError, match="card 2"):
        ddtb.analyse_play(DEAL, "3NT by N", ["D7", "SA"])
    with pytest.raises(ValueError, match="contract"):
        ddtb.analyse_play(DEAL, "3NT by Q", [])
    with pytest.raises(ValueError, match="contract"):
        ddtb.analyse_play(DEAL, cards=[], strain="S")
    with pytest.raises(ValueError, match="not both"):
        ddtb.analyse_play(DEAL, "3NT N", [], strain="S", leader="E")


def test_bad_calls():
    with pytest.raises(ValueError, match="ddtb.Position"):
        ddtb.solve(DEAL)
    with pytest.raises(ValueError, match="vulnerability"):
        ddtb.par(ddtb.dd_table(DEAL), "red")
    with pytest.raises(ValueError, match="dealer"):
        ddtb.dealer_par(ddtb.dd_table(DEAL), "X", "None")
    with pytest.raises(ValueError, match=r"table\[0\]\[2\]"):
        ddtb.DDTable([[1, 2, 14, 3]] + [[0] * 4] * 4)
    with pytest.raises(ValueError, match="5 rows"):
        ddtb.DDTable([[0] * 4] * 4)
    with pytest.raises(ValueError, match="strain"):
        ddtb.dd_table(DEAL)["Z"]
    with pytest.raises(ValueError, match="declarer"):
        ddtb.dd_table(DEAL).get("S", "Z")
    with pytest.raises(ValueError, match=r"deals\[1\]"):
        ddtb.dd_tables([DEAL, "N:garbage"], threads=2)
    with pytest.raises(ValueError, match="threads"):
        ddtb.dd_tables([DEAL], threads=-1)
    with pytest.raises(ValueError, match="positions"):
        ddtb.solve_many("not a list")
    with pytest.raises(ValueError, match="tablebase"):
        ddtb.Tablebase("/nonexistent/tables")
    with pytest.raises(ValueError, match="tablebase"):
        ddtb.Solver(tablebase="/nonexistent/tables")
    with pytest.raises(ValueError, match="tt_memory_mb"):
        ddtb.Solver(tt_memory_mb=0)


def test_progress_exception_stops_the_batch():
    seen = []

    def progress(done, total):
        seen.append(done)
        raise KeyError("stop")

    with pytest.raises(KeyError):
        ddtb.dd_tables([DEAL] * 50, threads=2, progress=progress)
    assert len(seen) == 1
