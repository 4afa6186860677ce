"""A club's defaults: ``gt.toml``, or ``[tool.gtcli]`` in a ``pyproject.toml``.

Found the way ruff finds its settings: from the folder of the file a command works on
(the current folder for standard input or no file), each folder upward is looked at; in
a folder ``gt.toml`` comes first, then a ``pyproject.toml`` *that has a* ``[tool.gtcli]``
table (one without is passed over, so a Python project's file does not hide the club's
file above it). The first file found is the whole configuration: files are not merged,
so one file says everything that is in force.

A ``pyproject.toml`` belongs to a Python project first: one whose text does not mention
``gtcli`` at all cannot hold gt's table, so it is passed over *without being parsed*: a
syntax error in it, a key past the TOML limits or a file too large is that project's
business and never stops gt (one that cannot be read is listed in :attr:`Config.skipped`).
One that mentions ``gtcli`` is read and checked like a ``gt.toml``: if it cannot be
parsed, gt cannot know what it would set, so it stops with ``CFG001`` as for any club file.

The search stops after a folder that holds ``.git`` (a repository's root: a club archive
checked out somewhere does not pick up settings from the folders around it) and at the
file-system root. A file owned by another user (not root) is passed over and reported
(:attr:`Config.skipped`): in a shared folder such as ``/tmp`` anyone could leave a
``gt.toml`` for the next user, as with git's ``safe.directory``.

The file is read like every other file (:func:`gtcli.core.files.toml_source.read_toml`: regular
files only, a size limit, TOML shape limits) and checked completely before anything uses
it: an unknown key or a wrong value is a ``CFG`` error with the file's line, never
ignored, and every problem of the file is reported in one run (as a table file's are). Values are kept as written; paths in them are relative to the file's folder
(:meth:`Config.folder`), resolved by the command that uses them.

The core knows no setting of its own: the keys a file may hold (:class:`Key`: a name, what
it holds, how its value is checked, gt's default) are each game's and the club archive's
(:func:`gtcli.games.config_keys` gathers them), and every reader passes them in. The
checks shared by several keys live here (:func:`text`, :func:`boolean`, :func:`codes`,
:func:`severity`).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gtcli.core.codes import SEVERITIES, selector_problem
from gtcli.core.diagnostics import InputError
from gtcli.core.files.fields import unknown_field_hint
from gtcli.core.files.reading import is_file
from gtcli.core.files.toml_source import TomlSource, read_toml
from gtcli.core.text import did_you_mean

GT_TOML = "gt.toml"
PYPROJECT = "pyproject.toml"
TABLE = "tool.gtcli"
MAX_SELECTORS = 200
MAX_TEXT = 4096  # a path or a name

# bad(code, message, hint=None, entry=None): the error, at the setting's line (at the line of
# ``entry`` of a setting that is a table of its own, such as [per-file-ignores], when given)
Bad = Callable[..., InputError]


@dataclass(frozen=True)
class Key:
    """One setting a configuration file may hold."""

    name: str
    holds: str  # what it holds (README "A club's settings" says the same, with the commands that use it)
    check: Callable[["Key", Any, Bad], Any]  # the value checked and tidied, or raise bad("CFG003", ...)
    default: Any = None  # gt's own value when no file sets it (what `gt config` shows)
    shown: str | None = None  # how `gt config` words the default, when not as the value itself


Keys = Mapping[str, Key]
KeysGiven = Keys | Callable[[], Keys]  # the keys, or a function that gives them (called once a file is read)


@dataclass(frozen=True)
class Setting:
    value: Any
    line: int | None = None


@dataclass(frozen=True)
class Config:
    """The configuration in force for a folder: a file and what it sets, or nothing."""

    path: Path | None = None
    table: str | None = None  # "tool.gtcli" in a pyproject.toml, None in a gt.toml
    settings: dict[str, Setting] = field(default_factory=dict)
    skipped: tuple[str, ...] = ()  # files passed over, with why

    @property
    def folder(self) -> Path:
        """Where the paths it holds start from."""
        return self.path.parent if self.path else Path.cwd()

    def get(self, key: str, default: Any = None) -> Any:
        setting = self.settings.get(key)
        return default if setting is None else setting.value

    def where(self, key: str) -> str | None:
        """``file:line`` of a setting, None if the file does not set it."""
        setting = self.settings.get(key)
        if setting is None or self.path is None:
            return None
        return f"{self.path}:{setting.line}" if setting.line else str(self.path)


def _owned_by_someone_else(path: Path) -> bool:
    if not hasattr(os, "getuid"):
        return False
    try:
        owner = os.stat(path).st_uid
    except (OSError, ValueError):
        return False
    return owner not in (os.getuid(), 0)


def _mentions_gt(path: Path, skipped: list[str]) -> bool:
    """Whether a pyproject.toml's text names ``gtcli`` (else it cannot hold [tool.gtcli]: module docstring)."""
    from gtcli.core.files.reading import read_bytes

    try:
        return b"gtcli" in read_bytes(path, what="configuration file")
    except InputError as exc:
        skipped.append(f"{path}: {exc.diagnostics[0].message}")
        return False


def start_folder(anchor: str | os.PathLike[str] | None) -> Path:
    """The folder a search starts from: the file's folder, the folder itself, or the current one."""
    if anchor is None or str(anchor) in ("", "-"):
        return Path(os.path.abspath(os.getcwd()))
    path = Path(os.path.abspath(anchor))
    try:
        return path if path.is_dir() else path.parent
    except (OSError, ValueError):
        return path.parent


def find(anchor: str | os.PathLike[str] | None, keys: KeysGiven) -> Config:
    """The configuration in force for ``anchor`` (a file or a folder), found upward (module docstring)."""
    skipped: list[str] = []
    folder = start_folder(anchor)
    for place in (folder, *folder.parents):
        for name in (GT_TOML, PYPROJECT):
            candidate = place / name
            if not is_file(candidate):
                continue
            if _owned_by_someone_else(candidate):
                skipped.append(f"{candidate}: owned by another user")
                continue
            if name == PYPROJECT and not _mentions_gt(candidate, skipped):
                continue
            config = load(candidate, keys, optional=name == PYPROJECT)
            if config is not None:
                return Config(config.path, config.table, config.settings, tuple(skipped))
        try:
            if (place / ".git").exists():
                break
        except (OSError, ValueError):
            break
    return Config(skipped=tuple(skipped))


def load(path: str | os.PathLike[str], keys: KeysGiven, optional: bool = False) -> Config | None:
    """Read one configuration file; with ``optional``, a pyproject.toml without [tool.gtcli] is None."""
    path = Path(path)
    source = read_toml(path, "CFG001", "configuration file")
    data: Any = source.data
    table = None
    tool = data.get("tool")
    if path.name == PYPROJECT or (set(data) == {"tool"} and isinstance(tool, dict) and "gtcli" in tool):
        data = tool.get("gtcli") if isinstance(tool, dict) else None
        if data is None:
            if optional:
                return None
            raise source.error("CFG001", f"{path} has no [{TABLE}] table", "put gt's settings under [tool.gtcli]")
        if not isinstance(data, dict):
            raise source.error("CFG001", f"[{TABLE}] must be a table", key="gtcli", table="tool")
        table = TABLE
    return Config(path, table, _settings(source, data, table, keys() if callable(keys) else keys))


def _settings(source: TomlSource, data: dict[str, Any], table: str | None, keys: Keys) -> dict[str, Setting]:
    """Every setting checked; every problem found is raised together (one run shows them all)."""
    settings: dict[str, Setting] = {}
    problems: list = []
    seen: set[str] = set()
    for raw, value in data.items():
        key = raw.replace("_", "-").lower()
        line, _col = source.locate(raw, table)
        if line is None and isinstance(value, dict):  # a table of its own: [club.aliases], or [club]
            for header in (".".join(filter(None, (table, raw, *list(value)[:1]))), ".".join(filter(None, (table, raw)))):
                line, _col = source.locate(None, header)
                if line is not None:
                    break

        def bad(code: str, message: str, hint: str | None = None, entry: str | None = None,
                raw: str = raw, value: Any = value, line: int | None = line) -> InputError:
            if entry is not None and isinstance(value, dict):  # a line of the setting's own table
                at, col = source.locate(entry, ".".join(filter(None, (table, raw))))
                if at is not None:
                    return source.error(code, message, hint).located(str(source.path), at, col)
            if line is not None and isinstance(value, dict):  # at the table's header
                return source.error(code, message, hint).located(str(source.path), line, 1)
            return source.error(code, message, hint, key=raw, table=table)

        try:
            if key not in keys:
                raise bad("CFG002", f"unknown setting {raw!r}", unknown_field_hint(raw, tuple(keys)))
            if key in seen:
                raise bad("CFG002", f"{key!r} is set twice", "keep one spelling")
            seen.add(key)
            settings[key] = Setting(keys[key].check(keys[key], value, bad), line)
        except InputError as exc:
            problems.extend(exc.diagnostics)
    if problems:
        raise InputError(*problems)
    return settings


# ---- checks shared by several keys ---------------------------------------------------------------
def text(key: Key, value: Any, bad: Bad) -> str:
    """A non-empty text (a path, a name, a word), stripped."""
    if not isinstance(value, str) or not value.strip() or len(value) > MAX_TEXT or "\0" in value:
        raise bad("CFG003", f"{key.name} is a non-empty text ({key.holds}), not {value!r}"[:200])
    return value.strip()


def boolean(key: Key, value: Any, bad: Bad) -> bool:
    if not isinstance(value, bool):
        raise bad("CFG003", f"{key.name} is true or false, not {value!r}")
    return value


def codes(key: Key, value: Any, bad: Bad) -> tuple[str, ...]:
    """Codes or their starts (``T6``, ``X``), upper-case: a list, or one comma-separated text."""
    items = value.split(",") if isinstance(value, str) else value
    if not isinstance(items, list) or not all(isinstance(i, str) for i in items) or len(items) > MAX_SELECTORS:
        raise bad("CFG003", f"{key.name} is a list of codes, such as [\"T6\", \"X\"]")
    chosen = tuple(i.strip().upper() for i in items if i.strip())
    for code in chosen:
        problem = selector_problem(code)
        if problem:
            raise bad("CFG003", f"{key.name}: {problem}")
    return chosen


def severity(key: Key, value: Any, bad: Bad) -> str:
    """The least severity reported: note, warning or error (lower-case)."""
    value = text(key, value, bad)
    if value.lower() not in SEVERITIES:
        raise bad("CFG003", f"severity is one of {', '.join(SEVERITIES)}, not {value!r}",
                  did_you_mean(value, SEVERITIES))
    return value.lower()
