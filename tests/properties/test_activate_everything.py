"""An agent that activates everything it can never loops (issue 22, "What it must show"), for every library card.

Issue 22 found a host's face-up equipped Trap offered again at every priority, so that an agent activating
whatever it is offered never ended. The rules that prevent it: a Spell/Trap Card is activated once, and face-up on
the field it is not activated again (rules spec §C.2); a Normal Spell/Trap goes to the Graveyard once resolved
(§C.1); an effect is on a chain at most once (§1.2); a monster declares one attack per turn (§BP.3). So for each
card of `engine.cards.all_cards()`, on small random fields (the card on either side where its card type puts it: a
monster in a Monster Zone or the hand, a Spell or Trap Set in the Spell & Trap Zone; half the time a second library
card, to respond to or be responded to; one or two vanilla monsters a side, a few cards in hands and Decks), either
one attack (a scenario's `attack`) or a whole Battle Phase run by the
engine, an agent that always activates an effect when one is offered (else declares an attack, else passes) reaches
the end of the battle within MAX_DECISIONS decisions, and no Spell/Trap Card is activated twice.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from properties.bounded import capped
from properties.strategies import examples

import engine
import engine.build
import engine.cards
from engine import CardType, EventType, Phase

MAX_DECISIONS = 500
KEYS = sorted(engine.cards.all_cards())
SIDES = ("A", "B")


def _vanilla(draw: st.DrawFn, cid: str, side: str, **where: Any) -> dict[str, Any]:
    """A monster with no effect; its Level, Attribute, Type and name vary, for the cards that filter on them."""
    return {
        "id": cid, "controller": side, **where,
        "atk": draw(st.sampled_from([0, 500, 1000, 1500, 1800, 2500])),
        "def": draw(st.sampled_from([0, 500, 1200, 2000])),
        "level": draw(st.integers(1, 8)),
        "attribute": draw(st.sampled_from(["light", "dark", "earth", "water"])),
        "monster_type": draw(st.sampled_from(["warrior", "machine", "fiend", "winged_beast", "dragon"])),
        "name": draw(st.sampled_from([cid, f"Blackwing - {cid}", f"Six Samurai - {cid}"])),
    }  # fmt: skip


def _library_card(draw: st.DrawFn, key: str, cid: str) -> dict[str, Any]:
    """Library card `key` on a random side, where its card type puts it: a monster in a Monster Zone (any position)
    or the hand (most times, if it is activated from there), a Spell or Trap Set in the Spell & Trap Zone."""
    card: dict[str, Any] = {"id": cid, "controller": draw(st.sampled_from(SIDES)), "card": key}
    c = engine.cards.all_cards()[key]
    if c.card_type != "monster":
        return card | {"location": "spell_trap_zone", "face_down": True}
    from_hand = any(e.get("from") == "hand" for e in c.effects)  # (Kuriboh, Honest...: mostly in the hand)
    if draw(st.integers(0, 5)) < (4 if from_hand else 1):
        return card | {"location": "hand"}
    return card | {"position": draw(st.sampled_from(["set", "attack", "defense", "attack"]))}


@st.composite
def fields(draw: st.DrawFn, key: str) -> dict[str, Any]:
    """A scenario with library card `key` ("lib") on a random small field, sometimes with a second library card to
    respond to or be responded to ("other"): one attack (the library monster in it, most times it can be), or the
    whole Battle Phase."""
    cards = [_library_card(draw, key, "lib")]
    if draw(st.booleans()):
        cards.append(_library_card(draw, draw(st.sampled_from(KEYS)), "other"))
    for s in SIDES:
        low = 1 if s == "A" else 0  # the turn player has a monster to attack with
        for n in range(draw(st.integers(low, 2))):
            position = "attack" if s == "A" and n == 0 else draw(st.sampled_from(["attack", "defense", "set"]))
            cards.append(_vanilla(draw, f"{s.lower()}{n}", s, position=position))
        for n in range(draw(st.integers(0, 2))):
            cards.append(_vanilla(draw, f"{s.lower()}_hand{n}", s, location="hand"))
        for n in range(draw(st.integers(0, 1))):
            cards.append(_vanilla(draw, f"{s.lower()}_deck{n}", s, location="deck"))
    scenario: dict[str, Any] = {
        "format": "damage-step-scenario/1", "id": f"activate-everything-{key}", "cards": cards,
        "life_points": {"A": draw(st.sampled_from([8000, 1500])), "B": draw(st.sampled_from([8000, 1500]))},
    }  # fmt: skip
    if draw(st.booleans()):
        scenario["battle_phase"] = {}
        return scenario
    on_field = [c for c in cards if "position" in c]
    attackers = [c["id"] for c in on_field if c["controller"] == "A" and c["position"] == "attack"]
    targets = [c["id"] for c in on_field if c["controller"] == "B"]
    lib_first = sorted(attackers, key=lambda i: i != "lib"), sorted(targets, key=lambda i: i != "lib")
    pick = st.sampled_from  # the library monster battles most times it can: its battle effects are then asked
    attacker = draw(st.just(lib_first[0][0]) | pick(attackers))
    target = draw(st.just(lib_first[1][0]) | pick(targets)) if targets else None
    scenario["attack"] = {"attacker": attacker, "target": target}
    return scenario


class ActivateEverything:
    """Activates (or places) an effect whenever one is offered, the seeded choice among several; otherwise
    declares an attack if it can; otherwise passes (or takes the only option: a mandatory one)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.decisions = 0

    def choose(self, decision: engine.Decision, duel: engine.Duel) -> engine.Option:
        self.decisions += 1
        assert self.decisions <= MAX_DECISIONS, f"more than {MAX_DECISIONS} decisions: the run does not end"
        effects = [o for o in decision.options if not o.is_pass and not o.is_attack]
        attacks = [o for o in decision.options if o.is_attack]
        if effects or attacks:
            return self.rng.choice(effects or attacks)
        return engine.PASS if engine.PASS in decision.options else decision.options[0]


@pytest.mark.parametrize("key", KEYS)
@settings(max_examples=examples(0.4), deadline=None)
@given(data=st.data(), seed=st.integers(0, 2**16))
def test_an_agent_that_activates_everything_ends(key: str, data: st.DataObject, seed: int) -> None:
    scenario = data.draw(fields(key), label="scenario")
    state = engine.state_from_scenario(engine.parse_scenario(scenario))
    duel = capped(engine.build.new_duel(state))
    duel.run(ActivateEverything(seed))
    s = duel.state
    assert duel.is_stopped and s.pending is None
    assert s.phase in (Phase.MAIN_PHASE_2, Phase.STEP_OVER, Phase.DUEL_OVER), s.phase
    assert all(p.lp >= 0 for p in s.players)
    # A Spell/Trap Card is activated once (§C.1, §C.2): no card-activating effect of one goes on a chain twice.
    activations = [e.card for e in s.log if e.type is EventType.ACTIVATED and e.card is not None
                   and s.cards[e.card].card_type is not CardType.MONSTER
                   and s.cards[e.card].effects[dict(e.data)["effect"]].activates_card]  # fmt: skip
    assert len(activations) == len(set(activations)), [s.cards[i].id for i in activations]
