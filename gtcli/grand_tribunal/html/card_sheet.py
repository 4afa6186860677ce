"""The printable card sheet of ``gt cards render``: one self-contained HTML page.

Nine cards a page (poker size, 63 x 88 mm, in a 3 x 3 block of 189 x 264 mm that fits
both A4 and US Letter), cut marks around the block, print CSS, no network, no JavaScript:
it opens and prints offline. Each card is laid out as the printed cards are (the anatomy
on the rule sheets): kind and type or category at the top with the advance cost, the
name, the effect as rules text and the card's own words, then the Spell slots and the
base points at the bottom, and the copies as a count.

Every word that comes from a card file is escaped (``html.escape``): card sets come from
strangers. Browsers cannot shrink text to fit without scripts, so font sizes are chosen
here from the length of each part (:func:`fit`), generously enough that the longest name
and text the checker allows stay inside the card (tests measure it in headless Chromium).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from gtcli.core.html.page import SANS, SERIF, document, esc
from gtcli.grand_tribunal.lang.cards.text import label, noun
from gtcli.grand_tribunal.lang.cards.view import CardView, SetView

PER_PAGE = 9
CARD_W, CARD_H = 63.0, 88.0  # mm
PAD = 2.6  # mm, inside a card
INNER_W = CARD_W - 2 * PAD
HEADER_H, NAME_H = 6.0, 10.0
FOOTER_H = {"item": 13.0, "spell": 4.0, "resource": 4.0}
GAP = 1.0  # between the parts of a card
CHAR_W = 0.58  # average glyph width in em, on the wide side (DejaVu Serif)
LINE = 1.18  # line height in em
PAPERS = {"auto": None, "a4": ("A4", 297.0), "letter": ("letter", 279.4)}
SHEET_H = 3 * CARD_H


def _ems(text: str) -> float:
    """The width of ``text`` in em, estimated on the wide side (a serif font, a little bold)."""
    total = 0.0
    for ch in text:
        if ch in "MWmw@%":
            total += 1.0
        elif ch.isupper() or ch.isdigit():
            total += 0.78
        elif ch in " .,;:'!|iIlj()[]":
            total += 0.36
        else:
            total += CHAR_W
    return total


def _lines(text: str, size_mm: float, width_mm: float) -> int:
    """Lines a paragraph takes at ``size_mm`` (words wrap early, so lines are not full)."""
    return max(1, math.ceil(_ems(text) * size_mm / (width_mm * 0.9)))


def fit(paragraphs: Sequence[str], width_mm: float, height_mm: float, largest: float, smallest: float = 0.9,
        spacing_em: float = 0.3) -> float:
    """The largest font size (mm) at which ``paragraphs`` fill at most ``width x height``."""
    size = largest
    while size > smallest:
        lines = sum(_lines(p, size, width_mm) for p in paragraphs)
        height = lines * LINE * size + max(0, len(paragraphs) - 1) * spacing_em * size
        if height <= height_mm:
            return round(size, 2)
        size -= 0.1
    return smallest


def card_html(card: CardView, lang: str) -> str:
    footer = FOOTER_H[card.kind]
    body_h = CARD_H - 2 * PAD - HEADER_H - NAME_H - footer - 3 * GAP - 1.0
    paragraphs = list(card.rules) + ([card.text] if card.text else [])
    body_size = fit(paragraphs, INNER_W, body_h, 3.0)
    kind = card.kind_label + (f" · {card.what}" if card.what else "")
    cost_w = (8.0 if card.cost is not None else 0.0) + (6.0 if card.copies > 1 else 0.0)
    head_size = fit([kind], INNER_W - cost_w, HEADER_H - 0.6, 2.4, 0.8)
    name_size = fit([card.name], INNER_W, NAME_H, 4.2, 1.2, 0)
    parts = [f'<article class="card {esc(card.kind)}" data-name="{esc(card.name)}">',
             f'<header style="font-size:{head_size}mm"><span class="kind">{esc(kind)}</span>']
    if card.copies > 1:
        parts.append(f'<span class="copies" title="{esc(noun("copy", lang).count(card.copies))}">'
                     f'×{esc(card.copies)}</span>')
    if card.cost is not None:
        parts.append(f'<span class="cost" title="{esc(label("cost", lang))}">{esc(card.cost)}</span>')
    parts.append("</header>")
    parts.append(f'<h2 class="name" style="font-size:{name_size}mm">{esc(card.name)}</h2>')
    parts.append(f'<div class="body" style="font-size:{body_size}mm">')
    parts.extend(f'<p class="rule">{esc(r)}</p>' for r in card.rules)
    if card.text:
        parts.append(f'<p class="text">{esc(card.text)}</p>')
    parts.append("</div>")
    parts.append(f'<footer style="height:{footer}mm">')
    if card.kind == "item":
        words = [label("slots", lang)] + list(card.slots)
        slot_size = fit([" · ".join(words)], INNER_W - 11, footer - 1.0, 2.3, 0.8, 0)
        slots = "".join(f'<span class="slot">{esc(s)}</span>' for s in card.slots)
        parts.append(f'<div class="slots" style="font-size:{slot_size}mm"><span class="label">'
                     f'{esc(label("slots", lang))}</span>{slots}</div>')
        parts.append(f'<div class="base"><span class="label">{esc(label("base", lang))}</span>'
                     f'<span class="points">{esc(card.base)}</span></div>')
    parts.append("</footer></article>")
    return "".join(parts)


def _marks() -> str:
    """Cut marks: short lines outside the 3 x 3 block, in line with every cut."""
    out = []
    for i in range(4):
        x, y = i * CARD_W, i * CARD_H
        out.append(f'<i class="mark v" style="left:{x}mm;top:-6mm"></i>')
        out.append(f'<i class="mark v" style="left:{x}mm;top:{SHEET_H + 1}mm"></i>')
        out.append(f'<i class="mark h" style="top:{y}mm;left:-6mm"></i>')
        out.append(f'<i class="mark h" style="top:{y}mm;left:{3 * CARD_W + 1}mm"></i>')
    return "".join(out)


def pages(view: SetView) -> int:
    return max(1, math.ceil(len(view.cards) / PER_PAGE))


def sheet_html(view: SetView, paper: str = "auto", file: str | None = None, version: int | None = None) -> str:
    """The whole sheet. ``paper``: ``a4`` or ``letter`` fix the page size; ``auto`` fits both. ``file`` and
    ``version``: the set's file and version, named under the title (a proof says what it is a proof of,
    as the values page of ``gt balance value`` does)."""
    size = PAPERS[paper]
    top = (size[1] - SHEET_H) / 2 if size else 7.0
    page_rule = f"size: {size[0]}; " if size else ""
    marks = _marks()
    body = []
    for n in range(pages(view)):
        cards = "".join(card_html(c, view.language) for c in view.cards[n * PER_PAGE:(n + 1) * PER_PAGE])
        body.append(f'<section class="page"><div class="sheet">{cards}{marks}</div></section>')
    title = f"{view.name} — {view.summary}"
    css = f"""\
@page {{ {page_rule}margin: 0; }}
body {{ background: #8a8a8a; font-family: {SERIF}; color: #1d1a16; }}
.title {{ font: 14px/1.4 {SANS}; color: #fff; text-align: center;
          margin: 6mm 0 0; }}
.page {{ width: 210mm; margin: 6mm auto; padding: {top:.1f}mm 0 0; height: {top + SHEET_H + 8:.1f}mm;
         background: #fff; box-shadow: 0 1mm 4mm rgba(0,0,0,.35); }}
.sheet {{ position: relative; width: {3 * CARD_W}mm; height: {SHEET_H}mm; margin: 0 auto;
          display: grid; grid-template-columns: repeat(3, {CARD_W}mm); grid-template-rows: repeat(3, {CARD_H}mm); }}
.mark {{ position: absolute; display: block; background: #000; }}
.mark.v {{ width: 0.2mm; height: 5mm; margin-left: -0.1mm; }}
.mark.h {{ height: 0.2mm; width: 5mm; margin-top: -0.1mm; }}
.card {{ position: relative; width: {CARD_W}mm; height: {CARD_H}mm; padding: {PAD}mm; overflow: hidden;
         display: flex; flex-direction: column; gap: {GAP}mm; border: 0.25mm solid #6b6256;
         background: #fbf7ef; overflow-wrap: anywhere; }}
.card.item {{ --tint: #e9d8b4; }} .card.spell {{ --tint: #cfdcec; }} .card.resource {{ --tint: #d4e6cf; }}
.card header {{ height: {HEADER_H}mm; flex: none; display: flex; align-items: center; justify-content: space-between;
                gap: 1mm; background: var(--tint); margin: -{PAD}mm -{PAD}mm 0; padding: 0 {PAD}mm;
                text-transform: uppercase; letter-spacing: 0.03em; font-family: {SANS}; }}
.card .kind {{ min-width: 0; line-height: 1.1; }}
.card .cost {{ flex: none; width: 5.2mm; height: 5.2mm; border-radius: 50%; background: #3b2f20;
               color: #fff; font-size: 3.2mm; font-weight: bold; display: flex; align-items: center;
               justify-content: center; }}
.card .name {{ height: {NAME_H}mm; flex: none; margin: 0; line-height: {LINE}; display: flex; align-items: center;
               font-weight: bold; }}
.card .body {{ flex: 1 1 auto; min-height: 0; line-height: {LINE}; border-top: 0.2mm solid #c9bfae; padding-top: 0.8mm; }}
.card .body p {{ margin: 0 0 0.3em; }}
.card .body .text {{ font-style: italic; color: #4a4238; }}
.card footer {{ flex: none; display: flex; align-items: flex-end; justify-content: space-between; gap: 1mm;
                font-family: {SANS}; }}
.card .slots {{ min-width: 0; display: flex; flex-wrap: wrap; gap: 0.6mm; align-items: center; line-height: 1.15; }}
.card .slots .label {{ flex-basis: 100%; text-transform: uppercase; font-size: 0.85em; color: #6b6256; }}
.card .slot {{ padding: 0.2mm 1mm; border-radius: 1mm; background: var(--tint); max-width: 100%; }}
.card .base {{ flex: none; width: 10mm; text-align: center; line-height: 1; }}
.card .base .label {{ display: block; font-size: 1.5mm; text-transform: uppercase; color: #6b6256; margin-bottom: 0.5mm; }}
.card .base .points {{ display: block; font-size: 5mm; font-weight: bold; }}
.card .kind {{ flex: 1 1 auto; }}
.card .copies {{ flex: none; font-size: 2.6mm; font-weight: bold; text-transform: none; }}
@media print {{
  body {{ background: none; }}
  .title {{ display: none; }}
  .page {{ width: auto; margin: 0; box-shadow: none; height: {top + SHEET_H:.1f}mm; break-after: page; }}
  .page:last-child {{ break-after: auto; }}
}}
"""
    source = (f'<p class="title" id="set-file">Card set: {esc(file)}'
              f'{"" if version is None else f", version {version}"}</p>\n' if file else "")
    return document(title, view.language, css, f'<p class="title">{esc(title)}</p>\n{source}{"".join(body)}',
                    "gt cards render")
