"""The balance report as one HTML page (``gt balance ... -o report.html``): charts, no JavaScript.

Built on :mod:`gtcli.core.html.page` (self-contained, offline, every user word escaped: card
names come from strangers' card sets) and :mod:`gtcli.core.html.svg_chart` (Tribunal scores).
Win rates and card differences are drawn as interval rows: a dot for the estimate, a bar
for its 95% interval, a line for the fair share (or no difference). Names stay in HTML
cells, where they wrap; the SVGs hold only shapes and numbers. The page names who played
the games, and says that bots do not play like people.
"""

from __future__ import annotations

from gtcli.core.html.page import SANS, document, esc
from gtcli.core.html.svg_chart import NARROW, Series, chart, legend
from gtcli.core.statistics import p_text

BAR_W, BAR_H = 240, 18
MAX_EXCLUDED_SHOWN = 200

CSS = f"""\
body {{ font-family: {SANS}; color: #1d1a16; background: #efece6; font-size: 15px; line-height: 1.4; }}
main {{ max-width: 1000px; margin: 0 auto; padding: 16px; background: #fff; overflow-wrap: break-word; }}
h1 {{ font-size: 26px; margin: 0 0 6px; }}
h2 {{ font-size: 19px; margin: 26px 0 8px; border-bottom: 1px solid #c9bfae; padding-bottom: 3px; }}
h3 {{ font-size: 16px; margin: 14px 0 6px; }}
.meta, .note {{ color: #5b544a; font-size: 13px; margin: 4px 0; }}
.warning {{ border-left: 5px solid #b3261e; background: #fdeceb; padding: 2px 10px; margin: 10px 0; }}
.warning h2 {{ border: none; margin: 6px 0 2px; }}
.who {{ border-left: 5px solid #d55e00; background: #fbeee6; padding: 6px 10px; margin: 10px 0; }}
table {{ border-collapse: collapse; width: 100%; font-size: 13px; }}
th, td {{ border-bottom: 1px solid #e2dccf; padding: 4px 6px; text-align: left; vertical-align: middle; }}
th {{ background: #f3efe6; white-space: nowrap; }}
.num {{ text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }}
td.name {{ overflow-wrap: break-word; word-break: normal; hyphens: manual; }}
td.bar {{ width: {BAR_W}px; min-width: 120px; }}
svg.bar {{ display: block; width: 100%; height: {BAR_H}px; }}
svg.chart {{ display: block; width: 100%; height: auto; }}
tr.significant td {{ background: #fff4d6; font-weight: bold; }}
.legend {{ list-style: none; margin: 4px 0 0; padding: 0; display: flex; flex-wrap: wrap; gap: 4px 18px; font-size: 13px; }}
.legend li {{ display: flex; align-items: center; gap: 6px; min-width: 0; }}
.legend .who {{ border: none; background: none; padding: 0; margin: 0; }}
footer {{ margin-top: 24px; border-top: 1px solid #e2dccf; padding-top: 6px; color: #5b544a; font-size: 12px; }}
@media (max-width: 900px) {{ .opt2 {{ display: none; }} }}  /* games and use rate: in the JSON and on wide screens */
@media (max-width: 640px) {{
  main {{ padding: 8px; }} h1 {{ font-size: 21px; }} td.bar {{ min-width: 90px; width: 40%; }} td.name {{ min-width: 6em; }}
  .opt {{ display: none; }}  /* a phone shows the estimate and its chart; the page's JSON has every column */
}}
"""


LONGEST_WORD = 16  # letters a card name's word keeps whole on a phone; a longer one may break


def name_html(name: str) -> str:
    """A card name for a table cell, escaped: it wraps between words, never inside one (the cell's
    CSS), except inside a "word" longer than :data:`LONGEST_WORD` letters (a hostile or odd name),
    which gets a break opportunity every so many letters so it cannot widen the table past a phone."""
    words = []
    for word in name.split(" "):
        chunks = [word[i:i + LONGEST_WORD] for i in range(0, len(word), LONGEST_WORD)] or [""]
        words.append("<wbr>".join(esc(chunk) for chunk in chunks))
    return " ".join(words)


def _pct(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.1f}%"


def interval_bar(value: float | None, low: float, high: float, lo_axis: float, hi_axis: float,
                 reference: float, label: str) -> str:
    """One row's interval: a bar from ``low`` to ``high``, a dot at ``value``, a line at ``reference``."""
    def x(v: float) -> float:
        return BAR_W * (min(max(v, lo_axis), hi_axis) - lo_axis) / (hi_axis - lo_axis)

    dot = "" if value is None else f'<circle cx="{x(value):.1f}" cy="{BAR_H / 2}" r="4" fill="#0072B2"/>'
    h = BAR_H / 2  # an arrow at an end the interval runs past (the axis is not stretched for one outlier)
    if high > hi_axis:
        dot += f'<path class="beyond" d="M{BAR_W - 7} {h - 5} L{BAR_W} {h} L{BAR_W - 7} {h + 5} Z" fill="#d55e00"/>'
    if low < lo_axis:
        dot += f'<path class="beyond" d="M7 {h - 5} L0 {h} L7 {h + 5} Z" fill="#d55e00"/>'
    return (f'<svg class="bar" viewBox="0 0 {BAR_W} {BAR_H}" preserveAspectRatio="none" role="img" '
            f'aria-label="{esc(label)}" xmlns="http://www.w3.org/2000/svg"><title>{esc(label)}</title>'
            f'<line x1="{x(reference):.1f}" x2="{x(reference):.1f}" y1="0" y2="{BAR_H}" stroke="#999" '
            f'stroke-dasharray="3 2"/>'
            f'<rect class="ci" x="{min(x(low), BAR_W - 1):.1f}" y="{BAR_H / 2 - 3}" width="{max(1.0, x(high) - x(low)):.1f}" '
            f'height="6" fill="#56B4E9"/>{dot}</svg>')


def _rate_table(rows: list[dict], key: str, title: str, fair: float) -> str:
    body = "".join(
        f'<tr><td class="num">{r[key]}</td><td class="num opt">{r["games"]}</td><td class="num opt">{r["wins"]}</td>'
        f'<td class="num">{_pct(r["win_rate"])}</td><td class="num opt">{_pct(r["ci"][0])} – {_pct(r["ci"][1])}</td>'
        f'<td class="bar">{interval_bar(r["win_rate"], r["ci"][0], r["ci"][1], 0, 1, fair, f"{title} {r[key]}")}</td></tr>'
        for r in rows)
    return (f'<div class="wide"><table class="rates"><tr><th>{esc(title)}</th><th class="num opt">games</th>'
            f'<th class="num opt">wins</th><th class="num">win rate</th><th class="num opt">95% interval</th>'
            f'<th>0 – 100% <span class="opt">(dashed: a fair share, {_pct(fair)})</span></th></tr>{body}</table></div>')


def _seats(report: dict) -> str:
    out = []
    for n, rows in report["seats"].items():
        out.append(f"<h3>{esc(n)} players ({report['players'][n]} games)</h3>")
        fair = report["fair_share"][n]
        out.append(_rate_table(rows, "seat", "seat", fair))
        out.append('<p class="note">Turn order from the first Praeco (1: the first Praeco):</p>')
        out.append(_rate_table(report["first_praeco"][n], "position", "position", fair))
    return "".join(out)


KIND_TITLES = {"item": "Items", "spell": "Spells", "resource": "Resources"}


def axis_span(rows: list[dict], key: str = "ci") -> float:
    """Half the width of the points axis: wide enough for most intervals, never set by one outlier.

    One and a half times the 75th percentile of the intervals' far ends (at least 10 points,
    at most the farthest end): a broken card's interval runs off the edge, marked by an arrow,
    instead of squeezing every other card into a sliver. Its figures stay in the table."""
    ends = sorted(max(abs(r[key][0]), abs(r[key][1])) for r in rows if r.get(key))
    if not ends:
        return 0.1
    quartile = ends[min(len(ends) - 1, (3 * len(ends)) // 4)]
    return max(0.1, min(ends[-1], 1.5 * quartile))


def _card_rows(rows: list[dict], span: float, tier: bool = False) -> str:
    body = []
    for r in rows:
        ci = r["ci"]
        label = f'{r["card"]}: association {_points(r["association"])} points'
        bar = interval_bar(r["association"], ci[0], ci[1], -span, span, 0.0, label) if ci else ""
        cls = ' class="significant"' if r["associated"] else ""
        interval = "–" if not ci else f"{_points(ci[0])} – {_points(ci[1])}"
        users, others = r["users"], r["others"]
        rest = "" if tier else (f'<td class="num opt">{_pct(users["win_rate"])} {_ci(users["ci"])}</td>'
                                f'<td class="num opt">{_pct(others["win_rate"])} {_ci(others["ci"])}</td>'
                                f'<td class="num opt opt2">{_pct(r["use_rate"])}</td>')
        body.append(
            f'<tr{cls}><td class="name">{name_html(r["card"])}</td><td class="num">{_points(r["association"])}</td>'
            f'<td class="bar">{bar}</td><td class="num">{esc(p_text(r["p_adjusted"]))}</td>'
            f'<td class="num opt">{interval}</td><td class="num opt opt2">{r["games"]}</td>{rest}</tr>')
    head = "" if tier else ('<th class="num opt">users win</th><th class="num opt">others win</th>'
                            '<th class="num opt opt2">used by</th>')
    return (f'<div class="wide"><table class="cards"><tr><th>card</th>'
            f'<th class="num">assoc.<span class="opt"> (points)</span></th>'
            f'<th>−{100 * span:.0f} … +{100 * span:.0f}<span class="opt"> points</span></th>'
            f'<th class="num">p<span class="opt"> (Holm)</span></th>'
            f'<th class="num opt">95% interval</th><th class="num opt opt2">games</th>{head}'
            f'</tr>{"".join(body)}</table></div>')


def _points(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:+.1f}"


def _ci(pair) -> str:
    return "" if not pair else f'<br><span class="note">({100 * pair[0]:.0f}–{100 * pair[1]:.0f}%)</span>'


def _by_kind(rows: list[dict]) -> dict[str, list[dict]]:
    kinds: dict[str, list[dict]] = {}
    for r in sorted(rows, key=lambda r: (r["association"] is None, -(r["association"] or 0), r["card"])):
        kinds.setdefault(r["kind"], []).append(r)
    return dict(sorted(kinds.items()))


def _cards(report: dict) -> str:
    out = []
    for kind, rows in _by_kind(report["cards"]).items():
        out.append(f'<h3>{esc(KIND_TITLES.get(kind, kind))}</h3>')
        out.append(_card_rows(rows, axis_span(rows)))
    return "".join(out)


def _tiers(report: dict) -> str:
    by_bot = report.get("bots")
    if not by_bot:
        return ""
    out = ['<section id="bots"><h2>Wins per bot</h2>'
           f'<p class="note">{by_bot["games"]} game(s) name the bot of each seat. A bot\'s win rate is the share of its '
           'seats that won (a shared win counts for each sharer), with a 95% Wilson interval in which a game is one unit '
           '(a bot\'s seats in one game are not independent). Dashed: the fair share, what the bot would win if every '
           'seat were equally strong (shared wins included).</p>']
    body = "".join(
        f'<tr><td class="name">{esc(b["bot"])}</td><td class="num opt">{b["seats"]}</td><td class="num opt">{b["wins"]}</td>'
        f'<td class="num">{_pct(b["win_rate"])}</td><td class="num opt">{_pct(b["ci"][0])} – {_pct(b["ci"][1])}</td>'
        f'<td class="num opt">{_pct(b["fair_share"])}</td>'
        f'<td class="bar">{interval_bar(b["win_rate"], b["ci"][0], b["ci"][1], 0, 1, b["fair_share"] or 0, b["bot"])}</td></tr>'
        for b in by_bot["bots"])
    out.append(f'<div class="wide"><table class="rates"><tr><th>bot</th><th class="num opt">seats</th>'
               f'<th class="num opt">wins</th><th class="num">win rate</th><th class="num opt">95% interval</th>'
               f'<th class="num opt">fair share</th><th>0 – 100%</th></tr>{body}</table></div>')
    for b in by_bot["bots"]:
        bot = b["bot"]
        rows = [{**r["tiers"][bot], "card": r["card"], "kind": r["kind"]} for r in report["cards"]
                if r["tiers"][bot]["games"]]
        out.append(f'<h3>Cards in the hands of the {esc(bot)} bot</h3>')
        for kind, kind_rows in _by_kind(rows).items():
            out.append(f'<p class="note">{esc(KIND_TITLES.get(kind, kind))}</p>')
            out.append(_card_rows(kind_rows, axis_span(kind_rows), tier=True))
    out.append("</section>")
    return "".join(out)


def _histogram(counts: list[list[int]]) -> str:
    """Game lengths (turns) as columns: x the number of turns, y how many games; drawn wide and
    narrow, as every chart (:func:`gtcli.core.html.svg_chart.chart`), so a phone reads its labels."""
    if not counts:
        return ""
    return _columns(counts, 720, "chart chart-wide") + _columns(counts, NARROW[0], "chart chart-narrow")


def _columns(counts: list[list[int]], width: int, cls: str) -> str:
    height, left, bottom = 200, 40, 22
    low, high = counts[0][0], counts[-1][0]
    top = max(c for _, c in counts)
    step = (width - left - 10) / (high - low + 1)
    bars = "".join(
        f'<rect x="{left + (t - low) * step:.1f}" y="{10 + (height - bottom - 10) * (1 - c / top):.1f}" '
        f'width="{max(1.0, step - 1):.1f}" height="{(height - bottom - 10) * c / top:.1f}" fill="#009E73">'
        f'<title>{t} turns: {c} game(s)</title></rect>' for t, c in counts)
    return (f'<svg class="{cls}" viewBox="0 0 {width} {height}" role="img" aria-label="game lengths" '
            f'xmlns="http://www.w3.org/2000/svg" font-size="12" font-family="DejaVu Sans, sans-serif">'
            f'<title>game lengths</title>{bars}'
            f'<text x="{left}" y="{height - 5}" fill="#333">{low}</text>'
            f'<text x="{width - 10}" y="{height - 5}" text-anchor="end" fill="#333">{high} turns</text>'
            f'<text x="{left - 6}" y="20" text-anchor="end" fill="#555">{top}</text></svg>')


def _mean(m: dict) -> str:
    return f'{m["mean"]:.2f} <span class="note">({m["ci"][0]:.2f} – {m["ci"][1]:.2f})</span>'


def _flow(report: dict) -> str:
    vis = report["vis"]
    rows = "".join(f"<tr><td>{esc(kind)}</td><td class='num'>{_mean(vis[kind])}</td></tr>" for kind in vis)
    return (f'<div class="wide"><table><tr><th>Vis per player and game</th><th class="num">mean (95% interval)</th>'
            f'</tr>{rows}</table></div>')


def _tribunals(report: dict) -> str:
    rows = report["tribunals"]
    if not rows:
        return ""
    labels = [f"Tribunal {r['tribunal']}" for r in rows]
    series = [Series("mean score of a player", [r["score"]["mean"] for r in rows]),
              Series("the Tribunal's best score", [r["best"]["mean"] for r in rows])]
    table = "".join(f"<tr><td>{esc(label)}</td><td class='num'>{_mean(r['score'])}</td><td class='num'>{_mean(r['best'])}"
                    f"</td></tr>" for label, r in zip(labels, rows))
    return (f'<figure>{chart(labels, series, "Tribunal scores", "points")}{legend(series)}</figure>'
            f'<div class="wide"><table><tr><th>Tribunal</th><th class="num">mean score</th>'
            f'<th class="num">best score</th></tr>{table}</table></div>')


def played_by(bots: list[str | None]) -> str:
    """Who played the games, as the report says it first."""
    named = sorted({b for b in bots if b})
    if not named:
        return "Games played by people (no study.json of gt simulate was found)."
    people = " and by people" if None in bots else ""
    return (f"Games played by the {', '.join(named)} bot{'s' if len(named) > 1 else ''}{people}. Bots do not play "
            "like people: a card strong for a bot may be weak at a table, and the other way round.")


def who_played(report: dict, bots: list[str | None]) -> list[str | None]:
    """The bots of the study descriptions, or those the game records name seat by seat."""
    by_bot = report.get("bots")
    if not by_bot:
        return bots
    return [b["bot"] for b in by_bot["bots"]] + ([None] if by_bot["games_without_bots"] else [])


def balance_html(report: dict, bots: list[str | None], sources: list[str], excluded: list[dict],
                 generator: str, incomplete: list[str] = ()) -> str:
    """The whole page (module docstring); ``incomplete``: sentences saying the study is not whole (an unfinished
    run, games read twice), shown above the figures as the terminal says them."""
    bots = who_played(report, bots)
    shown = excluded[:MAX_EXCLUDED_SHOWN]
    left = "".join(f"<tr><td class='name'>{esc(e['file'])}</td><td>{esc(e['reason'])}</td></tr>" for e in shown)
    more = f"<p class='note'>… and {len(excluded) - len(shown)} more.</p>" if len(excluded) > len(shown) else ""
    significant = [r["card"] for r in report["cards"] if r["associated"]]
    tested = sum(1 for r in report["cards"] if r["p"] is not None)
    body = "".join([
        "<main>",
        "<h1>Balance report</h1>",
        f'<p class="meta">{report["games"]} game(s) from {esc(", ".join(sources))}</p>',
        f'<p class="who" id="played-by">{esc(played_by(bots))}</p>',
        (f'<section id="incomplete" class="warning"><h2>Not a whole study</h2>'
         + "".join(f"<p>{esc(line)}</p>" for line in incomplete) + "</section>" if incomplete else ""),
        '<section id="seats"><h2>Win rate by seat</h2>'
        '<p class="note">A shared win counts as a win for each player sharing it, so the fair share of a seat (dashed) '
        'is the mean number of winners of such a game over its players. Intervals: Wilson, 95% (one seat per game: '
        'the games are the units).</p>',
        _seats(report), "</section>",
        '<section id="cards"><h2>Cards associated with winning</h2>'
        f'<p class="note">Association, not cause. For each card, the games where it and another card of its kind '
        f'(Item, Spell, Resource) were used: how many points more often its uses won than the average use of its kind '
        f'in the same game (a player counts once per card used; two players using the same card, a second copy or a '
        f'Spell back from the discard pile, are two uses). A game is one unit, and each game compares players of one '
        f'size; the bar is the 95% interval, the dot the estimate, the '
        f'dashed line no association. p-values are corrected for the {tested} cards tested ({esc(report["correction"])}); '
        f'highlighted rows are associated beyond chance at {report["alpha"]}: '
        f'{esc(", ".join(significant)) if significant else "none"}. A card found associated is left out of '
        f'the other cards\' reference. <code>gt balance value</code> measures what a card '
        f'is worth, by restricted play.</p>',
        _cards(report), "</section>", _tiers(report),
        f'<section id="length"><h2>Game length</h2><p>Turns per game: {_mean(report["length"])}</p>'
        f'{_histogram(report["length"]["histogram"])}</section>',
        f'<section id="vis"><h2>Vis flow</h2>{_flow(report)}</section>',
        f'<section id="tribunals"><h2>Tribunal scores</h2>{_tribunals(report)}</section>',
        (f'<section id="excluded"><h2>Left out</h2><div class="wide"><table><tr><th>file</th><th>why</th></tr>{left}'
         f'</table></div>{more}</section>' if excluded else ""),
        f"<footer>Written by {esc(generator)} (gtcli); docs/balance.md says what each figure means.</footer>",
        "</main>",
    ])
    return document("Balance report", "en", CSS, body, generator)
