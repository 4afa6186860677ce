"""``gt config [PATH]``: which configuration file is in force for PATH, and what it sets.

Like ``ruff check --show-settings``: every setting, its value, and where it comes from
(``file:line``, or gt's default), so a club can see why a log was checked the way it was.
"""

from __future__ import annotations

from typing import Any

import click

from gtcli.cli.options import json_option
from gtcli.cli.terminal.output import MAX_FINDINGS, handles_input_errors, print_json

# gt's own value of each setting when no file sets it (what `gt config` shows).
DEFAULTS: dict[str, Any] = {
    "profile": None, "cards": None, "board": None, "language": None, "variants": [], "select": [], "ignore": [],
    "severity": "note", "max-findings": MAX_FINDINGS, "strict": False, "require-complete": False,
    "club": {"aliases": {}},
}
DEFAULT_SHOWN = {
    "profile": "the log's [Profile], else official",
    "cards": "the log's [Cards]",
    "board": "the log's [Board], else none",
    "language": "the log's own (gt fmt); en (gt play --new)",
    "variants": "none (gt play --new)",
    "select": "every code",
    "ignore": "none",
    "club": "no aliases",
}


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return ", ".join(value)
    if isinstance(value, dict):  # [club.aliases]
        return "; ".join(f"{name}: {', '.join(others)}" for name, others in value.get("aliases", {}).items()) \
            or "no aliases"
    return str(value)


@click.command("config")
@click.argument("path", metavar="[PATH]", required=False, type=click.Path())
@json_option
@handles_input_errors()
def config(path: str | None, as_json: bool) -> None:
    """Show the settings in force for a file or folder, and where each comes from.

    PATH (default: the current folder) is a log or a folder. gt looks for gt.toml, then
    for a pyproject.toml with [tool.gtcli], in PATH's folder and each folder above it,
    up to a folder holding .git; the first found is in force. `gt --config FILE config`
    and `gt --isolated config` show what those options do.
    """
    from gtcli.cli.settings import config_for
    from gtcli.grand_tribunal.settings import path_value
    from gtcli.core.files.config import KEYS

    found = config_for(path)
    settings: dict[str, dict[str, Any]] = {}
    for key in KEYS:
        if key in found.settings:
            value = found.get(key)
            entry = {"value": list(value) if isinstance(value, tuple) else value, "from": found.where(key)}
            if key == "club":
                entry["value"] = {"aliases": {name: list(others) for name, others in value.items()}}
            if key in ("profile", "cards", "board"):
                entry["resolved"] = path_value(found, key)
        else:
            entry = {"value": DEFAULTS[key], "from": "default"}
        settings[key] = entry
    data = {"path": path or ".", "config": str(found.path) if found.path else None, "table": found.table,
            "skipped": list(found.skipped), "settings": settings}
    if as_json:
        print_json(data)
        return
    _render(data)


def _render(data: dict[str, Any]) -> None:
    from gtcli.cli.terminal.output import console, table

    out = console()
    if data["config"]:
        where = f"[{data['table']}] in {data['config']}" if data["table"] else data["config"]
        out.print(f"Settings for {data['path']}: {where}")
    else:
        out.print(f"Settings for {data['path']}: no configuration file (gt.toml or [tool.gtcli]); gt's defaults")
    for skipped in data["skipped"]:
        out.print(f"Passed over: {skipped}")
    t = table("Setting", "Value", "From", terminal=out.is_terminal)  # "line N" of the file named above
    for key, entry in data["settings"].items():
        if entry["from"] == "default":
            shown = DEFAULT_SHOWN.get(key, _shown(entry["value"]))
            where = "default"
        else:
            shown = _shown(entry["value"])
            if entry.get("resolved") and entry["resolved"] != entry["value"]:
                shown += f" ({entry['resolved']})"
            where = "line " + entry["from"].rsplit(":", 1)[1] if entry["from"].count(":") else entry["from"]
        t.add_row(key, shown, where)
    out.print(t)
