"""ddtb.single_dummy's paired comparison (paired=True with lead=, compare=):
each choice's declarer tricks per deal are the sampled deals solved one by
one (ddtb.solve, ddtb.dd_table), and the scores, IMPs and paired standard
errors computed again here from them."""
import math

import pytest

import ddtb

NORTH = "AKQ2.K5.AJ72.Q84"
WEST = "T87.QJT9.Q854.A2"


def mean_and_error(xs):
    m = sum(xs) / len(xs)
    return m, math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1) / len(xs))


def test_leads_paired_against_the_deals_solved_one_by_one():
    r = ddtb.single_dummy("N:" + NORTH + " - - " + WEST, lead="4SX-S", paired=True, samples=12,
                          seed=3, vulnerability="Both", deals=True)
    c = r["comparison"]
    assert r["leader"] == "W" and c["side"] == "EW" and "leads" not in r
    points = {}
    for i, pbn in enumerate(r["deals"]):
        result = ddtb.solve(ddtb.Position(pbn, "S", "W"))
        tricks = {str(card): cs.tricks for cs in result.cards for card in [cs.card] + list(cs.equals)}
        for choice in c["choices"]:
            defence = tricks[choice["lead"]]
            assert choice["declarer_tricks"][i] == 13 - defence
            points.setdefault(choice["lead"], []).append(
                -ddtb.contract_score(4, "S", doubled=True, vulnerable=True, tricks=13 - defence))
    best = c["choices"][0]
    assert best["lead"] == c["best"]
    for choice in c["choices"]:
        assert choice["points"][0] == pytest.approx(sum(points[choice["lead"]]) / 12)
        diff = [a - b for a, b in zip(points[choice["lead"]], points[best["lead"]])]
        m, e = mean_and_error(diff)
        assert choice["vs_best"]["points"][0] == pytest.approx(m)
        assert choice["vs_best"]["points"][1] == pytest.approx(e, abs=1e-9)


def test_contracts_compared_and_errors():
    r = ddtb.single_dummy("N:" + NORTH + " - - -", compare="3NT-S,4S-N", samples=10, seed=5,
                          vulnerability="NS", deals=True)
    assert "contracts" not in r
    c = r["comparison"]
    by_name = {x["contract"]: x for x in c["choices"]}
    assert set(by_name) == {"3NT-S", "4S-N"}
    imps = []
    for i, pbn in enumerate(r["deals"]):
        table = ddtb.dd_table(pbn)
        nt, spades = table.get("NT", "S"), table.get("S", "N")
        assert by_name["3NT-S"]["declarer_tricks"][i] == nt
        assert by_name["4S-N"]["declarer_tricks"][i] == spades
        a = ddtb.contract_score(3, "NT", vulnerable=True, tricks=nt)
        b = ddtb.contract_score(4, "S", vulnerable=True, tricks=spades)
        imps.append((a - b) if c["best"] == "4S-N" else (b - a))
    other = c["choices"][1]
    # The IMPs of each deal's difference (the other contract minus the best).
    table = [20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300,
             1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000]
    as_imps = [math.copysign(sum(abs(d) >= t for t in table), d) for d in imps]
    m, e = mean_and_error(as_imps)
    assert other["vs_best"]["imps"][0] == pytest.approx(m)
    assert other["vs_best"]["imps"][1] == pytest.approx(e, abs=1e-9)
    again = ddtb.single_dummy("N:" + NORTH + " - - -", compare=["3NT-S", "4S-N"], samples=10,
                              seed=5, vulnerability="NS")
    assert again["comparison"] == c
    with pytest.raises(ValueError, match="compare"):
        ddtb.single_dummy("N:" + NORTH + " - - -", compare=["3NT"], samples=2)
    with pytest.raises(ValueError, match="paired"):
        ddtb.single_dummy("N:" + NORTH + " - - -", paired=True, samples=2)
