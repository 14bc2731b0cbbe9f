"""What the simulator reports of the special beans that work without firing once: each planting
a field-changing card decided, each harvest of a field a Kotzbrocken kept from paying or an
Einsiedler kept shut, each attack a Wühler strengthened, each trading phase a Messie was in
force: counted in ``stats()`` as ``fired_<card>``, so that a run can show every card worked."""

from __future__ import annotations

import pytest
from mutterboehnchen_positions import act, load

EMPTY = [[], []]


def plant_front(fields, card, where=None, field_var=None):
    """Player 0 (of 4) plants ``card`` from the front of his hand on field 0."""
    kw = {} if field_var is None else {"field_var": [field_var, *[[None, None]] * 3]}
    s = load(4, hands=[[card, "soy"], [], [], []], fields=[fields, EMPTY, EMPTY, EMPTY],
             rest="discard", **kw)  # fmt: skip
    action = {"plant": "front", "field": 0}
    if where:
        action[where] = True
    act(s, 0, action)
    return s.stats()


@pytest.mark.parametrize(
    ("fields", "card", "where", "field_var", "counted"),
    [
        ([["blue", "pistolenheld"], []], "chili", None, None, "fired_pistolenheld"),
        ([["green", "saufkumpan"], []], "blue", None, None, "fired_saufkumpan"),
        ([["blue"], []], "saufkumpan", None, None, "fired_saufkumpan"),
        ([["red", "red"], []], "kotzbrocken", None, None, "fired_kotzbrocken"),
        ([["red", "schluckspecht"], []], "red", None, None, "fired_schluckspecht"),
        ([["stink", "chauvischwein", "stink"], []], "stink-lady", None, None,
         "fired_chauvischwein"),
        ([["red", "red-lady"], []], "kavalier", "under", ["red", None], "fired_kavalier"),
        ([["blue", "macho", "blue"], []], "blue-lady", None, None, "fired_macho"),
        ([["chili", "lichtgestalt", "chili"], []], "chili", None, None, "fired_lichtgestalt"),
    ],
)  # fmt: skip
def test_a_planting_a_special_decided_is_counted(fields, card, where, field_var, counted):
    stats = plant_front(fields, card, where, field_var)
    assert stats[counted] == 1
    assert sum(v for k, v in stats.items() if k.startswith("fired_")) == 1


def test_a_plain_planting_counts_nothing() -> None:
    assert not [k for k in plant_front([["blue", "pistolenheld"], []], "blue") if "fired" in k]


@pytest.mark.parametrize("top", ["kotzbrocken", "einsiedler"])
def test_a_harvest_of_a_field_a_kotzbrocken_or_einsiedler_tops_is_counted(top) -> None:
    s = load(4, hands=[["soy"], [], [], []],
             fields=[[["soy", "soy", top], ["red", "red"]], EMPTY, EMPTY, EMPTY],
             rest="discard")  # fmt: skip
    act(s, 0, {"harvest": 0})
    assert s.stats()["fired_" + top] == 1
    act(s, 0, {"harvest": 1})
    assert s.stats()["fired_" + top] == 1


def test_each_trading_phase_a_messie_is_in_force_counts() -> None:
    s = load(4, phase="plant", planted=1, hands=[["blue"], [], [], []],
             fields=[EMPTY, [["stink", "messie"], []], [["stink", "stink"], []], EMPTY],
             rest="stock")  # fmt: skip
    act(s, 0, {"end": "planting"})
    assert s.phase == "trade" and s.stats()["fired_messie"] == 1
