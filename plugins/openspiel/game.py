"""Any Cadenza game as an OpenSpiel Python game (`cadenza_<name>`).

`register(spec)` registers a GameSpec with pyspiel; `openspiel_game(spec, players,
variant)` loads it; `wrap(game, state)` makes an OpenSpiel state of a Cadenza
position (its history starts there). The game's facts come from the GameSpec:
explicit chance where the game has chance nodes, imperfect information where it
hides things, returns in [0, 1] that always sum to 1 (constant-sum).

What the bridge adds to the Cadenza contract:
- `returns()` is zeros before the end (Cadenza's raises there);
- the information state. A Cadenza observation carries no history, so a seat's
  information-state string is its observation where the history starts followed by
  each step as the seat saw it: its own moves (every move and outcome in a
  perfect-information game) by id, the others' by who made them, and, where the
  game hides things, what the seat could see after each step. The strings are keys
  for the bots, not text for a person: an observation enters as the seat's 64-bit
  `infoset_key` (the compiled hash of `observation(seat)`), and `str(state)` is
  the hash of the whole state (`state.cadenza.render()` draws it);
- `resample_from_infostate` through the compiled `determinize`.

Hot paths stay cheap: a clone copies the compiled state and shares the (immutable)
record of steps; a step keeps a copy of the state after it only in a hidden-
information game, and the seats' strings are built only when a bot asks for them.
"""

from __future__ import annotations

import numpy as np
import pyspiel

from engine.errors import GameConfigError
from engine.rng import Rng
from engine.state import CHANCE_PLAYER, TERMINAL_PLAYER

PREFIX = "cadenza_"
# An upper bound on the actions (moves and outcomes) of a game, which OpenSpiel's
# GameInfo needs. Cadenza's games state none; random play ends every one of them
# within a few hundred actions, and `cadenza match` gives up at 100,000.
MAX_GAME_LENGTH = 10_000
_SEED_RANGE = 2**53  # a sampler's float in [0, 1) becomes a determinization seed


def short_name(spec) -> str:
    return PREFIX + spec.name


def game_type(spec) -> pyspiel.GameType:
    """The OpenSpiel facts of a Cadenza game, read off its GameSpec."""
    kind = pyspiel.GameType
    return kind(
        short_name=short_name(spec),
        long_name=f"Cadenza {spec.name}",
        dynamics=kind.Dynamics.SEQUENTIAL,
        chance_mode=(
            kind.ChanceMode.EXPLICIT_STOCHASTIC if spec.chance else kind.ChanceMode.DETERMINISTIC
        ),
        information=(
            kind.Information.IMPERFECT_INFORMATION
            if spec.hidden_information
            else kind.Information.PERFECT_INFORMATION
        ),
        utility=kind.Utility.CONSTANT_SUM,
        reward_model=kind.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification={"players": spec.players_default, "variant": spec.default_variant},
    )


def register(spec) -> None:
    """Register `spec` with pyspiel as `cadenza_<name>` (once a process)."""
    name = short_name(spec)
    if name in pyspiel.registered_names():
        return
    game_class = type(f"Cadenza_{spec.name}_Game", (CadenzaGame,), {"spec": spec})
    pyspiel.register_game(game_type(spec), game_class)


def openspiel_game(spec, players: int | None = None, variant: str | None = None):
    """The registered OpenSpiel game of `spec` for these players and variant
    (GameConfigError, one line, for a count or variant the game does not have)."""
    players, variant = spec.check_config(players, variant)
    register(spec)
    return pyspiel.load_game(short_name(spec), {"players": players, "variant": variant})


def wrap(game, state) -> CadenzaOpenSpielState:
    """An OpenSpiel state of `game` at the Cadenza position `state` (not copied):
    its history, and so its information states, start there."""
    return CadenzaOpenSpielState(game, state)


class CadenzaGame(pyspiel.Game):
    """A Cadenza game through OpenSpiel's Game interface; `spec` is set per game."""

    spec = None

    def __init__(self, params=None):
        params = dict(params or {})
        try:
            players, variant = self.spec.check_config(params.get("players"), params.get("variant"))
        except GameConfigError as exc:
            raise ValueError(str(exc)) from None
        self.players, self.variant = players, variant
        self.hidden = self.spec.hidden_information
        # Every new game starts as a copy of this one (building a start can take a
        # millisecond; OpenSpiel's checks ask for one at every step).
        self.start = self.spec.new_state(players, variant, resolve_setup=False)
        actions = self.start.num_actions
        info = pyspiel.GameInfo(
            num_distinct_actions=actions,
            max_chance_outcomes=actions,  # outcomes share the id space with moves
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(game_type(self.spec), info, {"players": players, "variant": variant})

    def new_initial_state(self):
        return CadenzaOpenSpielState(self, self.start.clone())

    def make_py_observer(self, iig_obs_type=None, params=None):
        if params:
            raise ValueError(f"the Cadenza bridge takes no observation parameters, got {params}")
        perfect_recall = bool(iig_obs_type and iig_obs_type.perfect_recall)
        return StringObserver(perfect_recall)


class StringObserver:
    """OpenSpiel's observer interface over the states' strings (no tensors)."""

    def __init__(self, perfect_recall: bool):
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(0, np.float32)
        self.dict = {}

    def set_from(self, state, player):
        pass

    def string_from(self, state, player):
        if self.perfect_recall:
            return state.information_state_string(player)
        return state.observation_string(player)


def _player_id(player: int) -> int:
    if player == TERMINAL_PLAYER:
        return pyspiel.PlayerId.TERMINAL
    return player  # CHANCE is -1 in both


class Steps:
    """The steps from where a state's history starts, as each seat saw them: one
    link a step, shared by every clone (a deep copy is the link itself)."""

    __slots__ = ("parent", "actor", "action", "after", "texts")

    def __init__(self, parent, actor, action, after, texts):
        self.parent = parent
        self.actor = actor  # the seat that moved, or CHANCE_PLAYER
        self.action = action
        self.after = after  # the state after the step (hidden-information games), else None
        self.texts = texts  # each seat's string up to here, once built

    def __deepcopy__(self, memo):
        return self

    @classmethod
    def start(cls, state, hidden: bool) -> Steps:
        """Where a history starts: each seat's observation of `state` there, read when
        first asked for from a copy (hidden information: reading a key can cost
        microseconds), else at once (a key is a hash of the whole state)."""
        if hidden:
            return cls(None, None, None, state.clone(), [None] * state.num_players)
        return cls(
            None, None, None, None, [_start_text(state, s) for s in range(state.num_players)]
        )

    def piece(self, seat: int) -> str:
        if self.parent is None:
            return _start_text(self.after, seat)
        actor = "c" if self.actor == CHANCE_PLAYER else self.actor
        if self.after is None:  # perfect information: the seat sees every step
            return f" {actor}:{self.action}"
        seen = self.action if self.actor == seat else ""
        return f" {actor}:{seen}/{self.after.infoset_key(seat):x}"

    def text(self, seat: int) -> str:
        """The seat's string up to this step, built once (from the nearest link
        that has it)."""
        if self.texts[seat] is not None:
            return self.texts[seat]
        chain = []
        link = self
        while link is not None and link.texts[seat] is None:
            chain.append(link)
            link = link.parent
        text = "" if link is None else link.texts[seat]
        for link in reversed(chain):
            text += link.piece(seat)
            link.texts[seat] = text
        return text


def _start_text(state, seat: int) -> str:
    return f"p{seat} {state.infoset_key(seat):016x}"


class CadenzaOpenSpielState(pyspiel.State):
    """A Cadenza state through OpenSpiel's State interface. OpenSpiel clones by deep-
    copying the attributes: the compiled state copies itself, Steps is shared."""

    def __init__(self, game, state, steps=None):
        super().__init__(game)
        self.cadenza = state
        self._hidden = game.hidden
        self._steps = steps or Steps.start(state, game.hidden)

    # The calls a bot makes most, answered in Python without a round trip through C++.
    def current_player(self):
        return _player_id(self.cadenza.current_player())

    def is_terminal(self):
        return self.cadenza.is_terminal()

    def is_chance_node(self):
        return self.cadenza.is_chance_node()

    def legal_actions(self, player=None):
        if player is not None and player != self.cadenza.current_player():
            return []
        return self.cadenza.legal_actions()

    def _legal_actions(self, player):
        return self.legal_actions(player)

    def chance_outcomes(self):
        return self.cadenza.chance_outcomes()

    def _apply_action(self, action):
        actor = self.cadenza.current_player()
        self.cadenza.apply(int(action))
        after = self.cadenza.clone() if self._hidden else None
        self._steps = Steps(self._steps, actor, int(action), after, [None] * len(self._steps.texts))

    def _action_to_string(self, player, action):
        return self.cadenza.action_to_str(int(action))

    def returns(self):
        if not self.cadenza.is_terminal():
            return [0.0] * self.cadenza.num_players
        return self.cadenza.returns()

    def information_state_string(self, player=None):
        return self._steps.text(self._seat(player))

    def observation_string(self, player=None):
        seat = self._seat(player)
        return _start_text(self.cadenza, seat)

    def resample_from_infostate(self, player_id, probability_sampler):
        """A state `player_id` cannot tell from this one: the hidden parts redrawn by
        the compiled determinization, seeded from `probability_sampler()`."""
        return self.resample(player_id, Rng(int(probability_sampler() * _SEED_RANGE)))

    def resample(self, seat: int, rng: Rng) -> CadenzaOpenSpielState:
        """resample_from_infostate with Cadenza's Rng. The seat keeps its information
        state; the other seats' histories are unknown in the new world, so theirs
        start there."""
        world = self.cadenza.determinize(seat, rng)
        start = Steps.start(world, self._hidden)
        start.texts[seat] = self._steps.text(seat)
        return CadenzaOpenSpielState(self.get_game(), world, start)

    def _seat(self, player) -> int:
        seat = self.cadenza.current_player() if player is None else int(player)
        if not 0 <= seat < self.cadenza.num_players:
            raise ValueError(f"player must be 0..{self.cadenza.num_players - 1}, got {player!r}")
        return seat

    def __str__(self):
        # OpenSpiel compares and keys states by this string at every step, where the
        # JSON or the drawing (`self.cadenza.render()`) can take milliseconds: the
        # game and the 64-bit hash of the whole state.
        return f"{self.cadenza.game_name} {self.cadenza.hash():016x}"
