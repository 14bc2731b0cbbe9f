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


class Action(Mapping[str, Any]):
    """An immutable JSON object. ``Action(pit=3, direction="cw") == {"pit": 3, ...}``."""

    __slots__ = ("_data", "_text")

    def __init__(self, data: Mapping[str, Any] | None = None, /, **fields: Any) -> None:
        self._data = dict(data or {}, **fields)
        self._text: str | None = None  # worked out when first compared or hashed

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

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __hash__(self) -> int:
        return hash(self._key())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Action):
            return self._key() == other._key()
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
