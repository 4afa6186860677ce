"""Issue 26, the smaller things: whole table titles without trailing blanks, translated column
headers, and help texts that point only to README sections that exist."""

from __future__ import annotations

import re

import click

from tests.conftest import ROOT, SCENARIOS, run


def test_a_title_wider_than_its_table_is_one_line_without_trailing_blanks():
    result = run("replay", SCENARIOS / "games" / "three-players.gtl", env={"COLUMNS": "40"})
    lines = result.stdout.splitlines()
    assert "Totals after 3 Tribunal(s)" in lines  # not "Totals after 3" / "Tribunal(s)"
    tally = run("tally", SCENARIOS / "tally" / "worked-example.toml").stdout.splitlines()
    for title in ("Tribunal 1: items", "Player scores"):
        assert title in tally  # the whole line is the title: no blanks after it


def test_every_table_title_line_ends_without_blanks():
    for args in (("tally", SCENARIOS / "tally" / "worked-example.toml"), ("cards", "show", "sample"),
                 ("replay", SCENARIOS / "games" / "three-players.gtl")):
        out = run(*args).stdout.splitlines()
        titles = [line for n, line in enumerate(out[:-1]) if out[n + 1].startswith("+-") and not line.startswith(("+", "|"))]
        assert titles and all(line == line.rstrip() for line in titles), (args, titles)


def test_cards_show_in_another_language_translates_its_column_headers():
    for lang, headers in (("fr", ("Genre", "Nom", "Type/Catégorie", "Coût", "Emplacements", "Effet")),
                          ("es", ("Clase", "Nombre", "Tipo/Categoría", "Coste", "Copias", "Efecto")),
                          ("it", ("Genere", "Nome", "Tipo/Categoria", "Costo", "Copie", "Effetto"))):
        out = run("cards", "show", "sample", "--lang", lang).stdout
        header = next(line for line in out.splitlines() if line.startswith("|"))
        assert all(f" {h} " in f" {header.strip('|')} " or f"|{h} " in header for h in headers), (lang, header)
        assert "Kind" not in header and "Type/Category" not in header
    assert "43 cartes, 48 exemplaires" in run("cards", "show", "sample", "--lang", "fr").stdout.splitlines()[0]
    assert "|Kind " in run("cards", "show", "sample").stdout


def readme_sections() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return [re.sub(r"[`*]", "", line.lstrip("#").strip()) for line in text.splitlines() if line.startswith("#")]


NAMED = re.compile(r"""README,?\s+["']([^"']+)["']""")


def named_sections(text: str) -> list[str]:
    return [" ".join(name.split()) for name in NAMED.findall(text)]


def every_help() -> dict[str, str]:
    from gtcli.cli.main import cli

    found = {}

    def walk(command: click.Command, path: str, ctx: click.Context) -> None:
        found[path] = command.get_help(ctx)
        if isinstance(command, click.Group):
            for name in command.list_commands(ctx):
                sub = command.get_command(ctx, name)
                walk(sub, f"{path} {name}", click.Context(sub, info_name=name, parent=ctx))

    walk(cli, "gt", click.Context(cli, info_name="gt"))
    return found


def test_every_readme_section_a_help_text_names_exists():
    sections = readme_sections()
    helps = every_help()
    assert len(helps) > 40
    named = {(where, name) for where, text in helps.items() for name in named_sections(" ".join(text.split()))}
    assert ("gt tally", "Calling a Tribunal") in named  # it pointed to "Table files", which is no section
    missing = [(where, name) for where, name in sorted(named) if not any(s.startswith(name) for s in sections)]
    assert missing == []


def test_every_readme_section_named_in_the_code_and_docs_exists():
    """Messages (exit 3's "Reporting a bug"), docstrings and docs/ name README sections the same way."""
    sections = readme_sections()
    texts = {str(p.relative_to(ROOT)): p.read_text(encoding="utf-8")
             for p in [*sorted((ROOT / "gtcli").rglob("*.py")), *sorted((ROOT / "docs").glob("*.md"))]}
    named = [(where, name) for where, text in texts.items() for name in named_sections(" ".join(text.split()))]
    assert ("gtcli/cli/main.py", "Reporting a bug") in named
    assert [(where, name) for where, name in named if not any(s.startswith(name) for s in sections)] == []
