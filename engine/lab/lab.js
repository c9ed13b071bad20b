// The ruling lab's page. The engine runs here, in Pyodide, from files beside the page; every decision about the
// battle (building it, validating it, playing it, the share link) is made in Python (engine/lab/core.py, through
// its one entry point `call`): this script only forwards the form and the clicks and shows what comes back, with
// the viewer's own rendering (render.js). Every text from a battle is put in the page with textContent only.
"use strict";
(function () {
  var core = null;                // engine.lab.core, once Pyodide has loaded it
  var battle = null;              // {scenario, answers}: the battle as Python knows it
  var result = null;              // the last `play`
  var lines = [];                 // lines of play explored: answers lists
  var labels = {};                // each line seen (its answers as JSON) -> its decisions and LPs in words
  var states = [];                // the machine's states, for the sequence panel
  var view = DSViewer.create({ hash: false, onGo: showDecision });
  var el = DSViewer.el, clear = DSViewer.clear;

  function $(id) { return document.getElementById(id); }

  function status(text) { $("status").textContent = text; }

  function problem(text) {
    $("lab-error").hidden = !text;
    $("lab-error").textContent = text || "";
  }

  function call(name, args) {
    var out = JSON.parse(core.call(name, JSON.stringify(args)));
    if (out.error !== undefined) { var e = new Error(out.error); e.field = out.field; throw e; }
    return out.ok;
  }

  // A form's error at its field: the message (the loader's own) under the form, the field marked.
  function fieldError(box, prefix, e) {
    var inputs = document.querySelectorAll("[id^='" + prefix + "']");
    Array.prototype.forEach.call(inputs, function (i) { i.removeAttribute("aria-invalid"); });
    $(box).textContent = e ? e.message : "";
    if (e && e.field && $(prefix + e.field)) { $(prefix + e.field).setAttribute("aria-invalid", "true"); }
  }

  // -- the battle being built ---------------------------------------------------------------------------
  function option(select, value, text) {
    var o = el("option", text);
    o.value = value;
    select.appendChild(o);
    return o;
  }

  function showBattle() {
    var sc = battle.scenario, body = clear($("cards")), about = call("describe_battle", [sc]);
    $("no-cards").hidden = about.cards.length > 0;
    about.cards.forEach(function (c) {
      var tr = el("tr");
      tr.dataset.id = c.id;
      tr.appendChild(el("td", c.id, "id"));
      var name = el("td", c.name + (c.effects ? " (" + c.effects + " effect" + (c.effects > 1 ? "s" : "") + ")" : ""), "name");
      if (c.approximate) { name.appendChild(el("div", "\u2248 not exactly as printed: " + c.approximate, "approximate")); }
      tr.appendChild(name);
      tr.appendChild(el("td", c.side));
      tr.appendChild(el("td", c.where));
      tr.appendChild(el("td", c.stats));
      var td = el("td"), b = el("button", "remove");
      b.type = "button";
      b.addEventListener("click", function () { edit("remove_card", [c.id]); });
      td.appendChild(b);
      tr.appendChild(td);
      body.appendChild(tr);
    });
    var lp = sc.life_points || {};
    $("b-lp_A").value = lp.A === undefined ? 8000 : lp.A;
    $("b-lp_B").value = lp.B === undefined ? 8000 : lp.B;
    $("b-turn_player").value = sc.turn_player || "A";
    $("b-mode").value = sc.battle_phase ? "battle_phase" : "attack";
    var a = sc.attack || {};
    var att = clear($("b-attacker")), tgt = clear($("b-target")), ec = clear($("e-card"));
    about.attackers.forEach(function (id) { option(att, id, id); });
    var direct = option(tgt, "", about.direct ? "directly (not legal: " + about.direct + ")" : "directly");
    direct.disabled = Boolean(about.direct);  // the engine's rule, as a Battle Phase declaration is refused
    $("attack-note").textContent = about.note;
    $("attack-note").hidden = !about.note;
    about.targets.forEach(function (id) { option(tgt, id, id); });
    att.value = a.attacker || (att.options[0] ? att.options[0].value : "");
    tgt.value = a.target || (about.direct && tgt.options[1] ? tgt.options[1].value : "");
    about.cards.forEach(function (c) { option(ec, c.id, c.id); });
    $("scenario-json").value = JSON.stringify(sc, null, 2);
  }

  // A change to the battle: Python makes the new scenario (or says what is wrong, at the field); the line of
  // play starts again.
  function edit(name, args, box, prefix) {
    try {
      var sc = call(name, [battle.scenario].concat(args));
      if (box) { fieldError(box, prefix, null); }
      battle = { scenario: sc, answers: [] };
      lines = [];
      showBattle();
      run(false);
    } catch (e) {
      if (box) { fieldError(box, prefix, e); } else { problem(e.message); }
    }
  }

  // -- playing ------------------------------------------------------------------------------------------
  function run(auto, at) {
    problem("");
    if (!battle.scenario.cards.length) { showResult(null); return; }
    try {
      result = call("play", [battle, auto]);
    } catch (e) {
      problem(e.message);
      showResult(null);
      return;
    }
    battle.answers = result.answers;
    var taken = result.frames.filter(function (f) { return f.lab && f.lab.slot !== null; })
      .map(function (f) { return f.lab.options[f.lab.chosen]; });
    labels[JSON.stringify(battle.answers)] = (taken.length ? taken.join(" \u2192 ") : "no decision taken") +
      " \u2014 LP A " + result.lp.A + ", B " + result.lp.B + (result.pending ? " (waits for a decision)" : "");
    showResult(result, at);
  }

  function showResult(r, at) {
    $("play").classList.toggle("empty-play", !r || !r.frames.length);
    if (!r || !r.frames.length) {
      $("decide").hidden = true;
      $("share-link").value = "";
      return;
    }
    view.load({ title: r.title, attack: r.attack, states: states, frames: r.frames },
              at === undefined ? r.frames.length - 1 : at);
    showLines();
    share();
  }

  function share() {
    try {
      var link = call("encode_link", [battle]);
      var url = location.href.split("#")[0] + "#battle=" + link;
      $("share-link").value = url;
      history.replaceState(null, "", "#battle=" + link);
    } catch (e) { $("share-link").value = ""; }
  }

  // Another answer: the line shown is kept in the lines explored when the new one leaves it (a branch), not when
  // it only goes on with it; the line shown is never listed twice.
  function take(answers) {
    var now = JSON.stringify(battle.answers), goesOn = JSON.stringify(answers.slice(0, battle.answers.length)) === now;
    if (battle.answers.length && !goesOn && !lines.some(function (l) { return JSON.stringify(l) === now; })) {
      lines.push(battle.answers.slice());
    }
    battle.answers = answers;
    run(false);
    lines = lines.filter(function (l) { return JSON.stringify(l) !== JSON.stringify(battle.answers); });
    showLines();
  }

  // The decision at frame k (one taken earlier: another answer there is a branch), or the one pending at the end.
  function showDecision(f, k) {
    var d = null, chosen = -1, slot = null;
    // (a decision with one option is taken by itself: shown only when the rules refuse the player something there)
    if (f.lab && (f.lab.slot !== null || f.lab.illegal.length)) { d = f.lab; chosen = f.lab.chosen; slot = f.lab.slot; }
    else if (result && result.pending && k === view.last()) { d = result.pending; slot = d.slot; }
    $("decide").hidden = !d;
    $("auto").hidden = !(result && result.pending);
    if (!d) { return; }
    $("decide-head").textContent = (chosen >= 0 ? "Step " + k + ": " + d.player + " decided" : d.player + " decides now") +
      " (" + d.kind + ", " + d.window + ")" + (chosen >= 0 ? (slot === null ? ": the only option" : ": another option starts a new line from here") : "");
    var ol = clear($("decide-options"));
    d.options.forEach(function (text, i) {
      var li = el("li"), b = el("button", text);
      b.type = "button";
      b.className = "option" + (i === chosen ? " chosen" : "");
      b.dataset.option = String(i);
      if (i === chosen) { b.setAttribute("aria-pressed", "true"); }
      b.disabled = slot === null && i !== chosen;
      b.addEventListener("click", function () {
        if (i === chosen || slot === null) { return; }
        take(battle.answers.slice(0, slot).concat([i]));
      });
      li.appendChild(b);
      if (i === d["default"]) { li.appendChild(el("span", " (the default)", "default")); }
      if (i === chosen) { li.appendChild(el("span", " \u2190 chosen", "chosen-mark")); }
      ol.appendChild(li);
    });
    var ul = clear($("decide-illegal"));
    (d.illegal || []).forEach(function (x) {
      var li = el("li", null, "illegal"), b = el("button", x.option);
      b.type = "button";
      b.disabled = true;
      li.appendChild(b);
      li.appendChild(el("span", " not legal: " + x.reason, "reason"));
      ul.appendChild(li);
    });
  }

  function showLines() {
    var all = lines.concat([battle.answers]), ol = clear($("lines"));
    $("lines-box").hidden = lines.length === 0;
    all.forEach(function (answers, n) {
      var li = el("li"), b = el("button", labels[JSON.stringify(answers)] || "answers " + answers.join(", "));
      b.type = "button";
      b.disabled = answers === battle.answers;
      b.addEventListener("click", function () { take(answers.slice()); });
      li.appendChild(b);
      if (answers === battle.answers) { li.appendChild(el("span", " \u2190 shown", "chosen-mark")); }
      ol.appendChild(li);
    });
  }

  // -- exporting and importing --------------------------------------------------------------------------
  function exportAs(kind) {
    try {
      var text = call(kind === "trace" ? "export_trace" : "export_scenario", [battle]);
      var name = (battle.scenario.id || "battle").replace(/[^A-Za-z0-9_.-]/g, "_") + (kind === "trace" ? ".trace" : ".json");
      $("export-text").hidden = false;
      $("export-text").value = text;
      var a = $("download");
      if (a.href) { URL.revokeObjectURL(a.href); }
      a.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
      a.download = name;
      a.textContent = "download " + name;
      a.hidden = false;
    } catch (e) { problem(e.message); }
  }

  var imported = null;  // {name, text}: the file opened, for picking another scenario of it

  function importPick(index) {
    try {
      var r = call("import_text", [imported.name, imported.text, index]);
      fieldError("err-import", "import-", null);
      var pick = clear($("import-pick"));
      r.scenarios.forEach(function (id, i) { option(pick, String(i), id); });
      pick.value = String(r.index);
      $("import-pick-label").hidden = r.scenarios.length < 2;
      battle = r.battle;
      lines = [];
      showBattle();
      run(false);
      if (r.kind === "trace") { view.go(view.last()); }
    } catch (e) { fieldError("err-import", "import-", e); }
  }

  // -- the form's events --------------------------------------------------------------------------------
  function pick(card) {
    $("f-key").value = card.key;
    $("place-name").textContent = card.name;
    $("place-text").textContent = card.text + (card.exact ? "" : " \u2248 Not exactly as printed: " + card.differs + ".");
    $("f-atk").placeholder = card.atk === null ? "required" : String(card.atk);
    $("f-def").placeholder = card.def === null ? "required" : String(card.def);
    $("f-position").disabled = card.card_type !== "monster";
    $("place-card").disabled = false;
  }

  function search() {
    var ul = clear($("card-results"));
    call("search_cards", [$("card-search").value]).forEach(function (c) {
      var li = el("li"), b = el("button", c.name);
      b.type = "button";
      b.dataset.key = c.key;
      b.addEventListener("click", function () { pick(c); });
      li.appendChild(b);
      li.appendChild(el("span", " " + c.card_type + (c.atk !== null ? " " + c.atk + "/" + c.def : "") +
        (c.exact ? "" : " \u2248 approximate"), "info"));
      ul.appendChild(li);
    });
  }

  function wire() {
    $("card-search").addEventListener("input", search);
    $("place-card").addEventListener("click", function () {
      edit("add_card", [{ key: $("f-key").value, side: $("f-side").value, zone: $("f-zone").value,
                          position: $("f-position").value, face_down: $("f-face_down").checked,
                          atk: $("f-atk").value, def: $("f-def").value, id: $("f-id").value }], "err-place", "f-");
    });
    $("set-battle").addEventListener("click", function () {
      edit("set_battle", [{ lp_A: $("b-lp_A").value, lp_B: $("b-lp_B").value, turn_player: $("b-turn_player").value,
                            mode: $("b-mode").value, attacker: $("b-attacker").value, target: $("b-target").value }],
           "err-battle", "b-");
    });
    $("add-effect").addEventListener("click", function () {
      edit("add_effect", [$("e-card").value, $("e-effect").value], "err-effect", "e-");
    });
    $("apply-json").addEventListener("click", function () {
      var check = call("check_scenario", [$("scenario-json").value]);
      if (!check.ok) {
        $("err-json").textContent = check.error.text;
        $("scenario-json").setAttribute("aria-invalid", "true");
        return;
      }
      $("err-json").textContent = "";
      $("scenario-json").removeAttribute("aria-invalid");
      battle = { scenario: JSON.parse($("scenario-json").value), answers: [] };
      lines = [];
      showBattle();
      run(false);
    });
    $("auto").addEventListener("click", function () { run(true); });
    $("export-scenario").addEventListener("click", function () { exportAs("scenario"); });
    $("export-trace").addEventListener("click", function () { exportAs("trace"); });
    $("import-file").addEventListener("change", function () {
      var file = $("import-file").files[0];
      if (!file) { return; }
      var reader = new FileReader();
      reader.onload = function () { imported = { name: file.name, text: String(reader.result) }; importPick(0); };
      reader.onerror = function () { fieldError("err-import", "import-", { message: "the file could not be read" }); };
      reader.readAsText(file);
    });
    $("import-pick").addEventListener("change", function () { importPick(parseInt($("import-pick").value, 10)); });
    $("share-link").addEventListener("focus", function () { $("share-link").select(); });
    window.addEventListener("hashchange", function () { fromLink(); });
  }

  // A battle from the address (#battle=v1....), decoded and checked in Python; a bad link is said, not run.
  function fromLink() {
    var m = /^#battle=(.*)$/.exec(location.hash);
    if (!m) { return false; }
    if (battle && $("share-link").value.split("#")[1] === location.hash.slice(1)) { return true; }
    try {
      battle = call("decode_link", [m[1]]);
    } catch (e) {
      problem(e.message);
      return false;
    }
    lines = [];
    showBattle();
    run(false);
    return true;
  }

  async function start() {
    // Pyodide does not always reject when its WebAssembly is refused (a policy without 'wasm-unsafe-eval'): say so
    // rather than wait forever.
    var late = setTimeout(function () {
      status("The engine did not load in 90 s: the browser console says why (WebAssembly refused? a file missing?).");
    }, 90000);
    try {
      var manifest = await (await fetch("lab-files.json")).json();
      var py = await loadPyodide({ indexURL: new URL("pyodide/", location.href).href });
      status("Loading the engine\u2026");
      await py.loadPackage(manifest.wheels.map(function (w) { return new URL("wheels/" + w, location.href).href; }),
                           { messageCallback: function () {} });
      var zip = await (await fetch("engine.zip")).arrayBuffer();
      py.unpackArchive(zip, "zip", { extractDir: py.runPython("import sysconfig; sysconfig.get_paths()['purelib']") });
      core = py.pyimport("engine.lab.core");
      states = JSON.parse(py.runPython(
        "import json\nfrom engine.machine import declared_states\nfrom engine.trace import TITLES\n" +
        "json.dumps([{'id': s, 'title': TITLES.get(s, s)} for s in declared_states()])"));
      $("engine").textContent = "engine " + manifest.engine + ", Pyodide " + manifest.pyodide;
    } catch (e) {
      clearTimeout(late);
      status("The engine did not load: " + e);
      return;
    }
    clearTimeout(late);
    Array.prototype.forEach.call(document.querySelectorAll("button, input, select, textarea"), function (x) {
      if (x.id !== "place-card") { x.disabled = false; }
    });
    wire();
    battle = call("new_battle", []);
    showBattle();
    search();
    if (!fromLink()) { showResult(null); }
    status("Ready.");
    document.body.dataset.ready = "true";
  }

  start();
})();
