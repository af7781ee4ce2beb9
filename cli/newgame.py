"""Starting a game from a seed, the same way in the engine protocol and in selfplay.

`seed` fixes both the setup (GameSpec.new_state resolves the deal with Rng(seed)) and
the later dice. The dice come from a stream spawned from Rng(seed) rather than from
Rng(seed) itself, so that they do not repeat the draws that made the deal.
"""

from __future__ import annotations

import os
from typing import Optional

from engine.rng import Rng


def random_seed() -> int:
    """A fresh 64-bit seed, for when the user gives none."""
    return int.from_bytes(os.urandom(8), "little")


def seed_streams(seed: int) -> tuple[Rng, Rng]:
    """The dice stream and the stream of per-decision search seeds for a game."""
    master = Rng(seed)
    return master.spawn(), master.spawn()


def start_game(spec, players: Optional[int], variant: Optional[str], seed: int):
    """(state, dice) for a new game of `spec`, its setup already dealt."""
    state = spec.new_state(players, variant, seed)
    dice, _ = seed_streams(seed)
    return state, dice
