"""The ruling lab's logic: everything the page does that is not drawing, in Python, so pytest tests it and the
page (run by Pyodide in the browser) only displays and forwards clicks (as the viewer's page only shows frames).

A *battle* in the lab is plain JSON: ``{"scenario": <a scenario-format object>, "answers": [n, ...]}``. The scenario
is the one source of truth; the form's edits (`add_card`, `remove_card`, `set_battle`, `add_effect`) each return a
new scenario, validated by the real loader (`engine.build.parse_scenario`, so the messages are the loader's, with
the field they name). ``answers`` are the decisions taken, in order: for each decision that offers more than one
option, the index of the option chosen (a decision with one option is taken by itself, as the stepper does). So a
line of play is a prefix of answers, and a branch is an earlier prefix plus another answer.

`play` runs the battle with `engine.debug.stepper.Stepper` (a `engine.debug.session.Session` with the scenario's
choices as the defaults, the host of an `attacks` scenario included), writes its line of play as a trace and builds
the viewer's frames from it (`engine.viewer.frames`: the same panels as the viewer's page); it adds what the lab
needs: each decision's options with the one chosen, the default and the illegal ones with their reasons
(`engine.debug.session.illegal_options`), and the decision pending at the end, if any.

The share link (`encode_link` / `decode_link`) is the battle as compact JSON, zlib-compressed, base64url, behind a
version tag (``v1.``): a link from a newer lab or one that is malformed is refused with a message saying which.
"""

from __future__ import annotations

import base64
import binascii
import copy
import io
import json
import os
import re
import tempfile
import zlib
from collections.abc import Callable
from typing import Any

from engine.build import load_scenarios, new_duel, parse_scenario, state_from_scenario
from engine.cards import all_cards
from engine.debug.record import read_traces, write_trace
from engine.debug.session import describe_illegal, illegal_options
from engine.debug.stepper import Stepper
from engine.machine import Duel
from engine.rules.attack import direct_attack_problem
from engine.scenario import Scenario, ScenarioError, parse_effect_spec, scenario_to_json
from engine.trace import TITLES, card_names
from engine.values.decisions import ATTACK, Decision, IllegalChoice, Option
from engine.values.game import Player
from engine.values.text import printable
from engine.viewer import NotReproduced, attacks_line, fidelity_lines, frames

__all__ = [
    "LINK_VERSION",
    "LabError",
    "add_card",
    "add_effect",
    "card_info",
    "check_scenario",
    "decode_link",
    "describe_battle",
    "encode_link",
    "export_scenario",
    "export_trace",
    "import_text",
    "new_battle",
    "play",
    "remove_card",
    "search_cards",
    "set_battle",
]

FORMAT = "damage-step-scenario/1"
LINK_VERSION = 1  # the share link's format; a link of a higher version is refused, never guessed at
MAX_LINK_TEXT = 200_000  # characters of a link's fragment, and bytes it inflates to: larger is refused, not read
MAX_ANSWERS = 10_000  # decisions in one battle: a longer list is no battle a person took
# Levels of [ and { in a text the lab reads (a link, the JSON editor, an effect, a file): far more than any battle
# has, and far fewer than overflow the stack of Pyodide's decoders (which is fatal to the page, not an exception).
MAX_NESTING = 200
_BRACKETS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')
ZONES = ("monster_zone", "spell_trap_zone", "hand", "graveyard", "banished")


def _shallow(text: str, what: str, field: str) -> None:
    """LabError unless `text` is nested at most MAX_NESTING levels deep (counted without recursion, strings
    skipped): checked before any decoder reads it."""
    depth = 0
    for m in _BRACKETS.finditer(text):
        t = m[0]
        if t == "[" or t == "{":
            depth += 1
            if depth > MAX_NESTING:
                raise LabError(f"{what}: nested too deeply (more than {MAX_NESTING} levels of [ and {{)", field)
        elif t == "]" or t == "}":
            depth -= 1


class LabError(ValueError):
    """Bad input to the lab (a link, a file, a form): `field` names where it was wrong ("" for the whole)."""

    def __init__(self, message: str, field: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.field = field


# -- the library --------------------------------------------------------------------------------------
def card_info(key: str) -> dict[str, Any]:
    """What the form shows of a library card: its name, kind, printed ATK/DEF (None where it has none printed:
    the form asks for them), text and fidelity (`differs`: what differs from the printed text, "" if exact)."""
    c = all_cards()[key]
    return {"key": c.key, "name": c.name, "card_type": c.card_type, "atk": c.atk, "def": c.def_, "text": c.text,
            "property": c.property, "exact": c.exact, "differs": c.differs}  # fmt: skip


def search_cards(query: str, limit: int = 40) -> list[dict[str, Any]]:
    """The library cards whose name (or key) holds every word of `query`, case-insensitively, by name."""
    words = query.lower().split()
    hits = [c for c in all_cards().values()
            if all(w in c.name.lower() or w in c.key for w in words)]  # fmt: skip
    return [card_info(c.key) for c in sorted(hits, key=lambda c: c.name.lower())[:limit]]


# -- building a battle -----------------------------------------------------------------------------------
def new_battle() -> dict[str, Any]:
    """An empty battle: no card yet (the loader refuses a scenario without one until a card is placed)."""
    return {"scenario": {"format": FORMAT, "id": "lab", "turn_player": "A", "life_points": {"A": 8000, "B": 8000},
                         "cards": []}, "answers": []}  # fmt: skip


def _errors(e: ScenarioError) -> dict[str, str]:
    return {"path": e.path, "message": e.message, "text": printable(str(e))}


def check_scenario(data: object) -> dict[str, Any]:
    """Validate a scenario as the loader does: ``{"ok": True}`` or ``{"ok": False, "error": {path, message, text}}``.
    A string is read as JSON first (the page's JSON editor), its syntax errors said with their line and column."""
    if isinstance(data, str):
        try:
            _shallow(data, "$", "")
        except LabError as e:
            return {"ok": False, "error": {"path": "$", "message": e.message, "text": e.message}}
        try:
            data = json.loads(data)
        except json.JSONDecodeError as e:
            return {"ok": False, "error": {"path": "$", "message": f"invalid JSON at line {e.lineno} column {e.colno}: "
                                           f"{e.msg}", "text": f"invalid JSON at line {e.lineno} column {e.colno}: "
                                           f"{e.msg}"}}  # fmt: skip
    try:
        parse_scenario(data)
    except ScenarioError as e:
        return {"ok": False, "error": _errors(e)}
    return {"ok": True}


def _field_error(e: ScenarioError, card: int | None) -> LabError:
    """A loader error as the form shows it: at the form's field when it is about the card being placed."""
    prefix = f"cards[{card}]."
    if card is not None and e.path.startswith(prefix):
        key = e.path[len(prefix) :].split(".")[0].split("[")[0]
        return LabError(printable(f"{e.path}: {e.message}"), {"def": "def"}.get(key, key))
    return LabError(printable(str(e)), "")


def _validated(sc: dict[str, Any], card: int | None = None) -> dict[str, Any]:
    """`sc` if the loader takes it (a battle needs at least one card, and then is checked whole); else LabError.
    A battle still without an attack (no monster of the turn player can attack yet) is checked as the loader checks
    a whole Battle Phase, which needs none: a card placed before the attacker is not refused for want of it."""
    if not sc.get("cards"):
        return sc
    try:
        parse_scenario({**sc, "battle_phase": {}} if _attackless(sc) else sc)
    except ScenarioError as e:
        raise _field_error(e, card) from None
    return sc


NO_ATTACK_YET = ("no attack yet: the turn player ({turn}) needs a face-up Attack Position monster to attack with (or "
                 "choose \"players declare\" for a whole Battle Phase)")  # fmt: skip


def _attackless(sc: dict[str, Any]) -> bool:
    return not any(k in sc for k in ("attack", "attacks", "battle_phase"))


def _direct_attack_problem(sc: dict[str, Any], attacker: str) -> str | None:
    """Why `attacker` may not attack directly in this battle, by the engine's own rule
    (`rules.attack.direct_attack_problem`: the opponent controls a monster and no effect allows it, or an effect
    forbids it; the Battle Phase's declarations are refused by the same rule), or None (also where the loader
    refuses the battle for another reason, which it then says itself)."""
    shaped = {k: v for k, v in sc.items() if k not in ("attack", "attacks", "battle_phase")}
    try:
        scenario = parse_scenario({**shaped, "attack": {"attacker": attacker, "target": None}})
    except ScenarioError:
        return None
    duel = new_duel(state_from_scenario(scenario))
    return direct_attack_problem(duel.ctx, duel.index_of(attacker))


def _int(form: dict[str, Any], key: str) -> int | None:
    v = form.get(key)
    if v is None or v == "":
        return None
    try:
        return int(str(v).strip())
    except ValueError:
        raise LabError(f"{key}: expected a whole number, got {printable(json.dumps(v))[:60]}", key) from None


def add_card(sc: dict[str, Any], form: dict[str, Any]) -> dict[str, Any]:
    """The scenario with one more card, from the form: library card `key`, `side` A/B, `zone`, `position`
    (attack/defense; `face_down` Sets a monster), `atk`/`def` (overriding the printed ones; required where the
    card has none printed) and an optional `id` (else the key, numbered if taken)."""
    key = str(form.get("key") or "")
    if key not in all_cards():
        raise LabError(f"no card {printable(json.dumps(key))} in the library: pick one from the search", "key")
    c = all_cards()[key]
    side = form.get("side")
    if side not in ("A", "B"):
        raise LabError("side: expected A or B", "side")
    zone = form.get("zone") or ("monster_zone" if c.card_type == "monster" else "spell_trap_zone")
    if zone not in ZONES:
        raise LabError(f"zone: expected one of {', '.join(ZONES)}", "zone")
    out = copy.deepcopy(sc)
    ids = {x.get("id") for x in out.get("cards", ()) if isinstance(x, dict)}
    cid = str(form.get("id") or "").strip() or key
    if not form.get("id"):
        n = 2
        while cid in ids:
            cid, n = f"{key}_{n}", n + 1
    elif cid in ids:
        raise LabError(f"id: another card is {printable(json.dumps(cid))} already", "id")
    card: dict[str, Any] = {"id": cid, "controller": side, "card": key}
    if zone != "monster_zone" or c.card_type != "monster":
        card["location"] = zone
    face_down = bool(form.get("face_down"))
    if c.card_type == "monster" and zone == "monster_zone":
        card["position"] = "set" if face_down else (form.get("position") or "attack")
    elif c.card_type != "monster" and zone == "spell_trap_zone" and face_down:
        card["face_down"] = True
    for k in ("atk", "def"):
        v = _int(form, k)
        if v is not None:
            card[k] = v
        elif c.card_type == "monster" and (c.atk if k == "atk" else c.def_) is None:
            raise LabError(f"{k}: {printable(c.name)} has no printed {k.upper()}: give one", k)
    out.setdefault("cards", []).append(card)
    _default_attack(out)
    return _validated(out, len(out["cards"]) - 1)


def _monsters(sc: dict[str, Any], side: str) -> list[str]:
    return [str(c["id"]) for c in sc.get("cards", ()) if c.get("controller") == side
            and c.get("location", "monster_zone") == "monster_zone"
            and _card_type(c) == "monster"]  # fmt: skip


def _card_type(c: dict[str, Any]) -> str:
    if "card_type" in c:
        return str(c["card_type"])
    key = c.get("card")
    return all_cards()[key].card_type if key in all_cards() else "monster"


def _default_attack(sc: dict[str, Any]) -> None:
    """A battle needs an attack: the turn player's first monster on the opponent's first (or directly), until the
    form chooses another or the players' own declarations (`battle_phase`)."""
    turn = sc.get("turn_player", "A")
    mine, theirs = _monsters(sc, turn), _monsters(sc, "B" if turn == "A" else "A")
    a = sc.get("attack")
    direct = isinstance(a, dict) and a.get("target") is None and a.get("attacker") in mine
    if any(k in sc for k in ("attacks", "battle_phase")) or (a is not None and not (direct and theirs)):
        return  # a direct attack while the opponent had no monster becomes an attack on the first one placed
    able = [m for m in mine if _can_attack(sc, m)]
    if able:
        attacker = a["attacker"] if isinstance(a, dict) and direct else able[0]
        sc["attack"] = {"attacker": attacker, "target": theirs[0] if theirs else None}
    else:
        sc.pop("attack", None)  # none yet: `_validated` checks the rest, `play` says what is missing


def _can_attack(sc: dict[str, Any], cid: str) -> bool:
    """Whether the form should offer `cid` as the attacker by default: face-up in Attack Position (the loader
    refuses a Set attacker, and one in Defense Position without an `attack_from_defense` effect, by name)."""
    c = next(c for c in sc.get("cards", ()) if str(c.get("id")) == cid)
    return bool(c.get("position", "attack") == "attack")


def describe_battle(sc: dict[str, Any]) -> dict[str, Any]:
    """What the form lists of the battle being built: each card in words, and who can attack whom."""
    turn = sc.get("turn_player", "A")
    foe = "B" if turn == "A" else "A"
    cards = []
    for c in sc.get("cards", ()):
        key = c.get("card")
        lib = all_cards().get(key) if isinstance(key, str) else None
        name = c.get("name") or (lib.name if lib else c.get("id"))
        atk = c.get("atk", lib.atk if lib else None)
        def_ = c.get("def", lib.def_ if lib else None)
        where = str(c.get("location", "monster_zone")).replace("_", " ")
        if c.get("position"):
            where += f", {c['position']}"
        if c.get("face_down"):
            where += ", face-down"
        cards.append({"id": printable(str(c.get("id"))), "name": printable(str(name)), "side": c.get("controller"),
                      "where": where, "stats": "" if atk is None else f"{atk} / {def_}",
                      "effects": len(c.get("effects", lib.effects if lib else ())),
                      "approximate": lib.differs if lib else ""})  # fmt: skip
    a = sc.get("attack")
    attacker = a.get("attacker") if isinstance(a, dict) else None
    return {"cards": cards, "attackers": _monsters(sc, turn), "targets": _monsters(sc, foe),
            "direct": None if attacker is None else _direct_attack_problem(sc, str(attacker)),
            "note": NO_ATTACK_YET.format(turn=turn) if sc.get("cards") and _attackless(sc) else ""}  # fmt: skip


def remove_card(sc: dict[str, Any], cid: str) -> dict[str, Any]:
    """The scenario without card `cid`; an attack or choice that named it goes too (the form sets another)."""
    out = copy.deepcopy(sc)
    out["cards"] = [c for c in out.get("cards", ()) if c.get("id") != cid]
    a = out.get("attack")
    if isinstance(a, dict) and cid in (a.get("attacker"), a.get("target")):
        del out["attack"]
    if "attacks" in out:
        out["attacks"] = [a for a in out["attacks"] if cid not in (a.get("attacker"), a.get("target"))]
        if not out["attacks"]:
            del out["attacks"]
    out["choices"] = [q for q in out.get("choices", ()) if cid not in (q.get("activate"), *(q.get("targets") or ()))]
    if not out["choices"]:
        del out["choices"]
    _default_attack(out)
    return _validated(out)


def set_battle(sc: dict[str, Any], form: dict[str, Any]) -> dict[str, Any]:
    """The scenario with the form's LPs (`lp_A`, `lp_B`), turn player and attack: `mode` "attack" (`attacker`,
    `target`, "" for a direct attack) or "battle_phase" (the players declare the attacks)."""
    out = copy.deepcopy(sc)
    lp = {}
    for p in ("A", "B"):
        v = _int(form, f"lp_{p}")
        lp[p] = 8000 if v is None else v
    out["life_points"] = lp
    if form.get("turn_player") in ("A", "B"):
        out["turn_player"] = form["turn_player"]
    for k in ("attack", "attacks", "battle_phase"):
        out.pop(k, None)
    if form.get("mode") == "battle_phase":
        out["battle_phase"] = {}
    elif form.get("attacker") and (str(form["attacker"]) in _monsters(out, out.get("turn_player", "A"))
                                   or str(form["attacker"]) not in _monsters(sc, sc.get("turn_player", "A"))):
        # (the attacker the form offered was the old turn player's: with the turn player changed, the default one)
        out["attack"] = {"attacker": str(form["attacker"]), "target": str(form["target"]) if form.get("target")
                         else None}  # fmt: skip
    else:
        _default_attack(out)
    a = out.get("attack")
    if isinstance(a, dict) and a.get("target") is None and (why := _direct_attack_problem(out, str(a["attacker"]))):
        raise LabError(f"attack.target: not legal: {why}", "target")
    try:
        return _validated(out)
    except LabError as e:
        where = "lp_" + e.message.split(".")[1][:1] if e.message.startswith("life_points.") else (
            "attacker" if e.message.startswith(("attack", "battle_phase")) else "")
        raise LabError(e.message, where) from None


def add_effect(sc: dict[str, Any], cid: str, spec: object) -> dict[str, Any]:
    """The scenario with one more effect on card `cid` (a scenario-format effect object, or its JSON text),
    validated as the loader validates an effect of that card (`engine.scenario.parse_effect_spec`), then whole."""
    if isinstance(spec, str):
        _shallow(spec, "$", "effect")
        try:
            spec = json.loads(spec)
        except json.JSONDecodeError as e:
            raise LabError(f"invalid JSON at line {e.lineno} column {e.colno}: {e.msg}", "effect") from None
    out = copy.deepcopy(sc)
    cards = out.get("cards", [])
    at = next((i for i, c in enumerate(cards) if c.get("id") == cid), None)
    if at is None:
        raise LabError(f"no card {printable(json.dumps(cid))} in this battle", "card")
    card = cards[at]
    if not isinstance(spec, dict):
        raise LabError("$: expected an object (one effect)", "effect")
    try:
        parse_effect_spec(spec, card_type=_card_type(card))
    except ScenarioError as e:
        raise LabError(printable(str(e)), "effect") from None
    if "effects" not in card and card.get("card") in all_cards():  # keep the library card's own effects
        card["effects"] = [dict(e) for e in all_cards()[card["card"]].effects]
    card.setdefault("effects", []).append(spec)
    try:
        return _validated(out)
    except LabError as e:
        raise LabError(e.message, "effect") from None


# -- playing it --------------------------------------------------------------------------------------------
def _scenario(battle: dict[str, Any]) -> tuple[Scenario, list[int]]:
    if not isinstance(battle, dict) or not isinstance(battle.get("scenario"), dict):
        raise LabError("a battle is an object with a scenario")
    answers = battle.get("answers", [])
    if not isinstance(answers, list) or not all(type(a) is int and a >= 0 for a in answers):
        raise LabError("answers: expected a list of option numbers (whole numbers from 0)", "answers")
    if len(answers) > MAX_ANSWERS:
        raise LabError(f"answers: more than {MAX_ANSWERS} decisions", "answers")
    if not battle["scenario"].get("cards"):
        raise LabError("the battle has no card yet: place one from the library", "cards")
    if _attackless(battle["scenario"]):  # what the loader says of the rest first, then what is missing
        _validated(battle["scenario"])
        raise LabError(NO_ATTACK_YET.format(turn=battle["scenario"].get("turn_player", "A")), "attacker")
    try:
        return parse_scenario(battle["scenario"]), list(answers)
    except ScenarioError as e:
        raise LabError(printable(str(e)), "scenario") from None


def _options(d: Decision, names: list[str]) -> list[str]:
    return [printable(o) for o in d.describe(names)]


def _illegal(duel: Duel) -> list[dict[str, str]]:
    refused = illegal_options(duel)
    labels = describe_illegal(duel, refused, card_names(duel.state))
    return [{"option": printable(label), "reason": printable(why)} for label, (_o, why) in zip(labels, refused,
                                                                                                strict=True)]


Chooser = Callable[[Decision, int, Option], Option | None]  # (decision, its slot among the answers, default)


def _drive(sc: Scenario, choose: Chooser) -> tuple[Stepper, list[dict[str, Any]], dict[str, Any] | None]:
    """Run the battle, asking `choose` at each decision with more than one option (None: stop there). Returns the
    stepper, each decision taken (its step, options, chosen, default, slot) and the decision pending, if any."""
    st = Stepper(sc, out=io.StringIO())
    session = st.session
    taken: list[dict[str, Any]] = []
    slot = 0
    while True:
        d = session.next_decision()
        if d is None:
            return st, taken, None
        names = card_names(session.state)
        default = st.default()
        assert default is not None
        default_i = d.options.index(default) if default in d.options else 0
        entry: dict[str, Any] = {
            "step": len(session.records()), "player": d.player.name, "kind": d.kind.value,
            "window": TITLES.get(d.window.value, d.window.value), "options": _options(d, names),
            "default": default_i, "slot": None, "illegal": _illegal(session.duel),
        }  # fmt: skip
        if len(d.options) == 1:
            option: Option | None = d.options[0]
        else:
            entry["slot"] = slot
            option = choose(d, slot, d.options[default_i])
            if option is None:
                return st, taken, entry
            slot += 1
        assert option is not None
        entry["chosen"] = d.options.index(option)
        session.decide(option)
        taken.append(entry)


def play(battle: dict[str, Any], auto: bool = False) -> dict[str, Any]:
    """Run the battle with its answers; with `auto`, go on to the end taking each default (the scenario's choice,
    else passing). Returns the answers (completed when `auto`), the viewer's frames with the lab's notes on each
    decision (`lab`), the decision pending (None at the end), the LPs and the outcome."""
    sc, answers = _scenario(battle)
    taken_answers: list[int] = []

    def choose(d: Decision, slot: int, default: Option) -> Option | None:
        if slot < len(answers):
            n = answers[slot]
            if n >= len(d.options):
                raise LabError(f"answers[{slot}]: no option {n} (that decision has {len(d.options)})", "answers")
        elif auto:
            n = d.options.index(default)
        else:
            return None
        taken_answers.append(n)
        return d.options[n]

    st, taken, pending = _drive(sc, choose)
    trace = st.trace()
    try:
        data_frames = frames(trace)
    except NotReproduced as e:  # the engine does not replay its own line: a bug, said rather than hidden
        raise LabError(f"the battle does not replay as played: {e}") from None
    for entry in taken:  # the frame of each decision taken: what the lab offers there
        data_frames[entry["step"]]["lab"] = entry
    sc_json = trace[0]["scenario"]
    title = f"Scenario {sc_json.get('id', 'lab')}" + (f": {sc_json['title']}" if sc_json.get("title") else "")
    state = st.session.state
    return {
        "answers": taken_answers, "title": printable(title), "attack": attacks_line(data_frames),
        "frames": data_frames, "pending": pending, "over": pending is None, "fidelity": fidelity_lines(sc_json),
        "outcome": data_frames[-1]["outcome"] if data_frames else None,
        "lp": {p.name: state.players[p].lp for p in Player},
    }  # fmt: skip


# -- sharing ------------------------------------------------------------------------------------------------
_LINK_PREFIX = "v"


def encode_link(battle: dict[str, Any]) -> str:
    """The battle as a link's fragment: ``v1.`` then its compact JSON, zlib-compressed, base64url (no padding)."""
    _scenario(battle)  # only a battle the loader takes is shared
    text = json.dumps({"scenario": battle["scenario"], "answers": battle.get("answers", [])},
                      separators=(",", ":"), ensure_ascii=False)  # fmt: skip
    packed = base64.urlsafe_b64encode(zlib.compress(text.encode("utf-8"), 9)).decode("ascii").rstrip("=")
    return f"{_LINK_PREFIX}{LINK_VERSION}.{packed}"


def decode_link(fragment: str) -> dict[str, Any]:
    """The battle a link's fragment holds (`encode_link`'s), or LabError saying what is wrong with it: not a
    lab link, a newer version than this lab reads, damaged, too large, or a battle the loader refuses."""
    text = fragment.lstrip("#")
    if text.startswith("battle="):
        text = text[len("battle=") :]
    version, dot, packed = text.partition(".")
    if not dot or not version.startswith(_LINK_PREFIX) or not version[1:].isdigit():
        raise LabError("this link holds no battle (a lab link's address ends in #battle=v1. and then the battle)",
                       "link")  # fmt: skip
    n = int(version[1:])
    if n > LINK_VERSION:
        raise LabError(f"this link was made by a newer version of the lab (link version {n}; this page reads "
                       f"version {LINK_VERSION} and older): open it with a newer lab", "link")  # fmt: skip
    if n < 1:
        raise LabError(f"link version {n} does not exist (versions start at 1)", "link")
    if len(packed) > MAX_LINK_TEXT:
        raise LabError(f"this link is too long (more than {MAX_LINK_TEXT} characters): it was not read", "link")
    try:
        raw = base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4))
        inflate = zlib.decompressobj()
        body = inflate.decompress(raw, MAX_LINK_TEXT)
        if inflate.unconsumed_tail or not inflate.eof:
            raise LabError("this link is damaged or too large: its battle does not unpack", "link")
        text = body.decode("utf-8")
        _shallow(text, "this link is damaged", "link")
        data = json.loads(text)
    except (binascii.Error, ValueError, zlib.error) as e:
        if isinstance(e, LabError):
            raise
        raise LabError("this link is damaged (cut short or changed?): its battle does not unpack", "link") from None
    if not isinstance(data, dict) or set(data) - {"scenario", "answers"}:
        raise LabError("this link is damaged: it holds no battle", "link")
    battle = {"scenario": data.get("scenario"), "answers": data.get("answers", [])}
    try:
        _scenario(battle)
    except LabError as e:
        raise LabError(f"this link's battle is not valid: {e.message}", "link") from None
    return battle


def export_scenario(battle: dict[str, Any]) -> str:
    """The battle as a scenario file (JSON) that `python -m engine run` reads: the decisions taken on this line of
    play become its `choices` (each activation or declaration, in its window, for its attack; passing is what a
    player with no choice does), so that `run` plays the same line; a decision not taken yet is left to the file's
    defaults. (`export_trace` keeps every step, for `replay`.)"""
    sc, answers = _scenario(battle)
    records, data_frames = _line(sc, answers)
    out = scenario_to_json(sc)
    several = sc.battle_phase or sc.attacks is not None
    choices: list[dict[str, Any]] = []
    declared = 0
    for r in records:
        if r.get("kind") != "decision":
            continue
        frame = data_frames[r["step"]]
        if r.get("effect") == ATTACK:
            choice: dict[str, Any] = {"window": r["window"], "player": r["player"],
                                      "declare": {"attacker": r["activate"], "target": (r["targets"] or [None])[0]}}
            if several:  # a declaration names the attack it makes; a replay's, the attack under way
                choice["attack"] = declared if r["window"] == "battle_step" else frame["attack"] or 0
            declared += r["window"] == "battle_step"
        elif r.get("activate") is not None:
            choice = {"window": r["window"], "player": r["player"], "activate": r["activate"],
                      "effect": r["effect"]}  # fmt: skip
            if r["targets"]:
                choice["targets"] = list(r["targets"])
            if several:  # in a whole Battle Phase, the Battle Step's choices belong to the declaration it makes next
                choice["attack"] = (declared if sc.battle_phase and r["window"] == "battle_step"
                                    else frame["attack"] or 0)  # fmt: skip
            same = [q for q in choices if q["window"] == r["window"] and q.get("attack") == choice.get("attack")]
            if same and frame["chain"] is None:  # after a chain resolved, in the same window: a new chain
                choice["new_chain"] = True
        else:
            continue
        choices.append(choice)
    out.pop("choices", None)
    if choices:
        out["choices"] = choices
    return json.dumps(out, indent=2, ensure_ascii=False) + "\n"


def _line(sc: Scenario, answers: list[int]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The records of the line of play these answers take (stopping at the first decision not answered) and
    the viewer's frames of it."""

    def choose(d: Decision, slot: int, default: Option) -> Option | None:
        return d.options[answers[slot]] if slot < len(answers) and answers[slot] < len(d.options) else None

    st, _taken, _pending = _drive(sc, choose)
    trace = st.trace()
    return trace[1:], frames(trace)


def export_trace(battle: dict[str, Any]) -> str:
    """The line of play as a trace (JSON lines) that `python -m engine replay` and `view` read: header first, then
    every event and decision; ``partial`` in the header when it stops at a decision not taken yet."""
    sc, answers = _scenario(battle)

    def choose(d: Decision, slot: int, default: Option) -> Option | None:
        return d.options[answers[slot]] if slot < len(answers) and answers[slot] < len(d.options) else None

    st, _taken, _pending = _drive(sc, choose)
    buffer = io.StringIO()
    write_trace(st.trace(), buffer)
    return buffer.getvalue()


def _answers_of_trace(sc: Scenario, records: list[dict[str, Any]]) -> list[int]:
    """The lab's answers to a trace's decisions: its decision records, in order, matched to the options offered."""
    from engine.debug.record import option_from_json

    wanted = [r for r in records if r.get("kind") == "decision"]
    answers: list[int] = []
    seen = 0

    def choose(d: Decision, slot: int, default: Option) -> Option | None:
        return None

    st = Stepper(sc, out=io.StringIO())
    session = st.session
    while True:
        d = session.next_decision()
        if d is None or seen >= len(wanted):
            return answers
        try:
            option = option_from_json(session.duel, wanted[seen])
        except IllegalChoice as e:
            raise LabError(f"the trace's decision at step {wanted[seen].get('step')} is not one of this battle: {e}",
                           "import") from None  # fmt: skip
        if option not in d.options:
            raise LabError(f"the trace's decision at step {wanted[seen].get('step')} is not offered here "
                           f"({printable(d.describe(card_names(session.state))[0])}, ...)", "import")  # fmt: skip
        if len(d.options) > 1:
            answers.append(d.options.index(option))
        seen += 1
        session.decide(option)


def import_text(name: str, text: str, index: int = 0) -> dict[str, Any]:
    """A file the user opened: a scenario file (.json, .jsonl, .toml, read by the CLI's own loader) or a trace
    (JSON lines starting with a header). Returns the battle (scenario `index` of the file, and for a trace its
    decisions as answers) and the ids of every scenario in the file, so the page can offer the others."""
    _shallow(text, printable(name), "import")
    first = text.lstrip()[:400]
    if first.startswith("{") and '"kind"' in first.split("\n")[0] and '"header"' in first.split("\n")[0]:
        try:
            traces = list(read_traces(io.StringIO(text)))
        except ValueError as e:
            raise LabError(printable(f"{name}: {e}"), "import") from None
        if not traces:
            raise LabError(f"{printable(name)}: no trace in it", "import")
        if not 0 <= index < len(traces):
            raise LabError(f"{printable(name)}: no trace {index} (it has {len(traces)})", "import")
        trace = traces[index]
        try:
            sc = parse_scenario(trace[0].get("scenario"))
        except ScenarioError as e:
            raise LabError(printable(f"{name}: the trace's scenario: {e}"), "import") from None
        battle = {"scenario": scenario_to_json(sc), "answers": _answers_of_trace(sc, trace[1:])}
        return {"battle": battle, "scenarios": [printable(str(t[0].get("scenario_id"))) for t in traces],
                "index": index, "kind": "trace"}  # fmt: skip
    suffix = os.path.splitext(name)[1].lower()
    if suffix not in (".json", ".jsonl", ".toml"):
        suffix = ".jsonl" if "\n{" in text.strip() else ".json"
    with tempfile.TemporaryDirectory() as tmp:  # the CLI's loader reads a path: the same messages, the same result
        path = os.path.join(tmp, "imported" + suffix)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        try:
            scenarios = load_scenarios(path)
        except ScenarioError as e:
            raise LabError(printable(f"{name}: {str(e).replace(path, 'file')}"), "import") from None
    if not 0 <= index < len(scenarios):
        raise LabError(f"{printable(name)}: no scenario {index} (it has {len(scenarios)})", "import")
    return {"battle": {"scenario": scenario_to_json(scenarios[index]), "answers": []},
            "scenarios": [printable(str(s.id)) for s in scenarios], "index": index, "kind": "scenario"}  # fmt: skip


# -- the page's one entry point ----------------------------------------------------------------------------
def call(name: str, args_json: str) -> str:
    """What the page calls (through Pyodide): `name` with JSON arguments, answered as JSON ``{"ok": value}`` or
    ``{"error": message, "field": where}``; bad input never raises into the page."""
    table: dict[str, Callable[..., Any]] = {
        "search_cards": search_cards, "card_info": card_info, "new_battle": new_battle, "add_card": add_card,
        "remove_card": remove_card, "set_battle": set_battle, "add_effect": add_effect,
        "describe_battle": describe_battle,
        "check_scenario": check_scenario, "play": play, "encode_link": encode_link, "decode_link": decode_link,
        "export_scenario": export_scenario, "export_trace": export_trace, "import_text": import_text,
    }  # fmt: skip
    try:
        args = json.loads(args_json)
        if name not in table or not isinstance(args, list):
            raise LabError(f"the lab has no call {printable(name)!r}")
        return json.dumps({"ok": table[name](*args)}, ensure_ascii=False)
    except LabError as e:
        return json.dumps({"error": e.message, "field": e.field}, ensure_ascii=False)
    except ScenarioError as e:
        return json.dumps({"error": printable(str(e)), "field": "scenario"}, ensure_ascii=False)
    except (IllegalChoice, ValueError, TypeError, KeyError, IndexError) as e:
        return json.dumps({"error": printable(f"{type(e).__name__}: {e}"), "field": ""}, ensure_ascii=False)
