"""The click commands `cadenza match` and `cadenza tournament` (registered on the
group in cli/main.py). Heavy imports wait until a command runs, so that `cadenza
engine` starts as fast as before."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from cli.defaults import DEFAULT_BUDGET_TEXT
from cli.options import (
    count_option,
    games_option,
    load_registry,
    max_actions_option,
    out_option,
    parsed_option,
    players_option,
    positive_float_option,
    seed_option,
    series_target_option,
    variant_option,
    workers_option,
)
from engine.errors import CadenzaError


def _parse_entrant(text, registry):
    from cli.match.entrants import parse_entrant

    return parse_entrant(text, registry)


def _sprt(ctx, param, value):
    from cli.match.sprt import Sprt

    if value is None:
        return None
    try:
        return Sprt.parse(value)
    except CadenzaError as exc:
        raise click.BadParameter(str(exc), ctx=ctx, param=param) from None


def _run(config, out, workers, backend, address, resume):
    """Run a match or tournament for the command line: usage errors exit 2, Ctrl-C
    leaves what finished on disk for --resume."""
    from cli.match.backends import make_backend
    from cli.match.runner import run_match
    from cli.match.store import StoreError
    from cli.specs import OptionError
    from engine.errors import GameConfigError
    from search.base import SearchError

    try:
        load_registry().game(config.game)
    except CadenzaError as exc:
        raise click.BadParameter(str(exc), param_hint="GAME") from None
    from plugins.manager import default_registry

    try:
        # Workers build their registry with the same function (passed by reference).
        runner = make_backend(backend, workers, default_registry, address)
        run_match(
            config, Path(out), runner, resume=resume, note=lambda text: click.echo(text, err=True)
        )
    except (GameConfigError, SearchError, OptionError, StoreError) as exc:
        raise click.UsageError(str(exc)) from None
    except KeyboardInterrupt:
        click.echo(
            f"interrupted: the games that finished are in {out}/games.jsonl; "
            f"run the same command with --resume to go on",
            err=True,
        )
        sys.exit(130)


_RUN_OPTIONS = [
    workers_option("Games played at once (default 1): local worker processes or Ray actors."),
    click.option(
        "--backend",
        type=click.Choice(["local", "ray"]),
        default=None,
        help="Where games run: local processes (default) or Ray tasks.",
    ),
    click.option(
        "--address",
        default=None,
        help="The Ray cluster to use with --backend ray (default: start a local Ray).",
    ),
    click.option(
        "--resume",
        is_flag=True,
        help="Continue the run in --out: finished games are kept, the rest are played; "
        "with more --games than it was started with, it goes on to that many.",
    ),
]


def _run_options(command):
    for option in reversed(_RUN_OPTIONS):
        command = option(command)
    return command


@click.command("match")
@click.argument("game")
@parsed_option(
    "--entrant",
    "entrants",
    parse=_parse_entrant,
    metavar="NAME=SPEC",
    required=True,
    help="An entrant, twice or more: NAME=searcher[:opt=v,...], e.g. "
    "new=mcts:iterations=2000,c=1.2. Budgets per decision are its iterations "
    f"and movetime (ms) options (default {DEFAULT_BUDGET_TEXT}).",
)
@games_option(
    "Games to play, rounded up to whole blocks (every entrant in every seat, "
    "the same seed per block).",
    default=100,
)
@players_option("Players per game (default: the game's usual count).")
@variant_option()
@seed_option("Seed of the whole match (default: random, printed; --resume reuses it).")
@out_option("Directory for match.json, games.jsonl, summary.json and ratings.png.", required=True)
@click.option(
    "--all-orders",
    is_flag=True,
    help="Seat each lineup in every order around the table, not only its rotations, "
    "so that no entrant always plays right after another (3+ seats: each "
    "lineup in P! orders instead of P rotations).",
)
@click.option(
    "--sprt",
    default=None,
    callback=_sprt,
    metavar="ELO0,ELO1,ALPHA,BETA",
    help="Stop when a sequential probability ratio test decides (two entrants), "
    "e.g. 0,10,0.05,0.05.",
)
@series_target_option(
    "Each game is a series of games whose scores add up until a seat reaches "
    "POINTS (e.g. 300 for Maestro).",
)
@count_option(
    "--time-margin",
    help="A decision may overrun its movetime by this much before it forfeits the game.",
    default=1000,
    minimum=0,
    metavar="MS",
)
@positive_float_option(
    "--decision-timeout",
    help="The forfeit limit of a decision whose budget has no movetime.",
    default=300.0,
    metavar="SECONDS",
)
@max_actions_option("A game that has not ended after this many actions has no result.")
@_run_options
def match_command(
    game,
    entrants,
    games,
    players,
    variant,
    seed,
    out,
    all_orders,
    sprt,
    series_target,
    time_margin,
    decision_timeout,
    max_actions,
    workers,
    backend,
    address,
    resume,
):
    """Play GAME between two or more entrants and rate them.

    Seats rotate so that every entrant plays every seat equally often, and each block
    of games replays one seed with the seats rotated (or, with --all-orders, in every
    order around the table). Each game is written to OUT/games.jsonl as it ends; the
    end brings a ratings table (the score and Elo with 95% intervals for two
    entrants, openskill for more; every entrant's mean return per seat with its 95%
    interval), OUT/summary.json and OUT/ratings.png.

    To measure one searcher against two copies of another in a 3-player game,
    enter the copies under two names (see the last example).

    \b
    Examples:
      cadenza match tictactoe --entrant a=mcts:iterations=400 --entrant b=greedy \\
          --games 100 --workers 2 --seed 1 --out runs/ttt
      cadenza match pig --entrant new=mcts:iterations=2000 --entrant old=expectimax:movetime=50 \\
          --sprt 0,20,0.05,0.05 --games 2000 --out runs/pig
      cadenza match taktvoll --players 3 --entrant hero=ismcts:movetime=1000 \\
          --entrant g1=greedy --entrant g2=greedy --games 30 --out runs/takt
    """
    from cli.match.runner import MatchConfig

    config = MatchConfig(
        game=game,
        entrants=list(entrants),
        games=games,
        players=players,
        variant=variant,
        seed=seed,
        series_target=series_target,
        max_actions=max_actions,
        sprt=sprt,
        time_margin_ms=time_margin,
        decision_timeout_s=decision_timeout,
        all_orders=all_orders,
    )
    _run(config, out, workers or 1, backend or "local", address, resume)


@click.command("tournament")
@click.argument("game")
@click.option(
    "--config",
    "config_path",
    required=True,
    type=click.Path(exists=True, dir_okay=False),
    metavar="FILE.toml",
    help="The entrants and settings (described above).",
)
@out_option("Output directory (default: the file's `out`).")
@seed_option("Seed of the whole tournament (default: the file's, else random).")
@_run_options
def tournament_command(game, config_path, out, seed, workers, backend, address, resume):
    """A round robin of the entrants of FILE.toml at GAME, on the same machinery as
    `cadenza match`: every lineup of entrants plays every seating each round.

    \b
    FILE.toml:
      rounds = 2
      seed = 7
      [entrants]
      mcts = "mcts:iterations=1000"
      pimc = "pimc:iterations=1000"
      greedy = "greedy"
    Optional keys: players, variant, games (instead of rounds), all_orders (true:
    every order around the table, as --all-orders), series_target, max_actions,
    time_margin_ms, decision_timeout_s, workers, backend, address, out.
    """
    from cli.match.tournament import load_tournament
    from cli.specs import OptionError

    try:
        config, settings = load_tournament(Path(config_path), game, load_registry())
    except OptionError as exc:
        raise click.UsageError(str(exc)) from None
    except CadenzaError as exc:
        raise click.BadParameter(str(exc), param_hint="GAME") from None
    if seed is not None:
        config.seed = seed
    out = out or settings["out"]
    if out is None:
        raise click.UsageError("give --out DIR, or `out` in the tournament file")
    _run(
        config,
        out,
        workers or settings["workers"] or 1,
        backend or settings["backend"] or "local",
        address or settings["address"],
        resume,
    )
