"""Random endings, some with a trick in progress, from the project's seeded
generator (tests/support/random.hpp): the C++ API's answers, printed by
ddtb_python_reference, must come back unchanged through the Python module,
the positions built from Python structures (lists of hand strings, card
lists), and the single-answer forms must agree with the full solve."""

import os
import subprocess

import pytest

import ddtb

SEED = 20260718
COUNT = 300
STRAINS = [ddtb.Strain.SPADES, ddtb.Strain.HEARTS, ddtb.Strain.DIAMONDS, ddtb.Strain.CLUBS,
           ddtb.Strain.NOTRUMP]
SEATS = "NESW"


def rank_bits_to_cards(suit, bits):
    return sorted(suit + "23456789TJQKA"[r - 2] for r in range(2, 15) if bits >> r & 1)


@pytest.fixture(scope="module")
def cases():
    exe = os.environ.get("DDTB_PYTHON_REFERENCE")
    if not exe:
        pytest.fail("DDTB_PYTHON_REFERENCE (the ddtb_python_reference program) is not set")
    out = subprocess.run([exe, str(SEED), str(COUNT)], check=True, capture_output=True,
                         text=True).stdout
    result = []
    for line in out.splitlines():
        hands, trump, leader, trick, tricks, cards = line.split("|")
        result.append(dict(
            hands=hands.split(" "), trump=int(trump), leader=int(leader),
            trick=trick.split() if trick else [], tricks=int(tricks),
            cards=[(c.split(":")[0], int(c.split(":")[1]), int(c.split(":")[2]))
                   for c in cards.split()]))
    assert len(result) == COUNT
    return result


def position_of(case):
    # Hands as a list in N, E, S, W order, without the trick's cards; the
    # strain as an enum, the leader as a letter.
    return ddtb.Position(case["hands"], STRAINS[case["trump"]], SEATS[case["leader"]],
                         case["trick"])


def test_solve_matches_cpp(cases):
    assert any(c["trick"] for c in cases) and any(not c["trick"] for c in cases)
    for i, case in enumerate(cases):
        r = ddtb.solve(position_of(case))
        assert r.tricks == case["tricks"], f"case {i} (seed {SEED})"
        got = [(c.card, c.tricks, sorted(c.equals)) for c in r.cards]
        want = [(card, tricks, rank_bits_to_cards(card[0], eq)) for card, tricks, eq in case["cards"]]
        assert got == want, f"case {i} (seed {SEED})"


def test_batch_matches_cpp(cases):
    results = ddtb.solve_many([position_of(c) for c in cases], threads=2)
    assert [r.tricks for r in results] == [c["tricks"] for c in cases]


def test_single_answers_agree_with_solve(cases):
    solver = ddtb.Solver()
    for i, case in enumerate(cases[:120]):
        p = position_of(case)
        full = solver.solve(p)
        scores = full.scores
        assert set(scores) == set(p.legal_cards()), f"case {i}"
        assert solver.max_tricks(p) == full.tricks
        best = solver.best_card(p)
        assert scores[best.card] == full.tricks and best.tricks == full.tricks
        best_all = solver.best_cards(p)
        best_set = {c for c, t in scores.items() if t == full.tricks}
        assert set(best_all.scores) == best_set, f"case {i}"
        for target in (full.tricks, full.tricks + 1):
            reaching = solver.cards_reaching(p, target)
            assert set(
                c.card for c in reaching) | {e for c in reaching for e in c.equals} == {
                    c for c, t in scores.items() if t >= target}, f"case {i}, target {target}"
            one = solver.card_reaching(p, target)
            if target <= full.tricks:
                assert scores[one.card] >= target
            else:
                assert one is None


def test_hands_as_card_lists_and_dicts(cases):
    for case in cases[:50]:
        as_lists = {seat: [s + r for s, holding in zip("SHDC", hand.split(".")) for r in holding]
                    for seat, hand in zip(SEATS, case["hands"])}
        p = ddtb.Position(as_lists, "SHDCN"[case["trump"]], ddtb.Seat(case["leader"]),
                          "".join(case["trick"]))
        assert p == position_of(case)
        assert p.hands == dict(zip(SEATS, case["hands"]))
