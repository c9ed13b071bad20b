"""Damage calculation (§2.1-§2.4): the outcome table, the zero cases, piercing, attacking from Defense Position
and the `zero_atk_mutual_destruction` profile. Expected values are read off the rules text."""

from __future__ import annotations

import pytest
from conftest import monster, run, scenario, spell

from engine.effects import Piercing
from engine.rules.calculation import BaseOutcome, BattleInput, attacker_value, compare_values, target_value
from engine.values.game import Player

ATT, TGT = 0, 1
A, B = Player.A, Player.B


def calc(a: int, d: int | None, position: str | None = "attack", *, attacker_controller: Player = A,
         piercing: tuple[Piercing, ...] = (), zero: bool = False) -> BaseOutcome:
    """`position` None = direct attack (then `d` must be None)."""
    if position is None:
        return compare_values(BattleInput(ATT, attacker_controller, a, None, None, None, False, piercing, zero))
    return compare_values(BattleInput(ATT, attacker_controller, a, TGT, attacker_controller.opponent, d,
                                      position == "defense", piercing, zero))


def damage(outcome: BaseOutcome) -> dict[str, int]:
    """Battle damage per player name. "None" in the table means no packet at all (not a 0 packet)."""
    assert all(p.amount > 0 for p in outcome.damage), outcome
    totals: dict[str, int] = {}
    for p in outcome.damage:
        totals[p.player.name] = totals.get(p.player.name, 0) + p.amount
    return totals


# §2.2, row by row: (target position, a, d, battle damage, destroyed by battle). A attacks, B defends.
TABLE = [
    ("attack", 2000, 1500, {"B": 500}, (TGT,)),  # a > d: target's controller takes a - d; target
    ("attack", 1500, 1500, {}, (ATT, TGT)),  # a = d != 0: none; both
    ("attack", 0, 0, {}, ()),  # a = d = 0: none; neither
    ("attack", 1500, 2000, {"A": 500}, (ATT,)),  # a < d: attacker's controller takes d - a; attacker
    ("defense", 2000, 1500, {}, (TGT,)),  # a > d: none (no piercing); target
    ("defense", 1500, 1500, {}, ()),  # a = d: none; neither
    ("defense", 1500, 2000, {"A": 500}, ()),  # a < d: attacker's controller takes d - a; neither
    (None, 1800, None, {"B": 1800}, ()),  # direct, a > 0: defending player takes a
    (None, 0, None, {}, ()),  # direct, a = 0: no battle damage at all
]


@pytest.mark.parametrize(("position", "a", "d", "dmg", "destroyed"), TABLE,
                         ids=[f"{p or 'direct'}-{a}-vs-{d}" for p, a, d, _, _ in TABLE])
def test_outcome_table(position: str | None, a: int, d: int | None, dmg: dict[str, int],
                       destroyed: tuple[int, ...]) -> None:
    out = calc(a, d, position)
    assert damage(out) == dmg
    assert out.destroyed == destroyed


@pytest.mark.parametrize(("position", "a", "d", "dmg", "destroyed"), TABLE,
                         ids=[f"{p or 'direct'}-{a}-vs-{d}" for p, a, d, _, _ in TABLE])
def test_outcome_table_names_players_not_seats(position: str | None, a: int, d: int | None, dmg: dict[str, int],
                                               destroyed: tuple[int, ...]) -> None:
    """"Who takes damage" is always a player, the controller of the losing battler: swap the seats (B attacks)."""
    out = calc(a, d, position, attacker_controller=B)
    assert damage(out) == {{"A": "B", "B": "A"}[p]: v for p, v in dmg.items()}
    assert out.destroyed == destroyed


def test_direct_zero_attack_has_no_damage_packet_at_all() -> None:
    """DS-009: not "0 damage": no packet, so no battle damage event can follow."""
    assert calc(0, None, None).damage == ()


def test_damage_source_is_the_monster_that_inflicts_it() -> None:
    assert [p.source for p in calc(2000, 1500).damage] == [ATT]
    assert [p.source for p in calc(1800, None, None).damage] == [ATT]
    # scenario-format: "Battle damage a player takes for attacking into a higher DEF is inflicted by the
    # defending monster."
    assert [p.source for p in calc(1500, 2000, "defense").damage] == [TGT]


# §2.3: the zero cases, on the pure function ...
ZERO_CASES = [
    ("DS-009", None, 0, None, {}, ()),  # 0-ATK direct attack: no damage event
    ("DS-010", "defense", 0, 0, {}, ()),  # 0 vs DEF 0: nothing
    ("DS-011", "attack", 0, 1000, {"A": 1000}, (ATT,)),  # 0 ATK vs X ATK: attacker destroyed, X to its controller
    ("DS-012", "attack", 1000, 0, {"B": 1000}, (TGT,)),  # X ATK vs 0 ATK: target destroyed, X damage
    ("DS-013", "defense", 0, 500, {"A": 500}, ()),  # 0 vs DEF > 0: attacker's controller takes DEF
]


@pytest.mark.parametrize(("case", "position", "a", "d", "dmg", "destroyed"), ZERO_CASES,
                         ids=[c[0] for c in ZERO_CASES])
def test_zero_cases(case: str, position: str | None, a: int, d: int | None, dmg: dict[str, int],
                    destroyed: tuple[int, ...]) -> None:
    out = calc(a, d, position)
    assert damage(out) == dmg
    assert out.destroyed == destroyed


# ... and run through the engine (values as given by §2.3; the target's other stat is irrelevant).
@pytest.mark.parametrize(("case", "position", "a", "d", "dmg", "destroyed"), ZERO_CASES,
                         ids=[c[0] for c in ZERO_CASES])
def test_zero_cases_in_a_duel(case: str, position: str | None, a: int, d: int | None, dmg: dict[str, int],
                              destroyed: tuple[int, ...]) -> None:
    cards = [monster("att", "A", a, 0)]
    if position is not None:
        assert d is not None
        cards.append(monster("tgt", "B", d if position == "attack" else 2500, d if position == "defense" else 0,
                             position))
    res = run(scenario(cards, "tgt" if position else None))
    assert res["values_compared"] == [a, d]
    assert res["battle_damage"] == {"A": dmg.get("A", 0), "B": dmg.get("B", 0)}
    assert res["battle_damage_events"] == [p for p in ("A", "B") if p in dmg]
    assert res["destroyed_by_battle"] == [("att", "tgt")[i] for i in destroyed]
    assert res["final_lp"] == {"A": 8000 - dmg.get("A", 0), "B": 8000 - dmg.get("B", 0)}
    assert res["winner"] is None


def test_zero_atk_direct_attack_emits_no_battle_damage_event() -> None:
    res = run(scenario([monster("att", "A", 0, 0)], None))
    assert [e for e in res["events"] if e["type"] == "battle_damage"] == []
    assert [c for c in res["lp_changes"] if c["kind"] == "battle_damage"] == []


# §2.3 / §2.2: the `zero_atk_mutual_destruction` profile (Goat / EDOPro DUEL_0_ATK_DESTROYED)
def test_zero_atk_profile_switch_pure() -> None:
    assert calc(0, 0, "attack", zero=False).destroyed == ()
    assert calc(0, 0, "attack", zero=True).destroyed == (ATT, TGT)
    assert damage(calc(0, 0, "attack", zero=True)) == {}
    # The switch is about two 0-ATK Attack Position monsters only.
    assert calc(0, 0, "defense", zero=True).destroyed == ()
    assert calc(1500, 1500, "attack", zero=True).destroyed == (ATT, TGT)
    assert calc(0, 100, "attack", zero=True).destroyed == (ATT,)


@pytest.mark.parametrize(("switch", "destroyed"), [(False, []), (True, ["att", "tgt"]), (None, [])])
def test_zero_atk_profile_switch_in_a_duel(switch: bool | None, destroyed: list[str]) -> None:
    extra = {} if switch is None else {"rules": {"zero_atk_mutual_destruction": switch}}
    res = run(scenario([monster("att", "A", 0, 1000), monster("tgt", "B", 0, 1000)], **extra))
    assert res["destroyed_by_battle"] == destroyed
    assert res["battle_damage"] == {"A": 0, "B": 0}
    assert res["battle_damage_events"] == []
    assert res["final_locations"] == {c: ("graveyard" if c in destroyed else "monster_zone") for c in ("att", "tgt")}


# §2.4 Piercing
PIERCE_A = (Piercing(A),)


def test_piercing_defense_target_lower_def() -> None:
    """DS-023/024: the opponent takes a - d and the target is still destroyed."""
    out = calc(2000, 1200, "defense", piercing=PIERCE_A)
    assert damage(out) == {"B": 800}
    assert out.destroyed == (TGT,)
    assert [p.source for p in out.damage] == [ATT]


def test_piercing_does_nothing_more_against_attack_position() -> None:
    """DS-026."""
    out = calc(2000, 1200, "attack", piercing=PIERCE_A)
    assert damage(out) == {"B": 800}
    assert out.destroyed == (TGT,)


def test_piercing_equal_values() -> None:
    """DS-027."""
    out = calc(1200, 1200, "defense", piercing=PIERCE_A)
    assert damage(out) == {}
    assert out.destroyed == ()


def test_piercing_higher_def_attacker_controller_takes_difference() -> None:
    """DS-025."""
    out = calc(1000, 1200, "defense", piercing=PIERCE_A)
    assert damage(out) == {"A": 200}
    assert out.destroyed == ()


def test_piercing_controller_rule() -> None:
    """DS-028: "your opponent" is the opponent of the piercing effect's controller."""
    out = calc(2400, 2000, "defense", piercing=(Piercing(B),))
    assert damage(out) == {"A": 400}
    assert out.destroyed == (TGT,)


def test_double_piercing() -> None:
    """DS-029: "inflicts double" piercing."""
    assert damage(calc(4000, 1000, "defense", piercing=(Piercing(A, double=True),))) == {"B": 6000}


def test_piercing_from_both_players_hurts_both() -> None:
    """DS-031 (engine-only, §2.4): two piercing effects from opposite players hurt both."""
    assert damage(calc(2000, 1500, "defense", piercing=(Piercing(A), Piercing(B)))) == {"A": 500, "B": 500}


def test_two_piercing_effects_of_one_controller_do_not_add_up() -> None:
    """§2.4: the opponent takes a - d (§2.8: dmg[opp(eff.ctrl)] = (a - d) * ..., an assignment): having piercing
    twice does not double it -- only "inflicts double" does."""
    assert damage(calc(2000, 1500, "defense", piercing=(Piercing(A), Piercing(A)))) == {"B": 500}


@pytest.mark.parametrize("position", ["defense", "set"])
def test_piercing_in_a_duel(position: str) -> None:
    """DS-023/024: face-up or face-down (then flipped) Defense Position."""
    res = run(scenario([monster("att", "A", 2000, 0, "attack", {"kind": "piercing"}),
                        monster("tgt", "B", 3000, 1200, position)]))
    assert res["values_compared"] == [2000, 1200]
    assert res["battle_damage"] == {"A": 0, "B": 800}
    assert res["destroyed_by_battle"] == ["tgt"]
    assert res["final_lp"] == {"A": 8000, "B": 7200}


def test_piercing_through_an_indestructible_target() -> None:
    """DS-030: an indestructible-by-battle target still lets piercing damage through."""
    res = run(scenario([monster("att", "A", 2000, 0, "attack", {"kind": "piercing"}),
                        monster("tgt", "B", 0, 1500, "defense", {"kind": "indestructible_by_battle"})]))
    assert res["battle_damage"] == {"A": 0, "B": 500}
    assert res["battle_damage_events"] == ["B"]
    assert res["destroyed_by_battle"] == []
    assert res["final_locations"]["tgt"] == "monster_zone"


def test_piercing_equip_of_the_defending_player_in_a_duel() -> None:
    """DS-028 with the Equip Spell: B's piercing Equip on A's attacker makes A take it."""
    res = run(scenario([monster("att", "A", 2400, 0), monster("tgt", "B", 500, 2000, "defense"),
                        spell("fmc", "B", {"kind": "piercing"}, equipped_to="att")]))
    assert res["battle_damage"] == {"A": 400, "B": 0}


def test_double_piercing_in_a_duel() -> None:
    res = run(scenario([monster("att", "A", 4000, 0, "attack", {"kind": "piercing", "double": True}),
                        monster("tgt", "B", 0, 1000, "defense")]))
    assert res["battle_damage"] == {"A": 0, "B": 6000}
    assert res["final_lp"] == {"A": 8000, "B": 2000}


def test_two_piercing_effects_of_one_controller_in_a_duel() -> None:
    """The monster's own piercing plus a piercing Equip Spell of the same controller: a - d once (§2.4)."""
    res = run(scenario([monster("att", "A", 2000, 0, "attack", {"kind": "piercing"}),
                        monster("tgt", "B", 0, 1500, "defense"),
                        spell("eq", "A", {"kind": "piercing"}, equipped_to="att")]))
    assert res["battle_damage"] == {"A": 0, "B": 500}


# §2.1 the values compared; attacking from Defense Position
def test_attacker_value() -> None:
    assert attacker_value(1000, 3500, True, "def") == 3500  # Superheavy Samurai: applies DEF
    assert attacker_value(1550, 2500, True, "atk") == 1550  # Total Defense Shogun: applies ATK
    assert attacker_value(1550, 2500, False, None) == 1550  # Attack Position: ATK
    assert attacker_value(1550, 2500, False, "def") == 1550  # "apply DEF" only from Defense Position


def test_target_value() -> None:
    assert target_value(1500, 2000, False) == 1500
    assert target_value(1500, 2000, True) == 2000


@pytest.mark.parametrize(
    ("apply", "att", "tgt", "values", "dmg", "destroyed"),
    [
        # DS-083: applies DEF 3500 vs ATK 3000: target destroyed, 500 to B
        ("def", (1000, 3500), (3000, 0, "attack"), [3500, 3000], {"A": 0, "B": 500}, ["tgt"]),
        # DS-084: the DEF-applying attacker can itself be destroyed by battle: DEF 1000 vs ATK 2000
        ("def", (3000, 1000), (2000, 0, "attack"), [1000, 2000], {"A": 1000, "B": 0}, ["att"]),
        # DS-085: DEF vs DEF: target destroyed, no damage
        ("def", (1000, 2000), (0, 1500, "defense"), [2000, 1500], {"A": 0, "B": 0}, ["tgt"]),
        # DS-086: Total Defense Shogun attacks from Defense Position but applies its ATK
        ("atk", (1550, 2500), (1500, 0, "attack"), [1550, 1500], {"A": 0, "B": 50}, ["tgt"]),
        # applying ATK, equal values in Attack Position: both destroyed
        ("atk", (1500, 2500), (1500, 0, "attack"), [1500, 1500], {"A": 0, "B": 0}, ["att", "tgt"]),
    ],
    ids=["DS-083", "DS-084", "DS-085", "DS-086", "atk-equal"],
)
def test_attack_from_defense_position(apply: str, att: tuple[int, int], tgt: tuple[int, int, str],
                                      values: list[int], dmg: dict[str, int], destroyed: list[str]) -> None:
    res = run(scenario([monster("att", "A", *att, "defense", {"kind": "attack_from_defense", "apply": apply}),
                        monster("tgt", "B", *tgt)]))
    assert res["values_compared"] == values
    assert res["battle_damage"] == dmg
    assert res["destroyed_by_battle"] == destroyed


def test_attack_from_defense_direct_attack_applies_def() -> None:
    res = run(scenario([monster("att", "A", 1000, 2600, "defense", {"kind": "attack_from_defense", "apply": "def"})],
                       None))
    assert res["values_compared"] == [2600, None]
    assert res["battle_damage"] == {"A": 0, "B": 2600}
