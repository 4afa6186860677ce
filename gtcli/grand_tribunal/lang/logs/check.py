"""Load a game log: parse it in its language, read its header, find its card set and board.

``check_file`` is what ``gt check``, ``gt replay`` and ``gt play`` share: a log path in,
a :class:`~gtcli.grand_tribunal.rules.replay.ReplayResult` out, with every problem as a diagnostic.

Logs come from strangers, so a log's ``[Cards]``, ``[Board]`` and ``[Profile]`` tags may
name only the shipped sample and files inside the log's own folder (after following
symlinks); anything else takes the command line (``--cards PATH``...) or an explicit
``--allow-outside``. A file a log names that does not parse as what it was named as is
reported without a word of its content (``[Cards "/etc/passwd"]`` must not answer with
the first word of the file). A log holds no control characters (ESC, CSI...): they
could only be there to act on a terminal.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from pathlib import Path

from gtcli.core.diagnostics import Diagnostic, InputError, Pos
from gtcli.core.files.reading import resolved
from gtcli.core.files.toml_source import read_text
from gtcli.core.text import codepoint, control_at, fold
from gtcli.grand_tribunal.lang.keywords import HEADER_TAGS, LANGUAGES, header_tag
from gtcli.grand_tribunal.rules.log import Log
from gtcli.grand_tribunal.rules.profiles import RuleProfile
from gtcli.grand_tribunal.shipped import SAMPLE_NAMES, shipped_or_given

__all__ = ["SAMPLE_NAMES", "Checked", "Header", "Options", "check_file", "parse_log", "read_header", "resolve_path"]

MAX_LOG_BYTES = 2_000_000


@dataclass
class Header:
    players: tuple[str, ...] = ()
    cards: str | None = None
    board: str | None = None
    profile: str | None = None
    variants: str = ""
    language: str | None = None
    other: dict[str, str] = field(default_factory=dict)
    positions: dict[str, Pos] = field(default_factory=dict)


_TAG = re.compile(r'^\s*\[\s*([^\W\d_][\w\'-]*)\s+"([^"]*)"\s*\]', re.M)


def declared_language(text: str) -> str | None:
    for name, value in _TAG.findall(text[:5000]):
        if header_tag(name) == "language" and fold(value) in LANGUAGES:
            return fold(value)
    return None


def parse_log(text: str, path: str, lang: str | None = None) -> Log:
    """Parse ``text``: in ``lang``, the declared language, or the first language that fits.

    The quick reader (:mod:`gtcli.grand_tribunal.lang.logs.quick`) reads it if it can, else the
    LALR parse does (which gives every syntax error); both give the same Log.
    """
    from gtcli.grand_tribunal.lang.logs.ast import LogTransformer
    from gtcli.grand_tribunal.lang.logs.quick import read_log
    from gtcli.grand_tribunal.lang.syntax import check_budget, parse, parses

    at = control_at(text)
    if at is not None:
        line = text.count("\n", 0, at) + 1
        raise InputError(Diagnostic("SYN002", f"a control character ({codepoint(text[at])}) is not allowed in a log",
                                    path=path, line=line, col=at - text.rfind("\n", 0, at),
                                    hint="a log is plain text; such a character could only act on a terminal"))
    declared = lang or declared_language(text)
    check_budget(text, "transcript", path)  # SYN005 before any reading, as parse and parses check it
    if not declared:  # the first language it parses in; if none, the error in the first of them
        for language in LANGUAGES:
            log = read_log(text, path, language)
            if log is None:
                log = parses(text, "transcript", language, path, LogTransformer)
            if log is not None:
                return log
    else:
        log = read_log(text, path, declared)
        if log is not None:
            return log
    try:
        return parse(text, "transcript", declared or LANGUAGES[0], path, LogTransformer)
    except InputError as exc:  # another of gt's files (a table, a session) is named for what it is
        from gtcli.grand_tribunal.lang.logs.other_kinds import other_kind

        raise (other_kind(text, path) or exc) from None


def read_header(log: Log) -> tuple[Header, list[Diagnostic]]:
    header, problems = Header(), []
    for name, value, pos in log.tags:
        tag = header_tag(name)
        header.positions[tag or name] = pos
        if tag == "players":
            header.players = tuple(p.strip() for p in re.split(r"[,;]", value) if p.strip())
        elif tag in ("cards", "board", "profile", "variants", "language"):
            setattr(header, tag, value.strip())
        elif tag in ("event", "date"):
            header.other[tag] = value
        else:
            header.other[name] = value
            problems.append(Diagnostic.at_pos("SYN003", f"unknown header tag [{name}]", pos,
                                              f"known tags: {', '.join(t['en'][0] for t in HEADER_TAGS.values())}",
                                              severity="note"))
    return header, problems


def resolve_path(spec: str | None, log_path: str, sample_file: str | None,
                 allow_outside: bool = False) -> str | None:
    """The file a log's tag names: ``"sample"`` is the shipped one, other paths are relative to the log.

    Unless ``allow_outside``, the file must be inside the log's folder once symlinks are
    followed (IO005 otherwise): a log from a stranger must not make gt read ``/etc/passwd``.
    """
    if spec is None:
        return None
    if sample_file is not None and fold(spec) in SAMPLE_NAMES:
        return _shipped(sample_file)
    path = Path(spec)
    target = path if path.is_absolute() else Path(log_path).parent / path
    if not allow_outside and not resolved(target).is_relative_to(resolved(Path(log_path).parent)):
        raise InputError(Diagnostic(
            "IO005", f"the log names {spec!r}, which is not in the log's folder", path=log_path,
            hint="a log may name the shipped sample and files beside it; give another file on the command "
                 "line (--cards, --board, --profile), or add --allow-outside if you trust this log"))
    return str(target)


@functools.cache
def _shipped(sample_file: str) -> str:
    """The path of a file gt ships: found once per process (a ``gt check`` of many logs asks at each)."""
    from gtcli.grand_tribunal.shipped import cards_dir

    return str(cards_dir() / sample_file)


def _unparsable(exc: InputError, path: str, what: str) -> InputError:
    """A named file that does not parse as ``what``, reported without a word of its content."""
    syntax = [d for d in exc.diagnostics if d.code.startswith("SYN")]
    if not syntax:
        return exc
    where = f" (line {syntax[0].line})" if syntax[0].line else ""
    return InputError(Diagnostic("CARD009", f"{path} is not {what}: it does not parse{where}", path=path,
                                 hint=f"`gt cards check {path}` shows why"))


@dataclass
class Options:
    cards: str | None = None
    board: str | None = None
    profile: str | None = None
    strict: bool = False
    first: bool = False
    until_line: int | None = None
    live: bool = False  # a log still being written (gt play): its last turn stays open
    require_complete: bool = False  # a log that stops before the Grand Tribunal is an error (R7)
    allow_outside: bool = False  # the log's tags may name files outside its folder (--allow-outside)
    observe: object = None  # called with the referee before each event of a live or stopped replay (Referee.observe)
    # A club's defaults (gt.toml, gtcli.core.files.config), for a log whose header does not say: the
    # command line (the fields above) comes first, then the log's own tags, then these.
    default_cards: str | None = None
    default_board: str | None = None
    default_profile: str | None = None


def check_file(path: str, options: Options, text: str | None = None):
    """Read, parse and replay one log. Unusable input raises :class:`InputError`."""
    from gtcli.grand_tribunal.formats.board_file import load_board
    from gtcli.grand_tribunal.formats.profile_file import load_profile
    from gtcli.grand_tribunal.lang.cards.sets import load_set, with_translation
    from gtcli.grand_tribunal.rules.profiles import builtin as builtin_profile
    from gtcli.grand_tribunal.rules.replay import Referee
    from gtcli.grand_tribunal.rules.variants import parse_variants

    if text is None:
        text = read_text(path, "log", MAX_LOG_BYTES)
    log = parse_log(text, path)
    header, notes = read_header(log)

    def at(tag: str, exc: InputError) -> InputError:
        pos = header.positions.get(tag, Pos(path, 1, 1))
        return exc.located(path, pos.line, pos.col)

    seats = header.players
    if not seats:
        raise InputError(Diagnostic("S1", "the log names no players", path=path, line=1, col=1,
                                    hint='add a header line: [Players "Ana, Ben, Caro"] (seat order)'))
    try:
        if options.profile:
            profile: RuleProfile = load_profile(options.profile)
        elif header.profile and header.profile.endswith(".toml"):  # a profile file beside the log
            profile = load_profile(resolve_path(header.profile, path, None, options.allow_outside))
        else:  # a built-in profile's name, never a file
            profile = builtin_profile(header.profile) if header.profile else load_profile(options.default_profile)
    except InputError as exc:
        raise at("profile", exc) if options.profile or header.profile else exc from None
    try:
        cards_path = shipped_or_given(options.cards) \
            or resolve_path(header.cards, path, "sample.gtc", options.allow_outside) \
            or resolve_path(options.default_cards, path, "sample.gtc", allow_outside=True)
    except InputError as exc:
        raise at("cards", exc) from None
    if cards_path is None:
        raise InputError(Diagnostic("K1", "the log names no card set", path=path, line=1, col=1,
                                    hint='add [Cards "sample"] (the shipped sample) or a path, or use --cards '
                                         '(or `cards` in a club\'s gt.toml)'))
    try:
        card_set = with_translation(load_set(cards_path), cards_path, log.language)
    except InputError as exc:
        exc = _unparsable(exc, cards_path, "a card set")
        raise at("cards", exc) if header.cards and not options.cards else exc from None
    board = None
    try:
        board_spec = shipped_or_given(options.board, "board") \
            or resolve_path(header.board, path, "sample-board.toml", options.allow_outside) \
            or resolve_path(options.default_board, path, "sample-board.toml", allow_outside=True)
        if board_spec:
            board = load_board(board_spec)
    except InputError as exc:
        raise at("board", exc) if header.board and not options.board else exc from None
    try:
        variants = parse_variants(header.variants) | frozenset(profile.variants)  # a house profile's too
    except InputError as exc:
        raise at("variants", exc) from None
    problems = list(notes) + list(log.deprecated)
    if not profile.min_players <= len(seats) <= profile.max_players:
        pos = header.positions.get("players", Pos(path, 1, 1))
        problems.append(Diagnostic.at_pos("S1", f"{len(seats)} players; the game takes {profile.min_players} to "
                                          f"{profile.max_players}", pos))
    if len({fold(s) for s in seats}) != len(seats):
        problems.append(Diagnostic.at_pos("S1", "a player is listed twice", header.positions.get("players")))
    referee = Referee(log, card_set, profile, seats, board, variants, options.strict, options.first,
                      options.until_line, options.live, require_complete=options.require_complete)
    referee.diagnostics.extend(problems)
    referee.observe = options.observe
    from gtcli.grand_tribunal.lang.syntax import gc_paused

    with gc_paused():
        result = referee.run()
    return Checked(log, result, text, card_set, cards_path, referee)


@dataclass
class Checked:
    log: Log
    result: object  # gtcli.grand_tribunal.rules.replay.ReplayResult
    text: str
    card_set: object  # gtcli.grand_tribunal.rules.cards.CardSet
    cards_path: str
    referee: object = None  # the gtcli.grand_tribunal.rules.replay.Referee that made ``result``, to go on from (gt play)
    # (offset of a line start, tokens of ``text`` before it): gt play counts a long log's
    # token budget from there instead of from the start (gtcli.grand_tribunal.play.incremental)
    prefix_tokens: tuple[int, int] | None = None

