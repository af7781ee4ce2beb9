"""`cadenza perft`: how many action sequences of each length start at a position of
any game (chance outcomes count as branches, like actions).

The position is a new game (players, variant, seed), optionally advanced by seeded
random actions so that counts can come from the middle of a game. The output line
is the format of the golden files (tests/engine/games/*.perft), so a change in any
game's move generation shows up as a changed line:

    maestro players=2 variant=standard seed=3 advance=40: 47 94 282
"""

from __future__ import annotations

import sys
import time
from typing import Optional

import click

from cli.options import count_option, players_option, seed_option, variant_option
from engine.errors import CadenzaError, GameConfigError
from engine.game import random_action
from engine.perft import perft
from engine.rng import Rng


class PerftError(CadenzaError, ValueError):
    """A perft position that cannot be reached."""


def perft_position(spec, players: Optional[int], variant: Optional[str], seed: int, advance: int):
    """A new game of `spec`, its setup dealt with `seed`, then `advance` actions: each
    a uniformly random legal action, or a chance outcome by its probability, drawn
    from Rng(seed)."""
    state = spec.new_state(players, variant, seed)
    rng = Rng(seed)
    for step in range(advance):
        if state.is_terminal():
            raise PerftError(f"the game ended after {step} of the {advance} actions to advance")
        state.apply(random_action(state, rng))
    return state


def perft_line(game: str, players: int, variant: str, seed: int, advance: int, counts) -> str:
    return f"{game} players={players} variant={variant} seed={seed} advance={advance}: " + " ".join(
        str(c) for c in counts
    )


def parse_perft_line(line: str):
    """(game, players, variant, seed, advance, counts) of a perft line; ValueError else."""
    head, sep, tail = line.partition(":")
    words = head.split()
    if not sep or len(words) != 5:
        raise ValueError(f"not a perft line: {line!r}")
    fields = dict(word.split("=", 1) for word in words[1:])
    if sorted(fields) != ["advance", "players", "seed", "variant"]:
        raise ValueError(f"a perft line names players, variant, seed and advance: {line!r}")
    counts = [int(c) for c in tail.split()]
    return (
        words[0],
        int(fields["players"]),
        fields["variant"],
        int(fields["seed"]),
        int(fields["advance"]),
        counts,
    )


@click.command("perft")
@click.argument("game")
@click.option(
    "--depth",
    type=click.IntRange(1, 30),
    required=True,
    help="Count sequences of 1..DEPTH actions.",
)
@seed_option("Seed of the setup and of the advancing actions.", default=0)
@players_option()
@variant_option()
@count_option(
    "--advance",
    help="Play this many seeded random actions first (a mid-game position).",
    default=0,
    minimum=0,
)
def perft_command(game, depth, seed, players, variant, advance):
    """Count the action sequences of each length from a position of GAME: a
    signature of its move generation (chance outcomes count as branches).

    \b
    Examples:
      cadenza perft maestro --depth 4
      cadenza perft maestro --depth 3 --players 3 --seed 5 --advance 60
    """
    from plugins.manager import default_registry

    try:
        spec = default_registry().game(game)
    except CadenzaError as exc:
        raise click.BadParameter(str(exc), param_hint="GAME") from None
    try:
        state = perft_position(spec, players, variant, seed, advance)
    except GameConfigError as exc:
        raise click.UsageError(str(exc)) from None
    start = time.perf_counter()
    counts = perft(state, depth)
    seconds = time.perf_counter() - start
    click.echo(perft_line(spec.name, state.num_players, state.variant, seed, advance, counts))
    nodes = sum(counts)
    click.echo(
        f"# {nodes} nodes in {seconds:.3f} s ({nodes / max(seconds, 1e-9):,.0f}/s)", file=sys.stderr
    )
