"""OpenSpiel's Python game "python_damage_step": one battle (`engine.search`) for OpenSpiel's
algorithms. Needs the ``spiel`` extra (``pip install -e '.[spiel]'``, the `open_spiel` package).

    import pyspiel
    import engine.openspiel  # registers the game
    game = pyspiel.load_game("python_damage_step", {"scenario": "examples/piercing_flip.json"})

Parameter ``scenario``: a scenario file (its first scenario), or "" for the built-in example
(`engine.demo`). The game type, as OpenSpiel's checks read it:

* sequential, deterministic (the engine holds no randomness: no chance nodes);
* perfect information: the state hides nothing (face-down cards included) from either player,
  the open-hand model of `engine.search`; so the observation is the whole state, and the
  information state string is the action history (which, from a fixed start, determines it);
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

from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.observation import IIGObserverForPublicInfoGame

from engine.search import BattleGame, BattleState

SHORT_NAME = "python_damage_step"

_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Python Yu-Gi-Oh! Damage Step",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
    information=pyspiel.GameType.Information.PERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"scenario": "", "reward": "lp_swing"},
)


class DamageStepGame(pyspiel.Game):
    """The game of one scenario file. Its `battle` is the `engine.search.BattleGame`."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        battle = BattleGame(str(params.get("scenario", "")), reward=str(params.get("reward", "lp_swing")))
        info = pyspiel.GameInfo(
            num_distinct_actions=battle.num_distinct_actions(),
            max_chance_outcomes=0,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=battle.max_game_length(),
        )
        super().__init__(_GAME_TYPE, info, params)
        self.battle = battle

    def new_initial_state(self) -> DamageStepState:
        return DamageStepState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
        """The observation (the whole state); OpenSpiel's own observer for the perfect-recall
        information state of a perfect-information game (the action history)."""
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return BattleObserver(self.battle)
        return IIGObserverForPublicInfoGame(iig_obs_type, params)


class DamageStepState(pyspiel.State):
    """Delegates to an `engine.search.BattleState` (`inner`, its only attribute, so that
    OpenSpiel's clone deep-copies exactly it, through `BattleState.__deepcopy__`)."""

    def __init__(self, game: DamageStepGame) -> None:
        super().__init__(game)
        self.inner: BattleState = game.battle.new_initial_state()

    def current_player(self) -> int:
        p = self.inner.current_player()
        return int(pyspiel.PlayerId.TERMINAL) if p < 0 else p

    def _legal_actions(self, player: int) -> list[int]:
        return self.inner.legal_actions(player)

    def _apply_action(self, action: int) -> None:
        self.inner.apply_action(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self.inner.action_to_string(player, action)

    def is_terminal(self) -> bool:
        return self.inner.is_terminal()

    def returns(self) -> list[float]:
        return self.inner.returns() if self.inner.is_terminal() else [0.0, 0.0]

    def rewards(self) -> list[float]:
        return self.returns()

    def __str__(self) -> str:
        return str(self.inner)


class BattleObserver:
    """OpenSpiel's PyObserver: `tensor` is `BattleState.observation(player)` (layout in the
    `engine.search` docstring), `dict` the same under "observation"."""

    def __init__(self, battle: BattleGame) -> None:
        self.tensor: Any = np.zeros(battle.observation_size(), np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: DamageStepState, player: int) -> None:
        self.tensor[:] = state.inner.observation(player)

    def string_from(self, state: DamageStepState, player: int) -> str:
        return state.inner.observation_string(player)


pyspiel.register_game(_GAME_TYPE, DamageStepGame)
