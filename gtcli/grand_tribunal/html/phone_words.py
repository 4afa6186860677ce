"""The words of the scorekeeper's phone page (``gt game serve``) in the four languages.

The table's own words (Players, Standings, Items, Voting Track...) come from
:data:`gtcli.grand_tribunal.lang.keywords.DISPLAY_WORDS`, as on the table's screen; these are
the page's own: its buttons, its headings and what it says after a change. ``{n}`` is a
Tribunal's number, filled in by :func:`word`.
"""

from __future__ import annotations

from gtcli.grand_tribunal.lang.keywords import DISPLAY_WORDS

WORDS: dict[str, dict[str, str]] = {
    "tribunal_n": {"en": "Tribunal {n}", "es": "Tribunal {n}", "fr": "Assemblée {n}", "it": "Tribunale {n}"},
    "grand": {"en": "Grand Tribunal", "es": "Gran Tribunal", "fr": "Grande Assemblée", "it": "Grande Tribunale"},
    "recorded": {"en": "Tribunals recorded", "es": "Tribunales anotados", "fr": "Assemblées notées",
                 "it": "Tribunali registrati"},
    "no_tribunal": {"en": "No Tribunal recorded yet.", "es": "Aún no hay ningún Tribunal anotado.",
                    "fr": "Aucune Assemblée notée pour l'instant.", "it": "Ancora nessun Tribunale registrato."},
    "carried": {"en": "Items carried over", "es": "Ítems que siguen compitiendo", "fr": "Objets reportés",
                "it": "Oggetti riportati"},
    "none_carried": {"en": "None: every Item is entered afresh.", "es": "Ninguno: cada ítem se anota de nuevo.",
                     "fr": "Aucun : chaque objet est saisi à nouveau.", "it": "Nessuno: ogni oggetto si inserisce da capo."},
    "next": {"en": "Next: {t}", "es": "Siguiente: {t}", "fr": "Prochaine : {t}", "it": "Prossimo: {t}"},
    "lines": {"en": "The Tribunal as lines: the votes line, then one line per Item",
              "es": "El Tribunal en líneas: la línea de votos y una línea por ítem",
              "fr": "L'Assemblée en lignes : la ligne des votes, puis une ligne par objet",
              "it": "Il Tribunale in righe: la riga dei voti, poi una riga per oggetto"},
    "preview": {"en": "Preview", "es": "Vista previa", "fr": "Aperçu", "it": "Anteprima"},
    "live": {"en": "Preview as you tap", "es": "Vista previa al tocar", "fr": "Aperçu en direct",
             "it": "Anteprima dal vivo"},
    "record": {"en": "Record {t}", "es": "Anotar {t}", "fr": "Noter {t}", "it": "Registra {t}"},
    "change": {"en": "Change the lines", "es": "Cambiar las líneas", "fr": "Modifier les lignes",
               "it": "Modifica le righe"},
    "undo": {"en": "Undo {t}…", "es": "Deshacer {t}…", "fr": "Annuler {t}…", "it": "Annulla {t}…"},
    "undo_ask": {"en": "Drop {t} from the game? `gt game redo` at the terminal can bring it back.",
                 "es": "¿Quitar {t} de la partida? `gt game redo` en el terminal puede recuperarlo.",
                 "fr": "Retirer {t} de la partie ? `gt game redo` au terminal peut la rétablir.",
                 "it": "Togliere {t} dalla partita? `gt game redo` al terminale può ripristinarlo."},
    "undo_yes": {"en": "Yes, drop {t}", "es": "Sí, quitar {t}", "fr": "Oui, retirer {t}", "it": "Sì, togli {t}"},
    "keep": {"en": "No, keep it", "es": "No, conservarlo", "fr": "Non, la garder", "it": "No, tienilo"},
    "recorded_now": {"en": "{t} is recorded.", "es": "{t} está anotado.", "fr": "{t} est notée.",
                     "it": "{t} è registrato."},
    "undone_now": {"en": "{t} was dropped (`gt game redo` brings it back).",
                   "es": "{t} se quitó (`gt game redo` lo recupera).",
                   "fr": "{t} a été retirée (`gt game redo` la rétablit).",
                   "it": "{t} è stato tolto (`gt game redo` lo ripristina)."},
    "conflict": {"en": "The game changed meanwhile", "es": "La partida cambió mientras tanto",
                 "fr": "La partie a changé entre-temps", "it": "La partita è cambiata nel frattempo"},
    "conflict_text": {
        "en": "A Tribunal was recorded or undone elsewhere (at the terminal or on another phone) since this page "
              "was opened, so nothing was written. Here is the game as it is now; your lines are below, "
              "unchanged: check them and send them again.",
        "es": "Se anotó o deshizo un Tribunal en otro sitio (en el terminal u otro teléfono) desde que se abrió "
              "esta página, así que no se escribió nada. Así está la partida ahora; tus líneas siguen abajo, "
              "sin cambios: revísalas y envíalas de nuevo.",
        "fr": "Une Assemblée a été notée ou annulée ailleurs (au terminal ou sur un autre téléphone) depuis "
              "l'ouverture de cette page : rien n'a été écrit. Voici la partie telle qu'elle est ; vos lignes "
              "sont plus bas, intactes : vérifiez-les et renvoyez-les.",
        "it": "Un Tribunale è stato registrato o annullato altrove (al terminale o su un altro telefono) da "
              "quando questa pagina è stata aperta, quindi non è stato scritto nulla. Ecco la partita com'è ora; "
              "le tue righe sono qui sotto, intatte: controllale e inviale di nuovo."},
    "mistakes": {"en": "To fix before recording", "es": "Por corregir antes de anotar",
                 "fr": "À corriger avant de noter", "it": "Da correggere prima di registrare"},
    "busy": {"en": "The session is being changed at the terminal: nothing was written. Try again in a moment.",
             "es": "El terminal está cambiando la sesión: no se escribió nada. Inténtalo de nuevo en un momento.",
             "fr": "La session est en cours de modification au terminal : rien n'a été écrit. Réessayez dans un instant.",
             "it": "La sessione è in modifica al terminale: non è stato scritto nulla. Riprova tra un momento."},
    "unusable": {"en": "The session file cannot be read now; nothing was written.",
                 "es": "El archivo de la sesión no se puede leer ahora; no se escribió nada.",
                 "fr": "Le fichier de session est illisible pour l'instant ; rien n'a été écrit.",
                 "it": "Il file della sessione non si può leggere ora; non è stato scritto nulla."},
    "stale": {"en": "This page is too old or did not come from this game: open the game's address again.",
              "es": "Esta página es demasiado antigua o no viene de esta partida: abre de nuevo la dirección.",
              "fr": "Cette page est trop ancienne ou ne vient pas de cette partie : rouvrez l'adresse de la partie.",
              "it": "Questa pagina è troppo vecchia o non viene da questa partita: riapri l'indirizzo."},
    "add_item": {"en": "+ Item", "es": "+ Ítem", "fr": "+ Objet", "it": "+ Oggetto"},
    "remove": {"en": "Remove", "es": "Quitar", "fr": "Retirer", "it": "Togli"},
    "won": {"en": "won earlier", "es": "ganado antes", "fr": "gagné avant", "it": "vinto prima"},
    "type": {"en": "Type", "es": "Tipo", "fr": "Type", "it": "Tipo"},
    "base": {"en": "Base", "es": "Base", "fr": "Base", "it": "Base"},
    "name": {"en": "Name (optional)", "es": "Nombre (opcional)", "fr": "Nom (facultatif)", "it": "Nome (facoltativo)"},
    "place": {"en": "Place", "es": "Puesto", "fr": "Place", "it": "Posto"},
    "votes": {"en": "Votes", "es": "Votos", "fr": "Votes", "it": "Voti"},
    "score": {"en": "Score", "es": "Puntos", "fr": "Points", "it": "Punti"},
    "scores": {"en": "Scores", "es": "Puntos", "fr": "Points", "it": "Punti"},
    "item": {"en": "Item", "es": "Ítem", "fr": "Objet", "it": "Oggetto"},
    "not_competing": {"en": "not competing", "es": "no compite", "fr": "hors concours", "it": "non compete"},
    "finished": {"en": "Every Tribunal is recorded.", "es": "Todos los Tribunales están anotados.",
                 "fr": "Toutes les Assemblées sont notées.", "it": "Tutti i Tribunali sono registrati."},
    "by_hand": {"en": "The buttons cannot read these lines (typed by hand): a tap on a button writes them again.",
                "es": "Los botones no pueden leer estas líneas (escritas a mano): tocar un botón las reescribe.",
                "fr": "Les boutons ne savent pas lire ces lignes (tapées à la main) : toucher un bouton les réécrit.",
                "it": "I pulsanti non sanno leggere queste righe (scritte a mano): toccare un pulsante le riscrive."},
}


def word(key: str, lang: str, **fill: object) -> str:
    """A word of the page (or of the table, :data:`DISPLAY_WORDS`) in ``lang``, English where it has none."""
    words = WORDS.get(key) or DISPLAY_WORDS[key]
    text = words.get(lang) or words["en"]
    return text.format(**fill) if fill else text


def tribunal_name(number: int, tribunals: int, lang: str) -> str:
    """``Tribunal 2``, and the last one of the game ``Grand Tribunal``, in ``lang``."""
    return word("grand", lang) if number == tribunals else word("tribunal_n", lang, n=number)
