"""The documented ``gt play`` walk-through, typed into ``gt play`` as printed.

The lines are read from docs/guide.md (the section "At the table: `gt play`", the README's
section at length; the README links to it), so the docs cannot drift from what the tool does: every line must be accepted, and the prompt shown
before it must be the one the README prints. After an ``undo``, the prompt and ``state``
must agree on whose turn it is (they did not: the prompt said ``next: Ben`` while
``state`` showed Ana's turn still open).
"""

from __future__ import annotations

import json
import re
import shlex

from tests.conftest import ROOT, run

SECTION = "### At the table: `gt play`"  # docs/guide.md, the README section at length
COMMANDS = ("undo", "state", "end", "help", "roll")


def walk_through() -> tuple[list[str], list[tuple[str, str]]]:
    """The walk-through's ``gt play --new`` arguments, and its (prompt, typed line) pairs."""
    text = (ROOT / "docs" / "guide.md").read_text(encoding="utf-8")
    section = text[text.index(SECTION):]
    blocks = re.findall(r"```[a-z]*\n(.*?)```", section, re.S)
    new = next(line for line in blocks[0].splitlines() if "--new" in line)
    args = shlex.split(new.split("#")[0])
    assert args[:2] == ["gt", "play"]
    lines = []
    for line in blocks[1].splitlines():
        prompt, _, rest = line.partition("> ")
        typed = re.split(r"\s{3,}", rest.strip())[0]  # what follows three spaces is the README's comment
        lines.append((prompt, typed))
    return args[2:], lines


def test_the_walk_through_is_found():
    args, lines = walk_through()
    assert "--new" in args and "--players" in args
    assert len(lines) >= 8 and lines[0][0] == "setup"


def test_the_readme_walk_through_works_as_printed(tmp_path, monkeypatch):
    args, lines = walk_through()
    monkeypatch.chdir(tmp_path)
    typed = "\n".join(t for _, t in lines) + "\n"
    result = run("play", *args, "--seed", "7", "--json", input=typed)
    assert result.exit_code == 0, result.output
    replies = [json.loads(line) for line in result.stdout.splitlines()]
    answers = [r for r in replies if r["kind"] in ("reply", "state")]
    assert len(answers) == len(lines)
    for (prompt, line), answer in zip(lines, answers):
        if answer["kind"] == "reply":
            assert answer["accepted"], (line, answer["message"], answer["diagnostics"])
            assert all(d["severity"] != "error" for d in answer["diagnostics"]), line


def test_the_prompts_are_the_readmes(tmp_path, monkeypatch):
    args, lines = walk_through()
    monkeypatch.chdir(tmp_path)
    result = run("play", *args, "--seed", "7", input="\n".join(t for _, t in lines) + "\n")
    assert result.exit_code == 0, result.output
    echoed = [line for line in result.stdout.splitlines() if re.match(r"^[\w-]+> ", line)]
    assert echoed == [f"{prompt}> {line}" for prompt, line in lines]


def test_state_after_undo_agrees_with_the_prompt(tmp_path, monkeypatch):
    """``undo`` back to a closed turn: ``state`` shows no open turn and the prompt's next player."""
    args, lines = walk_through()
    monkeypatch.chdir(tmp_path)
    moves = [t for _, t in lines if t not in COMMANDS or t == "end"]
    typed = moves + ["end", "undo", "state", "undo", "state", "undo", "state"]
    result = run("play", *args, "--seed", "7", "--json", input="\n".join(typed) + "\n")
    replies = [json.loads(line) for line in result.stdout.splitlines()]
    states = [r for r in replies if r["kind"] == "state"]
    undone = [r for r in replies if r["kind"] == "reply" and r["message"].startswith("taken back")]
    assert len(states) == 3 and len(undone) == 3
    expected = [
        (None, "Caro"),  # Caro's vote was her whole turn: Ben's turn had been closed, Caro is next
        (None, "Ben"),  # Ben's gather was his whole turn: Ana's turn had been closed, Ben is next
        ("Ana", "Ana"),  # the advance was one of Ana's moves: her turn is open again
    ]
    for reply, state, (turn, following) in zip(undone, states, expected):
        assert (reply["status"]["turn"], reply["status"]["next"]) == (turn, following)
        assert (state["state"]["turn"], state["next"]) == (turn, following)
    for log in tmp_path.glob("*.gtl"):
        log.unlink()
    human = run("play", *args, "--seed", "7", input="\n".join(typed) + "\n")
    shown = [line for line in human.stdout.splitlines() if line.startswith("Tribunal 1, round 1, Praeco Ana, ")]
    assert shown == ["Tribunal 1, round 1, Praeco Ana, next: Caro", "Tribunal 1, round 1, Praeco Ana, next: Ben",
                     "Tribunal 1, round 1, Praeco Ana, turn of Ana (2 slot(s) left)"]
    prompts = [line.split(">")[0] for line in human.stdout.splitlines() if line.endswith("> state")]
    assert prompts == ["Caro", "Ben", "Ana"]
