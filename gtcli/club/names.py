"""Who is who in a club's archive: names matched as everywhere in gt, plus the club's aliases.

Two spellings are the same player when they fold to the same text (case, accents, ``_``
and ``-`` and runs of spaces ignored: :func:`gtcli.core.text.fold`), or when the club's
``[club.aliases]`` (gt.toml) lists one as another spelling of the other. Nothing else is
merged: names that differ by one letter (``Ana`` and ``Anna``, ``Beñat`` and ``Benat`` are
already the same), or only by look-alike letters (Cyrillic "Аnа") or invisible characters
(:mod:`gtcli.club.lookalike`), are only *flagged* as probable duplicates, for the club to
settle with an alias. A name is shown with its invisible characters escaped (``Ana\u200b``). Pure functions; the database stores names as written and matching happens when a
question is asked, so a change of aliases needs no new indexing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from gtcli.club.lookalike import skeleton, visible, without_invisible
from gtcli.core.text import fold

MAX_LOOK_ALIKES = 20  # past this many names of one skeleton (a hostile file), each is paired with the first only
ONE_LETTER, LOOK_ALIKE, INVISIBLE = "one letter apart", "look-alike letters", "invisible characters"


@dataclass(frozen=True)
class Names:
    """The club's aliases, ready to match: folded spelling -> the player's name as the club writes it."""

    canonical: Mapping[str, str]

    @classmethod
    def of(cls, aliases: Mapping[str, Iterable[str]] | None) -> "Names":
        table: dict[str, str] = {}
        for name, others in (aliases or {}).items():
            for spelling in (name, *others):
                table[fold(spelling)] = name
        return cls(table)

    def key(self, written: str) -> str:
        """The identity of a name as written: its folded form, or its player's under an alias."""
        folded = fold(written)
        name = self.canonical.get(folded)
        return fold(name) if name is not None else folded

    def display(self, spellings: Counter) -> dict[str, str]:
        """key -> the name to show: the club's own spelling for an aliased player, else the
        spelling written most often (ties: the first in sorted order), invisible characters escaped."""
        best: dict[str, tuple[int, str]] = {}
        for written, n in spellings.items():
            k = self.key(written)
            chosen = self.canonical.get(fold(written))
            candidate = (-(1 << 62), chosen) if chosen is not None else (-n, written)
            if k not in best or candidate < best[k]:
                best[k] = candidate
        return {k: visible(v[1]) for k, v in best.items()}


def one_edit_apart(a: str, b: str) -> bool:
    """Whether ``b`` is ``a`` with one letter added, removed, changed, or two neighbours swapped."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i, (x, y) in enumerate(zip(a, b)) if x != y]
        if len(diff) == 1:
            return True
        return len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]]
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    i = 0
    while i < len(short) and short[i] == long_[i]:
        i += 1
    return short[i:] == long_[i + 1:]


def probable_duplicates(keys: Iterable[str]) -> list[tuple[str, str]]:
    """Pairs of player identities (folded) that are probably one player, each pair once, sorted
    (:func:`probable_duplicates_why`)."""
    return [(a, b) for a, b, _ in probable_duplicates_why(keys)]


def probable_duplicates_why(keys: Iterable[str]) -> list[tuple[str, str, str]]:
    """(a, b, why) for the pairs of player identities (folded) that differ only by invisible
    characters (:data:`INVISIBLE`), only by look-alike letters or invisible characters
    (:data:`LOOK_ALIKE`: :func:`gtcli.club.lookalike.skeleton`), or by one edit
    (:data:`ONE_LETTER`: :func:`one_edit_apart`); each pair once, sorted."""
    keys = set(keys)
    skeletons = {k: skeleton(k) for k in keys}

    def why(a: str, b: str) -> str:
        if skeletons[a] != skeletons[b]:
            return ONE_LETTER
        return INVISIBLE if without_invisible(a) == without_invisible(b) else LOOK_ALIKE

    found = {(a, b): why(a, b) for a, b in _one_edit_pairs(keys)}
    by_skeleton: dict[str, list[str]] = {}
    for k in keys:
        by_skeleton.setdefault(skeletons[k], []).append(k)
    for same in by_skeleton.values():
        ordered = sorted(same)
        for n, a in enumerate(ordered[:1] if len(ordered) > MAX_LOOK_ALIKES else ordered):
            for b in ordered[n + 1:]:
                found[(a, b)] = why(a, b)
    return sorted((a, b, why) for (a, b), why in found.items())


def _one_edit_pairs(keys: set[str]) -> list[tuple[str, str]]:
    """Pairs of player identities (folded) one edit apart, each pair once, sorted.

    Names of one or two letters are left out (``Al`` and ``Ali`` are as likely two people).
    Only names that share a bucket are compared: each name is filed under itself and under
    every text it gives with one letter left out, and two names one edit apart always share
    one (the shorter itself, or both with the changed or swapped letter left out). So 10,000
    names cost some 10,000 x their length, not 50 million comparisons.
    """
    buckets: dict[str, set[str]] = {}
    for k in keys:
        if len(k) > 2:
            for variant in {k, *(k[:i] + k[i + 1:] for i in range(len(k)))}:
                buckets.setdefault(variant, set()).add(k)
    pairs = set()
    for names in buckets.values():
        if len(names) > 1:
            ordered = sorted(names)
            for n, a in enumerate(ordered):
                for b in ordered[n + 1:]:
                    if one_edit_apart(a, b):
                        pairs.add((a, b))
    return sorted(pairs)
