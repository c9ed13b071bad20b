"""Monsters whose continuous effects shape every battle they are in: which value they battle with, how much
battle damage they inflict and how, who can be attacked, what can be activated (rules spec §2.1, §2.4, §2.6,
§BP.8). Nothing is activated: the effects apply while the card is face-up on the field."""

from __future__ import annotations

from engine.cards.card import CardDef

SUPERHEAVY_SAMURAI_BIG_BENKEI = CardDef(
    key="superheavy_samurai_big_benkei",
    name="Superheavy Samurai Big Benkei",
    card_type="monster",
    fidelity="exact",
    atk=1000,
    def_=3500,
    level=8,
    attribute="earth",
    monster_type="machine",
    text="This card can attack while in face-up Defense Position; it then applies its DEF for damage calculation. "
    "(Its effect when Normal Summoned, in a Main Phase, is the host's.)",
    ruling="Attacking with its DEF, it uses its DEF as the value compared, in place of ATK (Konami blog "
    "'Superheavy Samurai Weigh In!'; Konami OCG FAQ 7420; rules spec §2.1; cases DS-083, RF-017). "
    "https://yugipedia.com/wiki/Superheavy_Samurai_Big_Benkei",
    effects=({"kind": "attack_from_defense", "apply": "def"},),
)

TOTAL_DEFENSE_SHOGUN = CardDef(
    key="total_defense_shogun",
    name="Total Defense Shogun",
    card_type="monster",
    fidelity="exact",
    atk=1550,
    def_=2500,
    level=6,
    attribute="dark",
    monster_type="warrior",
    text="This card can attack while in Defense Position; it then applies its ATK for damage calculation. (Its "
    "change to Defense Position when Normal or Flip Summoned, in a Main Phase, is the host's.)",
    ruling="Its text: 'apply the ATK of this card for damage calculation' when it attacks from Defense Position "
    "(rules spec §2.1; case DS-086). https://yugipedia.com/wiki/Total_Defense_Shogun",
    effects=({"kind": "attack_from_defense", "apply": "atk"},),
)

STAR_BOY = CardDef(
    key="star_boy",
    name="Star Boy",
    card_type="monster",
    fidelity="exact",
    atk=550,
    def_=500,
    level=2,
    attribute="water",
    monster_type="aqua",
    text="All WATER monsters on the field gain 500 ATK; all FIRE monsters on the field lose 400 ATK.",
    ruling="Continuous effects applying to face-up monsters of both players, itself included, at once, with no "
    "chain (rules spec §S.4; cases PC-SB-001..003). https://yugipedia.com/wiki/Star_Boy",
    effects=(
        {"kind": "stat_modifier", "atk": 500, "applies_to": "all_monsters", "filter": {"attribute": "water"}},
        {"kind": "stat_modifier", "atk": -400, "applies_to": "all_monsters", "filter": {"attribute": "fire"}},
    ),
)

ODD_EYES_PENDULUM_DRAGON = CardDef(
    key="odd_eyes_pendulum_dragon",
    name="Odd-Eyes Pendulum Dragon",
    card_type="monster",
    fidelity="approximate: its Pendulum Effect 'you can reduce the battle damage you take from an attack involving a "
    "Pendulum Monster you control to 0' is missing: a choice made as battle damage is applied, which no continuous "
    "effect can ask yet (rules spec §U.29)",
    atk=2500,
    def_=2000,
    level=7,
    attribute="dark",
    monster_type="dragon",
    pendulum=True,
    text="Pendulum, Scale 4. Pendulum Effects: You can reduce the battle damage you take from an attack involving a "
    "Pendulum Monster you control to 0. During your End Phase: You can destroy this card, and if you do, add 1 "
    "Pendulum Monster with 1500 or less ATK from your Deck to your hand. You can only use each Pendulum Effect of "
    "'Odd-Eyes Pendulum Dragon' once per turn. Monster Effect: If this card battles an opponent's monster, any "
    "battle damage this card inflicts to your opponent is doubled.",
    ruling="'Is doubled' is step 8 of the battle damage order: it doubles only the damage this card inflicts, "
    "not the damage its controller takes (rules spec §2.6; cases DS-043, DS-049); not in a direct attack (the script's "
    "condition: GetBattleTarget() an opponent's monster; case APX-OEPD-002). Its End Phase Pendulum Effect is "
    "an optional trigger from the Pendulum Zone in its controller's End Phase, once per turn (ProjectIgnis/"
    "CardScripts c16178681: EVENT_PHASE+PHASE_END, TRIGGER_O, LOCATION_PZONE, Duel.IsTurnPlayer(tp), "
    "SetCountLimit(1,id); case APX-OEPD-001). https://yugipedia.com/wiki/Odd-Eyes_Pendulum_Dragon",
    effects=(
        {"kind": "double_battle_damage", "only_if": {"condition": "battles_opponent_monster"}},
        {"kind": "trigger", "on": "end_phase", "optional": True, "pendulum_effect": True, "once_per_turn": "hard",
         "only_if": {"turn": "own"},
         "does": [{"op": "destroy", "target": "self"},
                  {"op": "add_to_hand", "from": ["deck"], "filter": {"ability": "pendulum", "atk_at_most": 1500},
                   "if_you_do": True}]},
    ),
)

BLUE_EYES_CHAOS_MAX_DRAGON = CardDef(
    key="blue_eyes_chaos_max_dragon",
    name="Blue-Eyes Chaos MAX Dragon",
    card_type="monster",
    fidelity="exact",
    atk=4000,
    def_=0,
    level=8,
    attribute="dark",
    monster_type="dragon",
    text="Ritual. Cannot be targeted by your opponent's card effects, also your opponent cannot destroy it with card "
    "effects. If this card attacks a Defense Position monster, it inflicts double the difference as piercing "
    "battle damage.",
    ruling="'Inflicts double' piercing is step 1 of the battle damage order (rules spec §2.4, §2.6; case "
    "DS-029); the opponent's effects that do not target still reach it, but do not destroy it: an opponent's "
    "Mirror Force destroys the other Attack Position monsters only (ProjectIgnis/CardScripts c55410871; rules spec "
    "§U.9; cases LC-BCM-001, LC-BCM-002). https://yugipedia.com/wiki/Blue-Eyes_Chaos_MAX_Dragon",
    effects=(
        {"kind": "piercing", "double": True},
        {"kind": "cannot_be_targeted", "by": "opponent_effects"},
        {"kind": "indestructible_by_effects", "by": "opponent_effects"},
    ),
)

GRAVEKEEPERS_VASSAL = CardDef(
    key="gravekeepers_vassal",
    name="Gravekeeper's Vassal",
    card_type="monster",
    fidelity="exact",
    atk=700,
    def_=500,
    level=3,
    attribute="dark",
    monster_type="spellcaster",
    text="Battle damage this card inflicts to your opponent is treated as effect damage.",
    ruling="Step 4 of the battle damage order: the damage is effect damage, so 'battle damage' effects do not "
    "apply to it (yugioh-wiki.net 'Gravekeeper's Vassal'; rules spec §2.6; case DS-050). "
    "https://yugipedia.com/wiki/Gravekeeper%27s_Vassal",
    effects=({"kind": "battle_damage_is_effect_damage"},),
)

JINZO = CardDef(
    key="jinzo",
    name="Jinzo",
    card_type="monster",
    fidelity="exact",
    atk=2400,
    def_=1500,
    level=6,
    attribute="dark",
    monster_type="machine",
    text="Trap Cards, and their effects on the field, cannot be activated; Trap effects on the field are negated.",
    ruling="Flipped face-up by an attack, its continuous effect applies at once: a Trap that would change ATK "
    "before damage calculation can no longer be activated (rules spec §1.4; case DS-094); the face-up Traps' "
    "effects on the field are negated while it is face-up (ProjectIgnis/CardScripts c77585513: EFFECT_DISABLE on "
    "the Traps on the field; case LC-JZ-002). https://yugipedia.com/wiki/Jinzo",
    effects=(
        {"kind": "activation_lock", "card_type": "trap", "player": "both"},
        {"kind": "negates_effects", "card_type": "trap"},
    ),
)

MARAUDING_CAPTAIN = CardDef(
    key="marauding_captain",
    name="Marauding Captain",
    card_type="monster",
    fidelity="exact",
    atk=1200,
    def_=400,
    level=3,
    attribute="earth",
    monster_type="warrior",
    text="Your opponent cannot target other Warrior monsters you control for attacks. (Its effect when Normal "
    "Summoned, in a Main Phase, is the host's.)",
    ruling="Two of them protect each other: with only Marauding Captains, the opponent cannot attack at all, not "
    "even directly (Konami FAQ 13181, OCG-BP L138; rules spec §BP.8; case BS-032). "
    "https://yugipedia.com/wiki/Marauding_Captain",
    effects=(
        {"kind": "cannot_be_attacked", "applies_to": "other_own_monsters", "filter": {"monster_type": "warrior"}},
    ),
)

DARK_RULER_HA_DES = CardDef(
    key="dark_ruler_ha_des",
    name="Dark Ruler Ha Des",
    card_type="monster",
    fidelity="exact",
    atk=2450,
    def_=1600,
    level=6,
    attribute="dark",
    monster_type="fiend",
    text="The effects of your opponent's monsters destroyed by battle with Fiend monsters you control are negated.",
    ruling="The negation applies from the moment the monster is determined destroyed by battle, and in the "
    "Graveyard: its after-damage-calculation and destroyed-by-battle effects cannot be activated (Konami OCG FAQ "
    "8765; OCG-BP L759, L933; rules spec §R.5; cases RF-030..RF-033). https://yugipedia.com/wiki/Dark_Ruler_Ha_Des",
    effects=({"kind": "negates_battle_victims", "applies_to": "own_monsters", "filter": {"monster_type": "fiend"}},),
)

MAD_SWORD_BEAST = CardDef(
    key="mad_sword_beast",
    name="Mad Sword Beast",
    card_type="monster",
    fidelity="exact",
    atk=1400,
    def_=1200,
    level=4,
    attribute="earth",
    monster_type="dinosaur",
    text="If this card attacks a Defense Position monster whose DEF is lower than its ATK, it inflicts the "
    "difference to your opponent as battle damage.",
    ruling="Piercing: only against a Defense Position target whose DEF is lower (rules spec §2.4; "
    "yugioh-wiki.net 'Mad Sword Beast': the first piercing monster). https://yugipedia.com/wiki/Mad_Sword_Beast",
    effects=({"kind": "piercing"},),
)

MAD_ARCHFIEND = CardDef(
    key="mad_archfiend",
    name="Mad Archfiend",
    card_type="monster",
    fidelity="exact",
    atk=1800,
    def_=0,
    level=4,
    attribute="dark",
    monster_type="fiend",
    text="Piercing. When this Attack Position card is targeted for an attack: it is changed to Defense Position.",
    ruling="A mandatory trigger on being targeted for an attack (yugioh-wiki.net 'Mad Archfiend'); the position "
    "change of the attack target is no replay, so the attack goes on against it in Defense Position (rules spec "
    "§BP.5, §BP.9); only while it is in Attack Position (its text: \"this Attack Position card\"; case LC-MA-003). "
    "https://yugipedia.com/wiki/Mad_Archfiend",
    effects=(
        {"kind": "piercing"},
        {"kind": "trigger", "on": "targeted_for_attack", "optional": False, "only_if": {"self": {"position": "attack"}},
         "does": [{"op": "change_position", "target": "self", "to": "defense"}]},
    ),
)  # fmt: skip

CARDS = (SUPERHEAVY_SAMURAI_BIG_BENKEI, TOTAL_DEFENSE_SHOGUN, STAR_BOY, ODD_EYES_PENDULUM_DRAGON,
         BLUE_EYES_CHAOS_MAX_DRAGON, GRAVEKEEPERS_VASSAL, JINZO, MARAUDING_CAPTAIN, DARK_RULER_HA_DES, MAD_SWORD_BEAST,
         MAD_ARCHFIEND)  # fmt: skip
