"""Data shipped inside the package: the published vocabulary, grammars, the sample set."""

from __future__ import annotations

import functools
import tomllib
from importlib import resources
from pathlib import Path

from gtcli.rules.vocabulary import Vocabulary, vocabulary_from_mapping


def cards_dir() -> Path:
    return Path(str(resources.files("gtcli.cards")))


def grammar_dir() -> Path:
    return Path(str(resources.files("gtcli.grammar")))


@functools.cache
def published_vocabulary() -> Vocabulary:
    """The six item types and four spell categories of the published game, in 4 languages."""
    with open(cards_dir() / "vocabulary.toml", "rb") as handle:
        return vocabulary_from_mapping(tomllib.load(handle))
