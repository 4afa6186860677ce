"""The TOML/JSON exchange format of card sets, both ways.

Spreadsheets and other tools write and read card sets as plain data. Export writes the
checked set with canonical (English) keys; import turns the data back into the raw form
the card-set language produces, so both go through the same checker and diagnostics. As
the card-set language reads on past a card with a syntax error, import reads on past a
card whose data has the wrong shape: that card is left out and reported, and the cards
that could be read are checked in the same run.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from gtcli.core.diagnostics import Diagnostic, InputError, Pos
from gtcli.core.files.json_source import parse_json
from gtcli.core.files.toml_source import TomlSource, parse_toml
from gtcli.grand_tribunal.lang.cards.ast import Attr, RawCard, RawSet, Word
from gtcli.grand_tribunal.lang.cards.limits import MAX_CARDS
from gtcli.grand_tribunal.rules.cards import Card, CardSet, Choice, Effect, Step
from gtcli.grand_tribunal.rules.effects import CHOICE_KINDS, PRIMITIVES, TRIGGERS

FORMAT = "gtcli-cards/1"
# What the card-set language's grammar (grammar/cards.lark) requires of each effect: the
# fields it must have, those it may have, and how many references. Data from TOML or JSON
# did not come through the grammar, so it is held to the same shape here; the checker and
# the interpreter rely on it (a move_votes step has two references).
_MANY = 20
STEP_SHAPES: dict[str, tuple[frozenset[str], frozenset[str], tuple[int, int]]] = {
    op: (frozenset(must.split()), frozenset(may.split()), refs) for op, must, may, refs in (
        ("gain", "amount", "", (0, 0)), ("take", "amount who", "", (0, 0)), ("pay", "amount", "who", (0, 0)),
        ("draw", "amount deck zone", "face_up", (0, 0)), ("place_votes", "amount refs", "different", (1, _MANY)),
        ("move_votes", "amount refs", "", (2, 2)), ("remove_votes", "amount refs", "", (1, 1)),
        ("extra_actions", "amount", "different", (0, 0)), ("extra_turn", "", "", (0, 0)),
        ("hand_limit", "amount", "", (0, 0)), ("put_vis", "amount refs", "", (1, 1)),
        ("activate", "refs", "", (1, 1)), ("burn", "refs", "", (1, 1)), ("transmute", "refs", "", (1, 1)),
        ("redraw", "amount", "", (0, 0)), ("manual", "text", "", (0, 0)),
    )
}
CARD_FIELDS = ("kind", "name", "type", "category", "advance", "base", "slots", "copies", "text", "effects")
STEP_FIELDS = ("op", "amount", "who", "deck", "face_up", "zone", "refs", "different", "text")


# ---- export ---------------------------------------------------------------------------
def step_to_mapping(step: Step) -> dict[str, Any]:
    data: dict[str, Any] = {"op": step.op}
    for key in STEP_FIELDS[1:]:
        value = getattr(step, key)
        if value not in (None, False, ()):
            data[key] = list(value) if isinstance(value, tuple) else value
    return data


def to_mapping(card_set: CardSet) -> dict[str, Any]:
    data: dict[str, Any] = {"format": FORMAT, "name": card_set.name}
    if card_set.version is not None:
        data["version"] = card_set.version
    data["language"] = card_set.language
    if card_set.custom_vocabulary:
        data["item_types"] = [t.key for t in card_set.vocabulary.item_types]
        data["spell_categories"] = [t.key for t in card_set.vocabulary.spell_categories]
    data["cards"] = [card_to_mapping(card) for card in card_set.cards]
    return data


def effects_to_mapping(card: Card) -> list[dict[str, Any]]:
    return [
        {"trigger": e.trigger,
         **({"choices": [{"name": c.name, "kind": c.kind} for c in e.choices]} if e.choices else {}),
         "steps": [step_to_mapping(s) for s in e.steps]}
        for e in card.effects
    ]


def card_to_mapping(card: Card) -> dict[str, Any]:
    entry: dict[str, Any] = {"kind": card.kind, "name": card.name}
    for key in ("type", "category", "advance", "base"):
        if getattr(card, key) is not None:
            entry[key] = getattr(card, key)
    if card.slots:
        entry["slots"] = list(card.slots)
    entry["copies"] = card.copies
    if card.text is not None:
        entry["text"] = card.text
    if card.effects:
        entry["effects"] = effects_to_mapping(card)
    return entry


def fingerprint(card: Card) -> str:
    """A short digest of what a translator translates: the card's name, text and effects.

    A translation records it per card (``fingerprint "..."``); when the base card's words
    change later, the digests differ and the translation is reported stale (CARD019).
    Costs, types and slots are left out: a translation does not repeat them.
    """
    import hashlib

    words = {"name": card.name, "text": card.text, "effects": effects_to_mapping(card)}
    blob = json.dumps(words, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()[:12]


def to_toml(card_set: CardSet) -> str:
    import tomli_w

    return tomli_w.dumps(to_mapping(card_set))


def to_json(card_set: CardSet) -> str:
    return json.dumps(to_mapping(card_set), indent=2, ensure_ascii=False) + "\n"


# ---- import ---------------------------------------------------------------------------
class _Reader:
    def __init__(self, path: str, source: TomlSource | None) -> None:
        self.path = path
        self.source = source
        self.found: dict[tuple[int | None, str | None], Pos] = {}  # a list of 3,000 slots asks 3,000 times
        self.problems: list[Diagnostic] = []  # the cards left out, and why

    def pos(self, index: int | None = None, key: str | None = None) -> Pos:
        if self.source is None:
            return Pos(self.path)
        if (index, key) not in self.found:
            line, col = self.source.locate(key) if index is None else self.source.locate(key, "cards", index)
            self.found[index, key] = Pos(self.path, line, col)
        return self.found[index, key]

    def fail(self, message: str, index: int | None = None, key: str | None = None, hint: str | None = None):
        return InputError(Diagnostic.at_pos("CARD011", message, self.pos(index, key), hint))

    def expect(self, value: Any, kind: type | tuple, what: str, index: int | None, key: str | None) -> Any:
        if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
            raise self.fail(f"{what} has the wrong type ({type(value).__name__})", index, key)
        return value

    def read(self, data: Any) -> RawSet:
        if not isinstance(data, dict):
            raise self.fail("a card set file holds a table with name, language and cards")
        if data.get("format", FORMAT) != FORMAT:
            raise self.fail(f"unknown format {data.get('format')!r}", key="format", hint=f'format = "{FORMAT}"')
        raw = RawSet(self.path, name=str(data.get("name", "untitled")), header_pos=self.pos(key="name"))
        version = data.get("version")
        raw.version = self.expect(version, int, "version", None, "version") if version is not None else None
        if "language" in data:
            raw.language = Word(str(data["language"]), self.pos(key="language"))
        for key, attr in (("item_types", "types"), ("spell_categories", "categories")):
            if key in data:
                words = self.expect(data[key], list, key, None, key)
                setattr(raw, attr, [Word(str(w), self.pos(key=key)) for w in words])
        cards = self.expect(data.get("cards", []), list, "cards", None, "cards")
        for n, entry in enumerate(cards[:MAX_CARDS + 1]):  # one past the cap: the loader reports it (CARD017)
            try:
                raw.cards.append(self.card(self.expect(entry, dict, f"card {n + 1}", n, None), n))
            except InputError as exc:  # this card is left out; the others are still read and checked
                self.problems.extend(exc.diagnostics)
        return raw

    def card(self, entry: dict, n: int) -> RawCard:
        for key in entry:
            if key not in CARD_FIELDS:
                raise self.fail(f"card {n + 1}: unknown field {key!r}", n, key)
        kind = entry.get("kind")
        if kind not in ("item", "spell", "resource"):
            raise self.fail(f"card {n + 1}: kind must be item, spell or resource, got {kind!r}", n, "kind")
        name = self.expect(entry.get("name"), str, f"card {n + 1}'s name", n, "name")
        card = RawCard(kind, name, self.pos(n, None))
        for key in ("type", "category"):
            if key in entry:
                card.attrs.append(Attr(key, Word(str(entry[key]), self.pos(n, key)), self.pos(n, key)))
        for key in ("advance", "base", "copies"):
            if key in entry:
                card.attrs.append(Attr(key, self.expect(entry[key], int, key, n, key), self.pos(n, key)))
        if "slots" in entry:
            slots = self.expect(entry["slots"], list, "slots", n, "slots")
            card.attrs.append(Attr("slots", [Word(str(s), self.pos(n, "slots")) for s in slots], self.pos(n, "slots")))
        if "text" in entry:
            card.attrs.append(Attr("text", self.expect(entry["text"], str, "text", n, "text"), self.pos(n, "text")))
        for effect in self.expect(entry.get("effects", []), list, "effects", n, "effects"):
            card.effects.append(self.effect(self.expect(effect, dict, "an effect", n, "effects"), n))
        return card

    def effect(self, data: dict, n: int) -> Effect:
        pos = self.pos(n, None)
        trigger = data.get("trigger")
        if trigger not in TRIGGERS:
            raise self.fail(f"card {n + 1}: trigger must be one of {', '.join(TRIGGERS)}, got {trigger!r}", n)
        choices = []
        for c in self.expect(data.get("choices", []), list, "choices", n, None):
            if not isinstance(c, dict) or c.get("kind") not in CHOICE_KINDS or not isinstance(c.get("name"), str):
                raise self.fail(f"card {n + 1}: a choice is {{name, kind}} with kind one of {', '.join(CHOICE_KINDS)}", n)
            choices.append(Choice(c["name"], c["kind"], pos))
        steps = []
        for s in self.expect(data.get("steps", []), list, "steps", n, None):
            steps.append(self.step(self.expect(s, dict, "a step", n, None), n, pos))
        return Effect(trigger, tuple(choices), tuple(steps), pos)

    def step(self, data: dict, n: int, pos: Pos) -> Step:
        op = data.get("op")
        if op not in PRIMITIVES:
            raise InputError(Diagnostic.at_pos("CARD012", f"card {n + 1}: unknown effect {op!r}", pos,
                                               f"effects: {', '.join(PRIMITIVES)}"))
        fields: dict[str, Any] = {}
        types = {"amount": int, "who": str, "deck": str, "face_up": bool, "zone": str, "refs": list,
                 "different": bool, "text": str}
        for key, value in data.items():
            if key == "op":
                continue
            if key not in types:
                raise self.fail(f"card {n + 1}: unknown step field {key!r}", n)
            if not isinstance(value, types[key]) or (types[key] is int and isinstance(value, bool)):
                raise self.fail(f"card {n + 1}: step field {key!r} has the wrong type", n)
            fields[key] = tuple(str(r) for r in value) if key == "refs" else value
        if fields.get("deck") not in (None, "item", "spell", "resource"):
            raise self.fail(f"card {n + 1}: deck must be item, spell or resource", n)
        if fields.get("zone") not in (None, "hand", "sanctum"):
            raise self.fail(f"card {n + 1}: zone must be hand or sanctum", n)
        must, may, (fewest, most) = STEP_SHAPES[op]
        given = {key for key, value in fields.items() if value not in (False, ())}
        missing, extra = sorted(must - given), sorted(given - must - may)
        if missing or extra:
            raise self.fail(f"card {n + 1}: {op!r} " + (f"needs {', '.join(missing)}" if missing else
                                                          f"has no {', '.join(extra)}"), n,
                            hint=f"as written in the card language: {PRIMITIVES[op].syntax}")
        if not fewest <= len(fields.get("refs", ())) <= most:
            raise self.fail(f"card {n + 1}: {op!r} takes {fewest if fewest == most else f'{fewest} or more'} "
                            f"reference(s), got {len(fields.get('refs', ()))}", n,
                            hint=f"as written in the card language: {PRIMITIVES[op].syntax}")
        for ref in fields.get("refs", ()):
            if ref != "this" and not ref.startswith("$"):
                raise self.fail(f"card {n + 1}: a reference is $name or this, got {ref!r}", n)
        if "who" in fields and fields["who"] != "others" and not fields["who"].startswith("$"):
            raise self.fail(f"card {n + 1}: who is $name or others, got {fields['who']!r}", n)
        return Step(op, pos=pos, **fields)


def raw_from_file(path: Path, text: str) -> tuple[RawSet, list[Diagnostic]]:
    """The raw set a TOML or JSON file holds, and the problems of the cards it had to leave out."""
    if path.suffix.lower() == ".json":
        reader = _Reader(str(path), None)
        return reader.read(_json(text, str(path))), reader.problems
    source = parse_toml(text, str(path), "SYN001")
    reader = _Reader(str(path), source)
    return reader.read(source.data), reader.problems


def _json(text: str, path: str) -> Any:
    """The data of a JSON card set whose shape is within :mod:`gtcli.core.files.shape`'s limits."""
    return parse_json(text, path, "SYN001")
