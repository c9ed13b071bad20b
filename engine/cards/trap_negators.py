"""Cards that stop Trap Cards (issue 43's library growth): Royal Decree (a Continuous Trap that negates every other
Trap effect on the field, as Jinzo does: rules spec §U.3) and Seven Tools of the Bandit (a Counter Trap that negates a
Trap Card's activation)."""

from __future__ import annotations

from engine.cards.card import CardDef

ROYAL_DECREE = CardDef(
    key="royal_decree",
    name="Royal Decree",
    card_type="trap",
    property="continuous",
    text="Continuous Trap. Negate all other Trap effects on the field.",
    ruling="Face-up Traps on the field have their effects negated, and a Trap activated on the field resolves with "
    "no effect (CardScripts c51452091: EFFECT_DISABLE on LOCATION_SZONE except itself, NegateEffect on "
    "EVENT_CHAIN_SOLVING of a Trap effect activated in LOCATION_SZONE; its Trap Monster clause: the format has no "
    "Trap Monsters). Cases LC4-RDC-001, LC4-RDC-002. https://yugipedia.com/wiki/Royal_Decree",
    effects=(
        {"kind": "activated", "speed": 2},
        {"kind": "negates_effects", "card_type": "trap"},
    ),
    fidelity="exact",
)

SEVEN_TOOLS_OF_THE_BANDIT = CardDef(
    key="seven_tools_of_the_bandit",
    name="Seven Tools of the Bandit",
    card_type="counter_trap",
    text="Counter Trap. When a Trap Card is activated: Pay 1000 LP; negate the activation, and if you do, destroy it.",
    ruling="Either player's Trap Card, its activation only (CardScripts c3819470: re:IsTrapEffect() and "
    "re:IsHasType(EFFECT_TYPE_ACTIVATE), Cost.PayLP(1000)). Cases LC4-STB-001, LC4-STB-002. "
    "https://yugipedia.com/wiki/Seven_Tools_of_the_Bandit",
    effects=(
        {"kind": "activated", "cost": {"lp": 1000}, "responds_to": {"card_type": ["trap"], "card_activation": True},
         "does": [{"op": "negate_activation", "destroy": True}]},
    ),
    fidelity="exact",
)

CARDS = (ROYAL_DECREE, SEVEN_TOOLS_OF_THE_BANDIT)
