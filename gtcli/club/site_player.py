"""The league site's page of each player and of each game (HTML text only, in the site's own style).

A **player's page**: per game kind, their numbers (games, wins and the win rate's 95% interval,
average place and score, runs of wins), their rating now, a chart of their rating after each
game placed by date, head to head with every player they met (each a link), and every game
of theirs, newest first: date, their place, their rating after it and their score (the
numbers first, in view on a phone), the winners, the event (a game not counted says so).

A **game's page**: its date, event and file, the result in places with each player's score
and rating after the game (the club's names, linked), the winners, why it is not counted if
it is not, and a link to the full scoresheet (``gt replay --html``'s page,
:mod:`gtcli.club.site_games`).
"""

from __future__ import annotations

import datetime as dt
from collections import Counter

from gtcli.club.league import League
from gtcli.club.site_pages import (TITLES, date_html, esc, game_link, page, path_html, pct, relation_words, table,
                                   verdict, who, winners)
from gtcli.club.site_words import words
from gtcli.core.html.svg_chart import Series, chart, legend


def _day(date: str) -> int:
    return dt.date.fromisoformat(date).toordinal()


def rating_chart(name: str, history: list[tuple[str | None, float]], t) -> str:
    """The rating after each game, at its date (games of one day spread across it; undated ones after)."""
    if not history:
        return ""
    dated = [(d, r) for d, r in history if d]
    at, labels = [], []
    per_day = Counter(d for d, _ in dated)  # one pass (not one per game: a long history was quadratic)
    seen: Counter = Counter()
    for date, _ in history:
        if date:
            at.append(_day(date) + seen[date] / per_day[date])
            seen[date] += 1
            labels.append(date)
        else:  # undated games come after the dated ones: one day apart
            at.append((at[-1] if at else 0) + 1)
            labels.append(t("undated"))
    start = (at[0] - 1) if dated else -1
    series = [Series(t("rating"), [0.0] + [round(r, 1) for _, r in history])]
    drawn = chart([t("start")] + labels, series, f"{name}: {t('Rating history')}", t("rating"), at=[start] + at)
    return (f'<figure class="rating-chart">{drawn}<figcaption>{legend(series, t("now") + " {v}")}'
            f'<p class="note">{esc(t("One point per game, at its date."))}</p></figcaption></figure>')


def player(league: League, key: str) -> str:
    """players/SLUG.html (module docstring)."""
    t = words(league.lang)
    name = league.display.get(key, key)
    parts = [f'<h1 class="player-name">{esc(name)}</h1>']
    for s in league.players.get(key, []):
        parts.append(f'<section data-game="{esc(s["game"])}"><h2>{esc(TITLES[s["game"]])}</h2>')
        st = s["stats"]
        if st:
            low, high = st["win_rate_ci"]
            parts.append(f'<p class="summary">{st["games"]} {esc(t("games"))}, {st["wins"]} {esc(t("wins"))} '
                         f'({pct(st["win_rate"])}; {esc(t("95% interval"))} {pct(low)}-{pct(high)}); '
                         f'{esc(t("average place"))} {st["average_place"]:.2f}, {esc(t("average score"))} '
                         f'{st["average_score"]:.1f}; {esc(t("longest run of wins"))} {st["longest_streak"]}, '
                         f'{esc(t("now"))} {st["current_streak"]}.</p>')
        else:
            parts.append(f'<p class="summary">{esc(t("no game counted yet"))}.</p>')
        if s["rating"]:
            parts.append(f'<p class="rating">{esc(t("Rating"))} <strong>{s["rating"]["ordinal"]:.1f}</strong></p>')
        parts.append(rating_chart(name, s["history"], t))
        if s["head_to_head"]:
            rows = [[who(league, h["key_b"], 1), str(h["games"]), str(h["a_ahead"]), str(h["b_ahead"]),
                     str(h["level"])] for h in s["head_to_head"]]
            parts.append(f'<h3>{esc(t("Head to head"))}</h3>'
                         + table(((t("Against"), False), (t("Games"), True), (t("Ahead"), True), (t("Behind"), True),
                                  (t("Level"), True)), rows, "h2h"))
        parts.append(_games(league, key, s["games"], t) + "</section>")
    return page(league, name, "".join(parts), depth=1)


def _games(league: League, key: str, entries: list[dict], t) -> str:
    rows, classes = [], []
    for g in entries:
        seat = next(s for s in g["seats"] if s["key"] == key)
        rating = f'{seat["rating"]:.1f}' if g["counted"] and seat["rating"] is not None else "-"
        event = game_link(league, g, 1, esc(g["event"]) if g["event"] else path_html(g["file"]))
        if not g["counted"]:
            event += f' <span class="note">({esc(t("Not counted"))})</span>'
        rows.append([date_html(g["date"], t), str(seat["place"]), rating, str(seat["total"]), winners(league, g, 1),
                     event])
        classes.append(" ".join(c for c in ("winner" if seat["winner"] else "",
                                            "" if g["counted"] else "not-counted") if c))
    return (f'<h3>{esc(t("Games"))}</h3><p class="note">{esc(t("Every game of theirs, newest first."))}</p>'
            + table(((t("Date"), False), (t("Place"), True), (t("Rating after"), True), (t("Score"), True),
                     (t("Winner"), False), (t("Event"), False)), rows, "player-games", classes))


def game(league: League, entry: dict) -> str:
    """games/FILE-SHA.html (module docstring)."""
    t = words(league.lang)
    title = entry["event"] or entry["file"]
    parts = [f"<h1>{esc(title)}</h1>",
             f'<p class="meta">{date_html(entry["date"], t)} · {esc(TITLES.get(entry["game"], entry["game"]))} · '
             f'{path_html(entry["file"])} · {verdict(entry["verdict"])}</p>']
    if entry["repeat"]:
        d = entry["repeat"]
        kept = next((g for g in league.games if g["file"] == d["kept"]), None)
        parts.append(f'<p class="note coin">{esc(t("This record repeats a game counted already:"))} '
                     f'{esc(relation_words(d["relation"], t))} '
                     f'{game_link(league, kept, 1) if kept else path_html(d["kept"])}</p>')
    elif entry["why"]:
        parts.append(f'<p class="note coin">{esc(t("This game is not counted:"))} {esc(entry["why"])}</p>')
    if entry["seats"]:
        won = [s for s in entry["seats"] if s["winner"]]
        label = t("Winners") if len(won) > 1 else t("Winner")
        if won:
            parts.append(f'<p class="leader">{esc(label)}: <strong>{winners(league, entry, 1)}</strong></p>')
        rows = [[str(s["place"]), who(league, s["key"], 1), str(s["total"]),
                 f'{s["rating"]:.1f}' if entry["counted"] and s["rating"] is not None else "-"]
                for s in entry["seats"]]
        parts.append(f'<h2>{esc(t("Result"))}</h2>'
                     + table(((t("Place"), True), (t("Player"), False), (t("Score"), True), (t("Rating after"), True)),
                             rows, "result", ["winner" if s["winner"] else "" for s in entry["seats"]]))
    if entry["sheet"]:
        parts.append(f'<p><a class="sheet" href="../{esc(entry["sheet"])}">{esc(t("Full scoresheet"))}</a></p>')
    return page(league, title, "".join(parts), depth=1)
