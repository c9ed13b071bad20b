"""Issue 43's engine pieces for unseen cards (rules spec §U.17; docs/scenario-format.md, "Levels, Tokens and more
events"): the sourced cases of tests/rules/engine-pieces-cases.jsonl through both executors, the schema, the round
trip and the CLI; then each piece through the host API.

Expected values come from the card texts (Yugipedia), the rules documents cited in each case (lucays/OCG-Rule-
documentation, ocgcore's `card::get_level`) and the damage table, computed by hand."""

from __future__ import annotations

import pickle
from typing import Any

import pytest
from conftest import RULES_DIR, case_file_tests

import engine
from engine import actions
from engine.effects import EffectKind, EffectType, Hook, LevelChange, Registry, Source
from engine.library import default_registry
from engine.library.levels import change_level
from engine.library.tokens import special_summon_token
from engine.rules.levels import current_level
from engine.values.decisions import PASS, Decision, Option
from engine.values.game import Location, Player, Position

CASES = RULES_DIR / "engine-pieces-cases.jsonl"
test_sourced_cases, test_case, test_round_trip_schema_and_cli = case_file_tests(CASES, at_least=15)


class Eager:
    """Activates the first thing offered (a trigger, an effect), else passes."""

    def choose(self, decision: Decision, duel: object) -> Option:
        return next((o for o in decision.options if o != PASS), PASS)


def _gain(amount: int) -> list[dict[str, Any]]:
    return [{"op": "gain_lp", "player": "controller", "amount": amount}]


def _gain_on(event: str, amount: int) -> dict[str, Any]:
    """A mandatory trigger on `event` about any card: its controller gains `amount` LP."""
    return {"kind": "trigger", "on": event, "about": "any", "optional": False, "does": _gain(amount)}


def _field(registry: Registry | None = None, **monsters: int) -> engine.Duel:
    """A duel with A's `m` (Level 4) attacking nothing yet, and B's `x`; extra monsters name -> Level, for A."""
    b = engine.StateBuilder()
    b.monster("m", "A", atk=1000, def_=1000, level=4)
    b.monster("x", "B", atk=1000, def_=1000, level=3)
    for name, level in monsters.items():
        b.monster(name, "A", atk=0, def_=0, level=level)
    return engine.Duel(b.build(), registry or engine.cards.registry())


def _index(duel: engine.Duel, card_id: str) -> int:
    return next(i for i, c in enumerate(duel.state.cards) if c.id == card_id)


# -- Levels ---------------------------------------------------------------------------------------------------


def test_change_level_lasts_until_the_end_of_the_turn() -> None:
    duel = _field()
    m = _index(duel, "m")
    assert change_level(duel.ctx, m, add=2)
    assert current_level(duel.ctx, m) == 6
    duel.end_turn()
    assert current_level(duel.ctx, m) == 4


def test_a_level_change_ends_when_the_monster_leaves_the_field() -> None:
    duel = _field()
    m = _index(duel, "m")
    change_level(duel.ctx, m, becomes=8, until="permanent")
    assert current_level(duel.ctx, m) == 8
    actions.move_card(duel.ctx, m, Location.HAND, "effect")
    assert current_level(duel.ctx, m) == 4  # a new card: as printed


def test_a_face_down_monster_or_an_xyz_monster_has_no_level_to_change() -> None:
    b = engine.StateBuilder()
    b.monster("s", "A", atk=0, def_=0, level=4, position="set")
    b.monster("xyz", "A", atk=0, def_=0, rank=4, abilities=("xyz",))
    duel = engine.Duel(b.build(), engine.cards.registry())
    assert not change_level(duel.ctx, 0, add=1)
    assert not change_level(duel.ctx, 1, becomes=4)
    assert current_level(duel.ctx, 1) == 0
    assert duel.state.lingering == ()


def test_change_level_refuses_a_bad_duration_or_level() -> None:
    duel = _field()
    with pytest.raises(ValueError, match="until"):
        change_level(duel.ctx, 0, add=1, until="forever")
    with pytest.raises(ValueError, match="1 or more"):
        change_level(duel.ctx, 0, becomes=0)


def _level_hook(ctx: engine.effects.Context, src: Source) -> list[LevelChange]:
    """A host's continuous effect: the monsters its controller controls are Level +1 each (read while it applies)."""
    return [LevelChange(i, add=1) for i, c in enumerate(ctx.state.cards)
            if c.location is Location.MONSTER_ZONE and c.controller is src.controller]  # fmt: skip


def test_a_host_continuous_level_change_through_hook_levels() -> None:
    reg = default_registry()
    reg.register(EffectType("plus_one_level", hooks={Hook.LEVELS: _level_hook}))
    b = engine.StateBuilder()
    b.monster("m", "A", atk=0, def_=0, level=4)
    b.trap("c", "A", face_down=False, effects=[engine.Effect("plus_one_level", EffectKind.CONTINUOUS)])
    duel = engine.Duel(b.build(), reg)
    assert current_level(duel.ctx, 0) == 5
    change_level(duel.ctx, 0, becomes=2)
    assert current_level(duel.ctx, 0) == 3  # the continuous +1 still counts after a resolved "becomes 2"


def test_a_host_answer_of_the_wrong_shape_on_hook_levels_is_an_effect_error() -> None:
    reg = default_registry()
    reg.register(EffectType("bad_levels", hooks={Hook.LEVELS: lambda ctx, src: [3]}))
    b = engine.StateBuilder()
    b.monster("m", "A", atk=0, def_=0, level=4)
    b.trap("c", "A", face_down=False, effects=[engine.Effect("bad_levels", EffectKind.CONTINUOUS)])
    duel = engine.Duel(b.build(), reg)
    with pytest.raises(engine.EffectError, match="LevelChange"):
        current_level(duel.ctx, 0)


def test_level_modifier_with_a_filter_reads_levels_without_itself() -> None:
    """"Level 4 or lower monsters become Level 5": a Level 4 monster becomes 5 (and so would no longer match; it is
    read without the change, as ATK changes are, so the change holds)."""
    b = engine.StateBuilder()
    b.monster("m", "A", atk=0, def_=0, level=4)
    b.monster("big", "A", atk=0, def_=0, level=7)
    b.trap("c", "A", face_down=False, effects=[{"kind": "level_modifier", "applies_to": "own_monsters",
                                                 "filter": {"level_at_most": 4}, "becomes": 5}])
    duel = engine.Duel(b.build(), engine.cards.registry())
    assert [current_level(duel.ctx, i) for i in (0, 1)] == [5, 7]


# -- Tokens ---------------------------------------------------------------------------------------------------


def _tokens(duel: engine.Duel, count: int = 2, player: Player = Player.B) -> list[int]:
    return special_summon_token(duel.ctx, player, name="Sheep Token", atk=0, def_=0, level=1, attribute="earth",
                                monster_type="beast", position=Position.DEFENSE, count=count)  # fmt: skip


def test_tokens_are_new_cards_that_leave_no_trace_when_they_leave_the_field() -> None:
    duel = _field()
    made = _tokens(duel)
    assert made == [2, 3]
    sheep = duel.state.cards[2]
    assert (sheep.location, sheep.position, sheep.controller, sheep.owner) == (
        Location.MONSTER_ZONE, Position.DEFENSE, Player.B, Player.B)
    assert sheep.summoned == "special" and "token" in sheep.abilities
    actions.destroy(duel.ctx, 2, "effect")
    assert duel.state.cards[2].location is Location.GONE
    actions.move_card(duel.ctx, 3, Location.HAND, "effect")  # returned to the hand: it ceases to exist too
    assert duel.state.cards[3].location is Location.GONE


def test_a_token_cannot_be_changed_to_face_down() -> None:
    duel = _field()
    (t,) = _tokens(duel, 1)
    actions.change_position(duel.ctx, t, Position.SET, "effect")
    assert duel.state.cards[t].position is Position.DEFENSE


def test_tokens_take_free_main_monster_zones_only() -> None:
    duel = _field(a=1, b=1, c=1)  # A controls 4 monsters
    assert len(_tokens(duel, 3, Player.A)) == 1


def test_special_summon_token_refuses_bad_input_and_changes_nothing() -> None:
    duel = _field()
    before = len(duel.state.cards)
    with pytest.raises(ValueError, match="face-up"):
        special_summon_token(duel.ctx, Player.A, name="T", atk=0, def_=0, level=1, attribute="dark",
                             monster_type="fiend", position=Position.SET)  # fmt: skip
    with pytest.raises(ValueError):
        special_summon_token(duel.ctx, Player.A, name="T", atk=0, def_=0, level=1, attribute="purple",
                             monster_type="fiend")  # fmt: skip
    assert len(duel.state.cards) == before


def test_a_duel_with_tokens_pickles_clones_and_observes() -> None:
    b = engine.StateBuilder()
    b.monster("m", "A", atk=1500, def_=1000, level=4)
    b.spell("sg", "B", face_down=True, property="quick_play", effects=[{"kind": "activated", "speed": 2, "does": [
        {"op": "special_summon_token", "name": "Sheep Token", "attribute": "earth", "monster_type": "beast",
         "level": 1, "atk": 0, "def": 0, "count": 2, "position": "defense"}]}])
    duel = engine.Duel(b.build(), engine.cards.registry())
    duel.declare_attack("m", None)
    duel.run(Eager())
    ids = [c.id for c in duel.state.cards]
    assert ids[2:] == ["Sheep Token#2", "Sheep Token#3"]
    # the replay: A (Eager) attacked the first Token, which ceased to exist
    assert duel.state.cards[2].location is Location.GONE
    assert pickle.loads(pickle.dumps(duel)).state.cards == duel.state.cards
    assert duel.clone().state.cards == duel.state.cards
    from engine.observation import observation_size, observe

    full = observe(duel.ctx, Player.A, 0, "hidden", 8000.0, None)
    slots = observe(duel.ctx, Player.A, 0, "hidden", 8000.0, None, slots=2)
    assert (len(full), len(slots)) == (observation_size(4), observation_size(2))


# -- events ---------------------------------------------------------------------------------------------------


def _host_trap(does: Any) -> Registry:
    """A registry with the host's activated type "host_op": its operation calls `does(ctx)` (engine.actions)."""
    reg = default_registry()
    reg.register(EffectType("host_op", condition=lambda ctx, src: True,
                            operation=lambda ctx, src, link: does(ctx)))  # fmt: skip
    return reg


HOST_TRAP = [engine.Effect("host_op", EffectKind.ACTIVATED, speed=2)]


def test_summoned_from_extra_deck_and_tribute_self_cost() -> None:
    """"If a monster(s) is Special Summoned from the Extra Deck: You can Tribute this card" (World Legacy - "World
    Chalice"'s timing and cost): the watcher is Tributed as its cost and its controller gains 1000; the monster
    Summoned from the hand by the same effect does not trigger it again."""
    b = engine.StateBuilder()
    b.monster("m", "A", atk=1500, def_=1000)
    b.monster("x", "B", atk=1000, def_=3000, position="defense")
    b.monster("f", "B", atk=2000, def_=0, location="extra_deck", abilities=("fusion",))
    b.monster("h", "B", atk=100, def_=100, location="hand")
    b.monster("wc", "A", atk=0, def_=0, effects=[{
        "kind": "trigger", "on": "summoned_from_extra_deck", "about": "any", "optional": True,
        "cost": {"tribute_self": True}, "does": _gain(1000)}])
    b.monster("w2", "A", atk=0, def_=0, effects=[_gain_on("summoned_from_extra_deck", 100)])
    b.trap("t", "B", face_down=True, effects=HOST_TRAP)

    def summon(ctx: engine.effects.Context) -> None:  # to A's own field: no replay of A's attack
        actions.special_summon(ctx, 3, Player.A, Position.DEFENSE, "effect")  # h, from the hand
        actions.special_summon(ctx, 2, Player.A, Position.DEFENSE, "effect")  # f, from the Extra Deck

    duel = engine.Duel(b.build(), _host_trap(summon))
    duel.declare_attack("m", "x")
    duel.run(Eager())
    assert duel.state.players[Player.A].lp == 8000 + 1000 + 100 - 1500  # DEF 3000 - ATK 1500
    assert duel.state.cards[_index(duel, "wc")].location is Location.GRAVEYARD


def test_actions_tribute_raises_tributed_and_refuses_a_card_off_the_field() -> None:
    b = engine.StateBuilder()
    b.monster("m", "A", atk=1500, def_=1000)
    b.monster("x", "B", atk=0, def_=3000, position="defense")
    b.monster("y", "B", atk=0, def_=0)
    b.monster("h", "B", atk=0, def_=0, location="hand")
    b.monster("w", "B", atk=0, def_=0, effects=[{"kind": "trigger", "on": "tributed", "about": "any",
                                                 "optional": False, "does": _gain(100)}])
    b.trap("t", "B", face_down=True, effects=HOST_TRAP)
    results: list[bool] = []

    def tribute(ctx: engine.effects.Context) -> None:
        results.extend([actions.tribute(ctx, 3, "effect"), actions.tribute(ctx, 2, "effect")])

    duel = engine.Duel(b.build(), _host_trap(tribute))
    duel.declare_attack("m", "x")
    duel.run(Eager())
    assert results == [False, True]
    assert duel.state.players[Player.B].lp == 8100
    assert duel.state.cards[2].location is Location.GRAVEYARD


def _level_one_while_countered(ctx: engine.effects.Context, src: Source) -> list[LevelChange]:
    """Predaplant Flytrap's "it becomes Level 1 as long as it has a Predator Counter", as a lingering effect on the
    monster (`src.card`): it answers only while the counter is there."""
    card = ctx.card(src.card)
    return [LevelChange(src.card, becomes=1)] if card.counters > 0 else []


def test_a_lingering_host_level_change_with_a_condition() -> None:
    """Predaplant Flytrap's first effect through the host API (the sample card judged `python`): place a counter,
    then a lingering Level change that holds only while the monster has a counter."""
    reg = default_registry()
    reg.register(EffectType("predator_level", hooks={Hook.LEVELS: _level_one_while_countered}))
    duel = _field(registry=reg)
    x = _index(duel, "x")
    actions.set_counters(duel.ctx, x, 1)
    card = duel.state.cards[x]
    marker = engine.Effect("predator_level", EffectKind.CONTINUOUS)
    actions.add_lingering(duel.ctx, engine.Lingering(marker, Player.A, x, card.instance, "permanent"))
    assert current_level(duel.ctx, x) == 1
    change_level(duel.ctx, x, add=1)  # a later resolved increase counts on top of it
    assert current_level(duel.ctx, x) == 2
    actions.set_counters(duel.ctx, x, 0)
    assert current_level(duel.ctx, x) == 4  # printed 3, +1


# -- lasting restrictions -------------------------------------------------------------------------------------------


def test_a_continuous_special_summon_lock_names_its_players() -> None:
    """A card's `special_summon_lock` for both players, except Aqua monsters: neither can Special Summon a Warrior;
    an Aqua can be; the host's `by` is who Summons."""
    b = engine.StateBuilder()
    b.monster("w", "A", atk=0, def_=0, location="hand", monster_type="warrior")
    b.monster("a", "A", atk=0, def_=0, location="hand", monster_type="aqua")
    b.trap("lock", "B", face_down=False, effects=[{"kind": "special_summon_lock", "player": "both",
                                                    "except": {"monster_type": "aqua"}}])
    duel = engine.Duel(b.build(), engine.cards.registry())
    assert not actions.special_summon(duel.ctx, 0, Player.A, Position.ATTACK, "effect")
    assert not actions.special_summon(duel.ctx, 0, Player.A, Position.ATTACK, "effect", by=Player.B)
    assert duel.state.cards[0].location is Location.HAND
    assert actions.special_summon(duel.ctx, 1, Player.A, Position.ATTACK, "effect")


def test_effect_damage_redirect_by_whose_effects() -> None:
    """`from: opponent_effects` redirects only damage from the opponent's effects (a host's damage with no `by` is
    not redirected); `from: effects` redirects any effect damage."""
    cases = (("opponent_effects", Player.B, (8000, 7000)), ("opponent_effects", Player.A, (7000, 8000)),
             ("opponent_effects", None, (7000, 8000)), ("effects", None, (8000, 7000)))  # fmt: skip
    for source, by, expected in cases:
        b = engine.StateBuilder()
        b.trap("ev", "A", face_down=False, effects=[{"kind": "effect_damage_redirect", "from": source}])
        duel = engine.Duel(b.build(), engine.cards.registry())
        actions.damage(duel.ctx, Player.A, 1000, by=by)
        assert tuple(p.lp for p in duel.state.players) == expected, (source, by)
