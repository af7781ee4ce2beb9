"""One whole game between searchers, each seat played by its own SeatSpec.

Chance comes from the game's seed (cli/newgame.py), and each decision gets a search
seed drawn from a second stream of the same seed, so a selfplay run is reproducible
when every seat has an iteration budget.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Optional

from engine.errors import CadenzaError
from engine.game import sample_chance
from search.base import SearchError, decide
from cli.newgame import seed_streams, start_game
from cli.notation import check_turn, format_number
from cli.specs import OptionError, SeatSpec


class SelfplayError(CadenzaError, RuntimeError):
    """A selfplay game that does not finish."""


@dataclass
class SelfplayResult:
    scores: list
    returns: list[float]
    actions: int
    moves: list[tuple[str, list[str]]] = field(default_factory=list)


def seat_specs_for(players: int, seats: list[SeatSpec]) -> list[SeatSpec]:
    """One SeatSpec for every seat: a single spec is used by all of them."""
    if len(seats) == 1:
        return seats * players
    if len(seats) != players:
        raise OptionError(f"give one --seat for all seats or exactly {players}, got {len(seats)}")
    return list(seats)


def selfplay(registry, game_name: str, players: Optional[int], seats: list[SeatSpec], seed: int,
             variant: Optional[str] = None, max_actions: int = 100_000,
             echo: Callable[[str], None] = print) -> SelfplayResult:
    """Play one game to the end, calling `echo` with a line for each move and the
    result. A game, player count, variant or seat list that does not fit raises
    GameConfigError, SearchError or OptionError before the first move; a game that does
    not end raises SelfplayError."""
    game = registry.game(game_name)
    state, dice = start_game(game, players, variant, seed)
    specs = seat_specs_for(state.num_players, seats)
    searchers = []
    for spec in specs:
        searcher_spec = registry.searcher(spec.searcher)
        if searcher_spec.supports is not None and not searcher_spec.supports(game):
            raise SearchError(f"searcher {spec.searcher} cannot play {game.name}")
        searchers.append(searcher_spec.create(**spec.options))
    _, search_seeds = seed_streams(seed)
    echo(f"game {game.name} players={state.num_players} variant={state.variant} seed={seed}")
    for seat, spec in enumerate(specs):
        echo(f"seat {seat} {spec}")
    result = SelfplayResult(scores=[], returns=[], actions=0)
    while not state.is_terminal():
        if result.actions >= max_actions:
            raise SelfplayError(f"the game did not end within {max_actions} actions")
        if state.is_chance_node():
            outcome = sample_chance(state, dice)
            move = ("chance", [state.action_to_str(outcome)])
            state.apply(outcome)
            result.actions += 1
        else:
            seat = state.current_player()
            decision = decide(searchers[seat], game, state.clone(), specs[seat].budget,
                              search_seeds.next_u64())
            texts = check_turn(state, decision.actions, f"searcher {specs[seat].searcher}")
            for action in decision.actions:
                state.apply(action)
            result.actions += len(decision.actions)
            move = (f"seat {seat}", texts)
        result.moves.append(move)
        echo(f"{move[0]}: {' '.join(move[1])}")
    result.scores = state.scores()
    result.returns = state.returns()
    echo(f"result scores={','.join(format_number(s) for s in result.scores)} "
         f"returns={','.join(format_number(r) for r in result.returns)}")
    return result
