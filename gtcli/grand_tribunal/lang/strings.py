"""Quoted strings of both languages (card names, tag values), read without Lark: the log's
transformer and the card language's share it."""

from __future__ import annotations


def unquote(token: str) -> str:
    """A STRING token's text: quotes removed, escapes understood; never evaluated as code."""
    body = token[1:-1]
    if "\\" not in body:
        return body
    out, i = [], 0
    while i < len(body):
        ch = body[i]
        if ch == "\\" and i + 1 < len(body):
            nxt = body[i + 1]
            out.append({"n": "\n", "t": "\t"}.get(nxt, nxt))
            i += 2
        else:
            out.append(ch)
            i += 1
    return "".join(out)


def quote(text: str) -> str:
    """``text`` as a quoted string of both languages (what :func:`unquote` reads back)."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'
