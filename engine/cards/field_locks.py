"""Continuous effects on the whole field that a judge meets in battle (issue 43's staples and A-L cards): Skill
Drain, Gora Turtle, Banisher of the Radiance, Berserk Gorilla, Command Knight. Their cases are in
tests/rules/library-cards-3-cases.jsonl (LC3-*)."""

from __future__ import annotations

from engine.cards.card import CardDef

SKILL_DRAIN = CardDef(
    key="skill_drain",
    name="Skill Drain",
    card_type="trap",
    property="continuous",
    fidelity="exact",
    text="Continuous Trap. Activate by paying 1000 Life Points. The effects of all face-up monsters on the field are "
    "negated while those monsters are face-up on the field (but their effects can still be activated).",
    ruling="A cost paid on activation; the negation is a continuous effect of the face-up card, on both players' "
    "face-up monsters, not in the Graveyard (ProjectIgnis/CardScripts c82732705: EFFECT_DISABLE on LOCATION_MZONE; "
    "rules spec §U.3); case LC3-SD-001. https://yugipedia.com/wiki/Skill_Drain",
    effects=(
        {"kind": "activated", "speed": 2, "cost": {"lp": 1000}},
        {"kind": "negates_effects", "applies_to": "all_monsters"},
    ),
)  # fmt: skip

GORA_TURTLE = CardDef(
    key="gora_turtle",
    name="Gora Turtle",
    card_type="monster",
    atk=1100,
    def_=1100,
    level=3,
    attribute="water",
    monster_type="aqua",
    fidelity="exact",
    text="As long as this card remains face-up on the field, monsters with an ATK equal to 1900 or more cannot "
    "declare an attack.",
    ruling="Both players' monsters, by their current ATK as the attack would be declared (rules spec §BP.8); case "
    "LC3-GT-001. https://yugipedia.com/wiki/Gora_Turtle",
    effects=({"kind": "cannot_declare_attack", "applies_to": "all_monsters", "filter": {"atk_at_least": 1900}},),
)  # fmt: skip

BANISHER_OF_THE_RADIANCE = CardDef(
    key="banisher_of_the_radiance",
    name="Banisher of the Radiance",
    card_type="monster",
    atk=1600,
    def_=0,
    level=3,
    attribute="light",
    monster_type="fairy",
    fidelity="exact",
    text="Any card sent to the Graveyard is banished instead.",
    ruling="A monster it destroys by battle is banished, so no 'sent to the Graveyard' trigger (ProjectIgnis/"
    "CardScripts c94853057: EFFECT_TO_GRAVE_REDIRECT, both players); case LC3-BAN-001. "
    "https://yugipedia.com/wiki/Banisher_of_the_Radiance",
    effects=({"kind": "banish_instead_of_graveyard"},),
)  # fmt: skip

BERSERK_GORILLA = CardDef(
    key="berserk_gorilla",
    name="Berserk Gorilla",
    card_type="monster",
    atk=2000,
    def_=1000,
    level=4,
    attribute="earth",
    monster_type="beast",
    fidelity="exact",
    text="If this card is in face-up Defense Position, destroy this card. This card must attack if able.",
    ruling="Continuous self-destruction, checked whenever the game settles (ProjectIgnis/CardScripts c39168895: "
    "EFFECT_SELF_DESTROY); case LC3-BG-001. https://yugipedia.com/wiki/Berserk_Gorilla",
    effects=(
        {"kind": "self_destroy", "only_if": {"self": {"position": "defense", "face_up": True}}},
        {"kind": "must_attack"},
    ),
)  # fmt: skip

COMMAND_KNIGHT = CardDef(
    key="command_knight",
    name="Command Knight",
    card_type="monster",
    atk=1200,
    def_=1900,
    level=4,
    attribute="fire",
    monster_type="warrior",
    fidelity="exact",
    text="All Warrior monsters you control gain 400 ATK. If you control another monster, monsters your opponent "
    "controls cannot target this card for attacks.",
    ruling="Itself included, being a Warrior (ProjectIgnis/CardScripts c10375182: LOCATION_MZONE, RACE_WARRIOR); "
    "'another monster' face-up or face-down; case LC3-CK-001. https://yugipedia.com/wiki/Command_Knight",
    effects=(
        {"kind": "stat_modifier", "atk": 400, "applies_to": "own_monsters", "filter": {"monster_type": "warrior"}},
        {"kind": "cannot_be_attacked", "only_if": {"controls": {"other_than_self": True}}},
    ),
)  # fmt: skip

CARDS = (SKILL_DRAIN, GORA_TURTLE, BANISHER_OF_THE_RADIANCE, BERSERK_GORILLA, COMMAND_KNIGHT)
