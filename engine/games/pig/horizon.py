"""How long random pig games run, counted as OpenSpiel counts toward its horizon
(player actions: rolls and holds, not die throws). Backs the claim in this package's
docstring that OpenSpiel's horizon of 1000 is never reached in practice.

    python -m engine.games.pig.horizon [games] [seed] [variant]
"""

from __future__ import annotations

import sys

from engine.game import sample_chance
from engine.games.pig.state import PigState
from engine.rng import Rng

OPENSPIEL_HORIZON = 1000


def player_action_counts(games: int, seed: int, variant: str = "target100") -> list[int]:
    """Player actions in each of `games` uniformly random games (chance by its odds)."""
    rng = Rng(seed)
    counts = []
    for _ in range(games):
        state = PigState.new_initial(2, variant)
        moves = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply(sample_chance(state, rng))
            else:
                state.apply(rng.choice(state.legal_actions()))
                moves += 1
        counts.append(moves)
    return counts


def main(argv: list[str]) -> None:
    games = int(argv[0]) if argv else 100_000
    seed = int(argv[1]) if len(argv) > 1 else 1
    variant = argv[2] if len(argv) > 2 else "target100"
    counts = player_action_counts(games, seed, variant)
    reached = sum(1 for c in counts if c >= OPENSPIEL_HORIZON)
    print(
        f"{games} random {variant} games: mean {sum(counts) / games:.1f} player actions, "
        f"longest {max(counts)}, reaching the horizon of {OPENSPIEL_HORIZON}: {reached}"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
