"""``gt cards``: check, show, export and translate card sets.

Wherever a SET is asked for, ``sample`` (or ``muestra``, ``exemple``, ``esempio``) is the set gt
ships (:func:`gtcli.grand_tribunal.shipped.shipped_or_given`), so a user who installed gt with
pipx can see, check and print it from any folder; a file of one's own by that name is
``./sample``.
"""

from __future__ import annotations

import click

from gtcli.cli import completing
from gtcli.cli.options import json_option, max_findings_option
from gtcli.cli.settings import club_defaults
from gtcli.cli.terminal.output import EXIT_FINDINGS, EXIT_UNUSABLE, handles_input_errors, print_json, safe

LANG_CHOICE = click.Choice(["en", "es", "fr", "it"], case_sensitive=False)
SET_HELP = "SET is a .gtc file, or 'sample' for the set gt ships."


def _set_path(path: str) -> str:
    """The card file a SET argument names: the shipped sample for its name, else the path given."""
    from gtcli.grand_tribunal.shipped import shipped_or_given

    return shipped_or_given(path)


@click.group()
def cards() -> None:
    """Card sets: check, show, render, format, export and translate them."""


@cards.command("check")
@click.argument("paths", metavar="SET...", nargs=-1, required=True, type=click.Path(dir_okay=False),
                shell_complete=completing.card_sets)
@click.option("--format", "fmt", type=click.Choice(["human", "json", "github"]), default="human",
              help="Output format.")
@click.option("--json", "as_json", is_flag=True, help="Same as --format json.")
@click.option("--box", is_flag=True,
              help="Also check a transcription of the published box: 2 x 55 cards, the decks, the public names.")
@max_findings_option
@club_defaults("paths", max_findings="max-findings")
def check_cmd(paths: tuple[str, ...], fmt: str, as_json: bool, box: bool, max_findings: int) -> None:
    """Check card sets and translations.

    Checking a set also checks its translations: the files NAME.LANG.gtc beside it and
    those it lists (`translations "..."`). SET may be 'sample', the set gt ships. Exit 0
    if clean (warnings allowed), 1 if a file has errors, 2 if a file cannot be read or
    does not parse.
    """
    from gtcli.cli.terminal.diagnostics_view import render
    from gtcli.core.diagnostics import Diagnostic
    from gtcli.grand_tribunal.lang.cards.sets import translation_files

    fmt = "json" if as_json else fmt
    reports, unusable, done = [], False, set()
    for path in map(_set_path, paths):
        if _identity(path) in done:
            continue
        done.add(_identity(path))
        report, loaded, bad = _check_file(path)
        reports.append(report)
        unusable |= bad
        if box and loaded is not None and loaded.card_set is not None and report.kind == "set":
            from gtcli.grand_tribunal.rules.box import check_box
            from gtcli.grand_tribunal.shipped import published_cards

            report.diagnostics.extend(check_box(loaded.card_set, published_cards()))
        if loaded is None or loaded.card_set is None or loaded.translation is not None or loaded.errors:
            continue  # only a clean set's translations can be checked against it
        files, problems = translation_files(path, loaded)
        report.diagnostics.extend(problems)
        for tpath, listed_at in files:
            if _identity(tpath) in done:
                continue
            done.add(_identity(tpath))
            t_report, t_loaded, bad = _check_file(str(tpath))
            unusable |= bad
            translation = t_loaded.translation if t_loaded else None
            if listed_at is not None and translation is not None \
                    and _identity(tpath.parent / translation.of) != _identity(path):
                report.diagnostics.append(Diagnostic.at_pos(
                    "CARD009", f"{tpath.name} translates {translation.of!r}, not this set", listed_at))
            reports.append(t_report)
    if fmt == "human":
        from gtcli.cli.terminal.output import safe
        from gtcli.grand_tribunal.lang.cards.text import count_phrase

        for r in reports:
            if r.count("error"):
                continue  # cards with errors are left out of a set: its counts would mislead
            if "copies" in r.extra:
                size = count_phrase(r.extra["cards"], r.extra["copies"])
                click.echo(safe(f"{r.path}: set {r.extra['set']!r}, {size}"))
            elif "translated" in r.extra:
                click.echo(safe(f"{r.path}: {r.extra['language']} translation of {r.extra['of']}, "
                                 f"{r.extra['translated']} of {r.extra['cards']} cards translated"))
    render(reports, fmt, max_findings=max_findings)
    if unusable:
        raise SystemExit(EXIT_UNUSABLE)
    if any(r.count("error") for r in reports):
        raise SystemExit(EXIT_FINDINGS)


def _identity(path) -> object:
    """What tells two named files apart: the real path, or the name itself when it cannot be
    followed (a symlink loop is then reported once, by reading it)."""
    from gtcli.core.diagnostics import InputError
    from gtcli.core.files.reading import resolved

    try:
        return resolved(path)
    except InputError:
        return str(path)


def _check_file(path: str):
    """(report, loaded or None, unusable?) for one set or translation file."""
    from gtcli.core.diagnostics import FileReport, InputError
    from gtcli.grand_tribunal.lang.cards.sets import load
    from gtcli.grand_tribunal.lang.cards.view import set_counts

    try:
        loaded = load(path)
    except InputError as exc:
        return FileReport(path, "unreadable", list(exc.diagnostics)), None, True
    # a file that does not parse (SYN006, an old spelling, is read and only warned about)
    unusable = any(d.code.startswith("SYN") and d.severity == "error" for d in loaded.diagnostics)
    kind = "translation" if loaded.translation is not None or _looks_like_translation(loaded) else "set"
    extra: dict = {}
    if loaded.card_set and kind == "set":
        cards, copies = set_counts(loaded.card_set)
        extra = {"set": loaded.card_set.name, "cards": cards, "copies": copies}
    elif loaded.translation is not None and loaded.card_set is not None:
        extra = {"language": loaded.translation.language, "of": loaded.translation.of,
                 "cards": len(loaded.card_set.cards), "translated": len(loaded.translation.entries)}
    return FileReport(path, kind, list(loaded.diagnostics), loaded.texts, extra), loaded, unusable


def _looks_like_translation(loaded) -> bool:
    return loaded.card_set is None and any(d.code in ("CARD013", "CARD014") for d in loaded.diagnostics)


def _open(path: str, lang: str | None):
    """(set view, note, the set's version) for showing or rendering ``path`` in ``lang``.

    ``path`` is a set, or one of its translations (shown in the translation's language).
    The note says when no translation into ``lang`` exists.
    """
    from gtcli.core.diagnostics import Diagnostic, InputError
    from gtcli.grand_tribunal.lang.cards.sets import load, load_set, load_translation_for
    from gtcli.grand_tribunal.lang.cards.view import set_view

    translation = None
    if path.lower().endswith(".gtc") and _is_translation(path):
        loaded = load(path)
        if loaded.errors or loaded.card_set is None:
            raise InputError(*(loaded.errors or [Diagnostic("CARD009", f"{path} cannot be used", path=path)]))
        card_set, translation = loaded.card_set, loaded.translation
        if lang and lang.lower() != translation.language:
            raise InputError(Diagnostic("CARD016", f"{path} is a {translation.language} translation, not {lang}",
                                        path=path, hint="give the set itself with --lang, or leave --lang out"))
        lang = translation.language
    else:
        card_set = load_set(path)
        lang = (lang or card_set.language).lower()
        if lang != card_set.language:
            translation = load_translation_for(path, lang)
    note = None
    if lang != card_set.language and translation is None:
        note = (f"No {lang} translation beside {path}: card names are shown as written "
                f"(`gt cards template {path} --lang {lang}` starts one).")
    return set_view(card_set, lang, translation), note, card_set.version


def _is_translation(path: str) -> bool:
    from pathlib import Path

    from gtcli.grand_tribunal.lang.cards.ast import RawTranslation
    from gtcli.grand_tribunal.lang.cards.sets import parse_gtc, read_source

    try:
        return isinstance(parse_gtc(read_source(Path(path)), path), RawTranslation)
    except Exception:  # unreadable or unparsable: load_set reports it properly
        return False


@cards.command("show")
@click.argument("path", metavar="SET", type=click.Path(dir_okay=False), shell_complete=completing.card_sets)
@click.argument("name", metavar="[NAME]", required=False, shell_complete=completing.card_names)
@click.option("--lang", type=LANG_CHOICE, help="Show names, vocabulary and effects in this language.")
@json_option
@handles_input_errors()
def show_cmd(path: str, name: str | None, lang: str | None, as_json: bool) -> None:
    """Show a card set as a table, or one card (NAME, any case or accents) as it is laid out.

    SET is a .gtc file, or 'sample' for the set gt ships.
    """
    from gtcli.cli.terminal.cards import card_panel, cards_table
    from gtcli.cli.terminal.output import console, safe
    from gtcli.grand_tribunal.lang.cards.view import find_card

    path = _set_path(path)
    view, note, _ = _open(path, lang)
    if name is not None:
        card = find_card(view, name, path)
        if as_json:
            print_json({"set": view.name, "language": view.language, "translated": view.translated,
                        "card": card.to_json()})
            return
        out = console()
        out.print(card_panel(card, view.language, out.is_terminal))
    elif as_json:
        print_json(view.to_json())
        return
    else:
        from gtcli.grand_tribunal.lang.cards.text import count_phrase

        out = console()
        title = f"{view.name} ({view.language}, {count_phrase(len(view.cards), view.copies, view.language)})"
        out.print(cards_table(view, title, out.is_terminal))
    if note:
        click.echo(safe(note))


@cards.command("render")
@click.argument("path", metavar="SET", type=click.Path(dir_okay=False), shell_complete=completing.card_sets)
@click.option("--lang", type=LANG_CHOICE, help="Lay the cards out in this language (names from NAME.LANG.gtc).")
@click.option("-o", "--output", type=click.Path(dir_okay=False, allow_dash=True),
              help="Write the sheet to this file (atomically); '-' or nothing: standard output.")
@click.option("--paper", type=click.Choice(["auto", "a4", "letter"]), default="auto", show_default=True,
              help="Page size to print on; auto fits both A4 and Letter.")
@json_option
@handles_input_errors()
def render_cmd(path: str, lang: str | None, output: str | None, paper: str, as_json: bool) -> None:
    """Write a printable sheet of the set's cards (HTML, 9 cards a page, cut marks).

    The page needs no network and no JavaScript: open it in a browser and print it.
    SET is a .gtc file, or 'sample' for the set gt ships.
    """
    from gtcli.cli.terminal.output import safe
    from gtcli.grand_tribunal.html.card_sheet import pages, sheet_html
    from gtcli.grand_tribunal.lang.cards.text import count_phrase

    view, note, version = _open(_set_path(path), lang)
    page = sheet_html(view, paper, path, version)
    to_file = output not in (None, "-")
    if to_file:
        from gtcli.core.files.guarded import save

        save(output, page, what="sheet")  # locked, atomic, through links; the user named the file
    if as_json:
        print_json({"file": output if to_file else None, "set": view.name, "language": view.language,
                    "translated": view.translated, "paper": paper, "pages": pages(view),
                    "count": {"cards": len(view.cards), "copies": view.copies},
                    "html": None if to_file else page})
    elif to_file:
        size = count_phrase(len(view.cards), view.copies)
        click.echo(safe(f"Wrote {output}: {size}, {pages(view)} page(s)."), err=True)
    else:
        click.echo(page, nl=False)
    if note:
        click.echo(safe(note), err=True)


@cards.command("export")
@click.argument("path", metavar="SET", type=click.Path(dir_okay=False), shell_complete=completing.card_sets)
@click.option("--format", "fmt", type=click.Choice(["toml", "json", "gtc"]), default="toml",
              help="toml/json: the exchange format; gtc: the card-set language.")
@click.option("--lang", type=LANG_CHOICE, help="With --format gtc: write the keywords in this language.")
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write to a file (atomically).")
@handles_input_errors(json_flag=None)
def export_cmd(path: str, fmt: str, lang: str | None, output: str | None) -> None:
    """Export a card set as TOML, JSON or the card-set language.

    The export is flattened: one file with the cards of every include, without the
    comments. To tidy a card file itself (includes and comments kept), use `gt fmt FILE.gtc`.
    SET is a .gtc file, or 'sample' for the set gt ships.
    """
    from gtcli.grand_tribunal.lang.cards.exchange import to_json, to_toml
    from gtcli.grand_tribunal.lang.cards.format import format_set
    from gtcli.grand_tribunal.lang.cards.sets import load_set

    card_set = load_set(_set_path(path))
    text = {"toml": to_toml, "json": to_json}.get(fmt, lambda s: format_set(s, lang))(card_set)
    if output:
        from gtcli.core.files.guarded import save

        save(output, text, what="export")  # locked, atomic, through links; the user named the file
        click.echo(safe(f"Wrote {output}.", False), err=True)
    else:
        click.echo(text, nl=False)


@cards.command("template")
@click.argument("path", metavar="SET", type=click.Path(dir_okay=False), shell_complete=completing.card_sets)
@click.option("--lang", type=LANG_CHOICE, required=True, help="The language to translate into.")
@click.option("-o", "--output", type=click.Path(dir_okay=False, allow_dash=True),
              help="Default: NAME.LANG.gtc beside the set; '-': standard output.")
@click.option("--force", is_flag=True,
              help="Rewrite an existing translation: its names, texts, fingerprints and comments are kept.")
@json_option
@handles_input_errors()
def template_cmd(path: str, lang: str, output: str | None, force: bool, as_json: bool) -> None:
    """Write a translation file to fill in, listing every card of the set.

    Rewriting one (--force) keeps the work in it and every comment beside its entry; the
    cards follow the set's order, and entries of cards the set no longer has are kept,
    commented out, at the end. SET may be 'sample' (the set gt ships: give -o, since its
    own folder is gt's).
    """
    from pathlib import Path

    from gtcli.core.diagnostics import Diagnostic, InputError
    from gtcli.grand_tribunal.lang.cards.sets import load_set, read_source, translation_path
    from gtcli.grand_tribunal.shipped import is_sample

    if is_sample(path) and output is None:
        raise click.UsageError("the shipped sample's folder is gt's own: write the template elsewhere "
                               "with -o FILE (or -o - to see it)")
    path = _set_path(path)
    card_set = load_set(path)
    lang = lang.lower()
    beside = translation_path(path, lang)
    if output == "-":  # shown, not written: the work already done beside the set is in it
        source = read_source(beside) if beside.is_file() else None
        text = _template(card_set, path, lang, source, beside)
        left = _left_to_translate(text, card_set, str(beside))
        if as_json:
            print_json({"file": None, "language": lang, "cards": len(card_set.cards), "left": left, "text": text})
        else:
            click.echo(text, nl=False)
        return
    from gtcli.core.files.guarded import Editing

    target = Path(output) if output else beside
    moved = 0
    with Editing(target, "translation", must_exist=False) as doc:  # the work kept is the one saved over
        if doc.text is not None and not force:
            raise InputError(Diagnostic("IO002", f"{target} already exists", path=str(target),
                                        hint="use --force to rewrite it (its work and comments are kept)"))
        text = _template(card_set, path, lang, doc.text, target)
        left = _left_to_translate(text, card_set, str(target))
        if doc.text is not None:  # comments of a file that was not this set's translation: at the end
            from gtcli.core.parsing.comments import keep_notes, texts

            text, moved = keep_notes(texts(doc.text), text, texts(text),
                                     "Comments of the previous version, whose places could not be kept")
        doc.save(text)
    if moved:
        click.echo(f"warning: {moved} comment(s) of {target} could not be kept in place: they are at its end.",
                   err=True)
    if as_json:
        print_json({"file": str(target), "language": lang, "cards": len(card_set.cards), "left": left,
                    "text": None})
    else:
        click.echo(f"Wrote {target}: {len(card_set.cards)} cards, {left} left to translate.")


def _template(card_set, set_path: str, lang: str, source: str | None, where) -> str:
    """The template, carrying over the work and comments of ``source`` (the file at ``where``)
    when it is a translation of this set into ``lang``."""
    from pathlib import Path

    from gtcli.core.diagnostics import Diagnostic, InputError
    from gtcli.core.text import fold
    from gtcli.grand_tribunal.lang.cards.ast import RawTranslation
    from gtcli.grand_tribunal.lang.cards.format import translation_template
    from gtcli.grand_tribunal.lang.cards.syntax import read_gtc

    existing = None
    if source is not None:
        parsed = read_gtc(source, str(where))
        if parsed.errors:
            raise InputError(*parsed.errors, Diagnostic(
                "IO002", f"{where} does not parse, so its work cannot be carried over; nothing was written",
                path=str(where), hint="fix it (gt cards check), or move it away to start afresh"))
        raw = parsed.raw
        if not isinstance(raw, RawTranslation):
            raise InputError(Diagnostic("IO002", f"{where} is a card set, not a translation; nothing was written",
                                        path=str(where), hint="write the template to another file (-o)"))
        if _identity(Path(where).parent / raw.of) == _identity(set_path) and fold(raw.language.text) == lang:
            existing = raw
    return translation_template(card_set, Path(set_path).name, lang, existing, source if existing else None)


def _left_to_translate(text: str, card_set, path: str) -> int:
    """Cards with something left to translate: a name, a text or a manual text (CARD014)."""
    from gtcli.grand_tribunal.lang.cards.check import check_translation
    from gtcli.grand_tribunal.lang.cards.sets import parse_gtc

    raw = parse_gtc(text, path)
    _, diagnostics = check_translation(raw, card_set)
    # one warning per card: the entry's (at its line), or the card's missing entry (at the header)
    missing = [d for d in diagnostics if d.code == "CARD014" and d.line == raw.pos.line]
    return len({d.line for d in diagnostics if d.code == "CARD014" and d.line != raw.pos.line}) + len(missing)


def _add_fmt() -> None:
    """``gt cards fmt``: the same command as ``gt fmt`` (which takes card files and logs)."""
    from gtcli.cli.commands.logs import fmt_cmd

    cards.add_command(fmt_cmd, "fmt")


_add_fmt()
