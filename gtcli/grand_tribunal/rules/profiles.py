"""Rule profiles: the parameters a group may play differently.

``official`` is the English sheet plus the publisher's errata; ``printed-fr`` is the
French sheet as printed (docs/rules.md, "Rule profiles"). Groups add house rules with a TOML
file of overrides; every parameter is validated so a typo never silently does nothing.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from gtcli.core.diagnostics import Diagnostic, InputError
from gtcli.core.text import did_you_mean, one_of


@dataclass(frozen=True)
class RuleProfile:
    name: str = "official"
    description: str = "English rule sheet with the publisher's errata"
    praeco_passes: str = "left"  # P4: "left" = next player clockwise (turns are clockwise whatever this says)
    starting_draw: str = "left"  # S3: the extra starting cards are drawn from the dealer's left (or right)
    tribunal_vis: int = 0  # R6: Vis each player receives when a new Tribunal begins
    contested_fee: int = 2  # A11: what each other roller pays the gatherer
    place_colours: tuple[str, ...] = ("blue", "red", "yellow")
    place_multipliers: tuple[int, ...] = (4, 3, 2)  # R4
    awarded_places: int = 3  # R3: only places 1..awarded_places are awarded
    award_tokens_per_place: int = 4  # R3: at most this many items share a place
    starting_vis: int = 12  # S2
    hand_limit: int = 5  # T4
    voting_tokens: int = 24  # V3
    vis_tokens: int = 60  # V2
    min_players: int = 3  # S1
    max_players: int = 5  # S1
    tribunals: int = 3  # R7: the last one is the Grand Tribunal
    variants: tuple[str, ...] = ()  # X1-X5 always on under this profile (a house profile's), as codes

    def multiplier(self, place: int) -> int:
        return self.place_multipliers[place - 1]

    def parameters(self) -> dict[str, Any]:
        """Every parameter except name and description, as plain values."""
        data = asdict(self)
        data.pop("name")
        data.pop("description")
        return {k: list(v) if isinstance(v, tuple) else v for k, v in data.items()}


OFFICIAL = RuleProfile()
PRINTED_FR = RuleProfile(
    name="printed-fr",
    description="the French rule sheet as printed (002)",
    praeco_passes="right",
    tribunal_vis=12,
    contested_fee=1,
    place_colours=("blue", "red", "green"),
)
PRINTED_ES = RuleProfile(
    name="printed-es",
    description="the Spanish rule sheet as printed (000)",
    starting_draw="right",
)
BUILTIN: dict[str, RuleProfile] = {p.name: p for p in (OFFICIAL, PRINTED_FR, PRINTED_ES)}

_PARAMETERS = {f.name: f for f in fields(RuleProfile) if f.name not in ("name", "description")}


def builtin(name: str) -> RuleProfile:
    if name in BUILTIN:
        return BUILTIN[name]
    raise InputError(
        Diagnostic(
            "PROF001",
            f"unknown rule profile {name!r}",
            hint=did_you_mean(name, BUILTIN) or f"built-in profiles: {one_of(BUILTIN)}; or give a .toml file",
        )
    )


def _check_value(key: str, value: Any, base: RuleProfile) -> Any:
    default = getattr(base, key)

    def bad(why: str) -> InputError:
        return InputError(Diagnostic("PROF002", f"parameter {key!r} {why}, got {value!r}"))

    if key == "variants":  # names as a log's [Variants] tag takes them (PROF003 for an unknown one)
        from gtcli.grand_tribunal.rules.variants import parse_variant_list

        items = [value] if isinstance(value, str) else value
        if not isinstance(items, list) or not all(isinstance(v, str) for v in items) or len(items) > 20:
            raise bad("must be a list of variant names or codes")
        return tuple(sorted(parse_variant_list(items)))

    if isinstance(default, tuple):
        if not isinstance(value, list) or not value:
            raise bad("must be a non-empty list")
        wanted = type(default[0])
        if not all(isinstance(v, wanted) and not isinstance(v, bool) for v in value):
            raise bad(f"must be a list of {'whole numbers' if wanted is int else 'words'}")
        if wanted is int and any(v < 0 or v > 1000 for v in value):
            raise bad("must hold numbers from 0 to 1000")
        return tuple(value)
    if isinstance(default, int):
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 1000:
            raise bad("must be a whole number from 0 to 1000")
        return value
    if key in ("praeco_passes", "starting_draw") and value not in ("left", "right"):
        raise bad('must be "left" or "right"')
    if not isinstance(value, str):
        raise bad("must be a string")
    return value


def with_overrides(base: RuleProfile, overrides: dict[str, Any], name: str | None = None) -> RuleProfile:
    """``base`` with some parameters replaced; every key and value is validated."""
    changes: dict[str, Any] = {}
    for key, value in overrides.items():
        if key not in _PARAMETERS:
            raise InputError(
                Diagnostic(
                    "PROF002",
                    f"unknown profile parameter {key!r}",
                    hint=did_you_mean(key, _PARAMETERS) or f"parameters: {one_of(_PARAMETERS, 20)}",
                )
            )
        changes[key] = _check_value(key, value, base)
    profile = replace(base, **changes)
    if name:
        profile = replace(profile, name=name, description=f"{base.name} with house rules")
    if len(profile.place_multipliers) < profile.awarded_places:
        raise InputError(
            Diagnostic(
                "PROF002",
                f"{profile.awarded_places} awarded places need as many place_multipliers, "
                f"got {len(profile.place_multipliers)}",
            )
        )
    if profile.min_players > profile.max_players or profile.min_players < 2:
        raise InputError(Diagnostic("PROF002", "min_players must be at least 2 and at most max_players"))
    if profile.award_tokens_per_place < 1 or profile.tribunals < 1:
        raise InputError(Diagnostic("PROF002", "award_tokens_per_place and tribunals must be at least 1"))
    return profile


def from_mapping(data: dict[str, Any], default_name: str) -> RuleProfile:
    """A profile file: ``name``, ``base`` (a built-in) and a ``[parameters]`` table."""
    unknown = set(data) - {"name", "base", "description", "parameters"}
    if unknown:
        key = sorted(unknown)[0]
        raise InputError(
            Diagnostic(
                "PROF002",
                f"unknown key {key!r} in a profile file",
                hint=(did_you_mean(key, _PARAMETERS) and "parameters go in a [parameters] table")
                or "a profile file has name, base, description and [parameters]",
            )
        )
    base = builtin(str(data.get("base", "official")))
    params = data.get("parameters", {})
    if not isinstance(params, dict):
        raise InputError(Diagnostic("PROF002", "[parameters] must be a table"))
    profile = with_overrides(base, params, name=str(data.get("name", default_name)))
    if "description" in data:
        profile = replace(profile, description=str(data["description"]))
    return profile


def diff(a: RuleProfile, b: RuleProfile) -> list[tuple[str, Any, Any]]:
    """The parameters whose values differ, in declaration order."""
    pa, pb = a.parameters(), b.parameters()
    return [(k, pa[k], pb[k]) for k in pa if pa[k] != pb[k]]
