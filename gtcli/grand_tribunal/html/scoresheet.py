"""The printable scoresheet of ``gt game report`` and ``gt replay --html``: one HTML page.

What a club pins on the wall after a game, and what a scorekeeper checks the table's
arithmetic against: the result first (winner, or where the game stands), every player's
score at each Tribunal with the running total beneath it, a chart of the running totals,
then every Tribunal's items with their places, votes and scores (the same words as
``gt tally``). For a log, also each player's Vis and the Voting Track at the end of every
round. The page is built on :mod:`gtcli.core.html.page` (self-contained, no JavaScript,
every user word escaped) and laid out for A4 and Letter alike: 186 mm wide at most.
"""

from __future__ import annotations

from gtcli.core.html.page import SANS, SERIF, document, esc
from gtcli.core.html.svg_chart import Series, chart, legend
from gtcli.core.statistics import competition_ranks
from gtcli.grand_tribunal.rules.tribunal import TribunalResult
from gtcli.grand_tribunal.scoresheet import Scoresheet
from gtcli.grand_tribunal.wording import award, breakdown, space_name, tribunal_title, winners_line

CONTENT_MM = 186  # A4's 210 mm (and Letter's 216) less 12 mm margins each side


LONG_WORD = 22  # characters: a word longer than this may be broken anywhere (else words stay whole)


def _words(text: str) -> str:
    """``text`` escaped, in a span that may break anywhere if it holds a word too long for a column."""
    if any(len(word) > LONG_WORD for word in text.split()):
        return f'<span class="anywhere">{esc(text)}</span>'
    return esc(text)


def _headline(sheet: Scoresheet) -> str:
    profile = sheet.game.profile
    played = len(sheet.results)
    if sheet.winners:
        best = sheet.standings[0].score
        return f'<p class="result winner">{esc(winners_line(sheet.winners))} with {best} points</p>'
    state = f"{played} of {profile.tribunals} Tribunals played"
    if sheet.next_praeco:
        state += f"; {tribunal_title(played + 1, profile)} opens with {sheet.next_praeco} as first Praeco"
    return f'<p class="result">{esc(state)}</p>'


def _scores_table(sheet: Scoresheet) -> str:
    profile = sheet.game.profile
    titles = [tribunal_title(r.tribunal, profile) for r in sheet.results]
    by_tribunal = [{p.name: p.score for p in r.players} for r in sheet.results]
    running = [{p.name: p.score for p in board} for board in sheet.running]
    won = set(sheet.winners or ())
    # the Grand Tribunal's column (and Total's) stay in view on a phone: see CSS, "a phone"
    kinds = ["num grand" if r.tribunal == profile.tribunals else "num" for r in sheet.results]
    head = "".join(f'<th class="{kind}">{esc(t)}</th>' for t, kind in zip(titles, kinds))
    rows = []
    for place, p in zip(competition_ranks([p.score for p in sheet.standings]), sheet.standings):
        cells = "".join(f'<td class="{kind}"><span class="score">{scores.get(p.name, 0)}</span>'
                        f'<span class="running">{totals[p.name]}</span></td>'
                        for scores, totals, kind in zip(by_tribunal, running, kinds))
        rows.append(f'<tr class="player{" winner" if p.name in won else ""}" data-player="{esc(p.name)}">'
                    f'<td class="num place">{place}</td><td class="name">{_words(p.name)}</td>{cells}'
                    f'<td class="num total" data-total="{p.score}">{p.score}</td></tr>')
    note = ("Each Tribunal's cell: the points scored there, and beneath them the running total."
            if sheet.results else "No Tribunal has been recorded yet.")
    grand = " has-grand" if "num grand" in kinds else ""
    return (f'<div class="wide"><table class="scores{grand}"><thead><tr><th class="num place">#</th>'
            f'<th class="name">Player</th>{head}<th class="num total">Total</th></tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table></div><p class="note">{esc(note)}</p>')


def _totals_chart(sheet: Scoresheet) -> str:
    if not sheet.results:
        return ""
    profile = sheet.game.profile
    labels = ["Start"] + [("GT" if r.tribunal == profile.tribunals else f"T{r.tribunal}") for r in sheet.results]
    running = [{p.name: p.score for p in board} for board in sheet.running]
    series = [Series(name, [0] + [totals[name] for totals in running]) for name in sheet.players]
    drawn = chart(labels, series, "Running totals after each Tribunal", "points")
    return (f'<section class="block chart-block" id="running-totals"><h2>Running totals</h2>'
            f'<figure>{drawn}<figcaption>{legend(series, "{v} points")}</figcaption></figure></section>')


def _rounds(sheet: Scoresheet, lang: str) -> str:
    if not sheet.rounds:
        return ""
    labels = [r.label for r in sheet.rounds]
    series = [Series(name, [r.vis.get(name, 0) for r in sheet.rounds]) for name in sheet.players]
    vis = chart(labels, series, "Vis at the end of each round", "Vis (Tribunal.round)")
    spaces = list(dict.fromkeys(space for r in sheet.rounds for space in r.track))
    most = max((n for r in sheet.rounds for n in r.track.values()), default=1) or 1
    head = "".join(f'<th class="num">{esc(label)}</th>' for label in labels)
    rows = []
    for space in spaces:
        cells = []
        for r in sheet.rounds:
            n = r.track.get(space, 0)
            shade = f' style="background: rgba(0, 114, 178, {0.12 + 0.6 * n / most:.2f})"' if n else ""
            cells.append(f'<td class="num"{shade}>{n or ""}</td>')
        rows.append(f'<tr><th>{esc(space_name(space, lang))}</th>{"".join(cells)}</tr>')
    track = (f'<table class="track"><thead><tr><th>Space</th>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'
             if rows else '<p class="note">No Voting tokens were placed.</p>')
    return (f'<section class="block chart-block" id="vis"><h2>Vis at the end of each round</h2>'
            f'<figure>{vis}<figcaption>{legend(series, "{v} Vis at the end")}</figcaption></figure></section>'
            f'<section class="block" id="voting-track"><h2>Voting Track at the end of each round</h2>'
            f'<p class="note">Tokens on each space (columns: Tribunal.round); the track is emptied after each '
            f'Tribunal.</p><div class="wide">{track}</div></section>')


def _tribunal(result: TribunalResult, sheet: Scoresheet) -> str:
    profile = sheet.game.profile
    rows = []
    for r in result.items:
        kind = "first" if r.place == 1 else ("earlier" if not r.competing else "")
        rows.append(f'<tr class="{kind}"><td class="num">{r.rank or "-"}</td><td>{_words(r.item.owner)}</td>'
                    f'<td>{_words(r.item.name or "")}</td><td>{esc(r.item.type)}</td><td class="num">{r.votes}</td>'
                    f'<td class="small">{esc(breakdown(r))}</td><td class="small">{esc(r.separated_by or "")}</td>'
                    f'<td>{esc(award(r, profile))}</td><td class="num">{r.score}</td></tr>')
    items = (f'<table class="items"><thead><tr><th class="num">Rank</th><th>Owner</th><th>Item</th><th>Type</th>'
             f'<th class="num">Votes</th><th>Breakdown</th><th>Tie-break</th><th>Award</th><th class="num">Score</th>'
             f'</tr></thead><tbody>{"".join(rows)}</tbody></table>'
             if rows else '<p class="note">No active items on the table: nobody scored.</p>')
    scores = ", ".join(f"{p.name} {p.score}" for p in result.players)
    praeco = (f"Next first Praeco: {result.next_praeco} ({result.next_praeco_reason})" if result.next_praeco
              else f"Next first Praeco: undecided ({result.next_praeco_reason})")
    return (f'<section class="block tribunal" id="tribunal-{result.tribunal}">'
            f'<h2>{esc(tribunal_title(result.tribunal, profile))}</h2><div class="wide">{items}</div>'
            f'<p><strong>Scores:</strong> {esc(scores or "none")}</p><p class="note">{esc(praeco)}</p></section>')


CSS = f"""\
@page {{ margin: 12mm; }}
body {{ font-family: {SERIF}; color: #1d1a16; background: #efece6; font-size: 10.5pt; line-height: 1.35; }}
.sheet {{ max-width: {CONTENT_MM}mm; margin: 6mm auto; padding: 8mm 9mm; background: #fff;
          box-shadow: 0 1mm 4mm rgba(0,0,0,.25); overflow-wrap: break-word; }}
.anywhere {{ overflow-wrap: anywhere; }}
h1 {{ font-size: 19pt; margin: 0 0 1mm; }}
h2 {{ font-size: 13pt; margin: 0 0 2mm; border-bottom: 0.3mm solid #c9bfae; padding-bottom: 0.8mm; }}
.meta, .note, footer {{ font-family: {SANS}; font-size: 8.5pt; color: #5b544a; margin: 0 0 1.5mm; }}
.result {{ font-size: 13pt; margin: 2mm 0 3mm; }}
.result.winner {{ font-weight: bold; }}
.warning {{ font-family: {SANS}; font-size: 9pt; border-left: 1mm solid #d55e00; padding: 1mm 2mm; background: #fbeee6; }}
.block {{ margin: 5mm 0 0; break-inside: avoid; page-break-inside: avoid; }}
table {{ border-collapse: collapse; width: 100%; font-family: {SANS}; font-size: 8.5pt; }}
th, td {{ border-bottom: 0.2mm solid #e2dccf; padding: 0.9mm 1.4mm; text-align: left; vertical-align: top; }}
th {{ background: #f3efe6; font-weight: bold; white-space: nowrap; }}
.num {{ text-align: right; font-variant-numeric: tabular-nums; }}
.small {{ font-size: 7.8pt; }}
table.scores {{ font-size: 10pt; }}
table.scores td {{ vertical-align: middle; }}
table.scores .score {{ display: block; font-weight: bold; }}
table.scores .running {{ display: block; font-size: 7.5pt; color: #6b6256; }}
table.scores .running::before {{ content: "= "; }}
table.scores .total {{ font-size: 12pt; font-weight: bold; }}
tr.winner td {{ background: #fff4d6; }}
tr.first td {{ font-weight: bold; }}
tr.earlier td {{ color: #8a8378; }}
table.track td, table.track th {{ padding: 0.6mm 1mm; }}
svg.chart {{ display: block; width: 100%; height: auto; }}
.legend {{ list-style: none; margin: 1mm 0 0; padding: 0; display: flex; flex-wrap: wrap; gap: 1mm 5mm;
           font-family: {SANS}; font-size: 8.5pt; }}
.legend li {{ display: flex; align-items: center; gap: 1.5mm; min-width: 0; }}
.legend .swatch {{ flex: none; }}
.legend .who {{ overflow-wrap: anywhere; min-width: 0; }}
.legend .value {{ color: #5b544a; }}
footer {{ margin-top: 6mm; border-top: 0.2mm solid #e2dccf; padding-top: 1.5mm; }}
@media screen and (max-width: 600px) {{  /* a phone (gt club site): the sheet fills the screen */
  .sheet {{ margin: 0; padding: 4mm 3mm; box-shadow: none; }}
  /* the scores: headings may wrap; the place and name stay at the left, the Grand Tribunal and
     the Total at the right, and the Tribunals between them scroll under (the shadow says so) */
  table.scores th {{ white-space: normal; }}
  table.scores .place, table.scores .name, table.scores .grand, table.scores .total {{ position: sticky; z-index: 1; }}
  table.scores td.place, table.scores td.name, table.scores td.grand, table.scores td.total {{ background: #fff; }}
  table.scores tr.winner td {{ background: #fff4d6; }}
  table.scores .place {{ left: 0; width: 7mm; min-width: 7mm; }}
  table.scores .name {{ left: 7mm; min-width: 4.5em; max-width: 30vw; box-shadow: 3px 0 4px -3px rgba(0,0,0,.4); }}
  table.scores .total {{ right: 0; width: 14mm; min-width: 14mm; }}
  table.scores .grand {{ right: 14mm; min-width: 15mm; }}
  table.scores.has-grand .grand, table.scores:not(.has-grand) .total {{ box-shadow: -5px 0 6px -3px rgba(0,0,0,.45);
    border-left: 1px solid #c9bfae; }}
  table.track th:first-child {{ position: sticky; left: 0; z-index: 1; box-shadow: 3px 0 4px -3px rgba(0,0,0,.4); }}
}}
@media print {{
  body {{ background: none; }}
  .sheet {{ max-width: none; margin: 0; padding: 0; box-shadow: none; }}
  .wide {{ overflow: visible; }}
}}
"""


def report_html(sheet: Scoresheet, generator: str) -> str:
    """The whole page; ``generator`` names the command that wrote it (``gt game report``)."""
    game = sheet.game
    what = "game log" if sheet.log else "game session"
    meta = [f"Players in seat order: {', '.join(game.players)}", f"profile {game.profile.name}",
            f"from the {what} {sheet.source}"]
    meta += [f"{tag}: {value}" for tag, value in sheet.tags.items()]
    warning = ""
    if sheet.findings:
        warning = (f'<p class="warning">This log breaks the rules in {sheet.findings} place(s) '
                   f'(`gt check {esc(sheet.source)}` lists them): the scores here are the ones the rules give.</p>')
    title = f"Grand Tribunal scoresheet: {', '.join(game.players)}"
    lang = "en"
    body = "".join([
        '<main class="sheet">',
        f'<header><h1>Grand Tribunal scoresheet</h1><p class="meta">{esc(" · ".join(meta))}</p>',
        _headline(sheet), warning, "</header>",
        f'<section class="block" id="scores"><h2>Scores</h2>{_scores_table(sheet)}</section>',
        _totals_chart(sheet),
        _rounds(sheet, sheet.language),
        "".join(_tribunal(r, sheet) for r in sheet.results),
        f"<footer>Written by {esc(generator)} from {esc(sheet.source)}; every score is computed by the rules "
        f"(gtcli).</footer>",
        "</main>",
    ])
    return document(title, lang, CSS, body, generator)
