"""Cards used in the Battle Step that stop an attack without answering its declaration: they take the attacking
monster away, change its battle position, or forbid new declarations (rules spec §BP.6, §BP.8). None of them
changes ATK/DEF, so none can be activated in the Damage Step (§1.1)."""

from __future__ import annotations

from engine.cards.card import CardDef

THREATENING_ROAR = CardDef(
    key="threatening_roar",
    name="Threatening Roar",
    card_type="trap",
    fidelity="exact",
    text="Normal Trap. Your opponent cannot declare an attack this turn.",
    ruling="Activated at an attack declaration it does not stop that attack, which was already declared; later "
    "declarations are refused (Konami FAQ card 6278, OCG-BP L175; rules spec §BP.6, §BP.8). "
    "https://yugipedia.com/wiki/Threatening_Roar",
    effects=(
        {"kind": "activated", "speed": 2,
         "does": [{"op": "restrict", "kind": "cannot_declare_attack", "applies_to": "opponent_monsters"}]},
    ),
)  # fmt: skip

BOOK_OF_MOON = CardDef(
    key="book_of_moon",
    name="Book of Moon",
    card_type="spell",
    fidelity="exact",
    text="Quick-Play Spell. Target 1 face-up monster on the field; it is changed to face-down Defense Position.",
    ruling="An attacking monster changed to face-down Defense Position is no longer attacking: the attack stops "
    "with no replay (OCG-BP L178; Konami FAQ 19185; rules spec §BP.6); it changes no ATK/DEF, so it cannot be used "
    "in the Damage Step (§1.1). https://yugipedia.com/wiki/Book_of_Moon",
    effects=(
        {"kind": "activated", "speed": 2, "target": {"filter": {"face_up": True}},
         "does": [{"op": "change_position", "target": "targeted", "to": "set"}]},
    ),
)  # fmt: skip

ENEMY_CONTROLLER = CardDef(
    key="enemy_controller",
    name="Enemy Controller",
    card_type="spell",
    fidelity="exact",
    text="Quick-Play Spell. Activate 1 of these effects: target 1 face-up monster your opponent controls; change "
    "that target's battle position. Or: Tribute 1 monster, then target 1 face-up monster your opponent controls; "
    "take control of it until the End Phase. (Its modes are its effects 0 and 1: the player picks one when "
    "activating it, with the choice's effect.)",
    ruling="An attacking monster changed to Defense Position in the Battle Step can no longer battle: the Damage "
    "Step is not entered (official rulebook pp.38-39, LB-BS L56; OCG-BP L178; rules spec §BP.6); one whose control "
    "changes stops attacking too (§BP.6), and control goes back at the end of the turn (rules spec §U.11; case "
    "UP-ECT-001). https://yugipedia.com/wiki/Enemy_Controller",
    effects=(
        {"kind": "activated", "speed": 2, "target": {"player": "opponent", "filter": {"face_up": True}},
         "does": [{"op": "change_position", "target": "targeted", "to": "other"}]},
        {"kind": "activated", "speed": 2, "target": {"player": "opponent", "filter": {"face_up": True}},
         "cost": {"tribute": 1}, "does": [{"op": "take_control", "target": "targeted", "until": "end_of_turn"}]},
    ),
)  # fmt: skip

COMPULSORY_EVACUATION_DEVICE = CardDef(
    key="compulsory_evacuation_device",
    name="Compulsory Evacuation Device",
    card_type="trap",
    fidelity="exact",
    text="Normal Trap. Target 1 monster on the field; it returns to the hand.",
    ruling="An attacking monster returned to the hand ends its attack (Konami FAQ 15663, OCG-BP L1014; rules spec "
    "§BP.6); it is not an ATK/DEF change, so it is refused in the Damage Step (§1.1; case DS-097). "
    "https://yugipedia.com/wiki/Compulsory_Evacuation_Device",
    effects=(
        {"kind": "activated", "speed": 2, "target": {},
         "does": [{"op": "return_to_hand", "target": "targeted"}]},
    ),
)  # fmt: skip

CARDS = (THREATENING_ROAR, BOOK_OF_MOON, ENEMY_CONTROLLER, COMPULSORY_EVACUATION_DEVICE)
