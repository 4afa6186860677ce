"""The league site's own pages: standings, players, all games, games left out (HTML text only).

Built on :mod:`gtcli.core.html.page` (one self-contained file each: no JavaScript, no
network, no external font or image); every word from a file is escaped with ``esc``.
Laid out for a phone first: one column, tables that scroll sideways inside their box
rather than widening the page, and larger type on a desktop.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gtcli.core.html.page import SANS, document, esc
from gtcli.core.html.svg_chart import Series, chart, legend

GENERATOR = "gt club site"
TITLES = {"grand-tribunal": "Grand Tribunal", "trickerion": "Trickerion"}

CSS = f"""\
body {{ font-family: {SANS}; color: #1d1a16; background: #efece6; line-height: 1.45; font-size: 15px; }}
header.site, main {{ max-width: 60rem; margin: 0 auto; padding: .8rem 1rem; }}
header.site {{ display: flex; flex-wrap: wrap; gap: .3rem 1.2rem; align-items: baseline; }}
header.site .brand {{ font-weight: bold; font-size: 1.15rem; margin-right: auto; }}
main {{ background: #fff; box-shadow: 0 1px 4px rgba(0,0,0,.2); overflow-wrap: break-word; }}
td.file, .player-name {{ overflow-wrap: anywhere; }}
h1 {{ font-size: 1.5rem; margin: .2rem 0 .6rem; }}
h2 {{ font-size: 1.2rem; margin: 1.4rem 0 .5rem; border-bottom: 1px solid #c9bfae; }}
a {{ color: #0b5394; }}
table {{ border-collapse: collapse; width: 100%; font-size: .95rem; }}
th, td {{ border-bottom: 1px solid #e2dccf; padding: .35rem .45rem; text-align: left; vertical-align: top; }}
th {{ background: #f3efe6; white-space: nowrap; }}
.num {{ text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }}
.note {{ color: #5b544a; font-size: .9rem; }}
.verdict-legal {{ color: #116b2f; }}
.verdict-illegal, .verdict-unusable {{ color: #a4260b; }}
.verdict-incomplete {{ color: #7a5b00; }}
svg.chart {{ display: block; width: 100%; height: auto; }}
.legend {{ list-style: none; margin: .3rem 0 0; padding: 0; display: flex; flex-wrap: wrap; gap: .2rem 1rem; }}
.legend li {{ display: flex; align-items: center; gap: .4rem; }}
footer {{ margin-top: 1.5rem; border-top: 1px solid #e2dccf; padding-top: .4rem; color: #5b544a; font-size: .85rem; }}
@media (min-width: 48rem) {{ body {{ font-size: 16px; }} main {{ padding: 1.2rem 2rem; margin-bottom: 2rem; }} }}
"""


def page(title: str, body: str, depth: int = 0) -> str:
    """A whole page with the site's header; ``depth`` is how many folders below the site's top it is."""
    up = "../" * depth
    nav = (f'<header class="site"><span class="brand">{esc("Club league")}</span>'
           f'<a href="{up}index.html">Standings</a><a href="{up}games.html">Games</a>'
           f'<a href="{up}excluded.html">Left out</a></header>')
    footer = (f"<footer>Written by {GENERATOR} (gtcli) from the club's files; every result is judged by gt's "
              "rules.</footer>")
    return document(title, "en", CSS, f"{nav}<main>{body}{footer}</main>", GENERATOR)


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.0f}%"


def _table(head: Sequence[tuple[str, bool]], rows: Sequence[Sequence[str]], cls: str = "") -> str:
    """A table in a sideways-scrolling box; ``head`` is (title, numeric); cells are the caller's markup.
    A column titled "File" may break its paths anywhere (a phone is narrower than a path)."""
    def attr(title: str, num: bool) -> str:
        return ' class="num"' if num else ' class="file"' if title == "File" else ""

    ths = "".join(f'<th{attr("", num)}>{esc(t)}</th>' for t, num in head)
    trs = "".join("<tr>" + "".join(f"<td{attr(title, num)}>{cell}</td>"
                                   for cell, (title, num) in zip(row, head)) + "</tr>" for row in rows)
    return f'<div class="wide"><table class="{cls}"><thead><tr>{ths}</tr></thead><tbody>{trs}</tbody></table></div>'


def standings(sections: Sequence[dict[str, Any]]) -> str:
    """index.html: per game, the ratings table joined with the win counts."""
    parts = ["<h1>Standings</h1>"]
    if not sections:
        parts.append('<p class="note">No game has been judged legal and complete yet.</p>')
    for s in sections:
        rows = [[str(n), f'<a href="{esc(p["href"])}">{esc(p["name"])}</a>', f'{p["ordinal"]:.1f}', str(p["games"]),
                 str(p["wins"]), _pct(p["win_rate"]), f'{p["average_place"]:.2f}']
                for n, p in enumerate(s["players"], 1)]
        pred = s["prediction"]
        accuracy = (f"Before each game, the higher rated of two players finished ahead in {pred['correct']} of "
                    f"{pred['pairs']} pairs ({_pct(pred['accuracy'])})." if pred["pairs"] else
                    "The ratings have predicted nothing yet.")
        parts.append(f'<section class="standings" data-game="{esc(s["game"])}"><h2>{esc(TITLES[s["game"]])}</h2>'
                     f'<p class="note">{s["games"]} game(s) counted; {s["excluded"]} left out '
                     f'(<a href="excluded.html">why</a>). Rating: OpenSkill (Plackett-Luce) mu - 3 sigma. '
                     f"{esc(accuracy)}</p>"
                     + _table((("#", True), ("Player", False), ("Rating", True), ("Games", True), ("Wins", True),
                               ("Win rate", True), ("Avg place", True)), rows, "standings") + "</section>")
    return page("Club league: standings", "".join(parts))


def _verdict(v: str | None) -> str:
    return f'<span class="verdict-{esc(v or "")}">{esc(v or "")}</span>'


def games(entries: Sequence[dict[str, Any]], depth: int = 0, title: str = "All games") -> str:
    """games.html: every game, newest first, with its players (winners in bold) and verdict."""
    up = "../" * depth
    rows = []
    for g in entries:
        players = ", ".join(f"<strong>{esc(n)}</strong>" if won else esc(n) for n, won in g["players"])
        link = f'<a href="{up}{esc(g["href"])}">{esc(g["file"])}</a>' if g["href"] else esc(g["file"])
        rows.append([esc(g["date"] or ""), *([] if depth else [esc(TITLES.get(g["game"], g["game"]))]), link,
                     players, _verdict(g["verdict"])])
    heading = "h3" if depth else "h1"
    body = (f"<{heading}>{esc(title)}</{heading}><p class=\"note\">Newest first; undated games last. "
            "Winners in bold.</p>"
            + _table((("Date", False), *([] if depth else [("Game", False)]), ("File", False), ("Players", False),
                      ("Verdict", False)), rows, "games"))
    return body if depth else page(f"Club league: {title.lower()}", body)


def excluded(entries: Sequence[dict[str, Any]]) -> str:
    rows = [[f'<a href="{esc(e["href"])}">{esc(e["file"])}</a>' if e["href"] else esc(e["file"]),
             esc(TITLES.get(e["game"], e["game"] or "")), esc(e["reason"])] for e in entries]
    body = ("<h1>Games left out</h1><p class=\"note\">Illegal, unfinished and unreadable games are kept in the "
            "archive but counted in no statistic and no rating. <code>gt check FILE</code> shows a log's findings."
            "</p>" + (_table((("File", False), ("Game", False), ("Why", False)), rows, "excluded") if rows else
                     '<p class="note">None: every game counts.</p>'))
    return page("Club league: games left out", body)


def player(name: str, sections: Sequence[dict[str, Any]]) -> str:
    """players/SLUG.html: per game, the player's numbers, rating chart, head-to-head and games."""
    parts = [f'<h1 class="player-name">{esc(name)}</h1>']
    for s in sections:
        st = s["stats"]
        parts.append(f'<section data-game="{esc(s["game"])}"><h2>{esc(TITLES[s["game"]])}</h2>')
        if st:
            low, high = st["win_rate_ci"]
            parts.append(f'<p class="summary">{st["games"]} games, {st["wins"]} wins ({_pct(st["win_rate"])}; 95% '
                         f'interval {_pct(low)}-{_pct(high)}); average place {st["average_place"]:.2f}, average '
                         f'score {st["average_score"]:.1f}; longest run of wins {st["longest_streak"]}, now '
                         f'{st["current_streak"]}.</p>')
        if s["rating"]:
            r = s["rating"]
            parts.append(f'<p>Rating {r["ordinal"]:.1f} (mu {r["mu"]:.2f}, sigma {r["sigma"]:.2f}).</p>')
        if len(s["history"]) >= 1:
            series = [Series("rating", [0.0] + [round(h, 1) for h in s["history"]])]
            labels = ["start"] + [str(n) for n in range(1, len(s["history"]) + 1)]
            drawn = chart(labels, series, f"{name}: rating after each game", "rating")
            parts.append(f'<figure class="rating-chart">{drawn}<figcaption>{legend(series, "now {v}")}'
                         f"</figcaption></figure>")
        if s["head_to_head"]:
            rows = [[esc(h["b"]), str(h["games"]), str(h["a_ahead"]), str(h["b_ahead"]), str(h["level"])]
                    for h in s["head_to_head"]]
            parts.append("<h3>Head to head</h3>" + _table((("Against", False), ("Games", True), ("Ahead", True),
                                                           ("Behind", True), ("Level", True)), rows, "h2h"))
        parts.append(games(s["games"], depth=1, title="Games") + "</section>")
    return page(f"Club league: {name}", "".join(parts), depth=1)
