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


def test_a_lazy_event_builds_its_data_once_and_only_when_read():
    """A playout throws its events away unread: their data must cost nothing until read, and
    once read be the very dict an eager event would hold."""
    from spieltisch.core import LazyEvent

    calls = []

    def build(player, pit):
        calls.append((player, pit))
        return {"player": player, "pit": pit}

    lazy = LazyEvent("move", build, (1, 9), visible_to=frozenset({1}))
    assert calls == []
    assert lazy.type == "move" and lazy.visible_for(1) and not lazy.visible_for(0)
    assert lazy == Event("move", {"player": 1, "pit": 9}, frozenset({1}))
    assert lazy.to_json() == {"type": "move", "player": 1, "pit": 9, "visible_to": [1]}
    assert lazy.data is lazy.data
    assert calls == [(1, 9)]


def test_a_lazy_event_copies_and_pickles_as_its_eager_twin():
    import copy
    import pickle

    from spieltisch.core import LazyEvent

    lazy = LazyEvent("move", dict, (), visible_to=None)
    for twin in (copy.copy(lazy), copy.deepcopy(lazy), pickle.loads(pickle.dumps(lazy))):
        assert type(twin) is Event and twin == Event("move", {})
