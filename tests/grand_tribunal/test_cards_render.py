"""``gt cards render``: the printable sheet, looked at in a real headless Chromium.

The sheet needs no JavaScript; the probes below only read the laid-out page (element
boxes) the way a person would look at it: nothing blank, every card there, nothing
spilling out of its card, nine cards a printed page on A4 and on Letter.
"""

from __future__ import annotations

import io
import json
import math
import os
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gtcli.grand_tribunal.html.card_sheet import sheet_html
from gtcli.grand_tribunal.lang.cards.check import MAX_NAME, MAX_TEXT
from gtcli.grand_tribunal.lang.cards.sets import load_set, load_translation_for
from gtcli.grand_tribunal.lang.cards.view import set_view
from gtcli.grand_tribunal.shipped import cards_dir
from tests import browser
from tests.conftest import ROOT, run

SAMPLE = cards_dir() / "sample.gtc"
DOC_IMAGE = ROOT / "docs" / "cards-sheet.png"

# Every card's box, and every part and descendant of it, measured in the laid-out page.
OVERFLOW_PROBE = """
var out = [];
document.querySelectorAll('.card').forEach(function (card) {
  var box = card.getBoundingClientRect(), problems = [];
  if (card.scrollHeight > card.clientHeight + 1 || card.scrollWidth > card.clientWidth + 1)
    problems.push('card content ' + card.scrollWidth + 'x' + card.scrollHeight + ' > ' + card.clientWidth + 'x' + card.clientHeight);
  card.querySelectorAll('header, .name, .body, footer, .slots, p, span').forEach(function (el) {
    var r = el.getBoundingClientRect();
    if (el.scrollHeight > el.clientHeight + 1 && el.clientHeight > 0)
      problems.push(el.className || el.tagName) ;
    if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0)
      problems.push((el.className || el.tagName) + ' too wide');
    if (r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5)
      problems.push((el.className || el.tagName) + ' outside the card');
  });
  out.push({name: card.querySelector('.name').textContent, problems: problems,
            w: box.width, h: box.height});
});
return {cards: out, text: document.body.innerText.length};
"""


def _render(tmp_path: Path, *args: str) -> Path:
    out = tmp_path / "sheet.html"
    result = run("cards", "render", *args, "-o", out)
    assert result.exit_code == 0, result.output
    return out


@pytest.mark.parametrize("lang", ["en", "es", "fr", "it"])
def test_sheet_of_the_sample_and_its_translations_in_chromium(tmp_path, lang):
    browser.chromium_or_skip()
    page = _render(tmp_path, SAMPLE, "--lang", lang)
    card_set = load_set(SAMPLE)
    translation = load_translation_for(SAMPLE, lang) if lang != "en" else None
    expected = [(translation.name_of(c.name) if translation else None) or c.name for c in card_set.cards]
    data = browser.measure(page, OVERFLOW_PROBE)
    names = [c["name"] for c in data["cards"]]
    assert names == expected  # every card, in the set's order, by its name in that language
    assert [c for c in data["cards"] if c["problems"]] == []
    # a poker card is 63 x 88 mm: at 96 px to the inch, 238 x 333 px
    assert {(round(c["w"]), round(c["h"])) for c in data["cards"]} == {(238, 333)}
    if lang == "fr":  # one picture is enough to see the page is drawn (each launch costs a second or two)
        ink = browser.ink_fraction(browser.screenshot(page, tmp_path / "page.png", 900, 1200))
        assert ink > 0.2  # the grey desk and white sheets with cards, not a blank page


@pytest.mark.parametrize("paper,media_box", [("a4", (595, 842)), ("letter", (612, 792)), ("auto", None)])
def test_nine_cards_a_printed_page(tmp_path, paper, media_box):
    browser.chromium_or_skip()
    page = _render(tmp_path, SAMPLE, "--paper", paper)
    pdf = browser.print_pdf(page, tmp_path / "sheet.pdf")
    cards = len(load_set(SAMPLE).cards)
    assert browser.pdf_pages(pdf) == math.ceil(cards / 9) == 5
    boxes = {tuple(round(float(v)) for v in m.split()[2:])
             for m in re.findall(rb"/MediaBox \[([^\]]*)\]", pdf.read_bytes())}
    if media_box is not None:
        assert boxes == {media_box}


def _monster_set(tmp_path: Path) -> Path:
    """The longest name and texts the checker allows, with words too long for a line."""
    long_name = ("Supercalifragilisticexpialidocious " * 3)[:MAX_NAME]
    prose = ("The player who casts this names a space of the Voting Track and a Spell category; "
             "until their next turn no token may be placed there by anyone. ")
    text = (prose * 20)[:MAX_TEXT]
    manual = ("W" * 60 + " ") + (prose * 20)[:MAX_TEXT - 61]
    path = tmp_path / "monster.gtc"
    path.write_text(
        'set "Monsters" language en\n'
        f'item "{long_name}" type staff advance 12 base 20 '
        'slots elemental, alchemical, healing, runic, any, any copies 10\n'
        f'  text "{text}"\n'
        f'  while active: manual "{manual}"\n'
        f'spell "{"M" * MAX_NAME}" category healing copies 10\n'
        f'  text "{text}"\n'
        '  on cast choose $a space, $b space, $c space, $p player, $q player, $i item: '
        'place 3 votes on $a, $b, $c different; take 20 vis from $p; pay 20 vis to $q; burn $i; '
        'move 20 votes from $a to $b; remove 20 votes from $c; draw 20 spells face-up to sanctum; '
        'extra actions 20 different; redraw 20; extra turn\n'
        f'resource "{long_name[::-1]}"\n'
        f'  on play: manual "{manual}"\n'
        f'  while in vault: manual "{manual}"\n',
        encoding="utf-8")
    assert run("cards", "check", path).exit_code == 0
    return path


def test_longest_names_and_texts_stay_inside_their_cards(tmp_path):
    browser.chromium_or_skip()
    page = _render(tmp_path, _monster_set(tmp_path))
    data = browser.measure(page, OVERFLOW_PROBE)
    assert len(data["cards"]) == 3
    assert [(c["name"][:20], c["problems"]) for c in data["cards"] if c["problems"]] == []


def test_user_text_is_escaped(tmp_path):
    path = tmp_path / "evil.gtc"
    path.write_text('set "<b>Evil</b>" language en\n'
                    'resource "<script>alert(1)</script>"\n  text "a & b <img src=x onerror=alert(1)>"\n'
                    '  on play: manual "</p><iframe src=\\"http://example.com\\"></iframe>"\n', encoding="utf-8")
    html = _render(tmp_path, path).read_text(encoding="utf-8")
    assert "<script" not in html and "<iframe" not in html and "<img" not in html and "<b>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html and "a &amp; b" in html


def test_sheet_is_self_contained():
    html = sheet_html(set_view(load_set(SAMPLE), "en"))
    assert "<script" not in html.lower()
    assert not re.search(r"(?:src|href)\s*=|url\(|@import|https?://", html)  # nothing fetched
    assert "@page" in html and "@media print" in html


def test_render_json_and_stdout(tmp_path):
    data = json.loads(run("cards", "render", SAMPLE, "--lang", "it", "--json").stdout)
    assert data["count"] == {"cards": 43, "copies": 48} and data["pages"] == 5 and data["translated"] is True
    assert data["html"].startswith("<!doctype html>") and 'lang="it"' in data["html"]
    assert "Bastone della Tempesta" in data["html"]
    out = tmp_path / "s.html"
    written = json.loads(run("cards", "render", SAMPLE, "-o", out, "--json").stdout)
    assert written["file"] == str(out) and written["html"] is None and out.read_text().startswith("<!doctype")
    assert run("cards", "render", SAMPLE).stdout.startswith("<!doctype html>")


def test_render_a_translation_file_uses_its_language():
    result = run("cards", "render", cards_dir() / "sample.es.gtc")
    assert result.exit_code == 0 and 'lang="es"' in result.stdout and "Bastón de la Tormenta" in result.stdout
    clash = run("cards", "render", cards_dir() / "sample.es.gtc", "--lang", "fr")
    assert clash.exit_code == 2 and "CARD016" in clash.stderr


def test_documentation_picture(tmp_path):
    """docs/cards.md shows a page of the sheet; GT_UPDATE_DOCS=1 draws it again."""
    if os.environ.get("GT_UPDATE_DOCS"):
        browser.chromium_or_skip()
        card_set = load_set(SAMPLE)
        from dataclasses import replace

        picked = [card_set.find(n) for n in ("Storm Staff", "Heavy Censer", "Twin-Fork Wand", "Call the Gale",
                                             "Shifting Winds", "Fog Bank", "Hearthsong", "Bribe", "Forgotten Rite")]
        view = set_view(replace(card_set, cards=tuple(picked)), "fr", load_translation_for(SAMPLE, "fr"))
        page = tmp_path / "doc.html"
        page.write_text(sheet_html(view), encoding="utf-8")
        browser.screenshot(page, DOC_IMAGE, 820, 1150)
    assert DOC_IMAGE.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert DOC_IMAGE.stat().st_size < 300_000
    assert f"]({DOC_IMAGE.name})" in (ROOT / "docs" / "cards.md").read_text(encoding="utf-8")


_WORDS = st.text(st.characters(blacklist_categories=("Cs",)), max_size=120)


@settings(max_examples=60, deadline=None)
@given(name=_WORDS.filter(str.strip), text=_WORDS, manual=_WORDS)
def test_any_words_of_a_card_are_escaped_in_the_sheet_and_the_terminal(name, text, manual):
    """Whatever a stranger writes in a card, the sheet holds it as text, never as markup."""
    import html as html_lib

    from gtcli.cli.terminal.cards import card_panel, cards_table
    from gtcli.grand_tribunal.rules.cards import Card, CardSet, Effect, Step
    from gtcli.grand_tribunal.shipped import published_vocabulary

    card = Card("resource", name, text=text or None,
                effects=(Effect("on play", (), (Step("manual", text=manual),)),))
    view = set_view(CardSet(name, None, "en", (card,), published_vocabulary()), "en")
    page = sheet_html(view)
    assert page.count("<article") == 1 and "<script" not in page.lower()
    from gtcli.core.html.page import esc

    # as text, never markup, and no control character raw (issue 20: shown as \x1b, as on a terminal)
    assert f'<h2 class="name" style="font-size:' in page and esc(name) in page
    assert esc(name) == html_lib.escape(name) or "\\" in esc(name)
    from gtcli.cli.terminal.output import _safe_console_class

    # the console gt prints through (markup off: a name like "[/]" is text, not a tag)
    console = _safe_console_class()(file=io.StringIO(), width=100, no_color=True, markup=False, emoji=False,
                                    highlight=False)
    console.print(card_panel(view.cards[0], "en", terminal=False))
    console.print(cards_table(view, name, terminal=False))
    assert "\x1b" not in console.file.getvalue()


def test_the_sheet_names_the_sets_file_and_version(tmp_path):
    """A proof says what it is a proof of: the file as given and the set's version, escaped (issue 41)."""
    html = run("cards", "render", SAMPLE).stdout
    assert f'id="set-file">Card set: {SAMPLE}, version 1</p>' in html
    folder = tmp_path / "a&b<i>"
    folder.mkdir()
    path = folder / "plain.gtc"
    path.write_text('set "Plain" language en\nresource "Coin"\n  text "one"\n', encoding="utf-8")
    html = run("cards", "render", path).stdout
    assert "Card set: " + str(path).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;") + "</p>" in html
    assert "<i>" not in html and ", version" not in html.split('id="set-file"')[1].split("</p>")[0]
