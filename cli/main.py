"""The `cadenza` click application: `engine` (the line protocol), `games`,
`searchers`, `selfplay` and `serve`; `match` and `tournament` come from cli/match/,
`play` from cli/play/command.py, `perft`, `bench` and `levels` from their own modules.

Every failure a user can cause is reported as one `Error: ...` line on stderr with
exit code 2 (usage) or 1 (a game that cannot be played), never as a traceback.
"""

import os
import sys
from pathlib import Path

import click

from cli.defaults import DEFAULT_BUDGET_TEXT
from cli.options import (
    load_registry,
    max_actions_option,
    parsed_option,
    players_option,
    seat_spec_of,
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


@main.command()
@click.argument("game")
@players_option()
@parsed_option(
    "--seat",
    "seats",
    parse=seat_spec_of,
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


from cli.play.command import play_command  # noqa: E402  (one module a command)

main.add_command(play_command)

from cli.perft import perft_command  # noqa: E402

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
