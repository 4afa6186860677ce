"""``gt diff A.gtl B.gtl``: where two records of the same game first differ.

Both logs are reduced to their moves in canonical form (:mod:`gtcli.club.diff`: layout,
comments, tags and the language do not count), then compared in order. Exit
codes as diff(1)'s: 0 the same game, 1 they differ (one may be the start of the other),
2 a log could not be read or parsed.
"""

from __future__ import annotations

import click

from gtcli.cli.options import json_option
from gtcli.cli.terminal.output import handles_input_errors, print_json


def _source_line(path: str, line: int | None) -> str:
    from gtcli.core.files.reading import read_text
    from gtcli.grand_tribunal.lang.logs.check import MAX_LOG_BYTES

    if not line:
        return ""
    lines = read_text(path, "log", MAX_LOG_BYTES).splitlines()
    return lines[line - 1].strip() if line <= len(lines) else ""


@click.command("diff")
@click.argument("a", metavar="A.gtl", type=click.Path(dir_okay=False))
@click.argument("b", metavar="B.gtl", type=click.Path(dir_okay=False))
@json_option
@handles_input_errors()
def diff(a: str, b: str, as_json: bool) -> None:
    """Where two records of the same game first differ, move by move.

    Layout, comments, tags such as [Event] and [Date], and the language (keywords, and
    card names through the log's card set) do not count. Exit codes: 0 the same game, 1 they differ (or one stops early),
    2 a log could not be read.
    """
    from gtcli.cli.terminal.output import console, safe
    from gtcli.club.diff import compare, read_units

    d = compare(read_units(a), read_units(b))

    def side(path: str, unit) -> dict | None:
        if unit is None:
            return None
        return {"line": unit.line, "move": unit.text, "text": _source_line(path, unit.line)}

    data = {"a": a, "b": b, "relation": d.relation, "same": d.relation == "same",
            "prefix": None if d.shorter is None else (a, b)[d.shorter], "units": list(d.lengths),
            "first_difference": None if d.index is None else
            {"index": d.index, "a": side(a, d.a), "b": side(b, d.b)}}
    if as_json:
        print_json(data)
    else:
        out = console()
        if d.relation == "same":
            out.print(f"{a} and {b} record the same game ({d.lengths[0]} moves and lines of play).")
        else:
            where = data["first_difference"]
            if d.relation == "prefix":
                short, long_ = (a, b) if d.shorter == 0 else (b, a)
                out.print(f"{short} is the start of {long_}: it stops after {d.index} of its "
                          f"{max(d.lengths)} moves and lines of play.")
            else:
                out.print(f"{a} and {b} first differ at move {d.index + 1} (the same up to there):")
            for path, entry in ((a, where["a"]), (b, where["b"])):
                if entry is None:
                    out.print(f"  {path}: (ends here)")
                else:
                    out.print(f"  {path}:{entry['line']}: {safe(entry['text'], newlines=False)}")
    if d.relation != "same":
        raise SystemExit(1)
