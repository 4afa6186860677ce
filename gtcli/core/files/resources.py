"""Finding the data shipped inside the package: the reference pages of docs/, and the folders a
game ships (its grammars, its card files: :mod:`gtcli.grand_tribunal.shipped`)."""

from __future__ import annotations

import importlib
from importlib.machinery import SourceFileLoader
from pathlib import Path


def data_dir(package: str, folder: str) -> Path:
    """An installed data folder (``gtcli.cards`` is the repository's ``cards/``).

    When the code runs straight from a checkout (``python -m pytest`` puts the checkout
    first on ``sys.path``) the mapped package does not exist; the folder beside the
    package is then the same data.

    A package of plain files (what ``pip install`` and an editable install give) is the
    folder of its ``__init__.py``, which is what ``importlib.resources.files`` answers for
    it; that module (with tempfile, shutil, zipfile...) is imported only for any other kind.
    """
    try:
        module = importlib.import_module(package)
    except ModuleNotFoundError:
        return Path(__file__).resolve().parents[3] / folder  # gtcli/core/files/ -> the checkout
    spec = module.__spec__
    if type(spec.loader) is SourceFileLoader and spec.origin and Path(spec.origin).name == "__init__.py":
        return Path(spec.origin).parent
    from importlib import resources

    return Path(str(resources.files(package)))


def docs_dir() -> Path:
    """The reference pages (docs/), installed as ``gtcli.docs`` for ``gt rules explain``."""
    return data_dir("gtcli.docs", "docs")
