"""The words of Trickerion a scorekeeper types: days, characters, resources, locations.

Each word has one canonical English key and the names it goes by in English, Spanish,
French and Italian (singular and plural). Matching ignores case, accents and spacing
(:func:`gtcli.core.text.fold`), so ``Jueves``, ``jeudi`` and ``THURSDAY`` are one day.
A name that matches nothing gets a "did you mean" among every accepted name.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gtcli.core.text import article, did_you_mean, fold, one_of
from gtcli.trickerion.rules.problems import error

UNKNOWN_NAME = "TRK004"


@dataclass(frozen=True)
class Words:
    """A closed list of names of one kind (``day``, ``resource``…) and their spellings."""

    kind: str
    names: dict[str, tuple[str, ...]]
    _index: dict[str, str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        index: dict[str, str] = {}
        for key, spellings in self.names.items():
            for spelling in (key, *spellings):
                previous = index.setdefault(fold(spelling), key)
                if previous != key:  # a programming error in the tables below, caught by the tests
                    raise ValueError(f"{spelling!r} names both {previous} and {key}")
        object.__setattr__(self, "_index", index)

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(self.names)

    def find(self, name: object) -> str | None:
        return self._index.get(fold(name)) if isinstance(name, str) else None

    def resolve(self, name: object) -> str:
        """The canonical key for ``name``, or a TRK004 error with a "did you mean"."""
        key = self.find(name)
        if key is not None:
            return key
        if not isinstance(name, str) or not name.strip():
            raise error("TRK003", f"expected the name of {article(self.kind)} {self.kind}, "
                        f"got {name!r}", hint=f"one of: {one_of(self.keys)}")
        spellings = [s for key, names in self.names.items() for s in (key, *names)]
        raise error(UNKNOWN_NAME, f"unknown {self.kind} {name!r}",
                    hint=did_you_mean(name, spellings) or f"one of: {one_of(self.keys)}")


DAYS = Words("day", {
    "thursday": ("thu", "jueves", "jeudi", "giovedì"),
    "friday": ("fri", "viernes", "vendredi", "venerdì"),
    "saturday": ("sat", "sábado", "samedi", "sabato"),
    "sunday": ("sun", "domingo", "dimanche", "domenica"),
})
THURSDAY, SUNDAY = "thursday", "sunday"

SPECIALISTS = Words("specialist", {
    "assistant": ("assistants", "asistente", "asistentes", "assistante", "assistente", "assistenti"),
    "manager": ("managers", "gerente", "gerentes", "mánager", "gérant", "gestore"),
    "engineer": ("engineers", "ingeniero", "ingenieros", "ingénieur", "ingénieurs", "ingegnere", "ingegneri"),
})

APPRENTICE, SPECIALIST, MAGICIAN = "apprentice", "specialist", "magician"

# Character kinds for wages and action points: any Specialist's name also means "a Specialist".
CHARACTERS = Words("character", {
    APPRENTICE: ("apprentices", "aprendiz", "aprendices", "apprenti", "apprentis", "apprendista", "apprendisti"),
    SPECIALIST: ("specialists", "especialista", "especialistas", "spécialiste", "spécialistes", "specialista",
                 "specialisti"),
    MAGICIAN: ("magicians", "mago", "magos", "magicien", "magicienne", "maghi"),
    **SPECIALISTS.names,
})

RESOURCES = Words("resource", {
    "fame": ("fama", "renommée", "célébrité"),
    "coins": ("coin", "moneda", "monedas", "pièce", "pièces", "moneta", "monete"),
    "shards": ("shard", "trickerion shards", "fragmento", "fragmentos", "fragment", "fragments", "frammento",
               "frammenti"),
})

THEATRE = "theatre"
LOCATIONS = Words("location", {
    "downtown": ("centro", "centre ville", "centro città"),
    "market row": ("market", "fila de mercado", "mercado", "marché", "mercato"),
    "workshop": ("taller", "atelier", "laboratorio"),
    THEATRE: ("theater", "teatro", "théâtre"),
    "dark alley": ("callejón oscuro", "callejon", "ruelle sombre", "vicolo oscuro"),
})


def character_kind(key: str) -> str:
    """apprentice, specialist or magician: what a character counts as for wages and action points."""
    return SPECIALIST if key in SPECIALISTS.names else key
