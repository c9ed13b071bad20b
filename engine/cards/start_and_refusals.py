"""A start-of-the-Damage-Step trigger, and a Trap the Damage Step refuses."""

from __future__ import annotations

from engine.cards.card import CardDef

MYSTIC_SWORDSMAN_LV2 = CardDef(
    key="mystic_swordsman_lv2",
    name="Mystic Swordsman LV2",
    card_type="monster",
    fidelity="exact",
    atk=900,
    def_=0,
    level=2,
    attribute="earth",
    monster_type="warrior",
    text="At the start of the Damage Step, if this card attacks a face-down monster: destroy that monster "
    "(it is not flipped).",
    ruling="It is destroyed at the Start of the Damage Step, before it would be flipped: no FLIP effect, no damage "
    "calculation (rules spec §1.3, §1.8). https://yugipedia.com/wiki/Mystic_Swordsman_LV2",
    effects=(
        {"kind": "trigger", "on": "start_of_damage_step", "optional": False, "condition": "attacking_face_down",
         "does": [{"op": "destroy", "target": "battling_opponent"}]},
    ),
)  # fmt: skip

WABOKU = CardDef(
    key="waboku",
    name="Waboku",
    card_type="trap",
    fidelity="exact",
    text="Normal Trap. This turn, you take no battle damage, and your monsters cannot be destroyed by battle.",
    ruling="Exact: both effects last the turn and apply to that player and to every monster they control, one "
    "Summoned after it resolved included (OCG ruling, Yugipedia 'Card Rulings:Waboku'; rules spec §BP.13). It neither "
    "changes ATK/DEF nor negates an activation, so it cannot be activated in the Damage Step (Konami 'Damage Step "
    "Rules'; rules spec §1.1). The battle damage avoided is the player's own, whatever monster inflicts it: it "
    "affects no monster, so an opponent's monster unaffected by Traps changes nothing (ProjectIgnis/CardScripts "
    "c12607053: EFFECT_AVOID_BATTLE_DAMAGE on the player; cases BT-001, BT-014, LC3-WAB-001). "
    "https://yugipedia.com/wiki/Waboku",
    effects=(
        {"kind": "activated", "speed": 2,
         "does": [{"op": "no_battle_damage_this_turn", "player": "controller"},
                  {"op": "lasting_effect", "kind": "indestructible_by_battle", "applies_to": "own_monsters"}]},
    ),
)  # fmt: skip

CARDS = (MYSTIC_SWORDSMAN_LV2, WABOKU)
