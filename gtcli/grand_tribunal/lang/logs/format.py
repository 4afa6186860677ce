"""Write a game log in canonical layout, in any of the four languages (``gt fmt``).

Tags first, then the setup, then one line per turn (long turns wrap one move per line).
Keywords, Voting Track spaces and, where the card set has a translation, card names are
written in the target language; parsing the output gives back the same log.
"""

from __future__ import annotations

from collections.abc import Callable

from gtcli.core.parsing.comments import Layout
from gtcli.core.text import fold
from gtcli.grand_tribunal.lang.keywords import spelling, tag_spelling
from gtcli.grand_tribunal.lang.strings import quote
from gtcli.grand_tribunal.rules import log as L
from gtcli.grand_tribunal.rules.vocabulary import Vocabulary

WIDTH = 100
DECKS = {"item": "ITEM", "spell": "SPELL", "resource": "RESOURCE"}
ZONES = {"hand": "HAND", "sanctum": "SANCTUM"}


class LogWriter:
    def __init__(self, lang: str, vocabulary: Vocabulary | None = None,
                 card_name: Callable[[str], str] | None = None, header_tag: Callable[[str], str | None] | None = None):
        self.lang = lang
        self.vocabulary = vocabulary
        self.card_name = card_name or (lambda name: name)
        self.header_tag = header_tag

    def kw(self, keyword: str) -> str:
        return spelling(keyword, self.lang)

    def space(self, word: L.Word) -> str:
        if self.vocabulary is None:
            return word.text
        try:
            key = self.vocabulary.space(word.text)
        except Exception:
            return word.text
        return self.vocabulary.display(key, self.lang).replace(" ", "-")

    def card(self, ref: L.CardRef) -> str:
        if ref.handle:
            return ref.handle + (f" {quote(self.card_name(ref.name))}" if ref.name else "")
        return quote(self.card_name(ref.name or ""))

    def cards(self, refs) -> str:
        return ", ".join(self.card(r) for r in refs)

    # ---- moves ------------------------------------------------------------------------------------
    def move(self, m: L.Move) -> str:
        text = self._plain(m)
        return f"{self.kw('FORCE')} {quote(m.forced)} {text}" if m.forced is not None else text

    def _plain(self, m: L.Move) -> str:
        k = self.kw
        if isinstance(m, L.PraecoVotes):
            return f"{k('PRAECO')} " + ", ".join(self.space(w) for w in m.spaces)
        if isinstance(m, L.Vote):
            return f"{k('VOTE')} {self.space(m.space)}"
        if isinstance(m, L.Draw):
            parts = [k("DRAW"), k(DECKS[m.deck])]
            if m.face_up:
                parts += [k("FACE_UP"), self.card(m.card)]
                if m.refill:
                    parts += [k("REFILL"), self.card(m.refill)]
            else:
                parts.append(self.card(m.card))
            if m.zone:
                parts += [k("TO"), k(ZONES[m.zone])]
            return " ".join(parts)
        if isinstance(m, L.Advance):
            return f"{k('ADVANCE')} " + ", ".join(f"{self.card(c)} {n}" for c, n in m.parts)
        if isinstance(m, L.Activate):
            who = f" {m.player.text}" if m.player is not None else ""
            return f"{k('ACTIVATE')}{who} {self.card(m.card)}"
        if isinstance(m, L.Install):
            return f"{k('INSTALL')} {self.card(m.spell)} {k('ON')} {self.card(m.item)}"
        if isinstance(m, L.Cast):
            text = f"{k('CAST')} {self.card(m.spell)} {k('FROM')} {self.card(m.item)}"
            if m.keep:
                text += f" {k('KEEP')}"
            return text + self.outcome(m.outcome)
        if isinstance(m, L.Play):
            return f"{k('PLAY')} {self.card(m.card)}" + self.outcome(m.outcome)
        if isinstance(m, L.Extract):
            return f"{k('EXTRACT')} {m.amount}"
        if isinstance(m, L.GatherUncontested):
            return f"{k('GATHER')} {k('UNCONTESTED')} {m.mine}:{m.others}"
        if isinstance(m, L.GatherContested):
            text = f"{k('GATHER')} {k('CONTESTED')} {m.value} {k('ROLL')} {m.roll}"
            if m.rolls:
                text += f" {k('OTHERS')} " + ", ".join(f"{w.text} {n}" for w, n in m.rolls)
            return text
        if isinstance(m, L.ToSanctum):
            return f"{k('SANCTUM')} {self.cards(m.cards)}"
        if isinstance(m, L.Discard):
            return f"{k('DISCARD')} {self.cards(m.cards)}"
        if isinstance(m, L.NameCard):
            return f"{k('NAME_CARD')} {m.handle} {quote(self.card_name(m.name))}"
        if isinstance(m, L.VisChange):
            text = f"{k('VIS')} {m.amount:+d}"
            if m.direction:
                party = {"player": m.party, "regio": k("REGIO"), "card": quote(self.card_name(m.party or ""))}
                text += f" {k('FROM' if m.direction == 'from' else 'TO')} {party[m.party_kind or 'player']}"
            return text
        if isinstance(m, L.Pass):
            return k("PASS")
        raise TypeError(type(m))  # pragma: no cover - every move type is handled above

    def outcome(self, o: L.Outcome) -> str:
        k = self.kw
        parts = []
        if o.choices:
            values = []
            for name, value, _ in o.choices:
                if isinstance(value, L.CardRef):
                    values.append(f"${name}={self.card(value)}")
                else:
                    values.append(f"${name}={self.choice_word(value)}")
            parts.append(f"{k('WITH')} " + ", ".join(values))
        if o.drawn:
            parts.append(f"{k('DRAW')} {self.cards(o.drawn)}")
        if o.refills:
            parts.append(f"{k('REFILL')} {self.cards(o.refills)}")
        if o.discarded:
            parts.append(f"{k('DISCARD')} {self.cards(o.discarded)}")
        if o.manual is not None:
            parts.append(f"{k('MANUAL')} {quote(o.manual)}")
        return "".join(" " + p for p in parts)

    def choice_word(self, value: str) -> str:
        """A space is translated; a player's name is kept."""
        if self.vocabulary is not None:
            try:
                self.vocabulary.space(value)
                return self.space(L.Word(value))
            except Exception:
                pass
        return value

    # ---- the whole log --------------------------------------------------------------------------------
    def turn(self, t: L.Turn, wrap: bool = False) -> str:
        """One turn: on one line if it fits (and ``wrap`` is not asked), else one move per line."""
        head = f"{t.player.text}: "
        moves = [self.move(m) for m in t.moves]
        line = head + "; ".join(moves)
        if len(line) <= WIDTH and not wrap:
            return line
        pad = " " * len(head)
        return head + (";\n" + pad).join(moves)

    def log(self, log: L.Log, source: str | None = None) -> str:
        """The whole log; given ``source`` (the text it was parsed from), its comments are kept
        beside what they annotate (:mod:`gtcli.core.parsing.comments`)."""
        out = Layout(source)
        for name, value, pos in log.tags:
            tag = self.header_tag(name) if self.header_tag else None
            written = tag_spelling(tag, self.lang) if tag else name
            if tag == "language":
                value = self.lang
            out.line(f"[{written} {quote(value)}]", pos)
        out.blank()
        if log.setup is not None:
            self.setup_block(log.setup, out)
            out.blank()
        self.events(log.events, out)
        return out.text()

    def events(self, events, out: Layout) -> None:
        """The play part into ``out``: a blank line before each Tribunal, turns wrapped as needed."""
        for event in events:
            if isinstance(event, L.TribunalStart):
                out.blank()
            if not isinstance(event, L.Turn):
                out.line(self.event(event), event.pos)
                continue
            anchors = [event.pos] + [m.pos for m in event.moves[1:]]
            lines = self.turn(event, wrap=out.must_split(anchors)).split("\n")
            if len(lines) == 1:
                out.line(lines[0], *anchors)
            else:
                for text, pos in zip(lines, anchors):
                    out.line(text, pos)

    def setup_block(self, s: L.Setup, out: Layout, lines: list[tuple[object, str]] | None = None) -> None:
        """The setup keyword and ``lines`` (by default all of :meth:`setup_lines`) into ``out``."""
        out.line(self.kw("SETUP"), s.pos)
        for pos, text in self.setup_lines(s) if lines is None else lines:
            out.line(text, pos)

    def setup(self, s: L.Setup) -> list[str]:
        """The setup block's lines: the keyword, then its lines (see :meth:`setup_lines`)."""
        return [self.kw("SETUP")] + [text for _, text in self.setup_lines(s)]

    def setup_lines(self, s: L.Setup) -> list[tuple[object, str]]:
        """(position, line) of each setup line, in the order written (a formatter does not
        reorder lines, so comments beside them stay in order); new lines: hands, rows, Vis,
        trackers, Praeco."""
        out = []
        for word, cards in s.hands:
            out.append((word.pos, f"  {self.kw('HAND')} {word.text} {self.cards(cards)}"))
        for deck, cards, pos in s.rows:
            out.append((pos, f"  {self.kw('ROW')} {self.kw(DECKS[deck])} {self.cards(cards)}"))
        for word, vis in s.vis:
            out.append((word.pos, f"  {self.kw('VIS')} {word.text} {vis}"))
        if s.trackers is not None:
            out.append((s.trackers[2] if len(s.trackers) > 2 else None,
                        f"  {self.kw('TRACKERS')} {s.trackers[0]}, {s.trackers[1]}"))
        if s.praeco is not None:
            out.append((s.praeco.pos, f"  {self.kw('PRAECO')} {s.praeco.text}"))
        if s.dealer is not None:
            out.append((s.dealer.pos, f"  {self.kw('DEALER')} {s.dealer.text}"))
        return sorted(out, key=lambda pair: _written_at(pair[0]))

    def event(self, event) -> str:
        """One event of the play part (a turn may wrap over several lines)."""
        if isinstance(event, L.TribunalStart):
            return self.kw("GRAND_TRIBUNAL") if event.grand else f"{self.kw('TRIBUNAL')} {event.number}"
        if isinstance(event, L.Activate):
            return self.move(event)
        if isinstance(event, L.RoundStart):
            return f"{self.kw('ROUND')} {event.number} {self.kw('PRAECO')} {event.praeco.text}"
        if isinstance(event, L.Turn):
            return self.turn(event)
        if isinstance(event, L.Scores):
            return f"{self.kw('SCORES')} " + ", ".join(f"{w.text} {n}" for w, n in event.scores)
        return f"{self.kw('WINNER')} " + ", ".join(w.text for w in event.names)


def _written_at(pos) -> tuple[int, int]:
    """Sort key of a position: where it was written; a line not read from a file goes last."""
    line = getattr(pos, "line", None)
    return (line, getattr(pos, "col", None) or 0) if line else (1 << 62, 0)


def format_log(log: L.Log, lang: str | None = None, vocabulary: Vocabulary | None = None,
               translate: dict[str, str] | None = None, source: str | None = None) -> str:
    """``translate`` maps folded card names to the names to write (for ``--lang``); ``source``,
    the text ``log`` was parsed from, gives the comments to keep."""
    from gtcli.grand_tribunal.lang.keywords import header_tag

    names = translate or {}
    writer = LogWriter(lang or log.language, vocabulary, lambda n: names.get(fold(n), n), header_tag)
    return writer.log(log, source)
