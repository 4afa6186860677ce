"""``gt balance diff OLD_STUDY NEW_STUDY``: each card's figure before and after, its change and interval.

Both studies are read and counted as ``gt balance`` counts them (:mod:`gtcli.balance.reading`);
each card's figure is the one the report computes (:meth:`gtcli.balance.stats.Tally.report`,
its ``association`` and ``ci``: how the card's users' win rate differs from that of the
average use of its kind in the same games, an *association*, docs/balance.md), so ``diff`` always shows what the two reports show and
changes with them. What is new here is the change:

* **change** = new figure - old figure;
* its **95% interval** by the MOVER method (Zou & Donner 2008, "method of variance estimates
  recovery"), which builds the interval of a difference of two independent estimates from
  their own intervals: ``L = D - sqrt((n - l_n)^2 + (u_o - o)^2)``,
  ``U = D + sqrt((u_n - n)^2 + (o - l_o)^2)``. The two studies are independent sets of
  games, so it applies whatever interval the report uses for each figure (it reduces to
  the usual ``D +- 1.96 sqrt(se_n^2 + se_o^2)`` for symmetric intervals);
* its **p-value**, from the same standard errors (each interval's half-width / 1.96, the
  normal approximation), and that p-value after **Holm's correction** across the cards
  compared: a card has *changed* when the corrected p-value is below 0.05.

A card found in one study only is listed with the other side empty and no change.

**Which cards were edited.** A card's figure is read against its kind's mean in the same
games, so an edit to one card moves the figures of the others of its kind too (a stronger
Item lowers its rivals'): a real shift of their figures relative to their kind, not a false
alarm, but not an edit of theirs. When both studies name their card set (``study.json``:
``gt simulate`` copies a custom set into the study), :func:`edited_cards` compares the two
sets card by card (every rule of a card, not where it is written), and each row says whether
its card's text changed (``edited``); the terminal marks those and says in words that the
others moved because their kind did.
"""

from __future__ import annotations

from math import erfc, sqrt
from typing import Any

from gtcli.core.statistics import Z95, holm

ALPHA = 0.05


def figure(row: dict[str, Any] | None) -> dict[str, Any] | None:
    """A card's figure in a report (value and 95% interval), or None where the report has none."""
    if row is None or row.get("association") is None or not row.get("ci"):
        return None
    low, high = row["ci"]
    return {"value": row["association"], "ci": [low, high], "used": row.get("used")}


def change(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """new - old with its MOVER interval and p-value (module docstring)."""
    o, (lo, uo) = old["value"], old["ci"]
    n, (ln, un) = new["value"], new["ci"]
    d = n - o
    low = d - sqrt((n - ln) ** 2 + (uo - o) ** 2)
    high = d + sqrt((un - n) ** 2 + (o - lo) ** 2)
    se = sqrt(((un - ln) / (2 * Z95)) ** 2 + ((uo - lo) / (2 * Z95)) ** 2)
    p = 1.0 if se == 0 else min(1.0, erfc(abs(d) / se / sqrt(2)))  # 2(1 - Φ(|z|)) without underflow
    return {"value": _round(d), "ci": [_round(low), _round(high)], "p": p}


def _round(x: float) -> float:
    return round(x, 6)


def edited_cards(old_set: Any, new_set: Any) -> list[str]:
    """The cards whose rules differ between two card sets (added and removed cards too), by name.

    Two cards are the same when every field the rules read is equal (:class:`Card` compares
    them, not where they are written)."""
    old_cards = {c.name: c for c in old_set.cards}
    new_cards = {c.name: c for c in new_set.cards}
    return sorted(name for name in set(old_cards) | set(new_cards) if old_cards.get(name) != new_cards.get(name))


def compare_reports(old: dict[str, Any], new: dict[str, Any], edited: list[str] | None = None) -> dict[str, Any]:
    """The cards of two reports side by side (module docstring); what ``--json`` prints under ``cards``.
    ``edited``: the cards whose text changed (:func:`edited_cards`), None when the sets are unknown."""
    old_rows = {r["card"]: r for r in old.get("cards", [])}
    new_rows = {r["card"]: r for r in new.get("cards", [])}
    rows, tested = [], []
    for name in sorted(set(old_rows) | set(new_rows)):
        before, after = figure(old_rows.get(name)), figure(new_rows.get(name))
        row: dict[str, Any] = {"card": name, "old": before, "new": after, "change": None, "p_adjusted": None,
                               "changed": False, "direction": None,
                               "edited": None if edited is None else name in edited}
        if before is not None and after is not None:
            row["change"] = change(before, after)
            tested.append(row)
        rows.append(row)
    for row, adjusted in zip(tested, holm([r["change"]["p"] for r in tested])):
        row["p_adjusted"] = adjusted
        row["changed"] = adjusted < ALPHA
        if row["changed"]:
            row["direction"] = "up" if row["change"]["value"] > 0 else "down"
    rows.sort(key=lambda r: (r["change"] is None, -abs(r["change"]["value"]) if r["change"] else 0, r["card"]))
    return {"games": {"old": old.get("games", 0), "new": new.get("games", 0)}, "cards": rows, "edited": edited,
            "correction": "holm", "alpha": ALPHA,
            "figure": "association with winning: how much more often the card's uses won than the average use of its kind, in the same games"}
