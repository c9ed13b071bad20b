"""References to cards and values an effect names (the scenario format's target references: "attacker",
"own_battler"...; a monster's current or original ATK/DEF, as it was if it left the field): read by operations,
conditions and costs alike."""

from __future__ import annotations

from engine.effects import Context, Source
from engine.rules.last_known import battler_instance, stats_as_they_were
from engine.rules.rounding import halved
from engine.rules.stats import original_stats
from engine.values.game import Location, Player, opponent_of
from engine.values.params import Params


def ref(ctx: Context, src: Source, name: str) -> int | None:
    """A target reference: attacker, target, self, battling_opponent, own_battler (the battling
    monster the effect's controller controls), opponent_battler (the one their opponent controls) or
    a card id."""
    b = ctx.state.battle
    if name == "attacker":  # "the attacking monster": none before a declaration, nor once the attack stopped
        return b.attacker if b.under_way else None
    if name == "target":
        return b.target
    if name == "self":
        return src.host
    if name == "battling_opponent":
        return ctx.battling_opponent(src.host)
    if name == "own_battler":
        return own_battler(ctx, src.controller)
    if name == "opponent_battler":
        return own_battler(ctx, opponent_of(src.controller))
    for i, c in enumerate(ctx.state.cards):
        if c.id == name:
            return i
    return None


# Operations that directly change ATK/DEF (Damage Step legality §1.1; face-up targets only).


def own_battler(ctx: Context, player: Player) -> int | None:
    """The monster `player` controls in this battle ("a monster you control battles"), if any."""
    b = ctx.state.battle
    for i in (b.attacker, b.target):
        if i is None or i < 0:  # no attack declared yet (engine.turns.NO_ATTACK)
            continue
        if ctx.card(i).location is Location.MONSTER_ZONE and ctx.card(i).controller is player:
            return i
    return None


def value_of(ctx: Context, src: Source, source: Params) -> int:
    """A monster's value (`of`, `stat`: current or original ATK/DEF, as it was if it left the field, §R.2), less
    another monster's same value (`minus`, never below 0: "the difference in ATK"), halved if `halved`; 0 if there
    is no such monster."""
    stat = str(source.get("stat", "atk"))

    def read(name: str) -> int | None:
        index = ref(ctx, src, name)
        if index is None:
            return None
        if stat.startswith("original_"):
            card = ctx.card(index)
            if not card.face_up_on_field:
                return card.base_atk if stat == "original_atk" else card.base_def
            return original_stats(ctx, index)[0 if stat == "original_atk" else 1]
        stats = stats_as_they_were(ctx, index, battler_instance(ctx, index))
        return None if stats is None else stats[0 if stat == "atk" else 1]

    value = read(str(source["of"]))
    if value is None:
        return 0  # no such monster, or one never on the field
    if source.get("minus") is not None:
        value = max(0, value - (read(str(source["minus"])) or 0))
    return halved(value) if source.get("halved") else value
