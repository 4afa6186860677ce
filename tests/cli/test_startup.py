"""`gt --help` must feel instant: it may not import Lark, rich or the rules (measured in benchmarks/)."""

from __future__ import annotations

import subprocess
import sys


def modules_after_help() -> list[str]:
    """The modules a fresh interpreter has loaded once `gt --help` is done."""
    code = (
        "import sys\n"
        "from click.testing import CliRunner\n"
        "from gtcli.cli.main import cli\n"
        "result = CliRunner().invoke(cli, ['--help'])\n"
        "assert result.exit_code == 0 and 'check ' in result.output, result.output\n"
        "print(','.join(sorted(sys.modules)))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return done.stdout.strip().split(",")


def test_help_imports_neither_lark_nor_rich():
    heavy = [m for m in modules_after_help() if m.split(".")[0] in ("lark", "rich", "hypothesis")
             or m.startswith(("gtcli.grand_tribunal.rules.replay", "gtcli.grand_tribunal.lang.loader"))]
    assert heavy == []


def test_help_imports_no_command_module():
    """Lazy loading (gtcli.cli.main.LazyGroup): the help lists commands from one-line helps kept in main."""
    light = {"gtcli", "gtcli.cli", "gtcli.cli.main", "gtcli.cli.exits", "gtcli.cli.streams"}  # streams: os, sys only
    assert [m for m in modules_after_help() if m.startswith("gtcli") and m not in light] == []


def test_the_one_line_helps_kept_in_main_are_the_commands_own():
    import click

    from gtcli.cli.main import COMMANDS, cli

    ctx = click.Context(cli)
    for name, (_module, _attribute, line) in COMMANDS.items():
        command = cli.get_command(ctx, name)
        assert command is not None and command.name == name
        assert command.get_short_help_str(limit=500) == line, name


def test_a_mistyped_command_gets_a_did_you_mean():
    from tests.conftest import run

    result = run("chek", "x.gtl")
    assert result.exit_code == 2 and "No such command 'chek'. Did you mean 'check'?" in result.output


def test_the_data_folders_are_where_importlib_resources_finds_them():
    """gtcli.core.files.resources.data_dir finds a package of plain files without importlib.resources."""
    from importlib import resources
    from pathlib import Path

    from gtcli.core.files.resources import data_dir

    for package, folder in (("gtcli.cards", "cards"), ("gtcli.grammar", "grammar"), ("gtcli.docs", "docs")):
        try:
            expected = Path(str(resources.files(package)))
        except ModuleNotFoundError:  # run from a checkout without an install: the folder beside the package
            expected = Path(__file__).resolve().parents[2] / folder
        assert data_dir(package, folder) == expected


def test_the_host_name_of_temp_files_is_the_socket_one():
    import socket

    from gtcli.core.files.atomic import host_name

    assert host_name() == "".join(c for c in socket.gethostname().split(".")[0] if c.isascii() and (c.isalnum() or c in "_-"))[:40]


def test_checking_a_small_log_imports_neither_rich_nor_lark(tmp_path):
    """`gt check` on a log of the shipped sample: the card set and the log's tables come from the
    user's cache (the second run), its output is plain lines; rich, Lark, and what only writing
    a file or finding data of another kind needs (tempfile, socket, importlib.resources) stay unloaded."""
    import os

    log = tmp_path / "tiny.gtl"
    log.write_text('[Players "Ana, Ben, Caro"]\n[Cards "sample"]\n\ntribunal 1\nround 1 praeco Ana\n'
                   "Ana: praeco staff, orb, wand; vote staff; extract 1\n", encoding="utf-8")
    code = ("import sys\nfrom gtcli.cli.main import main\nsys.argv = ['gt', 'check', sys.argv[1]]\ntry:\n    main()\n"
            "finally:\n    print(','.join(sorted(sys.modules)), file=sys.stderr)\n")
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}
    for _ in range(2):  # the first run fills the cache
        done = subprocess.run([sys.executable, "-c", code, str(log)], capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    modules = done.stderr.strip().splitlines()[-1].split(",")
    assert [m for m in modules if m.split(".")[0] in ("rich", "lark", "tempfile", "socket")
            or m == "importlib.resources"] == []
