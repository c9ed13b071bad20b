"""The ruling lab in a real browser (headless Chromium driven by selenium): the site `python -m engine lab` builds,
served from one local origin, with the engine running in the page under Pyodide.

A battle is built through the form from two library cards (LC-GM-001's: Neo-Spacian Grand Mole attacks a Set
Man-Eater Bug), played to the end taking the non-default decision (activating the Mole at the start of the Damage
Step), and checked against the sourced case in tests/rules/library-cards-cases.jsonl (its final LPs and locations,
no damage calculation, no flip), then reopened from its share link; a rules file is imported and gives the CLI's
result; a link with markup in a card's name shows it as text; and after every test, no request has left the page's
origin (Chrome's performance log) and the console has no error (a CSP refusal would be one).

Skipped, with the reason, only where Chromium, chromedriver or selenium is missing, or where npm is missing and
Pyodide is not cached either (`.ci/run` installs them all). The screenshots `docs/lab.png` (1280x900) and
`docs/lab-narrow.png` (400x850) are written when ENGINE_WRITE_SCREENSHOT=1 is set:

    ENGINE_WRITE_SCREENSHOT=1 python3 -m pytest -q tests/test_lab_browser.py
"""

from __future__ import annotations

import base64
import json
import os
import subprocess
import sys
import threading
import time
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import needs
import pytest
from browser import DESKTOP, PHONE, chromium, require_chromium, viewport
from conftest import RULES_DIR, load_jsonl

from engine.build import load_scenarios
from engine.lab import core, site

ROOT = Path(__file__).resolve().parent.parent
CASES = {r["scenario"]["id"]: r for r in load_jsonl(RULES_DIR / "library-cards-cases.jsonl")}
MOLE = CASES["LC-GM-001"]
NAMES = {"mole": "Neo-Spacian Grand Mole", "bug": "Man-Eater Bug"}  # the case's ids -> the cards' names

require_chromium()
if not (site.cache_dir() / f"pyodide-{site.PYODIDE_VERSION}").is_dir():
    needs.tool("npm", module_level=True)  # to fetch Pyodide once

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402


# -- the site and the browser ------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The built site, served on a free local port (Chromium refuses fetch() over file://)."""
    out = site.build(tmp_path_factory.mktemp("lab") / "site")
    srv = site.server(out)
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{srv.server_port}/"
    finally:
        srv.shutdown()
        srv.server_close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from chromium()


@pytest.fixture
def driver(browser: Any, base: str) -> Iterator[Any]:
    """The browser at desktop size; after the test, no request left the page's origin and the console has no
    error or warning (the logs are drained first, so each test answers for itself)."""
    viewport(browser, *DESKTOP)
    browser.get("about:blank")
    browser.get_log("performance")
    browser.get_log("browser")
    yield browser
    messages = [json.loads(e["message"])["message"] for e in browser.get_log("performance")]
    requests = [m["params"]["request"]["url"] for m in messages if m["method"] == "Network.requestWillBeSent"]
    assert requests, "the performance log saw no request at all"
    assert [u for u in requests if not u.startswith((base, "about:", "blob:" + base.rstrip("/")))] == []
    assert [e for e in browser.get_log("browser") if e["level"] in ("SEVERE", "WARNING")] == []


def open_lab(driver: Any, url: str) -> None:
    """Open the lab and wait until the engine has loaded in the page (Pyodide: a few seconds)."""
    driver.get(url)
    deadline = time.monotonic() + 180
    while driver.execute_script("return document.body && document.body.dataset.ready") != "true":
        status = driver.find_element(By.ID, "status").text
        assert "did not load" not in status, status
        assert time.monotonic() < deadline, f"the lab did not load: {status}"
        time.sleep(0.25)


def by_id(driver: Any, id_: str) -> Any:
    return driver.find_element(By.ID, id_)


def place(driver: Any, search: str, side: str, face_down: bool = False) -> None:
    """Search the library by name, pick the one card found, and place it through the form."""
    box = by_id(driver, "card-search")
    box.clear()
    box.send_keys(search)
    found = driver.find_elements(By.CSS_SELECTOR, "#card-results button")
    assert len(found) == 1, [b.text for b in found]
    found[0].click()
    Select(by_id(driver, "f-side")).select_by_value(side)
    if by_id(driver, "f-face_down").is_selected() != face_down:
        by_id(driver, "f-face_down").click()
    by_id(driver, "place-card").click()
    assert by_id(driver, "err-place").text == ""


def lps(driver: Any) -> dict[str, int]:
    """The LPs the field panel shows now."""
    out = {}
    for p in ("A", "B"):
        out[p] = int(driver.find_element(By.CSS_SELECTOR, f"#side-{p} .lp").get_attribute("data-lp"))
    return out


def log_lines(driver: Any) -> list[str]:
    return [e.get_attribute("textContent") for e in driver.find_elements(By.CSS_SELECTOR, "#log-lines li .text")]


def decision_options(driver: Any) -> list[Any]:
    return driver.find_elements(By.CSS_SELECTOR, "#decide-options button")


def finish(driver: Any) -> None:
    """Play on to the end with the defaults, if a decision is still pending."""
    auto = by_id(driver, "auto")
    if by_id(driver, "decide").is_displayed() and auto.is_displayed():
        auto.click()
    assert not (by_id(driver, "decide").is_displayed() and by_id(driver, "auto").is_displayed())


def build_mole_battle(driver: Any, base: str) -> None:
    open_lab(driver, base + "index.html")
    place(driver, "grand mole", "A")
    place(driver, "man-eater", "B", face_down=True)
    rows = driver.find_elements(By.CSS_SELECTOR, "#cards tr")
    assert [r.find_element(By.CSS_SELECTOR, ".name").text.split(" (")[0] for r in rows] == [
        NAMES["mole"], NAMES["bug"]]  # fmt: skip


# -- the tests ---------------------------------------------------------------------------------------------
def test_build_play_branch_and_share(driver: Any, base: str) -> None:
    build_mole_battle(driver, base)
    # The first decision: A's trigger at the start of the Damage Step, passing by default.
    head = by_id(driver, "decide-head").text
    assert head.startswith("A decides now") and "Start of the Damage Step" in head
    options = decision_options(driver)
    texts = [b.text for b in options]
    default = int(driver.execute_script(
        "return [...document.querySelectorAll('#decide-options li')].findIndex(li => li.querySelector('.default'))"))
    assert texts[default] == "pass"
    activate = next(b for b in options if b.text.startswith(f"activate {NAMES['mole']}"))
    activate.click()  # the non-default decision
    finish(driver)

    # The case's result: the LPs, both monsters in the hand (neither on the field), no damage calculation, no flip.
    expected = MOLE["expected"]
    assert lps(driver) == expected["final_lp"]
    lines = log_lines(driver)
    for cid, where in expected["final_locations"].items():
        assert any(line.startswith(f"{NAMES[cid]} moves") and line.endswith(f"to the {where} (returned to the hand)")
                   for line in lines), (cid, lines)  # fmt: skip
    for side in ("A", "B"):
        assert driver.find_elements(By.CSS_SELECTOR, f"#side-{side} .card.monster") == []
    assert not any(line.startswith("values compared") for line in lines)  # damage_calculation_performed: false
    assert not any("flipped" in line for line in lines)  # "Face-down monsters are not flipped"

    # The explanation of the Bug's return, reached by its log line (a jump), then stepping back and forward.
    k = next(i for i, line in enumerate(lines) if line.startswith(f"{NAMES['bug']} moves"))
    driver.find_elements(By.CSS_SELECTOR, "#log-lines li")[k].click()
    assert by_id(driver, "stepno").text == str(k)
    assert by_id(driver, "ev-line").text.startswith(f"{NAMES['bug']} moves from the Monster Zone to the hand")
    assert NAMES["mole"] in by_id(driver, "ev-why").text
    by_id(driver, "back").click()
    assert by_id(driver, "stepno").text == str(k - 1)
    by_id(driver, "forward").click()
    assert by_id(driver, "stepno").text == str(k)
    final = {"lp": lps(driver), "lines": lines}

    # A branch: back at the decision, passing instead: the Bug is flipped, and both lines are listed.
    decision = next(i for i, line in enumerate(lines) if line.startswith("A decides (trigger)"))
    driver.find_elements(By.CSS_SELECTOR, "#log-lines li")[decision].click()
    assert "another option starts a new line" in by_id(driver, "decide-head").text
    next(b for b in decision_options(driver) if b.text == "pass").click()
    finish(driver)
    assert any("flipped" in line for line in log_lines(driver))
    explored = driver.find_elements(By.CSS_SELECTOR, "#lines button")
    assert len(explored) == 2
    first = next(b for b in explored if b.is_enabled())
    lp = expected["final_lp"]
    assert first.text == f"activate {NAMES['mole']} effect 0 \u2014 LP A {lp['A']}, B {lp['B']}"
    first.click()  # back to the first line
    assert log_lines(driver) == final["lines"] and lps(driver) == final["lp"]
    explored = driver.find_elements(By.CSS_SELECTOR, "#lines button")  # the same two lines, the shown one once (last)
    assert len(explored) == 2 and [b.is_enabled() for b in explored] == [True, False]

    # The share link reproduces it exactly, in a fresh page.
    link = by_id(driver, "share-link").get_attribute("value")
    assert link.startswith(base + "index.html#battle=v1.")
    driver.get("about:blank")
    open_lab(driver, link)
    assert log_lines(driver) == final["lines"] and lps(driver) == final["lp"]
    assert by_id(driver, "stepno").text == str(len(final["lines"]) - 1)

    # The exported scenario file gives the same result in the CLI.
    by_id(driver, "export-scenario").click()
    text = by_id(driver, "export-text").get_attribute("value")
    done = _cli_run(text, ".json")
    assert done["final_lp"] == expected["final_lp"]
    assert done["final_locations"] == {"neo_spacian_grand_mole": "hand", "man_eater_bug": "hand"}


def _cli_run(text: str, suffix: str) -> dict[str, Any]:
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"battle{suffix}"
        path.write_text(text, encoding="utf-8")
        done = subprocess.run([sys.executable, "-m", "engine", "run", str(path), "--format", "json"],
                              capture_output=True, text=True, cwd=ROOT, check=False)  # fmt: skip
    assert done.returncode == 0, done.stderr
    result: dict[str, Any] = json.loads(done.stdout.splitlines()[0])
    return result


def test_going_on_with_a_line_is_not_a_branch(driver: Any, base: str) -> None:
    """Taking the decisions of one line one after another lists no line explored; a branch lists the line left."""
    from engine.scenario import scenario_to_json

    sc = scenario_to_json(load_scenarios(ROOT / "examples" / "battle_phase.json")[0])
    open_lab(driver, base + "index.html#battle=" + core.encode_link({"scenario": sc, "answers": []}))
    for _ in range(3):
        decision_options(driver)[0].click()
    assert not by_id(driver, "lines-box").is_displayed()
    line = by_id(driver, "share-link").get_attribute("value")
    lines = log_lines(driver)
    k = next(i for i, text in enumerate(lines) if text.startswith("A decides") and ": attack " in text)  # a branch
    driver.find_elements(By.CSS_SELECTOR, "#log-lines li")[k].click()
    decision_options(driver)[1].click()
    explored = driver.find_elements(By.CSS_SELECTOR, "#lines button")
    assert len(explored) == 2 and [b.is_enabled() for b in explored] == [True, False]
    explored[0].click()
    assert by_id(driver, "share-link").get_attribute("value") == line
    assert len(driver.find_elements(By.CSS_SELECTOR, "#lines button")) == 2


def test_a_rules_file_imports_and_gives_the_clis_result(driver: Any, base: str) -> None:
    path = RULES_DIR / "library-cards-cases.jsonl"
    open_lab(driver, base + "index.html")
    by_id(driver, "import-file").send_keys(str(path))
    deadline = time.monotonic() + 30
    while not driver.find_elements(By.CSS_SELECTOR, "#import-pick option"):
        assert time.monotonic() < deadline, by_id(driver, "err-import").text
        time.sleep(0.1)
    Select(by_id(driver, "import-pick")).select_by_visible_text("LC-HD-001")
    finish(driver)
    line = next(x for x in path.read_text(encoding="utf-8").splitlines() if '"id": "LC-HD-001"' in x)
    cli = _cli_run(line + "\n", ".jsonl")
    assert lps(driver) == cli["final_lp"] == CASES["LC-HD-001"]["expected"]["final_lp"]
    assert by_id(driver, "title").text.startswith("Scenario LC-HD-001")


def test_the_effect_form_and_the_json_editor_show_the_loaders_messages(driver: Any, base: str) -> None:
    from engine.build import parse_scenario
    from engine.scenario import ScenarioError, parse_effect_spec

    build_mole_battle(driver, base)
    spec = {"kind": "piercing", "when": "always"}
    with pytest.raises(ScenarioError) as loader:
        parse_effect_spec(spec)
    box = by_id(driver, "e-effect")
    box.clear()
    box.send_keys(json.dumps(spec))
    by_id(driver, "add-effect").click()
    assert by_id(driver, "err-effect").text == str(loader.value)
    assert box.get_attribute("aria-invalid") == "true"
    box.clear()
    box.send_keys('{"kind": "piercing"}')
    by_id(driver, "add-effect").click()
    assert by_id(driver, "err-effect").text == "" and box.get_attribute("aria-invalid") is None
    assert "(2 effects)" in driver.find_elements(By.CSS_SELECTOR, "#cards .name")[0].text
    # The whole scenario as JSON: a bad controller, refused with the loader's path and message.
    driver.find_element(By.CSS_SELECTOR, "#json-box summary").click()
    editor = by_id(driver, "scenario-json")
    data = json.loads(editor.get_attribute("value"))
    data["cards"][1]["controller"] = "C"
    with pytest.raises(ScenarioError) as whole:
        parse_scenario(data)
    driver.execute_script("arguments[0].value = arguments[1]", editor, json.dumps(data))
    by_id(driver, "apply-json").click()
    assert by_id(driver, "err-json").text == str(whole.value)


EVIL = '<img src="http://evil.invalid/x.png"><script>document.title="owned"</script>'


def test_markup_from_a_link_is_shown_as_text(driver: Any, base: str) -> None:
    sc = {"format": "damage-step-scenario/1", "title": EVIL, "cards": [
        {"id": "m1", "name": EVIL, "controller": "A", "atk": 1000, "def": 0, "position": "attack"}],
        "attack": {"attacker": "m1", "target": None}}  # fmt: skip
    open_lab(driver, base + "index.html#battle=" + core.encode_link({"scenario": sc, "answers": []}))
    assert driver.find_element(By.CSS_SELECTOR, "#cards .name").text == EVIL
    assert driver.find_element(By.CSS_SELECTOR, "#side-A .card .id").text == EVIL
    assert EVIL in by_id(driver, "title").text
    assert driver.execute_script("return document.querySelectorAll('img, main script, #build script').length") == 0
    assert driver.title != "owned"
    assert lps(driver) == {"A": 8000, "B": 7000}  # a direct attack of 1000 ATK: B takes 1000 (docs: direct attack)


@pytest.mark.parametrize(("fragment", "words"), [
    ("#battle=v9.abc", "newer version of the lab"),
    ("#battle=v1.AAAA", "damaged"),
    ("#battle=nonsense", "holds no battle"),
    # 166 characters that unpack to 50,000 nested brackets: Pyodide's decoder overflowed its stack (a fatal error)
    ("#battle=v1." + base64.urlsafe_b64encode(zlib.compress(b"[" * 50_000 + b"]" * 50_000)).decode(),
     "nested too deeply"),
])  # fmt: skip
def test_a_bad_link_is_refused_with_a_message(driver: Any, base: str, fragment: str, words: str) -> None:
    open_lab(driver, base + "index.html" + fragment)
    assert words in by_id(driver, "lab-error").text
    assert driver.find_elements(By.CSS_SELECTOR, "#log-lines li") == []


def test_a_phone_scrolls_only_down(driver: Any, base: str) -> None:
    """At a phone's width nothing sticks out sideways, form and battle included (the review found the attack mode's
    select 10 px past the edge)."""
    viewport(driver, *PHONE)
    build_mole_battle(driver, base)
    assert driver.execute_script("return document.documentElement.scrollWidth") <= PHONE[0]


def _screenshot(driver: Any, path: Path) -> None:
    driver.save_screenshot(str(path))
    assert path.stat().st_size > 10_000


@pytest.mark.skipif(os.environ.get("ENGINE_WRITE_SCREENSHOT") != "1", reason="ENGINE_WRITE_SCREENSHOT=1 writes them")
def test_screenshots(driver: Any, base: str) -> None:
    """docs/lab.png at 1280x900 (the decision pending, the field and the explanation) and docs/lab-narrow.png at a
    phone's width (the illegal options of a Battle Step, greyed with their reasons)."""
    build_mole_battle(driver, base)
    driver.execute_script("document.getElementById('play').scrollIntoView()")
    _screenshot(driver, ROOT / "docs" / "lab.png")
    viewport(driver, *PHONE)
    from engine.build import load_scenarios
    from engine.scenario import scenario_to_json

    sc = scenario_to_json(load_scenarios(ROOT / "examples" / "battle_phase.json")[0])
    open_lab(driver, base + "index.html#battle=" + core.encode_link({"scenario": sc, "answers": []}))
    while by_id(driver, "decide").is_displayed() and not driver.find_elements(By.CSS_SELECTOR, "#decide-illegal li"):
        decision_options(driver)[-1].click()  # pass on, to the first Battle Step declaration
    driver.execute_script("document.getElementById('decide').scrollIntoView()")
    _screenshot(driver, ROOT / "docs" / "lab-narrow.png")
