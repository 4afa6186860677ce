"""Write card files, sets and translations, in any of the four languages: one writer for all.

* ``gt fmt FILE.gtc`` lays out a file as written (:func:`format_file`): its declarations
  in their order, its includes as includes, every comment beside what it annotates
  (:mod:`gtcli.core.parsing.comments`), blank lines between declarations where the author put
  them (one at most), keywords in their canonical spelling -- or in another language
  with ``--lang``. Parsing the output gives back the same cards.
* ``gt cards export --format gtc`` writes a checked set, includes resolved
  (:func:`format_set`), through the same writer.
* ``gt cards template`` writes a translation to fill in (:func:`translation_template`),
  keeping the work and the comments of the file it rewrites.

Canonical layout of a card: its kind, name and attributes on one line, ``text`` on a line
of its own, then one line per trigger, indented by two; a comment between two parts of
a line splits it there (continuation lines are indented by two more).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from gtcli.core.diagnostics import Diagnostic, InputError, Pos
from gtcli.core.parsing.comments import Anchored, Comment, Layout
from gtcli.core.text import fold
from gtcli.grand_tribunal.lang.cards.ast import Attr, Decl, RawCard, RawEntry, RawSet, RawTranslation, Word
from gtcli.grand_tribunal.lang.cards.exchange import fingerprint
from gtcli.grand_tribunal.lang.cards.text import any_word
from gtcli.grand_tribunal.lang.keywords import KEYWORDS, LANGUAGES, any_category_words, spelling
from gtcli.grand_tribunal.lang.strings import quote
from gtcli.grand_tribunal.rules.cards import ANY, Card, CardSet, Effect, Step
from gtcli.grand_tribunal.rules.vocabulary import ITEM_TYPE, SPELL_CATEGORY, Vocabulary

TRIGGER_KEYWORDS = {"on cast": "ON_CAST", "on play": "ON_PLAY", "while active": "WHILE_ACTIVE",
                    "while in vault": "WHILE_IN_VAULT"}
KIND_KEYWORDS = {"item": "ITEM", "spell": "SPELL", "resource": "RESOURCE", "player": "PLAYER",
                 "space": "SPACE", "card": "CARD", "hand": "HAND", "sanctum": "SANCTUM"}
ATTR_KEYWORDS = {"type": "TYPE", "category": "CATEGORY", "advance": "ADVANCE", "base": "BASE", "slots": "SLOTS",
                 "copies": "COPIES", "text": "TEXT", "manual": "MANUAL", "fingerprint": "FINGERPRINT"}
NUMBERS = {"VOTES": (1, 0), "ITEM": (0, 1), "SPELL": (0, 1), "RESOURCE": (0, 1)}  # (singular, plural) in KEYWORDS
ORDER = ("type", "category", "advance", "base", "slots", "copies", "text")  # of a checked card's attributes

WordWriter = Callable[[str, str], str]  # (word as written, "type" | "category" | "slot") -> word to write


def words_in(lang: str, vocabulary: Vocabulary | None = None) -> WordWriter:
    """How vocabulary words are written: the any-slot word in ``lang`` always; with a
    ``vocabulary``, a word it knows in ``lang`` too (others, and every word of a set that
    declares its own, as written)."""
    anything = any_category_words()

    def word(text: str, kind: str) -> str:
        if kind == "slot" and fold(text) in anything:
            return any_word(lang)
        if vocabulary is None:
            return text
        try:
            key = vocabulary.resolve(text, (ITEM_TYPE if kind == "type" else SPELL_CATEGORY,))
        except Exception:  # not a word of the vocabulary: the checker says so; kept as written
            return text
        return vocabulary.display(key, lang).replace(" ", "-")

    return word


class Writer:
    def __init__(self, lang: str, word: WordWriter | None = None) -> None:
        self.lang = lang
        self.word = word or words_in(lang)

    def kw(self, keyword: str) -> str:
        return spelling(keyword, self.lang)

    def counted(self, keyword: str, n: int | None) -> str:
        """A counted word in agreement with its number: ``1 vote``, ``2 votes``, ``1 spell``."""
        forms = KEYWORDS[keyword].get(self.lang) or KEYWORDS[keyword]["en"]
        one, many = NUMBERS[keyword]
        return forms[one if n == 1 else many] if len(forms) > max(one, many) else forms[0]

    def ref(self, ref: str) -> str:
        if ref == "this":
            return self.kw("THIS")
        if ref == "others":
            return self.kw("OTHERS")
        return ref

    # ---- effects ----------------------------------------------------------------------
    def step(self, s: Step) -> str:
        k, n = self.kw, s.amount
        parts: list[str]
        if s.op == "gain":
            parts = [k("GAIN"), str(n), k("VIS")]
        elif s.op == "take":
            parts = [k("TAKE"), str(n), k("VIS"), k("FROM"), self.ref(s.who or "others")]
        elif s.op == "pay":
            parts = [k("PAY"), str(n), k("VIS")] + ([k("TO"), self.ref(s.who)] if s.who else [])
        elif s.op == "draw":
            parts = [k("DRAW"), str(n), self.counted(KIND_KEYWORDS[s.deck or "item"], n)] \
                + ([k("FACE_UP")] if s.face_up else []) \
                + [k("TO"), k(KIND_KEYWORDS[s.zone or "hand"])]
        elif s.op == "place_votes":
            parts = [k("PLACE"), str(n), self.counted("VOTES", n), k("ON"), ", ".join(self.ref(r) for r in s.refs)] \
                + ([k("DIFFERENT")] if s.different else [])
        elif s.op == "move_votes":
            parts = [k("MOVE"), str(n), self.counted("VOTES", n), k("FROM"), self.ref(s.refs[0]), k("TO"),
                     self.ref(s.refs[1])]
        elif s.op == "remove_votes":
            parts = [k("REMOVE"), str(n), self.counted("VOTES", n), k("FROM"), self.ref(s.refs[0])]
        elif s.op == "extra_actions":
            parts = [k("EXTRA_ACTIONS"), str(n)] + ([k("DIFFERENT")] if s.different else [])
        elif s.op == "extra_turn":
            parts = [k("EXTRA_TURN")]
        elif s.op == "hand_limit":
            parts = [k("HAND_LIMIT"), f"{n:+d}"]
        elif s.op == "put_vis":
            parts = [k("PUT"), str(n), k("VIS"), k("ON"), self.ref(s.refs[0])]
        elif s.op in ("activate", "burn", "transmute"):
            parts = [k(s.op.upper()), self.ref(s.refs[0])]
        elif s.op == "redraw":
            parts = [k("REDRAW"), str(n)]
        else:  # manual
            parts = [k("MANUAL"), quote(s.text or "")]
        return " ".join(parts)

    def trigger(self, e: Effect) -> tuple[list[tuple[str, Any]], list[str]]:
        """The parts of a trigger's line, with their positions, and what joins each to the next."""
        parts: list[tuple[str, Any]] = [(self.kw(TRIGGER_KEYWORDS[e.trigger]), e.pos)]
        joins = []
        for i, c in enumerate(e.choices):
            joins.append(f" {self.kw('CHOOSE')} " if i == 0 else ", ")
            parts.append((f"${c.name} {self.kw(KIND_KEYWORDS[c.kind])}", c.pos))
        for i, s in enumerate(e.steps):
            joins.append(": " if i == 0 else "; ")
            parts.append((self.step(s), s.pos))
        return parts, joins

    def effect(self, e: Effect) -> str:
        """A trigger and its effects on one line (for displays)."""
        parts, joins = self.trigger(e)
        return parts[0][0] + "".join(j + p for j, (p, _) in zip(joins, parts[1:]))

    # ---- cards ---------------------------------------------------------------------------
    def attr(self, a: Attr) -> str:
        head = self.kw(ATTR_KEYWORDS[a.key])
        if a.key in ("type", "category"):
            return f"{head} {self.word(a.value.text, a.key)}"
        if a.key == "slots":
            return f"{head} " + ", ".join(self.word(w.text, "slot") for w in a.value)
        if a.key in ("text", "manual", "fingerprint"):
            return f"{head} {quote(a.value)}"
        return f"{head} {a.value}"

    def card(self, rc: RawCard, out: Layout, columns: tuple[int, int] = (0, 0)) -> None:
        """A card: kind, name and attributes on one line (``text`` on its own), then its triggers.

        ``columns``: widths to pad the name and a leading ``type`` word to, so that the
        attributes of a block of items line up (:func:`_columns`).
        """
        run: list[tuple[str, Any]] = [(f"{self.kw(KIND_KEYWORDS[rc.kind])} {quote(rc.name):<{columns[0]}}", rc.pos)]
        first = True
        for i, a in enumerate(rc.attrs):
            if a.key != "text":
                text = self.attr(a)
                if i == 0 and a.key == "type":
                    text = f"{text:<{len(self.kw('TYPE')) + 1 + columns[1]}}"
                run.append((text, a.pos))
                continue
            if run:
                _split_line(out, run, [" "] * (len(run) - 1), "" if first else "  ", "  ")
                run, first = [], False
            out.line("  " + self.attr(a), a.pos)
        if run:
            _split_line(out, run, [" "] * (len(run) - 1), "" if first else "  ", "  ")
        for e in rc.effects:
            parts, joins = self.trigger(e)
            _split_line(out, parts, joins, "  ", "    ")

    # ---- a set ---------------------------------------------------------------------------
    def header(self, raw: RawSet, lang: str | None) -> str:
        parts = [self.kw("SET"), quote(raw.name or "")]
        if raw.version is not None:
            parts += [self.kw("VERSION"), str(raw.version)]
        if lang is not None:
            parts += [self.kw("LANGUAGE"), lang]
        text = raw.text_language.text if raw.text_language is not None else None
        if text is not None and fold(text) in LANGUAGES:
            text = fold(text)
        if text is not None and text != lang:  # the same as the keywords' needs no saying
            parts += [self.kw("TEXT"), text]
        return " ".join(parts)

    def set_file(self, raw: RawSet, out: Layout, lang: str | None, spaced: bool = False) -> None:
        """Every declaration of ``raw`` in order; ``lang`` goes in the header's language.

        ``spaced``: an empty line after the header and before each card (a written-out set,
        which has no blank lines of its own to keep).
        """
        columns = _columns(self, raw.decls, out)
        for i, d in enumerate(raw.decls):
            if spaced and i and (d.kind == "card" or raw.decls[i - 1].kind == "header"):
                out.blank()
            elif not spaced:
                out.keep_blank_above(d.pos)
            if d.kind == "card":
                self.card(d.value, out, columns.get(i, (0, 0)))
            elif d.kind == "header":
                out.line(self.header(raw, lang), d.pos)
            elif d.kind == "include":
                out.line(f"{self.kw('INCLUDE')} {quote(d.value)}", d.pos)
            elif d.kind == "translations":
                out.line(f"{self.kw('TRANSLATIONS')} " + ", ".join(quote(t) for t, _ in d.value), d.pos)
            else:  # types, categories: the set's own words, as declared
                out.line(f"{self.kw(d.kind.upper())} " + ", ".join(w.text for w in d.value), d.pos)

    # ---- a translation -----------------------------------------------------------------------
    def translation_file(self, raw: RawTranslation, out: Layout, notes: dict[int, str] | None = None,
                         spaced: bool = False) -> None:
        """The header, then each entry and its lines in order. ``notes`` (by ``id`` of an
        attribute) are comments written above an attribute's line (a template's set words)."""
        language = fold(raw.language.text) if fold(raw.language.text) in LANGUAGES else raw.language.text
        out.line(f"{self.kw('TRANSLATION')} {self.kw('OF')} {quote(raw.of)} {self.kw('LANGUAGE')} {language}",
                 raw.pos)
        if spaced:
            out.blank()
        for entry in raw.entries:
            out.keep_blank_above(entry.pos)
            out.line(self.entry_line(entry), entry.pos)
            for a in entry.attrs:
                note = (notes or {}).get(id(a))
                if note is not None:
                    out.lead("  ", a.pos)
                    out.line(f"  # {note}")
                out.line("  " + self.attr(a), a.pos)

    def entry_line(self, entry: RawEntry) -> str:
        return f"{self.kw(KIND_KEYWORDS[entry.kind])} {quote(entry.name)} {self.kw('AS')} {quote(entry.translated)}"


def _split_line(out: Layout, parts: list[tuple[str, Any]], joins: list[str], indent: str, more: str) -> None:
    """``parts`` on one line, joined by ``joins``; split where a comment stands between two."""
    text, shown = indent + parts[0][0], [parts[0][1]]
    for join, (part, pos) in zip(joins, parts[1:]):
        if out.must_split([shown[-1], pos]):
            out.line((text + join).rstrip(), *shown)
            text, shown = more + part, [pos]
        else:
            text, shown = text + join + part, shown + [pos]
    out.line(text.rstrip(), *shown)


def _last(card: RawCard) -> Any:
    """Where the last part of a card was written."""
    positions = [card.pos] + [a.pos for a in card.attrs] + [p for e in card.effects
                                                             for p in [e.pos, *(c.pos for c in e.choices),
                                                                       *(s.pos for s in e.steps)]]
    return max(positions, key=lambda p: (p.line or 0, p.col or 0))


def _columns(writer: Writer, decls: list[Decl], out: Layout) -> dict[int, tuple[int, int]]:
    """Widths of the name and type columns of each item, by its index in ``decls``.

    Items written one after the other (no empty line, no comment standing alone between
    them) form a block, as in a table; in a block of two or more the names, and the type
    words of items that start with their type, are padded to line up. Spells and
    resources, with one attribute at most, are not.
    """
    blocks: list[list[int]] = []
    for i, d in enumerate(decls):
        item = d.kind == "card" and d.value.kind == "item"
        if item and blocks and blocks[-1][-1] == i - 1 and not out.separated(_last(decls[i - 1].value), d.pos):
            blocks[-1].append(i)
        elif item:
            blocks.append([i])
    widths = {}
    for block in (b for b in blocks if len(b) > 1):
        cards = [decls[i].value for i in block]
        name = max(len(quote(c.name)) for c in cards)
        types = [writer.attr(c.attrs[0]).split(" ", 1)[1] for c in cards if c.attrs and c.attrs[0].key == "type"]
        kind = max((len(t) for t in types), default=0)
        widths.update((i, (name, kind)) for i in block)
    return widths


# ---- gt fmt --------------------------------------------------------------------------------
def format_file(raw: RawSet | RawTranslation, source: str, file_lang: str, lang: str | None = None,
                vocabulary: Vocabulary | None = None) -> str:
    """``raw`` (parsed from ``source``, read as ``file_lang``) in canonical layout, its comments kept.

    ``lang``: write the keywords in that language (and the header's language); the
    vocabulary words ``vocabulary`` knows are translated too. A translation keeps its
    language: its names are in it (the caller refuses ``lang`` for one).
    """
    target = lang or file_lang
    out = Layout(source)
    if isinstance(raw, RawTranslation):
        Writer(file_lang).translation_file(raw, out)
        return out.text()
    translate = vocabulary if target != file_lang and raw.types is None and raw.categories is None else None
    declared = raw.language.text if raw.language is not None else None
    if lang and raw.text_language is None and lang != file_lang:
        # the keywords change language, the names and texts do not: the header keeps saying theirs
        raw = replace(raw, text_language=Word(fold(declared) if declared else "en", Pos()))
    if lang or (declared is not None and fold(declared) in LANGUAGES):
        declared = target if lang else fold(declared)  # an unknown language (CARD016) stays as written
    Writer(target, words_in(target, translate)).set_file(raw, out, declared)
    return out.text()


def reformat(text: str, path: str, lang: str | None = None) -> tuple[str, str, str]:
    """(formatted text, "set" or "translation", its language) for a card file's ``text``.

    An :class:`InputError` for a file that does not parse (every syntax error), or for
    ``lang`` on a translation. What is written is checked first: the same comments in the
    same order, it parses, and it means the same (the same checked cards and findings, or
    the same entries); a failure there is a bug in gt, and nothing is written.
    """
    from gtcli.core.parsing.comments import texts
    from gtcli.grand_tribunal.lang.cards.syntax import read_gtc
    from gtcli.grand_tribunal.shipped import published_vocabulary

    parsed = read_gtc(text, path)
    if parsed.errors:
        raise InputError(*parsed.errors)
    raw, lang = parsed.raw, (lang or "").lower() or None
    if isinstance(raw, RawTranslation):
        own = fold(raw.language.text)
        if lang and lang != own:
            raise InputError(Diagnostic(
                "CARD016", f"{path} is a {raw.language.text} translation: its names are in that language, so its "
                f"keywords stay in it", path=path, hint=f"leave --lang out; `gt cards template SET --lang {lang}` "
                "starts a translation into another language"))
        lang = None
    own = fold(raw.language.text) if raw.language is not None else None  # said in the file (the parser's
    file_lang = own if own in LANGUAGES else parsed.lang  # language may be another that reads it too)
    out = format_file(raw, text, file_lang, lang, published_vocabulary())
    again = read_gtc(out, path)
    unchanged = _meaning(again.raw, bool(lang)) == _meaning(raw, bool(lang))
    if texts(out) != texts(text) or again.errors or not unchanged:
        raise RuntimeError(f"gt fmt would not keep {path} as it is (its comments, or what it means); "
                           "nothing was written")
    return out, "translation" if isinstance(raw, RawTranslation) else "set", lang or file_lang


def _meaning(raw: RawSet | RawTranslation, relabelled: bool = False) -> object:
    """What a card file says, without where or in which words: to compare before and after
    (``relabelled``: the header's language was rewritten, so an unknown one is gone)."""
    from gtcli.grand_tribunal.lang.cards.check import SetChecker
    from gtcli.grand_tribunal.shipped import published_vocabulary

    if isinstance(raw, RawTranslation):
        return (raw.of, fold(raw.language.text),
                [(e.kind, e.name, e.translated, [(a.key, a.value) for a in e.attrs]) for e in raw.entries])
    checker = SetChecker(published_vocabulary())
    checked = checker.check(raw)
    return (checked.name, checked.version, checked.language, checked.cards, [i for i, _ in raw.includes],
            [t for t, _ in raw.translations],
            sorted((d.code, d.severity) for d in checker.diagnostics if not (relabelled and d.code == "CARD016")))


# ---- gt cards export --format gtc ------------------------------------------------------------
def raw_of(card_set: CardSet, lang: str) -> RawSet:
    """A checked set as the raw form a file of it would parse to, its words in ``lang``."""

    def word(key: str) -> Word:
        if key == ANY:
            return Word(any_word(lang), Pos())
        text = key if card_set.custom_vocabulary else card_set.vocabulary.display(key, lang).replace(" ", "-")
        return Word(text, Pos())

    raw = RawSet(None, card_set.name, card_set.version, Word(lang, Pos()))
    if card_set.language != lang:  # the names and texts stay in the set's own language
        raw.text_language = Word(card_set.language, Pos())
    raw.decls.append(Decl("header", Pos()))
    if card_set.custom_vocabulary:
        raw.decls.append(Decl("types", Pos(), [Word(t.key, Pos()) for t in card_set.vocabulary.item_types]))
        raw.decls.append(Decl("categories", Pos(), [Word(t.key, Pos()) for t in card_set.vocabulary.spell_categories]))
    for card in card_set.cards:
        rc = RawCard(card.kind, card.name, Pos(), effects=list(card.effects))
        for key in ORDER:
            value = getattr(card, key)
            if value is None or value == () or (key == "copies" and value == 1):
                continue
            if key in ("type", "category"):
                value = word(value)
            elif key == "slots":
                value = [word(s) for s in value]
            rc.attrs.append(Attr(key, value, Pos()))
        raw.decls.append(Decl("card", Pos(), rc))
    return raw


def format_set(card_set: CardSet, lang: str | None = None) -> str:
    """The whole set (includes resolved) in the card-set language; loading it gives the same set."""
    target = lang or card_set.language
    out = Layout()
    Writer(target, lambda text, kind: text).set_file(raw_of(card_set, target), out, target, spaced=True)
    return out.text()


# ---- gt cards template ------------------------------------------------------------------------
def translation_template(card_set: CardSet, set_file: str, lang: str, existing: RawTranslation | None = None,
                         source: str | None = None) -> str:
    """A translation file listing every card; the work done in ``existing`` is kept.

    Each card gets its name, its text and one line per ``manual "..."`` step to fill in,
    each under the set's own words as a comment, and the fingerprint of the card as it is
    now (an entry already translated keeps the fingerprint it had, so a change to its card
    since stays reported, CARD019). ``source``, the text ``existing`` was read from, gives
    the comments to keep: each stays with its entry or line, wherever the set's order puts
    it now. Entries of cards the set no longer has (or a second entry of a card) are kept,
    commented out, at the end.
    """
    w = Writer(lang)
    head = (f"# Translation of {card_set.name!r} into {lang}. Fill in each name after {w.kw('AS')!r} (and every "
            f"{w.kw('TEXT')!r} and {w.kw('MANUAL')!r}), then run: gt cards check {set_file}")
    old = {}
    for entry in existing.entries if existing else ():
        old.setdefault(fold(entry.name), entry)
    raw = RawTranslation(None, set_file, Pos(), Word(lang, Pos()), [], existing.pos if existing else None)
    notes: dict[int, str] = {}
    used = set()
    for card in card_set.cards:
        entry = old.pop(fold(card.name), None)
        used.add(id(entry))
        raw.entries.append(_template_entry(card, entry, notes))
    # entries of cards the set no longer has, or a card's second entry (CARD015): not lost
    gone = [e for e in (existing.entries if existing else ()) if id(e) not in used and e.translated.strip()]
    if source is not None and existing is not None:
        everything = [existing.pos] + [p for e in existing.entries for p in [e.pos] + [a.pos for a in e.attrs]]
        written = {head} | {f"# {note}" for note in notes.values()}
        out: Layout = Anchored(source, everything, lambda c: _generated(c, written))
    else:
        out = Layout()
    out.line(head)
    w.translation_file(raw, out, notes, spaced=True)
    if gone:
        out.blank()
        out.line(f"# Entries for cards {set_file} no longer has, or given twice (kept so that no work is lost):")
        for entry in gone:
            for pos, line in [(entry.pos, "# " + w.entry_line(entry))] + [(a.pos, "#   " + w.attr(a))
                                                                         for a in entry.attrs]:
                out.lead("", pos)
                out.line(line)
                for note in out.trailing(pos):  # beside a commented-out line it would be part of it
                    out.line(note)
    return out.text()


def _template_entry(card: Card, entry: RawEntry | None, notes: dict[int, str]) -> RawEntry:
    """The entry of ``card`` in a template: the done work of ``entry`` (and where it was)."""
    before: dict[str, list[Attr]] = {}
    for a in entry.attrs if entry else ():
        before.setdefault(a.key, []).append(a)
    translated = entry.translated if entry else ""
    attrs = []
    old_print = (before.get("fingerprint") or [None])[0]
    kept = old_print.value if old_print and translated.strip() else fingerprint(card)
    attrs.append(Attr("fingerprint", kept, old_print.pos if old_print else None))
    wanted = ([("text", card.text)] if card.text is not None else []) + [("manual", t) for t in card.manual_texts()]
    for key, own in wanted:
        done = before.get(key, [])
        a = done.pop(0) if done else None
        attr = Attr(key, a.value if a else "", a.pos if a else None)
        notes[id(attr)] = " ".join(own.split())  # a new line in the set's words must not end the comment
        attrs.append(attr)
    return RawEntry(card.kind, card.name, translated, entry.pos if entry else None, attrs)


def _generated(comment: Comment, written: set[str]) -> bool:
    """Whether a comment of the old file is one the template writes afresh (not kept twice)."""
    return comment.text in written or (comment.alone and comment.text.startswith("# Translation of "))
