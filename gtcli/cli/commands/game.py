"""``gt game``: a whole game's Tribunals and running totals in a TOML session file."""

from __future__ import annotations

import click

from gtcli.cli import completing
from gtcli.cli.commands.tally import CARDS_HELP, load_cards, look_apart
from gtcli.cli.options import json_option, option_errors, profile_option, stops_on_signals
from gtcli.cli.settings import club_defaults
from gtcli.cli.terminal.asking import confirm_drop, stdin_is_terminal
from gtcli.cli.terminal.output import handles_input_errors, print_json, safe
from gtcli.core.diagnostics import InputError
from gtcli.core.text import name_list


@click.group()
def game() -> None:
    """Keep a game's Tribunals and running totals in a session file."""


@game.command("new")
@click.argument("session", metavar="GAME.toml", type=click.Path(dir_okay=False))
@click.option("--players", required=True, help="Player names in seat order, clockwise: Ana,Ben,Caro")
@click.option("--first-praeco", help="Who is Praeco first (lets P5 decide shared 1st places later).",
              shell_complete=completing.seated_players)
@profile_option
@click.option("--force", is_flag=True, help="Overwrite an existing file.")
@json_option
@handles_input_errors()
@club_defaults("session", profile_spec="profile")
def new_cmd(session: str, players: str, first_praeco: str | None, profile_spec: str | None, force: bool,
            as_json: bool) -> None:
    """Start a new game session file."""
    from dataclasses import replace

    from gtcli.grand_tribunal.formats.profile_file import load_profile
    from gtcli.grand_tribunal.formats.session_file import create_session, require_absent
    from gtcli.grand_tribunal.rules.game import new_game, seat_of

    require_absent(session, force)
    profile = load_profile(profile_spec)
    with option_errors("--players"):
        g = new_game(look_apart(name_list(players)), profile)
    if first_praeco is not None:
        with option_errors("--first-praeco"):
            g = replace(g, first_praeco=seat_of(g.players, first_praeco))
    create_session(session, g, force)
    _tell_saved(f"{session} was written", {"file": session, "players": list(g.players), "profile": g.profile.name}
                if as_json else None, f"New game in {session}: {', '.join(g.players)} (profile {g.profile.name}).")


@game.command("tribunal")
@click.argument("session", metavar="GAME.toml", type=click.Path(dir_okay=False))
@click.option("--from", "table_file", metavar="TABLE", type=click.Path(dir_okay=False, allow_dash=True),
              help="Read the Tribunal from a table (its lines, or TOML; '-': standard input) instead of asking.")
@click.option("--cards", "cards_spec", metavar="SET", help=CARDS_HELP)
@click.option("--yes", "-y", is_flag=True, help="Save without asking for confirmation.")
@json_option
@handles_input_errors()
@club_defaults("session", cards_spec="cards")
@stops_on_signals
def tribunal_cmd(session: str, table_file: str | None, cards_spec: str | None, yes: bool, as_json: bool) -> None:
    """Record the game's next Tribunal (asks for it interactively without --from).

    Typed as the table's lines (docs/tribunal-lines.md): the Voting Track as one answer
    (`staff 2, orb 3`), one line per Item (`Ana: staff 4 elemental`), then an empty line
    and one confirmation. Items carried from the last Tribunal are numbered and changed by
    short edits (`3 base 4`, `3 won`, `3 + runic`, `-3`); `?` lists them. Every mistake of
    a line is shown at once and the line offered back; the places and scores are shown as
    they stand after each line. What is typed is kept as a draft after every answer, and
    an interrupted entry (Ctrl-C) is offered for resuming the next time. The session
    stays locked until the command ends.
    """
    from gtcli.cli.commands.tribunal_entry import enter_tribunal
    from gtcli.cli.terminal.output import print_diagnostics
    from gtcli.cli.terminal.tribunal import render_result
    from gtcli.grand_tribunal.formats.draft_file import draft_kept, draft_path, drop_draft
    from gtcli.grand_tribunal.formats.recording import session_at
    from gtcli.grand_tribunal.formats.table_file import load_any_table
    from gtcli.grand_tribunal.reports import tribunal_json
    from gtcli.grand_tribunal.rules.game import record, results
    from gtcli.grand_tribunal.rules.tribunal import Table
    from gtcli.grand_tribunal.shipped import published_vocabulary
    from gtcli.grand_tribunal.wording import tribunal_title

    cards = load_cards(cards_spec)
    vocabulary = cards.vocabulary if cards is not None else published_vocabulary()
    with session_at(session, vocabulary) as s:  # as the phone's page records (gt game serve)
        g = s.game
        number = len(g.tables) + 1
        if table_file:
            table, _form = load_any_table(table_file, vocabulary, g.profile, card_set=cards, game=g)
        else:
            record(g, Table(items=()))  # fail early (a fourth Tribunal) before asking anything
        try:
            if not table_file:
                table = enter_tribunal(session, g, vocabulary, err=as_json, card_set=cards)
            updated = record(g, table)
            result = results(updated)[-1]  # award tokens won at earlier Tribunals stay out of the box (R3)
            title = tribunal_title(number, g.profile)
            if not as_json:
                render_result(result, g.profile)
            if result.findings:
                print_diagnostics([d.at(session) for d in result.findings])
            if not yes and not click.confirm(f"Save {title} to {session}?", default=True, err=as_json):
                kept = "" if table_file else f" What you typed is kept in {draft_path(session).name}: " \
                                              f"`gt game tribunal {session}` offers it again."
                click.echo("Not saved." + kept, err=as_json)
                return
            obsolete = s.record(table)
        except (click.Abort, InputError) as exc:
            draft = draft_path(session).name
            if not table_file and _draft_refused(exc, draft):  # the draft holds what was typed before, not all
                held = "it holds only the answers before the last one" if draft_kept(session) else "nothing is kept"
                click.echo(safe(f"\nNothing was saved to {session}, and what you typed could not be kept in {draft}: "
                                f"{held}."), err=True)
            elif not table_file and draft_kept(session):
                click.echo(safe(f"\nNothing was saved to {session}. What you typed is kept in {draft}: "
                                f"`gt game tribunal {session}` offers to resume it."), err=True)
            stopped = _stopping_signal(exc)
            if stopped is not None:  # SIGTERM or SIGHUP at a prompt: its own exit code, not Ctrl-C's
                raise click.Abort() from stopped
            raise
    if not table_file:
        drop_draft(session)
    for warning in s.warnings:
        click.echo(f"warning: {warning}", err=True)
    _tell_saved(f"{title} was saved to {session}", tribunal_json(result) if as_json else None,
                f"Saved {title} to {session}.")
    if as_json:
        return
    if obsolete:
        click.echo(f"({obsolete} undone Tribunal(s) replaced: `gt game redo` can no longer bring them back.)")


def _tell_saved(saved: str, data: dict | None, line: str = "") -> None:
    """What a command that saved says (``data`` as JSON, else ``line``). If the standard output refuses
    it (a full disk), stderr says the save was made all the same, so the exit 2 that follows is not read
    as "nothing was saved" by a script that would then save it again."""
    import sys

    from gtcli.cli.streams import OutputFailed

    try:
        if data is not None:
            print_json(data)
        else:
            click.echo(safe(line, False))
        sys.stdout.flush()
    except OutputFailed:
        click.echo(safe(f"gt: {saved}, but the standard output refused to say so.", False), err=True)
        raise


def _draft_refused(exc: BaseException, draft: str) -> bool:
    """Whether ``exc`` is the refusal of the draft's own save (a full disk, a file-size limit)."""
    from pathlib import Path

    return isinstance(exc, InputError) and any(d.path and Path(d.path).name == draft for d in exc.diagnostics)


def _stopping_signal(exc: BaseException) -> BaseException | None:
    """The SIGTERM or SIGHUP (:class:`gtcli.core.executor.Stopped`) that led to ``exc``, if one did."""
    from gtcli.core.executor import Stopped

    todo, seen = [exc], set()
    while todo:
        exc = todo.pop()
        if isinstance(exc, Stopped):
            return exc
        if exc is not None and id(exc) not in seen:
            seen.add(id(exc))
            todo += [exc.__cause__, exc.__context__]
    return None


@game.command("show")
@click.argument("session", metavar="GAME.toml", type=click.Path(dir_okay=False))
@json_option
@handles_input_errors()
def show_cmd(session: str, as_json: bool) -> None:
    """Each Tribunal's results, running totals, next Praeco and the winner(s)."""
    from gtcli.cli.terminal.output import console
    from gtcli.cli.terminal.tribunal import render_players, render_result
    from gtcli.grand_tribunal.formats.session_file import load_game
    from gtcli.grand_tribunal.reports import game_json
    from gtcli.grand_tribunal.rules.game import first_praeco_of, results, totals, winners
    from gtcli.grand_tribunal.shipped import published_vocabulary
    from gtcli.grand_tribunal.wording import winners_line

    g = load_game(session, published_vocabulary())
    done = results(g)
    if as_json:
        print_json(game_json(g, done))
        return
    out = console()
    out.print(f"Game: {', '.join(g.players)} (profile {g.profile.name}), "
              f"{len(done)} of {g.profile.tribunals} Tribunals recorded")
    for result in done:
        out.print()
        render_result(result, g.profile, out)
    out.print()
    render_players(totals(g, done), "Running totals", out)
    won = winners(g, done)
    if won:
        out.print(winners_line(won))
    else:
        nxt = first_praeco_of(g, len(done) + 1, done)
        out.print(f"Next first Praeco: {nxt or 'undecided'}")


@game.command("report")
@click.argument("session", metavar="GAME.toml", type=click.Path(dir_okay=False))
@click.option("-o", "--output", type=click.Path(dir_okay=False, allow_dash=True), metavar="FILE.html",
              help="Write the scoresheet to this file (atomically); '-' or nothing: standard output.")
@json_option
@handles_input_errors()
def report_cmd(session: str, output: str | None, as_json: bool) -> None:
    """A printable scoresheet (HTML): every Tribunal, running totals, a chart, the winner(s).

    The page needs no network and no JavaScript: open it in a browser and print it.
    """
    from gtcli.grand_tribunal.formats.session_file import load_game
    from gtcli.grand_tribunal.scoresheet import Scoresheet
    from gtcli.grand_tribunal.shipped import published_vocabulary

    sheet = Scoresheet.of_game(load_game(session, published_vocabulary()), session)
    write_report(sheet, output, as_json, "gt game report")


def write_report(sheet, output: str | None, as_json: bool, generator: str) -> None:
    """The scoresheet page to ``output`` (locked, atomic, through links) or standard output;
    with ``as_json`` its numbers (docs/json.md), and the page itself when not written."""
    from gtcli.grand_tribunal.html.scoresheet import report_html
    from gtcli.grand_tribunal.reports import report_json

    page = report_html(sheet, generator)
    to_file = output not in (None, "-")
    if to_file:
        from gtcli.core.files.guarded import save

        save(output, page, what="scoresheet")  # the user named the file
    if as_json:
        print_json(report_json(sheet, output if to_file else None, None if to_file else page))
    elif to_file:
        played = f"{len(sheet.results)} of {sheet.game.profile.tribunals} Tribunals"
        click.echo(safe(f"Wrote {output}: the scoresheet of {sheet.source} ({played}).", newlines=False), err=True)
    else:
        click.echo(page, nl=False)


@game.command("undo")
@click.argument("session", metavar="GAME.toml", type=click.Path(dir_okay=False))
@click.option("--yes", "-y", is_flag=True, help="Drop it without asking (needed without a terminal).")
@json_option
@handles_input_errors()
def undo_cmd(session: str, yes: bool, as_json: bool) -> None:
    """Drop the last recorded Tribunal (kept in the session: `gt game redo` brings it back)."""
    from gtcli.grand_tribunal.formats.session_file import open_session
    from gtcli.grand_tribunal.rules.game import results, undo
    from gtcli.grand_tribunal.shipped import published_vocabulary

    with open_session(session, published_vocabulary()) as s:
        undo(s.game)  # GAME003 when there is nothing to undo, before asking anything
        number = len(s.game.tables)
        result = results(s.game)[-1]
        scores = ", ".join(f"{p.name} {p.score}" for p in result.players) or "no scores"
        if not confirm_drop("gt game undo", f"Tribunal {number}", f"{len(result.items)} items; {scores}", session,
                            "gt game redo", yes, stdin_is_terminal(), err=as_json):
            return
        s.undo()
    for warning in s.warnings:
        click.echo(f"warning: {warning}", err=True)
    _tell_saved(f"Tribunal {number} was dropped from {session}",
                {"file": session, "dropped": number, "tribunals": number - 1} if as_json else None,
                f"Dropped Tribunal {number} from {session}; {number - 1} remain. "
                f"`gt game redo {session}` brings it back.")


@game.command("redo")
@click.argument("session", metavar="GAME.toml", type=click.Path(dir_okay=False))
@json_option
@handles_input_errors()
def redo_cmd(session: str, as_json: bool) -> None:
    """Bring back the Tribunal `gt game undo` dropped last."""
    from gtcli.grand_tribunal.formats.session_file import open_session
    from gtcli.grand_tribunal.shipped import published_vocabulary

    with open_session(session, published_vocabulary()) as s:
        table = s.redo()
    for warning in s.warnings:
        click.echo(f"warning: {warning}", err=True)
    _tell_saved(f"Tribunal {table.tribunal} was restored to {session}",
                {"file": session, "restored": table.tribunal, "tribunals": len(s.game.tables)} if as_json else None,
                f"Restored Tribunal {table.tribunal} to {session}; {len(s.game.tables)} recorded.")


@game.command("from-log")
@click.argument("log_path", metavar="GAME.gtl", type=click.Path(dir_okay=False))
@click.argument("session", metavar="GAME.toml", type=click.Path(dir_okay=False))
@click.option("--force", is_flag=True, help="Overwrite an existing session file.")
@json_option
@handles_input_errors()
def from_log_cmd(log_path: str, session: str, force: bool, as_json: bool) -> None:
    """Write the session of a game log's scored Tribunals (for `gt game show`)."""
    from gtcli.cli.terminal.output import EXIT_FINDINGS, print_diagnostics
    from gtcli.grand_tribunal.formats.session_file import create_session, require_absent
    from gtcli.grand_tribunal.lang.logs.check import Options, check_file
    from gtcli.grand_tribunal.lang.logs.report import game_of

    require_absent(session, force)
    checked = check_file(log_path, Options())
    result = checked.result
    if result.errors:
        print_diagnostics(result.errors[:5], as_json=as_json)
        click.echo(safe(f"{log_path} has {len(result.errors)} rule finding(s): `gt check {log_path}` lists them; "
                        "no session was written.", False), err=True)
        raise SystemExit(EXIT_FINDINGS)
    g = game_of(checked)
    create_session(session, g, force)
    _tell_saved(f"{session} was written",
                {"file": session, "log": log_path, "players": list(g.players), "tribunals": len(g.tables)}
                if as_json else None,
                f"Wrote {session}: {len(g.tables)} Tribunal(s) of {log_path}. See it with: gt game show {session}")


@game.command("serve")
@click.argument("session", metavar="GAME.toml", type=click.Path(dir_okay=False))
@click.option("--lan", is_flag=True,
              help="Serve it on this machine's local network address (phones on the same Wi-Fi), not only here.")
@click.option("--port", type=click.IntRange(0, 65535), default=0, metavar="PORT",
              help="The port to listen on (default: any free port; the address printed says which).")
@click.option("--lang", type=click.Choice(["en", "es", "fr", "it"]), default="en", show_default=True,
              help="The page's language (the sheets' words); the `language` setting of gt.toml by default.")
@click.option("--cards", "cards_spec", metavar="SET", help=CARDS_HELP)
@json_option
@handles_input_errors()
@club_defaults("session", lang="language", cards_spec="cards")
def serve_cmd(session: str, lan: bool, port: int, lang: str, cards_spec: str | None, as_json: bool) -> None:
    """Serve the game to the scorekeeper's phone: standings, and a form for the next Tribunal.

    The address holds a secret: without it every page answers 404. The phone enters the
    Tribunal as lines (as `gt tally` reads them) or by taps, sees the places and scores,
    and records it; each Tribunal recorded from the phone is shown here as it lands.
    Ctrl-C stops.
    """
    from gtcli.cli.game_server import serve_game

    serve_game(session, lan, port, lang, load_cards(cards_spec), as_json)
