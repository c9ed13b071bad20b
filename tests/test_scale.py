"""Scale: a scenario with 1,000 cards and 5,000 effects loads and runs correctly, and a 50-link
chain resolves last-in, first-out. (How the cost grows is measured in `benchmarks/scale.py`.)"""

from __future__ import annotations

from typing import Any

from scenario_builders import ADC, BDC, gain, mon, play, scen, trig

import engine

LOCATIONS = ("hand", "graveyard", "deck", "banished")


def big_scenario(n_cards: int, per_card: int) -> dict[str, Any]:
    """Two battlers and many other cards off the field, each with `per_card` effects that could
    activate only from the field (so none may: §1.1 and the format's `from: field` default)."""
    cards = [mon("att", "A", 2000, 0), mon("tgt", "B", 1000, 0)]
    for i in range(n_cards - 2):
        effects = [trig(ADC, gain(1), optional=True) for _ in range(per_card)]
        cards.append({"id": f"c{i}", "controller": "AB"[i % 2], "location": LOCATIONS[i % 4], "atk": 100,
                      "def": 100, "effects": effects})
    return scen(cards)


def test_a_thousand_cards_and_five_thousand_effects_load_and_run() -> None:
    d = big_scenario(1000, 5)
    sc = engine.parse_scenario(d)
    assert len(sc.cards) == 1000 and sum(len(c.effects) for c in sc.cards) == 4990
    res = play(d)
    # §2.2: ATK 2000 attacks ATK 1000: the target is destroyed and its controller takes 1000
    assert res["battle_damage"] == {"A": 0, "B": 1000}
    assert res["destroyed_by_battle"] == ["tgt"]
    assert res["final_lp"] == {"A": 8000, "B": 7000}
    assert res["chains"] == []  # no effect off the field activates
    assert len(res["final_locations"]) == 1000  # every card is still somewhere, once
    assert res["final_locations"]["c3"] == "banished" and res["final_locations"]["tgt"] == "graveyard"


def test_a_fifty_link_chain_resolves_last_in_first_out() -> None:
    # 50 Quick Effects from the hand, A and B alternately, each responding to the one before (format
    # "Choices": later choices in one window chain to earlier ones); §1.2: a chain resolves last-in,
    # first-out. Link i makes its controller gain i LP, so each player's total is the sum of its links.
    n = 50
    hand = [{"id": f"h{i}", "controller": "AB"[i % 2], "location": "hand", "atk": 0, "def": 0,
             "effects": [{"kind": "activated", "speed": 2, "from": "hand", "damage_step": "allowed",
                          "does": [gain(i + 1)]}]} for i in range(n)]
    choices = [{"window": BDC, "player": "AB"[i % 2], "activate": f"h{i}"} for i in range(n)]
    res = play(scen([mon("att", "A", 1000, 0), mon("tgt", "B", 1000, 0), *hand], choices))
    assert res["refused"] == []
    (chain,) = [c for c in res["chains"] if c["window"] == BDC]
    assert [(lk["card"], lk["player"]) for lk in chain["links"]] == [(f"h{i}", "AB"[i % 2]) for i in range(n)]
    assert chain["resolution_order"] == [f"h{i}" for i in reversed(range(n))]
    gains = [c for c in res["lp_changes"] if c["kind"] == "gain"]
    assert [c["delta"] for c in gains] == list(range(n, 0, -1))  # resolved from the last link down
    a_gain = sum(i + 1 for i in range(n) if i % 2 == 0)
    b_gain = sum(i + 1 for i in range(n) if i % 2 == 1)
    # §2.2: equal ATK 1000 vs 1000: both destroyed, no battle damage
    assert res["final_lp"] == {"A": 8000 + a_gain, "B": 8000 + b_gain}
    assert sorted(res["destroyed_by_battle"]) == ["att", "tgt"]
