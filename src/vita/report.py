"""A simulation run as one HTML page (``vita report DIR``): tables and plots, self-contained.

Reads the Parquet rows ``vita simulate --out DIR`` wrote (:mod:`vita.results`) and writes
one HTML file with everything inside it (plots as embedded PNGs): win rate by seat with 95%
Wilson intervals, flagged where the interval leaves out the even share (1 / players) when
the same bot sits in every seat; win rate by bot; score distributions by seat; each part of
the score on average by seat; game lengths. From the facts each game gives of its seats
(``fact_*`` columns): the win rate by each value of a category (child trait, life goal, …) and,
for the cards a seat took, each card's pick rate against the win rate of those who took it;
a value or card is flagged when its interval leaves out the run's overall win rate.
"""

from __future__ import annotations

import base64
import html
import io
import json
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq

from vita.results import RUN_FILE
from vita.tournament import wilson


def load(directory: str | Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The run's description and its rows; :class:`ValueError` if the directory holds no run."""
    directory = Path(directory)
    marker = directory / RUN_FILE
    if not marker.is_file() or not list(directory.glob("part-*.parquet")):
        raise ValueError(f"{directory} holds no simulation run (write one with vita simulate ... --out {directory})")
    run = json.loads(marker.read_text(encoding="utf-8"))
    rows: list[dict[str, Any]] = []
    for part in sorted(directory.glob("part-*.parquet")):
        rows += pq.read_table(part).to_pylist()
    return run, rows


def seat_table(run: dict[str, Any], rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per seat: bot, games, wins, win rate and interval, mean score, and whether the seat's
    win rate lies outside the even share's reach (only asked when one bot plays every seat).

    >>> rows = [{"seat": s, "bot": "b", "won": float(s == 0), "score": 1.0} for _ in range(40) for s in (0, 1)]
    >>> [(r["seat"], r["flagged"]) for r in seat_table({"bots": ["b", "b"]}, rows)]
    [(0, True), (1, True)]
    """
    seats = len(run["bots"])
    even = len(set(run["bots"])) == 1
    table = []
    for seat in range(seats):
        mine = [row for row in rows if row["seat"] == seat]
        wins = sum(row["won"] for row in mine)
        low, high = wilson(wins, len(mine))
        table.append({"seat": seat, "bot": run["bots"][seat], "games": len(mine), "wins": wins,
                      "win_rate": wins / len(mine) if mine else 0.0, "low": low, "high": high,
                      "mean_score": sum(row["score"] for row in mine) / len(mine) if mine else 0.0,
                      "flagged": even and not low <= 1 / seats <= high})
    return table


def first_player_table(run: dict[str, Any], rows: list[dict[str, Any]]) -> list[dict[str, Any]] | None:
    """The first player's win rate and the others', with intervals (``None`` where the game has
    no first player: no ``first_player`` column); flagged where the first player's interval
    leaves out the even share (1 / players).

    >>> rows = [{"seat": s, "first_player": g % 2, "won": float(s == g % 2), "score": 1.0}
    ...         for g in range(40) for s in (0, 1)]
    >>> [(r["who"], r["win_rate"], r["flagged"]) for r in first_player_table({"bots": ["b", "b"]}, rows)]
    [('first player', 1.0, True), ('the others', 0.0, False)]
    """
    known = [row for row in rows if row.get("first_player") is not None]
    if not known:
        return None
    even = 1 / len(run["bots"])
    table = []
    for who, mine in (("first player", [r for r in known if r["seat"] == r["first_player"]]),
                      ("the others", [r for r in known if r["seat"] != r["first_player"]])):
        wins = sum(row["won"] for row in mine)
        low, high = wilson(wins, len(mine))
        table.append({"who": who, "games": len(mine), "win_rate": wins / len(mine) if mine else 0.0,
                      "low": low, "high": high,
                      "mean_score": sum(row["score"] for row in mine) / len(mine) if mine else 0.0,
                      "flagged": who == "first player" and not low <= even <= high})
    return table


def fact_table(rows: list[dict[str, Any]], fact: str) -> list[dict[str, Any]]:
    """Per value of a fact (for a list of cards: per card), the seat-games with it, their win
    rate and its interval, the share of seat-games with it (pick rate), the win rate of the
    others, and whether the interval leaves out the win rate of all the rows.

    >>> rows = [{"won": float(t == "a"), "score": 1.0, "fact_t": t} for t in "ab" * 30]
    >>> [(r["value"], r["win_rate"], r["flagged"]) for r in fact_table(rows, "fact_t")]
    [('a', 1.0, True), ('b', 0.0, True)]
    """
    overall = sum(row["won"] for row in rows) / max(1, len(rows))
    groups: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        value = row.get(fact)
        for item in (value if isinstance(value, list) else [] if value is None else [value]):
            groups.setdefault(str(item), []).append(row)
    table = []
    for value, mine in groups.items():
        wins = sum(row["won"] for row in mine)
        low, high = wilson(wins, len(mine))
        others = len(rows) - len(mine)
        table.append({"value": value, "games": len(mine), "pick_rate": len(mine) / len(rows),
                      "win_rate": wins / len(mine), "low": low, "high": high,
                      "others_win_rate": (sum(row["won"] for row in rows) - wins) / others if others else None,
                      "mean_score": sum(row["score"] for row in mine) / len(mine),
                      "flagged": not low <= overall <= high})
    return sorted(table, key=lambda r: (-r["win_rate"], r["value"]))


def _png(figure: Any) -> str:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=110)
    return base64.b64encode(buffer.getvalue()).decode("ascii")


def _plots(run: dict[str, Any], rows: list[dict[str, Any]], seats: list[dict[str, Any]]) -> list[tuple[str, str]]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plots = []
    n = len(run["bots"])
    figure, axes = plt.subplots(figsize=(6, 3.4))
    rates = [s["win_rate"] for s in seats]
    axes.bar([f"seat {s['seat'] + 1}" for s in seats], rates, color="#4c78a8",
             yerr=[[max(0.0, r - s["low"]) for r, s in zip(rates, seats, strict=True)],
                   [max(0.0, s["high"] - r) for r, s in zip(rates, seats, strict=True)]], capsize=5)
    axes.axhline(1 / n, color="#888", linestyle="--", label="even share")
    axes.set_ylim(0, 1)
    axes.set_ylabel("win rate (95% interval)")
    axes.legend()
    figure.tight_layout()
    plots.append(("Win rate by seat", _png(figure)))
    plt.close(figure)

    figure, axes = plt.subplots(figsize=(6, 3.4))
    axes.boxplot([[row["score"] for row in rows if row["seat"] == seat] for seat in range(n)])
    axes.set_xticks(range(1, n + 1), [f"seat {seat + 1}" for seat in range(n)])
    axes.set_ylabel("score")
    figure.tight_layout()
    plots.append(("Scores by seat", _png(figure)))
    plt.close(figure)

    figure, axes = plt.subplots(figsize=(6, 3.0))
    lengths = [row["length"] for row in rows if row["seat"] == 0]
    axes.hist(lengths, bins=min(30, max(5, len(set(lengths)))), color="#72b7b2")
    axes.set_xlabel("actions in a game")
    axes.set_ylabel("games")
    figure.tight_layout()
    plots.append(("Game length", _png(figure)))
    plt.close(figure)

    overall = sum(row["won"] for row in rows) / len(rows)
    for fact in _facts(rows, str):
        table = fact_table(rows, fact)
        figure, axes = plt.subplots(figsize=(7, 0.8 + 0.32 * len(table)))
        rates = [r["win_rate"] for r in table]
        axes.barh([r["value"] for r in table], rates,
                  color=["#e45756" if r["flagged"] else "#4c78a8" for r in table],
                  xerr=[[max(0.0, x - r["low"]) for x, r in zip(rates, table, strict=True)],
                        [max(0.0, r["high"] - x) for x, r in zip(rates, table, strict=True)]], capsize=3)
        axes.axvline(overall, color="#888", linestyle="--", label="win rate of all seats")
        axes.invert_yaxis()
        axes.set_xlim(0, 1)
        axes.set_xlabel("win rate (95% interval; red: flagged)")
        axes.legend(loc="lower right")
        figure.tight_layout()
        plots.append((f"Win rate by {_title(fact).lower()}", _png(figure)))
        plt.close(figure)
    for fact in _facts(rows, list):
        table = fact_table(rows, fact)
        figure, axes = plt.subplots(figsize=(9, 4.5))
        colours = ["#e45756" if r["flagged"] else "#4c78a8" for r in table]
        axes.scatter([r["pick_rate"] for r in table], [r["win_rate"] for r in table], c=colours, s=18)
        marked = [r for r in table if r["flagged"]]
        for r, y in zip(marked, spread_labels([r["win_rate"] for r in marked], 0.035), strict=True):
            axes.annotate(r["value"], (r["pick_rate"], r["win_rate"]), xytext=(1.02, y), fontsize=7,
                          textcoords=axes.get_yaxis_transform(), va="center",
                          arrowprops={"arrowstyle": "-", "color": "#999", "lw": 0.5})
        axes.axhline(overall, color="#888", linestyle="--", label="win rate of all seats")
        axes.set_xlabel("pick rate (share of seat-games that took it)")
        axes.set_ylabel("win rate of those who took it")
        axes.legend()
        figure.tight_layout()
        plots.append((f"{_title(fact)}: pick rate against win rate (red: flagged)", _png(figure)))
        plt.close(figure)
    return plots


def spread_labels(positions: list[float], gap: float) -> list[float]:
    """Heights for labels wanted at ``positions`` (same order), at least ``gap`` apart and as
    near their points as that allows: the labels of the scatter plot, set in a column beside it
    with a line to their points, never overlap.

    >>> [round(y, 2) for y in spread_labels([0.5, 0.51, 0.9], 0.05)]
    [0.48, 0.53, 0.9]
    """
    order = sorted(range(len(positions)), key=lambda i: positions[i])
    placed = [positions[i] for i in order]
    # Pool adjacent labels that crowd each other into blocks centred on their points' mean.
    blocks: list[tuple[int, int, float]] = []  # first index, count, centre
    for i, y in enumerate(placed):
        blocks.append((i, 1, y))
        while len(blocks) > 1:
            (a, n, c), (_, m, d) = blocks[-2], blocks[-1]
            if (c + (n - 1) * gap / 2) + gap <= d - (m - 1) * gap / 2:
                break
            blocks[-2:] = [(a, n + m, sum(placed[a:a + n + m]) / (n + m))]
    heights = [0.0] * len(placed)
    for first, count, centre in blocks:
        for k in range(count):
            heights[first + k] = centre + (k - (count - 1) / 2) * gap
    result = [0.0] * len(positions)
    for rank, i in enumerate(order):
        result[i] = heights[rank]
    return result


def _facts(rows: list[dict[str, Any]], kind: type) -> list[str]:
    """The fact columns whose values are of ``kind`` (str: categories, list: cards, float: counts)."""
    names = sorted({key for row in rows for key in row if key.startswith("fact_")})
    return [name for name in names
            if isinstance(next((row[name] for row in rows if row.get(name) is not None), None), kind)]


def _title(fact: str) -> str:
    return fact.removeprefix("fact_").replace("_", " ").capitalize()


def write(directory: str | Path, output: str | Path) -> Path:
    """Write the report of the run in ``directory`` to ``output`` (one HTML file)."""
    run, rows = load(directory)
    seats = seat_table(run, rows)
    parts = sorted({key for row in rows for key in row if key.startswith("score_")}) + _facts(rows, float)
    games = len({row["game"] for row in rows})
    e = html.escape
    body = [f"<h1>{e(run['game'])}: {games} games, {len(run['bots'])} players</h1>",
            f"<p>Bots by seat: {e(', '.join(run['bots']))}; options {e(json.dumps(run['options']))}; "
            f"seed {e(str(run['seed']))}. Every game replays from its seed (column <code>seed</code>).</p>",
            "{legend}",
            "<h2>By seat</h2><table><tr><th>seat</th><th>bot</th><th>games</th><th>wins</th>"
            "<th>win rate (95% interval)</th><th>mean score</th>"
            + "".join(f"<th>{e(_title(p) if p.startswith('fact_') else p.removeprefix('score_'))}</th>"
                      for p in parts) + "</tr>"]
    for seat in seats:
        mine = [row for row in rows if row["seat"] == seat["seat"]]
        means = [sum(row.get(p) or 0.0 for row in mine) / max(1, len(mine)) for p in parts]
        flag = " class=\"flag\" title=\"outside the even share's interval\"" if seat["flagged"] else ""
        body.append(f"<tr{flag}><td>{seat['seat'] + 1}</td><td>{e(seat['bot'])}</td><td>{seat['games']}</td>"
                    f"<td>{seat['wins']:g}</td><td>{seat['win_rate']:.3f} ({seat['low']:.3f}-{seat['high']:.3f})"
                    f"{' ⚑' if seat['flagged'] else ''}</td><td>{seat['mean_score']:.2f}</td>"
                    + "".join(f"<td>{m:.2f}</td>" for m in means) + "</tr>")
    body.append("</table>")
    first = first_player_table(run, rows)
    if first is not None:
        body.append("<h2>First player</h2><p>The player who moved first (its definition is in the game's doc), "
                    f"against the even share 1/{len(seats)} = {1 / len(seats):.3f}: seats rotate the first "
                    "player in some games, so the seat table can look even while the first player is not.</p>"
                    "<table><tr><th>who</th><th>seat-games</th><th>win rate (95% interval)</th>"
                    "<th>mean score</th></tr>")
        for r in first:
            flag = " class=\"flag\"" if r["flagged"] else ""
            body.append(f"<tr{flag}><td style=\"text-align:left\">{e(r['who'])}</td><td>{r['games']}</td>"
                        f"<td>{r['win_rate']:.3f} ({r['low']:.3f}-{r['high']:.3f}){' ⚑' if r['flagged'] else ''}"
                        f"</td><td>{r['mean_score']:.2f}</td></tr>")
        body.append("</table>")
    by_bot: dict[str, list[float]] = {}
    for row in rows:
        by_bot.setdefault(row["bot"], []).append(row["won"])
    body.append("<h2>By bot</h2><table><tr><th>bot</th><th>seats played</th><th>win rate (95% interval)</th></tr>")
    for bot, won in by_bot.items():
        low, high = wilson(sum(won), len(won))
        body.append(f"<tr><td>{e(bot)}</td><td>{len(won)}</td><td>{sum(won) / len(won):.3f} "
                    f"({low:.3f}-{high:.3f})</td></tr>")
    body.append("</table>")
    flagged = 0
    for fact in _facts(rows, str) + _facts(rows, list):
        cards = fact in _facts(rows, list)
        table = fact_table(rows, fact)
        flagged += sum(r["flagged"] for r in table)
        body.append(f"<h2>By {e(_title(fact).lower())}</h2><table><tr><th>{'card' if cards else 'value'}</th>"
                    "<th>seat-games</th>" + ("<th>pick rate</th>" if cards else "") +
                    "<th>win rate (95% interval)</th>" + ("<th>win rate of the others</th>" if cards else "") +
                    "<th>mean score</th></tr>")
        for r in table:
            flag = " class=\"flag\"" if r["flagged"] else ""
            others = "" if not cards else (f"<td>{r['others_win_rate']:.3f}</td>" if r["others_win_rate"] is not None
                                           else "<td>-</td>")
            body.append(f"<tr{flag}><td style=\"text-align:left\">{e(r['value'])}</td><td>{r['games']}</td>"
                        + (f"<td>{r['pick_rate']:.3f}</td>" if cards else "")
                        + f"<td>{r['win_rate']:.3f} ({r['low']:.3f}-{r['high']:.3f}){' ⚑' if r['flagged'] else ''}"
                        f"</td>{others}<td>{r['mean_score']:.2f}</td></tr>")
        body.append("</table>")
    overall = sum(row["won"] for row in rows) / len(rows)
    legend = ["<p class=\"legend\"><b>⚑</b> (a shaded row) flags a win rate whose 95% interval leaves out what an "
              "even game would give: in the seat and first-player tables the even share "
              f"(1/{len(seats)}, when one bot plays every seat); in the tables by value and by card the win rate "
              f"of all seats ({overall:.3f}). With many values about one in twenty is flagged by chance alone: a "
              "flag asks for a longer run, not yet for a change. Seats are numbered from 1 here (from 0 in the "
              "Parquet columns).</p>"] if any(seat["flagged"] for seat in seats) or flagged or (
        first is not None and any(r["flagged"] for r in first)) else []
    body[body.index("{legend}")] = "".join(legend)
    for title, png in _plots(run, rows, seats):
        body.append(f"<h2>{e(title)}</h2><img alt=\"{e(title)}\" src=\"data:image/png;base64,{png}\">")
    page = ("<!doctype html><html lang=\"en\"><meta charset=\"utf-8\"><title>vita report</title><style>"
            "body{font-family:sans-serif;margin:2em;max-width:60em}table{border-collapse:collapse}"
            "td,th{border:1px solid #ccc;padding:.2em .5em;text-align:right}tr.flag{background:#fde2c8}"
            "</style><body>" + "\n".join(body) + "</body></html>\n")
    path = Path(output)
    path.write_text(page, encoding="utf-8")
    return path
