"""``sowing.play_move`` under the capture options, pinned where mutation testing
(``make mutate``) found them unchecked (rules/mancala.md's options): the last bean in an own
empty pit captures as the option says, and with ``capture="none"`` nothing."""

from __future__ import annotations

import pytest

from spieltisch.games.mancala import sowing


@pytest.mark.parametrize(
    ("capture", "pits", "stores", "captures", "end"),
    [
        # nothing is taken: the bean stays in pit 1
        ("none", [0, 1, 2, 3, 3, 3], [0, 0], [], sowing.END_OWN_EMPTY),
        # Kalah: the opposite pit and the last bean go to the store
        ("kalah", [0, 0, 2, 3, 0, 3], [4, 0], [(4, 3), (1, 1)], sowing.END_CAPTURE),
        # Giuthi: the opposite pit; the next own pit (2) is not empty, and the row ends there
        ("giuthi", [0, 1, 2, 3, 0, 3], [3, 0], [(4, 3)], sowing.END_CAPTURE),
    ],
)
def test_the_last_bean_in_an_own_empty_pit(capture, pits, stores, captures, end):
    # player 0 sows pit 0's single bean ccw into its empty pit 1
    board, banked = [1, 0, 2, 3, 3, 3], [0, 0]
    out = sowing.play_move(
        board, banked, 0, 0, sowing.CCW, sowing.SowingRules(relay=False, capture=capture)
    )
    assert (board, banked, out.captures, out.end, out.again) == (
        pits,
        stores,
        captures,
        end,
        False,
    )
