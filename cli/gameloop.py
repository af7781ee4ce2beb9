"""The game loop: one game between searchers, seat by seat, recorded move by move;
and the seat specs turned into the searchers that play it. `selfplay`, `match`,
`tournament` (through cli/series.py) and bench scripts all play through it.

Chance comes from the game's seed (cli/newgame.py), and each decision gets a search
seed drawn from a second stream of the same seed, so a game is reproducible when
every seat has an iteration budget. A searcher that raises or proposes an illegal
action forfeits the game (the match goes on); a game that does not end within
`max_actions` is recorded with an error.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable, Optional

from cli.defaults import MAX_ACTIONS
from cli.newgame import seed_streams
from cli.notation import SearcherAnswerError, check_turn
from cli.specs import OptionError, SeatSpec
from engine.game import deal_setup, sample_chance
from search.base import Budget, SearchError, decide

CHANCE_SEAT = "chance"


@dataclass
class Move:
    """One entry of a game record: a seat's whole decision (with the time it took)
    or one chance outcome, in the game's notation."""

    seat: int | str  # a seat number, or CHANCE_SEAT
    actions: list[str]
    ms: Optional[float] = None  # the decision's wall time

    def to_json(self) -> dict:
        data = {"seat": self.seat, "actions": self.actions}
        if self.ms is not None:
            data["ms"] = self.ms
        return data


@dataclass
class Forfeit:
    """A seat that lost the game by a fault, and why."""

    seat: int
    reason: str


@dataclass
class GameRecord:
    """A finished game: its seed, the setup deal, every move, the game's own scores
    and the returns (shares of the win). `forfeit` is set when a seat lost by a
    fault; `error` when the game has no result (returns is then empty)."""

    seed: int
    setup: list[str] = field(default_factory=list)
    moves: list[Move] = field(default_factory=list)
    scores: list = field(default_factory=list)
    returns: list[float] = field(default_factory=list)
    forfeit: Optional[Forfeit] = None
    error: Optional[str] = None

    @property
    def actions(self) -> int:
        return sum(len(move.actions) for move in self.moves)

    def to_json(self) -> dict:
        return {
            "seed": self.seed,
            "setup": self.setup,
            "moves": [move.to_json() for move in self.moves],
            "scores": self.scores,
            "returns": self.returns,
        }


def forfeit_returns(players: int, seat: int) -> list[float]:
    """Returns when `seat` forfeits: nothing for it, the others share the win."""
    share = 1.0 / (players - 1)
    return [0.0 if s == seat else share for s in range(players)]


def seat_specs_for(players: int, seats: list[SeatSpec], flag: str = "--seat") -> list[SeatSpec]:
    """One SeatSpec for every seat: a single spec is used by all of them. `flag` is the
    option the specs came from, for the error message."""
    if len(seats) == 1:
        return seats * players
    if len(seats) != players:
        raise OptionError(f"give one {flag} for all seats or exactly {players}, got {len(seats)}")
    return list(seats)


def check_searchers(registry, game, specs: list[SeatSpec]) -> None:
    """SearchError unless every spec names a searcher that can play `game`."""
    for spec in specs:
        if spec.level is not None:
            registry.default_searcher(game)  # a level plays the game's default searcher
            continue
        if not registry.searcher(spec.searcher).can_play(game):
            raise SearchError(f"searcher {spec.searcher} cannot play {game.name}")


def build_searcher(registry, game, spec: SeatSpec):
    """The searcher `spec` names, with its options over those the game suggests;
    SearchError if it cannot play `game` or an option value is bad. A level seat plays
    the game's default searcher at that level (cli/levels/ladder.py)."""
    if spec.level is not None:
        from cli.levels.ladder import searcher_for

        return searcher_for(registry, game, spec.level)
    return registry.searcher(spec.searcher).create_for(game, **spec.options)


def build_searchers(registry, game, specs: list[SeatSpec]) -> list:
    """A fresh searcher for every spec (fresh, so that no game depends on the last)."""
    return [build_searcher(registry, game, spec) for spec in specs]


def play_game(
    game,
    players: int,
    variant: str,
    seed: int,
    searchers: list,
    budgets: list[Budget],
    max_actions: int = MAX_ACTIONS,
    on_turn: Optional[Callable] = None,
    on_move: Optional[Callable[[Move], None]] = None,
) -> GameRecord:
    """Play one game of `game` from `seed` to its end, seat i played by searchers[i]
    with budgets[i]. `on_turn(state, record)` is called before each decision (the seat
    to move is state.current_player(); `record` holds the moves so far), `on_move(move)`
    after each move. A seat whose searcher raises or proposes an illegal action
    forfeits."""
    state = game.new_state(players, variant, seed, resolve_setup=False)
    record = GameRecord(seed=seed)
    deal_setup(state, seed, record.setup)
    dice, search_seeds = seed_streams(seed)
    actions = 0
    while not state.is_terminal():
        if actions >= max_actions:
            record.scores = state.scores()
            record.error = f"the game did not end within {max_actions} actions"
            return record
        if state.is_chance_node():
            outcome = sample_chance(state, dice)
            move = Move(CHANCE_SEAT, [state.action_to_str(outcome)])
            state.apply(outcome)
            actions += 1
        else:
            seat = state.current_player()
            if on_turn is not None:
                on_turn(state, record)
            start = time.perf_counter()
            try:
                decision = decide(
                    searchers[seat], game, state.clone(), budgets[seat], search_seeds.next_u64()
                )
                texts = check_turn(state, decision.actions, f"seat {seat}")
            except SearcherAnswerError as exc:
                return _forfeited(record, state, seat, str(exc))
            except Exception as exc:  # any fault of the searcher loses it the game
                return _forfeited(record, state, seat, f"raised {type(exc).__name__}: {exc}")
            ms = round((time.perf_counter() - start) * 1000, 1)
            for action in decision.actions:
                state.apply(action)
            actions += len(decision.actions)
            move = Move(seat, texts, ms)
        record.moves.append(move)
        if on_move is not None:
            on_move(move)
    record.scores = state.scores()
    record.returns = state.returns()
    return record


def _forfeited(record: GameRecord, state, seat: int, reason: str) -> GameRecord:
    record.scores = state.scores()
    record.returns = forfeit_returns(state.num_players, seat)
    record.forfeit = Forfeit(seat, reason)
    return record
