"""Cards in the terminal: the set as a table, one card as a panel laid out like the card.

Both print :class:`gtcli.grand_tribunal.lang.cards.view.CardView` objects, the same the printable sheet
prints, so a card reads the same everywhere. Card names and texts come from strangers:
everything from a card file goes through :func:`gtcli.cli.terminal.output.safe` before rich sees it
(plain strings by the console itself, :class:`rich.text.Text` here).
"""

from __future__ import annotations

from typing import Any

from gtcli.cli.terminal.output import safe
from gtcli.grand_tribunal.lang.cards.text import label, noun, table_headers
from gtcli.grand_tribunal.lang.cards.view import CardView, SetView


def _text(text: str, style: str = "") -> Any:
    """A rich Text of user text: made :func:`~gtcli.cli.terminal.output.safe` here, because a Text
    bypasses the console's own escaping of plain strings."""
    from rich.text import Text

    return Text(safe(text), style=style)


def cards_table(view: SetView, title: str, terminal: bool) -> Any:
    from gtcli.cli.terminal.output import table

    t = table(*table_headers(view.language), title=safe(title), terminal=terminal)  # headers in the set's language
    for c in view.cards:
        effect = "\n".join(x for x in (*c.rules, c.text) if x)
        t.add_row(safe(c.kind_label), safe(c.name), safe(c.what or ""), "" if c.cost is None else str(c.cost),
                  "" if c.base is None else str(c.base), safe(", ".join(c.slots)), str(c.copies), safe(effect))
    return t


def card_panel(card: CardView, lang: str, terminal: bool) -> Any:
    """One card, top to bottom as printed: kind and cost, effect, text, slots and base points."""
    from rich import box
    from rich.console import Group
    from rich.panel import Panel
    from rich.table import Table

    head = Table.grid(expand=True)
    head.add_column(ratio=1)
    head.add_column(justify="right")
    kind = card.kind_label + (f" · {card.what}" if card.what else "")
    cost = f"{label('cost', lang)} {card.cost}" if card.cost is not None else ""
    head.add_row(_text(kind.upper(), "bold"), _text(cost, "bold"))
    parts: list[Any] = [head]
    body = [_text(rule) for rule in card.rules] + ([_text(card.text, "italic")] if card.text else [])
    if body:
        parts += [_text(""), *body]
    if card.kind == "item":
        foot = Table.grid(expand=True)
        foot.add_column(ratio=1)
        foot.add_column(justify="right")
        foot.add_row(_text(f"{label('slots', lang)}: {', '.join(card.slots) or '—'}"),
                     _text(f"{label('base', lang)} {card.base}", "bold"))
        parts += [_text(""), foot]
    copies = noun("copy", lang).count(card.copies)
    return Panel(Group(*parts), title=_text(card.name, "bold"), title_align="left",
                 subtitle=_text(copies), subtitle_align="right", width=64,
                 box=box.ROUNDED if terminal else box.ASCII)
