"""Run a card's effect as its card set defines it (docs/rules.md K5), with the log's choices.

One function per primitive of :data:`gtcli.grand_tribunal.rules.effects.PRIMITIVES`. A log records the
choices (``with $space=staff``), the cards an effect draws or discards, and for
``manual`` effects the results, which are taken as written and reported as such.
"""

from __future__ import annotations

from collections.abc import Callable

from gtcli.core.diagnostics import Pos
from gtcli.grand_tribunal.rules import log as L
from gtcli.grand_tribunal.rules.actions import vis
from gtcli.grand_tribunal.rules.actions.cards import find, new_card
from gtcli.grand_tribunal.rules.actions.draws import take_from_row
from gtcli.grand_tribunal.rules.actions.sanctum import make_active, quick_rotation
from gtcli.grand_tribunal.rules.actions.votes import place_token
from gtcli.grand_tribunal.rules.cards import Effect, Step
from gtcli.grand_tribunal.rules.state import DISCARD, HAND, INSTALLED, SANCTUM, CardInPlay


class Run:
    """One effect being applied: who, which card, the log's outcome and resolved choices."""

    def __init__(self, ref, player: str, card: CardInPlay, outcome: L.Outcome, pos: Pos) -> None:
        self.ref, self.player, self.card, self.outcome, self.pos = ref, player, card, outcome, pos
        self.values: dict[str, object] = {}
        self.where: dict[str, Pos] = {}  # each choice's value, where the log writes it
        self.drawn = list(outcome.drawn)
        self.refills = list(outcome.refills)

    def others(self) -> list[str]:
        return [p for p in self.ref.seats if p != self.player]

    def who(self, step: Step) -> list[str]:
        if step.who == "others":
            return self.others()
        value = self.values.get((step.who or "")[1:])
        return [value] if isinstance(value, str) else []

    def target(self, ref_name: str) -> object:
        return self.card if ref_name == "this" else self.values.get(ref_name[1:])

    def at(self, ref_name: str) -> Pos:
        """Where the log names what ``ref_name`` chose: the choice's value, on the move's line."""
        return self.where.get(ref_name[1:], self.pos)

    def own(self, card: CardInPlay, ref_name: str, code: str, what: str, hint: str) -> bool:
        """Whether ``card`` is the caster's own (in their Sanctum or under their Item); else one finding
        under ``code``.

        docs/cards.md, "Whose cards an effect may choose": the effects that spend the caster's
        Vis on a card or make it active choose among the caster's own cards only.
        """
        if card.owner == self.player:
            return True
        whose = f" (it is {card.owner}'s)" if card.owner else ""
        self.ref.error(code, f"{self.card.label()} {what} a card in {self.player}'s own Sanctum only; "
                       f"{card.label()} is not there{whose}", self.at(ref_name), hint)
        return False


def run_effect(ref, player: str, card: CardInPlay, trigger: str, outcome: L.Outcome, pos: Pos) -> None:
    definition = ref.state.card_def(card)
    if definition is None:
        ref.unverified_once("K4", "effects of cards the log never named", pos)
        return
    effect = definition.effect(trigger)
    if effect is None:
        if outcome.choices or outcome.drawn or outcome.discarded or outcome.refills:
            ref.error("K5", f"{definition.name!r} has no {trigger!r} effect, but the log records its results", pos)
        return
    run = Run(ref, player, card, outcome, pos)
    resolve_choices(run, effect)
    for step in effect.steps:
        STEPS[step.op](run, step)
    if run.drawn:
        ref.error("K5", f"the log records {len(run.drawn)} more drawn card(s) than {definition.name!r} draws", pos)
    if run.refills:
        ref.error("K5", f"the log records {len(run.refills)} more refill(s) than {definition.name!r}'s face-up "
                  "draws make", run.refills[0].pos, "refill names the card that took a face-up card's place")


def resolve_choices(run: Run, effect: Effect) -> None:
    ref = run.ref
    given = {name: (value, pos) for name, value, pos in run.outcome.choices}
    known = {c.name for c in effect.choices} if given else ()
    for name in given:
        if name not in known:
            ref.error("K5", f"the effect has no choice ${name}", given[name][1],
                      f"its choices: {', '.join('$' + c.name for c in effect.choices) or 'none'}")
    for choice in effect.choices:
        if choice.name not in given:
            ref.error("K5", f"the log must record the choice ${choice.name} ({choice.kind})", run.pos,
                      f"with ${choice.name}=...")
            continue
        value, pos = given[choice.name]
        run.where[choice.name] = pos
        if choice.kind == "player":
            run.values[choice.name] = ref.player(value if isinstance(value, str) else "", "K5")
        elif choice.kind == "space":
            run.values[choice.name] = ref.space(L.Word(value if isinstance(value, str) else "", pos), "K5")
        else:
            cref = value if isinstance(value, L.CardRef) else L.CardRef(str(value), None, pos)
            run.where[choice.name] = cref.pos
            card = find(ref, None, cref, (SANCTUM, INSTALLED), f"the choice ${choice.name}", owner_any=True)
            if card is not None and choice.kind in ("item", "spell") and card.deck not in (choice.kind, None):
                ref.error("K5", f"${choice.name} must be {'an' if choice.kind == 'item' else 'a'} {choice.kind}; "
                          f"{card.label()} is not", pos)
            run.values[choice.name] = card


# ---- primitives -------------------------------------------------------------------------------------
def gain(run: Run, step: Step) -> None:
    vis.gain(run.ref, run.player, step.amount or 0, run.pos, run.card.label())


def take(run: Run, step: Step) -> None:
    state = run.ref.state
    for other in run.who(step):
        amount = min(step.amount or 0, state.players[other].vis)
        state.players[other].vis -= amount
        state.players[run.player].vis += amount


def pay(run: Run, step: Step) -> None:
    targets = run.who(step) if step.who else [None]
    for target in targets:
        vis.pay(run.ref, run.player, step.amount or 0, run.pos, lambda: f"{run.card.label()}'s payment", to=target)


def draw(run: Run, step: Step) -> None:
    ref = run.ref
    zone = HAND if step.zone == "hand" else SANCTUM
    for _ in range(step.amount or 0):
        cref = run.drawn.pop(0) if run.drawn else None
        if step.face_up:
            refill = run.refills.pop(0) if run.refills else None
            if cref is None:
                ref.error("K5", f"the log must name the face-up {step.deck} drawn by {run.card.label()}", run.pos)
                continue
            take_from_row(ref, run.player, L.Draw(run.pos, deck=step.deck or "item", card=cref, face_up=True,
                                                  refill=refill), zone)
        elif cref is None:
            ref.state.new_card(step.deck, None, None, run.player, zone)
            ref.unverified_once("K4", "cards drawn by effects that the log did not name", run.pos)
        else:
            new_card(ref, step.deck, cref, run.player, zone, wrong_deck="K5")


def place_votes(run: Run, step: Step) -> None:
    for r in step.refs:
        space = run.target(r)
        if isinstance(space, str):
            place_token(run.ref, space, run.pos)


def move_votes(run: Run, step: Step) -> None:
    state = run.ref.state
    source, target = run.target(step.refs[0]), run.target(step.refs[1])
    if not isinstance(source, str) or not isinstance(target, str):
        return
    amount = step.amount or 0
    if state.track.get(source, 0) < amount:
        run.ref.error("K5", f"{source} holds {state.track.get(source, 0)} Voting token(s); "
                      f"{run.card.label()} moves {amount}", run.pos)
        amount = state.track.get(source, 0)
    state.track[source] = state.track.get(source, 0) - amount
    state.track[target] = state.track.get(target, 0) + amount


def remove_votes(run: Run, step: Step) -> None:
    state = run.ref.state
    space = run.target(step.refs[0])
    if not isinstance(space, str):
        return
    amount = min(step.amount or 0, state.track.get(space, 0))
    if amount < (step.amount or 0):
        run.ref.error("K5", f"{space} holds {state.track.get(space, 0)} Voting token(s); "
                      f"{run.card.label()} removes {step.amount}", run.pos)
    state.track[space] = state.track.get(space, 0) - amount
    state.concilium += amount


def extra_actions(run: Run, step: Step) -> None:
    turn = run.ref.state.turn
    if turn is not None:
        turn.slots += step.amount or 0
        if not step.different:
            turn.repeats_allowed += step.amount or 0


def extra_turn(run: Run, step: Step) -> None:
    run.ref.state.pending_extra.append(run.player)


def lasting(run: Run, step: Step) -> None:
    """hand_limit works while its card lies active (GameState.hand_limit reads it)."""


def put_vis(run: Run, step: Step) -> None:
    card = run.target(step.refs[0])
    if isinstance(card, CardInPlay):
        if card is not run.card and not run.own(
                card, step.refs[0], "K1", "puts Vis on",
                "as with Advance (A3), Vis goes only onto the caster's own inactive Items and Spells"):
            return
        if card.active:
            run.ref.error("K5", f"{card.label()} is already active; Vis goes on inactive cards", run.pos)
            return
        card.vis += vis.pay(run.ref, run.player, step.amount or 0, run.pos, lambda: f"{run.card.label()}'s advance")
        quick_rotation(run.ref, card, run.pos)


def activate(run: Run, step: Step) -> None:
    card = run.target(step.refs[0])
    if isinstance(card, CardInPlay):
        if card is not run.card and not run.own(card, step.refs[0], "T5", "makes active",
                                                "only a card's owner makes it active (T5)"):
            return
        make_active(run.ref, card)


def burn(run: Run, step: Step) -> None:
    state = run.ref.state
    item = run.target(step.refs[0])
    if isinstance(item, CardInPlay):
        for spell_id in state.installed_on(item.id):
            state.cards[spell_id].zone, state.cards[spell_id].owner = DISCARD, None
        item.vis = 0
        item.move_to(DISCARD, None)


def transmute(run: Run, step: Step) -> None:
    ref = run.ref
    item = run.target(step.refs[0])
    if not isinstance(item, CardInPlay):
        return
    if item.active:
        ref.error("K5", f"{item.label()} is active; only an inactive Item is transmuted", run.pos)
        return
    cref = run.drawn.pop(0) if run.drawn else None
    if cref is None:
        replacement = ref.state.new_card("item", None, None, item.owner, SANCTUM)
        ref.unverified_once("K4", "cards drawn by effects that the log did not name", run.pos)
    else:
        replacement = new_card(ref, "item", cref, item.owner, SANCTUM, wrong_deck="K5")
    replacement.vis, item.vis = item.vis, 0
    item.move_to(DISCARD, None)
    quick_rotation(ref, replacement, run.pos)


def redraw(run: Run, step: Step) -> None:
    ref = run.ref
    discarded = run.outcome.discarded
    if len(discarded) > (step.amount or 0):
        ref.error("K5", f"{run.card.label()} discards at most {step.amount} cards, not {len(discarded)}", run.pos)
    for cref in discarded:
        card = find(ref, run.player, cref, (HAND,), "discarding it")
        if card is None:
            continue
        deck = card.deck
        card.move_to(DISCARD, None)
        new = run.drawn.pop(0) if run.drawn else None
        if new is None:
            ref.state.new_card(deck, None, None, run.player, HAND)
            ref.unverified_once("K4", "cards drawn by effects that the log did not name", run.pos)
        else:
            new_card(ref, deck, new, run.player, HAND, wrong_deck="K5")


def manual(run: Run, step: Step) -> None:
    recorded = run.outcome.manual
    if recorded is None:
        run.ref.note("K5", f"{run.card.label()}'s manual effect: its results are not recorded", run.pos,
                     f'record them: manual "..." (text of the card: {step.text})')
    else:
        run.ref.note("K5", f"{run.card.label()}'s manual effect taken as recorded: {recorded}", run.pos)


STEPS: dict[str, Callable[[Run, Step], None]] = {
    "gain": gain, "take": take, "pay": pay, "draw": draw, "place_votes": place_votes, "move_votes": move_votes,
    "remove_votes": remove_votes, "extra_actions": extra_actions, "extra_turn": extra_turn, "hand_limit": lasting,
    "put_vis": put_vis, "activate": activate, "burn": burn, "transmute": transmute, "redraw": redraw,
    "manual": manual,
}
