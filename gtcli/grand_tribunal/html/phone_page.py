"""The scorekeeper's phone page (``gt game serve``): the game so far and a form for the next Tribunal.

Every page is one HTML document on :func:`gtcli.core.html.page.document`, in the session's
language, that fits a phone (320-430 CSS pixels: one column, buttons at least 44 pixels
tall, nothing wider than the screen). Every word from the session is escaped.

The form is a plain HTML form: a textarea holding the Tribunal as lines (the text form of
``gt tally``), posted with the page's token and the version of the session it was made
from. It works without JavaScript; :data:`gtcli.grand_tribunal.html.phone_script.SCRIPT`
adds the buttons that write the same lines. The pages are:

* :func:`game_page`: standings, the Tribunals recorded, the Items carried over, the form,
  and a button to undo the last Tribunal;
* :func:`mistakes_page`: the form again with every mistake and its hint;
* :func:`preview_page`: places and scores, and one button that records exactly what was
  previewed (the lines, the version and a signature of both travel in hidden fields);
* :func:`conflict_page`: the game as it is now, the phone's lines offered back;
* :func:`undo_page`: the second question before a Tribunal is dropped.
"""

from __future__ import annotations

import html
from dataclasses import dataclass

from gtcli.core.escaping import json_text
from gtcli.core.html.page import SANS, document, esc
from gtcli.grand_tribunal.html.phone_words import tribunal_name, word
from gtcli.grand_tribunal.lang.keywords import spelling
from gtcli.grand_tribunal.rules.game import Game, carry_over, first_praeco_of, results, totals, winners
from gtcli.grand_tribunal.rules.tribunal import Item, TribunalResult
from gtcli.grand_tribunal.rules.vocabulary import Vocabulary

GENERATOR = "gt game serve (gtcli)"


@dataclass(frozen=True)
class Form:
    """What every form of a page carries: the page's token, the session's version it was made from, the lines."""

    token: str
    version: str
    lines: str = ""


@dataclass(frozen=True)
class Finding:
    """A mistake in the lines: where (line 0: the Tribunal as a whole), its code, message and hint."""

    line: int
    code: str
    message: str
    hint: str | None = None


CSS = f"""\
html {{ font-size: 17px; -webkit-text-size-adjust: 100%; }}
body {{ font-family: {SANS}; background: #f6f3ec; color: #1f1d1a; line-height: 1.35; }}
main {{ max-width: 30rem; margin: 0 auto; padding: .5rem .6rem 2rem; overflow-wrap: anywhere; }}
h1 {{ font-size: 1.3rem; margin: .3rem 0 .5rem; }}
h2 {{ font-size: 1.05rem; margin: 0 0 .4rem; }}
section {{ background: #fff; border-radius: .5rem; padding: .6rem .7rem; margin: 0 0 .7rem;
           box-shadow: 0 1px 2px rgba(0,0,0,.12); min-width: 0; }}
table {{ border-collapse: collapse; width: 100%; }}
th, td {{ padding: .3rem .3rem; text-align: left; border-bottom: 1px solid #e4ded2; vertical-align: top; }}
th {{ font-weight: normal; color: #6b6459; font-size: .85rem; white-space: nowrap; overflow-wrap: normal; }}
.num {{ text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }}
.banner {{ border-left: .35rem solid #2f7d4f; background: #e4f3e8; padding: .5rem .7rem; border-radius: .3rem;
           margin: 0 0 .7rem; }}
.banner.bad {{ border-color: #b4441e; background: #fbe7df; }}
.aside {{ color: #6b6459; font-size: .9rem; margin: .3rem 0 0; }}
ul.plain {{ list-style: none; margin: 0; padding: 0; }}
ul.plain li {{ padding: .25rem 0; border-bottom: 1px solid #eee7da; }}
details summary {{ cursor: pointer; padding: .4rem 0; min-height: 44px; }}
code, textarea {{ font-family: "DejaVu Sans Mono", "Liberation Mono", monospace; }}
textarea {{ width: 100%; min-height: 9rem; font-size: 16px; padding: .4rem; border: 1px solid #b9b1a3;
            border-radius: .35rem; background: #fffdf8; }}
label {{ display: block; margin: 0 0 .3rem; }}
button, .button {{ font: inherit; font-size: 1rem; min-height: 48px; min-width: 48px; padding: .45rem .9rem;
                   border-radius: .45rem; border: 1px solid #8a8173; background: #fff; color: #1f1d1a;
                   display: inline-block; text-decoration: none; text-align: center; }}
button.main {{ background: #2f5f8a; border-color: #2f5f8a; color: #fff; font-weight: bold; width: 100%; }}
button.danger {{ background: #b4441e; border-color: #b4441e; color: #fff; }}
.actions {{ display: flex; flex-wrap: wrap; gap: .5rem; margin-top: .6rem; }}
.mistakes li {{ margin: 0 0 .4rem; }}
.mistakes .hint {{ color: #2f5f8a; display: block; }}
.places td.place {{ font-weight: bold; }}
tr.out td {{ color: #8a8173; }}
.taps h3 {{ font-size: .95rem; margin: .5rem 0 .2rem; color: #4f493f; }}
.chips {{ display: flex; flex-wrap: wrap; gap: .35rem; }}
.chips button {{ padding: .35rem .6rem; border-radius: 1.4rem; }}
.chips button[aria-pressed="true"] {{ background: #2f5f8a; border-color: #2f5f8a; color: #fff; }}
.counter {{ display: grid; grid-template-columns: minmax(0, 1fr) 48px 2.2rem 48px; align-items: center;
            gap: .3rem; padding: .1rem 0; }}
.counter output {{ text-align: center; font-weight: bold; font-size: 1.15rem; }}
.card {{ border: 1px solid #d8d0c2; border-radius: .45rem; padding: .45rem; margin: .5rem 0; }}
.card.current {{ border: 2px solid #2f5f8a; }}
.card .line {{ font-family: "DejaVu Sans Mono", monospace; font-size: .9rem; color: #4f493f; }}
.card input[type=text] {{ width: 100%; font-size: 16px; min-height: 44px; padding: .3rem;
                          border: 1px solid #b9b1a3; border-radius: .35rem; }}
.spells {{ margin: .3rem 0; }}
.live {{ margin: .4rem 0 .9rem; }}
"""


def _lines_words(lang: str) -> dict[str, str]:
    """The keywords the text form writes in ``lang`` (grammar/table.lark)."""
    return {key.lower(): spelling(key, lang) for key in ("VOTES", "NONE", "WON")}


def item_line(item: Item, vocabulary: Vocabulary, lang: str) -> str:
    """An Item as one line of the text form: ``Ana: "Storm Staff" staff 4 elemental runic``."""
    from gtcli.grand_tribunal.formats.table_lines import item_line as line

    return line(item, lang, vocabulary)


def starting_lines(game: Game, vocabulary: Vocabulary, lang: str) -> str:
    """What the form holds first: an empty votes line to fill, then the Items carried over."""
    lines = [_lines_words(lang)["votes"] + " "] + [item_line(i, vocabulary, lang) for i in carry_over(game)]
    return "\n".join(lines) + "\n"


# ---- the parts of a page ---------------------------------------------------------------------------------
def _heading(game: Game, lang: str) -> str:
    number = len(game.tables)
    t = game.profile.tribunals
    where = (word("finished", lang) if game.finished else
             word("next", lang, t=tribunal_name(number + 1, t, lang)))
    return f'<h1>{esc(", ".join(game.players))}</h1>\n<p class="aside">{esc(where)}</p>\n'


def _standings(game: Game, done: list[TribunalResult], lang: str) -> str:
    rows = "".join(f'<tr><td>{esc(p.name)}</td><td class="num">{p.score}</td></tr>' for p in totals(game, done))
    won = winners(game, done)
    if won:
        after = f'<p><b>{esc(word("winner" if len(won) == 1 else "shared_win", lang))}: {esc(", ".join(won))}</b></p>'
    else:
        first = first_praeco_of(game, len(done) + 1, done)
        after = f'<p class="aside">{esc(word("first_praeco", lang))}: {esc(first or "?")}</p>'
    return (f'<section class="standings"><h2>{esc(word("standings", lang))}</h2><table><thead><tr>'
            f'<th>{esc(word("player", lang))}</th><th class="num">{esc(word("total", lang))}</th></tr></thead>'
            f'<tbody>{rows}</tbody></table>{after}</section>\n')


def item_label(item: Item, vocabulary: Vocabulary, lang: str) -> str:
    what = vocabulary.display(item.type, lang)
    return f"{item.owner}: {item.name + ' · ' if item.name else ''}{what} {item.base}"


def in_order(items):
    """A Tribunal's Items by place, then the competing ones without a place, then the others."""
    return sorted(items, key=lambda r: (r.place is None, r.place or 0, not r.competing, -r.votes))


def result_table(result: TribunalResult, vocabulary: Vocabulary, lang: str) -> str:
    """One Tribunal's Items (place, votes, score) and each player's score: a recorded one, or a preview."""
    rows = []
    for r in in_order(result.items):
        place = str(r.place) if r.place else ("–" if r.competing else word("not_competing", lang))
        rows.append(f'<tr class="{"" if r.competing else "out"}"><td class="place">{esc(place)}</td>'
                    f'<td>{esc(item_label(r.item, vocabulary, lang))}</td><td class="num">{r.votes}</td>'
                    f'<td class="num">{r.score}</td></tr>')
    items = (f'<table class="places"><thead><tr><th>{esc(word("place", lang))}</th><th>{esc(word("item", lang))}</th>'
             f'<th class="num">{esc(word("votes", lang))}</th><th class="num">{esc(word("score", lang))}</th></tr>'
             f'</thead><tbody>{"".join(rows)}</tbody></table>') if rows else ""
    scores = ", ".join(f"{p.name} {p.score}" for p in result.players)
    return f'{items}<p class="aside">{esc(word("scores", lang))}: {esc(scores)}</p>'


def _recorded(game: Game, done: list[TribunalResult], vocabulary: Vocabulary, lang: str) -> str:
    if not done:
        return f'<section><h2>{esc(word("recorded", lang))}</h2><p>{esc(word("no_tribunal", lang))}</p></section>\n'
    parts = []
    for result in done:
        name = tribunal_name(result.tribunal, game.profile.tribunals, lang)
        scores = ", ".join(f"{p.name} {p.score}" for p in result.players)
        parts.append(f'<details><summary><b>{esc(name)}</b>: {esc(scores)}</summary>'
                     f'{result_table(result, vocabulary, lang)}</details>')
    return f'<section class="recorded"><h2>{esc(word("recorded", lang))}</h2>{"".join(parts)}</section>\n'


def _carried(game: Game, vocabulary: Vocabulary, lang: str) -> str:
    items = carry_over(game)
    body = ('<ul class="plain">' + "".join(f"<li><code>{esc(item_line(i, vocabulary, lang))}</code></li>"
                                          for i in items) + "</ul>") if items else \
        f'<p class="aside">{esc(word("none_carried", lang))}</p>'
    return f'<section class="carried"><h2>{esc(word("carried", lang))}</h2>{body}</section>\n'


def _hidden(form: Form, lines: bool = False) -> str:
    fields = (f'<input type="hidden" name="token" value="{esc(form.token)}">'
              f'<input type="hidden" name="version" value="{esc(form.version)}">')
    if lines:  # exactly the lines previewed (markup escaped, nothing else): Record's signature is of them
        fields += f'<input type="hidden" name="lines" value="{html.escape(form.lines, quote=True)}">'
    return fields


def _entry(game: Game, vocabulary: Vocabulary, lang: str, form: Form, findings: list[Finding] = ()) -> str:
    """The next Tribunal's form: the tap buttons (filled by the script), the textarea, Preview."""
    if game.finished:
        return ""
    title = tribunal_name(len(game.tables) + 1, game.profile.tribunals, lang)
    mistakes = ""
    if findings:
        shown = []
        for f in findings:
            where = f'{word("line", lang)} {f.line}: ' if f.line else ""
            hint = f'<span class="hint">{esc(f.hint)}</span>' if f.hint else ""
            shown.append(f"<li><b>{esc(where)}{esc(f.code)}</b> {esc(f.message)}{hint}</li>")
        mistakes = (f'<div class="banner bad" role="alert"><h2>{esc(word("mistakes", lang))}</h2>'
                    f'<ul class="mistakes">{"".join(shown)}</ul></div>')
    return (f'<section class="entry" id="entry"><h2>{esc(title)}</h2>{mistakes}'
            f'<div class="taps" id="taps" hidden></div>'
            f'<div id="live" class="live" hidden></div>'
            f'<form method="post" action="preview" id="form">{_hidden(form)}'
            f'<label for="lines">{esc(word("lines", lang))}</label>'
            f'<textarea id="lines" name="lines" rows="8" spellcheck="false" autocapitalize="off" '
            f'autocomplete="off">{esc(form.lines)}</textarea>'
            f'<div class="actions"><button class="main" type="submit">{esc(word("preview", lang))}</button></div>'
            f'</form></section>\n')


def _undo_button(game: Game, lang: str, form: Form) -> str:
    if not game.tables:
        return ""
    title = tribunal_name(len(game.tables), game.profile.tribunals, lang)
    return (f'<section class="undo"><form method="post" action="undo">{_hidden(form)}'
            f'<button type="submit">{esc(word("undo", lang, t=title))}</button></form></section>\n')


def _data(game: Game, vocabulary: Vocabulary, lang: str) -> str:
    """What the script needs, as JSON in a block that is never run (``<`` written ``\\u003c``)."""
    def terms(items) -> list[dict[str, str]]:
        return [{"key": t.key, "word": t.display(lang)} for t in items]

    data = {"players": list(game.players), "types": terms(vocabulary.item_types),
            "categories": terms(vocabulary.spell_categories), "keywords": _lines_words(lang),
            "tokens": game.profile.voting_tokens,
            "words": {k: word(k, lang) for k in ("add_item", "remove", "won", "type", "base", "name", "player",
                                                  "voting_track", "items", "spells", "live", "by_hand", "place",
                                                  "votes", "score", "scores", "not_competing", "mistakes", "line",
                                                  "conflict")}}
    text = json_text(data, indent=None).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return f'<script type="application/json" id="gt-data">{text}</script>\n'


def _page(game: Game, lang: str, body: str, script: bool, vocabulary: Vocabulary) -> str:
    from gtcli.grand_tribunal.html.phone_script import SCRIPT

    tail = (_data(game, vocabulary, lang) + f"<script>{SCRIPT}</script>\n") if script else ""
    title = f"{', '.join(game.players)} · {word('standings', lang)}"
    return document(title, lang, CSS, f"<main>\n{body}</main>\n{tail}", GENERATOR)


# ---- the pages -------------------------------------------------------------------------------------------
def game_page(game: Game, vocabulary: Vocabulary, lang: str, form: Form, banner: str | None = None) -> str:
    done = results(game)
    note = f'<p class="banner" role="status">{esc(banner)}</p>\n' if banner else ""
    body = (_heading(game, lang) + note + _standings(game, done, lang) + _entry(game, vocabulary, lang, form)
            + _carried(game, vocabulary, lang) + _recorded(game, done, vocabulary, lang) + _undo_button(game, lang, form))
    return _page(game, lang, body, not game.finished, vocabulary)


def mistakes_page(game: Game, vocabulary: Vocabulary, lang: str, form: Form, findings: list[Finding]) -> str:
    done = results(game)
    body = (_heading(game, lang) + _entry(game, vocabulary, lang, form, findings) + _standings(game, done, lang)
            + _carried(game, vocabulary, lang))
    return _page(game, lang, body, True, vocabulary)


def preview_page(game: Game, vocabulary: Vocabulary, lang: str, form: Form, result: TribunalResult,
                 signature: str) -> str:
    title = tribunal_name(result.tribunal, game.profile.tribunals, lang)
    record = (f'<form method="post" action="record">{_hidden(form, lines=True)}'
              f'<input type="hidden" name="signature" value="{esc(signature)}">'
              f'<div class="actions"><button class="main" type="submit" id="record">'
              f'{esc(word("record", lang, t=title))}</button></div></form>')
    body = (_heading(game, lang) + f'<section class="preview"><h2>{esc(word("preview", lang))}: {esc(title)}</h2>'
            f'{result_table(result, vocabulary, lang)}{record}</section>\n'
            + f'<details><summary>{esc(word("change", lang))}</summary>{_entry(game, vocabulary, lang, form)}</details>'
            + _standings(game, results(game), lang))
    return _page(game, lang, body, False, vocabulary)


def conflict_page(game: Game, vocabulary: Vocabulary, lang: str, form: Form) -> str:
    done = results(game)
    note = (f'<div class="banner bad" role="alert"><h2>{esc(word("conflict", lang))}</h2>'
            f'<p>{esc(word("conflict_text", lang))}</p></div>\n')
    lines = f'<section><textarea readonly rows="6" aria-label="lines">{esc(form.lines)}</textarea></section>\n' \
        if game.finished else ""
    body = (_heading(game, lang) + note + _standings(game, done, lang) + _entry(game, vocabulary, lang, form) + lines
            + _recorded(game, done, vocabulary, lang) + _carried(game, vocabulary, lang))
    return _page(game, lang, body, not game.finished, vocabulary)


def undo_page(game: Game, vocabulary: Vocabulary, lang: str, form: Form) -> str:
    done = results(game)
    title = tribunal_name(len(game.tables), game.profile.tribunals, lang)
    body = (_heading(game, lang) + f'<section class="undo-ask"><h2>{esc(word("undo", lang, t=title))}</h2>'
            f'<p>{esc(word("undo_ask", lang, t=title))}</p>{result_table(done[-1], vocabulary, lang)}'
            f'<form method="post" action="undo/confirm">{_hidden(form)}<div class="actions">'
            f'<button class="danger" type="submit" id="drop">{esc(word("undo_yes", lang, t=title))}</button>'
            f'<a class="button" href="./">{esc(word("keep", lang))}</a></div></form></section>\n')
    return _page(game, lang, body, False, vocabulary)


def message_page(game: Game | None, lang: str, text: str) -> str:
    """A page that only says something (the session busy or unreadable, a stale page), with a way back."""
    body = f'<p class="banner bad" role="alert">{esc(text)}</p><p><a class="button" href="./">↻</a></p>\n'
    title = ", ".join(game.players) if game else "gt"
    return document(title, lang, CSS, f"<main>\n{body}</main>\n", GENERATOR)
