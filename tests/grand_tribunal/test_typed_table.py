"""The typed Tribunal without a terminal (gtcli/grand_tribunal/typed_table.py): one answer per
Item, the short edits of a numbered Item, every mistake of an answer at once with the answer
offered back, R5 caught as an Item is typed, and what Tab offers."""

from __future__ import annotations

from gtcli.grand_tribunal.formats.table_lines import LinesContext
from gtcli.grand_tribunal.rules.game import new_game, record
from gtcli.grand_tribunal.rules.tribunal import Item, Table
from gtcli.grand_tribunal.typed_table import TypedTable, completions, preview

SEATS = ("Ana", "Ben", "Caro", "Dani")


def typed(*answers: str, game=None) -> TypedTable:
    entry = TypedTable(LinesContext(seats=SEATS), game=game)
    for answer in answers:
        assert entry.answer(answer).ok, answer
    return entry


def test_the_track_with_or_without_its_word_and_enter_for_none():
    assert typed("st 2, el 3").votes == {"staff": 2, "elemental": 3}
    assert typed("votes orb 1").votes == {"orb": 1}
    assert typed("").votes == {} and typed("none").votes == {} and typed("ninguno").votes == {}


def test_one_answer_per_item_and_an_empty_line_to_finish():
    entry = typed("orb 2", "a: orb 3 heal", "Ben: st 4")
    assert entry.items == [Item("Ana", "orb", 3, ("healing",)), Item("Ben", "staff", 4)]
    assert entry.answer("").done


def test_every_mistake_of_an_answer_at_once_and_the_answer_offered_back():
    entry = typed("orb 2")
    reply = entry.answer("Anna: stf 4 elemntal")
    assert not reply.ok and reply.offer == "Anna: stf 4 elemntal" and entry.items == []
    assert [(d.col, d.code) for d in reply.problems] == [(1, "TAB005"), (7, "TAB004"), (13, "TAB004")]
    track = TypedTable(LinesContext(seats=SEATS)).answer("stuff 2, orb 30")
    assert [(d.col, d.code) for d in track.problems] == [(1, "TAB004"), (14, "TAB003")]  # columns of what was typed


def test_short_edits_of_a_numbered_item():
    entry = typed("orb 2", 'Ana: "Glass Orb" orb 3 healing', "Ben: wand 2")
    for answer, item in [
        ("1 base 4", Item("Ana", "orb", 4, ("healing",), "Glass Orb")),
        ("1 5", Item("Ana", "orb", 5, ("healing",), "Glass Orb")),
        ("1 + runic el", Item("Ana", "orb", 5, ("healing", "runic", "elemental"), "Glass Orb")),
        ("1 - heal", Item("Ana", "orb", 5, ("runic", "elemental"), "Glass Orb")),
        ("1 won", Item("Ana", "orb", 5, ("runic", "elemental"), "Glass Orb", won=True)),
        ("1 won", Item("Ana", "orb", 5, ("runic", "elemental"), "Glass Orb")),
        ('1 talisman "Amulet"', Item("Ana", "talisman", 5, ("runic", "elemental"), "Amulet")),
        ("1 Caro: scroll 1", Item("Caro", "scroll", 1)),
    ]:
        reply = entry.answer(answer)
        assert reply.ok and entry.items[0] == item, answer
        assert reply.said == [entry.numbered(1)]
    assert entry.answer("1").offer == "1 Caro: scroll 1"  # its line, to edit
    assert entry.answer("-1").ok and entry.items == [Item("Ben", "wand", 2)]
    assert entry.answer("d 1").ok and entry.items == []
    entry = typed("orb 2", "Ana: orb 1", "Ben: orb 2", "Caro: orb 3", "Dani: orb 4")
    reply = entry.answer("-1 -3")
    assert reply.ok and [i.owner for i in entry.items] == ["Ben", "Dani"]
    assert reply.said[:2] == ["removed 1. Ana: orb 1", "removed 3. Caro: orb 3"]
    assert not entry.answer("-1 -9").ok and len(entry.items) == 2
    refused = entry.answer("3 base 4")
    assert not refused.ok and "there is no Item 3" in refused.problems[0].message


def test_a_wrong_edit_changes_nothing():
    entry = typed("orb 2", "Ana: orb 3 healing")
    whole = entry.answer("1 Anna: orb 3")
    assert [(d.col, d.code) for d in whole.problems] == [(3, "TAB005")] and whole.offer == "1 Anna: orb 3"
    reply = entry.answer(" 1 base 4 - runic zz")
    assert not reply.ok and [(d.col, d.code) for d in reply.problems] == [(13, "TAB003"), (19, "TAB004")]
    assert [d.col for d in entry.answer("1 1 zz").problems] == [5]
    assert entry.items == [Item("Ana", "orb", 3, ("healing",))]


def test_an_item_that_placed_is_refused_as_it_is_typed_and_offered_back_with_won():
    game = record(new_game(SEATS), Table(items=(Item("Ana", "orb", 3, (), "Glass Orb"),), votes={"orb": 1}))
    entry = typed("orb 1", game=game)
    reply = entry.answer('Ana: "glass orb" orb 3')
    assert not reply.ok and reply.problems[0].code == "GAME005" and reply.offer == 'Ana: "glass orb" orb 3 won'
    assert entry.answer(reply.offer).ok and entry.items[0].won
    assert entry.answer("1 won").ok is False  # competing again is refused the same way
    assert entry.answer("").done


def test_the_preview_shows_places_and_scores_as_they_stand():
    entry = typed("staff 2, elemental 2", "Ana: staff 4 elemental", "Ben: orb 3")
    lines = preview(entry.result())
    assert lines[0] == "  places: 1st Ana staff (4 votes) 20 · 2nd Ben orb (0 votes) 9"
    assert lines[1] == "  scores: Ana 20, Ben 9, Caro 0, Dani 0"


def test_tab_offers_players_words_and_card_names():
    context = LinesContext(seats=SEATS)
    cards = ["Storm Staff", "Storm Sprite", "Ember Wand"]

    def tab(buffer: str, track: bool = False) -> list[str]:
        begin = max(buffer.rfind(" "), buffer.rfind(",")) + 1
        return completions(buffer, begin, len(buffer), context, cards, track)

    assert tab("C") == ["Caro: "] and tab("") == ["Ana: ", "Ben: ", "Caro: ", "Dani: ", "votes "]
    assert tab("Ana: st") == ["staff "] and tab("Ana: orb 3 he") == ["healing "]
    assert tab("votes el") == ["elemental "] and tab("el", track=True) == ["elemental "]
    assert tab('Ana: "Storm St') == ['Staff" '] and tab('Ana: "sto') == ['"Storm Sprite" ', '"Storm Staff" ']
    assert tab("2 w") == ["wand ", "won "]
