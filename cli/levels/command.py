"""The `cadenza levels` command: print a game's calibrated levels, or measure them."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from cli.options import games_option, load_registry, out_option, seed_option, workers_option
from engine.errors import CadenzaError


@click.command("levels")
@click.argument("game")
@click.option(
    "--calibrate",
    is_flag=True,
    help="Measure the ladder: a match between every two adjacent levels, seats rotated, "
    "then store each level's Elo over level 1 (with its 95% interval).",
)
@games_option(
    "Games of each match between adjacent levels (rounded up to whole blocks).",
    default=100,
    minimum=2,
)
@workers_option("Games played at once (local worker processes).", default=1)
@click.option(
    "--up-to",
    "top",
    type=click.IntRange(2, 10),
    default=10,
    show_default=True,
    help="Calibrate levels 1 to this one only (level 10 searches a second a decision).",
)
@click.option(
    "--gap",
    type=click.IntRange(2, 10),
    default=None,
    help="With --calibrate: play only the match of this level against the one below "
    "again (more --games, where 95% could not tell them apart), and chain the stored "
    "ladder afresh with it; the other gaps keep their stored figures.",
)
@click.option(
    "--resume",
    is_flag=True,
    help="Go on with the ladder stored in the --out folder: a match already there "
    "continues from its games (one that is complete plays nothing), the others are "
    "played; the settings must be those it was started with, but for more --games, "
    "which a match goes on to.",
)
@seed_option("Seed of the ladder (the match of level k+1 against k uses seed+k).", default=1)
@out_option("Folder for the ladder's match folders  [default: levels-GAME]")
@click.option(
    "--data",
    "data_file",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="The calibration file to read and write (default: the one Cadenza ships).",
)
def levels_command(game, calibrate, games, workers, top, gap, resume, seed, out, data_file):
    """Print GAME's levels 1..10 (what `go level=N`, `play --level N`, seat spec level:N
    and the web app's strength play): each one's budget, its measured Elo over level 1
    and its gap over the level below, each with a 95% interval. With --calibrate,
    measure them first.

    \b
    Examples:
      cadenza levels tictactoe
      cadenza levels pig --calibrate --games 200 --workers 2
      cadenza levels pig --calibrate --games 200 --workers 2 --resume
      cadenza levels luthier --calibrate --gap 8 --games 120 --workers 2
    """
    from cli.levels.ladder import calibration

    registry = load_registry()
    try:
        registry.default_searcher(registry.game(game))
    except CadenzaError as exc:
        raise click.BadParameter(str(exc), param_hint="GAME") from None
    if gap is not None and top != 10:
        raise click.UsageError("--gap plays one gap of the ladder: --up-to has no use with it")
    if calibrate:
        folder = Path(out or f"levels-{game}")
        _calibrate(game, games, workers, top, gap, seed, folder, data_file, resume)
    elif resume or gap is not None:
        option = "--resume" if resume else "--gap"
        raise click.UsageError(f"{option} is part of a calibration: give it with --calibrate")
    from cli.levels.table import level_lines

    for line in level_lines(game, calibration(game, data_file), data_file):
        click.echo(line)


def _calibrate(game, games, workers, top, gap, seed, out, data_file, resume) -> None:
    from rich.console import Console

    from cli.levels.calibrate import calibrate
    from cli.match.backends import make_backend
    from cli.match.store import StoreError
    from plugins.manager import default_registry

    command = f"cadenza levels {game} --calibrate" + ("" if gap is None else f" --gap {gap}")
    command += f" --games {games} --workers {workers} --seed {seed}"
    command += f" --up-to {top}" if top != 10 else ""
    try:
        calibrate(
            game,
            games,
            make_backend("local", workers, default_registry),
            out,
            seed,
            top,
            command,
            data_file,
            console=Console(stderr=True),
            note=lambda text: click.echo(text, err=True),
            resume=resume,
            gap=gap,
        )
    except StoreError as exc:
        raise click.UsageError(f"{exc} (remove {out} or give another --out)") from None
    except KeyboardInterrupt:
        click.echo(
            f"interrupted: nothing was stored; the games so far are in {out} "
            f"(--resume goes on with them)",
            err=True,
        )
        sys.exit(130)
