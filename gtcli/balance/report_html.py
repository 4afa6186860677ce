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

BAR_W, BAR_H = 240, 18
MAX_EXCLUDED_SHOWN = 200

CSS = f"""\
body {{ font-family: {SANS}; color: #1d1a16; background: #efece6; font-size: 15px; line-height: 1.4; }}
main {{ max-width: 1000px; margin: 0 auto; padding: 16px; background: #fff; overflow-wrap: break-word; }}
h1 {{ font-size: 26px; margin: 0 0 6px; }}
h2 {{ font-size: 19px; margin: 26px 0 8px; border-bottom: 1px solid #c9bfae; padding-bottom: 3px; }}
h3 {{ font-size: 16px; margin: 14px 0 6px; }}
.meta, .note {{ color: #5b544a; font-size: 13px; margin: 4px 0; }}
.who {{ border-left: 5px solid #d55e00; background: #fbeee6; padding: 6px 10px; margin: 10px 0; }}
table {{ border-collapse: collapse; width: 100%; font-size: 13px; }}
th, td {{ border-bottom: 1px solid #e2dccf; padding: 4px 6px; text-align: left; vertical-align: middle; }}
th {{ background: #f3efe6; white-space: nowrap; }}
.num {{ text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }}
td.name {{ overflow-wrap: break-word; min-width: 8em; }}
td.bar {{ width: {BAR_W}px; min-width: 120px; }}
svg.bar {{ display: block; width: 100%; height: {BAR_H}px; }}
svg.chart {{ display: block; width: 100%; height: auto; }}
tr.significant td {{ background: #fff4d6; font-weight: bold; }}
.legend {{ list-style: none; margin: 4px 0 0; padding: 0; display: flex; flex-wrap: wrap; gap: 4px 18px; font-size: 13px; }}
.legend li {{ display: flex; align-items: center; gap: 6px; min-width: 0; }}
.legend .who {{ border: none; background: none; padding: 0; margin: 0; }}
footer {{ margin-top: 24px; border-top: 1px solid #e2dccf; padding-top: 6px; color: #5b544a; font-size: 12px; }}
@media (max-width: 640px) {{
  main {{ padding: 8px; }} h1 {{ font-size: 21px; }} td.bar {{ min-width: 90px; width: 40%; }}
  .opt {{ display: none; }}  /* a phone shows the estimate and its chart; the page's JSON has every column */
}}
"""


def _pct(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.1f}%"


def interval_bar(value: float | None, low: float, high: float, lo_axis: float, hi_axis: float,
                 reference: float, label: str) -> str:
    """One row's interval: a bar from ``low`` to ``high``, a dot at ``value``, a line at ``reference``."""
    def x(v: float) -> float:
        return BAR_W * (min(max(v, lo_axis), hi_axis) - lo_axis) / (hi_axis - lo_axis)

    dot = "" if value is None else f'<circle cx="{x(value):.1f}" cy="{BAR_H / 2}" r="4" fill="#0072B2"/>'
    return (f'<svg class="bar" viewBox="0 0 {BAR_W} {BAR_H}" preserveAspectRatio="none" role="img" '
            f'aria-label="{esc(label)}" xmlns="http://www.w3.org/2000/svg"><title>{esc(label)}</title>'
            f'<line x1="{x(reference):.1f}" x2="{x(reference):.1f}" y1="0" y2="{BAR_H}" stroke="#999" '
            f'stroke-dasharray="3 2"/>'
            f'<rect class="ci" x="{x(low):.1f}" y="{BAR_H / 2 - 3}" width="{max(1.0, x(high) - x(low)):.1f}" '
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
        out.append(_rate_table(rows, "seat", "seat", 1 / int(n)))
        out.append('<p class="note">Turn order from the first Praeco (1: the first Praeco):</p>')
        out.append(_rate_table(report["first_praeco"][n], "position", "position", 1 / int(n)))
    return "".join(out)


def _cards(report: dict) -> str:
    rows = sorted(report["cards"], key=lambda r: (r["difference"] is None, -(r["difference"] or 0), r["card"]))
    span = max([0.1] + [max(abs(r["ci"][0]), abs(r["ci"][1])) for r in rows if r["ci"]])
    body = []
    for r in rows:
        ci = r["ci"]
        bar = interval_bar(r["difference"], ci[0], ci[1], -span, span, 0.0, f'{r["card"]}: difference') if ci else ""
        cls = ' class="significant"' if r["significant"] else ""
        p = "–" if r["p_adjusted"] is None else "<0.001" if r["p_adjusted"] < 0.001 else f'{r["p_adjusted"]:.3g}'
        diff = "–" if r["difference"] is None else f'{100 * r["difference"]:+.1f}'
        interval = "–" if not ci else f"{100 * ci[0]:+.1f} – {100 * ci[1]:+.1f}"
        body.append(
            f'<tr{cls}><td class="name">{esc(r["card"])}</td><td class="num">{diff}</td><td class="bar">{bar}</td>'
            f'<td class="num">{p}</td><td class="num opt">{interval}</td>'
            f'<td class="num opt">{_pct(r["with"]["win_rate"])}</td><td class="num opt">{_pct(r["without"]["win_rate"])}</td>'
            f'<td class="num opt">{_pct(r["use_rate"])}</td><td class="num opt">{r["played_per_game"]:.2f}</td></tr>')
    return (f'<div class="wide"><table class="cards"><tr><th>card</th>'
            f'<th class="num">diff.<span class="opt"> (points)</span></th>'
            f'<th>−{100 * span:.0f} … +{100 * span:.0f} points</th><th class="num">p ({esc(report["correction"])})</th>'
            f'<th class="num opt">95% interval</th><th class="num opt">win rate, used</th>'
            f'<th class="num opt">not used</th><th class="num opt">used by</th><th class="num opt">played / game</th>'
            f'</tr>{"".join(body)}</table></div>')


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


def balance_html(report: dict, bots: list[str | None], sources: list[str], excluded: list[dict],
                 generator: str) -> str:
    """The whole page (module docstring)."""
    shown = excluded[:MAX_EXCLUDED_SHOWN]
    left = "".join(f"<tr><td class='name'>{esc(e['file'])}</td><td>{esc(e['reason'])}</td></tr>" for e in shown)
    more = f"<p class='note'>… and {len(excluded) - len(shown)} more.</p>" if len(excluded) > len(shown) else ""
    significant = [r["card"] for r in report["cards"] if r["significant"]]
    body = "".join([
        "<main>",
        "<h1>Balance report</h1>",
        f'<p class="meta">{report["games"]} game(s) from {esc(", ".join(sources))}</p>',
        f'<p class="who" id="played-by">{esc(played_by(bots))}</p>',
        '<section id="seats"><h2>Win rate by seat</h2>'
        '<p class="note">A shared win counts as a win for each player sharing it. Intervals: Wilson, 95%.</p>',
        _seats(report), "</section>",
        '<section id="cards"><h2>Cards</h2>'
        f'<p class="note">The win rate of the players who used a card (played, installed or had it active) against '
        f'the others\', with Newcombe\'s 95% interval. p-values are corrected for the number of cards tested '
        f'({esc(report["correction"])}); highlighted rows differ at {report["alpha"]}: '
        f'{esc(", ".join(significant)) if significant else "none"}.</p>',
        _cards(report), "</section>",
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
