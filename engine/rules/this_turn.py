"""What a monster did this turn (rules spec §BP.11): the facts of the turn, kept for the turn and read by conditions
anywhere in it (the end of the Battle Phase, Main Phase 2, the End Phase), and by the multiple-attack rules.

* **Declared an attack**: a declaration was made with it, even one that was negated or stopped, or cancelled after a
  replay (OCG-BP L101, L301).
* **Attacked**: its attack reached the Damage Step, "the attacking monster is treated as having attacked at the moment
  the Damage Step is entered" (OCG-BP L386), even with no damage calculation after it.
* **Battled**: damage calculation was performed in its battle (OCG-BP L591), as the attacker or the attack target.
* **Attacked monsters**: the monsters its attacks were against: the target at the end of each attack (a replay's new
  target, or the monster an effect moved the attack to; a negated attack counts against the monster it was declared
  on: OCG-BP L226-234, Konami FAQ 10214).

The facts come from each attack's record (`GameState.battles`, and the live `GameState.battle`), filtered to this turn
and to the monster as it is now (a monster that left the field and came back is a new card). Pure reads.
"""

from __future__ import annotations

import attrs

from engine.state import NO_ATTACK, Battle, GameState
from engine.values.game import Location


@attrs.frozen(slots=True)
class TurnFacts:
    """What a monster did this turn (`Duel.this_turn`): the facts above, read together."""

    declared_attack: bool
    declared_direct_attack: bool
    attacked: bool
    battled: bool
    was_attacked: bool
    monsters_attacked: tuple[tuple[int, int], ...]  # (card, instance) of each monster its attacks ended on


def facts(s: GameState, index: int) -> TurnFacts:
    """Every fact of this monster's turn at once."""
    return TurnFacts(declared_attack_this_turn(s, index), declared_direct_attack_this_turn(s, index),
                     attacked_this_turn(s, index), battled_this_turn(s, index), was_attacked_this_turn(s, index),
                     monsters_attacked(s, index))  # fmt: skip


def attacks_this_turn(s: GameState) -> list[tuple[int | None, Battle]]:
    """Each attack declared this turn as (the target it was declared on, its battle as it is or ended), in order."""
    out: list[tuple[int | None, Battle]] = []
    records = s.battles
    if not records:
        if s.battle.attacker != NO_ATTACK:  # a scenario's own attack, set with the state rather than declared
            out.append((s.battle.target, s.battle))
        return out
    last = len(records) - 1
    for i, r in enumerate(records):
        if r.turn != s.turn:
            continue
        battle = r.battle if r.battle is not None else (s.battle if i == last else None)
        if battle is not None:
            out.append((r.target, battle))
    return out


def _attacks_of(s: GameState, index: int) -> list[tuple[int | None, Battle]]:
    instance = s.cards[index].instance
    return [(t, b) for t, b in attacks_this_turn(s) if b.attacker == index and b.attacker_instance == instance]


def declared_attack_this_turn(s: GameState, index: int) -> bool:
    """This monster declared an attack this turn (negated or stopped ones too)."""
    return bool(_attacks_of(s, index))


def declared_direct_attack_this_turn(s: GameState, index: int) -> bool:
    """This monster declared a direct attack this turn (even one negated, or replayed onto a monster)."""
    return any(t is None for t, _b in _attacks_of(s, index))


def attacked_this_turn(s: GameState, index: int) -> bool:
    """An attack of this monster reached the Damage Step this turn."""
    return any(b.attacked for _t, b in _attacks_of(s, index))


def attacked_monster_this_turn(s: GameState, index: int) -> bool:
    """This monster attacked a monster this turn (its attack on a monster reached the Damage Step)."""
    return any(b.attacked and b.target is not None for _t, b in _attacks_of(s, index))


def battled_this_turn(s: GameState, index: int) -> bool:
    """Damage calculation was performed this turn in a battle of this monster, attacking or attacked."""
    card = s.cards[index]
    for _t, b in attacks_this_turn(s):
        if not b.battled:
            continue
        if (b.attacker == index and b.attacker_instance == card.instance) or (
            b.target == index and b.target_instance == card.instance
        ):
            return True
    return False


def was_attacked_this_turn(s: GameState, index: int) -> bool:
    """This monster was the target of an attack that reached the Damage Step this turn."""
    instance = s.cards[index].instance
    return any(b.attacked and b.target == index and b.target_instance == instance for _t, b in attacks_this_turn(s))


def monsters_attacked(s: GameState, index: int) -> tuple[tuple[int, int], ...]:
    """(card, instance) of each monster this monster's attacks this turn were against: the target each attack ended
    with (a negated attack's, a replay's new one, the one an effect moved it to)."""
    return tuple((b.target, b.target_instance) for _t, b in _attacks_of(s, index)
                 if b.target is not None and b.target_instance is not None)  # fmt: skip


def last_attacker(s: GameState) -> tuple[int, int] | None:
    """(card, instance) of the monster that declared the last attack this turn, or None."""
    attacks = attacks_this_turn(s)
    if not attacks:
        return None
    b = attacks[-1][1]
    return (b.attacker, b.attacker_instance)


def _foes_destroyed(s: GameState, index: int) -> list[tuple[int, int]]:
    """(card, instance then) of each monster this monster, as it is now, destroyed by battle in an attack of this turn
    (rules spec §U.23): it battled that monster, and that monster was determined destroyed by the battle (both may
    have been)."""
    me = s.cards[index].instance
    out = []
    for _target, b in attacks_this_turn(s):
        if b.attacker == index and b.attacker_instance == me:
            foe, inst = b.target, b.target_instance
        elif b.target == index and b.target_instance == me:
            foe, inst = b.attacker, b.attacker_instance
        else:
            continue
        if foe is not None and inst is not None and foe in b.destroyed:
            out.append((foe, inst))
    return out


def destroyed_by_battle_this_turn(s: GameState, index: int) -> bool:
    """This monster destroyed a monster by battle this turn ("if this card destroyed any monster(s) by battle")."""
    return bool(_foes_destroyed(s, index))


def battle_victims(s: GameState, index: int) -> list[int]:
    """The monsters this monster destroyed by battle this turn that are in a Graveyard, each still the card sent there
    by that battle (one move since: a card moved again is a new card, §R.2): "Special Summon them from the GYs"."""
    return [foe for foe, inst in _foes_destroyed(s, index)
            if s.cards[foe].location is Location.GRAVEYARD and s.cards[foe].instance == inst + 1]  # fmt: skip
