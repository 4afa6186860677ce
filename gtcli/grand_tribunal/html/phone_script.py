"""The phone page's one script: the next Tribunal by taps, written as the same lines.

No framework, no external resource; served with a Content-Security-Policy that lets only
this script run (by its hash). It reads what it needs from the page's ``gt-data`` block
(players, the sheets' words for Item types and Spell categories, the keywords of the text
form), reads the textarea's lines back into buttons (lines it cannot read, typed by hand,
are left alone until a button is tapped), and after every tap writes the lines again and
asks the server for a live preview (``preview.json``, the same reading as the form's
Preview). The textarea stays the form's one field: what is recorded is what it holds.
Every word is put in place as text (``textContent``), never as markup.
"""

SCRIPT = """\
(function () {
  "use strict";
  var dataNode = document.getElementById("gt-data"), area = document.getElementById("lines");
  var taps = document.getElementById("taps"), live = document.getElementById("live");
  var form = document.getElementById("form");
  if (!dataNode || !area || !taps || !form) return;
  var D = JSON.parse(dataNode.textContent), W = D.words, K = D.keywords;
  var spaces = D.types.concat(D.categories), byWord = {};
  spaces.forEach(function (t) { byWord[t.word.toLowerCase()] = t.key; byWord[t.key.toLowerCase()] = t.key; });
  function isType(key) { return D.types.some(function (t) { return t.key === key; }); }
  function wordOf(key) { for (var i = 0; i < spaces.length; i++) if (spaces[i].key === key) return spaces[i].word; return key; }
  var state = {votes: {}, items: [], current: 0}, manual = false;

  // ---- the lines, read and written ---------------------------------------------------------------
  function quote(name) { return '"' + name.replace(/\\\\/g, "\\\\\\\\").replace(/"/g, '\\\\"') + '"'; }
  var bare = /^\\p{L}[\\p{L}\\p{N}_'\u2019.-]*( \\p{L}[\\p{L}\\p{N}_'\u2019.-]*)*$/u;
  function ownerText(name) {  // bare if it reads back as itself, else in quotes (as gt writes it)
    var low = name.toLowerCase(), words = [K.votes, K.none, K.won];
    return bare.test(name) && low.split(" ").every(function (w) { return words.indexOf(w) < 0; }) ? name : quote(name);
  }
  function itemLine(it) {
    var parts = [ownerText(it.owner) + ":"];
    if (it.name) parts.push(quote(it.name));
    if (it.type) parts.push(wordOf(it.type));
    parts.push(String(it.base));
    it.spells.forEach(function (s) { parts.push(wordOf(s)); });
    if (it.won) parts.push(K.won);
    return parts.join(" ");
  }
  function write() {
    var votes = spaces.filter(function (t) { return state.votes[t.key] > 0; })
      .map(function (t) { return t.word + " " + state.votes[t.key]; });
    var lines = [K.votes + " " + (votes.length ? votes.join(", ") : K.none)];
    state.items.forEach(function (it) { lines.push(itemLine(it)); });
    area.value = lines.join("\\n") + "\\n";
  }
  function read(text) {
    var s = {votes: {}, items: [], current: 0};
    var lines = text.split("\\n");
    for (var n = 0; n < lines.length; n++) {
      var line = lines[n].replace(/#.*$/, "").trim();
      if (!line) continue;
      var low = line.toLowerCase();
      if (low === K.votes || low.indexOf(K.votes + " ") === 0) {
        var rest = line.slice(K.votes.length).trim();
        if (!rest || rest.toLowerCase() === K.none) continue;
        var parts = rest.split(",");
        for (var p = 0; p < parts.length; p++) {
          var m = /^\\s*(.+?)\\s+(\\d{1,3})\\s*$/.exec(parts[p]);
          if (!m) { if (!parts[p].trim()) continue; return null; }
          var key = byWord[m[1].toLowerCase()];
          if (!key) return null;
          s.votes[key] = (s.votes[key] || 0) + parseInt(m[2], 10);
        }
        continue;
      }
      var quoted = /^"((?:[^"\\\\]|\\\\.)*)"\\s*:/.exec(line), colon = quoted ? quoted[0].length - 1 : line.indexOf(":");
      if (colon < 1) return null;
      var owner = quoted ? quoted[1].replace(/\\\\(.)/g, "$1") : line.slice(0, colon).trim();
      if (D.players.indexOf(owner) < 0) return null;
      var it = {owner: owner, name: "", type: null, base: 0, spells: [], won: false};
      var words = line.slice(colon + 1).trim();
      var named = /^"((?:[^"\\\\]|\\\\.)*)"\\s*/.exec(words);
      if (named) { it.name = named[1].replace(/\\\\(.)/g, "$1"); words = words.slice(named[0].length); }
      var tokens = words ? words.split(/\\s+/) : [], sawBase = false;
      for (var t = 0; t < tokens.length; t++) {
        var w = tokens[t].toLowerCase(), k = byWord[w];
        if (/^\\d{1,3}$/.test(w) && !sawBase) { it.base = parseInt(w, 10); sawBase = true; }
        else if (w === K.won) it.won = true;
        else if (k && isType(k) && !it.type && !sawBase) it.type = k;
        else if (k && !isType(k) && sawBase) it.spells.push(k);
        else return null;
      }
      s.items.push(it);
    }
    return s;
  }

  // ---- the buttons -------------------------------------------------------------------------------
  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (a) { e.setAttribute(a, attrs[a]); });
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function button(text, onTap, attrs) {
    var b = el("button", Object.assign({type: "button"}, attrs || {}), text);
    b.addEventListener("click", function () { onTap(); changed(); });
    return b;
  }
  function counter(label, value, set, max, name) {
    var row = el("div", {"class": "counter", "data-counter": name});
    row.appendChild(el("span", {}, label));
    row.appendChild(button("\\u2212", function () { set(Math.max(0, value - 1)); }, {"aria-label": label + " \\u2212", "data-step": "-1"}));
    row.appendChild(el("output", {}, String(value)));
    row.appendChild(button("+", function () { set(Math.min(max, value + 1)); }, {"aria-label": label + " +", "data-step": "1"}));
    return row;
  }
  function chips(list, pressed, onTap, kind) {
    var box = el("div", {"class": "chips", "data-chips": kind});
    list.forEach(function (x) {
      var value = typeof x === "string" ? x : x.key, text = typeof x === "string" ? x : x.word;
      box.appendChild(button(text, function () { onTap(value); },
                             {"aria-pressed": String(pressed(value)), "data-value": value}));
    });
    return box;
  }
  function card(it, index) {
    var box = el("div", {"class": "card" + (index === state.current ? " current" : ""), "data-item": String(index)});
    var line = el("div", {"class": "line"}, itemLine(it));
    box.appendChild(line);
    if (index !== state.current) {
      box.appendChild(button("\\u270E " + (it.owner || W.item), function () { state.current = index; }, {"data-open": String(index)}));
      return box;
    }
    box.appendChild(el("h3", {}, W.player));
    box.appendChild(chips(D.players, function (p) { return it.owner === p; }, function (p) { it.owner = p; }, "owner"));
    box.appendChild(el("h3", {}, W.type));
    box.appendChild(chips(D.types, function (k) { return it.type === k; }, function (k) { it.type = k; }, "type"));
    box.appendChild(counter(W.base, it.base, function (v) { it.base = v; }, 100, "base"));
    box.appendChild(el("h3", {}, W.spells));
    box.appendChild(chips(D.categories, function () { return false; }, function (k) { it.spells.push(k); }, "spell"));
    var installed = el("div", {"class": "chips spells", "data-chips": "installed"});
    it.spells.forEach(function (k, n) {
      installed.appendChild(button(wordOf(k) + " \\u00D7", function () { it.spells.splice(n, 1); },
                                   {"aria-pressed": "true", "data-value": k}));
    });
    box.appendChild(installed);
    var name = el("input", {type: "text", "aria-label": W.name, placeholder: W.name, maxlength: "80"});
    name.value = it.name;
    name.addEventListener("input", function () { it.name = name.value.replace(/["\\\\\\n]/g, ""); write(); line.textContent = itemLine(it); schedule(); });
    box.appendChild(name);
    var row = el("div", {"class": "actions"});
    row.appendChild(button((it.won ? "\\u2611 " : "\\u2610 ") + W.won, function () { it.won = !it.won; },
                           {"aria-pressed": String(it.won), "data-won": "1"}));
    row.appendChild(button(W.remove, function () { state.items.splice(index, 1); state.current = state.items.length - 1; },
                           {"data-remove": "1"}));
    box.appendChild(row);
    return box;
  }
  function draw() {
    taps.textContent = "";
    taps.hidden = false;
    if (manual) { taps.appendChild(el("p", {"class": "aside"}, W.by_hand)); }
    taps.appendChild(el("h3", {}, W.voting_track));
    var used = 0;
    Object.keys(state.votes).forEach(function (k) { used += state.votes[k]; });
    spaces.forEach(function (t) {
      var v = state.votes[t.key] || 0;
      taps.appendChild(counter(t.word, v, function (x) { state.votes[t.key] = x; }, v + Math.max(0, D.tokens - used), t.key));
    });
    taps.appendChild(el("h3", {}, W.items));
    state.items.forEach(function (it, n) { taps.appendChild(card(it, n)); });
    taps.appendChild(button(W.add_item, function () {
      var last = state.items[state.items.length - 1];
      state.items.push({owner: last ? last.owner : D.players[0], name: "", type: null, base: 0, spells: [], won: false});
      state.current = state.items.length - 1;
    }, {"data-add": "1"}));
  }

  // ---- the live preview --------------------------------------------------------------------------
  var timer = null, asked = 0;
  function schedule() { if (timer) clearTimeout(timer); timer = setTimeout(preview, 350); }
  function preview() {
    if (!live || !window.fetch) return;
    var mine = ++asked, body = new URLSearchParams();
    body.set("token", form.elements.token.value);
    body.set("version", form.elements.version.value);
    body.set("lines", area.value);
    fetch("preview.json", {method: "POST", body: body, credentials: "same-origin"})
      .then(function (r) { return r.json(); })
      .then(function (answer) { if (mine === asked) show(answer); })
      .catch(function () {});
  }
  function show(answer) {
    live.textContent = "";
    live.hidden = false;
    live.appendChild(el("h3", {}, W.live));
    if (answer.changed) {  // recorded or undone elsewhere: Preview shows the game as it is now
      live.appendChild(el("p", {"class": "banner bad", "data-changed": "1"}, W.conflict));
      return;
    }
    if (answer.findings && answer.findings.length) {
      var list = el("ul", {"class": "mistakes"});
      answer.findings.forEach(function (f) {
        var li = el("li", {}, (f.line ? W.line + " " + f.line + ": " : "") + f.code + " " + f.message);
        if (f.hint) li.appendChild(el("span", {"class": "hint"}, f.hint));
        list.appendChild(li);
      });
      live.appendChild(list);
      return;
    }
    var table = el("table", {"class": "places"}), head = el("tr");
    [W.place, W.item, W.votes, W.score].forEach(function (h) { head.appendChild(el("th", {}, h)); });
    table.appendChild(head);
    (answer.items || []).forEach(function (r) {
      var tr = el("tr", r.competing ? {} : {"class": "out"});
      tr.appendChild(el("td", {"class": "place"}, r.place ? String(r.place) : (r.competing ? "\\u2013" : W.not_competing)));
      tr.appendChild(el("td", {}, r.label));
      tr.appendChild(el("td", {"class": "num"}, String(r.votes)));
      tr.appendChild(el("td", {"class": "num"}, String(r.score)));
      table.appendChild(tr);
    });
    live.appendChild(table);
    live.appendChild(el("p", {"class": "aside", "data-scores": "1"}, W.scores + ": " + (answer.players || []).map(function (p) {
      return p.name + " " + p.score; }).join(", ")));
  }

  function changed() { manual = false; write(); draw(); schedule(); }
  var first = read(area.value);
  if (first) { state = first; state.current = Math.max(0, state.items.length - 1); }
  else { manual = true; state = read("") ; }
  area.addEventListener("input", function () {
    var again = read(area.value);
    if (again) { again.current = Math.min(state.current, again.items.length - 1); state = again; manual = false; }
    else manual = true;
    draw();
    schedule();
  });
  draw();
  if (!manual) schedule();
})();
"""
