"""ddtb.single_dummy: deals sampled under constraints and each figure equal to
what the sampled deals give solved one by one (ddtb.dd_table, ddtb.solve)."""
import math

import pytest

import ddtb

NORTH = "AKQ2.K5.AJ72.Q84"


def hcp(hand):
    return sum({"A": 4, "K": 3, "Q": 2, "J": 1}.get(c, 0) for c in hand)


def test_contract_odds_are_the_sampled_deals_solved_one_by_one():
    r = ddtb.single_dummy("N:" + NORTH + " - - -", hcp={"E": (11, 15)},
                          length={"E": {"S": (5, None)}}, samples=30, seed=4,
                          strains=["NT", "S"], declarers=["N", "S"], threads=2, deals=True)
    assert r["samples"] == 30 and len(r["deals"]) == 30
    tables = []
    for pbn in r["deals"]:
        hands = pbn[2:].split(" ")
        assert hands[0] == NORTH
        east = hands[1]
        assert 11 <= hcp(east) <= 15
        assert len(east.split(".")[0]) >= 5
        tables.append(ddtb.dd_table(pbn))
    assert len(r["contracts"]) == 4
    for c in r["contracts"]:
        tricks = [t[c["strain"]][c["declarer"]] for t in tables]
        assert c["tricks"] == [tricks.count(n) for n in range(14)]
        mean = sum(tricks) / len(tricks)
        assert c["mean_tricks"][0] == pytest.approx(mean)
        sd = math.sqrt(sum((t - mean) ** 2 for t in tricks) / (len(tricks) - 1))
        assert c["mean_tricks"][1] == pytest.approx(sd / math.sqrt(len(tricks)))
        for level in range(1, 8):
            p = sum(t >= 6 + level for t in tricks) / len(tricks)
            assert c["makes"][level][0] == pytest.approx(p)


def test_lead_odds_and_errors():
    west = "T87.QJT9.Q854.A2"
    r = ddtb.single_dummy("N:" + NORTH + " - - " + west, lead="3NT-S", samples=12, seed=2,
                          deals=True)
    assert r["leader"] == "W"
    per_card = {}
    for pbn in r["deals"]:
        result = ddtb.solve(ddtb.Position(pbn, "NT", "W"))
        for cs in result.cards:
            for card in [cs.card] + list(cs.equals):
                per_card.setdefault(str(card), []).append(cs.tricks)
    assert sum(1 + len(lead["equals"]) for lead in r["leads"]) == 13
    for lead in r["leads"]:
        scores = per_card[lead["card"]]
        assert lead["defence_tricks"][0] == pytest.approx(sum(scores) / len(scores))
        assert lead["sets"][0] == pytest.approx(sum(s >= 5 for s in scores) / len(scores))
    with pytest.raises(ValueError, match="East: 11\\+ HCP asked, at most 9 possible"):
        ddtb.single_dummy("N:" + NORTH + " - J95.A432.K9.KJ53 -", hcp={"E": (11, 15)})
    with pytest.raises(ValueError, match="cancelled"):
        ddtb.single_dummy("N:" + NORTH + " - - -", samples=20, progress=lambda d, t: d < 3)
