"""Cards about battle damage and battle destruction."""

from __future__ import annotations

from engine.cards.card import CardDef

KURIBOH = CardDef(
    key="kuriboh",
    name="Kuriboh",
    card_type="monster",
    fidelity="exact",
    atk=300,
    def_=200,
    level=1,
    attribute="dark",
    monster_type="fiend",
    text="During damage calculation, if your opponent's monster attacks (Quick Effect): you can discard this card; "
    "you take no battle damage from that battle.",
    ruling="Activated from the hand during damage calculation only; 'that battle' only, the next attack's damage "
    "applies (DS-038; rules spec §1.1 item 5); only when its player would take battle damage (EDOPro "
    "c40640057.lua: Duel.GetBattleDamage(tp)>0). https://yugipedia.com/wiki/Kuriboh",
    effects=(
        {"kind": "activated", "speed": 2, "during_damage_calculation": True, "from": "hand",
         "condition": ["opponent_turn", "would_take_battle_damage"],
         "cost": {"discard_self": True}, "does": [{"op": "no_battle_damage_this_battle", "player": "controller"}]},
    ),
)  # fmt: skip

AMAZONESS_SWORDS_WOMAN = CardDef(
    key="amazoness_swords_woman",
    name="Amazoness Swords Woman",
    card_type="monster",
    fidelity="exact",
    atk=1500,
    def_=1600,
    level=4,
    attribute="earth",
    monster_type="warrior",
    text="Your opponent takes any battle damage you would have taken from battles involving this card.",
    ruling="The damage moved is battle damage; it is still destroyed when it loses (rules spec §2.6, stage "
    "'reflect'). https://yugipedia.com/wiki/Amazoness_Swords_Woman",
    effects=({"kind": "reflect_battle_damage"},),
)

SPIRIT_REAPER = CardDef(
    key="spirit_reaper",
    name="Spirit Reaper",
    card_type="monster",
    fidelity="exact",
    atk=300,
    def_=200,
    level=3,
    attribute="dark",
    monster_type="zombie",
    text="Cannot be destroyed by battle. After resolving a card effect that targets this face-up card, destroy this "
    "card. When this card inflicts battle damage to your opponent by a direct attack: Discard 1 random card from "
    "their hand.",
    ruling="Cannot be destroyed by battle, any number of times; battle damage still applies (rules spec §2.5). The "
    "discard is a mandatory trigger; the card is drawn at random from the opponent's hand, a chance decision (rules "
    "spec §U.16; case RD-SR-001). Its destruction after a card effect that targets it resolves is no activation: "
    "at once after that chain link, in the Damage Step after damage calculation; not if that activation was negated "
    "(edisonrul.ing 'Spirit Reaper' rulings; ProjectIgnis/CardScripts c23205979: EVENT_CHAIN_SOLVED; rules spec "
    "§U.29; cases APX-SR-*). https://yugipedia.com/wiki/Spirit_Reaper",
    effects=(
        {"kind": "indestructible_by_battle"},
        {"kind": "trigger", "on": "battle_damage_inflicted", "optional": False, "condition": ["direct_attack"],
         "does": [{"op": "discard", "player": "opponent", "random": True}]},
        {"kind": "destroyed_after_targeted"},  # (last: the effects' numbers that scenarios name stay as they were)
    ),
)

DEFENSE_DRAW = CardDef(
    key="defense_draw",
    name="Defense Draw",
    card_type="trap",
    fidelity="exact",
    text="Normal Trap. During your opponent's turn, at damage calculation: the battle damage you take from this "
    "battle becomes 0, and if it does, you draw 1 card.",
    ruling="Activated during damage calculation in the opponent's turn, and not when the battle damage its controller "
    "would take from that battle is 0 (Konami FAQ of 2010-06-11, as compiled on yugioh-wiki.net's card page), as "
    "computed then with every modifier that applies (rules spec §U.12); the monster is still destroyed (cases "
    "LC-DDR-001..003). https://yugipedia.com/wiki/Defense_Draw",
    effects=(
        {"kind": "activated", "speed": 2, "during_damage_calculation": True,
         "condition": ["opponent_turn", "would_take_battle_damage"],
         "does": [{"op": "no_battle_damage_this_battle", "player": "controller"},
                  {"op": "draw", "player": "controller", "count": 1}]},
    ),
)  # fmt: skip

CARDS = (KURIBOH, AMAZONESS_SWORDS_WOMAN, SPIRIT_REAPER, DEFENSE_DRAW)
