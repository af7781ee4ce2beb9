"""Loads plugins and collects what they register into a Registry.

Built-in plugin modules load first, then entry points of the group `cadenza`. Each
plugin is imported and called on its own, so one that fails is reported by name on
stderr and never takes down the others.
"""

from __future__ import annotations

import functools
import importlib
import sys
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from typing import Any, Callable, Iterable, TextIO

import pluggy

from engine.errors import GameConfigError
from engine.game import GameSpec
from plugins import hookspecs
from search.base import SearchError, SearcherSpec

BUILTIN_PLUGINS = ("plugins.builtin_games", "plugins.builtin_searchers", "plugins.openspiel")
# Searchers of an optional extra, by name prefix: their plugin registers them only when
# the extra is installed, so asking for one without it names the install instead.
EXTRA_SEARCHERS = {"openspiel-": "openspiel"}


def extra_of(searcher: str) -> str | None:
    """The optional extra that provides the searcher named `searcher`, or None."""
    return next((x for prefix, x in EXTRA_SEARCHERS.items() if searcher.startswith(prefix)), None)


ENTRY_POINT_GROUP = "cadenza"
# The searcher to use when none is named (the engine protocol's `go`, `cadenza play`'s
# opponents): the first of these that is installed and can play the game (mcts refuses
# hidden information, where ismcts is the natural stand-in; oos plays only two-seat
# games that keep their history, Leduc, where it comes closest to an equilibrium),
# else any installed one that can.
PREFERRED_SEARCHERS = ("mcts", "oos", "ismcts", "greedy")


@dataclass
class Registry:
    """The games and searchers every loaded plugin registered, by name."""

    games: dict[str, GameSpec] = field(default_factory=dict)
    searchers: dict[str, SearcherSpec] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)

    def game(self, name: str) -> GameSpec:
        try:
            return self.games[name]
        except KeyError:
            raise GameConfigError(
                f"unknown game: {name} (games: {', '.join(sorted(self.games))})"
            ) from None

    def searcher(self, name: str) -> SearcherSpec:
        try:
            return self.searchers[name]
        except KeyError:
            extra = extra_of(name)
            if extra is not None and not any(extra_of(s) == extra for s in self.searchers):
                raise SearchError(
                    f"searcher {name} needs the {extra} extra: pip install 'cadenza[{extra}]'"
                ) from None
            raise SearchError(
                f"unknown searcher: {name} (searchers: {', '.join(sorted(self.searchers))})"
            ) from None

    def default_searcher(self, game: GameSpec) -> str:
        """The name of the searcher to use for `game` when none is named: the first
        of PREFERRED_SEARCHERS installed that can play it, else any installed one
        that can; SearchError if none can."""
        for name in list(PREFERRED_SEARCHERS) + sorted(self.searchers):
            spec = self.searchers.get(name)
            if spec is not None and spec.can_play(game):
                return name
        raise SearchError(f"no installed searcher can play {game.name}")


def _register_into(
    table: dict, kind: type, plugin: str, errors: list[str]
) -> Callable[[Any], None]:
    def register(spec: Any) -> None:
        if not isinstance(spec, kind):
            raise TypeError(f"register() takes a {kind.__name__}, got {type(spec).__name__}")
        if spec.name in table:
            errors.append(f"plugin {plugin}: {spec.name!r} is already registered; kept the first")
            return
        table[spec.name] = spec

    return register


def _collect(
    pm: pluggy.PluginManager,
    registry: Registry,
    hook: str,
    table: dict,
    kind: type,
    report: Callable[[str], None],
) -> None:
    # Each implementation is called separately (not through pm.hook.<name>(), which
    # stops at the first exception), and what it registered is kept only if it
    # finished: a plugin that fails half-way leaves nothing behind.
    # get_hookimpls() lists implementations in registration (= load) order; pluggy
    # itself calls them newest first, which would let a plugin shadow a built-in.
    for impl in getattr(pm.hook, hook).get_hookimpls():
        staged: dict = {}
        errors: list[str] = []
        try:
            impl.function(register=_register_into(staged, kind, impl.plugin_name, errors))
        except Exception as exc:  # a plugin's bug must not stop the others
            report(f"plugin {impl.plugin_name} failed in {hook}: {type(exc).__name__}: {exc}")
            continue
        for name, spec in staged.items():
            if name in table:
                errors.append(
                    f"plugin {impl.plugin_name}: {name!r} is already registered; kept the first"
                )
            else:
                table[name] = spec
        for message in errors:
            report(message)


def _plugin_sources(include_entry_points: bool) -> Iterable[tuple[str, Callable[[], Any]]]:
    for module in BUILTIN_PLUGINS:
        yield module, functools.partial(importlib.import_module, module)
    if include_entry_points:
        for ep in entry_points(group=ENTRY_POINT_GROUP):
            yield ep.name, ep.load


def load_registry(
    include_entry_points: bool = True,
    stderr: TextIO | None = None,
    extra_plugins: Iterable[tuple[str, Any]] = (),
) -> Registry:
    """Load every plugin and return what they registered. Failures are written to
    `stderr` (default sys.stderr), one line each, and kept in `registry.errors`."""
    registry = Registry()

    def report(message: str) -> None:
        message = " ".join(message.split())  # one line each, even for multi-line errors
        registry.errors.append(message)
        print(f"cadenza: {message}", file=stderr or sys.stderr)

    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    sources = list(_plugin_sources(include_entry_points))
    sources += [(name, (lambda obj=obj: obj)) for name, obj in extra_plugins]
    for name, load in sources:
        try:
            plugin = load()
            if pm.is_registered(plugin) or pm.get_plugin(name) is not None:
                continue
            pm.register(plugin, name=name)
        except Exception as exc:  # an import error in one plugin must not stop the rest
            report(f"plugin {name} failed to load: {type(exc).__name__}: {exc}")
    _collect(pm, registry, "cadenza_register_games", registry.games, GameSpec, report)
    _collect(pm, registry, "cadenza_register_searchers", registry.searchers, SearcherSpec, report)
    return registry


@functools.lru_cache(maxsize=1)
def default_registry() -> Registry:
    """The registry of the installed plugins, loaded once per process."""
    return load_registry()
