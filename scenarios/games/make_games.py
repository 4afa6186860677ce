"""Regenerate the complete example games: ``python scenarios/games/make_games.py [NAME...]``.

Each game is played by the random bot of ``gtcli.grand_tribunal.play.bots`` (every move is checked as it
is made), written with ``gt fmt``'s formatter, and saved with the final scores the
checker computes (``NAME.expected.json``). The tests replay the logs and compare; the
scores are a regression record, cross-checked by the tally's own golden scenarios.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from gtcli.grand_tribunal.lang.cards.sets import load_set, names_in
from gtcli.grand_tribunal.lang.logs.check import Options, check_file
from gtcli.grand_tribunal.lang.logs.format import format_log
from gtcli.grand_tribunal.play.simulation import random_game
from gtcli.grand_tribunal.rules.profiles import OFFICIAL, PRINTED_FR, RuleProfile
from gtcli.grand_tribunal.shipped import cards_dir

HERE = Path(__file__).resolve().parent
# name, players, language, profile, variants (each variant game relies on its variant all game long)
GAMES = [("three-players", 3, "en", OFFICIAL, ()), ("four-players", 4, "en", OFFICIAL, ()),
         ("five-players", 5, "en", OFFICIAL, ()), ("cinco-jugadores", 5, "es", OFFICIAL, ()),
         ("trois-joueurs", 3, "fr", OFFICIAL, ()),
         ("imprime-fr", 3, "fr", PRINTED_FR, ()), ("printed-fr-five", 5, "en", PRINTED_FR, ()),
         ("variant-x1", 3, "en", OFFICIAL, ("X1",)), ("variant-x2", 4, "en", OFFICIAL, ("X2",)),
         ("variant-x3", 3, "en", OFFICIAL, ("X3",)), ("variant-x4", 4, "en", OFFICIAL, ("X4",)),
         ("variant-x5", 3, "en", OFFICIAL, ("X5",)),
         ("variantes", 4, "es", OFFICIAL, ("X1", "X2", "X3", "X4", "X5"))]


# The code a game breaks when its variant is turned off (quick rotation: the activations it skips, A5).
OFF = {"X5": "A5"}


def relied_on(text: str, variants: tuple[str, ...], path: Path) -> bool:
    """A game of one variant uses it again and again: with the variant off, its log breaks at least
    four times (tests/grand_tribunal/rules/test_rules_fidelity.py checks the same)."""
    if len(variants) != 1:
        return True
    path.write_text(re.sub(r'^\[(Variants|Variantes) "[^"]*"\]\n', "", text, flags=re.M), encoding="utf-8")
    checked = check_file(str(path), Options())
    path.unlink()
    errors = [d.code for d in checked.result.diagnostics if d.severity == "error"]
    return errors.count(OFF.get(variants[0], variants[0])) >= 4


def clean_game(players: int, lang: str, start: int, profile: RuleProfile = OFFICIAL,
               variants: tuple[str, ...] = ()) -> tuple[str, dict]:
    sample = cards_dir() / "sample.gtc"
    card_set = load_set(sample)
    for seed in range(start, start + 200):
        log = random_game(card_set, players, seed, language=lang, profile=profile, variants=frozenset(variants))
        text = format_log(log, lang, card_set.vocabulary, names_in(card_set, sample, lang))
        path = HERE / "_probe.gtl"
        path.write_text(text, encoding="utf-8")
        checked = check_file(str(path), Options())
        path.unlink()
        r = checked.result
        findings = [d for d in r.diagnostics if d.severity != "note"]
        # the Tribunal's award-token warnings (R3) are legal play; every move must be clean
        if r.complete and all(d.code == "R3" and d.severity == "warning" for d in findings) \
                and relied_on(text, variants, path):
            expected = {
                "seed": seed,
                "tribunals": [{p.name: p.score for p in t.players} for t in r.state.results],
                "totals": {p: r.state.totals.get(p, 0) for p in r.state.seats},
                "winners": list(r.winners),
            }
            if findings:
                expected["warnings"] = [d.code for d in findings]
            return text, expected
    raise RuntimeError("no clean game found")


def main(names: list[str]) -> None:
    for n, (name, players, lang, profile, variants) in enumerate(GAMES):
        if names and name not in names:
            continue
        text, expected = clean_game(players, lang, 100 * (n + 1), profile, variants)
        (HERE / f"{name}.gtl").write_text(text, encoding="utf-8")
        (HERE / f"{name}.expected.json").write_text(json.dumps(expected, indent=2, ensure_ascii=False) + "\n",
                                                     encoding="utf-8")
        print(name, expected["totals"], expected["winners"])


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
