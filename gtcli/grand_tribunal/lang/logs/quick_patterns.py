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
STRING = r'"(?:[^"\\\n]|\\.)*+"'
HANDLE = r"\?[\w-]++"
CHOICE = r"\$[^\W\d][\w-]*+"
CARD = rf"(?:{STRING}|{HANDLE}(?:{SKIP}{STRING})?)"
LIST = rf"{CARD}(?:{SKIP},{SKIP}{CARD})*+"

KINDS = {"ITEM": "item", "SPELL": "spell", "RESOURCE": "resource", "HAND": "hand", "SANCTUM": "sanctum",
         "FROM": "from", "TO": "to"}
_CACHED = 4096  # names and card names remembered per language (a stranger's log may hold a million)


@functools.cache
def keyword_patterns(lang: str) -> dict[str, str]:
    """Keyword -> the regular expression Lark compiles for its terminal in ``lang``'s parser
    (``(?i:...)`` around the grammar's ``/.../i``), matched whole (atomic), with a negative
    lookahead for each other keyword Lark might read at the same place instead."""
    from gtcli.grand_tribunal.lang.loader import grammar_text

    bodies = dict(re.findall(r"^([A-Z_]+)\.2: /(.*)/i$", grammar_text("transcript", lang), re.M))
    lark = {name: f"(?i:{body})" for name, body in bodies.items()}
    compiled = {name: re.compile(regexp) for name, regexp in lark.items()}
    spelled = _spellings(lang, bodies)
    out = {}
    for name, regexp in lark.items():
        guards = []
        for other, pattern in compiled.items():
            if other == name:
                continue
            # Where ``name`` is expected, ``other`` may match too if one of them is the start of a
            # word of the other (Italian ``a`` and ``a faccia in su``); Lark reads the one its order
            # puts first, which is the longer only if that one has several words and the other one.
            other_shorter = any(pattern.match(w) for w in spelled[name])
            name_shorter = any(compiled[name].match(w) for w in spelled[other])
            if name_shorter or (other_shorter and not (_several(bodies[name]) and not _several(bodies[other]))):
                guards.append(f"(?!{lark[other]})")
        out[name] = "".join(guards) + f"(?>{regexp})"
    return out


def _several(body: str) -> bool:
    return r"\s+" in body


def _spellings(lang: str, bodies: dict[str, str]) -> dict[str, list[str]]:
    from gtcli.grand_tribunal.lang.keywords import words

    return {name: list(words(name, lang)) for name in bodies}


@functools.cache
def first_words(lang: str) -> re.Pattern[str]:
    """A name this fully matches is a keyword of ``lang``, or the first word of one: Lark's lexer
    may read it as that keyword where a name is expected. Case as Lark's ``/i`` compares it."""
    from gtcli.grand_tribunal.lang.keywords import words

    bodies = re.findall(r"^([A-Z_]+)\.2: ", _grammar(lang), re.M)
    firsts = {re.escape(w.split()[0]) for name in bodies for w in words(name, lang)}
    return re.compile("(?i:" + "|".join(sorted(firsts, key=len, reverse=True)) + ")")


def _grammar(lang: str) -> str:
    from gtcli.grand_tribunal.lang.loader import grammar_text

    return grammar_text("transcript", lang)


def _compile(template: str, kw: dict[str, str]) -> re.Pattern[str]:
    """``template`` with ``{K}`` standing for the keyword K, ``{_}`` for :data:`SKIP`, ``{INT}``..."""
    from gtcli.grand_tribunal.lang.loader import MAX_DIGITS

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
        self.setup_bodies = [None] + [compiled(SETUP_BODIES[k]) for k in SETUP_LINES]
        self.event = compiled(r"(?:({NAME}){_}:|" + "|".join("({" + k + "})" for k in EVENTS) + "){_}")  # 1: a turn
        self.event_bodies = [None, None] + [compiled(EVENT_BODIES[k]) for k in EVENTS]
        self.move = compiled(heads(MOVES) + "{_}")
        self.plain = compiled(heads(MOVES[:-1]) + "{_}")
        self.move_bodies = [None] + [compiled(MOVE_BODIES[k]) for k in MOVES]
        self.ends = [None] + [p.groups for p in self.move_bodies[1:]]  # the group of a move's ';'
        self.cards_in = compiled(r"#[^\n]*+|({CARD})")
        self.items_in = compiled(r"#[^\n]*+|({CARD})|({NAME})|({CHOICE})|(\d++)")
        self.hidden = compiled(r"({HANDLE})(?:{_}({STRING}))?")
        self.kinds = {name: re.compile(kw[name]) for name in KINDS}
        self.newline = re.compile("\n")
        self.first_words = first_words(lang)
        from gtcli.grand_tribunal.lang.keywords import _deprecated_words

        self.old_votes = _deprecated_words("VOTE", lang)
        self.names: dict[str, str] = {}
        self.card_names: dict[str, str] = {}
        self.kind_of: dict[str, str] = {}
        self.old_spelling: dict[str, bool] = {}
