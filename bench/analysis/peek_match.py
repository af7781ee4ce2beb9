"""What not peeking costs: a `cadenza match` replayed with its first entrant replaced
by a searcher that sees every hidden card (a script, not in CI).

A searcher in a match gets only the mover's view (search.base.decide), so no match
entrant can peek. This script plays the same games as a finished or running match,
the same seeds, deals, dice and seatings, with the first entrant's seats taken by
`--hero` (default `mcts`) searching the true state, and writes a match folder of its
own. bench/analysis/compare_matches.py then pairs the two game by game:

    python bench/analysis/peek_match.py runs/taktvoll-ismcts-vs-2-greedy \\
        --out runs/taktvoll-mcts-peek-vs-2-greedy --workers 2
    python bench/analysis/compare_matches.py runs/taktvoll-ismcts-vs-2-greedy \\
        runs/taktvoll-mcts-peek-vs-2-greedy

Add --resume to go on with a run that was stopped. The other seats play as in the
reference match, and bench/analysis/strength_table.py lists the new folder like any match.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from functools import lru_cache
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from cli.gameloop import play_game  # noqa: E402
from cli.match.entrants import parse_entrant  # noqa: E402
from cli.match.records import match_record  # noqa: E402
from cli.match.referee import GameJob  # noqa: E402
from cli.match.schedule import build_schedule  # noqa: E402
from cli.match.store import GamesFile, StoreError, match_identity, prepare, seats_every_order  # noqa: E402
from cli.series import finish_series  # noqa: E402
from cli.specs import parse_seat_spec  # noqa: E402
from engine.errors import CadenzaError  # noqa: E402
from plugins.manager import default_registry  # noqa: E402

PEEK_SUFFIX = "-peek"


class PeekingSearcher:
    """A searcher shown the true state: `watch` (play_game's on_turn callback) hands
    it each position before the decision, and `choose` searches that position in
    place of the view it is given."""

    def __init__(self, inner):
        self.inner = inner
        self.truth = None

    def watch(self, state, record) -> None:
        self.truth = state.clone()

    def choose(self, view, seat, budget, rng):
        return self.inner.choose(self.truth, seat, budget, rng)


def peek_identity(reference: dict, hero: str) -> dict:
    """The reference match's settings with its first entrant replaced by the peeking
    `hero` (a seat spec), named after the hero's searcher."""
    identity = {key: value for key, value in reference.items() if key != "format"}
    name = parse_seat_spec(hero).searcher + PEEK_SUFFIX
    identity["entrants"] = [f"{name}={hero}"] + list(reference["entrants"][1:])
    identity["peeking"] = f"{name} searches the true state (bench/analysis/peek_match.py)"
    return identity


@lru_cache(maxsize=None)
def _registry():
    """The plugin registry, loaded once a process (a worker plays many games)."""
    return default_registry()


def play_task(identity: dict, task) -> dict:
    """One game of the schedule, played as the match would with the peeking hero
    in the first entrant's seats: its games.jsonl record."""
    registry = _registry()
    game = registry.game(identity["game"])
    entrants = [parse_entrant(text) for text in identity["entrants"]]
    by_name = {entrant.name: entrant for entrant in entrants}
    specs = [by_name[name].spec for name in task.seats]
    searchers = []
    for name, spec in zip(task.seats, specs, strict=False):
        factory = registry.searcher(spec.searcher)
        if name == entrants[0].name:
            # The true state hides nothing, so a perfect-information searcher may play
            # it: create, not create_for, which refuses mcts for a game with hidden cards.
            suggested = game.searcher_options.get(spec.searcher, {})
            searchers.append(PeekingSearcher(factory.create(**{**suggested, **spec.options})))
        else:
            searchers.append(factory.create_for(game, **spec.options))
    peekers = [searcher for searcher in searchers if isinstance(searcher, PeekingSearcher)]

    def watch(state, record):
        for peeker in peekers:
            peeker.watch(state, record)

    start = time.perf_counter()
    record = play_game(
        game,
        identity["players"],
        identity["variant"],
        task.seed,
        searchers,
        [spec.budget for spec in specs],
        identity.get("max_actions", 100_000),
        on_turn=watch,
    )
    job = GameJob(
        task,
        identity["game"],
        identity["variant"],
        identity["players"],
        tuple(str(spec) for spec in specs),
        limits=(),
    )
    return match_record(
        job, finish_series([record], identity["players"], None), time.perf_counter() - start
    )


def run(reference_dir: Path, out: Path, hero: str, workers: int, resume: bool) -> int:
    """Play the games of the reference match not yet in `out`; how many were played."""
    reference = match_identity(reference_dir)
    if reference.get("series_target") is not None:
        raise StoreError("series matches are not supported: replay a match of single games")
    parse_seat_spec(hero, _registry())  # a bad spec fails here, not in a worker
    identity = peek_identity(reference, hero)
    done = prepare(out, identity, resume)
    names = [parse_entrant(text).name for text in identity["entrants"]]
    tasks = [
        task
        for task in build_schedule(
            names,
            identity["players"],
            identity["games"],
            identity["seed"],
            seats_every_order(identity),
        )
        if task.index not in done
    ]
    games = GamesFile(out)
    played = 0
    try:
        if workers == 1:
            results = (play_task(identity, task) for task in tasks)
            pool = None
        else:
            pool = ProcessPoolExecutor(workers)
            results = pool.map(play_task, [identity] * len(tasks), tasks)
        for record in results:
            games.append(record)
            played += 1
            print(f"{len(done) + played}/{identity['games']} games", file=sys.stderr, flush=True)
    finally:
        games.close()
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    return played


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("reference", type=Path, help="the match folder whose games are replayed")
    parser.add_argument("--out", type=Path, required=True, help="the new match folder")
    parser.add_argument(
        "--hero",
        default="mcts:movetime=1000",
        help="the seat spec of the peeking searcher (default: %(default)s)",
    )
    parser.add_argument("--workers", type=int, default=1, help="games played at once")
    parser.add_argument("--resume", action="store_true", help="go on with a stopped run in --out")
    args = parser.parse_args(argv)
    if args.workers < 1:
        parser.error("--workers must be at least 1")
    try:
        played = run(args.reference, args.out, args.hero, args.workers, args.resume)
    except CadenzaError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(
        f"{played} games played into {args.out}; compare with: "
        f"python bench/analysis/compare_matches.py {args.reference} {args.out}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
