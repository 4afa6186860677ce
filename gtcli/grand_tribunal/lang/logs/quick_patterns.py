"""The regular expressions of the quick reader of logs (:mod:`gtcli.grand_tribunal.lang.logs.quick`).

Tokens are the terminals of ``grammar/transcript.lark`` as Lark compiles them, made possessive
(a pattern must never split a token that Lark's lexer reads whole); whitespace and comments,
which the grammar ignores, may come between any two (:data:`SKIP`). Keywords are the
grammar's own terminals for the language (:func:`keyword_patterns`). A pattern is written as
a template: ``{K}`` stands for the keyword K, ``{_}`` for :data:`SKIP`, ``{NAME}``,
``{CARD}``, ``{LIST}`` (of cards), ``{INT}``... for the tokens and the pieces made of them.
One pattern matches a header line, a setup line, an event, or a move with the ``;`` after it.
"""

from __future__ import annotations

import functools
import re

SKIP = r"\s*+(?:#[^\n]*+\s*+)*+"  # %ignore WS and COMMENT
NAME = r"[^\W\d_][\w'-]*+"
STRING = r'"[^"\\\n]*+(?:\\.[^"\\\n]*+)*+"'  # the grammar's "(?:[^"\\\n]|\\.)*", its loop unrolled: faster
HANDLE = r"\?[\w-]++"
CHOICE = r"\$[^\W\d][\w-]*+"
CARD = rf"(?:{STRING}|{HANDLE}(?:{SKIP}{STRING})?)"
LIST = rf"{CARD}(?:{SKIP},{SKIP}{CARD})*+"

KINDS = {"ITEM": "item", "SPELL": "spell", "RESOURCE": "resource", "HAND": "hand", "SANCTUM": "sanctum",
         "FROM": "from", "TO": "to"}
MAX_DIGITS = 100  # gtcli.grand_tribunal.lang.loader's (SYN004): a longer number is declined
_CACHED = 4096  # names and card names remembered per language (a stranger's log may hold a million)


# The keywords of grammar/transcript.lark (tests/grand_tribunal/lang/test_quick_reader.py checks it):
# each is a terminal of Lark's lexer, so a name spelled as one of them is declined.
LOGGED = ("SETUP", "HAND", "ROW", "VIS", "PRAECO", "TRACKERS", "DEALER", "TRIBUNAL", "GRAND_TRIBUNAL", "ROUND",
          "SCORES", "WINNER", "FORCE", "VOTE", "DRAW", "FACE_UP", "REFILL", "TO", "ADVANCE", "ACTIVATE", "INSTALL",
          "ON", "CAST", "FROM", "KEEP", "PLAY", "WITH", "MANUAL", "EXTRACT", "GATHER", "UNCONTESTED", "CONTESTED",
          "ROLL", "OTHERS", "SANCTUM", "DISCARD", "NAME_CARD", "REGIO", "PASS", "ITEM", "SPELL", "RESOURCE")


@functools.cache
def keyword_patterns(lang: str) -> dict[str, str]:
    """Keyword -> the regular expression Lark compiles for its terminal in ``lang``'s parser
    (``(?i:...)`` around the grammar's ``/.../i``, from the same
    :func:`~gtcli.grand_tribunal.lang.keywords.terminal_definitions`), matched whole (atomic), with
    a negative lookahead for each other keyword Lark might read at the same place instead."""
    from gtcli.grand_tribunal.lang.keywords import terminal_definitions

    bodies = dict(re.findall(r"^([A-Z_]+)\.2: /(.*)/i$", terminal_definitions(lang, set(LOGGED)), re.M))
    lark = {name: f"(?i:{body})" for name, body in bodies.items()}
    spelled = _spellings(lang, bodies)
    out = {}
    for name, regexp in lark.items():
        guards = [f"(?!{lark[other]})" for other in lark if other != name and _guarded(name, other, spelled, bodies)]
        out[name] = "".join(guards) + f"(?>{regexp})"
    return out


def _guarded(name: str, other: str, spelled: dict, bodies: dict) -> bool:
    """Where ``name`` is expected, may Lark read ``other``? Both match at one place when a word of one
    starts a word of the other (Italian ``a`` and ``a faccia in su``); Lark reads the one its order
    puts first, which is the longer only if that one has several words and the other one."""
    def starts(short: str, long: str) -> bool:
        return any(len(s) < len(w) and w[:len(s)] == s for s in spelled[short] for w in spelled[long])

    if starts(name, other):
        return True
    return starts(other, name) and not (_several(bodies[name]) and not _several(bodies[other]))


def _several(body: str) -> bool:
    return r"\s+" in body


def _spellings(lang: str, bodies: dict[str, str]) -> dict[str, list[list[str]]]:
    """Each keyword's words, as lists of case-folded parts."""
    from gtcli.grand_tribunal.lang.keywords import words

    return {name: [w.casefold().split() for w in words(name, lang)] for name in bodies}


@functools.cache
def first_words(lang: str) -> re.Pattern[str]:
    """A name this fully matches is a keyword of ``lang``, or the first word of one: Lark's lexer
    may read it as that keyword where a name is expected. Case as Lark's ``/i`` compares it."""
    from gtcli.grand_tribunal.lang.keywords import words

    firsts = {re.escape(w.split()[0]) for name in LOGGED for w in words(name, lang)}
    return re.compile("(?i:" + "|".join(sorted(firsts, key=len, reverse=True)) + ")")


def _compile(template: str, kw: dict[str, str]) -> re.Pattern[str]:
    """``template`` with ``{K}`` standing for the keyword K, ``{_}`` for :data:`SKIP`, ``{INT}``..."""
    pieces = {"_": SKIP, "NAME": NAME, "STRING": STRING, "HANDLE": HANDLE, "CHOICE": CHOICE, "CARD": CARD,
              "LIST": LIST, "INT": rf"\d{{1,{MAX_DIGITS}}}+(?!\d)", **kw}
    return re.compile(re.sub(r"\{([A-Z_]+)\}", lambda m: pieces[m.group(1)], template))


TAIL = r"{_}(?:(;){_})?"  # after a move: its ';' (the pattern's last group), then the next token
OUTCOME = (r"(?:{_}{WITH}{_}({CHOICE}{_}={_}(?:{NAME}|{CARD})(?:{_},{_}{CHOICE}{_}={_}(?:{NAME}|{CARD}))*+))?"
           r"(?:{_}{DRAW}{_}({LIST}))?(?:{_}{REFILL}{_}({LIST}))?(?:{_}{DISCARD}{_}({LIST}))?"
           r"(?:{_}{MANUAL}{_}({STRING}))?")
DECK = r"((?:{ITEM}|{SPELL}|{RESOURCE}))"
MOVE_BODIES = {  # after the keyword and what follows it
    "SANCTUM": r"({LIST})" + TAIL,
    "ADVANCE": r"({CARD}){_}({INT})((?:{_},{_}{CARD}{_}{INT})*+)" + TAIL,
    "ACTIVATE": r"(?:({NAME}){_})?({CARD})" + TAIL,
    "EXTRACT": r"({INT})" + TAIL,
    "DRAW": DECK + r"{_}(?:({FACE_UP}){_}({CARD})(?:{_}{REFILL}{_}({CARD}))?|({CARD}))"
                   r"(?:{_}{TO}{_}((?:{HAND}|{SANCTUM})))?" + TAIL,
    "VOTE": r"({NAME})" + TAIL,
    "INSTALL": r"({CARD}){_}{ON}{_}({CARD})" + TAIL,
    "CAST": r"({CARD}){_}{FROM}{_}({CARD})(?:{_}({KEEP}))?" + OUTCOME + TAIL,
    "PRAECO": r"({NAME}(?:{_},{_}{NAME})*+)" + TAIL,
    "PLAY": r"({CARD})" + OUTCOME + TAIL,
    "GATHER": r"(?:{UNCONTESTED}{_}({INT}){_}:{_}({INT})|{CONTESTED}{_}({INT}){_}{ROLL}{_}({INT})"
              r"(?:{_}{OTHERS}{_}({NAME}{_}{INT}(?:{_},{_}{NAME}{_}{INT})*+))?)" + TAIL,
    "DISCARD": r"({LIST})" + TAIL,
    "NAME_CARD": r"({HANDLE}){_}({STRING})" + TAIL,
    "VIS": r"([+-]){_}({INT})(?:{_}((?:{FROM}|{TO})){_}(?:({REGIO})|({STRING})|({NAME})))?" + TAIL,
    "PASS": TAIL,
    "FORCE": r"({STRING}){_}",
}
EVENT_BODIES = {
    "TRIBUNAL": r"({INT}){_}",
    "ROUND": r"({INT}){_}{PRAECO}{_}({NAME}){_}",
    "SCORES": r"({NAME}{_}{INT}(?:{_},{_}{NAME}{_}{INT})*+){_}",
    "WINNER": r"({NAME}(?:{_},{_}{NAME})*+){_}",
    "GRAND_TRIBUNAL": "",
    "ACTIVATE": r"({NAME}){_}({CARD}){_}",
}
SETUP_BODIES = {
    "HAND": r"({NAME}){_}({LIST}){_}",
    "ROW": DECK + r"{_}({LIST}){_}",
    "VIS": r"({NAME}){_}({INT}){_}",
    "PRAECO": r"({NAME}){_}",
    "TRACKERS": r"({INT}){_},{_}({INT}){_}",
    "DEALER": r"({NAME}){_}",
}
MOVES = tuple(MOVE_BODIES)  # FORCE last: the moves it may stand before have the same group numbers
EVENTS = tuple(EVENT_BODIES)
SETUP_LINES = tuple(SETUP_BODIES)


class Patterns:
    """The compiled patterns of one language, and the names it has met so far."""

    def __init__(self, lang: str) -> None:
        kw = keyword_patterns(lang)
        self.lang = lang

        def compiled(template: str) -> re.Pattern[str]:
            return _compile(template, kw)

        def heads(names) -> str:  # group i + 1: names[i]
            return "(?:" + "|".join("({" + name + "})" for name in names) + ")"

        self.skip = compiled("{_}")
        self.tag = compiled(r"\[{_}({NAME}){_}({STRING}){_}\]{_}")
        self.setup = compiled("{SETUP}{_}")
        self.setup_line = compiled(heads(SETUP_LINES) + "{_}")
        # compiling costs about 1 ms a pattern: the bodies are compiled when first met (by group number)
        self.setup_bodies = _Compiled(lambda i: compiled(SETUP_BODIES[SETUP_LINES[i - 1]]))
        self.event = compiled(r"(?:({NAME}){_}:|" + "|".join("({" + k + "})" for k in EVENTS) + "){_}")  # 1: a turn
        self.event_bodies = _Compiled(lambda i: compiled(EVENT_BODIES[EVENTS[i - 2]]))
        self.move = compiled(heads(MOVES) + "{_}")
        self.plain = compiled(heads(MOVES[:-1]) + "{_}")
        self.move_bodies = _Compiled(lambda i: compiled(MOVE_BODIES[MOVES[i - 1]]))
        self.cards_in = compiled(r"#[^\n]*+|({STRING})|({CARD})")  # 1: quoted (the commonest), 2: another
        self.items_in = compiled(r"#[^\n]*+|({CARD})|({NAME})|({CHOICE})|(\d++)")
        self.hidden = compiled(r"({HANDLE})(?:{_}({STRING}))?")
        self.kinds = {name: re.compile(kw[name]) for name in KINDS}
        self.newline = re.compile("\n")
        self.first_words = first_words(lang)
        from gtcli.grand_tribunal.lang.keywords import deprecated_words

        self.old_votes = deprecated_words("VOTE", lang)
        self.names: dict[str, str] = {}
        self.card_names: dict[str, str] = {}
        self.kind_of: dict[str, str] = {}
        self.old_spelling: dict[str, bool] = {}


class _Compiled(dict):
    """Group number -> its pattern, compiled when first asked for."""

    def __init__(self, make) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: int) -> re.Pattern[str]:
        found = self[key] = self.make(key)
        return found
