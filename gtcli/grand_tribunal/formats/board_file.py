"""Board profiles (TOML): the Vis Source Track numbers a group copies from its own board.

```toml
name = "Our board"
[[tribunals]]                       # one table per Tribunal, in order
uncontested = ["3:1", "2:1", "2:1"] # a:b on each space of the Uncontested Source
contested = [3, 2, 2]               # value on each space of the Contested Source
extract = 1                         # Extract Vis amount (optional: the sheets' 1, 1, 2)
```
"""

from __future__ import annotations

import re

from gtcli.core.files.toml_source import read_toml
from gtcli.grand_tribunal.rules.board import Board, BoardTribunal

_PAIR = re.compile(r"^\s*(\d{1,3})\s*:\s*(\d{1,3})\s*$")  # bounded: int() of 5,000 digits raises


def load_board(path: str) -> Board:
    """The board in ``path``, read once per process while the file is unchanged (:mod:`gtcli.core.files.memo`)."""
    from gtcli.core.files.memo import from_file

    return from_file("board", path, _read_board)


def _read_board(path: str) -> Board:
    source = read_toml(path, "TAB001", "board file")
    data = source.data
    tables = data.get("tribunals")
    if not isinstance(tables, list) or not tables or not all(isinstance(t, dict) for t in tables):
        raise source.error("TAB002", "a board lists its Tribunals as [[tribunals]] tables", key="tribunals",
                           hint="see docs/logs.md, 'Board profiles'")
    areas = []
    for n, table in enumerate(tables):
        def bad(key: str, why: str):
            return source.error("TAB003", f"Tribunal {n + 1}: {key} {why}", key=key, table="tribunals", index=n)

        pairs = []
        for value in table.get("uncontested", []):
            match = _PAIR.match(str(value))
            if not match:
                raise bad("uncontested", f"spaces are written \"a:b\", got {value!r}")
            pairs.append((int(match[1]), int(match[2])))
        contested = table.get("contested", [])
        if not isinstance(contested, list) or not all(isinstance(v, int) and 0 <= v <= 20 for v in contested):
            raise bad("contested", "must be a list of whole numbers from 0 to 20")
        extract = table.get("extract")  # left out: the amount the sheets print (A9)
        if extract is not None and (not isinstance(extract, int) or isinstance(extract, bool)
                                    or not 0 <= extract <= 20):
            raise bad("extract", "must be a whole number from 0 to 20")
        areas.append(BoardTribunal(tuple(pairs), tuple(contested), extract))
    return Board(str(data.get("name", path)), tuple(areas))
