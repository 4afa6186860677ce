"""The club archive's diagnostic codes (``CLUB``: its index, docs/club.md), registered with
:mod:`gtcli.core.codes`. Imported by the package itself (:mod:`gtcli.club`).
"""

from __future__ import annotations

from gtcli.core.codes import register, table

CODES = register(table(
    """
CLUB001 error the archive's index cannot be used (not gt's, damaged outside gt's folder, or a link)
CLUB002 error the archive's index was made by a newer gt
CLUB003 error the archive's index is busy (another gt club command holds it)
"""
), "club.md")

TABLES = ((CODES, "club.md"),)
