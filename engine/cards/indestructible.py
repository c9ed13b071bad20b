"""Cards that cannot be destroyed by card effects, and a barrier against battle damage (issue 43's pieces, rules
spec §U.9): Masked HERO Vapor, Fusion Sword Murasame Blade, Spirit Barrier."""

from __future__ import annotations

from engine.cards.card import CardDef

MASKED_HERO_VAPOR = CardDef(
    key="masked_hero_vapor",
    name="Masked HERO Vapor",
    card_type="monster",
    atk=2400,
    def_=2000,
    level=6,
    attribute="water",
    monster_type="warrior",
    abilities=("fusion",),
    text="Fusion Monster. Must be Special Summoned with 'Mask Change' (the host's). This card cannot be destroyed by "
    "card effects.",
    ruling="A card effect's destruction of it does not happen; battle still destroys it (§U.9; case PC-VAP-001). "
    "https://yugipedia.com/wiki/Masked_HERO_Vapor",
    effects=({"kind": "indestructible_by_effects", "by": "effects"},),
    fidelity="exact",
)

FUSION_SWORD_MURASAME_BLADE = CardDef(
    key="fusion_sword_murasame_blade",
    name="Fusion Sword Murasame Blade",
    card_type="spell",
    property="equip",
    text="Equip Spell. Equip only to a Warrior-Type monster. It gains 800 ATK. While equipped to a monster, this card "
    "cannot be destroyed by card effects.",
    ruling="An Equip Card's change to the equipped monster (§C.3); 'this card' is the Equip Card itself (§U.9; case "
    "PC-MUR-001). https://yugipedia.com/wiki/Fusion_Sword_Murasame_Blade",
    effects=(
        {"kind": "stat_modifier", "atk": 800},
        {"kind": "indestructible_by_effects", "applies_to": "this_card", "by": "effects"},
    ),
    fidelity="exact",
)

SPIRIT_BARRIER = CardDef(
    key="spirit_barrier",
    name="Spirit Barrier",
    card_type="trap",
    property="continuous",
    text="Continuous Trap. While you control a monster, you take no battle damage.",
    ruling="A condition on the game as it is, read whenever battle damage is (§U.1): the monster must still be "
    "there at damage calculation. https://yugipedia.com/wiki/Spirit_Barrier",
    effects=(
        {"kind": "avoid_battle_damage", "player": "controller", "scope": "all",
         "only_if": {"controls": {"player": "controller"}}},
    ),
    fidelity="exact",
)  # fmt: skip

CARDS = (MASKED_HERO_VAPOR, FUSION_SWORD_MURASAME_BLADE, SPIRIT_BARRIER)
