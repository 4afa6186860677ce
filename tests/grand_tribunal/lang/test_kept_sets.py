"""The shipped card sets kept, checked, in the user's private cache (gtcli.grand_tribunal.lang.cards.kept)."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys

import pytest

from gtcli.core.files import cache
from gtcli.core.files.memo import forget
from gtcli.grand_tribunal.lang.cards import kept
from gtcli.grand_tribunal.lang.cards.sets import load, load_set
from gtcli.grand_tribunal.shipped import cards_dir
from tests.conftest import ROOT

SAMPLE = cards_dir() / "sample.gtc"
posix_only = pytest.mark.skipif(os.name != "posix", reason="file modes and owners are POSIX")


@pytest.fixture
def cache_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    forget()  # the per-process memo would answer before the cache is asked
    yield tmp_path / "gtcli"
    forget()


def entries(folder):
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("set-")) if folder.exists() else []


def test_a_shipped_set_is_kept_and_read_back_equal(cache_home):
    fresh = load(SAMPLE).card_set
    assert load_set(SAMPLE) == fresh
    assert entries(cache_home) == [f"set-sample-{kept.code_stamp()}.pickle"]
    files, card_set = kept.kept_set(SAMPLE)
    assert card_set == fresh and card_set.vocabulary == fresh.vocabulary
    assert str(SAMPLE.resolve()) in files and any(f.endswith("sample-resources.gtc") for f in files)


def test_a_users_set_is_not_kept(cache_home, tmp_path):
    mine = tmp_path / "mine"
    mine.mkdir()
    for p in cards_dir().glob("sample*.gtc"):
        (mine / p.name).write_bytes(p.read_bytes())
    assert load_set(mine / "sample.gtc").cards == load(SAMPLE).card_set.cards
    assert entries(cache_home) == []
    assert kept.kept_set(mine / "sample.gtc") is None


def test_an_entry_whose_files_changed_is_not_used(cache_home):
    load_set(SAMPLE)
    entry = cache_home / entries(cache_home)[0]
    data = cache.load_data(entry.read_bytes(), kept.CLASSES)
    data["files"] = {name: "0" * 64 for name in data["files"]}  # as if sample.gtc had been edited since
    entry.write_bytes(cache.dump_data(data))
    assert kept.kept_set(SAMPLE) is None
    forget()
    assert load_set(SAMPLE) == load(SAMPLE).card_set  # loaded from the files, and kept afresh
    assert kept.kept_set(SAMPLE) is not None


def test_a_damaged_entry_is_not_used(cache_home):
    load_set(SAMPLE)
    entry = cache_home / entries(cache_home)[0]
    entry.write_bytes(entry.read_bytes()[:100])
    assert kept.kept_set(SAMPLE) is None
    entry.write_bytes(cache.dump_data({"files": {}, "set": "not a set"}))
    assert kept.kept_set(SAMPLE) is None


@posix_only
def test_a_planted_entry_cannot_run_code(cache_home, tmp_path):
    load_set(SAMPLE)
    entry = cache_home / entries(cache_home)[0]
    marker = tmp_path / "pwned"

    class Payload:
        def __reduce__(self):
            return (os.system, (f"touch {marker}",))

    entry.write_bytes(pickle.dumps({"files": {}, "set": Payload()}))
    assert kept.kept_set(SAMPLE) is None
    assert not marker.exists()  # load_data refused os.system
    assert cache.load_data(pickle.dumps([1, {"a": frozenset({2})}])) == [1, {"a": frozenset({2})}]


def test_another_gt_writes_another_entry(cache_home, monkeypatch):
    load_set(SAMPLE)
    monkeypatch.setattr(kept, "code_stamp", lambda: "another-version")
    assert kept.kept_set(SAMPLE) is None  # an entry of other code is never read


PROBE = """
import sys
from gtcli.grand_tribunal.lang.logs.check import Options, check_file
checked = check_file(sys.argv[1], Options())
print(len(checked.card_set.cards), "gtcli.grand_tribunal.lang.cards.ast" in sys.modules)
"""


def test_checking_a_log_on_the_kept_sample_reads_no_card_file(tmp_path):
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path), "PYTHONPATH": str(ROOT)}
    log = ROOT / "scenarios" / "games" / "three-players.gtl"
    first, second = (subprocess.run([sys.executable, "-c", PROBE, str(log)], capture_output=True, text=True,
                                    env=env, check=True).stdout.split() for _ in range(2))
    assert first[0] == second[0]
    assert (first[1], second[1]) == ("True", "False")  # parsed once; then kept, no card parser imported
