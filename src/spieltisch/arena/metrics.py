"""Ludii-style game metrics over a run's finished games: small functions, one number each;
then the games' own counts, and each kind of action against the rank of the player who took it.

Ludii's metrics (Browne, Piette, Stephenson et al.) judge a ruleset from many self-played
games; the four here are the ones a table-game designer asks first:

- **balance**: ``1 - (best seat's win share - worst seat's win share)``; 1 is a game where no
  seat has an edge. Ludii's Balance compares the players' win rates the same way.
- **decisiveness**: the share of games with a single winner.
- **drawishness**: the share of games in which every player shares first place (a draw).
  A game with a shared first place that is not everyone (two of four tied) counts in neither.
  (Ludii's "Decisiveness" looks at when the eventual winner pulls ahead; a record of actions
  alone does not say when that was, so we keep to the outcome.)
- **duration**: actions per game: mean, median, quartiles, extremes.

A "win share" gives a shared first place 1/k to each of the k players who share it, so the
win shares of one game add up to 1 and the fair share of a seat is 1/P.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

Z95 = 1.959963984540054  # the normal quantile of a two-sided 95 % interval


def first_place_shares(ranks: Sequence[int]) -> list[float]:
    """Each player's share of the win: 1/k for each of the k players placed first."""
    k = sum(1 for r in ranks if r == 1)
    return [1.0 / k if r == 1 else 0.0 for r in ranks]


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval for a proportion. ``successes`` may be fractional (shared
    places count 1/k); the interval is then an approximation, and a good one: a shared place
    has less variance than a whole win or loss, so the interval errs on the wide side."""
    if trials <= 0:
        return (0.0, 1.0)
    p = min(1.0, max(0.0, successes / trials))
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    # the interval holds p; at p = 0 or 1 rounding put a bound a hair past it (2.8e-17 above
    # a share of nought), and a plot's error bar below the share came out negative
    return (min(p, max(0.0, centre - half)), max(p, min(1.0, centre + half)))


def games_to_separate(share: float, fair: float, z: float = Z95) -> int | None:
    """About how many games would make a 95% interval narrow enough to tell ``share`` from
    ``fair`` (the normal approximation: half-width z * sqrt(p(1-p)/n) below the gap); None
    where there is no gap to tell."""
    gap = abs(share - fair)
    if gap < 1e-12:
        return None
    p = min(max(share, 1e-6), 1 - 1e-6)
    return math.ceil(z * z * p * (1 - p) / (gap * gap))


def balance(seat_win_shares: Sequence[float]) -> float:
    """1 minus the gap between the best and the worst seat's win share."""
    if not seat_win_shares:
        return 1.0
    return 1.0 - (max(seat_win_shares) - min(seat_win_shares))


def decisiveness(ranks_per_game: Sequence[Sequence[int]]) -> float:
    """The share of games with exactly one player in first place."""
    if not ranks_per_game:
        return 0.0
    single = sum(1 for ranks in ranks_per_game if sum(1 for r in ranks if r == 1) == 1)
    return single / len(ranks_per_game)


def drawishness(ranks_per_game: Sequence[Sequence[int]]) -> float:
    """The share of games in which all players share first place."""
    if not ranks_per_game:
        return 0.0
    draws = sum(1 for ranks in ranks_per_game if all(r == 1 for r in ranks))
    return draws / len(ranks_per_game)


def duration(lengths: Sequence[int]) -> dict[str, float]:
    """Actions per game: mean, median, quartiles and extremes (zeros for no games)."""
    if not lengths:
        return {"mean": 0.0, "median": 0.0, "q1": 0.0, "q3": 0.0, "min": 0.0, "max": 0.0}
    q1, _, q3 = statistics.quantiles(lengths, n=4) if len(lengths) > 1 else (lengths[0],) * 3
    return {
        "mean": statistics.fmean(lengths),
        "median": float(statistics.median(lengths)),
        "q1": float(q1),
        "q3": float(q3),
        "min": float(min(lengths)),
        "max": float(max(lengths)),
    }


def correlation(xs: Sequence[float], ys: Sequence[float]) -> float | None:
    """Pearson's r, or None where either side does not vary (or there are < 3 pairs)."""
    if len(xs) < 3 or len(xs) != len(ys):
        return None
    try:
        return statistics.correlation(xs, ys)
    except statistics.StatisticsError:
        return None


# -- the games' own counts ------------------------------------------------------------------


def count_table(
    stats: Sequence[Mapping[str, float]],
    lengths: Sequence[int],
    ranks: Sequence[Sequence[int]],
) -> dict[str, dict[str, float | None]]:
    """Each of the games' own counts (``State.stats()``, one mapping per game) over a run: the
    mean per game, the share of games with any, and Pearson's r with the game's length.

    The games report totals per game, not per player (Mutterböhnchen's ``fired_<bean>`` says
    that a bean fired, not whose), so how a count went with its owner's rank cannot be read
    from them. A count named ``<name>@<seat>`` is taken to be that seat's: ``<name>@seat``
    then gives Pearson's r of the count and the seat's final rank (``corr_owner_rank``;
    negative: more of it, a better place)."""
    table: dict[str, dict[str, float | None]] = {}
    if not stats:
        return table
    as_float = [float(n) for n in lengths]
    for key in sorted({k for game in stats for k in game}):
        values = [float(game.get(key, 0.0)) for game in stats]
        table[key] = {
            "mean": sum(values) / len(values),
            "games_with": sum(1 for v in values if v) / len(values),
            "corr_length": correlation(values, as_float),
        }
    owned: dict[str, tuple[list[float], list[float]]] = {}
    for game, game_ranks in zip(stats, ranks, strict=True):
        for key, value in game.items():
            name, at, seat = key.rpartition("@")
            if at and seat.isdigit() and int(seat) < len(game_ranks):
                counts, owner_ranks = owned.setdefault(name, ([], []))
                counts.append(float(value))
                owner_ranks.append(float(game_ranks[int(seat)]))
    for name, (counts, owner_ranks) in sorted(owned.items()):
        table[f"{name}@seat"] = {"corr_owner_rank": correlation(counts, owner_ranks)}
    return table


# -- kinds of action and the taker's rank ---------------------------------------------------

# an action's named values are kinds of their own ("slap=right", "lay:dieb") while its key
# names at most this many in a run; beyond that (a card code per card) they are summed
KIND_VALUES = 16
ANY = "…"  # the value of a summed kind: "lay=…" is a lay of any card


def action_kinds(action: Mapping[str, Any]) -> Iterator[str]:
    """The kinds an action counts as: ``key=value`` for a word or a yes/no, ``key:item`` for
    each word in a list (``lay:dieb``) besides the bare key, the bare key otherwise; numbers
    name no kind (a pit, a digit card, a field)."""
    for key, value in action.items():
        if isinstance(value, bool) or (isinstance(value, str) and not value.isdigit()):
            yield f"{key}={str(value).lower()}"
        elif isinstance(value, list | tuple):
            yield key
            for item in value:
                if isinstance(item, str) and not item.isdigit():
                    yield f"{key}:{item}"
        else:
            yield key


def seat_kinds(record: Any, players: int) -> list[Counter[str]]:
    """How often each seat took each kind of action, from a game's record (the referee's
    actions are nobody's)."""
    kinds: list[Counter[str]] = [Counter() for _ in range(players)]
    for player, action in record.actions:
        if 0 <= player < players:
            kinds[player].update(action_kinds(action))
    return kinds


def _split(kind: str) -> tuple[str, str, str]:
    """``("lay", ":", "dieb")`` from ``"lay:dieb"``; a bare key has no separator."""
    cut = min((i for i in (kind.find("="), kind.find(":")) if i >= 0), default=-1)
    return (kind, "", "") if cut < 0 else (kind[:cut], kind[cut], kind[cut + 1 :])


@dataclass
class ActionTally:
    """Per kind of action, sums over player-games, enough for its mean per game, the share of
    players who took it, their mean rank, and Pearson's r of count and rank. The sums are
    integers, so tallies of chunks merge to the same numbers in any order (any ``workers``),
    and a run keeps a few numbers per kind instead of every game's counts."""

    seats: int = 0  # player-games
    rank_sum: int = 0
    rank_squares: int = 0
    # kind -> [player-games that took it, their rank sum, sum of counts, of squares, of count*rank]
    kinds: dict[str, list[int]] = field(default_factory=dict)

    def add(self, counts: Mapping[str, int], rank: int) -> None:
        """One player's game: how often they took each kind, and their final rank."""
        self.seats += 1
        self.rank_sum += rank
        self.rank_squares += rank * rank
        summed: Counter[str] = Counter()
        for kind, c in counts.items():
            self._add(kind, c, rank)
            key, sep, _ = _split(kind)
            if sep == "=":
                summed[f"{key}={ANY}"] += c  # reported instead where the key names many
        for kind, c in summed.items():
            self._add(kind, c, rank)

    def _add(self, kind: str, c: int, rank: int) -> None:
        sums = self.kinds.setdefault(kind, [0, 0, 0, 0, 0])
        sums[0] += 1
        sums[1] += rank
        sums[2] += c
        sums[3] += c * c
        sums[4] += c * rank

    def merge(self, other: ActionTally) -> None:
        self.seats += other.seats
        self.rank_sum += other.rank_sum
        self.rank_squares += other.rank_squares
        for kind, theirs in other.kinds.items():
            mine = self.kinds.setdefault(kind, [0, 0, 0, 0, 0])
            for i, v in enumerate(theirs):
                mine[i] += v

    def reported(self) -> list[str]:
        """The kinds to show: each value of a key that names few; ``key=…`` for a key that
        names many (a card code per card), whose ``key:item`` kinds are left out too."""
        values: Counter[tuple[str, str]] = Counter()
        for kind in self.kinds:
            key, sep, value = _split(kind)
            if sep and value != ANY:
                values[key, sep] += 1
        shown = []
        for kind in self.kinds:
            key, sep, value = _split(kind)
            many = values[key, sep] > KIND_VALUES
            if not sep or (many if value == ANY else not many):
                shown.append(kind)
        return sorted(shown, key=lambda k: (-self.kinds[k][2], k))

    def rows(self, games: int) -> list[dict[str, Any]]:
        """One row per reported kind: ``per_game`` (times taken per game, all players),
        ``took_it`` (share of player-games that took it at all), ``mean_rank_with`` and
        ``mean_rank_without``, and ``corr_rank`` (Pearson's r of count and final rank:
        negative, more of it goes with a better place)."""
        n, r1, r2 = self.seats, self.rank_sum, self.rank_squares
        rows = []
        for kind in self.reported():
            took, rank_with, c1, c2, cr = self.kinds[kind]
            sxy, sxx, syy = n * cr - c1 * r1, n * c2 - c1 * c1, n * r2 - r1 * r1
            rows.append(
                {
                    "kind": kind,
                    "per_game": c1 / games if games else 0.0,
                    "took_it": took / n if n else 0.0,
                    "mean_rank_with": rank_with / took if took else None,
                    "mean_rank_without": (r1 - rank_with) / (n - took) if n > took else None,
                    "corr_rank": sxy / math.sqrt(sxx * syy) if n >= 3 and sxx and syy else None,
                }
            )
        return rows
