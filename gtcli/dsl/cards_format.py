"""Write a card set (or a translation template) in the card-set language, in any language.

``gt cards export --format gtc --lang es`` uses this to translate a set's keywords and
vocabulary; loading the output gives back the same set.
"""

from __future__ import annotations

from gtcli.dsl.cards_exchange import fingerprint
from gtcli.dsl.cards_text import any_word
from gtcli.dsl.keywords import spelling
from gtcli.rules.cards import ANY, Card, CardSet, Effect, Step

TRIGGER_KEYWORDS = {"on cast": "ON_CAST", "on play": "ON_PLAY", "while active": "WHILE_ACTIVE",
                    "while in vault": "WHILE_IN_VAULT"}
KIND_KEYWORDS = {"item": "ITEM", "spell": "SPELL", "resource": "RESOURCE", "player": "PLAYER",
                 "space": "SPACE", "card": "CARD", "hand": "HAND", "sanctum": "SANCTUM"}


def quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


class Writer:
    def __init__(self, card_set: CardSet, lang: str) -> None:
        self.set = card_set
        self.lang = lang

    def kw(self, keyword: str) -> str:
        return spelling(keyword, self.lang)

    def word(self, key: str) -> str:
        if key == ANY:
            return any_word(self.lang)
        if self.set.custom_vocabulary:
            return key
        return self.set.vocabulary.display(key, self.lang).replace(" ", "-")

    def ref(self, ref: str) -> str:
        if ref == "this":
            return self.kw("THIS")
        if ref == "others":
            return self.kw("OTHERS")
        return ref

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
            parts = [k("DRAW"), str(n), k(KIND_KEYWORDS[s.deck or "item"])] + ([k("FACE_UP")] if s.face_up else []) \
                + [k("TO"), k(KIND_KEYWORDS[s.zone or "hand"])]
        elif s.op == "place_votes":
            parts = [k("PLACE"), str(n), k("VOTES"), k("ON"), ", ".join(self.ref(r) for r in s.refs)] \
                + ([k("DIFFERENT")] if s.different else [])
        elif s.op == "move_votes":
            parts = [k("MOVE"), str(n), k("VOTES"), k("FROM"), self.ref(s.refs[0]), k("TO"), self.ref(s.refs[1])]
        elif s.op == "remove_votes":
            parts = [k("REMOVE"), str(n), k("VOTES"), k("FROM"), self.ref(s.refs[0])]
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

    def effect(self, e: Effect) -> str:
        head = self.kw(TRIGGER_KEYWORDS[e.trigger])
        if e.choices:
            head += " " + self.kw("CHOOSE") + " " + ", ".join(
                f"${c.name} {self.kw(KIND_KEYWORDS[c.kind])}" for c in e.choices)
        return "  " + head + ": " + "; ".join(self.step(s) for s in e.steps)

    def card(self, c: Card) -> str:
        k = self.kw
        parts = [k(KIND_KEYWORDS[c.kind]), quote(c.name)]
        if c.type:
            parts += [k("TYPE"), self.word(c.type)]
        if c.category:
            parts += [k("CATEGORY"), self.word(c.category)]
        if c.advance is not None:
            parts += [k("ADVANCE"), str(c.advance)]
        if c.base is not None:
            parts += [k("BASE"), str(c.base)]
        if c.slots:
            parts += [k("SLOTS"), ", ".join(self.word(s) for s in c.slots)]
        if c.copies != 1:
            parts += [k("COPIES"), str(c.copies)]
        lines = [" ".join(parts)]
        if c.text is not None:
            lines.append(f"  {k('TEXT')} {quote(c.text)}")
        lines.extend(self.effect(e) for e in c.effects)
        return "\n".join(lines)

    def cardset(self) -> str:
        s = self.set
        head = f"{self.kw('SET')} {quote(s.name)}"
        if s.version is not None:
            head += f" {self.kw('VERSION')} {s.version}"
        head += f" {self.kw('LANGUAGE')} {self.lang}"
        out = [head, ""]
        if s.custom_vocabulary:
            out.append(f"{self.kw('TYPES')} " + ", ".join(t.key for t in s.vocabulary.item_types))
            out.append(f"{self.kw('CATEGORIES')} " + ", ".join(t.key for t in s.vocabulary.spell_categories))
            out.append("")
        for card in s.cards:
            out.append(self.card(card))
            out.append("")
        return "\n".join(out)


def format_set(card_set: CardSet, lang: str | None = None) -> str:
    return Writer(card_set, lang or card_set.language).cardset()


def translation_template(card_set: CardSet, set_file: str, lang: str, existing=None) -> str:
    """A translation file listing every card; work already done in ``existing`` is kept.

    Each card gets its name, its text and one line per ``manual "..."`` step to fill in,
    the set's own words as comments, and the fingerprint of the card as it is now (an
    entry already translated keeps the fingerprint it had, so a change to its card since
    stays reported, CARD019).
    """
    w = Writer(card_set, lang)
    lines = [
        f"# Translation of {card_set.name!r} into {lang}. Fill in each name after "
        f"{w.kw('AS')!r} (and every {w.kw('TEXT')!r} and {w.kw('MANUAL')!r}), then run: gt cards check {set_file}",
        f"{w.kw('TRANSLATION')} {w.kw('OF')} {quote(set_file)} {w.kw('LANGUAGE')} {lang}",
        "",
    ]
    for card in card_set.cards:
        entry = existing.entry(card.name) if existing else None
        name = entry.translated if entry else ""
        out = [f"{w.kw(KIND_KEYWORDS[card.kind])} {quote(card.name)} {w.kw('AS')} {quote(name)}"]
        kept = entry.fingerprint if entry and name.strip() else None
        out.append(f"  {w.kw('FINGERPRINT')} {quote(kept or fingerprint(card))}")
        if card.text is not None:
            out.append(f"  {w.kw('TEXT')} {quote((entry.text if entry else None) or '')}")
            out.append(f"  # {_comment(card.text)}")
        done = list(entry.manuals) if entry else []
        for i, own in enumerate(card.manual_texts()):
            out.append(f"  {w.kw('MANUAL')} {quote(done[i] if i < len(done) else '')}")
            out.append(f"  # {_comment(own)}")
        lines.append("\n".join(out))
    return "\n".join(lines) + "\n"


def _comment(text: str) -> str:
    """The set's words as a one-line comment (a newline in them must not end the comment)."""
    return " ".join(text.split())
