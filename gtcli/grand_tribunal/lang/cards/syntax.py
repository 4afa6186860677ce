"""Read a card file: in its language, and past its syntax errors.

**The language.** A header's ``language`` line (``idioma``, ``langue``, ``lingua``) says
which parser to use; without one, each language's parser is tried and the first that
reads the file wins. When none does, the one that read the most of it is taken (the
fewest characters skipped), so a French file with one typo is reported as French, and a
keyword of another language is pointed out as such ("that is Italian for 'item'").

**Going on after an error.** One run should show an author all their slips, not one at
a time. After a syntax error the parser skips to the next line that starts a
declaration (a card, an ``include``, ``types``, ``categories``, ``translations``; in a
translation, the next entry), leaves out the card the error is in, and goes on from
there, through Lark's ``on_error`` hook on its LALR parser: the parser's stacks are cut
back to the point before that card and the lexer is moved to the line found. A card's
attributes and effects are indented, so a mistake at the very start of a line is taken
as not belonging to the card above (kept if complete); one at the start of an indented
line is part of it. At most
:data:`MAX_SYNTAX_ERRORS` are reported; past that the rest of the file is not read. The
cards read whole are then checked as usual (:mod:`gtcli.grand_tribunal.lang.cards.sets`), so one run lists
the syntax errors and the other cards' problems.

Card-set files only: game logs stop at their first syntax error (their rule findings
already go on to the end of the log); the log parser's path is tuned for speed
(:mod:`gtcli.grand_tribunal.lang.logs.check`).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from typing import Any

from gtcli.core.diagnostics import Diagnostic, InputError
from gtcli.core.text import fold
from gtcli.grand_tribunal.lang.keywords import KEYWORDS, LANGUAGES, words

MAX_SYNTAX_ERRORS = 10

# Keywords that start a declaration, and the token that must follow each (to tell a card
# keyword from the same word used as a deck or a choice's kind).
_STARTS = {"ITEM": "STRING", "SPELL": "STRING", "RESOURCE": "STRING", "INCLUDE": "STRING",
           "TRANSLATIONS": "STRING", "TYPES": "NAME", "CATEGORIES": "NAME"}


def _header_words(*keywords: str) -> str:
    found = {w for k in keywords for ws in KEYWORDS[k].values() for w in ws}
    found |= {fold(w) for w in found}
    return "|".join(sorted((re.escape(w) for w in found), key=len, reverse=True))


_LANGUAGE_RX = re.compile(
    rf"(?im)^\s*(?:{_header_words('SET', 'TRANSLATION')})\b[^\n#]*?\b(?:{_header_words('LANGUAGE')})\s+([A-Za-z]+)"
)


def detect_language(text: str) -> str | None:
    """The language a header declares (``language es``, ``idioma es``...), if any."""
    match = _LANGUAGE_RX.search(text[:5000])
    if match and fold(match.group(1)) in LANGUAGES:
        return fold(match.group(1))
    return None


@dataclass
class Parsed:
    """What reading one card file gave: its raw form (None if nothing usable), the language
    it was read in, whether the file declares it, and its syntax errors."""

    raw: Any
    lang: str
    declared: bool
    errors: list[Diagnostic] = field(default_factory=list)
    skipped: int = 0  # characters skipped after errors (how badly this language fits)
    warnings: list[Diagnostic] = field(default_factory=list)  # old keyword spellings read (SYN006)


def read_gtc(text: str, path: str | None) -> Parsed:
    """The file read in its declared language, or in the one that fits it best."""
    from gtcli.grand_tribunal.lang.syntax import check_budget

    check_budget(text, "cards", path)
    declared = detect_language(text)
    attempts = []
    for lang in [declared] if declared else LANGUAGES:
        attempt = _read(text, lang, path, declared is not None)
        if not attempt.errors:
            return attempt
        attempts.append(attempt)
    return min(attempts, key=lambda a: (a.skipped, len(a.errors)))  # the first of equals: English first


def _read(text: str, lang: str, path: str | None, declared: bool) -> Parsed:
    from lark.exceptions import UnexpectedInput

    from gtcli.grand_tribunal.lang.cards.ast import CardsTransformer
    from gtcli.grand_tribunal.lang.loader import parser
    from gtcli.grand_tribunal.lang.syntax import gc_paused, syntax_error

    p = parser("cards", lang)
    parsed = Parsed(None, lang, declared)

    def on_error(exc: Any) -> bool:
        parsed.errors.append(syntax_error(exc, text, "cards", lang, path, p, declared))
        if len(parsed.errors) >= MAX_SYNTAX_ERRORS:
            return False
        return _resume(exc, text, lang, parsed)

    try:
        with gc_paused():
            tree = p.parse(text, on_error=on_error)
    except InputError as exc:  # a limit of the lexer (a number too long)
        parsed.errors.extend(exc.located(path).diagnostics)
        parsed.skipped = len(text)
        return parsed
    except UnexpectedInput:  # too many errors, or nowhere to go on from
        if len(parsed.errors) >= MAX_SYNTAX_ERRORS:
            last = parsed.errors[-1]
            parsed.errors[-1] = Diagnostic(last.code, f"{last.message} (the {MAX_SYNTAX_ERRORS}th syntax error: "
                                           "the rest of the file is not read)", last.path, last.line, last.col,
                                           last.hint, last.severity)
        parsed.skipped = len(text)
        return parsed
    transformer = CardsTransformer(path, lang)
    parsed.raw = transformer.transform(tree)
    parsed.warnings = transformer.deprecated
    return parsed


def _resume(exc: Any, text: str, lang: str, parsed: Parsed) -> bool:
    """Set the parser up to go on at the next declaration after ``exc``; False if there is none."""
    from lark.exceptions import UnexpectedToken

    ip = exc.interactive_parser
    if ip is None:
        return False
    state = ip.parser_state
    token = getattr(exc, "token", None)
    if isinstance(exc, UnexpectedToken) and token.type == "$END":
        at, search = len(text), len(text)
    elif isinstance(exc, UnexpectedToken):
        at = token.start_pos
        search = _line_start(text, at) if not text[_line_start(text, at):at].strip() else _next_line(text, at)
    else:  # a character no token starts with
        at = exc.pos_in_stream
        search = _next_line(text, at)
    # A card's attributes and effects are indented: a mistake at the left margin is not part
    # of the card above, which is kept if it is complete. Any other mistake is in the card
    # being read, which is left out whole rather than checked half-read.
    depths = [len(state.value_stack)] if at == _line_start(text, at) and at < len(text) else []
    depths.extend(range(_open_card(state.value_stack), _floor(state.value_stack) - 1, -1))
    while True:
        target, probe = _next_start(text, search, lang)
        depth = next((d for d in depths if _accepts(state, d, probe)), None)
        if depth is not None:
            del state.value_stack[depth:]
            del state.state_stack[depth + 1:]
            _move_lexer(ip.lexer_thread.state, text, target)
            parsed.skipped += target - at
            return True
        if target >= len(text):
            return False
        search = _next_line(text, target)


def _next_line(text: str, at: int) -> int:
    end = text.find("\n", at)
    return len(text) if end < 0 else end + 1


@functools.cache
def _starts(lang: str) -> tuple[re.Pattern[str], dict[str, str]]:
    """A pattern for a line that starts a declaration in ``lang``, and folded word -> keyword."""
    table = {fold(w): keyword for keyword in _STARTS for w in words(keyword, lang)}
    alternatives = sorted({w for keyword in _STARTS for w in words(keyword, lang)}, key=len, reverse=True)
    body = "|".join(re.escape(w) for w in alternatives)
    return re.compile(rf"(?im)^[ \t]*({body})(?![\w'-])"), table


def _next_start(text: str, at: int, lang: str) -> tuple[int, list[Any]]:
    """Where the next declaration starts at or after ``at``, and tokens to try it with."""
    from lark import Token

    pattern, table = _starts(lang)
    match = pattern.search(text, at)
    if match is None:
        return len(text), [Token("$END", "")]
    keyword = table[fold(match.group(1))]
    return match.start(1), [Token(keyword, match.group(1)), Token(_STARTS[keyword], '""')]


def _line_start(text: str, at: int) -> int:
    return text.rfind("\n", 0, at) + 1


def _open_card(values: list[Any]) -> int:
    """The stack depth before the card (or translation entry) being read; all of it if none."""
    for i in range(len(values) - 1, -1, -1):
        if getattr(values[i], "data", None) == "card_kind":
            return i
    return len(values)


def _floor(values: list[Any]) -> int:
    """How far the stacks may be cut: a translation's header stays (without it the rest would
    read as a card set)."""
    return 1 if values and getattr(values[0], "type", None) == "TRANSLATION" else 0


def _accepts(state: Any, depth: int, probe: list[Any]) -> bool:
    """Whether the parser, its stacks cut to ``depth``, takes the tokens of ``probe``.

    Tried on the parse table alone: building tree nodes would change the real ones (Lark
    extends a repeated rule's list of children in place).
    """
    from lark.exceptions import UnexpectedInput
    from lark.parsers.lalr_parser_state import ParseConf, ParserState

    conf = state.parse_conf
    tables_only = ParseConf(conf.parse_table, {}, conf.start)
    trial = ParserState(tables_only, state.lexer, state.state_stack[:depth + 1], [None] * depth)
    try:
        for token in probe:
            trial.feed_token(token, token.type == "$END")
    except UnexpectedInput:
        return False
    return True


def _move_lexer(lexer_state: Any, text: str, target: int) -> None:
    """Point Lark's lexer at ``target`` (lines and columns counted as it would)."""
    counter = lexer_state.line_ctr
    counter.char_pos = target
    counter.line = text.count("\n", 0, target) + 1
    counter.line_start_pos = text.rfind("\n", 0, target) + 1
    counter.column = target - counter.line_start_pos + 1


__all__ = ["MAX_SYNTAX_ERRORS", "Parsed", "detect_language", "read_gtc"]
