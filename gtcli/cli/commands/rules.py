"""``gt rules``: rule profiles and the diagnostic code registry."""

from __future__ import annotations

import click

from gtcli.cli import completing
from gtcli.cli.options import json_option
from gtcli.cli.terminal.output import console, handles_input_errors, print_json, table


def _value(v: object) -> str:
    if isinstance(v, list):
        return ", ".join(map(str, v)) or "none"
    return str(v)


@click.group()
def rules() -> None:
    """Rule profiles and diagnostic codes."""


@rules.command("profiles")
@json_option
def profiles_cmd(as_json: bool) -> None:
    """List the built-in rule profiles and their parameters."""
    from gtcli.grand_tribunal.rules.profiles import BUILTIN

    if as_json:
        print_json([{"name": p.name, "description": p.description, "parameters": p.parameters()}
                    for p in BUILTIN.values()])
        return
    out = console()
    names = list(BUILTIN)
    t = table("Parameter", *names, title="Rule profiles", terminal=out.is_terminal)
    params = [p.parameters() for p in BUILTIN.values()]
    for key in params[0]:
        t.add_row(key, *(_value(p[key]) for p in params))
    out.print(t)
    for p in BUILTIN.values():
        out.print(f"{p.name}: {p.description}")
    out.print("A TOML file of overrides works wherever a profile name does (see README).")
    out.print("The official variants (X1-X5) are listed by `gt rules variants`.")


@rules.command("variants")
@json_option
def variants_cmd(as_json: bool) -> None:
    """List the official variants: code, name, the Spanish sheet's name, what each allows."""
    from gtcli.grand_tribunal.rules.variants import CATALOGUE

    if as_json:
        print_json([{"code": v.code, "name": v.name, "sheet_name": v.sheet, "summary": v.summary}
                    for v in CATALOGUE])
        return
    out = console()
    t = table("Code", "Name", "Spanish sheet", "Allows", title="Official variants", terminal=out.is_terminal)
    for v in CATALOGUE:
        t.add_row(v.code, v.name, v.sheet, v.summary)
    out.print(t)
    out.print("Off unless turned on: a log's [Variants] tag, gt play --new --variant, a profile's `variants`;"
              " by code or either name, any case, with or without accents.")


@rules.command("diff")
@click.argument("a", metavar="A", shell_complete=completing.profiles)
@click.argument("b", metavar="B", shell_complete=completing.profiles)
@json_option
@handles_input_errors()
def diff_cmd(a: str, b: str, as_json: bool) -> None:
    """Show where two profiles (names or TOML files) differ."""
    from gtcli.grand_tribunal.formats.profile_file import load_profile
    from gtcli.grand_tribunal.rules.profiles import diff

    pa, pb = load_profile(a), load_profile(b)
    rows = diff(pa, pb)
    if as_json:
        print_json({"a": pa.name, "b": pb.name,
                    "differences": [{"parameter": k, "a": va, "b": vb} for k, va, vb in rows]})
        return
    out = console()
    if not rows:
        out.print(f"{pa.name} and {pb.name} have the same parameters.")
        return
    t = table("Parameter", pa.name, pb.name, title=f"{pa.name} vs {pb.name}", terminal=out.is_terminal)
    for k, va, vb in rows:
        t.add_row(k, _value(va), _value(vb))
    out.print(t)


@rules.command("codes")
@json_option
def codes_cmd(as_json: bool) -> None:
    """List every diagnostic code with its severity and what it means."""
    from gtcli.games import CODES

    if as_json:
        print_json([{"code": c.code, "title": c.title, "severity": c.severity, "severities": list(c.severities)}
                    for c in CODES.values()])
        return
    out = console()
    t = table("Code", "Severity", "Meaning", title="Diagnostic codes", terminal=out.is_terminal)
    for c in CODES.values():
        t.add_row(c.code, " / ".join(c.severities), c.title)
    out.print(t)
    out.print("`gt rules explain CODE` explains one code, with examples.")


@rules.command("explain")
@click.argument("code", metavar="CODE", shell_complete=completing.codes)
@json_option
def explain_cmd(code: str, as_json: bool) -> None:
    """Explain a diagnostic code: the rule in full, the sheets' differences, examples."""
    from gtcli.core.files.rule_docs import doc_file, section
    from gtcli.core.text import did_you_mean
    from gtcli.games import CODES

    key = code.strip().upper()
    if key not in CODES:
        hint = did_you_mean(key, CODES) or "`gt rules codes` lists them"
        raise click.BadParameter(f"unknown code {code!r}; {hint}", param_hint="CODE")
    entry = CODES[key]
    text = section(key)
    if as_json:
        print_json({"code": key, "title": entry.title, "severity": entry.severity,
                    "severities": list(entry.severities), "doc": doc_file(key), "text": text})
        return
    if text is None:  # a code whose page is not installed: the registry still says what it means
        click.echo(f"{key} ({' / '.join(entry.severities)}): {entry.title}")
        return
    out = console()
    if out.is_terminal:
        from rich.markdown import Markdown

        out.print(Markdown(text))
    else:
        click.echo(text, nl=False)
