"""Events: what happened, and who may know it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

EVERYONE: frozenset[int] | None = None


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened. ``visible_to`` None means everyone, spectators included."""

    type: str
    data: dict[str, Any] = field(default_factory=dict)
    visible_to: frozenset[int] | None = EVERYONE

    def visible_for(self, player: int | None) -> bool:
        return self.visible_to is None or (player is not None and player in self.visible_to)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type, **self.data}
        if self.visible_to is not None:
            out["visible_to"] = sorted(self.visible_to)
        return out
