"""Actions: small JSON objects, compared and hashed by value.

An action is what a player says, e.g. ``{"pit": 3, "direction": "cw"}``. Keeping it a plain
mapping means the JSON a client sends *is* the action: no registry of action classes, and a
record stores exactly what was played.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import Any

JsonScalar = str | int | float | bool | None


def _freeze(value: Any) -> Any:
    if isinstance(value, Mapping):
        return tuple(sorted((str(k), _freeze(v)) for k, v in value.items()))
    if isinstance(value, list | tuple):
        return ("__list__", *(_freeze(v) for v in value))
    if isinstance(value, bool | int | float | str) or value is None:
        # tagged by type: in Python True == 1 == 1.0, but {"pit": true} is not {"pit": 1}
        return (type(value).__name__, value)
    raise TypeError(f"an action holds only JSON values, not {type(value).__name__}")


class Action(Mapping[str, Any]):
    """An immutable JSON object. ``Action(pit=3, direction="cw") == {"pit": 3, ...}``."""

    __slots__ = ("_data", "_key")

    def __init__(self, data: Mapping[str, Any] | None = None, /, **fields: Any) -> None:
        merged = dict(data or {}, **fields)
        self._key = _freeze(merged)  # also rejects values that are not JSON
        self._data = merged

    @classmethod
    def of(cls, value: Action | Mapping[str, Any]) -> Action:
        if isinstance(value, Action):
            return value
        if isinstance(value, Mapping):
            return cls(value)
        raise TypeError(f"an action is a JSON object, not {type(value).__name__}")

    def __getitem__(self, key: str) -> Any:
        return self._data[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __hash__(self) -> int:
        return hash(self._key)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Action):
            return self._key == other._key
        if isinstance(other, Mapping):
            try:
                return self._key == _freeze(other)
            except TypeError:
                return False
        return NotImplemented

    def to_json(self) -> dict[str, Any]:
        return json.loads(json.dumps(self._data))

    def __repr__(self) -> str:
        return f"Action({json.dumps(self._data, sort_keys=True)})"

    def __str__(self) -> str:
        return json.dumps(self._data, sort_keys=True)
