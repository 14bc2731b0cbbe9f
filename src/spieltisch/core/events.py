"""Events: what happened, and who may know it."""

from __future__ import annotations

from typing import Any

EVERYONE: frozenset[int] | None = None


class Event:
    """One thing that happened. ``visible_to`` None means everyone, spectators included.

    An event is never changed once made: engines share one event between the states of a
    search, and the common ones are made once (a draw, a pass). A plain class with slots, not a
    frozen dataclass: an action makes two or three events, and a frozen dataclass's ``__init__``
    cost more than half of the rest of a bean game's step.
    """

    __slots__ = ("data", "type", "visible_to")

    def __init__(
        self,
        type: str,
        data: dict[str, Any] | None = None,
        visible_to: frozenset[int] | None = EVERYONE,
    ) -> None:
        self.type = type
        self.data = {} if data is None else data
        self.visible_to = visible_to

    def visible_for(self, player: int | None) -> bool:
        return self.visible_to is None or (player is not None and player in self.visible_to)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type, **self.data}
        if self.visible_to is not None:
            out["visible_to"] = sorted(self.visible_to)
        return out

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return (self.type, self.data, self.visible_to) == (
            other.type,
            other.data,
            other.visible_to,
        )

    __hash__ = None  # type: ignore[assignment]  # its data is a dict

    def __repr__(self) -> str:
        return f"Event(type={self.type!r}, data={self.data!r}, visible_to={self.visible_to!r})"


class LazyEvent(Event):
    """An event whose data is built on first read, by ``build(*args)``.

    For the events a playout makes and nobody reads: a search or a simulation throws them
    away, while a host or a log reads every one. The data, once built, is the same dict as
    an :class:`Event` of it would hold (a lazy event equals its eager twin), and is built at
    once (twice at worst, by two threads reading it at the same moment: the same data).
    ``build`` must read only ``args``, which the state no longer changes (a copy where it
    would).
    """

    __slots__ = ("_args", "_build", "_data")

    def __init__(
        self,
        type: str,
        build: Any,
        args: tuple[Any, ...],
        visible_to: frozenset[int] | None = EVERYONE,
    ) -> None:
        self.type = type
        self._build = build
        self._args = args
        self._data: dict[str, Any] | None = None
        self.visible_to = visible_to

    @property  # type: ignore[override]
    def data(self) -> dict[str, Any]:
        # the builder and its arguments are kept: two threads reading at once may both build
        # (the same dict), never call what the other cleared
        data = self._data
        if data is None:
            data = self._data = self._build(*self._args)
        return data

    def __reduce__(self) -> tuple[Any, ...]:
        """Copied and pickled as the eager event it stands for."""
        return Event, (self.type, self.data, self.visible_to)
