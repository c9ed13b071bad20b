"""The viewer's page in a real browser (headless Chromium driven by selenium): what a player sees
when stepping through examples/piercing_flip.json, checked against the trace that made the page.

The expected values come from the trace records and the scenario in its header (the phase from
the last `phase_entered`, the flip from `flipped`, the damage from the scenario's ATK and DEF by the
piercing rule), never from the page. Skipped, with the reason, only where Chromium, chromedriver or
selenium is missing (`.ci/run` installs them). The screenshots `docs/viewer.png` (1280x900) and
`docs/viewer-narrow.png` (400x850) are written by `test_screenshot_at_damage_calculation` and
`test_screenshot_on_a_phone` when ENGINE_WRITE_SCREENSHOT=1 is set:

    ENGINE_WRITE_SCREENSHOT=1 python3 -m pytest -q tests/test_viewer_browser.py
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser import DESKTOP, PHONE, chromium, require_chromium, viewport
from test_viewer_page import BATTLE_PHASE_TRACES, case_trace, declared, expected_illegal

from engine import load_scenarios
from engine.debug.record import trace_scenario
from engine.trace import TITLES
from engine.viewer import page

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "piercing_flip.json"
SCREENSHOT = ROOT / "docs" / "viewer.png"
NARROW_SCREENSHOT = ROOT / "docs" / "viewer-narrow.png"

require_chromium()

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402


# -- the battle: its trace, and what the trace says at each step ---------------------------------
@pytest.fixture(scope="module")
def records() -> list[dict[str, Any]]:
    recs, _duel, _agent = trace_scenario(load_scenarios(EXAMPLE)[0])
    assert [r["step"] for r in recs[1:]] == list(range(len(recs) - 1))  # frame k is record k + 1
    return recs


def steps(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return records[1:]


def step_of(records: list[dict[str, Any]], type_: str, **fields: Any) -> int:
    """The step of the one record of this type (and these fields)."""
    found = [r["step"] for r in steps(records)
             if r.get("type") == type_ and all(r.get(k) == v for k, v in fields.items())]  # fmt: skip
    assert len(found) == 1, (type_, fields, found)
    return found[0]


def phase_at(records: list[dict[str, Any]], k: int) -> str:
    """The machine state at step k: the last one entered at or before it (before any, the one the first record
    happened in: Main Phase 1, where a host declares the first attack of an `attacks` scenario)."""
    entered = [r["detail"] for r in steps(records)[: k + 1] if r.get("type") == "phase_entered"]
    return entered[-1] if entered else steps(records)[0]["phase"]


def card(records: list[dict[str, Any]], cid: str) -> dict[str, Any]:
    return next(c for c in records[0]["scenario"]["cards"] if c["id"] == cid)


@pytest.fixture(scope="module")
def page_url(records: list[dict[str, Any]], tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("viewer") / "battle.html"
    path.write_text(page(records), encoding="utf-8")
    return path.as_uri()


# -- the browser -----------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from chromium()


@pytest.fixture
def driver(browser: Any) -> Iterator[Any]:
    """The browser at desktop size; after the test, the page must have asked for nothing over a
    network and logged no error (the logs are drained first, so each test answers for itself)."""
    viewport(browser, *DESKTOP)
    browser.get("about:blank")
    browser.get_log("performance")
    browser.get_log("browser")
    yield browser
    requests, problems = network_and_console(browser)
    assert [u for u in requests if not u.startswith(LOCAL)] == []
    assert problems == []


LOCAL = ("file:", "about:", "data:")


def network_and_console(driver: Any) -> tuple[list[str], list[dict[str, Any]]]:
    """The URLs the browser was asked for since the last call (Chrome's performance log), and the
    console's errors and warnings (a script error, a resource refused by the page's CSP)."""
    messages = [json.loads(e["message"])["message"] for e in driver.get_log("performance")]
    requests = [m["params"]["request"]["url"] for m in messages if m["method"] == "Network.requestWillBeSent"]
    return requests, [e for e in driver.get_log("browser") if e["level"] in ("SEVERE", "WARNING")]


def open_at(driver: Any, url: str) -> None:
    """A fresh load, as when a link is opened (not a fragment change of the open page)."""
    driver.get("about:blank")
    driver.get(url)
    driver.find_element(By.ID, "stepno")


SHOWN = """
function side(p) {
  var box = document.getElementById("side-" + p), d = box.querySelector(".delta");
  return {
    lp: box.querySelector(".lp").dataset.lp, delta: d ? d.dataset.delta : null,
    monsters: Array.prototype.map.call(box.querySelectorAll(".card.monster"), function (m) {
      return {label: m.querySelector(".id").textContent, classes: m.className, text: m.innerText};
    }),
    graveyard: Array.prototype.map.call(box.querySelectorAll(".graveyard li"), function (li) { return li.textContent; })
  };
}
var current = document.querySelectorAll("#states li.current");
var lines = document.querySelectorAll("#log-lines li.current");
return {
  step: document.getElementById("stepno").textContent, slider: document.getElementById("slider").value,
  hash: location.hash, phase: document.getElementById("phase").textContent,
  states: Array.prototype.map.call(current, function (li) { return li.dataset.state; }),
  svg: Array.prototype.map.call(document.querySelectorAll("#diagram g.node.current title"),
                                function (t) { return t.textContent; }),
  has_svg: !!document.querySelector("#diagram svg"),
  log: Array.prototype.map.call(lines, function (li) { return li.dataset.step; }),
  ev_step: document.getElementById("ev-step").textContent, rule: document.getElementById("ev-rule").textContent,
  why: document.getElementById("ev-why").textContent,
  chain: document.getElementById("chain-none").hidden ?
    Array.prototype.map.call(document.querySelectorAll("#chain-links li"), function (li) { return li.innerText; }) : [],
  A: side("A"), B: side("B")
};
"""


def shown(driver: Any) -> dict[str, Any]:
    """What the page shows now, read from its DOM."""
    return driver.execute_script(SHOWN)  # type: ignore[no-any-return]


def at_step(driver: Any, records: list[dict[str, Any]], k: int) -> dict[str, Any]:
    """Check that the page shows step k, as the trace has it, and return what it shows."""
    s = shown(driver)
    record = steps(records)[k]
    assert s["step"] == s["slider"] == s["ev_step"] == str(k)  # the counter, the slider, the event's heading
    assert s["log"] == [str(k)] and s["hash"] == f"#step={k}"  # one log line marked; the address links here
    phase = phase_at(records, k)
    assert s["phase"].startswith(TITLES[phase]) and s["states"] == [phase]
    if s["has_svg"]:
        assert s["svg"] == [phase]
    if record["kind"] == "event":
        assert (s["rule"], s["why"]) == (record["rule"], record["why"])
    return s


def monster(side: dict[str, Any], label: str) -> dict[str, Any]:
    found = [m for m in side["monsters"] if m["label"] == label]
    assert len(found) == 1, side["monsters"]
    return found[0]


def click(driver: Any, element_id: str) -> None:
    driver.find_element(By.ID, element_id).click()


# -- the tests -------------------------------------------------------------------------------------
def test_forward_to_damage_calculation_shows_the_battle_as_the_trace_has_it(
    driver: Any, page_url: str, records: list[dict[str, Any]]
) -> None:
    open_at(driver, page_url)
    at_step(driver, records, 0)
    flipped = step_of(records, "flipped", card="tgt")
    damage = step_of(records, "battle_damage", player="B")
    destroyed = step_of(records, "destroyed_by_battle", card="tgt")
    activated = step_of(records, "activated", card="rush")
    lp = records[0]["scenario"]["life_points"]
    speed = card(records, "rush")["effects"][0]["speed"]
    assert card(records, "tgt")["position"] == "set" and flipped < damage < destroyed

    k = 0
    while True:  # one press at a time, each step checked, until damage calculation has destroyed the target
        s = at_step(driver, records, k)
        tgt = monster(s["B"], "tgt")
        face_down = k < flipped
        assert ("face-down" in tgt["classes"].split()) is face_down
        assert ("\u25bd face-down" in tgt["text"]) is face_down and ("\u25b3 face-up" in tgt["text"]) is not face_down
        gone = k >= destroyed
        assert ("DESTROYED" in tgt["text"]) is gone and ("destroyed" in tgt["classes"].split()) is gone
        assert s["B"]["lp"] == str(lp["B"] if k < damage else steps(records)[damage]["lp"])
        if k < activated:
            assert s["chain"] == []
        if k == activated:  # the Spell Speed 2 Spell starts a chain, as link 1 (§1.2)
            player = steps(records)[k]["player"]
            assert s["chain"] == [f"Chain Link 1: rush \u2014 {player}, Spell Speed {speed} \u2014 on the chain"]
        if k == damage:
            assert s["B"]["delta"] == str(-steps(records)[damage]["amount"])
        if k == destroyed:
            break
        click(driver, "forward")
        k += 1

    # at damage calculation: the rules of the battle, from the scenario (§2.1, §2.4: piercing)
    assert phase_at(records, k) == "perform_damage_calculation"
    att, tgt_card, rush = card(records, "att"), card(records, "tgt"), card(records, "rush")
    bonus = rush["effects"][0]["does"][0]["atk"]
    assert s["B"]["lp"] == str(lp["B"] - (att["atk"] + bonus - tgt_card["def"]))
    assert s["A"]["lp"] == str(lp["A"]) and s["A"]["delta"] is None and s["B"]["delta"] is None
    assert s["A"]["graveyard"] == ["rush"]  # the resolved Normal Spell went to the Graveyard
    attacker = monster(s["A"], "att")
    assert f"ATK {att['atk'] + bonus} / DEF {att['def']}" in attacker["text"] and "attacker" in attacker["text"]
    target = monster(s["B"], "tgt")
    assert "Defense Position" in target["text"] and "face-down Defense" not in target["text"]
    assert "\u2716 DESTROYED by battle" in target["text"] and "target" in target["text"]
    assert s["chain"] == []  # resolved before damage calculation
    assert s["B"]["graveyard"] == []  # not sent yet: that comes at the end of the Damage Step (§1.7)


def test_the_fragment_opens_the_page_at_that_step_and_back_goes_back(
    driver: Any, page_url: str, records: list[dict[str, Any]]
) -> None:
    k = step_of(records, "battle_damage", player="B")
    open_at(driver, f"{page_url}#step={k}")
    s = at_step(driver, records, k)
    assert s["B"]["lp"] == str(steps(records)[k]["lp"]) and s["B"]["delta"] == str(-steps(records)[k]["amount"])
    click(driver, "back")
    s = at_step(driver, records, k - 1)
    assert s["B"]["lp"] == str(records[0]["scenario"]["life_points"]["B"]) and s["B"]["delta"] is None
    assert driver.current_url.endswith(f"#step={k - 1}")  # the address follows, so it can be copied as a link

    # a fragment typed into the address bar of the open page: no reload, the page follows the hashchange
    driver.execute_script("window.viewerMarker = 1")
    driver.get(f"{page_url}#step=3")
    at_step(driver, records, 3)
    assert driver.execute_script("return window.viewerMarker") == 1
    last = len(records) - 2
    driver.get(f"{page_url}#step={last + 50}")  # past the end: the last step, and the address says which
    at_step(driver, records, last)
    driver.get(f"{page_url}#nothing")  # not a step: the page stays, and the address names its step again
    at_step(driver, records, last)
    assert driver.execute_script("return window.viewerMarker") == 1

    open_at(driver, f"{page_url}#step={last + 50}")  # past the end: the last step
    at_step(driver, records, last)
    assert driver.find_element(By.ID, "forward").get_attribute("disabled") is not None
    open_at(driver, f"{page_url}#nothing")
    at_step(driver, records, 0)
    assert driver.find_element(By.ID, "back").get_attribute("disabled") is not None


def test_keys_slider_buttons_and_log_lines_move_through_the_steps(
    driver: Any, page_url: str, records: list[dict[str, Any]]
) -> None:
    open_at(driver, page_url)
    last = len(records) - 2
    body = driver.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.ARROW_RIGHT)
    body.send_keys(Keys.ARROW_RIGHT)
    at_step(driver, records, 2)
    body.send_keys(Keys.ARROW_LEFT)
    at_step(driver, records, 1)
    body.send_keys(Keys.END)
    at_step(driver, records, last)
    body.send_keys(Keys.ARROW_RIGHT)  # no step after the last
    at_step(driver, records, last)
    body.send_keys(Keys.HOME)
    at_step(driver, records, 0)

    slider = driver.find_element(By.ID, "slider")
    slider.send_keys(Keys.ARROW_RIGHT)  # the slider moves itself by one, and the page with it
    at_step(driver, records, 1)
    slider.send_keys(Keys.END)
    at_step(driver, records, last)

    destroyed = step_of(records, "destroyed_by_battle", card="tgt")
    line = driver.find_element(By.CSS_SELECTOR, f'#log-lines li[data-step="{destroyed}"]')
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", line)
    assert "tgt" in line.text and "destroyed" in line.text
    line.click()
    s = at_step(driver, records, destroyed)
    assert "DESTROYED" in monster(s["B"], "tgt")["text"]

    click(driver, "first")
    at_step(driver, records, 0)
    click(driver, "last")
    at_step(driver, records, last)


def boxes(driver: Any) -> dict[str, dict[str, float]]:
    return driver.execute_script(  # type: ignore[no-any-return]
        "var r = {}; ['side-A', 'side-B'].forEach(function (id) {"
        " var b = document.getElementById(id).getBoundingClientRect();"
        " r[id] = {left: b.left, right: b.right, top: b.top, bottom: b.bottom}; }); return r;"
    )


def test_the_field_is_side_by_side_on_a_desktop_and_stacked_on_a_phone(driver: Any, page_url: str) -> None:
    open_at(driver, page_url)
    b = boxes(driver)
    assert b["side-B"]["right"] <= b["side-A"]["left"] and b["side-B"]["top"] == b["side-A"]["top"]
    viewport(driver, *PHONE)
    open_at(driver, page_url)
    b = boxes(driver)
    assert b["side-B"]["bottom"] <= b["side-A"]["top"] and b["side-B"]["left"] == b["side-A"]["left"]
    # nothing wider than the phone: the page does not scroll sideways (the diagram scrolls in its box)
    assert driver.execute_script("return document.documentElement.scrollWidth") <= PHONE[0]
    for side in ("side-A", "side-B"):
        assert b[side]["right"] <= PHONE[0]


def screenshot(driver: Any, size: tuple[int, int], tmp_path: Path, to: Path) -> None:
    """The window as it is, checked to be a PNG of that size; copied to `to` only with
    ENGINE_WRITE_SCREENSHOT=1, so a test run leaves the tree unchanged."""
    png = tmp_path / to.name
    assert driver.save_screenshot(str(png))
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert (int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")) == size
    if os.environ.get("ENGINE_WRITE_SCREENSHOT") == "1":
        shutil.copyfile(png, to)


def test_screenshot_at_damage_calculation(
    driver: Any, page_url: str, records: list[dict[str, Any]], tmp_path: Path
) -> None:
    """The README's picture: the window, 1280x900, at the step where damage calculation destroys the
    face-up target; the field, the explanation and the log (its current line included) all in it."""
    k = step_of(records, "destroyed_by_battle", card="tgt")
    open_at(driver, f"{page_url}#step={k}")
    at_step(driver, records, k)
    assert all(in_window(driver, DESKTOP).values())
    screenshot(driver, DESKTOP, tmp_path, SCREENSHOT)


def test_screenshot_on_a_phone(driver: Any, page_url: str, records: list[dict[str, Any]], tmp_path: Path) -> None:
    """docs/viewer-narrow.png: the top of the page on a phone, 400x850, at the first decision whose player
    does not have every option, with the illegal options shown."""
    k = min(k for k, refused in expected_illegal(records).items() if refused)
    viewport(driver, *PHONE)
    open_at(driver, f"{page_url}#step={k}")
    click(driver, "show-illegal")
    at_step(driver, records, k)
    assert driver.execute_script("return document.documentElement.scrollWidth") <= PHONE[0]
    screenshot(driver, PHONE, tmp_path, NARROW_SCREENSHOT)


def test_the_page_asks_for_nothing_over_a_network(driver: Any, page_url: str) -> None:
    """Every step shown once, then the browser's own record: the page's file and nothing else."""
    open_at(driver, page_url)
    while driver.find_element(By.ID, "forward").get_attribute("disabled") is None:
        click(driver, "forward")
    requests, problems = network_and_console(driver)
    assert page_url in requests  # the log does see requests: the page's own file:// load is one
    assert [u for u in requests if not u.startswith(LOCAL)] == [] and problems == []


# -- the layout: everything that matters in view at once on a desktop, nothing sideways on a phone ----------
IN_WINDOW = """
var r = {}, w = window.innerWidth, h = window.innerHeight;
["field", "event", "log"].forEach(function (id) {
  var b = document.getElementById(id).getBoundingClientRect();
  r[id] = b.width > 0 && b.height > 0 && b.left >= 0 && b.top >= 0 && b.right <= w && b.bottom <= h;
});
var line = document.querySelector("#log-lines li.current").getBoundingClientRect(),
    list = document.getElementById("log-lines").getBoundingClientRect();
r.current_line = line.top >= list.top - 1 && line.bottom <= list.bottom + 1;
r.no_page_scroll = document.documentElement.scrollHeight <= h && document.documentElement.scrollWidth <= w
                   && window.scrollY === 0;
return r;
"""


def in_window(driver: Any, size: tuple[int, int]) -> dict[str, bool]:
    """Whether the field, the explanation and the log are each wholly inside the window, the log's current
    line inside the log's box, and the page itself without scrolling."""
    assert driver.execute_script("return [window.innerWidth, window.innerHeight]") == list(size)
    return driver.execute_script(IN_WINDOW)  # type: ignore[no-any-return]


@pytest.fixture(scope="module")
def battle_phase() -> list[dict[str, Any]]:
    """A Battle Phase played from its Start Step, two attacks (tests/rules/battle-step-cases.jsonl BS-002)."""
    return case_trace(ROOT / "tests" / "rules" / "battle-step-cases.jsonl", "BS-002")


def page_file(records: list[dict[str, Any]], tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("viewer") / "battle.html"
    path.write_text(page(records), encoding="utf-8")
    return path.as_uri()


def test_field_explanation_and_log_are_in_a_desktop_window_without_scrolling(
    driver: Any, page_url: str, records: list[dict[str, Any]], battle_phase: list[dict[str, Any]],
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    refused = min(k for k, r in expected_illegal(records).items() if r)
    destroyed = step_of(records, "destroyed_by_battle", card="tgt")
    bp_url = page_file(battle_phase, tmp_path_factory)
    for url, recs, ks in ((page_url, records, [0, refused, destroyed, len(records) - 2]),
                          (bp_url, battle_phase, [0, declared(battle_phase)[1][0], len(battle_phase) - 2])):
        for k in ks:
            open_at(driver, f"{url}#step={k}")
            at_step(driver, recs, k)
            assert in_window(driver, DESKTOP) == dict.fromkeys(("field", "event", "log", "current_line",
                                                                "no_page_scroll"), True), (url, k)  # fmt: skip
    open_at(driver, f"{page_url}#step={refused}")
    click(driver, "show-illegal")  # the illegal options shown: the explanation grows, and still fits
    assert all(in_window(driver, DESKTOP).values())
    driver.find_element(By.CSS_SELECTOR, "#diagram-box summary").click()  # the diagram opened: still no page scroll
    assert driver.execute_script("return document.getElementById('diagram-box').open") is True
    assert all(in_window(driver, DESKTOP).values())
    svg = driver.execute_script("var b = document.querySelector('#diagram svg').getBoundingClientRect();"
                                " return [b.height, b.width];")  # fmt: skip
    assert 0 < svg[0] <= 200  # compact: no taller than its fixed height


OVERFLOW = """
var w = window.innerWidth, out = [];
Array.prototype.forEach.call(document.querySelectorAll("body *"), function (e) {
  if (e.closest("#diagram")) { return; }  // the drawing scrolls sideways inside its own box
  var b = e.getBoundingClientRect();
  if (b.width > 0 && (b.left < -0.5 || b.right > w + 0.5)) { out.push(e.tagName + "#" + e.id + "." + e.className); }
});
return {elements: out, scroll: document.documentElement.scrollWidth};
"""


def test_nothing_overflows_sideways_on_a_phone(
    driver: Any, page_url: str, records: list[dict[str, Any]], battle_phase: list[dict[str, Any]],
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    refused = min(k for k, r in expected_illegal(records).items() if r)
    viewport(driver, *PHONE)
    bp_url = page_file(battle_phase, tmp_path_factory)
    for url, recs, ks in ((page_url, records, [0, refused, len(records) - 2]), (bp_url, battle_phase, [40])):
        for k in ks:
            open_at(driver, f"{url}#step={k}")
            at_step(driver, recs, k)
            if k == refused:
                click(driver, "show-illegal")
            driver.find_element(By.CSS_SELECTOR, "#diagram-box summary").click()
            over = driver.execute_script(OVERFLOW)
            assert over == {"elements": [], "scroll": PHONE[0]}, (url, k)
            b = boxes(driver)  # stacked: B above A
            assert b["side-B"]["bottom"] <= b["side-A"]["top"]


# -- "why not?": the options the rules refuse, greyed, with their reasons ---------------------------------
ILLEGAL = """
function items(sel) {
  return Array.prototype.map.call(document.querySelectorAll(sel), function (li) {
    return {option: li.querySelector(".option").textContent, reason: li.querySelector(".reason").textContent,
            color: getComputedStyle(li).color};
  });
}
var legal = document.querySelector("#ev-options li:not(.illegal)");
return {checked: document.getElementById("show-illegal").checked,
        decision_shown: !document.getElementById("decision").hidden,
        count: document.getElementById("illegal-count").textContent,
        options: items("#ev-options li.illegal"), why_not: items("#ev-why-not-list li"),
        why_not_shown: !document.getElementById("ev-why-not").hidden,
        legal_color: legal ? getComputedStyle(legal).color : null};
"""


def test_the_why_not_toggle_shows_the_illegal_options_greyed_with_the_rules_reasons(
    driver: Any, page_url: str, records: list[dict[str, Any]]
) -> None:
    expected = {k: r for k, r in expected_illegal(records).items() if r}
    first, *later = sorted(expected)
    assert later
    open_at(driver, f"{page_url}#step={first}")
    at_step(driver, records, first)
    shown = driver.execute_script(ILLEGAL)  # off by default: counted, not listed
    assert shown["decision_shown"] and not shown["checked"] and shown["count"] == str(len(expected[first]))
    assert shown["options"] == shown["why_not"] == [] and not shown["why_not_shown"]

    click(driver, "show-illegal")
    for k in (first, *later):
        at_step(driver, records, k)
        shown = driver.execute_script(ILLEGAL)
        assert shown["checked"]  # remembered from step to step
        want = [(x["option"], x["reason"]) for x in expected[k]]
        assert [(x["option"], x["reason"].removeprefix("not legal: ")) for x in shown["options"]] == want
        assert all(x["reason"].startswith("not legal: ") for x in shown["options"])
        assert [(x["option"], x["reason"].removeprefix(": ")) for x in shown["why_not"]] == want
        assert shown["why_not_shown"]
        assert all(x["color"] != shown["legal_color"] for x in shown["options"])  # greyed, unlike a legal one
        nxt = [j for j in later if j > k]
        if nxt:
            driver.get(f"{page_url}#step={nxt[0]}")
    empty = next(k for k in range(first + 1, len(records) - 1) if k not in expected)
    driver.get(f"{page_url}#step={empty}")
    at_step(driver, records, empty)
    shown = driver.execute_script(ILLEGAL)
    assert shown["checked"] and shown["options"] == [] and not shown["why_not_shown"]


# -- attacks: which one is under way, and jumping between them ----------------------------------------------
def attack_shown(driver: Any) -> dict[str, Any]:
    return driver.execute_script(  # type: ignore[no-any-return]
        "return {heading: document.getElementById('attack-now').textContent,"
        " title: document.getElementById('attack').textContent,"
        " prev: document.getElementById('prev-attack').disabled, next: document.getElementById('next-attack').disabled,"
        " shown: !document.getElementById('attack-nav').hidden};"
    )


@pytest.mark.parametrize(("path", "case_id"), BATTLE_PHASE_TRACES)
def test_attack_buttons_jump_to_each_attacks_first_step(
    driver: Any, path: Path, case_id: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    recs = case_trace(path, case_id)
    decls = declared(recs)
    assert len(decls) >= 2
    url = page_file(recs, tmp_path_factory)
    open_at(driver, url)
    at_step(driver, recs, 0)
    a = attack_shown(driver)
    assert a["shown"] and a["title"] == ", then ".join(what for _k, what in decls)
    assert a["prev"] is True
    if decls[0][0] > 0:
        assert a["heading"] == "Before the first attack"
    for n, (k, what) in enumerate(decls):
        if n or decls[0][0] > 0:
            click(driver, "next-attack")
        at_step(driver, recs, k)
        a = attack_shown(driver)
        assert a["heading"] == f"Attack {n + 1}: {what}"
        assert a["prev"] is (n == 0) and a["next"] is (n == len(decls) - 1)
    for n in range(len(decls) - 2, -1, -1):
        click(driver, "prev-attack")
        at_step(driver, recs, decls[n][0])
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.PAGE_DOWN)  # the keys do the same
    at_step(driver, recs, decls[1][0])
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.PAGE_UP)
    at_step(driver, recs, decls[0][0])
    last = len(recs) - 2  # after the last attack, in the End Step: still the last one's heading
    driver.get(f"{url}#step={last}")
    at_step(driver, recs, last)
    assert attack_shown(driver)["heading"] == f"Attack {len(decls)}: {decls[-1][1]}"
