"""Cards that answer a Special Summon (issue 43's trigger events, rules spec §U.14): Torrential Tribute, Legendary
Secret of the Six Samurai, Performapal Helpprincess. In a Battle Phase only Special Summons happen; their Normal
Summon half is the host's."""

from __future__ import annotations

from engine.cards.card import CardDef

TORRENTIAL_TRIBUTE = CardDef(
    key="torrential_tribute",
    name="Torrential Tribute",
    card_type="trap",
    text="Normal Trap. When a monster(s) is Summoned: Destroy all monsters on the field.",
    ruling="Activated in the chain built right after the Summon (§BP.4, §U.14); not in the Damage Step (§1.1). "
    "https://yugipedia.com/wiki/Torrential_Tribute",
    effects=(
        {"kind": "activated", "speed": 2, "on": "special_summoned", "about": "any",
         "does": [{"op": "destroy_all", "player": "both"}]},
    ),
    fidelity="exact",
)  # fmt: skip

LEGENDARY_SECRET = CardDef(
    key="legendary_secret_of_the_six_samurai",
    name="Legendary Secret of the Six Samurai",
    card_type="monster",
    atk=500,
    def_=2000,
    level=4,
    attribute="dark",
    monster_type="warrior",
    text="When you Normal or Special Summon a 'Secret Six Samurai' monster(s) (except during the Damage Step): You "
    "can Special Summon this card from your hand. You can only use this effect once per turn. Once per turn: You "
    "can banish 1 Level 4 or lower 'Six Samurai' monster from your GY; until the end of this turn, this card's "
    "Attribute, Level and ATK/DEF become the same as that monster's (a Main Phase effect: the host's).",
    ruling="'(except during the Damage Step)': a Summon in the Damage Step does not let it be activated, then or "
    "later (§U.14; cases PC-LSS-*). https://yugipedia.com/wiki/Legendary_Secret_of_the_Six_Samurai",
    effects=(
        {"kind": "trigger", "on": "special_summoned", "about": "own",
         "event_filter": {"archetype": "Secret Six Samurai"}, "optional": True, "from": "hand",
         "damage_step": "forbidden", "once_per_turn": "hard",
         "does": [{"op": "special_summon", "card": "self", "position": "attack"}]},
    ),
    fidelity="approximate: it is Special Summoned in Attack Position (the player's choice of position is fixed)",
)  # fmt: skip

HELPPRINCESS = CardDef(
    key="performapal_helpprincess",
    name="Performapal Helpprincess",
    card_type="monster",
    atk=1200,
    def_=1200,
    level=4,
    attribute="dark",
    monster_type="warrior",
    text="When you Normal or Special Summon a 'Performapal' monster(s), except 'Performapal Helpprincess' (except "
    "during the Damage Step): You can Special Summon this card from your hand.",
    ruling="'(except during the Damage Step)' on a trigger (§U.14). https://yugipedia.com/wiki/Performapal_Helpprincess",
    effects=(
        {"kind": "trigger", "on": "special_summoned", "about": "own", "optional": True, "from": "hand",
         "damage_step": "forbidden",
         "event_filter": {"archetype": "Performapal", "not_archetype": "Performapal Helpprincess"},
         "does": [{"op": "special_summon", "card": "self", "position": "attack"}]},
    ),
    fidelity="approximate: it is Special Summoned in Attack Position (the player's choice of position is fixed)",
)  # fmt: skip

CARDS = (TORRENTIAL_TRIBUTE, LEGENDARY_SECRET, HELPPRINCESS)
