"""Rich rendering of ``gt club``'s answers: tables laid out for the width (:mod:`gtcli.cli.terminal.layout`),
plain ASCII off a terminal; every name from a file goes through the safe console."""

from __future__ import annotations

from typing import Any

from gtcli.cli.terminal.layout import Column, Sheet, show
from gtcli.cli.terminal.output import console
from gtcli.club.prediction import in_words

TOP_PAIRS = 20  # head-to-head pairs shown without --player (--json lists them all)


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.0f}%"


def _ci(pair: list[float]) -> str:
    digits = 1 if pair[1] - pair[0] < 0.05 else 0  # a narrow interval (thousands of games) keeps a decimal
    return f"{100 * pair[0]:.{digits}f}-{100 * pair[1]:.{digits}f}%"


def _index_line(out: Any, index: dict[str, Any]) -> None:
    parts = [f"{index['files']} files", f"{index['judged']} judged now"]
    parts += [f"{index[k]} {k}" for k in ("added", "changed", "removed") if index[k]]
    out.print("Index: " + ", ".join(parts) + f" ({index['database']})")
    if index["stale"]:
        out.print(f"{len(index['stale'])} game(s) were judged by another gt version, other settings or a card set, "
                  f"board or profile that changed since: `gt club recheck` judges them again.")


SHOWN_LEFT_OUT = 10  # files left out named one a line, with their first finding (--json lists them all)


def left_out_lines(excluded: list[dict[str, Any]]) -> list[str]:
    """Each game left out (the first :data:`SHOWN_LEFT_OUT`): its path, why, and its first finding."""
    if not excluded:
        return []
    from collections import Counter

    kinds = Counter(e["reason"].split(":")[0].split(" (")[0] for e in excluded)
    lines = [f"{len(excluded)} game(s) left out of every statistic and rating: "
             + ", ".join(f"{n} {why}" for why, n in sorted(kinds.items())) + ":"]
    for e in excluded[:SHOWN_LEFT_OUT]:
        finding = e.get("finding")
        where = f"line {e['line']}: " if e.get("line") else ""
        lines.append(f"  {e['file']}: {e['reason']}" + (f"; {where}{finding}" if finding else ""))
    if len(excluded) > SHOWN_LEFT_OUT:
        lines.append(f"  and {len(excluded) - SHOWN_LEFT_OUT} more (--json lists them)")
    return lines


def _left_out(out: Any, excluded: list[dict[str, Any]]) -> None:
    for line in left_out_lines(excluded):
        out.print(line)


SHOWN_DUPLICATES = 20  # records set aside named one a line (--json lists them all)


def set_aside_lines(aside: list[dict[str, str]]) -> list[str]:
    """The records set aside as repeats of a game (each game counts once), one line each."""
    if not aside:
        return []
    lines = [f"{len(aside)} record(s) of a game already counted set aside (each game counts once; "
             "--keep-duplicates counts them):"]
    for d in aside[:SHOWN_DUPLICATES]:
        lines.append(f"  {d['file']}: {RELATIONS.get(d['relation'], d['relation'])} {d['kept']}")
    if len(aside) > SHOWN_DUPLICATES:
        lines.append(f"  and {len(aside) - SHOWN_DUPLICATES} more (--json lists them)")
    return lines


RELATIONS = {"same": "the same game as", "prefix": "the start of",
             "overruled": "not the record the club keeps ([club] keep in gt.toml):"}
DIFFER = {"rules": "rules (profile, variants, card set or board)", "result": "result (totals, winners or who sat where)",
          "date": "date"}


def conflict_lines(conflicts: list[dict[str, Any]]) -> list[str]:
    """Records of the same moves that disagree (gtcli.club.once): each group, what differs, how to choose."""
    if not conflicts:
        return []
    lines = [f"{len(conflicts)} conflict(s): records of one game (the same moves seat by seat, or a log and the "
             "session written of it) that disagree, none of them counted until the club keeps one "
             "([club] keep = [\"PATH\"] in gt.toml):"]
    for c in conflicts[:SHOWN_DUPLICATES]:
        files = ", ".join(f"{f} ({d or 'no date'})" if "date" in c["differ"] else f
                          for f, d in zip(c["files"], c["dates"]))
        lines.append(f"  {files}: other {', '.join(DIFFER[d] for d in c['differ'])}")
    if len(conflicts) > SHOWN_DUPLICATES:
        lines.append(f"  and {len(conflicts) - SHOWN_DUPLICATES} more (--json lists them)")
    return lines


def _set_aside(out: Any, aside: list[dict[str, str]], conflicts: list[dict[str, Any]] = ()) -> None:
    for line in conflict_lines(list(conflicts)) + set_aside_lines(aside):
        out.print(line)


def render_index(data: dict[str, Any]) -> None:
    """``gt club index``: what was judged, and each game's verdicts."""
    out = console()
    _index_line(out, data)
    for kind, verdicts in data["games"].items():
        if verdicts:
            out.print(f"{kind}: " + ", ".join(f"{n} {v}" for v, n in sorted(verdicts.items(), key=str)))
    _left_out(out, data.get("excluded", []))
    _set_aside(out, [], data.get("conflicts", []))


def render_stats(data: dict[str, Any]) -> None:
    out = console()
    _index_line(out, data["index"])
    _duplicate_names(out, data["probable_duplicates"])  # first: what the club should settle before reading on
    scope = f" of {data['player']}" if data["player"] else ""
    dates = "".join(f" {w} {d}" for w, d in (("since", data["since"]), ("until", data["until"])) if d)
    out.print(f"{data['game']}: {data['games']} game(s){scope}{dates} counted")
    if data["outside_dates"]:
        out.print(f"{data['outside_dates']} legal game(s) outside the dates (undated ones too) not counted")
    _left_out(out, data["excluded"])
    _set_aside(out, data.get("duplicates", []), data.get("conflicts", []))
    if not data["players"]:
        out.print("No legal, complete game to count yet.")
        _others(out, data)
        return
    t = Sheet((Column("Player", heading=True), Column("Rating", "Rtg", numeric=True),
               Column("Games", "G", numeric=True), Column("Wins", "W", numeric=True),
               Column("Win rate", "Win%", numeric=True), Column("95% interval", "95%"),
               Column("Avg score", "Score", numeric=True), Column("Avg place", "Place", numeric=True),
               Column("Best streak", "Best", numeric=True), Column("Streak now", "Now", numeric=True)),
              "Players (by rating, as gt club ratings)")
    for p in data["players"]:
        rating = p.get("rating")
        t.add_row(p["name"], "-" if rating is None else f"{rating:.1f}", str(p["games"]), str(p["wins"]), _pct(p["win_rate"]), _ci(p["win_rate_ci"]),
                  f"{p['average_score']:.1f}", f"{p['average_place']:.2f}", str(p["longest_streak"]),
                  str(p["current_streak"]))
    show(t, out)
    for size in data["seats"]:
        s = Sheet((Column("Seat", heading=True), Column("Wins", "W", numeric=True),
                   Column("Win rate", "Win%", numeric=True), Column("95% interval", "95%"),
                   Column("Avg place", "Place", numeric=True)),
                  f"By seat, {size['players']} players ({size['games']} games)")
        for seat in size["seats"]:
            s.add_row(str(seat["seat"]), str(seat["wins"]), _pct(seat["win_rate"]), _ci(seat["win_rate_ci"]),
                      f"{seat['average_place']:.2f}")
        show(s, out)
        f = size["first_player"]
        out.print(f"First player: {_pct(f['win_rate'])} against {_pct(f['others_win_rate'])} for the others; "
                  f"advantage {100 * f['advantage']:+.0f} points (95% interval {100 * f['advantage_ci'][0]:+.0f} to "
                  f"{100 * f['advantage_ci'][1]:+.0f}, p = {f['p_value']:.2f})")
    pairs = data["head_to_head"] if data["player"] else data["head_to_head"][:TOP_PAIRS]
    if pairs:
        title = "Head to head" + ("" if data["player"] or len(data["head_to_head"]) <= TOP_PAIRS else
                                  f" (the {TOP_PAIRS} pairs with most games; --json lists all)")
        h = Sheet((Column("A", heading=True), Column("B", heading=True), Column("Games", "G", numeric=True),
                   Column("A ahead", "A>", numeric=True), Column("B ahead", "B>", numeric=True),
                   Column("Level", "=", numeric=True), Column("A ahead %", "A%", numeric=True)), title)
        for p in pairs:
            h.add_row(p["a"], p["b"], str(p["games"]), str(p["a_ahead"]), str(p["b_ahead"]), str(p["level"]),
                      _pct(p["a_ahead_rate"]))
        show(h, out)
    _others(out, data)


def _duplicate_names(out: Any, pairs: list[dict[str, Any]]) -> None:
    for p in pairs:
        out.print(f"Probably one player: {p['a']} and {p['b']} ({p.get('why', 'one letter apart')}; never merged: "
                  f"[club.aliases] in gt.toml merges them)")


def _others(out: Any, data: dict[str, Any]) -> None:
    for kind, n in data.get("other_games", {}).items():
        out.print(f"The archive also holds {n} {kind} game(s): --game {kind}")


def render_ratings(data: dict[str, Any]) -> None:
    out = console()
    _index_line(out, data["index"])
    _duplicate_names(out, data.get("probable_duplicates", []))
    out.print(f"{data['game']}: {data['games']} game(s) rated in date order, then path order "
              f"(openskill {data['openskill']}, {data['model']})")
    _left_out(out, data["excluded"])
    _set_aside(out, data.get("duplicates", []), data.get("conflicts", []))
    if not data["players"]:
        out.print("No legal, complete game to rate yet.")
        _others(out, data)
        return
    t = Sheet((Column("#", numeric=True, heading=True), Column("Player", heading=True),
               Column("Rating", numeric=True), Column("mu", numeric=True), Column("sigma", numeric=True),
               Column("Games", "G", numeric=True)), "Ratings (rating = mu - 3 sigma)")
    for n, p in enumerate(data["players"], 1):
        t.add_row(str(n), p["name"], f"{p['ordinal']:.2f}", f"{p['mu']:.2f}", f"{p['sigma']:.2f}", str(p["games"]))
    show(t, out)
    out.print(in_words(data["prediction"]))
    _others(out, data)


def render_duplicates(data: dict[str, Any]) -> None:
    out = console()
    _index_line(out, data["index"])
    _duplicate_names(out, data["players"])
    for g in data["games"]:
        files = g["files"]
        suggested = diff_command(data.get("archive"), *files[:2])
        if g["relation"] == "same":
            out.print(f"The same game, {len(files)} times: {', '.join(files)}")
        elif g["relation"] == "prefix":
            longer = files[1] if g["shorter"] == files[0] else files[0]
            out.print(f"One game, one record stopping early: {g['shorter']} is the start of {longer}: it stops "
                      f"after {g['index']} moves and lines of play ({suggested})")
        else:  # worded as gt diff words it
            out.print(f"Probably one game recorded twice: {files[0]} and {files[1]} first differ at move "
                      f"{g['index'] + 1} (the same up to there; {suggested})")
    if data["not_compared"]:
        out.print(f"{data['not_compared']} more pair(s) of records that begin alike were not compared")
    if not data["players"] and not data["games"]:
        out.print("No probable duplicates.")


def diff_command(archive: str | None, a: str, b: str) -> str:
    """``gt diff A B`` for two files of the archive, as a command that runs from where gt club was run."""
    import posixpath
    import shlex

    def where(path: str) -> str:
        return shlex.quote(posixpath.join(archive, path) if archive else path)

    return f"gt diff {where(a)} {where(b)}"


def render_recheck(data: dict[str, Any]) -> None:
    out = console()
    _index_line(out, data["index"])
    out.print(f"{data['rechecked']} file(s) judged again; {len(data['changed'])} game(s) changed")
    for c in data["changed"]:
        before, after = c["before"], c["after"]
        what = []
        if before["verdict"] != after["verdict"]:
            what.append(f"{before['verdict']} -> {after['verdict']}")
        if before["codes"] != after["codes"]:
            what.append(f"codes {', '.join(before['codes']) or 'none'} -> {', '.join(after['codes']) or 'none'}")
        if before["totals"] != after["totals"]:
            changed = [f"{n} {before['totals'].get(n)} -> {after['totals'].get(n)}"
                       for n in after["totals"] if before["totals"].get(n) != after["totals"].get(n)]
            what.append("totals " + ", ".join(changed))
        out.print(f"{c['file']}: " + "; ".join(what))
