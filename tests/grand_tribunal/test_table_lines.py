"""The table as lines (grammar/table.lark, formats/table_lines.py): the form of issue 39 read
exactly as written, in four languages, with prefixes and card names; every mistake of every line
at once; and the same tally as the same table in TOML, always (a property)."""

from __future__ import annotations

import pytest
import tomli_w
from hypothesis import given, settings
from hypothesis import strategies as st

from gtcli.grand_tribunal.formats.table_file import TableReader, table_to_mapping
from gtcli.grand_tribunal.formats.table_lines import (format_table_lines, item_line, looks_like_lines,
                                                      parse_table_lines)
from gtcli.grand_tribunal.rules.profiles import OFFICIAL
from gtcli.grand_tribunal.rules.tribunal import Item, Table, tally
from gtcli.grand_tribunal.shipped import published_vocabulary

ISSUE_FORM = """\
tribunal 2                      # optional, as are the next two lines
players Ana, Ben, Caro, Dani    # seat order
last praeco Caro
votes staff 2, orb 3, elemental 2
Ana: staff 4 elemental elemental runic
Ana: "Storm Staff" staff 4 elemental      # a name in quotes is optional
Ben: orb 3 healing
Caro: wand 3 won                # won at an earlier Tribunal: on the table, not competing
"""

EXPECTED = Table(
    items=(Item("Ana", "staff", 4, ("elemental", "elemental", "runic")),
           Item("Ana", "staff", 4, ("elemental",), name="Storm Staff"),
           Item("Ben", "orb", 3, ("healing",)),
           Item("Caro", "wand", 3, (), won=True)),
    votes={"staff": 2, "orb": 3, "elemental": 2}, tribunal=2, players=("Ana", "Ben", "Caro", "Dani"),
    last_praeco="Caro")


def test_the_issues_form_exactly_as_written():
    table, problems = parse_table_lines(ISSUE_FORM, path="t.txt")
    assert problems == [] and table == EXPECTED


def test_votes_none_and_optional_lines():
    table, problems = parse_table_lines("votes none\nAna: orb 3\n")
    assert problems == [] and table.votes == {} and table.tribunal == 1 and table.players == ()


@pytest.mark.parametrize("lang,text", [
    ("es", 'tribunal 2\njugadores Ana, Ben, Caro, Dani\núltimo praeco Caro\nvotos bastón 2, orbe 3, elemental 2\n'
           'Ana: bastón 4 elemental elemental rúnico\nAna: "Storm Staff" bastón 4 elemental\nBen: orbe 3 curativo\n'
           'Caro: varita 3 ganado\n'),
    ("fr", 'assemblée 2\njoueurs Ana, Ben, Caro, Dani\ndernier praeco Caro\nvotes bâton 2, orbe 3, élémentaire 2\n'
           'Ana: baton 4 elementaire élémentaire runique\nAna: "Storm Staff" bâton 4 élémentaire\nBen: orbe 3 guérison\n'
           'Caro: baguette 3 gagné\n'),
    ("it", 'tribunale 2\ngiocatori Ana, Ben, Caro, Dani\nultimo praeco Caro\nvoti bastone 2, globo 3, elementale 2\n'
           'Ana: bastone 4 elementale elementale runico\nAna: "Storm Staff" bastone 4 elementale\nBen: globo 3 guaritivo\n'
           'Caro: bacchetta 3 vinto\n'),
])
def test_the_other_languages_words(lang, text):
    for given_lang in (None, lang):
        table, problems = parse_table_lines(text, lang=given_lang)
        assert problems == [] and table == EXPECTED
    assert format_table_lines(EXPECTED, lang) == format_table_lines(parse_table_lines(text)[0], lang)


def test_unique_prefixes_of_keywords_words_and_players():
    text = "pl Ana, Ben, Caro\nla pr Car\nvot st 2, ele 1\nan: orb 3 heal, heal\nB: tal 2 run\n"
    table, problems = parse_table_lines(text)
    assert problems == []
    assert table.last_praeco == "Caro" and table.votes == {"staff": 2, "elemental": 1}
    assert table.items == (Item("Ana", "orb", 3, ("healing", "healing")), Item("Ben", "talisman", 2, ("runic",)))


def test_an_ambiguous_prefix_says_what_it_could_be():
    _, problems = parse_table_lines("Ana: s 3\n")
    assert problems[0].code == "TAB004" and "scroll or staff" in problems[0].hint


def test_card_names_fill_in_type_base_and_a_spells_category():
    from gtcli.grand_tribunal.lang.cards.sets import load_set
    from gtcli.grand_tribunal.shipped import cards_dir

    cards = load_set(cards_dir() / "sample.gtc")
    spell = next(c for c in cards.cards if c.kind == "spell")
    text = f'Ana: "Storm Staff" elemental "{spell.name}"\nBen: Ember Wand\nCaro: "Storm Staff" orb 5\n'
    table, problems = parse_table_lines(text, card_set=cards)
    assert [(p.line, p.code) for p in problems] == [(3, "TAB003"), (3, "TAB003")]
    table, problems = parse_table_lines(text.rsplit("Caro", 1)[0], card_set=cards)
    assert problems == []
    assert table.items == (Item("Ana", "staff", 3, ("elemental", spell.category), name="Storm Staff"),
                           Item("Ben", "wand", 2, (), name="Ember Wand"))


def test_every_mistake_of_every_line_at_once_each_with_a_hint():
    text = ("players Ana, Ben, Caro\nvotes staff 2, elementl 1, wand 30\nAna: stf 4 elemntal\n"
            "Ben staff 4\nDan: orb 3\nCaro: orb\nBen: orb 3 4\n")
    table, problems = parse_table_lines(text, path="t.txt")
    assert table is None
    found = [(d.line, d.col, d.code) for d in problems]
    assert found == [(2, 16, "TAB004"), (2, 33, "TAB003"), (3, 6, "TAB004"), (3, 12, "TAB004"),
                     (4, 4, "TAB008"), (5, 1, "TAB005"), (6, 10, "TAB002"), (7, 12, "TAB003")]
    assert all(d.hint and d.path == "t.txt" for d in problems)
    assert "did you mean 'elemental'?" in problems[0].hint
    assert "':'" in problems[4].message and "Ben: staff 4" in problems[4].hint and problems[4].hint.endswith("Ben: staff 4")


def test_an_unreadable_line_and_a_line_twice():
    _, problems = parse_table_lines('votes staff 2\nvotes orb 1\nAna: "Storm\n')
    assert [(d.line, d.code) for d in problems] == [(2, "TAB003"), (3, "TAB008")]
    assert "not closed" in problems[1].message


def test_a_session_context_checks_the_players_and_the_tribunal_number():
    from gtcli.grand_tribunal.rules.game import new_game, record

    game = record(new_game(("Ana", "Ben", "Caro")), Table(items=(Item("Ana", "orb", 3, (), name="Glass"),),
                                                           votes={"orb": 1}))
    _, problems = parse_table_lines('tribunal 1\nvotes none\nAna: "Glass" orb 3\nZed: orb 2\n', session_context=game)
    assert {(d.line, d.code) for d in problems} == {(4, "TAB005")}
    _, problems = parse_table_lines('tribunal 1\nvotes none\nAna: "Glass" orb 3\n', session_context=game)
    assert {(d.line, d.code) for d in problems} == {(3, "GAME005"), (1, "GAME001")}
    table, problems = parse_table_lines('votes none\nAna: "Glass" orb 3 won\n', session_context=game)
    assert problems == [] and table.items[0].won


def test_which_form_a_text_is():
    assert looks_like_lines(ISSUE_FORM) and looks_like_lines("# a note\nvotes none\n")
    assert not looks_like_lines("[votes]\nstaff = 1\n") and not looks_like_lines("tribunal = 2\n")
    assert not looks_like_lines("")


# ---- the same table in TOML and in lines gives the same tally, always -----------------------------------
VOCABULARY = published_vocabulary()
PLAYERS = st.lists(st.sampled_from(["Ana", "Ben", "Caro", "Dani", "Éloïse", "Jo Won", "x-1", "Last", "P2"]),
                   min_size=3, max_size=5, unique=True)


@st.composite
def tables(draw):
    players = tuple(draw(PLAYERS))
    spaces = VOCABULARY.spaces
    votes = draw(st.dictionaries(st.sampled_from(spaces), st.integers(0, 3), max_size=6))
    while sum(votes.values()) > OFFICIAL.voting_tokens:
        votes.popitem()
    items = draw(st.lists(st.builds(
        Item, owner=st.sampled_from(players), type=st.sampled_from([t.key for t in VOCABULARY.item_types]),
        base=st.integers(0, 12), spells=st.lists(st.sampled_from([c.key for c in VOCABULARY.spell_categories]),
                                                 max_size=4).map(tuple),
        name=st.one_of(st.none(), st.text(st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=12)
                       .filter(str.strip).map(str.strip)),
        won=st.booleans()), max_size=8))
    last = draw(st.one_of(st.none(), st.sampled_from(players)))
    return Table(items=tuple(items), votes=votes, tribunal=draw(st.integers(1, 3)), players=players,
                 last_praeco=last)


@settings(max_examples=150, deadline=None)
@given(tables(), st.sampled_from(["en", "es", "fr", "it"]))
def test_the_same_table_in_toml_and_in_lines_gives_the_same_tally(table, lang):
    from gtcli.core.files.toml_source import parse_toml

    data = table_to_mapping(table)
    data["players"] = list(table.players)
    source = parse_toml(tomli_w.dumps(data), "t.toml", "TAB001")
    from_toml = TableReader(source, VOCABULARY, OFFICIAL).read(source.data)
    from_lines, problems = parse_table_lines(format_table_lines(table, lang), path="t.txt")
    assert problems == []
    assert from_lines == from_toml
    assert tally(from_lines, OFFICIAL) == tally(from_toml, OFFICIAL)


def test_an_items_line_reads_back_as_the_item():
    item = Item("Ana", "staff", 4, ("runic",), name='Say "hi"', won=True)
    assert item_line(item) == 'Ana: "Say \\"hi\\"" staff 4 runic won'
    assert parse_table_lines(item_line(item))[0].items == (item,)


def test_limits_of_a_table_from_a_stranger():
    _, problems = parse_table_lines("Ana: " + " ".join(["zz"] * 60))
    assert len(problems) == 22 and "more than 20 mistakes" in problems[20].message  # and: no base score
    _, problems = parse_table_lines("Ana: orb 3 " + "x" * 600)
    assert [d.code for d in problems] == ["TAB003"] and "at most 500" in problems[0].message
    _, problems = parse_table_lines("votes none\n" * 501)
    assert [d.code for d in problems] == ["TAB003"] and "at most 500" in problems[0].message
    _, problems = parse_table_lines("votes staff " + "9" * 200)
    assert problems and problems[0].code in ("SYN004", "TAB003")
