"""``gt replay`` and ``gt fmt``: game logs (``gt check`` is :mod:`gtcli.cli.commands.check`)."""

from __future__ import annotations

import click

from gtcli.cli import completing
from gtcli.cli.options import allow_outside_option, json_option, profile_option, serve_option
from gtcli.cli.settings import club_defaults
from gtcli.cli.terminal.output import EXIT_FINDINGS, EXIT_UNUSABLE, file_text, handles_input_errors, print_json, safe


def log_options(func):
    """--cards, --board, --profile, --allow-outside: shared by every command that replays a log."""
    func = allow_outside_option(func)
    func = profile_option(func)
    func = click.option("--board", "board", metavar="FILE.toml", shell_complete=completing.boards,
                        help="Board profile (overrides the log's [Board]); 'sample': the shipped one.")(func)
    func = click.option("--cards", "cards", metavar="SET", shell_complete=completing.card_sets,
                        help="Card set (overrides the log's [Cards]); 'sample': the shipped one.")(func)
    return func


@click.command()
@click.argument("path", metavar="LOG", type=click.Path(dir_okay=False))
@click.option("--at", "at_line", type=click.IntRange(min=1), metavar="LINE",
              help="The state just after LINE (default: the end of the log).")
@click.option("--html", "as_html", is_flag=True,
              help="A printable scoresheet instead (HTML): Tribunals, running totals, Vis and Voting Track by round.")
@click.option("-o", "--output", type=click.Path(dir_okay=False, allow_dash=True), metavar="FILE.html",
              help="With --html: write the page to this file (atomically); '-' or nothing: standard output.")
@serve_option
@json_option
@log_options
@handles_input_errors()
def replay(path, at_line, as_html, output, serve, as_json, cards, board, profile_spec, allow_outside) -> None:
    """The whole table state at a point of a log, to settle disputes.

    With --serve, a page for the table instead (a TV, phones): it follows the log as
    someone else writes it (an editor, `gt play` on another laptop) until Ctrl-C.

    Exit codes: 0 the log is legal up to that point (or --serve was stopped), 1 it is not
    (the state is still shown), 2 the log cannot be used or LINE is past its end.
    """
    from gtcli.cli.settings import club_options
    from gtcli.core.files.toml_source import read_text
    from gtcli.grand_tribunal.lang.logs.check import MAX_LOG_BYTES, check_file
    from gtcli.grand_tribunal.reports import replay_json

    if output is not None and not as_html:
        raise click.UsageError("-o/--output goes with --html (the scoresheet page)")
    if serve is not None:
        if at_line is not None or as_html:
            raise click.UsageError("--serve shows the log as it is now and as it goes on: not with --at or --html")
        from gtcli.cli.serve import serve_log

        serve_log(path, club_options(path, cards=cards, board=board, profile=profile_spec,
                                     allow_outside=allow_outside), serve, as_json)
        return
    text = read_text(path, "log", MAX_LOG_BYTES)
    length = text.count("\n") + (1 if text and not text.endswith("\n") else 0)
    if at_line is not None and at_line > length:
        raise click.BadParameter(f"line {at_line} is past the end of {path}, which has {length} line(s)",
                                 param_hint="'--at'")
    options = club_options(path, cards=cards, board=board, profile=profile_spec, until_line=at_line,
                           allow_outside=allow_outside)
    checked = check_file(path, options, text)
    r = checked.result
    if as_html:
        from gtcli.cli.commands.game import write_report
        from gtcli.grand_tribunal.lang.logs.report import scoresheet_of

        write_report(scoresheet_of(checked, options, at_line), output, as_json, "gt replay --html")
    elif as_json:
        print_json(replay_json(path, at_line, r))
    else:
        from gtcli.cli.terminal.state import render_state

        render_state(r, at_line)
    errors = r.errors
    if errors:
        first = errors[0]
        where = f"up to line {at_line}" if at_line else "in all"
        click.echo(f"This log breaks the rules: {len(errors)} error(s) {where}, the first "
                   f"{safe(first.location(), False)}: {first.code} {safe(first.message, False)}. "
                   f"`gt check {safe(path, False)}` lists them with their hints.", err=True)
        raise SystemExit(EXIT_FINDINGS)


@click.command("fmt")
@click.argument("paths", metavar="FILE...", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--lang", type=click.Choice(["en", "es", "fr", "it"], case_sensitive=False),
              help="Translate keywords (and a log's spaces and card names, a set's vocabulary) into this language.")
@click.option("--write", "-w", is_flag=True, help="Rewrite the files in place (atomically, under a lock).")
@click.option("--check", "check_only", is_flag=True,
              help="Change nothing; exit 1 if a file is not already formatted (for CI).")
@click.option("--diff", "show_diff", is_flag=True,
              help="Change nothing; show what would change, as a unified diff, and exit 1 if anything would.")
@json_option
@log_options
@club_defaults("paths", lang="language")
def fmt_cmd(paths, lang, write, check_only, show_diff, as_json, cards, board, profile_spec,
            allow_outside) -> None:
    """Rewrite logs and card files in canonical layout (with --lang, in another language).

    A FILE ending in .gtc is a card file (a set or a translation; its includes stay
    includes), a table as lines (docs/tribunal-lines.md) is laid out line for line, any
    other is a game log. Comments stay beside the line, card or move they
    annotate. One FILE without options prints it formatted; with several, say what to
    do: --write, --check or --diff. --check and --diff never write (as ruff and black).
    Exit codes: 0 done (or nothing to change), 1 --check or --diff found a file to
    reformat, 2 a file could not be read or parsed (the others are still done).
    """
    from gtcli.cli.settings import taken_from_config
    from gtcli.cli.terminal.output import print_diagnostics
    from gtcli.core.diagnostics import InputError

    config = taken_from_config("lang")  # a club's file chose the language: the output says so
    note = f" (in {lang.lower()}: the language set by {safe(config, False)})" if config else ""
    if len(paths) > 1 and not (write or check_only or show_diff):
        raise click.UsageError("several files: add --write (rewrite them), --check or --diff")
    write = write and not (check_only or show_diff)  # --check and --diff only tell, as ruff's and black's do
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
            click.echo(file_text(entry["diff"]), nl=False)
        if check_only:
            if entry["changed"]:
                click.echo(f"{safe(path, False)} would be reformatted{note}", err=True)
        elif write:
            shown = safe(path, False)
            click.echo(f"Formatted {shown}{note}." if entry["changed"] else f"{shown} was already formatted{note}.",
                       err=True)
        elif not show_diff:
            click.echo(file_text(out), nl=False)
            if note:
                click.echo(f"gt fmt:{note}", err=True)
    if as_json:
        print_json({"files": entries, **({"config": [config]} if config else {})})
    elif len(paths) > 1:
        done = "reformatted" if write else "would be reformatted"
        click.echo(f"{changed_files} of {len(paths)} file(s) {done}{note}.", err=True)
    if unusable:
        raise SystemExit(EXIT_UNUSABLE)
    if (check_only or show_diff) and changed_files:
        raise SystemExit(EXIT_FINDINGS)


def _fmt_kind(path: str) -> str:
    """What ``gt fmt`` takes a file for, by its name: a card file (``.gtc``) or a game log."""
    return "cards" if path.lower().endswith(".gtc") else "log"


def _fmt_one(path: str, lang: str | None, cards: str | None, write: bool, allow_outside: bool) -> dict:
    """Format one file (and, with ``write``, replace it under its lock if it changed)."""
    from gtcli.core.files.guarded import Editing, read_stamped

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
        from gtcli.core.diagnostics import Diagnostic, InputError

        raise InputError(Diagnostic("IO001", f"{path} is data (TOML or JSON), not a card file or a log", path=path,
                                    hint="gt fmt formats card files (.gtc) and game logs"))
    from gtcli.grand_tribunal.formats.table_file import is_table_lines

    if _fmt_kind(path) != "cards" and is_table_lines(text):  # the table as lines (docs/tribunal-lines.md)
        from gtcli.cli.commands.tally import load_cards
        from gtcli.grand_tribunal.formats.table_lines import reformat_table_lines

        out = reformat_table_lines(text, path=path, lang=(lang or "en").lower(), card_set=load_cards(cards))
        return {"file": path, "kind": "table", "language": (lang or "en").lower(), "changed": out != text,
                "written": False, "source": text, "out": out}
    if _fmt_kind(path) == "cards":
        from gtcli.grand_tribunal.lang.cards.format import reformat

        out, kind, language = reformat(text, path, lang)
        return {"file": path, "kind": "cards", "card_file": kind, "language": language, "changed": out != text,
                "written": False, "source": text, "out": out}
    from gtcli.core.parsing.comments import texts
    from gtcli.grand_tribunal.lang.cards.sets import load_set, names_in, with_translation
    from gtcli.grand_tribunal.lang.logs.check import parse_log, read_header, resolve_path
    from gtcli.grand_tribunal.lang.logs.format import format_log

    log = parse_log(text, path)
    header, _ = read_header(log)
    target = (lang or log.language).lower()
    from gtcli.grand_tribunal.shipped import shipped_or_given

    cards_path = shipped_or_given(cards) or resolve_path(header.cards, path, "sample.gtc", allow_outside)
    vocabulary, names = None, None
    if cards_path:
        card_set = with_translation(load_set(cards_path), cards_path, log.language)
        vocabulary = card_set.vocabulary
        names = names_in(card_set, cards_path, target)
    else:
        from gtcli.grand_tribunal.shipped import published_vocabulary

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
