"""Load card sets and translations from disk, safely.

Card sets are shared between strangers, so loading one never executes anything, reads at
most ``MAX_FILE_BYTES`` per file (regular files only, through :mod:`gtcli.core.files.reading`),
follows includes only inside the set's own folder and at most ``MAX_INCLUDE_DEPTH``
deep, and bounds every number (the checker does that). A whole set -- the file and all
it includes -- reads each file once, at most ``MAX_SET_FILES`` files and
``MAX_SET_BYTES`` bytes, and stops merging cards past the checker's ``MAX_CARDS``: a
file that includes another ten times, which includes another ten times... ("billion
laughs") costs a few files, not days.

Formats, by file name: ``*.gtc`` is the card-set language (a set or a translation),
``*.toml`` and ``*.json`` the exchange format of :mod:`gtcli.grand_tribunal.lang.cards.exchange`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from gtcli.core.diagnostics import ERROR, Diagnostic, InputError, Pos
from gtcli.core.files.reading import exists, is_file, read_text, resolved
from gtcli.core.text import fold
from gtcli.grand_tribunal.rules.cards import CardSet, Translation

if TYPE_CHECKING:
    from gtcli.grand_tribunal.lang.cards.ast import RawSet, RawTranslation

# The card language's parser and checker (Lark among them) are imported where a file is
# read, not here: gt check on the shipped sample set finds it kept (lang/cards/kept.py)
# and needs none of them.

MAX_FILE_BYTES = 1_000_000
MAX_INCLUDE_DEPTH = 8
MAX_SET_FILES = 64
MAX_SET_BYTES = 4_000_000


@dataclass
class Loaded:
    """What loading one file gave: a set or a translation, and every diagnostic."""

    path: str
    card_set: CardSet | None = None
    translation: Translation | None = None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    texts: dict[str, str] = field(default_factory=dict)  # path -> source, for carets
    translations: list[tuple[str, Pos]] = field(default_factory=list)  # listed in the set (`translations "..."`)
    read: set[Path] = field(default_factory=set)  # resolved paths of the files read, each once
    size: int = 0  # bytes read for the whole set
    cards: int = 0  # cards merged so far

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == ERROR]


def read_source(path: Path) -> str:
    return read_text(path, "card file", MAX_FILE_BYTES, too_big="CARD017")


def parse_gtc(text: str, path: str) -> RawSet | RawTranslation:
    """Parse the card-set language in the declared language, else the one that fits;
    every syntax error (up to a cap) is raised together (:mod:`gtcli.grand_tribunal.lang.cards.syntax`)."""
    from gtcli.grand_tribunal.lang.cards.syntax import read_gtc

    parsed = read_gtc(text, path)
    if parsed.errors:
        raise InputError(*parsed.errors)
    return parsed.raw


def _parse_any(path: Path, text: str, loaded: Loaded) -> RawSet | RawTranslation:
    """The file's raw form; syntax errors after which the rest could be read go into ``loaded``."""
    suffix = path.suffix.lower()
    if suffix in (".toml", ".json"):
        from gtcli.grand_tribunal.lang.cards.exchange import raw_from_file

        raw, problems = raw_from_file(path, text)
        loaded.diagnostics.extend(problems)
        return raw
    from gtcli.grand_tribunal.lang.cards.syntax import read_gtc

    parsed = read_gtc(text, str(path))
    if parsed.raw is None:
        raise InputError(*parsed.errors)
    loaded.diagnostics.extend(parsed.errors + parsed.warnings)
    return parsed.raw


def _gather(path: Path, root: Path, loaded: Loaded, depth: int, stack: tuple[Path, ...]) -> RawSet | RawTranslation | None:
    """Parse ``path`` and merge its includes (recursively) into one RawSet, within the set's budget."""
    from gtcli.grand_tribunal.lang.cards.ast import RawTranslation

    text = read_source(path)
    loaded.read.add(stack[-1])
    loaded.size += len(text)
    loaded.texts[str(path)] = text
    raw = _parse_any(path, text, loaded)
    if isinstance(raw, RawTranslation):
        return raw
    _take_cards(raw, raw.cards, loaded, raw.header_pos)
    for target, pos in raw.includes:
        problem = _include_problem(path, target, root, loaded, depth, stack)
        if isinstance(problem, Diagnostic):
            loaded.diagnostics.append(Diagnostic.at_pos(problem.code, problem.message, pos, problem.hint))
            continue
        included = problem
        try:
            sub = _gather(included, root, loaded, depth + 1, stack + (included,))
        except InputError as exc:
            loaded.diagnostics.extend(
                Diagnostic.at_pos("CARD009", f"include {target!r}: {d.message}", pos) if d.code.startswith("IO") else d
                for d in exc.diagnostics)
            continue
        if isinstance(sub, RawTranslation):
            loaded.diagnostics.append(Diagnostic.at_pos("CARD009", f"include {target!r} is a translation", pos))
            continue
        if sub is not None:
            raw.cards.extend(sub.cards)
            if sub.types is not None:
                raw.types = (raw.types or []) + sub.types
            if sub.categories is not None:
                raw.categories = (raw.categories or []) + sub.categories
    return raw


def _take_cards(raw: RawSet, cards: list, loaded: Loaded, pos: Pos) -> None:
    """Count a file's cards against the set's cap; past it, the rest are dropped (CARD017 once)."""
    from gtcli.grand_tribunal.lang.cards.check import MAX_CARDS

    room = MAX_CARDS + 1 - loaded.cards
    if len(cards) > room:
        del cards[max(0, room):]
        if loaded.cards <= MAX_CARDS:
            loaded.diagnostics.append(Diagnostic.at_pos(
                "CARD017", f"the set's files hold more than {MAX_CARDS} cards; the rest are not read", pos))
    loaded.cards += len(cards)


def _include_problem(path: Path, target: str, root: Path, loaded: Loaded, depth: int,
                     stack: tuple[Path, ...]) -> Path | Diagnostic:
    """The resolved file an include names, or why it is not read (a diagnostic without position).

    An include is relative to the real file that names it: a set reached through a link
    (the user's own, or with ``--allow-outside``) includes what its author put beside it.
    """
    try:
        included = resolved(resolved(path).parent / target)
    except InputError as exc:
        return Diagnostic("CARD009", f"include {target!r}: {exc.diagnostics[0].message}")
    if not included.is_relative_to(root):
        return Diagnostic("CARD009", f"include {target!r} leaves the set's folder",
                          hint="an included file must be in the set's folder or below it")
    if included in stack:
        return Diagnostic("CARD009", f"include {target!r} includes itself")
    if included in loaded.read:
        return Diagnostic("CARD009", f"include {target!r}: that file is already part of the set",
                          hint="each file is read once; including it again would only repeat its cards")
    if depth >= MAX_INCLUDE_DEPTH:
        return Diagnostic("CARD017", f"includes nest deeper than {MAX_INCLUDE_DEPTH}")
    if not exists(included):
        return Diagnostic("CARD009", f"include {target!r}: no such file")
    if len(loaded.read) >= MAX_SET_FILES or loaded.size >= MAX_SET_BYTES:
        return Diagnostic("CARD017", f"the set reads more than {MAX_SET_FILES} files or {MAX_SET_BYTES} bytes",
                          hint="a set and its includes are read within one budget")
    return included


def load(path: str | Path, with_translation_target: bool = True) -> Loaded:
    """Load a set or a translation file; problems go into ``Loaded.diagnostics``.

    Unreadable files raise :class:`InputError` (exit 2); everything else is a finding.
    """
    from gtcli.grand_tribunal.lang.cards.ast import RawTranslation
    from gtcli.grand_tribunal.lang.cards.check import SetChecker
    from gtcli.grand_tribunal.shipped import published_vocabulary

    p = Path(path)
    loaded = Loaded(str(path))
    real = resolved(p)
    try:
        raw = _gather(p, real.parent, loaded, 0, (real,))
    except InputError as exc:
        if any(d.code.startswith("IO") for d in exc.diagnostics):
            raise
        loaded.diagnostics.extend(exc.diagnostics)
        return loaded
    if isinstance(raw, RawTranslation):
        _load_translation(raw, p, loaded, with_translation_target)
    else:
        checker = SetChecker(published_vocabulary())
        loaded.card_set = checker.check(raw)
        loaded.translations = list(raw.translations)
        loaded.diagnostics.extend(checker.diagnostics)
    if any(d.code.startswith("SYN") and d.severity == ERROR for d in loaded.diagnostics):
        # read past syntax errors (cards_syntax): the errors of the cards read whole are
        # worth fixing in the same run, but warnings about what is missing or unused are
        # not, when part of the file was skipped
        loaded.diagnostics = [d for d in loaded.diagnostics if d.severity == ERROR]
    return loaded


def _load_translation(raw: RawTranslation, path: Path, loaded: Loaded, resolve_target: bool) -> None:
    from gtcli.grand_tribunal.lang.cards.check import check_translation

    try:
        target = resolved(path.parent / raw.of)
    except InputError:
        target = None
    if target is None or not target.is_relative_to(resolved(path).parent) or not is_file(target):
        loaded.diagnostics.append(Diagnostic.at_pos(
            "CARD009", f"the translated set {raw.of!r} is not a file beside the translation", raw.of_pos))
        return
    base = load(target, with_translation_target=False)
    if base.card_set is None or base.errors:
        loaded.diagnostics.append(Diagnostic.at_pos(
            "CARD009", f"the translated set {raw.of!r} has errors; check it first", raw.of_pos))
        return
    translation, diagnostics = check_translation(raw, base.card_set)
    loaded.texts.update(base.texts)  # the translation depends on the set's files too
    loaded.card_set = base.card_set
    loaded.translation = translation
    loaded.diagnostics.extend(diagnostics)


# Checked sets and translations, by resolved path, with the stamps of every file read.
# ``gt check`` over a thousand logs names the same set a thousand times; parsing and
# checking it again each time would cost more than replaying the log.
def _checked(kind: str, path: str | Path, compute):
    """``compute()`` -> (Loaded, value), remembered until one of the files it read changes."""
    from gtcli.core.files.memo import remembered

    def files_and_value():
        loaded, value = compute()
        return loaded.texts, value

    return remembered(kind, path, files_and_value)


def load_set(path: str | Path) -> CardSet:
    """A usable card set or an :class:`InputError` (for commands that need one).

    A set of gt's shipped ``cards/`` folder is kept checked in the user's cache
    (:mod:`gtcli.grand_tribunal.lang.cards.kept`) and read from there while its files are
    unchanged."""
    from gtcli.core.files.memo import remembered
    from gtcli.grand_tribunal.lang.cards.kept import keep_set, kept_set

    def compute():
        kept = kept_set(path)
        if kept is not None:
            return kept
        loaded = load(path)
        if loaded.errors:
            raise InputError(*loaded.errors)
        if loaded.card_set is None or loaded.translation is not None:
            raise InputError(Diagnostic("CARD009", f"{path} is a translation, not a card set", path=str(path),
                                        hint="give the set it translates"))
        keep_set(path, list(loaded.texts), loaded.card_set)
        return loaded.texts, loaded.card_set

    return remembered("set", path, compute)


def translation_path(set_path: str | Path, lang: str) -> Path:
    """Where a set's translation into ``lang`` lives: ``NAME.LANG.gtc`` beside ``NAME.gtc``."""
    p = Path(set_path)
    return p.with_name(f"{p.stem}.{lang}.gtc")


def translation_files(set_path: str | Path, loaded: Loaded) -> tuple[list[tuple[Path, Pos | None]], list[Diagnostic]]:
    """The translations to check with a set: ``NAME.LANG.gtc`` beside it, and those it lists
    (with where it lists them). A listed file must be in the set's folder or below it, as an
    include must.
    """
    from gtcli.grand_tribunal.lang.keywords import LANGUAGES

    p = Path(set_path)
    root = resolved(p).parent
    found: dict[Path, tuple[Path, Pos | None]] = {}
    problems = []
    for lang in LANGUAGES:
        beside = translation_path(p, lang)
        if beside.is_file():
            try:
                found[resolved(beside)] = (beside, None)
            except InputError as exc:  # a symlink loop beside the set: say so, check the rest
                problems.extend(exc.diagnostics)
    for target, pos in loaded.translations:
        listed = p.parent / target
        try:
            real = resolved(listed)
        except InputError as exc:
            problems.extend(exc.located(pos.path, pos.line, pos.col).diagnostics)
            continue
        if not real.is_relative_to(root):
            problems.append(Diagnostic.at_pos("CARD009", f"translation {target!r} leaves the set's folder", pos,
                                              "a translation must be in the set's folder or below it"))
        elif not listed.is_file():
            problems.append(Diagnostic.at_pos("CARD009", f"translation {target!r}: no such file", pos))
        else:
            found[real] = (found.get(real, (listed,))[0], pos)
    return list(found.values()), problems


def load_translation_for(set_path: str | Path, lang: str) -> Translation | None:
    path = translation_path(set_path, lang)
    if not exists(path):
        return None

    def compute():
        loaded = load(path)
        if loaded.errors:
            raise InputError(*loaded.errors)
        return loaded, loaded.translation

    return _checked("translation", path, compute)


def with_translation(card_set: CardSet, set_path: str | Path, lang: str) -> CardSet:
    """The set, also answering to its card names in ``lang`` (from ``NAME.LANG.gtc``, if any)."""
    from dataclasses import replace

    if lang == card_set.language:
        return card_set
    translation = load_translation_for(set_path, lang)
    if translation is None:
        return card_set
    aliases = {fold(e.translated): e.name for e in translation.entries}
    return replace(card_set, aliases={**card_set.aliases, **aliases})


def names_in(card_set: CardSet, set_path: str | Path, lang: str) -> dict[str, str]:
    """folded name (any language) -> the name to write in ``lang``; for ``gt fmt --lang``."""
    translation = load_translation_for(set_path, lang) if lang != card_set.language else None
    out = {}
    for card in card_set.cards:
        target = (translation.name_of(card.name) if translation else None) or card.name
        out[fold(card.name)] = target
    for alias, name in card_set.aliases.items():
        out[alias] = out.get(fold(name), name)
    return out


__all__ = ["Loaded", "load", "load_set", "parse_gtc", "translation_path", "load_translation_for",
           "Pos"]
