"""Battle-damage modifiers (§2.6): each stage of the official order, and the published worked examples
(DS-044..049, A5). Pure pipeline first, then the same examples run as duels."""

from __future__ import annotations

import itertools

import pytest
from conftest import monster, run, scenario, spell

from engine.effects import DamageModifier as M
from engine.effects import DamageStage as S
from engine.effects import Piercing
from engine.rules.calculation import BattleInput, Packet, compare_values
from engine.rules.modifiers import DamageResult, apply_battle_damage_modifiers
from engine.values.game import Player

A, B = Player.A, Player.B
ATT, TGT = 0, 1
BATTLERS = frozenset({ATT, TGT})


def pipe(packets: list[Packet], *mods: M, battlers: frozenset[int] = BATTLERS) -> DamageResult:
    return apply_battle_damage_modifiers(packets, list(mods), battlers)


def to_b(amount: int) -> list[Packet]:
    return [Packet(B, amount, ATT)]


def test_no_modifiers() -> None:
    r = pipe([Packet(B, 500, ATT)])
    assert (r.battle, r.effect, r.gain) == ((0, 500), (0, 0), (0, 0))
    assert r.inflicted_by == ((B, ATT),)
    assert pipe([]).battle == (0, 0)


# Stage 2: both players take it
def test_both_players_take() -> None:
    r = pipe(to_b(1000), M(S.BOTH, involving=ATT))
    assert r.battle == (1000, 1000)
    assert {p for p, _ in r.inflicted_by} == {A, B}


def test_both_players_applied_once() -> None:
    assert pipe(to_b(1000), M(S.BOTH, involving=ATT), M(S.BOTH, involving=TGT)).battle == (1000, 1000)


# Stage 3: reflect ("instead") / also
def test_reflect() -> None:
    r = pipe(to_b(1000), M(S.REFLECT, player=B, involving=TGT))
    assert r.battle == (1000, 0)
    assert [p for p, _ in r.inflicted_by] == [A]


def test_reflect_of_the_other_player_does_not_touch_this_damage() -> None:
    assert pipe(to_b(1000), M(S.REFLECT, player=A, involving=ATT)).battle == (0, 1000)


def test_also() -> None:
    assert pipe(to_b(1000), M(S.ALSO, player=B, involving=TGT)).battle == (1000, 1000)


def test_reflected_damage_is_not_moved_again() -> None:
    """§2.6 step 3: when one of them makes the opponent take damage, the other is not applied to that damage."""
    assert pipe(to_b(1000), M(S.REFLECT, player=B, involving=TGT), M(S.REFLECT, player=A, involving=ATT)).battle \
        == (1000, 0)
    assert pipe(to_b(1000), M(S.ALSO, player=B, involving=TGT), M(S.REFLECT, player=A, involving=ATT)).battle \
        == (1000, 1000)


def test_modifier_of_a_card_not_in_the_battle_does_nothing() -> None:
    """DS-041: "battles involving this card" -- a reflect on a monster that is not a battler does nothing."""
    assert pipe(to_b(1000), M(S.REFLECT, player=B, involving=7)).battle == (0, 1000)
    assert pipe(to_b(1000), M(S.BOTH, involving=7)).battle == (0, 1000)


# Stage 4: treated as effect damage
def test_treated_as_effect_damage_leaves_battle_damage_at_zero() -> None:
    r = pipe(to_b(700), M(S.TO_EFFECT, source=ATT))
    assert r.battle == (0, 0)
    assert r.effect == (0, 700)
    assert r.inflicted_by == ()


def test_treated_as_effect_damage_only_for_damage_that_card_inflicts() -> None:
    r = pipe([Packet(A, 700, TGT)], M(S.TO_EFFECT, source=ATT))
    assert (r.battle, r.effect) == ((700, 0), (0, 0))


# Stage 5: gain LP instead
def test_gain_instead_leaves_battle_damage_at_zero() -> None:
    r = pipe(to_b(1200), M(S.GAIN, player=B))
    assert r.battle == (0, 0)
    assert r.gain == (0, 1200)
    assert r.inflicted_by == ()


def test_gain_instead_only_for_that_player() -> None:
    r = pipe(to_b(1200), M(S.GAIN, player=A))
    assert (r.battle, r.gain) == ((0, 1200), (0, 0))


# Stage 6: becomes 0
def test_becomes_zero() -> None:
    r = pipe(to_b(3000), M(S.ZERO, player=B))
    assert r.battle == (0, 0)
    assert r.inflicted_by == ()
    assert pipe(to_b(3000), M(S.ZERO, player=A)).battle == (0, 3000)


def test_becomes_zero_skips_the_later_stages() -> None:
    """§2.6 step 10 note: if step 6 already made it 0, later steps are skipped."""
    for later in (M(S.HALVE, player=B), M(S.DOUBLE, player=B, source=ATT), M(S.BECOMES, player=B, value=500)):
        assert pipe(to_b(3000), M(S.ZERO, player=B), later).battle == (0, 0)
        assert pipe(to_b(3000), later, M(S.ZERO, player=B)).battle == (0, 0)


# Stage 7: halved
def test_halved() -> None:
    assert pipe(to_b(1500), M(S.HALVE, player=B)).battle == (0, 750)
    # A fraction is rounded up (§S.6; official OCG FAQ: a halved 63 is 32, https://ygocdb.com/faq/23944).
    # The shared scenario format says "rounded down"; docs/scenario-format.md notes the difference.
    assert pipe(to_b(1001), M(S.HALVE, player=B)).battle == (0, 501)
    assert pipe(to_b(1500), M(S.HALVE, player=A)).battle == (0, 1500)


def test_halvings_do_not_stack() -> None:
    """DS-044: 2800 with two halvings -> 1400."""
    assert pipe(to_b(2800), M(S.HALVE, player=B), M(S.HALVE, player=B)).battle == (0, 1400)


# Stage 8: doubled
def test_doubled() -> None:
    assert pipe(to_b(1000), M(S.DOUBLE, player=B, source=ATT)).battle == (0, 2000)


def test_doubled_only_for_damage_that_card_inflicts() -> None:
    """DS-043: "battle damage this card inflicts": the doubler losing the battle does not double its controller's
    damage (that damage is inflicted by the other monster)."""
    assert pipe([Packet(A, 500, TGT)], M(S.DOUBLE, player=B, source=ATT)).battle == (500, 0)


def test_doublings_do_not_stack() -> None:
    assert pipe(to_b(1000), M(S.DOUBLE, player=B, source=ATT), M(S.DOUBLE, player=B, source=ATT)).battle == (0, 2000)


def test_doubling_and_halving_cancel() -> None:
    """DS-045."""
    assert pipe(to_b(2500), M(S.DOUBLE, player=B, source=ATT), M(S.HALVE, player=B)).battle == (0, 2500)
    assert pipe(to_b(2500), M(S.HALVE, player=B), M(S.DOUBLE, player=B, source=ATT)).battle == (0, 2500)


# Stage 9: becomes a value
def test_becomes_a_value() -> None:
    assert pipe(to_b(2500), M(S.BECOMES, player=B, value=1000)).battle == (0, 1000)
    assert pipe(to_b(2500), M(S.BECOMES, player=A, value=1000)).battle == (0, 2500)


def test_becomes_a_value_after_halving_and_doubling() -> None:
    """Stage 9 comes after stages 7-8: the fixed value is what is taken."""
    assert pipe(to_b(2500), M(S.HALVE, player=B), M(S.BECOMES, player=B, value=1000)).battle == (0, 1000)
    assert pipe(to_b(2500), M(S.DOUBLE, player=B, source=ATT), M(S.BECOMES, player=B, value=1000)).battle \
        == (0, 1000)


# Stage 10: no damage of X or less (Performage Trapeze Magician; rules spec §R.5)
def test_no_damage_of_x_or_less_is_applied_to_each_damage() -> None:
    # OCG FAQ 15374: 500 against a 2500 Trapeze Magician is not taken; more than 2500 is.
    cap = M(S.AT_MOST, player=B, value=2500)
    assert pipe(to_b(500), cap).battle == (0, 0)
    assert pipe(to_b(2500), cap).battle == (0, 0)
    assert pipe(to_b(3000), cap).battle == (0, 3000)
    assert pipe(to_b(500), M(S.AT_MOST, player=A, value=2500)).battle == (0, 500)
    # OCG compilation L686: two 1500s at once (both players take it, A's taken by B instead), each not more
    # than 2500: neither is taken, though they total 3000.
    both = [M(S.BOTH, involving=ATT), M(S.REFLECT, player=A, involving=ATT)]
    assert pipe([Packet(A, 1500, TGT)], *both).battle == (0, 3000)
    assert pipe([Packet(A, 1500, TGT)], *both, cap).battle == (0, 0)


def test_no_damage_of_x_or_less_comes_after_halving_and_becomes() -> None:
    # Applied last (OCG compilation L748): a halved 3000 is 1500, not taken; a damage that becomes 1000, not taken.
    cap = M(S.AT_MOST, player=B, value=2500)
    assert pipe(to_b(3000), M(S.HALVE, player=B), cap).battle == (0, 0)
    assert pipe(to_b(6000), M(S.BECOMES, player=B, value=1000), cap).battle == (0, 0)
    assert pipe(to_b(6000), M(S.HALVE, player=B), cap).battle == (0, 3000)


def test_becomes_zero_beats_becomes_x() -> None:
    """DS-046, in either order."""
    mods = [M(S.BECOMES, player=B, value=1000), M(S.BECOMES, player=B, value=0)]
    for order in itertools.permutations(mods):
        assert pipe(to_b(2500), *order).battle == (0, 0)
    for order in itertools.permutations([M(S.BECOMES, player=B, value=1000), M(S.ZERO, player=B)]):
        assert pipe(to_b(2500), *order).battle == (0, 0)


# Order between stages
def test_reflect_comes_before_gain_and_halving() -> None:
    """Stage 3 before stages 5 and 7: the damage is first moved, then the new taker's modifiers apply."""
    r = pipe(to_b(1000), M(S.REFLECT, player=B, involving=TGT), M(S.GAIN, player=A))
    assert (r.battle, r.gain) == ((0, 0), (1000, 0))
    assert pipe(to_b(1000), M(S.REFLECT, player=B, involving=TGT), M(S.HALVE, player=A)).battle == (500, 0)
    assert pipe(to_b(1000), M(S.REFLECT, player=B, involving=TGT), M(S.HALVE, player=B)).battle == (1000, 0)


def test_both_then_halving_per_player() -> None:
    r = pipe(to_b(1000), M(S.BOTH, involving=ATT), M(S.HALVE, player=A))
    assert r.battle == (500, 1000)


def test_gain_comes_before_becomes_zero() -> None:
    """Stage 5 (gain instead) precedes stage 6 (becomes 0) in the official order."""
    r = pipe(to_b(1000), M(S.GAIN, player=B), M(S.ZERO, player=B))
    assert (r.battle, r.gain) == ((0, 0), (0, 1000))


# Published worked examples (§2.6), pure
def test_ds047_both_then_redirect() -> None:
    """2000 direct -> both -> redirected: opponent 4000, you 0. "You" control the attacker (A), which has both
    "both players take it" and "your opponent takes it instead"."""
    r = pipe([Packet(B, 2000, ATT)], M(S.BOTH, involving=ATT), M(S.REFLECT, player=A, involving=ATT),
             battlers=frozenset({ATT}))
    assert r.battle == (0, 4000)


def test_ds048_double_piercing_both_redirect() -> None:
    """Double piercing 8000 -> both 8000/8000 -> redirect: the attacker's controller takes 16000."""
    base = compare_values(BattleInput(ATT, A, 5000, TGT, B, 1000, True, (Piercing(A, double=True),)))
    assert [(p.player, p.amount) for p in base.damage] == [(B, 8000)]
    r = pipe(list(base.damage), M(S.BOTH, involving=TGT), M(S.REFLECT, player=B, involving=TGT))
    assert r.battle == (16000, 0)


def test_ds049_redirect_before_doubled() -> None:
    """Odd-Eyes (A, 2500, doubles damage it inflicts) vs B's 2000 with both + redirect: 500 -> both 500/500 ->
    B's redirected to A -> the doubling finds 0 to double: A 1000, B 0."""
    r = pipe([Packet(B, 500, ATT)], M(S.DOUBLE, player=B, source=ATT), M(S.BOTH, involving=TGT),
             M(S.REFLECT, player=B, involving=TGT))
    assert r.battle == (1000, 0)


@pytest.mark.parametrize("loser", [A, B])
def test_a5_also_vs_redirect(loser: Player) -> None:
    """A5: C96 Dark Storm (A: "also inflicted to your opponent") vs Ohime with Double-Edged Sword (B: both +
    "instead"): each applied once, damage one moved is not moved again -> 2000 to one side, 1000 to the other.
    With 1000 of battle damage: both 1000/1000; A's 1000 also to B; B's 1000 to A instead -> A 2000, B 1000."""
    src = TGT if loser is A else ATT
    r = pipe([Packet(loser, 1000, src)], M(S.ALSO, player=A, involving=ATT), M(S.BOTH, involving=TGT),
             M(S.REFLECT, player=B, involving=TGT))
    assert r.battle == (2000, 1000)


# The same, as duels (scenario format)
def test_ds044_in_a_duel() -> None:
    res = run(scenario([monster("att", "A", 2800, 0, "attack", {"kind": "halve_battle_damage", "player": "opponent"}),
                        spell("pot", "A", {"kind": "halve_battle_damage", "player": "opponent"})], None))
    assert res["battle_damage"] == {"A": 0, "B": 1400}
    assert res["final_lp"] == {"A": 8000, "B": 6600}


def test_ds045_in_a_duel() -> None:
    res = run(scenario([monster("att", "A", 2500, 0, "attack", {"kind": "double_battle_damage"}),
                        spell("half", "B", {"kind": "halve_battle_damage", "player": "controller"})], None))
    assert res["battle_damage"] == {"A": 0, "B": 2500}


def test_ds046_in_a_duel() -> None:
    cards = [monster("att", "A", 2500, 0),
             spell("x", "B", {"kind": "battle_damage_becomes", "player": "controller", "value": 1000}),
             spell("y", "B", {"kind": "battle_damage_becomes", "player": "controller", "value": 0})]
    for order in (cards, [cards[0], cards[2], cards[1]]):
        res = run(scenario(order, None))
        assert res["battle_damage"] == {"A": 0, "B": 0}
        assert res["battle_damage_events"] == []
        assert res["final_lp"] == {"A": 8000, "B": 8000}


def test_ds047_in_a_duel() -> None:
    res = run(scenario([monster("att", "A", 2000, 0, "attack", {"kind": "reflect_battle_damage"}),
                        spell("des", "A", {"kind": "both_take_battle_damage"}, equipped_to="att")], None))
    assert res["battle_damage"] == {"A": 0, "B": 4000}
    assert res["battle_damage_events"] == ["B"]
    assert res["final_lp"] == {"A": 8000, "B": 4000}


def test_ds048_in_a_duel() -> None:
    """§2.7: the turn player can lose to reflected damage (DS-048): 16000 to A, A loses."""
    res = run(scenario([monster("att", "A", 5000, 0, "attack", {"kind": "piercing", "double": True}),
                        monster("tgt", "B", 0, 1000, "defense", {"kind": "reflect_battle_damage"}),
                        spell("des", "B", {"kind": "both_take_battle_damage"}, equipped_to="tgt")]))
    assert res["values_compared"] == [5000, 1000]
    assert res["battle_damage"] == {"A": 16000, "B": 0}
    assert res["battle_damage_events"] == ["A"]
    assert res["final_lp"] == {"A": 0, "B": 8000}
    assert res["winner"] == "B"


def test_ds049_in_a_duel() -> None:
    res = run(scenario([monster("att", "A", 2500, 2000, "attack", {"kind": "double_battle_damage"}),
                        monster("tgt", "B", 2000, 0, "attack", {"kind": "reflect_battle_damage"}),
                        spell("des", "B", {"kind": "both_take_battle_damage"}, equipped_to="tgt")]))
    assert res["battle_damage"] == {"A": 1000, "B": 0}
    assert res["final_lp"] == {"A": 7000, "B": 8000}


@pytest.mark.parametrize(("c96_atk", "ohime_atk"), [(3000, 2000), (2000, 3000)], ids=["c96-wins", "ohime-wins"])
def test_a5_in_a_duel(c96_atk: int, ohime_atk: int) -> None:
    res = run(scenario([monster("att", "A", c96_atk, 0, "attack", {"kind": "also_inflict_battle_damage"}),
                        monster("tgt", "B", ohime_atk, 0, "attack", {"kind": "reflect_battle_damage"}),
                        spell("des", "B", {"kind": "both_take_battle_damage"}, equipped_to="tgt")]))
    assert res["battle_damage"] == {"A": 2000, "B": 1000}
    assert res["battle_damage_events"] == ["A", "B"]


def test_treated_as_effect_damage_in_a_duel() -> None:
    """DS-050: battle damage 0, no battle damage event, B loses 700 as effect damage."""
    res = run(scenario([monster("att", "A", 700, 500, "attack", {"kind": "battle_damage_is_effect_damage"})], None))
    assert res["battle_damage"] == {"A": 0, "B": 0}
    assert res["battle_damage_events"] == []
    assert [(c["player"], c["delta"], c["kind"]) for c in res["lp_changes"]] == [("B", -700, "effect_damage")]
    assert res["final_lp"] == {"A": 8000, "B": 7300}


def test_gain_instead_in_a_duel() -> None:
    res = run(scenario([monster("att", "A", 1800, 0),
                        spell("rainbow", "B", {"kind": "gain_lp_instead", "player": "controller"})], None,
                       lp=(8000, 1000)))
    assert res["battle_damage"] == {"A": 0, "B": 0}
    assert res["battle_damage_events"] == []
    assert [(c["player"], c["delta"], c["kind"]) for c in res["lp_changes"]] == [("B", 1800, "gain")]
    assert res["final_lp"] == {"A": 8000, "B": 2800}
    assert res["winner"] is None


def test_avoid_battle_damage_scope() -> None:
    """avoid_battle_damage scope "involving" (default) vs "all": a non-battling card's "involving" does nothing."""
    base = [monster("att", "A", 2000, 0), monster("tgt", "B", 1000, 0), monster("other", "B", 0, 0)]
    inv = {"kind": "avoid_battle_damage", "player": "controller"}
    res = run(scenario([*base[:2], monster("other", "B", 0, 0, "attack", inv)]))
    assert res["battle_damage"] == {"A": 0, "B": 1000}
    res = run(scenario([*base[:2], monster("other", "B", 0, 0, "attack", {**inv, "scope": "all"})]))
    assert res["battle_damage"] == {"A": 0, "B": 0}
    res = run(scenario([base[0], monster("tgt", "B", 1000, 0, "attack", inv), base[2]]))
    assert res["battle_damage"] == {"A": 0, "B": 0}
