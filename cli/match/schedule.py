"""Which entrant sits where in each game of a match, and with which seed.

Games come in blocks. A block plays one seed (the same deal and dice) once for every
seating in it, and across a block every entrant plays every seat equally often: for
two entrants and two seats a block is a game pair with the seats swapped, which
cancels most of the luck of the draw from the pair's result.

- With at least as many entrants as seats, a block seats every combination of P
  entrants in each of its P rotations (a round robin when P is 2).
- With fewer entrants than seats, entrants take several seats: the lineups are the
  entrant list read cyclically from each entrant, each in its P rotations.

Rotations keep the order around the table: in a lineup A, B, C, B always plays right
after A. That is fair when A's opponents are copies of one searcher, the usual way
to measure a hero. Among three or more distinct entrants, who plays after whom can
matter, and `all_orders` seats every lineup in every order instead (P! seatings
instead of P; the distinct ones when an entrant takes several seats).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations, permutations

from engine.rng import Rng


@dataclass(frozen=True)
class Task:
    """One game (or series) of a match: its place, its seed and who sits where."""

    index: int
    block: int
    seed: int
    seats: tuple[str, ...]


def _rotations(lineup: tuple[int, ...]) -> list[tuple[int, ...]]:
    n = len(lineup)
    return [tuple(lineup[(seat + r) % n] for seat in range(n)) for r in range(n)]


def _orders(lineup: tuple[int, ...], all_orders: bool) -> list[tuple[int, ...]]:
    """The seatings of one lineup: its rotations, or its distinct permutations."""
    return list(dict.fromkeys(permutations(lineup))) if all_orders else _rotations(lineup)


def seat_counts(seatings: list[tuple[int, ...]], entrants: int, players: int) -> list[list[int]]:
    """counts[e][s]: how often entrant e sits in seat s."""
    counts = [[0] * players for _ in range(entrants)]
    for seating in seatings:
        for seat, entrant in enumerate(seating):
            counts[entrant][seat] += 1
    return counts


def is_balanced(seatings: list[tuple[int, ...]], entrants: int, players: int) -> bool:
    """Whether every entrant plays every seat equally often."""
    counts = seat_counts(seatings, entrants, players)
    return len({c for row in counts for c in row}) == 1


def seatings(entrants: int, players: int, all_orders: bool = False) -> list[tuple[int, ...]]:
    """One block: the seatings (entrant index per seat) played with one seed; each
    lineup in its rotations, or with `all_orders` in every order."""
    if entrants < 2 or players < 1:
        raise ValueError(f"a block needs 2+ entrants and 1+ seats, got {entrants} and {players}")
    if entrants >= players:
        return [
            seating
            for lineup in combinations(range(entrants), players)
            for seating in _orders(lineup, all_orders)
        ]
    every = [
        seating
        for first in range(entrants)
        for seating in _orders(tuple((first + j) % entrants for j in range(players)), all_orders)
    ]
    distinct = list(dict.fromkeys(every))
    # The cyclic lineups repeat seatings for some sizes (two entrants, four seats:
    # ABAB and BABA only); the distinct ones are enough when they are still balanced.
    return distinct if is_balanced(distinct, entrants, players) else every


def games_in_whole_blocks(requested: int, block_size: int) -> int:
    """`requested` rounded up to whole blocks, so that seats stay balanced."""
    return -(-requested // block_size) * block_size


def build_schedule(
    names: list[str], players: int, games: int, seed: int, all_orders: bool = False
) -> list[Task]:
    """The tasks of a match of `games` games (a multiple of the block size) among the
    entrants `names`; block b plays the b-th draw of Rng(seed)."""
    block = seatings(len(names), players, all_orders)
    if games % len(block):
        raise ValueError(f"{games} games is not a whole number of blocks of {len(block)}")
    seeds = Rng(seed)
    tasks = []
    for b in range(games // len(block)):
        block_seed = seeds.next_u64()
        for seating in block:
            tasks.append(Task(len(tasks), b, block_seed, tuple(names[e] for e in seating)))
    return tasks
