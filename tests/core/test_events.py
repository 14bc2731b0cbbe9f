"""Events: equal by what happened and who may know it; JSON with the audience where limited."""

from __future__ import annotations

import pickle

from spieltisch.core import Event


def test_an_event_is_equal_by_type_data_and_audience() -> None:
    e = Event("draw", {"player": 1, "cards": ["7h"]}, frozenset({1}))
    assert e == Event("draw", {"player": 1, "cards": ["7h"]}, frozenset({1}))
    assert e != Event("draw", {"player": 1, "cards": ["7h"]})  # everyone's, not player 1's
    assert e != Event("lay", {"player": 1, "cards": ["7h"]}, frozenset({1}))
    assert Event("pass").data == {} and Event("pass").visible_to is None
    assert pickle.loads(pickle.dumps(e)) == e  # events cross process boundaries in a run


def test_visibility_and_json() -> None:
    e = Event("draw", {"player": 1}, frozenset({1, 0}))
    assert e.visible_for(0) and e.visible_for(1) and not e.visible_for(2)
    assert not e.visible_for(None)  # a spectator sees only public events
    assert e.to_json() == {"type": "draw", "player": 1, "visible_to": [0, 1]}
    assert Event("turn", {"player": 2}).visible_for(None)
    assert Event("turn", {"player": 2}).to_json() == {"type": "turn", "player": 2}
