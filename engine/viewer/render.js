// The viewer's rendering, shared by the viewer's page (engine/viewer/viewer.js, frames embedded in the page) and
// the ruling lab's page (engine/lab/lab.js, frames computed by the engine in the browser): the panels (where the
// battle is, the explanation, the field, the chain, the log) and the step navigation. It only displays frames
// that Python computed (engine/viewer); no rule is decided here. Scenario text is put in the page with
// textContent only.
"use strict";
var DSViewer = (function () {
    function $(id) { return document.getElementById(id); }

    function el(tag, text, cls) {
      var e = document.createElement(tag);
      if (text !== undefined && text !== null) { e.textContent = String(text); }
      if (cls) { e.className = cls; }
      return e;
    }

    function clear(e) { while (e.firstChild) { e.removeChild(e.firstChild); } return e; }

    function signed(n) { return n > 0 ? "+" + n : n < 0 ? "\u2212" + (-n) : ""; }


  // `create(options)` attaches the navigation once; `load(data, start)` shows a battle's frames (again and again in
  // the lab). options.hash: keep "#step=K" in the address (the viewer); options.onGo(frame, k): after each move.
  function create(options) {
    var frames = [], last = -1, current = -1, attackStarts = [], logLines = [], stateItems = {}, svgNodes = {};
    var slider = $("slider");

    function load(data, start) {
      frames = data.frames;
      last = frames.length - 1;
      current = -1;
      $("title").textContent = data.title;
      $("attack").textContent = data.attack;
      // The approximate library cards the battle names, each with what differs from its printed text.
      var fid = clear($("fidelity"));
      (data.fidelity || []).forEach(function (line) { fid.appendChild(el("li", line)); });
      fid.hidden = !(data.fidelity && data.fidelity.length);
      if (data.engine !== undefined) { $("engine").textContent = data.engine; }
      $("laststep").textContent = String(last);
      slider.max = String(Math.max(0, last));

      stateItems = {};
      clear($("states"));
      data.states.forEach(function (s) {
        var li = el("li", s.title);
        li.dataset.state = s.id;
        stateItems[s.id] = li;
        $("states").appendChild(li);
      });

      svgNodes = {};
      Array.prototype.forEach.call(document.querySelectorAll("#diagram g.node"), function (g) {
        var t = g.querySelector("title");
        if (t) { svgNodes[t.textContent] = g; }
      });

      // The first step of each attack (frames carry the attack under way, numbered from 0, or null before
      // the first declaration); the jump buttons show where there is more than one stretch to jump between.
      attackStarts = [];
      frames.forEach(function (f, k) {
        if (f.attack !== null && f.attack !== undefined && attackStarts[f.attack] === undefined) { attackStarts[f.attack] = k; }
      });
      $("attack-nav").hidden = attackStarts.length === 0 || (attackStarts.length === 1 && attackStarts[0] === 0);

      logLines = [];
      clear($("log-lines"));
      frames.forEach(function (f, k) {
        var li = el("li", null, f.heading ? "heading" : f.kind);
        li.value = k;
        li.dataset.step = String(k);
        li.appendChild(el("span", "", "mark"));
        li.appendChild(el("span", f.heading ? "== " + f.line + " ==" : f.line, "text"));
        if (!f.heading) { li.appendChild(el("span", " [" + f.rule + "]", "tag")); }
        li.tabIndex = -1;
        li.addEventListener("click", function () { go(k); });
        logLines.push(li);
        $("log-lines").appendChild(li);
      });
      if (frames.length) { go(start === null || start === undefined ? 0 : start); }
    }

    function attackJump(k, by) {
      var a = frames[k].attack, to = null;
      if (by > 0) { to = a === null ? 0 : a + 1; } else if (a !== null) { to = a - 1; }
      return to !== null && to >= 0 && to < attackStarts.length ? attackStarts[to] : null;
    }

    // -- one frame --------------------------------------------------------------------------------
    function monster(m) {
      var box = el("div", null, "card monster" + (m.face_down ? " face-down" : "") + (m.destroyed ? " destroyed" : ""));
      var head = el("div", null, "name");
      head.appendChild(el("span", m.label, "id"));
      if (m.role) { head.appendChild(el("span", m.role, "role")); }
      box.appendChild(head);
      var stats = el("div", "ATK " + m.atk + " / DEF " + m.def, "stats");
      if (m.atk !== m.base_atk || m.def !== m.base_def) {
        stats.appendChild(el("span", " (printed " + m.base_atk + " / " + m.base_def + ")", "base"));
      }
      box.appendChild(stats);
      box.appendChild(el("div", m.position + ", " + (m.face_down ? "\u25BD face-down" : "\u25B3 face-up"), "position"));
      if (m.destroyed) { box.appendChild(el("div", "\u2716 DESTROYED by battle", "destroyed-mark")); }
      if (m.approximate) { box.appendChild(el("div", "\u2248 not exactly as printed: " + m.approximate, "approximate")); }
      return box;
    }

    function pile(title, cards, cls) {
      var p = el("div", null, "pile " + cls);
      p.appendChild(el("h4", title + " (" + cards.length + ")"));
      if (cards.length === 0) { p.appendChild(el("p", "empty", "empty")); return p; }
      var ul = el("ul");
      cards.forEach(function (c) { ul.appendChild(el("li", c)); });
      p.appendChild(ul);
      return p;
    }

    function side(box, s) {
      clear(box);
      var h = el("h3", "Player " + s.player + " ");
      var lp = el("span", "LP " + s.lp, "lp");
      lp.dataset.lp = String(s.lp);
      h.appendChild(lp);
      if (s.delta) {
        var d = el("span", " (" + signed(s.delta) + " this step)", "delta " + (s.delta < 0 ? "loss" : "gain"));
        d.dataset.delta = String(s.delta);
        h.appendChild(d);
      }
      box.appendChild(h);
      box.appendChild(el("h4", "Monster Zone"));
      if (s.monsters.length === 0) { box.appendChild(el("p", "no monster", "empty")); }
      s.monsters.forEach(function (m) { box.appendChild(monster(m)); });
      if (s.spells.length) {
        box.appendChild(el("h4", "Spell & Trap Zone"));
        s.spells.forEach(function (c) {
          var card = el("div", c.label + " \u2014 " + (c.face_down ? "\u25BD Set (face-down)" : "\u25B3 face-up"),
            "card spell" + (c.face_down ? " face-down" : ""));
          if (c.approximate) { card.appendChild(el("div", "\u2248 not exactly as printed: " + c.approximate, "approximate")); }
          box.appendChild(card);
        });
      }
      box.appendChild(pile("Graveyard", s.graveyard, "graveyard"));
      if (s.banished.length) { box.appendChild(pile("Banished", s.banished, "banished")); }
    }

    function chain(c) {
      var ol = clear($("chain-links"));
      $("chain-none").hidden = !!c;
      if (!c) { return; }
      c.links.forEach(function (l) {
        var li = el("li", null, "link " + l.status.replace(/ /g, "-"));
        li.value = l.n;
        li.appendChild(el("span", "Chain Link " + l.n + ": " + l.card, "link-card"));
        li.appendChild(el("span", " \u2014 " + l.player + ", Spell Speed " + l.speed + " \u2014 " + l.status, "info"));
        ol.appendChild(li);
      });
    }

    function attackHeading(f) {
      var h = $("attack-now");
      h.textContent = f.attack_label || (attackStarts.length ? "Before the first attack" : "");
      h.classList.toggle("none", !f.attack_label);
    }

    function sequence(f) {
      $("phase").textContent = f.phase_title + (f.window ? " (window: " + f.window.replace(/_/g, " ") + ")" : "");
      Object.keys(stateItems).forEach(function (id) {
        var on = id === f.phase;
        stateItems[id].classList.toggle("current", on);
        if (on) { stateItems[id].setAttribute("aria-current", "step"); } else { stateItems[id].removeAttribute("aria-current"); }
      });
      Object.keys(svgNodes).forEach(function (id) { svgNodes[id].classList.toggle("current", id === f.phase); });
      var g = svgNodes[f.phase], box = $("diagram");
      if (g && $("diagram-box").open && box.scrollWidth > box.clientWidth) {
        var r = g.getBoundingClientRect(), b = box.getBoundingClientRect();
        box.scrollLeft += (r.left + r.width / 2) - (b.left + b.width / 2);
      }
    }

    function event(f) {
      $("ev-step").textContent = String(f.step);
      $("ev-kind").textContent = f.kind === "decision" ? "a decision" : f.type.replace(/_/g, " ");
      $("ev-line").textContent = f.heading ? "The machine enters " + f.line + "." : f.line;
      $("ev-why").textContent = f.why;
      $("ev-rule").textContent = f.rule;
      $("ev-rule-text").textContent = f.rule_text;
      var opts = clear($("ev-options")), illegal = f.illegal || [], showIllegal = $("show-illegal").checked;
      $("decision").hidden = !f.decision && illegal.length === 0;
      $("illegal-count").textContent = String(illegal.length);
      if (f.decision) {
        f.decision.options.forEach(function (o, i) {
          var chosen = i === f.decision.chosen;
          var li = el("li", o + (chosen ? "   \u2190 chosen" : ""), chosen ? "chosen" : "legal");
          li.value = i;
          opts.appendChild(li);
        });
      }
      // The options the rules refuse here (computed in Python), greyed, each with its reason; and the same
      // reasons in the Why panel. Off by default; the checkbox keeps its state from step to step.
      var whyNot = clear($("ev-why-not-list"));
      $("ev-why-not").hidden = !(showIllegal && illegal.length);
      if (showIllegal) {
        illegal.forEach(function (x) {
          var li = el("li", null, "illegal");
          li.appendChild(el("span", x.option, "option"));
          li.appendChild(el("span", "not legal: " + x.reason, "reason"));
          li.title = "not legal now";
          opts.appendChild(li);
          var w = el("li");
          w.appendChild(el("span", x.option, "option"));
          w.appendChild(el("span", ": " + x.reason, "reason"));
          whyNot.appendChild(w);
        });
      }
      $("outcome").hidden = !f.outcome;
      $("outcome").textContent = f.outcome || "";
    }

    // The current log line in view inside the log's own box (the page itself does not scroll for it).
    function showLine() {
      var list = $("log-lines"), line = logLines[current];
      if (line.offsetTop < list.scrollTop || line.offsetTop + line.offsetHeight > list.scrollTop + list.clientHeight) {
        list.scrollTop = line.offsetTop - list.clientHeight / 2;
      }
    }

    // The address always names the step shown (replaceState: no history entry, no hashchange), so it
    // can be copied as a link, even after a fragment past the end or a bad one.
    function go(k) {
      if (!frames.length) { return; }
      k = Math.max(0, Math.min(last, k | 0));
      var f = frames[k];
      if (current >= 0) {
        logLines[current].classList.remove("current");
        logLines[current].removeAttribute("aria-current");
        logLines[current].firstChild.textContent = "";
      }
      current = k;
      logLines[k].classList.add("current");
      logLines[k].setAttribute("aria-current", "step");
      logLines[k].firstChild.textContent = "\u25B6 ";
      $("stepno").textContent = String(k);
      slider.value = String(k);
      $("first").disabled = $("back").disabled = k === 0;
      $("forward").disabled = $("last").disabled = k === last;
      $("prev-attack").disabled = attackJump(k, -1) === null;
      $("next-attack").disabled = attackJump(k, 1) === null;
      attackHeading(f);
      sequence(f);
      event(f);
      $("event").scrollTop = 0;
      side($("side-A"), f.sides[0]);
      side($("side-B"), f.sides[1]);
      chain(f.chain);
      showLine();  // last: the boxes have their sizes for this frame now
      if (options.hash) {
        var hash = "#step=" + k;
        if (location.hash !== hash) {
          try { history.replaceState(null, "", hash); } catch (e) { location.hash = hash; }
        }
      }
      if (options.onGo) { options.onGo(f, k); }
    }

    function fromHash() {
      var m = /^#step=(\d+)$/.exec(location.hash);
      return m ? parseInt(m[1], 10) : null;
    }

    $("first").addEventListener("click", function () { go(0); });
    $("back").addEventListener("click", function () { go(current - 1); });
    $("forward").addEventListener("click", function () { go(current + 1); });
    $("last").addEventListener("click", function () { go(last); });
    $("prev-attack").addEventListener("click", function () { var to = attackJump(current, -1); if (to !== null) { go(to); } });
    $("next-attack").addEventListener("click", function () { var to = attackJump(current, 1); if (to !== null) { go(to); } });
    $("show-illegal").addEventListener("change", function () { event(frames[current]); });
    $("diagram-box").addEventListener("toggle", function () { sequence(frames[current]); showLine(); });
    window.addEventListener("resize", showLine);
    slider.addEventListener("input", function () { go(parseInt(slider.value, 10)); });
    if (options.hash) {
      window.addEventListener("hashchange", function () {
        var k = fromHash();
        if (frames.length) { go(k === null ? current : k); }
      });
    }
    document.addEventListener("keydown", function (e) {
      if (e.target === slider || e.altKey || e.ctrlKey || e.metaKey || !frames.length) { return; }  // the slider moves itself
      if (/^(INPUT|TEXTAREA|SELECT|BUTTON)$/.test(e.target.tagName) && e.target.id !== "show-illegal") { return; }  // typing
      var to = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: last,
                 PageUp: attackJump(current, -1), PageDown: attackJump(current, 1) }[e.key];
      if (to === null) { e.preventDefault(); return; }
      if (to !== undefined) { e.preventDefault(); go(to); }
    });


    return { load: load, go: go, current: function () { return current; }, last: function () { return last; },
             frame: function (k) { return frames[k]; } };
  }

  return { create: create, el: el, clear: clear };
})();
