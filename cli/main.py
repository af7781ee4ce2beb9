"""The `cadenza` click application: `engine` (the line protocol), `games`,
`searchers`, `selfplay` and `play`; `match` and `tournament` come from cli/match/.

Every failure a user can cause is reported as one `Error: ...` line on stderr with
exit code 2 (usage) or 1 (a game that cannot be played), never as a traceback.
"""

import os
import sys
from pathlib import Path

import click

from cli.defaults import DEFAULT_BUDGET_TEXT
from cli.options import (
    count_option,
    load_registry,
    max_actions_option,
    parse_each,
    parsed_option,
    players_option,
    seed_option,
    series_target_option,
    variant_option,
    workers_option,
)
from engine.errors import CadenzaError

# click >= 8.2 signals a bare group invocation with this error; older clicks print help.
_NO_ARGS_IS_HELP = getattr(click.exceptions, "NoArgsIsHelpError", ())


class CadenzaGroup(click.Group):
    """A click group whose errors are one line each (click's default adds the usage
    text and a hint; scripts driving cadenza want just the message)."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode, **extra)
        try:
            code = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except _NO_ARGS_IS_HELP as exc:  # bare `cadenza`: the help, as click shows it
            exc.show()
            sys.exit(exc.exit_code)
        except click.ClickException as exc:
            click.echo(f"Error: {exc.format_message()}", err=True)
            sys.exit(exc.exit_code)
        except click.Abort:
            click.echo("Aborted!", err=True)
            sys.exit(1)
        except CadenzaError as exc:
            click.echo(f"Error: {exc}", err=True)
            sys.exit(1)
        except Exception as exc:  # a bug: still one line, with what went wrong
            click.echo(f"Error: internal error: {type(exc).__name__}: {exc}", err=True)
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)


@click.group(cls=CadenzaGroup)
@click.version_option(package_name="cadenza")
def main():
    """Cadenza: an AI opponent engine for music-themed board and card games.

    Front-ends talk to `cadenza engine` over stdin/stdout (protocol version 1);
    the other commands list what is installed and play games between searchers.
    """


@main.command(
    help=f"""Speak the Cadenza line protocol on stdin/stdout.

    One command a line (try `help`); each answer ends with `ok` or
    `error <message>`. End of input or `quit` exits with code 0. A `go` or
    `hint` that names no budget (iterations=N or movetime=MS, in the command or
    by setoption) searches with {DEFAULT_BUDGET_TEXT}.
    """
)
def engine():
    from cli.engine_loop import run

    code = run(sys.stdin.buffer, sys.stdout.buffer)
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        # The front-end closed our stdout: send what is still buffered nowhere, so
        # that Python's own flush at exit does not fail with a traceback.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    sys.exit(code)


@main.command()
def games():
    """List the installed games: players, variants, chance and hidden information,
    and the searcher options each game suggests."""
    from cli.notation import format_option

    registry = load_registry()
    for name in sorted(registry.games):
        spec = registry.games[name]
        facts = [f"{spec.min_players}-{spec.max_players} players"]
        facts.append("chance" if spec.chance else "no chance")
        facts.append("hidden information" if spec.hidden_information else "perfect information")
        click.echo(f"{name}: {', '.join(facts)}")
        click.echo(f"  variants (default {spec.default_variant}):")
        for variant in spec.variants:
            about = spec.variant_descriptions.get(variant, "no description")
            click.echo(f"    {variant}: {about}")
        if spec.description:
            click.echo(f"  {spec.description}")
        for searcher, options in sorted(spec.searcher_options.items()):
            settings = ",".join(f"{key}={format_option(value)}" for key, value in options.items())
            click.echo(f"  plays {searcher} with {settings} unless told otherwise")


@main.command()
def searchers():
    """List the installed searchers, and each one's options with their defaults and
    what they do. Every searcher also takes a budget: iterations=N or movetime=MS
    (default movetime=1000)."""
    from cli.notation import format_option

    registry = load_registry()
    for name in sorted(registry.searchers):
        spec = registry.searchers[name]
        click.echo(f"{name}: {spec.description}" if spec.description else name)
        if spec.options:
            click.echo("  options (default, then what it does):")
        settings = {key: f"{key}={format_option(value)}" for key, value in spec.options.items()}
        width = max(map(len, settings.values()), default=0)
        for key, setting in settings.items():
            click.echo(f"    {setting:<{width}}  {spec.option_help.get(key, '')}".rstrip())


# Engine-vs-engine runs live in cli/match/ (their options are many).
from cli.match.commands import match_command, tournament_command  # noqa: E402

main.add_command(match_command)
main.add_command(tournament_command)


def _parse_seat_spec(text, registry):
    from cli.specs import parse_seat_spec

    return parse_seat_spec(text, registry)


_seat_spec = parse_each(_parse_seat_spec)


@main.command()
@click.argument("game")
@players_option()
@parsed_option(
    "--seat",
    "seats",
    parse=_parse_seat_spec,
    metavar="SPEC",
    required=True,
    help="Who plays: searcher[:opt=v[,opt=v...]], e.g. mcts:iterations=500,c=1.2. "
    "Options are the budget (iterations, movetime in ms; default "
    f"{DEFAULT_BUDGET_TEXT}) and the searcher's own; level:N (1..10) is the game's "
    "default searcher at that strength. Give it once for every seat, "
    "or once per seat in seat order.",
)
@seed_option("Seed of the deal, the dice and the searches (default: random, printed).")
@variant_option()
@max_actions_option("Give up on a game that has not ended after this many actions.")
@series_target_option(
    "Play a series: games in a row whose scores add up until a seat reaches "
    "POINTS (e.g. 300 for Maestro).",
)
def selfplay(game, players, seats, seed, variant, max_actions, series_target):
    """Play one GAME between searchers and print every move and the result.

    \b
    Examples:
      cadenza selfplay tictactoe --seat mcts:iterations=200 --seed 1
      cadenza selfplay pig --seat greedy --seat random --seed 7
    """
    from cli.newgame import random_seed
    from cli.selfplay import selfplay as play_one
    from cli.specs import OptionError
    from engine.errors import GameConfigError
    from search.base import SearchError

    registry = load_registry()
    try:
        registry.game(game)
    except CadenzaError as exc:
        raise click.BadParameter(str(exc), param_hint="GAME") from None
    try:
        play_one(
            registry,
            game,
            players,
            list(seats),
            random_seed() if seed is None else seed,
            variant,
            max_actions,
            echo=click.echo,
            series_target=series_target,
        )
    except (GameConfigError, SearchError, OptionError) as exc:
        # A player count, variant or seat list the game does not take is a usage error.
        raise click.UsageError(str(exc)) from None


def _one_seat_spec(ctx, param, value):
    return None if value is None else _seat_spec(ctx, param, [value])[0]


@main.command()
@click.argument("game", required=False)
@players_option()
@count_option("--seat", help="Your seat: 0 moves first.", default=0, minimum=0)
@parsed_option(
    "--opponent",
    "opponents",
    parse=_parse_seat_spec,
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
    callback=_one_seat_spec,
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
def play(
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
    from pathlib import Path

    from cli.newgame import random_seed
    from cli.play import autosave
    from cli.play.errors import PlayError
    from cli.play.loop import Options, run, start_session
    from cli.play.savefile import load
    from cli.play.sitting import Settings, Sitting
    from cli.specs import OptionError, level_spec
    from engine.errors import GameConfigError
    from search.base import SearchError

    registry = load_registry()
    if game is not None:
        try:
            registry.game(game)
        except CadenzaError as exc:
            raise click.BadParameter(str(exc), param_hint="GAME") from None
    if load_file and resume:
        raise click.UsageError("--load and --resume cannot be used together")
    if game is None and not (load_file or resume):
        raise click.UsageError("name a GAME to play, or use --load FILE or --resume")
    if table and opponents:
        raise click.UsageError("table mode has no AI seats: --opponent cannot be used with --table")
    if level is not None:
        if table:
            raise click.UsageError(
                "table mode has no AI seats: --level cannot be used with --table"
            )
        if opponents:
            raise click.UsageError("--level and --opponent both say who plays: give one of them")
        opponents = [level_spec(level)]
    folder = None if no_autosave else autosave.folder(autosave_dir)
    options = Options(auto_forced=not no_auto_forced, autosave_dir=folder)
    if load_file or resume:
        try:
            path = load_file or str(autosave.latest(autosave.folder(autosave_dir), game))
            session = load(registry, path)
        except PlayError as exc:
            raise click.UsageError(str(exc)) from None
        if game is not None and session.game.name != game:
            raise click.UsageError(f"{path} is a game of {session.game.name}, not {game}")
        click.echo(f"Loaded {path}: {session.game.name}, you are seat {session.seat}.")
        sitting = Sitting.of_session(session, seed, hands)
        resumed = None if load_file or folder is None else Path(path)
        run(session, registry, options=options, sitting=sitting, autosave_path=resumed)
        return
    seed = random_seed() if seed is None else seed
    try:
        session = start_session(
            registry, game, players, variant, seat, seed, table, list(opponents), hint_spec
        )
    except (GameConfigError, SearchError, OptionError, PlayError) as exc:
        raise click.UsageError(str(exc)) from None
    settings = Settings(game, players, variant, seat, table, list(opponents), hint_spec)
    run(session, registry, seed=seed, options=options, sitting=Sitting(settings, seed, hands))


from cli.perft import perft_command  # noqa: E402  (one module a command)

main.add_command(perft_command)

from cli.bench import bench_command  # noqa: E402

main.add_command(bench_command)

from cli.levels.command import levels_command  # noqa: E402

main.add_command(levels_command)

from cli.serve.expiry import DEFAULT_EXPIRE, parse_duration  # noqa: E402  (no server imports)


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True)
@click.option(
    "--data",
    "data_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("cadenza-data"),
    show_default=True,
    help="Folder of the games' database (made if missing).",
)
@workers_option("Processes that run the AI's searches.", default=2)
@click.option(
    "--max-searches",
    type=click.IntRange(min=1),
    default=None,
    help="Searches run at once, server-wide (the rest queue)  [default: workers]",
)
@click.option(
    "--broken", is_flag=True, help="List the games that cannot be read (not served), and exit."
)
@click.option("--remove", "remove_id", metavar="ID", help="Delete a game --broken lists, and exit.")
@click.option(
    "--allow-host",
    "allow_hosts",
    multiple=True,
    metavar="NAME[:PORT]",
    help="Another host name the server answers to, e.g. its name behind a proxy.",
)
@click.option(
    "--secret",
    envvar="CADENZA_SECRET",
    show_envvar=True,
    default=None,
    help="Serve only requests that bring this secret (a browser opens /?secret=... once).",
)
@click.option(
    "--rooms-per-hour",
    type=click.IntRange(min=1),
    default=60,
    show_default=True,
    help="New games one client address may start in an hour.",
)
@click.option(
    "--expire",
    default=DEFAULT_EXPIRE,
    show_default=True,
    callback=lambda ctx, param, value: _duration(value),
    help="Remove games nobody has used for this long (s, m, h or d).",
)
def serve(
    host,
    port,
    data_dir,
    workers,
    max_searches,
    broken,
    remove_id,
    allow_hosts,
    secret,
    rooms_per_hour,
    expire,
):
    """Serve the web app: play every game in the browser against the AI.

    \b
    Example:
      cadenza serve --port 8000 --data ~/cadenza-games
      cadenza serve --data ~/cadenza-games --broken   # the games that cannot be read
    """
    import uvicorn

    from cli.serve.app import build_app
    from cli.serve.guard import Access, is_loopback
    from cli.serve.setaside import check_database, maintain
    from cli.serve.storage import StorageError

    try:
        if broken or remove_id is not None:
            if broken and remove_id is not None:
                raise click.UsageError("--broken lists and --remove deletes: give one of them")
            for line in maintain(data_dir, load_registry(), remove_id):
                click.echo(line)
            return
        check_database(data_dir)
    except StorageError as exc:
        raise click.ClickException(str(exc)) from None
    if secret is not None and not secret:
        raise click.BadParameter("the secret must not be empty", param_hint="--secret")
    access = Access(host, port, allow_hosts, secret, rooms_per_hour)
    app = build_app(data_dir, workers, load_registry(), max_searches, access, expire)
    shown = f"[{host}]" if ":" in host else host
    if not is_loopback(host):
        guarded = "only with its secret" if secret else "by anyone: set --secret"
        click.echo(
            f"Warning: {shown} is reachable beyond this machine, and is served {guarded}"
            " (see docs/serving.md)",
            err=True,
        )
    click.echo(f"Cadenza serves at http://{shown}:{port}/ (games kept in {data_dir})")
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=65536)


def _duration(text: str) -> float:
    try:
        return parse_duration(text)
    except ValueError as exc:
        raise click.BadParameter(str(exc)) from None
