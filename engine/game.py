"""GameSpec: the one record that declares a game's facts and builds its states.

Searchers and front-ends read the facts (players, chance, hidden information) from
here and refuse what they cannot handle; the plugin system registers GameSpecs.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Optional, Union

from engine.errors import GameConfigError, StateFormatError
from engine.rng import Rng
from engine.validate import is_int, require_observation_of


@dataclass(frozen=True)
class GameSpec:
    """What a game is, and how to make its states.

    `state_class` is a compiled State subclass (engine/state.pyx declares its whole
    API, new_initial and the front-end hooks included). `reference` is an optional
    pure-Python twin with the same API, for tests: a class, or "module:Class" so it is
    imported only when `reference_class()` is first asked for it (starting the engine
    never loads the slow twins).
    """

    name: str
    state_class: type
    min_players: int
    max_players: int
    description: str = ""
    variants: tuple[str, ...] = ("standard",)  # the first is the default
    default_players: Optional[int] = None
    chance: bool = False
    hidden_information: bool = False
    reference: Union[type, str, None] = None
    # Accepts variant names beyond the listed ones (e.g. pig's "target37").
    variant_parser: Optional[Callable[[str], Any]] = field(default=None, compare=False)
    # Searcher options that suit this game better than the searchers' own defaults,
    # by searcher name (e.g. {"mcts": {"rollout_depth": 4}}); options a user gives
    # still win (SearcherSpec.create_for).
    searcher_options: Mapping[str, Mapping[str, Any]] = field(default_factory=dict, compare=False)
    # The heuristic's name where more than the code decides it (fitted weights, by
    # version), e.g. "learned value 1"; a stored ladder of levels records it with the
    # searcher, so one played with another evaluation says it is out of date.
    evaluation: str = ""
    # For a person: the rules in a few lines and a legend of the notation (words.py).
    rules: str = ""
    notation: str = ""
    # One line for each listed variant: what it changes (`cadenza games` prints them).
    variant_descriptions: Mapping[str, str] = field(default_factory=dict, compare=False)
    # The web board (cli/serve): "module:function" drawing one seat's observation as
    # SVG elements, imported only when `board_drawer()` is first asked for it; None
    # means the generic drawing.
    board_svg: Optional[str] = None

    @property
    def default_variant(self) -> str:
        return self.variants[0]

    @property
    def players_default(self) -> int:
        return self.default_players or self.min_players

    def reference_class(self) -> Optional[type]:
        """The reference twin's class, imported on first use when named by path."""
        if isinstance(self.reference, str):
            module, _, name = self.reference.partition(":")
            return getattr(importlib.import_module(module), name)
        return self.reference

    def board_drawer(self) -> Optional[Callable]:
        """The web board's drawing function, imported on first use, or None."""
        if self.board_svg is None:
            return None
        module, _, name = self.board_svg.partition(":")
        return getattr(importlib.import_module(module), name)

    def check_config(self, players: Optional[int], variant: Optional[str]) -> tuple[int, str]:
        """The (players, variant) to use, or GameConfigError with what is allowed."""
        n = self.players_default if players is None else players
        if not is_int(n) or not self.min_players <= n <= self.max_players:
            raise GameConfigError(
                f"{self.name} takes {self.min_players}-{self.max_players} players, got {players!r}"
            )
        v = self.default_variant if variant is None else variant
        if v not in self.variants:
            if self.variant_parser is None:
                raise GameConfigError(
                    f"{self.name} has no variant {v!r} (variants: {', '.join(self.variants)})"
                )
            try:
                self.variant_parser(v)
            except ValueError as exc:
                raise GameConfigError(f"{self.name}: bad variant {v!r}: {exc}") from None
        return n, v

    def new_state(
        self,
        players: Optional[int] = None,
        variant: Optional[str] = None,
        seed: Optional[int] = None,
        resolve_setup: bool = True,
    ):
        """A new game. With `resolve_setup`, the setup's chance nodes (a deal) are
        sampled from `Rng(seed)`, so the first player is to move."""
        n, v = self.check_config(players, variant)
        state = self.state_class.new_initial(n, v)
        if resolve_setup:
            deal_setup(state, seed)
        return state

    def from_json(self, text: str):
        """A state of this game from its JSON; StateFormatError on anything else."""
        return self.state_class.from_json(text)

    def from_dict(self, data: Any):
        return self.state_class.from_dict_checked(data)

    def from_observation(self, observation: Any, rng: Rng):
        """A full state consistent with `observation`; StateFormatError if it is not
        an observation of this game."""
        require_observation_of(observation, self.name)
        try:
            return self.state_class.from_observation(observation, rng)
        except StateFormatError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, OverflowError) as exc:
            raise StateFormatError(f"invalid {self.name} observation: {exc!r}") from None


def deal_setup(state, seed: Optional[int], notation: Optional[list] = None) -> None:
    """Resolve the setup chance nodes of `state` (a deal) with `Rng(seed)`, in place,
    as new_state does; each outcome's notation is appended to `notation` if given
    (game records keep the deal)."""
    rng = Rng(seed)
    while state.is_setup():
        outcome = sample_chance(state, rng)
        if notation is not None:
            notation.append(state.action_to_str(outcome))
        state.apply(outcome)


def sample_chance(state, rng: Rng) -> int:
    """An outcome of the chance node `state`, drawn by its probabilities."""
    return draw_weighted(state.chance_outcomes(), rng)


def random_action(state, rng: Rng) -> int:
    """One step of a random playthrough of `state`: a chance outcome drawn by its
    probability, or a legal action drawn uniformly."""
    if state.is_chance_node():
        return sample_chance(state, rng)
    return rng.choice(state.legal_actions())


def play_randomly(state, rng: Rng, steps: int) -> int:
    """Apply up to `steps` random actions (random_action) to `state` in place,
    stopping at the end of the game; how many were applied."""
    for step in range(steps):
        if state.is_terminal():
            return step
        state.apply(random_action(state, rng))
    return steps


def draw_weighted(pairs, rng: Rng) -> int:
    """The action of one of `pairs` ((action, probability), probabilities summing to
    1) drawn by its probability; the last if rounding leaves the draw beyond them."""
    u = rng.random()
    for action, p in pairs[:-1]:
        u -= p
        if u < 0:
            return action
    return pairs[-1][0]
