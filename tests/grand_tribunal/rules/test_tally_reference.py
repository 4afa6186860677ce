"""The tally against the straightforward version it was made faster from (the reference
below, kept as it was): every field of every result, in order, for every way of misreading
R2/R3 the tally can compute."""

from __future__ import annotations

from collections import defaultdict

from hypothesis import given
from hypothesis import strategies as st

from gtcli.core.diagnostics import WARNING, Diagnostic
from gtcli.grand_tribunal.rules.profiles import OFFICIAL, builtin
from gtcli.grand_tribunal.rules.tribunal import (
    ItemResult, PlayerScore, TribunalResult, _sort_key, _strength, item_votes, next_first_praeco, score_item, tally,
)
from tests.grand_tribunal.rules.test_properties import tables


def _reference_separation(key, others):
    same_votes = [k for k in others if k[0] == key[0]]
    if not same_votes:
        return None
    if any(k == key for k in same_votes):
        return "shared"
    if any(k[1] == key[1] for k in same_votes):
        return "spell count"
    return "base score"


def _reference_player_scores(results, seats):
    names = list(dict.fromkeys(list(seats) + sorted({r.item.owner for r in results})))
    totals = {name: 0 for name in names}
    for r in results:
        totals[r.item.owner] += r.score
    order = {name: i for i, name in enumerate(names)}
    return tuple(PlayerScore(n, totals[n]) for n in sorted(names, key=lambda n: (-totals[n], order[n])))


def reference_tally(table, profile=OFFICIAL, *, distinct=True, tie_breaks=True, skip=True, awarded_before=None):
    findings = []
    scored = [(item, *item_votes(item, table.votes, distinct)) for item in table.items]
    competing = [(item, v, b) for item, v, b in scored if not item.won]
    keys = [_strength(v, item, tie_breaks) for item, v, _ in competing]
    positions = {}
    group_sizes = defaultdict(int)
    for key in keys:
        group_sizes[key] += 1
    position = 1
    for key in sorted(group_sizes, reverse=True):
        positions[key] = position
        position += group_sizes[key] if skip else 1
    results = []
    for (item, votes, breakdown), key in zip(competing, keys):
        rank = positions[key]
        place = rank if rank <= profile.awarded_places else None
        others = [k for k in keys]
        others.remove(key)
        results.append(ItemResult(item=item, competing=True, votes=votes, breakdown=breakdown, rank=rank,
                                  place=place, separated_by=_reference_separation(key, others),
                                  score=score_item(item, place, True, profile)))
    for item, votes, breakdown in scored:
        if item.won:
            results.append(ItemResult(item, False, votes, breakdown, None, None, None, 0))
    results.sort(key=_sort_key)
    before = awarded_before or {}
    for key, size in sorted(group_sizes.items(), reverse=True):
        place = positions[key]
        held = before.get(place, 0)
        if place <= profile.awarded_places and held + size > profile.award_tokens_per_place:
            what = (f"{size} item(s) take place {place} while {held} earlier winner(s) keep theirs" if held
                    else f"{size} items share place {place}")
            findings.append(Diagnostic(
                "R3", f"{what}, but the box holds only {profile.award_tokens_per_place} award tokens of each place",
                hint="the scores are tallied as a shared place; settle the tokens by agreement", severity=WARNING))
    players = _reference_player_scores(results, table.players)
    next_praeco, reason = next_first_praeco(results, table, profile)
    return TribunalResult(table.tribunal, tuple(results), players, next_praeco, reason, tuple(findings))


@given(tables, st.booleans(), st.booleans(), st.booleans(), st.sampled_from(["official", "printed-fr"]),
       st.dictionaries(st.integers(1, 3), st.integers(0, 3)))
def test_tally_is_the_reference_tally(table, distinct, tie_breaks, skip, profile, before):
    rules = builtin(profile)
    flags = dict(distinct=distinct, tie_breaks=tie_breaks, skip=skip, awarded_before=before)
    got, want = tally(table, rules, **flags), reference_tally(table, rules, **flags)
    assert got == want
    assert [repr(r) for r in got.items] == [repr(r) for r in want.items]  # order and every field
    assert got.players == want.players and got.findings == want.findings
