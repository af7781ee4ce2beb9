"""What the click commands share: the plugin registry, loaded when a command first
needs it (so `--help` stays fast), callbacks that parse repeated options, and the
options several commands take."""

from __future__ import annotations

from typing import Any, Callable, Optional

import click

from cli.defaults import MAX_ACTIONS
from engine.errors import CadenzaError


def load_registry():
    from plugins.manager import default_registry

    return default_registry()


def parse_each(parse: Callable[[str, Any], Any]) -> Callable:
    """A click callback that turns each value of a multiple option into
    `parse(text, registry)`; a bad one is refused by name in one line."""

    def callback(ctx, param, values):
        parsed = []
        for text in values:
            try:
                parsed.append(parse(text, load_registry()))
            except (CadenzaError, ValueError) as exc:
                raise click.BadParameter(f"{text!r}: {exc}", ctx=ctx, param=param) from None
        return parsed

    return callback


def one_parsed(parse: Callable[[str, Any], Any]) -> Callable:
    """parse_each for an option given at most once (None when it is not given)."""
    each = parse_each(parse)

    def callback(ctx, param, value):
        return None if value is None else each(ctx, param, [value])[0]

    return callback


def seat_spec_of(text: str, registry):
    """A seat spec (`mcts:iterations=500`), for parse_each."""
    from cli.specs import parse_seat_spec  # imported when an option is parsed, not at --help

    return parse_seat_spec(text, registry)


# ---- options several commands take (each command says in its help what they mean to it)


def seed_option(help: str, default: Optional[int] = None):
    """--seed: any 64-bit seed (a default is shown in the help when there is one)."""
    return click.option(
        "--seed",
        type=click.IntRange(0, 2**64 - 1),
        default=default,
        show_default=default is not None,
        help=help,
    )


def count_option(*decls: str, help: str, default: int, minimum: int = 1, metavar=None):
    """A whole number from `minimum` up, its default shown in the help."""
    return click.option(
        *decls,
        type=click.IntRange(min=minimum),
        default=default,
        show_default=True,
        metavar=metavar,
        help=help,
    )


def positive_float_option(*decls: str, help: str, default=None, metavar=None):
    """A number above 0; a default is shown in the help when there is one."""
    return click.option(
        *decls,
        type=click.FloatRange(min=0, min_open=True),
        default=default,
        show_default=default is not None,
        metavar=metavar,
        help=help,
    )


def parsed_option(*decls: str, parse, metavar: str, help: str, required: bool = False):
    """A repeatable option, each value `parse(text, registry)` (see parse_each)."""
    return click.option(
        *decls,
        multiple=True,
        required=required,
        callback=parse_each(parse),
        metavar=metavar,
        help=help,
    )


def games_option(help: str, default: int, minimum: int = 1):
    """--games: how many games a run plays."""
    return count_option("--games", help=help, default=default, minimum=minimum)


def max_actions_option(help: str):
    """--max-actions: where a game that does not end is given up."""
    return count_option("--max-actions", help=help, default=MAX_ACTIONS)


def series_target_option(help: str):
    """--series-target: games whose scores add up until a seat reaches POINTS."""
    return positive_float_option("--series-target", metavar="POINTS", help=help)


def workers_option(help: str, default: Optional[int] = None):
    """--workers: games (or searches) run at once, in worker processes."""
    return click.option(
        "--workers",
        type=click.IntRange(min=1),
        default=default,
        show_default=default is not None,
        help=help,
    )


def out_option(help: str, required: bool = False):
    """--out: the folder a run writes its files to."""
    return click.option(
        "--out", required=required, default=None, type=click.Path(file_okay=False), help=help
    )


def players_option(help: str = "Number of players (default: the game's usual count)."):
    return click.option("--players", type=click.IntRange(min=1), default=None, help=help)


def variant_option():
    return click.option(
        "--variant", default=None, help="Rules variant (default: the game's first)."
    )
