"""Cards the scenario format cannot write, written as a simulator author would: their own effect types
on the public API (`engine.EffectType`, `engine.actions`). Register them with `engine.cards.registry()`."""

from __future__ import annotations

from engine import actions
from engine.cards.card import CardDef
from engine.effects import Context, Effect, EffectKind, EffectType, Hook, Lingering, Source, TriggerEvent
from engine.state import ChainLink
from engine.values.game import Attribute, Location, MonsterType, Position


def _own_battler(ctx: Context, src: Source) -> int | None:
    b = ctx.state.battle
    for i in (b.attacker, b.target):
        if i is not None and i >= 0 and ctx.card(i).controller is src.controller:
            return i
    return None


def _roar_difference(ctx: Context, src: Source) -> int:
    """How much higher the opponent's battling monster's ATK is (0 if it is not)."""
    me = _own_battler(ctx, src)
    foe = None if me is None else ctx.battling_opponent(me)
    if me is None or foe is None:
        return 0
    return max(0, actions.current_stats(ctx, foe)[0] - actions.current_stats(ctx, me)[0])


def _roar_condition(ctx: Context, src: Source) -> bool:
    return _roar_difference(ctx, src) > 0


def _roar_cost_problem(ctx: Context, src: Source) -> str | None:
    diff = _roar_difference(ctx, src)
    if diff > ctx.state.players[src.controller].lp:
        return f"{src.controller.name} cannot pay {diff} LP"
    return None


def _roar_pay(ctx: Context, src: Source) -> None:
    actions.lose_lp(ctx, src.controller, _roar_difference(ctx, src), "cost", "cost")


def _roar_operation(ctx: Context, src: Source, link: ChainLink) -> None:
    # The difference is read again on resolution: the cost has been paid, the monsters are the same.
    me = _own_battler(ctx, src)
    foe = None if me is None else ctx.battling_opponent(me)
    if me is None or foe is None:
        return
    diff = max(0, actions.current_stats(ctx, foe)[0] - actions.current_stats(ctx, me)[0])
    actions.change_stats(ctx, me, atk=diff + 300, until="damage_calculation", controller=src.controller)


PRIDEFUL_ROAR = CardDef(
    key="prideful_roar",
    name="Prideful Roar",
    card_type="trap",
    fidelity="exact",
    text="Normal Trap. During damage calculation, if your monster battles an opponent's monster with higher ATK: "
    "pay LP equal to the difference; your monster gains ATK equal to the difference + 300 during that damage "
    "calculation only.",
    ruling="A 'during damage calculation' card: activated only in that window; the gain ends with damage "
    "calculation (rules spec §1.1 item 5, §1.5). https://yugipedia.com/wiki/Prideful_Roar",
    effects=(),
    custom=(
        Effect("prideful_roar", EffectKind.ACTIVATED, speed=2, optional=True, during_damage_calculation=True,
               changes_stats=True, label="Prideful Roar"),
    ),
    types=(
        EffectType("prideful_roar", condition=_roar_condition, cost_problem=_roar_cost_problem, pay_cost=_roar_pay,
                   operation=_roar_operation),
    ),
)  # fmt: skip


def _tomato_summon(ctx: Context, src: Source, link: ChainLink) -> None:
    """Special Summon the first DARK monster with 1500 or less ATK from its controller's Deck."""
    for i, c in enumerate(ctx.state.cards):
        if (c.location is Location.DECK and c.owner is src.controller and c.is_monster
                and c.attribute is Attribute.DARK and c.base_atk <= 1500):  # fmt: skip
            actions.move_card(ctx, i, Location.MONSTER_ZONE, "effect", detail="Special Summoned",
                              position=Position.ATTACK, controller=src.controller)  # fmt: skip
            return


MYSTIC_TOMATO = CardDef(
    key="mystic_tomato",
    name="Mystic Tomato",
    card_type="monster",
    fidelity="exact",
    atk=1400,
    def_=1100,
    level=4,
    attribute="dark",
    monster_type="plant",
    text="When this card is destroyed by battle and sent to the GY: you can Special Summon 1 DARK monster with 1500 "
    "or less ATK from your Deck, in Attack Position.",
    ruling="It triggers at the End of the Damage Step, once it has been sent to the Graveyard (rules spec §1.7.2), "
    "and activates from the Graveyard. https://yugipedia.com/wiki/Mystic_Tomato",
    effects=(),
    custom=(
        Effect("mystic_tomato", EffectKind.TRIGGER, event=TriggerEvent.DESTROYED_BY_BATTLE_AND_SENT_TO_GRAVEYARD,
               optional=True, activate_from=Location.GRAVEYARD, label="Mystic Tomato"),
    ),
    types=(EffectType("mystic_tomato", operation=_tomato_summon),),
)  # fmt: skip

def _machines(ctx: Context, src: Source) -> list[int]:
    """The face-up Machine monsters the effect's controller controls."""
    return [
        i
        for i, c in enumerate(ctx.state.cards)
        if c.location is Location.MONSTER_ZONE and c.position is not Position.SET and c.controller is src.controller
        and c.monster_type is MonsterType.MACHINE and not c.battle_destroyed
    ]  # fmt: skip


def _limiter_condition(ctx: Context, src: Source) -> bool:
    return bool(_machines(ctx, src))


def _limiter_operation(ctx: Context, src: Source, link: ChainLink) -> None:
    """Double their ATK (a freezing value: "its ATK is doubled"), and destroy them in the End Phase."""
    doubled = []
    for i in _machines(ctx, src):
        atk = actions.current_stats(ctx, i)[0]
        if actions.change_stats(ctx, i, set_atk=atk * 2, until="end_of_turn", controller=src.controller):
            doubled.append((i, ctx.card(i).instance))
    marker = Effect("limiter_removal_end_phase", EffectKind.CONTINUOUS, params={"monsters": doubled})
    actions.add_lingering(ctx, Lingering(marker, src.controller, None, None, "end_of_turn"))


def _limiter_end_phase(ctx: Context, src: Source) -> None:
    """"During the End Phase of this turn, destroy those monsters": the same cards, still on the field."""
    for i, instance in src.effect.params["monsters"]:
        if ctx.card(i).instance == instance and ctx.card(i).location is Location.MONSTER_ZONE:
            actions.destroy(ctx, i, "effect", detail="Limiter Removal: destroyed in the End Phase")


LIMITER_REMOVAL = CardDef(
    key="limiter_removal",
    name="Limiter Removal",
    card_type="spell",
    fidelity="exact",
    text="Quick-Play Spell. Double the ATK of all Machine monsters you currently control, until the end of this "
    "turn. During the End Phase of this turn, destroy those monsters.",
    ruling="It directly changes ATK, so it can be used in the Damage Step until damage calculation (rules spec "
    "§1.1 item 4); the monsters are destroyed in the End Phase (here: `Duel.end_turn`), if they are still the same "
    "cards on the field. https://yugipedia.com/wiki/Limiter_Removal",
    effects=(),
    custom=(
        Effect("limiter_removal", EffectKind.ACTIVATED, speed=2, optional=True, changes_stats=True,
               label="Limiter Removal"),
    ),
    types=(
        EffectType("limiter_removal", condition=_limiter_condition, operation=_limiter_operation),
        EffectType("limiter_removal_end_phase", hooks={Hook.END_OF_TURN: _limiter_end_phase}),
    ),
)  # fmt: skip

CARDS = (PRIDEFUL_ROAR, MYSTIC_TOMATO, LIMITER_REMOVAL)
