"""Issue 43, item 1: every library card states whether it plays exactly as printed (`CardDef.fidelity`), and every
client says so wherever an approximate card appears: `python -m engine cards`, `run`, the stepper, the viewer's page
and the ruling lab; docs/cards.md is generated from the cards, so its list of approximate cards never drifts.

The display tests mark one card approximate for their run (whichever cards the library still has approximate, the
display must show it), so they keep testing the display when every library card is exact."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

import engine.cards
from engine import cli
from engine.build import parse_scenario
from engine.cards import CardDef, all_cards, approximate, approximate_in, fidelity, fidelity_notes
from engine.cards.card import APPROXIMATE, EXACT
from engine.cards.listing import markdown

ROOT = Path(__file__).resolve().parent.parent
DIFFERS = "it can target only the monster it battles (marked for this test)"

BUG_BATTLE: dict[str, Any] = {
    "format": "damage-step-scenario/1", "id": "FID-1", "turn_player": "A",
    "cards": [{"id": "att", "controller": "A", "atk": 1000, "def": 0, "position": "attack"},
              {"id": "bug", "controller": "B", "card": "man_eater_bug", "position": "set"}],
    "attack": {"attacker": "att", "target": "bug"},
}  # fmt: skip
PLAIN_BATTLE: dict[str, Any] = {
    "format": "damage-step-scenario/1", "id": "FID-2", "turn_player": "A",
    "cards": [{"id": "att", "controller": "A", "atk": 1000, "def": 0, "position": "attack"},
              {"id": "d", "controller": "B", "atk": 500, "def": 500, "position": "attack"}],
    "attack": {"attacker": "att", "target": "d"},
}  # fmt: skip


@pytest.fixture
def approximate_bug(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Man-Eater Bug marked approximate for this test, in the catalog itself: every client reads it through
    `engine.cards.all_cards`, whichever way it imported that function."""
    bug = engine.cards.CATALOG["man_eater_bug"]
    monkeypatch.setitem(engine.cards.CATALOG, "man_eater_bug", attrs.evolve(bug, fidelity=APPROXIMATE + DIFFERS))
    yield


def test_every_library_card_states_its_fidelity_in_one_line() -> None:
    cards = all_cards()
    assert len(cards) >= 90
    for key, c in cards.items():
        assert c.fidelity == EXACT or (c.fidelity.startswith(APPROXIMATE) and c.differs.strip()), key
        assert "\n" not in c.fidelity, key
        assert c.exact is (c.fidelity == EXACT) and fidelity(key) == c.fidelity
        # what differs is said in the fidelity, no longer inside the card's text
        assert "modelled" not in c.text.lower() and "modelled" not in c.ruling.lower(), key
    assert approximate() == {k: c.differs for k, c in cards.items() if not c.exact}


def test_a_card_cannot_leave_its_fidelity_unsaid() -> None:
    base = {"key": "x", "name": "X", "card_type": "trap", "text": "t", "ruling": "r", "effects": ()}
    with pytest.raises(TypeError, match="fidelity"):
        CardDef(**base)  # type: ignore[call-arg]
    for bad in ("", "Exact", "approximate: ", "approximate:", "approximate: two\nlines", "close enough"):
        with pytest.raises(ValueError, match="fidelity"):
            CardDef(**base, fidelity=bad)
    said = CardDef(**base, fidelity="approximate: its second effect is missing")
    assert said.differs == "its second effect is missing" and not said.exact
    with pytest.raises(KeyError, match="no library card 'nope'"):
        fidelity("nope")


def test_the_notes_name_each_approximate_card_once(approximate_bug: None) -> None:
    keys = [None, "man_eater_bug", "no_such_card", "marshmallon", "man_eater_bug"]
    assert fidelity_notes(keys) == [f"Man-Eater Bug is approximate: {DIFFERS}"]
    assert approximate_in(keys) == {1: DIFFERS, 4: DIFFERS}


def test_the_docs_list_the_approximate_cards_and_are_up_to_date() -> None:
    text = (ROOT / "docs" / "cards.md").read_text(encoding="utf-8")
    stale = "docs/cards.md is stale: python -m engine cards --format markdown > docs/cards.md"
    assert text == markdown(list(all_cards().values())), stale
    for c in all_cards().values():
        if not c.exact:
            assert f"| {c.name} | `{c.key}` | {c.differs.replace('|', chr(92) + '|')} |" in text


def test_the_cards_command_lists_the_library_with_each_fidelity(
    approximate_bug: None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["cards"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(all_cards()) + 1
    assert any(line.split()[0] == "man_eater_bug" and line.endswith(f"Man-Eater Bug: approximate: {DIFFERS}")
               for line in lines)  # fmt: skip
    assert any(line.split()[0] == "marshmallon" and line.endswith("Marshmallon: exact") for line in lines)
    assert cli.main(["cards", "--approximate", "--format", "json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert {"key": "man_eater_bug", "name": "Man-Eater Bug", "card_type": "monster", "exact": False,
            "differs": DIFFERS} in rows  # fmt: skip
    assert all(not r["exact"] for r in rows) and "marshmallon" not in [r["key"] for r in rows]


def test_run_says_in_one_line_when_a_scenario_names_an_approximate_card(
    approximate_bug: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "s.jsonl"
    path.write_text(json.dumps(BUG_BATTLE) + "\n" + json.dumps(PLAIN_BATTLE) + "\n", encoding="utf-8")
    assert cli.main(["run", str(path)]) == 0
    out = capsys.readouterr().out
    note = f"note: not exactly as printed: Man-Eater Bug is approximate: {DIFFERS}"
    assert out.count(note) == 1 and out.count("note:") == 1
    assert out.splitlines()[0] == note  # said before the first scenario's trace, not after the second's
    assert cli.main(["run", "--format", "json", str(path)]) == 0
    captured = capsys.readouterr()
    assert [json.loads(line)["scenario"] for line in captured.out.splitlines()] == ["FID-1", "FID-2"]
    assert captured.err.strip().endswith(note) and captured.err.count("\n") == 1


def test_the_stepper_says_it_and_marks_the_card(approximate_bug: None) -> None:
    from engine.debug.stepper import Stepper

    out = io.StringIO()
    Stepper(parse_scenario(BUG_BATTLE), out=out).auto()
    lines = out.getvalue().splitlines()
    assert lines[1] == f"note: Man-Eater Bug is approximate: {DIFFERS}"
    assert any(line.startswith("   target Man-Eater Bug (approximate) (B)") for line in lines)
    plain = io.StringIO()
    Stepper(parse_scenario(PLAIN_BATTLE), out=plain).auto()
    assert "approximate" not in plain.getvalue()


def test_the_viewer_page_says_it_and_marks_the_card(approximate_bug: None) -> None:
    from engine.debug.record import trace_scenario
    from engine.viewer import fidelity_lines, frames, page

    trace, _, _ = trace_scenario(parse_scenario(BUG_BATTLE))
    assert fidelity_lines(trace[0]["scenario"]) == [f"Man-Eater Bug is approximate: {DIFFERS}"]
    first = frames(trace)[0]
    bug = next(m for m in first["sides"][1]["monsters"] if m["id"] == "bug")
    assert bug["approximate"] == DIFFERS and bug["label"] == "Man-Eater Bug (approximate)"
    att = next(m for m in first["sides"][0]["monsters"] if m["id"] == "att")
    assert att["approximate"] is None
    html = page(trace)
    assert DIFFERS in html and 'id="fidelity"' in html
    plain, _, _ = trace_scenario(parse_scenario(PLAIN_BATTLE))
    assert fidelity_lines(plain[0]["scenario"]) == []


def test_the_lab_says_it_where_the_card_is_picked_placed_and_played(approximate_bug: None) -> None:
    from engine.lab import core

    info = core.card_info("man_eater_bug")
    assert info["exact"] is False and info["differs"] == DIFFERS
    assert core.card_info("marshmallon")["exact"] is True
    listed = core.describe_battle(BUG_BATTLE)["cards"]
    assert [c["approximate"] for c in listed] == ["", DIFFERS]
    played = core.play({"scenario": BUG_BATTLE, "answers": []}, auto=True)
    assert played["fidelity"] == [f"Man-Eater Bug is approximate: {DIFFERS}"]
    assert any(m.get("approximate") == DIFFERS for f in played["frames"] for s in f["sides"] for m in s["monsters"])
