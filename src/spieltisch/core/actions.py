"""Actions: small JSON objects, compared and hashed by value.

An action is what a player says, e.g. ``{"pit": 3, "direction": "cw"}``. Keeping it a plain
mapping means the JSON a client sends *is* the action: no registry of action classes, and a
record stores exactly what was played.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import Any


def _canonical(value: Any) -> str:
    """The canonical JSON text of a value: equal actions have equal texts. JSON keeps the
    types apart that Python's == mixes up (true, 1 and 1.0 are three different actions)."""
    try:
        return json.dumps(value, sort_keys=True, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError) as err:
        raise TypeError(f"an action holds only JSON values: {err}") from None


_SCALARS = frozenset((str, int, bool, type(None)))
"""JSON scalars whose canonical text is fixed by their type and value (not float: -0.0 and
0.0 are equal in Python and two texts in JSON)."""

_MISSING = object()


def _flat_key(data: dict[str, Any]) -> tuple[tuple[str, type, Any], ...] | None:
    """A key that is equal exactly when the canonical texts are, for an action whose values
    are all ``_SCALARS`` (most actions: ``{"pit": 3, "direction": "cw"}``); None otherwise."""
    items = []
    for key, value in data.items():
        kind = type(value)
        if kind not in _SCALARS:
            return None
        items.append((key, kind, value))
    items.sort(key=_first)
    return tuple(items)


def _first(item: tuple[str, type, Any]) -> str:
    return item[0]


def _flat_equal(a: dict[str, Any], b: dict[str, Any]) -> bool | None:
    """Whether two actions' canonical texts are equal, decided without writing them where
    every value compared is a ``_SCALARS`` of the same type on both sides; None where that
    cannot decide. A search compares many actions with a legal list: this is its hot path.
    Keys are strings (JSON objects have no others)."""
    if len(a) != len(b):
        return False
    for key, value in a.items():
        other = b.get(key, _MISSING)
        if other is _MISSING:
            return False
        kind = type(value)
        if kind is not type(other) or kind not in _SCALARS:
            return None
        if value != other:
            return False
    return True


class Action(Mapping[str, Any]):
    """An immutable JSON object. ``Action(pit=3, direction="cw") == {"pit": 3, ...}``."""

    __slots__ = ("_data", "_hash", "_text")

    def __init__(self, data: Mapping[str, Any] | None = None, /, **fields: Any) -> None:
        # ``fields`` is a fresh dict already: copying it again is most of an action's cost
        self._data = dict(data, **fields) if data else fields
        self._text: str | None = None  # worked out when first needed
        self._hash: int | None = None

    @classmethod
    def of(cls, value: Action | Mapping[str, Any]) -> Action:
        """An action from a caller's value, checked to be a JSON object now."""
        if isinstance(value, Action):
            return value
        if isinstance(value, Mapping):
            action = cls(value)
            action._key()  # reject what is not JSON before anyone acts on it
            return action
        raise TypeError(f"an action is a JSON object, not {type(value).__name__}")

    def _key(self) -> str:
        if self._text is None:
            self._text = _canonical(self._data)
        return self._text

    def __getitem__(self, key: str) -> Any:
        return self._data[key]

    def __contains__(self, key: object) -> bool:
        # the Mapping default raises and catches a KeyError on a miss: engines ask this a lot
        return key in self._data

    def get(self, key: str, default: Any = None) -> Any:
        return self._data.get(key, default)

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __hash__(self) -> int:
        if self._hash is None:
            flat = _flat_key(self._data)
            self._hash = hash(flat) if flat is not None else hash(self._key())
        return self._hash

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Action):
            if self is other:
                return True
            same = _flat_equal(self._data, other._data)
            return same if same is not None else self._key() == other._key()
        if isinstance(other, Mapping):
            try:
                return self._key() == _canonical(dict(other))
            except TypeError:
                return False
        return NotImplemented

    def to_json(self) -> dict[str, Any]:
        return json.loads(json.dumps(self._data))

    def __repr__(self) -> str:
        return f"Action({json.dumps(self._data, sort_keys=True)})"

    def __str__(self) -> str:
        return json.dumps(self._data, sort_keys=True)
