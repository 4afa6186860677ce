"""`pip install .` must ship every package: pyproject lists them by hand (grammar/ and cards/ are mapped)."""

from __future__ import annotations

import tomllib

from tests.conftest import ROOT


def test_every_gtcli_package_is_listed_in_pyproject():
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "gtcli").rglob("__init__.py")
             if "__pycache__" not in p.parts}
    assert found <= listed, f"add to [tool.setuptools] packages: {sorted(found - listed)}"
