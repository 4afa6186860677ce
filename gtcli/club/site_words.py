"""The league site's words in its languages (``[club] lang`` in gt.toml): English, and Spanish.

The site's pages are written in English in the code; :func:`words` gives the function that
puts a text into the club's language (a text with no translation stays English, so a new
sentence is never lost, only untranslated; ``tests/club/test_club_league.py`` checks that
every text the pages use has its Spanish). The scoresheet of each game, shared with
``gt replay --html``, stays in English.
"""

from __future__ import annotations

from collections.abc import Callable

SPANISH = {
    "Standings": "Clasificación", "Games": "Partidas", "Players": "Jugadores", "Left out": "Excluidas",
    "All games": "Todas las partidas", "Games left out": "Partidas excluidas",
    "Leader": "Líder", "Latest games": "Últimas partidas", "Club records": "Récords del club",
    "Most wins": "Más victorias", "Longest run of wins": "Racha más larga", "Best score": "Mejor puntuación",
    "Biggest table": "Mesa más grande", "Player": "Jugador", "Rating": "Nivel", "Wins": "Victorias",
    "Win rate": "% victorias", "Avg place": "Puesto medio", "Date": "Fecha", "Event": "Evento",
    "Place": "Puesto", "Score": "Puntos", "Winner": "Ganador", "Winners": "Ganadores",
    "Rating after": "Nivel después", "File": "Archivo", "Game": "Juego", "Why": "Motivo",
    "First finding": "Primer hallazgo", "Check it": "Compruébalo", "Head to head": "Cara a cara",
    "Against": "Contra", "Ahead": "Delante", "Behind": "Detrás", "Level": "Empate", "Verdict": "Veredicto",
    "Rating history": "Historial de nivel", "rating": "nivel", "start": "inicio",
    "The full scoresheet": "La hoja de puntuación completa", "Result": "Resultado",
    "no game counted yet": "aún no hay partidas contadas", "wins": "victorias", "games": "partidas",
    "players": "jugadores", "points": "puntos", "undated": "sin fecha",
    "counted once": "contada una vez",
    "No game has been judged legal and complete yet.":
        "Aún no hay ninguna partida legal y completa.",
    "Newest first; undated games last. Winners in bold.":
        "Las más recientes primero; las que no tienen fecha, al final. Ganadores en negrita.",
    "Illegal, unfinished and unreadable games are kept in the archive but counted in no statistic and no "
    "rating. Each line shows the first finding; the command shows them all.":
        "Las partidas ilegales, sin terminar o ilegibles se guardan en el archivo, pero no cuentan en ninguna "
        "estadística ni nivel. Cada línea muestra el primer hallazgo; la orden los muestra todos.",
    "None: every game counts.": "Ninguna: todas las partidas cuentan.",
    "Records of a game counted already (each game counts once):":
        "Registros de una partida ya contada (cada partida cuenta una vez):",
    "the same game as": "la misma partida que", "the start of": "el comienzo de",
    "not kept by the club for": "no elegida por el club en lugar de",
    "Probably one player": "Probablemente un mismo jugador", "and": "y", "one letter apart": "a una letra",
    "look-alike letters": "letras que se parecen", "invisible characters": "caracteres invisibles",
    "never merged: [club.aliases] in gt.toml merges them": "nunca se juntan: [club.aliases] en gt.toml los junta",
    "game(s) counted": "partida(s) contada(s)", "left out": "excluida(s)", "why": "por qué",
    "set aside as repeats": "apartadas por repetidas",
    "Rating: OpenSkill (Plackett-Luce) mu - 3 sigma.": "Nivel: OpenSkill (Plackett-Luce) mu - 3 sigma.",
    "Written by gt club site (gtcli) from the club's files; every result is judged by gt's rules.":
        "Escrito por gt club site (gtcli) a partir de los archivos del club; cada resultado lo juzgan las reglas "
        "de gt.",
    "by rating": "por nivel", "rating now": "nivel actual",
    "Not counted": "No contada", "This game is not counted:": "Esta partida no cuenta:",
    "This record repeats a game counted already:": "Este registro repite una partida ya contada:",
    "One point per game, at its date.": "Un punto por partida, en su fecha.",
    "games, wins": "partidas, victorias", "95% interval": "intervalo del 95%", "average place": "puesto medio",
    "average score": "puntuación media", "longest run of wins": "racha más larga", "now": "ahora",
    "Every game of theirs, newest first.": "Todas sus partidas, las más recientes primero.",
    "in": "en", "with": "con", "games left out of the counts": "partidas fuera de las cuentas",
    "line": "línea", "Full scoresheet": "Hoja de puntuación completa",
}

SPANISH_SENTENCES = {
    "Before each game, the higher rated of two players finished ahead in {correct} of {pairs} pairs over {games} "
    "game(s): {accuracy} (95% interval {low}-{high}, the game as the unit).":
        "Antes de cada partida, el de más nivel de dos jugadores quedó delante en {correct} de {pairs} parejas "
        "en {games} partida(s): {accuracy} (intervalo del 95% {low}-{high}, con la partida como unidad).",
    "So far the ratings predict no better than a coin toss: read them as a record of results, not yet as a "
    "measure of skill.":
        "Por ahora los niveles no predicen mejor que lanzar una moneda: léelas como un registro de "
        "resultados, todavía no como una medida de habilidad.",
    "That is better than a coin toss (50%).": "Eso es mejor que lanzar una moneda (50%).",
    "The ratings have predicted nothing yet: no two players with different ratings have finished apart.":
        "Los niveles aún no han predicho nada: ningún par de jugadores con niveles distintos ha "
        "terminado separado.",
}

LANGUAGES = {"en": {}, "es": {**SPANISH, **SPANISH_SENTENCES}}


def words(lang: str) -> Callable[[str], str]:
    """The function putting the site's English texts into ``lang`` (English where none is known)."""
    table = LANGUAGES.get(lang, {})
    return lambda text: table.get(text, text)
