"""The hooks a Cadenza plugin implements.

A plugin is a module (or object) with functions marked `@hookimpl`; third-party
packages expose it under the entry-point group `cadenza` in their pyproject.toml:

    [project.entry-points.cadenza]
    mygame = "mygame.plugin"

Built-in games and searchers are registered through these same hooks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pluggy

if TYPE_CHECKING:  # annotations only: plugins/ must not import the games at load
    from engine.game import GameSpec
    from search.base import SearcherSpec

PROJECT = "cadenza"

hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


@hookspec
def cadenza_register_games(register: Callable[["GameSpec"], None]) -> None:
    """Register games: call `register(spec)` once for each `engine.game.GameSpec`
    the plugin provides. A name already taken is reported and the first one kept."""


@hookspec
def cadenza_register_searchers(register: Callable[["SearcherSpec"], None]) -> None:
    """Register searchers: call `register(spec)` once for each
    `search.base.SearcherSpec` the plugin provides. A name already taken is reported
    and the first one kept."""
