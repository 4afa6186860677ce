"""Keyword tables of the card-set and transcript languages, per natural language.

Each keyword has the words that spell it in English (``en``), Spanish (``es``), French
(``fr``) and Italian (``it``); the first word is the one the formatter writes. A parser
for a language accepts that language's words *and* the English ones, so an English card
set or log always parses. Words are matched case-insensitively, with or without accents,
and a multi-word keyword allows any spacing between its words.

The words come from the terms the printed rule sheets use where they have one (Ítem,
Hechizo, Recurso; Objet, Sort, Ressource; Oggetto, Incantesimo, Risorsa; Développer and
Charger, Studiare; Fuente No Impugnada, source contestée, Fonte Contestata; Assemblée for
Tribunal; the infinitives of the sheets' action headings, ...). docs/logs.md ("The sheets'
own words") lists every term of the four sheets with what it means here and whether it is
accepted. On the French sheet *réserve* is the Vis store and the Vault is *Arches*.

A collision (one word meaning two keywords in one parser) is caught by building every
language's parser in Lark's strict mode in the tests.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from gtcli.core.text import fold

LANGUAGES = ("en", "es", "fr", "it")

KEYWORDS: dict[str, dict[str, tuple[str, ...]]] = {
    # -- card sets: header and declarations
    "SET": {"en": ("set",), "es": ("conjunto",), "fr": ("ensemble",), "it": ("insieme",)},
    "VERSION": {"en": ("version",), "es": ("versión",), "fr": ("version",), "it": ("versione",)},
    "LANGUAGE": {"en": ("language",), "es": ("idioma",), "fr": ("langue",), "it": ("lingua",)},
    "INCLUDE": {"en": ("include",), "es": ("incluye", "incluir"), "fr": ("inclure",), "it": ("includi",)},
    "TYPES": {"en": ("types",), "es": ("tipos",), "fr": ("types",), "it": ("tipi",)},
    "CATEGORIES": {"en": ("categories",), "es": ("categorías",), "fr": ("catégories",), "it": ("categorie",)},
    # -- card kinds (also decks to draw from)
    "ITEM": {"en": ("item", "items"), "es": ("ítem", "ítems"), "fr": ("objet", "objets"),
             "it": ("oggetto", "oggetti")},
    "SPELL": {"en": ("spell", "spells"), "es": ("hechizo", "hechizos"), "fr": ("sort", "sorts"),
              "it": ("incantesimo", "incantesimi")},
    "RESOURCE": {"en": ("resource", "resources"), "es": ("recurso", "recursos"),
                 "fr": ("ressource", "ressources"), "it": ("risorsa", "risorse")},
    # -- card attributes
    "TYPE": {"en": ("type",), "es": ("tipo",), "fr": ("type",), "it": ("tipo",)},
    "CATEGORY": {"en": ("category",), "es": ("categoría",), "fr": ("catégorie",), "it": ("categoria",)},
    "ADVANCE": {"en": ("advance",), "es": ("avance", "avanza", "avanzar"),
                "fr": ("développement", "développe", "développer", "avancement"),
                "it": ("studio", "studia", "studiare")},
    "BASE": {"en": ("base",), "es": ("base",), "fr": ("base",), "it": ("base",)},
    "SLOTS": {"en": ("slots", "slot"), "es": ("ranuras", "ranura"), "fr": ("emplacements", "emplacement"),
              "it": ("alloggiamenti", "alloggiamento")},
    "COPIES": {"en": ("copies", "copy"), "es": ("copias", "copia"), "fr": ("exemplaires", "exemplaire"),
               "it": ("copie", "copia")},
    "TEXT": {"en": ("text",), "es": ("texto",), "fr": ("texte",), "it": ("testo",)},
    # -- triggers
    "ON_CAST": {"en": ("on cast",), "es": ("al lanzar",), "fr": ("au lancement",), "it": ("al lancio",)},
    "ON_PLAY": {"en": ("on play",), "es": ("al jugar",), "fr": ("en jouant",), "it": ("giocando",)},
    "WHILE_ACTIVE": {"en": ("while active",), "es": ("mientras activo", "mientras activa"),
                     "fr": ("si actif", "si active"), "it": ("mentre attivo", "mentre attiva")},
    "WHILE_IN_VAULT": {"en": ("while in vault", "while in the vault"), "es": ("mientras en bóveda",),
                       "fr": ("si dans les arches", "si en arches"), "it": ("mentre nel sotterraneo",)},
    "CHOOSE": {"en": ("choose",), "es": ("elige",), "fr": ("choisir",), "it": ("scegli",)},
    # -- kinds of choices
    "PLAYER": {"en": ("player",), "es": ("jugador",), "fr": ("joueur",), "it": ("giocatore",)},
    "SPACE": {"en": ("space",), "es": ("espacio",), "fr": ("case",), "it": ("spazio",)},
    "CARD": {"en": ("card",), "es": ("carta",), "fr": ("carte",), "it": ("carta",)},
    # -- effect primitives and their words
    "GAIN": {"en": ("gain", "gains"), "es": ("gana",), "fr": ("gagne",), "it": ("guadagna",)},
    "TAKE": {"en": ("take", "takes"), "es": ("toma",), "fr": ("prend",), "it": ("prendi",)},
    "PAY": {"en": ("pay", "pays"), "es": ("paga",), "fr": ("paie",), "it": ("versa",)},
    "DRAW": {"en": ("draw", "draws"), "es": ("roba", "robar"), "fr": ("pioche", "piocher", "prendre"),
             "it": ("pesca", "pescare")},
    "PLACE": {"en": ("place",), "es": ("coloca",), "fr": ("place",), "it": ("piazza",)},
    "MOVE": {"en": ("move",), "es": ("mueve",), "fr": ("déplace",), "it": ("sposta",)},
    "REMOVE": {"en": ("remove",), "es": ("quita",), "fr": ("retire",), "it": ("rimuovi",)},
    "EXTRA_ACTIONS": {"en": ("extra actions", "extra action"), "es": ("acciones extra", "acción extra"),
                      "fr": ("actions supplémentaires", "action supplémentaire"),
                      "it": ("azioni extra", "azione extra")},
    "EXTRA_TURN": {"en": ("extra turn",), "es": ("turno extra",), "fr": ("tour supplémentaire",),
                   "it": ("turno extra",)},
    "HAND_LIMIT": {"en": ("hand limit",), "es": ("límite de mano",), "fr": ("limite de main",),
                   "it": ("limite di mano",)},
    "PUT": {"en": ("put",), "es": ("pon",), "fr": ("pose",), "it": ("metti",)},
    "ACTIVATE": {"en": ("activate",), "es": ("activa", "activar"), "fr": ("active", "activer"),
                 "it": ("attiva", "attivare")},
    "BURN": {"en": ("burn",), "es": ("quema",), "fr": ("brûle",), "it": ("brucia",)},
    "TRANSMUTE": {"en": ("transmute",), "es": ("transmuta",), "fr": ("transmute",), "it": ("trasmuta",)},
    "REDRAW": {"en": ("redraw",), "es": ("reemplaza",), "fr": ("remplace",), "it": ("rimpiazza",)},
    "MANUAL": {"en": ("manual",), "es": ("manual",), "fr": ("manuel",), "it": ("manuale",)},
    "VIS": {"en": ("vis",), "es": ("vis",), "fr": ("vis", "vice"), "it": ("vis",)},
    "VOTES": {"en": ("votes", "vote"), "es": ("votos", "voto"), "fr": ("votes", "vote"), "it": ("voti", "voto")},
    "OTHERS": {"en": ("others", "each other player"), "es": ("otros", "cada otro jugador"),
               "fr": ("autres", "chaque autre joueur"), "it": ("altri", "ogni altro giocatore")},
    "DIFFERENT": {"en": ("different",), "es": ("distintos", "distintas"), "fr": ("différents", "différentes"),
                  "it": ("diversi", "diverse")},
    "FACE_UP": {"en": ("face-up", "face up"), "es": ("boca arriba",), "fr": ("face visible", "face viceible"),
                "it": ("scoperta", "scoperto", "a faccia in su")},
    "FROM": {"en": ("from",), "es": ("desde",), "fr": ("depuis",), "it": ("da",)},
    "TO": {"en": ("to", "into"), "es": ("a", "al"), "fr": ("à", "au", "vers"), "it": ("a", "al", "nel")},
    "ON": {"en": ("on", "onto"), "es": ("sobre", "en"), "fr": ("sur",), "it": ("su", "sul")},
    "THIS": {"en": ("this",), "es": ("esta", "este"), "fr": ("cette", "ce"), "it": ("questa", "questo")},
    "HAND": {"en": ("hand",), "es": ("mano",), "fr": ("main",), "it": ("mano",)},
    "SANCTUM": {"en": ("sanctum",), "es": ("sanctum", "santuario"), "fr": ("sanctum", "sanctuaire"),
                "it": ("sanctum", "santuario")},
    # -- game logs (transcripts)
    "VOTE": {"en": ("vote",), "es": ("vota", "colocar"), "fr": ("vote", "placer"), "it": ("vota", "piazzare")},
    "SETUP": {"en": ("setup",), "es": ("preparación",), "fr": ("mise en place", "préparation"),
              "it": ("disposizione iniziale", "preparazione")},
    "DEALER": {"en": ("dealer",), "es": ("repartidor",), "fr": ("donneur",), "it": ("mazziere",)},
    "ROW": {"en": ("row",), "es": ("fila", "línea"), "fr": ("rangée", "ligne"), "it": ("fila",)},
    "TRACKERS": {"en": ("trackers",), "es": ("marcadores", "contadores de registro"), "fr": ("marqueurs",),
                 "it": ("segnalini", "segnalini percorso")},
    "TRIBUNAL": {"en": ("tribunal",), "es": ("tribunal",), "fr": ("assemblée", "tribunal"), "it": ("tribunale",)},
    "GRAND_TRIBUNAL": {"en": ("grand tribunal",), "es": ("gran tribunal",), "fr": ("grande assemblée",),
                       "it": ("grand tribunal",)},
    "ROUND": {"en": ("round",), "es": ("ronda",), "fr": ("tour", "manche"), "it": ("round", "giro")},
    "PRAECO": {"en": ("praeco",), "es": ("praeco",), "fr": ("praeco",), "it": ("praeco",)},
    "INSTALL": {"en": ("install",), "es": ("instala", "instalar"), "fr": ("charge", "charger", "installe", "installer"),
                "it": ("installa", "installare")},
    "CAST": {"en": ("cast",), "es": ("lanza", "lanzar"), "fr": ("lance", "lancer"), "it": ("lancia", "lanciare")},
    "KEEP": {"en": ("keep",), "es": ("conserva",), "fr": ("garde",), "it": ("tieni",)},
    "WITH": {"en": ("with",), "es": ("con",), "fr": ("avec",), "it": ("con",)},
    "PLAY": {"en": ("play",), "es": ("juega", "jugar"), "fr": ("joue", "jouer"), "it": ("gioca", "giocare")},
    "EXTRACT": {"en": ("extract",), "es": ("extrae", "extraer"), "fr": ("extrait", "extraire"),
                "it": ("estrai", "estrarre")},
    "GATHER": {"en": ("gather",), "es": ("reúne", "reunir"), "fr": ("récolte", "récolter", "colleter"),
               "it": ("raccogli", "raccogliere")},
    "UNCONTESTED": {"en": ("uncontested",), "es": ("no impugnada", "libre"),
                    "fr": ("non contestée", "incontestée", "libre"),
                    "it": ("non contestata", "non-contestata", "libera")},
    "CONTESTED": {"en": ("contested",), "es": ("impugnada",), "fr": ("contestée", "disputée"),
                  "it": ("contestata", "contesa")},
    "ROLL": {"en": ("roll",), "es": ("tirada",), "fr": ("jet",), "it": ("tiro",)},
    "DISCARD": {"en": ("discard", "discards"), "es": ("descarta", "descartar"), "fr": ("défausse", "défausser"),
                "it": ("scarta", "scartare")},
    "NAME_CARD": {"en": ("name",), "es": ("nombra",), "fr": ("nomme",), "it": ("nomina",)},
    "SCORES": {"en": ("scores",), "es": ("puntos",), "fr": ("points",), "it": ("punti",)},
    "WINNER": {"en": ("winner", "winners"), "es": ("ganador", "ganadores"),
               "fr": ("vainqueur", "vainqueurs", "gagnant", "gagnants"), "it": ("vincitore", "vincitori")},
    "REFILL": {"en": ("refill",), "es": ("repuesto",), "fr": ("regarni",), "it": ("rimpiazzo",)},
    "REGIO": {"en": ("regio",), "es": ("regio",), "fr": ("regio", "régio"), "it": ("regio",)},
    "PASS": {"en": ("pass",), "es": ("pasa",), "fr": ("passe",), "it": ("passo",)},
    "FORCE": {"en": ("force",), "es": ("forzar",), "fr": ("forcer",), "it": ("forza",)},
    # -- translations
    "TRANSLATION": {"en": ("translation",), "es": ("traducción",), "fr": ("traduction",), "it": ("traduzione",)},
    "OF": {"en": ("of",), "es": ("de",), "fr": ("de",), "it": ("di",)},
    "AS": {"en": ("as",), "es": ("como",), "fr": ("comme",), "it": ("come",)},
    "TRANSLATIONS": {"en": ("translations",), "es": ("traducciones",), "fr": ("traductions",),
                     "it": ("traduzioni",)},
    "FINGERPRINT": {"en": ("fingerprint",), "es": ("huella",), "fr": ("empreinte",), "it": ("impronta",)},
    # -- the table as lines (grammar/table.lark: gt tally, gt game tribunal)
    "PLAYERS": {"en": ("players",), "es": ("jugadores",), "fr": ("joueurs",), "it": ("giocatori",)},
    "LAST_PRAECO": {"en": ("last praeco",), "es": ("último praeco",), "fr": ("dernier praeco",),
                    "it": ("ultimo praeco",)},
    "NONE": {"en": ("none",), "es": ("ninguno", "ninguna"), "fr": ("aucun", "aucune"), "it": ("nessuno",)},
    "WON": {"en": ("won",), "es": ("ganado", "ganada"), "fr": ("gagné", "gagnée"), "it": ("vinto", "vinta")},
}

# Spellings a released gt accepted and a later one replaced: keyword -> language -> the old
# words. A file that once loaded keeps loading: each is still read (English ones in every
# language, as English keywords are), with a SYN006 warning naming today's word, and `gt fmt`
# writes today's. Never remove a word from KEYWORDS without moving it here (docs/cards.md and
# docs/logs.md, "Deprecated spellings"; tests/grand_tribunal/lang/test_deprecated_spellings.py parses every
# spelling any commit of the project shipped).
DEPRECATED: dict[str, dict[str, tuple[str, ...]]] = {
    # the French sheet's réserve is the Vis store; its Vault is *Arches* (issue 12)
    "WHILE_IN_VAULT": {"fr": ("si en réserve",)},
    # a vote move was spelled with the card effects' VOTES words in the first logs
    "VOTE": {"en": ("votes",), "es": ("votos", "voto"), "fr": ("votes",), "it": ("voti", "voto")},
}

LANGUAGE_NAMES = {"en": "English", "es": "Spanish", "fr": "French", "it": "Italian"}

# Plain words (not keywords) that a slot list accepts for "a Spell of any category".
ANY_CATEGORY = {"en": ("any",), "es": ("cualquiera",), "fr": ("libre", "toute"), "it": ("qualsiasi",)}


def words(keyword: str, lang: str) -> tuple[str, ...]:
    """The words a parser for ``lang`` accepts for ``keyword`` (English always included, and
    the deprecated spellings after today's)."""
    table, old = KEYWORDS[keyword], DEPRECATED.get(keyword, {})
    found = list(table.get(lang, ())) + list(table["en"]) + list(old.get(lang, ())) + list(old.get("en", ()))
    variants = []
    for word in found:
        variants.extend((word, fold(word) if "-" not in word else word))
    return tuple(dict.fromkeys(variants))


@functools.cache
def deprecated_words(keyword: str, lang: str) -> frozenset[str]:
    """The folded old spellings of ``keyword`` a ``lang`` parser reads, less any that are today's."""
    old = DEPRECATED.get(keyword, {})
    today = KEYWORDS[keyword]
    current = {fold(w) for w in today.get(lang, ()) + today["en"]}
    return frozenset(fold(w) for w in old.get(lang, ()) + old.get("en", ())) - current


def is_deprecated(keyword: str, word: str, lang: str) -> bool:
    """Whether ``word``, read for ``keyword`` by a ``lang`` parser, is one of its old spellings."""
    return fold(word) in deprecated_words(keyword, lang)


def spelling(keyword: str, lang: str) -> str:
    """How the formatter writes ``keyword`` in ``lang``."""
    table = KEYWORDS[keyword]
    return (table.get(lang) or table["en"])[0]


def _pattern(word: str) -> str:
    parts = [re.escape(p) for p in re.split(r"[\s]+", word.strip())]
    return r"\s+".join(parts)


def terminal_definitions(lang: str, used: set[str] | None = None) -> str:
    """Lark terminal lines for every keyword, at priority 2 so they win over names.

    The negative lookahead keeps ``item`` from matching the start of ``items2``.
    """
    lines = []
    for keyword in KEYWORDS:
        if used is not None and keyword not in used:
            continue
        alternatives = sorted(words(keyword, lang), key=len, reverse=True)
        body = "|".join(_pattern(w) for w in alternatives)
        lines.append(f"{keyword}.2: /(?:{body})(?![\\w'-])/i")
    return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class Foreign:
    """A keyword of other languages, written where a parser for one language read it."""

    keyword: str  # the KEYWORDS key (ITEM)
    word: str  # as written in the file (oggetto)
    languages: tuple[str, ...]  # the languages it is a word of (it)


@functools.cache
def _foreign_patterns(keyword: str, lang: str) -> re.Pattern[str] | None:
    """Matches a word of ``keyword`` in ``lang`` only (English ones are accepted everywhere)."""
    own = KEYWORDS[keyword].get(lang, ())
    variants = {v for w in own for v in (w, fold(w) if "-" not in w else w)}
    if not variants:
        return None
    body = "|".join(_pattern(w) for w in sorted(variants, key=len, reverse=True))
    return re.compile(rf"(?:{body})(?![\w'-])", re.IGNORECASE)


def foreign_keyword(text: str, at: int, lang: str, keywords, expected=()) -> Foreign | None:
    """The keyword of another language written at ``text[at:]``, if ``lang`` does not accept it.

    ``keywords`` are those the grammar has (a card file is not told about log words);
    among several matches the longest wins, then one the parser ``expected`` there. Used
    to say "that is Italian; this file is French" instead of a bare "unexpected".
    """
    found: dict[tuple[str, str], list[str]] = {}
    accepted = {fold(w) for keyword in keywords for w in words(keyword, lang)}  # a word of this file's too
    for keyword in keywords:
        for other in LANGUAGES:
            if other in (lang, "en"):
                continue
            pattern = _foreign_patterns(keyword, other)
            match = pattern.match(text, at) if pattern else None
            if match and fold(match.group()) not in accepted:
                found.setdefault((keyword, match.group()), []).append(other)
    if not found:
        return None
    (keyword, word), languages = max(found.items(), key=lambda kv: (len(kv[0][1]), kv[0][0] in expected))
    return Foreign(keyword, word, tuple(languages))


def any_category_words() -> set[str]:
    """The folded words for "a slot of any category", in every language.

    Accepted whatever the file's language: a set without a ``language`` line is read with
    whichever parser fits, so ``libre`` or ``cualquiera`` must not depend on that guess
    (none of these words names a type or category in any language).
    """
    return {fold(w) for words in ANY_CATEGORY.values() for w in words}

# Header tags of a game log ([Players "Ana, Ben, Caro"]): not lexer keywords, since a
# tag's name is a free word as in PGN; unknown tags are kept and reported as notes.
HEADER_TAGS: dict[str, dict[str, tuple[str, ...]]] = {
    "event": {"en": ("Event",), "es": ("Evento",), "fr": ("Événement",), "it": ("Evento",)},
    "date": {"en": ("Date",), "es": ("Fecha",), "fr": ("Date",), "it": ("Data",)},
    "players": {"en": ("Players",), "es": ("Jugadores",), "fr": ("Joueurs",), "it": ("Giocatori",)},
    "cards": {"en": ("Cards",), "es": ("Cartas",), "fr": ("Cartes",), "it": ("Carte",)},
    "board": {"en": ("Board",), "es": ("Tablero",), "fr": ("Plateau",), "it": ("Tabellone",)},
    "profile": {"en": ("Profile",), "es": ("Perfil",), "fr": ("Profil",), "it": ("Profilo",)},
    "variants": {"en": ("Variants",), "es": ("Variantes",), "fr": ("Variantes",), "it": ("Varianti",)},
    "language": {"en": ("Language",), "es": ("Idioma",), "fr": ("Langue",), "it": ("Lingua",)},
}


def header_tag(word: str) -> str | None:
    """The canonical tag for a header word in any language (``Jugadores`` -> ``players``)."""
    key = fold(word)
    for tag, names in HEADER_TAGS.items():
        if any(fold(n) == key for ns in names.values() for n in ns):
            return tag
    return None


def tag_spelling(tag: str, lang: str) -> str:
    return (HEADER_TAGS[tag].get(lang) or HEADER_TAGS[tag]["en"])[0]


# Words of the table as the sheets name its parts, for displays (``gt replay``, ``gt play``'s
# ``state``): not keywords of any grammar. On the French sheet the Vault is *Arches* and the
# Vis store is the *réserve*.
DISPLAY_WORDS: dict[str, dict[str, str]] = {
    "player": {"en": "Player", "es": "Jugador", "fr": "Joueur", "it": "Giocatore"},
    "vis": {"en": "Vis", "es": "Almacén de Vis", "fr": "Réserve", "it": "Riserva di Vis"},
    "hand": {"en": "Hand", "es": "Mano", "fr": "Main", "it": "Mano"},
    "laboratory": {"en": "Laboratory", "es": "Laboratorio", "fr": "Laboratoire", "it": "Laboratorio"},
    "library": {"en": "Library", "es": "Biblioteca", "fr": "Bibliothèque", "it": "Biblioteca"},
    "vault": {"en": "Vault", "es": "Bóveda", "fr": "Arches", "it": "Sotterraneo"},
    "awards": {"en": "Awards", "es": "Premios", "fr": "Trophées", "it": "Premi"},
    "total": {"en": "Total", "es": "Total", "fr": "Total", "it": "Totale"},
    "players": {"en": "Players", "es": "Jugadores", "fr": "Joueurs", "it": "Giocatori"},
    "voting_track": {"en": "Voting Track", "es": "Registro de Votación", "fr": "Piste de vote",
                     "it": "Percorso dei Voti"},
    "trackers": {"en": "Trackers", "es": "Contadores de Registro", "fr": "Marqueurs", "it": "Segnalini Percorso"},
    "uncontested": {"en": "uncontested", "es": "no impugnada", "fr": "non contestée", "it": "non contestata"},
    "contested": {"en": "contested", "es": "impugnada", "fr": "contestée", "it": "contestata"},
    "space": {"en": "space", "es": "espacio", "fr": "case", "it": "spazio"},
    "tokens": {"en": "tokens", "es": "contadores", "fr": "jetons", "it": "segnalini"},
    "empty": {"en": "empty", "es": "vacío", "fr": "vide", "it": "vuoto"},
    "active": {"en": "active", "es": "activo", "fr": "actif", "it": "attivo"},
    "face_up": {"en": "face up", "es": "boca arriba", "fr": "face visible", "it": "scoperta"},
    "turn": {"en": "turn of", "es": "turno de", "fr": "au tour de", "it": "turno di"},
    "slots_left": {"en": "slot(s) left", "es": "acción(es) restante(s)", "fr": "action(s) restante(s)",
                   "it": "azione(i) rimasta(e)"},
    "next": {"en": "next", "es": "siguiente", "fr": "ensuite", "it": "poi"},
    # the table's screen (gt play --serve)
    "standings": {"en": "Standings", "es": "Clasificación", "fr": "Classement", "it": "Classifica"},
    "last_moves": {"en": "Last moves", "es": "Últimas jugadas", "fr": "Derniers coups", "it": "Ultime mosse"},
    "no_moves": {"en": "No move yet.", "es": "Aún no hay jugadas.", "fr": "Aucun coup pour l'instant.",
                 "it": "Ancora nessuna mossa."},
    "of": {"en": "of", "es": "de", "fr": "sur", "it": "di"},
    "line": {"en": "line", "es": "línea", "fr": "ligne", "it": "riga"},
    "face_down": {"en": "face down", "es": "boca abajo", "fr": "face cachée", "it": "coperta"},
    "winner": {"en": "Winner", "es": "Ganador", "fr": "Vainqueur", "it": "Vincitore"},
    "shared_win": {"en": "Shared win", "es": "Victoria compartida", "fr": "Victoire partagée",
                   "it": "Vittoria condivisa"},
    "game_over": {"en": "The game is over.", "es": "La partida ha terminado.", "fr": "La partie est finie.",
                  "it": "La partita è finita."},
    "tribunal_due": {"en": "every round is played: the Tribunal is to be scored",
                     "es": "todas las rondas jugadas: falta puntuar el Tribunal",
                     "fr": "toutes les manches sont jouées : l'Assemblée est à décompter",
                     "it": "tutti i round giocati: il Tribunale è da conteggiare"},
    "breaks_rules": {"en": "This log breaks the rules", "es": "Este registro incumple las reglas",
                     "fr": "Ce journal enfreint les règles", "it": "Questo registro viola le regole"},
    "unusable": {"en": "The log cannot be used now; the screen shows it as it was",
                 "es": "El registro no se puede usar ahora; la pantalla lo muestra como estaba",
                 "fr": "Le journal est inutilisable pour l'instant ; l'écran le montre tel qu'il était",
                 "it": "Il registro non è utilizzabile ora; lo schermo lo mostra com'era"},
    "live": {"en": "live", "es": "en directo", "fr": "en direct", "it": "in diretta"},
    "reconnecting": {"en": "reconnecting…", "es": "reconectando…", "fr": "reconnexion…", "it": "riconnessione…"},
    "points": {"en": "points", "es": "puntos", "fr": "points", "it": "punti"},
    "incomplete": {"en": "The log ends before the Grand Tribunal: the game is not complete.",
                   "es": "El registro termina antes del Gran Tribunal: la partida no está completa.",
                   "fr": "Le journal s'arrête avant la Grande Assemblée : la partie n'est pas finie.",
                   "it": "Il registro finisce prima del Grand Tribunal: la partita non è completa."},
    # the table's screen: the face-up rows, the legend, the first Praeco
    "rows": {"en": "Face-up rows", "es": "Filas boca arriba", "fr": "Rangées face visible", "it": "File scoperte"},
    "items": {"en": "Items", "es": "Ítems", "fr": "Objets", "it": "Oggetti"},
    "spells": {"en": "Spells", "es": "Hechizos", "fr": "Sorts", "it": "Incantesimi"},
    "legend": {"en": "Legend", "es": "Leyenda", "fr": "Légende", "it": "Legenda"},
    "legend_active": {"en": "active", "es": "activa", "fr": "active", "it": "attiva"},
    "legend_up": {"en": "face up, not active", "es": "boca arriba, no activa", "fr": "face visible, inactive",
                  "it": "scoperta, non attiva"},
    "legend_vis": {"en": "Vis on the card", "es": "Vis sobre la carta", "fr": "Vis sur la carte",
                   "it": "Vis sulla carta"},
    "legend_spells": {"en": "Spells installed on the Item", "es": "hechizos instalados en el ítem",
                      "fr": "sorts installés sur l'objet", "it": "incantesimi installati sull'oggetto"},
    "legend_won": {"en": "award won: place, Tribunal", "es": "premio ganado: puesto, Tribunal",
                   "fr": "prix gagné : place, Assemblée", "it": "premio vinto: posto, Tribunale"},
    "legend_unknown": {"en": "hidden, or not named in the log", "es": "oculta, o sin nombre en el registro",
                       "fr": "cachée, ou non nommée dans la partie", "it": "nascosta, o non nominata nella partita"},
    "first_praeco": {"en": "First Praeco", "es": "Primer Praeco", "fr": "Premier Praeco", "it": "Primo Praeco"},
}


def display_word(key: str, lang: str) -> str:
    """A display word in ``lang`` (English where the table has none)."""
    words = DISPLAY_WORDS[key]
    return words.get(lang) or words["en"]
