"""Writing a parsed scenario back as JSON, so that ``parse_scenario(scenario_to_json(sc)) == sc``: traces
carry the scenario they ran."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs
import msgspec

from engine.format.battles import Choice
from engine.format.cards import ONLY_FOR, CardSpec
from engine.format.document import Scenario
from engine.format.effects import DOES_KINDS, EffectSpec
from engine.format.nesting import op_json


def scenario_to_json(sc: Scenario) -> dict[str, Any]:
    """A parsed scenario as its JSON form, defaults written out (but for absent optional values), so that
    ``parse_scenario(scenario_to_json(sc)) == sc``: traces carry the scenario they ran."""
    out: dict[str, Any] = {"format": sc.format}
    out |= {k: v for k, v in (("id", sc.id), ("title", sc.title), ("notes", sc.notes)) if v is not None}
    out["rules"] = attrs.asdict(sc.rules)
    out["turn_player"] = sc.turn_player
    out["life_points"] = dict(sc.life_points)
    out["cards"] = [_card_json(c) for c in sc.cards]
    if sc.battle_phase:
        out["battle_phase"] = {"end_phase": True} if sc.end_phase else {}
        if sc.standby_phases:
            out["battle_phase"]["standby_phases"] = sc.standby_phases
    elif sc.attacks is not None:
        out["attacks"] = [{"attacker": a.attacker, "target": a.target} for a in sc.attacks]
    elif sc.attack is not None:
        out["attack"] = {"attacker": sc.attack.attacker, "target": sc.attack.target}
    out["choices"] = [_choice_json(ch) for ch in sc.choices]
    return out


def _choice_json(ch: Choice) -> dict[str, Any]:
    d = {k: v for k, v in msgspec.structs.asdict(ch).items() if v is not None and (k != "attack" or v)}
    if ch.declare is not None:
        d["declare"] = {"attacker": ch.declare.attacker, "target": ch.declare.target}
        for key, default in (("effect", 0), ("new_chain", False)):
            if d.get(key) == default:
                del d[key]
    plain: dict[str, Any] = _plain(d)
    return plain


def _card_json(c: CardSpec) -> dict[str, Any]:
    """Only the keys the loader allows on this kind of card (see ``ONLY_FOR``)."""
    d: dict[str, Any] = {"id": c.id, "controller": c.controller, "owner": c.owner, "location": c.location,
                         "card_type": c.card_type}  # fmt: skip
    if c.name is not None:
        d["name"] = c.name
    given = {"atk": c.atk, "def": c.def_, "pendulum": c.pendulum, "position": c.position, "face_down": c.face_down,
             "equipped_to": c.equipped_to, "attribute": c.attribute, "monster_type": c.monster_type,
             "level": c.level, "materials": c.materials, "property": c.property,
             "counters": c.counters, "abilities": c.abilities, "summoned": c.summoned,
             "summoned_this_turn": c.summoned_this_turn, "column": c.column,
             "extra_monster_zone": c.extra_monster_zone, "link_arrows": c.link_arrows, "rank": c.rank,
             "named_counters": None if c.named_counters is None else dict(c.named_counters),
             "flipped_face_up": c.flipped_face_up, "summon_materials": c.summon_materials}  # fmt: skip
    for key, value in given.items():
        ok, _who = ONLY_FOR[key]
        if value is not None and ok(c.card_type, c.location):
            d[key] = value
    d["effects"] = [_effect_json(e) for e in c.effects]
    if c.card is not None:
        d["card"] = c.card  # its keys are all given: the library adds only what is not (its own effect types)
    return d


def _effect_json(e: EffectSpec) -> dict[str, Any]:
    d: dict[str, Any] = {"kind": e.kind, **{k: v for k, v in e.params.items() if v is not None and v != ()}}
    if e.kind in DOES_KINDS:
        if e.does or e.kind != "activated":  # an activation that does nothing more leaves it out
            d["does"] = [op_json(op) for op in e.does]  # contained operations too (§U.22)
        if e.cost is not None:
            d["cost"] = {k: v for k, v in msgspec.structs.asdict(e.cost).items() if v is not None}
        if e.target is not None:
            d["target"] = e.target
    d["negated"] = e.negated
    plain: dict[str, Any] = _plain(d)
    return plain


def _plain(v: Any) -> Any:
    """Tuples as lists and read-only mappings as dicts, all the way down."""
    if isinstance(v, Mapping):
        return {k: _plain(x) for k, x in v.items()}
    if isinstance(v, list | tuple):
        return [_plain(x) for x in v]
    return v
