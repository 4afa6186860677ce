"""``gt balance value ... -o page.html``: each card's value as a dot and its interval, one chart per kind.

Built on :mod:`gtcli.core.html.page` (self-contained, offline, every name escaped: card names come
from strangers' sets). Each kind (Items, Spells, Resources) has its own axis, centred on the
kind's median and as wide as the cards' typical spread calls for -- three times the median
half-width of their intervals, or three times the median absolute deviation of their values,
whichever is wider, and at least 2 points -- so one card far out of line cannot flatten the
others into a dot: it is drawn at the edge, as an arrow, and its figure is in its row. The
kind's median is the vertical line; a card out of line (Holm's p < 0.05) is highlighted.
"""

from __future__ import annotations

import statistics

from gtcli.balance.report_html import name_html
from gtcli.core.html.page import SANS, document, esc

BAR_W, BAR_H = 300, 20
MIN_HALF = 0.02  # the narrowest axis: +/- 2 points of win share (2 Tribunal points for points)

CSS = f"""\
body {{ font-family: {SANS}; color: #1d1a16; background: #efece6; font-size: 15px; line-height: 1.4; }}
main {{ max-width: 1000px; margin: 0 auto; padding: 16px; background: #fff; overflow-wrap: break-word; }}
h1 {{ font-size: 26px; margin: 0 0 6px; }}
h2 {{ font-size: 19px; margin: 26px 0 8px; border-bottom: 1px solid #c9bfae; padding-bottom: 3px; }}
.meta, .note {{ color: #5b544a; font-size: 13px; margin: 4px 0; }}
.who {{ border-left: 5px solid #d55e00; background: #fbeee6; padding: 6px 10px; margin: 10px 0; }}
table {{ border-collapse: collapse; width: 100%; font-size: 13px; table-layout: auto; }}
th, td {{ border-bottom: 1px solid #e2dccf; padding: 4px 6px; text-align: left; vertical-align: middle; }}
th {{ background: #f3efe6; }}
.num {{ text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }}
th.num {{ white-space: normal; }}
td.name {{ overflow-wrap: break-word; word-break: normal; hyphens: manual; }}
td.bar {{ width: {BAR_W}px; min-width: 110px; }}
svg.bar {{ display: block; width: 100%; height: {BAR_H}px; }}
tr.flagged td {{ background: #fff4d6; font-weight: bold; }}
footer {{ margin-top: 24px; border-top: 1px solid #e2dccf; padding-top: 6px; color: #5b544a; font-size: 12px; }}
@media (max-width: 640px) {{
  main {{ padding: 8px; }} h1 {{ font-size: 21px; }} td.bar {{ width: 34%; min-width: 80px; }}
  .opt {{ display: none; }} th, td {{ padding: 4px 3px; }}
}}
"""


def axis(cards: list[dict], metric: str) -> tuple[float, float, float]:
    """(low, high, median) of one kind's chart: robust to one card far out of line (module docstring)."""
    values = [_value(c, metric)[0] for c in cards]
    middle = statistics.median(values)
    halves = [(_value(c, metric)[2] - _value(c, metric)[1]) / 2 for c in cards]
    mad = statistics.median(abs(v - middle) for v in values)
    floor = MIN_HALF if metric == "wins" else 100 * MIN_HALF
    half = max(3 * statistics.median(halves), 3 * mad, floor)
    return middle - half, middle + half, middle


def _value(card: dict, metric: str, per_copy: bool = True) -> tuple[float, float, float]:
    """(value, low, high) of the card: per copy (what "out of line" judges), or of all its copies."""
    card = card.get("per_copy", card) if per_copy else card
    figure = card if metric == "wins" else card["points"]
    return figure["value"], figure["interval"][0], figure["interval"][1]


def dot_bar(value: float, low: float, high: float, lo_axis: float, hi_axis: float, median: float,
            label: str) -> str:
    """A dot at ``value``, a bar over its interval, a line at the kind's median; beyond the axis an arrow."""
    def x(v: float) -> float:
        return BAR_W * (min(max(v, lo_axis), hi_axis) - lo_axis) / (hi_axis - lo_axis)

    mid = BAR_H / 2
    if value > hi_axis or value < lo_axis:  # out of the axis: an arrow at the edge, pointing on
        tip = BAR_W if value > hi_axis else 0.0
        back = tip - 10 if value > hi_axis else tip + 10
        mark = (f'<polygon class="beyond" points="{tip:.1f},{mid} {back:.1f},{mid - 6} {back:.1f},{mid + 6}" '
                f'fill="#D55E00"/>')
    else:
        mark = f'<circle cx="{x(value):.1f}" cy="{mid}" r="4" fill="#0072B2"/>'
    width = max(1.0, x(high) - x(low))
    left = min(x(low), BAR_W - width)  # an interval beyond the axis: a sliver at its edge, inside the chart
    return (f'<svg class="bar" viewBox="0 0 {BAR_W} {BAR_H}" preserveAspectRatio="none" role="img" '
            f'aria-label="{esc(label)}" xmlns="http://www.w3.org/2000/svg"><title>{esc(label)}</title>'
            f'<line x1="{x(median):.1f}" x2="{x(median):.1f}" y1="0" y2="{BAR_H}" stroke="#999" '
            f'stroke-dasharray="3 2"/>'
            f'<rect class="ci" x="{left:.1f}" y="{mid - 2}" width="{width:.1f}" height="4" fill="#56B4E9"/>'
            f'{mark}</svg>')


def _figure(v: float, metric: str) -> str:
    return f"{100 * v:+.1f}" if metric == "wins" else f"{v:+.2f}"


def _kind_section(kind: dict, cards: list[dict], metric: str) -> str:
    lo_axis, hi_axis, median = axis(cards, metric)
    unit = "points of win share" if metric == "wins" else "Tribunal points"
    rows = []
    for card in cards:
        value, low, high = _value(card, metric)
        label = f"{card['name']}: {_figure(value, metric)} ({_figure(low, metric)} to {_figure(high, metric)})"
        versus = card["versus_kind"]
        p = "–" if versus is None else "<0.001" if versus["p_holm"] < 0.001 else f"{versus['p_holm']:.3g}"
        flag = {"above": "stronger than its kind", "below": "weaker than its kind"}.get(card["direction"] or "", "")
        other = card.get("per_copy", card)
        other = other["points"] if metric == "wins" else other
        other_text = (f"{other['value']:+.2f}" if metric == "wins" else f"{100 * other['value']:+.1f}")
        copies = card.get("copies", 1)
        whole = _figure(_value(card, metric, per_copy=False)[0], metric)
        cls = ' class="flagged"' if card["flagged"] else ""
        rows.append(
            f'<tr{cls}><td class="name">{name_html(card["name"])}</td>'
            f'<td class="num">{_figure(value, metric)}</td>'
            f'<td class="bar">{dot_bar(value, low, high, lo_axis, hi_axis, median, label)}</td>'
            f'<td class="num opt">{_figure(low, metric)} – {_figure(high, metric)}</td>'
            f'<td class="num opt">{copies}</td><td class="num opt">{whole}</td>'
            f'<td class="num opt">{other_text}</td><td class="num">{p}</td><td class="opt">{esc(flag)}</td></tr>')
    other_head = "points" if metric == "wins" else "win share"
    return (f'<h2>{esc(kind["label"])}</h2>'
            f'<p class="note">Median {_figure(median, metric)} {unit}; the axis runs from {_figure(lo_axis, metric)} '
            f'to {_figure(hi_axis, metric)} (a card beyond it is an arrow at the edge; its figure is in its row).</p>'
            f'<table class="values"><tr><th>card</th><th class="num">per copy</th><th>per copy, 95% interval</th>'
            f'<th class="num opt">95% interval</th><th class="num opt">copies</th><th class="num opt">all copies</th>'
            f'<th class="num opt">{other_head} per copy</th>'
            f'<th class="num">p (Holm)</th><th class="opt">out of line</th></tr>{"".join(rows)}</table>')


def value_html(data: dict) -> str:
    """The whole page of ``gt balance value``'s JSON ``data``."""
    metric = data["metric"]
    sections = []
    for kind_key, kind in data["kinds"].items():
        cards = [c for c in data["cards"] if c["kind"] == kind_key]
        if cards:
            sections.append(_kind_section(kind, cards, metric))
    stopped = " (stopped early)" if data.get("stopped") else ""
    version = data.get("version")
    source = (f'<p class="meta" id="set-file">Card set: {esc(data["file"])}'
              f'{"" if version is None else f", version {version}"}</p>' if data.get("file") else "")
    what = "its win share, in points (1 point = 1%)" if metric == "wins" else "its Tribunal points"
    body = (f'<main><h1>{esc(data["card_set"])}: each card\'s value</h1>'
            f'<p class="meta">{data["pairs"]} pair(s) of games{stopped}, {esc(", ".join(map(str, data["players"])))} '
            f'players, seed {data["seed"]}; {data["flagged"]} of {data["tested"]} card(s) tested out of line.</p>{source}'
            f'<p class="who" id="played-by">Played by the {esc(data["bot"])} bot. Bots do not play like people: '
            f'a card\'s value here is its value to this bot.</p>'
            f'<p class="note">A card\'s value is what a seat loses when its bot is forbidden the card: {what}, '
            f'unrestricted minus restricted, over pairs of games with the same seed. Forbidding a card forbids every '
            f'copy, so the value of all copies grows with the copies; the chart shows the value per copy, and a card '
            f'is out of line when its value per copy differs from the median of its kind by more than chance allows '
            f'(Holm across the cards tested).</p>'
            f'{"".join(sections)}<footer>gt balance value</footer></main>')
    return document(f"{data['card_set']}: card values", "en", CSS, body, "gt balance value")
