"""Cards whose effects hold only in their controller's turn, or only during the Battle Phase (issue 43's library
growth; `only_if` `turn` and `phase`, rules spec §U.20): Rocket Warrior, Mirage Dragon, Trap Jammer, Solar Flare
Dragon."""

from __future__ import annotations

from engine.cards.card import CardDef

_YOUR_TURN = {"turn": "own"}

ROCKET_WARRIOR = CardDef(
    key="rocket_warrior",
    name="Rocket Warrior",
    card_type="monster",
    atk=1500,
    def_=1300,
    level=4,
    attribute="light",
    monster_type="warrior",
    text="During your Battle Phase, this card cannot be destroyed by battle and you take no battle damage from "
    "attacks involving this card. If this card attacks a monster, after damage calculation: That attack target "
    "loses 500 ATK until the end of this turn.",
    ruling="Its protection in its controller's turn (CardScripts c30860696: EFFECT_INDESTRUCTABLE_BATTLE and "
    "EFFECT_AVOID_BATTLE_DAMAGE while Duel.GetTurnPlayer()==e:GetHandlerPlayer(); a battle is always in a Battle "
    "Phase); its loss a mandatory trigger (EVENT_BATTLED, EFFECT_TYPE_TRIGGER_F). Cases LC4-RKW-001, LC4-RKW-002. "
    "https://yugipedia.com/wiki/Rocket_Warrior",
    effects=(
        {"kind": "indestructible_by_battle", "only_if": _YOUR_TURN},
        {"kind": "avoid_battle_damage", "player": "controller", "only_if": _YOUR_TURN},
        {"kind": "trigger", "on": "after_damage_calculation", "optional": False, "condition": "this_card_attacked",
         "battle": {"self": True, "opponent_monster": {}},
         "does": [{"op": "change_stats", "target": "battling_opponent", "atk": -500, "until": "end_of_turn"}]},
    ),
    fidelity="exact",
)  # fmt: skip

MIRAGE_DRAGON = CardDef(
    key="mirage_dragon",
    name="Mirage Dragon",
    card_type="monster",
    atk=1600,
    def_=600,
    level=4,
    attribute="light",
    monster_type="dragon",
    text="Your opponent cannot activate Trap Cards during the Battle Phase.",
    ruling="The activation of Trap Cards, not the effects of face-up ones (CardScripts c15960641: "
    "EFFECT_CANNOT_ACTIVATE while Duel.IsBattlePhase(), re:IsHasType(EFFECT_TYPE_ACTIVATE)). Cases LC4-MGD-001, "
    "LC4-MGD-002. https://yugipedia.com/wiki/Mirage_Dragon",
    effects=(
        {"kind": "activation_lock", "card_type": "trap", "player": "opponent", "cards_only": True,
         "only_if": {"phase": "battle"}},
    ),
    fidelity="exact",
)  # fmt: skip

TRAP_JAMMER = CardDef(
    key="trap_jammer",
    name="Trap Jammer",
    card_type="counter_trap",
    text="Counter Trap. When your opponent activates a Trap Card during the Battle Phase: Negate the activation, and "
    "if you do, destroy it.",
    ruling="Only the opponent's, only a Trap Card's activation, only in the Battle Phase (CardScripts c19252988: "
    "Duel.IsBattlePhase() and rp==1-tp and re:IsTrapEffect() and re:IsHasType(EFFECT_TYPE_ACTIVATE)). Cases "
    "LC4-TJM-001, LC4-TJM-002. https://yugipedia.com/wiki/Trap_Jammer",
    effects=(
        {"kind": "activated", "responds_to": {"player": "opponent", "card_type": ["trap"], "card_activation": True},
         "only_if": {"phase": "battle"}, "does": [{"op": "negate_activation", "destroy": True}]},
    ),
    fidelity="exact",
)  # fmt: skip

SOLAR_FLARE_DRAGON = CardDef(
    key="solar_flare_dragon",
    name="Solar Flare Dragon",
    card_type="monster",
    atk=1500,
    def_=1000,
    level=4,
    attribute="fire",
    monster_type="pyro",
    text="While you control another Pyro-Type monster, this card cannot be attacked. During each of your End Phases: "
    "Inflict 500 damage to your opponent.",
    ruling="Another face-up Pyro monster (CardScripts c45985838: EFFECT_CANNOT_BE_BATTLE_TARGET with "
    "aux.FaceupFilter(Card.IsRace,RACE_PYRO)); the damage a mandatory trigger in its controller's End Phase "
    "(EVENT_PHASE+PHASE_END, tp==Duel.GetTurnPlayer()). Cases LC4-SFD-001, LC4-SFD-002. "
    "https://yugipedia.com/wiki/Solar_Flare_Dragon",
    effects=(
        {"kind": "cannot_be_attacked", "only_if": {"controls": {"filter": {"face_up": True, "monster_type": "pyro"},
                                                                "other_than_self": True}}},
        {"kind": "trigger", "on": "end_phase", "optional": False, "only_if": _YOUR_TURN,
         "does": [{"op": "damage", "player": "opponent", "amount": 500}]},
    ),
    fidelity="exact",
)  # fmt: skip

CARDS = (ROCKET_WARRIOR, MIRAGE_DRAGON, TRAP_JAMMER, SOLAR_FLARE_DRAGON)
