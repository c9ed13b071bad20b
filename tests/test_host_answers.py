"""Issue 42, item 3: every answer a host gives is checked where it enters, with an error naming what was wrong.

A hook handler, condition or target function of a host's effect type that answers a value of the wrong shape is an
`engine.EffectError` naming the card (id and name), the effect (index, kind, type) and the hook (or the function), the
duel left exactly as it was before the call; never a bare `TypeError` inside a rule, never a corrupted state. The
library's builder (`engine.cards.place`) and the duel's lookups name the closest known card key, keyword or id; a
refusal names the card whose effect refuses; places and timings are said in words where a person reads them.

The expected outcomes are the rules' own: a card "sent to the Graveyard" under a "banish it instead" effect is
banished (Macro Cosmos; rules spec §R.2), which is off the field; nothing sends a monster destroyed by battle to the
Spell & Trap Zone. Gravity Bind: "Level 4 or higher monsters cannot declare an attack" (its text, engine/cards).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import engine
from engine import Hook, StateBuilder
from engine.cards import place


def _host_type(name: str, hook: Hook, answer: Callable[..., Any]) -> engine.Registry:
    reg = engine.default_registry()
    reg.register(engine.EffectType(name, hooks={hook: answer}))
    return reg


def _continuous(name: str) -> list[engine.Effect]:
    return [engine.Effect(name, engine.EffectKind.CONTINUOUS)]


def _refused(duel: engine.Duel, call: Callable[[], Any]) -> engine.EffectError:
    """`call` raises EffectError (no cause: nothing raised, an answer was refused) and changes nothing."""
    live, before_hash, before = duel.state, duel.state.state_hash(), duel.state.clone()
    with pytest.raises(engine.EffectError) as info:
        call()
    assert info.value.__cause__ is None
    assert duel.state is live and duel.state.state_hash() == before_hash and duel.state == before
    return info.value


def _refused_attack(duel: engine.Duel) -> engine.EffectError:
    """m attacks x and the duel plays on to its first decision: the call that meets the bad answer (the declaration,
    or the `advance` after it) raises EffectError and changes nothing."""
    before_hash = duel.state.state_hash()
    try:
        duel.declare_attack("m", "x")
    except engine.EffectError as e:
        assert duel.state.state_hash() == before_hash
        return e
    return _refused(duel, duel.advance)


def _named(err: engine.EffectError, card_id: str, card_name: str, effect: int, type_: str, role: str) -> None:
    assert (err.card_id, err.card_name, err.effect, err.type, err.role) == (card_id, card_name, effect, type_, role)
    text = str(err)
    for part in (f"card {card_id!r} ({card_name})", f"effect {effect}", f"type {type_!r}", f"its {role} answered"):
        assert part in text, (part, text)


def test_a_stats_hook_answering_an_int_names_card_effect_and_hook() -> None:
    """The issue's bare `TypeError: 'int' object is not iterable` from engine/rules/stats.py."""
    reg = _host_type("bad_boost", Hook.STATS, lambda ctx, src: 500)
    b = StateBuilder().monster("m", "A", atk=2000, def_=0).monster("x", "B", atk=1000, def_=0)
    b.spell("banner", "A", name="Broken Banner", effects=_continuous("bad_boost"))
    duel = engine.Duel(b.build(), reg)
    err = _refused(duel, lambda: duel.current_stats("m"))
    _named(err, "banner", "Broken Banner", 0, "bad_boost", "hook stats")
    assert "500 (type int)" in str(err) and "an iterable of engine.StatChange" in str(err)
    assert "TypeError" not in str(err)


def test_a_stats_hook_answering_items_of_the_wrong_kind_or_unknown_cards_is_refused() -> None:
    for answer, said in (([engine.Piercing(engine.Player.A)], "is not an engine.StatChange"),
                         ([engine.StatChange(99, atk=100)], "99 is not a card of this duel")):  # fmt: skip
        reg = _host_type("bad_boost", Hook.STATS, lambda ctx, src, a=answer: a)
        b = StateBuilder().monster("m", "A", atk=2000, def_=0, name="Bug", effects=_continuous("bad_boost"))
        duel = engine.Duel(b.monster("x", "B", atk=1000, def_=0).build(), reg)
        err = _refused(duel, lambda d=duel: d.current_stats("x"))
        _named(err, "m", "Bug", 0, "bad_boost", "hook stats")
        assert said in str(err)


def test_a_good_answer_given_as_a_generator_is_read_once_and_applies() -> None:
    """An iterable answer is made a tuple as it enters, so a generator answers every rule that asks."""
    reg = _host_type("boost", Hook.STATS, lambda ctx, src: (engine.StatChange(src.host, atk=300) for _ in range(1)))
    b = StateBuilder().monster("m", "A", atk=2000, def_=0, effects=_continuous("boost"))
    duel = engine.Duel(b.monster("x", "B", atk=1000, def_=0).build(), reg)
    assert duel.current_stats("m") == (2300, 0)
    duel.declare_attack("m", "x")
    duel.run(engine.PassAgent())
    assert duel.lp("B") == 8000 - 1300  # 2300 against 1000 (§2.4)


@pytest.mark.parametrize("answer", ["Spell & Trap Zone", engine.Location.SPELL_TRAP_ZONE, "monster_zone"])
def test_a_graveyard_redirect_to_a_zone_of_the_field_is_refused_and_nothing_moves(answer: object) -> None:
    """The issue's corrupted state: a monster destroyed by battle put in the Spell & Trap Zone."""
    reg = _host_type("bad_cosmos", Hook.GRAVEYARD_REDIRECT, lambda ctx, src: answer)
    b = StateBuilder().monster("m", "A", atk=2000, def_=0).monster("x", "B", atk=1000, def_=0)
    b.spell("cosmos", "B", name="Macro Cosmos", effects=_continuous("bad_cosmos"))
    duel = engine.Duel(b.build(), reg)
    duel.declare_attack("m", "x")
    err = _refused(duel, duel.advance)  # (no decision on the way: the monster destroyed by battle is sent)
    _named(err, "cosmos", "Macro Cosmos", 0, "bad_cosmos", "hook graveyard_redirect")
    assert "off the field" in str(err)
    assert duel.card("x").location is engine.Location.MONSTER_ZONE  # not moved: the call changed nothing


def test_a_graveyard_redirect_off_the_field_applies() -> None:
    reg = _host_type("cosmos", Hook.GRAVEYARD_REDIRECT, lambda ctx, src: "banished")
    b = StateBuilder().monster("m", "A", atk=2000, def_=0).monster("x", "B", atk=1000, def_=0)
    b.spell("cosmos", "B", name="Macro Cosmos", effects=_continuous("cosmos"))
    duel = engine.Duel(b.build(), reg)
    duel.declare_attack("m", "x")
    duel.run(engine.PassAgent())
    assert duel.card("x").location is engine.Location.BANISHED


@pytest.mark.parametrize(("hook", "answer", "said"), [
    (Hook.CANNOT_DECLARE_ATTACK, 0, "it is not an iterable"),
    (Hook.CANNOT_DECLARE_ATTACK, "x", "it is not an iterable"),
    (Hook.CANNOT_DECLARE_ATTACK, [1.5], "is not a card index"),
    (Hook.ATTACKS, "2", "an int >= 1 or an engine.ExtraAttacks"),
    (Hook.CANNOT_ATTACK, {"m": True}, "it is not an iterable"),
    (Hook.PIERCING, True, "an engine.Piercing"),
])  # fmt: skip
def test_each_hook_refuses_an_answer_of_another_shape(hook: Hook, answer: object, said: str) -> None:
    reg = _host_type("odd", hook, lambda ctx, src: answer)
    b = StateBuilder().monster("m", "A", atk=2000, def_=0, name="Oddity", effects=_continuous("odd"))
    duel = engine.Duel(b.monster("x", "B", atk=1000, def_=0).build(), reg)
    err = _refused_attack(duel)
    _named(err, "m", "Oddity", 0, "odd", f"hook {hook.value}")
    assert said in str(err)


@pytest.mark.parametrize(("hook", "answer", "said"), [
    (Hook.ATTACK_FROM_DEFENSE, "ATK", '"atk" or "def"'),
    (Hook.UNAFFECTED, engine.Unaffected((0,), "everything", engine.Player.A), "its by 'everything' is none of"),
    (Hook.CANNOT_BE_TARGETED, engine.Untargetable((7,)), "its cards: the item 7 is not a card of this duel"),
    (Hook.INDESTRUCTIBLE_BY_BATTLE, engine.IndestructibleByBattle(cards=("m",)), "is not a card index"),
    (Hook.CHAIN_SOLVING, 1, "True or False"),
    (Hook.BATTLE_DAMAGE, [engine.DamageModifier(engine.DamageStage.ZERO, source=5)], "its source 5 is not a card"),
])  # fmt: skip
def test_every_hook_says_what_it_is_answered_with(hook: Hook, answer: object, said: str) -> None:
    """The check itself, for hooks asked only in some moments of a duel."""
    from engine.values.answers import check_hook_answer

    _, problem = check_hook_answer(hook, answer, 2)
    assert problem is not None and said in problem and f"hook {hook.value} answers" in problem
    assert check_hook_answer(Hook.CANNOT_ATTACK, iter([1]), 2) == ((1,), None)


def test_a_false_answer_where_the_rules_count_answers_does_not_apply() -> None:
    """`Hook.ORIGINAL_VALUES_IN_DAMAGE_CALCULATION` answered False: the current values are compared (§R.5)."""
    reg = _host_type("never", Hook.ORIGINAL_VALUES_IN_DAMAGE_CALCULATION, lambda ctx, src: False)
    reg.register(engine.EffectType("boost", hooks={Hook.STATS: lambda ctx, src: [engine.StatChange(0, atk=500)]}))
    b = StateBuilder().monster("m", "A", atk=1000, def_=0, effects=[*_continuous("never"), *_continuous("boost")])
    duel = engine.Duel(b.monster("x", "B", atk=1200, def_=0).build(), reg)
    duel.declare_attack("m", "x")
    duel.run(engine.PassAgent())
    assert duel.lp("B") == 8000 - 300  # 1500 against 1200


def test_a_condition_or_targets_answering_the_wrong_shape_names_the_function() -> None:
    for kw, role, said in (({"condition": lambda ctx, src: None}, "condition", "True or False"),
                           ({"targets": lambda ctx, src: [0, 1]}, "targets", "is not a tuple of card indexes")):
        reg = engine.default_registry()
        reg.register(engine.EffectType("odd", operation=lambda ctx, src, link: None, **kw))
        b = StateBuilder().monster("m", "A", atk=2000, def_=0).monster("x", "B", atk=1000, def_=0)
        b.trap("odd_trap", "B", name="Odd Trap", effects=[engine.Effect("odd", engine.EffectKind.ACTIVATED, speed=2)])
        duel = engine.Duel(b.build(), reg)
        err = _refused_attack(duel)
        _named(err, "odd_trap", "Odd Trap", 0, "odd", role)
        assert said in str(err)


def test_an_effect_error_says_where_in_words() -> None:
    reg = _host_type("bad_boost", Hook.STATS, lambda ctx, src: 500)
    b = StateBuilder().monster("m", "A", atk=2000, def_=0, effects=_continuous("bad_boost"))
    duel = engine.Duel(b.monster("x", "B", atk=1000, def_=0).build(), reg)
    err = _refused(duel, lambda: duel.current_stats("m"))
    assert "in Main Phase 1;" in str(err) and "main_phase_1" not in str(err)


# -- the builder and the lookups: did you mean ------------------------------------------------------------------

def test_place_with_an_unknown_card_key_names_the_closest() -> None:
    with pytest.raises(engine.UnknownCard, match=r"no library card 'rush_reckless'; did you mean 'rush_recklessly'\?"):
        place(StateBuilder(), "rush_reckless", "r", "A")
    with pytest.raises(LookupError, match=r"'Rush Recklessly' is the name of the card 'rush_recklessly'"):
        place(StateBuilder(), "Rush Recklessly", "r", "A")


def test_place_with_an_unknown_keyword_names_the_card_and_the_closest_keyword() -> None:
    b = StateBuilder()
    with pytest.raises(engine.UsageError, match=r"place\('rush_recklessly', 'r'\): 'face_dwn' is not a keyword of "
                       r"StateBuilder.card; did you mean 'face_down'\?"):  # fmt: skip
        place(b, "rush_recklessly", "r", "A", face_dwn=True)
    assert b.cards == []  # nothing added


def test_the_keywords_place_accepts_are_those_of_the_builder() -> None:
    import inspect

    assert tuple(inspect.signature(StateBuilder.card).parameters)[3:] == engine.host.CARD_KEYWORDS


def test_an_unknown_card_id_names_the_closest_or_the_card_of_that_name() -> None:
    duel = engine.Duel(StateBuilder().monster("kuri", "A", atk=300, def_=200, name="Kuriboh").build())
    with pytest.raises(engine.UnknownCard, match=r"no card with id 'kuriboh_1' in this duel; did you mean 'kuri'\?"):
        duel.card("kuriboh_1")
    with pytest.raises(engine.UnknownCard, match=r"'Kuriboh' is the name of card 'kuri': give its id"):
        duel.current_stats("Kuriboh")


def test_a_builder_value_or_keyword_names_the_closest() -> None:
    with pytest.raises(engine.UsageError, match=r"got 'atack'; did you mean 'attack'\?"):
        StateBuilder().monster("m", "A", atk=1, def_=1, position="atack")
    with pytest.raises(engine.UsageError, match=r"card 'r': spell\(\) takes no keyword 'facedown'; did you mean "
                       r"'face_down'\?"):  # fmt: skip
        StateBuilder().spell("r", "A", facedown=True)
    with pytest.raises(engine.UsageError, match=r"card 'm': monster\(\) takes no keyword 'levl'; did you mean 'level'"):
        StateBuilder().monster("m", "A", atk=1, def_=1, levl=4)


def test_a_scenario_key_or_card_names_the_closest() -> None:
    base = {"format": "damage-step-scenario/1", "id": "s", "attack": {"attacker": "m", "target": None},
            "cards": [{"id": "m", "controller": "A", "atk": 100, "def": 100, "position": "attack"}]}  # fmt: skip
    with pytest.raises(engine.ScenarioError, match=r'unknown key "atack"; did you mean "atk"\?'):
        engine.parse_scenario({**base, "cards": [{**base["cards"][0], "atack": 1}]})  # type: ignore[dict-item]
    with pytest.raises(engine.ScenarioError, match=r'unknown card id "mm"; did you mean "m"\?'):
        engine.parse_scenario({**base, "attack": {"attacker": "mm", "target": None}})
    card = {"id": "k", "controller": "B", "card": "kuribohh", "location": "hand"}
    with pytest.raises(engine.ScenarioError, match=r'got "kuribohh"; did you mean "kuriboh"'):
        engine.parse_scenario({**base, "cards": [*base["cards"], card]})  # type: ignore[list-item]


# -- refusals name their cards, in words ----------------------------------------------------------------------

def test_gravity_bind_s_refusal_names_gravity_bind() -> None:
    b = StateBuilder().monster("big", "A", atk=2000, def_=0, level=4).monster("x", "B", atk=1000, def_=0)
    place(b, "gravity_bind", "gb", "B", face_down=False)
    duel = engine.Duel(b.build(), engine.cards.registry())
    with pytest.raises(engine.IllegalAttack, match="Gravity Bind's effect says big cannot declare an attack"):
        duel.declare_attack("big", "x")


def test_an_attack_refusal_says_the_place_in_words() -> None:
    b = StateBuilder().monster("m", "A", atk=2000, def_=0).monster("x", "B", atk=1000, def_=0)
    b.spell("rush", "A", name="Rush Recklessly")
    duel = engine.Duel(b.build())
    with pytest.raises(engine.IllegalAttack) as info:
        duel.declare_attack("m", "rush")
    assert "Rush Recklessly is in the Spell & Trap Zone" in str(info.value)
    assert "spell_trap_zone" not in str(info.value)
