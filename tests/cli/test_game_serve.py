"""``gt game serve``: the scorekeeper's phone, without JavaScript (a plain HTTP client posting the forms).

The whole way a phone records a Tribunal (page, preview, Record), the session it leaves
being the one ``gt game tribunal --from`` leaves for the same lines; the conflict page when
the terminal recorded meanwhile, two phones at once, undo asked twice, the session's
language; and ``gt game serve`` itself in a real process, telling each change as it lands.
The refusals are in test_game_serve_hostile.py.
"""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import threading
import urllib.parse

import pytest

from gtcli.cli.game_server import Running
from gtcli.grand_tribunal.formats.session_file import load_game
from gtcli.grand_tribunal.shipped import published_vocabulary
from tests.cli.phone_client import LINES, Server, new_session
from tests.cli.phone_client import server, session  # noqa: F401  (the fixtures)
from tests.conftest import run


def _recorded(session) -> int:
    """Tribunals the session file holds (its header's comment names ``[[tribunals]]`` too)."""
    return session.read_text(encoding="utf-8").count("\n[[tribunals]]\n")


def _terminal_records(tmp_path, lines: str, name: str = "terminal.toml"):
    """The session ``gt game tribunal --from`` leaves for the same lines, from the same start."""
    other = new_session(tmp_path, name)
    table = tmp_path / (name + ".lines")
    table.write_text(lines, encoding="utf-8")
    result = run("game", "tribunal", other, "--from", table, "--yes")
    assert result.exit_code == 0, result.output
    return other


def test_a_tribunal_recorded_from_the_plain_form_is_what_gt_game_tribunal_records(tmp_path, session, server):
    page = server.get()
    assert page.status == 200 and page.headers["content-type"].startswith("text/html")
    assert "Standings" in page.words() and "No Tribunal recorded yet." in page.words()
    preview = server.post("preview", {**page.fields("preview"), "lines": LINES})
    assert preview.status == 200
    words = preview.words()
    assert "Preview: Tribunal 1" in words and "Record Tribunal 1" in words
    assert _recorded(session) == 0  # a preview writes nothing
    done = server.post("record", preview.fields("record"))
    assert done.status == 303 and done.headers["location"] == "./?recorded=1"
    assert server.request("GET", server.base + "?recorded=1").words().count("Tribunal 1 is recorded.") == 1
    other = _terminal_records(tmp_path, LINES)
    vocabulary = published_vocabulary()
    assert load_game(session, vocabulary) == load_game(other, vocabulary)
    assert session.read_text(encoding="utf-8") == other.read_text(encoding="utf-8")  # byte for byte the same save
    assert [(kind, done.number, client) for kind, done, client in server.told] == [("recorded", 1, "127.0.0.1")]
    assert "ana" in run("game", "show", session).output.lower()


def test_the_page_shows_the_game_and_carries_the_items_over(tmp_path, session, server):
    server.preview_and_record(LINES)
    page = server.get()
    words = page.words()
    assert "Next: Tribunal 2" in words and "Tribunals recorded" in words and "Items carried over" in words
    assert "Caro: wand 3" in words  # it placed nowhere: it competes again
    assert page.fields("preview")["lines"] == "votes \nCaro: wand 3\n"  # the form starts from it
    state = json.loads(server.get("state.json").text)
    assert state["carried_over"] == ["Caro: wand 3"] and len(state["tribunals"]) == 1 and not state["finished"]
    assert state["version"] and state["totals"][0]["name"] == "Ana"


def test_every_mistake_comes_back_with_its_hint_and_the_lines_kept(session, server):
    lines = "votes stuff 2\nZed: orb 3\nAna: praeco staff orb wand\n"
    answer = server.post("preview", {**server.get().fields("preview"), "lines": lines})
    assert answer.status == 200
    words = answer.words()
    assert "To fix before recording" in words
    assert "line 1:" in words and "line 2:" in words and "line 3:" in words
    assert "did you mean 'staff'?" in words  # the hint that fixes it
    assert answer.fields("preview")["lines"] == lines  # offered back as typed
    assert 'action="record"' not in answer.text  # no Record button
    assert _recorded(session) == 0


def test_the_terminal_recorded_meanwhile_the_phone_gets_the_conflict_page(tmp_path, session, server):
    preview = server.post("preview", {**server.get().fields("preview"), "lines": LINES})
    table = tmp_path / "t.lines"
    table.write_text("votes orb 1\nBen: orb 2\n", encoding="utf-8")
    assert run("game", "tribunal", session, "--from", table, "--yes").exit_code == 0
    before = session.read_bytes()
    answer = server.post("record", preview.fields("record"))
    assert answer.status == 409
    words = answer.words()
    assert "The game changed meanwhile" in words and "Next: Tribunal 2" in words and "Ben 8" in words
    assert answer.fields("preview")["lines"] == LINES  # nothing typed on the phone is lost
    assert session.read_bytes() == before
    assert server.told == []
    again = server.post("preview", answer.fields("preview"))  # sent again from the conflict page: previewed
    assert again.status == 200 and "Preview: Tribunal 2" in again.words()


def test_two_phones_at_once_one_wins_and_the_other_gets_the_conflict_page(session, server):
    forms = [server.post("preview", {**server.get().fields("preview"), "lines": lines}).fields("record")
             for lines in (LINES, "votes orb 1\nBen: orb 2\n")]
    answers: list = [None, None]
    start = threading.Barrier(2)

    def phone(n: int) -> None:
        start.wait()
        answers[n] = server.post("record", forms[n])

    threads = [threading.Thread(target=phone, args=(n,)) for n in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert sorted(a.status for a in answers) == [303, 409]
    assert _recorded(session) == 1
    loser = next(a for a in answers if a.status == 409)
    assert loser.fields("preview")["lines"] in (LINES, "votes orb 1\nBen: orb 2\n")


def test_undo_from_the_phone_is_asked_twice(tmp_path, session, server):
    server.preview_and_record(LINES)
    recorded = session.read_text(encoding="utf-8")
    ask = server.post("undo", server.get().fields("undo"))
    assert ask.status == 200 and "Yes, drop Tribunal 1" in ask.words() and "No, keep it" in ask.words()
    assert session.read_text(encoding="utf-8") == recorded  # the first question changes nothing
    done = server.post("undo/confirm", ask.fields("undo/confirm"))
    assert done.status == 303 and done.headers["location"] == "./?undone=1"
    assert load_game(session, published_vocabulary()).tables == ()
    assert [kind for kind, *_ in server.told] == ["recorded", "undone"]
    assert run("game", "redo", session).exit_code == 0  # kept for redo, as gt game undo keeps it
    assert _recorded(session) == 1
    table = tmp_path / "t.lines"
    table.write_text("votes orb 1\nBen: orb 2\n", encoding="utf-8")
    assert run("game", "tribunal", session, "--from", table, "--yes").exit_code == 0
    before = session.read_bytes()
    stale = server.post("undo/confirm", ask.fields("undo/confirm"))  # that confirmation, once the game moved on
    assert stale.status == 409 and "The game changed meanwhile" in stale.words()
    assert session.read_bytes() == before


def test_record_records_exactly_what_was_previewed(session, server):
    form = server.post("preview", {**server.get().fields("preview"), "lines": LINES}).fields("record")
    changed = server.post("record", {**form, "lines": LINES.replace("staff 4", "staff 9")})
    assert changed.status == 403 and "open the game's address again" in changed.words()
    assert _recorded(session) == 0


@pytest.mark.parametrize("lang, words", [("fr", ("Classement", "Prochaine : Assemblée 1", "Aperçu")),
                                         ("es", ("Clasificación", "Siguiente: Tribunal 1", "Vista previa")),
                                         ("it", ("Classifica", "Prossimo: Tribunale 1", "Anteprima"))])
def test_the_page_speaks_the_sessions_language(session, lang, words):
    s = Server(session, lang)
    try:
        page = s.get()
        assert f'<html lang="{lang}">' in page.text
        for word in words:
            assert word in page.words()
    finally:
        s.close()


def test_french_lines_are_recorded_from_a_french_page(tmp_path, session):
    s = Server(session, "fr")
    try:
        lines = "votes bâton 2, orbe 3\nAna: bâton 4 élémentaire\nBen: orbe 3 guérison gagné\n"
        done = s.preview_and_record(lines)
        assert done.status == 303, done.words()
    finally:
        s.close()
    game = load_game(session, published_vocabulary())
    assert game.tables[0].votes == {"staff": 2, "orb": 3}
    assert game.tables[0].items[1].spells == ("healing",) and game.tables[0].items[1].won


def test_gt_game_serve_runs_and_tells_each_change_as_it_lands(tmp_path, session):
    proc = subprocess.Popen([sys.executable, "-m", "gtcli", "game", "serve", str(session), "--json"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        serving = json.loads(proc.stdout.readline())
        assert serving["kind"] == "serving" and serving["host"] == "127.0.0.1" and serving["lan"] is False
        url = urllib.parse.urlsplit(serving["url"])
        secret = url.path.strip("/")
        assert len(secret) >= 32  # 192 random bits, URL-safe base64
        client = Server.__new__(Server)
        client.port, client.host, client.base = url.port, url.netloc, url.path
        assert client.request("GET", "/").status == 404
        assert client.preview_and_record(LINES).status == 303
        told = json.loads(proc.stdout.readline())
        assert told["kind"] == "recorded" and told["tribunal"] == 1 and told["result"]["players"][0]["name"] == "Ana"
        assert told["obsolete"] == 0 and told["from"] == "127.0.0.1" and told["tribunals"] == 1
        proc.send_signal(signal.SIGINT)
        assert json.loads(proc.stdout.readline()) == {"kind": "stopped"}
        assert proc.wait(30) == 0
    finally:
        proc.kill()
        proc.wait()


def test_gt_game_serve_in_words(session):
    proc = subprocess.Popen([sys.executable, "-m", "gtcli", "game", "serve", str(session)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        first = proc.stdout.readline()
        assert "on this machine only" in first and "--lan" in first
        url = urllib.parse.urlsplit(proc.stdout.readline().strip())
        assert url.scheme == "http" and url.hostname == "127.0.0.1"
        assert proc.stdout.readline() == "Ctrl-C stops.\n"
        client = Server.__new__(Server)
        client.port, client.host, client.base = url.port, url.netloc, url.path
        assert client.preview_and_record(LINES).status == 303
        told = ""
        while "from a phone" not in told:  # the result as gt game tribunal shows it, then where it came from
            line = proc.stdout.readline()
            assert line, told
            told += line
        assert "Ana" in told and f"Recorded Tribunal 1 to {session} from a phone (127.0.0.1)." in told
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(30) == 0
        assert "Stopped serving" in proc.stdout.read()
    finally:
        proc.kill()
        proc.wait()


def test_lan_at_a_terminal_draws_the_qr_code(session):
    from gtcli.cli.http_common import lan_address
    from tests.terminal import Terminal

    if lan_address() is None:
        pytest.skip("this machine has no address on a local network")
    term = Terminal("game", "serve", session, "--lan")
    try:
        shown = term.read_until("Ctrl-C stops.")
        assert f"on your local network at {lan_address()}" in shown and f"http://{lan_address()}:" in shown
        assert "\u2588" in shown or "\u2580" in shown or "\u2584" in shown  # the QR code's blocks
        term.type("\x03")
        assert term.wait() == 0 and "Stopped serving" in term.text
    finally:
        term.kill()


ORIGINAL_WAIT = Running.wait


def stopped_at_once(running):
    """``Running.wait`` as if a stop came at once: the server stopped, the signals' handlers given back."""
    running._stop.set()
    ORIGINAL_WAIT(running)


def test_lan_without_segno_says_how_to_get_the_qr_code(session, monkeypatch):
    from gtcli.cli import game_server, http_common

    monkeypatch.setitem(sys.modules, "segno", None)  # as if the extra were not installed
    monkeypatch.setattr(http_common, "lan_address", lambda: "127.0.0.1")
    monkeypatch.setattr(game_server.Running, "wait", stopped_at_once)
    handlers = signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)
    result = run("game", "serve", session, "--lan")
    assert result.exit_code == 0, result.output
    assert (signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)) == handlers  # given back as it ends
    assert "on your local network at 127.0.0.1" in result.output
    assert "pip install 'gtcli[qr]'" in result.output and "http://127.0.0.1:" in result.output


def test_lan_without_a_network_is_a_usage_error(session, monkeypatch):
    from gtcli.cli import http_common

    monkeypatch.setattr(http_common, "lan_address", lambda: None)
    result = run("game", "serve", session, "--lan")
    assert result.exit_code == 2 and "no address on a local network" in result.output


def test_an_unusable_session_is_refused_before_anything_listens(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("format = 7\n", encoding="utf-8")
    result = run("game", "serve", bad)
    assert result.exit_code == 2 and "GAME001" in result.output


def test_the_clubs_language_setting_is_the_pages(tmp_path, session, monkeypatch):
    from gtcli.cli import game_server

    (tmp_path / "gt.toml").write_text('language = "it"\n', encoding="utf-8")
    monkeypatch.setattr(game_server.Running, "wait", stopped_at_once)
    lines = run("game", "serve", session, "--json").output.splitlines()
    assert json.loads(lines[0])["language"] == "it"
    assert json.loads(run("game", "serve", session, "--json", "--lang", "es").output.splitlines()[0])["language"] == "es"


def test_a_port_taken_is_a_usage_error(session):
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        result = run("game", "serve", session, "--port", str(taken.getsockname()[1]))
    assert result.exit_code == 2 and "cannot serve on 127.0.0.1" in result.output


def test_the_terminal_undid_meanwhile_the_phone_gets_the_conflict_page(session, server):
    server.preview_and_record(LINES)
    preview = server.post("preview", {**server.get().fields("preview"), "lines": "votes none\nCaro: wand 3\n"})
    assert run("game", "undo", session, "--yes").exit_code == 0
    before = session.read_bytes()
    answer = server.post("record", preview.fields("record"))
    assert answer.status == 409 and "Next: Tribunal 1" in answer.words()
    assert answer.fields("preview")["lines"] == "votes none\nCaro: wand 3\n"
    assert session.read_bytes() == before


def test_while_the_terminal_enters_a_tribunal_the_phone_is_told_to_try_again(session, server):
    """gt game tribunal holds the session's lock while the scorekeeper types: the phone waits a moment,
    then is told so (nothing written), and records once the terminal is done."""
    from tests.terminal import Terminal

    form = server.post("preview", {**server.get().fields("preview"), "lines": LINES}).fields("record")
    term = Terminal("game", "tribunal", session)
    try:
        term.read_until("Voting Track")
        before = session.read_bytes()
        busy = server.post("record", form)
        assert busy.status == 503 and "being changed at the terminal" in busy.words()
        assert session.read_bytes() == before
        term.type("\x03")  # Ctrl-C: the terminal gives up, nothing saved
        assert term.wait() != 0
    finally:
        term.kill()
    assert server.post("record", form).status == 303


def test_lines_with_a_tab_and_a_bidirectional_control_are_recorded_as_previewed(session, server):
    lines = 'votes\tstaff 2\nAna: "\u05d0\u05d1\u2067 Staff" staff 4\n'
    answer = server.preview_and_record(lines)
    assert answer.status == 303, answer.words()
    assert load_game(session, published_vocabulary()).tables[0].items[0].name == "\u05d0\u05d1\u2067 Staff"


def test_with_a_card_set_a_cards_name_fills_in_the_item(tmp_path, session, monkeypatch):
    """`gt game serve --cards sample`, as `gt game tribunal --cards`: a card's name is its type and base."""
    from gtcli.cli import game_server

    started = {}

    def wait(running):
        started["phone"] = running.server.phone
        stopped_at_once(running)

    monkeypatch.setattr(game_server.Running, "wait", wait)
    assert run("game", "serve", session, "--cards", "sample", "--json").exit_code == 0
    phone = started["phone"]
    assert phone.card_set is not None
    s = Server(session)
    s.phone.card_set, s.phone.vocabulary = phone.card_set, phone.vocabulary
    try:
        assert s.preview_and_record("votes staff 2\nBen: Ember Wand\nAna: \"Storm Staff\" elemental\n").status == 303
    finally:
        s.close()
    items = load_game(session, published_vocabulary()).tables[0].items
    assert [(i.owner, i.type, i.base, i.name) for i in items] == [("Ben", "wand", 2, "Ember Wand"),
                                                                  ("Ana", "staff", 3, "Storm Staff")]
