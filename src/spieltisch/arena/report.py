"""A tournament, shown: rich tables for the terminal, and a balance report for a folder.

The report (``--report DIR``) is one ``index.html`` that works offline (no script, no CDN),
a PNG per figure drawn with matplotlib's Agg renderer (``Figure`` without pyplot: no display,
no global state), and a CSV per figure with the numbers the figure shows, so that a designer
can redraw or check them. ``arena.json`` is the run's JSON, the same as ``--json`` prints.
Ludii's metrics (balance, decisiveness, drawishness, duration) head the page.
"""

from __future__ import annotations

import csv
import html
import json
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from .tournament import Tournament

# -- the terminal -----------------------------------------------------------------------------


def _ci(ci: Sequence[float]) -> str:
    return f"[{ci[0]:.0%}–{ci[1]:.0%}]"


def _verdict(bot: dict[str, Any]) -> str:
    need = bot["games_to_separate"]
    if bot["verdict"] != "not separated" or need is None:
        return bot["verdict"]
    return f"not separated (~{need} games)"


def _seconds(s: float) -> str:
    return f"{s:.3f}" if s < 10 else f"{s:.0f}"


def print_tables(data: dict[str, Any], console: Console) -> None:
    """Per bot and per seat, from the run's JSON."""
    partial = "" if data["rotation"]["complete"] else " (a rotation partial)"
    stopped = (
        f" (interrupted: {data['games'] + data['errors']} of {data['requested']} played)"
        if data["interrupted"]
        else ""
    )
    if data.get("first"):  # a run continued (--first)
        stopped += f" (the run's games {data['first']} on)"
    title = (
        f"{data['game']}: {data['games']} games{stopped}, {data['players']} players, "
        f"{len(data['rotation']['seatings'])} seatings a rotation{partial}"
    )
    bots = Table(title=title)
    cols = ("bot", "score share [95%]", "fair", "vs fair", "rank", "score", "μ ± σ", "s/move max")
    for col in cols:
        bots.add_column(col, justify="left" if col in ("bot", "vs fair") else "right")
    for name, b in data["bots"].items():
        bots.add_row(
            name,
            f"{b['score_share']:.1%} {_ci(b['score_share_ci'])}",
            f"{b['fair_share']:.1%}",
            _verdict(b),
            f"{b['mean_rank']:.2f}",
            f"{b['mean_score']:.1f}",
            f"{b['rating']['mu']:.1f} ± {b['rating']['sigma']:.1f}",
            _seconds(b["thinking"]["max_s"]),
        )
    console.print(bots)
    for name, b in data["bots"].items():
        t = b["thinking"]
        if t.get("searched"):
            console.print(
                f"{name}: searched {t['searched']} moves, {t['iterations_mean']:.1f} iterations "
                f"each on average; left the game's own bot's move in {t['changed']} of them"
            )
    if any(b["verdict"] == "not separated" for b in data["bots"].values()):
        console.print(
            "not separated: the interval holds the fair share, so this run cannot tell that bot "
            "from an even one; (~N games): about how many would tell a gap of the size seen."
        )
    seats = Table(title="by seat (first-player advantage)")
    for col in ("seat", "win share [95%]", "wins", "draws", "score", "rank"):
        seats.add_column(col, justify="right")
    for s in data["seats"]:
        seats.add_row(
            str(s["seat"]),
            f"{s['win_share']:.1%} {_ci(s['win_share_ci'])}",
            str(s["wins"]),
            str(s["draws"]),
            f"{s['mean_score']:.1f}",
            f"{s['mean_rank']:.2f}",
        )
    console.print(seats)
    m = data["metrics"]
    console.print(
        f"balance {m['balance']:.2f} · decisiveness {m['decisiveness']:.2f} · "
        f"drawishness {m['drawishness']:.2f} · length {m['duration']['mean']:.1f} actions "
        f"(median {m['duration']['median']:.0f}) · errors {data['errors']} · "
        f"{data['seconds']:.1f} s"
    )
    for sample in data["error_samples"]:
        console.print(f"[red]{sample}[/red]")


# -- the balance report ---------------------------------------------------------------------


def write_report(run: Tournament, folder: str | Path, data: dict[str, Any] | None = None) -> Path:
    """Write index.html, the figures (PNG) and their numbers (CSV) into ``folder``; returns
    the page's path."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    data = data if data is not None else run.to_json()
    (out / "arena.json").write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    sections = [
        _metrics_section(data, out),
        _bots_section(data, out),
        _seats_section(data, out),
        _ratings_section(run, out),
        _lengths_section(run, out),
        _scores_section(run, out),
        _stats_section(data, out),
        _actions_section(run, out),
    ]
    page = out / "index.html"
    page.write_text(_page(data, sections), encoding="utf-8")
    return page


def _write_csv(path: Path, header: Sequence[str], rows: Iterable[Sequence[Any]]) -> None:
    with path.open("w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f)
        writer.writerow(header)
        writer.writerows(["" if v is None else v for v in row] for row in rows)


def _figure(width: float = 7.0, height: float = 3.6):
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), dpi=100, layout="constrained")
    return fig, fig.add_subplot()


def _save(fig: Any, path: Path) -> None:
    fig.savefig(path, format="png", metadata={"Software": None})


def _error_bars(values: Sequence[float], cis: Sequence[Sequence[float]]) -> list[list[float]]:
    """matplotlib's error bars from intervals: the distances below and above each value
    (never negative, since ``metrics.wilson``'s interval holds its share)."""
    return [
        [v - ci[0] for v, ci in zip(values, cis, strict=True)],
        [ci[1] - v for v, ci in zip(values, cis, strict=True)],
    ]


def _section(title: str, text: str, name: str | None, table: str = "") -> str:
    parts = [f"<section><h2>{html.escape(title)}</h2><p>{text}</p>"]
    if name is not None:
        parts.append(
            f'<figure><img src="{name}.png" alt="{html.escape(title)}">'
            f'<figcaption>numbers: <a href="{name}.csv">{name}.csv</a></figcaption></figure>'
        )
    parts.append(table)
    parts.append("</section>")
    return "\n".join(parts)


def _html_table(header: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    def cell(v: Any) -> str:
        if v is None:
            return "–"
        if isinstance(v, float):
            return f"{v:.3f}"
        return html.escape(str(v))

    head = "".join(f"<th>{html.escape(h)}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{cell(v)}</td>" for v in r) + "</tr>" for r in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _metrics_section(data: dict[str, Any], out: Path) -> str:
    m = data["metrics"]
    rows = [
        ("balance", m["balance"], "1 − (best seat's win share − worst seat's)"),
        ("decisiveness", m["decisiveness"], "share of games with a single winner"),
        ("drawishness", m["drawishness"], "share of games in which everyone shares first place"),
        *(
            (f"duration {k}", v, "actions per game")
            for k, v in m["duration"].items()
            if k in ("mean", "median", "q1", "q3", "min", "max")
        ),
    ]
    _write_csv(out / "metrics.csv", ("metric", "value", "meaning"), rows)
    text = (
        "Ludii's game metrics, from these bots' games: a game is balanced when no seat "
        "wins more than another, decisive when it names one winner. Numbers: "
        '<a href="metrics.csv">metrics.csv</a>.'
    )
    return _section("Metrics", text, None, _html_table(("metric", "value", "meaning"), rows))


def _bots_section(data: dict[str, Any], out: Path) -> str:
    names = list(data["bots"])
    bots = [data["bots"][n] for n in names]
    rows = [
        (
            n,
            b["games"],
            b["score_share"],
            b["score_share_ci"][0],
            b["score_share_ci"][1],
            b["fair_share"],
            b["verdict"],
            b["games_to_separate"],
            b["mean_rank"],
            b["mean_score"],
            b["rating"]["mu"],
            b["rating"]["sigma"],
            b["thinking"]["decisions"],
            b["thinking"]["mean_s"],
            b["thinking"]["max_s"],
            b["thinking"]["searched"],
            b["thinking"]["iterations_mean"],
            b["thinking"]["changed"],
        )
        for n, b in zip(names, bots, strict=True)
    ]
    header = (
        "bot",
        "games",
        "score_share",
        "ci_low",
        "ci_high",
        "fair_share",
        "verdict",
        "games_to_separate",
        "mean_rank",
        "mean_score",
        "mu",
        "sigma",
        "decisions",
        "mean_s_per_decision",
        "max_s_per_decision",
        "searched",
        "iterations_mean",
        "changed",
    )
    _write_csv(out / "bots.csv", header, rows)
    fig, ax = _figure()
    y = range(len(names))
    shares = [b["score_share"] for b in bots]
    err = _error_bars(shares, [b["score_share_ci"] for b in bots])
    ax.barh(list(y), shares, xerr=err, color="#4c72b0", capsize=4)
    ax.scatter([b["fair_share"] for b in bots], list(y), marker="|", s=400, color="#c44e52")
    ax.set_yticks(list(y), names)
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_xlabel("score share per game (a shared first place counts 1/k); red: fair share")
    _save(fig, out / "bots.png")
    text = (
        "Each bot's share of the wins with its 95% interval (Wilson's, over the games it "
        "played), beside its fair share (the seats it held over the number of players). "
        "<code>verdict</code>: above or below its fair share where the interval lies wholly "
        "on that side; <b>not separated</b> where it holds the fair share: then the run does "
        "not say that the bot is stronger or weaker; play more games. "
        "<code>games_to_separate</code>: about how many games would tell a gap the size of "
        "the one seen (a guess from this run's share). "
        "<code>decisions</code>, <code>mean_s_per_decision</code>, "
        "<code>max_s_per_decision</code>: the moments the bot was asked to decide and its "
        "seconds on each, on this machine's clock: its reaction time and its action together "
        "(a heuristic works its move out when asked how quickly it would act, a search when "
        "asked for the action), a moment it was too slow for with its reaction alone. "
        "<code>searched</code>, <code>iterations_mean</code>, <code>changed</code>: for a "
        "search that starts from the game's own bot's move (ISMCTS), the moves it weighed, its "
        "iterations on each (a sweep's: its deals) and how many times it chose another move: "
        "a search that never does plays as the game's own bot."
    )
    return _section("Bots: score share", text, "bots", _html_table(header, rows))


def _seats_section(data: dict[str, Any], out: Path) -> str:
    seats = data["seats"]
    header = ("seat", "games", "win_share", "ci_low", "ci_high", "wins", "draws", "mean_score")
    rows = [
        (
            s["seat"],
            data["games"],
            s["win_share"],
            s["win_share_ci"][0],
            s["win_share_ci"][1],
            s["wins"],
            s["draws"],
            s["mean_score"],
        )
        for s in seats
    ]
    _write_csv(out / "seats.csv", header, rows)
    fig, ax = _figure()
    x = [s["seat"] for s in seats]
    share = [s["win_share"] for s in seats]
    err = _error_bars(share, [s["win_share_ci"] for s in seats])
    ax.bar(x, share, yerr=err, color="#55a868", capsize=5)
    ax.axhline(1 / data["players"], color="#c44e52", linestyle="--", label="fair: 1/P")
    ax.set_xticks(x, [f"seat {p}" for p in x])
    ax.set_ylabel("win share (95% interval)")
    ax.set_ylim(0, 1)
    ax.legend()
    _save(fig, out / "seats.png")
    text = (
        "How often each seat wins (seat 0 moves first), whichever bot sits there: the seats "
        "rotate, so every bot sat in every seat equally often. A seat whose interval lies "
        "above the dashed line has an advantage."
    )
    return _section("Win rate by seat", text, "seats", _html_table(header, rows))


def _ratings_section(run: Tournament, out: Path) -> str:
    rows = [
        (o.index, run.bots[b], mu, sigma)
        for o, now in zip(run.outcomes, run.ratings, strict=True)
        for b, (mu, sigma) in enumerate(now)
    ]
    _write_csv(out / "ratings.csv", ("game", "bot", "mu", "sigma"), rows)
    fig, ax = _figure()
    x = list(range(1, len(run.ratings) + 1))
    for b, name in enumerate(run.bots):
        mu = [now[b][0] for now in run.ratings]
        sigma = [now[b][1] for now in run.ratings]
        ax.plot(x, mu, label=name)
        ax.fill_between(
            x,
            [m - s for m, s in zip(mu, sigma, strict=True)],
            [m + s for m, s in zip(mu, sigma, strict=True)],
            alpha=0.2,
        )
    ax.set_xlabel("games played")
    ax.set_ylabel("openskill μ ± σ")
    if run.bots:
        ax.legend(fontsize="small")
    _save(fig, out / "ratings.png")
    text = (
        "The openskill (Plackett-Luce) rating of each bot after every game, in game order. "
        "The band is ± one σ; where the bands part and stay apart, the ranking has settled."
    )
    return _section("Rating convergence", text, "ratings")


def _lengths_section(run: Tournament, out: Path) -> str:
    lengths = [o.actions for o in run.outcomes]
    _write_csv(
        out / "lengths.csv",
        ("game", "seed", "actions"),
        ((o.index, o.seed, o.actions) for o in run.outcomes),
    )
    fig, ax = _figure()
    if lengths:
        ax.hist(lengths, bins=min(40, max(5, len(set(lengths)))), color="#8172b2")
    ax.set_xlabel("actions per game")
    ax.set_ylabel("games")
    _save(fig, out / "lengths.png")
    text = (
        "How long the games ran, in actions (every move, reaction and referee call counts). "
        "A long tail shows games that drag."
    )
    return _section("Game length", text, "lengths")


def _scores_section(run: Tournament, out: Path) -> str:
    rows = [
        (o.index, seat, run.bots[b], o.scores[seat], o.ranks[seat], o.shares[seat])
        for o in run.outcomes
        for seat, b in enumerate(o.seating)
    ]
    _write_csv(out / "scores.csv", ("game", "seat", "bot", "score", "rank", "share"), rows)
    fig, ax = _figure()
    by_bot = [[r[3] for r in rows if r[2] == name] for name in run.bots]
    if any(by_bot):
        ax.boxplot(by_bot, tick_labels=run.bots, showmeans=True)
    ax.set_ylabel("final score (the sheet's points)")
    _save(fig, out / "scores.png")
    text = (
        "Each bot's final scores as the sheet counts them (box: quartiles, line: median, "
        "triangle: mean). Ranks come from these scores and the sheet's tie-breaks."
    )
    return _section("Score distributions", text, "scores")


def _stats_section(data: dict[str, Any], out: Path) -> str:
    stats = data["stats"]
    header = ("stat", "mean_per_game", "games_with", "corr_length", "corr_owner_rank")
    rows = [
        (
            k,
            v.get("mean"),
            v.get("games_with"),
            v.get("corr_length"),
            v.get("corr_owner_rank"),
        )
        for k, v in stats.items()
    ]
    _write_csv(out / "stats.csv", header, rows)
    if not rows:
        return _section(
            "The game's own counts",
            f"{html.escape(data['game'])} reports no counts of its own (<code>stats()</code> "
            "is empty); the kinds of action below come from the records.",
            None,
        )
    fig, ax = _figure(7.0, max(2.5, 0.25 * len(rows) + 1))
    plotted = [r for r in rows if r[1] is not None]
    ax.barh([r[0] for r in plotted], [r[1] for r in plotted], color="#dd8452")
    ax.invert_yaxis()
    ax.set_xlabel("mean per game")
    _save(fig, out / "stats.png")
    text = (
        "What the game counts of itself (<code>stats()</code>): the mean per game, the share "
        "of games in which it happened, and how it goes with the game's length (Pearson's r). "
        "These counts are totals per game, not per player, so they cannot say how a special "
        "card helped the player who played it; a count named <code>name@seat</code> would be "
        "that seat's, and is then related to its final rank (<code>corr_owner_rank</code>; "
        "negative: more of it, a better place). The kinds of action below are per player."
    )
    return _section("The game's own counts", text, "stats", _html_table(header, rows))


def _actions_section(run: Tournament, out: Path) -> str:
    kinds = run.kinds.rows(len(run.outcomes))
    header = (
        "kind",
        "per_game",
        "took_it",
        "mean_rank_with",
        "mean_rank_without",
        "corr_rank",
    )
    rows = [tuple(k[h] for h in header) for k in kinds]
    _write_csv(out / "actions.csv", header, rows)
    fig, ax = _figure(7.0, max(2.5, 0.22 * min(len(rows), 30) + 1))
    shown = [r for r in rows if r[5] is not None][:30]
    ax.barh([r[0] for r in shown], [r[5] for r in shown], color="#64b5cd")
    ax.axvline(0, color="black", linewidth=0.8)
    ax.invert_yaxis()
    ax.set_xlabel("Pearson r of how often a player took it and their final rank (< 0: better)")
    _save(fig, out / "actions.png")
    text = (
        "Each kind of action, from the records: <code>key=value</code> for a named choice, "
        "<code>key:item</code> for a card named in a list (Biber-Mania's action cards in "
        "<code>lay:dieb</code>), and <code>key=…</code> summed over the values of a key that "
        "names many (a card code per card). Per game, the share of player-games that took "
        "it, the mean final rank of those who did and did not, and the correlation of its "
        "count with the taker's rank. "
        "An association in these bots' play, not a cause: a player who takes many actions of "
        "any kind may just be in a long game."
    )
    return _section("Actions and the taker's rank", text, "actions", _html_table(header, rows[:60]))


STYLE = """
body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;
color:#222;line-height:1.45}
table{border-collapse:collapse;margin:.5rem 0 1rem;font-size:.9rem}
th,td{border:1px solid #ccc;padding:.2rem .5rem;text-align:right}
th:first-child,td:first-child{text-align:left}
img{max-width:100%;height:auto}
figure{margin:.5rem 0}
figcaption{font-size:.85rem;color:#555}
code{background:#f3f3f3;padding:0 .2rem}
"""


def _page(data: dict[str, Any], sections: Sequence[str]) -> str:
    rot = data["rotation"]
    partial = (
        ""
        if rot["complete"]
        else " Not every deal was played in all its seatings, so seats are not quite balanced."
    )
    if data["interrupted"]:
        partial += (
            f" The run was interrupted after {data['games'] + data['errors']} of its "
            f"{data['requested']} games; these are the games it finished."
        )
    if data.get("first"):
        partial += (
            f" It continues a run: these are its games {data['first']} to "
            f"{data['first'] + data['requested'] - 1}, as the whole run plays them."
        )
    opts = ", ".join(f"{k}={v}" for k, v in data["options"].items()) or "the sheet's rules"
    intro = (
        f"<p>{data['games']} games of <b>{html.escape(data['game'])}</b> at {data['players']} "
        f"players ({html.escape(opts)}), seed {data['seed']}, errors {data['errors']}. "
        f"The seats rotate over {len(rot['seatings'])} seatings, and all seatings of one "
        f"rotation play the same deal, except that a seating repeating another's lineup "
        f"plays one of its own ({rot['deals']} deals).{partial} "
        'The run as JSON: <a href="arena.json">arena.json</a>.</p>'
    )
    title = f"spieltisch arena: {data['game']}"
    return (
        f'<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(title)}</title><style>{STYLE}</style></head>\n<body>"
        f"<h1>{html.escape(title)}</h1>{intro}\n" + "\n".join(sections) + "\n</body></html>\n"
    )
