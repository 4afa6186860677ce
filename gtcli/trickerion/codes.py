"""Trickerion's diagnostic codes (``TRK``, docs/trickerion.md), registered with :mod:`gtcli.core.codes`.

Its session files share GAME001 (cannot be used) and GAME004 (already exists) with
``gt game``. Imported by the package itself (:mod:`gtcli.trickerion`).
"""

from __future__ import annotations

from gtcli.core.codes import register, table

CODES = register(table(
    """
TRK001 error a Trickerion file is not valid TOML
TRK002 error a required field is missing
TRK003 error a field has the wrong type or an impossible value
TRK004 error an unknown day, character, resource or location
TRK005 error an unknown player
TRK006 error a field the format does not know
TRK007 error a player is listed twice
TRK008 error Trickerion takes two to four players
TRK009 error the initiative order does not list every player once
TRK010 error a Magician performs a card without a trick of theirs
TRK011 error two performances on one day, or one Magician performing twice
TRK012 error a Specialist listed twice behind the performer
TRK013 error a shard cannot buy an action point in the Theatre
TRK014 error not enough coins or shards for a payment
TRK015 error a turn entered for the wrong turn number
TRK016 error a character the player's team does not have, or cannot have
TRK017 error the game already has its five turns
TRK018 error there is no turn to undo
TRK019 error there is no undone turn to redo
TRK020 error a trick in a show whose owner never had the fame its threshold asks
TRK021 error more shows in a turn than the Theatre has Performance cards
"""
), "trickerion.md")

TABLES = ((CODES, "trickerion.md"),)
