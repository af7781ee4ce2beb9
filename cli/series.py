"""Series: games played in a row by the same seats, their scores added up until a
seat reaches a target (Maestro's rules suggest playing to 200 or 300 points).

Generic over games: a series needs nothing from a game but `scores()`. Without a
target a series is a single game, so selfplay, match and tournament play series
and treat both cases alike. The series' returns split the win among the seats with
the highest total; a forfeit in any game forfeits the series.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterator, Optional

from cli.defaults import MAX_ACTIONS
from cli.gameloop import Forfeit, GameRecord, Move, build_searchers, forfeit_returns, play_game
from cli.specs import SeatSpec
from engine.rng import Rng

# A series that has not reached its target after this many games is an error (a
# game whose scores stay at zero would otherwise never end one).
MAX_SERIES_GAMES = 1000


@dataclass
class SeriesResult:
    """The games of a series and its result: summed scores, returns, and the
    forfeit or error that ended it early, if any."""

    games: list[GameRecord] = field(default_factory=list)
    scores: list = field(default_factory=list)
    returns: list[float] = field(default_factory=list)
    forfeit: Optional[Forfeit] = None
    error: Optional[str] = None


def series_seeds(seed: int) -> Iterator[int]:
    """The seed of each game of a series: the series' seed, then draws from a stream
    apart from the dice and search streams that cli/newgame.py spawns from it."""
    yield seed
    master = Rng(seed)
    master.spawn()  # the dice stream
    master.spawn()  # the search-seed stream
    stream = master.spawn()
    while True:
        yield stream.next_u64()


def leaders_returns(totals: list) -> list[float]:
    """Returns that split the win among the seats with the highest total."""
    best = max(totals)
    leaders = [seat for seat, total in enumerate(totals) if total == best]
    return [1.0 / len(leaders) if seat in leaders else 0.0 for seat in range(len(totals))]


def finish_series(games: list[GameRecord], players: int, target: Optional[float]) -> SeriesResult:
    """The result of the series made of `games` (the last one may have ended it by a
    forfeit or an error)."""
    result = SeriesResult(games=list(games))
    last = games[-1]
    result.forfeit, result.error = last.forfeit, last.error
    if target is None:
        result.scores, result.returns = last.scores, last.returns
        return result
    result.scores = [sum(record.scores[seat] for record in games) for seat in range(players)]
    if result.error is None and result.forfeit is None and max(result.scores) < target:
        result.error = f"the series stopped before a seat reached {target:g} points"
    if result.forfeit is not None:
        result.returns = forfeit_returns(players, result.forfeit.seat)
    elif result.error is None:
        result.returns = leaders_returns(result.scores)
    return result


def play_series(
    registry,
    game,
    players: int,
    variant: str,
    seed: int,
    specs: list[SeatSpec],
    target: Optional[float],
    max_actions: int = MAX_ACTIONS,
    max_games: int = MAX_SERIES_GAMES,
    on_begin: Optional[Callable[[int, int], None]] = None,
    on_turn: Optional[Callable] = None,
    on_move: Optional[Callable[[Move], None]] = None,
    on_game: Optional[Callable[[int, GameRecord, list], None]] = None,
) -> SeriesResult:
    """Play a series (one game when `target` is None) with seat i played by specs[i].
    Callbacks: on_begin(number, seed) before each game, on_turn(state, record) before
    each decision, on_move(move) after each move, on_game(number, record, totals)
    after each game."""
    games: list[GameRecord] = []
    totals = [0] * players
    for number, game_seed in enumerate(series_seeds(seed)):
        if number == max_games:
            games[-1].error = f"the series did not reach {target:g} points in {max_games} games"
            break
        if on_begin is not None:
            on_begin(number, game_seed)
        searchers = build_searchers(registry, game, specs)
        record = play_game(
            game,
            players,
            variant,
            game_seed,
            searchers,
            [spec.budget for spec in specs],
            max_actions,
            on_turn=on_turn,
            on_move=on_move,
        )
        games.append(record)
        for seat in range(players):
            totals[seat] += record.scores[seat]
        if on_game is not None:
            on_game(number, record, list(totals))
        if (
            target is None
            or record.forfeit is not None
            or record.error is not None
            or max(totals) >= target
        ):
            break
    return finish_series(games, players, target)
