"""Finding the data shipped inside the package: the reference pages of docs/, and the folders a
game ships (its grammars, its card files: :mod:`gtcli.grand_tribunal.shipped`)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path


def data_dir(package: str, folder: str) -> Path:
    """An installed data folder (``gtcli.cards`` is the repository's ``cards/``).

    When the code runs straight from a checkout (``python -m pytest`` puts the checkout
    first on ``sys.path``) the mapped package does not exist; the folder beside the
    package is then the same data.
    """
    try:
        return Path(str(resources.files(package)))
    except ModuleNotFoundError:
        return Path(__file__).resolve().parents[3] / folder  # gtcli/core/files/ -> the checkout


def docs_dir() -> Path:
    """The reference pages (docs/), installed as ``gtcli.docs`` for ``gt rules explain``."""
    return data_dir("gtcli.docs", "docs")
