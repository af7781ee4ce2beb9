"""The worlds a compiled ISMCTS search (search/ismcts.pyx) searches, in the order it
draws them, for the Python statements of the search in test_ismcts*.py."""

from __future__ import annotations


def worlds(root, seat: int, rng, iterations: int, determinize: bool = True):
    """Each iteration's world: from a stream spawned from `rng` first (the search's
    own draws then come from `rng`), whatever batches the search makes them in."""
    world_rng = rng.spawn()
    for _ in range(iterations):
        yield root.determinize(seat, world_rng) if determinize else root.clone()
