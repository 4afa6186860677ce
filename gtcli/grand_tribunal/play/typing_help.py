"""What the ``gt play`` prompt offers while typing: the help lines and tab completion.

Both speak the log's language: the templates are built from the same keyword tables as
the grammar, and completion offers keywords, player names, Voting Track spaces and card
names as that language writes them. Completion is a pure function of the line, so it is
tested without a terminal; :mod:`gtcli.cli.play_prompt` plugs it into ``readline``.
"""

from __future__ import annotations

from dataclasses import dataclass

from gtcli.core.text import fold
from gtcli.grand_tribunal.lang.keywords import KEYWORDS, spelling

COMMANDS = {
    "end": "close the current turn (hand limit and Praeco checked now)",
    "undo": "take back the last move, from the file too",
    "state": "the whole table, as `gt replay` shows it",
    "help": "what can be typed now",
    "roll": "roll the contested-source die (1 and 6 are rolled again)",
    "quit": "leave; the log is already saved (also Ctrl-D)",
}


def fitted(lines: list[str], width: int | None) -> list[str]:
    """The help's lines for a terminal ``width`` columns wide: each broken between words, never
    inside one (a terminal's own wrapping breaks wherever the line reaches the edge), the rest
    indented under its start. ``None`` (piped output): as they are, one line each, for a
    script or ``grep`` to read."""
    import textwrap

    if width is None:
        return list(lines)
    out = []
    for line in lines:
        indent = " " * (len(line) - len(line.lstrip(" ")))
        out += textwrap.wrap(line, max(width - 1, 20), initial_indent="", subsequent_indent=indent + "    ",
                             break_long_words=False, break_on_hyphens=False, drop_whitespace=True) or [line]
    return out


def templates(lang: str) -> dict[str, str]:
    """One line per action kind: how to type it in ``lang``."""
    def k(word: str) -> str:
        return spelling(word, lang)

    return {
        "praeco": f"{k('PRAECO')} SPACE, SPACE, SPACE",
        "vote": f"{k('VOTE')} SPACE",
        "draw": f"{k('DRAW')} {k('ITEM')}|{k('SPELL')} \"Card\"   or   {k('DRAW')} {k('SPELL')} {k('FACE_UP')} "
                f"\"Card\" {k('REFILL')} \"Card\"",
        "draw resource": f"{k('DRAW')} {k('RESOURCE')} \"Card\"|?handle",
        "advance": f"{k('ADVANCE')} \"Card\" 2   or   {k('ADVANCE')} \"A\" 1, \"B\" 1, \"C\" 1",
        "cast": f"{k('CAST')} \"Spell\" {k('FROM')} \"Item\" [{k('KEEP')}] [{k('WITH')} $choice=value]",
        "play": f"{k('PLAY')} \"Resource\" [{k('WITH')} $choice=value]",
        "extract": f"{k('EXTRACT')} N",
        "gather": f"{k('GATHER')} {k('UNCONTESTED')} A:B   or   {k('GATHER')} {k('CONTESTED')} N {k('ROLL')} * "
                  f"[{k('OTHERS')} NAME *]",
    }


FREE = ("ACTIVATE", "INSTALL", "SANCTUM", "DISCARD", "NAME_CARD", "VIS", "PASS", "FORCE")


def free_templates(lang: str) -> list[str]:
    def k(word: str) -> str:
        return spelling(word, lang)

    return [f"{k('SANCTUM')} \"Card\", \"Card\"", f"{k('ACTIVATE')} \"Card\"",
            f"{k('ACTIVATE')} NAME \"Card\"",
            f"{k('INSTALL')} \"Spell\" {k('ON')} \"Item\"", f"{k('DISCARD')} \"Card\"",
            f"{k('NAME_CARD')} ?handle \"Card\"", f"{k('VIS')} +N {k('FROM')} {k('REGIO')}|NAME",
            f"{k('FORCE')} \"reason\" MOVE", f"{k('PASS')}"]


@dataclass(frozen=True)
class Words:
    """Everything the prompt can complete, in the log's language."""

    keywords: tuple[str, ...]
    players: tuple[str, ...]
    spaces: tuple[str, ...]
    cards: tuple[str, ...]

    @classmethod
    def for_game(cls, lang: str, players, vocabulary, card_names) -> "Words":
        keywords = sorted({w for table in KEYWORDS.values() for w in table.get(lang, ()) + table["en"]
                           if " " not in w})
        spaces = sorted({vocabulary.display(s, lang).replace(" ", "-") for s in vocabulary.spaces})
        return cls(tuple(keywords) + tuple(COMMANDS), tuple(players), tuple(spaces), tuple(sorted(set(card_names))))


def complete(buffer: str, begidx: int, words: Words) -> list[str]:
    """Completions for the word that starts at ``begidx`` of ``buffer`` (the text up to the cursor).

    Inside an open quote the candidates are card names (the part from the current word
    on, closing the quote); elsewhere keywords, player names (``Ben: `` at the start of a
    line), spaces and quoted card names.
    """
    before = buffer[:begidx]
    current = buffer[begidx:]
    if before.count('"') % 2 == 1:  # inside a card name
        opened = before.rfind('"') + 1
        typed = buffer[opened:]
        skip = begidx - opened
        return [name[skip:] + '"' for name in words.cards if fold(name).startswith(fold(typed))]
    if current.startswith('"'):
        return ['"' + name + '"' for name in words.cards if fold(name).startswith(fold(current[1:]))]
    out = []
    if not before.strip():
        out += [p + ":" for p in words.players if fold(p).startswith(fold(current))]
    out += [w for w in words.keywords + words.spaces + words.players if fold(w).startswith(fold(current))]
    return list(dict.fromkeys(out))
