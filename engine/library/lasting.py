"""Operations whose effect lasts after they resolve, applying to a player or to all of their monsters rather than to the
cards there when they resolved (rules spec §BP.13), and the multiple-attack permissions an effect grants as it
resolves (§BP.12).

"You take no battle damage this turn, and your monsters cannot be destroyed by battle this turn" (Waboku) applies to
every later attack of the turn and to every monster of that player, one Summoned after it resolved included (OCG
ruling on Waboku, Yugipedia "Card Rulings:Waboku"; ProjectIgnis/CardScripts `c12607053`: two field effects, reset at
the End Phase). The engine leaves a continuous effect of the format's kinds lingering with no card (`Lingering.card`
None): it is asked like a card's continuous effect, picking its monsters whenever it is asked, until it expires.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from engine import actions
from engine.effects import Context, Effect, EffectKind, Lingering, Source
from engine.library.continuous import ATTACK_RULES
from engine.library.refs import ref
from engine.library.targets import card_for
from engine.rules.this_turn import attacks_this_turn
from engine.rules.unaffected import unaffected_by
from engine.state import ChainLink
from engine.values.events import EventType
from engine.values.game import Location, Position, is_on_field
from engine.values.params import Params

# The continuous kinds an effect may leave applying to a player or to their monsters (none names its own card).
LASTING_KINDS: Final = frozenset(
    {"avoid_battle_damage", "halve_battle_damage", "battle_damage_becomes", "gain_lp_instead",
     "indestructible_by_battle", "cannot_be_targeted", "negates_effects", "banished_if_leaves_field", *ATTACK_RULES,
     "piercing", "double_battle_damage", "activation_lock", "at_timing"}
)  # fmt: skip
_NOT_PARAMS: Final = frozenset({"op", "kind", "until", "if_you_do", "later", "while_face_up", "target"})
_PLAYER_KINDS: Final = frozenset(
    {"avoid_battle_damage", "halve_battle_damage", "battle_damage_becomes", "gain_lp_instead"}
)


def lasting_effect(ctx: Context, src: Source, link: ChainLink, op: Params) -> None:
    """A continuous effect of kind `op["kind"]` (with the op's other keys as its parameters) applies from now until
    `until` (default `end_of_turn`), as the effect's controller sees it: "your monsters cannot be destroyed by battle
    this turn" is `indestructible_by_battle` with `applies_to: own_monsters`, read whenever it is asked."""
    params = {k: v for k, v in op.items() if k not in _NOT_PARAMS and v is not None}
    kind = str(op["kind"])
    cond = params.get("only_if")
    if isinstance(cond, Mapping) and isinstance(cond.get("controls"), Mapping):  # (one entry: a list of one)
        params["only_if"] = {**cond, "controls": (cond["controls"],)}
    holder = None
    if op.get("target") is not None:  # kept on that one card while it stays on the field (§U.25, §U.29)
        holder = card_for(ctx, src, link, str(op["target"]))
        if holder is None or not is_on_field(ctx.card(holder).location) or unaffected_by(ctx, holder, src):
            return
        params.setdefault("applies_to", "self")
    elif kind not in _PLAYER_KINDS:
        params.setdefault("applies_to", "own_monsters")  # (no card of its own: "self" would name none)
    if params.get("applies_to") == "other_own_monsters":
        params["other_than"] = other_than(ctx, src)
    face_up = bool(op.get("while_face_up"))
    if face_up:
        holder = face_up_holder(ctx, src)
        if holder is None:
            return  # "the effect lasts while this card is face-up": not face-up on the field now, it never applies
    _linger(ctx, src, kind, params, str(op.get("until", "end_of_turn")), holder, face_up)


def face_up_holder(ctx: Context, src: Source) -> int | None:
    """The effect's own card, if it is face-up on the field now: an effect that "lasts while this card is face-up on
    the field" is kept on it (rules spec §U.25) and ends as it leaves the field or is turned face-down (a new card for
    the rules: `actions.drop_stale_lingering`, `actions.face_down_reset`)."""
    if src.card < 0:
        return None
    card = ctx.card(src.card)
    if card.location is Location.MONSTER_ZONE:
        return src.card if card.position is not Position.SET else None
    return src.card if is_on_field(card.location) and not card.face_down else None


def other_than(ctx: Context, src: Source) -> tuple[int, int]:
    """"Other monsters you control" of an effect that lasts with no card of its own: every monster but this card as it
    is when the effect resolves (a card that left the field and came back is another card; rules spec §U.26;
    ProjectIgnis/CardScripts c88305705: `e:GetLabel()~=c:GetFieldID()`)."""
    return (src.card, ctx.card(src.card).instance)


def no_battle_damage_this_turn(ctx: Context, src: Source, link: ChainLink, op: Params) -> None:
    """"You take no battle damage this turn": that player (`player`: controller by default, opponent, both) takes
    none from any battle until `until` (default `end_of_turn`)."""
    params = {"player": op.get("player", "controller")}
    _linger(ctx, src, "avoid_battle_damage", params, str(op.get("until", "end_of_turn")))


def _linger(
    ctx: Context, src: Source, kind: str, params: dict[str, Any], until: str, holder: int | None = None,
    face_up: bool = False,
) -> None:
    """Leave the effect lingering: on no card, or kept on `holder` (it ends as that card leaves the field; with
    `face_up`, also as it is turned face-down)."""
    if kind == "avoid_battle_damage":
        params["scope"] = "all"  # (a player's damage from every battle, not one card's)
    eff = Effect(kind, EffectKind.CONTINUOUS, params=params)
    instance = None if holder is None else ctx.card(holder).instance
    actions.add_lingering(ctx, Lingering(eff, src.controller, holder, instance, until))
    ctx.emit(EventType.LINK_RESOLVED, "effect", card=None if face_up else holder, player=src.controller,
             detail=f"{kind.replace('_', ' ')} until {until.replace('_', ' ')}"
             + (" while this card is face-up" if face_up else ""))  # fmt: skip


def attack_again(ctx: Context, src: Source, link: ChainLink, op: Params) -> None:
    """"It can make a second attack (attack again) this Battle Phase": the monster (`target`, default `attacker`) may
    declare one attack more than it has declared this turn. With `in_a_row` ("it can make a second attack in a
    row"; "this must be the next attack"), only if its next attack is the next one declared: once another monster
    declares an attack first, the permission is lost (OCG-BP L244-247, Konami FAQ 12530). Until the end of the Battle
    Phase."""
    index = ref(ctx, src, str(op.get("target", "attacker")))
    if index is None or ctx.card(index).location is not Location.MONSTER_ZONE or unaffected_by(ctx, index, src):
        return
    card = ctx.card(index)
    attacks = attacks_this_turn(ctx.state)
    done = sum(1 for _t, b in attacks if b.attacker == index and b.attacker_instance == card.instance)
    params: dict[str, object] = {"attacks": done + 1}
    if op.get("in_a_row"):
        params["in_a_row"] = len(attacks)
    eff = Effect("extra_attacks", EffectKind.CONTINUOUS, params=params)
    actions.add_lingering(ctx, Lingering(eff, src.controller, index, card.instance, "end_of_battle_phase"))
    ctx.emit(EventType.LINK_RESOLVED, "effect", card=index,
             detail="can attack again" + (" (its next attack must be the next one)" if op.get("in_a_row") else ""))


LASTING_OPS: Final = {
    "lasting_effect": lasting_effect,
    "no_battle_damage_this_turn": no_battle_damage_this_turn,
    "attack_again": attack_again,
}
