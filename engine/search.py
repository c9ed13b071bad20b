"""One battle as a two-player game for search and learning, shaped like OpenSpiel's API.

    game = BattleGame("examples/piercing_flip.json")
    state = game.new_initial_state()
    while not state.is_terminal():
        a = state.legal_actions()[0]
        print(state.action_to_string(a))
        state.apply_action(a)
    print(state.returns())

No extra dependency: `engine.openspiel` and `engine.pettingzoo` wrap this module for those
libraries, and `engine.playouts` runs it at scale.

**Players.** 0 is player A, 1 is player B; `current_player()` is the player whose decision is
pending, `TERMINAL` (-4, `pyspiel.PlayerId.TERMINAL`) once the game is over. The engine is
deterministic (it holds no randomness, tests/test_determinism.py), so there are no chance nodes.
Each player is shown only what a player at the table sees (the "hidden" view, the default: not the opponent's
hand nor the face of their face-down cards); ``view="open_hand"`` shows both players everything, the
perfect-information model of open-hand searches ("What players see" below, docs/search-and-learning.md).

**Action ids** are fixed by the scenario when the game is built, so that one id means one
answer in every state of the game (a network's output, a transposition table's move, a replay):

* 0 is `PASS` (pass priority, or decline an optional trigger);
* every other id is ``1 + effect_slot * block + target_code``, where ``effect_slot`` numbers
  every (card, effect) pair of the scenario in card order then effect order, ``block`` is the
  number of target tuples of up to `max_targets` card indexes (``1 + n + n**2 + ...`` for ``n``
  cards), and ``target_code`` numbers the tuple: 0 for no target, then length by length,
  each tuple read as a base-``n`` number (``(t,)`` is ``1 + t``).

* then the attack declarations (a whole Battle Phase, `"battle_phase"`): ``attack_base + attacker * (1 + n) + t``,
  ``t`` 0 for a direct attack and ``1 + target`` otherwise, where ``attack_base = 1 + effect_slots * block``.
  The same ids answer a replay's choice (the attacking monster attacks again) and `PASS` declines it.

The built-in effects target at most one card, so `max_targets` defaults to 1 and there are
``1 + effects * (1 + cards) + cards * (1 + cards)`` actions. An answer the table cannot encode (a custom effect type
offering more targets) raises ValueError naming `max_targets`, never a wrong id.

**Returns** (zero-sum, player-indexed): ``+1`` / ``-1`` once the Duel is won / lost, ``0`` for
a drawn Duel; otherwise the LP swing so far, ``(own LP change - opponent's LP change) /
LP_SCALE`` clipped to [-1, 1], where LP_SCALE is the sum of both players' starting LP (so a
swing of a whole starting LP of one player when both start at 8000 is 0.5). That is the default,
``reward="lp_swing"``; ``reward="lp_and_cards"`` adds a card-advantage term to the swing before it is
scaled: ``CARD_VALUE`` (1000) LP for each card the opponent lost minus each card the player lost, counting
the cards each player has in hand and on the field (a monster destroyed, a Spell or Trap used and sent to
the Graveyard, a card discarded for a cost), so a battle that destroys a monster without damage is worth
something. `rewards()` is the
change of `returns()` since the previous decision (since 0 at the start), so rewards add up to
the returns (OpenSpiel's "rewards" model, PettingZoo's per-step rewards).

**Length.** A game ends when the Damage Step or the Duel ends, or after `max_game_length()`
decisions (a guard for custom effects that can be activated again and again; the built-in ones
end far sooner): a truncated game is terminal and its returns are the LP swing.

**What players see** (`observation(player)`, `observation_string(player)`, `information_state_string(player)`,
`information_state_tensor(player)`, `legal_actions_mask()`): `engine.observation`, whose docstring is the layout
(versioned, `OBSERVATION_VERSION`). The game's `view` says which: ``"hidden"`` (the default) hides from each player
the opponent's hand and the face of the cards face-down to them, as a table does; ``"open_hand"`` shows both players
everything, the perfect-information model of open-hand searches (perfect-information Monte Carlo, MCTS over the true
state). `BattleState.revealed` marks the cards the rules have shown to both (`engine.observation.reveal`).
`str(state)` is the whole state, for debugging, whatever the view. By default which ids exist depends on how many
effects each card has, hidden ones included; ``effects_per_card=k`` gives every card k effect slots, so that the ids
(and the mask) say nothing of a hidden card, and games of different fields share one action space. Whose decision it
is is public (`current_player()`), and the engine asks a player only when they can act: being asked at a priority
tells the opponent that the player holds an answer. ``every_priority=True`` asks both players at every priority,
whether or not they can act (about six times as many decisions), so that only an activation shows what they hold; an
optional trigger is still asked only of the player whose card triggered.

**A whole Battle Phase.** The game plays every shape of scenario to its end: one attack (the game ends with its
Damage Step), a Battle Phase whose declarations are the turn player's decisions (`battle_phase`: the attack ids
above; the game ends in Main Phase 2), and the attacks a host declares (`attacks`: not decisions, so no action: the
game declares each listed attack in turn once the previous Damage Step is over, skips one the rules refuse as
`engine.build.run_battle_phase` does, and ends after the last; `BattleState.next_attack` is its place).
"""

from __future__ import annotations

import operator
from collections.abc import Mapping, Sequence
from os import PathLike
from typing import Any, Final, SupportsIndex

from engine import observation as observing
from engine._mypyc import mypyc_attr
from engine.build import load_scenarios, new_duel, parse_scenario, state_from_scenario, waits_for_host
from engine.dispatch import stopped
from engine.effects import Registry
from engine.library.asking import may_ask
from engine.machine import Duel
from engine.observation import OBSERVATION_FIELDS as OBSERVATION_FIELDS  # (re-exported: the layout's names)
from engine.observation import check_view
from engine.resolution import chance_answer
from engine.rules.stats import current_stats
from engine.scenario import Scenario
from engine.state import GameState
from engine.turns import IllegalAttack, cards_in
from engine.values.decisions import (
    ANSWER,
    ANSWER_VALUES,
    ATTACK,
    PASS,
    Decision,
    DecisionKind,
    IllegalChoice,
    Option,
    answer_option,
    attack_option,
    malformed,
)
from engine.values.game import Location, Player, Window

TERMINAL: Final = -4  # pyspiel.PlayerId.TERMINAL
CHANCE: Final = -1  # pyspiel.PlayerId.CHANCE: a coin, a die, a random pick (§U.16)
DEFAULT_MAX_DECISIONS: Final = 1000
REWARDS: Final = ("lp_swing", "lp_and_cards")  # what `returns()` counts besides a Duel won or lost (module docstring)
CARD_VALUE: Final = 1000  # LP a card in hand or on the field is worth, in the "lp_and_cards" returns
_IN_PLAY: Final = (Location.HAND, Location.MONSTER_ZONE, Location.SPELL_TRAP_ZONE)


ScenarioLike = Scenario | Mapping[str, Any] | str | PathLike[str] | None


def load_scenario(scenario: ScenarioLike, index: int = 0) -> Scenario:
    """A Scenario from what a caller has at hand: a Scenario, its JSON object, a scenario file
    (scenario `index` of it), or None / "" for the built-in example (`engine.demo`)."""
    if isinstance(scenario, Scenario):
        return scenario
    if scenario is None or scenario == "":
        from engine.demo import DEMO

        return parse_scenario(DEMO)
    if isinstance(scenario, Mapping):
        return parse_scenario(dict(scenario))
    loaded = load_scenarios(scenario)
    if not 0 <= index < len(loaded):
        raise ValueError(f"{scenario}: no scenario {index} (it has {len(loaded)})")
    return loaded[index]


class ActionTable:
    """The scenario's fixed numbering of answers (see the module docstring)."""

    def __init__(self, effect_counts: Sequence[int], max_targets: int = 1, answers: bool = False) -> None:
        if max_targets < 0:
            raise ValueError("max_targets must be >= 0")
        self.cards = len(effect_counts)
        self.max_targets = max_targets
        self.slots: list[tuple[int, int]] = [(c, e) for c, n in enumerate(effect_counts) for e in range(n)]
        self.slot_of = {ce: i for i, ce in enumerate(self.slots)}
        n = self.cards
        # length_offset[k]: the code of the first k-target tuple (1 + n + ... + n**(k-1)).
        self.length_offset: list[int] = [0]
        for k in range(max_targets + 1):
            self.length_offset.append(self.length_offset[-1] + int(n**k))
        self.block = self.length_offset[max_targets + 1]
        self.attack_base = 1 + len(self.slots) * self.block
        self.size = self.attack_base + n * (n + 1)
        # The answers to decisions made while an effect resolves (§U.16), in a game whose cards may ask: a value
        # about a card, then cards picked (as targets are numbered), each block per card
        self.answers = answers
        self.answer_base = self.size
        self.pick_base = self.answer_base + n * ANSWER_VALUES
        if answers:
            self.size = self.pick_base + n * self.block
        # The answers and ids met so far, each computed once: a playout encodes and decodes one of
        # each per decision, and a battle offers the same few answers again and again.
        self._ids: dict[Option, int] = {}
        self._options: dict[int, Option] = {}

    def encode(self, option: Option) -> int:
        """The id of `option`; ValueError for an answer that has none in this game, or is malformed (an answer
        equal to a well-formed one but of other types, 1.0 for 1, neither stands for it nor is given its id)."""
        if problem := malformed(option):
            raise ValueError(f"{option!r} has no action id: {problem}")
        known = self._ids.get(option)
        if known is None:
            known = self._ids[option] = self._encode(option)
        return known

    def _encode(self, option: Option) -> int:
        card, effect, targets = option
        if card < 0:  # (`Option.is_pass`)
            return 0
        if effect == ATTACK and 0 <= card < self.cards and len(targets) <= 1:
            target = targets[0] if targets else -1
            if -1 <= target < self.cards:
                return self.attack_base + card * (self.cards + 1) + target + 1
        if effect >= ANSWER:
            return self._encode_answer(option)
        slot = self.slot_of.get((card, effect))
        k = len(targets)
        if slot is None or k > self.max_targets or any(not 0 <= t < self.cards for t in targets):
            raise ValueError(
                f"{option} has no action id in this game (cards 0..{self.cards - 1}, their effects, and "
                f"up to max_targets={self.max_targets} targets): build the BattleGame with a larger max_targets"
            )
        code = 0
        for t in targets:
            code = code * self.cards + t
        return 1 + slot * self.block + self.length_offset[k] + code

    def _encode_answer(self, option: Option) -> int:
        card, effect, targets = option
        value, k = effect - ANSWER, len(targets)
        fits = 0 <= card < self.cards and all(0 <= t < self.cards for t in targets) and value < ANSWER_VALUES
        if not self.answers or not fits or k > self.max_targets or (k and value):
            raise ValueError(
                f"{option} (an answer while an effect resolves) has no action id in this game: build the BattleGame "
                f"with answers=True (and max_targets at least the cards picked, here {k})"
            )
        if not k:
            return self.answer_base + card * ANSWER_VALUES + value
        code = 0
        for t in targets:
            code = code * self.cards + t
        return self.pick_base + card * self.block + self.length_offset[k] + code

    def legal_id(self, option: Option) -> int:
        """`encode` of an answer the engine offered (well-formed, so looked up at once)."""
        known = self._ids.get(option)
        return known if known is not None else self.encode(option)

    def decode(self, action: object) -> Option:
        if type(action) is int and (known := self._options.get(action)) is not None:
            return known  # (the playout's case: an id met before)
        if isinstance(action, bool):
            raise IllegalChoice(f"an action is an integer id, got {action!r}")
        try:
            index = operator.index(action)  # type: ignore[arg-type]  # numpy integers too (PettingZoo, OpenSpiel)
        except TypeError:
            raise IllegalChoice(f"an action is an integer id, got {action!r}") from None
        known = self._options.get(index)
        if known is None:
            known = self._options[index] = self._decode(index)
        return known

    def _decode(self, action: int) -> Option:
        if not 0 <= action < self.size:
            raise IllegalChoice(f"action {action} is not an action of this game (ids 0..{self.size - 1})")
        if action == 0:
            return PASS
        if action >= self.answer_base:
            return self._decode_answer(action)
        if action >= self.attack_base:
            attacker, t = divmod(action - self.attack_base, self.cards + 1)
            return attack_option(attacker, None if t == 0 else t - 1)
        slot, code = divmod(action - 1, self.block)
        k = max(j for j in range(self.max_targets + 1) if self.length_offset[j] <= code)
        code -= self.length_offset[k]
        targets: list[int] = []
        for _ in range(k):
            code, t = divmod(code, self.cards)
            targets.append(t)
        card, effect = self.slots[slot]
        return Option(card, effect, tuple(reversed(targets)))


    def _decode_answer(self, action: int) -> Option:
        if action < self.pick_base:
            card, value = divmod(action - self.answer_base, ANSWER_VALUES)
            return answer_option(card, value)
        card, code = divmod(action - self.pick_base, self.block)
        k = max(j for j in range(self.max_targets + 1) if self.length_offset[j] <= code)
        code -= self.length_offset[k]
        picked: list[int] = []
        for _ in range(k):
            code, t = divmod(code, self.cards)
            picked.append(t)
        return answer_option(card, 0, tuple(reversed(picked)))


def play_on(duel: Duel, listed: Sequence[tuple[int, int | None]], next_attack: int) -> int:
    """`BattleGame.play_on` with the game's `listed` attacks (a function: compiled, the game is an ordinary class
    and its methods are looked up by name at each call). Without a snapshot of its own: the caller takes one
    (`BattleState.apply_action`, `BattleGame.play_on`) and puts the duel back if this raises."""
    if not listed:  # one attack, or a Battle Phase whose declarations are decisions
        duel._advance()
        return next_attack
    while True:
        if waits_for_host(duel) and not duel.state.duel_over:
            if next_attack >= len(listed):
                return next_attack
            attacker, target = listed[next_attack]
            next_attack += 1
            try:
                duel._declare_attack(attacker, target)
            except IllegalAttack:
                continue
        if duel.state.duel_over or (duel._advance() is not None and not waits_for_host(duel)):
            return next_attack


def cards_in_play(state: GameState) -> tuple[int, int]:
    """How many cards each player has in hand and on the field (the card advantage the rewards may count)."""

    def count(p: Player) -> int:
        return state.players[p].hand_filler + sum(len(cards_in(state, where, p)) for where in _IN_PLAY)

    return count(Player.A), count(Player.B)


@mypyc_attr(native_class=False)  # compiled, an ordinary class: `from_duel` and unpickling make one without __init__
class BattleGame:
    """The game of one scenario: its start, its action table, its scales. Cheap to share:
    states refer to it and never change it.

    `scenario` is anything `load_scenario` takes; `registry` the effect registry (by default the built-in
    types and the library cards' own, `engine.cards.registry()`); `max_targets` sizes the action table;
    `max_decisions` caps the length; `record` keeps each state's event log (off by default: search reads
    states, not logs); `reward` what the returns count besides a Duel won or lost (`REWARDS`, module docstring);
    `view` what each player is shown, `effects_per_card` the ids' effect slots per card, `every_priority` whether
    a player with nothing to do is asked anyway (module docstring, "What players see")."""

    num_players = 2

    def __init__(
        self,
        scenario: ScenarioLike = None,
        *,
        index: int = 0,
        registry: Registry | None = None,
        max_targets: int = 1,
        max_decisions: int = DEFAULT_MAX_DECISIONS,
        record: bool = False,
        reward: str = "lp_swing",
        view: str = "hidden",
        effects_per_card: int | None = None,
        every_priority: bool = False,
        answers: bool = False,
    ) -> None:
        sc = load_scenario(scenario, index)
        self.scenario: Scenario | None = sc  # None for a game made from a duel, or unpickled
        start = state_from_scenario(sc)
        if every_priority:  # both players asked at every priority, whether or not they can act (module docstring)
            start.show_every_priority = True
        # Search reads states, not logs: the playout path (`record=False`) unless asked otherwise.
        self._start = new_duel(start, record=record) if registry is None else Duel(start, registry, record=record)
        ids = [c.id for c in sc.cards]
        listed = tuple((ids.index(a.attacker), None if a.target is None else ids.index(a.target))
                       for a in sc.attacks or ())  # fmt: skip
        self._init(start, max_targets, max_decisions, reward, listed, view, effects_per_card, answers)

    def _init(
        self, start: GameState, max_targets: int, max_decisions: int, reward: str,
        listed: tuple[tuple[int, int | None], ...] = (), view: str = "hidden", effects_per_card: int | None = None,
        answers: bool = False,
    ) -> None:
        self.view = check_view(view)
        self.effects_per_card = effects_per_card
        counts = [len(c.effects) for c in start.cards]
        if effects_per_card is not None:
            if effects_per_card < 0 or max(counts, default=0) > effects_per_card:
                raise ValueError(f"effects_per_card={effects_per_card} is fewer than a card's {max(counts)} effects")
            counts = [effects_per_card] * len(counts)
        self.listed = listed  # an `attacks` scenario's attacks (attacker, target), which the host declares in turn
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, got {reward!r}")
        self.reward = reward
        self.start_cards = cards_in_play(start)
        self.names = [c.name for c in start.cards]
        self.start_lp = (start.players[0].lp, start.players[1].lp)
        self.lp_scale = float(max(1, sum(self.start_lp)))
        # Ids for the answers while an effect resolves (§U.16) when asked for, or when a card's effect may ask
        # (with `effects_per_card`, games of different fields share one action space: the answers' ids are always in)
        self.actions = ActionTable(counts, max_targets, answers or effects_per_card is not None or may_ask(start.cards))
        self.max_decisions = max_decisions

    @classmethod
    def from_duel(
        cls, duel: Duel, *, max_targets: int = 1, max_decisions: int = DEFAULT_MAX_DECISIONS, reward: str = "lp_swing",
        view: str = "hidden", effects_per_card: int | None = None, answers: bool = False,
    ) -> BattleGame:
        """The game starting from `duel` as it is (a clone of it: `duel` is not changed)."""
        game = cls.__new__(cls)
        game.scenario = None
        game._start = duel.clone()
        game._init(game._start.state, max_targets, max_decisions, reward, (), view, effects_per_card, answers)
        return game

    def __getstate__(self) -> dict[str, Any]:
        """Pickles as its starting duel (scenarios hold read-only mappings, which do not pickle):
        playout workers in other processes rebuild the same game from it."""
        return {"start": self._start, "max_targets": self.actions.max_targets, "max_decisions": self.max_decisions,
                "reward": self.reward, "listed": self.listed, "view": self.view,
                "effects_per_card": self.effects_per_card, "answers": self.actions.answers}  # fmt: skip

    def __setstate__(self, saved: dict[str, Any]) -> None:
        self.scenario = None
        self._start = saved["start"]
        self._init(self._start.state, saved["max_targets"], saved["max_decisions"], saved.get("reward", "lp_swing"),
                   saved.get("listed", ()), saved.get("view", "hidden"), saved.get("effects_per_card"),
                   saved.get("answers", False))  # fmt: skip

    def new_initial_state(self) -> BattleState:
        duel = self._start.clone()  # (a new duel: nobody holds it if this raises, so no snapshot is needed)
        return BattleState(self, duel, next_attack=play_on(duel, self.listed, 0))

    def play_on(self, duel: Duel, next_attack: int) -> int:
        """Run `duel` to its next decision or its end; in an `attacks` game, declaring for the host each listed
        attack, from `next_attack` on, once the previous one's Damage Step is over (one the rules refuse is skipped,
        as `engine.build.run_battle_phase` skips it). Returns the listed attack to declare next. All-or-nothing:
        if anything raises, `duel` is left as it was before the call."""
        snap = duel._snapshot()
        try:
            return play_on(duel, self.listed, next_attack)
        except BaseException:
            duel._put_back(snap)
            raise

    def num_distinct_actions(self) -> int:
        return self.actions.size

    def max_game_length(self) -> int:
        return self.max_decisions

    def min_utility(self) -> float:
        return -1.0

    def max_utility(self) -> float:
        return 1.0

    def observation_size(self) -> int:
        return observing.observation_size(len(self.names))

    def observation_tensor_shape(self) -> list[int]:
        return [self.observation_size()]

    def information_state_size(self) -> int:
        return observing.information_size(len(self.names))

    def information_state_tensor_shape(self) -> list[int]:
        return [self.information_state_size()]

    def describe(self, option: Option) -> str:
        if option.is_pass:
            return "pass"
        if option.is_attack:
            on = self.names[option.targets[0]] if option.targets else "directly"
            return f"attack {on} with {self.names[option.card]}"
        t = f" targeting {', '.join(self.names[i] for i in option.targets)}" if option.targets else ""
        return f"activate {self.names[option.card]} effect {option.effect}{t}"

    def __str__(self) -> str:
        sc = self.scenario
        return f"BattleGame({sc.id if sc is not None and sc.id else 'battle'}: {len(self.names)} cards, " \
               f"{self.actions.size} actions)"  # fmt: skip


class BattleState:
    """A position of the game: a `Duel` paused at a decision (or over), plus the decisions
    taken. `clone()` is `Duel.clone()`: the copy shares nothing mutable with this one."""

    __slots__ = (
        "_limit",
        "_listed",
        "_previous",
        "_table",
        "decisions",
        "duel",
        "game",
        "history",
        "movers",
        "next_attack",
        "revealed",
    )

    def __new__(
        cls,
        game: BattleGame,
        duel: Duel,
        history: list[int] | None = None,
        previous: tuple[float, float] = (0.0, 0.0),
        next_attack: int = 0,
        revealed: int | None = None,
        movers: int = 0,
    ) -> BattleState:
        """A blank state (__init__ sets it up; `clone` copies it). Defined, with __init__'s parameters, so that
        compiled, `clone`'s `BattleState.__new__` is a direct call rather than a generic one (about 600
        instructions), and the constructor stays a direct call too (it is one only while the two match)."""
        return object.__new__(cls)

    def __init__(
        self,
        game: BattleGame,
        duel: Duel,
        history: list[int] | None = None,
        previous: tuple[float, float] = (0.0, 0.0),
        next_attack: int = 0,
        revealed: int | None = None,
        movers: int = 0,
    ) -> None:
        self.game = game
        # What every decision reads of the game, held here (compiled, the game's fields are looked up by name):
        self._table = game.actions
        self._listed = game.listed
        self._limit = game.max_decisions
        self.duel = duel
        self.next_attack = next_attack  # in an `attacks` game, the listed attack the host declares next
        self.history: list[int] = history if history is not None else []
        self.decisions = len(self.history)
        self._previous = previous  # returns() before the last action, for rewards()
        # The cards the rules have shown to both players, a bit each (`engine.observation.reveal`)
        self.revealed = observing.reveal(duel.state, 0) if revealed is None else revealed
        self.movers = movers  # bit k: the player who took decision k (`seen`)

    # -- whose turn, what may be done ----------------------------------------------------------
    def is_terminal(self) -> bool:
        return stopped(self.duel.state) or self.decisions >= self._limit  # (`Duel.is_stopped`)

    def is_truncated(self) -> bool:
        """Stopped by `max_game_length()` rather than by the end of the Damage Step or Duel."""
        return not self.duel.is_stopped and self.decisions >= self._limit

    def current_player(self) -> int:
        if self.is_terminal():
            return TERMINAL
        pending = self.duel.state.pending
        assert pending is not None  # a live game is always paused at a decision
        return CHANCE if pending.kind is DecisionKind.CHANCE else int(pending.player)

    def is_chance_node(self) -> bool:
        """A coin, a die or a random pick is pending (§U.16): OpenSpiel's chance node."""
        pending = self.duel.state.pending
        return not self.is_terminal() and pending is not None and pending.kind is DecisionKind.CHANCE

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each outcome of the pending chance decision, equally likely (empty at a player's decision)."""
        if not self.is_chance_node():
            return []
        ids = self.legal_actions()
        return [(a, 1.0 / len(ids)) for a in ids]

    def legal_actions(self, player: SupportsIndex | None = None) -> list[int]:
        """Sorted ids of the legal answers (empty for a player who is not to move)."""
        if self.is_terminal() or (player is not None and player != self.current_player()):
            return []
        table = self._table
        ids = [table.legal_id(o) for o in self.decision().options]
        ids.sort()
        return ids

    def decision(self) -> Decision:
        """The pending decision as the game offers it: in an `attacks` game, the host declares the attacks, so an
        attack declaration at the turn player's priority in the Battle Step is not the players' (that priority
        comes when the first listed attack, declared from Main Phase 1, could no longer be made once the Start Step
        was played; the host declares the next listed one there, and it reaches the players only when none is
        left: passing then ends the Battle Phase); a replay's choice stays theirs."""
        d = self.duel.state.pending
        if d is None:
            raise IllegalChoice("the game is over: no decision is pending")
        if self._listed and d.kind is DecisionKind.PRIORITY and d.window is Window.BATTLE_STEP:
            return Decision(d.player, d.kind, d.window, tuple(o for o in d.options if o.effect != ATTACK), d.cards)
        return d

    def legal_actions_mask(self, player: SupportsIndex | None = None) -> list[int]:
        mask = [0] * self.game.actions.size
        for a in self.legal_actions(player):
            mask[a] = 1
        return mask

    def action_to_string(self, player_or_action: SupportsIndex, action: SupportsIndex | None = None) -> str:
        """OpenSpiel's ``(player, action)`` form, or just ``(action)``. In the "hidden" view, cards are named as
        `player` (by default the player to move) knows them now: another is "card i"."""
        a = player_or_action if action is None else action
        option = self.game.actions.decode(a)
        if self.game.view == "open_hand":
            return self.game.describe(option)
        me = Player(self._viewer(None if action is None else player_or_action))
        known = observing.known_cards(self.duel.state, me, self.revealed, "hidden")
        return observing.describe(option, [c.name for c in self.duel.state.cards], known)

    def string_to_action(self, text: str) -> int:
        for a in self.legal_actions():
            if self.action_to_string(a) == text:
                return a
        raise IllegalChoice(f"no legal action is {text!r}")

    def option(self, action: SupportsIndex) -> Option:
        """The engine's answer that `action` stands for."""
        return self.game.actions.decode(action)

    # -- playing -------------------------------------------------------------------------------
    def apply_action(self, action: SupportsIndex) -> None:
        """Answer the pending decision with `action` and run to the next decision. An illegal id
        raises IllegalChoice naming the action and why, and leaves this state as it was; so does anything that
        raises while the answer is applied or the game played on (a host's effect: `EffectError`; a listener;
        the loop guard: `LoopError`): the answer and the play on are one call, all of it or nothing."""
        option = self._table.decode(action)
        if self.is_terminal():
            raise IllegalChoice(f"action {action} ({self.game.describe(option)}): the game is over")
        previous = self._returns()
        pending = self.duel.state.pending
        mover = int(pending.player) if pending is not None else 0  # (a chance outcome: for its effect's controller)
        if self._listed and option.effect == ATTACK and option not in self.decision().options:
            raise IllegalChoice(f"action {action} ({self.game.describe(option)}) is illegal: the host declares the "
                                "listed attacks in this game")  # fmt: skip
        duel = self.duel
        snap = duel._snapshot()  # the answer and the play on are one call: all of it, or nothing (issue 39)
        try:
            try:
                duel._decide(option)  # refuses an illegal answer before changing anything
            except IllegalChoice as e:
                raise IllegalChoice(f"action {action} ({self.game.describe(option)}) is illegal: {e}") from None
            next_attack = play_on(duel, self._listed, self.next_attack)
        except BaseException:
            duel._put_back(snap)
            raise
        self._previous = previous
        self.next_attack = next_attack
        self.revealed = observing.reveal(self.duel.state, self.revealed)
        self.movers |= mover << self.decisions
        self.history.append(operator.index(action))  # (decode refused anything else)
        self.decisions += 1

    def play_chance(self) -> None:
        """Answer every chance decision pending (§U.16: a coin, a die, a random pick) from the duel's own seeded
        source, as `Duel.run` does (for wrappers with no chance player: PettingZoo, Gymnasium)."""
        while self.is_chance_node():
            self.apply_action(self._table.legal_id(chance_answer(self.duel.state, self.decision())))

    def child(self, action: SupportsIndex) -> BattleState:
        new = self.clone()
        new.apply_action(action)
        return new

    def clone(self) -> BattleState:
        """A copy: the duel's (`Duel.clone`: nothing mutable shared) and the history's; the rest are values. Field by
        field rather than through __init__, which would read the game's fields again (compiled, by name)."""
        game = self.game
        duel = self.duel.clone()
        new = BattleState.__new__(BattleState, game, duel)
        new.game = game
        new._table = self._table
        new._listed = self._listed
        new._limit = self._limit
        new.duel = duel
        new.next_attack = self.next_attack
        new.history = self.history.copy()
        new.decisions = self.decisions
        new._previous = self._previous
        new.revealed = self.revealed
        new.movers = self.movers
        return new

    def __deepcopy__(self, memo: dict[int, Any]) -> BattleState:
        return self.clone()

    def __reduce__(self) -> tuple[type[BattleState], tuple[Any, ...]]:
        """Pickles as a call of the class with its fields (compiled, a native class is not made without them)."""
        return (BattleState, (self.game, self.duel, self.history, self._previous, self.next_attack, self.revealed,
                             self.movers))

    def __copy__(self) -> BattleState:
        return self.clone()

    # -- outcome -------------------------------------------------------------------------------
    def _returns(self) -> tuple[float, float]:
        s = self.duel.state
        if s.draw:
            return (0.0, 0.0)
        if s.winner is not None:
            return (1.0, -1.0) if s.winner is Player.A else (-1.0, 1.0)
        a = self.lp_swing()
        if self.game.reward == "lp_and_cards":
            a += CARD_VALUE * self.card_swing()
        v = max(-1.0, min(1.0, a / self.game.lp_scale))
        return (v, -v) if v else (0.0, 0.0)  # (never -0.0)

    def lp_swing(self) -> int:
        """Player A's LP change minus player B's since the start of the game, in LP."""
        s = self.duel.state
        da = s.players[0].lp - self.game.start_lp[0]
        db = s.players[1].lp - self.game.start_lp[1]
        return da - db

    def card_swing(self) -> int:
        """Player A's change in cards in hand and on the field minus player B's, since the start of the game."""
        a, b = cards_in_play(self.duel.state)
        return (a - self.game.start_cards[0]) - (b - self.game.start_cards[1])

    def returns(self) -> list[float]:
        return list(self._returns())

    def player_return(self, player: SupportsIndex) -> float:
        return self._returns()[self._viewer(player)]

    def rewards(self) -> list[float]:
        now = self._returns()
        return [now[0] - self._previous[0], now[1] - self._previous[1]]

    # -- what players see ----------------------------------------------------------------------
    def observation(self, player: SupportsIndex | None = None) -> list[float]:
        """`engine.observation`'s tensor from `player`'s side (the player to move, or A once the game is over, by
        default), in the game's view."""
        me = Player(self._viewer(player))
        g = self.game
        left = (len(g.listed) - self.next_attack) / len(g.listed) if g.listed else 0.0
        d = None if self.is_terminal() else self.decision()
        return observing.observe(self.duel.ctx, me, self.revealed, g.view, g.lp_scale, d, left, len(g.names))

    def observation_tensor(self, player: SupportsIndex | None = None) -> list[float]:
        return self.observation(player)

    def seen(self) -> list[tuple[Player, Option]]:
        """Every decision taken so far, by whom: what both players saw done (the information state's history)."""
        table, movers = self._table, self.movers
        return [(Player(movers >> k & 1), table.decode(a)) for k, a in enumerate(self.history)]

    def information_state_tensor(self, player: SupportsIndex | None = None) -> list[float]:
        """The observation, then what `player` has seen done (`engine.observation.information_tensor`)."""
        me = Player(self._viewer(player))
        return observing.information_tensor(self.observation(me), len(self.game.names), self.seen(), me)

    def _viewer(self, player: SupportsIndex | None) -> int:
        if player is None:
            p = self.current_player()
            return 0 if p < 0 else p  # (over, or a chance node: A's side)
        if player not in (0, 1):
            raise ValueError(f"player must be 0 or 1, got {player!r}")
        return operator.index(player)

    def __str__(self) -> str:
        s = self.duel.state
        g = self.game
        w = s.window
        lines = [
            f"phase {s.phase.value}" + (f", window {w.window.value} (chain {len(w.chain)})" if w is not None else ""),
            f"LP A {s.players[0].lp}  B {s.players[1].lp}",
        ]
        for i, c in enumerate(s.cards):
            where = c.location.value + (f" {c.position.value}" if c.position is not None else "")
            where += " face-down" if c.face_down and c.location is Location.SPELL_TRAP_ZONE else ""
            stats = ""
            if c.is_monster:
                atk, def_ = current_stats(self.duel.ctx, i) if c.location is Location.MONSTER_ZONE else (
                    c.base_atk, c.base_def)  # fmt: skip
                stats = f" {atk}/{def_}"
            lines.append(f"  {g.names[i]} ({c.controller.name}): {where}{stats}")
        if self.is_terminal():
            lines.append(f"over: {self._outcome()}")
        elif s.pending is not None:
            d = s.pending
            lines.append(f"{d.player.name} to decide ({d.kind.value}):")
            lines += [f"  {self.game.actions.encode(o)}: {g.describe(o)}" for o in d.options]
        return "\n".join(lines)

    def observation_string(self, player: SupportsIndex | None = None) -> str:
        """`engine.observation`'s text view from `player`'s side, in the game's view."""
        me = Player(self._viewer(player))
        d = None if self.is_terminal() else self.decision()
        ids = [self._table.legal_id(o) for o in d.options] if d is not None else []
        return observing.observation_text(self.duel.ctx, me, self.revealed, self.game.view, d, ids,
                                          self._outcome() if self.is_terminal() else None)  # fmt: skip

    def information_state_string(self, player: SupportsIndex | None = None) -> str:
        """What `player` has seen done, decision by decision (card indexes only), then what they see now: all they
        know (perfect recall). In the "open_hand" view, the history of action ids (from a fixed start, with no
        chance, it determines the state), as OpenSpiel writes one."""
        me = Player(self._viewer(player))
        if self.game.view == "open_hand":
            return ", ".join(map(str, self.history))
        seen = "; ".join(observing.seen_text(p, o) for p, o in self.seen())
        return f"seen: {seen}\n{self.observation_string(me)}"

    def _outcome(self) -> str:
        s = self.duel.state
        outcome = "draw" if s.draw else (f"{s.winner.name} won the Duel" if s.winner is not None else "step over")
        return outcome + (" (truncated)" if self.is_truncated() else "")

    def state_hash(self) -> str:
        """The game state's fingerprint; in an `attacks` game with the listed attack the host declares next (two
        positions at different places of the list are different positions)."""
        h = self.duel.state.state_hash()
        return f"{h}:{self.next_attack}" if self.game.listed else h

