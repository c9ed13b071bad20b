"""Events: everything that happens is an immutable value appended to the state's log.

Each event names the rule that produced it (`rule`), so a trace, a test or the debugger can
say *why* it happened; `RULES` holds the one-line explanation of every rule id.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import attr

from engine.values.enums import FastEnum
from engine.values.frozen import Frozen
from engine.values.game import Phase, Player, Window


class EventType(FastEnum):
    PHASE_ENTERED = "phase_entered"
    WINDOW_OPENED = "window_opened"
    WINDOW_CLOSED = "window_closed"
    FLIPPED = "flipped"
    TRIGGERED = "triggered"
    ACTIVATED = "activated"
    PASSED = "passed"
    REFUSED = "refused"
    CHAIN_RESOLVING = "chain_resolving"
    LINK_RESOLVED = "link_resolved"
    LINK_NEGATED = "link_negated"
    CHAIN_RESOLVED = "chain_resolved"
    COST_PAID = "cost_paid"
    DAMAGE_CALCULATION_SKIPPED = "damage_calculation_skipped"
    VALUES_COMPARED = "values_compared"
    BATTLE_DAMAGE = "battle_damage"
    EFFECT_DAMAGE = "effect_damage"
    LP_GAINED = "lp_gained"
    DESTROYED_BY_BATTLE = "destroyed_by_battle"
    NOT_DESTROYED = "not_destroyed"
    MOVED = "moved"
    STATS_CHANGED = "stats_changed"
    EXPIRED = "expired"
    POSITION_CHANGED = "position_changed"
    CONTROL_CHANGED = "control_changed"
    DREW = "drew"
    BATTLE_STOPPED = "battle_stopped"
    DUEL_ENDED = "duel_ended"
    ATTACK_DECLARED = "attack_declared"
    ATTACK_NEGATED = "attack_negated"
    REPLAY = "replay"  # the attack target is chosen again (or the attack stopped) after a replay
    ATTACK_TARGET_CHANGED = "attack_target_changed"  # an effect made another monster the attack target
    BATTLE_PHASE_ENDED = "battle_phase_ended"  # an effect ended the Battle Phase
    EFFECTS_NEGATED = "effects_negated"  # a monster determined destroyed by battle has its effects negated
    LINK_UNRESOLVED = "link_unresolved"  # the effect of a face-up Spell/Trap that left the field does not resolve
    EQUIPPED = "equipped"  # a card became an Equip Card equipping a monster (data `targets`: the monster)
    COUNTERS_CHANGED = "counters_changed"  # counters placed on or removed from a card (`amount`: how many now)


# Rule ids -> the rule in one line (rules spec section in brackets).
RULES: dict[str, str] = {
    "machine": "the Battle Phase and its Damage Steps proceed through their sub-timings in rulebook order (§1, §BP.1)",
    "window": "each sub-timing opens a window: triggers first, then the turn player has priority (§1.2)",
    "segoc": "simultaneous triggers go on one chain: turn player's mandatory, opponent's mandatory, "
    "turn player's optional, opponent's optional (§1.2)",
    "priority": "a window ends when both players pass in succession with an empty chain (§1.2)",
    "chain": "a chain resolves last-in, first-out (§1.2)",
    "one_chain_at_damage_calculation": "exactly one chain during damage calculation, then it is performed (§1.2)",
    "flip_attack_target": "a face-down attack target is flipped face-up before damage calculation; "
    "this is not a Flip Summon (§1.4)",
    "reflip_set_target": "an attack target Set during the Damage Step is flipped face-up again at once (§1.4)",
    "battle_valid": "after every chain the battle must still be valid, else damage calculation is skipped (§1.8)",
    "damage_calculation": "the values compared and battle damage follow the outcome table (§2.2)",
    "zero_atk": "a 0-ATK direct attack inflicts no battle damage; two 0-ATK monsters destroy nothing (§2.3)",
    "piercing": "piercing: the opponent of the piercing effect's controller takes ATK minus DEF (§2.4)",
    "battle_damage_modifiers": "battle-damage modifiers apply in the official order (§2.6)",
    "lp_floor": "LP never go below 0 (§2.7)",
    "zero_lp": "a player at 0 LP loses at once; both at 0 is a draw (§2.7)",
    "destroyed_by_battle": "monsters are determined destroyed by battle at damage calculation (§2.5)",
    "indestructible_by_battle": "a battle-indestructible monster is not destroyed; damage still applies (§2.5)",
    "negated_by_destroyer": "a monster destroyed by battle by one whose effect says so has its effects negated from "
    "the moment it is determined destroyed, in the Graveyard too (§R.5)",
    "destruction_replacement": "a monster that would be destroyed by battle is not if its controller applies a "
    "replacement effect; what it does instead is done at once, not on a chain (§1.5, §2.5)",
    "send_destroyed_by_battle": "monsters destroyed by battle leave the field at the end of the step (§1.7)",
    "pendulum_to_extra_deck": "a Pendulum Monster destroyed goes face-up to the Extra Deck (§1.7)",
    "banish_instead_of_graveyard": "a card that would be sent to the Graveyard is banished instead (§1.7)",
    "flip_after_damage_calculation": "a FLIP effect of a monster flipped by the attack activates after "
    "damage calculation, and not at all if it left the field (§1.4)",
    "self_destroy_deferred": "a flipped monster's self-destruction waits until after damage calculation (§1.4)",
    "ds_legality": "only some effects may be activated in the Damage Step (§1.1)",
    "effect": "an effect's operation",
    "cost": "costs are paid on activation (§1.2)",
    "expire": "lingering effects expire at their stated time (§1.5, §1.7)",
    "face_down_reset": "a monster turned face-down loses the lingering effects applied to it (Book of Moon rulings)",
    "agent": "a player's decision",
    # The Battle Phase around the Damage Step (rules spec §BP, this project's section):
    "battle_phase": "the Battle Phase goes Start Step, Battle Step (and a Damage Step per attack), End Step (§BP.1)",
    "phase_triggers": "triggers at the start or end of the Battle Phase are activated one at a time, each its "
    "own chain, in any order; mandatory ones before the step ends (§BP.2)",
    "attack_declaration": "in the Battle Step the turn player declares an attack or passes to end the Battle "
    "Phase; a monster declares one attack per turn unless an effect allows more (§BP.3)",
    "attack_timing": "a card activated 'when an attack is declared' responds only in the chain right after "
    "the declaration (§BP.4)",
    "replay": "a change in the monsters the attacker's opponent controls before the Damage Step is a replay: "
    "the turn player chooses the target again, attacks directly, or stops (§BP.5)",
    "attack_stopped": "an attack that is negated, whose attacker left, changed position or can no longer attack, "
    "ends in the Battle Step: no Damage Step, but the monster has declared an attack (§BP.6)",
    "end_battle_phase": "an effect that ends the Battle Phase sends the game to the End Step; during a Damage "
    "Step, once that Damage Step is over: its damage calculation is still performed (§BP.7)",
    # Cards as cards (rules spec §C, this project's section):
    "card_left_field": "the effect of a face-up Spell/Trap that left the field before it resolved does not "
    "resolve (§C.2)",
    "equip": "an Equip Card equips one face-up monster and applies its effects to it (§C.3)",
    "equip_target_gone": "an Equip Card whose monster left the field or was turned face-down is destroyed, "
    "not by a card effect (§C.3)",
    "counters": "counters are placed on face-up cards only and are lost when the card moves or is turned "
    "face-down (§C.5)",
    # Issue 22's pieces (rules spec §U, this project's section):
    "unaffected": "a card unaffected by an effect is not changed by it; it can still be chosen for it (§U.2)",
    "negate_effects": "a monster whose effects are negated keeps them negated while it stays on the field and in "
    "the Graveyard it is sent to (§U.3)",
    "negated_card_resolves": "an effect activated on the field whose card's effects are negated by the time it "
    "resolves (Skill Drain, Jinzo, Forbidden Chalice) resolves with no effect (§U.3)",
    "pendulum_zone": "a Pendulum Monster is placed in a free Pendulum Zone of its controller, face-up (§U.4)",
    "negate_on_resolution": "an effect that negates another as it resolves, with no chain, leaves that link with "
    "no effect; its card is treated as resolved (§U.3)",
    "effect_negated": "an effect that is negated can still be activated (its cost is paid); it resolves with no "
    "effect (§U.3, Skill Drain)",
    "change_attack_target": "an effect that changes the attack target makes another monster the target: no new "
    "declaration, and no replay (§U.6)",
    "calculate_at_once": "an effect that performs damage calculation enters the Damage Step while it resolves: no "
    "window opens before damage calculation; those after it do (§U.6)",
    "effect_damage_changed": "effect damage a player would take is gained as LP instead, or not taken, while an "
    "effect says so (§U.29)",
    "banished_instead_of_leaving": "a card that would leave the field is banished instead while an effect says so, "
    "wherever it would have gone (§U.29)",
    "destroyed_after_targeted": "a card that is destroyed after a card effect that targets it resolves is destroyed "
    "then, with no chain; in the Damage Step, after damage calculation (§U.29)",
}


class Event(NamedTuple):
    """One thing that happened. `window` is the sub-timing, `phase` the machine state.
    (A named tuple: immutable, and the cheapest value Python makes, for the hot path.)"""

    type: EventType
    phase: Phase
    window: Window | None = None
    player: Player | None = None
    card: int | None = None
    amount: int | None = None
    rule: str = "machine"
    detail: str = ""
    data: tuple[tuple[str, Any], ...] = ()

    def to_json(self, card_ids: list[str]) -> dict[str, Any]:
        out: dict[str, Any] = {"window": self.window.value if self.window else None, "type": self.type.value}
        out["phase"] = self.phase.value
        if self.player is not None:
            out["player"] = self.player.name
        if self.card is not None:
            out["card"] = card_ids[self.card]
        if self.amount is not None:
            out["amount"] = self.amount
        out["rule"] = self.rule
        if self.detail:
            out["detail"] = self.detail
        for k, v in self.data:
            out[k] = [card_ids[i] for i in v] if k == "targets" else list(v) if isinstance(v, tuple) else v
        return out


@attr.s(auto_attribs=True, init=False, unsafe_hash=True)
class TriggeringEvent(Frozen):
    """What a trigger's event was, for its resolution (rules spec §U.27): the cards of the event it answers, each as
    the card it was then (`instances`: "that monster" is no longer it once it moved), and an amount ("the damage you
    took")."""

    cards: tuple[int, ...]
    instances: tuple[int, ...]
    amount: int

    def __init__(self, cards: tuple[int, ...] = (), instances: tuple[int, ...] = (), amount: int = 0) -> None:
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "instances", instances)
        object.__setattr__(self, "amount", amount)
