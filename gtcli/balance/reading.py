"""A study read back: what ``gt balance DIR|ARCHIVE...`` (and ``gt balance diff``) count.

:func:`check_arguments` refuses, before anything is read, what cannot be a study: a path
that does not exist (IO001, as ``gt check`` says it) and a card set given where a study was
meant (IO012, with the command that makes a study of it). :func:`read` finds the games
(:mod:`gtcli.balance.sources`), has the executor check every log -- by absolute paths, so
that workers started in another folder (``--scheduler``) read the same files -- and counts
each usable game into a :class:`~gtcli.balance.stats.Tally`; the games left out are counted
by reason (:class:`~gtcli.balance.sources.Exclusions`). A study of which no file could be
used is IO013, never a success.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from gtcli.balance.sources import Exclusions, Found, LogJob, Repeats, find, read_games, summary_of_log
from gtcli.balance.stats import Tally
from gtcli.core.diagnostics import Diagnostic, InputError

CARD_SET_SUFFIX = ".gtc"


@dataclass
class Study:
    """What a study's games add up to."""

    sources: list[str]
    tally: Tally = field(default_factory=Tally)
    excluded: Exclusions = field(default_factory=Exclusions)
    found: Found = field(default_factory=Found)
    repeats: Repeats = field(default_factory=Repeats)  # games read twice, counted once
    unusable: int = 0  # logs that could not be read at all (IO codes; not games left out for their content)

    @property
    def bots(self) -> list[str | None]:
        return [s["bot"] for s in self.found.studies] or [None]


def card_set_of(study: Study) -> Any:
    """The card set the study's games were played with, as its ``study.json`` names it (the shipped
    sample, or the copy under the study's ``cards/``), or None: no study description, several, one
    naming a set elsewhere, or a set that cannot be read."""
    from gtcli.core.diagnostics import InputError as Unusable
    from gtcli.grand_tribunal.lang.cards.sets import load_set
    from gtcli.grand_tribunal.play.simulation import SAMPLE
    from gtcli.grand_tribunal.shipped import cards_dir

    if len(study.found.studies) != 1:
        return None
    described = study.found.studies[0]
    cards = described.get("cards")
    if not isinstance(cards, str):
        return None
    if cards == SAMPLE:
        path = str(cards_dir() / "sample.gtc")
    else:
        folder = os.path.dirname(os.path.abspath(described["file"]))
        path = os.path.normpath(os.path.join(folder, cards))
        if os.path.isabs(cards) or not path.startswith(os.path.join(folder, "")):
            return None  # only the copy gt simulate put inside the study
    try:
        return load_set(path)
    except (Unusable, OSError):
        return None


def check_arguments(paths: tuple[str, ...] | list[str], command: str = "gt balance") -> None:
    """IO001 for a path that does not exist, IO012 for a card set: nothing is read (module docstring)."""
    problems = []
    for path in paths:
        if path.lower().endswith(CARD_SET_SUFFIX) and not os.path.isdir(path):
            problems.append(Diagnostic(
                "IO012", f"{path} is a card set, not a study: {command} reads games (logs, a folder of them, "
                         "games.jsonl)", path=path,
                hint=f"play games with the set first: gt simulate --cards {path} --games 1000 -o study/, "
                     f"then {command} study/"))
        elif not os.path.lexists(path):
            problems.append(Diagnostic("IO001", f"no such file or folder: {path}", path=path,
                                       hint=f"{command} takes what gt simulate -o wrote, a folder of logs "
                                            "(a club's archive), logs and games.jsonl files"))
    if problems:
        raise InputError(*problems)


def absolute_options(options: Any) -> Any:
    """Check options whose files a worker elsewhere can find: every path among them made absolute."""
    changed = {}
    for name in ("cards", "board", "profile", "default_cards", "default_board", "default_profile"):
        value = getattr(options, name, None)
        if isinstance(value, str) and value and os.path.exists(value):
            changed[name] = os.path.abspath(value)
    return replace(options, **changed) if changed else options


def log_jobs(logs: list[str], options_for: Callable[[str], Any]) -> list[LogJob]:
    """One job per log, by absolute path (module docstring)."""
    return [LogJob(os.path.abspath(path), absolute_options(options_for(path))) for path in logs]


def read(paths: tuple[str, ...] | list[str], options_for: Callable[[str], Any], executor, start: Callable,
         progress: Callable[[int], Callable[[], None] | None] | None = None) -> Study:
    """Every game of the paths, counted (module docstring); ``start(work, items, executor)`` maps the
    log checks, ``progress(total)`` gives what to call after each log (or None)."""
    study = Study(list(paths), found=find(tuple(paths)))
    for path in study.found.game_files:
        for game in read_games(path, study.excluded, study.repeats):
            study.tally.add(game)
    jobs = log_jobs(study.found.logs, options_for)
    given = dict(zip((job.path for job in jobs), study.found.logs))  # reported as the user named them
    advance = progress(len(jobs)) if progress else None
    results = start(summary_of_log, jobs, executor)
    try:
        for path, summary, reason in results:
            path = given.get(path, path)
            if summary is None:
                study.unusable += reason.startswith("unusable: IO")  # not read at all (not its content)
                study.excluded.add(path, reason, reason.split(":", 1)[0])
            else:
                study.tally.add(summary)
            if advance is not None:
                advance()
    finally:
        getattr(results, "close", lambda: None)()
    return study


def nothing_usable(study: Study) -> InputError | None:
    """IO013 when no game could be counted: every file unusable, or none found."""
    if study.tally.games:
        return None
    files = len(study.found.logs)
    if files and study.unusable == files and not study.found.game_files:
        message = (f"no game could be used: none of the {files} log(s) could be read "
                   f"(first: {study.excluded.examples[0]['reason']})")
        hint = ("with --scheduler, every worker must read the files at the same absolute paths "
                "(a shared folder: docs/scale.md)")
    else:
        message = "no game could be used" + (f": {study.excluded.count} left out" if study.excluded.count else
                                             ": no log or games.jsonl found")
        hint = "gt balance counts complete, legal games (gt check says why a log is not one)"
    return InputError(Diagnostic("IO013", message, path=", ".join(study.sources)[:200], hint=hint))
