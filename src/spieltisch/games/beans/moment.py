"""Who may act and what they may do, worked out once per moment.

A host and its bots ask ``actors()`` and then ``legal_actions(p)`` of every one of them after
every action (in a trading phase everyone may act), and ``apply`` checks the action against the
same list. Between two actions the answers cannot change, so a state keeps them until its next
action. An action that changes only what its own player may do (a step of a trading draft, a
harvest) forgets only that player's list; a game says which those are (``_private_step``).

A game's state computes the answers in ``_actors`` and ``_legal_actions``; a clone takes the
memo with it (equal states have equal answers). Whoever changes a state other than by ``apply``
(a resample dealing hands anew) calls ``forget_moment``.
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

    def forget_moment(self) -> None:
        self._actors_memo = None
        self._legal_memo = {}

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

    def apply(self, player: Player, action: Action | Mapping[str, Any]) -> list[Event]:
        try:
            events: list[Event] = super().apply(player, action)  # type: ignore[misc]
        except BaseException:
            self.forget_moment()  # a refused action changed nothing, but be sure
            raise
        if self._private_step(player, action):
            self._actors_memo = None
            self._legal_memo.pop(player, None)
        else:
            self.forget_moment()
        return events

    def _private_step(self, player: Player, action: Mapping[str, Any]) -> bool:
        """True when ``action``, just carried out, changed what ``player`` may do and whether
        others may act at all, but nothing another player may do."""
        return False

    def _actors(self) -> frozenset[Player]:
        raise NotImplementedError

    def _legal_actions(self, player: Player) -> list[Action]:
        raise NotImplementedError


__all__ = ["MomentMemo"]
