"""Small builders for scenario dicts, shared by the chain, legality, decision and interruption tests."""

from __future__ import annotations

from typing import Any

import engine
from engine.state import write_effects

S, BDC, DDC, ADC, END = (
    "start_of_damage_step",
    "before_damage_calculation",
    "during_damage_calculation",
    "after_damage_calculation",
    "end_of_damage_step",
)


def mon(cid: str, ctrl: str, atk: int, df: int, pos: str = "attack", effects: Any = ()) -> dict[str, Any]:
    return {"id": cid, "controller": ctrl, "atk": atk, "def": df, "position": pos, "effects": list(effects)}


def st(cid: str, ctrl: str, effects: Any, card_type: str = "trap", face_down: bool = True) -> dict[str, Any]:
    return {"id": cid, "controller": ctrl, "location": "spell_trap_zone", "card_type": card_type,
            "face_down": face_down, "effects": list(effects)}


def hand(cid: str, ctrl: str, atk: int, df: int, effects: Any) -> dict[str, Any]:
    return {"id": cid, "controller": ctrl, "location": "hand", "atk": atk, "def": df, "effects": list(effects)}


def act(*does: dict[str, Any], speed: int = 2, **kw: Any) -> dict[str, Any]:
    return {"kind": "activated", "speed": speed, "does": list(does), **kw}


def trig(on: str, *does: dict[str, Any], optional: bool = False, **kw: Any) -> dict[str, Any]:
    return {"kind": "trigger", "on": on, "optional": optional, "does": list(does), **kw}


def counter(cid: str, ctrl: str, destroy: bool = False) -> dict[str, Any]:
    return st(cid, ctrl, [{"kind": "activated", "speed": 3, "does": [{"op": "negate_activation", "destroy": destroy}]}],
              card_type="counter_trap")


def gain(amount: int, player: str = "controller") -> dict[str, Any]:
    return {"op": "gain_lp", "player": player, "amount": amount}


def dmg(amount: int, player: str = "opponent") -> dict[str, Any]:
    return {"op": "damage", "player": player, "amount": amount}


def pump(target: str, atk: int) -> dict[str, Any]:
    return {"op": "change_stats", "target": target, "atk": atk}


def ch(window: str, player: str, card: str, **kw: Any) -> dict[str, Any]:
    return {"window": window, "player": player, "activate": card, **kw}


def scen(cards: list[dict[str, Any]], choices: Any = (), *, target: str | None = "tgt", turn: str = "A",
         lp: dict[str, int] | None = None) -> dict[str, Any]:
    return {"format": "damage-step-scenario/1", "id": "t", "turn_player": turn,
            "life_points": lp or {"A": 8000, "B": 8000}, "cards": cards,
            "attack": {"attacker": "att", "target": target}, "choices": list(choices)}


def play(d: dict[str, Any]) -> dict[str, Any]:
    sc = engine.parse_scenario(d)
    duel, agent = engine.run_scenario(sc)
    return engine.result(sc, duel, agent)


def pull(d: dict[str, Any], *, show: bool = False, registry: engine.Registry | None = None,
         effects: dict[str, tuple[engine.Effect, ...]] | None = None) -> tuple[engine.Duel, list[str]]:
    sc = engine.parse_scenario(d)
    state = engine.state_from_scenario(sc)
    state.show_every_priority = show
    ids = [c.id for c in state.cards]
    for cid, effs in (effects or {}).items():
        write_effects(state, ids.index(cid), effs)
    return engine.Duel(state, registry), ids


def chains_in(res: dict[str, Any], window: str) -> list[dict[str, Any]]:
    return [c for c in res["chains"] if c["window"] == window]


def links(chain: dict[str, Any]) -> list[tuple[str, str]]:
    return [(lk["card"], lk["player"]) for lk in chain["links"]]


def refused_cards(res: dict[str, Any]) -> list[str]:
    return [r["card"] for r in res["refused"]]
