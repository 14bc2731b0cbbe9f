"""Tournaments: bots against each other with the seats rotated, scored with intervals, rated.

**Seats.** With k bots at P seats, a *rotation* is a set of seatings in which every bot sits in
every seat equally often. Seating (r, j) puts bot ``((s + j) % P + r) % k`` in seat s, for
r < k and j < P; seatings that come out the same are kept once when they all repeat equally
often (which keeps the balance). What that gives:

- k = P: the k cyclic shifts (A,B,C / B,C,A / C,A,B).
- k divides P: each bot fills P/k seats of every game; A,B at 4 players: A,B,A,B and B,A,B,A.
- k does not divide P (A,B,C at 4): k*P seatings; in one game a bot may hold one seat more than
  another, but over the rotation every bot holds every seat equally often, and a bot's fair
  share counts the seats it held.
- k > P (three bots at a two-player game): each game seats P bots that follow each other in the
  cyclic order, each bot in each seat equally often; with k > P + 1 not every pair of bots
  meets, so the ratings (which chain through common opponents) say more than the shares.

**Deals.** Game i plays seating ``i % R`` of the rotation's R seatings from seed
``seed + i // R``: all seatings of one rotation play the same deal, duplicate-style, so a good
hand goes to every bot in turn and the luck of the deal cancels within a rotation. A run whose
length is not a multiple of R ends with a partial rotation; the result says so
(``rotation.complete``), since its seats are then not quite balanced. Bot randomness comes
from the seed and the seat as in ``simulate`` (``bots.scheduler.bot_rngs``), so a seating that
puts the very same specs in the very same seats as an earlier one of its rotation (copies of one
bot swapped: ``random,random``, or ``maumau`` four times to see the seats' own advantage) would
replay that game move for move, and count one game as several. Such a seating is the c-th copy
of its lineup and plays a deal of its own: with at most D copies of a lineup in a rotation,
game i's seed is ``seed + (i // R) * D + c`` (``deal_seed``). Without copies D is 1 and c is 0,
the seed above.

**Scores.** A game's win is shared: the k players placed first get 1/k each. A bot's score
share is its share per game it played (summed over its seats, so between 0 and 1), its fair
share the seats it held over P. Its interval is Wilson's over the games it played, which is
conservative: a share between 0 and 1 with mean p varies at most as a win-or-lose game does,
and seatings that share a deal are negatively correlated. A share whose interval holds the
fair share does not separate from it: then the run says so (``verdict``) rather than name a
winner.

**Ratings.** openskill's Plackett-Luce model, updated after every game in game order (the
results are collected and sorted first, so any number of ``workers`` gives the same ratings).
A bot in several seats of one game rates as one team per seat, each starting from the bot's
rating, and takes the mean of their updates.

**Thinking time.** Each bot's ``act`` calls are timed on the host's clock (never the engine's:
the bots' choices do not depend on it): how many decisions it was asked for, their mean and the
longest, so a claim such as "at most 1 s a decision" is read off the run that measured the
strength. Where several may act, a bot is asked whenever it would be quicker than those asked
before it, so quick reactions count too; the longest is the figure a time budget is held to.

A game that raises is counted as an error with its seed, as in ``simulate``.

**Interrupted.** A run of searching bots may take hours; Ctrl-C (KeyboardInterrupt) ends it
with the games finished so far rather than nothing: ``interrupted`` is set, the tables count
those games (with one worker, the first ones; with several, the chunks that came back whole),
and ``rotation.complete`` says whether every deal played was played in all its seatings.
``first`` continues such a run: the same seed and ``games`` with ``first=k`` play games k to
``games - 1`` of it, the very games (seatings, deals, bot seeds) the whole run would have
played there, so the two runs' games together are the whole run's.
"""

from __future__ import annotations

import multiprocessing
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..bots import Bot, make_bot
from ..bots.base import Decision
from ..bots.scheduler import play_game
from ..core import Action, OptionError
from ..registry import load_game
from . import metrics
from .simulate import SeatStats, Summary, _chunks, _ray_cpus, leave_interrupts

Seating = tuple[int, ...]  # the bot (its index in the run's list) in each seat


def rotation(bots: int, players: int) -> list[Seating]:
    """Seatings in which each of ``bots`` bots sits in each of ``players`` seats equally often."""
    if bots < 1 or players < 1:
        raise OptionError("a rotation needs at least one bot and one seat")
    seatings = [
        tuple(((s + j) % players + r) % bots for s in range(players))
        for r in range(bots)
        for j in range(players)
    ]
    counts = Counter(seatings)
    if len(set(counts.values())) == 1:  # every seating repeats equally: keep each once
        return list(dict.fromkeys(seatings))
    return seatings


def lineup_copies(specs: Sequence[str], seatings: Sequence[Seating]) -> list[int]:
    """Per seating, how many earlier seatings of the rotation put the same spec in every seat
    (0 for the first of its lineup)."""
    seen: Counter[tuple[str, ...]] = Counter()
    copies = []
    for seating in seatings:
        lineup = tuple(specs[b] for b in seating)
        copies.append(seen[lineup])
        seen[lineup] += 1
    return copies


def deal_seed(seed: int, i: int, copies: Sequence[int]) -> int:
    """Game i's seed: its rotation's deal, or a deal of its own where its seating repeats an
    earlier lineup of the rotation (``copies``: ``lineup_copies``), which would replay its game."""
    per_rotation = max(copies) + 1
    return seed + (i // len(copies)) * per_rotation + copies[i % len(copies)]


def clean_specs(specs: Iterable[str]) -> list[str]:
    """The bot specs as the arena takes them: spaces around each dropped, empty ones left out
    (``--bots "a, b,"``)."""
    return [s.strip() for s in specs if s.strip()]


def bot_names(specs: Sequence[str]) -> list[str]:
    """Unique names for the bots: a spec given twice (self-play, to see the seats' advantage
    alone) gets ``#2``."""
    names: list[str] = []
    for spec in specs:
        name, k = spec, 1
        while name in names:
            k += 1
            name = f"{spec}#{k}"
        names.append(name)
    return names


_stopwatch = time.perf_counter  # the host's clock for thinking times (a test sets its own)


@dataclass(frozen=True)
class Thought:
    """The decisions a bot was asked in one game: how many, their seconds together, the
    longest. A decision is one ``Decision`` the host handed it: its ``reaction_time`` and, where
    the host went on to ask, its ``act`` on it, timed together."""

    calls: int = 0
    seconds: float = 0.0
    longest: float = 0.0
    searched: int = 0  # actions a search weighed (ISMCTS: ``info.searched``)
    iterations: int = 0  # the iterations of those searches together (a sweep's: its deals)
    changed: int = 0  # searches whose move is not the game's own bot's (``info.policy``)


class Timed(Bot):
    """A bot with a stopwatch round its ``reaction_time`` and its ``act``: everything else is
    the bot's own (its name, what it answers, whether it searches).

    Both are timed because a bot may think in either. The host asks every seat that may act
    for its reaction time and then asks the quickest for its action (``scheduler.next_action``);
    a heuristic works its choice out when asked how quickly it would act and hands it over from
    a memo in ``act`` (the bean games' traders, Mau-Mau's bot), and a search does its work in
    ``act``. Timing ``act`` alone reported the heuristics' decisions at a microsecond. The two
    calls on one ``Decision`` (the same object: the host makes a fresh one a seat a step) count
    as one decision; a decision the host did not go on to ``act`` on counts with its reaction
    alone, as the bot spent that time all the same.

    A bot that searches from the game's own bot's move (ISMCTS) says in ``info`` what its last
    search did: whether it searched, its iterations, its move and the policy's. Counted here,
    they tell whether a time budget left the search enough iterations to leave the policy's
    move at all."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name
        self.searches = bot.searches
        self.reset()

    def reset(self) -> None:
        self.calls, self.seconds, self.longest = 0, 0.0, 0.0
        self.searched = self.iterations = self.changed = 0
        # the decision timed last and its seconds so far (held, so that its id is not reused)
        self._decision: Decision | None = None
        self._took = 0.0

    def thought(self) -> Thought:
        return Thought(
            self.calls, self.seconds, self.longest, self.searched, self.iterations, self.changed
        )

    def reaction_time(self, decision: Decision) -> float:
        start = _stopwatch()
        try:
            return self.bot.reaction_time(decision)
        finally:
            self._count(decision, _stopwatch() - start)

    def act(self, decision: Decision) -> Action | None:
        start = _stopwatch()
        try:
            action = self.bot.act(decision)
        finally:
            self._count(decision, _stopwatch() - start)
        info = getattr(self.bot, "info", None)
        if getattr(info, "searched", False) is True and hasattr(info, "policy"):
            self.searched += 1
            self.iterations += info.iterations
            self.changed += info.move != info.policy
        return action

    def _count(self, decision: Decision, took: float) -> None:
        """``took`` seconds more of thinking on ``decision``, a new one or the last one."""
        if decision is self._decision:
            self._took += took
        else:
            self._decision, self._took = decision, took
            self.calls += 1
        self.seconds += took
        self.longest = max(self.longest, self._took)


@dataclass
class Outcome:
    """One finished game of a run, seat by seat."""

    index: int
    seed: int
    seating: Seating
    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    actions: int
    stats: dict[str, float]  # the game's own counts (``State.stats()``)
    thinking: tuple[Thought, ...] = ()  # per seat: its bot's decisions in this game

    @property
    def shares(self) -> list[float]:
        return metrics.first_place_shares(self.ranks)


@dataclass
class Failure:
    """A game that raised: counted with its seed, and the run goes on."""

    index: int
    seed: int
    message: str


@dataclass
class Standings:
    """First places per bot (a shared first place in parts, a game once per bot however many
    seats it held): ``bot_table``'s score shares over a whole run, and what a host shows while
    a run of searching bots plays for an hour. Games arrive in the order they end, so until
    the run ends its seats are not balanced: a glimpse, not a result."""

    names: list[str]
    won: list[float] = field(init=False)
    played: list[int] = field(init=False)
    errors: int = 0

    def __post_init__(self) -> None:
        self.won = [0.0] * len(self.names)
        self.played = [0] * len(self.names)

    def add(self, batch: Iterable[Outcome | Failure]) -> None:
        for o in batch:
            if isinstance(o, Failure):
                self.errors += 1
                continue
            for b in set(o.seating):
                self.played[b] += 1
            for b, share in zip(o.seating, o.shares, strict=True):
                self.won[b] += share

    def line(self) -> str:
        """``first places so far: A 2.5/8, B 1/8``; empty before the first game."""
        if not any(self.played) and not self.errors:
            return ""
        parts = [
            f"{name} {round(won, 2):g}/{played}"
            for name, won, played in zip(self.names, self.won, self.played, strict=True)
        ]
        errors = f" ({self.errors} failed)" if self.errors else ""
        return "first places so far: " + ", ".join(parts) + errors


@dataclass
class Tournament:
    """A run: what was asked, every game's outcome in game order, and each bot's rating after
    every game; ``to_json`` works out the tables from these."""

    game: str
    players: int
    options: dict[str, Any]
    seed: int
    bots: list[str]  # names, unique
    specs: list[str]  # the spec each name plays
    seatings: list[Seating]
    requested: int  # games asked for
    outcomes: list[Outcome] = field(default_factory=list)  # in game order
    failures: list[Failure] = field(default_factory=list)
    ratings: list[list[tuple[float, float]]] = field(default_factory=list)  # per game, per bot
    kinds: metrics.ActionTally = field(default_factory=metrics.ActionTally)  # of action
    seconds: float = 0.0
    interrupted: bool = False  # stopped (Ctrl-C) before all ``requested`` games were played
    first: int = 0  # the run's first game played (``arena(first=...)``)

    @property
    def deals(self) -> int:
        """The deals played: one a rotation, more where lineups repeat."""
        return len({o.seed for o in [*self.outcomes, *self.failures]})

    @property
    def complete(self) -> bool:
        """Whether every deal played was played in every seating of its rotation, so that each
        bot held each seat equally often over the run."""
        per_rotation = Counter(
            o.index // len(self.seatings) for o in [*self.outcomes, *self.failures]
        )
        return all(n == len(self.seatings) for n in per_rotation.values())

    def seat_summary(self) -> Summary:
        """The per-seat counts as ``simulate`` keeps them (wins, draws, scores, ranks)."""
        out = Summary(
            self.game,
            self.players,
            self.options,
            self.seed,
            [SeatStats(f"seat {p}") for p in range(self.players)],
        )
        for o in self.outcomes:
            out.count(o.scores, o.ranks, o.actions)
        return out

    def bot_table(self) -> dict[str, dict[str, Any]]:
        """Per bot: score share with its interval against the fair share, rank, score, rating."""
        n = len(self.bots)
        firsts = Standings(self.bots)
        firsts.add(self.outcomes)
        games, share = firsts.played, firsts.won
        seat_games, fair = [0] * n, [0.0] * n
        rank_sum, score_sum = [0] * n, [0.0] * n
        calls, thought, longest = [0] * n, [0.0] * n, [0.0] * n
        searched, iterations, changed = [0] * n, [0] * n, [0] * n
        for o in self.outcomes:
            for b, th in zip(o.seating, o.thinking, strict=False):  # (none where not timed)
                calls[b] += th.calls
                thought[b] += th.seconds
                longest[b] = max(longest[b], th.longest)
                searched[b] += th.searched
                iterations[b] += th.iterations
                changed[b] += th.changed
            for seat, b in enumerate(o.seating):
                seat_games[b] += 1
                fair[b] += 1 / self.players
                rank_sum[b] += o.ranks[seat]
                score_sum[b] += o.scores[seat]
        final = self.ratings[-1] if self.ratings else [rating_start()] * n
        table: dict[str, dict[str, Any]] = {}
        for b, name in enumerate(self.bots):
            g, sg = games[b], seat_games[b]
            ci = metrics.wilson(share[b], g)
            fair_share = fair[b] / g if g else 0.0
            score_share = share[b] / g if g else 0.0
            table[name] = {
                "spec": self.specs[b],
                "games": g,
                "seat_games": sg,
                "score_share": score_share,
                "score_share_ci": list(ci),
                "fair_share": fair_share,
                "separated": g > 0 and not ci[0] <= fair_share <= ci[1],
                "verdict": verdict(score_share, ci, fair_share, g),
                "games_to_separate": metrics.games_to_separate(score_share, fair_share),
                "mean_rank": rank_sum[b] / sg if sg else 0.0,
                "mean_score": score_sum[b] / sg if sg else 0.0,
                "rating": {"mu": final[b][0], "sigma": final[b][1]},
                "thinking": {
                    "decisions": calls[b],
                    "mean_s": thought[b] / calls[b] if calls[b] else 0.0,
                    "max_s": longest[b],
                    # a search's: how many actions it weighed, its iterations on each, and in
                    # how many it left the game's own bot's move (all 0 for a bot that does not
                    # search)
                    "searched": searched[b],
                    "iterations_mean": iterations[b] / searched[b] if searched[b] else 0.0,
                    "changed": changed[b],
                },
            }
        return table

    def seat_table(self) -> list[dict[str, Any]]:
        """Per seat: the simulator's counts, and the win share with its interval."""
        summary = self.seat_summary()
        shares = [0.0] * self.players
        for o in self.outcomes:
            for seat, s in enumerate(o.shares):
                shares[seat] += s
        rows = []
        for seat, stats in enumerate(summary.seats):
            row = {"seat": seat, **stats.to_json(summary.games)}
            del row["bot"]
            games = summary.games
            row["win_share"] = shares[seat] / games if games else 0.0
            row["win_share_ci"] = list(metrics.wilson(shares[seat], games))
            rows.append(row)
        return rows

    def metric_table(self, seats: list[dict[str, Any]]) -> dict[str, Any]:
        """Ludii's metrics over the run (``seats``: the seat table, for the balance)."""
        ranks = [o.ranks for o in self.outcomes]
        return {
            "balance": metrics.balance([s["win_share"] for s in seats]),
            "decisiveness": metrics.decisiveness(ranks),
            "drawishness": metrics.drawishness(ranks),
            "duration": metrics.duration([o.actions for o in self.outcomes]),
        }

    def to_json(self) -> dict[str, Any]:
        seats = self.seat_table()
        return {
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "games": len(self.outcomes),
            "errors": len(self.failures),
            "requested": self.requested,
            "first": self.first,
            "interrupted": self.interrupted,
            "error_samples": [f"seed {f.seed}: {f.message}" for f in self.failures[:10]],
            "rotation": {
                "seatings": [[self.bots[b] for b in s] for s in self.seatings],
                "deals": self.deals,
                "complete": self.complete,
            },
            "bots": self.bot_table(),
            "seats": seats,
            "metrics": self.metric_table(seats),
            "stats": metrics.count_table(
                [o.stats for o in self.outcomes],
                [o.actions for o in self.outcomes],
                [o.ranks for o in self.outcomes],
            ),
            "seconds": round(self.seconds, 3),
        }


def verdict(share: float, ci: tuple[float, float], fair: float, games: int) -> str:
    """Where the interval lies against the fair share: "above", "below", or "not separated"
    (the interval holds it: the run cannot tell the bot from a fair one; play more games)."""
    if games == 0:
        return "did not play"
    if ci[0] > fair:
        return "above"
    if ci[1] < fair:
        return "below"
    return "not separated"


def rating_start() -> tuple[float, float]:
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    return (model.mu, model.sigma)


def rate(outcomes: Iterable[Outcome], bots: int) -> list[list[tuple[float, float]]]:
    """Each bot's (mu, sigma) after every game, updated in the order given."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    now = [(model.mu, model.sigma)] * bots
    history = []
    for o in outcomes:
        teams = [[model.rating(mu=now[b][0], sigma=now[b][1])] for b in o.seating]
        rated = model.rate(teams, ranks=list(o.ranks))
        new: dict[int, list[tuple[float, float]]] = {}
        for b, [r] in zip(o.seating, rated, strict=True):
            new.setdefault(b, []).append((r.mu, r.sigma))
        now = [
            (
                sum(mu for mu, _ in new[b]) / len(new[b]),
                sum(sig for _, sig in new[b]) / len(new[b]),
            )
            if b in new
            else now[b]
            for b in range(bots)
        ]
        history.append(now)
    return history


def _play_chunk(
    game_id: str,
    options: dict[str, Any],
    players: int,
    specs: list[str],
    seatings: list[Seating],
    seed: int,
    indices: range,
    on_game: Callable[[Outcome | Failure, metrics.ActionTally], None] | None = None,
) -> tuple[list[Outcome | Failure], metrics.ActionTally]:
    """Games ``indices`` of a run; ``on_game`` (in-process runs only: a worker's result comes
    back whole) is handed each with its action tally as it ends, for a run whose games take
    minutes (and may be interrupted). The chunk's tally returned counts the games not handed
    to ``on_game`` (all of them in a worker, none in process)."""
    game = load_game(game_id, **options)
    tally = metrics.ActionTally()
    bots: dict[tuple[int, int], Timed] = {}  # (seat, bot index) -> that seat's player, made once
    copies = lineup_copies(specs, seatings)
    out: list[Outcome | Failure] = []
    for i in indices:
        seating = seatings[i % len(seatings)]
        game_seed = deal_seed(seed, i, copies)
        for p, b in enumerate(seating):
            if (p, b) not in bots:
                bots[p, b] = Timed(make_bot(specs[b], game))
        seat_bots = [bots[p, b] for p, b in enumerate(seating)]
        for bot in seat_bots:
            bot.reset()
        try:
            played = play_game(game, seat_bots, game_seed, seats=[specs[b] for b in seating])
            result = played.state.result()
            stats = dict(played.state.stats())
        except Exception as err:
            out.append(Failure(i, game_seed, f"{type(err).__name__}: {err}"))
            if on_game:
                on_game(out[-1], metrics.ActionTally())
            continue
        one = metrics.ActionTally()
        for rank, kinds in zip(
            result.ranks, metrics.seat_kinds(played.record, players), strict=True
        ):
            one.add(kinds, int(rank))
        out.append(
            Outcome(
                i,
                game_seed,
                seating,
                tuple(float(s) for s in result.scores),
                tuple(int(r) for r in result.ranks),
                played.actions,
                stats,
                tuple(bot.thought() for bot in seat_bots),
            )
        )
        if on_game:
            on_game(out[-1], one)
        else:
            tally.merge(one)
    return out, tally


def _play_call(call: tuple[Any, ...]) -> tuple[list[Outcome | Failure], metrics.ActionTally]:
    return _play_chunk(*call)


def arena(
    game_id: str,
    bot_specs: Sequence[str],
    games: int,
    players: int | None = None,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    workers: int = 1,
    on_progress: Callable[[int], None] | None = None,
    ray: bool = False,
    ray_address: str | None = None,
    on_games: Callable[[list[Outcome | Failure]], None] | None = None,
    first: int = 0,
) -> Tournament:
    """Play ``games`` games of the bots with the seats rotated; ``on_progress(k)`` is called
    as each batch of k games finishes, and ``on_games`` is handed that batch first (in the
    order the games end, not the run's: a host that shows the standings so far). ``ray`` (or
    a ``ray_address``) plays the chunks as Ray tasks (``arena/ray_runner.py``), with the same
    result. A KeyboardInterrupt ends the run with the games finished (``interrupted``).
    ``first``: play only games ``first`` to ``games - 1`` of the run, to continue one that was
    stopped (a game of searching bots may take half an hour: its earlier games are not played
    again); ``requested`` is then ``games - first``."""
    game = load_game(game_id, **(options or {}))  # validates options before any work starts
    n = game.check_players(players)
    specs = clean_specs(bot_specs)
    if len(specs) < 2:
        raise OptionError("an arena needs at least two bots (--bots A,B)")
    for spec in set(specs):
        make_bot(spec, game)  # validates bot specs up front, with the game's list of bots
    if games < 1:
        raise OptionError("play at least one game (-n 1)")
    if workers < 1:
        raise OptionError("workers is at least 1")
    if not 0 <= first < games:
        raise OptionError(
            f"the first game to play is one of the run's {games}: 0 to {games - 1} (--first)"
        )
    seatings = rotation(len(specs), n)
    run = Tournament(
        game_id,
        n,
        game.non_default_options(),
        seed,
        bot_names(specs),
        specs,
        seatings,
        games - first,
        first=first,
    )
    args = (game_id, dict(game.options), n, specs, seatings, seed)
    done: list[Outcome | Failure] = []

    def tell(batch: list[Outcome | Failure]) -> None:
        if on_games:
            on_games(batch)
        if on_progress:
            on_progress(len(batch))

    def keep(games_done: list[Outcome | Failure], tally: metrics.ActionTally) -> None:
        done.extend(games_done)
        run.kinds.merge(tally)  # integer sums: the same in any order
        tell(games_done)

    cpus = _ray_cpus(ray, ray_address, workers)  # before the clock: Ray's start is no game
    start = time.perf_counter()
    try:
        if cpus:
            from .ray_runner import run_tasks

            calls = [(*args, indices) for indices in _chunks(first, games - first, cpus)]
            run_tasks(_play_chunk, calls, lambda _i, part: keep(*part))
        elif workers == 1:
            for indices in _chunks(first, games - first, workers):
                _play_chunk(*args, indices, lambda one, tally: keep([one], tally))
        else:
            calls = [(*args, indices) for indices in _chunks(first, games - first, workers)]
            # a Pool, not a ProcessPoolExecutor: on leaving the block it terminates its
            # workers, so that a Ctrl-C does not wait for the chunks they hold (an hour of
            # searching games), where an executor plays its queued chunks to the end first.
            # The workers leave Ctrl-C to this process, which stops them.
            with multiprocessing.Pool(workers, initializer=leave_interrupts) as pool:
                for part in pool.imap_unordered(_play_call, calls):
                    keep(*part)
    except KeyboardInterrupt:
        run.interrupted = True
    done.sort(key=lambda o: o.index)
    run.outcomes = [o for o in done if isinstance(o, Outcome)]
    run.failures = [o for o in done if isinstance(o, Failure)]
    run.ratings = rate(run.outcomes, len(specs))
    run.seconds = time.perf_counter() - start
    return run
