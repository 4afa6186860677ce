"""``gt club site ARCHIVE -o DIR``: the league site, written from the index.

``DIR/index.html`` (the front page: leader, standings, latest games, records), ``games.html``
(every game), ``excluded.html`` (games left out and why), ``players/NAME-HASH.html`` (each
player: numbers, rating chart, head-to-head, games), ``games/FILE-SHA.html`` (each game, in
the site's style) and ``games/FILE-sheet-HASH.html`` (each game's scoresheet). The pages'
data is :mod:`gtcli.club.league`, their HTML :mod:`gtcli.club.site_pages` and
:mod:`gtcli.club.site_player`. Static files, no JavaScript, no network: open ``index.html``
from the folder, or put the folder on any web server.

A scoresheet's name holds 12 hex digits of a hash of the file's SHA-256 and of the names and
title it shows, so a page already there (as gt wrote it) is the page of that very content and
is kept: a second run writes only the scoresheets of new or changed games (made on the
``--jobs`` pool) and the site's other pages.

DIR keeps a manifest of the pages gt wrote and their hashes
(:class:`gtcli.core.files.written.WrittenFolder`): a page is kept only while it is still as
gt wrote it, and gt removes only pages the manifest lists that no longer belong and that
nobody changed since; anything else in DIR is left alone, whatever its name. A DIR that is
not empty and holds no manifest is refused (IO008) unless ``overwrite``. Only pages whose bytes
change are written, first into DIR's staging folder, then swapped in at once: DIR holds the
previous site or the new one, never half of each, and a run stopped midway leaves the previous
site as it was, and its staged pages for the next run to go on from. Never through a link, under
a lock on ``DIR/index.html`` (a second ``gt club site`` into the same folder waits).
"""

from __future__ import annotations

import hashlib
import os
import re
import stat
from collections.abc import Sequence
from typing import Any

from gtcli.club import league as data, site_pages, site_player, stats
from gtcli.club.site_games import STYLE, STYLESHEET, GamePage, render
from gtcli.club.work import UNUSABLE, Row
from gtcli.core.text import fold

OURS = re.compile(r"^(?:index|games|excluded)\.html$|^(?:games|players)/[a-z0-9-]*-[0-9a-f]{8,12}\.html$"
                  r"|^games/scoresheet-[0-9a-f]{12}\.css$")


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


def shown_names(row: Row, club, display: dict[str, str] | None = None) -> tuple[tuple[str, str], ...]:
    """(as written, as the club writes it) for each player of ``row`` whose name the aliases change
    (``display``: the club's names, :meth:`gtcli.club.names.Names.display` of every row, made once a run)."""
    if display is None:
        display = club.names.display(stats.spellings(club.rows()))
    pairs = ((s.name, display.get(club.names.key(s.name), s.name)) for s in row.seats)
    return tuple(sorted({(a, b) for a, b in pairs if a != b}))


def sheet_page(row: Row, names: tuple, site: tuple[str, str]) -> str:
    """The scoresheet's name: a hash of what it shows and of the stylesheet it links to (a new style, a new page)."""
    style = hashlib.sha256(repr((row.sha256, names, site, STYLE)).encode()).hexdigest()[:12]
    return f"games/{re.sub(r'[^a-z0-9]+', '-', row.path.lower()).strip('-')[:54]}-sheet-{style}.html"


def write_site(club, output: str, executor, overwrite: bool = False) -> dict[str, Any]:
    """Write the site of ``club`` (an opened :class:`gtcli.cli.commands.club.Club`) into ``output``."""
    from gtcli.core.files.lock import FileLock

    rows = club.rows()
    os.makedirs(output, exist_ok=True)  # the folder the user named: a link to it is theirs to make
    folder = site_folder(output, overwrite)
    for name in ("games", "players"):
        _own_folder(output, name)
    settings = club.settings
    site = (settings.title, settings.lang)
    with FileLock(os.path.join(output, "index.html")):
        folder.claim()
        try:
            display = club.names.display(stats.spellings(rows))  # once, not once a game
            renamed = {r.path: shown_names(r, club, display) for r in rows}
            shown = {r.path: sheet_page(r, renamed[r.path], site) for r in rows
                     if r.verdict != UNUSABLE and r.sha256}
            made, pages = _game_pages(club, rows, shown, folder, executor, renamed, site)
            made += sum(folder.write(name, html, role="page") for name, html in pages.items())
            removed = folder.finish()
        except KeyboardInterrupt as exc:  # Ctrl-C, SIGTERM, SIGHUP: say whether the new site is in place
            exc.site_done = folder.done  # type: ignore[attr-defined]
            exc.site_staged = len(folder.staged)  # type: ignore[attr-defined]
            raise
    total = len(pages) + len(shown)
    return {"pages": total, "written": made, "kept": total - made, "removed": removed,
            "resumed": len(folder.resumed), "finished_interrupted_swap": folder.finished_swap}


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


def _game_pages(club, rows: Sequence[Row], shown: dict[str, str], folder, executor, renamed: dict,
                site: tuple[str, str]) -> tuple[int, dict[str, str]]:
    """Stage the scoresheet of each game shown whose page is not there as gt wrote it (nor staged by a run
    that was stopped): how many were staged, and the site's other pages (:func:`_summary_pages`), made
    while the pool renders the scoresheets (the parent would wait for it otherwise)."""
    import itertools

    from gtcli.club.store import sheets
    from gtcli.core.executor import map_ordered

    wanted = [r for r in rows if (name := shown.get(r.path)) is not None and not folder.unchanged(name)]
    kept = sheets(club.conn, [r.path for r in wanted if r.kind == "log"])  # no replay for these (gtcli.club.sheets)
    tasks = []
    for r in wanted:
        path = os.path.join(club.archive, r.path)
        sheet = kept.get(r.path)
        job = club.job_of(path) if r.kind == "log" else None  # to replay it if what is kept is not this log's
        tasks.append(GamePage(path, r.path, r.kind, shown[r.path], r.verdict or "", job, renamed[r.path], site,
                              game_page(r).split("/", 1)[1], sheet, (r.sha256, r.judge)))
    made, dropped = 0, False
    sheets_made = map_ordered(render, tasks, executor)
    begun = list(itertools.islice(sheets_made, 2))  # the pool's work handed out: it renders on meanwhile
    pages = _summary_pages(club, rows, shown)
    for name, html in itertools.chain(begun, sheets_made):
        if html is None:
            shown.pop(next(p for p, n in shown.items() if n == name), None)
            dropped = True
            continue
        made += folder.write(name, html, role="page")
    if dropped:  # a game whose scoresheet could not be made after all: no link to it
        pages = _summary_pages(club, rows, shown)
    return made, pages


def _summary_pages(club, rows: Sequence[Row], shown: dict[str, str]) -> dict[str, str]:
    """Every page but the scoresheets: the front page, all games, left out, each player's and each game's."""
    league = data.gather(club.conn, rows, club.names, club.aside, title=club.settings.title,
                         lang=club.settings.lang, archive_name=os.path.basename(os.path.abspath(club.archive)),
                         game_pages={r.path: game_page(r) for r in rows}, sheets=shown, player_page=player_page)
    pages = {"index.html": site_pages.front(league), "games.html": site_pages.games(league),
             "excluded.html": site_pages.excluded(league), f"games/{STYLE}": STYLESHEET}
    for key in league.players:
        pages[league.pages[key]] = site_player.player(league, key)
    for entry in league.games:
        pages[entry["href"]] = site_player.game(league, entry)
    return pages

