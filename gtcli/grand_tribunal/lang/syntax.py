"""Parse text with a gtcli grammar and turn Lark's exceptions into friendly diagnostics.

Every syntax problem becomes one ``SYN`` diagnostic at the exact token, with the words
the parser expected (spelled in the file's language) and a "did you mean" when the
unexpected word is close to one of them. A few common mistakes get a sentence of their
own, recognised with Lark's ``match_examples`` (as in Lark's error_reporting_lalr example).

Parsing costs time per token (Lark handles some 100,000 a second), so before the parser
runs, a C-speed count of words, strings and signs checks :data:`MAX_TOKENS`: a card file
far larger than any set of 500 cards, or a log far longer than a game, is one ``SYN005``
diagnostic at once instead of many seconds of parsing. Numbers are bounded as they are
lexed (:func:`gtcli.grand_tribunal.lang.loader.bounded_int`).
"""

from __future__ import annotations

import contextlib
import gc
import re
from collections.abc import Iterator
from typing import Any

from gtcli.core.diagnostics import Diagnostic, InputError
from gtcli.core.text import did_you_mean
from gtcli.grand_tribunal.lang.keywords import KEYWORDS, spelling
from gtcli.grand_tribunal.lang.loader import parse_function, parser, transformer

# Budgets per grammar: about ten times the largest set (500 cards of ~10 tokens), and a log
# of 100,000 four-token turns (the 2 MB file cap allows denser text).
MAX_TOKENS = {"cards": 50_000, "transcript": 500_000}
_TOKEN = re.compile(r'#[^\n]*|"(?:[^"\\\n]|\\.)*"|\w+|[^\w\s]')  # what the lexers make tokens of, near enough

TOKEN_WORDS = {
    "STRING": 'a "quoted name"', "INT": "a number", "NAME": "a word", "CHOICE": "a $choice",
    "COLON": "':'", "COMMA": "','", "SEMICOLON": "';'", "SIGN": "'+' or '-'", "$END": "the end of the file",
    "_NL": "a new line", "HANDLE": "a ?handle (a hidden card)",
}

# Common mistakes, by example (English keywords; the parser state is the same in every language).
EXAMPLES: dict[str, dict[str, list[str]]] = {
    "cards": {
        "a trigger needs ':' before its effects (on cast: gain 2 vis)": [
            'spell "A" category runic on cast gain 1 vis',
            'resource "A" on play gain 1 vis',
        ],
        "a card's name must be in double quotes": ["item A", "spell Fog", "resource Cache"],
        "an amount must be a whole number": ['resource "A" on play: gain vis', 'resource "A" on play: gain two vis'],
        "a choice is written $name followed by its kind (choose $who player)": [
            'spell "A" category runic on cast choose who player: gain 1 vis',
        ],
    },
}


_WHAT = {"cards": "card file", "transcript": "log"}


@contextlib.contextmanager
def gc_paused() -> Iterator[None]:
    """Run a block without Python's cyclic garbage collector (restored after, if it was on).

    Parsing and replaying a big log allocate hundreds of thousands of small objects that
    all stay alive, and the collector walks them again and again for nothing: a third of
    the time of a 100,000-turn log. The objects hold no cycles worth collecting early;
    whatever there is is collected once the block ends.
    """
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def describe_expected(expected: set[str] | frozenset[str], lang: str) -> list[str]:
    words = []
    for name in sorted(expected):
        if name in KEYWORDS:
            words.append(spelling(name, lang))
        else:
            words.append(TOKEN_WORDS.get(name, name.lower()))
    return sorted(set(words))


def parse(text: str, grammar: str, lang: str, path: str | None, transformer_class: type | None = None) -> Any:
    """The parse tree of ``text``, or an :class:`InputError` with one SYN diagnostic.

    With ``transformer_class`` the result is what that transformer makes of the tree
    (run inline, see :func:`gtcli.grand_tribunal.lang.loader.parser`); it learns the file's path first.
    """
    _ready(text, grammar, lang, path, transformer_class)
    try:
        with gc_paused():
            return parse_function(grammar, lang, transformer_class)(text)
    except InputError as exc:  # a limit of the lexer (a number too long: loader.bounded_int)
        raise exc.located(path) from None
    except Exception as exc:  # Lark was imported to parse the text again: its error, or a real bug
        from lark.exceptions import UnexpectedInput

        if not isinstance(exc, UnexpectedInput):
            raise
        p = parser(grammar, lang, transformer_class)
        raise InputError(syntax_error(exc, text, grammar, lang, path, p)) from None


def parses(text: str, grammar: str, lang: str, path: str | None, transformer_class: type | None = None) -> Any:
    """What :func:`parse` gives for ``text`` if it parses in ``lang``, else None: no error is made.

    Trying one language after another (a log that does not say its language) needs only
    to know which one fits. Working out Lark's exact error for each that does not (Lark
    parses the text again, :mod:`gtcli.core.parsing.fast_lalr`) made a broken log cost four slow
    parses where one is enough: the caller asks :func:`parse` for the error it reports.
    """
    attempt = getattr(parse_function(grammar, lang, transformer_class), "attempt", None)
    if attempt is None:  # Lark's own parser only (another Lark layout): its error is the answer
        try:
            return parse(text, grammar, lang, path, transformer_class)
        except InputError:
            return None
    _ready(text, grammar, lang, path, transformer_class)
    try:
        with gc_paused():
            return attempt(text)
    except InputError:  # a limit of the lexer (a number too long): no parse in this language
        return None


def _ready(text: str, grammar: str, lang: str, path: str | None, transformer_class: type | None) -> None:
    """Once ``text`` is within budget, the transformer for ``lang`` told the file's path."""
    check_budget(text, grammar, path)
    if transformer_class is not None:
        t = transformer(lang, transformer_class)
        t.path = path
        t.deprecated = []  # an attempt that failed may have left some


def count_tokens(text: str) -> int:
    """The words, strings, comments and signs of ``text``, as the budget counts them. No token
    spans a line, so the count of a text is the sum of its lines' (gt play counts a tail only)."""
    return len(_TOKEN.findall(text))


def check_budget(text: str, grammar: str, path: str | None) -> None:
    """SYN005 (an :class:`InputError`) for a text with more tokens than its grammar's budget."""
    budget = MAX_TOKENS.get(grammar)
    if budget is not None and len(text) > budget:  # fewer characters than the budget: fewer tokens too
        count = count_tokens(text)
        if count > budget:
            raise InputError(Diagnostic("SYN005", f"{count} words, names and signs; a {_WHAT[grammar]} may have "
                                        f"{budget}", path=path, hint="split it into smaller files"))


def syntax_error(exc: Any, text: str, grammar: str, lang: str, path: str | None, p: Any,
                 declared: bool = True) -> Diagnostic:
    """The SYN diagnostic for one Lark parse error of ``p`` (the parser for ``lang``).

    ``declared``: the file says its language (else ``lang`` is the one that fitted best),
    which changes how a keyword of another language is pointed out.
    """
    from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken

    line, col = getattr(exc, "line", None), getattr(exc, "column", None)
    if line is not None and line < 0:
        line, col = None, None
    special = None
    if grammar in EXAMPLES and isinstance(exc, UnexpectedToken):
        try:
            special = exc.match_examples(p.parse, EXAMPLES[grammar], use_accepts=True)
        except Exception:  # match_examples re-parses examples; never let that hide the real error
            special = None
    expected = set(getattr(exc, "expected", None) or getattr(exc, "allowed", None) or ())
    wanted = describe_expected(expected, lang)
    hint = None
    slip = _slip(exc, text, grammar, lang, p, expected) if isinstance(exc, UnexpectedToken) else None
    if slip is not None:  # a common slip of a log's moves, told where it is (lang/logs/slips.py)
        line = text.count("\n", 0, slip.at) + 1
        col = slip.at - text.rfind("\n", 0, slip.at)
        return Diagnostic("SYN001", slip.message, path=path, line=line, col=col, hint=slip.hint)
    if isinstance(exc, UnexpectedToken) and exc.token.type != "$END":
        got = str(exc.token)
        message = f"unexpected {got!r}"
        foreign = _foreign(exc, text, grammar, lang, p, expected, declared)
        if foreign:
            message, hint = foreign
        else:
            hint = did_you_mean(got, [w for w in wanted if not w.startswith(("a ", "'", "the "))])
    elif isinstance(exc, UnexpectedCharacters):
        char = text[exc.pos_in_stream] if exc.pos_in_stream < len(text) else ""
        message = "a string is not closed" if char == '"' else f"unexpected character {char!r}"
        hint = 'close the string with " on the same line' if char == '"' else None
    elif isinstance(exc, (UnexpectedEOF, UnexpectedToken)):
        message = "the file ends too early"
    else:  # pragma: no cover - every Lark parse error is one of the above
        message = "cannot read this"
    if special:
        message = f"{message}: {special}"
    if wanted and not hint:
        hint = "expected " + ", ".join(wanted[:8]) + (", ..." if len(wanted) > 8 else "")
    code = "SYN002" if isinstance(exc, UnexpectedCharacters) else "SYN001"
    return Diagnostic(code, message, path=path, line=line, col=col, hint=hint)


def _slip(exc: Any, text: str, grammar: str, lang: str, p: Any, expected: set[str]) -> Any:
    """The slip of a log's moves that stopped the parser (:mod:`gtcli.grand_tribunal.lang.logs.slips`), or None."""
    if grammar != "transcript":
        return None
    from gtcli.grand_tribunal.lang.logs import slips

    token = exc.token
    stop = len(text) if token.type == "$END" else getattr(token, "start_pos", None)
    if stop is None:
        return None
    if "COLON" in expected:  # the word before was taken for the next turn's player
        found = slips.missing_comma(text, stop, lang)
        if found is not None:
            return found
    if token.type == "NAME" and "STRING" in expected:
        return slips.unquoted_card(text, stop, lang, slips.keyword_terminals(p.terminals))
    return None


def _foreign(exc: Any, text: str, grammar: str, lang: str, p: Any, expected: set[str],
             declared: bool) -> tuple[str, str] | None:
    """(message, hint) when the unexpected word is a keyword of another language."""
    from gtcli.grand_tribunal.lang.keywords import LANGUAGE_NAMES, foreign_keyword

    start = getattr(exc.token, "start_pos", None)
    if start is None:
        return None
    keywords = [t.name for t in p.terminals if t.name in KEYWORDS]
    found = foreign_keyword(text, start, lang, keywords, expected)
    if found is None:
        return None
    whose = " and ".join(LANGUAGE_NAMES[other] for other in found.languages)
    mine = LANGUAGE_NAMES[lang]
    where = f"this {_WHAT[grammar]} is {mine}" if declared else f"the rest of this {_WHAT[grammar]} reads as {mine}"
    message = f"unexpected {found.word!r}: that is {whose} for {spelling(found.keyword, 'en')!r}; {where}"
    hint = f"in {mine}: {spelling(found.keyword, lang)!r}"
    if not declared:
        hint += f'; or declare the language of the file in its header: set "..." language {found.languages[0]}'
    return message, hint
