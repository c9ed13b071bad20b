"""The ruling lab's logic (engine.lab.core, issue 26), as the page uses it, in CPython: building a battle from
library cards, the loader's own messages at the form's fields, playing with decisions and branches, the share link
(versioned, refused when malformed or newer), and export/import through the CLI's own reader.

The expected rule values come from the sourced cases of tests/rules/library-cards-cases.jsonl (LC-GM-001: Neo-Spacian
Grand Mole returns a Set Man-Eater Bug and itself to the hand at the start of the Damage Step; LC-HD-001: Dark Ruler
Ha Des destroys D.D. Warrior Lady, whose effect is refused), never from the engine.
"""

from __future__ import annotations

import base64
import json
import os
import subprocess
import sys
import zlib
from pathlib import Path
from typing import Any

import pytest
from conftest import RULES_DIR, load_jsonl

from engine.build import load_scenarios, parse_scenario
from engine.lab import core, site
from engine.lab.core import LabError
from engine.scenario import ScenarioError, parse_effect_spec

ROOT = Path(__file__).resolve().parent.parent
CASES = {r["scenario"]["id"]: r for r in load_jsonl(RULES_DIR / "library-cards-cases.jsonl")}
MOLE = CASES["LC-GM-001"]


def mole_battle() -> dict[str, Any]:
    """LC-GM-001's field, placed through the form: the Mole (A) and a Set Man-Eater Bug (B)."""
    sc = core.add_card(core.new_battle()["scenario"], {"key": "neo_spacian_grand_mole", "side": "A"})
    sc = core.add_card(sc, {"key": "man_eater_bug", "side": "B", "face_down": True})
    return {"scenario": sc, "answers": []}


def test_search_finds_library_cards_by_name() -> None:
    assert [c["key"] for c in core.search_cards("grand mole")] == ["neo_spacian_grand_mole"]
    assert "man_eater_bug" in [c["key"] for c in core.search_cards("MAN-EATER")]
    assert core.search_cards("no such card at all") == []


def test_the_form_places_the_cases_field() -> None:
    sc = mole_battle()["scenario"]
    case = MOLE["scenario"]
    # the same cards, where the case puts them, and the case's attack (the turn player's monster on the other)
    assert [(c["card"], c["controller"], c["position"]) for c in sc["cards"]] == [
        (c["card"], c["controller"], c["position"]) for c in case["cards"]]  # fmt: skip
    assert sc["attack"] == {"attacker": "neo_spacian_grand_mole", "target": "man_eater_bug"}
    parse_scenario(sc)


def test_form_errors_are_the_loaders_at_the_field() -> None:
    sc = mole_battle()["scenario"]
    with pytest.raises(LabError) as info:  # the loader refuses a negative ATK: its message, at the ATK field
        core.add_card(sc, {"key": "man_eater_bug", "side": "B", "atk": -5})
    bad = json.loads(json.dumps(sc))
    bad["cards"].append({"id": "man_eater_bug_2", "controller": "B", "card": "man_eater_bug", "position": "attack",
                         "atk": -5})  # fmt: skip
    with pytest.raises(ScenarioError) as loader:
        parse_scenario(bad)
    assert info.value.field == "atk" and info.value.message == str(loader.value)
    with pytest.raises(LabError) as info:
        core.add_card(sc, {"key": "no_such_card", "side": "A"})
    assert info.value.field == "key"
    with pytest.raises(LabError) as info:
        core.add_card(sc, {"key": "man_eater_bug", "side": "B", "id": "man_eater_bug"})
    assert info.value.field == "id"


def test_an_effect_is_validated_as_the_loader_validates_it() -> None:
    sc = mole_battle()["scenario"]
    spec = {"kind": "no_such_kind"}
    with pytest.raises(ScenarioError) as loader:
        parse_effect_spec(spec)
    with pytest.raises(LabError) as info:
        core.add_effect(sc, "neo_spacian_grand_mole", json.dumps(spec))
    assert info.value.field == "effect" and info.value.message == str(loader.value)
    with pytest.raises(LabError, match="invalid JSON at line 1"):
        core.add_effect(sc, "neo_spacian_grand_mole", "{kind:")
    out = core.add_effect(sc, "neo_spacian_grand_mole", '{"kind": "piercing"}')
    effects = out["cards"][0]["effects"]
    assert effects[-1] == {"kind": "piercing"} and len(effects) == 2  # the card's own effect is kept


def test_the_battle_form_sets_lps_and_the_attack() -> None:
    sc = mole_battle()["scenario"]
    out = core.set_battle(sc, {"lp_A": "4000", "lp_B": 100, "mode": "attack", "attacker": "neo_spacian_grand_mole",
                               "target": "man_eater_bug"})  # fmt: skip
    assert out["life_points"] == {"A": 4000, "B": 100}
    assert out["attack"] == {"attacker": "neo_spacian_grand_mole", "target": "man_eater_bug"}
    # A direct attack while the opponent controls a monster is refused, with the rule (docs/damage-step-rules.md
    # §BP.3: "a direct attack is possible only when the opponent controls no monsters"), as the Battle Phase's
    # declarations are; the form shows the same reason beside "directly".
    with pytest.raises(LabError) as info:
        core.set_battle(sc, {"mode": "attack", "attacker": "neo_spacian_grand_mole", "target": ""})
    assert info.value.field == "target"
    assert "a direct attack is possible only when the opponent controls no monsters" in info.value.message
    assert "only when the opponent controls no monsters" in str(core.describe_battle(sc)["direct"])
    alone = core.remove_card(sc, "man_eater_bug")
    assert core.describe_battle(alone)["direct"] is None
    assert core.set_battle(alone, {"mode": "attack", "attacker": "neo_spacian_grand_mole", "target": ""})["attack"] == {
        "attacker": "neo_spacian_grand_mole", "target": None}
    with pytest.raises(LabError) as info:  # the rules refuse nothing here: the loader refuses a negative LP
        core.set_battle(sc, {"lp_A": "-1", "lp_B": "8000"})
    assert info.value.field == "lp_A" and info.value.message.startswith("life_points.A: ")
    with pytest.raises(LabError) as info:
        core.set_battle(sc, {"lp_A": "lots"})
    assert info.value.field == "lp_A"
    # The players declare: the first decision is the turn player's Battle Step declaration, the Mole's attack on the
    # Bug among its options (BP.3: the opponent controls a monster, so no direct attack).
    whole = core.set_battle(sc, {"lp_A": 8000, "lp_B": 8000, "mode": "battle_phase"})
    assert whole["battle_phase"] == {} and "attack" not in whole
    pending = core.play({"scenario": whole, "answers": []})["pending"]
    assert pending["window"] == "Battle Step" and pending["player"] == "A"
    assert "attack Man-Eater Bug with Neo-Spacian Grand Mole" in pending["options"]
    assert "attack directly with Neo-Spacian Grand Mole" in [x["option"] for x in pending["illegal"]]


def test_cards_may_be_placed_before_the_attacker_and_the_lab_says_what_is_missing() -> None:
    """A battle without a monster that can attack yet is not refused card by card (review of issue 26): the rest is
    checked by the loader, and playing it says what is missing."""
    sc = core.add_card(core.new_battle()["scenario"], {"key": "man_eater_bug", "side": "B", "face_down": True})
    sc = core.add_card(sc, {"key": "neo_spacian_grand_mole", "side": "A", "position": "defense"})
    assert "attack" not in sc
    note = core.describe_battle(sc)["note"]
    assert note.startswith("no attack yet: the turn player (A) needs a face-up Attack Position monster")
    with pytest.raises(LabError) as info:
        core.play({"scenario": sc, "answers": []})
    assert info.value.message == note and info.value.field == "attacker"
    with pytest.raises(LabError) as info:  # what is wrong with a card is still said at once, by the loader
        core.add_card(sc, {"key": "neo_spacian_grand_mole", "side": "A", "atk": -5})
    assert info.value.field == "atk"
    sc = core.add_card(sc, {"key": "neo_spacian_grand_mole", "side": "A", "id": "mole2"})
    assert sc["attack"] == {"attacker": "mole2", "target": "man_eater_bug"}
    assert core.describe_battle(sc)["note"] == ""


def test_changing_the_turn_player_drops_the_attack_the_form_offered_for_the_other() -> None:
    """The form's attacker list is the turn player's monsters: changing the turn player sends the old one's attacker
    with it, which the loader refused ("controlled by A, not the turn player B"), so the turn could not change."""
    sc = core.add_card(core.new_battle()["scenario"], {"key": "jinzo", "side": "A"})
    sc = core.add_card(sc, {"key": "kuriboh", "side": "B"})
    assert sc["attack"] == {"attacker": "jinzo", "target": "kuriboh"}
    out = core.set_battle(sc, {"turn_player": "B", "attacker": "jinzo", "target": "kuriboh"})
    assert out["turn_player"] == "B" and out["attack"] == {"attacker": "kuriboh", "target": "jinzo"}
    with pytest.raises(LabError) as info:  # an attacker that is no monster of either turn player: the loader's word
        core.set_battle(sc, {"attacker": "nobody", "target": ""})
    assert "nobody" in info.value.message and info.value.field == "attacker"


def test_the_json_editor_reports_the_loaders_path_and_message() -> None:
    bad = {"format": "damage-step-scenario/1", "cards": [{"id": "x", "controller": "C", "atk": 1, "def": 1,
                                                          "position": "attack"}]}  # fmt: skip
    got = core.check_scenario(json.dumps(bad))
    with pytest.raises(ScenarioError) as loader:
        parse_scenario(bad)
    assert not got["ok"] and got["error"]["path"] == loader.value.path == "cards[0].controller"
    assert got["error"]["message"] == loader.value.message
    assert "line 1 column 2" in core.check_scenario("{,}")["error"]["text"]


def test_a_decision_is_offered_and_the_non_default_one_plays_the_case() -> None:
    battle = mole_battle()
    first = core.play(battle)
    pending = first["pending"]
    assert pending is not None and pending["player"] == "A" and pending["window"] == "Start of the Damage Step"
    activate = next(i for i, o in enumerate(pending["options"]) if o.startswith("activate Neo-Spacian Grand Mole"))
    assert pending["options"][pending["default"]] == "pass" and activate != pending["default"]
    end = core.play({**battle, "answers": [activate]}, auto=True)
    expected = MOLE["expected"]
    assert end["over"] and end["lp"] == expected["final_lp"]
    lines = [f["line"] for f in end["frames"]]
    for card, where in expected["final_locations"].items():
        name = {"mole": "Neo-Spacian Grand Mole", "bug": "Man-Eater Bug"}[card]
        assert any(line.startswith(f"{name} moves") and f"to the {where}" in line for line in lines), (card, lines)
    assert not any(f["type"] == "damage_calculated" for f in end["frames"])  # damage_calculation_performed: false
    assert not any(f["type"] == "flipped" for f in end["frames"])  # "Face-down monsters are not flipped"


def test_a_branch_is_an_earlier_prefix_and_another_answer() -> None:
    battle = mole_battle()
    passed = core.play(battle, auto=True)  # the default: pass, so the Bug is flipped and its FLIP effect resolves
    assert any(f["type"] == "flipped" for f in passed["frames"])
    decision = next(f for f in passed["frames"] if f.get("lab", {}).get("slot") == 0)
    other = 1 - decision["lab"]["chosen"]
    branch = core.play({**battle, "answers": [*passed["answers"][: decision["lab"]["slot"]], other]}, auto=True)
    assert branch["lp"] == MOLE["expected"]["final_lp"]
    assert not any(f["type"] == "flipped" for f in branch["frames"])
    with pytest.raises(LabError, match="no option 7"):
        core.play({**battle, "answers": [7]})


def test_the_illegal_options_come_with_their_reasons() -> None:
    """At the Battle Step of examples/battle_phase.json, B controls monsters: no direct attack is legal
    (docs/damage-step-rules.md BP.3, from the rulebook: "If the opponent does not control any monsters, declare a
    direct attack"); the lab offers them greyed with the reason,
    the same list as the viewer's frame of that step (`engine.debug.session.illegal_options`)."""
    from engine.scenario import scenario_to_json

    sc = scenario_to_json(load_scenarios(ROOT / "examples" / "battle_phase.json")[0])
    out = core.play({"scenario": sc, "answers": []}, auto=True)
    step = next(f for f in out["frames"] if "lab" in f and any(o.startswith("attack") for o in f["lab"]["options"]))
    refused = {x["option"]: x["reason"] for x in step["lab"]["illegal"]}
    attackers = {c["name"] for c in sc["cards"] if c["controller"] == "A" and c.get("card_type", "monster") == "monster"
                 and c.get("location", "monster_zone") == "monster_zone"}  # fmt: skip
    for name in attackers:
        assert "opponent controls no monsters" in refused[f"attack directly with {name}"]
    assert step["lab"]["illegal"] == step["illegal"]


def test_the_link_round_trips_exactly() -> None:
    battle = {**mole_battle(), "answers": [0]}
    link = core.encode_link(battle)
    assert link.startswith("v1.") and all(c.isalnum() or c in "-_." for c in link)
    assert core.decode_link(link) == battle
    assert core.decode_link("#battle=" + link) == battle
    assert core.play(core.decode_link(link), auto=True)["frames"] == core.play(battle, auto=True)["frames"]


def _packed(data: object, version: int = 1) -> str:
    raw = zlib.compress(json.dumps(data).encode())
    return f"v{version}." + base64.urlsafe_b64encode(raw).decode().rstrip("=")


@pytest.mark.parametrize(("link", "words"), [
    ("", "holds no battle"),
    ("hello", "holds no battle"),
    ("v1.!!!!", "damaged"),
    ("v1.eJzLSM3JyQcABiwCFQ", "damaged"),  # "hello": no JSON object
    (_packed({"scenario": {"format": "damage-step-scenario/1", "cards": []}}), "not valid"),
    (_packed({"scenario": {"format": "x", "cards": [{}]}}), "not valid: format"),
    (_packed({"scenario": {}, "answers": "all"}), "answers"),
    (_packed({"scenario": {}, "evil": 1}), "holds no battle"),
    (_packed({"scenario": {}}, version=2), "newer version of the lab (link version 2"),
    ("v99.abc", "newer version"),
    ("v0.abc", "does not exist"),
    ("v1." + base64.urlsafe_b64encode(zlib.compress(b"[" * 10_000_000)).decode(), "too large"),
    ("v1." + base64.urlsafe_b64encode(zlib.compress(b"[" * 50_000 + b"]" * 50_000)).decode(), "nested too deeply"),
])  # fmt: skip
def test_a_bad_link_is_refused_with_what_is_wrong(link: str, words: str) -> None:
    with pytest.raises(LabError) as info:
        core.decode_link(link)
    assert words in info.value.message and info.value.field == "link"
    answer = json.loads(core.call("decode_link", json.dumps([link])))  # the page's view: an error, never a crash
    assert words in answer["error"]


def test_a_text_nested_too_deeply_is_refused_before_a_decoder_reads_it() -> None:
    """A 200-character link of nested brackets overflowed the decoder's stack: in CPython a RecursionError out of
    `call` (which promises the page an answer), in Pyodide a fatal error that left the page without its engine.
    Every text the lab reads is refused first, with a message, where it is nested past MAX_NESTING."""
    deep = "[" * 50_000 + "]" * 50_000
    calls = {"check_scenario": [deep], "add_effect": [mole_battle()["scenario"], "neo_spacian_grand_mole", deep],
             "import_text": ["deep.json", deep]}  # fmt: skip
    for name, args in calls.items():
        answer = json.loads(core.call(name, json.dumps(args)))
        error = answer["ok"]["error"]["message"] if name == "check_scenario" else answer["error"]
        assert "nested too deeply" in error, (name, answer)
    ok = "[" * core.MAX_NESTING + "]" * core.MAX_NESTING  # as deep as allowed: read, and refused for what it is
    assert "nested" not in json.loads(core.call("check_scenario", json.dumps([ok])))["ok"]["error"]["message"]
    assert core.check_scenario(json.dumps(mole_battle()["scenario"])) == {"ok": True}


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "engine", *args], capture_output=True, text=True, cwd=ROOT,
                          check=False)  # fmt: skip


def _run_in_cli(path: Path, text: str) -> dict[str, Any]:
    """The CLI's result (`run --format json`) of the scenario file `text`, written to `path`; it must run."""
    path.write_text(text, encoding="utf-8")
    done = _cli("run", str(path), "--format", "json")
    assert done.returncode == 0, done.stderr
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def test_the_exported_scenario_runs_the_same_line_in_the_cli(tmp_path: Path) -> None:
    battle = {**mole_battle(), "answers": [0]}
    path = tmp_path / "mole.json"
    result = _run_in_cli(path, core.export_scenario(battle))
    assert result["final_lp"] == MOLE["expected"]["final_lp"]
    assert result["final_locations"] == {"neo_spacian_grand_mole": "hand", "man_eater_bug": "hand"}
    again = core.import_text("mole.json", path.read_text(encoding="utf-8"))["battle"]
    assert core.play(again, auto=True)["lp"] == MOLE["expected"]["final_lp"]


def test_an_activation_in_the_battle_step_after_an_attack_exports_to_the_next_declaration(tmp_path: Path) -> None:
    """In a whole Battle Phase, a choice in the Battle Step belongs to the declaration it comes before (the
    scripted agent places it so): Waboku activated in the Battle Step once the first attack is over is the
    second declaration's choice (`attack` 1), not the first attack's (which the CLI then refused)."""
    text = (RULES_DIR / "library-cards-cases.jsonl").read_text(encoding="utf-8")
    index = core.import_text("cases.jsonl", text)["scenarios"].index("LC-WAB-001")
    battle = core.import_text("cases.jsonl", text, index)["battle"]
    # B passes in the Start Step; A attacks with m2; B does not answer it; after it, in the Battle Step, A declares
    # nothing yet and B activates Waboku; then A passes (no second attack)
    battle["answers"] = [1, 1, 1, 1, 0, 1]
    played = core.play(battle)
    assert played["over"]
    steps = [f["lab"] for f in played["frames"] if f.get("lab") and f["lab"]["slot"] is not None]
    waboku = steps[4]
    assert (waboku["window"], waboku["player"], waboku["options"][waboku["chosen"]]) == (
        "Battle Step", "B", "activate Waboku effect 0")  # fmt: skip
    exported = json.loads(core.export_scenario(battle))
    assert [c["attack"] for c in exported["choices"] if c.get("activate") == "wb"] == [1]
    assert _run_in_cli(tmp_path / "waboku.json", json.dumps(exported))["final_lp"] == played["lp"]


def test_an_optional_trigger_answered_only_in_the_second_attack_runs_so_in_the_cli(tmp_path: Path) -> None:
    """BS-008's field: B declines Battle Fader on the first direct attack and activates it on the second. The exported
    choice says `attack` 1; the CLI's scripted agent placed it on the first attack's trigger decision (the window
    matched, the attack was not checked), then refused the second declaration ("no decision was offered")."""
    text = (RULES_DIR / "battle-step-cases.jsonl").read_text(encoding="utf-8")
    index = core.import_text("cases.jsonl", text)["scenarios"].index("BS-008")
    battle = core.import_text("cases.jsonl", text, index)["battle"]
    battle["answers"] = [1, 1, 1, 1, 0, 0, 0]  # m2 attacks, no answer; m1 attacks, Battle Fader and the trap answer it
    played = core.play(battle)
    assert played["over"]
    exported = json.loads(core.export_scenario(battle))
    assert [(c.get("activate"), c["attack"]) for c in exported["choices"] if c["player"] == "B"] == [
        ("bf", 1), ("t", 1)]  # fmt: skip
    assert _run_in_cli(tmp_path / "fader.json", json.dumps(exported))["final_lp"] == played["lp"]


def test_the_exported_trace_replays_in_the_cli_and_imports_back(tmp_path: Path) -> None:
    example = load_scenarios(ROOT / "examples" / "battle_phase.json")[0]
    from engine.scenario import scenario_to_json

    battle = {"scenario": scenario_to_json(example), "answers": []}
    battle["answers"] = core.play(battle, auto=True)["answers"]
    path = tmp_path / "bp.trace"
    path.write_text(core.export_trace(battle), encoding="utf-8")
    done = _cli("replay", str(path))
    assert done.returncode == 0, done.stdout + done.stderr
    back = core.import_text("bp.trace", path.read_text(encoding="utf-8"))
    assert back["kind"] == "trace" and back["battle"]["answers"] == battle["answers"]
    # a line cut short is a partial trace, which replays too
    path.write_text(core.export_trace({**battle, "answers": battle["answers"][:2]}), encoding="utf-8")
    assert json.loads(path.read_text().splitlines()[0])["partial"] is True
    assert _cli("replay", str(path)).returncode == 0


def test_a_rules_file_imports_as_the_cli_reads_it(tmp_path: Path) -> None:
    text = (RULES_DIR / "library-cards-cases.jsonl").read_text(encoding="utf-8")
    first = core.import_text("library-cards-cases.jsonl", text)
    index = first["scenarios"].index("LC-HD-001")
    got = core.play(core.import_text("library-cards-cases.jsonl", text, index)["battle"], auto=True)
    one = tmp_path / "hd.jsonl"
    one.write_text(text.splitlines()[index] + "\n", encoding="utf-8")
    cli = json.loads(_cli("run", str(one), "--format", "json").stdout)
    assert got["lp"] == cli["final_lp"] == CASES["LC-HD-001"]["expected"]["final_lp"]
    with pytest.raises(LabError) as info:  # a broken file: the loader's message, naming the line
        core.import_text("bad.jsonl", text.splitlines()[0] + "\n{\"format\": 1}\n")
    assert "line 2" in info.value.message and info.value.field == "import"
    with pytest.raises(LabError, match=r"not a trace|trace header|JSON"):
        core.import_text("bad.trace", '{"kind": "header", "format": "nope"}\n{not json\n')


def test_text_from_a_battle_is_kept_as_text() -> None:
    """Markup in a card's name or id reaches the page as data (the page puts it in with textContent); the lab
    neither strips nor interprets it."""
    evil = "<img src=x onerror=alert(1)>"
    sc = {"format": "damage-step-scenario/1", "cards": [
        {"id": evil, "name": f"<b>{evil}</b>", "controller": "A", "atk": 1000, "def": 0, "position": "attack"}],
        "attack": {"attacker": evil, "target": None}}  # fmt: skip
    out = core.play(core.decode_link(core.encode_link({"scenario": sc, "answers": []})), auto=True)
    assert out["frames"][-1]["sides"][0]["monsters"][0]["label"].startswith(f"<b>{evil}</b>")
    assert core.describe_battle(sc)["cards"][0]["name"] == f"<b>{evil}</b>"


# -- the site and the command ---------------------------------------------------------------------------------
# npm fetches Pyodide once; once cached, nothing more is needed (skipped, npm named, where neither: tests/needs.py)
PYODIDE_CACHED = (site.cache_dir() / f"pyodide-{site.PYODIDE_VERSION}").is_dir()
needs_pyodide = pytest.mark.needs(*(() if PYODIDE_CACHED else ("npm",)))


@needs_pyodide
def test_the_site_holds_the_engines_sources_and_works_offline_once_cached(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import zipfile

    site.build(tmp_path / "first")  # fills the cache if it is empty

    def offline(*args: object, **kwargs: object) -> None:
        raise AssertionError(f"the build ran {args[0]!r} although everything is cached")

    monkeypatch.setattr(site.subprocess, "run", offline)
    monkeypatch.setattr(site.shutil, "which", lambda name: None)
    out = site.build(tmp_path / "again")
    names = zipfile.ZipFile(out / "engine.zip").namelist()
    assert "engine/lab/core.py" in names and "engine/viewer/__init__.py" in names
    assert not [n for n in names if n.endswith((".so", ".pyc")) or n.endswith("_build.json")]
    files = json.loads((out / "lab-files.json").read_text())
    assert sorted(w.split("-")[0] for w in files["wheels"]) == ["attrs", "msgspec", "six", "transitions"]
    assert any("pyemscripten_2026_0_wasm32" in w for w in files["wheels"])
    page = (out / "index.html").read_text(encoding="utf-8")
    assert f'content="{site.CSP}"' in page and "<script>" not in page and "http" not in page.replace(
        "http-equiv", "")  # fmt: skip


@needs_pyodide
def test_python_m_engine_lab_builds_and_serves(tmp_path: Path) -> None:
    import urllib.request

    local = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # no proxy for a local server
    proc = subprocess.Popen([sys.executable, "-m", "engine", "lab", "--out", str(tmp_path / "site"), "--serve", "0"],
                            cwd=ROOT, stderr=subprocess.PIPE, text=True)  # fmt: skip
    try:
        assert proc.stderr is not None
        lines = []
        for line in proc.stderr:
            lines.append(line)
            if "serving the lab at " in line:
                break
        url = lines[-1].split("serving the lab at ")[1].split()[0]
        with local.open(url + "index.html") as answer:
            assert "default-src 'none'" in answer.headers["Content-Security-Policy"]
            assert "Ruling lab" in answer.read().decode()
        with local.open(url + "pyodide/pyodide.asm.wasm") as answer:
            assert answer.headers["Content-Type"] == "application/wasm"
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    assert any("the lab is in" in line for line in lines)


def test_python_m_engine_lab_says_what_is_missing(tmp_path: Path) -> None:
    env = {**os.environ, "ENGINE_LAB_CACHE": str(tmp_path / "empty-cache"), "PATH": "/nonexistent"}
    done = subprocess.run([sys.executable, "-m", "engine", "lab", "--out", str(tmp_path / "site")], cwd=ROOT,
                          env=env, capture_output=True, text=True, check=False)  # fmt: skip
    assert done.returncode == 2
    assert done.stderr.strip().splitlines()[-1].startswith("error: npm is needed once to fetch Pyodide")
