"""Playing one game between searchers: the loop that `selfplay`, `match` and
`tournament` all use, and the `selfplay` command's printing around it.

Chance comes from the game's seed (cli/newgame.py), and each decision gets a search
seed drawn from a second stream of the same seed, so a game is reproducible when
every seat has an iteration budget. A searcher that raises or proposes an illegal
action forfeits the game (the match goes on); a game that does not end is an error.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable, Optional

from engine.errors import CadenzaError
from engine.game import deal_setup, sample_chance
from search.base import Budget, SearchError, decide
from cli.newgame import seed_streams
from cli.notation import SearcherAnswerError, check_turn, format_number
from cli.specs import OptionError, SeatSpec

CHANCE_SEAT = "chance"


class SelfplayError(CadenzaError, RuntimeError):
    """A selfplay game that does not finish."""


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
        return {"seed": self.seed, "setup": self.setup,
                "moves": [move.to_json() for move in self.moves],
                "scores": self.scores, "returns": self.returns}


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
        if not registry.searcher(spec.searcher).can_play(game):
            raise SearchError(f"searcher {spec.searcher} cannot play {game.name}")


def build_searchers(registry, game, specs: list[SeatSpec]) -> list:
    """A fresh searcher for every spec (fresh, so that no game depends on the last)."""
    return [registry.searcher(spec.searcher).create_for(game, **spec.options) for spec in specs]


def play_game(game, players: int, variant: str, seed: int, searchers: list,
              budgets: list[Budget], max_actions: int = 100_000,
              on_turn: Optional[Callable] = None,
              on_move: Optional[Callable[[Move], None]] = None) -> GameRecord:
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
                decision = decide(searchers[seat], game, state.clone(), budgets[seat],
                                  search_seeds.next_u64())
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


@dataclass
class SelfplayResult:
    scores: list
    returns: list[float]
    actions: int
    moves: list[tuple[str, list[str]]] = field(default_factory=list)


def selfplay(registry, game_name: str, players: Optional[int], seats: list[SeatSpec], seed: int,
             variant: Optional[str] = None, max_actions: int = 100_000,
             echo: Callable[[str], None] = print,
             series_target: Optional[float] = None) -> SelfplayResult:
    """Play one game (or, with `series_target`, a series of games whose scores add up
    until a seat reaches the target) to the end, calling `echo` with a line for each
    move and the result. A game, player count, variant or seat list that does not fit
    raises GameConfigError, SearchError or OptionError before the first move; a game
    that does not end raises SelfplayError."""
    from cli.series import play_series
    game = registry.game(game_name)
    players, variant = game.check_config(players, variant)
    specs = seat_specs_for(players, seats)
    check_searchers(registry, game, specs)
    echo(f"game {game.name} players={players} variant={variant} seed={seed}")
    for seat, spec in enumerate(specs):
        echo(f"seat {seat} {spec}")

    def show(move: Move) -> None:
        who = CHANCE_SEAT if move.seat == CHANCE_SEAT else f"seat {move.seat}"
        echo(f"{who}: {' '.join(move.actions)}")

    def game_over(number: int, record: GameRecord, totals: list) -> None:
        if series_target is not None:
            echo(f"game {number + 1} seed={record.seed} scores={_numbers(record.scores)} "
                 f"totals={_numbers(totals)}")

    series = play_series(registry, game, players, variant, seed, specs, series_target,
                         max_actions=max_actions, on_move=show, on_game=game_over)
    if series.error is not None:
        raise SelfplayError(series.error)
    if series.forfeit is not None:
        echo(f"forfeit seat {series.forfeit.seat}: {series.forfeit.reason}")
    echo(f"result scores={_numbers(series.scores)} returns={_numbers(series.returns)}")
    moves = [(CHANCE_SEAT if m.seat == CHANCE_SEAT else f"seat {m.seat}", m.actions)
             for record in series.games for m in record.moves]
    return SelfplayResult(scores=series.scores, returns=series.returns,
                          actions=sum(record.actions for record in series.games), moves=moves)


def _numbers(values) -> str:
    return ",".join(format_number(v) for v in values)
