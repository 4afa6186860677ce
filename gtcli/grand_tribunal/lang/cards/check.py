"""The card-set checker: raw cards (from the language, TOML or JSON) -> a checked CardSet.

Every problem is a ``CARD`` diagnostic at the exact word. The checker goes on after a
problem, so one run lists them all; a card with errors is left out of the result.
"""

from __future__ import annotations

from gtcli.core.diagnostics import ERROR, WARNING, Diagnostic, Pos
from gtcli.core.text import article, codepoint, control_at, did_you_mean, fold, one_of
from gtcli.grand_tribunal.lang.cards.ast import Attr, RawCard, RawEntry, RawSet, RawTranslation, Word
from gtcli.grand_tribunal.lang.cards.exchange import fingerprint
from gtcli.grand_tribunal.lang.cards.limits import (MAX_CARDS, MAX_CHOICES,  # noqa: F401 -- MAX_CARDS: the loader's too
                                                    MAX_NAME, MAX_SLOTS, MAX_STEPS, MAX_TEXT, RANGES)
from gtcli.grand_tribunal.lang.keywords import LANGUAGES, any_category_words, spelling
from gtcli.grand_tribunal.rules.cards import ANY, Card, CardSet, Effect, Translation, TranslationEntry
from gtcli.grand_tribunal.rules.effects import CONTINUOUS, PRIMITIVES
from gtcli.grand_tribunal.rules.vocabulary import ITEM_TYPE, SPELL_CATEGORY, Term, Vocabulary

ATTRIBUTES = {
    "item": ("type", "advance", "base", "slots", "copies", "text"),
    "spell": ("category", "copies", "text"),
    "resource": ("copies", "text"),
}
REQUIRED = {"item": ("type", "advance", "base"), "spell": ("category",), "resource": ()}
TRIGGERS = {
    "item": ("while active",),
    "spell": ("on cast", "while active"),
    "resource": ("on play", "while in vault"),
}


def control_problem(text: str | None, what: str, pos: Pos | None, newlines: bool = False) -> Diagnostic | None:
    """CARD024 if ``text`` holds a control character (ESC, CSI...) a terminal could obey.

    Names are one line (``newlines=False``); texts may hold new lines and tabs.
    """
    at = control_at(text or "", newlines)
    if at is None:
        return None
    return Diagnostic.at_pos("CARD024", f"{what} holds a control character ({codepoint(text[at])}) at character "
                             f"{at + 1}", pos, "names and texts are plain text; a terminal would obey such a character")


class SetChecker:
    def __init__(self, published: Vocabulary) -> None:
        self.published = published
        self.diagnostics: list[Diagnostic] = []

    def error(self, code: str, message: str, pos: Pos | None, hint: str | None = None) -> None:
        self.diagnostics.append(Diagnostic.at_pos(code, message, pos, hint))

    def warn(self, code: str, message: str, pos: Pos | None, hint: str | None = None) -> None:
        self.diagnostics.append(Diagnostic.at_pos(code, message, pos, hint, severity=WARNING))

    def plain(self, text: str | None, what: str, pos: Pos | None, newlines: bool = False) -> bool:
        """False (and CARD024) if ``text`` holds a control character a terminal could obey."""
        problem = control_problem(text, what, pos, newlines)
        if problem:
            self.diagnostics.append(problem)
        return problem is None

    # ---- the set ---------------------------------------------------------------------
    def check(self, raw: RawSet) -> CardSet:
        language = self.language(raw.language)
        if raw.text_language is not None:  # names and texts in another language than the keywords
            language = self.language(raw.text_language)
        self.plain(raw.name, "the set's name", raw.header_pos)
        vocabulary, custom = self.vocabulary(raw)
        self.any_words = any_category_words() | {ANY}
        cards: list[Card] = []
        seen: dict[str, RawCard] = {}
        total = 0
        for rc in raw.cards:
            key = fold(rc.name)
            if not rc.name.strip() or len(rc.name) > MAX_NAME:
                self.error("CARD005", f"a card name must be 1 to {MAX_NAME} characters", rc.pos)
                continue
            if not self.plain(rc.name, "a card name", rc.pos):
                continue
            if key in seen:
                first = seen[key].pos
                self.error("CARD004", f"a card named {rc.name!r} is already defined", rc.pos,
                           f"first defined at {first.path}:{first.line}:{first.col}; use `copies` for several copies")
                continue
            seen[key] = rc
            card = self.card(rc, vocabulary, custom)
            if card is not None:
                total += card.copies
                cards.append(card)
        if total > MAX_CARDS:
            self.error("CARD017", f"the set holds {len(cards)} cards, {total} copies; the limit is {MAX_CARDS} copies",
                       raw.header_pos)
        return CardSet(raw.name or "untitled", raw.version, language, tuple(cards), vocabulary, custom, raw.path)

    def language(self, word: Word | None) -> str:
        if word is None:
            return "en"
        lang = fold(word.text)
        if lang not in LANGUAGES:
            self.error("CARD016", f"unknown language {word.text!r}", word.pos,
                       did_you_mean(word.text, LANGUAGES) or f"one of: {one_of(LANGUAGES)}")
            return "en"
        return lang

    def vocabulary(self, raw: RawSet) -> tuple[Vocabulary, bool]:
        if raw.types is None and raw.categories is None:
            return self.published, False

        def terms(words: list[Word] | None, published: tuple[Term, ...], what: str) -> tuple[Term, ...]:
            if words is None:
                return published
            out: dict[str, Term] = {}
            for w in words:
                key = fold(w.text)
                if not self.plain(w.text, f"{what} {w.text!r}", w.pos):
                    continue
                if key in out:
                    self.error("CARD018", f"{what} {w.text!r} is declared twice", w.pos)
                    continue
                known = next((t for t in published if key in {fold(n) for n in t.all_names()}), None)
                out[key] = known if known else Term(key, {"en": (w.text,)})
            return tuple(out.values())

        types = terms(raw.types, self.published.item_types, "item type")
        categories = terms(raw.categories, self.published.spell_categories, "spell category")
        clash = {t.key for t in types} & {c.key for c in categories}
        for key in sorted(clash):
            self.error("CARD018", f"{key!r} is declared both as an item type and as a spell category",
                       raw.header_pos)
        try:
            return Vocabulary(types, tuple(c for c in categories if c.key not in clash)), True
        except Exception as exc:  # a word naming two terms
            self.error("CARD018", str(exc), raw.header_pos)
            return self.published, False

    # ---- one card ----------------------------------------------------------------------
    def card(self, rc: RawCard, vocabulary: Vocabulary, custom: bool) -> Card | None:
        before = len([d for d in self.diagnostics if d.severity == ERROR])
        attrs: dict[str, Attr] = {}
        for attr in rc.attrs:
            if attr.key not in ATTRIBUTES[rc.kind]:
                self.error("CARD011", f"{article(rc.kind)} {rc.kind} has no {attr.key!r}", attr.pos,
                           f"{article(rc.kind)} {rc.kind} takes: {one_of(ATTRIBUTES[rc.kind])}"
                           + ("; Spells always cost 2" if attr.key == "advance" and rc.kind == "spell" else ""))
            elif attr.key in attrs:
                self.error("CARD015", f"{attr.key!r} is given twice for {rc.name!r}", attr.pos)
            else:
                attrs[attr.key] = attr
        for key in REQUIRED[rc.kind]:
            if key not in attrs:
                self.error("CARD010", f"{rc.kind} {rc.name!r} has no {key!r}", rc.pos,
                           {"type": "add e.g. `type staff`", "advance": "add e.g. `advance 3` (its Vis cost)",
                            "base": "add e.g. `base 2` (its base points)",
                            "category": "add e.g. `category runic`"}[key])
        for key, (low, high) in RANGES.items():
            if key in attrs and not low <= attrs[key].value <= high:
                self.error("CARD005", f"{key} {attrs[key].value} is out of range ({low} to {high})", attrs[key].pos)
        kind_key = self.resolve(attrs.get("type"), vocabulary, ITEM_TYPE, "CARD001", custom)
        category = self.resolve(attrs.get("category"), vocabulary, SPELL_CATEGORY, "CARD002", custom)
        slots = self.slots(attrs.get("slots"), vocabulary, custom)
        text = attrs["text"].value if "text" in attrs else None
        if text is not None and len(text) > MAX_TEXT:
            self.error("CARD005", f"the text is longer than {MAX_TEXT} characters", attrs["text"].pos)
        elif text is not None:
            self.plain(text, f"the text of {rc.name!r}", attrs["text"].pos, newlines=True)
        effects = self.effects(rc)
        if len([d for d in self.diagnostics if d.severity == ERROR]) > before:
            return None
        return Card(
            kind=rc.kind, name=rc.name, type=kind_key, category=category,
            advance=attrs["advance"].value if "advance" in attrs else None,
            base=attrs["base"].value if "base" in attrs else None,
            slots=slots, copies=attrs["copies"].value if "copies" in attrs else 1,
            text=text, effects=effects, pos=rc.pos,
        )

    def resolve(self, attr: Attr | None, vocabulary: Vocabulary, kind: str, code: str, custom: bool) -> str | None:
        if attr is None:
            return None
        word: Word = attr.value
        try:
            return vocabulary.resolve(word.text, (kind,))
        except Exception:
            names = [n for t in (vocabulary.item_types if kind == ITEM_TYPE else vocabulary.spell_categories)
                     for n in t.all_names()]
            where = " in this set" if custom else ""
            self.error(code, f"unknown {kind} {word.text!r}{where}", word.pos, did_you_mean(word.text, names)
                       or f"one of: {one_of(t.key for t in (vocabulary.item_types if kind == ITEM_TYPE else vocabulary.spell_categories))}")
            return None

    def slots(self, attr: Attr | None, vocabulary: Vocabulary, custom: bool) -> tuple[str, ...]:
        if attr is None:
            return ()
        words: list[Word] = attr.value
        if len(words) > MAX_SLOTS:
            self.error("CARD005", f"{len(words)} slots; the limit is {MAX_SLOTS}", attr.pos)
            return ()  # not each of 3,000 words with a "did you mean"
        out = []
        for w in words:
            if fold(w.text) in self.any_words:
                out.append(ANY)
                continue
            try:
                out.append(vocabulary.spell_category(w.text))
            except Exception:
                names = [n for t in vocabulary.spell_categories for n in t.all_names()] + [ANY]
                listing = f"the set's categories: {one_of(c.key for c in vocabulary.spell_categories)}, or `any`"
                close = did_you_mean(w.text, names)
                hint = f"{close} ({listing})" if close else listing
                if custom:  # the set declares its categories: a slot outside them is CARD003, whatever the word
                    self.error("CARD003", f"slot of category {w.text!r}, which this set does not declare", w.pos, hint)
                else:
                    self.error("CARD002", f"unknown spell category {w.text!r} in slots", w.pos, hint)
        return tuple(out)

    # ---- effects -----------------------------------------------------------------------
    def effects(self, rc: RawCard) -> tuple[Effect, ...]:
        seen: set[str] = set()
        for effect in rc.effects:
            if effect.trigger not in TRIGGERS[rc.kind]:
                self.error("CARD012", f"{article(rc.kind)} {rc.kind} has no {effect.trigger!r} effect", effect.pos,
                           f"{article(rc.kind)} {rc.kind} takes: {one_of(TRIGGERS[rc.kind])}")
            elif effect.trigger in seen:
                self.error("CARD015", f"{effect.trigger!r} is given twice for {rc.name!r}", effect.pos,
                           "put all its steps after one trigger, separated by ';'")
            seen.add(effect.trigger)
            self.effect(rc, effect)
        return tuple(rc.effects)

    def effect(self, rc: RawCard, effect: Effect) -> None:
        continuous = effect.trigger in CONTINUOUS
        declared: dict[str, str] = {}
        for choice in effect.choices:
            if choice.name in declared:
                self.error("CARD008", f"choice ${choice.name} is declared twice", choice.pos)
            declared[choice.name] = choice.kind
        if continuous and effect.choices:
            self.error("CARD012", f"a {effect.trigger!r} effect lasts; it cannot ask for choices",
                       effect.choices[0].pos)
        if len(effect.choices) > MAX_CHOICES:
            self.error("CARD005", f"{len(effect.choices)} choices; the limit is {MAX_CHOICES}", effect.pos)
        if len(effect.steps) > MAX_STEPS:
            self.error("CARD005", f"{len(effect.steps)} steps; the limit is {MAX_STEPS}", effect.pos)
        used: set[str] = set()
        for step in effect.steps:
            primitive = PRIMITIVES[step.op]
            if step.op == "manual" and len(step.text or "") > MAX_TEXT:
                self.error("CARD005", f"the manual text is longer than {MAX_TEXT} characters", step.pos)
            if continuous and not primitive.continuous:
                lasting = [p.syntax for p in PRIMITIVES.values() if p.continuous]
                self.error("CARD012", f"{step.op.replace('_', ' ')!r} happens once; it cannot be a "
                           f"{effect.trigger!r} effect", step.pos, f"lasting effects: {'; '.join(lasting)}")
            self.amount(step, primitive.max_amount)
            if step.text is not None:
                self.plain(step.text, f"a manual effect of {rc.name!r}", step.pos, newlines=True)
            refs = list(step.refs) + ([step.who] if step.who and step.who != "others" else [])
            for ref in refs:
                if ref == "this":
                    self.this_ref(rc, step, primitive.ref_kinds)
                    continue
                name = ref[1:]
                used.add(name)
                if name not in declared:
                    kind = primitive.ref_kinds[0] if primitive.ref_kinds else "card"
                    self.error("CARD008", f"{ref} is not declared", step.pos,
                               did_you_mean(ref, [f"${d}" for d in declared])
                               or f"declare it after the trigger: choose {ref} {kind}")
                elif declared[name] not in primitive.ref_kinds:
                    self.error("CARD006", f"{ref} is {article(declared[name])} {declared[name]}, but {step.op.replace('_', ' ')!r} "
                               f"needs {article(primitive.ref_kinds[0])} {' or '.join(primitive.ref_kinds)}", step.pos)
            self.shape(step)
        for choice in effect.choices:
            if choice.name not in used:
                self.warn("CARD007", f"choice ${choice.name} is never used", choice.pos,
                          "remove it, or use it in a step")

    def this_ref(self, rc: RawCard, step, kinds: tuple[str, ...]) -> None:
        if rc.kind not in kinds and "card" not in kinds:
            self.error("CARD006", f"'this' is {article(rc.kind)} {rc.kind}, but {step.op!r} needs {article(kinds[0])} {' or '.join(kinds)}", step.pos,
                       f"let the player choose {article(kinds[0])} {kinds[0]}: choose ${kinds[0]} {kinds[0]}")

    def amount(self, step, high: int) -> None:
        if step.amount is None:
            return
        if step.op == "hand_limit":
            if step.amount == 0 or abs(step.amount) > 5:
                self.error("CARD005", f"hand limit change {step.amount:+d} is out of range (-5 to +5, not 0)",
                           step.pos)
        elif not 1 <= step.amount <= high:
            self.error("CARD005", f"amount {step.amount} is out of range (1 to {high})", step.pos)

    def shape(self, step) -> None:
        if step.op == "place_votes" and step.amount is not None and len(step.refs) != step.amount:
            self.error("CARD006", f"placing {step.amount} votes needs {step.amount} spaces, got {len(step.refs)}",
                       step.pos, "one $space per token: place 2 votes on $a, $b")
        if step.op == "place_votes" and step.different and len(set(step.refs)) != len(step.refs):
            self.error("CARD006", "votes on different spaces need different choices", step.pos)
        if step.op == "move_votes" and step.refs[0] == step.refs[1]:
            self.error("CARD006", "moving votes needs two different spaces", step.pos)
        if step.op == "draw" and step.deck == "resource" and step.face_up:
            self.error("CARD006", "Resources have no face-up row", step.pos, "draw resources from the deck")


def check_translation(raw: RawTranslation, card_set: CardSet) -> tuple[Translation, list[Diagnostic]]:
    """Entries for cards the set lacks are errors; cards left untranslated are warnings.

    Two cards translated to one name (up to case and accents) are an error, as in a set:
    a log naming it would be ambiguous. An entry's fingerprint that no longer matches its
    card says the card changed since it was translated (a warning, CARD019).
    """
    diagnostics: list[Diagnostic] = []
    lang = fold(raw.language.text)
    if lang not in LANGUAGES:
        diagnostics.append(Diagnostic.at_pos("CARD016", f"unknown language {raw.language.text!r}", raw.language.pos,
                                             did_you_mean(raw.language.text, LANGUAGES)))
    file_lang = lang if lang in LANGUAGES else "en"
    entries: list[TranslationEntry] = []
    seen: set[str] = set()
    translated_as: dict[str, RawEntry] = {}
    for raw_entry in raw.entries:
        card = card_set.find(raw_entry.name)
        if card is None:
            diagnostics.append(Diagnostic.at_pos(
                "CARD013", f"the set has no card named {raw_entry.name!r}", raw_entry.pos,
                did_you_mean(raw_entry.name, card_set.names())))
            continue
        if card.kind != raw_entry.kind:
            diagnostics.append(Diagnostic.at_pos(
                "CARD013", f"{raw_entry.name!r} is {article(card.kind)} {card.kind}, not "
                f"{article(raw_entry.kind)} {raw_entry.kind}", raw_entry.pos))
            continue
        if fold(raw_entry.name) in seen:
            diagnostics.append(Diagnostic.at_pos("CARD015", f"{raw_entry.name!r} is translated twice", raw_entry.pos))
            continue
        seen.add(fold(raw_entry.name))
        entry = _entry(raw_entry, card, file_lang, diagnostics)
        if entry is None:
            continue
        controls = [d for d in (control_problem(entry.translated, f"the translation of {entry.name!r}", entry.pos),
                                control_problem(entry.text, f"the translated text of {entry.name!r}", entry.pos,
                                                newlines=True),
                                *(control_problem(m, f"a translated manual text of {entry.name!r}", entry.pos,
                                                  newlines=True) for m in entry.manuals)) if d]
        if controls:
            diagnostics.extend(controls)
            continue
        if not _unique_name(raw_entry, card, card_set, translated_as, diagnostics):
            continue
        entries.append(entry)
    header = raw.pos
    for card in card_set.cards:
        if fold(card.name) not in seen:
            diagnostics.append(Diagnostic.at_pos(
                "CARD014", f"{card.kind} {card.name!r} has no translation", header,
                f'add: {spelling(_KIND_KEYWORD[card.kind], file_lang)} "{card.name}" {spelling("AS", file_lang)} "..."',
                severity=WARNING))
    return Translation(raw.of, file_lang, tuple(entries), raw.path), diagnostics


_KIND_KEYWORD = {"item": "ITEM", "spell": "SPELL", "resource": "RESOURCE"}


def _entry(raw: RawEntry, card: Card, lang: str, diagnostics: list[Diagnostic]) -> TranslationEntry | None:
    """One entry checked against its card; None (with a diagnostic) when it cannot be used."""
    attrs: dict[str, Attr] = {}
    manuals: list[Attr] = []
    for attr in raw.attrs:
        if attr.key == "manual":
            manuals.append(attr)
        elif attr.key in attrs:
            diagnostics.append(Diagnostic.at_pos("CARD015", f"{attr.key!r} is given twice for {raw.name!r}", attr.pos))
        else:
            attrs[attr.key] = attr
    text = attrs["text"].value if "text" in attrs else None
    if len(raw.translated) > MAX_NAME or any(len(a.value) > MAX_TEXT for a in [*attrs.values(), *manuals]):
        diagnostics.append(Diagnostic.at_pos("CARD005", "a translated name or text is too long", raw.pos))
        return None
    wanted = card.manual_texts()
    for extra in manuals[len(wanted):]:
        diagnostics.append(Diagnostic.at_pos(
            "CARD013", f"{raw.name!r} has {len(wanted)} manual effect(s); this is manual text {manuals.index(extra) + 1}",
            extra.pos, "one manual text per `manual \"...\"` step of the card, in order"))
    fp = attrs.get("fingerprint")
    if not raw.translated.strip():
        diagnostics.append(Diagnostic.at_pos("CARD014", f"{raw.name!r} is not translated yet", raw.pos,
                                             severity=WARNING))
        return None  # nothing translated yet, so nothing can be stale
    if fp is not None and fp.value != fingerprint(card):
        diagnostics.append(Diagnostic.at_pos(
            "CARD019", f"{raw.name!r} has changed in the set since it was translated", fp.pos,
            f'check the translation against the card, then write: {spelling("FINGERPRINT", lang)} '
            f'"{fingerprint(card)}"', severity=WARNING))
    if card.text and not (text or "").strip():
        diagnostics.append(Diagnostic.at_pos("CARD014", f"the text of {raw.name!r} is not translated yet",
                                             raw.pos, severity=WARNING))
    done = [a.value for a in manuals[:len(wanted)]]
    if sum(1 for t in done if t.strip()) < len(wanted):
        diagnostics.append(Diagnostic.at_pos(
            "CARD014", f"the manual effect text of {raw.name!r} is not translated yet", raw.pos,
            f'add: {spelling("MANUAL", lang)} "..." for each manual step, in order', severity=WARNING))
    return TranslationEntry(raw.kind, raw.name, raw.translated, text, raw.pos,
                            manuals=tuple(done), fingerprint=fp.value if fp is not None else None)


def _unique_name(raw: RawEntry, card: Card, card_set: CardSet, translated_as: dict[str, RawEntry],
                 diagnostics: list[Diagnostic]) -> bool:
    """A translated name must name one card only, among the translation and the set's own names."""
    key = fold(raw.translated)
    first = translated_as.get(key)
    if first is not None:
        diagnostics.append(Diagnostic.at_pos(
            "CARD004", f"{raw.name!r} is translated as {raw.translated!r}, like {first.name!r}", raw.pos,
            f"first at {first.pos.path}:{first.pos.line}:{first.pos.col}; a log naming it would be ambiguous: "
            "give each card its own name"))
        return False
    other = card_set.find(raw.translated)
    if other is not None and other is not card:
        diagnostics.append(Diagnostic.at_pos(
            "CARD004", f"{raw.name!r} is translated as {raw.translated!r}, the name of another card of the set",
            raw.pos, "a log naming it would be ambiguous: give each card its own name"))
        return False
    translated_as[key] = raw
    return True
