"""The `selfplay` command's work: one game (or series) between searchers, printed
move by move with its result. The game itself is played by cli/gameloop.py through
cli/series.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Optional

from cli.defaults import MAX_ACTIONS
from cli.gameloop import CHANCE_SEAT, GameRecord, Move, check_searchers, seat_specs_for
from cli.notation import format_number
from cli.series import play_series
from cli.specs import SeatSpec
from engine.errors import CadenzaError


class SelfplayError(CadenzaError, RuntimeError):
    """A selfplay game that does not finish."""


@dataclass
class SelfplayResult:
    scores: list
    returns: list[float]
    actions: int
    moves: list[tuple[str, list[str]]] = field(default_factory=list)


def selfplay(
    registry,
    game_name: str,
    players: Optional[int],
    seats: list[SeatSpec],
    seed: int,
    variant: Optional[str] = None,
    max_actions: int = MAX_ACTIONS,
    echo: Callable[[str], None] = print,
    series_target: Optional[float] = None,
) -> SelfplayResult:
    """Play one game (or, with `series_target`, a series of games whose scores add up
    until a seat reaches the target) to the end, calling `echo` with a line for each
    move and the result. A game, player count, variant or seat list that does not fit
    raises GameConfigError, SearchError or OptionError before the first move; a game
    that does not end raises SelfplayError."""
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
            echo(
                f"game {number + 1} seed={record.seed} scores={_numbers(record.scores)} "
                f"totals={_numbers(totals)}"
            )

    series = play_series(
        registry,
        game,
        players,
        variant,
        seed,
        specs,
        series_target,
        max_actions=max_actions,
        on_move=show,
        on_game=game_over,
    )
    if series.error is not None:
        raise SelfplayError(series.error)
    if series.forfeit is not None:
        echo(f"forfeit seat {series.forfeit.seat}: {series.forfeit.reason}")
    echo(f"result scores={_numbers(series.scores)} returns={_numbers(series.returns)}")
    moves = [
        (CHANCE_SEAT if m.seat == CHANCE_SEAT else f"seat {m.seat}", m.actions)
        for record in series.games
        for m in record.moves
    ]
    return SelfplayResult(
        scores=series.scores,
        returns=series.returns,
        actions=sum(record.actions for record in series.games),
        moves=moves,
    )


def _numbers(values) -> str:
    return ",".join(format_number(v) for v in values)
