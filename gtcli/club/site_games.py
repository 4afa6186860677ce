"""One game's page of the league site: a pure, picklable function from a :class:`GamePage` to HTML.

A Grand Tribunal game (log or session) gets the scoresheet of ``gt replay --html`` and
``gt game report`` (:func:`gtcli.grand_tribunal.html.scoresheet.report_html`), with a line of
links back to the site above it; a Trickerion game gets a small page of its final scoring.
Mapped over the games by the same process pool as indexing.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from gtcli.core.html.page import SANS, document, esc

GENERATOR = "gt club site"
BACK = ('<nav class="site-nav" style="font-family: {sans}; font-size: 11pt; margin: 3mm auto; max-width: 186mm; '
        'padding: 0 3mm;"><a href="../index.html">Standings</a> · <a href="../games.html">All games</a></nav>')


@dataclass(frozen=True)
class GamePage:
    path: str  # to read
    rel: str  # as the archive names it
    kind: str  # "log", "session", "trickerion"
    name: str  # the page's file name under games/
    verdict: str
    job: object = None  # gt check's Job, for a log


def render(page: GamePage) -> tuple[str, str | None]:
    """(the page's file name, its HTML, or None if the game cannot be shown)."""
    from gtcli.core.diagnostics import InputError

    try:
        html = {"log": _log, "session": _session, "trickerion": _trickerion}[page.kind](page)
    except InputError:
        return page.name, None
    return page.name, html


def _with_nav(html: str) -> str:
    return html.replace("<body>\n", "<body>\n" + BACK.format(sans=esc(SANS)) + "\n", 1)


def _log(page: GamePage) -> str | None:
    from gtcli.grand_tribunal.checking import check_job
    from gtcli.grand_tribunal.html.scoresheet import report_html
    from gtcli.grand_tribunal.lang.logs.report import scoresheet_of

    _, checked = check_job(replace(page.job, keep_text=False, first=False))
    if checked is None:
        return None
    sheet = replace(scoresheet_of(checked, page.job.options), source=page.rel)
    return _with_nav(report_html(sheet, GENERATOR))


def _session(page: GamePage) -> str:
    from gtcli.grand_tribunal.formats.session_file import load_game
    from gtcli.grand_tribunal.html.scoresheet import report_html
    from gtcli.grand_tribunal.scoresheet import Scoresheet
    from gtcli.grand_tribunal.shipped import published_vocabulary

    return _with_nav(report_html(Scoresheet.of_game(load_game(page.path, published_vocabulary()), page.rel),
                                 GENERATOR))


CSS = f"""\
body {{ font-family: {SANS}; color: #1d1a16; background: #efece6; margin: 0; line-height: 1.4; }}
main {{ max-width: 46rem; margin: 0 auto; padding: 1rem; background: #fff; }}
table {{ border-collapse: collapse; width: 100%; }}
th, td {{ border-bottom: 1px solid #e2dccf; padding: .3rem .4rem; text-align: left; }}
.num {{ text-align: right; font-variant-numeric: tabular-nums; }}
.wide {{ overflow-x: auto; }}
tr.winner td {{ background: #fff4d6; font-weight: bold; }}
"""


def _trickerion(page: GamePage) -> str:
    from gtcli.trickerion.formats.session_file import load_session
    from gtcli.trickerion.rules.game import final, results, standings

    game = load_session(page.path)
    done = results(game)
    result = final(game, done)
    if result is not None:
        rows = "".join(f'<tr class="{"winner" if p.name == result.winner else ""}"><td class="num">{p.place}</td>'
                       f'<td>{esc(p.name)}</td><td class="num">{p.standing.fame}</td>'
                       f'<td class="num">{p.gained.total}</td><td class="num">{p.fame}</td></tr>'
                       for p in result.players)
        table = (f'<table><thead><tr><th class="num">#</th><th>Player</th><th class="num">Fame</th>'
                 f'<th class="num">Final scoring</th><th class="num">Total</th></tr></thead><tbody>{rows}</tbody>'
                 f'</table>')
        headline = f"<p><strong>{esc(result.winner)}</strong> wins" + \
                   (" (equal fame: the initiative order decides)" if result.decided_by_initiative else "") + "</p>"
    else:
        rows = "".join(f"<tr><td>{esc(s.name)}</td><td class=\"num\">{s.fame}</td></tr>"
                       for s in standings(game, done))
        table = f'<table><thead><tr><th>Player</th><th class="num">Fame</th></tr></thead><tbody>{rows}</tbody></table>'
        headline = f"<p>{len(game.turns)} of 5 turns played: the game is not over.</p>"
    body = (f"{BACK.format(sans=esc(SANS))}<main><h1>Trickerion game</h1><p>{esc(page.rel)}</p>{headline}"
            f'<div class="wide">{table}</div><footer><p>Written by {GENERATOR}; every figure is computed by the '
            f"rules (gtcli).</p></footer></main>")
    return document(f"Trickerion game: {page.rel}", "en", CSS, body, GENERATOR)
