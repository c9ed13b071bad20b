"""Hostile and malformed input: the loader ends every file in a correct scenario or one ScenarioError naming
the place, and `python -m engine run` in exit 2 with one line on stderr, never a traceback.

The limits tested here are the documented ones (the docstring of engine/format/__init__.py); each bad case is
checked through the library (`load_scenarios` / `parse_scenario`) and through the CLI as a subprocess.
"""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine.build import run_scenario
from engine.scenario import (
    MAX_FILE_BYTES,
    SCHEMA_PATH,
    ScenarioError,
    iter_jsonl,
    load_scenarios,
    parse_scenario,
    scenario_json_schema,
)
from engine.trace import format_trace
from engine.values.text import printable

ROOT = Path(__file__).resolve().parent.parent

GOOD: dict[str, Any] = {
    "format": "damage-step-scenario/1",
    "id": "good",
    "cards": [
        {"id": "att", "controller": "A", "atk": 2000, "def": 1000, "position": "attack", "effects": []},
        {"id": "tgt", "controller": "B", "atk": 1500, "def": 1000, "position": "attack", "effects": []},
    ],
    "attack": {"attacker": "att", "target": "tgt"},
}
# Indented, so that line numbers mean something: the attacker's "atk" is on line 7.
GOOD_TEXT = json.dumps(GOOD, indent=2)
ATK_LINE = GOOD_TEXT.splitlines().index('      "atk": 2000,') + 1
GOOD_LINE = json.dumps(GOOD)  # one JSON-lines record


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine", *args], capture_output=True, text=True, cwd=ROOT, timeout=60,
    )  # fmt: skip


def loader_error(path: Path) -> ScenarioError:
    with pytest.raises(ScenarioError) as info:
        load_scenarios(path)
    return info.value


# --- the bad cases: each writes a file and says where the error must point and what it must say -------------

Case = Callable[[Path], tuple[Path, str, str]]  # tmp_path -> (file, error path, message fragment)


def write(p: Path, text: str | bytes) -> Path:
    if isinstance(text, bytes):
        p.write_bytes(text)
    else:
        p.write_bytes(text.encode("utf-8"))
    return p


def deep_json(tmp: Path) -> tuple[Path, str, str]:
    return write(tmp / "deep.json", "[" * 100_000 + "]" * 100_000), "line 1", "nested too deeply"


def deep_json_objects(tmp: Path) -> tuple[Path, str, str]:
    text = GOOD_TEXT[:-1] + ', "notes": ' + '{"a": ' * 100_000 + "1" + "}" * 100_000 + "\n}"
    return write(tmp / "deep-objects.json", text), f"line {GOOD_TEXT.count(chr(10)) + 1}", "nested too deeply"


def deep_jsonl(tmp: Path) -> tuple[Path, str, str]:
    p = write(tmp / "deep.jsonl", GOOD_LINE + "\n" + "[" * 100_000 + "]" * 100_000 + "\n")
    return p, "line 2", "nested too deeply"


def deep_toml(tmp: Path) -> tuple[Path, str, str]:
    text = 'format = "damage-step-scenario/1"\nnotes = ' + "[" * 100_000 + "]" * 100_000 + "\n"
    return write(tmp / "deep.toml", text), "line 2", "nested too deeply"


def deep_toml_inline_tables(tmp: Path) -> tuple[Path, str, str]:
    text = 'format = "damage-step-scenario/1"\n\n' + "x = " + "{a = " * 50_000 + "1" + "}" * 50_000 + "\n"
    return write(tmp / "deep-tables.toml", text), "line 3", "nested too deeply"


def huge_atk(tmp: Path) -> tuple[Path, str, str]:  # 10**30: more digits than any bound needs
    p = write(tmp / "huge.json", GOOD_TEXT.replace('"atk": 2000', f'"atk": {10**30}'))
    return p, "cards[0].atk", "at most 20 digits"


def longer_than_pythons_int_limit(tmp: Path) -> tuple[Path, str, str]:  # Python refuses > 4300 digits itself
    p = write(tmp / "huger.json", GOOD_TEXT.replace('"atk": 2000', '"atk": ' + "9" * 5000))
    return p, "cards[0].atk", "at most 20 digits"


def atk_over_bound(tmp: Path) -> tuple[Path, str, str]:
    p = write(tmp / "over.json", GOOD_TEXT.replace('"atk": 2000', '"atk": 1000001'))
    return p, "cards[0].atk", "expected an integer from 0 to 1000000, got 1000001"


def huge_toml_integer(tmp: Path) -> tuple[Path, str, str]:
    text = 'format = "damage-step-scenario/1"\nx = ' + "9" * 5000 + "\n"
    return write(tmp / "huge.toml", text), "line 2", "at most 20 digits"


def non_finite(literal: str) -> Case:
    def case(tmp: Path) -> tuple[Path, str, str]:
        p = write(tmp / "nonfinite.json", GOOD_TEXT.replace('"atk": 2000', f'"atk": {literal}'))
        return p, "cards[0].atk", f"numbers must be finite, got {literal}"

    case.__name__ = f"non_finite_{literal}"
    return case


def toml_nan(tmp: Path) -> tuple[Path, str, str]:
    text = 'format = "damage-step-scenario/1"\n[life_points]\nA = nan\n'
    return write(tmp / "nan.toml", text), "life_points.A", "numbers must be finite, got nan"


def duplicate_key(tmp: Path) -> tuple[Path, str, str]:
    p = write(tmp / "dup.json", GOOD_TEXT.replace('"atk": 2000,', '"atk": 2000, "atk": 9000,'))
    return p, "cards[0].atk", "duplicate key"


def duplicate_top_level_key(tmp: Path) -> tuple[Path, str, str]:
    p = write(tmp / "dup-top.json", GOOD_TEXT.replace('"id": "good",', '"id": "good", "id": "evil",'))
    return p, "id", "duplicate key"


def duplicate_key_jsonl(tmp: Path) -> tuple[Path, str, str]:
    record = json.dumps({"scenario": GOOD}).replace('"format"', '"format": "x", "format"', 1)
    p = write(tmp / "dup.jsonl", GOOD_LINE + "\n" + record + "\n")
    return p, "line 2: scenario.format", "duplicate key"


def not_utf8(tmp: Path) -> tuple[Path, str, str]:
    p = write(tmp / "latin1.json", GOOD_TEXT.replace('"tgt"', '"tgt\xe9"', 1).encode("latin-1"))
    line = GOOD_TEXT.splitlines().index('      "id": "tgt",') + 1
    return p, f"line {line}", "not UTF-8: byte 0xe9 at column 17"


def not_utf8_jsonl(tmp: Path) -> tuple[Path, str, str]:
    p = write(tmp / "latin1.jsonl", (GOOD_LINE + "\n" + GOOD_LINE + "\n").encode() + b'{"id": "\xff"}\n')
    return p, "line 3", "not UTF-8: byte 0xff at column 9"


def directory(tmp: Path) -> tuple[Path, str, str]:
    p = tmp / "dir.json"
    p.mkdir()
    return p, str(p), "not a regular file (a directory)"


def fifo(tmp: Path) -> tuple[Path, str, str]:  # opening it for reading must not wait for a writer
    p = tmp / "fifo.json"
    os.mkfifo(p)
    return p, str(p), "not a regular file (a FIFO)"


def dev_zero(tmp: Path) -> tuple[Path, str, str]:  # endless: must not be read
    p = tmp / "zero.jsonl"
    p.symlink_to("/dev/zero")
    return p, str(p), "not a regular file (a character device)"


def one_byte_too_large(tmp: Path) -> tuple[Path, str, str]:  # sparse: nothing is written
    p = tmp / "big.json"
    p.touch()
    os.truncate(p, MAX_FILE_BYTES + 1)
    return p, str(p), f"file too large: {MAX_FILE_BYTES + 1} bytes"


def one_gib(tmp: Path) -> tuple[Path, str, str]:
    p = tmp / "big.jsonl"
    p.touch()
    os.truncate(p, 1 << 30)
    return p, str(p), f"file too large: {1 << 30} bytes (the limit is {MAX_FILE_BYTES})"


def missing(tmp: Path) -> tuple[Path, str, str]:
    p = tmp / "nowhere" / "missing.json"
    return p, str(p), "cannot open: No such file or directory"


BAD: list[Case] = [
    deep_json, deep_json_objects, deep_jsonl, deep_toml, deep_toml_inline_tables,
    huge_atk, longer_than_pythons_int_limit, atk_over_bound, huge_toml_integer,
    *(non_finite(x) for x in ("NaN", "Infinity", "-Infinity", "1e400")), toml_nan,
    duplicate_key, duplicate_top_level_key, duplicate_key_jsonl,
    not_utf8, not_utf8_jsonl,
    directory, fifo, dev_zero, one_byte_too_large, one_gib, missing,
]  # fmt: skip
IDS = [c.__name__ for c in BAD]


@pytest.mark.parametrize("case", BAD, ids=IDS)
def test_loader_refuses_with_the_place(case: Case, tmp_path: Path) -> None:
    path, where, fragment = case(tmp_path)
    err = loader_error(path)
    assert err.path == where, str(err)
    assert fragment in err.message, str(err)


@pytest.mark.parametrize("case", BAD, ids=IDS)
def test_cli_refuses_in_one_line_with_exit_2(case: Case, tmp_path: Path) -> None:
    path, where, fragment = case(tmp_path)
    r = cli("run", str(path))
    assert r.returncode == 2, r.stderr
    assert "Traceback" not in r.stderr
    assert r.stderr.endswith("\n") and r.stderr.count("\n") == 1, r.stderr
    assert r.stderr.startswith(f"error: {path}: "), r.stderr
    assert (where == str(path) or f": {where}: " in r.stderr) and fragment in r.stderr, r.stderr
    assert r.stdout == ""


def test_dev_zero_itself_is_refused_by_the_cli() -> None:
    r = cli("run", "/dev/zero")
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "Traceback" not in r.stderr


def test_jsonl_stops_at_the_size_limit_while_streaming(tmp_path: Path) -> None:
    """The size is checked before the first line is yielded, not after the file has been read."""
    p = tmp_path / "big.jsonl"
    p.write_text(GOOD_LINE + "\n")
    os.truncate(p, MAX_FILE_BYTES + 1)
    with pytest.raises(ScenarioError, match="file too large"):
        next(iter_jsonl(p))


# --- numbers: bounds on every integer, in the loader and in the schema ------------------------------------


def integer_schemas(node: object, path: str = "$") -> list[tuple[str, dict[str, Any]]]:
    found = []
    if isinstance(node, dict):
        if node.get("type") == "integer":
            found.append((path, node))
        for k, v in node.items():
            found += integer_schemas(v, f"{path}.{k}")
    elif isinstance(node, list):
        for i, v in enumerate(node):
            found += integer_schemas(v, f"{path}[{i}]")
    return found


def test_every_integer_in_the_schema_has_both_bounds() -> None:
    ints = integer_schemas(scenario_json_schema())
    assert len(ints) >= 15  # atk/def, stat changes, amounts, counts, indices, speed, LP
    assert [p for p, s in ints if "minimum" not in s or "maximum" not in s] == []
    committed = integer_schemas(json.loads(SCHEMA_PATH.read_text()))  # the published schema says so too
    assert sorted(p for p, _ in committed) == sorted(p for p, _ in ints)
    assert all("minimum" in s and "maximum" in s for _, s in committed)


# A scenario that uses every integer field of the format once.
ALL_INTS: dict[str, Any] = {
    "format": "damage-step-scenario/1",
    "life_points": {"A": 8000, "B": 8000},
    "cards": [
        {"id": "att", "controller": "A", "atk": 2000, "def": 1000, "position": "attack", "effects": [
            {"kind": "indestructible_by_battle", "times_per_turn": 1},
            {"kind": "stat_modifier", "atk": 100, "def": -100},
            {"kind": "battle_damage_becomes", "player": "opponent", "value": 100},
        ]},
        {"id": "tgt", "controller": "B", "atk": 1500, "def": 1000, "position": "attack"},
        {"id": "spell", "controller": "A", "location": "spell_trap_zone", "card_type": "spell", "effects": [
            {"kind": "activated", "speed": 1, "cost": {"lp": 100}, "does": [
                {"op": "change_stats", "target": "attacker", "atk": 100, "def": -100},
                {"op": "change_stats", "target": "attacker", "set_atk": 0, "set_def": 0},
                {"op": "damage", "player": "opponent", "amount": 100},
                {"op": "gain_lp", "player": "controller", "amount": 100},
                {"op": "draw", "player": "controller", "count": 1},
            ]},
        ]},
    ],
    "attack": {"attacker": "att", "target": "tgt"},
    "choices": [{"window": "start_of_damage_step", "player": "A", "activate": "spell", "effect": 0}],
}  # fmt: skip
E = ("cards", 0, "effects")
DOES = ("cards", 2, "effects", 0, "does")
STAT, CHANGE, AMOUNT, LP = (0, 1_000_000), (-1_000_000, 1_000_000), (0, 2_147_483_647), (1, 2_147_483_647)
BOUNDS: list[tuple[tuple[str | int, ...], tuple[int, int]]] = [
    (("cards", 0, "atk"), STAT),
    (("cards", 0, "def"), STAT),
    (("life_points", "A"), LP),
    (("life_points", "B"), LP),
    ((*E, 0, "times_per_turn"), (1, 1000)),
    ((*E, 1, "atk"), CHANGE),
    ((*E, 1, "def"), CHANGE),
    ((*E, 2, "value"), AMOUNT),
    (("cards", 2, "effects", 0, "speed"), (1, 3)),
    (("cards", 2, "effects", 0, "cost", "lp"), AMOUNT),
    ((*DOES, 0, "atk"), CHANGE),
    ((*DOES, 0, "def"), CHANGE),
    ((*DOES, 1, "set_atk"), STAT),
    ((*DOES, 1, "set_def"), STAT),
    ((*DOES, 2, "amount"), AMOUNT),
    ((*DOES, 3, "amount"), AMOUNT),
    ((*DOES, 4, "count"), (0, 1000)),
]


def with_value(path: tuple[str | int, ...], value: object) -> dict[str, Any]:
    s = copy.deepcopy(ALL_INTS)
    node: Any = s
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return s


def dotted(path: tuple[str | int, ...]) -> str:
    return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path).lstrip(".")


def test_all_ints_scenario_is_valid() -> None:
    parse_scenario(ALL_INTS)


@pytest.mark.parametrize(("path", "bounds"), BOUNDS, ids=[dotted(p) for p, _ in BOUNDS])
def test_integer_bounds(path: tuple[str | int, ...], bounds: tuple[int, int]) -> None:
    lo, hi = bounds
    parse_scenario(with_value(path, lo))
    parse_scenario(with_value(path, hi))
    for bad in (lo - 1, hi + 1, 10**30):
        with pytest.raises(ScenarioError) as info:
            parse_scenario(with_value(path, bad))
        assert info.value.path == dotted(path)
        assert f"expected an integer from {lo} to {hi}" in info.value.message


def test_choice_effect_index_is_bounded() -> None:
    with pytest.raises(ScenarioError, match=r"^choices\[0\]\.effect: expected an integer from 0 to 1000, got 1001$"):
        parse_scenario(with_value(("choices", 0, "effect"), 1001))


def test_an_integer_too_large_to_print_is_refused_by_its_size() -> None:
    """Python refuses str() of an int over 4300 digits; the error message must not need it."""
    with pytest.raises(ScenarioError) as info:
        parse_scenario(with_value(("cards", 0, "atk"), 10**5000))
    assert info.value.path == "cards[0].atk" and "an integer of 16610 bits" in info.value.message


def test_non_finite_floats_from_python_are_not_integers() -> None:
    for x in (float("nan"), float("inf"), -float("inf")):
        with pytest.raises(ScenarioError, match=r"^cards\[0\]\.atk: expected an integer, got (NaN|-?Infinity)$"):
            parse_scenario(with_value(("cards", 0, "atk"), x))


# --- effects is optional ---------------------------------------------------------------------------------


def test_a_card_without_effects_has_none(tmp_path: Path) -> None:
    data = copy.deepcopy(GOOD)
    del data["cards"][0]["effects"]
    assert parse_scenario(data).cards[0].effects == ()
    p = write(tmp_path / "no-effects.toml", TOML)
    (sc,) = load_scenarios(p)
    assert [c.effects for c in sc.cards] == [(), ()]
    schema = scenario_json_schema()["$defs"]["card"]
    assert schema["properties"]["effects"]["default"] == [] and "effects" not in schema["required"]


TOML = """format = "damage-step-scenario/1"
id = "toml"

[[cards]]
id = "att"
controller = "A"
atk = 2000
def = 1000
position = "attack"

[[cards]]
id = "tgt"
controller = "B"
atk = 1500
def = 1000
position = "attack"

[attack]
attacker = "att"
target = "tgt"
"""


# --- accepted: byte-order mark, CRLF, blank lines ------------------------------------------------------------

BOM = b"\xef\xbb\xbf"


@pytest.mark.parametrize("name", ["s.json", "s.toml"])
@pytest.mark.parametrize("bom", [False, True], ids=["no-bom", "bom"])
@pytest.mark.parametrize("eol", ["\n", "\r\n"], ids=["lf", "crlf"])
def test_bom_and_crlf_are_read(name: str, bom: bool, eol: str, tmp_path: Path) -> None:
    text = GOOD_TEXT if name.endswith(".json") else TOML
    p = write(tmp_path / name, (BOM if bom else b"") + text.replace("\n", eol).encode())
    (sc,) = load_scenarios(p)
    assert [c.id for c in sc.cards] == ["att", "tgt"] and sc.cards[0].atk == 2000
    r = cli("run", str(p), "--format", "json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["battle_damage"]["B"] == 500  # 2000 ATK vs 1500 ATK


def test_jsonl_bom_crlf_and_blank_lines(tmp_path: Path) -> None:
    body = BOM + GOOD_LINE.encode() + b"\r\n   \r\n\t\n\r\n\n" + GOOD_LINE.replace('"good"', '"two"').encode() + b"\r\n"
    p = write(tmp_path / "s.jsonl", body)
    assert [s.id for s in load_scenarios(p)] == ["good", "two"]
    bad = GOOD_LINE.replace('"atk": 2000', '"atk": -1')
    write(p, body + b" \r\n" + bad.encode() + b"\r\n")  # the error's line number counts the blank lines
    err = loader_error(p)
    assert str(err) == "line 8: cards[0].atk: expected an integer from 0 to 1000000, got -1"


def test_bom_only_on_the_first_line(tmp_path: Path) -> None:
    p = write(tmp_path / "s.jsonl", (GOOD_LINE + "\n").encode() + BOM + GOOD_LINE.encode() + b"\n")
    err = loader_error(p)
    assert err.path == "line 2" and err.message.startswith("invalid JSON")


# --- safe display ---------------------------------------------------------------------------------------------

EVIL = "a\x1b]0;pwned\x07\x1b[2J\r\n\x00\x7f\x9b\u202e\ud800z"
EVIL_ID = EVIL.replace("\ud800", "")  # a lone surrogate cannot be written as UTF-8: the loader refuses it (issue 38)


def test_printable_escapes_controls_and_keeps_text() -> None:
    assert printable("Blue-Eyes White Dragon, カード, é") == "Blue-Eyes White Dragon, カード, é"
    assert printable(EVIL) == "a\\x1b]0;pwned\\x07\\x1b[2J\\x0d\\x0a\\x00\\x7f\\x9b\\u202e\\ud800z"
    assert printable(printable(EVIL)) == printable(EVIL)
    assert printable("\U000e0001") == "\\U000e0001"  # a tag character (format), outside the BMP


def evil_scenario() -> dict[str, Any]:
    s = copy.deepcopy(GOOD)
    s["id"] = EVIL_ID
    s["title"] = "title\r\x1b[1A"
    s["cards"][0]["id"] = EVIL_ID
    s["cards"][0]["name"] = EVIL_ID
    s["attack"]["attacker"] = EVIL_ID
    return s


def is_safe_text(out: str) -> bool:
    return all(c == "\n" or c.isprintable() for c in out)


def test_trace_escapes_scenario_text() -> None:
    duel, _ = run_scenario(parse_scenario(evil_scenario()))
    out = format_trace(duel.state, "title\r\x1b[1A")
    assert is_safe_text(out)
    assert out.splitlines()[:2] == ["title\\x0d\\x1b[1A", f"A's {printable(EVIL_ID)} attacks tgt"]


def test_cli_text_and_errors_escape_scenario_text(tmp_path: Path) -> None:
    p = tmp_path / "evil.json"
    p.write_text(json.dumps(evil_scenario()))  # ensure_ascii: the file itself is plain ASCII
    r = cli("run", str(p))
    assert r.returncode == 0, r.stderr
    assert is_safe_text(r.stdout) and printable(EVIL_ID) in r.stdout

    bad = evil_scenario()
    bad["cards"][0][EVIL_ID] = 1  # an unknown key: the error path quotes it
    p.write_text(json.dumps(bad))
    r = cli("run", str(p))
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and is_safe_text(r.stderr), r.stderr
    assert f"cards[0].{printable(EVIL_ID)}: unknown key" in r.stderr


def test_text_with_a_lone_surrogate_is_refused_printably(tmp_path: Path) -> None:
    bad = evil_scenario()
    bad["cards"][0]["name"] = EVIL
    with pytest.raises(ScenarioError) as info:
        parse_scenario(bad)
    assert info.value.path == "cards[0].name" and str(info.value).isprintable()
    assert info.value.message.startswith('cannot be written as UTF-8: "a\\u001b]0;pwned')
    assert info.value.message.endswith(" holds a lone surrogate")  # (the text quoted short, escaped)
    bad["cards"][0]["name"] = "ok"
    bad["cards"][0][EVIL] = 1
    p = tmp_path / "evil.json"
    p.write_text(json.dumps(bad))
    r = cli("run", str(p))
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and is_safe_text(r.stderr), r.stderr
    assert "cards[0]: cannot be written as UTF-8: the key" in r.stderr


def test_library_error_messages_are_printable() -> None:
    bad = evil_scenario()
    bad["attack"]["target"] = EVIL_ID + "x"
    with pytest.raises(ScenarioError) as info:
        parse_scenario(bad)
    assert str(info.value).isprintable() and info.value.path == "attack.target"


def test_json_output_is_already_escaped(tmp_path: Path) -> None:
    p = tmp_path / "evil.json"
    p.write_text(json.dumps(evil_scenario()))
    r = cli("run", str(p), "--format", "json")
    assert r.returncode == 0, r.stderr
    assert all(" " <= c <= "~" for c in r.stdout.rstrip("\n"))  # json.dumps escapes every control character
    out = json.loads(r.stdout)
    assert out["scenario"] == EVIL_ID and EVIL_ID in out["final_locations"]  # and the ids round-trip exactly


def test_long_digit_runs_in_strings_and_comments_are_text(tmp_path: Path) -> None:
    """The digit limit is on numbers: ids, notes and TOML comments may hold any digits."""
    digits = "1234567890" * 5
    data = dict(GOOD, id=digits, notes=digits)
    assert load_scenarios(write(tmp_path / "s.json", json.dumps(data)))[0].id == digits
    toml = TOML.replace('id = "toml"', f'id = "{digits}"  # {digits}\nnotes = """\n{digits}\n"""')
    assert load_scenarios(write(tmp_path / "s.toml", toml))[0].id == digits


def test_huge_toml_hex_integer_is_refused_by_its_bound(tmp_path: Path) -> None:
    """Hexadecimal escapes the digit scan (Python converts it in linear time); the bound still refuses it."""
    err = loader_error(write(tmp_path / "hex.toml", TOML.replace("atk = 2000", "atk = 0x" + "f" * 5000)))
    assert err.path == "cards[0].atk" and err.message.startswith("expected an integer from 0 to 1000000")
