"""Cards that answer an attack declaration: Traps activated "when an opponent's monster declares an attack"
(rules spec §BP.4: only in the chain that responds to the declaration) and monsters whose hand effect answers a
direct attack's declaration. Each stops the attack in the Battle Step, before any Damage Step (§BP.6)."""

from __future__ import annotations

from engine.cards.card import CardDef

_DECLARED = {"on": "attack_declared", "condition": "opponent_attacks"}

MIRROR_FORCE = CardDef(
    key="mirror_force",
    name="Mirror Force",
    card_type="trap",
    fidelity="exact",
    text="Normal Trap. When a monster of your opponent declares an attack: every Attack Position monster your "
    "opponent controls is destroyed.",
    ruling="Activated only in the chain responding to the declaration (official rulebook pp.38-39, LB-BS L48); the "
    "attacking monster leaves the field, so the attack ends with no Damage Step and no replay (rules spec §BP.6; "
    "cases BS-001, LC-MF-*). https://yugipedia.com/wiki/Mirror_Force",
    effects=(
        {"kind": "activated", "speed": 2, **_DECLARED,
         "does": [{"op": "destroy_all", "player": "opponent", "filter": {"position": "attack"}}]},
    ),
)  # fmt: skip

SAKURETSU_ARMOR = CardDef(
    key="sakuretsu_armor",
    name="Sakuretsu Armor",
    card_type="trap",
    fidelity="exact",
    text="Normal Trap. When a monster of your opponent declares an attack: target the attacking monster; it is "
    "destroyed.",
    ruling="The target is 'the attacking monster': one that is no longer attacking when it resolves (Book of Moon "
    "chained to it) is not destroyed (Konami FAQ 19185; rules spec §BP.6). "
    "https://yugipedia.com/wiki/Sakuretsu_Armor",
    effects=(
        {"kind": "activated", "speed": 2, **_DECLARED, "target": "attacker",
         "does": [{"op": "destroy", "target": "attacker"}]},
    ),
)  # fmt: skip

DIMENSIONAL_PRISON = CardDef(
    key="dimensional_prison",
    name="Dimensional Prison",
    card_type="trap",
    fidelity="exact",
    text="Normal Trap. When a monster of your opponent declares an attack: target the attacking monster; it is "
    "banished.",
    ruling="A monster that 'cannot attack' from a chained effect is still the attacking monster until the chain "
    "has resolved, so it is banished (Konami FAQ 24306, 2026; rules spec §BP.6). "
    "https://yugipedia.com/wiki/Dimensional_Prison",
    effects=(
        {"kind": "activated", "speed": 2, **_DECLARED, "target": "attacker",
         "does": [{"op": "banish", "target": "attacker"}]},
    ),
)  # fmt: skip

MAGIC_CYLINDER = CardDef(
    key="magic_cylinder",
    name="Magic Cylinder",
    card_type="trap",
    fidelity="exact",
    text="Normal Trap. When a monster of your opponent declares an attack: target the attacking monster; negate the "
    "attack, and if you do, inflict damage to your opponent equal to its ATK.",
    ruling="The damage is effect damage, the ATK read when it resolves (yugioh-wiki.net 'Magic Cylinder'; rules "
    "spec §BP.6: a negated attack stops in the Battle Step); once its target has left the field (or is no longer a "
    "legal target) it does nothing: no negation, no damage (ProjectIgnis/CardScripts c62279055; case LC-MC-002). "
    "https://yugipedia.com/wiki/Magic_Cylinder",
    effects=(
        {"kind": "activated", "speed": 2, **_DECLARED, "target": "attacker",
         "does": [{"op": "negate_attack", "target": "attacker"},
                  {"op": "damage", "player": "opponent", "equal_to": {"of": "attacker", "stat": "atk"}}]},
    ),
)  # fmt: skip

NEGATE_ATTACK = CardDef(
    key="negate_attack",
    name="Negate Attack",
    card_type="counter_trap",
    fidelity="exact",
    text="Counter Trap. When a monster of your opponent declares an attack: target it; the attack is negated, then "
    "the Battle Phase ends.",
    ruling="Ending the Battle Phase means going to the End Step, not straight to Main Phase 2 (Konami OCG rule "
    "compilation, OCG-BP L1056; rules spec §BP.7); a Counter Trap is Spell Speed 3. "
    "https://yugipedia.com/wiki/Negate_Attack",
    effects=(
        {"kind": "activated", **_DECLARED, "target": "attacker",
         "does": [{"op": "negate_attack"}, {"op": "end_battle_phase"}]},
    ),
)  # fmt: skip

DRAINING_SHIELD = CardDef(
    key="draining_shield",
    name="Draining Shield",
    card_type="trap",
    fidelity="exact",
    text="Normal Trap. When a monster of your opponent declares an attack: target the attacking monster; its "
    "attack is negated and you gain LP equal to its ATK.",
    ruling="A Magic Cylinder that heals instead (yugioh-wiki.net 'Draining Shield': it targets the attacking "
    "monster); the attack stops in the Battle Step (rules spec §BP.6); once its target has left the field it does "
    "nothing (ProjectIgnis/CardScripts c43250041; case LC-DS-002). https://yugipedia.com/wiki/Draining_Shield",
    effects=(
        {"kind": "activated", "speed": 2, **_DECLARED, "target": "attacker",
         "does": [{"op": "negate_attack", "target": "attacker"},
                  {"op": "gain_lp", "player": "controller", "equal_to": {"of": "attacker", "stat": "atk"}}]},
    ),
)  # fmt: skip

BATTLE_FADER = CardDef(
    key="battle_fader",
    name="Battle Fader",
    card_type="monster",
    fidelity="exact",
    atk=0,
    def_=0,
    level=1,
    attribute="dark",
    monster_type="fiend",
    text="When a monster of your opponent declares a direct attack: you can Special Summon this card from your hand, "
    "then end the Battle Phase. If this card Summoned this way leaves the field, banish it.",
    ruling="A trigger effect from the hand on the declaration of a direct attack only, not on a replay's new "
    "choice (rules spec §BP.9, §BP.5); the Summon and the end of the Battle Phase are one resolution, and the "
    "Battle Phase goes to its End Step (OCG-BP L1056; cases BS-008, BS-009); its controller chooses its position, "
    "face-up Attack or Defense (§U.16; case RD-BF-001). Summoned this way, it is banished wherever it would go "
    "from the field (ProjectIgnis/CardScripts c19665973: EFFECT_LEAVE_FIELD_REDIRECT, LOCATION_REMOVED, given by "
    "the Summon; rules spec §U.29; case APX-BF-001). https://yugipedia.com/wiki/Battle_Fader",
    effects=(
        {"kind": "trigger", "from": "hand", "on": "attack_declared", "optional": True,
         "condition": ["opponent_attacks", "direct_attack"],
         "does": [{"op": "special_summon", "card": "self"},
                  {"op": "lasting_effect", "kind": "banished_if_leaves_field", "target": "self", "until": "permanent",
                   "if_you_do": True},
                  {"op": "end_battle_phase", "if_you_do": True}]},
    ),
)  # fmt: skip

SWIFT_SCARECROW = CardDef(
    key="swift_scarecrow",
    name="Swift Scarecrow",
    card_type="monster",
    fidelity="exact",
    atk=0,
    def_=0,
    level=1,
    attribute="earth",
    monster_type="machine",
    text="When a monster of your opponent declares a direct attack: you can discard this card; the attack is "
    "negated, then the Battle Phase ends.",
    ruling="Discarding it is the cost; it negates the attack first and then ends the Battle Phase "
    "(yugioh-wiki.net 'Swift Scarecrow'; rules spec §BP.6, §BP.7). https://yugipedia.com/wiki/Swift_Scarecrow",
    effects=(
        {"kind": "activated", "speed": 2, "from": "hand", "on": "attack_declared",
         "condition": ["opponent_attacks", "direct_attack"], "cost": {"discard_self": True},
         "does": [{"op": "negate_attack"}, {"op": "end_battle_phase"}]},
    ),
)  # fmt: skip

CARDS = (MIRROR_FORCE, SAKURETSU_ARMOR, DIMENSIONAL_PRISON, MAGIC_CYLINDER, NEGATE_ATTACK, DRAINING_SHIELD,
         BATTLE_FADER, SWIFT_SCARECROW)  # fmt: skip
