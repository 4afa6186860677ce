"""Grand Tribunal's settings in a club's configuration (``gt.toml``, ``[tool.gtcli]``), and what they mean.

:mod:`gtcli.core.files.config` finds and reads the file with the keys the games register;
this game's are :data:`KEYS` (each checked completely: an unknown language, profile or
variant is a ``CFG003`` at its line). A ``profile``, ``cards`` or ``board`` path is relative
to the file (:func:`path_value`), and a log is replayed with the club's card set, board and
profile as defaults for a header that names none (:func:`log_options`). Which file is in
force for a command, and what the command line overrides, is the shell's
(:mod:`gtcli.cli.settings`).
"""

from __future__ import annotations

import os
from typing import Any

from gtcli.core.diagnostics import MAX_FINDINGS, InputError
from gtcli.core.files.config import Bad, Config, Key, boolean, codes, severity, text
from gtcli.core.files.fields import is_int
from gtcli.core.text import did_you_mean, one_of

PATH_KEYS = ("profile", "cards", "board")


def path_value(config: Config, key: str) -> str | None:
    """A ``profile``, ``cards`` or ``board`` setting as a command takes it: a path relative to the
    file made absolute (``~`` expanded); ``sample`` (cards, board) and a built-in profile's name
    kept as names, as on the command line."""
    from gtcli.core.text import fold
    from gtcli.grand_tribunal.shipped import SAMPLE_NAMES

    value = config.get(key)
    if value is None:
        return None
    if (key == "profile" and not value.endswith(".toml")) or (key != "profile" and fold(value) in SAMPLE_NAMES):
        return value
    return str(config.folder / os.path.expanduser(value))


def setting(config: Config, key: str) -> Any:
    return path_value(config, key) if key in PATH_KEYS else config.get(key)


def log_options(config: Config, *, cards: str | None = None, board: str | None = None, profile: str | None = None,
                **fields: Any):
    """:class:`gtcli.grand_tribunal.lang.logs.check.Options` for replaying a log: the card set, board and
    profile given (on the command line), and the club's ``config`` as defaults for a log whose header
    names none."""
    from gtcli.grand_tribunal.lang.logs.check import Options

    return Options(cards, board, profile, default_cards=setting(config, "cards"),
                   default_board=setting(config, "board"), default_profile=setting(config, "profile"), **fields)


# ---- the keys -----------------------------------------------------------------------------------------
def _profile(key: Key, value: Any, bad: Bad) -> str:
    value = text(key, value, bad)
    if not value.endswith(".toml"):
        from gtcli.grand_tribunal.rules.profiles import BUILTIN

        if value not in BUILTIN:
            raise bad("CFG003", f"unknown rule profile {value!r}",
                      did_you_mean(value, BUILTIN) or f"built-in profiles: {one_of(BUILTIN)}; or a .toml file")
    return value


def _language(key: Key, value: Any, bad: Bad) -> str:
    from gtcli.grand_tribunal.lang.keywords import LANGUAGES

    value = text(key, value, bad)
    if value.lower() not in LANGUAGES:
        raise bad("CFG003", f"unknown language {value!r}", did_you_mean(value, LANGUAGES) or
                  f"languages: {one_of(LANGUAGES)}")
    return value.lower()


def _variants(key: Key, value: Any, bad: Bad) -> tuple[str, ...]:
    """Written into a new log's [Variants] tag as given, once known to be variants."""
    from gtcli.grand_tribunal.rules.variants import parse_variant_list

    items = value.split(",") if isinstance(value, str) else value
    if not isinstance(items, list) or not all(isinstance(i, str) for i in items) or len(items) > 20:
        raise bad("CFG003", "variants is a list of variant names or codes, such as [\"X4\", \"Rotación Rápida\"]")
    try:
        parse_variant_list(items)
    except InputError as exc:
        found = exc.diagnostics[0]
        raise bad("CFG003", f"variants: {found.message}", found.hint) from None
    return tuple(i.strip() for i in items if i.strip())


MAX_PATTERNS = 200


def _per_file_ignores(key: Key, value: Any, bad: Bad) -> dict[str, tuple[str, ...]]:
    """``[per-file-ignores]``: a glob pattern (from the file's folder) -> the codes gt check leaves
    out of the logs it matches (:mod:`gtcli.core.suppressions`); every bad entry reported at its line."""
    from gtcli.core.suppressions import glob_problem

    if not isinstance(value, dict) or len(value) > MAX_PATTERNS:
        raise bad("CFG003", f"per-file-ignores is a table of at most {MAX_PATTERNS} patterns, each with its codes",
                  '[per-file-ignores]\n"archive/2019/*.gtl" = ["T6"]')
    found: dict[str, tuple[str, ...]] = {}
    problems: list = []
    for pattern, listed in value.items():
        def at(code: str, message: str, hint: str | None = None, pattern: str = pattern) -> InputError:
            return bad(code, message, hint, entry=pattern)

        try:
            problem = glob_problem(pattern)
            if problem:
                raise at("CFG003", f"per-file-ignores: {problem}", "write it from this file's folder: \"logs/2019/*.gtl\"")
            found[pattern] = codes(Key(f"per-file-ignores {pattern!r}"[:120], key.holds, codes), listed, at)
        except InputError as exc:
            problems.extend(exc.diagnostics)
    if problems:
        raise InputError(*problems)
    return found


def _max_findings(key: Key, value: Any, bad: Bad) -> int:
    if not is_int(value) or not 0 <= value <= 1_000_000_000:
        raise bad("CFG003", f"max-findings is a whole number from 0 (all), not {value!r}")
    return value


KEYS = (
    Key("profile", "rule profile: a built-in name or a .toml file", _profile,
        shown="the log's [Profile], else official"),
    Key("cards", "card set for logs that name none: 'sample' or a .gtc file", text, shown="the log's [Cards]"),
    Key("board", "board profile for logs that name none: 'sample' or a .toml file", text,
        shown="the log's [Board], else none"),
    Key("language", "language of new logs (gt play --new) and of gt fmt's output", _language,
        shown="the log's own (gt fmt); en (gt play --new)"),
    Key("variants", "official variants new logs turn on (gt play --new): codes or names", _variants, [],
        "none (gt play --new)"),
    Key("select", "codes gt check reports (whole codes or their start); default all", codes, [], "every code"),
    Key("ignore", "codes gt check leaves out", codes, [], "none"),
    Key("per-file-ignores", "codes gt check leaves out of the logs a pattern matches (patterns from this file's "
        "folder)", _per_file_ignores, {}, "none"),
    Key("severity", "least severity gt check reports: note, warning or error", severity, "note"),
    Key("max-findings", "findings shown per file (0: all)", _max_findings, MAX_FINDINGS),
    Key("strict", "gt check --strict: a turn with fewer than two slots is an error", boolean, False),
    Key("require-complete", "gt check --require-complete: an unfinished log is an error", boolean, False),
)
