"""The table's screen (``gt play --serve``, ``gt replay --serve``): the page a TV or a phone shows.

Drawn from :func:`gtcli.grand_tribunal.play.table_view.table_view`'s data, in the log's
language (the sheets' words, :data:`gtcli.grand_tribunal.lang.keywords.DISPLAY_WORDS`):
where the game stands and whose turn it is, the Voting Track, the standings, the last
moves, and each player's Vis and Sanctum. Large type that grows with the screen (a TV
across the table), one column on a phone. Every word from the log is escaped.

The server sends :func:`screen_fragment` again whenever the log changes; the page's one
small script (:data:`SCRIPT`, no framework) puts it in place from a Server-Sent Events
stream. Without JavaScript the page reloads itself every :data:`REFRESH_SECONDS` seconds
(a ``<noscript>`` refresh), so a plain reload always shows the state too.
"""

from __future__ import annotations

from typing import Any

from gtcli.core.html.page import SANS, document, esc
from gtcli.grand_tribunal.lang.keywords import display_word, spelling

GENERATOR = "gt --serve (gtcli)"
REFRESH_SECONDS = 5  # without JavaScript: the page reloads itself this often

# The page's only script: follow the stream, put each new screen in place, say whether it is live.
SCRIPT = """\
(function () {
  var live = document.getElementById("live");
  if (!window.EventSource || !live) return;
  function mark(on) {
    live.hidden = false;
    live.className = on ? "live on" : "live off";
    live.textContent = live.getAttribute(on ? "data-on" : "data-off");
  }
  var source = new EventSource("events");
  source.addEventListener("state", function (event) {
    var data = JSON.parse(event.data), screen = document.getElementById("screen");
    if (screen && screen.getAttribute("data-version") !== String(data.version)) {
      screen.outerHTML = data.html;
      document.title = data.title;
      document.documentElement.lang = data.language;
    }
    mark(true);
  });
  source.addEventListener("open", function () { mark(true); });
  source.addEventListener("error", function () { mark(false); });
})();
"""

CSS = f"""\
html {{ font-size: clamp(16px, 0.5rem + 0.9vw, 32px); }}
body {{ font-family: {SANS}; background: #14161b; color: #f3efe6; line-height: 1.3; }}
.screen {{ max-width: 120rem; margin: 0 auto; padding: .6rem .8rem 1.2rem; overflow-wrap: anywhere; }}
.status {{ display: flex; flex-wrap: wrap; align-items: baseline; gap: .2rem 1.2rem; margin-bottom: .6rem; }}
.where {{ font-size: 1.5rem; font-weight: bold; margin: 0; }}
.turn {{ font-size: 1.5rem; margin: 0; color: #ffd36b; }}
.turn b {{ color: #fff; background: #8a5a00; padding: 0 .3rem; border-radius: .2rem; }}
.file {{ margin: 0 0 0 auto; color: #a8a196; font-size: .8rem; }}
.banner {{ border-left: .35rem solid #ff7a45; background: #3a2018; padding: .3rem .6rem; margin: 0 0 .6rem; }}
.grid, .info, .stack {{ display: flex; flex-direction: column; gap: .8rem; min-width: 0; }}
@media (min-width: 900px) {{  /* a laptop: the players beside the rest */
  .grid {{ display: grid; grid-template-columns: minmax(0, 1.15fr) minmax(0, 1fr); align-items: start; }}
  .players-block {{ order: -1; }}
}}
@media (min-width: 1400px) {{  /* a TV: everything on one screen, the game above and the players in one row below */
  .grid {{ display: flex; flex-direction: column; align-items: stretch; }}
  .players-block {{ order: 1; }}
  .info {{ display: grid; align-items: start; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr) minmax(0, 1.3fr);
           grid-template-areas: "standings track moves" "rows track moves"; }}
  .info > .stack {{ display: contents; }}
  .standings-block {{ grid-area: standings; }}
  .track-block {{ grid-area: track; }}
  .moves-block {{ grid-area: moves; }}
  .rows-block {{ grid-area: rows; }}
  .players {{ grid-auto-flow: column; grid-auto-columns: minmax(0, 1fr); grid-template-columns: none; }}
}}
section {{ background: #1e2129; border-radius: .4rem; padding: .5rem .7rem; min-width: 0; }}
h2 {{ font-size: 1.05rem; margin: 0 0 .4rem; color: #c9c1b3; text-transform: uppercase; letter-spacing: .04em; }}
table {{ border-collapse: collapse; width: 100%; }}
th, td {{ padding: .15rem .35rem; text-align: left; border-bottom: 1px solid #30343e; }}
th {{ color: #c9c1b3; font-weight: normal; font-size: .85rem; }}
.num {{ text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }}
.standings td {{ font-size: 1.25rem; }}
.standings .total {{ font-weight: bold; }}
tr.current td, .player.current {{ background: #3b2f12; }}
.track {{ list-style: none; margin: 0; padding: 0; }}
.track li {{ display: grid; grid-template-columns: minmax(4.5rem, 8rem) minmax(0, 1fr) 2.2rem; gap: .4rem;
             align-items: center; margin: .15rem 0; font-size: 1.1rem; }}
.track .bar {{ display: block; height: .8rem; background: #56b4e9; border-radius: .2rem; min-width: .3rem; }}
.track .votes {{ text-align: right; font-weight: bold; }}
.aside {{ color: #c9c1b3; font-size: .85rem; margin: .4rem 0 0; }}
.moves {{ list-style: none; margin: 0; padding: 0; }}
.moves li {{ padding: .15rem 0; border-bottom: 1px solid #30343e; font-size: 1.05rem; }}
.moves li:last-child {{ color: #ffd36b; }}
.moves .line {{ display: inline-block; min-width: 2.6rem; color: #8f887c; font-size: .8rem; }}
.moves .event {{ color: #c9c1b3; font-style: italic; }}
.players {{ display: grid; gap: .6rem; grid-template-columns: repeat(auto-fill, minmax(min(100%, 12rem), 1fr)); }}
.player {{ border: 1px solid #30343e; border-radius: .35rem; padding: .35rem .5rem; }}
.player h3 {{ margin: 0; font-size: 1.3rem; display: flex; justify-content: space-between; gap: .5rem; }}
.player .facts {{ margin: .1rem 0 .3rem; color: #d8d2c6; }}
.player .facts b {{ font-size: 1.2rem; color: #fff; }}
.sanctum {{ margin: 0; font-size: .9rem; }}
.sanctum dt {{ color: #c9c1b3; font-size: .75rem; text-transform: uppercase; margin-top: .2rem; }}
.sanctum dd {{ margin: 0; }}
.sanctum ul {{ margin: 0; padding-left: 1rem; }}
.down {{ color: #8f887c; font-style: italic; }}
.active {{ color: #9fe3b0; }}
.won {{ color: #ffd36b; }}
.player.winner {{ border: .18rem solid #ffd36b; background: #33290f; }}
.rows {{ margin: 0; display: grid; grid-template-columns: auto minmax(0, 1fr); gap: .1rem .6rem; }}
.rows dt {{ color: #c9c1b3; }}
.rows dd {{ margin: 0; }}
.rows ul {{ list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 0 .8rem; }}
.legend {{ color: #c9c1b3; font-size: .75rem; margin: .4rem 0 0; }}
.awards-block {{ border: .18rem solid #ffd36b; margin-bottom: .6rem; }}
.awards-block .tables {{ display: flex; flex-wrap: wrap; align-items: flex-start; gap: .4rem 1.2rem; }}
.awards-block .award-players {{ flex: 1 1 12rem; max-width: 24rem; }}
.awards-block .award-items {{ flex: 3 1 18rem; width: auto; }}
.awards-block td, .awards-block th {{ padding: .05rem .35rem; overflow-wrap: normal; }}
.awards-block .score {{ font-weight: bold; }}
.awards-block tr.placed td {{ color: #fff; }}
.awards-block tr.out td {{ color: #8f887c; }}
.awards-block .next {{ margin: 0 0 .3rem; font-size: 1.2rem; }}
.awards-block .next b {{ color: #ffd36b; }}
.live {{ position: fixed; right: .5rem; bottom: .4rem; margin: 0; font-size: .75rem; padding: .1rem .4rem;
         border-radius: .6rem; background: #1e2129; }}
.live.on::before {{ content: "\\25CF  "; color: #5fd38d; }}
.live.off::before {{ content: "\\25CF  "; color: #ff7a45; }}
@media (min-width: 1400px) {{  /* a TV: five Sanctums and the winner's card in view, nothing scrolls */
  .sanctum ul {{ list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: 0 .7rem; }}
  .grid, .info {{ gap: .5rem; }}
  .screen {{ padding-bottom: .3rem; }}
  section {{ padding: .35rem .6rem; }}
  h2 {{ margin-bottom: .25rem; }}
  .track li {{ margin: 0; font-size: .9rem; line-height: 1.15; }}
  .players {{ align-items: start; }}
  .player h3 {{ font-size: 1.15rem; }}
  .player .facts {{ margin: 0 0 .1rem; }}
  .sanctum {{ font-size: .8rem; line-height: 1.2; }}
  .sanctum li:not(:last-child)::after {{ content: ","; }}
  .moves li {{ font-size: 1rem; padding: .1rem 0; }}
}}
"""


# the words of the Tribunal's awards on the screen (the rest are keywords.DISPLAY_WORDS)
AWARD_WORDS: dict[str, dict[str, str]] = {
    "due": {"en": "to be confirmed", "es": "por confirmar", "fr": "à confirmer", "it": "da confermare"},
    "given": {"en": "given", "es": "otorgados", "fr": "attribués", "it": "assegnati"},
    "item": {"en": "Item", "es": "Ítem", "fr": "Objet", "it": "Oggetto"},
    "votes": {"en": "Votes", "es": "Votos", "fr": "Voix", "it": "Voti"},
    "score": {"en": "Score", "es": "Puntos", "fr": "Points", "it": "Punti"},
    "none": {"en": "No active Item: nobody scores.", "es": "Ningún ítem activo: nadie puntúa.",
             "fr": "Aucun objet actif : personne ne marque.", "it": "Nessun oggetto attivo: nessuno segna."},
}


def _w(lang: str):
    def word(key: str) -> str:
        return display_word(key, lang)

    return word


def _status(view: dict[str, Any], w, lang: str) -> str:
    def kw(keyword: str) -> str:
        return spelling(keyword, lang)

    if view["phase"] == "setup":
        where = kw("SETUP").capitalize()
        if view.get("first_praeco"):
            return (f'<header class="status"><p class="where">{esc(where)}</p><p class="turn">'
                    f'{esc(w("first_praeco"))}: <b>{esc(view["first_praeco"])}</b></p>'
                    f'<p class="file">{esc(view["file"])}</p></header>')
    else:
        grand = view["tribunal"] == view["tribunals"]
        tribunal = kw("GRAND_TRIBUNAL").title() if grand else f"{kw('TRIBUNAL').capitalize()} {view['tribunal']}"
        where = f"{tribunal} ({view['tribunal']} {w('of')} {view['tribunals']})"
        if view["round"]:  # round 0: the scores are written, the next Tribunal's first round not yet
            where += f" · {kw('ROUND')} {view['round']}"
        if view["praeco"]:
            where += f" · Praeco {view['praeco']}"
    if view["winners"]:
        who = w("winner") if len(view["winners"]) == 1 else w("shared_win")
        turn = f"{esc(who)}: <b>{esc(', '.join(view['winners']))}</b>"
    elif view["phase"] == "over":
        turn = esc(w("game_over"))
    elif view["tribunal_due"]:
        turn = esc(w("tribunal_due").capitalize())
    elif view["turn"]:
        turn = f"{esc(w('turn').capitalize())} <b>{esc(view['turn'])}</b>"
        if view["slots_left"] is not None:
            turn += f" ({view['slots_left']} {esc(w('slots_left'))})"
        if view["next"] and view["next"] != view["turn"]:
            turn += f" · {esc(w('next'))}: {esc(view['next'])}"
    elif view["next"] and view["phase"] == "play" and not view["round"]:  # the next Tribunal opens with them
        turn = f"{esc(w('first_praeco'))}: <b>{esc(view['next'])}</b>"
    elif view["next"]:
        turn = f"{esc(w('next').capitalize())}: <b>{esc(view['next'])}</b>"
    else:
        turn = ""
    return (f'<header class="status"><p class="where">{esc(where)}</p><p class="turn">{turn}</p>'
            f'<p class="file">{esc(view["file"])}</p></header>')


def _banners(view: dict[str, Any], problem: str | None, w) -> str:
    out = []
    if problem:
        out.append(f'<p class="banner unusable">{esc(w("unusable"))}: {esc(problem)} '
                   f'(gt check {esc(view["file"])})</p>')
    first = view["findings"]["first"]
    if first:
        out.append(f'<p class="banner findings">{esc(w("breaks_rules"))} ({view["findings"]["errors"]}): '
                   f'{esc(w("line"))} {first["line"]}, {esc(first["code"])} (gt check {esc(view["file"])})</p>')
    return "".join(out)


def _awards(view: dict[str, Any], w, lang: str) -> str:
    """The Tribunal's awards (places, scores, the next first Praeco): as they will be given
    while the Tribunal is due, as given until the next round opens (table_view.tribunal_awards)."""
    awards = view.get("tribunal_awards")
    if not awards:
        return ""

    def a(key: str) -> str:
        return AWARD_WORDS[key].get(lang) or AWARD_WORDS[key]["en"]

    name = spelling("GRAND_TRIBUNAL", lang).title() if awards["grand"] else \
        f"{spelling('TRIBUNAL', lang).capitalize()} {awards['tribunal']}"
    heading = f"{name} · {w('awards')} ({a('given') if awards['recorded'] else a('due')})"
    players = "".join(
        f'<tr data-player="{esc(p["name"])}"><td>{esc(p["name"])}</td><td class="num score">{p["score"]}</td>'
        f'<td class="num">{p["total"]}</td></tr>' for p in awards["players"])
    items = "".join(
        f'<tr class="{"placed" if i["place"] else "out"}"><td class="num">{i["place"] or "-"}</td>'
        f'<td>{esc(i["owner"])}</td><td>{esc(i["name"] + " (" + i["type"] + ")" if i["name"] else i["type"])}</td>'
        f'<td class="num">{i["votes"]}</td><td class="num">{i["score"]}</td></tr>' for i in awards["items"])
    tables = (f'<table class="award-players"><thead><tr><th>{esc(w("player"))}</th><th class="num">{esc(a("score"))}'
              f'</th><th class="num">{esc(w("total"))}</th></tr></thead><tbody>{players}</tbody></table>')
    if items:
        tables += (f'<table class="award-items"><thead><tr><th class="num">#</th>'
                   f'<th>{esc(w("player"))}</th><th>{esc(a("item"))}</th><th class="num">{esc(a("votes"))}</th>'
                   f'<th class="num">{esc(a("score"))}</th></tr></thead><tbody>{items}</tbody></table>')
    else:
        tables += f'<p class="aside">{esc(a("none"))}</p>'
    following = (f'<p class="next">{esc(w("first_praeco"))}: <b>{esc(awards["next_praeco"])}</b></p>'
                 if awards["next_praeco"] else "")
    return (f'<section class="awards-block"><h2>{esc(heading)}</h2>{following}<div class="tables">{tables}</div>'
            '</section>')


def _standings(view: dict[str, Any], w) -> str:
    vis = {p["name"]: p["vis"] for p in view["players"]}
    rows = "".join(
        f'<tr class="{"current" if s["name"] == view["turn"] else ""}" data-player="{esc(s["name"])}">'
        f'<td class="num">{s["place"]}</td><td>{esc(s["name"])}</td><td class="num">{vis.get(s["name"], 0)}</td>'
        f'<td class="num total">{s["total"]}</td></tr>' for s in view["standings"])
    return (f'<section class="standings-block"><h2>{esc(w("standings"))}</h2><table class="standings"><thead><tr>'
            f'<th class="num">#</th><th>{esc(w("player"))}</th><th class="num">Vis</th>'
            f'<th class="num">{esc(w("total"))}</th></tr></thead><tbody>{rows}</tbody></table></section>')


def _track(view: dict[str, Any], w) -> str:
    most = max((t["votes"] for t in view["track"]), default=0) or 1
    items = "".join(f'<li data-space="{esc(t["space"])}"><span class="space">{esc(t["name"])}</span>'
                    f'<span class="bar" style="width: {100 * t["votes"] / most:.0f}%"></span>'
                    f'<span class="votes">{t["votes"]}</span></li>' for t in view["track"])
    body = f'<ol class="track">{items}</ol>' if items else f'<p class="aside">{esc(w("empty").capitalize())}</p>'
    trackers = view["trackers"]
    aside = (f'{w("trackers")}: {w("uncontested")} {w("space")} {trackers["uncontested"] + 1}, '
             f'{w("contested")} {w("space")} {trackers["contested"] + 1} · Regio {view["regio"]} Vis · '
             f'Concilium {view["concilium"]} {w("tokens")}')
    return (f'<section class="track-block"><h2>{esc(w("voting_track"))}</h2>{body}'
            f'<p class="aside">{esc(aside)}</p></section>')


def _moves(view: dict[str, Any], w) -> str:
    items = []
    for m in view["moves"]:
        who = f'<b>{esc(m["player"])}</b>: ' if m["player"] else ""
        cls = "" if m["player"] else ' class="event"'
        items.append(f'<li><span class="line">{m["line"] or ""}</span> {who}<span{cls}>{esc(m["text"])}</span></li>')
    body = f'<ol class="moves">{"".join(items)}</ol>' if items else f'<p class="aside">{esc(w("no_moves"))}</p>'
    return f'<section class="moves-block"><h2>{esc(w("last_moves"))}</h2>{body}</section>'


def _rows(view: dict[str, Any], w) -> str:
    """The face-up Items and Spells beside the decks: public, so named."""
    rows = view.get("rows") or {}
    parts = "".join(f'<dt>{esc(w(deck + "s"))}</dt><dd><ul>{"".join(f"<li>{esc(name)}</li>" for name in rows[deck])}'
                    f'</ul></dd>' for deck in ("item", "spell") if rows.get(deck))
    return f'<section class="rows-block"><h2>{esc(w("rows"))}</h2><dl class="rows">{parts}</dl></section>' if parts else ""


def _legend(w) -> str:
    """What the colours and marks of a Sanctum card mean."""
    return (f'<p class="legend"><span class="active">{esc(w("legend_active"))}</span> · '
            f'<span>{esc(w("legend_up"))}</span> · <span class="down">({esc(w("face_down"))})</span> · '
            f'[2 Vis] {esc(w("legend_vis"))} · + {esc(w("legend_spells"))} · '
            f'<span class="won">(1, T2)</span> {esc(w("legend_won"))} · ? {esc(w("legend_unknown"))}</p>')


def _card(c: dict[str, Any], w) -> str:
    if c["card"] is None:
        text, cls = f"({w('face_down')})", "down"
    else:
        text, cls = c["card"], "active" if c["active"] else ""
        if c.get("spells"):
            text += " + " + ", ".join(name if name is not None else f"({w('face_down')})" for name in c["spells"])
    if c["vis"]:
        text += f" [{c['vis']} Vis]"
    won = f' <span class="won">({c["won"]["place"]}, T{c["won"]["tribunal"]})</span>' if c.get("won") else ""
    return f'<li class="{cls}">{esc(text)}{won}</li>'


def _players(view: dict[str, Any], w) -> str:
    cards = []
    for p in view["players"]:
        zones = "".join(f'<dt>{esc(w(zone))}</dt><dd><ul>{"".join(_card(c, w) for c in p[zone])}</ul></dd>'
                        for zone in ("laboratory", "library", "vault") if p[zone])
        current = " current" if p["name"] == view["turn"] else ""
        current += " winner" if p["name"] in (view["winners"] or ()) else ""
        cards.append(f'<article class="player{current}" data-player="{esc(p["name"])}">'
                     f'<h3><span>{esc(p["name"])}</span><span class="total">{p["total"]}</span></h3>'
                     f'<p class="facts">{esc(w("vis"))} <b>{p["vis"]}</b> · {esc(w("hand"))} '
                     f'{p["hand"]}/{p["hand_limit"]}</p>'
                     + (f'<dl class="sanctum">{zones}</dl>' if zones else "") + "</article>")
    title = f"{w('players')} · {spelling('SANCTUM', view['language']).capitalize()}"
    return (f'<section class="players-block"><h2>{esc(title)}</h2><div class="players">{"".join(cards)}</div>'
            f'{_legend(w)}</section>')


def title(view: dict[str, Any]) -> str:
    """The page's title: the game and where it stands (also what the stream sends)."""
    names = ", ".join(p["name"] for p in view["players"])
    if view["phase"] == "setup":
        return f"Grand Tribunal: {names}"
    if not view["round"]:  # between a Tribunal's scores and the next one's first round
        return f"Grand Tribunal: {names} · {view['tribunal']}"
    return f"Grand Tribunal: {names} · {view['tribunal']}.{view['round']}"


def screen_fragment(view: dict[str, Any], version: int, problem: str | None = None) -> str:
    """The ``#screen`` element: everything the stream replaces when the log changes.
    ``problem`` says why the log cannot be used now (the view is then the last good one)."""
    lang = view["language"]
    w = _w(lang)
    return (f'<div id="screen" class="screen" data-version="{version}" lang="{esc(lang)}">'
            f'{_status(view, w, lang)}{_banners(view, problem, w)}{_awards(view, w, lang)}<div class="grid"><div class="info">'
            f'<div class="stack">{_standings(view, w)}{_track(view, w)}</div>'
            f'<div class="stack">{_moves(view, w)}{_rows(view, w)}</div></div>'
            f'{_players(view, w)}</div></div>')


def screen_page(view: dict[str, Any], version: int, problem: str | None = None) -> str:
    """The whole page: the screen, the live marker and the script; a refresh for browsers without JavaScript."""
    w = _w(view["language"])
    head = f'<noscript><meta http-equiv="refresh" content="{REFRESH_SECONDS}"></noscript>\n'
    body = (screen_fragment(view, version, problem)
            + f'<p id="live" class="live" hidden data-on="{esc(w("live"))}" data-off="{esc(w("reconnecting"))}"></p>'
            + f"<script>{SCRIPT}</script>")
    return document(title(view), view["language"], CSS, body, GENERATOR, head=head)


__all__ = ["GENERATOR", "REFRESH_SECONDS", "SCRIPT", "screen_fragment", "screen_page", "title"]
