"""A small duel-simulator host: its own field data, three attacks in one Battle Phase with real cards
(engine/cards), the end of the turn, and the next turn's attack. Public API only.

    python3 examples/battle_phase.py
"""

from __future__ import annotations

import engine
from engine.cards import place

# The host's own data: who has what where (a simulator would have this in its own objects).
FIELD = {
    "life_points": {"A": 8000, "B": 8000},
    "cards": [
        {"id": "gearfried", "owner": "A", "name": "Gearfried the Iron Knight", "atk": 1800, "def": 1600},
        {"id": "amazoness", "owner": "A", "card": "amazoness_swords_woman"},
        {"id": "lily", "owner": "A", "card": "injection_fairy_lily"},
        {"id": "rush", "owner": "A", "card": "rush_recklessly", "face_down": True},
        {"id": "marsh", "owner": "B", "card": "marshmallon", "position": "set"},
        {"id": "reaper", "owner": "B", "card": "spirit_reaper"},
        {"id": "kuriboh", "owner": "B", "card": "kuriboh", "location": "hand"},
        {"id": "beast", "owner": "B", "name": "Gazelle the King of Mythical Beasts", "atk": 1500, "def": 1200},
    ],
}

# What each player will do: (turn, attack number in that turn) -> the cards to activate when offered.
PLAN = {
    (1, 0): {"rush"},  # A: Rush Recklessly on Gearfried before damage calculation
    (1, 2): {"lily", "kuriboh"},  # A: Lily's 3000 during damage calculation; B answers with Kuriboh
}


def build(field: dict) -> engine.GameState:
    b = engine.StateBuilder(lp=field["life_points"], turn_player="A")
    for c in field["cards"]:
        data = {k: v for k, v in c.items() if k not in ("id", "owner", "card")}
        if "card" in c:
            place(b, c["card"], c["id"], c["owner"], tags={"host": "example"}, **data)
        else:
            b.monster(c["id"], c["owner"], atk=data.pop("atk"), def_=data.pop("def"), **data)
    return b.build()


class Planned:
    """Activates the planned cards of the current attack when they are offered; passes otherwise."""

    def __init__(self, cards: set[str]) -> None:
        self.cards = set(cards)

    def choose(self, decision: engine.Decision, duel: engine.Duel) -> engine.Option:
        ids = [c.id for c in duel.state.cards]
        for option in decision.options:
            if not option.is_pass and ids[option.card] in self.cards:
                self.cards.discard(ids[option.card])
                return option
        return engine.PASS if engine.PASS in decision.options else decision.options[0]


def attack(duel: engine.Duel, attacker: str, target: str | None, number: int) -> None:
    duel.declare_attack(attacker, target)
    duel.run(Planned(PLAN.get((duel.state.turn, number), set())))
    done = duel.battles[-1]
    ids = [c.id for c in duel.state.cards]
    b = done.battle
    destroyed = ", ".join(ids[i] for i in b.destroyed) or "nothing"
    print(f"turn {done.turn}: {attacker} -> {target or 'directly'}: values {list(b.values_compared or ())}, "
          f"battle damage A {b.battle_damage[0]} B {b.battle_damage[1]}, destroyed {destroyed}; "
          f"LP A {done.lp_after[0]} B {done.lp_after[1]}")


def main() -> None:
    duel = engine.Duel(build(FIELD))
    duel.state.show_every_priority = True  # the planned activations are offered at every priority
    attack(duel, "gearfried", "marsh", 0)
    attack(duel, "amazoness", "reaper", 1)
    attack(duel, "lily", "reaper", 2)
    try:
        duel.declare_attack("gearfried", "reaper")
    except engine.IllegalAttack as e:
        print(f"refused: {e}")
    print(f"gearfried before the end of the turn: ATK {duel.current_stats('gearfried')[0]}")
    duel.end_turn()
    print(f"gearfried after the end of the turn: ATK {duel.current_stats('gearfried')[0]}")
    attack(duel, "beast", "gearfried", 0)


if __name__ == "__main__":
    main()
