"""Traps and Quick-Play Spells that answer an attack declaration (issue 43's staples, the Mirror Force variants):
Quaking Mirror Force, Dark Mirror Force, Radiant Mirror Force, Justi-Break, Ego Boost, Necro Gardna. Each is
activated only in the chain that responds to the declaration (rules spec §BP.4), where the Damage Step has not
begun; their cases are in tests/rules/library-cards-3-cases.jsonl (LC3-*)."""

from __future__ import annotations

from engine.cards.card import CardDef

_DECLARED = {"on": "attack_declared", "condition": "opponent_attacks"}

QUAKING_MIRROR_FORCE = CardDef(
    key="quaking_mirror_force",
    name="Quaking Mirror Force",
    card_type="trap",
    fidelity="exact",
    text="When an opponent's monster declares an attack: Change all your opponent's Attack Position monsters to "
    "face-down Defense Position. Monsters changed to face-down Defense Position by this effect cannot change their "
    "battle positions (a change a player makes in a Main Phase: the host's).",
    ruling="Not a destruction: the attacker, now face-down, stays, and its attack goes on or is replayed as the "
    "rules say (ProjectIgnis/CardScripts c40838625: ChangePosition(g, POS_FACEDOWN_DEFENSE); its lock is "
    "EFFECT_CANNOT_CHANGE_POSITION, a player's own change, never an effect's); case LC3-QMF-001. "
    "https://yugipedia.com/wiki/Quaking_Mirror_Force",
    effects=(
        {"kind": "activated", "speed": 2, **_DECLARED,
         "does": [{"op": "all_monsters", "player": "opponent", "filter": {"position": "attack"},
                   "do": "change_position", "to": "set"}]},
    ),
)  # fmt: skip

DARK_MIRROR_FORCE = CardDef(
    key="dark_mirror_force",
    name="Dark Mirror Force",
    card_type="trap",
    fidelity="exact",
    text="When an opponent's monster declares an attack: Banish all Defense Position monsters your opponent controls.",
    ruling="Face-down Defense Position monsters too (ProjectIgnis/CardScripts c20522190: IsDefensePos); the "
    "attacker, in Attack Position, stays; case LC3-DMF-001. https://yugipedia.com/wiki/Dark_Mirror_Force",
    effects=(
        {"kind": "activated", "speed": 2, **_DECLARED,
         "does": [{"op": "all_monsters", "player": "opponent", "filter": {"position": "defense"}, "do": "banish"}]},
    ),
)  # fmt: skip

RADIANT_MIRROR_FORCE = CardDef(
    key="radiant_mirror_force",
    name="Radiant Mirror Force",
    card_type="trap",
    fidelity="exact",
    text="When an opponent's monster declares an attack while they control 3 or more Attack Position monsters: "
    "Destroy all Attack Position monsters your opponent controls.",
    ruling="The count is a condition of activation only (ProjectIgnis/CardScripts c21481146: condition, then every "
    "Attack Position monster as it resolves); cases LC3-RMF-001, LC3-RMF-002. "
    "https://yugipedia.com/wiki/Radiant_Mirror_Force",
    effects=(
        {"kind": "activated", "speed": 2, **_DECLARED,
         "only_if": {"controls": {"player": "opponent", "filter": {"position": "attack"}, "at_least": 3}},
         "does": [{"op": "destroy_all", "player": "opponent", "filter": {"position": "attack"}}]},
    ),
)  # fmt: skip

JUSTI_BREAK = CardDef(
    key="justi_break",
    name="Justi-Break",
    card_type="trap",
    fidelity="exact",
    text="Activate only when your opponent declares an attack against a face-up Normal Monster you control. Destroy "
    "all monsters on the field, except face-up Attack Position Normal Monsters.",
    ruling="ProjectIgnis/CardScripts c62271284: the attack target is a face-up Normal Monster; every monster but "
    "the face-up Attack Position Normal Monsters, either player's, face-down ones included; case LC3-JB-001. "
    "https://yugipedia.com/wiki/Justi-Break",
    effects=(
        {"kind": "activated", "speed": 2, **_DECLARED,
         "battle": {"at_declaration": True, "own_monster": {"ability": "normal", "face_up": True}},
         "does": [{"op": "destroy_all", "player": "both",
                   "filter": {"not": {"all": [{"ability": "normal"}, {"position": "attack"}]}}}]},
    ),
)  # fmt: skip

EGO_BOOST = CardDef(
    key="ego_boost",
    name="Ego Boost",
    card_type="spell",
    property="quick_play",
    fidelity="exact",
    text="Quick-Play Spell. When a monster declares an attack: Target 1 face-up monster on the field; it gains 1000 "
    "ATK until the end of the Battle Phase.",
    ruling="Either player's attack, either player's monster (its text); the gain ends with the Battle Phase "
    "(rules spec §BP.13); case LC3-EGO-001. https://yugipedia.com/wiki/Ego_Boost",
    effects=(
        {"kind": "activated", "speed": 2, "on": "attack_declared", "target": {"filter": {"face_up": True}},
         "does": [{"op": "change_stats", "target": "targeted", "atk": 1000, "until": "end_of_battle_phase"}]},
    ),
)  # fmt: skip

NECRO_GARDNA = CardDef(
    key="necro_gardna",
    name="Necro Gardna",
    card_type="monster",
    atk=600,
    def_=1300,
    level=3,
    attribute="dark",
    monster_type="warrior",
    fidelity="exact",
    text="During your opponent's turn: You can banish this card from your Graveyard; negate the next attack this "
    "turn from a monster your opponent controls (this is a Quick Effect).",
    ruling="Activated while an opponent's attack is under way (in the Battle Step), it negates that attack; with "
    "none, the next one declared this turn, as it is declared (ProjectIgnis/CardScripts c4906301: `if "
    "Duel.GetAttacker() then Duel.NegateAttack()`, else an EVENT_ATTACK_ANNOUNCE effect, once, until the End Phase; "
    "rules spec §U.29); not in the Damage Step, as it neither changes ATK/DEF nor negates an activation (rules spec "
    "§1.1); cases LC3-NG-001, APX-NG-*. https://yugipedia.com/wiki/Necro_Gardna",
    effects=(
        {"kind": "activated", "speed": 2, "from": "graveyard", "condition": "opponent_turn",
         "cost": {"banish_self": True}, "does": [{"op": "negate_next_attack", "player": "opponent"}]},
    ),
)  # fmt: skip

CARDS = (QUAKING_MIRROR_FORCE, DARK_MIRROR_FORCE, RADIANT_MIRROR_FORCE, JUSTI_BREAK, EGO_BOOST, NECRO_GARDNA)
