"""The `cadenza` click application: `engine` (the line protocol), `games`,
`searchers` and `selfplay`.

Every failure a user can cause is reported as one `Error: ...` line on stderr with
exit code 2 (usage) or 1 (a game that cannot be played), never as a traceback.
"""
import os
import sys

import click

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


def _registry():
    from plugins.manager import default_registry
    return default_registry()


@click.group(cls=CadenzaGroup)
@click.version_option(package_name="cadenza")
def main():
    """Cadenza: an AI opponent engine for music-themed board and card games.

    Front-ends talk to `cadenza engine` over stdin/stdout (protocol version 1);
    the other commands list what is installed and play games between searchers.
    """


@main.command()
def engine():
    """Speak the Cadenza line protocol on stdin/stdout.

    One command a line (try `help`); each answer ends with `ok` or
    `error <message>`. End of input or `quit` exits with code 0.
    """
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
    """List the installed games: players, variants, chance and hidden information."""
    registry = _registry()
    for name in sorted(registry.games):
        spec = registry.games[name]
        facts = [f"{spec.min_players}-{spec.max_players} players"]
        facts.append("chance" if spec.chance else "no chance")
        facts.append("hidden information" if spec.hidden_information else "perfect information")
        click.echo(f"{name}: {', '.join(facts)}")
        click.echo(f"  variants: {', '.join(spec.variants)} (default {spec.default_variant})")
        if spec.description:
            click.echo(f"  {spec.description}")


@main.command()
def searchers():
    """List the installed searchers with their options and defaults."""
    from cli.notation import format_option
    registry = _registry()
    for name in sorted(registry.searchers):
        spec = registry.searchers[name]
        click.echo(f"{name}: {spec.description}" if spec.description else name)
        if spec.options:
            click.echo("  options: " + ", ".join(f"{key}={format_option(value)}"
                                                 for key, value in spec.options.items()))


def _seat_spec(ctx, param, values):
    from cli.specs import parse_seat_spec
    specs = []
    for text in values:
        try:
            specs.append(parse_seat_spec(text, _registry()))
        except (CadenzaError, ValueError) as exc:
            raise click.BadParameter(f"{text!r}: {exc}", ctx=ctx, param=param) from None
    return specs


@main.command()
@click.argument("game")
@click.option("--players", type=click.IntRange(min=1), default=None,
              help="Number of players (default: the game's usual count).")
@click.option("--seat", "seats", multiple=True, required=True, callback=_seat_spec,
              metavar="SPEC",
              help="Who plays: searcher[:opt=v[,opt=v...]], e.g. mcts:iterations=500,c=1.2. "
                   "Options are the budget (iterations, movetime in ms) and the searcher's "
                   "own. Give it once for every seat, or once per seat in seat order.")
@click.option("--seed", type=click.IntRange(0, 2 ** 64 - 1), default=None,
              help="Seed of the deal, the dice and the searches (default: random, printed).")
@click.option("--variant", default=None, help="Rules variant (default: the game's first).")
@click.option("--max-actions", type=click.IntRange(min=1), default=100_000, show_default=True,
              help="Give up on a game that has not ended after this many actions.")
def selfplay(game, players, seats, seed, variant, max_actions):
    """Play one GAME between searchers and print every move and the result.

    \b
    Examples:
      cadenza selfplay tictactoe --seat mcts:iterations=200 --seed 1
      cadenza selfplay pig --seat greedy --seat random --seed 7
    """
    from engine.errors import GameConfigError
    from search.base import SearchError
    from cli.newgame import random_seed
    from cli.selfplay import selfplay as play_one
    from cli.specs import OptionError
    registry = _registry()
    try:
        registry.game(game)
    except CadenzaError as exc:
        raise click.BadParameter(str(exc), param_hint="GAME") from None
    try:
        play_one(registry, game, players, list(seats), random_seed() if seed is None else seed,
                 variant, max_actions, echo=click.echo)
    except (GameConfigError, SearchError, OptionError) as exc:
        # A player count, variant or seat list the game does not take is a usage error.
        raise click.UsageError(str(exc)) from None
