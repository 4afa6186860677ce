"""Data shipped inside the package: the published vocabulary and cards, grammars, the sample
set, and the reference pages of docs/."""

from __future__ import annotations

import functools
import tomllib
from importlib import resources
from pathlib import Path

from gtcli.grand_tribunal.rules.vocabulary import Vocabulary, vocabulary_from_mapping


def _data_dir(package: str, folder: str) -> Path:
    """An installed data folder (``gtcli.cards`` is the repository's ``cards/``).

    When the code runs straight from a checkout (``python -m pytest`` puts the checkout
    first on ``sys.path``) the mapped package does not exist; the folder beside the
    package is then the same data.
    """
    try:
        return Path(str(resources.files(package)))
    except ModuleNotFoundError:
        return Path(__file__).resolve().parents[3] / folder  # gtcli/core/files/ -> the checkout


def cards_dir() -> Path:
    return _data_dir("gtcli.cards", "cards")


def grammar_dir() -> Path:
    return _data_dir("gtcli.grammar", "grammar")


def docs_dir() -> Path:
    """The reference pages (docs/), installed as ``gtcli.docs`` for ``gt rules explain``."""
    return _data_dir("gtcli.docs", "docs")


@functools.cache
def published_vocabulary() -> Vocabulary:
    """The six item types and four spell categories of the published game, in 4 languages."""
    with open(cards_dir() / "vocabulary.toml", "rb") as handle:
        return vocabulary_from_mapping(tomllib.load(handle))


@functools.cache
def published_cards() -> tuple:
    """The few cards whose names are public (errata, box text): ``cards/published.toml``.

    ``gt cards check --box`` holds a transcribed set to them (:mod:`gtcli.grand_tribunal.rules.box`).
    """
    from gtcli.grand_tribunal.rules.box import PublishedCard

    with open(cards_dir() / "published.toml", "rb") as handle:
        data = tomllib.load(handle)
    return tuple(PublishedCard(str(c["name"]), c.get("kind"), c.get("type"), c.get("category"),
                               str(c.get("source", ""))) for c in data.get("cards", []))
