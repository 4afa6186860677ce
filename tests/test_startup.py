"""`gt --help` must feel instant: it may not import Lark, rich or the rules (measured in benchmarks/)."""

from __future__ import annotations

import subprocess
import sys


def test_help_imports_neither_lark_nor_rich():
    code = (
        "import sys\n"
        "from click.testing import CliRunner\n"
        "from gtcli.cli.main import cli\n"
        "result = CliRunner().invoke(cli, ['--help'])\n"
        "assert result.exit_code == 0, result.output\n"
        "heavy = sorted(m for m in sys.modules if m.split('.')[0] in ('lark', 'rich', 'hypothesis')\n"
        "               or m.startswith(('gtcli.rules.replay', 'gtcli.dsl.loader')))\n"
        "print(','.join(heavy))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == ""
