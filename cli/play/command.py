"""The `cadenza play` command: a person's game in the terminal, against AI seats or
at a real table (--table); the loop itself is cli/play/loop.py."""

from __future__ import annotations

import click

from cli.defaults import DEFAULT_BUDGET_TEXT
from cli.options import (
    count_option,
    load_registry,
    one_parsed,
    parsed_option,
    players_option,
    seat_spec_of,
    seed_option,
    variant_option,
)
from engine.errors import CadenzaError


@click.command("play")
@click.argument("game", required=False)
@players_option()
@count_option("--seat", help="Your seat: 0 moves first.", default=0, minimum=0)
@parsed_option(
    "--opponent",
    "opponents",
    parse=seat_spec_of,
    metavar="SPEC",
    help="Who plays the other seats: searcher[:opt=v,...], once for all of them or "
    "once per AI seat in seat order (default: mcts, or ismcts for hidden "
    f"information, at {DEFAULT_BUDGET_TEXT}, the budget of a spec that names none).",
)
@click.option(
    "--level",
    type=click.IntRange(1, 10),
    default=None,
    help="The AI seats' strength, 1 (weakest) to 10 (full strength): the game's default "
    "searcher at a calibrated budget (`cadenza levels GAME`); the same as --opponent level:N.",
)
@click.option(
    "--hint",
    "hint_spec",
    default=None,
    callback=one_parsed(seat_spec_of),
    metavar="SPEC",
    help="The searcher that gives hints (default: as the default opponent).",
)
@seed_option("Seed of the deal, the dice and the AI's searches (default: random).")
@variant_option()
@click.option(
    "--table",
    is_flag=True,
    help="Table mode: you play a real game and type every roll, draw and move; "
    "Cadenza only gives hints for your seat.",
)
@count_option(
    "--hands",
    "--games",
    "hands",
    default=1,
    help="Play this many games (Leduc hands) in a row, the seats rotating each time, "
    "with a running total of what each player won.",
)
@click.option(
    "--load",
    "load_file",
    default=None,
    metavar="FILE",
    help="Continue a game written by save FILE (GAME may be left out).",
)
@click.option(
    "--resume",
    is_flag=True,
    help="Continue the newest autosaved game (of GAME, if given).",
)
@click.option(
    "--autosave-dir",
    default=None,
    metavar="DIR",
    help="Where every game is autosaved after each move (default: $CADENZA_AUTOSAVE_DIR, "
    "else $XDG_DATA_HOME/cadenza/autosave, else ~/.local/share/cadenza/autosave).",
)
@click.option("--no-autosave", is_flag=True, help="Do not autosave.")
@click.option(
    "--no-auto-forced",
    is_flag=True,
    help="Type your forced moves yourself (by default a single legal action is played "
    "for you; the AI never searches one).",
)
def play_command(
    game,
    players,
    seat,
    opponents,
    level,
    hint_spec,
    seed,
    variant,
    table,
    hands,
    load_file,
    resume,
    autosave_dir,
    no_autosave,
    no_auto_forced,
):
    """Play GAME in the terminal against AI opponents, or follow a real game with
    --table and ask for hints.

    Ctrl-C while the AI thinks stops its search (it plays its best so far). Every
    game is autosaved after each move; --resume continues the newest one.

    \b
    Examples:
      cadenza play tictactoe
      cadenza play pig --opponent expectimax:movetime=500 --seat 1
      cadenza play maestro --level 3
      cadenza play leduc --hands 10
      cadenza play leduc --table
      cadenza play --resume
    """
    from cli.newgame import random_seed
    from cli.play import autosave
    from cli.play.errors import PlayError
    from cli.play.loop import Options, run, start_session
    from cli.play.sitting import Settings, Sitting
    from cli.specs import OptionError
    from engine.errors import GameConfigError
    from search.base import SearchError

    registry = load_registry()
    _check_game(registry, game, load_file, resume)
    opponents = _who_plays(table, list(opponents), level)
    folder = None if no_autosave else autosave.folder(autosave_dir)
    options = Options(auto_forced=not no_auto_forced, autosave_dir=folder)
    if load_file or resume:
        _go_on(registry, game, load_file, autosave_dir, seed, hands, options)
        return
    seed = random_seed() if seed is None else seed
    try:
        session = start_session(
            registry, game, players, variant, seat, seed, table, opponents, hint_spec
        )
    except (GameConfigError, SearchError, OptionError, PlayError) as exc:
        raise click.UsageError(str(exc)) from None
    settings = Settings(game, players, variant, seat, table, opponents, hint_spec)
    run(session, registry, seed=seed, options=options, sitting=Sitting(settings, seed, hands))


def _check_game(registry, game, load_file, resume) -> None:
    """A GAME the registry has, or a saved game to go on with (not both ways)."""
    if game is not None:
        try:
            registry.game(game)
        except CadenzaError as exc:
            raise click.BadParameter(str(exc), param_hint="GAME") from None
    if load_file and resume:
        raise click.UsageError("--load and --resume cannot be used together")
    if game is None and not (load_file or resume):
        raise click.UsageError("name a GAME to play, or use --load FILE or --resume")


def _who_plays(table: bool, opponents: list, level) -> list:
    """The AI seats' specs: --opponent's, or the game's default searcher at --level;
    a table has none."""
    from cli.specs import level_spec

    if table and opponents:
        raise click.UsageError("table mode has no AI seats: --opponent cannot be used with --table")
    if level is None:
        return opponents
    if table:
        raise click.UsageError("table mode has no AI seats: --level cannot be used with --table")
    if opponents:
        raise click.UsageError("--level and --opponent both say who plays: give one of them")
    return [level_spec(level)]


def _go_on(registry, game, load_file, autosave_dir, seed, hands, options) -> None:
    """Play on a saved game: FILE of --load, or with --resume the newest autosave (of
    GAME, if given), which then goes on being autosaved to the same file."""
    from pathlib import Path

    from cli.play import autosave
    from cli.play.errors import PlayError
    from cli.play.loop import run
    from cli.play.savefile import load
    from cli.play.sitting import Sitting

    try:
        path = load_file or str(autosave.latest(autosave.folder(autosave_dir), game))
        session = load(registry, path)
    except PlayError as exc:
        raise click.UsageError(str(exc)) from None
    if game is not None and session.game.name != game:
        raise click.UsageError(f"{path} is a game of {session.game.name}, not {game}")
    click.echo(f"Loaded {path}: {session.game.name}, you are seat {session.seat}.")
    sitting = Sitting.of_session(session, seed, hands)
    resumed = None if load_file or options.autosave_dir is None else Path(path)
    run(session, registry, options=options, sitting=sitting, autosave_path=resumed)
