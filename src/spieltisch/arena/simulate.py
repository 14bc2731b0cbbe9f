"""Many games with bots: results per seat, lengths, speed. Local processes by default.

Game ``i`` of a run uses seed ``seed + i``, so a run is reproducible and splits over workers
without changing a single game. Where every seat is the random bot and the game has a compiled
kernel (``Game.kernel()``: mancala and Kalah), the games are played on the kernel, many per
call: the same rules (a differential test holds the two together position by position) and the
same uniformly random policy, with the kernel's own generator seeded by ``seed + i``, so the
run is as reproducible, but its games are not the ones the API's random bot plays from those
seeds. ``kernel=False`` plays them through the API.

A game that raises is counted as an error (with its seed) and the run goes on: a designer
simulating a million games wants the 37 that broke, not a crash. Ctrl-C (KeyboardInterrupt) ends
a run with the chunks of games that finished (``interrupted``), not with nothing.
"""

from __future__ import annotations

import multiprocessing
import signal
import time
from collections.abc import Callable, Sequence
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
    engine: str = "api"  # "kernel" where the games ran on the game's compiled kernel
    interrupted: bool = False  # stopped (Ctrl-C) before all the games asked for were played

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

    def count(self, scores: Sequence[float], ranks: Sequence[int], actions: int) -> None:
        """One finished game."""
        self.games += 1
        self.actions += actions
        shared = sum(1 for r in ranks if r == 1) > 1  # a draw or a shared first place
        for p, stats in enumerate(self.seats):
            rank = int(ranks[p])
            if rank == 1:
                if shared:
                    stats.draws += 1
                else:
                    stats.wins += 1
            stats.score_sum += float(scores[p])
            stats.rank_sum += rank
            stats.ranks[rank] = stats.ranks.get(rank, 0) + 1

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "games": self.games,
            "players": self.players,
            "seed": self.seed,
            "engine": self.engine,
            "options": self.options,
            "errors": self.errors,
            "error_samples": self.error_samples,
            "interrupted": self.interrupted,
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
        out.count(result.scores, result.ranks, played.actions)
        for key, value in played.state.stats().items():
            out.stats[key] = out.stats.get(key, 0) + value
        if record_dir is not None:
            played.record.save(Path(record_dir) / f"{game_id}-{seed}.json")
    return out


def _run_kernel_chunk(
    game_id: str, options: dict[str, Any], players: int, specs: list[str], seeds: range
) -> Summary:
    """Random games on the game's compiled kernel, one call for the whole chunk."""
    import numpy as np

    game = load_game(game_id, **options)
    out = Summary(game_id, players, options, seeds.start, [SeatStats(s) for s in specs])
    out.engine = "kernel"
    played = game.kernel().playouts(np.arange(seeds.start, seeds.stop, dtype=np.int64))
    for scores, ranks, actions in zip(
        played["scores"], played["ranks"], played["actions"], strict=True
    ):
        out.count(scores, ranks, int(actions))
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
    kernel: bool = True,
    ray: bool = False,
    ray_address: str | None = None,
) -> Summary:
    """Play ``games`` games; ``on_progress(k)`` is called as each batch of k games finishes.
    Random bots in every seat play on the game's kernel where it has one, unless ``kernel``
    is false or records are asked for (a kernel keeps no record). ``ray`` (or a
    ``ray_address``) sends the chunks to Ray tasks (``arena/ray_runner.py``): a local Ray with
    ``workers`` CPUs, or the cluster at the address; the summary is the local run's.
    Parts are added in chunk order whatever the order they finish in, so a run's summary (its
    error samples included) is the same with any number of workers, locally or on Ray."""
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
        rdir = str(Path(record_dir).resolve())  # a worker (a Ray node) may start elsewhere
    total = Summary(game_id, n, game.non_default_options(), seed, [SeatStats(s) for s in specs])
    on_kernel = (
        kernel and rdir is None and all(s == "random" for s in specs) and game.kernel() is not None
    )
    if on_kernel:
        total.engine = "kernel"
        run, extra = _run_kernel_chunk, ()
    else:
        run, extra = _run_chunk, (rdir,)
    most = 2000 if on_kernel else 200
    cpus = _ray_cpus(ray, ray_address, workers)  # before the clock: Ray's start is no game
    chunks = _chunks(seed, games, cpus or workers, most)
    parts: list[Summary | None] = [None] * len(chunks)

    def keep(i: int, part: Summary) -> None:
        parts[i] = part
        if on_progress:
            on_progress(len(chunks[i]))

    start = time.perf_counter()
    calls = [(run, (game_id, opts, n, specs, seeds, *extra)) for seeds in chunks]
    try:
        if cpus:
            from .ray_runner import run_tasks

            run_tasks(run, [args for _, args in calls], keep)
        elif workers == 1:
            for i, (_, args) in enumerate(calls):
                keep(i, run(*args))
        else:  # a Pool, terminated on leaving the block: see ``tournament.arena``
            with multiprocessing.Pool(workers, initializer=leave_interrupts) as pool:
                for i, part in pool.imap_unordered(_run_call, enumerate(calls)):
                    keep(i, part)
    except KeyboardInterrupt:
        total.interrupted = True
    for part in parts:  # in chunk order, whatever order they finished in
        if part is not None:
            total.add(part)
    total.seconds = time.perf_counter() - start
    return total


def leave_interrupts() -> None:
    """A worker process's start: Ctrl-C is the host's to handle (it stops the workers)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _run_call(
    call: tuple[int, tuple[Callable[..., Summary], tuple[Any, ...]]],
) -> tuple[int, Summary]:
    i, (run, args) = call
    return i, run(*args)


def _ray_cpus(ray: bool, address: str | None, workers: int) -> int:
    """The CPUs of the Ray the run goes to (started or joined now); 0 for a local run."""
    if not (ray or address):
        return 0
    from .ray_runner import connect

    return connect(address, workers)


def _chunks(seed: int, games: int, workers: int, most: int = 200) -> list[range]:
    # small enough for a live progress bar, large enough that a process pays off
    size = max(1, min(most, games // (workers * 8) or 1))
    return [range(s, min(s + size, seed + games)) for s in range(seed, seed + games, size)]
