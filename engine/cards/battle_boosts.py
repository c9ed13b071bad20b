"""Continuous ATK changes and locks while a monster battles (the second card-pool sample): Cyber Dragon Zwei,
Fusion Devourer, Amazoness Fighting Spirit, U.A. Mighty Slugger, Ancient Gear Knight."""

from __future__ import annotations

from engine.cards.card import CardDef

CYBER_DRAGON_ZWEI = CardDef(
    key="cyber_dragon_zwei",
    name="Cyber Dragon Zwei",
    card_type="monster",
    atk=1500,
    def_=1000,
    level=4,
    attribute="light",
    monster_type="machine",
    text="If this card attacks an opponent's monster, it gains 300 ATK during the Damage Step only. Once per turn: "
    "You can reveal 1 Spell in your hand; this card's name becomes 'Cyber Dragon' until the End Phase (a Main Phase "
    "effect: the host's). This card's name becomes 'Cyber Dragon' while in the GY.",
    ruling="A direct attack is no attack on a monster (`against`, §U.15); case S2-CDZ-001; its name in the GY: "
    "kind name_becomes (§U.24), case S2B-CDZ-001. "
    "https://yugipedia.com/wiki/Cyber_Dragon_Zwei",
    effects=({"kind": "stat_modifier", "atk": 300, "while": "damage_step", "when": "attacking", "against": {}},
             {"kind": "name_becomes", "name": "Cyber Dragon", "on_field": False, "also_in": ["graveyard"]}),
    fidelity="exact",
)

FUSION_DEVOURER = CardDef(
    key="fusion_devourer",
    name="Fusion Devourer",
    card_type="monster",
    atk=1400,
    def_=1200,
    level=4,
    attribute="dark",
    monster_type="fiend",
    text="When this card battles a Fusion Monster, the ATK of the Fusion Monster becomes 0 during the Damage Step "
    "only.",
    ruling="Case S2-DEV-001. https://yugipedia.com/wiki/Fusion_Devourer",
    effects=(
        {"kind": "stat_modifier", "applies_to": "battling_opponent", "filter": {"ability": "fusion"}, "set_atk": 0,
         "while": "damage_step"},
    ),
    fidelity="exact",
)  # fmt: skip

AMAZONESS_FIGHTING_SPIRIT = CardDef(
    key="amazoness_fighting_spirit",
    name="Amazoness Fighting Spirit",
    card_type="spell",
    property="continuous",
    text="Continuous Spell. If an 'Amazoness' monster attacks a monster with higher ATK, the attacking monster gains "
    "1000 ATK during damage calculation only.",
    ruling="The higher ATK compared without this gain (§U.1, as Skyscraper); cases S2-AFS-*. "
    "https://yugipedia.com/wiki/Amazoness_Fighting_Spirit",
    effects=(
        {"kind": "stat_modifier", "applies_to": "all_monsters", "filter": {"archetype": "Amazoness"},
         "when": "attacking", "while": "damage_calculation", "if_weaker": True, "atk": 1000},
    ),
    fidelity="exact",
)  # fmt: skip

UA_MIGHTY_SLUGGER = CardDef(
    key="ua_mighty_slugger",
    name="U.A. Mighty Slugger",
    card_type="monster",
    atk=2300,
    def_=700,
    level=5,
    attribute="earth",
    monster_type="warrior",
    text="Its Special Summon procedure (returning a 'U.A.' monster to the hand) is the host's. If this card attacks, "
    "your opponent cannot activate cards or effects until the end of the Damage Step.",
    ruling="From the attack declaration to the end of the Damage Step (`only_if.this_card: attacking`); case "
    "S2-UAS-001. https://yugipedia.com/wiki/U.A._Mighty_Slugger",
    effects=(
        {"kind": "activation_lock", "card_type": "spell_trap", "player": "opponent",
         "only_if": {"this_card": "attacking"}},
        {"kind": "activation_lock", "card_type": "monster", "player": "opponent",
         "only_if": {"this_card": "attacking"}},
    ),
    fidelity="exact",
)  # fmt: skip

ANCIENT_GEAR_KNIGHT = CardDef(
    key="ancient_gear_knight",
    name="Ancient Gear Knight",
    card_type="monster",
    atk=1800,
    def_=500,
    level=4,
    attribute="earth",
    monster_type="machine",
    abilities=("gemini",),
    text="Gemini. Treated as a Normal Monster while face-up on the field or in the Graveyard; Normal Summoned again, "
    "it gains: If this card attacks, your opponent cannot activate any Spell/Trap Cards until the end of the "
    "Damage Step.",
    ruling="A Gemini monster: its effect applies only once it is Normal Summoned again (a scenario's `summoned`: "
    "gemini); until then, face-up on the field or in the Graveyard, it is a Normal Monster (ProjectIgnis/CardScripts "
    "c39303359: Gemini.AddProcedure, the effect's condition Gemini.EffectStatusCondition; rules spec §U.29); cases "
    "S2-AGK-001, APX-AGK-001. https://yugipedia.com/wiki/Ancient_Gear_Knight",
    effects=(
        {"kind": "activation_lock", "card_type": "spell_trap", "player": "opponent", "cards_only": True,
         "only_if": {"this_card": "attacking"}},
    ),
    fidelity="exact",
)  # fmt: skip

CARDS = (CYBER_DRAGON_ZWEI, FUSION_DEVOURER, AMAZONESS_FIGHTING_SPIRIT, UA_MIGHTY_SLUGGER, ANCIENT_GEAR_KNIGHT)
