"""What the click commands share: the plugin registry, loaded when a command first
needs it (so `--help` stays fast), and callbacks that parse repeated options."""

from __future__ import annotations

from typing import Any, Callable

import click

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
