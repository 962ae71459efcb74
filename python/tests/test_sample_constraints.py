"""ddtb.single_dummy's where= (a dealer script or expression) and accept= (a
predicate over a ddtb.Deal, as redeal's accept functions): every sampled deal
meets them, the two give the same deals for the same constraint written
either way (the sampler is uniform under both), and errors are Python's."""
import pytest

import ddtb

NORTH = "AKQ2.K5.AJ72.Q84"


def hcp(hand):
    return sum({"A": 4, "K": 3, "Q": 2, "J": 1}.get(c, 0) for c in hand)


def spades(hand):
    return len(hand.split(".")[0])


def south(deal):
    return deal.hands["S"]


def test_accept_is_a_predicate_over_the_deal():
    seen = []

    def accept(deal):
        seen.append(deal)
        return hcp(south(deal)) >= 12 and spades(south(deal)) >= 5

    r = ddtb.single_dummy("N:" + NORTH + " - - -", samples=10, seed=3, strains=["S"],
                          declarers=["S"], accept=accept, deals=True, threads=2)
    assert len(r["deals"]) == 10
    for pbn in r["deals"]:
        d = ddtb.Deal.from_pbn(pbn)
        assert hcp(south(d)) >= 12 and spades(south(d)) >= 5
    assert len(seen) >= 10 and all(isinstance(d, ddtb.Deal) for d in seen)


def test_where_takes_an_expression_or_a_script():
    expr = "hcp(south) >= 12 && spades(south) >= 5"
    a = ddtb.single_dummy("N:" + NORTH + " - - -", samples=8, seed=5, strains=["S"],
                          declarers=["S"], where=expr, deals=True)
    b = ddtb.single_dummy(samples=8, seed=5, strains=["S"], declarers=["S"], deals=True,
                          where="predeal north SAKQ2, HK5, DAJ72, CQ84\ncondition " + expr)
    assert a["deals"] == b["deals"]
    for pbn in a["deals"]:
        d = ddtb.Deal.from_pbn(pbn)
        assert d.hands["N"] == NORTH
        assert hcp(south(d)) >= 12 and spades(south(d)) >= 5


def test_errors():
    with pytest.raises(ValueError, match="line 2, column 3: unknown name 'foo'"):
        ddtb.single_dummy(samples=2, where="hcp(north) > 3 &&\n  foo > 2")
    with pytest.raises(TypeError):
        ddtb.single_dummy(samples=2, accept=3)

    def boom(deal):
        raise KeyError("from the predicate")

    with pytest.raises(KeyError, match="from the predicate"):
        ddtb.single_dummy(samples=5, accept=boom, threads=2)
    with pytest.raises(ValueError, match="the accept predicate"):
        ddtb.single_dummy(samples=1, accept=lambda d: False)
