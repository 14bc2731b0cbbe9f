"""Ludii-style game metrics over a run's finished games: small functions, one number each.

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
from collections.abc import Sequence

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
    return (max(0.0, centre - half), min(1.0, centre + half))


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
