"""Playing a scenario's `choices` (scenario-format.md, "Choices") as an agent.

* Fast-effect choices of a window are offered in the order listed: at each priority, the first
  one not yet used is tried if it is that player's; otherwise the player passes. A `new_chain`
  choice waits until the current chain has resolved.
* Choices naming triggered effects answer trigger decisions (which of one's triggers goes on
  the chain next); a player's simultaneous triggers are placed in card order.
* `expect: illegal` choices must be refused; the refusal and its reason go into the result.
  A choice refused without it, or accepted with it, is a `ScenarioMismatch`.
* A choice whose window has passed without it being used is settled then: a triggered effect
  the rules placed without asking (a lone mandatory trigger) counts as done; anything else is
  refused, with the reason the engine gives (e.g. the trigger's condition was not met).
* Declarations (`declare`): in the Battle Step, the turn player's priority answered with that
  attack; after a replay (in `attack_declaration`), the attack chosen again. With no declaration
  left, the turn player passes: in the Battle Step that ends the Battle Phase, after a replay
  the attack stops (rules spec §BP.3, §BP.5).
* In a whole Battle Phase, a choice belongs to its attack (`attack`: the declaration it makes, in
  the Battle Step; the attack it is about, after it), so choices are placed by (attack, window).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from engine import actions, resolution
from engine.rules import legality
from engine.values.decisions import (
    ATTACK,
    PASS,
    POSITION_CODES,
    RESOLUTION_KINDS,
    Decision,
    DecisionKind,
    Option,
    answer_option,
)
from engine.values.events import EventType
from engine.values.game import Player, Window
from engine.values.words import WINDOWS

if TYPE_CHECKING:
    from engine.machine import Duel
    from engine.scenario import Choice, Scenario

WINDOW_ORDER = {w: i for i, w in enumerate(Window)}
# The windows that belong to one attack (its declaration's and its Damage Step's), as `choices[].attack` numbers them
_ATTACK_WINDOWS = frozenset(w for w in Window if WINDOW_ORDER[Window.ATTACK_DECLARATION] <= WINDOW_ORDER[w]
                            < WINDOW_ORDER[Window.END_STEP])  # fmt: skip
LAST = 10**9  # the End Step comes after every attack


class ScenarioMismatch(RuntimeError):
    """A scenario's choices did not play out as it said (a choice refused that should be legal,
    one accepted that should be refused, or one never offered)."""


@attrs.frozen(slots=True)
class ScriptedChoice:
    index: int  # position in the scenario's `choices`
    window: Window
    player: Player
    card: int  # the card activated, or the attacker declared
    effect: int  # its effect, or ATTACK for a declaration
    targets: tuple[int, ...] | None  # for a declaration: (target,) or () for a direct attack
    new_chain: bool
    expect_illegal: bool
    attack: int = 0

    @property
    def declares(self) -> bool:
        return self.effect == ATTACK

    @property
    def position(self) -> tuple[int, int]:
        return _position(self.window, self.attack)


class ScriptedAgent:
    """Plays a scenario's choices; with `attack` (an `attacks` scenario), only the choices of that
    attack (each keeps its index in the scenario's `choices`); otherwise all of them, each in its
    attack's windows."""

    def __init__(self, sc: Scenario, attack: int | None = None) -> None:
        self.ids = [c.id for c in sc.cards]
        self.by_attack = attack is None  # a whole Battle Phase: place choices by (attack, window)
        mine = [(i, ch) for i, ch in enumerate(sc.choices) if attack is None or ch.attack == attack]
        self.queue = [_scripted(i, ch, self.ids) for i, ch in mine]
        self.refused: list[dict[str, Any]] = []
        # The answers listed for each effect's decisions as it resolves (§U.16), by (card, effect), in order
        self.answers: dict[tuple[int, int], list[tuple[int, dict[str, Any]]]] = {}
        for i, ch in mine:
            if ch.answers and ch.activate is not None:
                self.answers.setdefault((self.ids.index(ch.activate), ch.effect), []).extend((i, a) for a in ch.answers)

    # A scenario may list what a coin or die showed: `Duel.run` then asks this agent for chance outcomes too
    answers_chance = True

    # -- answering ------------------------------------------------------------------------
    def choose(self, decision: Decision, duel: Duel) -> Option:
        if decision.kind in RESOLUTION_KINDS:
            return self._resolution_answer(decision, duel)
        now = self._now(decision, duel)
        for q in [q for q in self.queue if self._at(q) < now]:
            self._settle(duel, q)
        if decision.kind is DecisionKind.TRIGGER:
            return self._place_trigger(decision, now)
        if decision.kind is DecisionKind.REPLAY:
            return self._replay(decision, duel, now)
        return self._priority(decision, duel, now)

    def _now(self, decision: Decision, duel: Duel) -> tuple[int, int]:
        """Where the run is: this decision's window, in the attack it belongs to (the attack the Battle
        Step's declaration would make; the attack under way after it)."""
        if not self.by_attack:
            return 0, WINDOW_ORDER[decision.window]
        declared = len(actions.battle_records(duel.state))
        return _position(decision.window, declared if decision.window is Window.BATTLE_STEP else declared - 1)

    def _at(self, q: ScriptedChoice) -> tuple[int, int]:
        return q.position if self.by_attack else (0, WINDOW_ORDER[q.window])

    def _replay(self, decision: Decision, duel: Duel, now: tuple[int, int]) -> Option:
        """After a replay: the attack this player's next declaration here names, or none (the attack stops)."""
        for q in [q for q in self.queue if q.declares and self._at(q) == now and q.player is decision.player]:
            self.queue.remove(q)
            option = Option(q.card, ATTACK, q.targets or ())
            reason = duel.why_illegal(option)
            if reason is None:
                self._used(q)
                return option
            self._refuse(duel, q, option, reason)
        return PASS

    def _priority(self, decision: Decision, duel: Duel, now: tuple[int, int]) -> Option:
        battle_step = decision.window is Window.BATTLE_STEP
        w = duel.state.window
        waiting = {(t.card, t.effect) for t in w.waiting} if w is not None else set()
        while True:
            here = [q for q in self.queue if self._at(q) == now and (battle_step or not q.declares)]
            # A phase trigger is activated at its controller's priority (rules spec §BP.2), not placed by SEGOC.
            fast = [q for q in here if not _names_trigger(duel, q) or (q.card, q.effect) in waiting]
            if not fast or fast[0].player is not decision.player:
                return _pass(decision)
            q = fast[0]
            if (q.new_chain or q.declares) and w is not None and w.chain:
                return _pass(decision)  # offered once the current chain has resolved (an attack: only then)
            self.queue.remove(q)
            option = self._option(decision, q)
            reason = duel.why_illegal(option)
            if reason is None:
                self._used(q)
                return option
            self._refuse(duel, q, option, reason)

    def _place_trigger(self, decision: Decision, now: tuple[int, int]) -> Option:
        for option in decision.options:
            for q in self.queue:
                if (
                    not q.declares
                    and self._at(q) == now  # its window, and in a whole Battle Phase its attack
                    and q.player is decision.player
                    and (q.card, q.effect) == (option.card, option.effect)
                    and (q.targets is None or q.targets == option.targets)
                ):
                    self.queue.remove(q)
                    self._used(q)
                    return option
        return PASS if PASS in decision.options else decision.options[0]

    def _option(self, decision: Decision, q: ScriptedChoice) -> Option:
        if q.declares:
            return Option(q.card, ATTACK, q.targets or ())
        if q.targets is not None:
            return Option(q.card, q.effect, q.targets)
        same = [o for o in decision.options if (o.card, o.effect) == (q.card, q.effect)]
        return same[0] if same else Option(q.card, q.effect, ())

    def _resolution_answer(self, decision: Decision, duel: Duel) -> Option:
        """The next answer listed for the resolving effect (§U.16); with none: "no" where declining is allowed, else
        the first option; a chance outcome from the duel's own seeded source."""
        paying = decision.activating
        if paying is not None:  # a cost's decision (§U.21): the activation's listed answers, the cost's first
            listed = self.answers.get((paying.card, paying.effect))
        elif decision.acting is not None:  # an action with no chain (§U.30): the answers listed for its effect, next
            listed = self.answers.get((decision.acting.card, decision.acting.effect))
        else:
            w = duel.state.window
            assert w is not None and w.resolving >= 0
            link = w.chain[w.resolving]
            listed = self.answers.get((link.card, link.effect))
        if not listed:
            if decision.kind is DecisionKind.CHANCE:
                return resolution.chance_answer(duel.state, decision)
            return _pass(decision)
        index, answer = listed.pop(0)
        (key,) = answer
        if _ANSWER_KINDS[key] is not decision.kind:
            raise ScenarioMismatch(f"choices[{index}]: the answer {answer} does not answer a {decision.kind.value} "
                                   f"decision ({decision.prompt}): it answers a {_ANSWER_KINDS[key].value} one")
        option = _answer_option(decision, answer, self.ids)
        if option not in decision.options:
            raise ScenarioMismatch(f"choices[{index}]: the answer {answer} is not one of the answers to "
                                   f"{decision.prompt}: {', '.join(decision.describe())}")  # fmt: skip
        return option

    # -- settling -------------------------------------------------------------------------
    def finish(self, duel: Duel) -> None:
        """Settle every choice not used by the end of the run."""
        for q in list(self.queue):
            self._settle(duel, q)

    def _settle(self, duel: Duel, q: ScriptedChoice) -> None:
        self.queue.remove(q)
        if _placed_by_rule(duel, q):
            self._used(q)
            return
        reason = f"no decision was offered to {q.player.name} in {WINDOWS[q.window.value]}"
        if _names_trigger(duel, q):
            why_not = legality.trigger_problem(duel.ctx, q.card, q.effect, q.window)
            reason = _trigger_mismatch(duel, q) or why_not or reason
        if duel.state.duel_over:
            reason += " (the Duel had ended)"
        self._refuse(duel, q, Option(q.card, q.effect, q.targets or ()), reason)

    def _used(self, q: ScriptedChoice) -> None:
        if q.expect_illegal:
            name = self.ids[q.card]
            raise ScenarioMismatch(f"choices[{q.index}] ({name}) was expected to be illegal, but it is legal")

    def _refuse(self, duel: Duel, q: ScriptedChoice, option: Option, reason: str) -> None:
        if not q.expect_illegal:
            raise ScenarioMismatch(f"choices[{q.index}] ({self.ids[q.card]}) was refused: {reason}")
        duel.refuse(q.player, option, reason)
        # A refused choice made no activation: its listed answers answer nothing (the next activation of that effect
        # must not take them; found with Vampire Fraulein's cost, case S2A-VF-001)
        for listed in self.answers.values():
            listed[:] = [entry for entry in listed if entry[0] != q.index]
        self.refused.append(
            {"choice": q.index, "card": self.ids[q.card], "player": q.player.name, "window": q.window.value,
             "reason": reason}
        )


def _pass(decision: Decision) -> Option:
    """Pass, where passing is allowed; otherwise (a mandatory phase trigger waits, a monster must attack) the
    first option, as a player who has no choice listed does what the rules make them do."""
    return PASS if PASS in decision.options else decision.options[0]


# Which decision each key of a scenario's answer answers (rules spec §U.16)
_ANSWER_KINDS = {"position": DecisionKind.POSITION, "pick": DecisionKind.PICK, "yes": DecisionKind.OPTIONAL,
                 "number": DecisionKind.NUMBER, "mode": DecisionKind.MODE, "coin": DecisionKind.CHANCE,
                 "die": DecisionKind.CHANCE, "random": DecisionKind.CHANCE,
                 "call": DecisionKind.MODE}  # fmt: skip


def _answer_option(decision: Decision, answer: dict[str, Any], ids: list[str]) -> Option:
    """A scenario's answer (one key: rules spec §U.16) as the option it stands for in `decision`."""
    (key, value), = answer.items()
    about = next((o.card for o in decision.options if not o.is_pass), -1)
    if key == "position":
        return answer_option(about, POSITION_CODES.index(value))
    if key in ("pick", "random"):
        if not value:
            return PASS
        wanted = tuple(sorted(ids.index(c) for c in value))
        # (a cost's pick counts the unnamed cards of the hand that pay with them in its value: §U.21)
        return next((o for o in decision.options if o.targets == wanted), answer_option(about, 0, wanted))
    if key == "yes":
        return answer_option(about, 1) if value else PASS
    if key in ("coin", "call"):
        return answer_option(about, 0 if value == "heads" else 1)
    if key == "die":
        return answer_option(about, int(value) - 1)
    return answer_option(about, int(value))  # number, mode


def _position(window: Window, attack: int) -> tuple[int, int]:
    """Where a window comes in a whole Battle Phase: the Start Step first, the End Step last, each attack's
    windows (its Battle Step declaration, its responses and Damage Step) in order between."""
    if window is Window.START_STEP:
        attack = 0
    elif window in (Window.END_STEP, Window.END_PHASE, Window.STANDBY_PHASE):
        attack = LAST
    return attack, WINDOW_ORDER[window]


def _scripted(i: int, ch: Choice, ids: list[str]) -> ScriptedChoice:
    """A scenario's choice with card indexes for ids."""
    if ch.declare is not None:
        target = () if ch.declare.target is None else (ids.index(ch.declare.target),)
        return ScriptedChoice(i, Window(ch.window), Player[ch.player], ids.index(ch.declare.attacker), ATTACK, target,
                              False, ch.expect == "illegal", ch.attack)  # fmt: skip
    assert ch.activate is not None
    targets = None if ch.targets is None else tuple(ids.index(t) for t in ch.targets)
    return ScriptedChoice(i, Window(ch.window), Player[ch.player], ids.index(ch.activate), ch.effect, targets,
                          ch.new_chain, ch.expect == "illegal", ch.attack)  # fmt: skip


def _names_trigger(duel: Duel, q: ScriptedChoice) -> bool:
    effects = duel.state.cards[q.card].effects
    return 0 <= q.effect < len(effects) and effects[q.effect].kind.is_triggered


def _trigger_mismatch(duel: Duel, q: ScriptedChoice) -> str | None:
    """The named trigger did activate in that window, but not as the choice says."""
    name = duel.state.cards[q.card].name
    for e in duel.state.log:
        if e.type is EventType.ACTIVATED and e.window is q.window and e.card == q.card:
            data = dict(e.data)
            if data.get("effect") != q.effect:
                continue
            if e.player is not q.player:
                return f"{name}'s effect is {e.player}'s to activate, not {q.player}'s"
            if q.targets is not None and data.get("targets") != q.targets:
                ids = [duel.state.cards[i].id for i in data.get("targets", ())]
                return f"{name}'s effect was activated with its legal targets {ids}, not the ones chosen"
    return None


def _placed_by_rule(duel: Duel, q: ScriptedChoice) -> bool:
    """The named triggered effect was activated by this player in this window, with these
    targets, without a decision (a lone mandatory trigger): the choice happened."""
    if not _names_trigger(duel, q):
        return False
    attack = -1  # the attack under way as the log goes: an activation in another attack's window is not this choice
    for e in duel.state.log:
        if e.type is EventType.ATTACK_DECLARED:
            attack += 1
        if q.window in _ATTACK_WINDOWS and max(attack, 0) != q.attack:
            continue
        if e.type is EventType.ACTIVATED and e.window is q.window and e.card == q.card and e.player is q.player:
            data = dict(e.data)
            if data.get("effect") == q.effect and (q.targets is None or data.get("targets") == q.targets):
                return True
    return False
