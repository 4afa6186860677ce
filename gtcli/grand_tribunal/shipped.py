"""What Grand Tribunal ships with gt: its grammars, the sample set, the published vocabulary and cards.

``grammar/`` and ``cards/`` live at the top of the repository, where authors find them, and
are installed as the packages ``gtcli.grammar`` and ``gtcli.cards``
(:func:`gtcli.core.files.resources.data_dir` finds either way).
"""

from __future__ import annotations

import functools
import tomllib
from pathlib import Path

from gtcli.core.files.resources import data_dir
from gtcli.grand_tribunal.rules.vocabulary import Vocabulary, vocabulary_from_mapping


def cards_dir() -> Path:
    return data_dir("gtcli.cards", "cards")


def grammar_dir() -> Path:
    return data_dir("gtcli.grammar", "grammar")


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
