"""The viewer's page, checked without a browser: one self-contained file with no network
resource, one frame per trace record, and scenario text that cannot break out of its place.
What a browser shows and how it navigates: tests/test_viewer_browser.py (headless Chromium)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from engine import load_scenarios
from engine.debug.record import trace_scenario
from engine.viewer import frames, page, script_json

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "piercing_flip.json"


def trace() -> list[dict[str, object]]:
    records, _duel, _agent = trace_scenario(load_scenarios(EXAMPLE)[0])
    return records


def test_the_page_is_one_file_with_no_network_resource() -> None:
    html = page(trace())
    assert not re.search(r"https?://", html)
    assert not re.search(r"<(script|link|img|iframe)[^>]+(src|href)=", html)
    assert "<svg" in html and "<script" in html and "<style" in html


def test_one_frame_per_trace_record_taken_by_replaying_it() -> None:
    records = trace()
    assert len(frames(records)) == len(records) - 1


def test_hostile_text_cannot_close_the_script_or_form_a_url() -> None:
    hostile = '</script><img src=http://x onerror=alert(1)>'
    text = script_json({"id": hostile})
    assert "<" not in text and ">" not in text and "/" not in text.replace("\\/", "")
    assert json.loads(text) == {"id": hostile}


def test_run_html_writes_the_page(tmp_path: Path) -> None:
    out = tmp_path / "battle.html"
    r = subprocess.run([sys.executable, "-m", "engine", "run", str(EXAMPLE), "--html", str(out)], cwd=ROOT,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert out.read_text().startswith("<!DOCTYPE html>") or "<html" in out.read_text()[:500]


def test_view_refuses_a_trace_that_does_not_reproduce(tmp_path: Path) -> None:
    records = trace()
    k = next(i for i, r in enumerate(records) if r.get("type") == "battle_damage")
    records[k] = {**records[k], "amount": 1}
    bad = tmp_path / "bad.trace"
    bad.write_text("".join(json.dumps(r) + "\n" for r in records))
    r = subprocess.run([sys.executable, "-m", "engine", "view", str(bad), "-o", str(tmp_path / "x.html")], cwd=ROOT,
                       capture_output=True, text=True, timeout=120)
    if r.returncode == 0:
        pytest.fail("a trace that does not reproduce was turned into a page")
    assert r.returncode == 1 and str(k - 1) in (r.stdout + r.stderr)
