"""Who may act and what they may do, worked out once per moment.

A host and its bots ask ``actors()`` and then ``legal_actions(p)`` of every one of them after
every action (in a trading phase everyone may act), and ``apply`` checks the action against the
same list. Between two actions the answers cannot change, so a state keeps them until its next
action. An action that changes only what its own player may do (a step of a trading draft, a
harvest, a bean planted) and leaves the turn where it was forgets only that player's list and
asks again only whether she may act; a game says which those are (``_private_step``), what
"where the turn is" means (``_flow``) and how the actors change (``_actor_again``).

A game's state computes the answers in ``_actors`` and ``_legal_actions``, and what a player
may do whenever she may act at all (harvest, buy a field) in ``_anytime``: asked by both, it
is kept too (``anytime``). A clone takes the memo with it (equal states have equal answers).
Whoever changes a state other than by ``apply`` (a resample dealing hands anew) calls
``forget_moment``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core import Action, Event
from ...core.game import Player


class MomentMemo:
    """Mixin before ``State``: memoised ``actors`` and ``legal_actions``."""

    _actors_memo: frozenset[Player] | None
    _legal_memo: dict[Player, list[Action]]
    _anytime_memo: dict[Player, list[Action]]

    def forget_moment(self) -> None:
        self._actors_memo = None
        self._legal_memo = {}
        self._anytime_memo = {}

    def copy_moment(self, new: MomentMemo) -> None:
        """A clone's memo: the same answers (their lists are never changed once made)."""
        new._actors_memo = self._actors_memo
        new._legal_memo = dict(self._legal_memo)
        new._anytime_memo = dict(self._anytime_memo)

    def actors(self) -> frozenset[Player]:
        actors = self._actors_memo
        if actors is None:
            actors = self._actors_memo = self._actors()
        return actors

    def legal_actions(self, player: Player) -> list[Action]:
        legal = self._legal_memo.get(player)
        if legal is None:
            legal = self._legal_memo[player] = self._legal_actions(player)
        return list(legal)  # the caller's own list: the memo stays as it was worked out

    def listed(self, player: Player, action: Any) -> bool:
        """Whether ``action`` is the very object this moment's list for ``player`` holds (as a
        host or bot that picked from the list passes it back): then it is legal, and no
        comparison is needed. A list is empty for whoever may not act, and a game over."""
        legal = self._legal_memo.get(player)
        if legal is not None:
            for listed in legal:
                if listed is action:
                    return True
        return False

    def anytime(self, player: Player) -> list[Action]:
        """``_anytime(player)``, kept for the moment: read it, never change it."""
        moves = self._anytime_memo.get(player)
        if moves is None:
            moves = self._anytime_memo[player] = self._anytime(player)
        return moves

    def _accept(self, player: int, action: Action | Mapping[str, Any]) -> list[Event]:
        flow = self._flow()
        try:
            if self.listed(player, action):  # the very action listed: legal as it is, and
                # every bean game's validate passes it at once (nothing to read or normalise)
                events: list[Event] = self._apply(player, action)  # type: ignore[attr-defined]
            else:
                events = super()._accept(player, action)  # type: ignore[misc]
        except BaseException:
            self.forget_moment()  # a refused action changed nothing, but be sure
            raise
        if self._flow() == flow and self._private_step(player, action):
            self._legal_memo.pop(player, None)
            self._anytime_memo.pop(player, None)
            if self._actors_memo is not None:
                self._actors_memo = self._actor_again(self._actors_memo, player)
        elif self._anytime_own(player, action, flow):
            self._actors_memo = None
            self._legal_memo = {}
            self._anytime_memo.pop(player, None)
        else:
            self.forget_moment()
        return events

    def _flow(self) -> Any:
        """Where the turn stands (its phase, whose turn): a step that moved it on is never
        private."""
        return None

    def _private_step(self, player: Player, action: Mapping[str, Any]) -> bool:
        """True when ``action``, just carried out without moving the turn on, changed what
        ``player`` may do and whether others may act at all, but nothing another player may
        do."""
        return False

    def _actor_again(self, actors: frozenset[Player], player: Player) -> frozenset[Player]:
        """The actors after a private step of ``player``, given those before it."""
        return self._actors()

    def _anytime_own(self, player: Player, action: Mapping[str, Any], flow: Any) -> bool:
        """True when ``action``, just carried out from where the turn stood at ``flow``, can
        have changed what players may do at any time (``_anytime``) only for ``player``
        herself: then only hers is worked out anew."""
        return False

    def _actors(self) -> frozenset[Player]:
        """Who may act now, worked out afresh (each game's own rule; the memo keeps it)."""
        raise NotImplementedError(f"{type(self).__name__} must say who may act")

    def _legal_actions(self, player: Player) -> list[Action]:
        """``player``'s legal actions, worked out afresh (each game's own rule)."""
        raise NotImplementedError(f"{type(self).__name__} must list the legal actions")

    def _anytime(self, player: Player) -> list[Action]:
        return []


__all__ = ["MomentMemo"]
