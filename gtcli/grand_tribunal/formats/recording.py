"""The next Tribunal recorded in a session from its lines, or the last one dropped: one way for every caller.

``gt game tribunal`` and the phone's page (``gt game serve``) change a session the same way:
under the session's lock, read as it is now
(:func:`~gtcli.grand_tribunal.formats.session_file.open_session`), the lines read against that
game (:func:`gtcli.grand_tribunal.formats.table_lines.parse_table_lines`: every mistake, each
with its hint), saved atomically by :class:`gtcli.grand_tribunal.formats.session_file.Session`
only if the file is still what was read. ``gt game tribunal`` opens the session with
:func:`session_at` (it asks before saving, under the lock); the phone calls
:func:`record_lines` and :func:`undo_last`, passing the version it showed (:func:`version_of`):
if the session is no longer that version, :class:`Changed` is raised under the lock and
nothing is written.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from gtcli.core.diagnostics import InputError
from gtcli.core.files.guarded import read_stamped
from gtcli.core.files.session_doc import WHAT
from gtcli.grand_tribunal.formats.session_file import Session, open_session, parse_game
from gtcli.grand_tribunal.rules.game import Game, results
from gtcli.grand_tribunal.rules.tribunal import Table, TribunalResult
from gtcli.grand_tribunal.rules.vocabulary import Vocabulary


class Changed(Exception):
    """The session is no longer the version the caller showed: nothing was written."""

    def __init__(self, game: Game, version: str) -> None:
        super().__init__("the session changed since it was shown")
        self.game, self.version = game, version


@dataclass(frozen=True)
class Recorded:
    """What a change did: the game after it, its version, the Tribunal's number and result (a record)."""

    game: Game
    version: str
    number: int
    result: TribunalResult | None
    obsolete: int
    warnings: tuple[str, ...]


def version_of(path: str | Path, vocabulary: Vocabulary) -> tuple[Game, str]:
    """The game a session holds now and its version (the SHA-256 of its bytes), without the lock."""
    text, stamp = read_stamped(path, WHAT)
    return parse_game(text, str(path), vocabulary)[0], stamp.digest


def next_table(text: str, game: Game, path: str | None, lang: str | None = None,
               card_set=None) -> tuple[Table | None, list]:
    """The Tribunal ``text`` holds as ``game``'s next one, or None and every mistake (each with its hint);
    ``card_set``: its card names fill in an Item's type and base, as with ``gt game tribunal --cards``."""
    from gtcli.grand_tribunal.formats.table_lines import parse_table_lines

    return parse_table_lines(text, path=path, session_context=game, lang=lang, card_set=card_set)


@contextmanager
def session_at(path: str | Path, vocabulary: Vocabulary, expect: str | None = None,
               wait: float | None = None) -> Iterator[Session]:
    """``with session_at(path, vocabulary, expect) as s:``: the session under its lock, as it is now;
    :class:`Changed` if it is not the version ``expect`` (None: whatever it is)."""
    with open_session(path, vocabulary, wait) as session:
        if expect is not None and session.doc.stamp.digest != expect:
            raise Changed(session.game, session.doc.stamp.digest)
        yield session


def record_lines(path: str | Path, vocabulary: Vocabulary, text: str, lang: str | None = None,
                 expect: str | None = None, wait: float | None = None, card_set=None) -> Recorded:
    """Record ``text`` as the session's next Tribunal (InputError with every mistake; Changed)."""
    with session_at(path, vocabulary, expect, wait) as s:
        table, problems = next_table(text, s.game, str(path), lang, card_set)
        if table is None or problems:
            raise InputError(*problems)
        obsolete = s.record(table)
        game = s.game
        stamp = s.doc.stamp
    return Recorded(game, stamp.digest, len(game.tables), results(game)[-1], obsolete, tuple(s.warnings))


def undo_last(path: str | Path, vocabulary: Vocabulary, expect: str | None = None,
              wait: float | None = None) -> Recorded:
    """Drop the session's last Tribunal (kept for ``gt game redo``); GAME003 if there is none; Changed."""
    with session_at(path, vocabulary, expect, wait) as s:
        number = len(s.game.tables)
        s.undo()
        game = s.game
        stamp = s.doc.stamp
    return Recorded(game, stamp.digest, number, None, 0, tuple(s.warnings))
