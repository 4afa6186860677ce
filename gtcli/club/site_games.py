"""One game's scoresheet for the league site: a pure, picklable function from a :class:`GamePage` to HTML.

A Grand Tribunal game (log or session) gets the scoresheet of ``gt replay --html`` and
``gt game report`` (:func:`gtcli.grand_tribunal.html.scoresheet.report_html`), with the site's
header above it (the club's name, links back to the game's page and the site); a Trickerion
game gets a small page of its final scoring. Players are named as the club names them: a
name the aliases change is replaced wherever the page shows it as a whole word. Mapped over
the games by the same process pool as indexing.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, replace

from gtcli.core.html.page import BASE_CSS, SANS, document, esc
from gtcli.grand_tribunal.html.scoresheet import CSS as SHEET_CSS

GENERATOR = "gt club site"
BACK = ('<nav class="site-nav" style="font-family: {sans}; font-size: 11pt; margin: 3mm auto; max-width: 186mm; '
        'padding: 0 3mm; display: flex; flex-wrap: wrap; gap: .2rem 1rem;"><strong>{title}</strong>'
        '<a href="{game}">{back}</a><a href="../index.html">{standings}</a><a href="../games.html">{games}</a></nav>')


@dataclass(frozen=True)
class GamePage:
    path: str  # to read
    rel: str  # as the archive names it
    kind: str  # "log", "session", "trickerion"
    name: str  # the page's file name under games/
    verdict: str
    job: object = None  # gt check's Job, for a log
    names: tuple[tuple[str, str], ...] = ()  # (as written, as the club writes it) where the aliases change it
    site: tuple[str, str] = ("Club league", "en")  # the site's title and language
    game_page: str = ""  # the game's own page, beside this one
    sheet: bytes | None = None  # a log's scoresheet as the index keeps it (gtcli.club.sheets); None: replay the log
    keyed: tuple[str, str] = ("", "")  # the row's file SHA-256 and judge digest, which ``sheet`` must carry


def _nav(page: GamePage) -> str:
    from gtcli.club.site_words import words

    t = words(page.site[1])
    return BACK.format(sans=esc(SANS), title=esc(page.site[0]), game=esc(page.game_page or "../index.html"),
                       back=esc(t("Result")), standings=esc(t("Standings")), games=esc(t("All games")))


def renamed(html: str, names: tuple[tuple[str, str], ...]) -> str:
    """``html`` with each player's written name, where it stands as a whole word, as the club writes it.

    One pass over the page: a name already replaced is never looked at again (so "Ana" shown as
    "Ana María" does not then meet a rule for "María", and two names the aliases swap are swapped),
    and where written names overlap the longest is matched."""
    if not names:
        return html
    shown = {esc(written): esc(name) for written, name in names}
    alternatives = "|".join(re.escape(w) for w in sorted(shown, key=lambda w: (-len(w), w)))
    return re.sub(rf"(?<!\w)(?:{alternatives})(?!\w)", lambda m: shown[m.group(0)], html)


def render(page: GamePage) -> tuple[str, str | None]:
    """(the page's file name, its HTML, or None if the game cannot be shown)."""
    from gtcli.core.diagnostics import InputError

    try:
        html = {"log": _log, "session": _session, "trickerion": _trickerion}[page.kind](page)
    except InputError:
        return page.name, None
    return page.name, None if html is None else renamed(html, page.names)


STYLESHEET = BASE_CSS + SHEET_CSS  # a scoresheet's style, written once beside the scoresheets (not in each)
STYLE = f"scoresheet-{hashlib.sha256(STYLESHEET.encode()).hexdigest()[:12]}.css"  # a new style: a new name
_INLINE = f"<style>\n{STYLESHEET}</style>"


def _with_nav(html: str, page: GamePage) -> str:
    """The site's header above the scoresheet, whose style is the site's shared :data:`STYLE` file (the same
    rules, in the same place of the page: ``gt replay --html`` and ``gt game report`` keep theirs inline)."""
    html = html.replace(_INLINE, f'<link rel="stylesheet" href="{STYLE}">', 1)
    return html.replace("<body>\n", "<body>\n" + _nav(page) + "\n", 1)


def _log(page: GamePage) -> str | None:
    """The scoresheet the index keeps (no replay), else the log replayed as ``gt replay --html`` does."""
    from gtcli.club.sheets import decode
    from gtcli.grand_tribunal.html.scoresheet import report_html

    sheet = decode(page.sheet, page.rel, *page.keyed)
    if sheet is None:
        sheet = _replayed(page)
    return None if sheet is None else _with_nav(report_html(sheet, GENERATOR), page)


def _replayed(page: GamePage):
    from gtcli.grand_tribunal.checking import check_job
    from gtcli.grand_tribunal.lang.logs.report import scoresheet_of

    if page.job is None:
        return None
    _, checked = check_job(replace(page.job, keep_text=False, first=False))
    if checked is None:
        return None
    return replace(scoresheet_of(checked, page.job.options), source=page.rel)


def _session(page: GamePage) -> str:
    from gtcli.grand_tribunal.formats.session_file import load_game
    from gtcli.grand_tribunal.html.scoresheet import report_html
    from gtcli.grand_tribunal.scoresheet import Scoresheet
    from gtcli.grand_tribunal.shipped import published_vocabulary

    return _with_nav(report_html(Scoresheet.of_game(load_game(page.path, published_vocabulary()), page.rel),
                                 GENERATOR), page)


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
    body = (f"{_nav(page)}<main><h1>Trickerion game</h1><p>{esc(page.rel)}</p>{headline}"
            f'<div class="wide">{table}</div><footer><p>Written by {GENERATOR}; every figure is computed by the '
            f"rules (gtcli).</p></footer></main>")
    return document(f"Trickerion game: {page.rel}", "en", CSS, body, GENERATOR)
