"""Faulpelz and Warmduscher in the draw phase (class M: only while on top)."""

from __future__ import annotations

from mutterboehnchen_positions import act, load

NONE = [[], []]


def draw_phase(mine=None, *others):
    """Player 0 (active, of 4) plants his last turned-up card on his Soy field; then the draw
    phase runs."""
    mine = mine or [["soy"], []]
    others = list(others) + [NONE] * (3 - len(others))
    s = load(4, phase="plant-trades", to_plant=[["soy"], [], [], []],
             fields=[mine, *others], hands=[[], [], [], []])  # fmt: skip
    act(s, 0, {"plant": s.to_plant[0][0], "field": 0})
    assert s.active == 1, "the turn has passed"
    return s, [len(h) for h in s.hands]


def test_the_plain_draw_is_three_cards() -> None:
    _, drawn = draw_phase()
    assert drawn == [3, 0, 0, 0]


def test_faulpelz_draws_one_fewer() -> None:
    s, drawn = draw_phase([["soy"], ["garden", "faulpelz"]])
    assert drawn == [2, 0, 0, 0] and s.stats()["fired_faulpelz"] == 1


def test_a_covered_faulpelz_does_nothing() -> None:
    _, drawn = draw_phase([["soy"], ["garden", "faulpelz", "garden"]])
    assert drawn == [3, 0, 0, 0]


def test_warmduscher_draws_not_in_his_own_draw_phase_but_one_after_each_other() -> None:
    _, drawn = draw_phase([["soy"], ["red", "warmduscher"]])
    assert drawn == [0, 0, 0, 0]
    _, drawn = draw_phase(None, NONE, [["red", "warmduscher"], []])
    assert drawn == [3, 0, 1, 0]


def test_faulpelz_and_warmduscher_together_draw_nothing() -> None:
    s, drawn = draw_phase(None, [["red", "warmduscher"], ["garden", "faulpelz"]])
    assert drawn == [3, 0, 0, 0]
    assert s.stats()["fired_faulpelz"] == 1 and s.stats()["fired_warmduscher"] == 1
