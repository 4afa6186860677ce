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


# What names the shipped sample wherever a card set or a board is asked for (a log's [Cards] and
# [Board], gt.toml, and the command line): "sample" in the four languages of the logs.
SAMPLE_NAMES = ("sample", "muestra", "exemple", "esempio")
SAMPLE_FILES = {"cards": "sample.gtc", "board": "sample-board.toml"}


def cards_dir() -> Path:
    return data_dir("gtcli.cards", "cards")


def is_sample(spec: str | None) -> bool:
    from gtcli.core.text import fold

    return spec is not None and fold(spec.strip()) in SAMPLE_NAMES


def shipped_or_given(spec: str | None, what: str = "cards") -> str | None:
    """A card set (``what="cards"``) or board named on the command line: a sample name is the file
    gt ships (so ``gt cards show sample`` works from any folder after ``pipx install``), anything else
    the path as given. A file of yours called ``sample`` is ``./sample``."""
    return str(cards_dir() / SAMPLE_FILES[what]) if is_sample(spec) else spec


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
