"""Counter Traps that negate an activation: Spell Speed 3, legal in every window of the Damage Step (rules spec
§1.1 items 1-2). Each answers only the activation its text names (`responds_to`: the chain link it is chained to)
and negates that chain link (`negate_activation`)."""

from __future__ import annotations

from engine.cards.card import CardDef

MAGIC_JAMMER = CardDef(
    key="magic_jammer",
    name="Magic Jammer",
    card_type="counter_trap",
    fidelity="exact",
    text="Counter Trap. When a Spell Card is activated: discard 1 card; negate the activation, and if you do, "
    "destroy it.",
    ruling="A Counter Trap may be chained to an ATK-changing Quick-Play Spell in the Damage Step; the Spell's "
    "activation is negated and it changes nothing (Konami 'Damage Step Rules'; rules spec §1.1; case DS-058). "
    "https://yugipedia.com/wiki/Magic_Jammer",
    effects=(
        {"kind": "activated", "cost": {"discard": 1}, "responds_to": {"card_type": ["spell"], "card_activation": True},
         "does": [{"op": "negate_activation", "destroy": True}]},
    ),
)  # fmt: skip

SOLEMN_STRIKE = CardDef(
    key="solemn_strike",
    name="Solemn Strike",
    card_type="counter_trap",
    fidelity="exact",
    text="Counter Trap. When a monster would be Summoned, or a monster effect is activated: pay 1500 LP; negate it, "
    "and if you do, destroy that card. (Its negation of a Summon, which is made only in a Main Phase, is the "
    "host's.)",
    ruling="Counter Traps stay legal in every window of the Damage Step (Konami 'Damage Step Rules'; rules spec "
    "§1.1 item 1; case DS-098). https://yugipedia.com/wiki/Solemn_Strike",
    effects=(
        {"kind": "activated", "cost": {"lp": 1500}, "responds_to": {"card_type": ["monster"]},
         "does": [{"op": "negate_activation", "destroy": True}]},
    ),
)

DIVINE_WRATH = CardDef(
    key="divine_wrath",
    name="Divine Wrath",
    card_type="counter_trap",
    fidelity="exact",
    text="Counter Trap. When a monster effect is activated: discard 1 card; negate the activation, and if you do, "
    "destroy that monster.",
    ruling="Discarding is the cost, paid on activation; with no other card in hand it cannot be activated (rules "
    "spec §1.1; cases PC-COST-001/002, BS-020). https://yugipedia.com/wiki/Divine_Wrath",
    effects=(
        {"kind": "activated", "cost": {"discard": 1}, "responds_to": {"card_type": ["monster"]},
         "does": [{"op": "negate_activation", "destroy": True}]},
    ),
)  # fmt: skip

DARK_BRIBE = CardDef(
    key="dark_bribe",
    name="Dark Bribe",
    card_type="counter_trap",
    fidelity="exact",
    text="Counter Trap. When your opponent activates a Spell/Trap Card: they draw 1 card, also negate the "
    "activation, and if you do, destroy that card.",
    ruling="A 'when an attack is declared' Trap negated by it does not let another one be activated once that "
    "chain has resolved (official rulebook pp.38-39, LB-BS L51; case BS-010). https://yugipedia.com/wiki/Dark_Bribe",
    effects=(
        {"kind": "activated",
         "responds_to": {"player": "opponent", "card_type": ["spell", "trap"], "card_activation": True},
         "does": [{"op": "negate_activation", "destroy": True}, {"op": "draw", "player": "opponent", "count": 1}]},
    ),
)  # fmt: skip

CARDS = (MAGIC_JAMMER, SOLEMN_STRIKE, DIVINE_WRATH, DARK_BRIBE)
