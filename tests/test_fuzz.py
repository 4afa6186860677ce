"""The fuzz test of issue 11: every input kind, every command, hostile mutations, in process.

Scenarios 0..N of :mod:`tests.fuzz.corpus` (deterministic) through Click's CliRunner:
no traceback, an exit code of the documented set, under 5 CPU seconds (per answer for
``gt play``) and under 500 MB of peak growth each. Bounded to well under a minute; the
long run (``python -m tests.fuzz.long_run``) covers 100,000 of the same scenarios.
"""

from __future__ import annotations

import collections

from tests.fuzz.corpus import COMMANDS, scenario
from tests.fuzz.harness import run_scenario

SCENARIOS = 800


def test_fuzz_no_traceback_no_hang_no_blowup():
    failures = []
    kinds: collections.Counter = collections.Counter()
    commands: set[str] = set()  # the command lines, files left out
    exits: collections.Counter = collections.Counter()
    for number in range(SCENARIOS):
        s = scenario(number)
        outcome = run_scenario(s)
        kinds[s.kind] += 1
        commands.add(" ".join(a for a in s.args if "{d}" not in a))
        exits[outcome.exit_code] += 1
        if outcome.problem:
            failures.append(f"{s.describe()}: {outcome.problem} (exit {outcome.exit_code}, "
                            f"{outcome.seconds:.1f} s, +{outcome.megabytes:.0f} MB)\n{outcome.output[-2000:]}")
    assert not failures, "\n\n".join(failures[:5])
    assert set(kinds) == set(COMMANDS)  # every input kind was fuzzed
    assert len(commands) >= 25  # and (nearly) every command line
    assert exits[0] and exits[1] and exits[2]  # clean, findings and unusable inputs all occurred
