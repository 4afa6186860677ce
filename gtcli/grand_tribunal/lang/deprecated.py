"""Deprecated keyword spellings (:data:`gtcli.grand_tribunal.lang.keywords.DEPRECATED`) found while a file is read.

Both transformers (card sets and logs) take this mixin: Lark calls a transformer's method
named after a terminal for each token of it (as a lexer callback when the transformer runs
inline), so only the few keywords that have an old spelling cost a call, and a file without
any costs nothing more. Each old word becomes a ``SYN006`` warning at its position, naming
today's word; ``gt fmt`` writes today's word, so formatting a file is the way to update it.
"""

from __future__ import annotations

from typing import Any

from gtcli.core.diagnostics import WARNING, Diagnostic
from gtcli.grand_tribunal.lang.keywords import DEPRECATED, is_deprecated, spelling


def deprecation(keyword: str, token: Any, path: str | None, lang: str) -> Diagnostic:
    new = spelling(keyword, lang)
    return Diagnostic("SYN006", f"{str(token)!r} is an old spelling of {new!r}; it is still read", path=path,
                      line=token.line, col=token.column, hint=f"`gt fmt` rewrites it as {new!r}", severity=WARNING)


class DeprecatedSpellings:
    """Transformer mixin: ``self.deprecated`` collects a SYN006 per old spelling read.

    The transformer sets ``path`` and ``language``; whoever reads a file empties
    ``deprecated`` first (an inline transformer serves every file of its parser).
    """

    path: str | None
    language: str
    deprecated: list[Diagnostic]

    def _keyword_token(self, keyword: str, token: Any) -> Any:
        if is_deprecated(keyword, token, self.language):
            self.deprecated.append(deprecation(keyword, token, self.path, self.language))
        return token


def _method(keyword: str):
    def seen(self, token):
        return self._keyword_token(keyword, token)

    seen.__name__ = keyword
    return seen


for _keyword in DEPRECATED:
    setattr(DeprecatedSpellings, _keyword, _method(_keyword))
