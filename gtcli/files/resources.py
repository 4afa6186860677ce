"""Data shipped inside the package: the published vocabulary, grammars, the sample set."""

from __future__ import annotations

import functools
import tomllib
from importlib import resources
from pathlib import Path

from gtcli.rules.vocabulary import Vocabulary, vocabulary_from_mapping


def _data_dir(package: str, folder: str) -> Path:
    """An installed data folder (``gtcli.cards`` is the repository's ``cards/``).

    When the code runs straight from a checkout (``python -m pytest`` puts the checkout
    first on ``sys.path``) the mapped package does not exist; the folder beside the
    package is then the same data.
    """
    try:
        return Path(str(resources.files(package)))
    except ModuleNotFoundError:
        return Path(__file__).resolve().parents[2] / folder


def cards_dir() -> Path:
    return _data_dir("gtcli.cards", "cards")


def grammar_dir() -> Path:
    return _data_dir("gtcli.grammar", "grammar")


@functools.cache
def published_vocabulary() -> Vocabulary:
    """The six item types and four spell categories of the published game, in 4 languages."""
    with open(cards_dir() / "vocabulary.toml", "rb") as handle:
        return vocabulary_from_mapping(tomllib.load(handle))
