"""One function per move of a log: each checks the move against the state and applies it.

The functions report through the :class:`~gtcli.grand_tribunal.rules.replay.Referee` (``ref``) with the
rule ID as code and the state that makes the move illegal in the message, then repair
the state as a careful scorekeeper would, so the replay can go on.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable

from gtcli.core.diagnostics import Pos
from gtcli.grand_tribunal.rules import log as L
from gtcli.grand_tribunal.rules.cards import ANY, Card
from gtcli.grand_tribunal.rules.state import DISCARD, HAND, INSTALLED, ROW, SANCTUM, CardInPlay
from gtcli.grand_tribunal.rules.tribunal import clockwise, draw_order
from gtcli.core.text import article, did_you_mean, fold

ROW_SIZE = 3
HAND_SIZE = 5
ZONE_WORDS = {HAND: "hand", SANCTUM: "Sanctum", INSTALLED: "installed under an Item", DISCARD: "discard pile",
              ROW: "face-up row"}
# "The card is not where the log says": one code per zone (docs/rules.md, K1). A card in a
# player's hand, Sanctum or under an Item is K1 (the rule K1 names those zones); the
# face-up rows are A2's; a card in a discard pile is out of play until the next Tribunal (K3);
# an unknown handle is K4. A card moved to the Sanctum that is already there is T3's.
ZONE_CODES = {HAND: "K1", SANCTUM: "K1", INSTALLED: "K1", ROW: "A2", DISCARD: "K3"}


# ---- cards ---------------------------------------------------------------------------------------
def definition(ref, name: str, pos: Pos, deck: str | None = None) -> Card | None:
    """K1: the card named ``name`` in the game's set (and of the right deck)."""
    card = ref.card_set.find(name)
    if card is None:
        ref.error("K1", f"the card set has no card named {name!r}", pos, did_you_mean(name, ref.card_set.names()))
        return None
    if deck and card.kind != deck:
        ref.error("K1", f"{card.name!r} is {'an' if card.kind == 'item' else 'a'} {card.kind}, "
                  f"not from the {deck} deck", pos)
    return card


def name_card(ref, card: CardInPlay, name: str, pos: Pos, count_copies: bool = True) -> None:
    """K4: a card known by its handle is named; K1/K2/K3 run now that its identity is known.

    ``count_copies=False`` when another finding already explains the card (it was not in a
    face-up row, A2): one situation, one code. A handle named as a card of another deck is
    K4 (the hidden card's identity), not K1 (the set has that card).
    """
    found = ref.card_set.find(name) if card.handle else None
    if found is not None and card.deck and found.kind != card.deck:
        ref.error("K4", f"{card.handle} is {article(card.deck)} {card.deck.capitalize()}; {found.name!r} is "
                  f"{article(found.kind)} {found.kind.capitalize()}", pos,
                  "name a hidden card by what it turns out to be, a card of the deck it came from")
        return
    found = definition(ref, name, pos, card.deck)
    if found is None:
        return
    if card.name and fold(card.name) != fold(found.name):
        if not _secret_swap(ref, card, found.name):
            ref.error("K4", f"{card.handle} was already named {card.name!r}", pos)
        return
    if count_copies and card.name is None and ref.state.in_play(found.name) >= found.copies:
        live = ref.state.live_named(found.name)
        if any(c.zone == DISCARD for c in live):
            ref.error("K3", f"{found.name!r} was discarded and is out of play until the next Tribunal", pos,
                      "cast Spells and played Resources go to the discard pile; it is shuffled back into its "
                      "deck when the next Tribunal begins")
        else:
            ref.error("K2", f"all {found.copies} copies of {found.name!r} are already in play", pos)
    ref.state.set_name(card, found.name)
    card.deck = found.kind


def _secret_swap(ref, card: CardInPlay, name: str) -> bool:
    """X3: a card a secret draw took from a face-up row is named as another card still in that
    row: that one was taken, and the card assumed taken is the one still lying there."""
    if not card.secret_draw:
        return False
    s = ref.state
    key = fold(name)
    other = next((s.cards[cid] for cid in s.rows.get(card.deck or "", ()) if cid is not None
                  and s.cards[cid].name and fold(s.cards[cid].name) == key), None)
    if other is None:
        return False
    old = card.name
    s.set_name(card, other.name)
    s.set_name(other, old)
    card.secret_draw = False
    return True


def new_card(ref, deck: str | None, cref: L.CardRef, owner: str | None, zone: str, face_up: bool = False,
             count_copies: bool = True) -> CardInPlay:
    """A card entering play (dealt or drawn): named, unknown (K4), or both."""
    s = ref.state
    if cref.handle and cref.handle in s.handles:
        ref.error("K4", f"the handle {cref.handle} is already used for another card", cref.pos,
                  "give each unknown card its own handle")
    card = s.new_card(deck, None, cref.handle, owner, zone, face_up)
    if cref.name:
        name_card(ref, card, cref.name, cref.pos, count_copies)
    return card


def find(ref, player: str | None, cref: L.CardRef, zones: tuple[str, ...], what: str,
         prefer: Callable[[CardInPlay], bool] | None = None, owner_any: bool = False) -> CardInPlay | None:
    """The card a move names, among ``player``'s cards in ``zones``; else one finding (:data:`ZONE_CODES`)."""
    s = ref.state
    if cref.handle:
        card_id = s.handles.get(cref.handle)
        if card_id is None:
            ref.error("K4", f"no card has the handle {cref.handle}", cref.pos,
                      did_you_mean(cref.handle, s.handles) or "an unknown card gets its handle when it is drawn")
            return None
        card = s.cards[card_id]
        if cref.name:
            name_card(ref, card, cref.name, cref.pos)
        candidates = [card]
    else:
        key = canonical(ref, cref.name)
        candidates = s.live_named(key)  # the cards asked for are in play: those out of it come in below
        if not candidates and not s.ever_named(key) and ref.card_set.find(cref.name or "") is None:
            definition(ref, cref.name or "", cref.pos)
            return None
    mine = [c for c in candidates if (owner_any or c.owner == player) and c.zone in zones]
    if prefer:
        mine.sort(key=lambda c: not prefer(c))
    if mine:
        return mine[0]
    if not cref.handle:  # a finding: it may name cards out of the game (reshuffled after a Tribunal)
        candidates = s.named(key)
    if DISCARD not in zones and candidates and all(c.zone in (DISCARD, "gone") for c in candidates):
        ref.error(ZONE_CODES[DISCARD], f"{cref.label()} was discarded and is out of play until the next Tribunal", cref.pos,
                  "cast Spells and played Resources go to the discard pile")
        return None
    where = next((c for c in candidates if c.owner == player), None)
    detail = f" (it is in the {ZONE_WORDS.get(where.zone, where.zone)})" if where else ""
    whose = "" if owner_any else f"{player} has "
    place = " or ".join(ZONE_WORDS.get(z, z) for z in zones)
    code = ZONE_CODES[zones[0]]
    if owner_any:
        ref.error(code, f"no {cref.label()} in any {place}{detail}", cref.pos)
    else:
        ref.error(code, f"{whose}no {cref.label()} in the {place}{detail}", cref.pos,
                  f"{what} needs the card there")
    return None


def canonical(ref, name: str | None) -> str:
    """The folded set name for a name as a log wrote it (translated names included)."""
    return ref.card_set.key(name or "")


def find_quietly(ref, cref: L.CardRef, zones: tuple[str, ...], player: str) -> CardInPlay | None:
    """The card in ``zones`` that ``cref`` names: ``player``'s own if any, else anyone's; reports nothing."""
    s = ref.state
    if cref.handle:
        card = s.cards.get(s.handles.get(cref.handle, 0))
        return card if card and card.zone in zones else None
    key = canonical(ref, cref.name)
    matches = [c for c in s.live_named(key) if c.zone in zones]
    return next((c for c in matches if c.owner == player), matches[0] if matches else None)


def cost_of(ref, card: CardInPlay) -> int | None:
    d = ref.state.card_def(card)
    return d.cost if d else None


# ---- Vis -----------------------------------------------------------------------------------------------
def gain(ref, player: str, amount: int, pos: Pos, source: str) -> None:
    """V2: a gain comes out of the Regio; Voting tokens stand in as 5 Vis each if it runs dry."""
    s = ref.state
    if amount <= 0:
        return
    short = amount - s.regio
    if short > 0:
        tokens = -(-short // 5)
        if tokens <= s.concilium:
            s.concilium -= tokens
            s.token_vis += tokens
            ref.note("V2", f"the Regio is short by {short} Vis for {player}'s {amount} from {source}: "
                     f"{tokens} Voting token(s) stand in as 5 Vis each", pos)
        else:
            ref.error("V2", f"{player} cannot gain {amount} Vis from {source}: the Regio holds {s.regio} "
                      f"and the Concilium {s.concilium} token(s)", pos)
            amount = max(0, s.regio)
    s.players[player].vis += amount


def gain_each(ref, amounts: dict[str, int], pos: Pos | None, source: str) -> None:
    """V2 for a gain every player makes at once (printed-fr's Vis at a new Tribunal): the Regio
    pays the whole of it, and Voting tokens stand in for the shortfall of the whole, as the
    table would take them, not player by player (which could take a token more for each)."""
    s = ref.state
    total = sum(amounts.values())
    short = total - s.regio
    tokens = -(-short // 5) if short > 0 else 0
    if tokens and tokens <= s.concilium:
        s.concilium -= tokens
        s.token_vis += tokens
        ref.note("V2", f"the Regio is short by {short} of the {total} Vis for {source}: {tokens} Voting "
                 "token(s) stand in as 5 Vis each", pos)
    elif tokens:
        held, unpaid = s.regio, []
        for player, amount in amounts.items():
            paid = max(0, min(amount, s.regio))
            s.players[player].vis += paid
            if paid < amount:
                unpaid.append(f"{player} {paid} of {amount}")
        ref.error("V2", f"{source} needs {total} Vis: the Regio holds {max(held, 0)} and the Concilium "
                  f"{s.concilium} token(s)", pos, "paid in seat order as far as the Regio went: " + ", ".join(unpaid))
        return
    for player, amount in amounts.items():
        s.players[player].vis += amount


def pay(ref, player: str, amount: int, pos: Pos, purpose: str, to: str | None = None) -> int:
    """V1: no store goes below zero. Returns what was actually paid."""
    s = ref.state
    have = s.players[player].vis
    if amount > have:
        ref.error("V1", f"{player} has {have} Vis; {purpose} needs {amount}", pos)
        amount = have
    s.players[player].vis -= amount
    if to is not None:
        s.players[to].vis += amount
    return amount


# ---- slots -----------------------------------------------------------------------------------------
# T1: the action slots each action type uses (free actions are not listed: they use none).
SLOTS = {"vote": 1, "draw": 1, "draw resource": 2, "advance": 1, "cast": 1, "play": 1, "extract": 1, "gather": 2}


# The rule that makes an action double: a double action with one slot left is that rule's finding.
DOUBLE_CODES = {"draw resource": "A7", "gather uncontested": "A10", "gather contested": "A11"}
WHAT = {"draw resource": "drawing a Resource", "gather uncontested": "gathering Vis",
        "gather contested": "gathering Vis"}


def slots_for(kind: str, variants: frozenset[str]) -> int:
    return 0 if kind == "play" and "X4" in variants else SLOTS[kind]


def is_free(kind: str, variants: frozenset[str]) -> bool:
    """T1/T2: a free action uses no slot and may be taken any number of times (X4 makes Play free)."""
    return slots_for(kind, variants) == 0


def open_actions(s, variants: frozenset[str]) -> list[str]:
    """The action types the player whose turn it is may still take (T1, T2, X1, P3)."""
    turn = s.turn
    if turn is None:
        return []
    if turn.owes_praeco_votes(s.praeco):
        return ["praeco"]
    left = turn.slots - turn.used
    out = []
    for kind in SLOTS:
        repeat_ok = turn.may_repeat_free(kind, variants) or turn.repeats_allowed > 0 or is_free(kind, variants)
        if repeat_ok and slots_for(kind, variants) <= left:
            out.append(kind)
    return out


def spend(ref, player: str, kind: str, pos: Pos, detail: str | None = None) -> None:
    """T1 (two slots, double actions use both) and T2 (each type once), with X1, X4 and effects.

    ``kind`` is a key of :data:`SLOTS`; ``detail`` tells gathers apart (``"gather contested"``)
    so a double action with one slot left is reported under its own rule (A7, A10, A11).
    """
    s = ref.state
    turn = s.turn
    if turn is None:
        return
    slots = slots_for(kind, ref.variants)
    if turn.owes_praeco_votes(s.praeco) and not turn.praeco_late:
        # reported once; the tokens may still be placed later in the turn, and then they count
        ref.error("P3", f"{player} is Praeco and must place the Voting tokens before any action", pos,
                  "the Praeco's turn starts with: praeco SPACE, SPACE, SPACE")
        turn.praeco_late = True
    turn.acted = True
    over = turn.used + slots > turn.slots  # one finding per move: no slot left says it all
    if slots and not turn.may_repeat_free(kind, ref.variants):  # free actions are never limited (T2)
        if turn.repeats_allowed > 0:
            turn.repeats_allowed -= 1
        elif over:
            pass
        elif kind == "advance" and "X1" in ref.variants:
            ref.error("X1", f"{player} already advanced twice this turn; the double-advance variant allows "
                      "Advance twice per turn, not more", pos)
        elif kind == "advance":
            ref.error("X1", f"{player} already advanced this turn; advancing twice needs the double-advance "
                      "variant (X1)", pos)
        else:
            ref.error("T2", f"{player} already took the {kind} action this turn", pos, "two *different* actions")
    if over:
        left = turn.slots - turn.used
        double = DOUBLE_CODES.get(detail or kind)
        if kind == "play":
            ref.error("X4", f"{player} has no action slot left; playing a Resource as a free action needs the "
                      "cheap-resources variant (X4)", pos)
        elif slots == 2 and left == 1 and double:
            ref.error(double, f"{WHAT[detail or kind]} is a double action: it takes both slots, and {player} has "
                      "1 left", pos, "a double action is the whole turn")
        else:
            need = "both slots" if slots == 2 else "a slot"
            ref.error("T1", f"{player} has {max(left, 0)} action slot(s) left; {kind} needs {need}", pos)
    turn.used += slots
    turn.types.append(kind)


# ---- setup ------------------------------------------------------------------------------------------
def setup(ref, setup: L.Setup | None) -> None:
    """S2-S6 from the log's setup section; whatever it leaves out is unknown (K4)."""
    s = ref.state
    seen: set[str] = set()
    if setup is not None:
        for word, cards in _in_draw_order(ref, setup):
            player = ref.player(word, "S1")
            if player is None:
                continue
            if player in seen:
                ref.error("S3", f"{player}'s starting hand is given twice", word.pos)
                continue
            seen.add(player)
            made = [new_card(ref, None, c, player, HAND) for c in cards]
            if len(made) != HAND_SIZE:
                ref.error("S3", f"{player} starts with {len(made)} cards; a starting hand is exactly {HAND_SIZE}",
                          word.pos)
            kinds = {c.deck for c in made}
            if None in kinds and not {"item", "spell"} <= kinds:
                ref.unverified_once("S3", "starting hands with unknown cards (at least one Item and one Spell)",
                                    word.pos)
            else:
                for needed in ("item", "spell"):
                    if needed not in kinds:
                        ref.error("S3", f"{player}'s starting hand has no {needed.capitalize()}", word.pos,
                                  "each player is dealt one Item and one Spell")
        for deck, cards, pos in setup.rows:
            if deck == "resource":
                ref.error("S4", "Resources have no face-up row", pos)
                continue
            if s.rows[deck]:
                ref.error("S4", f"the face-up {deck}s are given twice", pos)
                continue
            if len(cards) != ROW_SIZE:
                ref.error("S4", f"{len(cards)} face-up {deck}s; the setup turns up {ROW_SIZE}", pos)
            s.rows[deck] = [new_card(ref, deck, c, None, ROW, face_up=True).id for c in cards]
        for word, vis in setup.vis:
            player = ref.player(word, "S2")
            if player and vis != ref.profile.starting_vis:
                ref.error("S2", f"{player} starts with {vis} Vis; every player starts with "
                          f"{ref.profile.starting_vis}", word.pos)
            if player:
                s.players[player].vis = vis
        if setup.trackers is not None:
            a, b, pos = setup.trackers
            if (a, b) != (1, 1):
                ref.error("S5", f"the trackers start on spaces {a} and {b}; both start on the first space", pos)
        if setup.praeco is not None:
            s.next_first_praeco = ref.player(setup.praeco, "S6")
    for player in ref.seats:
        if player not in seen:
            for _ in range(HAND_SIZE):
                s.new_card(None, None, None, player, HAND)
    for deck in ("item", "spell"):
        while len(s.rows[deck]) < ROW_SIZE:
            s.rows[deck].append(None)
    if setup is None or len(seen) < len(ref.seats):
        ref.unverified_once("K4", "starting hands not recorded in the setup", setup.pos if setup else None)


def _in_draw_order(ref, setup: L.Setup) -> list:
    """S3: the starting hands in the order the players drew (from the dealer, per the profile).

    With no dealer the log's order is kept. With one, a card drawn beyond its copies (K2)
    is reported on the hand of the player who drew later, who could not have drawn it.
    """
    if setup.dealer is None:
        return list(setup.hands)
    dealer = ref.player(setup.dealer, "S3")
    if dealer is None:
        return list(setup.hands)
    order = draw_order(ref.seats, dealer, ref.profile)
    rank = {fold(p): n for n, p in enumerate(order)}
    return sorted(setup.hands, key=lambda hand: rank.get(fold(hand[0].text), len(order)))


# ---- moves ------------------------------------------------------------------------------------------
def praeco_votes(ref, player: str, m: L.PraecoVotes) -> None:
    """P3: the Praeco's 3 tokens on 3 different spaces, before any action."""
    s = ref.state
    turn = s.turn
    if player != s.praeco:
        ref.error("P3", f"{player} is not the Praeco ({s.praeco} is)", m.pos)
        return
    if turn.praeco_voted:
        ref.error("P3", f"{player} already placed the Praeco's tokens", m.pos)
        return
    if turn.acted and not turn.praeco_late:
        ref.error("P3", "the Praeco places the tokens at the start of the turn, before any action", m.pos)
    turn.praeco_voted = True
    spaces = [ref.space(w, "P3") for w in m.spaces]
    wanted = turn.praeco_tokens
    if len(m.spaces) != wanted:
        ref.error("P3", f"the Praeco places {wanted} Voting tokens, not {len(m.spaces)}", m.pos,
                  None if wanted == 3 else f"the Concilium holds only {s.concilium}")
    known = [sp for sp in spaces if sp]
    if len(set(known)) != len(known):
        twice = next(sp for sp in known if known.count(sp) > 1)
        ref.error("P3", f"the Praeco's tokens go on 3 different spaces; {twice} is used twice", m.pos)
    for space in known:
        place_token(ref, space, m.pos)


def place_token(ref, space: str, pos: Pos) -> None:
    """V3: a token from the Concilium onto a space (the Praeco's, a vote's, an effect's)."""
    s = ref.state
    if s.concilium <= 0:
        ref.error("V3", "the Concilium has no Voting token left", pos,
                  f"all {ref.profile.voting_tokens} tokens are on the board")
        return
    s.concilium -= 1
    s.track[space] = s.track.get(space, 0) + 1


def vote(ref, player: str, m: L.Vote) -> None:
    """A1: one token from the Concilium onto any space."""
    spend(ref, player, "vote", m.pos)
    space = ref.space(m.space, "A1")
    if space is None:
        return
    if ref.state.concilium <= 0:
        ref.error("A1", "a vote takes a Voting token from the Concilium, and the Concilium is empty", m.pos,
                  f"all {ref.profile.voting_tokens} tokens are on the board")
        return
    place_token(ref, space, m.pos)


def draw(ref, player: str, m: L.Draw) -> None:
    """A2 (an Item or Spell, face up from the row or from the deck) and A7 (a Resource)."""
    s = ref.state
    if m.deck == "resource":
        spend(ref, player, "draw resource", m.pos)
        if m.face_up:
            ref.error("A7", "Resources have no face-up row: they are drawn from the deck", m.pos)
    else:
        spend(ref, player, "draw", m.pos)
    zone = SANCTUM
    if m.zone == HAND:
        if "X2" not in ref.variants:
            ref.error("X2", "drawn cards go to the Sanctum; drawing to the hand needs the hand-or-sanctum "
                      "variant (X2)", m.pos)
        zone = HAND
    if m.face_up and m.deck in s.rows:
        if m.card.name is None and "X3" not in ref.variants:
            ref.error("X3", "a face-up card is public: name it; keeping it secret needs the secret-cards "
                      "variant (X3)", m.card.pos)
        take_from_row(ref, player, m, zone)
        return
    card = new_card(ref, m.deck, m.card, player, zone)
    card.face_up = False


def face_up_in(ref, zone: str) -> bool:
    """A card taken from a face-up row lies face up, unless X3 sends it face down to the Sanctum."""
    return not ("X3" in ref.variants and zone == SANCTUM)


def take_from_row(ref, player: str, m: L.Draw, zone: str) -> None:
    s = ref.state
    row = s.rows[m.deck]
    if m.card.name and _wrong_name(ref, player, m, zone):
        return
    key = canonical(ref, m.card.name)
    index = next((i for i, cid in enumerate(row) if cid and s.cards[cid].name and fold(s.cards[cid].name) == key),
                 None)
    if index is None and m.card.handle and m.card.name is None:
        # kept secret (X3): which face-up card it was cannot be checked
        index = next((i for i, cid in enumerate(row) if cid is not None), 0)
        ref.unverified_once("X3", "which face-up card a secret draw took", m.card.pos)
        cid = row[index]
        if cid is not None:
            card = s.cards[cid]
            card.owner, card.zone, card.face_up = player, zone, False
            card.secret_draw = True  # the row's first card stands for the one taken, until it is named
            if card.handle is None:
                card.handle = m.card.handle
                s.handles[m.card.handle] = card.id
        else:
            new_card(ref, m.deck, m.card, player, zone)
        refill = new_card(ref, m.deck, m.refill, None, ROW, face_up=True) if m.refill else None
        row[index] = refill.id if refill else None
        return
    if index is None:
        unknown = [i for i, cid in enumerate(row) if cid is None or s.cards[cid].name is None]
        if unknown:
            ref.unverified_once("K4", "face-up cards that the log did not record", m.pos)
            index = unknown[0]
        else:
            shown = ", ".join(s.cards[cid].label() for cid in row if cid)
            ref.error("A2", f"{m.card.label()} is not among the face-up {m.deck}s ({shown})", m.card.pos)
            new_card(ref, m.deck, m.card, player, zone, count_copies=False)
            return
    _take(ref, player, m, zone, index)


def _take(ref, player: str, m: L.Draw, zone: str, index: int) -> None:
    """The row's card at ``index`` goes to the player; the log's refill takes its place."""
    s = ref.state
    row = s.rows[m.deck]
    cid = row[index]
    if cid is None:
        card = new_card(ref, m.deck, m.card, player, zone, face_up=face_up_in(ref, zone))
    else:
        card = s.cards[cid]
        if card.name is None and m.card.name:
            name_card(ref, card, m.card.name, m.card.pos)
        card.owner, card.zone, card.face_up = player, zone, face_up_in(ref, zone)
    refill = new_card(ref, m.deck, m.refill, None, ROW, face_up=True) if m.refill else None
    if m.refill is None:
        ref.unverified_once("K4", "face-up rows refilled without the log naming the new card", m.pos)
    row[index] = refill.id if refill else None


def _wrong_name(ref, player: str, m: L.Draw, zone: str) -> bool:
    """A face-up draw of a name the set lacks (or of another deck): one K1, then repaired.

    The scorekeeper's repair: the row's card whose name is closest was meant; with none
    close, the player took an unknown card and the row is left as it was.
    """
    found = ref.card_set.find(m.card.name or "")
    if found is not None and found.kind == m.deck:
        return False
    definition(ref, m.card.name or "", m.card.pos, m.deck)
    s = ref.state
    row = s.rows[m.deck]
    names = {fold(s.cards[cid].name): i for i, cid in enumerate(row) if cid and s.cards[cid].name}
    close = difflib.get_close_matches(fold(m.card.name or ""), list(names), n=1, cutoff=0.6)
    if close and found is None:
        _take(ref, player, m, zone, names[close[0]])
    else:
        s.new_card(m.deck, None, None, player, zone)
    return True


def advance(ref, player: str, m: L.Advance) -> None:
    """A3: one Vis on each of up to three cards, or one or two Vis on a single card."""
    s = ref.state
    spend(ref, player, "advance", m.pos)
    amounts = [n for _, n in m.parts]
    if len(m.parts) == 1 and not 1 <= amounts[0] <= 2:
        ref.error("A3", f"advancing a single card moves 1 or 2 Vis, not {amounts[0]}", m.pos)
    elif len(m.parts) > 3:
        ref.error("A3", f"advancing spreads 1 Vis over at most three cards, not {len(m.parts)}", m.pos)
    elif len(m.parts) > 1 and any(n != 1 for n in amounts):
        ref.error("A3", "advancing several cards moves exactly 1 Vis onto each", m.pos,
                  "or 1-2 Vis onto a single card")
    cards = []
    for cref, n in m.parts:
        card = find(ref, player, cref, (SANCTUM,), "advancing", prefer=lambda c: not c.active)
        if card is None:
            continue
        if card in cards:
            ref.error("A3", f"{card.label()} is advanced twice in one action", cref.pos)
            continue
        if card.deck == "resource":
            ref.error("A3", f"{card.label()} is a Resource: only Items and Spells are advanced", cref.pos)
            continue
        if card.active:
            ref.error("A3", f"{card.label()} is already active", cref.pos)
            continue
        cards.append(card)
        paid = pay(ref, player, n, cref.pos, f"advancing {card.label()} by {n}")
        card.vis += paid
        cost = cost_of(ref, card)
        if cost is None:
            ref.unverified_once("K4", "costs of cards advanced while unknown", cref.pos)
        elif card.vis > cost:
            ref.warn("A3", f"{card.label()} now holds {card.vis} Vis; its cost is {cost}, so "
                     f"{card.vis - cost} Vis are wasted", cref.pos)
        quick_rotation(ref, card, cref.pos)


def make_active(ref, card: CardInPlay) -> None:
    card.vis = 0
    card.active = True
    card.face_up = True


def quick_rotation(ref, card: CardInPlay, pos: Pos) -> None:
    """X5: with quick rotation on, a card whose Vis meets its cost becomes active at once.

    Called wherever Vis lands on a card (Advance, and effects that put Vis on a card or move
    it to another one), so the variant works the same whatever brought the Vis.
    """
    cost = cost_of(ref, card)
    if "X5" in ref.variants and not card.active and cost is not None and card.vis >= cost:
        make_active(ref, card)
        card.auto_active = (ref.state.turn_serial, pos.line)


def activate(ref, player: str, m: L.Activate) -> None:
    """A4 (not an action, T5): a card whose Vis meets its cost turns active; its Vis goes back.

    ``m.player`` is set when the log says who activates (``activate Caro "X"``): in another
    player's turn, between turns, or at a Tribunal. Only the card's owner activates it.
    """
    if m.player is not None:
        player = ref.player(m.player, "T5")
        if player is None:
            return
    others = find_quietly(ref, m.card, (SANCTUM,), player)
    if others is not None and others.owner not in (player, None):
        ref.error("T5", f"{others.label()} belongs to {others.owner}: a card is made active by its owner "
                  "(at any moment, but not by another player)", m.card.pos,
                  f"record it as: activate {others.owner} {m.card.label()}")
        return
    card = find(ref, player, m.card, (SANCTUM,), "activating", prefer=lambda c: not c.active)
    if card is None:
        return
    if card.active and card.auto_active is not None:
        serial, line = card.auto_active
        card.auto_active = None
        if serial != ref.state.turn_serial:
            ref.error("X5", f"with quick rotation (X5) {card.label()} became active the moment its cost was met"
                      + (f", on line {line}" if line else "") + "; it cannot be kept inactive until now", m.pos,
                      "under X5 write the activation in the turn the cost is met, or leave it out")
        return  # the log records, in the same turn, what quick rotation did
    if card.active:
        ref.error("A4", f"{card.label()} is already active", m.pos)
        return
    if card.name is None:
        ref.error("K4", f"{card.label()} turns face up when it becomes active: name it", m.card.pos,
                  f'activate {card.handle} "Card name"')
    if card.deck == "resource":
        ref.error("A4", f"{card.label()} is a Resource: Resources are played, not activated", m.pos)
        return
    cost = cost_of(ref, card)
    if cost is not None and card.vis < cost:
        ref.error("A4", f"{card.label()} holds {card.vis} Vis; it needs {cost} to become active", m.pos)
        return
    make_active(ref, card)


def slots_fit(slots: tuple[str, ...], categories: list[str]) -> bool:
    """Can Spells of these categories all sit in these slots (exact ones first, then `any`)?"""
    spare_any = slots.count(ANY)
    for category in set(categories):
        overflow = categories.count(category) - slots.count(category)
        if overflow > 0:
            spare_any -= overflow
    return spare_any >= 0


def install(ref, player: str, m: L.Install) -> None:
    """A5 (free): an active Spell under an active Item with a free slot of its category."""
    s = ref.state
    spell = find(ref, player, m.spell, (SANCTUM,), "installing", prefer=lambda c: c.active)
    item = find(ref, player, m.item, (SANCTUM,), "installing on it", prefer=lambda c: c.active)
    if spell is None or item is None:
        return
    if spell.deck != "spell" or item.deck != "item":
        ref.error("A5", f"a Spell is installed under an Item, not {spell.label()} under {item.label()}", m.pos)
        return
    for card, what in ((spell, "Spell"), (item, "Item")):
        if not card.active:
            cost = cost_of(ref, card)
            if cost is not None and card.vis >= cost:
                ref.error("A5", f"the {what} {card.label()} has its cost but was never activated", m.pos,
                          f"activate {card.label()} first (cards turn active by themselves only with the "
                          "quick-rotation variant, X5)")
            else:
                ref.error("A5", f"the {what} {card.label()} is not active", m.pos)
            return
    spell_def, item_def = s.card_def(spell), s.card_def(item)
    if spell_def is None or item_def is None:
        ref.unverified_once("K4", "slots of unknown Items or Spells", m.pos)
    else:
        installed = [s.card_def(s.cards[i]) for i in s.installed_on(item.id)]
        categories = [d.category for d in installed if d and d.category] + [spell_def.category or ""]
        if not slots_fit(item_def.slots, categories):
            ref.error("A5", f"{item.label()} has no free slot for a {spell_def.category} Spell "
                      f"(slots: {', '.join(item_def.slots) or 'none'}; installed: "
                      f"{', '.join(categories[:-1]) or 'none'})", m.pos)
            return
    spell.zone, spell.host = INSTALLED, item.id


def cast(ref, player: str, m: L.Cast) -> None:
    """A6: take an installed Spell off its Item, apply its effect, discard it or pay 2 to keep it."""
    from gtcli.grand_tribunal.rules.effects_run import run_effect

    s = ref.state
    spend(ref, player, "cast", m.pos)
    item = find(ref, player, m.item, (SANCTUM,), "casting from it")
    spell = find(ref, player, m.spell, (INSTALLED,), "casting")
    if spell is None or item is None:
        return
    if spell.host != item.id:
        host = s.cards.get(spell.host or 0)
        ref.error("A6", f"{spell.label()} is installed under {host.label() if host else 'another Item'}, "
                  f"not {item.label()}", m.pos)
    spell.zone, spell.host = SANCTUM, None
    run_effect(ref, player, spell, "on cast", m.outcome, m.pos)
    if m.keep:
        pay(ref, player, 2, m.pos, "keeping the cast Spell")
        spell.active, spell.vis, spell.face_up = False, 0, True
    else:
        spell.zone, spell.owner = DISCARD, None


def play(ref, player: str, m: L.Play) -> None:
    """A8: turn a Resource of the Sanctum face up, apply it, discard it (free with X4)."""
    from gtcli.grand_tribunal.rules.effects_run import run_effect

    spend(ref, player, "play", m.pos)
    card = find(ref, player, m.card, (SANCTUM,), "playing")
    if card is None:
        return
    if card.deck not in ("resource", None):
        ref.error("A8", f"{card.label()} is not a Resource", m.pos)
        return
    run_effect(ref, player, card, "on play", m.outcome, m.pos)
    card.zone, card.owner = DISCARD, None


def extract(ref, player: str, m: L.Extract) -> None:
    """A9: the amount the sheets print (1, 1, 2), or the board profile's, from the Regio."""
    from gtcli.grand_tribunal.rules.board import extract_amount

    spend(ref, player, "extract", m.pos)
    tribunal = ref.state.tribunal
    amount, from_board = extract_amount(ref.board, tribunal, ref.profile.tribunals)
    if m.amount != amount:
        where = "the board profile gives" if from_board else "the rule sheets give"
        ref.error("A9", f"Extract Vis gives {amount} in Tribunal {tribunal}, not {m.amount}", m.pos,
                  f"{where} {amount}" + ("" if from_board else
                                          "; a board profile may give another amount (extract = N)"))
    gain(ref, player, m.amount, m.pos, "Extract Vis")


def _tracker_space(ref, source: str, m: L.Move) -> int | None:
    """The tracker's space index in this Tribunal's area, or None if it has left it (A12)."""
    s = ref.state
    index = s.trackers[source]
    area = ref.board.area(s.tribunal) if ref.board else None
    if area is None:
        ref.unverified_once("A12", "Vis Source Track values and lengths (no board profile)", m.pos)
        s.trackers[source] = index + 1
        return None
    spaces = area.uncontested if source == "uncontested" else area.contested
    if index >= len(spaces):
        ref.error("A12", f"the {source} tracker has left Tribunal {s.tribunal}'s area; that source cannot be "
                  "gathered from until the next Tribunal", m.pos)
        return None
    s.trackers[source] = index + 1
    return index


def _stale_space(ref, source: str):
    """What the tracker would show had it not been reset after the last Tribunal (R6)."""
    s = ref.state
    if not s.stale_trackers or s.tribunal < 2:
        return None
    area = ref.board.area(s.tribunal - 1)
    spaces = area.uncontested if source == "uncontested" else area.contested
    index = s.stale_trackers[source] + s.trackers[source] - 1
    return spaces[index] if 0 <= index < len(spaces) else None


def gather_uncontested(ref, player: str, m: L.GatherUncontested) -> None:
    """A10 (double): the gatherer takes a, every other player b; the tracker moves on."""
    s = ref.state
    spend(ref, player, "gather", m.pos, "gather uncontested")
    index = _tracker_space(ref, "uncontested", m)
    if index is not None:
        a, b = ref.board.area(s.tribunal).uncontested[index]
        if (m.mine, m.others) != (a, b):
            stale = _stale_space(ref, "uncontested")
            if stale is not None and (m.mine, m.others) == stale:
                ref.error("R6", f"the trackers moved to the first space of Tribunal {s.tribunal}'s area after "
                          f"scoring: it shows {a}:{b}, not {m.mine}:{m.others}", m.pos)
            else:
                ref.error("A10", f"the uncontested tracker's space shows {a}:{b}, not {m.mine}:{m.others}", m.pos)
    gain(ref, player, m.mine, m.pos, "the uncontested source")
    for other in ref.seats:
        if other != player:
            gain(ref, other, m.others, m.pos, "the uncontested source")


def gather_contested(ref, player: str, m: L.GatherContested) -> None:
    """A11 (double): space value + a 2-5 roll; then others may pay the fee and take a roll."""
    s = ref.state
    spend(ref, player, "gather", m.pos, "gather contested")
    index = _tracker_space(ref, "contested", m)
    if index is not None:
        value = ref.board.area(s.tribunal).contested[index]
        if m.value != value:
            ref.error("A11", f"the contested tracker's space shows {value}, not {m.value}", m.pos)
    if not 2 <= m.roll <= 5:
        ref.error("A11", f"a recorded roll is 2 to 5 (1 and 6 are rolled again), not {m.roll}", m.pos)
    gain(ref, player, m.value + m.roll, m.pos, "the contested source")
    order = [p for p in clockwise(ref.seats, player) if p != player]  # clockwise under every profile
    last = -1
    for word, roll in m.rolls:
        other = ref.player(word, "A11")
        if other is None:
            continue
        if other == player:
            ref.error("A11", f"{player} gathered; only the other players roll after", word.pos)
            continue
        position = order.index(other)
        if position <= last:
            ref.error("A11", f"the other players roll in clockwise order, once each; {other} is out of turn",
                      word.pos)
        last = max(last, position)
        if not 2 <= roll <= 5:
            ref.error("A11", f"a recorded roll is 2 to 5, not {roll}", word.pos)
        pay(ref, other, ref.profile.contested_fee, word.pos, f"rolling at {player}'s contested gather", to=player)
        gain(ref, other, roll, word.pos, "the contested source")


def to_sanctum(ref, player: str, m: L.ToSanctum) -> None:
    """T3: cards go from the hand face down into the Sanctum (not an action)."""
    for cref in m.cards:
        in_hand = find_quietly(ref, cref, (HAND,), player)
        mine = find_quietly(ref, cref, (SANCTUM, INSTALLED), player)
        if (in_hand is None or in_hand.owner != player) and mine is not None and mine.owner == player:
            ref.error("T3", f"{mine.label()} is already in {player}'s Sanctum; cards never go back to the hand",
                      cref.pos)
            continue
        card = find(ref, player, cref, (HAND,), "putting it into the Sanctum")
        if card is not None:
            card.zone, card.face_up = SANCTUM, False


def discard(ref, player: str, m: L.Discard) -> None:
    """T4: discarding from the hand, down to the hand limit, and only while over it.

    The sheets: "discard down to your maximum hand size if you're currently over it". Each
    card is checked as it goes: a discard that takes the hand below the limit, or one made
    while the hand is not over it, breaks T4 (the card is still discarded, as the log says).
    """
    s = ref.state
    for cref in m.cards:
        card = find(ref, player, cref, (HAND,), "discarding")
        if card is None:
            continue
        hand, limit = len(s.cards_of(player, HAND)), s.hand_limit(player)
        if hand <= limit:
            ref.error("T4", f"{player} has {hand} card(s) in hand and the limit is {limit}: discarding "
                      f"{card.label()} takes the hand below the limit", cref.pos,
                      "a player discards only while over the hand limit, down to it, at the end of the turn")
        card.zone, card.owner = DISCARD, None


def name(ref, player: str, m: L.NameCard) -> None:
    """K4: an unknown card is named once it is known."""
    card_id = ref.state.handles.get(m.handle)
    if card_id is None:
        ref.error("K4", f"no card has the handle {m.handle}", m.pos, did_you_mean(m.handle, ref.state.handles))
        return
    name_card(ref, ref.state.cards[card_id], m.name, m.pos)


def vis(ref, player: str, m: L.VisChange) -> None:
    """V4: a recorded Vis change (a manual effect's result) names where the Vis comes from."""
    s = ref.state
    if m.amount > 0:
        if m.direction != "from":
            ref.error("V4", f"{player} gains {m.amount} Vis from nowhere: a gain names its source", m.pos,
                      f"vis +{m.amount} from regio | PLAYER | \"Card\"")
            return
        if m.party_kind == "player":
            giver = ref.player(m.party or "", "V4")
            if giver:
                pay(ref, giver, m.amount, m.pos, f"giving {player} {m.amount} Vis", to=player)
            return
        if m.party_kind == "card":
            card = ref.card_set.find(m.party or "")
            if card is None:
                definition(ref, m.party or "", m.pos)
                return
            ref.note("K5", f"{m.amount} Vis from {card.name!r} taken as recorded", m.pos)
        gain(ref, player, m.amount, m.pos, m.party or "the Regio")
    elif m.amount < 0:
        to = None
        if m.direction == "to" and m.party_kind == "player":
            to = ref.player(m.party or "", "V4")
        pay(ref, player, -m.amount, m.pos, "the recorded loss", to=to)


MOVES: dict[type, Callable] = {
    L.PraecoVotes: praeco_votes, L.Vote: vote, L.Draw: draw, L.Advance: advance, L.Activate: activate,
    L.Install: install, L.Cast: cast, L.Play: play, L.Extract: extract, L.GatherUncontested: gather_uncontested,
    L.GatherContested: gather_contested, L.ToSanctum: to_sanctum, L.Discard: discard, L.NameCard: name,
    L.VisChange: vis, L.Pass: lambda ref, player, move: None,
}


def apply(ref, player: str, move: L.Move) -> None:
    MOVES[type(move)](ref, player, move)
