"""``gt play --new``: the new game's log made from the options, each problem told at its option.

A new log is written only once everything it would name is known to load: the players
(``--players``, as many as the profile allows, each a name the log can hold), the variants,
the card set and the board (a misspelt one is named with what is close, ``--board: no such
board 'smaple' (did you mean 'sample'?)``); a problem the new log's check finds in its
header is told at the option that gave it, never at a line of a file never written.
"""

from __future__ import annotations

import contextlib
from dataclasses import replace

from gtcli.cli.options import option_errors
from gtcli.core.text import name_list


def new_session(path: str, players: str | None, cards: str | None, board: str | None, profile_spec: str | None,
                variants: tuple[str, ...], lang: str, event: str | None, date: str | None, rng):
    """The :class:`~gtcli.grand_tribunal.play.session.PlaySession` of a new log at ``path``."""
    from gtcli.core.diagnostics import Diagnostic, InputError
    from gtcli.grand_tribunal.lang.logs.check import Options
    from gtcli.grand_tribunal.play.session import PlaySession

    if not players:
        raise InputError(Diagnostic("S1", "a new game needs its players", hint="--players Ana,Ben,Caro"))
    seats = _new_players(players, profile_spec, lang)
    with option_errors("--variant"):
        from gtcli.grand_tribunal.rules.variants import parse_variants

        parse_variants(", ".join(variants))
    _given_file(cards, "--cards", "card set", ".gtc")
    _given_file(board, "--board", "board", ".toml")
    # the files given now are the user's choice: the new log may name them wherever they are
    with _options_of_new(path, seats, cards, board, profile_spec, variants, lang, event, date):
        return PlaySession.create(path, seats, Options(cards, board, profile_spec, allow_outside=True), lang,
                                  variants, event, date, rng)


def _new_players(players: str, profile_spec: str | None, lang: str) -> tuple[str, ...]:
    """The seats ``--players`` gives a new log: as many as the profile allows, each once, each
    a name the log can hold (one word, not a keyword); errors name the option."""
    from gtcli.cli.commands.tally import look_apart
    from gtcli.core.diagnostics import InputError
    from gtcli.grand_tribunal.formats.profile_file import load_profile
    from gtcli.grand_tribunal.lang.player_names import name_problem
    from gtcli.grand_tribunal.rules.game import new_game

    profile = load_profile(profile_spec)
    with option_errors("--players"):
        seats = look_apart(new_game(name_list(players), profile).players)  # TAB007: two players who look alike
        problems = [p for p in (name_problem(name, lang) for name in seats) if p is not None]
        if problems:
            raise InputError(*problems)
    return seats


def _given_file(spec: str | None, option: str, noun: str, suffix: str) -> None:
    """A card set or board given to a new game that does not exist: said at its option, with the
    shipped one or a file of that kind beside it that is close (``smaple``: did you mean 'sample'?)."""
    from pathlib import Path

    from gtcli.core.diagnostics import Diagnostic, InputError
    from gtcli.core.text import did_you_mean
    from gtcli.grand_tribunal.shipped import is_sample

    if spec is None or is_sample(spec) or Path(spec).exists():
        return
    folder = Path(spec).parent
    try:
        near = [str(folder / p.name) if spec != Path(spec).name else p.name
                for _, p in zip(range(500), folder.iterdir()) if p.name.endswith(suffix)]
    except OSError:
        near = []
    close = did_you_mean(spec, ["sample", *near])
    raise InputError(Diagnostic("IO001", f"no such {noun} {spec!r}" + (f" ({close})" if close else ""), path=option,
                                hint=f"'sample' is the {noun} gt ships; or give a {suffix} file"))


@contextlib.contextmanager
def _options_of_new(path: str, seats, cards, board, profile_spec, variants, lang, event, date):
    """A problem of a new game's header (a board that does not load) said at the option that gave
    it, not at a line of a log that was never written."""
    from gtcli.core.diagnostics import InputError
    from gtcli.grand_tribunal.lang.keywords import header_tag
    from gtcli.grand_tribunal.play.typed import new_game_text

    try:
        yield
    except InputError as exc:
        text = new_game_text(seats, cards or "sample", board, profile_spec, variants, lang, event, date)
        tags = {n: header_tag(line[1:].split()[0]) for n, line in enumerate(text.splitlines(), 1) if line[:1] == "["}
        options = {"players": "--players", "cards": "--cards", "board": "--board", "profile": "--profile",
                   "variants": "--variant", "language": "--lang", "event": "--event", "date": "--date"}

        def moved(d):
            if d.path != path:
                return d
            return replace(d, path=options.get(tags.get(d.line), "--new"), line=None, col=None)

        raise InputError(*map(moved, exc.diagnostics)) from None
