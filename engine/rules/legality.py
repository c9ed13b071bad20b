"""Which effects may be activated, and why not (§1.1, §1.2, §BP.4).

The engine enforces Damage Step legality once, here, instead of leaving it to each card's
script (the source of most ygopro bug reports, rules spec §3.8). Every check returns the
reason it fails, so a refused activation always says why.
"""

from __future__ import annotations

from typing import Final

from engine.effects import ActivationLock, Context, DamageStepRule, Effect, EffectKind, Hook, Source, gemini_as_normal
from engine.rules.cards import already_activated_problem, once_per_turn_problem, set_this_turn_problem
from engine.rules.targeting import untargetable_by
from engine.rules.triggers import CARD_EVENTS, MOVED_EVENTS, PLAYER_EVENTS, about, concerns
from engine.state import Card, ChainLink, WindowState
from engine.values.events import EventType
from engine.values.game import DAMAGE_STEP_WINDOWS, CardType, Location, Player, Position, Window, is_on_field
from engine.values.words import is_at

PROACTIVE_WINDOWS: Final = frozenset({Window.START_OF_DAMAGE_STEP, Window.BEFORE_DAMAGE_CALCULATION})
STAT_CHANGE_WINDOWS: Final = PROACTIVE_WINDOWS
# The events whose triggers may be about another card or a player (`about`), not the Damage Step's own: "when a
# monster is Special Summoned", "when a card is destroyed" (Revival Rose, Ambulanceroid: §1.1(5)).
OTHER_CARD_EVENTS: Final = CARD_EVENTS | PLAYER_EVENTS | MOVED_EVENTS
# The events of cards and players a window records for an activation timing (`WindowState.happened`).
RECORDED_EVENTS: Final = CARD_EVENTS | PLAYER_EVENTS | MOVED_EVENTS


def equips_with_stat_change(eff: Effect, card: Card) -> bool:
    """§1.1, §U.20: a card that becomes an Equip Card and changes the ATK/DEF of the monster it equips (Kunai with
    Chain, Metalmorph: "equip this card to that target. It gains 300 ATK") is a card that directly changes ATK/DEF,
    though its activation only equips it: its `equip` operation, with a `stat_modifier` of the card's own."""
    if not any(op.get("op") == "equip" and op.get("card") in (None, "self") for op in eff.params.get("does", ())):
        return False
    return any(e.type == "stat_modifier" for e in card.effects)


def damage_step_problem(eff: Effect, card: Card, window: Window) -> str | None:
    """§1.1: only some effects may be activated in the Damage Step. Returns why not, or None.
    An effect whose text names the sub-timings it is activated in (`Effect.windows`: "at the
    start of the Damage Step", "from the start of the Damage Step until before damage
    calculation") may be activated in those and no others (YGOrganization, "That Wacky Damage
    Step!", (4): "any effect that specifically mentions an activation timing during the Damage
    Step")."""
    if eff.damage_step is DamageStepRule.ALLOWED:
        return None
    if eff.damage_step is DamageStepRule.FORBIDDEN:
        return "this effect cannot be activated in the Damage Step (its text or a card ruling)"
    if eff.windows is not None:
        if window in eff.windows:
            return None
        allowed = ", ".join(w.value for w in Window if w in eff.windows)
        return f"its text names when it is activated: only in {allowed}, not in {window.value}"
    if card.card_type is CardType.COUNTER_TRAP or eff.negates_activation:
        return None  # Counter Traps and activation negators: always
    if window is Window.DURING_DAMAGE_CALCULATION:
        if eff.during_damage_calculation:
            return None
        return (
            "during damage calculation only 'during damage calculation' effects, Counter Traps "
            "and activation negators can be activated"
        )
    if eff.during_damage_calculation:
        return "a 'during damage calculation' effect can only be activated during damage calculation"
    if eff.kind.is_triggered:
        return None  # mandatory effects, and triggers of the Damage Step's own events
    if eff.changes_stats or equips_with_stat_change(eff, card):
        if window in STAT_CHANGE_WINDOWS:
            return None
        return "effects that change ATK/DEF can only be activated until the start of damage calculation"
    if window in STAT_CHANGE_WINDOWS:
        return (
            f"in {window.value} only effects that directly change ATK/DEF, Counter Traps, activation "
            "negators and the Damage Step's triggers can be activated, and this effect does not change "
            "ATK/DEF (no change_stats operation; changes_stats is False)"
        )
    return (
        f"in {window.value} only Counter Traps, activation negators, mandatory effects and the Damage "
        "Step's triggers can be activated"
    )


def trigger_damage_step_problem(eff: Effect, window: Window) -> str | None:
    """§1.1 for a triggered effect placed in a Damage Step window (§U.14). "(except during the Damage Step)"
    (`damage_step: forbidden`): it cannot be activated there. Under the general rule (`auto`), an optional trigger
    about another card or a player (`about` other than "self": "when a monster is Special Summoned") cannot be
    either; mandatory triggers, and optional ones keyed to the card itself or to the Damage Step's own events, can.
    A trigger refused here is not kept for later: its event is past (its chance to be activated was the chain built
    right after it), so it is not activated at all, in the Damage Step or after it."""
    if window not in DAMAGE_STEP_WINDOWS or eff.damage_step is DamageStepRule.ALLOWED:
        return None
    if eff.damage_step is DamageStepRule.FORBIDDEN:
        return "its text says it cannot be activated during the Damage Step"
    if eff.optional and eff.event in OTHER_CARD_EVENTS and about(eff) != "self":
        return (
            "an optional trigger about another card or a player cannot be activated during the Damage Step "
            "(only mandatory ones, and those of the card itself)"
        )
    return None


def window_problem(eff: Effect, card: Card, window: Window) -> str | None:
    """Whether this effect may be activated in this window at all: the Damage Step's rule in its windows
    (§1.1), the effect's own named timing elsewhere."""
    if window in DAMAGE_STEP_WINDOWS:
        return damage_step_problem(eff, card, window)
    return named_timing_problem(eff, window)


def named_timing_problem(eff: Effect, window: Window) -> str | None:
    """Outside the Damage Step: an effect whose text names when it is activated (`Effect.windows`, "during
    damage calculation") is activated then and only then (the same rule as in the Damage Step, §1.1)."""
    if eff.windows is not None and window not in eff.windows:
        allowed = ", ".join(w.value for w in Window if w in eff.windows)
        return f"its text names when it is activated: only in {allowed}, not in {window.value}"
    if eff.during_damage_calculation:
        return "a 'during damage calculation' effect can only be activated during damage calculation"
    return None


def activation_lock_problem(ctx: Context, player: Player, card: Card, eff: Effect | None = None) -> str | None:
    """Continuous effects such as Jinzo's stop cards of a type from being activated; one that stops only the
    activation of Spell/Trap Cards (`cards_only`) leaves the effects of face-up ones (`eff.activates_card` False);
    one may stop monster effects instead."""
    for src, lock in ctx.ask(Hook.ACTIVATION_LOCK):
        if not isinstance(lock, ActivationLock):
            continue
        if lock.player is not None and lock.player is not player:
            continue
        if lock.responding_to is not None:  # a chain lock (§U.27): only on top of such an activation
            if (top := chain_top(ctx)) is not None and top.card in lock.responding_to and top.player is lock.owner:
                name = ctx.card(src.card).name
                return f"{name}'s effect: {player.name} cannot activate cards or effects in response to that activation"
            continue
        if lock.monsters and card.is_monster and (not lock.monster_zone_only or card.location is Location.MONSTER_ZONE):
            name = ctx.card(src.card).name
            if lock.monster_zone_only:  # §U.28
                return f"{name}'s effect: the monsters {player.name} controls cannot activate their effects"
            return f"{name}'s effect stops monster effects being activated"
        if lock.cards_only and eff is not None and not eff.activates_card:
            continue
        if (lock.traps and card.card_type.is_trap) or (lock.spells and card.card_type is CardType.SPELL):
            name = ctx.card(src.card).name
            return f"{name}'s effect stops {card.card_type.value.replace('_', ' ')} cards being activated"
    return None


def chain_top(ctx: Context) -> ChainLink | None:
    """The chain link an activation now would respond to, if any."""
    w = ctx.state.window
    return w.chain[-1] if w is not None and w.chain else None


def players_card(player: Player, card: Card) -> bool:
    """A player activates the cards they control, and the cards in their own hand."""
    return card.controller is player or (card.location is Location.HAND and card.owner is player)


def in_place_to_activate(player: Player, card: Card, eff: Effect) -> bool:
    """The card must be where the effect is activated from (on the field: face-up, not destroyed
    by battle), and its player's. A plain yes/no, asked of every indexed effect at every priority;
    `location_problem` says why not."""
    if not players_card(player, card):
        return False
    if (card.card_type is not CardType.MONSTER or card.details.trap_monster) and already_activated_problem(
        card, eff
    ) is not None:
        return False
    if card.in_pendulum_zone is not eff.pendulum:
        return False  # §U.4
    if card.details.abilities and gemini_as_normal(card):
        return False  # §U.29: a Gemini monster not Normal Summoned again has no effects
    where = eff.activate_from
    if where is Location.MONSTER_ZONE and is_on_field(card.location):
        face_down = card.location is Location.MONSTER_ZONE and card.position is Position.SET
        return (not face_down or bool(eff.params.get("while_face_down"))) and not card.battle_destroyed
    return card.location is where


def location_problem(ctx: Context, player: Player, card: Card, eff: Effect) -> str | None:
    """Why `in_place_to_activate` refuses (None when it does not)."""
    if in_place_to_activate(player, card, eff):
        return None
    if not players_card(player, card):
        return f"{card.name} is not {player.name}'s card"
    if problem := already_activated_problem(card, eff):
        return problem
    if card.in_pendulum_zone is not eff.pendulum:
        where_now = "in a Pendulum Zone" if card.in_pendulum_zone else "not in a Pendulum Zone"
        kind = "a Pendulum Effect" if eff.pendulum else "a monster effect"
        return f"{card.name} is {where_now}, and this is {kind} (§U.4)"
    if card.details.abilities and gemini_as_normal(card):
        return f"{card.name} is a Gemini monster not Normal Summoned again: a Normal Monster, with no effects (§U.29)"
    where = eff.activate_from
    if where is Location.MONSTER_ZONE and is_on_field(card.location):
        if card.location is Location.MONSTER_ZONE and card.position is Position.SET and not eff.params.get(
            "while_face_down"
        ):
            return f"{card.name} is face-down"
        return f"{card.name} has been destroyed by battle"
    want = ("on the field" if where is Location.MONSTER_ZONE else "banished" if where is Location.BANISHED
            else f"in the {where.value.replace('_', ' ')}")  # fmt: skip
    return f"{card.name} is not {want} (it {is_at(card.location)})"


def target_choices(ctx: Context, src: Source) -> list[tuple[int, ...]] | None:
    """Legal target tuples for a targeting effect, or None if it does not target. Monsters
    determined destroyed by battle cannot be targeted (§1.6), nor cards an effect makes untargetable by it (§U.9),
    whatever the effect says."""
    etype = ctx.registry[src.effect.type]
    if etype.targets is None:
        return None
    return [
        t
        for t in etype.targets(ctx, src)
        if not any(ctx.card(i).battle_destroyed or untargetable_by(ctx, i, src) for i in t)
    ]


def effect_problem(ctx: Context, src: Source, targets: tuple[int, ...] | None) -> str | None:
    """Condition, cost and targets of the effect itself (both fast effects and triggers)."""
    if ctx.state.used_once and (used := once_per_turn_problem(ctx, src)):
        return used
    card = ctx.card(src.card)
    if card.details.set_turn >= 0 and (set_now := set_this_turn_problem(card, src.effect, ctx.state.turn)):
        return set_now
    etype = ctx.registry[src.effect.type]
    if etype.condition is not None and not etype.condition(ctx, src):
        why = etype.condition_problem(ctx, src) if etype.condition_problem is not None else None
        return f"its activation condition is not met: {why}" if why else "its activation condition is not met"
    if etype.cost_problem is not None:
        problem = etype.cost_problem(ctx, src)
        if problem:
            return problem
    choices = target_choices(ctx, src)
    if choices is not None:
        if not choices:
            return "it has no legal target"
        if targets is not None and tuple(targets) not in choices:
            if not targets:
                return "it needs a target: none was chosen"
            return f"{', '.join(ctx.card(i).name for i in targets)} is not a legal target"
    return None


def spell_speed(card: Card, eff: Effect) -> int:
    """Counter Trap Cards are Spell Speed 3 (§1.1.1); otherwise the effect says."""
    return 3 if card.card_type is CardType.COUNTER_TRAP else eff.speed


def no_such_effect(ctx: Context, ci: int, ei: int) -> str | None:
    if not 0 <= ci < len(ctx.state.cards):
        return f"there is no card {ci}"
    card = ctx.card(ci)
    if not 0 <= ei < len(card.effects):
        return f"{card.name} has no effect {ei}"
    return None


def no_such_target(ctx: Context, targets: tuple[int, ...]) -> str | None:
    """A target index must name a card (a negative one would silently index from the end)."""
    for t in targets:
        if not 0 <= t < len(ctx.state.cards):
            return f"there is no card {t} to target"
    return None


def chain_problem(ctx: Context, eff: Effect, ci: int, ei: int) -> str | None:
    """§1.2: spell speed, responses only where only triggers start chains, once per chain."""
    w = ctx.state.window
    assert w is not None
    speed = spell_speed(ctx.card(ci), eff)
    if speed < 2:
        return "Spell Speed 1 effects are activated in a Main Phase, not in the Battle Phase (only triggers are)"
    if w.chain:
        last = w.chain[-1]
        if speed < last.speed:
            return f"Spell Speed {speed} cannot respond to a Spell Speed {last.speed} chain link"
        if any(link.card == ci and link.effect == ei for link in w.chain):
            return "this effect is already on the chain"
        return None
    if eff.negates_activation:
        return "there is no activation to negate"
    if eff.kind is EffectKind.ACTIVATED and eff.event is not None and eff.event in w.events:
        return None  # its activation timing is the event that opened this window: it may start its chain (§U.27)
    return chain_start_problem(w)


def chain_can_start(w: WindowState) -> bool:
    """§1.2: whether a fast effect may start a new chain in this window at all (whatever the
    effect): in the windows after damage calculation only triggers start chains, and only one
    chain is built during damage calculation; in the Battle Phase's own windows any fast effect may
    (§BP.1). A plain yes/no, asked at every priority; `chain_start_problem` says why not."""
    if w.window is Window.DURING_DAMAGE_CALCULATION:
        return not w.chains_resolved
    return w.window in PROACTIVE_WINDOWS or w.window not in DAMAGE_STEP_WINDOWS


def chain_start_problem(w: WindowState) -> str | None:
    """Why `chain_can_start` refuses (None when it does not)."""
    if chain_can_start(w):
        return None
    if w.window is Window.DURING_DAMAGE_CALCULATION:
        return "only one chain can be built during damage calculation"
    return f"in {w.window.value} only triggered effects can start a chain"


def activation_problem(ctx: Context, player: Player, ci: int, ei: int, targets: tuple[int, ...] | None) -> str | None:
    """Why `player` cannot activate effect `ei` of card `ci` now (a fast effect at priority)."""
    s = ctx.state
    if s.window is None:
        return "no window is open"
    if problem := no_such_effect(ctx, ci, ei):
        return problem
    card = s.cards[ci]
    eff = card.effects[ei]
    if eff.kind.is_triggered:
        return trigger_problem(ctx, ci, ei) or "a triggered effect is activated when its trigger is placed"
    if eff.kind is not EffectKind.ACTIVATED:
        return f"{card.name}'s effect {ei} is a continuous effect: it is never activated"
    return fast_effect_problem(ctx, player, ci, ei, targets)


def fast_effect_problem(ctx: Context, player: Player, ci: int, ei: int, targets: tuple[int, ...] | None) -> str | None:
    """`activation_problem` for an activated effect known to exist, with a window open (what
    the engine asks of each indexed fast effect at every priority)."""
    s = ctx.state
    assert s.window is not None
    card = s.cards[ci]
    eff = card.effects[ei]
    # (An effect that is negated can still be activated, its cost paid; it resolves with no effect: rules spec §U.3.)
    window = s.window.window
    return (
        location_problem(ctx, player, card, eff)
        or activation_lock_problem(ctx, player, card, eff)
        or window_problem(eff, card, window)
        or chain_problem(ctx, eff, ci, ei)
        or timing_problem(ctx, ci, eff)
        or effect_problem(ctx, ctx.source_of(ci, ei), targets)
    )


def timing_problem(ctx: Context, ci: int, eff: Effect) -> str | None:
    """§BP.4: a card whose activation timing is an event ("When an opponent's monster declares an attack",
    `Effect.event` on an activated effect) is activated only in the chain that responds to that event: in
    the window the event opened, concerning that card, before the first chain there has resolved."""
    event = eff.event
    if event is None or eff.kind is not EffectKind.ACTIVATED:
        return None
    w = ctx.state.window
    assert w is not None
    if event in RECORDED_EVENTS:
        return happened_timing_problem(ctx, ci, eff, w)
    if event not in w.events or not concerns(ctx, event, ci, None, about(eff), None, ctx.card(ci).effects.index(eff)):
        return f"it is activated when {event.value.replace('_', ' ')} happens, and that is not what just happened"
    if w.chains_resolved:
        return f"its timing has passed: the chain that responded to {event.value.replace('_', ' ')} has resolved"
    return None


def happened_timing_problem(ctx: Context, ci: int, eff: Effect, w: WindowState) -> str | None:
    """§U.14: an activated effect whose timing is an event of cards or players ("when your opponent Special Summons
    a monster") is activated in the chain built right after that event, until it resolves (§BP.4's rule)."""
    event = eff.event
    assert event is not None
    whose = about(eff)
    ei = ctx.card(ci).effects.index(eff)
    for happened, cards, player, chain in w.happened:
        if happened is event and chain == w.chains_resolved and concerns(ctx, event, ci, cards, whose, player, ei):
            return None
    return f"it is activated when {event.value.replace('_', ' ')} happens, and that is not what just happened"


def trigger_problem(ctx: Context, ci: int, ei: int, window: Window | None = None) -> str | None:
    """Why a triggered effect is not waiting to be activated in `window` (default: the open one)."""
    w = ctx.state.window
    if window is None and w is not None:
        window = w.window
    if w is not None and w.window is window and any(
        t.card == ci and t.effect == ei for t in w.placing + w.triggers + w.waiting
    ):
        return None
    card = ctx.card(ci)
    if window is not None and (problem := trigger_damage_step_problem(card.effects[ei], window)):
        return f"{card.name}'s effect cannot be activated here: {problem}"
    if any(e.type is EventType.TRIGGERED and e.card == ci and e.window is window for e in ctx.state.log):
        return f"{card.name}'s effect was already placed on a chain or declined in this window"
    eff = card.effects[ei]
    if eff.negated or ctx.effects_negated(ci):
        return f"{card.name}'s effect is negated"
    etype = ctx.registry[eff.type]
    if etype.condition is not None and not etype.condition(ctx, ctx.source_of(ci, ei)):
        return f"{card.name}'s trigger condition is not met"
    event = eff.event.value if eff.event else "its event"
    return f"{card.name}'s effect did not trigger: {event} did not happen to it in this window"
