"""``gt club site ARCHIVE -o DIR``: the league site, written from the index.

``DIR/index.html`` (standings of each game), ``games.html`` (every game), ``excluded.html``
(games left out and why), ``players/NAME-HASH.html`` (each player: numbers, rating chart,
head-to-head, games) and ``games/FILE-SHA.html`` (each game's scoresheet). Static files,
no JavaScript, no network: open ``index.html`` from the folder, or put the folder on any
web server.

A game page's name holds the first 12 hex digits of the file's SHA-256, so a page already
there is the page of that very content and is kept: a second run writes only the pages of
new or changed games (made on the ``--jobs`` pool) and the summary pages.

DIR keeps a manifest of the pages gt wrote and their hashes
(:class:`gtcli.core.files.written.WrittenFolder`): a page is kept only while it is still as
gt wrote it, and gt removes only pages the manifest lists that no longer belong and that
nobody changed since; anything else in DIR is left alone, whatever its name. A DIR that is
not empty and holds no manifest is refused (IO008) unless ``overwrite``. Pages are written
atomically, never through a link, under a lock on ``DIR/index.html`` (a second ``gt club
site`` into the same folder waits).
"""

from __future__ import annotations

import hashlib
import os
import re
import stat
from collections.abc import Sequence
from typing import Any

from gtcli.club import ratings, site_pages, stats, store
from gtcli.club.names import Names
from gtcli.club.site_games import GamePage, render
from gtcli.club.work import UNUSABLE, Row
from gtcli.core.text import fold

OURS = re.compile(r"^(?:index|games|excluded)\.html$|^(?:games|players)/[a-z0-9-]*-[0-9a-f]{8,12}\.html$")


def slug(text: str, digits: int = 8) -> str:
    """A file name part for any text: its folded ASCII letters and digits, and a hash of it (no clashes)."""
    ascii_ = re.sub(r"[^a-z0-9]+", "-", fold(text).encode("ascii", "ignore").decode()).strip("-")[:40]
    return f"{ascii_}-{hashlib.sha256(text.encode()).hexdigest()[:digits]}"


def game_page(row: Row) -> str:
    return f"games/{re.sub(r'[^a-z0-9]+', '-', row.path.lower()).strip('-')[:60]}-{row.sha256[:12]}.html"


def player_page(key: str) -> str:
    return f"players/{slug(key)}.html"


def site_folder(output: str, overwrite: bool = False):
    """The site's folder as gt wrote it (its manifest); IO008 if it holds files gt did not write and no
    manifest, unless ``overwrite`` (called before the archive is indexed too, so a refusal comes at once)."""
    from gtcli.core.files.written import WrittenFolder

    folder = WrittenFolder(output, "site", lambda name: OURS.match(name) is not None, overwrite)
    folder.refuse_strangers(ignore=lambda name: name.startswith(".index.html."))  # a run's lock and temps
    return folder


def write_site(club, output: str, executor, overwrite: bool = False) -> dict[str, Any]:
    """Write the site of ``club`` (an opened :class:`gtcli.cli.commands.club.Club`) into ``output``."""
    from gtcli.core.files.lock import FileLock

    rows = club.rows()
    os.makedirs(output, exist_ok=True)  # the folder the user named: a link to it is theirs to make
    folder = site_folder(output, overwrite)
    for name in ("games", "players"):
        _own_folder(output, name)
    with FileLock(os.path.join(output, "index.html")):
        folder.claim()
        shown = {r.path: game_page(r) for r in rows if r.verdict != UNUSABLE and r.sha256}
        made = _game_pages(club, rows, shown, folder, executor)
        pages = _summary_pages(club.conn, rows, club.names, shown)
        for name, html in pages.items():
            folder.write(name, html, role="page")
        removed = folder.finish()
    return {"pages": len(pages) + len(shown), "written": len(pages) + made, "kept": len(shown) - made,
            "removed": removed}


def _own_folder(output: str, name: str) -> None:
    """``output/name``, made if missing; IO006 if something else is in its place (a link to a folder
    elsewhere would have gt write pages there): every page is a file gt names, never written through a link."""
    from gtcli.core.diagnostics import Diagnostic, InputError

    path = os.path.join(output, name)
    try:
        os.mkdir(path)
    except FileExistsError:
        pass
    except OSError as exc:
        raise InputError(Diagnostic("IO002", f"cannot write the site's folder {path}: {exc.strerror or exc}",
                                    path=path)) from None
    mode = os.lstat(path).st_mode
    if stat.S_ISLNK(mode) or not stat.S_ISDIR(mode):
        kind = "a symbolic link" if stat.S_ISLNK(mode) else "not a folder"
        raise InputError(Diagnostic(
            "IO006", f"cannot write the site into {output}: its {name} is {kind}; nothing was written there",
            path=path, hint=f"gt makes {name}/ itself, as a plain folder: someone else put that there. Look at it, "
                            f"and remove it if it is not yours (`rm {path}` removes a link, not what it points to)"))


def _game_pages(club, rows: Sequence[Row], shown: dict[str, str], folder, executor) -> int:
    """Write the scoresheet of each game shown whose page is not there as gt wrote it; how many were written."""
    from gtcli.core.executor import map_ordered

    tasks = []
    for r in rows:
        name = shown.get(r.path)
        if name is None or folder.unchanged(name):
            continue
        path = os.path.join(club.archive, r.path)
        job = club.job_of(path) if r.kind == "log" else None
        tasks.append(GamePage(path, r.path, r.kind, name, r.verdict or "", job))
    made = 0
    for name, html in map_ordered(render, tasks, executor):
        if html is None:
            shown.pop(next(p for p, n in shown.items() if n == name), None)
            continue
        folder.write(name, html, role="page")
        made += 1
    return made


def _entries(rows: Sequence[Row], names: Names, display: dict[str, str], shown: dict[str, str]) -> list[dict]:
    ordered = sorted(rows, key=lambda r: (r.date is None, "" if r.date is None else _desc(r.date),
                                          store.path_key(r.path)))
    return [{"file": r.path, "game": r.game, "date": r.date, "verdict": r.verdict, "href": shown.get(r.path),
             "players": [(display.get(names.key(s.name), s.name), s.winner) for s in r.seats]} for r in ordered]


def _desc(date: str) -> str:
    """A sort key putting later dates first."""
    return "".join(chr(0x10FFFF - ord(c)) for c in date)


def _summary_pages(conn, rows: Sequence[Row], names: Names, shown: dict[str, str]) -> dict[str, str]:
    from gtcli.core.statistics import wilson

    display = names.display(stats.spellings(rows))
    pages: dict[str, str] = {}
    sections, per_player = [], {}
    all_left = []
    for kind in ("grand-tribunal", "trickerion"):
        of_kind = sorted((r for r in rows if r.game == kind), key=store.game_order)
        if not of_kind:
            continue
        counted, left = stats.eligible(of_kind, names)
        counted_set = set(map(id, counted))
        all_left += [{"file": e.path, "game": kind, "reason": e.reason, "href": shown.get(e.path)} for e in left]
        numbers = {p["key"]: p for p in stats.players(counted, names, display)}
        pairs, correct = ratings.accuracy(conn, kind)
        prediction = {"pairs": pairs, "correct": correct, "accuracy": correct / pairs if pairs else None,
                      "accuracy_ci": list(wilson(correct, pairs))}
        standings = []
        for rating in ratings.current(conn, kind):
            p = numbers.get(rating.player, {})
            standings.append({"name": display.get(rating.player, rating.player), "href": player_page(rating.player),
                              "ordinal": rating.ordinal, "games": rating.games, "wins": p.get("wins", 0),
                              "win_rate": p.get("win_rate"), "average_place": p.get("average_place", 0.0)})
        sections.append({"game": kind, "games": len(counted), "excluded": len(left), "players": standings,
                         "prediction": prediction})
        by_player: dict[str, list[Row]] = {}
        for r in of_kind:
            for key in dict.fromkeys(names.key(s.name) for s in r.seats):
                by_player.setdefault(key, []).append(r)
        ratings_now = {r.player: r for r in ratings.current(conn, kind)}
        for key, mine in by_player.items():
            rating = ratings_now.get(key)
            per_player.setdefault(key, []).append({
                "game": kind, "stats": numbers.get(key),
                "rating": {"ordinal": rating.ordinal, "mu": rating.mu, "sigma": rating.sigma} if rating else None,
                "history": [ratings.ordinal(mu, sigma) for _, mu, sigma in ratings.history(conn, kind, key)],
                "head_to_head": stats.head_to_head([r for r in mine if id(r) in counted_set], names, display, key),
                "games": _entries(mine, names, display, shown)})
    pages["index.html"] = site_pages.standings(sections)
    pages["games.html"] = site_pages.games(_entries(rows, names, display, shown))
    pages["excluded.html"] = site_pages.excluded(all_left)
    for key, player_sections in per_player.items():
        pages[player_page(key)] = site_pages.player(display.get(key, key), player_sections)
    return pages
