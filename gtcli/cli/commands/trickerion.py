"""``gt trickerion``: the scoring of Trickerion – Legends of Illusion at the table.

The game lives in :mod:`gtcli.trickerion`, its files in :mod:`gtcli.trickerion.formats.table_file`;
these commands only read, compute and print. Everything heavy is imported inside the
commands, so ``gt --help`` stays instant.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from gtcli.cli.options import json_option, option_errors
from gtcli.cli.terminal.asking import stdin_is_terminal
from gtcli.cli.terminal.output import EXIT_FINDINGS, handles_input_errors, print_diagnostics, print_json, safe
from gtcli.core.text import name_list

TABLE_FILE = click.Path(dir_okay=False)


@click.group()
def trickerion() -> None:
    """Trickerion: performances, wages, initiative, final scoring and whole games.

    Names of days, characters and resources may be written in English, Spanish, French
    or Italian (jueves, asistente, fragmentos...). File formats: docs/trickerion.md.
    """


def table_command(name: str) -> Callable[[Callable[..., None]], click.Command]:
    """A ``gt trickerion NAME TABLE.toml [--json]`` command: bad input is exit 2, never a traceback."""

    def wrap(func: Callable[..., None]) -> click.Command:
        func = json_option(handles_input_errors()(func))
        return trickerion.command(name)(click.argument("table_file", metavar="TABLE.toml", type=TABLE_FILE)(func))

    return wrap


@table_command("final")
def final_cmd(table_file: str, as_json: bool) -> None:
    """Final scoring after turn 5: shards, coins, Apprentices and Specialists into fame; the winner."""
    from gtcli.cli.terminal.trickerion import render_final
    from gtcli.trickerion.formats.table_file import load_players_file
    from gtcli.trickerion.reports import final_json
    from gtcli.trickerion.rules.scoring import Standing, final_scoring

    _, players = load_players_file(table_file)
    result = final_scoring([Standing(p.name, p.fame, p.coins, p.shards, p.apprentices, len(p.specialists))
                            for p in players.players], players.initiative)
    _emit(as_json, final_json, render_final, result)


@table_command("performance")
def performance_cmd(table_file: str, as_json: bool) -> None:
    """What every player gets from one performance, with the breakdown."""
    from gtcli.cli.terminal.trickerion import render_performance
    from gtcli.trickerion.formats.table_file import load_performance
    from gtcli.trickerion.reports import performance_json
    from gtcli.trickerion.rules.performance import payouts, performance_problems

    reader, performance = load_performance(table_file)
    findings = [reader.place(p) for p in performance_problems(performance)]

    def to_json(performance, paid):
        return {**performance_json(performance, paid), "findings": [d.to_json() for d in findings]}

    _emit(as_json, to_json, render_performance, performance, payouts(performance))
    if findings:
        print_diagnostics(findings)
        raise SystemExit(EXIT_FINDINGS)


@table_command("wages")
def wages_cmd(table_file: str, as_json: bool) -> None:
    """End-of-turn wages: what each player pays, and the fame lost for coins they lack."""
    from gtcli.cli.terminal.trickerion import render_wages
    from gtcli.trickerion.formats.table_file import load_players_file
    from gtcli.trickerion.reports import wage_payment_json
    from gtcli.trickerion.rules.game import WagePayment, working_crew
    from gtcli.trickerion.rules.wages import pay, wages_due

    reader, players = load_players_file(table_file)
    rows = []
    by_name = {p.name: (n, p) for n, p in enumerate(players.players)}
    for name in players.initiative:
        n, record = by_name[name]
        team = reader.attempt(reader.team_before_hiring, record, n)  # every player's problem, in one run
        if team is not None:
            crew = working_crew(*team)
            rows.append(WagePayment(name, crew, pay(record.fame, record.coins, wages_due(crew))))
    reader.done(rows)
    _emit(as_json, lambda rows: {"players": [wage_payment_json(r) for r in rows]}, render_wages, rows)


@table_command("initiative")
def initiative_cmd(table_file: str, as_json: bool) -> None:
    """Next turn's initiative order from fame (ties reverse), and what advertising costs."""
    from gtcli.cli.terminal.trickerion import render_initiative
    from gtcli.trickerion.formats.table_file import load_players_file
    from gtcli.trickerion.reports import initiative_json
    from gtcli.trickerion.rules.initiative import next_order, ties
    from gtcli.trickerion.rules.problems import Where

    reader, players = load_players_file(table_file)
    if not players.initiative_given:
        raise reader.fail("TRK002", "the file has no initiative order (last turn's)",
                          'initiative = ["Ana", "Ben", "Caro"]  # last turn\'s order, first to act first', Where())
    fame = {p.name: p.fame for p in players.players}
    order = next_order(players.initiative, fame)
    _emit(as_json, initiative_json, render_initiative, order, players.initiative, fame, ties(order, fame))


@trickerion.command("action-points")
@click.argument("character")
@click.option("--slot", type=int, default=0, show_default=True, help="The modifier printed under the slot (-1, +1...).")
@click.option("--shard", is_flag=True, help="A Trickerion shard is paid for +1 (not in the Theatre).")
@click.option("--at", "location", metavar="LOCATION", help="Where the character is placed (downtown, theatre...).")
@json_option
@handles_input_errors()
def action_points_cmd(character: str, slot: int, shard: bool, location: str | None, as_json: bool) -> None:
    """Action points of a character placed on a slot: apprentice, specialist or magician."""
    from gtcli.cli.terminal.trickerion import render_action_points
    from gtcli.trickerion.reports import action_points_json
    from gtcli.trickerion.rules.actions import action_points
    from gtcli.trickerion.rules.words import CHARACTERS, LOCATIONS

    with option_errors("--at"):
        where = LOCATIONS.resolve(location) if location is not None else None
    with option_errors("CHARACTER"):
        kind = CHARACTERS.resolve(character)
    points = action_points(kind, slot, shard, where)
    _emit(as_json, action_points_json, render_action_points, points)


def _emit(as_json: bool, to_json: Callable[..., Any], render: Callable[..., None], *result: Any) -> None:
    """Print ``result`` as JSON (stdout) or through its renderer (rich tables or plain text)."""
    if as_json:
        print_json(to_json(*result))
    else:
        render(*result)


# -- whole games ------------------------------------------------------------------------------
@trickerion.group("game")
def game() -> None:
    """Keep a whole game's five turns, running totals and final scoring in a session file."""


SESSION = click.argument("session", metavar="GAME.toml", type=TABLE_FILE)


@game.command("new")
@SESSION
@click.option("--players", required=True, help="Names in the first turn's initiative order: Ana,Ben,Caro")
@click.option("--specialists", required=True,
              help="Each player's starting Specialist, in the same order: manager,engineer,assistant")
@click.option("--force", is_flag=True, help="Overwrite an existing file.")
@json_option
@handles_input_errors()
def new_cmd(session: str, players: str, specialists: str, force: bool, as_json: bool) -> None:
    """Start a game: fame 5, coins by initiative slot (10/12/14/16), 1 shard each."""
    from gtcli.cli.terminal.trickerion import render_standings
    from gtcli.core.files.session_doc import require_absent
    from gtcli.trickerion.formats.session_file import create_session
    from gtcli.trickerion.reports import state_json
    from gtcli.trickerion.rules.game import new_game, starting_states
    from gtcli.trickerion.rules.words import SPECIALISTS

    require_absent(session, force)
    with option_errors("--specialists"):
        kinds = tuple(SPECIALISTS.resolve(k) for k in name_list(specialists))
    with option_errors("--players", {"TRK002": "--specialists"}):  # TRK002: not one Specialist per player
        g = new_game(name_list(players), kinds)
    create_session(session, g, force)
    _emit(as_json, lambda states: {"file": session, "players": list(g.players),
                                   "standings": [state_json(s) for s in states]},
          lambda states: render_standings(states, f"New game in {session}"), starting_states(g))


@game.command("turn")
@SESSION
@click.argument("turn_file", metavar="TURN.toml", type=TABLE_FILE)
@click.option("--yes", "-y", is_flag=True, help="Save without asking for confirmation.")
@json_option
@handles_input_errors()
def turn_cmd(session: str, turn_file: str, yes: bool, as_json: bool) -> None:
    """Record the game's next turn from TURN.toml: advertising, changes, performances, wages.

    The session stays locked from reading it to saving (a second scorekeeper waits), and
    is not saved if it changed meanwhile (docs/files.md).
    """
    from gtcli.cli.terminal.asking import confirm
    from gtcli.trickerion.formats.session_file import open_session, read_turn
    from gtcli.trickerion.rules.game import TURNS, record, results

    with open_session(session) as s:
        s.check_turn_left()
        turn = read_turn(turn_file, s.game)
        result = results(record(s.game, turn))[-1]
        if not as_json:
            from gtcli.cli.terminal.trickerion import render_turn

            render_turn(result)
        if not yes and not confirm(f"Save turn {result.number} to {session}?", err=as_json):
            click.echo("Not saved.", err=as_json)
            return
        obsolete = s.record(turn)
    _warn(s.warnings)
    if as_json:
        from gtcli.trickerion.reports import turn_json

        print_json(turn_json(result))
        return
    if result.number == TURNS:
        click.echo(safe(f"Saved turn {result.number} to {session}. The game is over: gt trickerion game show {session}", False))
    else:
        click.echo(safe(f"Saved turn {result.number} to {session}.", False))
    if obsolete:
        click.echo(f"({obsolete} undone turn(s) replaced: `gt trickerion game redo` can no longer bring them back.)")


@game.command("show")
@SESSION
@json_option
@handles_input_errors()
def show_cmd(session: str, as_json: bool) -> None:
    """Every turn, the running totals, and the final scoring once turn 5 is in."""
    from gtcli.cli.terminal.trickerion import render_game
    from gtcli.trickerion.formats.session_file import load_session
    from gtcli.trickerion.reports import game_json
    from gtcli.trickerion.rules.game import final, next_initiative, results, standings

    g = load_session(session)
    done = results(g)
    _emit(as_json, game_json, render_game, g, done, standings(g, done), final(g, done), next_initiative(g, done))


@game.command("undo")
@SESSION
@click.option("--yes", "-y", is_flag=True, help="Drop it without asking (needed without a terminal).")
@json_option
@handles_input_errors()
def undo_cmd(session: str, yes: bool, as_json: bool) -> None:
    """Drop the last recorded turn (kept in the session: `gt trickerion game redo` brings it back)."""
    from gtcli.cli.terminal.asking import confirm_drop
    from gtcli.trickerion.formats.session_file import open_session
    from gtcli.trickerion.rules.game import results

    with open_session(session) as s:
        s.check_undo()  # TRK018 when there is nothing to undo, before asking anything
        number = len(s.game.turns)
        after = ", ".join(f"{p.name} {p.fame} fame" for p in results(s.game)[-1].standings)
        if not confirm_drop("gt trickerion game undo", f"turn {number}", f"after it: {after}", session,
                            "gt trickerion game redo", yes, stdin_is_terminal(), err=as_json):
            return
        s.undo()
    _where_it_stands(session, s, "dropped", number, f"Dropped turn {number} from {session}; the game stands at",
                     as_json)


@game.command("redo")
@SESSION
@json_option
@handles_input_errors()
def redo_cmd(session: str, as_json: bool) -> None:
    """Bring back the turn `gt trickerion game undo` dropped last (checked again)."""
    from gtcli.trickerion.formats.session_file import open_session

    with open_session(session) as s:
        number = s.redo()
    _where_it_stands(session, s, "restored", number, f"Restored turn {number} to {session}; the game stands at",
                     as_json)


def _warn(warnings: list[str]) -> None:
    for warning in warnings:
        click.echo(f"warning: {warning}", err=True)


def _where_it_stands(session: str, s: Any, key: str, number: int, title: str, as_json: bool) -> None:
    """After an undo or a redo of turn ``number``: the standings, and the next turn (or the
    end of the game); JSON says ``{key: number}``."""
    from gtcli.cli.terminal.trickerion import names, render_standings
    from gtcli.trickerion.reports import state_json
    from gtcli.trickerion.rules.game import next_initiative, results, standings

    _warn(s.warnings)
    g = s.game
    done = results(g)
    order = next_initiative(g, done)

    def to_json(states):
        return {"file": session, key: number, "turns": len(g.turns), "standings": [state_json(p) for p in states],
                "next_initiative": list(order) if order is not None else None}

    def render(states):
        render_standings(states, title, None)
        if order is None:
            click.echo(safe(f"The game is over: gt trickerion game show {session}", False))
        else:
            click.echo(f"Turn {len(g.turns) + 1} is next, initiative: {names(order)}")

    _emit(as_json, to_json, render, standings(g, done))
