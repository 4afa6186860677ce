"""Line charts as inline SVG, for pages that must print and open offline (no JavaScript).

One line per player over a few points (Tribunals, or rounds). Colours are the
Okabe-Ito palette, told apart by people with colour-blind vision, and every line also has
its own dash pattern, so the chart still reads on a black-and-white printer. Names go in
an HTML legend beside the chart (HTML wraps a long name; SVG text would run out of the
box); the SVG holds only numbers, each inside the chart's view box.

A chart is drawn twice (:func:`chart`): wide for a desktop and for paper, narrow for a
phone (:data:`NARROW`), and the page's chrome shows the one that fits
(:data:`gtcli.core.html.page.BASE_CSS`). An SVG scales its text with it: the wide chart
squeezed onto a phone had 5-pixel labels, the narrow one keeps them at 10 CSS pixels and
more on any phone from 320 pixels up.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from gtcli.core.html.page import esc

COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000")
DASHES = ("", "8 4", "2 3", "10 3 2 3", "5 2 1 2", "1 2", "12 5")
WIDTH, HEIGHT = 720, 280
NARROW = (330, 250)  # a phone's chart: 12-unit labels stay >= 10 CSS px down to 275 px of column
LEFT, RIGHT, TOP, BOTTOM = 48, 46, 26, 30  # room for the y ticks and the unit, the end values, the x labels
LABEL_GAP = 13  # px between two end values


@dataclass(frozen=True)
class Series:
    name: str
    values: Sequence[float]


def style(n: int) -> tuple[str, str]:
    """(colour, dash pattern) of the n-th series."""
    return COLOURS[n % len(COLOURS)], DASHES[n % len(DASHES)]


def nice_step(top: float, ticks: int = 5) -> float:
    """A round step (1, 2 or 5 times a power of ten) giving about ``ticks`` ticks up to ``top``."""
    raw = max(top, 1) / ticks
    power = 10 ** math.floor(math.log10(raw))
    return next(m * power for m in (1, 2, 5, 10) if m * power >= raw)


def spread(wanted: list[float], low: float, high: float, gap: float = LABEL_GAP) -> list[float]:
    """Positions as close to ``wanted`` as possible, ``gap`` apart, all within [low, high]."""
    order = sorted(range(len(wanted)), key=lambda k: wanted[k])
    placed = [0.0] * len(wanted)
    last = low - gap
    for k in order:
        placed[k] = max(wanted[k], last + gap)
        last = placed[k]
    overflow = last - high
    if overflow > 0:  # push the whole stack up, but never above the top
        for k in order:
            placed[k] = max(low, placed[k] - overflow)
        last = low - gap
        for k in order:
            placed[k] = max(placed[k], last + gap)
            last = placed[k]
    return placed


def chart(labels: Sequence[str], series: Sequence[Series], title: str, unit: str = "",
          at: Sequence[float] | None = None) -> str:
    """The chart for a page: wide (desktop, print) and narrow (a phone), the page shows one."""
    return (line_chart(labels, series, title, unit, cls="chart chart-wide", at=at)
            + line_chart(labels, series, title, unit, *NARROW, cls="chart chart-narrow", at=at))


def line_chart(labels: Sequence[str], series: Sequence[Series], title: str, unit: str = "",
               width: int = WIDTH, height: int = HEIGHT, cls: str = "chart", at: Sequence[float] | None = None) -> str:
    """An ``<svg>`` line chart: x = ``labels``, evenly spaced, or at the positions ``at`` (increasing,
    one per label: a time axis, such as days), one polyline per series."""
    plot_w, plot_h = width - LEFT - RIGHT, height - TOP - BOTTOM
    values = [v for s in series for v in s.values]
    bottom = min(0.0, min(values, default=0.0))
    step = nice_step(max(values, default=0) - bottom)
    bottom = step * math.floor(bottom / step)  # below zero (a rating), the ticks stay on round values
    top = step * math.ceil(max(max(values, default=0), bottom + step) / step)
    if top <= bottom:
        top = bottom + step

    def x(i: int) -> float:
        if at is not None and len(at) > 1 and at[-1] > at[0]:
            return LEFT + plot_w * (at[i] - at[0]) / (at[-1] - at[0])
        return LEFT + (plot_w * i / (len(labels) - 1) if len(labels) > 1 else plot_w / 2)

    def y(v: float) -> float:
        return TOP + plot_h * (1 - (v - bottom) / (top - bottom))

    out = [f'<svg class="{cls}" viewBox="0 0 {width} {height}" role="img" aria-label="{esc(title)}" '
           f'xmlns="http://www.w3.org/2000/svg" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="12">',
           f"<title>{esc(title)}</title>"]
    tick = bottom
    while tick <= top + 1e-9:  # the grid, with the y values
        out.append(f'<line class="grid" x1="{LEFT}" x2="{LEFT + plot_w}" y1="{y(tick):.1f}" y2="{y(tick):.1f}" '
                   f'stroke="#d9d9d9" stroke-width="1"/>')
        out.append(f'<text x="{LEFT - 6}" y="{y(tick) + 4:.1f}" text-anchor="end" fill="#555">{tick:g}</text>')
        tick += step
    every = max(1, math.ceil(len(labels) / max(1, plot_w // 38)))  # x labels that do not overlap
    room = 7 * max((len(label) for label in labels), default=1) + 6  # px a label takes at font size 12
    shown_at, last_x = -1e9, x(len(labels) - 1) if labels else 0.0
    for i, label in enumerate(labels):
        if at is not None:  # a time axis: each label clear of the one before and of the last one
            if i != len(labels) - 1 and (x(i) - shown_at < room or last_x - x(i) < room):
                continue
            shown_at = x(i)
        elif not (i % every == 0 or i == len(labels) - 1):
            continue
        out.append(f'<text x="{x(i):.1f}" y="{TOP + plot_h + 18}" text-anchor="middle" fill="#333">'
                   f"{esc(label)}</text>")
    if unit:
        out.append(f'<text x="2" y="12" fill="#555">{esc(unit)}</text>')
    ends = []
    for n, s in enumerate(series):
        colour, dash = style(n)
        points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(s.values))
        dashes = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(f'<polyline class="series" data-name="{esc(s.name)}" points="{points}" fill="none" '
                   f'stroke="{colour}" stroke-width="2.5" stroke-linejoin="round"{dashes}>'
                   f"<title>{esc(s.name)}</title></polyline>")
        for i, v in enumerate(s.values):
            out.append(f'<circle cx="{x(i):.1f}" cy="{y(v):.1f}" r="3.2" fill="{colour}">'
                       f"<title>{esc(s.name)}: {v:g} ({esc(labels[i])})</title></circle>")
        if s.values:
            ends.append((n, y(s.values[-1]), s.values[-1]))
    placed = spread([e[1] + 4 for e in ends], TOP + 10, TOP + plot_h + 4)
    for (n, _, value), at in zip(ends, placed):
        out.append(f'<text class="end" x="{LEFT + plot_w + 7}" y="{at:.1f}" fill="{style(n)[0]}" '
                   f'font-weight="bold">{value:g}</text>')
    out.append("</svg>")
    return "".join(out)


def legend(series: Sequence[Series], value: str = "") -> str:
    """The names, each with its line's colour and dash, and ``value`` (a format with ``{v}``) of its last point."""
    items = []
    for n, s in enumerate(series):
        colour, dash = style(n)
        dashes = f' stroke-dasharray="{dash}"' if dash else ""
        swatch = (f'<svg class="swatch" viewBox="0 0 30 10" width="30" height="10" aria-hidden="true">'
                  f'<line x1="0" x2="30" y1="5" y2="5" stroke="{colour}" stroke-width="3"{dashes}/></svg>')
        last = value.format(v=f"{s.values[-1]:g}") if value and s.values else ""
        items.append(f'<li data-name="{esc(s.name)}">{swatch}<span class="who">{esc(s.name)}</span>'
                     + (f' <span class="value">{esc(last)}</span>' if last else "") + "</li>")
    return f'<ul class="legend">{"".join(items)}</ul>'
