"""Records: what we persist. A record replays to the same state, byte for byte.

    {"format": 1, "game": "mancala", "options": {...}, "seed": 7, "players": 2,
     "seats": ["human", "alphabeta"], "actions": [{"player": 0, "action": {...}}, ...]}

The referee's actions are written with ``"player": "referee"`` so a person can read them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .actions import Action
from .errors import IllegalAction, RecordError
from .game import REFEREE, Game, Player, State

FORMAT = 1


def _player_to_json(player: Player) -> int | str:
    return "referee" if player == REFEREE else player


def _player_from_json(value: Any) -> Player:
    if value == "referee":
        return REFEREE
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    raise RecordError(f"a record's player is a seat number or 'referee', not {value!r}")


@dataclass
class Record:
    game: str
    options: dict[str, Any]
    seed: int
    players: int
    seats: list[str] = field(default_factory=list)
    actions: list[tuple[Player, Action]] = field(default_factory=list)

    def add(self, player: Player, action: Action) -> None:
        self.actions.append((player, Action.of(action)))

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": self.game,
            "options": self.options,
            "seed": self.seed,
            "players": self.players,
            "seats": list(self.seats),
            "actions": [
                {"player": _player_to_json(p), "action": a.to_json()} for p, a in self.actions
            ],
        }

    @classmethod
    def from_json(cls, data: Any) -> Record:
        if not isinstance(data, dict):
            raise RecordError("a record is a JSON object")
        try:
            actions = []
            for i, entry in enumerate(data.get("actions", [])):
                if not isinstance(entry, dict) or "player" not in entry or "action" not in entry:
                    raise RecordError(f"action {i} of the record is not {{player, action}}")
                actions.append((_player_from_json(entry["player"]), Action.of(entry["action"])))
            seed = data["seed"]
            players = data["players"]
            if not isinstance(seed, int) or not isinstance(players, int):
                raise RecordError("a record's seed and players are whole numbers")
            return cls(
                game=str(data["game"]),
                options=dict(data.get("options", {})),
                seed=seed,
                players=players,
                seats=[str(s) for s in data.get("seats", [])],
                actions=actions,
            )
        except KeyError as err:
            raise RecordError(f"a record needs the key {err.args[0]!r}") from None
        except TypeError as err:
            raise RecordError(f"a record's action is malformed: {err}") from None

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> Record:
        try:
            return cls.from_json(json.loads(Path(path).read_text(encoding="utf-8")))
        except json.JSONDecodeError as err:
            raise RecordError(f"{path} is not valid JSON: {err}") from None

    def new_state(self, game: Game) -> State:
        """The state this record starts from, on ``game``: the caller loads the game (the core
        knows no list of games; ``spieltisch.registry.replay`` does both)."""
        if game.id != self.game:
            raise RecordError(f"this record is a game of {self.game}, not of {game.id}")
        for name, value in self.options.items():
            if game.options.get(name, value) != value:
                raise RecordError(
                    f"this record was played with {name}={value!r}, "
                    f"the game given has {game.options[name]!r}"
                )
        return game.new_state(self.players, self.seed)

    def replay(self, game: Game, upto: int | None = None) -> State:
        """The state after the first ``upto`` actions (all of them by default) on ``game``."""
        state = self.new_state(game)
        for i, (player, action) in enumerate(self.actions[:upto]):
            try:
                state.apply(player, action)
            except IllegalAction as err:
                raise RecordError(f"action {i} of the record is illegal: {err}") from None
        return state
