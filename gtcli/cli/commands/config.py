"""``gt config [PATH]``: which configuration file is in force for PATH, and what it sets.

Like ``ruff check --show-settings``: every setting, its value, and where it comes from
(``file:line``, or gt's default), so a club can see why a log was checked the way it was.
"""

from __future__ import annotations

from typing import Any

import click

from gtcli.cli.options import json_option
from gtcli.cli.terminal.output import handles_input_errors, print_json


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return ", ".join(value)
    if isinstance(value, dict) and "aliases" in value and set(value) <= {"name", "lang", "aliases"}:  # [club]
        aliases = "; ".join(f"{name}: {', '.join(others)}" for name, others in value["aliases"].items())
        return f"name: {value.get('name') or 'Club league'}; lang: {value.get('lang') or 'en'}; " \
               f"aliases: {aliases or 'none'}"
    if isinstance(value, dict):  # [per-file-ignores]: pattern -> codes
        return "; ".join(f"{pattern}: {', '.join(codes)}" for pattern, codes in value.items()) or "none"
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
    from gtcli.cli.settings import config_for, config_keys
    from gtcli.grand_tribunal.settings import path_value

    found = config_for(path)
    settings: dict[str, dict[str, Any]] = {}
    keys = config_keys()
    for key in keys:
        if key in found.settings:
            value = found.get(key)
            entry = {"value": list(value) if isinstance(value, tuple) else value, "from": found.where(key)}
            if key == "club":
                entry["value"] = value.to_json()
            elif isinstance(value, dict):  # per-file-ignores
                entry["value"] = {pattern: list(codes) for pattern, codes in value.items()}
            if key in ("profile", "cards", "board"):
                entry["resolved"] = path_value(found, key)
        else:
            entry = {"value": keys[key].default, "from": "default"}
        settings[key] = entry
    data = {"path": path or ".", "config": str(found.path) if found.path else None, "table": found.table,
            "skipped": list(found.skipped), "settings": settings}
    if as_json:
        print_json(data)
        return
    _render(data)


def _render(data: dict[str, Any]) -> None:
    from gtcli.cli.settings import config_keys
    from gtcli.cli.terminal.output import console, table

    keys = config_keys()
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
            shown = keys[key].shown or _shown(entry["value"])
            where = "default"
        else:
            shown = _shown(entry["value"])
            if entry.get("resolved") and entry["resolved"] != entry["value"]:
                shown += f" ({entry['resolved']})"
            where = "line " + entry["from"].rsplit(":", 1)[1] if entry["from"].count(":") else entry["from"]
        t.add_row(key, shown, where)
    out.print(t)
