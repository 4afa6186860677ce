"""Every rule as the sheets say it: profiles, variants, codes, the sheets' own words, the box.

Each test here was written against a behaviour that was wrong or missing (issue 12): a
legal move reported as illegal, a finding under the wrong code, a word of a printed sheet
the logs did not accept, a rule the project did not carry in its own docs.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from gtcli.games import CODES
from gtcli.grand_tribunal.lang.logs.check import parse_log
from gtcli.grand_tribunal.rules import log as L
from tests.conftest import ROOT, SCENARIOS, run, run_json


def _cases():
    """scenarios/rules/cases.py: the rule cases' header and setup, shared with these tests."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("cases", SCENARIOS / "rules" / "cases.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_CASES = _cases()
HEAD, SETUP, START = _CASES.HEADER, _CASES.SETUP, _CASES.START
GAMES = SCENARIOS / "games"


def check(write, body: str, *options: str, header: str = HEAD, name: str = "g.gtl") -> tuple[list[dict], int]:
    path = write(name, header + SETUP + START + body)
    result = run("check", path, "--format", "json", *options)
    data = json.loads(result.stdout)
    return data["files"][0]["diagnostics"], result.exit_code


def findings(diagnostics: list[dict]) -> list[tuple[str, int | None]]:
    return [(d["code"], d["line"]) for d in diagnostics if d["severity"] != "note"]


def variant(name: str) -> str:
    return HEAD + f'[Variants "{name}"]\n'


# ---- printed-fr: only the Praeco pawn passes to the right --------------------------------------
@pytest.mark.parametrize("name", ["imprime-fr", "printed-fr-five"])
def test_whole_games_under_printed_fr_are_legal(name):
    path = GAMES / f"{name}.gtl"
    assert '"printed-fr"' in path.read_text(encoding="utf-8")
    data = json.loads(run("check", path, "--format", "json").stdout)
    assert findings(data["files"][0]["diagnostics"]) == []
    expected = json.loads((GAMES / f"{name}.expected.json").read_text(encoding="utf-8"))
    replay = run_json("replay", path)
    assert replay["complete"] and {t["name"]: t["score"] for t in replay["totals"]} == expected["totals"]


def test_printed_fr_turns_go_clockwise_and_the_pawn_right(write):
    header = HEAD + '[Profile "printed-fr"]\n'
    body = ("Ana: praeco staff, orb, wand; extract 1; vote staff\n"
            "Ben: extract 1; vote orb\nCaro: extract 1; vote wand\n"
            "round 2 praeco Caro\n"  # the pawn went right: Caro sits on Ana's right
            "Caro: praeco staff, orb, wand; extract 1; vote staff\n"
            "Ana: extract 1; vote orb\nBen: extract 1; vote wand\n")
    diagnostics, code = check(write, body, header=header)
    assert findings(diagnostics) == [] and code == 0


def test_printed_fr_contested_rolls_go_clockwise(write):
    header = HEAD + '[Profile "printed-fr"]\n'
    diagnostics, _ = check(write, "Ana: praeco staff, orb, wand; gather contested 3 roll 4 others Ben 2, Caro 5\n",
                           header=header)
    assert findings(diagnostics) == []


# ---- X4 and T2; the Praeco's late votes; X3; X5 ----------------------------------------------------
def test_free_resource_plays_are_not_limited_by_t2(write):
    body = ('Ana: praeco staff, orb, wand; sanctum "Hidden Cache"; play "Hidden Cache"; extract 1; vote staff\n'
            'Ben: sanctum "Levy"; extract 1; vote orb\n'
            'Caro: sanctum "Debt Collector"; play "Debt Collector" with $debtor=Ana; extract 1; vote wand\n')
    diagnostics, code = check(write, body.replace('play "Hidden Cache"; extract 1; vote staff',
                                                   'extract 1; vote staff; play "Hidden Cache"'),
                              header=variant("cheap-resources"))
    assert findings(diagnostics) == [] and code == 0
    two = 'Ana: praeco staff, orb, wand; draw resource "Bribe"\nBen: extract 1; vote orb\n' \
          'Caro: extract 1; vote wand\nround 2 praeco Ben\nBen: praeco staff, orb, wand; extract 1; vote staff\n' \
          'Caro: extract 1; vote orb\n' \
          'Ana: sanctum "Hidden Cache"; play "Hidden Cache"; play "Bribe" with $space=runic; extract 1; vote staff\n'
    diagnostics, code = check(write, two, header=variant("cheap-resources"), name="two.gtl")
    assert findings(diagnostics) == [] and code == 0


def test_a_late_praeco_is_told_once_and_the_votes_count(write):
    body = "Ana: extract 1; praeco staff, orb, wand; vote staff\n"
    diagnostics, _ = check(write, body)
    assert findings(diagnostics) == [("P3", 15)]
    path = write("late.gtl", HEAD + SETUP + START + body)
    track = run_json("replay", str(path))["state"]["track"]
    assert track == {"staff": 2, "orb": 1, "wand": 1}


def test_late_praeco_votes_reach_the_tally(write):
    """The late tokens decide the Tribunal: Ben's orb (2) beats Ana's wand (1) only with them;
    without them the two would share 1st and Ana would score 8, not 6."""
    turns = [
        'Ana: sanctum "Ember Wand"; advance "Ember Wand" 2; praeco orb, potion, scroll; vote orb',
        "Ben: extract 1; vote healing", "Caro: extract 1; vote healing",
        "round 2 praeco Ben", 'Ben: praeco alchemical, elemental, runic; draw item "Pilgrim\'s Orb"; extract 1',
        "Caro: extract 1; vote healing", 'Ana: activate "Ember Wand"; extract 1; vote wand',
        "round 3 praeco Caro", "Caro: praeco alchemical, elemental, runic; extract 1; vote healing",
        'Ana: extract 1; vote healing', 'Ben: advance "Pilgrim\'s Orb" 2; activate "Pilgrim\'s Orb"; extract 1',
        "scores Ben 8, Ana 6, Caro 0",
    ]
    diagnostics, _ = check(write, "\n".join(turns) + "\n")
    assert [c for c, _ in findings(diagnostics)] == ["P3"]  # and the recorded scores are right


def test_x3_named_face_up_draw_goes_face_down(write):
    path = write("x3.gtl", variant("secret-cards") + SETUP + START +
                 'Ana: praeco staff, orb, wand; extract 1; draw item face-up "Iron Amulet" refill "Pilgrim\'s Orb"\n')
    lab = run_json("replay", str(path))["state"]["players"][0]["laboratory"]
    assert lab == [{"card": "Iron Amulet", "vis": 0, "active": False, "face_up": False, "spells": []}]
    official = write("x0.gtl", HEAD + SETUP + START +
                     'Ana: praeco staff, orb, wand; extract 1; draw item face-up "Iron Amulet" refill "Pilgrim\'s Orb"\n')
    assert run_json("replay", str(official))["state"]["players"][0]["laboratory"][0]["face_up"] is True


def test_x5_vis_put_by_an_effect_activates_the_card(write):
    """Apprentice's Help puts 2 Vis on the Ember Wand (cost 2): with quick rotation it turns active."""
    body = ('Ana: praeco staff, orb, wand; sanctum "Ember Wand"; draw resource "Apprentice\'s Help"\n'
            "Ben: extract 1; vote orb\nCaro: extract 1; vote wand\n"
            "round 2 praeco Ben\nBen: praeco staff, orb, wand; extract 1; vote staff\nCaro: extract 1; vote orb\n"
            'Ana: play "Apprentice\'s Help" with $card="Ember Wand"; extract 1\n')
    path = write("x5.gtl", variant("quick-rotation") + SETUP + START + body)
    data = run_json("replay", str(path))
    wand = data["state"]["players"][0]["laboratory"][0]
    assert wand["active"] is True and wand["vis"] == 0
    assert json.loads(run("check", path, "--json").stdout)["summary"] == {"files": 1, "errors": 0, "warnings": 0, "notes": 1}


def test_a_move_beyond_the_slots_is_one_finding(write):
    """A third Advance with double-advance on: no slot is left (T1), reported once."""
    body = ('Ana: praeco staff, orb, wand; sanctum "Storm Staff", "Kindle", "Ember Wand"; advance "Storm Staff" 1; '
            'advance "Kindle" 1; advance "Ember Wand" 1\n')
    diagnostics, _ = check(write, body, header=variant("double-advance"))
    assert [c for c, _ in findings(diagnostics)] == ["T1"]
    diagnostics, _ = check(write, "Ana: praeco staff, orb, wand; vote staff; vote orb; vote wand\n", name="v.gtl")
    assert [c for c, _ in findings(diagnostics)] == ["T2", "T1"]


# ---- every variant, relied on all game long -------------------------------------------------------
def _relies(log: L.Log, code: str) -> int:
    """How many times the game uses what the variant allows."""
    turns = [e for e in log.events if isinstance(e, L.Turn)]
    if code == "X1":
        return sum(sum(isinstance(m, L.Advance) for m in t.moves) >= 2 for t in turns)
    if code == "X2":
        return sum(isinstance(m, L.Draw) and m.zone == "hand" for t in turns for m in t.moves)
    if code == "X3":
        return sum(isinstance(m, L.Draw) and m.face_up and m.card.name is None for t in turns for m in t.moves)
    if code == "X4":
        slots = {L.Vote: 1, L.Advance: 1, L.Cast: 1, L.Extract: 1, L.GatherContested: 2, L.GatherUncontested: 2}

        def used(m):
            return 2 if isinstance(m, L.Draw) and m.deck == "resource" else 1 if isinstance(m, L.Draw) \
                else slots.get(type(m), 0)

        return sum(1 for t in turns if (plays := sum(isinstance(m, L.Play) for m in t.moves))
                   and (plays >= 2 or sum(map(used, t.moves)) + plays > 2))
    installs = sum(isinstance(m, L.Install) for t in turns for m in t.moves)
    activations = sum(isinstance(m, L.Activate) for t in turns for m in t.moves)
    return installs if activations == 0 else 0  # X5: cards turn active with no activation written


@pytest.mark.parametrize("name,codes,off", [
    ("variant-x1", ["X1"], "X1"), ("variant-x2", ["X2"], "X2"), ("variant-x3", ["X3"], "X3"),
    ("variant-x4", ["X4"], "X4"), ("variant-x5", ["X5"], "A5"), ("variantes", ["X1", "X2", "X4", "X5"], "X1"),
])
def test_every_variant_carries_a_whole_game(write, name, codes, off):
    """Legal with the variant; used again and again; and with it off, the same log breaks."""
    path = GAMES / f"{name}.gtl"
    text = path.read_text(encoding="utf-8")
    data = json.loads(run("check", path, "--format", "json").stdout)
    assert findings(data["files"][0]["diagnostics"]) == []
    log = parse_log(text, str(path))
    for code in codes:
        assert _relies(log, code) >= 4, code
    without = re.sub(r'^\[(Variants|Variantes) "[^"]*"\]\n', "", text, flags=re.M)
    bare = write("off.gtl", without.replace('"sample"]', '"sample"]', 2))
    errors = Counter(d["code"] for d in json.loads(run("check", bare, "--format", "json").stdout)["files"][0]
                     ["diagnostics"] if d["severity"] == "error")
    assert errors[off] >= 4, errors


# ---- T5: activation outside one's own turn ------------------------------------------------------
T5_MID_TURN = ('Ana: praeco staff, orb, wand; extract 1; vote staff\n'
               'Ben: sanctum "Scroll of Ash"; advance "Scroll of Ash" 1; extract 1\n'
               'Caro: extract 1; activate Ben "Scroll of Ash"; vote orb\n')


def test_activation_in_another_players_turn(write):
    diagnostics, code = check(write, T5_MID_TURN)
    assert findings(diagnostics) == [] and code == 0


def test_activation_on_a_line_of_its_own(write):
    body = T5_MID_TURN.replace('Caro: extract 1; activate Ben "Scroll of Ash"; vote orb\n',
                               'activate Ben "Scroll of Ash"\nCaro: extract 1; vote orb\n')
    diagnostics, code = check(write, body)
    assert findings(diagnostics) == [] and code == 0


def test_an_item_activated_at_the_tribunal_competes(write):
    """Ben activates his Scroll after the last turn, before the scores: it places 1st."""
    rounds = [
        "Ana: praeco staff, orb, wand; extract 1; vote healing",
        'Ben: sanctum "Scroll of Ash"; advance "Scroll of Ash" 1; extract 1',
        "Caro: extract 1; vote healing", "round 2 praeco Ben", "Ben: praeco potion, scroll, talisman; extract 1; "
        "vote healing", "Caro: extract 1; vote healing", "Ana: extract 1; vote healing", "round 3 praeco Caro",
        "Caro: praeco alchemical, elemental, runic; extract 1; vote healing", "Ana: extract 1; vote healing",
        "Ben: extract 1; vote healing", 'activate Ben "Scroll of Ash"', "scores Ben 4, Ana 0, Caro 0",
    ]
    diagnostics, code = check(write, "\n".join(rounds) + "\n")
    assert findings(diagnostics) == [] and code == 0


def test_only_the_owner_activates_and_the_hint_shows_the_syntax(write):
    body = T5_MID_TURN.replace('activate Ben "Scroll of Ash"', 'activate "Scroll of Ash"')
    diagnostics, _ = check(write, body)
    t5 = [d for d in diagnostics if d["code"] == "T5"]
    assert len(t5) == 1 and t5[0]["hint"] == 'record it as: activate Ben "Scroll of Ash"'


@pytest.mark.parametrize("lang,words", [
    ("es", "activa Ben"), ("fr", "active Ben"), ("it", "attiva Ben"), ("en", "activate Ben")])
def test_the_activation_syntax_in_four_languages(write, lang, words):
    body = T5_MID_TURN.replace("activate Ben", words)
    diagnostics, code = check(write, body, header=HEAD + f'[Language "{lang}"]\n')
    assert findings(diagnostics) == [] and code == 0
    path = write("fmt.gtl", HEAD + SETUP + START + body)
    assert f'; {words} "' in run("fmt", path, "--lang", lang).stdout


# ---- codes: one code per situation ----------------------------------------------------------------
def test_installing_an_inactive_spell_without_x5_is_a5(write):
    body = ('Ana: praeco staff, orb, wand; sanctum "Kindle", "Ember Wand"; advance "Kindle" 2; extract 1\n'
            "Ben: extract 1; vote orb\nCaro: extract 1; vote wand\n"
            "round 2 praeco Ben\nBen: praeco staff, orb, wand; extract 1; vote staff\nCaro: extract 1; vote orb\n"
            'Ana: advance "Ember Wand" 2; activate "Ember Wand"; install "Kindle" on "Ember Wand"; extract 1\n')
    diagnostics, _ = check(write, body)
    assert findings(diagnostics) == [("A5", 21)]


def test_a_place_not_skipped_after_a_shared_place_is_r3(write):
    """Two Pilgrim's Orbs share 1st; the Bottled Dawn is 3rd (2 points), not 2nd (3 points)."""
    rounds = [
        'Ana: praeco orb, potion, scroll; draw item "Pilgrim\'s Orb"; extract 1',
        'Ben: draw item "Pilgrim\'s Orb"; extract 1',
        'Caro: sanctum "Bottled Dawn"; advance "Bottled Dawn" 2; extract 1',
        "round 2 praeco Ben", 'Ben: praeco staff, wand, talisman; advance "Pilgrim\'s Orb" 2; '
        'activate "Pilgrim\'s Orb"; extract 1',
        'Caro: activate "Bottled Dawn"; extract 1; vote healing',
        'Ana: advance "Pilgrim\'s Orb" 2; activate "Pilgrim\'s Orb"; extract 1',
        "round 3 praeco Caro", "Caro: praeco alchemical, elemental, runic; extract 1; vote healing",
        "Ana: extract 1; vote healing", "Ben: extract 1; vote healing",
    ]
    good, _ = check(write, "\n".join(rounds) + "\nscores Ana 8, Ben 8, Caro 2\n")
    assert findings(good) == []
    bad, _ = check(write, "\n".join(rounds) + "\nscores Ana 8, Ben 8, Caro 3\n", name="bad.gtl")
    assert [code for code, _ in findings(bad)] == ["R3"]


def test_tribunal_4_is_r7_on_its_own_line(tmp_path):
    game = (GAMES / "three-players.gtl").read_text(encoding="utf-8")
    path = tmp_path / "t4.gtl"
    path.write_text(game + "\ntribunal 4\nround 1 praeco Ana\nAna: extract 2; vote staff\n", encoding="utf-8")
    data = json.loads(run("check", path, "--format", "json").stdout)
    line = len(game.splitlines()) + 2
    assert findings(data["files"][0]["diagnostics"]) == [("R7", line)]


def test_a_vote_with_an_empty_concilium_is_a1(write):
    diagnostics, _ = check(write, 'Ana: praeco staff, orb, wand; sanctum "Storm Staff"; advance "Storm Staff" 1; '
                           "vote runic\n", "--allow-outside",  # the profile is a scenario's, not beside the log
                           header=HEAD + f'[Profile "{SCENARIOS / "rules" / "tight.toml"}"]\n')
    assert [c for c, _ in findings(diagnostics)] == ["A1"]


def test_a_vote_on_an_unknown_space_is_a1(write):
    diagnostics, _ = check(write, "Ana: praeco staff, orb, wand; extract 1; vote stafff\n")
    assert [c for c, _ in findings(diagnostics)] == ["A1"]


@pytest.mark.parametrize("move,code", [('draw resource "Bribe"', "A7"), ("gather uncontested 3:1", "A10"),
                                       ("gather contested 3 roll 4", "A11"), ("vote staff", "T2")])
def test_a_double_action_with_one_slot_left_is_its_own_rules(write, move, code):
    diagnostics, _ = check(write, f"Ana: praeco staff, orb, wand; vote runic; {move}\n")
    assert [c for c, _ in findings(diagnostics)] == [code]


def test_a_card_not_where_the_log_says_one_code_per_zone(write):
    hand, _ = check(write, 'Ana: praeco staff, orb, wand; sanctum "Glass Orb"; extract 1; vote staff\n')
    assert [c for c, _ in findings(hand)] == ["K1"]  # it is in Ben's hand, not Ana's
    discard, _ = check(write, 'Ana: praeco staff, orb, wand; discard "Glass Orb"; extract 1; vote staff\n',
                       name="d.gtl")
    assert [c for c, _ in findings(discard)] == ["K1"]
    row, _ = check(write, 'Ana: praeco staff, orb, wand; extract 1; draw item face-up "Storm Staff" refill "Ember Wand"\n',
                   name="r.gtl")
    assert [c for c, _ in findings(row)] == ["A2"]  # not K2 too, though the only Storm Staff is in Ana's hand


def test_a_misspelt_face_up_card_is_one_k1(write):
    diagnostics, _ = check(write, 'Ana: praeco staff, orb, wand; extract 1; '
                           'draw item face-up "Iron Amulett" refill "Pilgrim\'s Orb"\n'
                           'Ben: extract 1; draw item face-up "Pilgrim\'s Orb" refill "Heavy Censer"\n')
    k1 = [d for d in diagnostics if d["severity"] != "note"]
    assert [d["code"] for d in k1] == ["K1"] and "Iron Amulet" in (k1[0]["hint"] or "")


def test_rules_codes_lists_each_codes_severity():
    data = run_json("rules", "codes")
    by_code = {c["code"]: c for c in data}
    assert set(by_code) == set(CODES)
    assert by_code["T6"]["severity"] == "warning" and by_code["T6"]["severities"] == ["warning", "error"]
    assert by_code["R3"]["severities"] == ["error", "warning"] and by_code["SYN003"]["severity"] == "note"
    human = run("rules", "codes").stdout
    assert "Severity" in human and "warning / error" in human


# ---- incomplete logs --------------------------------------------------------------------------------
def test_an_incomplete_log_says_so_and_can_be_required_complete():
    path = SCENARIOS / "rules" / "legal" / "A3.gtl"
    human = run("check", path)
    assert human.exit_code == 0 and "R7 note: the log is incomplete" in human.stdout
    strict = run("check", path, "--require-complete")
    assert strict.exit_code == 1 and "R7 error: the log is incomplete" in strict.stdout
    complete = run("check", GAMES / "three-players.gtl", "--require-complete")
    assert complete.exit_code == 0 and "incomplete" not in complete.stdout
    assert "not complete" in run("replay", path).stdout


# ---- award tokens across the game -------------------------------------------------------------------
def test_award_tokens_won_earlier_stay_out_of_the_box():
    from gtcli.grand_tribunal.rules.game import new_game, record, results
    from gtcli.grand_tribunal.rules.tribunal import Item, Table

    game = new_game(("Ana", "Ben", "Caro"))
    game = record(game, Table(tuple(Item(p, "orb", 2, name=f"{p} 1") for p in ("Ana", "Ben", "Caro"))))
    game = record(game, Table((Item("Ana", "wand", 2, name="Ana 2"), Item("Ben", "wand", 2, name="Ben 2"))))
    done = results(game)
    assert [r.place for r in done[0].items] == [1, 1, 1] and not done[0].findings
    assert [d.code for d in done[1].findings] == ["R3"] and "3 earlier winner(s)" in done[1].findings[0].message


def test_a_whole_game_that_runs_out_of_award_tokens_warns(tmp_path):
    """Whole five-player games played by the bot: legal, and some run out of a place's award tokens (R3,
    a warning: the winners of earlier Tribunals keep theirs)."""
    assert run("simulate", "-n", "20", "--seed", "1", "--players", "5", "-o", tmp_path / "g").exit_code == 0
    data = json.loads(run("check", tmp_path / "g", "--format", "json").stdout)
    found = [d for f in data["files"] for d in f["diagnostics"] if d["severity"] != "note"]
    assert {d["severity"] for d in found} == {"warning"}
    r3 = [d for d in found if d["code"] == "R3"]
    assert r3 and all("the box holds only 4 award tokens of each place" in d["message"] for d in r3)


# ---- displays in the log's language; trackers from 1 -------------------------------------------------
def test_replay_names_zones_in_the_logs_language():
    wide = {"COLUMNS": "250"}  # the full table, with its long headers (narrower, "Réserve" is shortened to "Vis")
    french = run("replay", GAMES / "trois-joueurs.gtl", "--at", "40", env=wide).stdout
    for word in ("Laboratoire", "Bibliothèque", "Arches", "Réserve", "Piste de vote"):
        assert word in french, word
    assert "Trophées" in run("replay", GAMES / "trois-joueurs.gtl").stdout  # a column shown once an Item placed
    assert "Laboratory" not in french
    spanish = run("replay", GAMES / "cinco-jugadores.gtl", "--at", "30", env=wide).stdout
    assert "Bóveda" in spanish
    assert "Premios" in run("replay", GAMES / "cinco-jugadores.gtl", env=wide).stdout


def test_tracker_spaces_count_from_one(write):
    path = write("t.gtl", HEAD + SETUP + START + "Ana: praeco staff, orb, wand; gather uncontested 3:1\n")
    assert "uncontested space 2, contested space 1" in run("replay", path).stdout


# ---- the sheets' own words --------------------------------------------------------------------------
@pytest.mark.parametrize("lang,text", [
    ("fr", 'assemblée 1\ntour 1 praeco Ana\nAna: praeco bâton, orbe, baguette; récolter non contestée 3:1\n'
           'Ben: récolte contestée 3 jet 4\n'
           'Caro: sanctum "Ashwood Staff"; développer "Ashwood Staff" 2; activer "Ashwood Staff"; extraire 1\n'),
    ("fr", 'assemblée 1\ntour 1 praeco Ana\nAna: praeco bâton, orbe, baguette; récolte incontestée 3:1\n'
           'Ben: placer bâton; prendre objet "Pilgrim\'s Orb"\nCaro: piocher ressource "Bribe"\n'),
    ("es", 'tribunal 1\nronda 1 praeco Ana\nAna: praeco bastón, orbe, varita; reunir no impugnada 3:1\n'
           'Ben: reúne impugnada 3 tirada 4\nCaro: extraer 1; colocar bastón\n'),
    ("it", 'tribunale 1\nround 1 praeco Ana\nAna: praeco bastone, globo, bacchetta; raccogli non contestata 3:1\n'
           'Ben: raccogliere contestata 3 tiro 4\nCaro: estrarre 1; piazzare bastone\n'),
    ("it", 'tribunale 1\nround 1 praeco Ana\nAna: praeco bastone, globo, bacchetta; raccogli non-contestata 3:1\n'),
])
def test_the_sheets_own_words_are_keywords(write, lang, text):
    path = write("words.gtl", HEAD + f'[Language "{lang}"]\n' + SETUP + "\n" + text)
    data = json.loads(run("check", path, "--format", "json").stdout)
    assert findings(data["files"][0]["diagnostics"]) == []


def test_charger_installs_a_spell(write):
    body = ('assemblée 1\ntour 1 praeco Ana\nAna: praeco bâton, orbe, baguette; sanctum "Ember Wand", "Kindle"; '
            'développe "Kindle" 2; active "Kindle"; extrait 1\nBen: extrait 1; vote orbe\nCaro: extrait 1; vote orbe\n'
            'tour 2 praeco Ben\nBen: praeco bâton, orbe, baguette; extrait 1; vote orbe\nCaro: extrait 1; vote orbe\n'
            'Ana: développe "Ember Wand" 2; active "Ember Wand"; charge "Kindle" sur "Ember Wand"; extrait 1\n')
    path = write("charge.gtl", HEAD + '[Language "fr"]\n' + SETUP + "\n" + body)
    data = json.loads(run("check", path, "--format", "json").stdout)
    assert findings(data["files"][0]["diagnostics"]) == []


def test_grand_tribunal_opens_the_last_tribunal(tmp_path):
    game = (GAMES / "three-players.gtl").read_text(encoding="utf-8").replace("tribunal 3", "grand tribunal")
    path = tmp_path / "g.gtl"
    path.write_text(game, encoding="utf-8")
    assert run("check", path).exit_code == 0
    french = run("fmt", path, "--lang", "fr").stdout
    assert "grande assemblée\n" in french and "assemblée 2\n" in french


@pytest.mark.parametrize("grammar", ["transcript", "cards"])
@pytest.mark.parametrize("lang", ["en", "es", "fr", "it"])
def test_strict_lalr_build_has_no_collisions(grammar, lang):
    from gtcli.grand_tribunal.lang.loader import strict_parser

    strict_parser(grammar, lang)


def test_strict_build_catches_a_collision_in_the_log_language(monkeypatch):
    from lark.exceptions import LexError

    from gtcli.grand_tribunal.lang import keywords
    from gtcli.grand_tribunal.lang.loader import grammar_text, strict_parser

    table = dict(keywords.KEYWORDS)
    table["ROUND"] = {**table["ROUND"], "fr": ("tour", "assemblée")}  # "assemblée" is the French Tribunal
    monkeypatch.setattr(keywords, "KEYWORDS", table)
    grammar_text.cache_clear()
    try:
        with pytest.raises(LexError, match="Collision"):
            strict_parser("transcript", "fr")
    finally:
        grammar_text.cache_clear()


def test_the_sheets_terms_table_lists_every_accepted_word():
    """docs/logs.md's table of the sheets' terms says 'yes' only for words a parser accepts."""
    from gtcli.grand_tribunal.lang.keywords import KEYWORDS
    from gtcli.grand_tribunal.shipped import published_vocabulary

    guide = (ROOT / "docs" / "logs.md").read_text(encoding="utf-8")
    table = guide.split("## The sheets' own words")[1].split("\n## ")[0]
    keywords = {w for row in KEYWORDS.values() for words in row.values() for w in words}
    vocabulary = published_vocabulary()
    names = {n for t in vocabulary.item_types + vocabulary.spell_categories for n in t.all_names()}
    rows = [line for line in table.splitlines() if line.startswith("| ") and "---" not in line][1:]
    assert len(rows) >= 60
    for row in rows:
        cells = [c.strip() for c in row.strip("|").split("|")]
        words = re.findall(r"`([^`]+)`", cells[3])
        if cells[4].startswith("yes (space)"):
            assert words and all(w in names for w in words), row
        elif cells[4].startswith("yes"):
            assert words and all(w in keywords for w in words), row


# ---- the starting draw --------------------------------------------------------------------------------
def test_the_starting_draw_follows_the_profile(write):
    """Ana deals; Ben and Caro both claim the one Glass Orb. The later drawer's hand gets the K2:
    from the dealer's left (official: Ben, Caro, Ana) it is Caro's, from the dealer's right
    (printed-es: Caro, Ben, Ana) it is Ben's."""
    setup = SETUP.replace('hand Caro "Bottled Dawn"', 'hand Caro "Glass Orb"') \
        .replace("  praeco Ana\n", "  praeco Ana\n  dealer Ana\n")
    body = "Ana: praeco staff, orb, wand; extract 1; vote staff\n"

    def k2_line(profile: str) -> int:
        path = write(f"{profile}.gtl", HEAD + f'[Profile "{profile}"]\n' + setup + START + body)
        data = json.loads(run("check", path, "--format", "json").stdout)
        return [d["line"] for d in data["files"][0]["diagnostics"] if d["code"] == "K2"]

    assert k2_line("official") == [9]  # Caro's hand
    assert k2_line("printed-es") == [8]  # Ben's hand
    from gtcli.grand_tribunal.rules.profiles import OFFICIAL, PRINTED_ES
    from gtcli.grand_tribunal.rules.tribunal import draw_order

    seats = ("Ana", "Ben", "Caro", "Dora")
    assert draw_order(seats, "Ben", OFFICIAL) == ["Caro", "Dora", "Ana", "Ben"]
    assert draw_order(seats, "Ben", PRINTED_ES) == ["Ana", "Dora", "Caro", "Ben"]


# ---- the box -------------------------------------------------------------------------------------------
def test_box_check_uses_the_published_names(write):
    path = write("mine.gtc", 'set "Mine" language en\nspell "Fool\'s Gold" category runic\n'
                 'item "Fulgarous Orb" type wand advance 2 base 1\n')
    plain = run("cards", "check", path, "--format", "json")
    assert plain.exit_code == 0
    result = run("cards", "check", path, "--box", "--format", "json")
    codes = [(d["code"], d["severity"], d["line"]) for d in json.loads(result.stdout)["files"][0]["diagnostics"]]
    assert ("CARD023", "error", 2) in codes and ("CARD023", "error", 3) in codes
    assert ("CARD021", "warning", None) in codes and sum(c == "CARD022" for c, _, _ in codes) == 3
    assert result.exit_code == 1


def test_box_check_counts_copies_against_two_decks_of_55(write):
    items = "\n".join(f'item "I{n}" type orb advance 2 base 1 copies 10' for n in range(6))
    spells = "\n".join(f'spell "S{n}" category runic copies 10' for n in range(5))
    path = write("big.gtc", f'set "Big" language en\n{items}\n{spells}\nresource "R" copies 1\n  on play: gain 1 vis\n')
    data = json.loads(run("cards", "check", path, "--box", "--format", "json").stdout)
    box = [d for d in data["files"][0]["diagnostics"] if d["code"] == "CARD021"]
    assert box and box[0]["severity"] == "error" and "111 cards" in box[0]["message"]


def test_published_toml_is_shipped_and_read():
    from gtcli.grand_tribunal.shipped import published_cards

    names = {c.name for c in published_cards()}
    assert {"Fool's Gold", "Fulgarous Orb"} <= names


# ---- the rules inside the project ------------------------------------------------------------------
def test_every_code_has_a_section_explain_can_print():
    from gtcli.core.files.rule_docs import section

    missing = [code for code in CODES if section(code) is None]
    assert missing == []
    for code in CODES:
        assert section(code).startswith(("## " + code + " — ", "### " + code + " — ")), code


def test_rules_md_quotes_each_rules_legal_and_illegal_example():
    from gtcli.core.files.rule_docs import section

    for code in (c for c in CODES if re.fullmatch(r"[SPTAVKRX]\d+", c)):
        text = section(code)
        bad = (SCENARIOS / "rules" / f"{code}.gtl").read_text(encoding="utf-8").splitlines()
        line = int(re.match(r"# expect: \w+ (\d+):", bad[0])[1])
        good = (SCENARIOS / "rules" / "legal" / f"{code}.gtl").read_text(encoding="utf-8").splitlines()
        shown = int(re.match(r"# shows: (\d+):", good[0])[1])
        assert f"`scenarios/rules/{code}.gtl`" in text and bad[line - 1] in text.splitlines(), code
        assert f"`scenarios/rules/legal/{code}.gtl`" in text and good[shown - 1] in text.splitlines(), code


def test_explain_prints_a_rule_and_its_examples():
    result = run("rules", "explain", "a11")
    assert result.exit_code == 0
    assert result.stdout.startswith("### A11 — Gather from the contested source")
    assert "gather contested 3 roll 6" in result.stdout and "### A12" not in result.stdout
    data = run_json("rules", "explain", "CARD023")
    assert data["doc"] == "codes.md" and data["severity"] == "error" and "published" in data["text"]


def test_explain_an_unknown_code_is_a_usage_error():
    result = run("rules", "explain", "A13")
    assert result.exit_code == 2 and "did you mean" in result.output


def test_explain_reads_sections_by_heading_level():
    from gtcli.core.files.rule_docs import find_section

    text = "# Page\n## TRK1 — one\nbody\n### detail\nmore\n## TRK2 — two\nx\n"
    assert find_section(text, "TRK1") == "## TRK1 — one\nbody\n### detail\nmore\n"
    assert find_section(text, "TRK2") == "## TRK2 — two\nx\n"
    assert find_section(text, "TRK3") is None


def test_nothing_refers_to_a_path_outside_the_project():
    suffixes = {".py", ".md", ".toml", ".lark", ".gtc", ".gtl", ".json", ".txt"}
    for path in ROOT.rglob("*"):
        if path.suffix not in suffixes or any(p in {".venv", ".git", "build"} for p in path.parts):
            continue
        if path == Path(__file__):
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        assert "/work/shared" not in text and "../shared" not in text and "RULES.md" not in text, path


def test_docs_ship_with_the_package():
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    assert config["package-dir"]["gtcli.docs"] == "docs" and "*.md" in config["package-data"]["gtcli.docs"]
    assert "gtcli.docs" in config["packages"]
