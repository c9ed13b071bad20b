"""OpenSpiel's Python game "python_damage_step": one battle (`engine.search`) for OpenSpiel's
algorithms. Needs the ``spiel`` extra (``pip install -e '.[spiel]'``, the `open_spiel` package).

    import pyspiel
    import engine.openspiel  # registers the game
    game = pyspiel.load_game("python_damage_step", {"scenario": "examples/piercing_flip.json"})

Parameters: ``scenario``, a scenario file (its first scenario), a scenario's JSON object as text (``{...}``), or ""
for the built-in example (`engine.demo`);
``reward`` (`engine.search`); ``open_hand`` (False by default); ``effects_per_card`` (-1, the default: each card
its own effects' ids; k: k ids each, `engine.search`); ``every_priority`` (False: a player with nothing to do is
not asked, `engine.search`); ``deals`` (0: the scenario as given; k > 0: the game starts with a chance node that
deals one of k x k deals of the random field ``deal_seed``, `engine.fields.dealt_fields`: each player's hidden cards
drawn in k ways, the cards both see the same, so that a player's information state holds every deal they cannot
tell apart). The game type, as OpenSpiel's checks read it:

* sequential; deterministic (the engine holds no randomness), or with ``deals`` explicit stochastic (the deal);
* imperfect information (the default): each player sees what a player at the table sees (`engine.observation`,
  the "hidden" view: not the opponent's hand nor the face of the opponent's face-down cards). It provides
  `observation_tensor` / `observation_string` (what the player sees now) and `information_state_tensor` /
  `information_state_string` (that, and what they have seen done: the string is perfect-recall, the tensor a
  fixed-size summary, `engine.observation`);
* with ``open_hand=True``, perfect information: the state hides nothing from either player, the open-hand model
  of open-hand searches; the observation is the whole state (the "open_hand" view), and the information state
  string is the action history (which, from a fixed start, determines it), OpenSpiel's own observer;
* zero-sum, utilities in [-1, 1], terminal rewards: `returns()` is 0 until the game is over,
  then `engine.search.BattleState.returns()` (a won or lost Duel +1 / -1, a draw 0, else the
  LP swing scaled; with the game parameter ``reward="lp_and_cards"``, the swing plus a card-advantage
  term). OpenSpiel's MCTS requires terminal rewards, so the dense per-decision rewards of
  `engine.search` are not used here.

Action ids, `num_distinct_actions()` and `max_game_length()` are those of
`engine.search.BattleGame`. Cloning (OpenSpiel deep-copies a Python state's attributes)
is `Duel.clone()`.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.observation import IIGObserverForPublicInfoGame

from engine.fields import MAX_EFFECTS, dealt_fields
from engine.search import BattleGame, BattleState

SHORT_NAME = "python_damage_step"

PARAMETERS: dict[str, Any] = {"scenario": "", "reward": "lp_swing", "open_hand": False, "effects_per_card": -1,
                              "every_priority": False, "deals": 0, "deal_seed": 0}  # fmt: skip


def game_type(open_hand: bool, dealt: bool = False) -> Any:
    """The game type: imperfect information (each player's view), or with `open_hand` perfect information; with a
    chance node that deals (`dealt`), explicit stochastic."""
    return pyspiel.GameType(
        short_name=SHORT_NAME,
        long_name="Python Yu-Gi-Oh! Damage Step" + (" (open hand)" if open_hand else ""),
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC if dealt else
        pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION if open_hand else
        pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=not open_hand,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=PARAMETERS,
    )


_GAME_TYPE = game_type(False)


class DamageStepGame(pyspiel.Game):
    """The game of one scenario file, or of `deals` deals of one random field. Its `battle` is the
    `engine.search.BattleGame` (with deals, the first deal's: they all have its sizes), `dealt` the deals' games."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        open_hand = bool(params.get("open_hand", False))
        per_card = int(params.get("effects_per_card", -1))
        deals = int(params.get("deals", 0))
        kwargs: dict[str, Any] = {"reward": str(params.get("reward", "lp_swing")),
                                  "view": "open_hand" if open_hand else "hidden",
                                  "effects_per_card": None if per_card < 0 else per_card,
                                  "every_priority": bool(params.get("every_priority", False))}  # fmt: skip
        if deals < 0:
            raise ValueError(f"deals must be >= 0, got {deals}")
        self.dealt: list[BattleGame] = []
        if deals:
            if kwargs["effects_per_card"] is None:
                kwargs["effects_per_card"] = MAX_EFFECTS
            self.dealt = [BattleGame(d, **kwargs) for d in dealt_fields(int(params.get("deal_seed", 0)), deals)]
            battle = self.dealt[0]
        else:
            scenario = str(params.get("scenario", ""))
            inline = scenario.lstrip().startswith("{")  # the scenario's JSON object itself, as text
            battle = BattleGame(json.loads(scenario) if inline else scenario, **kwargs)
        chancy = battle.actions.answers  # a card may toss a coin, roll a die or pick at random (§U.16)
        info = pyspiel.GameInfo(
            num_distinct_actions=battle.num_distinct_actions(),
            max_chance_outcomes=max(len(self.dealt), battle.num_distinct_actions() if chancy else 0),
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=battle.max_game_length(),
        )
        super().__init__(game_type(open_hand, bool(deals) or chancy), info, params)
        self.battle = battle

    def new_initial_state(self) -> DamageStepState:
        return DamageStepState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
        """The player's observation; with perfect recall, their information state (`engine.observation`). Open
        hand: the whole state, and OpenSpiel's own observer for the perfect-recall information state of a
        perfect-information game (the action history)."""
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        if self.battle.view == "open_hand":
            if iig_obs_type is None or (iig_obs_type.public_info and not recall):
                return BattleObserver(self.battle)
            return IIGObserverForPublicInfoGame(iig_obs_type, params)
        if iig_obs_type is not None and (
            not iig_obs_type.public_info or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise ValueError(f"only a player's own view is observed (public and own private information), not "
                             f"{iig_obs_type}")  # fmt: skip
        return BattleObserver(self.battle, recall)


class DamageStepState(pyspiel.State):
    """Delegates to an `engine.search.BattleState` (`inner`, its only attribute, so that
    OpenSpiel's clone deep-copies exactly it, through `BattleState.__deepcopy__`); None before the deal, at the
    chance node of a game of deals."""

    def __init__(self, game: DamageStepGame) -> None:
        super().__init__(game)
        self.inner: BattleState | None = None if game.dealt else game.battle.new_initial_state()

    def current_player(self) -> int:
        if self.inner is None or self.inner.is_chance_node():  # the deal, or a coin, a die, a random pick (§U.16)
            return int(pyspiel.PlayerId.CHANCE)
        p = self.inner.current_player()
        return int(pyspiel.PlayerId.TERMINAL) if p < 0 else p

    def is_chance_node(self) -> bool:
        return self.inner is None or self.inner.is_chance_node()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each deal, equally likely; or each outcome of a coin, a die, a random pick."""
        if self.inner is not None:
            return self.inner.chance_outcomes()
        n = len(self.get_game().dealt)
        return [(i, 1.0 / n) for i in range(n)]

    def _legal_actions(self, player: int) -> list[int]:
        if self.is_chance_node():
            return [i for i, _ in self.chance_outcomes()]
        return self.inner.legal_actions(player) if self.inner is not None else []

    def _apply_action(self, action: int) -> None:
        if self.inner is None:
            self.inner = self.get_game().dealt[int(action)].new_initial_state()
            return
        self.inner.apply_action(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if self.inner is None:
            return f"deal {action}"
        if player == pyspiel.PlayerId.CHANCE:
            return f"chance {self.inner.game.describe(self.inner.option(action))}"
        return self.inner.action_to_string(player, action)

    def is_terminal(self) -> bool:
        return self.inner is not None and self.inner.is_terminal()

    def returns(self) -> list[float]:
        return self.inner.returns() if self.inner is not None and self.inner.is_terminal() else [0.0, 0.0]

    def rewards(self) -> list[float]:
        return self.returns()

    def __str__(self) -> str:
        return "the deal is to come" if self.inner is None else str(self.inner)


class BattleObserver:
    """OpenSpiel's PyObserver: `tensor` is `BattleState.observation(player)` (layout in `engine.observation`),
    or with `recall` its `information_state_tensor(player)`; `dict` the same under "observation" (or
    "information_state"); the strings likewise."""

    def __init__(self, battle: BattleGame, recall: bool = False) -> None:
        self.recall = recall
        size = battle.information_state_size() if recall else battle.observation_size()
        self.tensor: Any = np.zeros(size, np.float32)
        self.dict = {"information_state" if recall else "observation": self.tensor}

    def set_from(self, state: DamageStepState, player: int) -> None:
        inner = state.inner
        if inner is None:  # before the deal: nothing seen yet
            self.tensor[:] = 0.0
            return
        self.tensor[:] = inner.information_state_tensor(player) if self.recall else inner.observation(player)

    def string_from(self, state: DamageStepState, player: int) -> str:
        inner = state.inner
        if inner is None:
            return "the deal is to come"
        return inner.information_state_string(player) if self.recall else inner.observation_string(player)


pyspiel.register_game(_GAME_TYPE, DamageStepGame)
