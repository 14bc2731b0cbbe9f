"""Actions compare and hash by their canonical JSON text, whichever path decides it.

Comparing an action with a legal list is a search's hot path, so equality is decided without
writing JSON where every value is a string, whole number, true/false or null of one type on both
sides; these properties pin that the quick path and the canonical text always agree.
"""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from spieltisch.core import Action

scalars = (
    st.none()
    | st.booleans()
    | st.integers(-3, 3)
    | st.floats(-2, 2, allow_nan=False).map(lambda x: round(x, 1))
    | st.sampled_from(["cw", "ccw", "1", "true", ""])
)
values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.lists(inner, max_size=3).map(tuple)
        | st.dictionaries(st.sampled_from(["a", "b"]), inner, max_size=2)
    ),
    max_leaves=6,
)
actions = st.dictionaries(st.sampled_from(["pit", "direction", "card", "n"]), values, max_size=3)


def text(data: dict) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


@given(actions, actions)
def test_equal_exactly_when_the_canonical_texts_are(a: dict, b: dict) -> None:
    same = text(a) == text(b)
    assert (Action(a) == Action(b)) is same
    assert (Action(a) == b) is same  # against a plain mapping, as a client sends it
    if same:
        assert hash(Action(a)) == hash(Action(b))


@given(actions)
def test_an_action_equals_its_own_json_round_trip(a: dict) -> None:
    again = Action.of(json.loads(text(a)))
    assert again == Action(a) and hash(again) == hash(Action(a))


def test_json_keeps_apart_what_python_mixes_up() -> None:
    assert Action(n=1) != Action(n=True) and Action(n=1) != Action(n=1.0)
    assert Action(n=0.0) != Action(n=-0.0)
    assert Action(n=[1, 2]) == Action(n=(1, 2))  # one JSON array
    assert len({Action(pit=1, direction="cw"), Action(direction="cw", pit=1)}) == 1


def test_membership_and_get_answer_from_the_action_itself() -> None:
    a = Action(pit=3, direction="cw")
    assert "pit" in a and "card" not in a and 3 not in a
    assert a.get("pit") == 3 and a.get("card") is None and a.get("card", 7) == 7
