"""`cadenza bench`: the engine's behaviour signature, as Stockfish's `bench` is.

A fixed set of positions from every installed game (a seeded setup, then seeded
random actions, as `cadenza perft` reaches them) is searched with a fixed seed and
iteration budget by every installed searcher that can play the game (but those of
optional extras, such as OpenSpiel's bots), with the game's suggested options. Each
search prints one line; the last lines are the total nodes and a hash of every
answer (actions and value). A change to any rule, any searcher or any random stream
shows as a changed signature; a refactor that keeps it has kept behaviour. The
signature CI expects is in tests/bench.signature.
"""

from __future__ import annotations

import hashlib
from typing import Iterator

import click

from cli.options import count_option, load_registry
from cli.perft import PerftError, perft_position
from engine.game import sample_chance
from engine.rng import Rng
from plugins.manager import extra_of
from search.base import Budget, decide

# (seed, actions to advance): an opening, an early and a middle position of each game.
POSITIONS = ((1, 0), (2, 7), (3, 30))
ITERATIONS = 300
SEARCH_SEED = 11


def bench_positions(spec) -> Iterator[tuple[str, object]]:
    """(label, state) of each fixed position of `spec` at which a seat is to move:
    one that a random advance ends on a chance node rolls it with the same stream;
    one that ends the game is skipped."""
    for seed, advance in POSITIONS:
        try:
            state = perft_position(spec, None, None, seed, advance)
        except PerftError:  # the game ended before `advance` actions
            continue
        rng = Rng(seed + 1)
        while state.is_chance_node():
            state.apply(sample_chance(state, rng))
        if not state.is_terminal():
            yield f"seed={seed} advance={advance}", state


def bench_lines(registry, iterations: int = ITERATIONS) -> Iterator[str]:
    """One line a search, then `nodes <total>` and `signature <hash>`."""
    digest = hashlib.sha256()
    total_nodes = 0
    for game_name in sorted(registry.games):
        spec = registry.games[game_name]
        for label, state in bench_positions(spec):
            for name in sorted(registry.searchers):
                searcher_spec = registry.searchers[name]
                # The signature must not depend on which extras are installed.
                if not searcher_spec.can_play(spec) or extra_of(name) is not None:
                    continue
                searcher = searcher_spec.create(**dict(spec.searcher_options.get(name, {})))
                decision = decide(
                    searcher, spec, state, Budget(iterations=iterations), seed=SEARCH_SEED
                )
                nodes = int(decision.stats.get("nodes", decision.stats.get("iterations", 0)))
                total_nodes += nodes
                move = " ".join(state.action_to_str(a) for a in decision.actions)
                line = (
                    f"{game_name} {label} {name}: {move} value={decision.value:.6f} nodes={nodes}"
                )
                digest.update(line.encode() + b"\n")
                yield line
    yield f"nodes {total_nodes}"
    yield f"signature {digest.hexdigest()[:16]}"


@click.command("bench")
@count_option("--iterations", help="Iterations (or nodes) each search may run.", default=ITERATIONS)
def bench_command(iterations):
    """Search a fixed set of positions of every game with every searcher that can
    play it (fixed seeds and budget) and print the total nodes and a signature hash
    of every answer: a refactor that keeps behaviour keeps the signature."""
    registry = load_registry()
    for line in bench_lines(registry, iterations):
        click.echo(line)
