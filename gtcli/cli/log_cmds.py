"""``gt check``, ``gt replay`` and ``gt fmt``: game logs."""

from __future__ import annotations

import sys

import click

from gtcli.cli.options import allow_outside_option, json_option, max_findings_option, profile_option
from gtcli.cli.output import EXIT_FINDINGS, EXIT_UNUSABLE, handles_input_errors, print_json


def log_options(func):
    """--cards, --board, --profile, --allow-outside: shared by every command that replays a log."""
    func = allow_outside_option(func)
    func = profile_option(func)
    func = click.option("--board", "board", metavar="FILE.toml", help="Board profile (overrides the log's [Board]).")(func)
    func = click.option("--cards", "cards", metavar="SET", help="Card set (overrides the log's [Cards]).")(func)
    return func


@click.command()
@click.argument("paths", metavar="LOG...", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--format", "fmt", type=click.Choice(["human", "json", "github"]), default="human",
              help="Output format.")
@click.option("--json", "as_json", is_flag=True, help="Same as --format json.")
@click.option("--strict", is_flag=True, help="A turn that uses fewer than two slots is an error (T6).")
@click.option("--first", is_flag=True, help="Stop each log at its first error.")
@click.option("--require-complete", is_flag=True,
              help="A log that stops before the Grand Tribunal is an error (R7), not a note.")
@max_findings_option
@log_options
def check(paths, fmt, as_json, strict, first, require_complete, max_findings, cards, board, profile_spec,
          allow_outside) -> None:
    """Replay game logs through the rules and report every illegal move."""
    from gtcli.cli.diagnostics_view import FileReport, render
    from gtcli.diagnostics import InputError
    from gtcli.dsl.logs import Options, check_file
    from gtcli.reports import outcome_json

    fmt = "json" if as_json else fmt
    options = Options(cards, board, profile_spec, strict, first, require_complete=require_complete,
                      allow_outside=allow_outside)
    reports, unusable = [], False

    def one(path: str) -> None:
        nonlocal unusable
        try:
            checked = check_file(path, options)
        except InputError as exc:
            unusable = True
            reports.append(FileReport(path, "unreadable", list(exc.diagnostics), _source(path)))
            return
        r = checked.result
        reports.append(FileReport(path, "log", r.diagnostics, {path: checked.text}, outcome_json(r)))

    if len(paths) > 1 and sys.stderr.isatty() and fmt == "human":
        from rich.progress import Progress

        from gtcli.cli.output import console

        with Progress(console=console(stderr=True), transient=True) as progress:
            task = progress.add_task("checking logs", total=len(paths))
            for path in paths:
                one(path)
                progress.advance(task)
    else:
        for path in paths:
            one(path)
    render(reports, fmt, what="log", max_findings=max_findings)
    if unusable:
        raise SystemExit(EXIT_UNUSABLE)
    if any(r.count("error") for r in reports):
        raise SystemExit(EXIT_FINDINGS)


def _source(path: str) -> dict[str, str]:
    """The log's text for carets under syntax errors, if it can be read at all."""
    from gtcli.diagnostics import InputError
    from gtcli.dsl.logs import MAX_LOG_BYTES
    from gtcli.files.toml_source import read_text

    try:
        return {path: read_text(path, "log", MAX_LOG_BYTES)}
    except InputError:
        return {}


@click.command()
@click.argument("path", metavar="LOG", type=click.Path(dir_okay=False))
@click.option("--at", "at_line", type=click.IntRange(min=1), metavar="LINE",
              help="The state just after LINE (default: the end of the log).")
@json_option
@log_options
@handles_input_errors()
def replay(path, at_line, as_json, cards, board, profile_spec, allow_outside) -> None:
    """The whole table state at a point of a log, to settle disputes."""
    from gtcli.dsl.logs import Options, check_file
    from gtcli.reports import replay_json

    checked = check_file(path, Options(cards, board, profile_spec, until_line=at_line, allow_outside=allow_outside))
    r = checked.result
    if as_json:
        print_json(replay_json(path, at_line, r))
    else:
        from gtcli.cli.render_state import render_state

        render_state(r, at_line)
    errors = r.errors
    if errors:
        click.echo(f"{len(errors)} rule finding(s) up to this point: run `gt check {path}` to see them.", err=True)
        raise SystemExit(EXIT_FINDINGS)


@click.command("fmt")
@click.argument("paths", metavar="FILE...", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--lang", type=click.Choice(["en", "es", "fr", "it"], case_sensitive=False),
              help="Translate keywords (and a log's spaces and card names, a set's vocabulary) into this language.")
@click.option("--write", "-w", is_flag=True, help="Rewrite the files in place (atomically, under a lock).")
@click.option("--check", "check_only", is_flag=True,
              help="Change nothing; exit 1 if a file is not already formatted (for CI).")
@click.option("--diff", "show_diff", is_flag=True, help="Show what would change, as a unified diff.")
@json_option
@log_options
def fmt_cmd(paths, lang, write, check_only, show_diff, as_json, cards, board, profile_spec,
            allow_outside) -> None:
    """Rewrite logs and card files in canonical layout (with --lang, in another language).

    A FILE ending in .gtc is a card file (a set or a translation; its includes stay
    includes), any other a game log. Comments stay beside the line, card or move they
    annotate. One FILE without options prints it formatted; with several, say what to
    do: --write, --check or --diff. Exit codes: 0 done (or nothing to change), 1 --check
    found a file to reformat, 2 a file could not be read or parsed (the others are still done).
    """
    from gtcli.cli.output import print_diagnostics
    from gtcli.diagnostics import InputError

    if len(paths) > 1 and not (write or check_only or show_diff):
        raise click.UsageError("several files: add --write (rewrite them), --check or --diff")
    write = write and not check_only
    entries, unusable, changed_files = [], False, 0
    for path in paths:
        try:
            entry = _fmt_one(path, lang, cards, write, allow_outside)
        except InputError as exc:
            unusable = True
            if as_json:
                entries.append({"file": path, "kind": _fmt_kind(path),
                                "diagnostics": [d.to_json() for d in exc.diagnostics]})
            else:
                print_diagnostics(exc.diagnostics)
            continue
        source, out = entry.pop("source"), entry.pop("out")
        changed_files += entry["changed"]
        if show_diff:
            entry["diff"] = _diff(path, source, out)
        entry["text"] = None if check_only else out
        entries.append(entry)
        if as_json:
            continue
        if show_diff:
            click.echo(entry["diff"], nl=False)
        if check_only:
            if entry["changed"]:
                click.echo(f"{path} would be reformatted", err=True)
        elif write:
            click.echo(f"Formatted {path}." if entry["changed"] else f"{path} was already formatted.", err=True)
        elif not show_diff:
            click.echo(out, nl=False)
    if as_json:
        print_json({"files": entries})
    elif len(paths) > 1:
        done = "reformatted" if write else "would be reformatted"
        click.echo(f"{changed_files} of {len(paths)} file(s) {done}.", err=True)
    if unusable:
        raise SystemExit(EXIT_UNUSABLE)
    if check_only and changed_files:
        raise SystemExit(EXIT_FINDINGS)


def _fmt_kind(path: str) -> str:
    """What ``gt fmt`` takes a file for, by its name: a card file (``.gtc``) or a game log."""
    return "cards" if path.lower().endswith(".gtc") else "log"


def _fmt_one(path: str, lang: str | None, cards: str | None, write: bool, allow_outside: bool) -> dict:
    """Format one file (and, with ``write``, replace it under its lock if it changed)."""
    from gtcli.files.guarded import Editing, read_stamped

    what = "card file" if _fmt_kind(path) == "cards" else "log"
    if not write:
        text, _ = read_stamped(path, what)
        return _formatted(path, text, lang, cards, allow_outside)
    with Editing(path, what) as doc:
        entry = _formatted(path, doc.text, lang, cards, allow_outside)
        if entry["changed"]:
            doc.save(entry["out"])
        entry["written"] = entry["changed"]
    return entry


def _formatted(path: str, text: str, lang: str | None, cards: str | None, allow_outside: bool) -> dict:
    if path.lower().endswith((".toml", ".json")):
        from gtcli.diagnostics import Diagnostic, InputError

        raise InputError(Diagnostic("IO001", f"{path} is data (TOML or JSON), not a card file or a log", path=path,
                                    hint="gt fmt formats card files (.gtc) and game logs"))
    if _fmt_kind(path) == "cards":
        from gtcli.dsl.cards_format import reformat

        out, kind, language = reformat(text, path, lang)
        return {"file": path, "kind": "cards", "card_file": kind, "language": language, "changed": out != text,
                "written": False, "source": text, "out": out}
    from gtcli.dsl.cardsets import load_set, names_in, with_translation
    from gtcli.dsl.comments import texts
    from gtcli.dsl.log_format import format_log
    from gtcli.dsl.logs import parse_log, read_header, resolve_path

    log = parse_log(text, path)
    header, _ = read_header(log)
    target = (lang or log.language).lower()
    cards_path = cards or resolve_path(header.cards, path, "sample.gtc", allow_outside)
    vocabulary, names = None, None
    if cards_path:
        card_set = with_translation(load_set(cards_path), cards_path, log.language)
        vocabulary = card_set.vocabulary
        names = names_in(card_set, cards_path, target)
    else:
        from gtcli.files.resources import published_vocabulary

        vocabulary = published_vocabulary()
    out = format_log(log, target, vocabulary, names, source=text)
    if texts(out) != texts(text):  # never write a log that lost what a person wrote
        raise RuntimeError(f"gt fmt would not keep every comment of {path} in place; nothing was written")
    parse_log(out, path, target)  # and never one that no longer parses
    return {"file": path, "kind": "log", "language": target, "changed": out != text, "written": False,
            "source": text, "out": out}


def _diff(path: str, before: str, after: str) -> str:
    import difflib

    return "".join(difflib.unified_diff(before.splitlines(keepends=True), after.splitlines(keepends=True),
                                        fromfile=path, tofile=f"{path} (formatted)"))
