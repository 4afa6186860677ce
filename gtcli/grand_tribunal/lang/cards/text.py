"""Rules text: a card's effects written as sentences in English, Spanish, French or Italian.

The card sheet (``gt cards render``) and the terminal panel (``gt cards show SET NAME``)
print "When cast: gain 2 Vis." rather than the card-set language's ``on cast: gain 2 vis``.
The sentences are built here, in one place, from the checked effects (never from the
source text) with a small phrase table per language; the game's words follow each
language's printed rule sheet (Sanctum, Bóveda, Arches, Sotterraneo...). A ``manual``
step is the author's own words, or a translation's (``manual "..."`` in NAME.LANG.gtc).

Choices are written by kind: one space is "that space"; two spaces are "the first space"
and "the second space", in the order the card declares them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from gtcli.grand_tribunal.lang.keywords import ANY_CATEGORY
from gtcli.grand_tribunal.rules.cards import Card, Effect, Step

LANGS = ("en", "es", "fr", "it")


@dataclass(frozen=True)
class Noun:
    one: str
    many: str
    a: str  # "a space"
    that: str  # "that space"
    feminine: bool = False

    def count(self, n: int) -> str:
        return f"{n} {self.one if n == 1 else self.many}"


def _n(one, many, a, that, feminine=False) -> Noun:
    return Noun(one, many, a, that, feminine)


NOUNS: dict[str, dict[str, Noun]] = {
    "en": {
        "player": _n("player", "players", "a player", "that player"),
        "space": _n("space", "spaces", "a space", "that space"),
        "card": _n("card", "cards", "a card", "that card"),
        "item": _n("Item", "Items", "an Item", "that Item"),
        "spell": _n("Spell", "Spells", "a Spell", "that Spell"),
        "resource": _n("Resource", "Resources", "a Resource", "that Resource"),
        "vote": _n("vote", "votes", "a vote", "that vote"),
        "extra_action": _n("extra action", "extra actions", "an extra action", "that action"),
        "copy": _n("copy", "copies", "a copy", "that copy"),
    },
    "es": {
        "player": _n("jugador", "jugadores", "un jugador", "ese jugador"),
        "space": _n("espacio", "espacios", "un espacio", "ese espacio"),
        "card": _n("carta", "cartas", "una carta", "esa carta", True),
        "item": _n("Ítem", "Ítems", "un Ítem", "ese Ítem"),
        "spell": _n("Hechizo", "Hechizos", "un Hechizo", "ese Hechizo"),
        "resource": _n("Recurso", "Recursos", "un Recurso", "ese Recurso"),
        "vote": _n("voto", "votos", "un voto", "ese voto"),
        "extra_action": _n("acción extra", "acciones extra", "una acción extra", "esa acción", True),
        "copy": _n("copia", "copias", "una copia", "esa copia", True),
    },
    "fr": {
        "player": _n("joueur", "joueurs", "un joueur", "ce joueur"),
        "space": _n("case", "cases", "une case", "cette case", True),
        "card": _n("carte", "cartes", "une carte", "cette carte", True),
        "item": _n("Objet", "Objets", "un Objet", "cet Objet"),
        "spell": _n("Sort", "Sorts", "un Sort", "ce Sort"),
        "resource": _n("Ressource", "Ressources", "une Ressource", "cette Ressource", True),
        "vote": _n("vote", "votes", "un vote", "ce vote"),
        "extra_action": _n("action supplémentaire", "actions supplémentaires", "une action supplémentaire",
                           "cette action", True),
        "copy": _n("exemplaire", "exemplaires", "un exemplaire", "cet exemplaire"),
    },
    "it": {
        "player": _n("giocatore", "giocatori", "un giocatore", "quel giocatore"),
        "space": _n("spazio", "spazi", "uno spazio", "quello spazio"),
        "card": _n("carta", "carte", "una carta", "quella carta", True),
        "item": _n("Oggetto", "Oggetti", "un Oggetto", "quell'Oggetto"),
        "spell": _n("Incantesimo", "Incantesimi", "un Incantesimo", "quell'Incantesimo"),
        "resource": _n("Risorsa", "Risorse", "una Risorsa", "quella Risorsa", True),
        "vote": _n("voto", "voti", "un voto", "quel voto"),
        "extra_action": _n("azione extra", "azioni extra", "un'azione extra", "quell'azione", True),
        "copy": _n("copia", "copie", "una copia", "quella copia", True),
    },
}

# "the first space", by language: (masculine, feminine) ordinals and articles.
ORDINALS = {
    "en": (("first", "second", "third", "fourth", "fifth", "sixth"),) * 2,
    "es": (("primer", "segundo", "tercer", "cuarto", "quinto", "sexto"),
           ("primera", "segunda", "tercera", "cuarta", "quinta", "sexta")),
    "fr": (("premier", "deuxième", "troisième", "quatrième", "cinquième", "sixième"),
           ("première", "deuxième", "troisième", "quatrième", "cinquième", "sixième")),
    "it": (("primo", "secondo", "terzo", "quarto", "quinto", "sesto"),
           ("prima", "seconda", "terza", "quarta", "quinta", "sesta")),
}
ARTICLES = {"en": ("the", "the"), "es": ("el", "la"), "fr": ("le", "la"), "it": ("il", "la")}

# Sentences and steps. {n} is an amount, {who}/{ref}/{a}/{b} a chosen thing, {deck} a
# counted noun ("2 Spells"), {zone} where drawn cards go.
PHRASES: dict[str, dict[str, str]] = {
    "en": {
        "on cast": "When cast", "on play": "When played", "while active": "While this card is active",
        "while in vault": "While this card is in your Vault",
        "plain": "{trigger}: {steps}", "choose": "{trigger}, choose {choices}: {steps}",
        "sep": "; ", "and": " and ", "this": "this card", "others": "each other player",
        "gain": "gain {n} Vis", "take": "take {n} Vis from {who}", "pay": "pay {n} Vis",
        "pay_to": "pay {n} Vis to {who}",
        "draw": "draw {deck} into your {zone}", "draw_face_up": "draw {deck} from the face-up row into your {zone}",
        "hand": "hand", "sanctum": "Sanctum",
        "place": "place {votes}", "votes_on": "{votes} on {ref}", "different_spaces": " (on different spaces)",
        "move": "move {votes} from {a} to {b}", "remove": "remove {votes} from {a}",
        "extra_actions": "take {actions} this turn",
        "different_actions": ", each of a kind not yet taken this turn",
        "extra_turn": "take an extra turn after this one",
        "hand_up": "your hand limit goes up by {n}", "hand_down": "your hand limit goes down by {n}",
        "put_vis": "put {n} Vis from your store on {ref}", "activate": "activate {ref} at once",
        "burn": "destroy {ref}", "transmute": "swap {ref} for the top Item of the deck, keeping its Vis",
        "redraw": "discard up to {cards} from your hand and draw a replacement for each",
        "untranslated": "not translated",
    },
    "es": {
        "on cast": "Al lanzarlo", "on play": "Al jugarlo", "while active": "Mientras esta carta esté activa",
        "while in vault": "Mientras esta carta esté en tu Bóveda",
        "plain": "{trigger}: {steps}", "choose": "{trigger}, elige {choices}: {steps}",
        "sep": "; ", "and": " y ", "this": "esta carta", "others": "cada otro jugador",
        "gain": "gana {n} Vis", "take": "toma {n} Vis de {who}", "pay": "paga {n} Vis",
        "pay_to": "paga {n} Vis a {who}",
        "draw": "roba {deck} a tu {zone}", "draw_face_up": "roba {deck} de la fila boca arriba a tu {zone}",
        "hand": "mano", "sanctum": "Sanctum",
        "place": "coloca {votes}", "votes_on": "{votes} en {ref}", "different_spaces": " (en espacios distintos)",
        "move": "mueve {votes} de {a} a {b}", "remove": "quita {votes} de {a}",
        "extra_actions": "realiza {actions} este turno",
        "different_actions": ", cada una de un tipo que aún no hayas realizado este turno",
        "extra_turn": "juega un turno extra después de este",
        "hand_up": "tu límite de mano aumenta en {n}", "hand_down": "tu límite de mano disminuye en {n}",
        "put_vis": "pon {n} Vis de tu reserva sobre {ref}", "activate": "activa {ref} de inmediato",
        "burn": "destruye {ref}",
        "transmute": "cambia {ref} por el primer Ítem del mazo, que conserva su Vis",
        "redraw": "descarta hasta {cards} de tu mano y roba una de reemplazo por cada una",
        "untranslated": "sin traducir",
    },
    "fr": {
        "on cast": "Quand tu le lances", "on play": "Quand tu la joues",
        "while active": "Tant que cette carte est active", "while in vault": "Tant que cette carte est dans tes Arches",
        "plain": "{trigger}\u00a0: {steps}", "choose": "{trigger}, choisis {choices}\u00a0: {steps}",
        "sep": "\u00a0; ", "and": " et ", "this": "cette carte", "others": "chaque autre joueur",
        "gain": "gagne {n} Vis", "take": "prends {n} Vis à {who}", "pay": "paie {n} Vis",
        "pay_to": "paie {n} Vis à {who}",
        "draw": "pioche {deck} dans {zone}", "draw_face_up": "pioche {deck} de la rangée face visible dans {zone}",
        "hand": "ta main", "sanctum": "ton Sanctum",
        "place": "place {votes}", "votes_on": "{votes} sur {ref}", "different_spaces": " (sur des cases différentes)",
        "move": "déplace {votes} de {a} à {b}", "remove": "retire {votes} de {a}",
        "extra_actions": "effectue {actions} ce tour-ci",
        "different_actions": ", chacune d'un type pas encore joué ce tour-ci",
        "extra_turn": "joue un tour supplémentaire après celui-ci",
        "hand_up": "ta limite de main augmente de {n}", "hand_down": "ta limite de main diminue de {n}",
        "put_vis": "pose {n} Vis de ta réserve sur {ref}", "activate": "active {ref} immédiatement",
        "burn": "détruis {ref}",
        "transmute": "échange {ref} contre le premier Objet de la pioche, qui garde ses Vis",
        "redraw": "défausse jusqu'à {cards} de ta main et pioche une remplaçante pour chacune",
        "untranslated": "non traduit",
    },
    "it": {
        "on cast": "Quando lo lanci", "on play": "Quando la giochi", "while active": "Finché questa carta è attiva",
        "while in vault": "Finché questa carta è nel tuo Sotterraneo",
        "plain": "{trigger}: {steps}", "choose": "{trigger}, scegli {choices}: {steps}",
        "sep": "; ", "and": " e ", "this": "questa carta", "others": "ogni altro giocatore",
        "gain": "guadagna {n} Vis", "take": "prendi {n} Vis da {who}", "pay": "paga {n} Vis",
        "pay_to": "paga {n} Vis a {who}",
        "draw": "pesca {deck} {zone}", "draw_face_up": "pesca {deck} dalla fila scoperta {zone}",
        "hand": "nella tua mano", "sanctum": "nel tuo Sanctum",
        "place": "piazza {votes}", "votes_on": "{votes} su {ref}", "different_spaces": " (su spazi diversi)",
        "move": "sposta {votes} da {a} a {b}", "remove": "rimuovi {votes} da {a}",
        "extra_actions": "esegui {actions} in questo turno",
        "different_actions": ", ciascuna di un tipo non ancora eseguito in questo turno",
        "extra_turn": "gioca un turno extra dopo questo",
        "hand_up": "il tuo limite di mano aumenta di {n}", "hand_down": "il tuo limite di mano diminuisce di {n}",
        "put_vis": "metti {n} Vis dalla tua riserva su {ref}", "activate": "attiva {ref} subito",
        "burn": "distruggi {ref}",
        "transmute": "scambia {ref} con il primo Oggetto del mazzo, che ne mantiene i Vis",
        "redraw": "scarta fino a {cards} dalla tua mano e pescane una sostitutiva per ciascuna",
        "untranslated": "non tradotto",
    },
}

# Preposition + article, as each language writes them ("de el" -> "del").
CONTRACTIONS: dict[str, tuple[tuple[str, str], ...]] = {
    "en": (),
    "es": ((r"\bde el\b", "del"), (r"\ba el\b", "al")),
    "fr": ((r"\bde le\b", "du"), (r"\bà le\b", "au")),
    "it": ((r"\bda il\b", "dal"), (r"\bda la\b", "dalla"), (r"\ba il\b", "al"), (r"\ba la\b", "alla"),
           (r"\bsu il\b", "sul"), (r"\bsu la\b", "sulla")),
}

# The labels of a card's parts (the anatomy of the printed cards).
LABELS: dict[str, dict[str, str]] = {
    "en": {"cost": "Advance", "base": "Base points", "slots": "Installed Spells"},
    "es": {"cost": "Avance", "base": "Puntos base", "slots": "Hechizos instalados"},
    "fr": {"cost": "Avancement", "base": "Points de base", "slots": "Sorts installés"},
    "it": {"cost": "Studio", "base": "Punti base", "slots": "Incantesimi installabili"},
}


# The headers of a set's table (`gt cards show SET --lang ...`): kind, name, type or category,
# cost, base points, slots, copies, effect -- in the words of each language's sheets and nouns.
TABLE_HEADERS: dict[str, tuple[str, ...]] = {
    "en": ("Kind", "Name", "Type/Category", "Cost", "Base", "Slots", "Copies", "Effect"),
    "es": ("Clase", "Nombre", "Tipo/Categoría", "Coste", "Base", "Ranuras", "Copias", "Efecto"),
    "fr": ("Genre", "Nom", "Type/Catégorie", "Coût", "Base", "Emplacements", "Copies", "Effet"),
    "it": ("Genere", "Nome", "Tipo/Categoria", "Costo", "Base", "Slot", "Copie", "Effetto"),
}


def table_headers(lang: str) -> tuple[str, ...]:
    return TABLE_HEADERS[_lang(lang)]


def _lang(lang: str) -> str:
    return lang if lang in PHRASES else "en"


def noun(kind: str, lang: str) -> Noun:
    """The noun for a card kind, a choice kind or a counted thing, in ``lang``."""
    return NOUNS[_lang(lang)][kind]


def label(key: str, lang: str) -> str:
    return LABELS[_lang(lang)][key]


def any_word(lang: str) -> str:
    """How a slot for any Spell category is written in ``lang`` (the card-set language's word)."""
    return (ANY_CATEGORY.get(lang) or ANY_CATEGORY["en"])[0]


def count_phrase(cards: int, copies: int, lang: str = "en") -> str:
    """One way to say how big a set is, everywhere: "43 cards, 48 copies"."""
    return f"{noun('card', lang).count(cards)}, {noun('copy', lang).count(copies)}"


class _Sentence:
    """Writes one effect; knows its choices so references read "that space"."""

    def __init__(self, effect: Effect, lang: str, manual: list[str]) -> None:
        self.lang = _lang(lang)
        self.p = PHRASES[self.lang]
        self.effect = effect
        self.manual = manual  # manual texts left to use, in order (shared across a card's effects)
        self.kinds = {c.name: c.kind for c in effect.choices}

    def ref(self, ref: str | None) -> str:
        if ref is None or ref == "others":
            return self.p["others"]
        if ref == "this":
            return self.p["this"]
        name = ref.lstrip("$")
        kind = self.kinds.get(name, "card")
        thing = noun(kind, self.lang)
        same = [c.name for c in self.effect.choices if c.kind == kind]
        if len(same) <= 1:
            return thing.that
        index = same.index(name)
        ordinals = ORDINALS[self.lang][thing.feminine]
        if index >= len(ordinals):
            return f"{thing.one} {index + 1}"
        return f"{ARTICLES[self.lang][thing.feminine]} {ordinals[index]} {thing.one}"

    def choices(self) -> str:
        counts: dict[str, int] = {}
        for choice in self.effect.choices:
            counts[choice.kind] = counts.get(choice.kind, 0) + 1
        parts = [noun(k, self.lang).a if n == 1 else noun(k, self.lang).count(n) for k, n in counts.items()]
        return self.join(parts)

    def join(self, parts: Sequence[str]) -> str:
        if len(parts) <= 1:
            return "".join(parts)
        return ", ".join(parts[:-1]) + self.p["and"] + parts[-1]

    def votes(self, n: int) -> str:
        return noun("vote", self.lang).count(n)

    def step(self, s: Step) -> str:
        p, n = self.p, s.amount
        if s.op == "manual":
            return self.manual.pop(0) if self.manual else (s.text or "")
        if s.op == "gain":
            text = p["gain"].format(n=n)
        elif s.op == "take":
            text = p["take"].format(n=n, who=self.ref(s.who))
        elif s.op == "pay":
            text = p["pay_to"].format(n=n, who=self.ref(s.who)) if s.who else p["pay"].format(n=n)
        elif s.op == "draw":
            deck = noun(s.deck or "item", self.lang).count(n or 1)
            text = p["draw_face_up" if s.face_up else "draw"].format(deck=deck, zone=p[s.zone or "hand"])
        elif s.op == "place_votes":
            groups: dict[str, int] = {}
            for r in s.refs:
                groups[r] = groups.get(r, 0) + 1
            spots = [p["votes_on"].format(votes=self.votes(c), ref=self.ref(r)) for r, c in groups.items()]
            text = p["place"].format(votes=self.join(spots)) + (p["different_spaces"] if s.different else "")
        elif s.op == "move_votes":
            text = p["move"].format(votes=self.votes(n or 1), a=self.ref(s.refs[0]), b=self.ref(s.refs[1]))
        elif s.op == "remove_votes":
            text = p["remove"].format(votes=self.votes(n or 1), a=self.ref(s.refs[0]))
        elif s.op == "extra_actions":
            text = p["extra_actions"].format(actions=noun("extra_action", self.lang).count(n or 1)) \
                + (p["different_actions"] if s.different else "")
        elif s.op == "extra_turn":
            text = p["extra_turn"]
        elif s.op == "hand_limit":
            text = p["hand_up" if (n or 0) > 0 else "hand_down"].format(n=abs(n or 0))
        elif s.op == "put_vis":
            text = p["put_vis"].format(n=n, ref=self.ref(s.refs[0]))
        elif s.op in ("activate", "burn", "transmute"):
            text = p[s.op].format(ref=self.ref(s.refs[0]))
        elif s.op == "redraw":
            text = p["redraw"].format(cards=noun("card", self.lang).count(n or 1))
        else:  # a primitive without a phrase yet: say what it is rather than nothing
            text = s.op.replace("_", " ")
        for pattern, replacement in CONTRACTIONS[self.lang]:
            text = re.sub(pattern, replacement, text)
        return text

    def sentence(self) -> str:
        steps = self.p["sep"].join(self.step(s) for s in self.effect.steps)
        trigger = self.p[self.effect.trigger]
        if self.effect.choices:
            text = self.p["choose"].format(trigger=trigger, choices=self.choices(), steps=steps)
        else:
            text = self.p["plain"].format(trigger=trigger, steps=steps)
        return text if text.rstrip().endswith((".", "!", "?", "…")) else text + "."


def rules_text(card: Card, lang: str, manual: Sequence[str] | None = None) -> list[str]:
    """One sentence per effect of ``card``, in ``lang``.

    ``manual`` replaces the card's ``manual "..."`` texts in order (a translation's);
    without it, or where it runs short, the card's own words are used.
    """
    own = card.manual_texts()
    texts = list(manual or ())[:len(own)]
    texts += own[len(texts):]
    return [_Sentence(effect, lang, texts).sentence() for effect in card.effects]


def untranslated(text: str, lang: str) -> str:
    """A card's own words shown in a sheet of another language, marked as such."""
    return f"({PHRASES[_lang(lang)]['untranslated']}) {text}"
