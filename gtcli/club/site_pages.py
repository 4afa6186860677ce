"""The league site's own pages: the front page, all games, games left out (HTML text only).

Built on :mod:`gtcli.core.html.page` (one self-contained file each: no JavaScript, no
network, no external font or image); every word from a file is escaped with ``esc``. The
club's name titles every page and its language words them (:mod:`gtcli.club.site_words`);
every player's name is the club's (aliases applied) and a link to their page. Laid out for
a phone first: one column; tables that scroll sideways inside their box (with a shadow
that shows it) rather than widening the page, the numbers that matter in their first
columns; dates never broken, paths broken only after a ``/``. The player's and a game's
pages are :mod:`gtcli.club.site_player`.
"""

from __future__ import annotations

from collections.abc import Sequence
from gtcli.club.league import League
from gtcli.club.prediction import in_words
from gtcli.club.site_words import words
from gtcli.core.html.page import SANS, document, esc

GENERATOR = "gt club site"
TITLES = {"grand-tribunal": "Grand Tribunal", "trickerion": "Trickerion"}
LONG_PART = 22  # a path's part longer than this may break anywhere (else only after a "/")

CSS = f"""\
body {{ font-family: {SANS}; color: #1d1a16; background: #efece6; line-height: 1.45; font-size: 15px; }}
header.site, main {{ max-width: 60rem; margin: 0 auto; padding: .8rem 1rem; }}
header.site {{ display: flex; flex-wrap: wrap; gap: .3rem 1.2rem; align-items: baseline; }}
header.site .brand {{ font-weight: bold; font-size: 1.15rem; margin-right: auto; }}
main {{ background: #fff; box-shadow: 0 1px 4px rgba(0,0,0,.2); overflow-wrap: break-word; }}
.player-name {{ overflow-wrap: anywhere; }}
.path .part {{ white-space: nowrap; }}
.path .anywhere {{ overflow-wrap: anywhere; }}
.date, td.num, .nowrap {{ white-space: nowrap; }}
h1 {{ font-size: 1.5rem; margin: .2rem 0 .6rem; }}
h2 {{ font-size: 1.2rem; margin: 1.4rem 0 .5rem; border-bottom: 1px solid #c9bfae; }}
h3 {{ font-size: 1.05rem; margin: 1.1rem 0 .4rem; }}
a {{ color: #0b5394; }}
table {{ border-collapse: collapse; width: 100%; font-size: .95rem; }}
th, td {{ border-bottom: 1px solid #e2dccf; padding: .35rem .45rem; text-align: left; vertical-align: top; }}
th {{ background: #f3efe6; white-space: nowrap; }}
.num {{ text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }}
.note {{ color: #5b544a; font-size: .9rem; }}
.coin {{ border-left: 4px solid #e69f00; background: #fdf3e1; padding: .4rem .6rem; }}
.leader {{ font-size: 1.1rem; }}
.verdict-legal {{ color: #116b2f; }}
.verdict-illegal, .verdict-unusable {{ color: #a4260b; }}
.verdict-incomplete {{ color: #7a5b00; }}
tr.winner td {{ background: #fff4d6; }}
tr.not-counted td {{ color: #6b6256; }}
ul.records {{ padding-left: 1.2rem; }}
ul.left-out {{ list-style: none; padding: 0; }}
ul.left-out li {{ border-bottom: 1px solid #e2dccf; padding: .4rem 0; }}
ul.left-out p {{ margin: .15rem 0; }}
ul.left-out .finding {{ color: #a4260b; }}
code {{ font-size: .88rem; background: #f3efe6; padding: 0 .2rem; }}
svg.chart {{ display: block; width: 100%; height: auto; }}
.legend {{ list-style: none; margin: .3rem 0 0; padding: 0; display: flex; flex-wrap: wrap; gap: .2rem 1rem; }}
.legend li {{ display: flex; align-items: center; gap: .4rem; }}
footer {{ margin-top: 1.5rem; border-top: 1px solid #e2dccf; padding-top: .4rem; color: #5b544a; font-size: .85rem; }}
@media (max-width: 30rem) {{ th, th.num {{ white-space: normal; }} td, th {{ padding: .3rem .3rem; }} }}
@media (min-width: 48rem) {{ body {{ font-size: 16px; }} main {{ padding: 1.2rem 2rem; margin-bottom: 2rem; }} }}
"""


def page(league: League, title: str, body: str, depth: int = 0) -> str:
    """A whole page with the site's header; ``depth`` is how many folders below the site's top it is."""
    t, up = words(league.lang), "../" * depth
    nav = (f'<header class="site"><a class="brand" href="{up}index.html">{esc(league.title)}</a>'
           f'<a href="{up}index.html">{esc(t("Standings"))}</a><a href="{up}games.html">{esc(t("Games"))}</a>'
           f'<a href="{up}excluded.html">{esc(t("Left out"))}</a></header>')
    footer = f"<footer>{esc(t(FOOTER))}</footer>"
    return document(f"{league.title}: {title}", league.lang, CSS, f"{nav}<main>{body}{footer}</main>", GENERATOR)


FOOTER = "Written by gt club site (gtcli) from the club's files; every result is judged by gt's rules."


def pct(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.0f}%"


def path_html(path: str) -> str:
    """A path that breaks only after a ``/`` (a part too long for any column may break anywhere)."""
    parts = [f'<span class="{"anywhere" if len(p) > LONG_PART else "part"}">{esc(p)}</span>' for p in path.split("/")]
    return f'<span class="path">{"/<wbr>".join(parts)}</span>'


def date_html(date: str | None, t) -> str:
    return f'<span class="date">{esc(date or t("undated"))}</span>'


def who(league: League, key: str, depth: int = 0, name: str | None = None) -> str:
    """A player's name (the club's), linked to their page."""
    shown = esc(name or league.display.get(key, key))
    href = league.pages.get(key)
    return f'<a class="player" href="{"../" * depth}{esc(href)}">{shown}</a>' if href else shown


def winners(league: League, entry: dict, depth: int = 0) -> str:
    return ", ".join(who(league, s["key"], depth) for s in entry["seats"] if s["winner"]) or "-"


def game_link(league: League, entry: dict, depth: int = 0, text: str | None = None) -> str:
    shown = text if text is not None else path_html(entry["file"])
    return f'<a href="{"../" * depth}{esc(entry["href"])}">{shown}</a>' if entry["href"] else shown


def table(head: Sequence[tuple[str, bool]], rows: Sequence[Sequence[str]], cls: str = "",
          row_classes: Sequence[str] | None = None) -> str:
    """A table in a sideways-scrolling box; ``head`` is (title, numeric); cells are the caller's markup."""
    num_cls = ' class="num"'

    def tr(n: int) -> str:
        return f'<tr class="{row_classes[n]}">' if row_classes and row_classes[n] else "<tr>"

    ths = "".join(f"<th{num_cls if num else ''}>{esc(title)}</th>" for title, num in head)
    trs = "".join(tr(n) + "".join(f"<td{num_cls if num else ''}>{cell}</td>" for cell, (_, num) in zip(row, head))
                  + "</tr>" for n, row in enumerate(rows))
    return f'<div class="wide"><table class="{cls}"><thead><tr>{ths}</tr></thead><tbody>{trs}</tbody></table></div>'


def prediction_html(league: League, prediction: dict) -> str:
    t = words(league.lang)
    cls = "note coin" if prediction["pairs"] and prediction["coin_toss"] else "note"
    return f'<p class="{cls} prediction">{esc(in_words(prediction, t))}</p>'


def front(league: League) -> str:
    """index.html: per game kind, the leader, the standings, the latest games and the club's records."""
    t = words(league.lang)
    parts = [f"<h1>{esc(league.title)}</h1>"]
    if not league.kinds:
        parts.append(f'<p class="note">{esc(t("No game has been judged legal and complete yet."))}</p>')
    for k in league.kinds:
        parts.append(f'<section class="league" data-game="{esc(k["game"])}"><h2>{esc(TITLES[k["game"]])}</h2>')
        counts = [f'{k["games"]} {t("game(s) counted")}',
                  f'<a href="excluded.html">{k["excluded"]} {t("left out")}</a>']
        if k["aside"]:
            counts.append(f'<a href="excluded.html#repeats">{k["aside"]} {t("set aside as repeats")}</a>')
        parts.append(f'<p class="counts">{"; ".join(counts)}.</p>')
        for same in k.get("probable", []):
            parts.append(f'<p class="note coin probable">{esc(t("Probably one player"))}: {who(league, same["a"])} '
                         f'{esc(t("and"))} {who(league, same["b"])} ({esc(t(same["why"]))}; '
                         f'{esc(t("never merged: [club.aliases] in gt.toml merges them"))})</p>')
        if k["standings"]:
            top = k["standings"][0]
            parts.append(f'<p class="leader">{esc(t("Leader"))}: <strong>{who(league, top["key"])}</strong> '
                         f'({esc(t("rating now"))} {top["ordinal"]:.1f}; {top["games"]} {esc(t("games"))}, '
                         f'{top["wins"]} {esc(t("wins"))})</p>')
        parts.append(prediction_html(league, k["prediction"]))
        parts.append(_standings(league, k))
        if k["latest"]:
            rows = [[date_html(g["date"], t), winners(league, g), game_link(league, g, text=esc(g["event"] or
                     g["file"])), ", ".join(who(league, s["key"]) for s in g["seats"])] for g in k["latest"]]
            parts.append(f'<h3>{esc(t("Latest games"))}</h3>'
                         + table(((t("Date"), False), (t("Winner"), False), (t("Game"), False),
                                  (t("Players"), False)), rows, "latest"))
        parts.append(_records(league, k["records"]) + "</section>")
    return page(league, t("Standings"), "".join(parts))


def _standings(league: League, k: dict) -> str:
    t = words(league.lang)
    rows = [[str(n), who(league, p["key"]), f'{p["ordinal"]:.1f}', str(p["games"]), str(p["wins"]),
             pct(p["win_rate"]), f'{p["average_place"]:.2f}'] for n, p in enumerate(k["standings"], 1)]
    return (f'<p class="note">{esc(t("Rating: OpenSkill (Plackett-Luce) mu - 3 sigma."))}</p>'
            + table((("#", True), (t("Player"), False), (t("Rating"), True), (t("Games"), True), (t("Wins"), True),
                     (t("Win rate"), True), (t("Avg place"), True)), rows, "standings"))


def _records(league: League, records: dict) -> str:
    t = words(league.lang)
    items = []
    if records["most_wins"]:
        r = records["most_wins"]
        items.append(f'{esc(t("Most wins"))}: {who(league, r["key"])}, {r["value"]}')
    if records["longest_streak"]:
        r = records["longest_streak"]
        items.append(f'{esc(t("Longest run of wins"))}: {who(league, r["key"])}, {r["value"]}')
    if records["best_score"]:
        r = records["best_score"]
        items.append(f'{esc(t("Best score"))}: {who(league, r["key"])}, {r["value"]} '
                     f'({game_link(league, r["game"], text=date_html(r["game"]["date"], t))})')
    if records["biggest_table"]:
        r = records["biggest_table"]
        items.append(f'{esc(t("Biggest table"))}: {r["value"]} {esc(t("players"))} '
                     f'({game_link(league, r["game"], text=date_html(r["game"]["date"], t))})')
    if not items:
        return ""
    return f'<h3>{esc(t("Club records"))}</h3><ul class="records">' + "".join(f"<li>{i}</li>" for i in items) + "</ul>"


def verdict(v: str | None) -> str:
    return f'<span class="verdict-{esc(v or "")}">{esc(v or "")}</span>'


def games(league: League) -> str:
    """games.html: every game, newest first, with its players (winners in bold) and verdict."""
    t = words(league.lang)
    rows = []
    for g in league.games:
        players = ", ".join(f"<strong>{who(league, s['key'])}</strong>" if s["winner"] else who(league, s["key"])
                            for s in g["seats"])
        rows.append([date_html(g["date"], t), game_link(league, g), players, esc(TITLES.get(g["game"], g["game"])),
                     verdict(g["verdict"]) + ("" if g["counted"] else f' ({esc(t("Not counted"))})')])
    body = (f'<h1>{esc(t("All games"))}</h1><p class="note">{esc(t("Newest first; undated games last. Winners in bold."))}'
            "</p>" + table(((t("Date"), False), (t("File"), False), (t("Players"), False), (t("Game"), False),
                            (t("Verdict"), False)), rows, "games"))
    return page(league, t("All games"), body)


def excluded(league: League) -> str:
    """excluded.html: each game left out, its first finding (line and message) and the command to see them all;
    then the records set aside as repeats of a game counted."""
    t = words(league.lang)
    items = []
    for e in league.left_out:  # a list, not a table: the message and the command read whole on a phone
        finding = e["finding"]
        first = "" if finding is None else (f'<p class="finding">' + (
            f'<span class="nowrap">{esc(t("line"))} {finding.line}</span>: ' if finding.line else "")
            + f"{esc(finding.message)}</p>")
        items.append(f'<li><p class="what">{game_link(league, e)} · {esc(e["reason"])}</p>{first}'
                     f'<p><code class="command">{esc(e["check"])} {path_html(e["check_path"])}</code></p></li>')
    body = [f'<h1>{esc(t("Games left out"))}</h1><p class="note">{esc(t(EXCLUDED_NOTE))}</p>']
    body.append(f'<ul class="left-out">{"".join(items)}</ul>' if items else
                f'<p class="note">{esc(t("None: every game counts."))}</p>')
    if league.aside:
        body.append(f'<h2 id="repeats">{esc(t("Records of a game counted already (each game counts once):"))}</h2>'
                    '<ul class="repeats">')
        for d in league.aside:
            how = relation_words(d["relation"], t)
            body.append(f'<li>{path_html(d["file"])}: {esc(how)} {path_html(d["kept"])}</li>')
        body.append("</ul>")
    return page(league, t("Games left out"), "".join(body))


def relation_words(relation: str, t) -> str:
    """How a record set aside stands to the one counted (gtcli.club.once's relations)."""
    return {"same": t("the same game as"), "prefix": t("the start of")}.get(relation, t("not kept by the club for"))


EXCLUDED_NOTE = ("Illegal, unfinished and unreadable games are kept in the archive but counted in no statistic and no "
                 "rating. Each line shows the first finding; the command shows them all.")

