"""Rules fidelity, round 4 (issue 34): whose cards an effect may touch, one code per move, the
codes of refills and effects' draws, and the refill an effect's face-up draw makes.

The one-line cases are fixtures too (``scenarios/rules/CODE.what.gtl``, checked by
test_rule_logs.py); the property test below runs every legal fixture with one fault put in.
"""

from __future__ import annotations

import json
import re
import shutil
from collections import defaultdict
from pathlib import Path

import pytest

from gtcli.grand_tribunal.lang.logs.check import Options, check_file
from tests.conftest import SCENARIOS, run
from tests.grand_tribunal.rules.test_rules_fidelity import check, findings

RULES = SCENARIOS / "rules"
LEGAL = sorted((RULES / "legal").glob("*.gtl"))
# CODE.what.gtl: another situation of a rule, broken or (legal/) followed
SITUATIONS = sorted([*RULES.glob("*.*.gtl"), *(RULES / "legal").glob("*.*.gtl")])
TURN = re.compile(r"(\w+): (.*)")


# ---- one fault, one code: a property of every legal fixture with one fault put in ---------------
def one_fault(text: str):
    """Each log that differs from ``text`` by one fault: too few Voting tokens in the box, one
    action of a turn left out, or one action taken a second time."""
    if "[Profile" not in text:
        for tokens in range(8):
            yield f"{tokens} tokens", text.replace('[Cards "sample"]', f'[Cards "sample"]\n[Profile "tok{tokens}.toml"]', 1)
    lines = text.splitlines()
    for i, line in enumerate(lines):
        turn = TURN.fullmatch(line)
        if not turn or line.startswith("#"):
            continue
        moves = turn[2].split("; ")
        for j in range(len(moves)):
            for name, changed in (("without", moves[:j] + moves[j + 1:]), ("twice", moves[:j + 1] + moves[j:])):
                if changed:
                    yield (f"line {i + 1}: {moves[j]} {name}",
                           "\n".join(lines[:i] + [f"{turn[1]}: " + "; ".join(changed)] + lines[i + 1:]) + "\n")


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    here = tmp_path_factory.mktemp("one-fault")
    for profile in [*RULES.glob("*.toml"), *(RULES / "legal").glob("*.toml")]:
        shutil.copy(profile, here / profile.name)
    for tokens in range(8):
        (here / f"tok{tokens}.toml").write_text(f'base = "official"\n[parameters]\nvoting_tokens = {tokens}\n')
    return here


@pytest.mark.parametrize("fixture", LEGAL, ids=lambda p: p.stem)
def test_one_fault_is_reported_under_one_code(fixture, folder):
    """docs/rules.md, "One situation, one code": a move is reported once, under the rule it breaks.

    No token of a log with one fault put in carries two codes (a Praeco placing three tokens with
    two left was P3 and V3; a gather taken twice was T1 and A10).
    """
    path = folder / fixture.name
    twice = []
    for what, text in one_fault(fixture.read_text(encoding="utf-8")):
        path.write_text(text, encoding="utf-8")
        result = check_file(str(path), Options()).result
        codes = defaultdict(set)
        for d in result.diagnostics:
            if d.severity != "note" and d.line is not None:
                codes[(d.line, d.col)].add(d.code)
        twice += [(what, at, sorted(found)) for at, found in codes.items() if len(found) > 1]
    assert twice == []


QUOTED = re.compile(r'"([^"]+)"')


def refused_advance(text: str):
    """Each log that differs from ``text`` by one Advance refused (issue 43): a card it names
    misspelt (K1), or one card's 2 Vis written as 1 and 1 (A3), or its Vis beyond the store (V1,
    the player spending all but 1 Vis first); with the span of the faulted move."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        turn = TURN.fullmatch(line)
        if not turn or line.startswith("#"):
            continue
        moves = turn[2].split("; ")
        for j, move in enumerate(moves):
            if not move.startswith("advance ") or not QUOTED.search(move):
                continue
            name = QUOTED.search(move)[1]
            changed = {"misspelt": move.replace(f'"{name}"', f'"{name[:-1]}"', 1)}
            single = re.fullmatch(r'advance ("[^"]+") 2', move)
            if single:
                changed["split"] = f"advance {single[1]} 1, {single[1]} 1"
            for what, faulty in changed.items():
                before = f"{turn[1]}: " + "; ".join(moves[:j])
                start = len(before) + (2 if j else 0) + 1
                new = "; ".join(moves[:j] + [faulty] + moves[j + 1:])
                yield (f"line {i + 1}: {move} {what}", i + 1, (start, start + len(faulty)),
                       "\n".join(lines[:i] + [f"{turn[1]}: {new}"] + lines[i + 1:]) + "\n")


@pytest.mark.parametrize("fixture", [f for f in LEGAL if "advance \"" in f.read_text(encoding="utf-8")],
                         ids=lambda p: p.stem)
def test_a_refused_advance_is_one_finding(fixture, folder):
    """One fault, one finding, A4 included (issue 43): an Advance refused is reported at the Advance,
    and the activation the log writes after it is not an A4 of its own ("holds 0 Vis"), nor
    anything after it that follows only from the Vis the Advance did not place."""
    path = folder / fixture.name
    legal = fixture.read_text(encoding="utf-8")
    path.write_text(legal, encoding="utf-8")
    known = {(d.line, d.col, d.code) for d in check_file(str(path), Options()).result.diagnostics}
    extra = []
    for what, line, (start, end), text in refused_advance(legal):
        path.write_text(text, encoding="utf-8")
        found = [d for d in check_file(str(path), Options()).result.diagnostics
                 if d.severity == "error" and (d.line, d.col, d.code) not in known]
        at_the_advance = [d for d in found if d.line == line and start <= d.col < end]
        elsewhere = [(d.line, d.col, d.code, d.message) for d in found if d not in at_the_advance]
        if len(at_the_advance) != 1 or elsewhere:
            extra.append((what, [(d.col, d.code) for d in at_the_advance], elsewhere))
    assert extra == []


def test_the_praeco_with_no_token_left_is_p3_only(write):
    write("few.toml", (RULES / "few-tokens.toml").read_text(encoding="utf-8"))
    found, code = check(write, "Ana: praeco staff, orb, wand; draw resource \"Bribe\"\n"
                        "Ben: extract 1; draw item \"Pilgrim's Orb\"\nCaro: extract 1; draw item \"Heavy Censer\"\n"
                        "round 2 praeco Ben\nBen: praeco potion, scroll, talisman; extract 1; draw spell \"Kindle\"\n",
                        header=f'[Players "Ana, Ben, Caro"]\n[Cards "sample"]\n[Board "sample"]\n'
                               '[Profile "few.toml"]\n')
    assert [c for c, _ in findings(found)] == ["P3"] and code == 1


# ---- whose cards an effect may choose (docs/cards.md) --------------------------------------------
RIVAL = ('Ana: praeco staff, orb, wand; extract 1; vote staff\n'
         'Ben: sanctum "Glass Orb"; extract 1; vote orb\n'
         'Caro: sanctum "Ashwood Staff"; draw resource "{card}"\n'
         'round 2 praeco Ben\nBen: praeco staff, orb, wand; extract 1; vote staff\n'
         'Caro: play "{card}" with ${choice}="{target}"; extract 1\n')


@pytest.mark.parametrize("card,choice,code", [("Apprentice's Help", "card", "K1"), ("Sudden Insight", "item", "T5")])
def test_an_effect_spends_on_or_activates_only_the_casters_own_cards(write, card, choice, code):
    text = RIVAL.format(card=card, choice=choice, target="Glass Orb")
    rival, _ = check(write, text)
    assert findings(rival) == [(code, 20)]
    d = next(d for d in rival if d["code"] == code)
    assert d["col"] == text.splitlines()[-1].index('"Glass') + 1
    assert "Caro's own Sanctum" in d["message"] and "Ben's" in d["message"]
    own, exit_code = check(write, RIVAL.format(card=card, choice=choice, target="Ashwood Staff"), name="own.gtl")
    assert findings(own) == [] and exit_code == 0


# ---- the docs: every situation is quoted in its rule's section, and gt rules explain shows it ------
@pytest.mark.parametrize("fixture", SITUATIONS, ids=lambda p: p.stem)
def test_each_situation_is_quoted_in_its_rules_section(fixture):
    lines = fixture.read_text(encoding="utf-8").splitlines()
    line = re.match(r"# (?:expect: \w+|shows:) (\d+):", lines[0])[1]
    shown = run("rules", "explain", fixture.name.split(".")[0]).stdout
    assert f"`{fixture.relative_to(RULES.parent.parent).as_posix()}`" in shown
    assert lines[int(line) - 1] in shown.splitlines()


# ---- an effect's face-up draw names its refill (docs/logs.md) -----------------------------------
def test_simulated_logs_name_every_refill(tmp_path):
    """The bots write the refill of an effect's face-up draw (Mending Light, Scout the Market) in
    the outcome: the logs check with no "refilled without the log naming" note."""
    assert run("simulate", "-n", "12", "--seed", "3", "-o", tmp_path / "games").exit_code == 0

    data = json.loads(run("check", tmp_path / "games", "--format", "json").stdout)
    notes = [d["message"] for f in data["files"] for d in f["diagnostics"] if d["code"] == "K4"]
    assert len(data["files"]) == 12 and notes == []
    logs = "".join(p.read_text(encoding="utf-8") for p in (tmp_path / "games").glob("*.gtl"))
    assert re.search(r'(cast|play) "(Mending Light|Scout the Market)".* draw "[^"]+" refill "', logs)


@pytest.mark.parametrize("lang,word", [("en", "refill"), ("es", "repuesto"), ("fr", "regarni"), ("it", "rimpiazzo")])
def test_an_effects_refill_in_four_languages(write, lang, word):
    path = RULES / "legal" / "A2.effect-refill.gtl"
    formatted = run("fmt", path, "--lang", lang).stdout
    assert re.search(rf' "[^"]+" {word} "', formatted.splitlines()[20])
    again = write(f"{lang}.gtl", formatted)
    found = run("check", again, "--format", "json")
    assert found.exit_code == 0 and run("fmt", again, "--lang", "en").stdout == path.read_text(encoding="utf-8")


def test_an_effects_refill_is_checked(write):
    legal = (RULES / "legal" / "A2.effect-refill.gtl").read_text(encoding="utf-8")
    wrong = write("wrong.gtl", legal.replace('refill "Pilgrim\'s Orb"; extract 1', 'refill "Kindle"; extract 1'))
    found = json.loads(run("check", wrong, "--format", "json").stdout)["files"][0]["diagnostics"]
    assert [(d["code"], d["line"]) for d in found if d["severity"] != "note"][:1] == [("A2", 21)]
    extra = write("extra.gtl", legal.replace('refill "Pilgrim\'s Orb";', 'refill "Pilgrim\'s Orb", "Heavy Censer";'))
    found = json.loads(run("check", extra, "--format", "json").stdout)["files"][0]["diagnostics"]
    assert ("K5", 21) in [(d["code"], d["line"]) for d in found if d["severity"] != "note"]
    none = write("none.gtl", legal.replace(' refill "Pilgrim\'s Orb"', "").replace(
        'draw item face-up "Pilgrim\'s Orb" refill "Heavy Censer"', "vote orb"))
    found = json.loads(run("check", none, "--format", "json").stdout)["files"][0]["diagnostics"]
    assert [d["message"] for d in found if d["code"] == "K4"] == [
        "unverified: face-up rows refilled without the log naming the new card"]


# ---- Voting tokens standing in for Vis (V2's Decision) ------------------------------------------
def test_a_token_standing_in_for_vis_leaves_its_change_in_the_regio_and_never_returns(write):
    """The Regio is empty (36 Vis in the box, all in the stores): Ana's Extract takes a token worth 5,
    4 stay in the Regio; after the Tribunal the Concilium holds 24 less the tokens spent as Vis."""
    from tests.grand_tribunal.rules.test_rules_fidelity import _CASES

    write("short.toml", (RULES / "legal" / "short-regio.toml").read_text(encoding="utf-8"))
    header = '[Players "Ana, Ben, Caro"]\n[Cards "sample"]\n[Board "sample"]\n[Profile "short.toml"]\n'
    fill = _CASES.Filler()
    text = header + _CASES.SETUP + _CASES.rounds(fill, 1) + "scores Ana 0, Ben 0, Caro 0\n"
    text += "\ntribunal 2\nround 1 praeco Ana\nAna: praeco staff, orb, wand; extract 1; vote healing\n"
    path = write("tokens.gtl", text)
    state = json.loads(run("replay", path, "--json").stdout)["state"]
    # Tribunal 1: 9 turns extract 1 each; the first takes a token (4 change stay), the next 4 use the
    # change, and so on: 9 Vis = 2 tokens (10), 1 left in the Regio. Tribunal 2: Ana's extract takes the 1.
    assert state["regio"] == 0 and state["concilium"] == 24 - 2 - 3 - 1


def test_an_empty_concilium_says_which_tokens_stand_in_for_vis(write):
    write("four.toml", 'base = "official"\n[parameters]\nvis_tokens = 36\nvoting_tokens = 4\n')
    header = '[Players "Ana, Ben, Caro"]\n[Cards "sample"]\n[Board "sample"]\n[Profile "four.toml"]\n'
    found, _ = check(write, "Ana: praeco staff, orb, wand; extract 1; vote healing\n", header=header)
    (a1,) = [d for d in found if d["severity"] == "error"]
    assert a1["code"] == "A1" and a1["hint"] == ("of the 4 tokens, 3 are on the board and 1 stand in for Vis (V2): "
                                                 "those never return to the Concilium")
