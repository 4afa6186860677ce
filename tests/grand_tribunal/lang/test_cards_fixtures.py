"""One failing fixture per CARD/SYN code (scenarios/cards/CODE.gtc), plus the clean ones."""

from __future__ import annotations

import json
import re

import pytest

from gtcli.games import CODES
from tests.conftest import SCENARIOS, run

FIXTURES = sorted((SCENARIOS / "cards").rglob("*.gtc"))


def expectations(path):
    head = path.read_text(encoding="utf-8").splitlines()[0]
    assert head.startswith("# expect:"), path
    return re.findall(r"([A-Z]+\d+) (\d+):(\d+)", head)


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_fixture(path):
    result = run("cards", "check", path, "--format", "json")
    data = json.loads(result.stdout)
    found = {(d["code"], d["line"], d["col"]) for f in data["files"] for d in f["diagnostics"]}
    expected = {(code, int(line), int(col)) for code, line, col in expectations(path)}
    assert found == expected
    errors = [d for f in data["files"] for d in f["diagnostics"] if d["severity"] == "error"]
    syntax = any(d["code"].startswith("SYN") for d in errors)
    assert result.exit_code == (2 if syntax else 1 if errors else 0)


def test_every_card_and_syntax_code_has_a_fixture():
    covered = {code for path in FIXTURES for code, _, _ in expectations(path)}
    # CARD017 (size and depth bounds) is tested with generated files in test_cards_safety.py,
    # CARD020 (a card name asked for on the command line) in test_cards_cli.py;
    # CARD021-CARD023 come only from `gt cards check --box` (test_rules_fidelity.py), CARD025 (a set too
    # small for a bot) only from `gt simulate` and `gt balance compare` (test_simulate.py).
    wanted = {c for c in CODES if c.startswith("CARD")} - {"CARD017", "CARD020", "CARD021", "CARD022", "CARD023",
                                                           "CARD025"} \
        | {"SYN001", "SYN002"}
    assert wanted <= covered, wanted - covered
