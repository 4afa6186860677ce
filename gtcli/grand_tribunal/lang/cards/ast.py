"""From the Lark tree of a card-set file to small dataclasses with positions.

The tree is only reshaped here; whether the words mean anything (is "staf" a type?) is
the checker's job (:mod:`gtcli.grand_tribunal.lang.cards.check`), which TOML and JSON sets go through too.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from lark import Token, Transformer, v_args

from gtcli.core.diagnostics import Pos
from gtcli.grand_tribunal.lang.deprecated import DeprecatedSpellings
from gtcli.grand_tribunal.lang.strings import unquote
from gtcli.grand_tribunal.rules.cards import Choice, Effect, Step

TRIGGERS = {"ON_CAST": "on cast", "ON_PLAY": "on play", "WHILE_ACTIVE": "while active",
            "WHILE_IN_VAULT": "while in vault"}
KIND_TOKENS = {"ITEM": "item", "SPELL": "spell", "RESOURCE": "resource", "PLAYER": "player",
               "SPACE": "space", "CARD": "card", "HAND": "hand", "SANCTUM": "sanctum"}


@dataclass
class Word:
    text: str
    pos: Pos


@dataclass
class Attr:
    key: str  # type | category | advance | base | slots | copies | text
    value: Any  # Word, int, str or list[Word]
    pos: Pos


@dataclass
class RawCard:
    kind: str
    name: str
    pos: Pos
    attrs: list[Attr] = field(default_factory=list)
    effects: list[Effect] = field(default_factory=list)


@dataclass
class Decl:
    """One declaration of a set file, in the order written (for ``gt fmt``, which keeps it)."""

    kind: str  # header | include | translations | types | categories | card
    pos: Pos  # its first word
    value: Any = None  # include: the file; translations: [(file, Pos)]; types, categories: [Word]; card: RawCard


@dataclass
class RawSet:
    path: str | None
    name: str | None = None
    version: int | None = None
    language: Word | None = None  # the keywords' language (and the texts', unless text_language)
    text_language: Word | None = None  # the language of the names and texts, when not the keywords'
    includes: list[tuple[str, Pos]] = field(default_factory=list)
    translations: list[tuple[str, Pos]] = field(default_factory=list)  # `translations "x.es.gtc", ...`
    types: list[Word] | None = None
    categories: list[Word] | None = None
    cards: list[RawCard] = field(default_factory=list)
    header_pos: Pos = field(default_factory=Pos)
    decls: list[Decl] = field(default_factory=list)  # everything above, as written (this file only)


@dataclass
class RawEntry:
    """One card of a translation as written; ``attrs`` are text, manual and fingerprint lines."""

    kind: str
    name: str
    translated: str
    pos: Pos
    attrs: list[Attr] = field(default_factory=list)


@dataclass
class RawTranslation:
    path: str | None
    of: str
    of_pos: Pos
    language: Word
    entries: list[RawEntry]
    pos: Pos = field(default_factory=Pos)


class CardsTransformer(DeprecatedSpellings, Transformer):
    """Lark tree -> :class:`RawSet` or :class:`RawTranslation`; old keyword spellings read
    are in ``deprecated`` (SYN006 warnings, :mod:`gtcli.grand_tribunal.lang.deprecated`)."""

    def __init__(self, path: str | None, language: str = "en") -> None:
        super().__init__()
        self.path = path
        self.language = language
        self.deprecated = []

    def _pos(self, item: Any) -> Pos:
        if isinstance(item, Token):
            return Pos(self.path, item.line, item.column)
        meta = getattr(item, "meta", item)
        return Pos(self.path, getattr(meta, "line", None), getattr(meta, "column", None))

    def _word(self, token: Token) -> Word:
        return Word(str(token), self._pos(token))

    # ---- top level --------------------------------------------------------------
    def start(self, children):
        return children[0]

    def cardset(self, children):
        raw = RawSet(self.path)
        for child in children:
            if isinstance(child, RawCard):
                raw.cards.append(child)
                raw.decls.append(Decl("card", child.pos, child))
                continue
            if not isinstance(child, tuple):
                continue
            kind, value, pos = child[0], child[1], child[-1]
            raw.decls.append(Decl(kind, pos, value))
            if kind == "header":
                _, raw.name, raw.version, raw.language, raw.text_language, raw.header_pos = child
            elif kind == "include":
                raw.includes.append((value, child[2]))
            elif kind == "translations":
                raw.translations.extend(value)
            elif kind == "types":
                raw.types = (raw.types or []) + value
            elif kind == "categories":
                raw.categories = (raw.categories or []) + value
        return raw

    def header(self, children):
        set_kw, name, _v, version, _l, language, _t, text_language = children
        return ("header", unquote(name), int(version) if version is not None else None,
                self._word(language) if language is not None else None,
                self._word(text_language) if text_language is not None else None, self._pos(set_kw))

    def include(self, children):
        return ("include", unquote(children[1]), self._pos(children[1]), self._pos(children[0]))

    def translations_decl(self, children):
        return ("translations", [(unquote(t), self._pos(t)) for t in children[1:]], self._pos(children[0]))

    def name_list(self, children):
        return [self._word(t) for t in children]

    def types_decl(self, children):
        return ("types", children[1], self._pos(children[0]))

    def categories_decl(self, children):
        return ("categories", children[1], self._pos(children[0]))

    # ---- cards --------------------------------------------------------------------
    def card_kind(self, children):
        return children[0]

    def card(self, children):
        kind_token, name_token, *rest = children
        card = RawCard(KIND_TOKENS[kind_token.type], unquote(name_token), self._pos(kind_token))
        for child in rest:
            (card.attrs if isinstance(child, Attr) else card.effects).append(child)
        return card

    def _attr(self, key, children, value):
        return Attr(key, value, self._pos(children[0]))

    def attr_type(self, c):
        return self._attr("type", c, self._word(c[1]))

    def attr_category(self, c):
        return self._attr("category", c, self._word(c[1]))

    def attr_advance(self, c):
        return self._attr("advance", c, int(c[1]))

    def attr_base(self, c):
        return self._attr("base", c, int(c[1]))

    def attr_slots(self, c):
        return self._attr("slots", c, c[1])

    def attr_copies(self, c):
        return self._attr("copies", c, int(c[1]))

    def attr_text(self, c):
        return self._attr("text", c, unquote(c[1]))

    # ---- effects --------------------------------------------------------------------
    def trigger_kind(self, children):
        return children[0]

    def trigger(self, children):
        kind, choices, *steps = children
        return Effect(TRIGGERS[kind.type], tuple(choices or ()), tuple(steps), self._pos(kind))

    def choices(self, children):
        return children[1:]

    def choice(self, children):
        token, kind = children
        return Choice(str(token)[1:], KIND_TOKENS[kind.type], self._pos(token))

    def choice_kind(self, children):
        return children[0]

    def who(self, children):
        token = children[0]
        return "others" if token.type == "OTHERS" else str(token)

    def ref(self, children):
        token = children[0]
        return "this" if token.type == "THIS" else str(token)

    def ref_list(self, children):
        return tuple(children)

    def deck(self, children):
        return KIND_TOKENS[children[0].type]

    def zone(self, children):
        return KIND_TOKENS[children[0].type]

    def _step(self, op, children, **fields):
        return Step(op, pos=self._pos(children[0]), **fields)

    def gain(self, c):
        return self._step("gain", c, amount=int(c[1]))

    def take(self, c):
        return self._step("take", c, amount=int(c[1]), who=c[4])

    def pay(self, c):
        return self._step("pay", c, amount=int(c[1]), who=c[4])

    def draw(self, c):
        return self._step("draw", c, amount=int(c[1]), deck=c[2], face_up=c[3] is not None, zone=c[5])

    def place_votes(self, c):
        return self._step("place_votes", c, amount=int(c[1]), refs=c[4], different=c[5] is not None)

    def move_votes(self, c):
        return self._step("move_votes", c, amount=int(c[1]), refs=(c[4], c[6]))

    def remove_votes(self, c):
        return self._step("remove_votes", c, amount=int(c[1]), refs=(c[4],))

    def extra_actions(self, c):
        return self._step("extra_actions", c, amount=int(c[1]), different=c[2] is not None)

    def extra_turn(self, c):
        return self._step("extra_turn", c)

    def hand_limit(self, c):
        sign = -1 if len(c) == 3 and str(c[1]) == "-" else 1
        return self._step("hand_limit", c, amount=sign * int(c[-1]))

    def put_vis(self, c):
        return self._step("put_vis", c, amount=int(c[1]), refs=(c[4],))

    def activate(self, c):
        return self._step("activate", c, refs=(c[1],))

    def burn(self, c):
        return self._step("burn", c, refs=(c[1],))

    def transmute(self, c):
        return self._step("transmute", c, refs=(c[1],))

    def redraw(self, c):
        return self._step("redraw", c, amount=int(c[1]))

    def manual(self, c):
        return self._step("manual", c, text=unquote(c[1]))

    # ---- translations -------------------------------------------------------------------
    def translation(self, children):
        keyword, _of, target, _l, language, *entries = children
        return RawTranslation(self.path, unquote(target), self._pos(target), self._word(language), list(entries),
                              self._pos(keyword))

    def entry(self, children):
        kind, name, _as, translated, *attrs = children
        return RawEntry(KIND_TOKENS[kind.type], unquote(name), unquote(translated), self._pos(kind), attrs)

    def entry_text(self, c):
        return self._attr("text", c, unquote(c[1]))

    def entry_manual(self, c):
        return self._attr("manual", c, unquote(c[1]))

    def entry_fingerprint(self, c):
        return self._attr("fingerprint", c, unquote(c[1]))
