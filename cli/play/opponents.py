"""Who plays the AI seats of `cadenza play` and who gives the hints: seat specs
(cli/specs.py), with a default that answers in about a second.
"""

from __future__ import annotations

from cli.gameloop import seat_specs_for
from cli.specs import DEFAULT_BUDGET, SeatSpec


def default_spec(registry, game) -> SeatSpec:
    """A strong searcher for `game` (mcts for perfect information, ismcts for hidden,
    as the registry chooses for the engine protocol too) at the default budget of
    every command (cli/specs.py DEFAULT_BUDGET)."""
    return SeatSpec(registry.default_searcher(game), DEFAULT_BUDGET)


def assign_opponents(
    ai_seats: list[int], specs: list[SeatSpec], default: SeatSpec
) -> dict[int, SeatSpec]:
    """The spec of every AI seat: the default when none is given, one spec for all,
    or one per AI seat in seat order (OptionError otherwise)."""
    if not ai_seats:
        return {}
    chosen = seat_specs_for(len(ai_seats), specs or [default], flag="--opponent")
    return dict(zip(ai_seats, chosen, strict=False))
