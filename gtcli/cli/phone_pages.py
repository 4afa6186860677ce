"""What each route of ``gt game serve`` answers (:mod:`gtcli.cli.game_server` decides who may ask).

Every answer is ``(status, body, content type[, location])``. The session is read afresh for
each request (a stat and a small file), so the page always shows the game as it is, whoever
changed it; every change goes through :mod:`gtcli.grand_tribunal.formats.recording`.
"""

from __future__ import annotations

from gtcli.core.diagnostics import Diagnostic, InputError
from gtcli.grand_tribunal.formats.recording import Changed, next_table, record_lines, undo_last, version_of
from gtcli.grand_tribunal.html import phone_page as pages
from gtcli.grand_tribunal.html.phone_words import tribunal_name, word

HTML = "text/html; charset=utf-8"
LOCK_WAIT = 2.0  # seconds a phone's change waits for the session's lock (the terminal may hold it)
Answer = tuple


def _html(status: int, text: str, location: str | None = None) -> Answer:
    return status, text.encode("utf-8"), HTML, location


def _current(phone):
    """(game, version), or an answer saying why the session cannot be read now."""
    try:
        game, version = version_of(phone.path, phone.vocabulary)
    except InputError:
        return None, _html(503, pages.message_page(None, phone.lang, word("unusable", phone.lang)))
    return (game, version), None


def _findings(diagnostics: list[Diagnostic]) -> list[pages.Finding]:
    return [pages.Finding(d.line or 0, d.code, d.message, d.hint) for d in diagnostics]


def _preview_of(game, table):
    from gtcli.grand_tribunal.rules.game import record, results

    return results(record(game, table))[-1]


def _busy(exc: InputError) -> bool:
    return any(d.code == "IO003" for d in exc.diagnostics)


def _number(query: str, key: str) -> int | None:
    for part in query.split("&"):
        name, _, value = part.partition("=")
        if name == key and value.isdigit() and len(value) <= 3:
            return int(value)
    return None


# ---- GET -------------------------------------------------------------------------------------------------
def home(phone, query: str) -> Answer:
    now, failed = _current(phone)
    if failed:
        return failed
    game, version = now
    lang, banner = phone.lang, None
    recorded, undone = _number(query, "recorded"), _number(query, "undone")
    if recorded:
        banner = word("recorded_now", lang, t=tribunal_name(recorded, game.profile.tribunals, lang))
    elif undone:
        banner = word("undone_now", lang, t=tribunal_name(undone, game.profile.tribunals, lang))
    form = pages.Form(phone.page_token(), version, pages.starting_lines(game, phone.vocabulary, lang))
    return _html(200, pages.game_page(game, phone.vocabulary, lang, form, banner))


def state(phone) -> Answer:
    from gtcli.grand_tribunal.reports import game_json
    from gtcli.grand_tribunal.rules.game import carry_over, results

    now, failed = _current(phone)
    if failed:
        return json_answer({"error": "the session cannot be read now"}, 503)
    game, version = now
    return json_answer({"version": version, "language": phone.lang, "tribunals_in_game": game.profile.tribunals,
                        "finished": game.finished, **game_json(game, results(game)),
                        "carried_over": [pages.item_line(i, phone.vocabulary, phone.lang) for i in carry_over(game)]})


def stale(phone) -> Answer:
    return _html(403, pages.message_page(None, phone.lang, word("stale", phone.lang)))


# ---- POST ------------------------------------------------------------------------------------------------
def _conflict(phone, game, version: str, lines: str) -> Answer:
    form = pages.Form(phone.page_token(), version, lines)
    return _html(409, pages.conflict_page(game, phone.vocabulary, phone.lang, form))


def preview(phone, fields: dict[str, str], client: str) -> Answer:
    now, failed = _current(phone)
    if failed:
        return failed
    game, version = now
    lines = fields.get("lines", "")
    if fields.get("version") != version or game.finished:
        return _conflict(phone, game, version, lines)
    form = pages.Form(phone.page_token(), version, lines)
    table, problems = next_table(lines, game, None, phone.lang, phone.card_set)
    if table is None or problems:
        return _html(200, pages.mistakes_page(game, phone.vocabulary, phone.lang, form, _findings(problems)))
    result = _preview_of(game, table)
    return _html(200, pages.preview_page(game, phone.vocabulary, phone.lang, form, result,
                                         phone.signature(version, lines)))


def preview_json(phone, fields: dict[str, str], client: str) -> Answer:
    """The live preview the script asks for after each tap: the mistakes, or places and scores."""

    now, failed = _current(phone)
    if failed:
        return json_answer({"error": "the session cannot be read now"}, 503)
    game, version = now
    if fields.get("version") != version or game.finished:
        return json_answer({"changed": True, "findings": [], "items": [], "players": []})
    table, problems = next_table(fields.get("lines", ""), game, None, phone.lang, phone.card_set)
    if table is None or problems:
        return json_answer({"changed": False, "items": [], "players": [],
                            "findings": [{"line": f.line, "code": f.code, "message": f.message, "hint": f.hint}
                                         for f in _findings(problems)]})
    result = _preview_of(game, table)
    items = [{"label": pages.item_label(r.item, phone.vocabulary, phone.lang), "votes": r.votes, "place": r.place,
              "score": r.score, "competing": r.competing} for r in pages.in_order(result.items)]
    return json_answer({"changed": False, "findings": [], "items": items,
                        "players": [{"name": p.name, "score": p.score} for p in result.players]})


def _change(phone, lines: str, change, kind: str, client: str) -> Answer:
    """Make ``change`` (record, undo) one at a time; the conflict page if the session moved on, a page
    saying why if it cannot be changed now; else the game's page again (303), the terminal told."""
    with phone.writing:
        try:
            done = change()
        except Changed as exc:
            return _conflict(phone, exc.game, exc.version, lines)
        except InputError as exc:
            if _busy(exc):
                return _html(503, pages.message_page(None, phone.lang, word("busy", phone.lang)))
            now, failed = _current(phone)
            if failed:
                return failed
            form = pages.Form(phone.page_token(), now[1], lines)
            return _html(200, pages.mistakes_page(now[0], phone.vocabulary, phone.lang, form,
                                                  _findings(list(exc.diagnostics))))
    phone.on_change(kind, done, client)
    return _html(303, pages.message_page(done.game, phone.lang, "…"), f"./?{kind}={done.number}")


def record(phone, fields: dict[str, str], client: str) -> Answer:
    import hmac

    version, lines = fields.get("version", ""), fields.get("lines", "")
    if not hmac.compare_digest(fields.get("signature", "").encode(), phone.signature(version, lines).encode()):
        return stale(phone)
    return _change(phone, lines, lambda: record_lines(phone.path, phone.vocabulary, lines, phone.lang,
                                                      expect=version, wait=_lock_wait(),
                                                      card_set=phone.card_set), "recorded", client)


def undo_ask(phone, fields: dict[str, str], client: str) -> Answer:
    now, failed = _current(phone)
    if failed:
        return failed
    game, version = now
    if fields.get("version") != version or not game.tables:
        return _conflict(phone, game, version, "")
    form = pages.Form(phone.page_token(), version)
    return _html(200, pages.undo_page(game, phone.vocabulary, phone.lang, form))


def undo_confirm(phone, fields: dict[str, str], client: str) -> Answer:
    return _change(phone, "", lambda: undo_last(phone.path, phone.vocabulary, expect=fields.get("version", ""),
                                                wait=_lock_wait()), "undone", client)


def _lock_wait() -> float:
    return LOCK_WAIT


def json_answer(data: object, status: int = 200) -> Answer:
    from gtcli.cli.http_common import json_bytes

    return status, json_bytes(data), "application/json"


POSTS = {"preview": preview, "preview.json": preview_json, "record": record, "undo": undo_ask,
         "undo/confirm": undo_confirm}
