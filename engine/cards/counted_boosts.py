"""Monsters whose ATK counts other cards or grows in their own attacks (A-L cards of issue 43): Dark Magician
Girl, Buster Blader, Enraged Muka Muka, Jain, Lightsworn Paladin. A count is read whenever the ATK is read (rules
spec §U.1: `per_card`). Their cases are in tests/rules/library-cards-3-cases.jsonl (LC3-*)."""

from __future__ import annotations

from engine.cards.card import CardDef

DARK_MAGICIAN_GIRL = CardDef(
    key="dark_magician_girl",
    name="Dark Magician Girl",
    card_type="monster",
    atk=2000,
    def_=1700,
    level=6,
    attribute="dark",
    monster_type="spellcaster",
    fidelity="exact",
    text="Gains 300 ATK for every 'Dark Magician' or 'Magician of Black Chaos' in the GY.",
    ruling="Both players' Graveyards (ProjectIgnis/CardScripts c38033121: LOCATION_GRAVE both sides, by card code); "
    "case LC3-DMG-001. https://yugipedia.com/wiki/Dark_Magician_Girl",
    effects=(
        {"kind": "stat_modifier", "atk": 300, "per_card": {"zone": "graveyard", "player": "both", "filter": {
            "any": [{"name": "Dark Magician"}, {"name": "Magician of Black Chaos"}]}}},
    ),
)  # fmt: skip

BUSTER_BLADER = CardDef(
    key="buster_blader",
    name="Buster Blader",
    card_type="monster",
    atk=2600,
    def_=2300,
    level=7,
    attribute="earth",
    monster_type="warrior",
    fidelity="exact",
    text="Gains 500 ATK for each Dragon monster your opponent controls or is in their GY.",
    ruling="Face-up Dragons on the field (a face-down monster shows no Type), and the Dragons in the opponent's "
    "Graveyard (ProjectIgnis/CardScripts c78193831: IsFaceup on LOCATION_MZONE, LOCATION_GRAVE); case LC3-BB-001. "
    "https://yugipedia.com/wiki/Buster_Blader",
    effects=(
        {"kind": "stat_modifier", "atk": 500,
         "per_card": {"zone": "monster_zone", "player": "opponent", "filter": {"monster_type": "dragon",
                                                                               "face_up": True}}},
        {"kind": "stat_modifier", "atk": 500,
         "per_card": {"zone": "graveyard", "player": "opponent", "filter": {"monster_type": "dragon"}}},
    ),
)  # fmt: skip

ENRAGED_MUKA_MUKA = CardDef(
    key="enraged_muka_muka",
    name="Enraged Muka Muka",
    card_type="monster",
    atk=1200,
    def_=600,
    level=5,
    attribute="earth",
    monster_type="rock",
    fidelity="exact",
    text="This card gains 400 ATK and DEF for each card in your hand.",
    ruling="Read whenever its ATK/DEF is read: a card discarded during the Damage Step lowers it before damage "
    "calculation (ProjectIgnis/CardScripts c91862578); case LC3-EMM-001. "
    "https://yugipedia.com/wiki/Enraged_Muka_Muka",
    effects=({"kind": "stat_modifier", "atk": 400, "def": 400, "per_card": {"zone": "hand"}},),
)

JAIN_LIGHTSWORN_PALADIN = CardDef(
    key="jain_lightsworn_paladin",
    name="Jain, Lightsworn Paladin",
    card_type="monster",
    atk=1800,
    def_=1200,
    level=4,
    attribute="light",
    monster_type="warrior",
    fidelity="exact",
    text="If this card attacks an opponent's monster, it gains 300 ATK during the Damage Step only. Once per turn, "
    "during your End Phase: Send the top 2 cards of your Deck to the Graveyard (an End Phase effect: the host's).",
    ruling="Not in a direct attack (ProjectIgnis/CardScripts c96235275: `Duel.GetAttackTarget()~=nil`, "
    "PHASE_DAMAGE); as Cyber Dragon Zwei's; case LC3-JAIN-001. https://yugipedia.com/wiki/Jain,_Lightsworn_Paladin",
    effects=({"kind": "stat_modifier", "atk": 300, "while": "damage_step", "when": "attacking", "against": {}},),
)  # fmt: skip

CARDS = (DARK_MAGICIAN_GIRL, BUSTER_BLADER, ENRAGED_MUKA_MUKA, JAIN_LIGHTSWORN_PALADIN)
