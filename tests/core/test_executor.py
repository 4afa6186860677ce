"""gtcli.core.executor: the same results, in input order, on one core, a process pool and Dask clusters."""

from __future__ import annotations

import json
import multiprocessing
import sys
from functools import partial

import pytest

from gtcli.core.executor import Executor, ExecutorUnavailable, map_ordered
from gtcli.grand_tribunal.play.simulation import Study, games
from tests.conftest import run


def square_after(delay_every: int, x: int) -> int:
    """Later items finish first now and then, so order is the executor's doing."""
    if x % delay_every == 0:
        import time

        time.sleep(0.01)
    return x * x


WORK = partial(square_after, 7)


def test_process_pool_keeps_input_order():
    items = list(range(60))
    assert list(map_ordered(WORK, items, Executor(jobs=1))) == [x * x for x in items]
    assert list(map_ordered(WORK, items, Executor(jobs=2))) == [x * x for x in items]


def test_stopping_early_leaves_no_worker_behind():
    before = set(multiprocessing.active_children())  # pools other tests left to the garbage collector
    results = map_ordered(WORK, range(200), Executor(jobs=2))
    assert len(set(multiprocessing.active_children()) - before) == 2
    assert next(results) == 0 and next(results) == 1
    results.close()
    assert set(multiprocessing.active_children()) - before == set()


def test_an_unknown_executor_is_refused():
    with pytest.raises(ExecutorUnavailable):
        map_ordered(WORK, [1, 2], Executor(kind="threads"))


def test_without_dask_the_message_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed -> ImportError
    with pytest.raises(ExecutorUnavailable, match=r"pip install 'gtcli\[dask\]'"):
        map_ordered(WORK, [1, 2], Executor(kind="dask"))
    result = run("simulate", "--games", "2", "--executor", "dask")
    assert result.exit_code == 2 and "pip install 'gtcli[dask]'" in result.output


def test_an_unreachable_scheduler_is_a_usage_error(monkeypatch):
    pytest.importorskip("distributed")
    monkeypatch.setattr("gtcli.core.executor.CONNECT_TIMEOUT", "1s")  # the test need not wait 10 s for a refusal
    result = run("simulate", "--games", "2", "--scheduler", "tcp://127.0.0.1:9")
    assert result.exit_code == 2 and "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in result.output


@pytest.fixture(scope="module")
def cluster():
    """A local Dask cluster of two worker processes, as CI runs it (docs/scale.md)."""
    distributed = pytest.importorskip("distributed")
    import logging

    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address="127.0.0.1:0", silence_logs=logging.ERROR) as local:
        yield local


def test_games_are_identical_on_processes_and_a_running_dask_cluster(cluster):
    study = Study((3, 4), "greedy", 5)
    on_one = [g.text for g in map_ordered(games(study), range(6), Executor(jobs=1))]
    on_two = [g.text for g in map_ordered(games(study), range(6), Executor(jobs=2))]
    on_dask = [g.text for g in map_ordered(games(study), range(6), Executor("dask", scheduler=cluster.scheduler_address))]
    assert on_one == on_two == on_dask and len(set(on_one)) == 6


def test_simulate_and_balance_on_a_running_cluster_match_jobs(cluster, tmp_path):
    args = ("simulate", "--games", "6", "--players", "3", "--seed", "9", "--stats-only", "--json")
    local = json.loads(run(*args, "-o", tmp_path / "a", "-j", "2").stdout)
    remote = json.loads(run(*args, "-o", tmp_path / "b", "--scheduler", cluster.scheduler_address).stdout)
    assert local["report"] == remote["report"] and remote["executor"].startswith("dask scheduler tcp://127.0.0.1:")
    assert (tmp_path / "a" / "games.jsonl").read_bytes() == (tmp_path / "b" / "games.jsonl").read_bytes()


def test_executor_dask_starts_its_own_local_cluster_of_two_workers(cluster, tmp_path):
    args = ("simulate", "--games", "4", "--players", "5", "--seed", "2", "-q")
    assert run(*args, "-o", tmp_path / "a", "-j", "1").exit_code == 0
    result = run(*args, "-o", tmp_path / "b", "--executor", "dask", "-j", "2")
    assert result.exit_code == 0, result.output
    assert "dask local cluster of 2" in result.output
    for log in (tmp_path / "a").glob("*.gtl"):
        assert log.read_bytes() == (tmp_path / "b" / log.name).read_bytes()
    balance = json.loads(run("balance", tmp_path / "b", "--json", "--scheduler", cluster.scheduler_address).stdout)
    assert balance["report"] == json.loads(run("balance", tmp_path / "a", "--json", "-j", "1").stdout)["report"]


def test_club_index_on_a_running_cluster_matches_jobs(cluster, tmp_path):
    """gt club index judges on a Dask cluster what it judges on one core: the same rows, answers and site."""
    import shutil

    from tests.conftest import SCENARIOS

    archive = tmp_path / "club"
    shutil.copytree(SCENARIOS / "games", archive)
    one = json.loads(run("club", "index", archive, "--db", tmp_path / "one.sqlite", "-j", "1", "--json").stdout)
    dask = json.loads(run("club", "index", archive, "--db", tmp_path / "dask.sqlite", "--json",
                          "--scheduler", cluster.scheduler_address).stdout)
    assert one["judged"] == dask["judged"] == one["files"] > 10
    assert one["ratings"] == dask["ratings"]
    stats = [json.loads(run("club", "stats", archive, "--db", tmp_path / db, "--json").stdout)
             for db in ("one.sqlite", "dask.sqlite")]
    for s in stats:
        s["index"].pop("database")  # the two files' own names
    assert stats[0] == stats[1] and stats[0]["games"] > 10
    site = run("club", "site", archive, "-o", tmp_path / "site", "--db", tmp_path / "dask.sqlite",
               "--scheduler", cluster.scheduler_address)
    assert site.exit_code == 0 and (tmp_path / "site" / "index.html").is_file()


def test_club_without_dask_says_what_to_install(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "distributed", None)
    (tmp_path / "club").mkdir()
    result = run("club", "index", tmp_path / "club", "--executor", "dask")
    assert result.exit_code == 2 and "pip install 'gtcli[dask]'" in result.output


def test_nothing_to_run_starts_no_cluster(monkeypatch):
    """An archive with nothing new starts no Dask cluster, but still says when Dask is missing."""
    pytest.importorskip("distributed")
    monkeypatch.setattr("gtcli.core.executor._dask_client", lambda executor: pytest.fail("a cluster was started"))
    assert list(map_ordered(WORK, [], Executor(kind="dask"))) == []
    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(ExecutorUnavailable):
        map_ordered(WORK, [], Executor(kind="dask"))
