"""Which build is installed (pure Python or compiled with Cython, setup.py) and `gt --version` saying so."""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import gtcli
from gtcli import HOT_MODULES, build
from tests.conftest import ROOT, run


def test_gt_version_names_the_build():
    result = run("--version")
    assert result.exit_code == 0
    assert result.output == f"gt, version {gtcli.__version__} ({build()})\n"
    assert build() in ("pure Python", "compiled") or build().startswith("partly compiled")


def test_every_hot_module_is_a_module_of_the_package():
    for name in HOT_MODULES:
        assert (ROOT / Path(*name.split("."))).with_suffix(".py").is_file(), name


def test_the_build_is_read_from_the_extension_files(tmp_path):
    assert build(str(tmp_path)) == "pure Python"
    for i, name in enumerate(HOT_MODULES):
        path = tmp_path / Path(*name.split("."))
        path.parent.mkdir(parents=True, exist_ok=True)
        path.with_name(path.name + EXTENSION_SUFFIXES[0]).write_bytes(b"")
        if i == 0 and len(HOT_MODULES) > 1:
            assert build(str(tmp_path)) == f"partly compiled (1 of {len(HOT_MODULES)} modules)"
    assert build(str(tmp_path)) == "compiled"


def test_setup_py_compiles_the_modules_gtcli_names():
    """setup.py reads HOT_MODULES from gtcli/__init__.py's text (it cannot import the package)."""
    import ast

    source = (ROOT / "setup.py").read_text(encoding="utf-8")
    namespace: dict = {"__file__": str(ROOT / "setup.py")}
    tree = ast.parse(source)
    body = [node for node in tree.body if not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Call))]
    exec(compile(ast.Module(body=body, type_ignores=[]), "setup.py", "exec"), namespace)  # all but setup()
    assert namespace["hot_modules"]() == HOT_MODULES
