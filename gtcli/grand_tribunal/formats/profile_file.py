"""Resolve ``--profile``: a built-in name or a TOML file of overrides."""

from __future__ import annotations

from pathlib import Path

from gtcli.core.diagnostics import InputError
from gtcli.core.files.reading import exists
from gtcli.core.files.toml_source import read_toml
from gtcli.grand_tribunal.rules import profiles
from gtcli.grand_tribunal.rules.profiles import RuleProfile


def load_profile(spec: str | None) -> RuleProfile:
    if not spec:
        return profiles.OFFICIAL
    if spec in profiles.BUILTIN:
        return profiles.BUILTIN[spec]
    path = Path(spec)
    if spec.endswith(".toml") or exists(path):
        from gtcli.core.files.memo import from_file

        return from_file("profile", path, _read_profile)
    try:
        return profiles.builtin(spec)
    except InputError as exc:
        raise exc.located("--profile") from None


def _read_profile(spec: str) -> RuleProfile:
    path = Path(spec)
    source = read_toml(path, "PROF002", "profile file")
    try:
        return profiles.from_mapping(source.data, default_name=path.stem)
    except InputError as exc:
        raise exc.located(str(path)) from None
