"""Tribunal scoring as pure functions (docs/rules.md R1-R5, P5).

Input is what a scorekeeper reads off the table: the Voting Track and every active Item
with its installed Spells. Output is the ranking, places, scores and the next first
Praeco, each with the reason a player can check by hand.
"""

from __future__ import annotations

import functools
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from gtcli.core.diagnostics import ERROR, WARNING, Diagnostic
from gtcli.grand_tribunal.rules.profiles import OFFICIAL, RuleProfile


@dataclass(frozen=True)
class Item:
    """An active Item on the table at a Tribunal."""

    owner: str
    type: str  # canonical item type key
    base: int
    spells: tuple[str, ...] = ()  # canonical categories of the installed Spells
    name: str | None = None
    won: bool = False  # won an award at an earlier Tribunal (R5)

    def label(self) -> str:
        return self.name or self.type


@dataclass(frozen=True)
class Table:
    """One Tribunal as read off the table."""

    items: tuple[Item, ...]
    votes: dict[str, int] = field(default_factory=dict)  # space key -> tokens
    tribunal: int = 1
    players: tuple[str, ...] = ()  # seat order, clockwise; may be empty
    last_praeco: str | None = None


@dataclass(frozen=True)
class ItemResult:
    item: Item
    competing: bool
    votes: int
    breakdown: tuple[tuple[str, int], ...]  # (space, tokens) that make up the votes
    rank: int | None  # position in the ranking (shared positions repeat), None if not competing
    place: int | None  # 1..awarded places, or None
    separated_by: str | None  # "base score", "spell count", "shared" or None
    score: int


@dataclass(frozen=True)
class PlayerScore:
    name: str
    score: int


@dataclass(frozen=True)
class TribunalResult:
    tribunal: int
    items: tuple[ItemResult, ...]
    players: tuple[PlayerScore, ...]
    next_praeco: str | None
    next_praeco_reason: str
    findings: tuple[Diagnostic, ...] = ()


def item_votes(item: Item, votes: dict[str, int], distinct: bool = True) -> tuple[int, tuple[tuple[str, int], ...]]:
    """R2: the type's space plus each *distinct* installed category's space, once.

    ``distinct=False`` is the common misreading (every Spell counts), used only to explain
    a scorekeeper's wrong total.
    """
    total = votes.get(item.type, 0)
    if not item.spells:
        return total, ((item.type, total),)
    parts = [(item.type, total)]
    for category in (dict.fromkeys(item.spells) if distinct else item.spells):
        n = votes.get(category, 0)
        parts.append((category, n))
        total += n
    return total, tuple(parts)


def _strength(votes: int, item: Item, tie_breaks: bool = True) -> tuple[int, int, int]:
    """R3's ranking key: votes, then base score, then number of installed Spells."""
    return (votes, item.base, len(item.spells)) if tie_breaks else (votes, 0, 0)


def _separation(key: tuple[int, int, int], group_sizes: dict[tuple[int, int, int], int]) -> str | None:
    """What told this item apart from the items with equal votes, if any (``group_sizes``: how
    many competing items have each strength, this one's ``key`` among them)."""
    if group_sizes[key] > 1:
        return "shared"
    same_votes = [k for k in group_sizes if k[0] == key[0] and k != key]
    if not same_votes:
        return None
    if any(k[1] == key[1] for k in same_votes):
        return "spell count"
    return "base score"


def _sort_key(result: ItemResult) -> tuple:
    item = result.item
    return (
        not result.competing,
        (-result.votes, -item.base, -len(item.spells)),  # _strength, strongest first
        item.owner,
        item.name or "",
        item.type,
        item.spells,
    )


def score_item(item: Item, place: int | None, competing: bool, profile: RuleProfile) -> int:
    """R4: placed items multiply base + Spells; others score base + Spells; winners 0."""
    if not competing:
        return 0
    points = item.base + len(item.spells)
    return points * profile.multiplier(place) if place else points


def awards_given(done: list[TribunalResult] | tuple[TribunalResult, ...]) -> dict[int, int]:
    """Award tokens already handed out per place: won Items keep theirs for the whole game (R3, R5)."""
    given: dict[int, int] = defaultdict(int)
    for result in done:
        for r in result.items:
            if r.place:
                given[r.place] += 1
    return dict(given)


def tally(table: Table, profile: RuleProfile = OFFICIAL, *, distinct: bool = True,
          tie_breaks: bool = True, skip: bool = True,
          awarded_before: dict[int, int] | None = None) -> TribunalResult:
    """Rank, place and score every Item of one Tribunal (R1-R5) and find the next Praeco (P5).

    ``distinct``, ``tie_breaks`` and ``skip`` are on for the rules; switched off they compute
    what a table that misread R2 or R3 would have scored, to explain a wrong recorded score.
    ``awarded_before`` counts the award tokens that Items placed at earlier Tribunals still
    hold, so the box's supply (R3) is checked across the whole game.
    """
    findings: list[Diagnostic] = []
    scored = [(item, *item_votes(item, table.votes, distinct)) for item in table.items]
    competing = [(item, v, b) for item, v, b in scored if not item.won]
    keys = [_strength(v, item, tie_breaks) for item, v, _ in competing]

    # R3: groups of equal strength share a position; the positions they would have used
    # are skipped. Only the first `awarded_places` positions are places.
    positions: dict[tuple[int, int, int], int] = {}
    group_sizes: dict[tuple[int, int, int], int] = {}
    for key in keys:
        group_sizes[key] = group_sizes.get(key, 0) + 1
    position = 1
    for key in sorted(group_sizes, reverse=True):
        positions[key] = position
        position += group_sizes[key] if skip else 1

    results: list[ItemResult] = []
    awarded = profile.awarded_places
    for (item, votes, breakdown), key in zip(competing, keys):
        rank = positions[key]
        place = rank if rank <= awarded else None
        results.append(ItemResult(item, True, votes, breakdown, rank, place, _separation(key, group_sizes),
                                  score_item(item, place, True, profile)))
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
            findings.append(
                Diagnostic(
                    "R3",
                    f"{what}, but the box holds only {profile.award_tokens_per_place} award tokens of each place",
                    hint="the scores are tallied as a shared place; settle the tokens by agreement",
                    severity=WARNING,
                )
            )

    players = player_scores(results, table.players)
    next_praeco, reason = next_first_praeco(results, table, profile)
    return TribunalResult(table.tribunal, tuple(results), players, next_praeco, reason, tuple(findings))


def player_scores(results: list[ItemResult] | tuple[ItemResult, ...], seats: tuple[str, ...]) -> tuple[PlayerScore, ...]:
    """Every seated player and every owner, highest score first (ties in seat order)."""
    names = list(dict.fromkeys(list(seats) + sorted({r.item.owner for r in results})))
    totals = dict.fromkeys(names, 0)
    for r in results:
        totals[r.item.owner] += r.score
    # highest first; a stable sort keeps equal totals in the order of names (seat order)
    return tuple(PlayerScore(n, totals[n]) for n in sorted(names, key=lambda n: -totals[n]))


def _around(seats: tuple[str, ...], start: str, step: int) -> list[str]:
    i = seats.index(start)
    return [seats[(i + step * k) % len(seats)] for k in range(1, len(seats) + 1)]


@functools.lru_cache(maxsize=1024)
def turn_order(seats: tuple[str, ...], praeco: str) -> tuple[str, ...]:
    """P2: the turns of a round, from the Praeco clockwise (under every profile); worked out
    once per seating and Praeco, not at every turn."""
    return (praeco, *clockwise(seats, praeco)[:-1])


def evolve(result: Any, **changes: Any) -> Any:
    """``dataclasses.replace`` for the frozen results here (no ``__post_init__``, every field
    in ``__init__``): a copy with ``changes``, without ``replace``'s look at every field."""
    new = object.__new__(result.__class__)
    new.__dict__.update(result.__dict__, **changes)
    return new


def clockwise(seats: tuple[str, ...], start: str) -> list[str]:
    """Seats clockwise (seat order) beginning with the player after ``start``, ``start`` last.

    Turns within a round and the other players' contested rolls always go clockwise, under
    every profile: the French sheet changes only where the Praeco pawn goes (P4).
    """
    return _around(seats, start, 1)


def pass_order(seats: tuple[str, ...], start: str, profile: RuleProfile) -> list[str]:
    """Seats in the order the Praeco pawn travels (P4), beginning with the player after ``start``."""
    return _around(seats, start, 1 if profile.praeco_passes == "left" else -1)


def draw_order(seats: tuple[str, ...], dealer: str, profile: RuleProfile) -> list[str]:
    """S3: the order in which players draw their three extra starting cards.

    The English, French and Italian sheets start at the dealer's left and go clockwise; the
    Spanish sheet starts at the dealer's right (Decision: and goes on to the right, so the
    dealer draws last either way).
    """
    return _around(seats, dealer, 1 if profile.starting_draw == "left" else -1)


def next_first_praeco(
    results: list[ItemResult] | tuple[ItemResult, ...], table: Table, profile: RuleProfile
) -> tuple[str | None, str]:
    """P5 with the project's Decisions for a shared 1st place and for no 1st place."""
    if table.tribunal >= profile.tribunals:
        return None, "the game ends at the Grand Tribunal"
    firsts = [r.item for r in results if r.place == 1]
    owners = list(dict.fromkeys(i.owner for i in firsts))
    if len(owners) == 1:
        item = next(i for i in firsts if i.owner == owners[0])
        return owners[0], f"owns the 1st-place item {item.label()!r}"
    seats, last = table.players, table.last_praeco
    if not seats or not last or last not in seats:
        what = "1st place is shared by several owners" if owners else "no item placed 1st"
        return None, f"{what}; give players (seat order) and last_praeco to decide"
    order = pass_order(seats, last, profile)
    if not owners:
        return order[0], f"no item placed 1st: the pawn passes on from {last}"
    chosen = next(p for p in order if p in owners)
    return chosen, f"1st place shared by {', '.join(owners)}: first of them after {last}"


def errors_only(findings: tuple[Diagnostic, ...]) -> tuple[Diagnostic, ...]:
    return tuple(d for d in findings if d.severity == ERROR)
