"""``gt cards`` through the CLI."""

from __future__ import annotations

import json

from gtcli.grand_tribunal.shipped import cards_dir
from tests.conftest import SCENARIOS, run, run_json

SAMPLE = cards_dir() / "sample.gtc"


def test_check_sample_and_translations_clean():
    paths = [SAMPLE] + [cards_dir() / f"sample.{l}.gtc" for l in ("es", "fr", "it")]
    result = run("cards", "check", *paths)
    assert result.exit_code == 0
    assert result.stdout.strip().endswith("4 file(s) checked: clean")


def test_check_shows_source_line_and_caret():
    result = run("cards", "check", SCENARIOS / "cards" / "CARD001.gtc")
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[0].endswith("CARD001.gtc:3:15: CARD001 error: unknown item type 'stafff'")
    assert lines[1] == '     3 | item "A" type stafff advance 2 base 1'
    assert lines[2] == "       |               ^"
    assert lines[3] == "  hint: did you mean 'staff'?"


def test_check_github_format():
    result = run("cards", "check", SCENARIOS / "cards" / "CARD002.gtc", "--format", "github")
    assert result.stdout.startswith("::error file=")
    assert ",line=3,col=20,title=CARD002::" in result.stdout


def test_check_missing_file_is_exit_2(tmp_path):
    result = run("cards", "check", tmp_path / "nope.gtc")
    assert result.exit_code == 2 and "IO001" in result.stdout


def test_warnings_alone_exit_0():
    assert run("cards", "check", SCENARIOS / "cards" / "CARD007.gtc").exit_code == 0


def test_show_in_french():
    result = run("cards", "show", SAMPLE, "--lang", "fr")
    assert result.exit_code == 0
    assert "Bâton de la Tempête" in result.stdout
    assert "élémentaire" in result.stdout and "Objet" in result.stdout


def test_show_json_translated():
    data = run_json("cards", "show", SAMPLE, "--lang", "it")
    assert data["translated"] is True
    staff = next(c for c in data["cards"] if c["original"] == "Storm Staff")
    assert staff["name"] == "Bastone della Tempesta" and staff["what"] == "bastone"
    assert staff["slots"] == ["elementale", "elementale", "qualsiasi"]


def test_show_without_translation_says_so(tmp_path):
    path = tmp_path / "mini.gtc"
    path.write_text('set "Mini" language en\nresource "R"\n  on play: gain 1 vis\n')
    result = run("cards", "show", path, "--lang", "es")
    assert result.exit_code == 0 and "No es translation" in result.stdout and "gana 1 Vis" in result.stdout


def test_show_a_broken_set_is_exit_2():
    result = run("cards", "show", SCENARIOS / "cards" / "CARD001.gtc")
    assert result.exit_code == 2 and "CARD001" in result.stderr


def test_export_formats_and_back(tmp_path):
    for fmt in ("toml", "json", "gtc"):
        out = tmp_path / f"sample.{fmt}"
        assert run("cards", "export", SAMPLE, "--format", fmt, "-o", out).exit_code == 0
        assert run("cards", "check", out).exit_code == 0
    exported = run("cards", "export", SAMPLE, "--format", "json").stdout
    assert json.loads(exported)["format"] == "gtcli-cards/1"
    italian = run("cards", "export", SAMPLE, "--format", "gtc", "--lang", "it").stdout
    assert italian.startswith('insieme "Sample" versione 1 lingua it')


def test_template_then_fill_in(tmp_path):
    path = tmp_path / "mini.gtc"
    path.write_text('set "Mini" language en\nresource "Cache"\n  text "Gain 1."\n  on play: gain 1 vis\n'
                    'spell "Spark" category runic\n')
    result = run("cards", "template", path, "--lang", "it")
    assert result.exit_code == 0
    target = tmp_path / "mini.it.gtc"
    text = target.read_text()
    assert 'traduzione di "mini.gtc" lingua it' in text and 'risorsa "Cache" come ""' in text
    check = run("cards", "check", target, "--format", "json")
    codes = [d["code"] for d in json.loads(check.stdout)["files"][0]["diagnostics"]]
    assert codes == ["CARD014", "CARD014"] and check.exit_code == 0
    target.write_text(text.replace('"Cache" come ""', '"Cache" come "Scorta"').replace('testo ""', 'testo "Guadagna 1."'))
    assert run("cards", "template", path, "--lang", "it").exit_code == 2  # refuses to overwrite
    assert run("cards", "template", path, "--lang", "it", "--force").exit_code == 0
    assert 'come "Scorta"' in target.read_text()  # kept


def test_toml_card_set_with_error_points_at_line(tmp_path):
    path = tmp_path / "set.toml"
    path.write_text('format = "gtcli-cards/1"\nname = "T"\n\n[[cards]]\nkind = "item"\nname = "A"\n'
                    'type = "stafff"\nadvance = 2\nbase = 1\n')
    data = json.loads(run("cards", "check", path, "--json").stdout)
    d = data["files"][0]["diagnostics"][0]
    assert (d["code"], d["line"]) == ("CARD001", 7)
