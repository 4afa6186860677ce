"""Golden `gt play` sessions: scenarios/play/NAME.in (typed lines) and NAME.args (options of
`gt play --new`) give NAME.out (what the prompt printed, plain text) and NAME.gtl (the log).

After an intended change of the output: ``python -m tests.grand_tribunal.play.test_play_golden`` rewrites them;
read the diff before committing it.
"""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from tests.conftest import SCENARIOS, run

PLAY = SCENARIOS / "play"
CASES = sorted(p.stem for p in PLAY.glob("*.in"))


def session(name: str, folder: Path) -> tuple[str, str]:
    log = folder / "game.gtl"
    args = shlex.split((PLAY / f"{name}.args").read_text(encoding="utf-8"))
    result = run("play", log, "--new", *args, input=(PLAY / f"{name}.in").read_text(encoding="utf-8"),
                 env={"NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    output = result.output.replace(str(folder) + "/", "")
    return output, log.read_text(encoding="utf-8")


@pytest.mark.parametrize("name", CASES)
def test_golden_session(tmp_path, name):
    output, log = session(name, tmp_path)
    assert output == (PLAY / f"{name}.out").read_text(encoding="utf-8")
    assert log == (PLAY / f"{name}.gtl").read_text(encoding="utf-8")


if __name__ == "__main__":
    import tempfile

    for case in CASES:
        with tempfile.TemporaryDirectory() as tmp:
            out, text = session(case, Path(tmp))
        (PLAY / f"{case}.out").write_text(out, encoding="utf-8")
        (PLAY / f"{case}.gtl").write_text(text, encoding="utf-8")
        print(f"wrote scenarios/play/{case}.out and .gtl")
