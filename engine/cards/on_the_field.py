"""Cards that stay on the field (rules spec §C): Continuous Traps whose effects apply while they are face-up, Equip
Spells, and Traps that become Equip Cards. Their activation resolves once; afterwards they are never activated
again while face-up (§C.2), and an Equip Card is destroyed when its monster leaves the field (§C.3)."""

from __future__ import annotations

from engine.cards.card import CardDef

KUNAI_WITH_CHAIN = CardDef(
    key="kunai_with_chain",
    name="Kunai with Chain",
    card_type="trap",
    fidelity="exact",
    text="Normal Trap. Activate 1 of these effects: target 1 attacking monster your opponent controls; change that "
    "target to Defense Position. Or: target 1 face-up monster you control; equip this card to that target: it gains "
    "500 ATK. (Its modes are its effects 2 and 0: the player picks one when activating it, with the choice's "
    "effect.)",
    ruling="A Trap that becomes an Equip Card stays on the field while it equips the monster and is destroyed when "
    "that monster leaves the field (rules spec §C.1, §C.3, from the Perfect Rulebook's Equip Spell rules, 'the same "
    "for equipped Traps'); it changes no ATK directly, so it is activated before the Damage Step. "
    "https://yugipedia.com/wiki/Kunai_with_Chain",
    effects=(
        {"kind": "activated", "speed": 2, "target": {"player": "controller", "filter": {"face_up": True}},
         "does": [{"op": "equip", "target": "targeted"}]},
        {"kind": "stat_modifier", "atk": 500},
        {"kind": "activated", "speed": 2, "target": {"player": "opponent", "attacking": True},
         "does": [{"op": "change_position", "target": "targeted", "to": "defense"}]},
    ),
)  # fmt: skip

GRAVITY_BIND = CardDef(
    key="gravity_bind",
    name="Gravity Bind",
    card_type="trap",
    fidelity="exact",
    property="continuous",
    text="Continuous Trap. Level 4 or higher monsters cannot declare an attack.",
    ruling="A Continuous Trap stays face-up once activated and its effect applies while it does (rules spec §C.1); "
    "it stops declarations only, so an attack already declared goes on (§BP.8). "
    "https://yugipedia.com/wiki/Gravity_Bind",
    effects=(
        {"kind": "activated", "speed": 2},
        {"kind": "cannot_declare_attack", "applies_to": "all_monsters", "filter": {"level_at_least": 4}},
    ),
)

AXE_OF_DESPAIR = CardDef(
    key="axe_of_despair",
    name="Axe of Despair",
    card_type="spell",
    fidelity="exact",
    property="equip",
    text="Equip Spell. The equipped monster gains 1000 ATK. When this card is sent from the field to the GY: You "
    "can Tribute 1 monster; place this card on top of your Deck.",
    ruling="An Equip Spell stays while it equips a monster, and is destroyed (not by a card effect) when that "
    "monster leaves the field or is turned face-down (rules spec §C.1, §C.3). A Spell Speed 1 Spell: placed "
    "equipped in a scenario, as it is activated in a Main Phase. Its last effect is an optional trigger from the "
    "Graveyard, in the Damage Step too, the Tribute its cost (ProjectIgnis/CardScripts c40619825: EVENT_TO_GRAVE, "
    "IsPreviousLocation(LOCATION_ONFIELD), EFFECT_FLAG_DAMAGE_STEP, SelectReleaseGroupCost, SEQ_DECKTOP; rules spec "
    "§U.29; case APX-AXE-001). https://yugipedia.com/wiki/Axe_of_Despair",
    effects=(
        {"kind": "activated", "speed": 1, "target": {"filter": {"face_up": True}},
         "does": [{"op": "equip", "target": "targeted"}]},
        {"kind": "stat_modifier", "atk": 1000},
        {"kind": "trigger", "on": "sent_to_graveyard", "optional": True, "condition": "sent_from_field",
         "from": "graveyard", "cost": {"tribute": 1},
         "does": [{"op": "place_in_deck", "target": "self", "position": "top"}]},
    ),
)

CARDS = (KUNAI_WITH_CHAIN, GRAVITY_BIND, AXE_OF_DESPAIR)
