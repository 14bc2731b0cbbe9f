"""The class of each of the 24 Mutterböhnchen, card by card (rules/mutterboehnchen.md): M works
only while it lies on top of a field, T while it lies anywhere in a field, and both are gone
with the harvest; R (the Flitzer) never works in a field. ``Beds.effects`` is what every rule
asks, and a state's ``_on_top`` is what the class M draw-phase, gift and trading rules ask."""

from __future__ import annotations

import pytest
from mutterboehnchen_positions import DECK, act, beds, card, load

SPECIALS = [k for k in DECK.kinds if k.special]


@pytest.mark.parametrize("kind", SPECIALS, ids=[k.special for k in SPECIALS])
def test_works_on_top_covered_only_if_class_t_and_never_after_the_harvest(kind) -> None:
    b = beds([kind.variety, kind.name], [])
    on_top = kind.effect in b.effects(0)
    assert on_top == (kind.klass in ("M", "T"))
    b.cards[0].append(card(b, kind.variety))  # covered (as a position: he may not allow it)
    assert (kind.effect in b.effects(0)) == (kind.klass == "T")
    b.harvest(0, [])
    assert b.cards[0] == [] and not b.effects(0)


@pytest.mark.parametrize("kind", [k for k in SPECIALS if k.klass == "M"],
                         ids=[k.special for k in SPECIALS if k.klass == "M"])  # fmt: skip
def test_a_state_sees_a_class_m_card_on_top_and_not_covered_or_harvested(kind) -> None:
    fields = [[kind.variety, kind.name], []]
    s = load(4, hands=[["soy"], [], [], []], fields=[fields, [[], []], [[], []], [[], []]],
             rest="discard")  # fmt: skip
    assert s._on_top(0, kind.effect)
    act(s, 0, {"harvest": 0})
    assert not s._on_top(0, kind.effect)
    s = load(4, fields=[[[kind.variety, kind.name, kind.variety], []], *[[[], []]] * 3],
             rest="discard")  # fmt: skip
    assert not s._on_top(0, kind.effect)
