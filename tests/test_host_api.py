"""The host's surface (docs/embedding.md): everything a simulator reads or writes is public, and a bad
argument is refused with the engine's own error naming it, changing nothing."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from engine import Location, Player, ScenarioError, StateBuilder, UnknownCard, UsageError


def field() -> StateBuilder:
    b = StateBuilder(turn_player="A", hand_filler={"A": 0, "B": 2})
    b.monster("att", "A", atk=2000, def_=0)
    b.monster("tgt", "B", atk=1500, def_=0)
    b.monster("in_hand", "B", atk=100, def_=0, location="hand")
    b.monster("deck1", "A", atk=100, def_=0, location="deck")
    b.monster("deck2", "A", atk=100, def_=0, location="deck")
    return b


@pytest.mark.parametrize(
    ("call", "named"),
    [
        (lambda b: b.monster("a", "C", atk=1, def_=1),
         'card \'a\': controller must be Player.A, Player.B, "A" or "B", got \'C\''),
        (lambda b: b.monster("a", "A", atk=1, def_=1, position="atk"),
         "card 'a': position must be one of attack, defense, set, got 'atk'"),
        (lambda b: b.card("a", "A", card_type="fusion"), "card 'a': card_type must be one of monster, spell, trap"),
        (lambda b: b.monster("a", "A", atk=1, def_=1, location="field"),
         "card 'a': location must be one of monster_zone"),
        (lambda b: b.monster("a", "A", atk=1, def_=1, attribute="shiny"), "card 'a': attribute must be one of light"),
        (lambda b: b.monster("a", "A", atk=1, def_=1, monster_type="elf"),
         "card 'a': monster_type must be one of aqua"),
        (lambda b: b.monster("a", "A", atk=-5, def_=1), "card 'a': atk must be an integer >= 0, got -5"),
        (lambda b: b.monster("a", "A", atk=1.5, def_=1), "card 'a': atk must be an integer >= 0, got 1.5"),
        (lambda b: b.monster("a", "A", atk=1, def_=1, owner=2), "card 'a': owner must be Player.A"),
        (lambda b: b.monster("a", "A", atk=1, def_=1, name=3), "card 'a': name must be a string, got 3"),
        (lambda b: b.monster("a", "A", atk=1, def_=1, pendulum="yes"), "card 'a': pendulum must be True or False"),
        (lambda b: b.monster("a", "A", atk=1, def_=1, tags=[1]), "card 'a': tags must be a mapping"),
        (lambda b: b.monster("a", "A", atk=1, def_=1, effects=[42]), "card 'a': effects[0] must be an engine.Effect"),
        (lambda b: b.monster("", "A", atk=1, def_=1), "id must be a non-empty string, got ''"),
        (lambda b: b.monster("att", "A", atk=1, def_=1), "card 'att': id 'att' is used twice"),
        (lambda b: b.spell("s", "A", equipped_to=5), "card 's': equipped_to must be the id of a monster, got 5"),
    ],
)
def test_a_bad_builder_argument_is_a_usage_error_naming_it_and_adds_nothing(call: Any, named: str) -> None:
    b = field()
    before = [c.id for c in b.cards]
    with pytest.raises(UsageError) as err:
        call(b)
    assert named in str(err.value)
    assert [c.id for c in b.cards] == before


def test_a_bad_effect_spec_is_a_scenario_error_naming_the_card_and_the_key() -> None:
    b = field()
    with pytest.raises(ScenarioError) as err:
        b.monster("a", "A", atk=1, def_=1, effects=[{"kind": "piercing"}, {"kind": "stat_modifier", "atk": "x"}])
    assert err.value.path == "card 'a': effects[1].atk"
    assert "expected an integer" in err.value.message
    assert [c.id for c in b.cards] == ["att", "tgt", "in_hand", "deck1", "deck2"]


@pytest.mark.parametrize(
    ("kwargs", "named"),
    [
        ({"lp": (8000,)}, "lp must be two life points, integers >= 1 (A, B), got (8000,)"),
        ({"lp": {"A": 0, "B": 1}}, "lp must be two life points"),
        ({"hand_filler": (-1, 0)}, "hand_filler must be two counts of cards, integers >= 0"),
        ({"turn_player": "C"}, "turn_player must be Player.A"),
        ({"zero_atk_mutual_destruction": 1}, "zero_atk_mutual_destruction must be True or False"),
    ],
)
def test_a_bad_builder_setting_is_a_usage_error_naming_it(kwargs: dict[str, Any], named: str) -> None:
    with pytest.raises(UsageError, match=named.replace("(", r"\(").replace(")", r"\)")):
        StateBuilder(**kwargs)


def test_a_host_reads_cards_sizes_lp_and_the_battle_in_progress() -> None:
    duel = engine.Duel(field().build())
    assert duel.card("att").name == "att" and duel.card(0) is duel.card("att")
    assert duel.index_of("tgt") == 1
    assert duel.lp("B") == duel.lp(Player.B) == 8000
    assert duel.hand_size("B") == 3  # one listed card and two of the host's own
    assert duel.hand_size("A") == 0
    assert duel.deck_size("A") == 2 and duel.deck_size("B") == 0
    assert duel.cards_in("monster_zone") == [0, 1]
    assert duel.cards_in(Location.MONSTER_ZONE, "B") == [1]
    assert duel.current_battle is None
    duel.declare_attack("att", "tgt")  # from Main Phase 1: made in the Battle Step, after the Start Step (§BP.1)
    assert duel.current_battle is None
    duel.state.show_every_priority = True
    d = duel.advance()  # A's priority in the Start Step ...
    while d is not None and d.window is engine.Window.START_STEP:
        duel.decide(engine.PASS)
        d = duel.advance()  # ... B's, then the declaration and A's priority in the declaration's window
    assert d is not None and d.window is engine.Window.ATTACK_DECLARATION
    duel.state.show_every_priority = False
    battle = duel.current_battle
    assert battle is not None and (battle.attacker, battle.target) == (0, 1) and not battle.over
    duel.run(engine.PassAgent())
    assert duel.current_battle is None  # its Damage Step is over
    assert duel.battles[-1].over and duel.lp("B") == 7500


@pytest.mark.parametrize("read", ["card", "index_of", "current_stats"])
def test_an_unknown_card_is_a_lookup_error_naming_it(read: str) -> None:
    duel = engine.Duel(field().build())
    h = duel.state.state_hash()
    with pytest.raises(UnknownCard, match="there is no card with id 'zzz' in this duel"):
        getattr(duel, read)("zzz")
    with pytest.raises(LookupError, match="there is no card 9"):
        getattr(duel, read)(9)
    with pytest.raises(UsageError, match=r"a card is given by its index or its id, got 1\.5"):
        getattr(duel, read)(1.5)
    assert duel.state.state_hash() == h


@pytest.mark.parametrize(("read", "arg"), [("lp", "C"), ("hand_size", 0), ("deck_size", None), ("cards_in", "field")])
def test_a_bad_player_or_location_is_a_usage_error(read: str, arg: object) -> None:
    duel = engine.Duel(field().build())
    with pytest.raises(UsageError, match=r"a (player|location) is"):
        getattr(duel, read)(arg)


def test_a_decision_and_a_battle_result_name_their_cards_by_themselves() -> None:
    b = field()
    b.spell("rush", "A", face_down=True, effects=[{"kind": "activated", "speed": 2, "target": "own_battler",
                                  "does": [{"op": "change_stats", "target": "own_battler", "atk": 700}]}])
    duel = engine.Duel(b.build())
    duel.declare_attack("att", "tgt")
    decision = duel.advance()
    assert decision is not None
    assert decision.describe() == ["activate rush effect 0 targeting att", "pass"]
    assert decision.describe(["A0", "B0", "h", "d1", "d2", "Rush"]) == ["activate Rush effect 0 targeting A0", "pass"]
    duel.run(engine.PassAgent())
    result = duel.battles[0].as_dict()
    assert result["attacker"] == "att" and result["target"] == "tgt"
    assert result == duel.battles[0].as_dict([c.id for c in duel.state.cards])
