"""Many games with bots: results per seat, lengths, speed. Local processes by default.

Game ``i`` of a run uses seed ``seed + i``, so a run is reproducible and splits over workers
without changing a single game. A game that raises is counted as an error (with its seed) and
the run goes on: a designer simulating a million games wants the 37 that broke, not a crash.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..bots import make_bot
from ..bots.scheduler import play_game
from ..core import OptionError
from ..registry import load_game


@dataclass
class SeatStats:
    bot: str
    wins: int = 0
    draws: int = 0
    score_sum: float = 0.0
    rank_sum: int = 0
    ranks: dict[int, int] = field(default_factory=dict)  # rank -> games

    def to_json(self, games: int) -> dict[str, Any]:
        return {
            "bot": self.bot,
            "wins": self.wins,
            "draws": self.draws,
            "win_rate": self.wins / games if games else 0.0,
            "mean_score": self.score_sum / games if games else 0.0,
            "mean_rank": self.rank_sum / games if games else 0.0,
            "ranks": {str(r): k for r, k in sorted(self.ranks.items())},
        }


@dataclass
class Summary:
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    seats: list[SeatStats]
    games: int = 0
    errors: int = 0
    error_samples: list[str] = field(default_factory=list)
    actions: int = 0
    seconds: float = 0.0
    stats: dict[str, float] = field(default_factory=dict)  # the games' own counts, summed

    def add(self, part: Summary) -> None:
        self.games += part.games
        self.errors += part.errors
        self.error_samples += part.error_samples[: max(0, 10 - len(self.error_samples))]
        self.actions += part.actions
        for mine, theirs in zip(self.seats, part.seats, strict=True):
            mine.wins += theirs.wins
            mine.draws += theirs.draws
            mine.score_sum += theirs.score_sum
            mine.rank_sum += theirs.rank_sum
            for r, k in theirs.ranks.items():
                mine.ranks[r] = mine.ranks.get(r, 0) + k
        for key, value in part.stats.items():
            self.stats[key] = self.stats.get(key, 0) + value

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "games": self.games,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "errors": self.errors,
            "error_samples": self.error_samples,
            "seats": [s.to_json(self.games) for s in self.seats],
            "mean_actions": self.actions / self.games if self.games else 0.0,
            "seconds": round(self.seconds, 3),
            "games_per_s": round(self.games_per_s, 2),
            "stats": dict(sorted(self.stats.items())),
            "stats_per_game": {
                k: v / self.games for k, v in sorted(self.stats.items()) if self.games
            },
        }


def seat_specs(bot_specs: Sequence[str] | None, players: int) -> list[str]:
    """One bot spec per seat; a shorter list is repeated (``--bots alphabeta`` fills all)."""
    specs = [s for s in (bot_specs or ["random"]) if s]
    if len(specs) > players:
        raise OptionError(f"{len(specs)} bots given for {players} seats")
    return [specs[i % len(specs)] for i in range(players)]


def _run_chunk(
    game_id: str,
    options: dict[str, Any],
    players: int,
    specs: list[str],
    seeds: range,
    record_dir: str | None,
) -> Summary:
    game = load_game(game_id, **options)
    bots = [make_bot(spec, game) for spec in specs]
    out = Summary(game_id, players, options, seeds.start, [SeatStats(s) for s in specs])
    for seed in seeds:
        try:
            played = play_game(game, bots, seed, seats=specs)
            result = played.state.result()
        except Exception as err:
            out.errors += 1
            if len(out.error_samples) < 10:
                out.error_samples.append(f"seed {seed}: {type(err).__name__}: {err}")
            continue
        out.games += 1
        out.actions += played.actions
        draw = result.is_draw
        for p, stats in enumerate(out.seats):
            if result.ranks[p] == 1:
                if draw or len(result.winners) > 1:
                    stats.draws += 1
                else:
                    stats.wins += 1
            stats.score_sum += result.scores[p]
            stats.rank_sum += result.ranks[p]
            stats.ranks[result.ranks[p]] = stats.ranks.get(result.ranks[p], 0) + 1
        for key, value in played.state.stats().items():
            out.stats[key] = out.stats.get(key, 0) + value
        if record_dir is not None:
            played.record.save(Path(record_dir) / f"{game_id}-{seed}.json")
    return out


def simulate(
    game_id: str,
    games: int,
    players: int | None = None,
    seed: int = 0,
    bot_specs: Sequence[str] | None = None,
    options: dict[str, Any] | None = None,
    workers: int = 1,
    record_dir: str | Path | None = None,
    on_progress: Callable[[int], None] | None = None,
) -> Summary:
    """Play ``games`` games; ``on_progress(k)`` is called as each batch of k games finishes."""
    game = load_game(game_id, **(options or {}))  # validates options before any work starts
    n = game.check_players(players)
    specs = seat_specs(bot_specs, n)
    for spec in set(specs):
        make_bot(spec, game)  # validates bot specs up front, with the game's list of bots
    if games < 1:
        raise OptionError("simulate at least one game")
    if workers < 1:
        raise OptionError("workers is at least 1")
    opts = dict(game.options)
    rdir = None
    if record_dir is not None:
        Path(record_dir).mkdir(parents=True, exist_ok=True)
        rdir = str(record_dir)
    total = Summary(game_id, n, game.non_default_options(), seed, [SeatStats(s) for s in specs])
    start = time.perf_counter()
    chunks = _chunks(seed, games, workers)
    if workers == 1:
        for seeds in chunks:
            part = _run_chunk(game_id, opts, n, specs, seeds, rdir)
            total.add(part)
            if on_progress:
                on_progress(len(seeds))
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = {
                pool.submit(_run_chunk, game_id, opts, n, specs, seeds, rdir): len(seeds)
                for seeds in chunks
            }
            for fut in as_completed(futures):
                total.add(fut.result())
                if on_progress:
                    on_progress(futures[fut])
    total.seconds = time.perf_counter() - start
    return total


def _chunks(seed: int, games: int, workers: int) -> list[range]:
    # small enough for a live progress bar, large enough that a process pays off
    size = max(1, min(200, games // (workers * 8) or 1))
    return [range(s, min(s + size, seed + games)) for s in range(seed, seed + games, size)]
