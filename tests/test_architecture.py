"""The plan of the house (docs/architecture.md) holds: every import of gtcli goes where it may.

Every module of ``gtcli`` is parsed with :mod:`ast` and each of its imports is read, those at
module level and those inside functions alike (gt imports lazily so that ``gt --help`` starts
fast; a lazy import is still an arrow of the plan). The rooms and the arrows allowed:

* the **core** (``gtcli.core``) imports nothing of gtcli outside the core: it knows no game;
* a **game** (each package :data:`gtcli.games.GAMES` registers) imports the core and itself,
  never another game, the club archive, the balance lab, the registration or the CLI;
* the **club archive** (``gtcli.club``) and the **balance lab** (``gtcli.balance``) import
  the core and the games, never each other, the registration or the CLI;
* the **registration** (``gtcli.games``) imports the core, the games and what registers with
  them (the club archive's codes and setting), never the CLI;
* the **CLI** (``gtcli.cli``, ``gtcli.__main__``) may import anything, and nothing imports it;
* anyone may import the root ``gtcli`` (it holds ``__version__`` only).

And no circle anywhere: the strongly connected components of the graph of all those imports
(module and function level together) are single modules.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from pathlib import Path

from tests.conftest import ROOT

Graph = Mapping[str, Iterable[tuple[str, int]]]  # module -> (module it imports, line)


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph(root: Path = ROOT) -> dict[str, list[tuple[str, int]]]:
    """Each module of gtcli -> every gtcli module it imports (module and function level), with the line."""
    files = {module_name(p, root): p for p in (root / "gtcli").rglob("*.py") if "__pycache__" not in p.parts}
    graph: dict[str, list[tuple[str, int]]] = {}
    for name, path in files.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found = []
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                found += [(alias.name, node.lineno) for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")
                    base = ".".join(parts[:len(parts) - node.level + 1] + ([base] if base else []))
                for alias in node.names:  # `from gtcli.club import store` imports the module gtcli.club.store
                    found.append((f"{base}.{alias.name}" if f"{base}.{alias.name}" in files else base, node.lineno))
        graph[name] = sorted({(target, line) for target, line in found if target == "gtcli" or target.startswith("gtcli.")})
    return graph


def room(module: str, games: Iterable[str]) -> str:
    """The room of a module: root, core, a game's package name, club, balance, registration or cli."""
    if module == "gtcli":
        return "root"
    if module == "gtcli.games":
        return "registration"
    if module == "gtcli.__main__" or module.startswith("gtcli.cli.") or module == "gtcli.cli":
        return "cli"
    for package in ("gtcli.core", "gtcli.club", "gtcli.balance", *games):
        if module == package or module.startswith(package + "."):
            return package
    return "unplanned"


def allowed(source: str, target: str, games: tuple[str, ...]) -> bool:
    """Whether a module of room ``source`` may import one of room ``target`` (module docstring)."""
    if target == "root" or source == target or source == "cli":
        return True
    if source == "gtcli.core" or source in games:
        return target == "gtcli.core"
    if source in ("gtcli.club", "gtcli.balance"):
        return target == "gtcli.core" or target in games
    if source == "registration":
        return target in ("gtcli.core", "gtcli.club") or target in games
    return False


def breaches(graph: Graph, games: tuple[str, ...]) -> list[str]:
    """Every import that breaks the plan, as ``importer:line imports target (room -> room)``."""
    found = []
    for module, imports in sorted(graph.items()):
        source = room(module, games)
        if source == "unplanned":
            found.append(f"{module} is in no room of the plan")
            continue
        for target, line in imports:
            where = room(target, games)
            if not allowed(source, where, games):
                found.append(f"{module}:{line} imports {target} ({source} -> {where})")
    return found


def circles(graph: Graph) -> list[list[str]]:
    """The import circles: strongly connected components of more than one module (Tarjan, iterative)."""
    edges = {m: sorted({t for t, _ in imports if t != m}) for m, imports in graph.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(edges.get(start, ())))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(edges.get(child, ()))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return sorted(found)


def registered_games() -> tuple[str, ...]:
    from gtcli.games import GAMES

    return tuple(game.package for game in GAMES)


# ---- the house as it is ----------------------------------------------------------------------------
def test_every_import_goes_where_the_plan_allows():
    assert breaches(import_graph(), registered_games()) == []


def test_no_import_circles_at_module_or_function_level():
    assert circles(import_graph()) == []


def test_the_games_are_the_two_game_packages():
    assert registered_games() == ("gtcli.grand_tribunal", "gtcli.trickerion")


# ---- the checks catch each kind of breach ------------------------------------------------------------
GAMES = ("gtcli.grand_tribunal", "gtcli.trickerion")


def _flagged(importer: str, target: str) -> bool:
    return breaches({importer: [(target, 7)]}, GAMES) != []


def test_the_core_importing_a_game_is_caught():
    assert _flagged("gtcli.core.files.config", "gtcli.grand_tribunal.rules.profiles")
    assert _flagged("gtcli.core.codes", "gtcli.games")
    assert _flagged("gtcli.core.text", "gtcli.cli.terminal.output")
    assert not _flagged("gtcli.core.files.guarded", "gtcli.core.files.lock")


def test_a_game_importing_the_other_game_the_cli_or_the_club_is_caught():
    assert _flagged("gtcli.grand_tribunal.rules.log", "gtcli.trickerion.rules.words")
    assert _flagged("gtcli.trickerion.formats.table_file", "gtcli.grand_tribunal.lang.keywords")
    assert _flagged("gtcli.grand_tribunal.play.session", "gtcli.cli.terminal.output")
    assert _flagged("gtcli.grand_tribunal.checking", "gtcli.club.work")
    assert _flagged("gtcli.trickerion.reports", "gtcli.balance.stats")
    assert _flagged("gtcli.grand_tribunal.codes", "gtcli.games")
    assert not _flagged("gtcli.trickerion.rules.game", "gtcli.core.text")
    assert not _flagged("gtcli.grand_tribunal.play.bots", "gtcli.grand_tribunal.rules.replay")


def test_the_club_or_the_balance_lab_importing_the_cli_or_each_other_is_caught():
    assert _flagged("gtcli.club.work", "gtcli.cli.commands.check")
    assert _flagged("gtcli.balance.report_html", "gtcli.cli.terminal.output")
    assert _flagged("gtcli.club.stats", "gtcli.balance.stats")
    assert _flagged("gtcli.balance.sources", "gtcli.club.work")
    assert not _flagged("gtcli.club.work", "gtcli.grand_tribunal.checking")
    assert not _flagged("gtcli.balance.compare", "gtcli.grand_tribunal.play.simulation")


def test_the_registration_importing_the_cli_and_anyone_importing_the_cli_is_caught():
    assert _flagged("gtcli.games", "gtcli.cli.main")
    assert not _flagged("gtcli.games", "gtcli.trickerion")
    assert not _flagged("gtcli.cli.commands.club", "gtcli.club.index")
    assert not _flagged("gtcli.cli.main", "gtcli")


def test_a_module_outside_every_room_is_caught():
    assert breaches({"gtcli.simulate": []}, GAMES) == ["gtcli.simulate is in no room of the plan"]


def test_a_new_game_is_held_to_the_same_rules_once_registered():
    third = (*GAMES, "gtcli.carcassonne")
    assert breaches({"gtcli.carcassonne.rules": [("gtcli.trickerion.rules.words", 3)]}, third) == [
        "gtcli.carcassonne.rules:3 imports gtcli.trickerion.rules.words (gtcli.carcassonne -> gtcli.trickerion)"]
    assert breaches({"gtcli.carcassonne.rules": [("gtcli.core.text", 3)]}, third) == []


def test_circles_are_found_through_function_level_imports_too():
    graph = {"gtcli.a": [("gtcli.b", 1)], "gtcli.b": [("gtcli.c", 9)], "gtcli.c": [("gtcli.a", 30)],
             "gtcli.d": [("gtcli.a", 2)], "gtcli.e": [("gtcli.e", 4)]}
    assert circles(graph) == [["gtcli.a", "gtcli.b", "gtcli.c"]]  # d leads in but is not in it; e imports itself
    assert circles({"gtcli.a": [("gtcli.b", 1)], "gtcli.b": []}) == []


def test_the_graph_reads_function_level_and_relative_imports(tmp_path):
    package = tmp_path / "gtcli" / "pkg"
    package.mkdir(parents=True)
    (tmp_path / "gtcli" / "__init__.py").write_text("__version__ = '0'\n")
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from gtcli.pkg import b\n\n\ndef late():\n    from . import c\n    import gtcli.pkg.c\n")
    (package / "b.py").write_text("from gtcli import __version__\nimport json\n")
    (package / "c.py").write_text("from .b import thing\n")
    graph = import_graph(tmp_path)
    assert graph["gtcli.pkg.a"] == [("gtcli.pkg.b", 1), ("gtcli.pkg.c", 5), ("gtcli.pkg.c", 6)]  # sorted
    assert graph["gtcli.pkg.b"] == [("gtcli", 1)]
    assert graph["gtcli.pkg.c"] == [("gtcli.pkg.b", 1)]


# ---- the registration and the shell agree ------------------------------------------------------------
def test_every_registered_command_is_a_lazy_command_of_the_shell():
    """What gtcli/games.py says a game (or add-on) brings, gt --help lists, from a module of gtcli.cli.commands."""
    from gtcli.cli.main import COMMANDS
    from gtcli.games import ADD_ONS, GAMES

    claimed = [name for registration in (*GAMES, *ADD_ONS) for name in registration.commands]
    assert len(claimed) == len(set(claimed)) and set(claimed) <= set(COMMANDS)
    assert all(module.startswith("gtcli.cli.commands.") for module, _attribute, _help in COMMANDS.values())


def test_registering_loads_every_code_and_setting_of_every_package():
    from gtcli.core.codes import DOCS_FOR_PREFIX
    from gtcli.games import codes, config_keys

    every = codes()
    assert {"IO001", "CFG003", "S1", "TAB001", "CARD025", "TRK020", "CLUB003"} <= set(every)
    assert list(every)[:2] == ["S1", "S2"] and list(every)[-1] == "CLUB003"
    assert {DOCS_FOR_PREFIX[p] for p in ("A", "CARD", "IO", "TRK", "CLUB")} == {"rules.md", "codes.md",
                                                                                 "trickerion.md", "club.md"}
    assert list(config_keys())[0] == "profile" and list(config_keys())[-1] == "club"
