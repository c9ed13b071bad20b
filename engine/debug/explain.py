"""Why each thing happened, in a plain sentence built from the event's own numbers.

`WHY` is the one table: one entry per rule id of `engine.RULES`, each a function of the
event in its place in the log, saying why that rule made it happen ("att's 2700 ATK is higher
than tgt's 1200 DEF and att has a piercing effect (§2.4)"). `explain(state, k)` puts what
happened (the trace's words) and why together; `why(state, card)` answers for one card.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs

from engine.effects import EffectKind
from engine.state import GameState
from engine.trace import TITLES, card_names, describe
from engine.values.decisions import Decision, Option
from engine.values.effects import DamageStage
from engine.values.events import RULES, Event, EventType
from engine.values.game import DAMAGE_STEP_PHASES, Location, Player, Position
from engine.values.words import DAMAGE_STAGES, PHASES, in_words, is_at, place, trigger


@attrs.frozen(slots=True)
class At:
    """An event in its place: the log it is in and its index there, and the cards' names."""

    state: GameState
    index: int
    names: list[str]

    @property
    def event(self) -> Event:
        return self.state.log[self.index]

    def data(self, key: str, default: Any = None) -> Any:
        return dict(self.event.data).get(key, default)

    def card(self) -> str:
        e = self.event
        return self.names[e.card] if e.card is not None else "the card"

    def player(self) -> str:
        return str(self.event.player) if self.event.player is not None else "the player"

    def last(self, etype: EventType) -> Event | None:
        """The latest event of a type at or before this one."""
        log = self.state.log
        for k in range(self.index, -1, -1):
            if log[k].type is etype:
                return log[k]
        return None


def _battlers(at: At) -> tuple[int, int | None]:
    """The attacker and the attack target of the battle this event is part of, read from the log up to it (the
    declaration, then any replay or change of target), so that an event of an earlier attack names its own
    battlers; the state's battle when the log holds no declaration (a scenario that starts at the attack)."""
    log = at.state.log
    target: int | None = -1  # not known yet
    for k in range(at.index, -1, -1):
        e = log[k]
        if e.type is EventType.ATTACK_TARGET_CHANGED and target == -1:
            target = e.card
        elif e.type in (EventType.REPLAY, EventType.ATTACK_DECLARED):
            if target == -1:
                targets = dict(e.data).get("targets") or ()
                target = targets[0] if targets else None
            if e.type is EventType.ATTACK_DECLARED and e.card is not None:
                return e.card, target
    b = at.state.battle
    return b.attacker, (b.target if target == -1 else target)


def _attacker(at: At) -> str:
    a = _battlers(at)[0]
    return at.names[a] if a >= 0 else "the attacker"


def _target(at: At) -> str:
    t = _battlers(at)[1]
    return at.names[t] if t is not None else "nothing"


def _comparison(at: At) -> tuple[int, int | None, bool, bool, tuple[str, ...]] | None:
    """The values compared at this battle's damage calculation, and what else decided it."""
    e = at.last(EventType.VALUES_COMPARED)
    if e is None:
        return None
    d = dict(e.data)
    a, t = d["values"]
    return a, t, bool(d.get("defense")), bool(d.get("piercing")), tuple(d.get("modifiers", ()))


def _outcome(at: At) -> str:
    """Why the battle came out as it did, with its numbers (§2.2-§2.4)."""
    cmp = _comparison(at)
    if cmp is None:
        return "no values were compared"
    a, t, defense, piercing, _mods = cmp
    att, tgt = _attacker(at), _target(at)
    if t is None:
        return f"{att} attacks directly with {a} ATK (§2.2)"
    stat = "DEF" if defense else "ATK"
    if a > t:
        if defense and piercing:
            return f"{att}'s {a} ATK is higher than {tgt}'s {t} {stat} and {att} has a piercing effect (§2.4)"
        if defense:
            return (f"{att}'s {a} ATK is higher than {tgt}'s {t} {stat}: a Defense Position monster's controller "
                    "takes no battle damage without a piercing effect (§2.2)")
        return f"{att}'s {a} ATK is higher than {tgt}'s {t} {stat} (§2.2)"
    if a < t:
        return f"{tgt}'s {t} {stat} is higher than {att}'s {a} ATK (§2.2)"
    if a == 0 and not defense:
        return "both monsters have 0 ATK: neither is destroyed (§2.3)"
    return f"{att}'s {a} ATK equals {tgt}'s {t} {stat} (§2.2)"


def _damage(at: At) -> str:
    e = at.event
    why = _outcome(at)
    cmp = _comparison(at)
    if cmp is not None and cmp[4]:
        why += f"; battle-damage modifiers applied in the official order: {', '.join(map(_modifier, cmp[4]))} (§2.6)"
    if e.type is EventType.LP_GAINED:
        return f"{why}; {at.player()} gains {e.amount} LP instead of taking it (§2.6)"
    if e.type is EventType.EFFECT_DAMAGE and (cmp is None or "to_effect" not in cmp[4]):
        why += "; it is treated as effect damage (§2.6)"
    return why + _floor(at)


def _modifier(name: str) -> str:
    try:
        return DAMAGE_STAGES[DamageStage[name.upper()]]
    except KeyError:
        return name


def _floor(at: At) -> str:
    e = at.event
    lp = at.data("lp")
    if lp == 0 and e.amount is not None:
        return f"; LP never go below 0, so {at.player()} is at 0 (§2.7)"
    return ""


def _machine(at: At) -> str:
    e = at.event
    title = TITLES.get(e.detail, e.detail)
    if e.phase in DAMAGE_STEP_PHASES:
        return f"the Damage Step proceeds through its sub-timings in rulebook order, and {title} comes next (§1)"
    return f"the Battle Phase proceeds through its steps in rulebook order, and {title} comes next (§BP.1)"


def _window(at: At) -> str:
    e = at.event
    if e.type is EventType.TRIGGERED:
        card = at.state.cards[e.card] if e.card is not None else None
        flip = card is not None and any(x.kind is EffectKind.FLIP for x in card.effects) and e.detail == "flipped"
        if flip:
            return (f"the FLIP effect of {at.card()} activates now, after damage calculation: a monster flipped by"
                    " an attack activates its FLIP effect after damage calculation (§1.4)")
        when = f" ({trigger(e.detail)})" if e.detail else ""
        return f"{at.card()} meets its trigger{when}: it waits to go on a chain in this window (§1.2)"
    return (f"a new sub-timing opens a window: waiting triggers go on a chain first, then the turn player "
            f"({at.state.turn_player}) has priority (§1.2)")


def _segoc(at: At) -> str:
    if _triggers_waiting(at) <= 1:
        return (f"{at.card()}'s triggered effect was the only one waiting, so it starts the chain alone as "
                f"{at.event.detail}; then the turn player may respond (§1.2)")
    return (f"{at.card()}'s triggered effect becomes {at.event.detail}: simultaneous triggers go on one chain, the "
            f"turn player's mandatory, the opponent's mandatory, then the optional ones in the same order (§1.2)")


def _triggers_waiting(at: At) -> int:
    """How many triggered effects were waiting to go on the chain this activation starts or is part of (§1.2), read
    from the past only, as a trace written live reads it: the triggers since the window opened or the last chain of
    triggers was built, before the run of SEGOC activations this one belongs to."""
    log, k = at.state.log, at.index
    while k > 0 and log[k - 1].type is EventType.ACTIVATED and log[k - 1].rule == "segoc":
        k -= 1  # the start of this run of activations
    waiting = 0
    for j in range(k - 1, -1, -1):
        e = log[j]
        if e.type is EventType.WINDOW_OPENED or (e.type is EventType.ACTIVATED and e.rule == "segoc"):
            break
        waiting += e.type is EventType.TRIGGERED
    return waiting


def _priority(at: At) -> str:
    e = at.event
    if e.type is EventType.ACTIVATED:
        return f"{at.player()} had priority and activated {at.card()} as {e.detail} (§1.2)"
    if e.type is EventType.PASSED:
        why = "it had nothing it could activate" if e.detail == "nothing to activate" else "it chose to pass"
        return f"{at.player()} had priority and {why}; a window ends when both players pass in succession (§1.2)"
    return "both players passed in succession with an empty chain, so the window ends (§1.2)"


def _chain(at: At) -> str:
    e = at.event
    if e.type is EventType.CHAIN_RESOLVING:
        return f"both players passed: the chain of {e.amount} resolves last-in, first-out (§1.2)"
    if e.type is EventType.LINK_NEGATED:
        return f"{at.card()}'s link is negated, so it resolves without effect (§1.2)"
    if e.type is EventType.MOVED:
        return f"{at.card()} is a Spell/Trap Card whose effect resolved: it goes to {place(at.data('to'))} (§1.2)"
    if e.type is EventType.CHAIN_RESOLVED:
        return "every link resolved; new triggers would now form a new chain (§1.2)"
    return f"{at.card()}'s link resolves in its turn: last in, first out (§1.2)"


def _one_chain(at: At) -> str:
    return "during damage calculation exactly one chain may be built; after it, damage calculation is performed (§1.2)"


def _flip_attack_target(at: At) -> str:
    e = at.event
    card = at.state.cards[e.card] if e.card is not None else None
    why = (f"{at.card()} was a face-down attack target: it is flipped face-up before damage calculation, "
           "which is not a Flip Summon (§1.4)")
    if card is not None and any(x.kind is EffectKind.FLIP for x in card.effects):
        why += (f"; the FLIP effect of {at.card()} waits: a monster flipped by an attack activates its FLIP effect "
                "after damage calculation (§1.4)")
    return why


def _reflip(at: At) -> str:
    return f"{at.card()} was Set again while it was the attack target: it is flipped face-up again at once (§1.4)"


def _battle_valid(at: At) -> str:
    e = at.event
    said = "after every chain the battle must still be valid, else damage calculation is skipped (§1.8)"
    return said if e.detail else f"the battle is no longer valid: {said}"


def _damage_calculation(at: At) -> str:
    cmp = _comparison(at)
    assert cmp is not None
    a, t, defense, _piercing, _mods = cmp
    att, tgt = _attacker(at), _target(at)
    if t is None:
        return f"{att} attacks directly and applies its {a} ATK (§2.1)"
    pos = "Defense" if defense else "Attack"
    return (f"{att} applies its {a} ATK; {tgt} is in {pos} Position, so it applies its {t} "
            f"{'DEF' if defense else 'ATK'} (§2.1)")


def _zero_lp(at: At) -> str:
    e = at.event
    if at.state.draw and e.player is None:
        return "both players reached 0 LP at the same time, so neither wins (§2.7)"
    loser = e.player.opponent if e.player is not None else None
    lp = f" ({loser} has 0 LP)" if loser is not None else ""
    return f"a player at 0 LP loses at once{lp} (§2.7)"


def _destroyed(at: At) -> str:
    return (f"{_outcome(at)}; {at.card()} stays on the field until the end of the Damage Step: monsters destroyed "
            "by battle are sent at the end of the step (§1.7)")


def _indestructible(at: At) -> str:
    return (f"{_outcome(at)}, but an effect makes {at.card()} unable to be destroyed by battle; the battle damage "
            "still applies (§2.5)")


def _negated_by_destroyer(at: At) -> str:
    return (f"{at.card()} was destroyed by battle by a monster whose effects negate its victims' (Dark Ruler Ha Des): "
            "its effects are negated from the moment it was determined destroyed, in the Graveyard too (§R.5)")


def _replacement(at: At) -> str:
    e = at.event
    if e.type is EventType.NOT_DESTROYED:
        return (f"{_outcome(at)}, but {at.player()} applies a replacement effect: {e.detail}, so {at.card()} is not "
                "destroyed by battle; a replacement is not activated and starts no chain (§1.5, §2.5)")
    return f"{at.card()} is destroyed instead of the monster the replacement effect protects (§2.5)"


def _send(at: At) -> str:
    return (f"{at.card()} was destroyed by battle at damage calculation and is sent to {place(at.data('to'))} now, "
            "at the end of the Damage Step (§1.7)")


def _pendulum(at: At) -> str:
    return f"{at.card()} is a Pendulum Monster: destroyed, it goes face-up to the Extra Deck instead (§1.7)"


def _banish(at: At) -> str:
    return f"an effect banishes cards that would be sent to the Graveyard, so {at.card()} is banished (§1.7)"


def _effect_damage_changed(at: At) -> str:
    return (f"{at.player()} gains {at.event.amount} LP instead of taking that effect damage: an effect turns the "
            "damage they would take into a gain of LP (§U.29)")


def _banished_instead_of_leaving(at: At) -> str:
    return f"{at.card()} would leave the field, and an effect banishes it instead (§U.29)"


def _destroyed_after_targeted(at: At) -> str:
    return (f"{at.card()} is destroyed by its own effect: a card effect that targets it has resolved (§U.29)")


def _flip_after(at: At) -> str:
    return (f"the FLIP effect of {at.card()} activates after damage calculation: a monster flipped by an attack "
            "activates its FLIP effect after damage calculation, and not at all if it left the field (§1.4)")


def _self_destroy(at: At) -> str:
    return (f"{at.card()} destroys itself by its own effect only now: a flipped monster's self-destruction waits "
            "until after damage calculation (§1.4)")


def _ds_legality(at: At) -> str:
    return (f"{at.player()} may not activate {at.card()} now: a card or effect is activated only when the rules and "
            "its text allow it (§1.1)")


def _resolving_card(at: At) -> str | None:
    """The card of the chain link resolving when this event happened, read from the past only
    (so a trace written live says the same): links resolve last-in, first-out (§1.2)."""
    log = at.state.log
    done = 0
    for k in range(at.index - 1, -1, -1):
        e = log[k]
        if e.type in (EventType.LINK_RESOLVED, EventType.LINK_NEGATED) and e.rule == "chain":
            done += 1
        elif e.type is EventType.CHAIN_RESOLVING:
            link = f"chain link {(e.amount or 0) - done}"
            for j in range(k - 1, -1, -1):
                if log[j].type is EventType.ACTIVATED and log[j].detail == link and log[j].card is not None:
                    return at.names[log[j].card]  # type: ignore[index]
            return None
        elif e.type in (EventType.WINDOW_OPENED, EventType.CHAIN_RESOLVED):
            return None
    return None


def _effect(at: At) -> str:
    """What a resolving effect did, naming its card ("m1 is destroyed by Mirror Force's effect")."""
    e = at.event
    by = _resolving_card(at)
    effect = f"{by}'s effect" if by else "an effect"
    detail, card, who, amount, lp = in_words(e.detail), at.card(), at.player(), e.amount, at.data("lp")
    t = e.type
    if t is EventType.MOVED and detail == "destroyed":
        why = f"{card} is destroyed by {effect} and sent to {place(at.data('to'))}"
    elif t is EventType.MOVED and detail.startswith("destroyed"):
        why = f"{card} is {detail}" + (f": {effect} resolved" if by else "")
    elif t is EventType.MOVED and at.data("to") == Location.BANISHED.value:
        why = f"{card} is banished by {effect}"
    elif t is EventType.MOVED and detail.split()[0].endswith("ed"):  # "returned to the hand", "added to the hand"
        why = f"{effect} resolved: {card} is {detail}"
    elif t is EventType.MOVED:
        why = f"{effect} moves {card} to {place(at.data('to'))}"
    elif t is EventType.EFFECT_DAMAGE:
        why = f"{effect} inflicts {amount} damage on {who}"
    elif t is EventType.LP_GAINED:
        why = f"{effect} gives {who} {amount} LP"
    elif t is EventType.DREW:
        why = f"{effect} makes {who} draw {amount}"
    elif t is EventType.ATTACK_NEGATED:
        why = f"{effect} negates {card}'s attack"
    elif t is EventType.LINK_NEGATED:
        why = f"{effect} negates the activation of {card}"
    elif t is EventType.CONTROL_CHANGED:
        why = f"{effect} gives {who} control of {card}"
    elif t is EventType.POSITION_CHANGED:
        why = f"{effect} changes {card}'s battle position"
    elif t is EventType.STATS_CHANGED:
        why = f"{effect} changes {card}'s ATK/DEF" if e.card is not None else f"{effect} changes ATK/DEF"
    else:
        why = f"{effect} resolved"  # what it did is the event's own detail, said by `what`
    if lp is not None:
        why += f"; {who} now has {lp} LP"
    return why + _floor(at)


def _cost(at: At) -> str:
    e = at.event
    detail = in_words(e.detail)
    if e.type is EventType.COST_PAID and at.data("lp") is None:
        why = f"{at.player()} {detail} as a cost"
    elif e.type is EventType.COST_PAID:
        why = f"{at.player()} pays {e.amount} LP as a cost, leaving {at.data('lp')} LP"
    elif e.type is EventType.COUNTERS_CHANGED:
        why = f"counters are removed from {at.card()} as a cost: it has {e.amount} left"
    elif detail in ("", "cost"):
        why = f"{at.card()} is sent to {place(at.data('to'))} as a cost"
    else:
        why = f"{at.card()} is {detail}" + ("" if "cost" in detail else " as a cost")
    return f"{why}: costs are paid when the card or effect is activated (§1.2)"


def _expire(at: At) -> str:
    return "lingering effects last until the time they state, and that time has come (§1.5, §1.7)"


def _face_down_reset(at: At) -> str:
    return (
        "a monster turned face-down is rid of the lingering effects applied to it, "
        "its ATK/DEF changes among them (Book of Moon rulings)"
    )


def _card_left_field(at: At) -> str:
    return (
        f"{at.card()} left the field (or was turned face-down) before its effect resolved, so the effect of that "
        "face-up Spell/Trap does not resolve (§C.2)"
    )


def _equip(at: At) -> str:
    return f"{at.card()} becomes an Equip Card: its effects apply to the monster it equips (§C.3)"


def _equip_target_gone(at: At) -> str:
    return (f"{at.card()} is destroyed by the rules, not by a card effect: an Equip Card whose monster left the field "
            "or was turned face-down is destroyed (§C.3)")


def _counters(at: At) -> str:
    return (
        f"{at.card()} now has {at.event.amount} counter(s): counters go only on face-up cards and are lost when "
        "the card moves or is turned face-down (§C.5)"
    )


def _unaffected(at: At) -> str:
    return f"{at.card()} is unaffected by the resolving effect, which does nothing to it (§U.2)"


def _negate_effects(at: At) -> str:
    return (f"{at.card()}'s effects stay negated while it stays on the field, and in the Graveyard if it is sent "
            "there (§U.3)")


def _negate_on_resolution(at: At) -> str:
    return (f"{at.card()}'s effect is negated as it resolves by an effect that applies with no chain: the link "
            "resolves with no effect, and its card is treated as resolved (§U.3)")


def _effect_negated(at: At) -> str:
    return (f"{at.card()}'s effect is negated: it could still be activated, its cost paid, and it resolves with no "
            "effect (§U.3; Skill Drain: 'but their effects can still be activated')")


def _negated_card_resolves(at: At) -> str:
    return (f"{at.card()}'s effects are negated now (it is face-up on the field), so the effect it activated "
            "resolves with no effect (§U.3)")


def _change_attack_target(at: At) -> str:
    return (f"an effect makes {at.card()} the attack target: this is no new declaration and no replay, so "
            "'when an attack is declared' cards cannot respond to it (§U.6)")


def _calculate_at_once(at: At) -> str:
    return ("an effect performs damage calculation while it resolves: the Damage Step is entered with no window "
            "before damage calculation, and the windows after it open as usual (§U.6)")


def _pendulum_zone(at: At) -> str:
    if at.event.detail:
        return "a Pendulum Monster is placed in a free Pendulum Zone of its controller, face-up (§U.4)"
    return f"{at.card()} is placed in a free Pendulum Zone of its controller, face-up (§U.4)"


def _lp_floor(at: At) -> str:
    return "LP never go below 0 (§2.7)" + _floor(at)


def _zero_atk(at: At) -> str:
    return _outcome(at)


def _piercing(at: At) -> str:
    return _outcome(at)


def _agent(at: At) -> str:
    return f"{at.player()} decided so"


def _battle_phase(at: At) -> str:
    return "the Battle Phase goes Start Step, Battle Step (and a Damage Step for each attack), End Step (§BP.1)"


def _phase_triggers(at: At) -> str:
    return (f"{at.card()} is a trigger at the start or end of the Battle Phase: such triggers are activated one at "
            "a time, each the first link of its own chain, mandatory ones before the step ends (§BP.2)")


def _attack_declaration(at: At) -> str:
    e = at.event
    if e.type is EventType.ATTACK_DECLARED:
        targets = at.data("targets") or ()
        on = f"on {at.names[targets[0]]}" if targets else "directly"
        return (f"{at.player()} declared an attack with {at.card()} {on}: in the Battle Step the turn player "
                "declares attacks, one per monster per turn unless an effect allows more (§BP.3)")
    return "the turn player declared an attack, which closes the Battle Step's window (§BP.3)"


def _attack_timing(at: At) -> str:
    return (f"{at.card()} is activated when an attack is declared: it responds only in the chain right after the "
            "declaration (§BP.4)")


def _replay(at: At) -> str:
    e = at.event
    if e.type is EventType.REPLAY:
        return (f"after a replay {at.card()} {in_words(e.detail)}: choosing the target again is not a new "
                "declaration, so 'when an attack is declared' cards cannot respond (§BP.5)")
    return ("the monsters the attacker's opponent controls changed before the Damage Step (or a direct attack "
            "became impossible): a replay, the turn player chooses again (§BP.5)")


def _attack_stopped(at: At) -> str:
    said = ("the attack ends in the Battle Step with no Damage Step, and the monster has still declared its attack "
            "this turn (§BP.6)")
    return said if at.event.detail else f"the attack is stopped: {said}"


def _end_battle_phase(at: At) -> str:
    return ("an effect ended the Battle Phase: the game goes to the End Step, after the Damage Step if one is "
            "under way (§BP.7)")


WHY: dict[str, Callable[[At], str]] = {
    "machine": _machine,
    "window": _window,
    "segoc": _segoc,
    "priority": _priority,
    "chain": _chain,
    "one_chain_at_damage_calculation": _one_chain,
    "flip_attack_target": _flip_attack_target,
    "reflip_set_target": _reflip,
    "battle_valid": _battle_valid,
    "damage_calculation": _damage_calculation,
    "zero_atk": _zero_atk,
    "piercing": _piercing,
    "battle_damage_modifiers": _damage,
    "lp_floor": _lp_floor,
    "zero_lp": _zero_lp,
    "destroyed_by_battle": _destroyed,
    "indestructible_by_battle": _indestructible,
    "negated_by_destroyer": _negated_by_destroyer,
    "destruction_replacement": _replacement,
    "send_destroyed_by_battle": _send,
    "pendulum_to_extra_deck": _pendulum,
    "banish_instead_of_graveyard": _banish,
    "flip_after_damage_calculation": _flip_after,
    "self_destroy_deferred": _self_destroy,
    "ds_legality": _ds_legality,
    "effect": _effect,
    "cost": _cost,
    "expire": _expire,
    "face_down_reset": _face_down_reset,
    "agent": _agent,
    "battle_phase": _battle_phase,
    "phase_triggers": _phase_triggers,
    "attack_declaration": _attack_declaration,
    "attack_timing": _attack_timing,
    "replay": _replay,
    "attack_stopped": _attack_stopped,
    "end_battle_phase": _end_battle_phase,
    "card_left_field": _card_left_field,
    "equip": _equip,
    "equip_target_gone": _equip_target_gone,
    "counters": _counters,
    "unaffected": _unaffected,
    "negate_effects": _negate_effects,
    "negated_card_resolves": _negated_card_resolves,
    "pendulum_zone": _pendulum_zone,
    "negate_on_resolution": _negate_on_resolution,
    "effect_negated": _effect_negated,
    "change_attack_target": _change_attack_target,
    "calculate_at_once": _calculate_at_once,
    "effect_damage_changed": _effect_damage_changed,
    "banished_instead_of_leaving": _banished_instead_of_leaving,
    "destroyed_after_targeted": _destroyed_after_targeted,
}
assert WHY.keys() == RULES.keys(), "every rule id has exactly one sentence"


def what(state: GameState, index: int) -> str:
    """What event `index` of the log is, in the trace's words."""
    e = state.log[index]
    if e.type is EventType.PHASE_ENTERED:
        return f"the machine enters {TITLES.get(e.detail, e.detail)}"
    return describe(e, card_names(state)) or str(e.type.value).replace("_", " ")


def reason(state: GameState, index: int) -> str:
    """Why event `index` of the log happened: its rule's sentence, with the event's numbers."""
    at = At(state, index, card_names(state))
    return WHY.get(at.event.rule, _unknown_rule)(at)


def _unknown_rule(at: At) -> str:
    return f"rule {at.event.rule!r} (not one of the engine's rules: an embedder's own)"


def explain(state: GameState, index: int) -> str:
    """What happened at event `index` and why, in one sentence."""
    return f"{what(state, index)}: {reason(state, index)}"


def why(state: GameState, card: int, steps: Sequence[int] | None = None) -> str:
    """Where one card is, and the events that put it there, each numbered by its index in the log or, given
    `steps` (log index -> step), by its step (the debugger's and the trace's numbering; "-" for an event that has
    none, logged before the debugger began)."""
    c = state.cards[card]
    where = is_at(c.location)
    if c.location is Location.MONSTER_ZONE and c.position is not None:
        face = "face-down Defense" if c.position is Position.SET else f"face-up {c.position.value.title()}"
        where += f", in {face} Position"
    if c.battle_destroyed:
        where += ", destroyed by battle (it leaves the field at the end of the Damage Step)"
    lines = [f"{card_names(state)[card]} {where}, controlled by {Player(c.controller)}."]
    for k, e in enumerate(state.log):
        if e.card == card or card in dict(e.data).get("targets", ()):
            if e.type in (EventType.PHASE_ENTERED, EventType.PASSED):
                continue
            step = k if steps is None else steps[k]
            lines.append(f"  [{step if step >= 0 else '-'}] {explain(state, k)}")
    if len(lines) == 1:
        lines.append("  Nothing has happened to it yet: it is where the scenario put it.")
    return "\n".join(lines)


def decision_words(decision: Decision, option: Option, names: list[str]) -> tuple[str, str]:
    """A decision taken, in words: its line ("A decides (priority): pass") and why it happened, as the stepper's
    `explain K` and the viewer's frame say it."""
    described = decision.describe(names)
    answer = described[decision.options.index(option)] if option in decision.options else "?"
    line = f"{decision.player} decides ({decision.kind.value}): {answer}"
    window = PHASES.get(decision.window.value, decision.window.value)
    asked = f" ({decision.prompt})" if decision.prompt else ""  # a decision while an effect resolves says what (§U.16)
    why_text = f"{decision.player} had a {decision.kind.value} decision{asked} in {window} and chose to {answer}"
    return line, why_text
