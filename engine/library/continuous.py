"""Continuous battle modifiers of the scenario format: each answers one hook point."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

import attrs

from engine import actions
from engine.effects import (
    ActivationLock,
    Context,
    DamageModifier,
    DamageStage,
    DestructionReplacement,
    Effect,
    EffectKind,
    EffectType,
    ExtraAttacks,
    Handler,
    Hook,
    IndestructibleByBattle,
    Lingering,
    Piercing,
    Source,
    StatChange,
    Unaffected,
    Untargetable,
)
from engine.library import costs
from engine.library.conditions import only_if_problem
from engine.library.counters import named_counter
from engine.library.filters import matches, matches_card
from engine.library.only_if import plays_role
from engine.library.refs import cards_counted, value_of
from engine.rules.last_known import as_it_was, battler_instance
from engine.rules.stats import current_stats, lingering_original_stats
from engine.rules.unaffected import unaffected_by
from engine.rules.zones import points_to
from engine.values.game import (
    DAMAGE_CALCULATION_PHASES,
    DAMAGE_STEP_PHASES,
    CardType,
    Location,
    OriginalChange,
    OriginalOp,
    Phase,
    Player,
    Position,
    opponent_of,
)


def _players(ctx: Context, src: Source) -> list[Player]:
    """The effect's `player` parameter (controller, opponent or both)."""
    return ctx.players_of(src, src.effect.params.get("player") or "controller")  # (a lasting effect passes None)


def _reflect(ctx: Context, src: Source) -> list[DamageModifier]:
    """Battle damage the controller would take from battles involving this card (or, with scope "all", from
    any battle: Dimension Wall's "from this battle") is taken by the opponent instead."""
    inv = None if src.effect.params.get("scope") == "all" else src.host
    return [DamageModifier(DamageStage.REFLECT, player=src.controller, involving=inv)]


def _also(ctx: Context, src: Source) -> list[DamageModifier]:
    return [DamageModifier(DamageStage.ALSO, player=src.controller, involving=src.host)]


def _both(ctx: Context, src: Source) -> list[DamageModifier]:
    return [DamageModifier(DamageStage.BOTH, involving=src.host)]


def _double(ctx: Context, src: Source) -> list[DamageModifier]:
    """Battle damage this card inflicts to the opponent is doubled."""
    return [DamageModifier(DamageStage.DOUBLE, player=opponent_of(src.controller), source=src.host)]


def _halve(ctx: Context, src: Source) -> list[DamageModifier]:
    """Battle damage that player takes is halved; with `inflicted_by`, only the damage the battling monsters
    matching it inflict (Ghostrick Mansion: "battle damage inflicted by monsters other than Ghostrick
    monsters", an effect applied to the monsters)."""
    by = src.effect.params.get("inflicted_by")
    if by is None:
        return [DamageModifier(DamageStage.HALVE, player=p) for p in _players(ctx, src)]
    b = ctx.state.battle
    cards = [i for i in (b.attacker, b.target) if i is not None and matches(ctx, i, by)]
    return [DamageModifier(DamageStage.HALVE, player=p, source=i) for p in _players(ctx, src) for i in cards]


def _to_effect(ctx: Context, src: Source) -> list[DamageModifier]:
    return [DamageModifier(DamageStage.TO_EFFECT, source=src.host)]


def _gain(ctx: Context, src: Source) -> list[DamageModifier]:
    return [DamageModifier(DamageStage.GAIN, player=p) for p in _players(ctx, src)]


def _avoid(ctx: Context, src: Source) -> list[DamageModifier]:
    """No battle damage for that player: from battles involving this card, from its own attacks only ("from this
    card's attacks": Exploder Dragon, not when it is attacked), or from any battle."""
    scope = src.effect.params.get("scope", "involving")
    if scope == "attacking" and ctx.state.battle.attacker != src.host:
        return []
    inv = None if scope == "all" else src.host
    return [DamageModifier(DamageStage.ZERO, player=p, involving=inv) for p in _players(ctx, src)]


def _at_most(ctx: Context, src: Source) -> list[DamageModifier]:
    """"You take no battle damage of X or less": X a number, or this card's ATK as it is now (Performage Trapeze
    Magician); applied last, to each damage separately (§R.5)."""
    p = src.effect.params
    value = current_stats(ctx, src.host)[0] if p.get("at_most_equal_to") == "this_card_atk" else int(p["at_most"])
    return [DamageModifier(DamageStage.AT_MOST, player=p, value=value) for p in _players(ctx, src)]


def _effect_damage_too(handler: Handler) -> Handler:
    """The same change on effect damage (`Hook.EFFECT_DAMAGE`), for an effect whose `damage` is "any" ("whenever
    you would take damage", "damage you would take": battle damage and effect damage alike, rules spec §U.29)."""
    return _AnyDamage(handler)


@attrs.frozen
class _AnyDamage:
    handler: Handler

    def __call__(self, ctx: Context, src: Source) -> Any:
        return self.handler(ctx, src) if src.effect.params.get("damage") == "any" else None


def _becomes(ctx: Context, src: Source) -> list[DamageModifier]:
    value = int(src.effect.params["value"])
    stage = DamageStage.ZERO if value == 0 else DamageStage.BECOMES
    return [DamageModifier(stage, player=p, value=value) for p in _players(ctx, src)]


def _is_battling(ctx: Context, index: int, when: str) -> bool:
    """The role in the battle until its Damage Step is over."""
    return ctx.state.rules_phase is not Phase.STEP_OVER and plays_role(ctx, index, when)


def battles_one_matching(ctx: Context, index: int, flt: Mapping[str, Any]) -> bool:
    """Whether this monster battles, in the Damage Step under way, a monster that matches `flt` ("while battling a
    DARK monster": from the start of the Damage Step until it is over; a face-down monster shows nothing).
    Read without continuous ATK/DEF changes (§U.1)."""
    b = ctx.state.battle
    if not b.attacked or not _is_battling(ctx, index, "battling"):
        return False
    foe = ctx.battling_opponent(index)
    return foe is not None and _on_field(ctx, foe, True) and matches(ctx, foe, flt, plain=True)


def _on_field(ctx: Context, index: int, face_up: bool) -> bool:
    c = ctx.card(index)
    return c.location is Location.MONSTER_ZONE and not (face_up and c.position is Position.SET)


def monsters_it_applies_to(ctx: Context, src: Source, face_up: bool, plain: bool = False) -> list[int]:
    """The monsters a continuous effect's `applies_to` (self, own, other own, the opponent's or all monsters)
    and `filter` name: those on the field (only face-up ones if `face_up`, as for ATK/DEF)."""
    p = src.effect.params
    applies = p.get("applies_to", "self")
    if applies == "self":
        cards = [src.host]
    elif applies == "pointed_to":
        cards = [i for i in points_to(ctx, src.host) if _on_field(ctx, i, face_up)]
    elif applies == "battling_opponent":
        other = ctx.battling_opponent(src.host)
        cards = [] if other is None or not _on_field(ctx, other, face_up) else [other]
    else:
        sides = {
            "opponent_monsters": (opponent_of(src.controller),),
            "all_monsters": (src.controller, opponent_of(src.controller)),
        }.get(applies, (src.controller,))
        cards = [
            i
            for i, c in enumerate(ctx.state.cards)
            if _on_field(ctx, i, face_up)
            and c.controller in sides
            and not (applies == "other_own_monsters" and i == src.host)
        ]
        if applies == "other_own_monsters" and p.get("other_than") is not None:  # a lasting effect's own card (§U.26)
            card, instance = p["other_than"]
            cards = [i for i in cards if not (i == card and ctx.card(i).instance == instance)]
    flt = p.get("filter")
    if flt is not None:
        cards = [i for i in cards if matches(ctx, i, flt, plain=plain)]
    if applies != "self" and cards:
        cards = [i for i in cards if not unaffected_by(ctx, i, src)]  # §U: its effects do not reach them
    return cards


def _stat_modifier(ctx: Context, src: Source) -> list[StatChange] | None:
    p = src.effect.params
    during = p.get("while", "always")
    phase = ctx.state.rules_phase
    if during == "damage_step" and phase not in DAMAGE_STEP_PHASES:
        return None
    if during == "damage_calculation" and phase not in DAMAGE_CALCULATION_PHASES:
        return None
    cards = monsters_it_applies_to(ctx, src, face_up=True, plain=True)
    when = p.get("when")
    if when is not None:
        cards = [i for i in cards if _is_battling(ctx, i, when)]
    against = p.get("against")
    if against is not None:  # "while it battles a DARK monster" (§U.15)
        cards = [i for i in cards if battles_one_matching(ctx, i, against)]
    gain_of = p.get("atk_gain_equal_to")
    atk = int(p.get("atk", 0))
    if gain_of == "pointed_to_original_atk":  # a plain gain, added up now (Crusadia Regulex, §U.5)
        pointed = [i for i in points_to(ctx, src.host) if _on_field(ctx, i, True)]
        atk += sum(lingering_original_stats(ctx, i)[0] for i in pointed)
        gain_of = None
    def_ = int(p.get("def", 0))
    value = p.get("atk_gain_of")
    if value is not None:  # "gains ATK equal to the Level of the monster it battles x 200" (§U.15)
        gain = value_of(ctx, src, value, plain=True)  # never reading itself (§U.1)
        atk, def_ = atk + gain, def_ + (gain if p.get("def_too") else 0)
    per = p.get("per_card")
    if per is not None:  # "for each card in your hand" (Tragoedia)
        count = cards_counted(ctx, src, per)
        atk, def_ = atk * count, def_ * count
    halve = p.get("halve", "none")
    weaker = bool(p.get("if_weaker"))
    orig_atk, orig_def = (  # "the original ATK of ... becomes 200" (§U.18)
        None if p.get(k) is None else OriginalChange(OriginalOp.BECOMES, int(p[k]))
        for k in ("set_original_atk", "set_original_def")
    )
    counter = p.get("per_counter")
    if counter is not None:  # "for each A-Counter on them" (§U.26): each monster its own count
        return per_counter_changes(ctx, src, cards, str(counter), atk, def_)
    return [
        StatChange(i, atk, def_, p.get("set_atk"), p.get("set_def"), orig_atk, orig_def,
                   last=bool(p.get("applied_last")) or halve != "none",
                   halve_atk=halve in ("atk", "both"), halve_def=halve in ("def", "both"),
                   gain_atk_of=ctx.battling_opponent(i) if gain_of else None,
                   gain_halved=gain_of == "half_battling_opponent_atk",
                   if_weaker_than=ctx.battling_opponent(i) if weaker else None,
                   atk_becomes=p.get("atk_becomes"), def_becomes=p.get("def_becomes"))
        for i in cards
        if not (gain_of or weaker) or ctx.battling_opponent(i) is not None
    ]  # fmt: skip


def per_counter_changes(ctx: Context, src: Source, cards: list[int], counter: str, atk: int, def_: int
                        ) -> list[StatChange]:
    """A change counted once for each counter of a kind on each monster it applies to ("monsters with A-Counters lose
    300 ATK/DEF for each A-Counter on them": ProjectIgnis/CardScripts c62437709, `c:GetCounter(COUNTER_A)*-300`;
    rules spec §U.26); none on a monster with no such counter."""
    out = []
    for i in cards:
        n = named_counter(ctx.card(i), counter)
        if n:
            out.append(StatChange(i, atk * n, def_ * n))
    return out


def _restricted(ctx: Context, src: Source) -> list[int]:
    """The monsters an attack restriction or permission applies to (§BP.8)."""
    return monsters_it_applies_to(ctx, src, face_up=False)


def _negators(ctx: Context, src: Source) -> list[int]:
    """The monsters whose battle victims have their effects negated (Dark Ruler Ha Des: Fiend monsters you
    control, face-up ones: §R.5)."""
    return monsters_it_applies_to(ctx, src, face_up=True)


def _activation_lock(ctx: Context, src: Source) -> ActivationLock:
    p = src.effect.params
    rel = p.get("player", "both")
    kind = p["card_type"]
    return ActivationLock(
        traps=kind in ("trap", "spell_trap", "any"),
        spells=kind in ("spell", "spell_trap", "any"),
        player=None if rel == "both" else ctx.player_of(rel, src),
        monsters=kind in ("monster", "any"),
        cards_only=bool(p.get("cards_only")),
        monster_zone_only=bool(p.get("monster_zone_only")),
    )


def _extra_attacks(ctx: Context, src: Source) -> ExtraAttacks:
    p = src.effect.params
    flt = p.get("filter")
    only = None
    if flt is not None and p.get("each_monster"):  # "attack all face-up LIGHT monsters ... once each" (§U.18)
        foe = opponent_of(src.controller)
        only = tuple(
            i for i, c in enumerate(ctx.state.cards)
            if c.location is Location.MONSTER_ZONE and c.controller is foe and matches(ctx, i, flt)
        )  # fmt: skip
    return ExtraAttacks(int(p.get("attacks", 1)), bool(p.get("monsters_only")), bool(p.get("each_monster")),
                        int(p.get("in_a_row", -1)), only)  # fmt: skip


def _unaffected(ctx: Context, src: Source) -> Unaffected:
    """This card (a lingering `unaffected` op's: the monster it was applied to) is unaffected by those effects."""
    return Unaffected((src.host,), str(src.effect.params["by"]), src.controller)


def _untargetable(ctx: Context, src: Source) -> Untargetable:
    """The monsters of `applies_to` (this card by default) cannot be targeted by those effects (§U.9)."""
    cards = tuple(monsters_it_applies_to(ctx, src, face_up=False))
    return Untargetable(cards, str(src.effect.params.get("by", "opponent_effects")))


def _indestructible_by_effects(ctx: Context, src: Source) -> Untargetable:
    """"Cannot be destroyed by (your opponent's) card effects" (§U.9): the monsters of `applies_to` (this card by
    default; on an equip, the equipped monster; `this_card`: the card itself, an Equip Card too), `by` as for
    targeting (default `opponent_effects`)."""
    by = str(src.effect.params.get("by", "opponent_effects"))
    if src.effect.params.get("applies_to") == "this_card":
        return Untargetable((src.card,), by)
    return Untargetable(tuple(monsters_it_applies_to(ctx, src, face_up=False)), by)


def _negated(ctx: Context, src: Source) -> list[int]:
    """The face-up monsters of `applies_to` whose effects are negated while this applies (Skill Drain, §U.3); its
    own card is never one (a negation that negated itself would stop negating). Read without continuous ATK/DEF.
    With `card_type`: every face-up Spell (Trap) Card on the field instead ("negate all Trap effects on the field")."""
    kind = src.effect.params.get("card_type")
    if kind is not None:
        return [i for i, c in enumerate(ctx.state.cards)
                if i != src.card and c.face_up_on_field and c.card_type in _CARD_TYPES[str(kind)]
                and not unaffected_by(ctx, i, src)]  # fmt: skip
    return [i for i in monsters_it_applies_to(ctx, src, face_up=True, plain=True) if i != src.card]


_CARD_TYPES: Final = {"spell": (CardType.SPELL,), "trap": (CardType.TRAP, CardType.COUNTER_TRAP)}


def _destroys_itself(ctx: Context, src: Source) -> bool:
    """"If <condition>, destroy this card": the condition is the effect's `only_if`, read by `OnlyIf`."""
    return True


@attrs.frozen
class OnlyIf:
    """A continuous handler that answers only while its effect's `only_if` holds (rules spec §U.1): one place for
    every kind, so no kind can forget it. A module-level class, so that a registry still pickles."""

    handler: Handler
    plain: bool = False  # an ATK/DEF change: the condition reads ATK/DEF without continuous changes (§U.1)

    def __call__(self, ctx: Context, src: Source) -> Any:
        cond = src.effect.params.get("only_if")
        if cond is not None and only_if_problem(ctx, src, cond, plain=self.plain) is not None:
            return None
        return self.handler(ctx, src)


# The format's attack restrictions and permissions (kind -> the hook it answers).
ATTACK_RULES = {
    "cannot_attack": Hook.CANNOT_ATTACK,
    "cannot_declare_attack": Hook.CANNOT_DECLARE_ATTACK,
    "cannot_be_attacked": Hook.CANNOT_BE_ATTACKED,
    "can_attack_directly": Hook.DIRECT_ATTACK,
    "must_attack": Hook.MUST_ATTACK,
    "cannot_attack_directly": Hook.CANNOT_ATTACK_DIRECTLY,
}


# Handlers are named module functions, never lambdas: a registry (and so a whole Duel) pickles.
def _piercing(ctx: Context, src: Source) -> Piercing:
    return Piercing(src.controller, bool(src.effect.params.get("double", False)))


def _indestructible(ctx: Context, src: Source) -> IndestructibleByBattle | None:
    """"Cannot be destroyed by battle" (at most N times a turn); "... with a monster that has N or more ATK"
    reads the value that monster applied in damage calculation, not its ATK (§R.5, Konami OCG FAQ 7420: Big
    Benkei attacking with its 3500 DEF does not destroy Obnoxious Celtic Guard)."""
    p = src.effect.params
    if p.get("while_more_lp"):
        me, foe = ctx.state.players[src.controller], ctx.state.players[opponent_of(src.controller)]
        if me.lp <= foe.lp:
            return None
    least = p.get("against_atk_at_least")
    if least is not None:
        b = ctx.state.battle
        other = ctx.battling_opponent(src.host)
        if other is None or b.values_compared is None:
            return None
        applied = b.values_compared[0] if other == b.attacker else b.values_compared[1]
        if applied is None or applied < int(least):
            return None
    against = p.get("against")
    if against is not None:  # "with a Level 7 or lower monster": the monster it battles, as it was in the battle
        other = ctx.battling_opponent(src.host)
        if other is None:
            return None
        was = as_it_was(ctx, other, battler_instance(ctx, other))  # (the card itself while it is on the field)
        if was is None or not (matches(ctx, other, against) if was is ctx.card(other) else matches_card(was, against)):
            return None
    applies = p.get("applies_to", "self")
    if applies == "battling_opponent":
        other = ctx.battling_opponent(src.host)
        if other is None or unaffected_by(ctx, other, src):
            return None
        return IndestructibleByBattle(p.get("times_per_turn"), (other,))
    if applies != "self":  # "your monsters cannot be destroyed by battle" (Child's Play)
        return IndestructibleByBattle(p.get("times_per_turn"), tuple(monsters_it_applies_to(ctx, src, face_up=False)))
    return IndestructibleByBattle(p.get("times_per_turn"))


def _attack_from_defense(ctx: Context, src: Source) -> str | dict[int, str]:
    """This card (the default) can attack from Defense Position; with `applies_to`, each face-up monster it names
    ("'Superheavy Samurai' monsters you control can attack while in face-up Defense Position", rules spec §U.25),
    each applying the stat `apply` says."""
    stat = str(src.effect.params.get("apply", "atk"))
    if src.effect.params.get("applies_to", "self") == "self":
        return stat
    return {i: stat for i in monsters_it_applies_to(ctx, src, face_up=True)}


def _banish(ctx: Context, src: Source) -> Location:
    return Location.BANISHED


def _replacement(ctx: Context, src: Source) -> DestructionReplacement:
    """Which monsters the replacement protects: this card (the equipped monster, on an equip), or the face-up
    monsters its controller controls that match its filter."""
    p = src.effect.params
    before = bool(p.get("before_battle_damage"))
    by = p.get("by", "battle")
    kinds = {"by_battle": by in ("battle", "both"), "by_effect": by in ("effect", "both")}
    if p.get("protects", "self") == "self":
        return DestructionReplacement((src.host,), bool(p.get("use", True)), before, **kinds)
    flt = p.get("filter") or {}
    cards = tuple(
        i
        for i, c in enumerate(ctx.state.cards)
        if c.location is Location.MONSTER_ZONE
        and c.controller is src.controller
        and c.position is not Position.SET
        and matches(ctx, i, flt)
    )
    return DestructionReplacement(cards, bool(p.get("use", True)), before, **kinds)


def _instead_problem(ctx: Context, src: Source) -> str | None:
    return costs.problem(ctx, src, src.effect.params["instead"])


def _do_instead(ctx: Context, src: Source) -> None:
    """What it does instead; "also, the battle damage you take this turn is halved" (Number 102: Star Seraph
    Sentry) starts now: decided before battle damage, it halves that battle's too (§R.5)."""
    costs.pay(ctx, src, src.effect.params["instead"])
    if src.effect.params.get("halve_battle_damage_this_turn"):
        eff = Effect("halve_battle_damage", EffectKind.CONTINUOUS, params={"player": "controller"})
        actions.add_lingering(ctx, Lingering(eff, src.controller, None, None, "end_of_turn"))


def _condition_not_met(ctx: Context, src: Source) -> bool:
    return True


def _player_decides(eff: Effect) -> bool:
    """A replacement its player may decline asks them as the destroying effect resolves (§U.24: `player_decides`)."""
    return bool(eff.params.get("player_decides"))


CONTINUOUS_TYPES = [
    EffectType(
        "piercing",
        hooks={Hook.PIERCING: _piercing},
    ),
    EffectType(
        "indestructible_by_battle",
        hooks={Hook.INDESTRUCTIBLE_BY_BATTLE: _indestructible},
    ),
    EffectType("avoid_battle_damage", hooks={Hook.BATTLE_DAMAGE: _avoid}),
    EffectType("reflect_battle_damage", hooks={Hook.BATTLE_DAMAGE: _reflect}),
    EffectType("also_inflict_battle_damage", hooks={Hook.BATTLE_DAMAGE: _also}),
    EffectType("both_take_battle_damage", hooks={Hook.BATTLE_DAMAGE: _both}),
    EffectType("double_battle_damage", hooks={Hook.BATTLE_DAMAGE: _double}),
    EffectType("halve_battle_damage", hooks={Hook.BATTLE_DAMAGE: _halve}),
    EffectType("battle_damage_becomes", hooks={Hook.BATTLE_DAMAGE: _becomes}),
    EffectType("no_battle_damage_at_most",
               hooks={Hook.BATTLE_DAMAGE: _at_most, Hook.EFFECT_DAMAGE: _effect_damage_too(_at_most)}),
    EffectType("battle_damage_is_effect_damage", hooks={Hook.BATTLE_DAMAGE: _to_effect}),
    EffectType("gain_lp_instead", hooks={Hook.BATTLE_DAMAGE: _gain, Hook.EFFECT_DAMAGE: _effect_damage_too(_gain)}),
    EffectType("attack_from_defense", hooks={Hook.ATTACK_FROM_DEFENSE: _attack_from_defense}),
    EffectType("stat_modifier", hooks={Hook.STATS: _stat_modifier}),
    EffectType("activation_lock", hooks={Hook.ACTIVATION_LOCK: _activation_lock}),
    # Attack restrictions and permissions (§BP.8), each a kind of its own answering its own hook.
    *(EffectType(kind, hooks={hook: _restricted}) for kind, hook in ATTACK_RULES.items()),
    EffectType("banish_instead_of_graveyard", hooks={Hook.GRAVEYARD_REDIRECT: _banish}),
    EffectType("negates_battle_victims", hooks={Hook.NEGATES_BATTLE_VICTIMS: _negators}),
    EffectType(
        "battle_destruction_replacement",
        hooks={Hook.BATTLE_DESTRUCTION_REPLACEMENT: _replacement},
        cost_problem=_instead_problem,
        pay_cost=_do_instead,
        # "you can ... instead" asks its controller as the destroying effect resolves (§U.24)
        may_ask=_player_decides,
    ),
    # The format gives the condition as text for people; the engine cannot evaluate text, so the
    # condition counts as failing (the cases using it say so). Embedders pass a real predicate.
    EffectType("self_destroy_unless", hooks={Hook.SELF_DESTROY: _condition_not_met}),
    # "If <only_if>, destroy this card" (Ally of Justice Reverse Break: a face-up LIGHT monster on the field).
    EffectType("self_destroy", hooks={Hook.SELF_DESTROY: _destroys_itself}),
    EffectType("extra_attacks", hooks={Hook.ATTACKS: _extra_attacks}),
    EffectType("unaffected", hooks={Hook.UNAFFECTED: _unaffected}),
    EffectType("cannot_be_targeted", hooks={Hook.CANNOT_BE_TARGETED: _untargetable}),
    EffectType("indestructible_by_effects", hooks={Hook.INDESTRUCTIBLE_BY_EFFECTS: _indestructible_by_effects}),
    EffectType("negates_effects", hooks={Hook.NEGATES_EFFECTS: _negated}),
]
# Every continuous kind answers only while its `only_if` holds; those that decide ATK/DEF or negation read ATK/DEF
# without continuous changes there (§U.1: they would otherwise read themselves).
_PLAIN = (Hook.STATS, Hook.NEGATES_EFFECTS)
CONTINUOUS_TYPES = [
    EffectType(t.name, hooks={hook: OnlyIf(h, hook in _PLAIN) for hook, h in t.hooks.items()},
               cost_problem=t.cost_problem, pay_cost=t.pay_cost, may_ask=t.may_ask)
    for t in CONTINUOUS_TYPES
]  # fmt: skip
