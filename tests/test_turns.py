"""Turns and Battle Phases (issue 10, items 1, 2 and 4): attack declarations checked as the rules check them,
several attacks on one state, the end of a turn, each attack's own result, and misuses that used to do nothing.

Rules the expected values come from:

* [ATK] Yugipedia, "Attack" (https://yugipedia.com/wiki/Attack): the turn player declares an attack with a face-up
  Attack Position monster that has not already declared an attack this turn, choosing a monster the opponent
  controls as the attack target or making a direct attack; the official rulebook (Battle Step): a direct attack
  only when the opponent controls no monsters.
* [BP] scenario-format.md, "Battle Phases": everything carries over from one attack to the next (LP, "until the
  end of the turn" changes, per-turn counters); "until the end of the Damage Step" effects expire at the end of
  their own Damage Step.
* [DC] damage calculation, rules spec §2.2: the higher ATK destroys the lower and its controller takes the
  difference; §2.5: a monster that "cannot be destroyed by battle once per turn" survives its first destruction
  of the turn, damage still applies.
* Per-turn effects ("until the end of the turn", "once per turn") end with the turn: official rulebook, End Phase.
"""

from __future__ import annotations

import pickle

import pytest

import engine
from engine import IllegalAttack, Phase, Player, StateBuilder, UsageError, actions

BOOST = {"kind": "activated", "speed": 2, "does": [{"op": "change_stats", "target": "m2", "atk": 700}]}
ONCE = {"kind": "indestructible_by_battle", "times_per_turn": 1}


def field(*, boost: bool = False, x_effects: tuple[dict, ...] = (ONCE,)) -> StateBuilder:
    b = StateBuilder(lp=(8000, 8000), turn_player="A")
    b.monster("m1", "A", atk=2000, def_=1000)
    b.monster("m2", "A", atk=1800, def_=1000)
    b.monster("x", "B", atk=1500, def_=1000, effects=list(x_effects))
    if boost:
        b.spell("boost", "A", face_down=True, effects=[BOOST])
    return b


class ActivateOnce:
    """Activates the first card it is offered, once; passes otherwise."""

    def __init__(self) -> None:
        self.used = False

    def choose(self, decision: engine.Decision, duel: engine.Duel) -> engine.Option:
        acts = [o for o in decision.options if not o.is_pass]
        if acts and not self.used:
            self.used = True
            return acts[0]
        return engine.PASS


def test_boost_and_once_per_turn_protection_carry_over_to_the_second_attack_and_end_with_the_turn() -> None:
    duel = engine.Duel(field(boost=True).build())
    duel.declare_attack("m1", "x")
    duel.state.show_every_priority = True
    duel.run(ActivateOnce())  # A activates boost: m2 +700 until the end of the turn
    first = duel.battles[0]
    # [DC] 2000 vs 1500: B takes 500; x's once-per-turn protection keeps it on the field
    assert first.battle.battle_damage == (0, 500) and first.battle.destroyed == ()
    assert duel.state.phase is Phase.STEP_OVER
    assert duel.current_stats("m2") == (2500, 1000)  # [BP] the boost outlasts its Damage Step
    duel.declare_attack("m2", "x")
    duel.run(engine.PassAgent())
    second = duel.battles[1]
    # [BP] the boost still applies: 2500 vs 1500; [DC] the protection is used up: x is destroyed, B takes 1000
    assert second.battle.values_compared == (2500, 1500)
    assert second.battle.battle_damage == (0, 1000)
    assert [duel.state.cards[i].id for i in second.battle.destroyed] == ["x"]
    assert duel.state.players[Player.B].lp == 8000 - 500 - 1000
    duel.end_turn()
    assert duel.current_stats("m2") == (1800, 1000)  # "until the end of the turn": gone
    assert duel.state.turn == 2 and duel.state.turn_player is Player.B


def test_once_per_turn_protection_is_used_up_within_a_turn_and_back_the_next_turn() -> None:
    duel = engine.Duel(field().build())
    duel.declare_attack("m1", "x")
    duel.run(engine.PassAgent())
    assert duel.battles[0].battle.destroyed == ()  # first destruction this turn: not destroyed
    duel.end_turn()  # B's turn: B does not attack
    duel.end_turn()  # A's turn again: the per-turn counters were reset
    duel.declare_attack("m1", "x")
    duel.run(engine.PassAgent())
    assert duel.battles[1].battle.destroyed == ()  # protected again: a new turn
    assert duel.state.cards[2].location is engine.Location.MONSTER_ZONE
    assert duel.state.players[Player.B].lp == 8000 - 500 - 500


def test_a_monster_is_refused_a_second_attack_and_nothing_changes() -> None:
    duel = engine.Duel(field(x_effects=()).build())
    duel.declare_attack("m1", "x")
    duel.run(engine.PassAgent())
    h, log = duel.state.state_hash(), len(duel.state.log)
    with pytest.raises(IllegalAttack, match="once per turn: m1 has already declared an attack this turn"):
        duel.declare_attack("m1", None)
    assert duel.state.state_hash() == h and len(duel.state.log) == log
    # x was destroyed: B controls no monster, so m2 may attack directly [ATK]
    duel.declare_attack("m2")
    duel.run(engine.PassAgent())
    assert duel.battles[1].battle.battle_damage == (0, 1800)


def test_an_effect_that_grants_a_second_attack_allows_it() -> None:
    reg = engine.default_registry()
    reg.register(engine.EffectType("two_attacks", hooks={engine.Hook.ATTACKS: lambda ctx, src: 2}))
    b = StateBuilder()
    b.monster("m1", "A", atk=2000, def_=0, effects=[engine.Effect("two_attacks", engine.EffectKind.CONTINUOUS)])
    duel = engine.Duel(b.build(), reg)
    for _ in range(2):
        duel.declare_attack("m1")
        duel.run(engine.PassAgent())
    with pytest.raises(IllegalAttack, match="2 times per turn"):
        duel.declare_attack("m1")
    assert duel.state.players[Player.B].lp == 4000


@pytest.mark.parametrize(
    ("setup", "attacker", "target", "rule"),
    [
        (lambda b: b.monster("d", "A", atk=100, def_=0, position="defense"), "d", "x",
         "only a face-up Attack Position monster can attack"),
        (lambda b: b.monster("d", "A", atk=100, def_=0, position="set"), "d", "x", "a face-down monster cannot attack"),
        (lambda b: b.monster("d", "A", atk=100, def_=0, location="hand"), "d", "x",
         "only a monster in the Monster Zone can attack"),
        (lambda b: b, "x", "m1", "only the turn player's monsters can attack"),
        (lambda b: b, "m1", "m2", "the attack target must be a monster the opponent controls"),
        (lambda b: b, "m1", None, "a direct attack is possible only when the opponent controls no monsters"),
        (lambda b: b.monster("gy", "B", atk=0, def_=0, location="graveyard"), "m1", "gy",
         "the attack target must be a monster on the field"),
        (lambda b: b, "nobody", "x", "no card with id 'nobody'"),
    ],
)
def test_each_attack_rule_refuses_naming_the_rule(setup, attacker, target, rule) -> None:  # type: ignore[no-untyped-def]
    duel = engine.Duel(setup(field()).build())
    h = duel.state.state_hash()
    with pytest.raises(IllegalAttack, match=rule):
        duel.declare_attack(attacker, target)
    assert duel.state.state_hash() == h


def test_attack_from_defense_position_with_an_effect_that_allows_it() -> None:
    b = field()
    b.monster("shogun", "A", atk=500, def_=2000, position="defense", effects=[{"kind": "attack_from_defense",
                                                                             "apply": "def"}])
    duel = engine.Duel(b.build())
    duel.declare_attack("shogun", "x")
    duel.run(engine.PassAgent())
    assert duel.battles[0].battle.values_compared == (2000, 1500)


def test_no_attack_during_a_damage_step_and_no_turn_end_either() -> None:
    duel = engine.Duel(field(boost=True).build())
    duel.state.show_every_priority = True
    duel.declare_attack("m1", "x")
    with pytest.raises(IllegalAttack, match="has not been played"):
        duel.declare_attack("m2", "x")
    d = duel.advance()  # from Main Phase 1 the Battle Phase begins: the turn player's priority in its Start Step
    assert d is not None and d.window is engine.Window.START_STEP and d.player is Player.A  # (§BP.1)
    assert duel.battles == [] and duel.legal_attacks() == []  # the attack is declared in the Battle Step
    duel.decide(engine.PASS)
    d = duel.advance()  # B's priority in the Start Step, then the declaration and the turn player's priority after
    assert d is not None and d.window is engine.Window.START_STEP and d.player is Player.B
    duel.decide(engine.PASS)
    d = duel.advance()  # (§BP.4)
    assert d is not None and d.window is engine.Window.ATTACK_DECLARATION and len(duel.battles) == 1
    with pytest.raises(IllegalAttack, match="the Battle Phase is under way"):
        duel.declare_attack("m2", "x")
    while (d := duel.advance()) is not None and d.window is not engine.Window.START_OF_DAMAGE_STEP:
        duel.decide(engine.PASS)
    assert d is not None  # a priority decision in the Start of the Damage Step
    with pytest.raises(IllegalAttack, match="a Damage Step is under way"):
        duel.declare_attack("m2", "x")
    with pytest.raises(UsageError, match="a Damage Step is under way"):
        duel.end_turn()


def test_battles_cover_consecutive_ranges_of_the_log_and_result_per_attack() -> None:
    duel = engine.Duel(field(x_effects=()).build())
    duel.declare_attack("m1", "x")
    duel.run(engine.PassAgent())
    duel.declare_attack("m2")
    duel.run(engine.PassAgent())
    first, second = duel.battles
    start_step = duel.state.log[: first.log_range[0]]  # the Battle Phase's Start Step, before the first declaration
    assert (start_step[0].type, start_step[0].phase) == (engine.EventType.PHASE_ENTERED, Phase.START_STEP)
    assert {e.phase for e in start_step} == {Phase.START_STEP, Phase.BATTLE_STEP}
    assert first.log_range[1] == second.log_range[0]
    assert second.log_range[1] == len(duel.state.log)
    assert first.events == tuple(duel.state.log[slice(*first.log_range)])
    ids = [c.id for c in duel.state.cards]
    assert first.as_dict(ids)["lp_after"] == {"A": 8000, "B": 7500}
    assert second.as_dict(ids)["lp_after"] == {"A": 8000, "B": 5700}
    assert second.as_dict(ids)["lp_changes"] == [
        {"player": "B", "delta": -1800, "kind": "battle_damage", "window": "during_damage_calculation", "amount": 1800}
    ]
    assert first.as_dict(ids)["destroyed_by_battle"] == ["x"] and second.as_dict(ids)["target"] is None


def test_both_executors_and_a_pickle_play_a_battle_phase_alike() -> None:
    def play(duel: engine.Duel) -> list[engine.Event]:
        duel.declare_attack("m1", "x")
        duel.run(engine.PassAgent())
        duel = pickle.loads(pickle.dumps(duel))
        duel.declare_attack("m2", "x")
        duel.run(engine.PassAgent())
        duel.end_turn()
        return duel.state.log

    assert play(engine.Duel(field().build(), executor="transitions")) == play(engine.Duel(field().build()))


def test_the_duel_ending_stops_the_battle_phase() -> None:
    duel = engine.Duel(StateBuilder(lp=(8000, 1000)).monster("m1", "A", atk=2000, def_=0)
                       .monster("m2", "A", atk=2000, def_=0).build())
    duel.declare_attack("m1")
    duel.run(engine.PassAgent())
    assert duel.state.winner is Player.A
    with pytest.raises(IllegalAttack, match="the Duel is over"):
        duel.declare_attack("m2")
    with pytest.raises(UsageError, match="the Duel is over"):
        duel.end_turn()


# -- item 1: the host's own stat changes ------------------------------------------------------------------------


def test_change_stats_for_the_turn_from_the_host_and_the_face_down_refusal() -> None:
    b = field(x_effects=())
    b.monster("fd", "B", atk=3000, def_=3000, position="set")
    duel = engine.Duel(b.build())
    assert actions.change_stats(duel.ctx, 1, atk=500, until="end_of_turn") is True
    assert actions.change_stats(duel.ctx, 3, atk=500) is False  # face-down: no ATK to change
    assert duel.current_stats("m2") == (2300, 1000) and duel.current_stats("fd") == (3000, 3000)
    duel.end_turn()
    assert duel.current_stats("m2") == (1800, 1000)
    with pytest.raises(ValueError, match="until"):
        actions.change_stats(duel.ctx, 1, atk=1, until="forever")


# -- item 4: misuses that did nothing now raise ----------------------------------------------------------------


def test_advance_with_no_attack_declared_plays_the_battle_phase_from_its_start_step() -> None:
    # §BP.1, §BP.3: from Main Phase 1 the Battle Phase starts; in the Battle Step the turn player's priority
    # offers every legal declaration (each monster, each target; no direct attack while B controls a monster)
    # and passing, which ends the Battle Phase.
    duel = engine.Duel(field().build())
    d = duel.advance()
    assert d is not None and d.player is Player.A and d.window is engine.Window.BATTLE_STEP
    assert d.describe() == ["attack x with m1", "attack x with m2", "pass"]
    entered = [e.detail for e in duel.state.log if e.type is engine.EventType.PHASE_ENTERED]
    assert entered == ["start_step", "battle_step"]
    duel.decide(engine.PASS)  # A passes: the opponent has nothing to do, the End Step follows
    assert duel.advance() is None and duel.state.phase is Phase.MAIN_PHASE_2 and duel.is_stopped


def test_a_new_battle_set_by_hand_without_resetting_the_phase_raises() -> None:
    duel = engine.Duel(field().build())
    duel.declare_attack("m1", "x")
    duel.run(engine.PassAgent())
    duel.state.battle = engine.state.Battle(1, 2, 0, 0, Player.A, Player.B)  # the old way, phase left at step_over
    with pytest.raises(UsageError, match="never played, but the Damage Step is over"):
        duel.advance()


def test_a_battle_naming_a_card_that_has_moved_raises() -> None:
    sc = engine.parse_scenario({"format": "damage-step-scenario/1", "cards": [
        {"id": "att", "controller": "A", "atk": 1000, "def": 0, "position": "attack"},
        {"id": "tgt", "controller": "B", "atk": 500, "def": 0, "position": "attack"}],
        "attack": {"attacker": "att", "target": "tgt"}})
    duel = engine.Duel(engine.state_from_scenario(sc))
    actions.move_card(duel.ctx, 1, engine.Location.HAND, "effect")
    actions.move_card(duel.ctx, 1, engine.Location.MONSTER_ZONE, "effect", position=engine.Position.ATTACK)
    with pytest.raises(UsageError, match="'tgt' is instance 0, but that card has moved"):
        duel.advance()


def test_effects_attached_after_the_duel_was_built_apply() -> None:
    duel = engine.Duel(field(x_effects=()).build())
    card = duel.state.cards[0]
    card.effects = (*card.effects, engine.effect_from_spec({"kind": "piercing"}))
    duel.state.cards[2].position = engine.Position.DEFENSE  # x: 1000 DEF
    duel.declare_attack("m1", "x")
    duel.run(engine.PassAgent())
    assert duel.battles[0].battle.battle_damage == (0, 1000)  # piercing (§2.4): 2000 - 1000


def test_a_card_id_used_twice_raises() -> None:
    state = field().build()
    state.cards[1].id = "m1"
    with pytest.raises(UsageError, match="card id 'm1' is used twice"):
        engine.Duel(state)
    with pytest.raises(UsageError, match="used twice"):
        StateBuilder().monster("a", "A", atk=0, def_=0).monster("a", "B", atk=0, def_=0)


def test_builder_refuses_impossible_cards_and_checks_effect_specs() -> None:
    with pytest.raises(UsageError, match="needs a position"):
        StateBuilder().card("m", "A", atk=1, def_=1)
    with pytest.raises(UsageError, match="a spell cannot be in the Monster Zone"):
        StateBuilder().card("s", "A", card_type="spell", location="monster_zone")
    with pytest.raises(engine.ScenarioError, match="double"):
        engine.effect_from_spec({"kind": "piercing", "double": "yes"})
    with pytest.raises(UsageError, match="equips 'ghost'"):
        StateBuilder().spell("eq", "A", equipped_to="ghost").build()


def test_builder_keeps_the_hosts_card_data() -> None:
    state = (StateBuilder(lp={"A": 4000, "B": 3000}, turn_player="B")
             .monster("dmg", "B", atk=2000, def_=1700, name="Dark Magician Girl", attribute=engine.Attribute.DARK,
                      monster_type=engine.MonsterType.SPELLCASTER, level=6, tags={"passcode": 38033121})
             .build())
    card = state.cards[0]
    assert (card.name, card.attribute, card.monster_type, card.level) == (
        "Dark Magician Girl", engine.Attribute.DARK, engine.MonsterType.SPELLCASTER, 6)
    assert engine.host.tags(card) == {"passcode": 38033121}
    assert [p.lp for p in state.players] == [4000, 3000] and state.turn_player is Player.B


def test_an_end_of_turn_effect_that_ends_the_duel_keeps_the_turn() -> None:
    reg = engine.default_registry()

    def burn(ctx: engine.effects.Context, src: engine.Source) -> None:
        actions.damage(ctx, src.controller.opponent, 1000)

    reg.register(engine.EffectType("burn_at_end", hooks={engine.Hook.END_OF_TURN: burn}))
    duel = engine.Duel(StateBuilder(lp=(8000, 1000)).build(), reg)
    duel.attach_to_player(Player.A, engine.Effect("burn_at_end", engine.EffectKind.CONTINUOUS))
    duel.end_turn()
    # §2.7: B at 0 LP loses at once: the Duel ends in A's End Phase, so the turn does not pass
    assert duel.state.winner is Player.A and duel.state.phase is Phase.DUEL_OVER and duel.state.turn == 1
    with pytest.raises(UsageError, match="the Duel is over"):
        duel.end_turn()


SAKURETSU = {"kind": "activated", "speed": 2, "on": "attack_declared", "condition": "opponent_attacks",
             "target": "attacker", "does": [{"op": "destroy", "target": "attacker"}]}  # fmt: skip


def test_after_the_hosts_attack_stops_in_the_battle_step_the_host_moves_next() -> None:
    """Rules spec §BP.6: Sakuretsu Armor destroys the attacker at the declaration, so the attack stops with no Damage
    Step; the game is back in the Battle Step, where another monster may attack (OCG-BP L246, Konami FAQ 12530) but
    not the one that declared (OCG-BP L300). The host declared it, so the duel waits for the host, as after a
    Damage Step; from there it declares the next attack, or ends the Battle Phase or the turn."""
    def stopped_duel() -> engine.Duel:
        b = field(x_effects=())
        b.trap("sa", "B", face_down=True, effects=[SAKURETSU])
        duel = engine.Duel(b.build())
        duel.declare_attack("m1", "x")
        duel.run(ActivateOnce())  # A has nothing; B activates Sakuretsu Armor on m1
        return duel

    duel = stopped_duel()
    s = duel.state
    assert duel.card("m1").location is engine.Location.GRAVEYARD and s.battle.stopped == "the attacker left the field"
    assert duel.is_stopped and s.phase is Phase.BATTLE_STEP and s.pending is None and duel.advance() is None
    assert duel.battles[0].over and not duel.battles[0].battle.attacked
    with pytest.raises(engine.IllegalChoice, match=r"^the attack stopped: nothing to decide"):
        duel.decide(engine.PASS)
    assert [(o.card, o.targets) for o in duel.legal_attacks()] == [(1, (2,))]  # m2 on x; m1 is gone
    duel.declare_attack("m2", "x")
    duel.run(engine.PassAgent())
    assert s.phase is Phase.STEP_OVER and duel.lp(Player.B) == 7700 and duel.card("x").location.value == "graveyard"
    assert [b.battle.battled for b in duel.battles] == [False, True]

    ended = stopped_duel()
    ended.end_battle_phase()
    ended.run(engine.PassAgent())
    assert ended.state.phase is Phase.MAIN_PHASE_2 and len(ended.battles) == 1
    turned = stopped_duel()
    turned.end_turn()
    assert turned.state.turn == 2 and turned.state.turn_player is Player.B and turned.state.phase is Phase.MAIN_PHASE_1


START_AND_END = [  # B's monster: at the start and at the end of the Battle Phase, A takes 100 and 50 (mandatory)
    {"kind": "trigger", "optional": False, "on": "start_of_battle_phase",
     "does": [{"op": "damage", "player": "opponent", "amount": 100}]},
    {"kind": "trigger", "optional": False, "on": "end_of_battle_phase",
     "does": [{"op": "damage", "player": "opponent", "amount": 50}]},
]  # fmt: skip


def test_a_battle_phase_the_host_enters_from_main_phase_1_begins_with_its_start_step() -> None:
    """§BP.1: the Battle Phase is Start Step, Battle Step, Damage Step, End Step; §BP.2: "at the start of the Battle
    Phase" mandatory triggers must be activated within the Start Step before the game can move to the Battle Step
    (OCG-BP L76-77). So a host's declaration from Main Phase 1, and its ending the Battle Phase from there, play the
    Start Step first: x's start trigger (100) and end trigger (50) both happen."""
    def duel_with_triggers() -> engine.Duel:
        b = StateBuilder(lp=(8000, 8000), turn_player="A")
        b.monster("m1", "A", atk=2000, def_=1000)
        b.monster("x", "B", atk=1200, def_=3000, position="defense", effects=START_AND_END)
        return engine.Duel(b.build())

    attacked = duel_with_triggers()
    attacked.declare_attack("m1", "x")
    attacked.run(engine.PassAgent())  # 2000 against DEF 3000: A takes 1000 (§2.2)
    assert attacked.state.phase is Phase.STEP_OVER and attacked.lp(Player.A) == 8000 - 100 - 1000
    declared = [e for e in attacked.state.log if e.type is engine.EventType.ATTACK_DECLARED]
    assert [e.phase for e in declared] == [Phase.BATTLE_STEP]  # declared in the Battle Step, not in Main Phase 1
    attacked.end_battle_phase()
    attacked.run(engine.PassAgent())
    assert attacked.state.phase is Phase.MAIN_PHASE_2 and attacked.lp(Player.A) == 8000 - 100 - 1000 - 50

    ended = duel_with_triggers()
    ended.end_battle_phase()
    with pytest.raises(IllegalAttack, match="ended in Main Phase 1 and not played yet"):
        ended.declare_attack("m1", "x")
    ended.run(engine.PassAgent())
    assert ended.state.phase is Phase.MAIN_PHASE_2 and ended.lp(Player.A) == 8000 - 100 - 50 and not ended.battles


def test_the_host_cannot_end_the_battle_phase_while_a_monster_must_attack() -> None:
    """§BP.8: the turn player cannot pass in the Battle Step while a monster that must attack can: the host's
    `end_battle_phase` is refused as that pass is, from Main Phase 1 and after an attack too, changing nothing."""
    b = StateBuilder(lp=(8000, 8000), turn_player="A")
    b.monster("m1", "A", atk=2000, def_=1000)
    b.monster("m2", "A", atk=1800, def_=1000, effects=[{"kind": "must_attack"}])
    b.monster("x", "B", atk=1000, def_=1000)
    duel = engine.Duel(b.build())
    before = duel.state.clone()
    with pytest.raises(UsageError, match="a monster must attack first"):
        duel.end_battle_phase()
    assert duel.state == before
    duel.declare_attack("m1", "x")
    duel.run(engine.PassAgent())
    with pytest.raises(UsageError, match="a monster must attack first"):
        duel.end_battle_phase()  # m2 can still attack (directly: x was destroyed)
    duel.declare_attack("m2")
    duel.run(engine.PassAgent())
    duel.end_battle_phase()
    duel.run(engine.PassAgent())
    assert duel.state.phase is Phase.MAIN_PHASE_2 and duel.lp(Player.B) == 8000 - 1000 - 1800


def test_ending_the_battle_phase_or_the_turn_checks_effects_attached_since_first() -> None:
    """docs/embedding.md: an effect attached after the duel was built "is checked the same way at the next call,
    before anything changes"; `end_battle_phase` and `end_turn` are such calls."""
    from engine.effects import Effect, EffectKind

    duel = engine.Duel(field(x_effects=()).build())
    duel.state.cards[1].effects = (Effect("no_such_type", EffectKind.CONTINUOUS),)
    before = duel.state.clone()
    for call in (duel.end_battle_phase, duel.end_turn):
        with pytest.raises(engine.InvalidEffect):
            call()
        assert duel.state == before


def evacuation_field() -> engine.Duel:
    """A's m1 (2000) against B's x (1800) and y (1500); B has Compulsory Evacuation Device set, targeting x."""
    b = StateBuilder(lp=(8000, 8000), turn_player="A")
    b.monster("m1", "A", atk=2000, def_=1000)
    b.monster("x", "B", atk=1800, def_=1000).monster("y", "B", atk=1500, def_=1000)
    b.trap("ced", "B", face_down=True, effects=[
        {"kind": "activated", "speed": 2, "target": "x", "does": [{"op": "return_to_hand", "target": "x"}]}])
    return engine.Duel(b.build())


def test_legal_attacks_at_a_replay_are_the_attacking_monsters_choices() -> None:
    """§BP.5: after a replay (Compulsory Evacuation Device returns the target), only the attacking monster may attack
    again, a monster the opponent controls now; `legal_attacks` lists those, as the decision offers them."""
    duel = evacuation_field()
    duel.declare_attack("m1", "x")
    d = duel.advance()  # B may respond to the declaration (and could already in the Start Step)
    while d is not None and d.kind is not engine.DecisionKind.REPLAY:
        acts = [o for o in d.options if not o.is_pass]
        respond = d.player is Player.B and d.window is engine.Window.ATTACK_DECLARATION and acts
        duel.decide(acts[0] if respond else engine.PASS)
        d = duel.advance()
    assert d is not None and [(o.card, o.targets) for o in duel.legal_attacks()] == [(0, (2,))]  # m1 on y
    assert duel.legal_attacks() == [o for o in d.options if o.is_attack]
    duel.declare_attack("m1", "y")
    duel.run(engine.PassAgent())
    assert duel.lp(Player.B) == 7500 and duel.card("y").location.value == "graveyard"


def test_a_declaration_from_main_phase_1_that_the_start_step_made_impossible_is_not_made() -> None:
    """§BP.1: the host's declaration from Main Phase 1 is made in the Battle Step, after the Start Step; B returns the
    target to the hand in the Start Step (a Normal Trap may be activated there, §BP.1), so the attack cannot be
    declared: no attack is declared (m1 may still attack), and the turn player's priority in the Battle Step is the
    next decision, offering what can be declared now."""
    duel = evacuation_field()
    duel.declare_attack("m1", "x")
    d = duel.advance()
    assert d is not None and d.window is engine.Window.START_STEP and d.player is Player.B
    duel.decide(next(o for o in d.options if not o.is_pass))  # Compulsory Evacuation Device on x
    d = duel.advance()
    assert d is not None and d.window is engine.Window.BATTLE_STEP and d.player is Player.A
    assert not duel.battles and duel.card("x").location.value == "hand" and duel.state.host_move is None
    assert [(o.card, o.targets) for o in duel.legal_attacks()] == [(0, (2,))]  # m1 on y
    duel.declare_attack("m1", "y")
    duel.run(engine.PassAgent())
    assert duel.lp(Player.B) == 7500 and len(duel.battles) == 1
