"""Cards that finish their work in a later turn's Standby Phase (rules spec §U.31): Adhesive Explosive and Blast
Sphere (equipped to the monster that attacked them face-down; their Equip Card's trigger destroys it in the opponent's
next Standby Phase), Lava Golem (a Standby Phase trigger of its controller's turn)."""

from __future__ import annotations

from engine.cards.card import CardDef

# "If this face-down Defense Position card was attacked by an opponent's monster, before damage calculation: equip
# this card to the attacking monster" (a mandatory trigger on EVENT_BATTLE_CONFIRM; §U.31).
_EQUIP_TO_ATTACKER = {
    "kind": "trigger", "on": "before_damage_calculation", "optional": False,
    "condition": ["was_face_down_at_start", "opponent_attacks"], "does": [{"op": "equip", "target": "attacker"}],
}
# The Equip Card's trigger in its controller's opponent's Standby Phase: its `self` is the equipped monster (§C.3).
_IN_OPPONENT_STANDBY = {"kind": "trigger", "on": "standby_phase", "optional": False, "condition": "equip_card",
                        "only_if": {"turn": "opponent"}}
_DESTROY_EQUIPPED = {"op": "destroy", "target": "self", "if_condition": "equip_card"}

ADHESIVE_EXPLOSIVE = CardDef(
    key="adhesive_explosive",
    name="Adhesive Explosive",
    card_type="monster",
    atk=1000,
    def_=1000,
    level=3,
    attribute="wind",
    monster_type="machine",
    text="Before damage calculation, if this card was attacked by your opponent's monster and was in face-down "
    "Defense Position at the start of the Damage Step: Equip this card to the attacking monster. Then, during your "
    "opponent's next Standby Phase, destroy the monster this card is equipped to.",
    ruling="CardScripts c53828396: a mandatory trigger on EVENT_BATTLE_CONFIRM while it is the attack target in "
    "face-down Defense Position (GetBattlePosition); the equip registers on the card a mandatory trigger "
    "(EVENT_PHASE+PHASE_STANDBY, range the Spell & Trap Zone, not its controller's turn) reset when it leaves the "
    "field, which destroys its equipped monster (rules spec §U.31). Cases SB-LIB-AE-001, SB-AE-001..004. "
    "https://yugipedia.com/wiki/Adhesive_Explosive",
    effects=(_EQUIP_TO_ATTACKER, {**_IN_OPPONENT_STANDBY, "does": [_DESTROY_EQUIPPED]}),
    fidelity="exact",
)  # fmt: skip

BLAST_SPHERE = CardDef(
    key="blast_sphere",
    name="Blast Sphere",
    card_type="monster",
    atk=1400,
    def_=1400,
    level=4,
    attribute="dark",
    monster_type="machine",
    text="If this face-down Defense Position card was attacked by an opponent's monster, before damage calculation: "
    "Equip this card to the attacking monster. Then, during your opponent's next Standby Phase: Destroy the monster "
    "this card is equipped to, and if you do, inflict damage to your opponent equal to the ATK the destroyed monster "
    "had on the field.",
    ruling="CardScripts c26302522: as Adhesive Explosive's, its Standby Phase trigger then inflicting the ATK the "
    "monster had as it was destroyed (its last known ATK, rules spec §R.2, §U.31). Cases SB-LIB-BS-001, SB-BS-001. "
    "https://yugipedia.com/wiki/Blast_Sphere",
    effects=(_EQUIP_TO_ATTACKER, {**_IN_OPPONENT_STANDBY, "does": [
        _DESTROY_EQUIPPED,
        {"op": "damage", "player": "opponent", "equal_to": {"of": "acted_on", "stat": "atk"}, "if_you_do": True}]}),
    fidelity="exact",
)  # fmt: skip

LAVA_GOLEM = CardDef(
    key="lava_golem",
    name="Lava Golem",
    card_type="monster",
    atk=3000,
    def_=2500,
    level=8,
    attribute="fire",
    monster_type="fiend",
    text="Cannot be Normal Summoned/Set. Must first be Special Summoned (from your hand) to your opponent's field by "
    "Tributing 2 monsters they control. You cannot Normal Summon/Set the turn you Special Summon this card. Once per "
    "turn, during your Standby Phase: Take 1000 damage.",
    ruling="CardScripts c102380: a mandatory trigger (EVENT_PHASE+PHASE_STANDBY, once per turn) in its controller's "
    "turn (rules spec §U.31); its Summon from the hand is the host's, in a Main Phase (as every library card's Main "
    "Phase actions, §U.25). Case SB-LIB-LG-001. https://yugipedia.com/wiki/Lava_Golem",
    effects=(
        {"kind": "trigger", "on": "standby_phase", "optional": False, "once_per_turn": "soft",
         "only_if": {"turn": "own"}, "does": [{"op": "damage", "player": "controller", "amount": 1000}]},
    ),
    fidelity="exact",
)  # fmt: skip

CARDS = (ADHESIVE_EXPLOSIVE, BLAST_SPHERE, LAVA_GOLEM)
