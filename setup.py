"""The optional compiled build: gtcli.HOT_MODULES compiled by Cython from their unchanged source.

Everything else about the package is in pyproject.toml. ``pip install .`` compiles those
modules where Cython (a build requirement) and a C compiler are present; without a
compiler, or for a module that does not compile, the module stays pure Python: the same
results, slower. ``GTCLI_PURE=1`` builds pure Python on purpose. An editable install
(``pip install -e .``) is always pure: a compiled module would hide every edit made to its
source. ``gt --version`` says which build is installed.
"""

import ast
import os
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent


def hot_modules() -> tuple:
    """gtcli.HOT_MODULES, read from gtcli/__init__.py without importing the package."""
    tree = ast.parse((HERE / "gtcli" / "__init__.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "HOT_MODULES" for t in node.targets):
            return ast.literal_eval(node.value)
    return ()


class OptionalBuildExt(build_ext):
    """A module that cannot be compiled (no compiler, a compile error) is left pure Python."""

    def run(self):
        try:
            super().run()
        except Exception as exc:  # noqa: BLE001 - no compiler at all: the pure build
            print(f"gtcli: compiled build skipped, pure Python installed ({exc})", file=sys.stderr)

    def build_extension(self, ext):
        try:
            super().build_extension(ext)
        except Exception as exc:  # noqa: BLE001 - this module stays pure Python
            print(f"gtcli: {ext.name} stays pure Python ({exc})", file=sys.stderr)


# annotation_typing off: Cython would otherwise take ``x: dict`` as a C-level type and refuse a
# defaultdict there; the source is compiled exactly as Python reads it.
def extensions() -> list:
    if os.environ.get("GTCLI_PURE", "") not in ("", "0") or "editable_wheel" in sys.argv:
        return []
    try:
        from Cython.Build import cythonize
    except ImportError:
        print("gtcli: Cython is not available; pure Python installed", file=sys.stderr)
        return []
    modules = [Extension(name, [os.path.join(*name.split(".")) + ".py"], optional=True) for name in hot_modules()]
    try:
        return cythonize(modules, compiler_directives={"language_level": "3", "annotation_typing": False},
                         build_dir="build/cython", force=True, quiet=True)  # force: directives change no file date
    except Exception as exc:  # noqa: BLE001 - Cython refused a module: everything stays pure
        print(f"gtcli: Cython failed, pure Python installed ({exc})", file=sys.stderr)
        return []


setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
