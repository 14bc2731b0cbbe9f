"""The bean games' memo of who may act and what (``beans/moment.py``), pinned on a small stand-in
state where mutation testing (``make mutate``) found it unchecked. The contract (the module's
docstring): "Between two actions the answers cannot change, so a state keeps them until its next
action"; a private step (one that changes only its own player's choices and leaves the turn where
it was) forgets only that player's list; a step that can change only its own player's anytime
moves forgets the lists but keeps the others' anytime moves; anything else forgets it all; a
refused action leaves nothing kept; the very action object listed is applied without checking it
again."""

from __future__ import annotations

from typing import Any

import pytest

from spieltisch.core import Action
from spieltisch.games.beans.moment import MomentMemo


class _Checked:
    """``State.apply`` (which hands the action to ``_accept``) and its checked path, the base
    ``_accept``: validate (here: refuse ``bad``), then ``_apply``."""

    def apply(self, player: int, action: Any) -> list:
        return self._accept(player, action)

    def _accept(self, player: int, action: Any) -> list:
        self.checked.append((player, dict(action)))  # type: ignore[attr-defined]
        if action.get("bad"):
            raise ValueError("refused")
        return self._apply(player, action)  # type: ignore[attr-defined]


class Table(MomentMemo, _Checked):
    """Two players; ``{"move": x}`` by the player on turn passes the turn, ``{"note": x}`` is a
    private step, ``{"own": x}`` changes only the player's own anytime moves."""

    def __init__(self) -> None:
        self.forget_moment()
        self.turn = 0
        self.notes = {0: 0, 1: 0}
        self.calls: dict[str, list] = {"actors": [], "legal": [], "anytime": [], "again": []}
        self.asked: dict[str, list] = {"private": [], "own": []}
        self.checked: list = []
        self.applied: list = []

    def _apply(self, player: int, action: Any) -> list:
        self.applied.append((player, dict(action)))
        if "move" in action:
            self.turn = 1 - self.turn
        if "note" in action:
            self.notes[player] += 1
        if "crash" in action:
            raise RuntimeError("half done")
        return []

    def _flow(self) -> Any:
        return ("turn", self.turn)

    def _private_step(self, player: Any, action: Any) -> bool:
        self.asked["private"].append(player)
        return "note" in action

    def _anytime_own(self, player: Any, action: Any, flow: Any) -> bool:
        self.asked["own"].append((player, flow))
        return "own" in action

    def _actor_again(self, actors: frozenset, player: Any) -> frozenset:
        self.calls["again"].append((actors, player))
        return actors

    def _actors(self) -> frozenset:
        self.calls["actors"].append(self.turn)
        return frozenset({self.turn})

    def _legal_actions(self, player: Any) -> list[Action]:
        self.calls["legal"].append(player)
        if player != self.turn:
            return [Action(note=self.notes[player])]
        return [Action(move=1), Action(note=self.notes[player])]

    def _anytime(self, player: Any) -> list[Action]:
        self.calls["anytime"].append(player)
        return [Action(own=player)]


class Plain(MomentMemo, _Checked):
    """A game that says only who may act and what: every default hook of the mixin."""

    def __init__(self) -> None:
        self.forget_moment()
        self.checked: list = []
        self.worked = 0

    def _apply(self, player: int, action: Any) -> list:
        return []

    def _actors(self) -> frozenset:
        self.worked += 1
        return frozenset({0, 1})

    def _legal_actions(self, player: Any) -> list[Action]:
        self.worked += 1
        return [Action(go=player)]


def test_the_answers_are_worked_out_once_per_moment():
    t = Table()
    assert t.actors() == {0} and t.actors() == {0}
    assert t.calls["actors"] == [0]
    first = t.legal_actions(0)
    assert t.legal_actions(0) == first and t.legal_actions(1) == [Action(note=0)]
    assert t.calls["legal"] == [0, 1], "player 0's list once, player 1's once"
    assert t.anytime(1) == [Action(own=1)] and t.anytime(1) is t.anytime(1)
    assert t.anytime(0) == [Action(own=0)]
    assert t.calls["anytime"] == [1, 0]


def test_a_list_handed_out_is_the_callers_own():
    t = Table()
    mine = t.legal_actions(0)
    mine.clear()
    assert t.legal_actions(0) == [Action(move=1), Action(note=0)]


def test_only_the_very_object_listed_counts_as_listed():
    """ "Whether ``action`` is the very object this moment's list for ``player`` holds": an
    equal action made anew, another player's list, or a list not yet worked out say no."""
    t = Table()
    assert not t.listed(0, Action(move=1)), "no list worked out yet"
    move = t.legal_actions(0)[0]
    assert t.listed(0, move)
    assert not t.listed(0, Action(move=1))
    assert not t.listed(1, move)
    assert t.listed(0, t.legal_actions(0)[1])


def test_a_listed_action_is_applied_without_checking_it_again():
    t = Table()
    t.apply(0, t.legal_actions(0)[0])
    assert t.checked == [] and t.applied == [(0, {"move": 1})]
    t.apply(1, Action(move=1))  # not the listed object: the checked path
    assert t.checked == [(1, {"move": 1})]


def test_a_turn_that_moved_on_forgets_everything():
    t = Table()
    t.actors(), t.legal_actions(0), t.legal_actions(1), t.anytime(0), t.anytime(1)
    t.apply(0, t.legal_actions(0)[0])
    assert t.actors() == {1}
    t.legal_actions(0), t.legal_actions(1), t.anytime(0), t.anytime(1)
    assert t.calls["legal"] == [0, 1, 0, 1] and t.calls["anytime"] == [0, 1, 0, 1]
    assert t.asked["own"] == [(0, ("turn", 0))], "asked with where the turn stood before"


def test_a_private_step_forgets_only_its_players_lists():
    t = Table()
    t.actors(), t.legal_actions(0), t.legal_actions(1), t.anytime(0), t.anytime(1)
    t.apply(1, t.legal_actions(1)[0])  # player 1 notes: the turn stays with player 0
    assert t.asked["private"] == [1]
    assert t.legal_actions(1) == [Action(note=1)], "hers worked out anew"
    t.legal_actions(0), t.anytime(0), t.anytime(1)
    assert t.calls["legal"] == [0, 1, 1] and t.calls["anytime"] == [0, 1, 1]
    assert t.actors() == {0}
    assert t.calls["actors"] == [0], "the actors are asked again of _actor_again, not anew"
    assert t.calls["again"] == [(frozenset({0}), 1)]


def test_a_private_step_of_a_player_whose_lists_were_never_worked_out():
    t = Table()
    t.apply(1, Action(note=0))
    assert t.calls["again"] == [], "no actors kept: nothing to ask again"
    assert t.actors() == {0} and t.legal_actions(1) == [Action(note=1)]


def test_an_anytime_step_of_her_own_keeps_the_others_anytime_moves():
    t = Table()
    t.actors(), t.legal_actions(0), t.legal_actions(1), t.anytime(0), t.anytime(1)
    t.apply(1, Action(own=1))
    assert t.asked["own"] == [(1, ("turn", 0))]
    t.actors(), t.legal_actions(0), t.legal_actions(1), t.anytime(0), t.anytime(1)
    assert t.calls["actors"] == [0, 0] and t.calls["legal"] == [0, 1, 0, 1]
    assert t.calls["anytime"] == [0, 1, 1], "player 0's anytime moves kept"


def test_a_refused_or_broken_action_leaves_nothing_kept():
    t = Table()
    t.actors(), t.legal_actions(0), t.anytime(0)
    with pytest.raises(ValueError):
        t.apply(0, Action(bad=1))
    t.actors(), t.legal_actions(0), t.anytime(0)
    assert t.calls["actors"] == [0, 0] and t.calls["legal"] == [0, 0]
    assert t.calls["anytime"] == [0, 0]
    with pytest.raises(RuntimeError):
        t.apply(0, Action(crash=1))
    t.actors()
    assert t.calls["actors"] == [0, 0, 0]


def test_a_clone_takes_the_memo_with_it():
    """ "A clone takes the memo with it (equal states have equal answers)." """
    t = Table()
    t.actors(), t.legal_actions(0), t.anytime(0)
    new = Table()
    t.copy_moment(new)
    assert new.actors() == {0} and new.legal_actions(0) == t.legal_actions(0)
    assert new.anytime(0) == [Action(own=0)]
    assert new.calls == {"actors": [], "legal": [], "anytime": [], "again": []}


def test_by_default_every_action_forgets_everything():
    """A game that names no private or own-anytime steps: after any action all is asked anew."""
    p = Plain()
    p.actors(), p.legal_actions(0), p.legal_actions(1), p.anytime(0), p.anytime(1)
    assert p.worked == 3 and p.anytime(0) == []
    p.apply(0, Action(go=0))
    p.actors(), p.legal_actions(0), p.legal_actions(1)
    assert p.worked == 6
    assert p._anytime_memo == {}, "the anytime moves forgotten too"


def test_a_game_must_say_who_may_act_and_what():
    class Bare(MomentMemo):
        pass

    bare = Bare()
    bare.forget_moment()
    with pytest.raises(NotImplementedError, match=r"^Bare must say who may act$"):
        bare.actors()
    with pytest.raises(NotImplementedError, match=r"^Bare must list the legal actions$"):
        bare.legal_actions(0)
