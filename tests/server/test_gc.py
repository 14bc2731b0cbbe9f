"""The hub keeps its long-lived objects out of the garbage collector's full collections
(``Settings.gc_freeze_seconds``): with many tables in memory those collections stopped the
server for tenths of a second, the slowest actions of bench/load_server.py --pace human."""

from __future__ import annotations

import gc

from .test_abuse import until


def test_the_hub_freezes_what_lives_and_thaws_when_it_stops(serve) -> None:
    gc.unfreeze()
    with serve(time_scale=1000.0, gc_freeze_seconds=0.05, gc_full_seconds=0.2) as client:
        assert client.post("/api/tables", json={"game": "mancala"}).status_code == 201
        assert until(lambda: gc.get_freeze_count() > 0)
        # the full collection thaws everything once, then freezes again
        assert until(lambda: gc.get_freeze_count() > 0)
    assert gc.get_freeze_count() == 0


def test_freezing_can_be_turned_off(serve) -> None:
    gc.unfreeze()
    with serve(time_scale=1000.0, gc_freeze_seconds=0) as client:
        assert client.post("/api/tables", json={"game": "mancala"}).status_code == 201
        assert client.app.state.hub.freezer is None
        assert gc.get_freeze_count() == 0
