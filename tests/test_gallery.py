"""The rulings gallery of the documentation site (tools/gallery.py, made by the docs build's hook): one page per
sourced case of tests/rules/, each with its sources quoted and linked and a ruling-lab link that plays the case to
the result the case expects: every case's link in Python (the lab's own `core`, as the page runs it), and a sample
in headless Chromium, from the site `mkdocs build --strict` makes, following the page's link into the lab."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import needs
import pytest
from conftest import RULES_DIR, load_jsonl, mismatches

from engine.lab import core, site

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # the checkout's tools/, whichever directory pytest was started from
    sys.path.insert(0, str(ROOT))
from tools import gallery  # noqa: E402

RECORDS = [(p.name, r) for p in sorted(RULES_DIR.glob("*.jsonl")) for r in load_jsonl(p)]
# A sample for the browser: a non-default decision (a library card's effect), a whole Battle Phase, a plain battle,
# and a case whose choices activate effects.
SAMPLE = ["LC-GM-001", "BP-001", "DS-001", "RF-001"]


@pytest.fixture(scope="module")
def cases() -> list[gallery.Case]:
    return gallery.load()


def test_one_page_per_case_of_every_case_file(cases: list[gallery.Case]) -> None:
    assert [(c.file, c.id) for c in cases] == [(f, r["scenario"]["id"]) for f, r in RECORDS]
    assert len({c.page for c in cases}) == len(RECORDS) >= 300


def test_a_page_holds_the_title_the_field_the_sources_and_both_results(cases: list[gallery.Case]) -> None:
    for c in cases:
        text = gallery.page(c, "../../../lab/")
        assert text.startswith(f"# {gallery.md(c.id)}: {gallery.md(c.title)}\n")
        for card in c.record["scenario"]["cards"]:
            assert f"| {gallery.md(str(card['id']))} |" in text  # the field, card by card
        for source in c.record["source"]["sources"]:
            for url in re.findall(r"https?://[^\s)\]>\"]+", source):
                assert f"<{url.rstrip('.,;')}>" in text, (c.id, url)  # each address a link, in its quoted source
        assert json.dumps(c.record["expected"], indent=1, ensure_ascii=False) in text
        assert f"Final LP: A {c.result['final_lp']['A']}, B {c.result['final_lp']['B']}." in text
        assert text.count('class="md-button lab-link" href="../../../lab/#battle=v1.') == 1


def test_markup_in_a_case_is_shown_as_text() -> None:
    shown = gallery.md("<script>alert(1)</script> *x* [a](b)")
    assert shown == "&lt;script&gt;alert(1)&lt;/script&gt; \\*x\\* \\[a\\](b)"


def test_every_lab_link_plays_its_case_to_the_result_the_case_expects(cases: list[gallery.Case]) -> None:
    for c in cases:
        battle = core.decode_link(c.lab_fragment())
        assert battle["scenario"] == c.record["scenario"]
        line = core.play_to_end(battle)
        assert line["answers"] == battle["answers"], c.id  # every decision answered by the link: none left to take
        assert line["lp"] == c.result["final_lp"], c.id
        assert mismatches({k: v for k, v in c.record["expected"].items() if k == "final_lp"}, c.result) == []


@pytest.mark.parametrize("case_id", SAMPLE)
def test_the_lab_plays_a_sample_link_as_its_page_does(cases: list[gallery.Case], case_id: str) -> None:
    """What the lab's page runs on opening a link (`play`, frames and all), to the case's expected LPs."""
    c = next(c for c in cases if c.id == case_id)
    played = core.play(core.decode_link(c.lab_fragment()))
    assert played["over"] and played["pending"] is None
    assert played["lp"] == c.record["expected"]["final_lp"]


def test_the_index_lists_every_case_by_file_card_rule_and_timing(cases: list[gallery.Case]) -> None:
    text = gallery.index(cases)
    for c in cases:
        assert f"]({c.page})" in text
    sections = re.findall(r"^## (.*)$", text, re.M)
    assert sections == [f"Every case ({len(cases)})", "By card", "By rule", "By timing"]
    assert "- **Mirror Force**: " in text and "[LC-MF-001](gallery/library-cards-cases/lc-mf-001.md)" in text
    front = (ROOT / "docs" / "gallery.md").read_text()
    assert front.count(gallery.MARKER) == 1


# -- the built site, in headless Chromium --------------------------------------------------------------------------
@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    needs.module("mkdocs", module_level=False)
    if not (site.cache_dir() / f"pyodide-{site.PYODIDE_VERSION}").is_dir():
        needs.tool("npm")  # the docs build builds the lab, which fetches Pyodide once
    out = tmp_path_factory.mktemp("docs") / "site"
    r = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)], cwd=ROOT,
                       capture_output=True, text=True, timeout=1800)  # fmt: skip
    assert r.returncode == 0, r.stderr[-3000:]
    return out


@pytest.fixture(scope="module")
def base(built: Path) -> Iterator[str]:
    srv = site.server(built)
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{srv.server_port}/"
    finally:
        srv.shutdown()
        srv.server_close()


@pytest.fixture(scope="module")
def driver(built: Path) -> Iterator[Any]:
    from browser import chromium, require_chromium

    require_chromium()
    yield from chromium()


def test_the_build_makes_one_page_per_case_and_the_front_page_lists_them(built: Path) -> None:
    made = (built / "gallery").glob("*/*/index.html")
    pages = sorted(p.parent.relative_to(built / "gallery").as_posix() for p in made)
    assert pages == sorted(f"{f.removesuffix('.jsonl')}/{gallery.slug(r['scenario']['id'])}" for f, r in RECORDS)
    front = (built / "gallery" / "index.html").read_text()
    assert gallery.MARKER not in front and front.count('href="library-cards-cases/') >= 69
    assert (built / "damage_step.svg").read_text() == (ROOT / "diagrams" / "damage_step.svg").read_text()


@pytest.mark.parametrize("case_id", SAMPLE)
def test_a_pages_lab_link_plays_the_case_to_its_expected_result_in_the_browser(
    driver: Any, base: str, case_id: str
) -> None:
    from selenium.webdriver.common.by import By

    file, record = next((f, r) for f, r in RECORDS if r["scenario"]["id"] == case_id)
    driver.get(f"{base}gallery/{file.removesuffix('.jsonl')}/{gallery.slug(case_id)}/")
    link = driver.find_element(By.CSS_SELECTOR, "a.lab-link")
    assert driver.find_element(By.TAG_NAME, "h1").text.startswith(case_id)
    link.click()
    deadline = time.monotonic() + 300
    while driver.execute_script("return document.body && document.body.dataset.ready") != "true":
        status = driver.find_element(By.ID, "status").text
        assert "did not load" not in status, status
        assert time.monotonic() < deadline, f"the lab did not load: {status}"
        time.sleep(0.25)
    assert driver.current_url.startswith(f"{base}lab/#battle=v1.")
    assert driver.find_element(By.ID, "auto").get_attribute("hidden") is not None  # no decision left: the end
    last = int(driver.execute_script("return document.getElementById('slider').max"))
    assert driver.find_element(By.ID, "stepno").text == str(last)  # shown at its last step
    lp = {p: int(driver.find_element(By.CSS_SELECTOR, f"#side-{p} .lp").get_attribute("data-lp")) for p in "AB"}
    assert lp == record["expected"]["final_lp"]
