"""A ``gt simulate`` run: games played by the executor, written to a study folder, counted.

:func:`run` is the whole run but for the terminal: it checks the folder before the first
game (IO008: nothing is written if any name this run would write is taken, unless
``overwrite``), tidies what a killed run left there (:meth:`~gtcli.balance.folder.StudyFolder.stale`),
starts the executor before any file is written, then writes each game as it comes (a log,
or a line of ``games.jsonl`` with ``--stats-only``) and counts it. However the run ends --
every game played, Ctrl-C, SIGTERM or SIGHUP (:mod:`gtcli.balance.stopping`), or a disk
that refuses a write (IO002) -- the games finished are kept, ``study.json`` says how many
and why the run stopped, and the executor's workers are stopped. The game numbers are a
``range``, never a list: ten million games cost no memory before the first is played.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from gtcli.balance.folder import MAX_LOGS, Stream, StudyFolder, log_name
from gtcli.balance.stats import Tally
from gtcli.balance.stopping import exit_code, signal_of, stopping_on_signals
from gtcli.balance.study import companion_files, describe, study_id
from gtcli.core.diagnostics import Diagnostic, InputError
from gtcli.core.escaping import json_text

GAMES_FILE = "games.jsonl"


@dataclass
class Outcome:
    """How a run went: what ``gt simulate`` prints and ``--json`` holds (docs/json.md)."""

    games: int
    done: int = 0
    written: int = 0
    replaced: int = 0
    seconds: float = 0.0
    stopped: bool = False
    signal: str | None = None
    exit_code: int = 0  # 128 + the signal that stopped it; 0 otherwise
    tally: Tally = field(default_factory=Tally)
    study_id: str | None = None  # what identifies the study's games (:func:`gtcli.balance.study.study_id`)
    resumed: int | None = None  # --resume: the games the folder kept already
    kept_elsewhere: int = 0  # --resume --stats-only: of those, the ones in recovered files, not games.jsonl
    tidied: list[tuple[str, str | None]] = field(default_factory=list)  # (temp, adopted as) a killed run left
    left_alone: list[tuple[str, str]] = field(default_factory=list)  # (temp, why): not provably a killed run's
    error: InputError | None = None  # a write the disk refused (IO002): raised after everything is put away


def too_many_logs(folder: str | None, stats_only: bool, games: int) -> str | None:
    """Why this many logs cannot go in one folder, or None."""
    if folder and not stats_only and games > MAX_LOGS:
        return (f"at most {MAX_LOGS} logs in one folder (gt check reads as many in a run); "
                "use --stats-only, or several runs with other seeds")
    return None


def open_folder(folder: str, study, games: int, overwrite: bool) -> tuple[StudyFolder, dict[str, str]]:
    """The study folder and the files to write beside the logs; IO008 if a name is taken (and no overwrite)."""
    out = StudyFolder(folder)
    try:
        extra = companion_files(study) if study.logs else {}
        names = [log_name(i, games) for i in range(games)] if study.logs else [GAMES_FILE]
        taken = out.taken([*names, "study.json", *extra])
    except BaseException:
        out.close()
        raise
    if taken and not overwrite:
        out.close()
        raise InputError(Diagnostic("IO008", f"{folder} already holds {len(taken)} of the files this run would "
                                    f"write ({', '.join(taken[:3])}{', ...' if len(taken) > 3 else ''}); "
                                    "nothing was written", path=folder,
                                    hint="write to another folder, add --overwrite to replace them, or --resume "
                                         "to finish an unfinished study there (the same command)"))
    return out, extra


def run(study, games: int, card_set, left_out, executor, start: Callable, folder: str | None = None,
        overwrite: bool = False, advance: Callable[[], None] | None = None, resume: bool = False) -> Outcome:
    """Play ``games`` games of ``study`` (module docstring). ``start(work, items, executor)`` starts
    the map (the command's, which makes an executor that cannot run a usage error). ``resume``: only
    the games the folder's unfinished study lacks (:mod:`gtcli.balance.resuming`)."""
    from gtcli.grand_tribunal.play.simulation import games as work

    outcome = Outcome(games, study_id=study_id(study))
    resumed = None
    if folder and resume:
        from gtcli.balance.resuming import open_to_resume

        out, resumed = open_to_resume(folder, study, games, outcome.study_id)
        extra = companion_files(study) if study.logs else {}
        outcome.tidied, outcome.left_alone, outcome.resumed = resumed.tidied, resumed.left_alone, resumed.kept
        outcome.kept_elsewhere = resumed.kept_elsewhere
        outcome.done = resumed.kept if study.logs else 0
    else:
        out, extra = open_folder(folder, study, games, overwrite) if folder else (None, {})
    started = time.monotonic()
    try:
        items = resumed.missing if resumed is not None else range(games)
        results = start(work(study), items, executor)  # before any file is written (but what a killed run left)
    except BaseException:
        if out is not None:
            out.close()
        raise
    stream = None
    try:
        with stopping_on_signals() as hold:
            try:
                if out is not None:
                    if resumed is None:  # a resumed run tidied before it counted what was kept
                        outcome.tidied, outcome.left_alone = out.stale()
                    for name, text in extra.items():
                        out.write(name, text)
                    _describe(out, study, card_set, left_out, executor, outcome, finished=False)  # until it is
                    stream = Stream(out, GAMES_FILE, keep=resumed is not None) if not study.logs else None
                _play(results, study, games, out, stream, outcome, advance, hold.whole)
            except KeyboardInterrupt as exc:  # Ctrl-C, SIGTERM, SIGHUP: keep what is done
                outcome.stopped, outcome.exit_code = True, exit_code(exc)
                outcome.signal = _signal_name(signal_of(exc))
            except InputError as exc:
                if not any(d.code == "IO002" for d in exc.diagnostics):
                    raise
                outcome.error = exc
            finally:
                hold()  # a later signal must not cut the putting away short
                getattr(results, "close", lambda: None)()  # stops the pool or the cluster
                outcome.seconds = time.monotonic() - started
                if out is not None:
                    _put_away(out, stream, study, card_set, left_out, executor, outcome)
    finally:
        if out is not None:
            out.close()
    return outcome


def _play(results, study, games: int, out, stream, outcome: Outcome, advance, whole) -> None:
    """Keep each game as it comes; a stop (``whole``) never falls between a game's file and its count."""
    for game in results:
        if game.errors:  # every move was checked as it was made: this is a bot bug
            raise RuntimeError(f"game {game.index + 1} broke the rules ({', '.join(game.errors)})")
        with whole():
            if out is not None and study.logs:
                out.write(log_name(game.index, games), game.text)
                outcome.written += 1
            elif stream is not None:
                record: dict[str, Any] = {"index": game.index, "seed": game.seed, "study": outcome.study_id,
                                          "summary": game.summary}
                stream.write_line(json_text(record, indent=None))
            outcome.tally.add(game.summary)
            outcome.done += 1
        if advance is not None:
            advance()


def _put_away(out: StudyFolder, stream, study, card_set, left_out, executor, outcome: Outcome) -> None:
    """Keep what was written whole and say so in ``study.json``; a refused write is ``outcome.error``."""
    if stream is not None:
        try:
            stream.finish()
        except InputError as exc:
            outcome.error = outcome.error or exc
        outcome.error = outcome.error or stream.failed
        outcome.done = stream.lines + outcome.kept_elsewhere  # the games kept: a line the disk refused is not one
    replaced = out.replaced  # the study.json replaced now is the one this run wrote first
    try:
        _describe(out, study, card_set, left_out, executor, outcome,
                  finished=outcome.done == outcome.games and not outcome.stopped and outcome.error is None)
    except InputError as exc:
        outcome.error = outcome.error or exc
    outcome.replaced = out.replaced = replaced if outcome.resumed is None else 0  # resumed: only its own files


def _describe(out: StudyFolder, study, card_set, left_out, executor, outcome: Outcome, finished: bool) -> None:
    """Write ``study.json``: before the first game (``finished`` false: a run killed outright leaves a folder
    that says it is unfinished), and again when the run ends, saying how."""
    out.write("study.json", json_text(describe(study, outcome.games, outcome.done, outcome.stopped, left_out,
                                               card_set, executor, outcome.seconds, outcome.signal,
                                               outcome.study_id, finished)) + "\n", durable=True)


def _signal_name(signum: int) -> str:
    import signal

    return signal.Signals(signum).name
