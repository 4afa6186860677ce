"""The page every HTML file gt writes is built on (card sheets, scoresheets).

One self-contained document: no network, no JavaScript, no external fonts or images, so
it opens and prints offline; colours print as shown. Every word that comes from a user's
file is escaped with :func:`esc` (card sets, logs and sessions come from strangers).

On a phone, what is wider than the screen scrolls inside its box (``class="wide"``), and
the box shows it: a shadow on the side where more of it lies, gone once scrolled to that
end (CSS only: the background of the box scrolls with the table, the shadow does not).
A chart is drawn twice (:func:`gtcli.core.html.svg_chart.chart`) and each screen shows the
one whose labels it can read.
"""

from __future__ import annotations

import html
import re

from gtcli.core.escaping import safe

SANS = '"DejaVu Sans", "Liberation Sans", sans-serif'
SERIF = 'Georgia, "DejaVu Serif", "Liberation Serif", serif'

BASE_CSS = """\
* { box-sizing: border-box; }
html, body { margin: 0; padding: 0; }
body { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
figure { margin: 0; }
.wide { max-width: 100%; overflow-x: auto; background-color: #fff;
  background-image: linear-gradient(to right, #fff 40%, rgba(255,255,255,0)),
    linear-gradient(to left, #fff 40%, rgba(255,255,255,0)),
    radial-gradient(farthest-side at 0 50%, rgba(0,0,0,.3), rgba(0,0,0,0)),
    radial-gradient(farthest-side at 100% 50%, rgba(0,0,0,.3), rgba(0,0,0,0));
  background-position: left center, right center, left center, right center;
  background-size: 2.5em 100%, 2.5em 100%, .9em 100%, .9em 100%;
  background-repeat: no-repeat; background-attachment: local, local, scroll, scroll; }
svg.chart.chart-narrow { display: none; }
@media screen and (max-width: 600px) {
  svg.chart.chart-wide { display: none; }
  svg.chart.chart-narrow { display: block; }
}
@media print { .wide { background: none; } }
"""


def esc(text: object) -> str:
    """``text`` as HTML text or an attribute value: nothing in it is markup, and no control
    character reaches the page raw (ESC, bidirectional controls: shown as ``\\x1b``, ``\\u202e``
    by :func:`gtcli.core.escaping.safe`, as on the terminal). A page printed to standard output
    is then as safe on a terminal as every other output of gt."""
    text = str(text)
    if _PLAIN(text):  # most names and numbers: nothing to escape (a club site escapes ~900,000 strings)
        return text
    return html.escape(safe(text), quote=True)


# letters, digits, spaces and punctuation that is neither markup nor a control character; of the
# invisible characters safe() shows escaped (gtcli.core.escaping.INVISIBLE), the Hangul fillers are
# letters to \w (a test holds this list to INVISIBLE), so they are left out of the letters here
_INVISIBLE_LETTERS = "\u115f\u1160\u3164\uffa0"
_LETTERS = rf"[^\W{_INVISIBLE_LETTERS}]"
_PLAIN = re.compile(rf"{_LETTERS}*(?:[ .,:;!?()\[\]/+=*%#@~^|{{}}$-]+{_LETTERS}*)*").fullmatch


def document(title: str, lang: str, css: str, body: str, generator: str, head: str = "") -> str:
    """A whole page: ``title`` and ``lang`` are escaped here; ``css``, ``body`` and ``head`` (more
    of the head: a served page's refresh) are the caller's markup."""
    return f"""<!doctype html>
<html lang="{esc(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="{esc(generator)}">
<title>{esc(title)}</title>
{head}<style>
{BASE_CSS}{css}</style>
</head>
<body>
{body}
</body>
</html>
"""
