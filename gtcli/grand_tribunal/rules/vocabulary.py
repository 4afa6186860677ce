"""The words of the game: item types, spell categories and the Voting Track.

The published game has 6 item types and 4 spell categories, one Voting Track space each.
A card set may bring its own vocabulary, so nothing else in the code hard-codes them:
everything asks a :class:`Vocabulary`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gtcli.core.diagnostics import Diagnostic, InputError
from gtcli.core.text import article, did_you_mean, fold, one_of

LANGUAGES = ("en", "es", "fr", "it")
ITEM_TYPE = "item type"
SPELL_CATEGORY = "spell category"


@dataclass(frozen=True)
class Term:
    """One item type or spell category: its canonical key and its names per language."""

    key: str
    names: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def display(self, lang: str = "en") -> str:
        names = self.names.get(lang) or self.names.get("en") or (self.key,)
        return names[0]

    def all_names(self) -> tuple[str, ...]:
        seen = [self.key]
        for names in self.names.values():
            seen.extend(names)
        return tuple(dict.fromkeys(seen))


@dataclass(frozen=True)
class Vocabulary:
    item_types: tuple[Term, ...]
    spell_categories: tuple[Term, ...]

    def __post_init__(self) -> None:
        index: dict[str, tuple[str, str]] = {}
        for kind, terms in ((ITEM_TYPE, self.item_types), (SPELL_CATEGORY, self.spell_categories)):
            for term in terms:
                for name in term.all_names():
                    folded = fold(name)
                    previous = index.get(folded)
                    if previous and previous != (kind, term.key):
                        raise InputError(
                            Diagnostic(
                                "TAB004",
                                f"the word {name!r} names both {previous[0]} {previous[1]!r} "
                                f"and {kind} {term.key!r}",
                            )
                        )
                    index[folded] = (kind, term.key)
        object.__setattr__(self, "_index", index)

    # -- lookups -----------------------------------------------------------------
    @property
    def spaces(self) -> tuple[str, ...]:
        """The Voting Track: one space per item type, then one per spell category."""
        return tuple(t.key for t in self.item_types) + tuple(t.key for t in self.spell_categories)

    def is_item_type(self, key: str) -> bool:
        return any(t.key == key for t in self.item_types)

    def term(self, key: str) -> Term:
        for term in self.item_types + self.spell_categories:
            if term.key == key:
                return term
        raise KeyError(key)

    def display(self, key: str, lang: str = "en") -> str:
        return self.term(key).display(lang)

    def resolve(self, name: object, kinds: tuple[str, ...]) -> str:
        """The canonical key for ``name`` among ``kinds``, or an :class:`InputError`."""
        if not isinstance(name, str) or not name.strip():
            wanted = "Voting Track space" if len(kinds) > 1 else kinds[0]
            raise InputError(Diagnostic("TAB003", f"expected the name of {article(wanted)} {wanted}, got {name!r}"))
        hit = self._index.get(fold(name))  # type: ignore[attr-defined]
        if hit and hit[0] in kinds:
            return hit[1]
        candidates = [
            n
            for kind, terms in ((ITEM_TYPE, self.item_types), (SPELL_CATEGORY, self.spell_categories))
            if kind in kinds
            for term in terms
            for n in term.all_names()
        ]
        wanted = "Voting Track space" if len(kinds) > 1 else kinds[0]
        if hit:
            message = f"{name!r} is a {hit[0]}, not {article(wanted)} {wanted}"
        else:
            message = f"unknown {wanted} {name!r}"
        keys = [t.key for kind, terms in ((ITEM_TYPE, self.item_types), (SPELL_CATEGORY, self.spell_categories)) if kind in kinds for t in terms]
        hint = did_you_mean(name, candidates) or f"one of: {one_of(keys)}"
        raise InputError(Diagnostic("TAB004", message, hint=hint))

    def item_type(self, name: object) -> str:
        return self.resolve(name, (ITEM_TYPE,))

    def spell_category(self, name: object) -> str:
        return self.resolve(name, (SPELL_CATEGORY,))

    def space(self, name: object) -> str:
        """A Voting Track space: any item type or spell category."""
        return self.resolve(name, (ITEM_TYPE, SPELL_CATEGORY))


def vocabulary_from_mapping(data: dict) -> Vocabulary:
    """Build a vocabulary from the ``[item_types.*]`` / ``[spell_categories.*]`` tables."""

    def terms(section: str) -> tuple[Term, ...]:
        table = data.get(section, {})
        if not isinstance(table, dict) or not table:
            raise InputError(Diagnostic("TAB002", f"the vocabulary has no [{section}]"))
        out = []
        for key, names in table.items():
            by_lang = {}
            for lang, words in (names or {}).items():
                if isinstance(words, str):
                    words = [words]
                by_lang[lang] = tuple(str(w) for w in words)
            out.append(Term(fold(key), by_lang))
        return tuple(out)

    return Vocabulary(terms("item_types"), terms("spell_categories"))
