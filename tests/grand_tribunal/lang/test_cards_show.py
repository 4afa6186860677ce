"""Seeing a card: rules text in four languages, ``gt cards show SET NAME`` as a panel."""

from __future__ import annotations

import pytest

from gtcli.grand_tribunal.lang.cards.sets import load_set
from gtcli.grand_tribunal.lang.cards.text import rules_text
from gtcli.grand_tribunal.shipped import cards_dir
from tests.conftest import run, run_json

SAMPLE = cards_dir() / "sample.gtc"

GOLDEN = {
    "Shifting Winds": {
        "en": "When cast, choose 2 spaces: move 1 vote from the first space to the second space.",
        "es": "Al lanzarlo, elige 2 espacios: mueve 1 voto del primer espacio al segundo espacio.",
        "fr": "Quand tu le lances, choisis 2 cases\u00a0: déplace 1 vote de la première case à la deuxième case.",
        "it": "Quando lo lanci, scegli 2 spazi: sposta 1 voto dal primo spazio al secondo spazio.",
    },
    "Bribe": {
        "en": "When played, choose a space: pay 2 Vis; place 2 votes on that space.",
        "es": "Al jugarlo, elige un espacio: paga 2 Vis; coloca 2 votos en ese espacio.",
        "fr": "Quand tu la joues, choisis une case\u00a0: paie 2 Vis\u00a0; place 2 votes sur cette case.",
        "it": "Quando la giochi, scegli uno spazio: paga 2 Vis; piazza 2 voti su quello spazio.",
    },
    "Festival Day": {
        "en": "While this card is in your Vault: your hand limit goes up by 1.",
        "es": "Mientras esta carta esté en tu Bóveda: tu límite de mano aumenta en 1.",
        "fr": "Tant que cette carte est dans tes Arches\u00a0: ta limite de main augmente de 1.",
        "it": "Finché questa carta è nel tuo Sotterraneo: il tuo limite di mano aumenta di 1.",
    },
    "Mending Light": {
        "en": "When cast: draw 1 Spell from the face-up row into your Sanctum.",
        "es": "Al lanzarlo: roba 1 Hechizo de la fila boca arriba a tu Sanctum.",
        "fr": "Quand tu le lances\u00a0: pioche 1 Sort de la rangée face visible dans ton Sanctum.",
        "it": "Quando lo lanci: pesca 1 Incantesimo dalla fila scoperta nel tuo Sanctum.",
    },
}


@pytest.mark.parametrize("name,lang", [(n, l) for n in GOLDEN for l in GOLDEN[n]])
def test_rules_text_golden(name, lang):
    assert rules_text(load_set(SAMPLE).find(name), lang) == [GOLDEN[name][lang]]


@pytest.mark.parametrize("lang", ["en", "es", "fr", "it"])
def test_every_effect_of_the_sample_reads_as_a_sentence(lang):
    """The sample uses every primitive: none may leak DSL ($choices, op names) into the text."""
    for card in load_set(SAMPLE).cards:
        for sentence in rules_text(card, lang):
            assert "$" not in sentence and "_" not in sentence and sentence[0].isupper(), (card.name, sentence)
            assert sentence.endswith("."), sentence


def test_show_one_card_as_a_panel():
    out = run("cards", "show", SAMPLE, "storm staff").stdout
    assert "Storm Staff" in out and "ITEM · STAFF" in out and "Advance 4" in out
    assert "Installed Spells: elemental, elemental, any" in out and "Base points 3" in out and "1 copy" in out


def test_show_one_card_by_its_translated_name_without_accents():
    result = run("cards", "show", SAMPLE, "BATON DE LA TEMPETE", "--lang", "fr")
    assert result.exit_code == 0 and "Bâton de la Tempête" in result.stdout and "Avancement 4" in result.stdout
    spell = run("cards", "show", SAMPLE, "Hearthsong", "--lang", "es").stdout
    assert "Al lanzarlo: gana 1 Vis; roba 1 Ítem a tu mano." in spell and "2 copias" in spell


def test_show_an_unknown_card_says_did_you_mean():
    result = run("cards", "show", SAMPLE, "Storm Staf")
    assert result.exit_code == 2
    assert "CARD020 error: the set 'Sample' has no card named 'Storm Staf'" in result.stderr
    assert "did you mean 'Storm Staff'?" in result.stderr
    data = run_json("cards", "show", SAMPLE, "Nothing Like It")
    assert data["errors"][0]["code"] == "CARD020"


def test_show_one_card_json():
    data = run_json("cards", "show", SAMPLE, "Call the Gale", "--lang", "it")
    assert data["language"] == "it" and data["translated"] is True
    card = data["card"]
    assert card["name"] == "Richiamo della Burrasca" and card["original"] == "Call the Gale"
    assert (card["kind"], card["kind_label"], card["what"], card["cost"]) == ("spell", "Incantesimo", "elementale", 2)
    assert card["rules"] == ["Quando lo lanci, scegli uno spazio: guadagna 1 Vis; piazza 1 voto su quello spazio."]


def test_card_text_from_strangers_is_escaped_in_the_terminal(tmp_path):
    path = tmp_path / "evil.gtc"
    path.write_text('resource "[bold red]Loud[/bold red]"\n  text "[link=http://x]y[/link]"\n', encoding="utf-8")
    panel = run("cards", "show", path, "[bold red]loud[/bold red]")
    assert panel.exit_code == 0
    assert "[bold red]Loud[/bold red]" in panel.stdout and "\x1b" not in panel.stdout  # markup shown, not obeyed
    assert "[link=http://x]y[/link]" in panel.stdout
    table = run("cards", "show", path)
    assert "[bold red]Loud" in table.stdout and "\x1b" not in table.stdout


def test_a_card_name_with_a_terminal_escape_is_refused_and_never_echoed_raw(tmp_path):
    path = tmp_path / "evil.gtc"
    path.write_text('resource "Loud\x1b[2J"\n  text "x"\n', encoding="utf-8")
    shown = run("cards", "show", path, "loud\x1b[2J")
    assert shown.exit_code == 2 and "CARD024" in shown.output
    assert "\x1b" not in shown.output
