"""``gt cards``: check, show, export and translate card sets."""

from __future__ import annotations

import click

from gtcli.cli.options import json_option, max_findings_option
from gtcli.cli.output import EXIT_FINDINGS, EXIT_UNUSABLE, handles_input_errors, print_json

LANG_CHOICE = click.Choice(["en", "es", "fr", "it"], case_sensitive=False)


@click.group()
def cards() -> None:
    """Card sets: check them, show them, export and translate them."""


@cards.command("check")
@click.argument("paths", metavar="SET...", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--format", "fmt", type=click.Choice(["human", "json", "github"]), default="human",
              help="Output format.")
@click.option("--json", "as_json", is_flag=True, help="Same as --format json.")
@max_findings_option
def check_cmd(paths: tuple[str, ...], fmt: str, as_json: bool, max_findings: int) -> None:
    """Check card sets and translations.

    Exit 0 if clean (warnings allowed), 1 if a set has errors, 2 if a file cannot be read
    or does not parse.
    """
    from gtcli.cli.diagnostics_view import FileReport, render
    from gtcli.diagnostics import InputError
    from gtcli.dsl.cardsets import load

    fmt = "json" if as_json else fmt
    reports, unusable = [], False
    for path in paths:
        try:
            loaded = load(path)
        except InputError as exc:
            unusable = True
            reports.append(FileReport(path, "unreadable", list(exc.diagnostics)))
            continue
        if any(d.code.startswith("SYN") for d in loaded.diagnostics):
            unusable = True  # a file that does not parse cannot be checked further
        kind = "translation" if loaded.translation is not None or _looks_like_translation(loaded) else "set"
        extra = {"cards": len(loaded.card_set.cards)} if loaded.card_set and kind == "set" else {}
        reports.append(FileReport(path, kind, loaded.diagnostics, loaded.texts, extra))
    render(reports, fmt, max_findings=max_findings)
    if unusable:
        raise SystemExit(EXIT_UNUSABLE)
    if any(r.count("error") for r in reports):
        raise SystemExit(EXIT_FINDINGS)


def _looks_like_translation(loaded) -> bool:
    return loaded.card_set is None and any(d.code in ("CARD013", "CARD014") for d in loaded.diagnostics)


@cards.command("show")
@click.argument("path", metavar="SET", type=click.Path(dir_okay=False))
@click.option("--lang", type=LANG_CHOICE, help="Show names, vocabulary and effects in this language.")
@json_option
@handles_input_errors()
def show_cmd(path: str, lang: str | None, as_json: bool) -> None:
    """Show a card set as a table, in its language or another one."""
    from gtcli.dsl.cards_format import Writer
    from gtcli.dsl.cardsets import load_set, load_translation_for

    card_set = load_set(path)
    lang = (lang or card_set.language).lower()
    translation = load_translation_for(path, lang) if lang != card_set.language else None
    writer = Writer(card_set, lang)
    rows = []
    for card in card_set.cards:
        name = (translation.name_of(card.name) if translation else None) or card.name
        text = (translation.text_of(card.name) if translation else None) or card.text
        what = writer.word(card.type) if card.type else (writer.word(card.category) if card.category else "")
        effects = "\n".join(writer.effect(e).strip() for e in card.effects)
        rows.append({"kind": card.kind, "name": name, "original": card.name, "what": what, "cost": card.cost,
                     "base": card.base, "slots": [writer.word(s) for s in card.slots], "copies": card.copies,
                     "text": text, "effects": effects})
    if as_json:
        print_json({"set": card_set.name, "language": lang, "translated": translation is not None, "cards": rows})
        return
    from gtcli.cli.output import console, table

    out = console()
    kinds = {"item": writer.kw("ITEM"), "spell": writer.kw("SPELL"), "resource": writer.kw("RESOURCE")}
    t = table("Kind", "Name", "Type/Category", "Cost", "Base", "Slots", "Copies", "Effect",
              title=f"{card_set.name} ({lang}, {sum(c.copies for c in card_set.cards)} cards)",
              terminal=out.is_terminal)
    for r in rows:
        effect = "\n".join(x for x in (r["text"], r["effects"]) if x)
        t.add_row(kinds[r["kind"]], r["name"], r["what"], "" if r["cost"] is None else str(r["cost"]),
                  "" if r["base"] is None else str(r["base"]), ", ".join(r["slots"]), str(r["copies"]), effect)
    out.print(t)
    if lang != card_set.language and translation is None:
        out.print(f"No {lang} translation beside {path}: card names are shown as written "
                  f"(`gt cards template {path} --lang {lang}` starts one).")


@cards.command("export")
@click.argument("path", metavar="SET", type=click.Path(dir_okay=False))
@click.option("--format", "fmt", type=click.Choice(["toml", "json", "gtc"]), default="toml",
              help="toml/json: the exchange format; gtc: the card-set language.")
@click.option("--lang", type=LANG_CHOICE, help="With --format gtc: write the keywords in this language.")
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write to a file (atomically).")
@handles_input_errors(json_flag=None)
def export_cmd(path: str, fmt: str, lang: str | None, output: str | None) -> None:
    """Export a card set (includes resolved) as TOML, JSON or the card-set language."""
    from gtcli.dsl.cards_exchange import to_json, to_toml
    from gtcli.dsl.cards_format import format_set
    from gtcli.dsl.cardsets import load_set

    card_set = load_set(path)
    text = {"toml": to_toml, "json": to_json}.get(fmt, lambda s: format_set(s, lang))(card_set)
    if output:
        from gtcli.files.atomic import write_atomic

        write_atomic(output, text)
        click.echo(f"Wrote {output}.", err=True)
    else:
        click.echo(text, nl=False)


@cards.command("template")
@click.argument("path", metavar="SET", type=click.Path(dir_okay=False))
@click.option("--lang", type=LANG_CHOICE, required=True, help="The language to translate into.")
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Default: NAME.LANG.gtc beside the set.")
@click.option("--force", is_flag=True, help="Overwrite an existing file (names already translated are kept).")
@handles_input_errors(json_flag=None)
def template_cmd(path: str, lang: str, output: str | None, force: bool) -> None:
    """Write a translation file to fill in, listing every card of the set."""
    from pathlib import Path

    from gtcli.diagnostics import Diagnostic, InputError
    from gtcli.dsl.cards_format import translation_template
    from gtcli.dsl.cardsets import load_set, load_translation_for, translation_path
    from gtcli.files.atomic import write_atomic

    card_set = load_set(path)
    target = Path(output) if output else translation_path(path, lang.lower())
    existing = None
    if target.exists():
        if not force:
            raise InputError(Diagnostic("IO002", f"{target} already exists", path=str(target),
                                        hint="use --force to rewrite it (its translated names are kept)"))
        existing = load_translation_for(path, lang.lower()) if target == translation_path(path, lang.lower()) else None
    relative = Path(path).name
    write_atomic(target, translation_template(card_set, relative, lang.lower(), existing))
    click.echo(f"Wrote {target}: {len(card_set.cards)} cards to translate.")
