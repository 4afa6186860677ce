"""A Tribunal's results in words: places, awards, titles, winners, spaces.

Shared by the terminal (:mod:`gtcli.cli.terminal.tribunal`, ``gt replay``'s state) and the
printed scoresheet (:mod:`gtcli.grand_tribunal.html.scoresheet`), so both say a result the
same way.
"""

from __future__ import annotations

from gtcli.grand_tribunal.rules.profiles import RuleProfile
from gtcli.grand_tribunal.rules.tribunal import ItemResult

ORDINALS = {1: "1st", 2: "2nd", 3: "3rd"}


def ordinal(n: int) -> str:
    return ORDINALS.get(n, f"{n}th")


def breakdown(r: ItemResult) -> str:
    return " + ".join(f"{space} {n}" for space, n in r.breakdown)


def award(r: ItemResult, profile: RuleProfile) -> str:
    if not r.competing:
        return "won earlier"
    if r.place:
        colours = profile.place_colours
        colour = colours[r.place - 1] if r.place <= len(colours) else ""
        return f"{ordinal(r.place)} ({colour})" if colour else ordinal(r.place)
    return "honorable mention"


def tribunal_title(number: int, profile: RuleProfile) -> str:
    return "Grand Tribunal" if number == profile.tribunals else f"Tribunal {number}"


def winners_line(winners) -> str:
    """``Winner: Ana`` or ``Shared win: Ana, Ben`` (R7: equal totals share the win)."""
    return ("Winner: " if len(winners) == 1 else "Shared win: ") + ", ".join(winners)


def space_name(key: str, lang: str) -> str:
    """A Voting Track space (``staff``) in ``lang``, with the sheets' own word; the key if unknown."""
    from gtcli.grand_tribunal.shipped import published_vocabulary

    vocabulary = published_vocabulary()
    try:
        return vocabulary.display(key, lang)
    except KeyError:
        return key
