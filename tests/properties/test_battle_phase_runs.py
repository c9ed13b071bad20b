"""Whole Battle Phases on random fields, the attacks chosen by random agents (issue 21, "What it must show").

Each run starts in Main Phase 1 (`battle_phase`) with up to three monsters a side and a few of the Battle Phase's
cards (attack-declaration traps, replays, restrictions, phase triggers), and two `RandomAgent`s answer every
decision, attack declarations included. Whatever they choose, the run must end (Main Phase 2, or the Duel over)
within a bound; every attack declared must have been legal when declared, by the rules as written in the
official rulebook (a face-up Attack Position monster of the turn player that has not declared an attack this turn;
a monster the opponent controls as target, or a direct attack only when the opponent controls none, unless an
effect allows it, rules spec §BP.3, §BP.8); no monster declares more than one attack; LP never go below 0; every
card is in exactly one place, where its moves put it; and both executors play the same seed alike.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from properties.bounded import capped
from properties.strategies import examples

import engine
from engine import Location, Phase, Player, Position

MAX_DECISIONS = 400

# The Battle Phase's cards, as scenario-format effects on the card that carries them (its type and zone).
TRAP = {"location": "spell_trap_zone", "card_type": "trap", "face_down": True}
CARDS: dict[str, tuple[dict[str, Any], list[dict[str, Any]]]] = {
    "mirror_force": (TRAP, [{"kind": "activated", "speed": 2, "on": "attack_declared", "condition": "opponent_attacks",
                             "does": [{"op": "destroy_all", "player": "opponent", "filter": {"position": "attack"}}]}]),
    "sakuretsu": (TRAP, [{"kind": "activated", "speed": 2, "on": "attack_declared", "condition": "opponent_attacks",
                          "target": "attacker", "does": [{"op": "destroy", "target": "attacker"}]}]),
    "negate_attack": ({**TRAP, "card_type": "counter_trap"}, [
        {"kind": "activated", "speed": 3, "on": "attack_declared", "condition": "opponent_attacks",
         "does": [{"op": "negate_attack"}, {"op": "end_battle_phase"}]}]),
    "magic_cylinder": (TRAP, [
        {"kind": "activated", "speed": 2, "on": "attack_declared", "condition": "opponent_attacks",
         "does": [{"op": "negate_attack"}, {"op": "damage", "player": "opponent", "equal_to": {"of": "attacker"}}]}]),
    "book_of_moon": ({"location": "spell_trap_zone", "card_type": "spell", "face_down": True}, [
        {"kind": "activated", "speed": 2, "target": "attacker",
         "does": [{"op": "change_position", "target": "attacker", "to": "set"}]}]),
    "evacuation": (TRAP, [{"kind": "activated", "speed": 2, "on": "attack_declared", "target": "target",
                           "does": [{"op": "return_to_hand", "target": "target"}]}]),  # the target leaves: a replay
    "call_of_the_haunted": (TRAP, [{"kind": "activated", "speed": 2,
                                    "does": [{"op": "special_summon", "card": "grave", "position": "attack"}]}]),
    "battle_fader": ({"location": "hand", "atk": 0, "def": 0}, [
        {"kind": "trigger", "on": "attack_declared", "optional": True, "from": "hand",
         "condition": ["opponent_attacks", "direct_attack"],
         "does": [{"op": "special_summon", "card": "self", "position": "defense"}, {"op": "end_battle_phase"}]}]),
    "gravity_bind": ({"location": "spell_trap_zone", "card_type": "trap"}, [
        {"kind": "cannot_attack", "applies_to": "all_monsters", "filter": {"level_at_least": 4}}]),
    "start_gain": ({"location": "spell_trap_zone", "card_type": "spell"}, [
        {"kind": "trigger", "on": "start_of_battle_phase", "optional": True,
         "does": [{"op": "gain_lp", "player": "controller", "amount": 100}]}]),
    "end_gain": ({"location": "spell_trap_zone", "card_type": "spell"}, [
        {"kind": "trigger", "on": "end_of_battle_phase", "optional": False,
         "does": [{"op": "gain_lp", "player": "controller", "amount": 100}]}]),
    "rush": ({"location": "spell_trap_zone", "card_type": "spell", "face_down": True}, [
        {"kind": "activated", "speed": 2, "target": "own_battler",
         "does": [{"op": "change_stats", "target": "own_battler", "atk": 700}]}]),
}
MONSTER_EFFECTS = [
    [], [], [],
    [{"kind": "cannot_be_attacked"}],
    [{"kind": "can_attack_directly"}],
    [{"kind": "must_attack"}],
    [{"kind": "piercing"}],
    [{"kind": "indestructible_by_battle", "times_per_turn": 1}],
    [{"kind": "trigger", "on": "targeted_for_attack", "optional": True,
      "does": [{"op": "change_position", "target": "self", "to": "defense"}]}],
]


@st.composite
def battle_phases(draw: st.DrawFn) -> dict[str, Any]:
    cards: list[dict[str, Any]] = []
    for side in ("A", "B"):
        for n in range(draw(st.integers(1 if side == "A" else 0, 3))):  # A, the turn player, has a monster
            cards.append({
                "id": f"{side.lower()}{n}", "controller": side, "level": draw(st.integers(1, 8)),
                "atk": draw(st.sampled_from([0, 500, 1000, 1500, 2000, 3000])),
                "def": draw(st.sampled_from([0, 500, 1200, 2500])),
                "position": "attack" if n == 0 else draw(st.sampled_from(["attack", "defense", "set"])),
                "effects": draw(st.sampled_from(MONSTER_EFFECTS)),
            })  # fmt: skip
    cards.append({"id": "grave", "controller": "B", "atk": 1800, "def": 0, "location": "graveyard"})
    for k, name in enumerate(draw(st.lists(st.sampled_from(sorted(CARDS)), min_size=1, max_size=4))):
        where, effects = CARDS[name]
        owner = "A" if name in ("rush", "start_gain", "end_gain") and draw(st.booleans()) else "B"
        cards.append({"id": f"{name}{k}", "controller": owner, **where, "effects": effects})
    if any(c["id"].startswith("battle_fader") for c in cards):  # "Special Summon this card": its own id
        for c in cards:
            if c["id"].startswith("battle_fader"):
                c["effects"] = [{**c["effects"][0], "does": [{"op": "special_summon", "card": c["id"],
                                                              "position": "defense"}, {"op": "end_battle_phase"}]}]
    return {"format": "damage-step-scenario/1", "id": "random-battle-phase", "cards": cards, "battle_phase": {},
            "life_points": {"A": draw(st.sampled_from([8000, 2000])), "B": draw(st.sampled_from([8000, 1500]))}}


def legal_when_declared(state: engine.GameState, option: engine.Option, declared: list[tuple[int, int]]) -> str | None:
    """The official rule for an attack declaration, written out here (not the engine's own function)."""
    a = state.cards[option.card]
    attack_effects = {e.type for e in a.effects}
    if a.location is not Location.MONSTER_ZONE or a.controller is not state.turn_player:
        return "the attacker is not a monster of the turn player on the field"
    if a.position is not Position.ATTACK:
        return "the attacker is not in face-up Attack Position"
    if (option.card, a.instance) in declared:
        return "the monster already declared an attack this turn"
    if a.level >= 4 and any(c.location is Location.SPELL_TRAP_ZONE and not c.face_down and c.id.startswith("gravity")
                            for c in state.cards):
        return "Gravity Bind: Level 4 or higher monsters cannot attack"
    opponent = [c for c in state.cards if c.location is Location.MONSTER_ZONE and c.controller is not state.turn_player]
    if not option.targets:
        if opponent and "can_attack_directly" not in attack_effects:
            return "a direct attack while the opponent controls a monster"
        return None
    t = state.cards[option.targets[0]]
    if t not in opponent:
        return "the target is not a monster the opponent controls"
    if any(e.type == "cannot_be_attacked" for e in t.effects) and t.position is not Position.SET:
        return "the target cannot be targeted for attacks"
    return None


def play(scenario: dict[str, Any], seed: int, executor: str) -> tuple[engine.Duel, list[str]]:
    sc = engine.parse_scenario(scenario)
    duel = capped(engine.Duel(engine.state_from_scenario(sc), executor=executor))  # type: ignore[arg-type]
    problems: list[str] = []
    declared: list[tuple[int, int]] = []

    def check(d: engine.Duel, decision: engine.Decision, option: engine.Option) -> None:
        if option.is_attack and decision.kind is engine.DecisionKind.PRIORITY:
            why = legal_when_declared(d.state, option, declared)
            if why:
                problems.append(f"illegal declaration {option}: {why}")
            declared.append((option.card, d.state.cards[option.card].instance))

    duel.on_decision(check)
    agent = engine.RandomAgent(seed)
    n = 0
    while (decision := duel.advance()) is not None:
        duel.decide(agent.choose(decision, duel))
        n += 1
        assert n <= MAX_DECISIONS, f"more than {MAX_DECISIONS} decisions"
    return duel, problems


@settings(max_examples=examples(2.0), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(battle_phases(), st.integers(0, 2**16))
def test_random_battle_phases_end_legally(scenario: dict[str, Any], seed: int) -> None:
    duel, problems = play(scenario, seed, "fast")
    s = duel.state
    assert problems == []
    assert s.phase in (Phase.MAIN_PHASE_2, Phase.DUEL_OVER) and duel.is_stopped
    assert all(p.lp >= 0 for p in s.players)
    if s.phase is Phase.MAIN_PHASE_2:
        assert all(p.lp > 0 for p in s.players) and s.window is None and s.pending is None
    # No monster declared more than one attack (the format gives no effect that allows more): each declaration
    # is of another (card, instance), a monster that left and came back being a new card.
    declarations = [e for e in s.log if e.type is engine.EventType.ATTACK_DECLARED]
    assert len(duel.battles) == len(declarations) == len(s.attacks_declared) == len(set(s.attacks_declared))
    # A card activated "when an attack is declared" responds only in the chain right after a declaration (§BP.4):
    # in the window the declaration opened, before any chain there resolved, and never after a replay.
    window_start, declared_here = 0, False
    for k, e in enumerate(s.log):
        if e.type is engine.EventType.WINDOW_OPENED:
            window_start, declared_here = k, k > 0 and s.log[k - 1].type is engine.EventType.PHASE_ENTERED and \
                s.log[k - 1].detail == "attack_declared" and _declared_since(s.log, k)
        if e.type is engine.EventType.ACTIVATED and any(x.event is not None and x.kind is engine.EffectKind.ACTIVATED
                                                        for x in s.cards[e.card].effects):  # type: ignore[index]
            assert declared_here, (s.cards[e.card].id, e.window)  # type: ignore[index]
            assert not any(x.type is engine.EventType.CHAIN_RESOLVED for x in s.log[window_start:k])
    # Every card is in exactly one place: where the moves logged put it.
    where = {c.id: Location(next(x for x in scenario["cards"] if x["id"] == c.id).get("location", "monster_zone"))
             for c in s.cards}  # fmt: skip
    for e in s.log:
        if e.type is engine.EventType.MOVED:
            card = s.cards[e.card].id  # type: ignore[index]
            assert where[card].value == dict(e.data)["from"]
            where[card] = Location(dict(e.data)["to"])
    assert {c.id: c.location for c in s.cards} == where
    for c in s.cards:
        assert (c.location is Location.MONSTER_ZONE) == (c.position is not None), c
    # The other executor plays the same seed alike.
    other, _ = play(scenario, seed, "transitions")
    assert other.state.state_hash() == s.state_hash() and other.state.log == s.log


def _declared_since(log: list[engine.Event], k: int) -> bool:
    """The window opening at `k` follows a declaration, not a replay's new choice of target."""
    for e in reversed(log[:k]):
        if e.type is engine.EventType.REPLAY:
            return False
        if e.type is engine.EventType.ATTACK_DECLARED:
            return True
    return False


@settings(max_examples=examples(0.3), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(battle_phases(), st.integers(0, 2**16))
def test_a_pass_agent_ends_the_battle_phase_without_attacking(scenario: dict[str, Any], seed: int) -> None:
    # Passing in the Battle Step ends the Battle Phase (§BP.1) unless a monster must attack (§BP.8).
    sc = engine.parse_scenario(scenario)
    duel = capped(engine.Duel(engine.state_from_scenario(sc)))
    duel.run(engine.PassAgent())
    must = any(e["kind"] == "must_attack" for c in scenario["cards"] if c["controller"] == "A"
               and c.get("location", "monster_zone") == "monster_zone" for e in c["effects"])  # fmt: skip
    if not must:
        assert duel.battles == [] and duel.state.phase is Phase.MAIN_PHASE_2
    assert duel.state.players[Player.A].lp > 0 or duel.state.duel_over
