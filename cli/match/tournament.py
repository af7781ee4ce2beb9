"""`cadenza tournament GAME --config FILE.toml`: a round robin of many entrants,
described in a TOML file and played by the same machinery as `cadenza match`.

    rounds = 2                  # whole blocks: every lineup in every seating, per round
    players = 2                 # optional: the game's usual count
    seed = 7                    # optional: random (and printed) when absent
    all_orders = true           # optional: every order around the table, not only rotations
    # variant, series_target, max_actions, time_margin_ms, decision_timeout_s,
    # workers, backend, address and out are optional too.

    [entrants]
    mcts-1k = "mcts:iterations=1000"
    ismcts = "ismcts:iterations=1000"
    greedy = "greedy"
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from cli.match.entrants import parse_entrant
from cli.match.runner import MatchConfig
from cli.match.schedule import seatings
from cli.specs import OptionError
from engine.errors import CadenzaError

KEYS = {
    "rounds",
    "games",
    "players",
    "variant",
    "seed",
    "all_orders",
    "series_target",
    "max_actions",
    "time_margin_ms",
    "decision_timeout_s",
    "workers",
    "backend",
    "address",
    "out",
    "entrants",
    "game",
}


class TournamentConfigError(OptionError):
    """A tournament file that cannot be read or does not describe a tournament."""


def _typed(data: dict, key: str, kind, lo=None) -> Any:
    value = data.get(key)
    if value is None:
        return None
    # Python counts True as an int: only a key of kind bool may hold a boolean.
    if isinstance(value, bool) != (kind is bool) or not isinstance(value, kind):
        names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise TournamentConfigError(f"{key} must be a {names}, got {value!r}")
    if lo is not None and value < lo:
        raise TournamentConfigError(f"{key} must be at least {lo}, got {value!r}")
    return value


def load_tournament(path: Path, game_name: str, registry) -> tuple[MatchConfig, dict]:
    """The MatchConfig a tournament file describes, and its run settings (workers,
    backend, address, out) for the command line to fill in where not given."""
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise TournamentConfigError(f"cannot read {path}: {exc.strerror}") from None
    except tomllib.TOMLDecodeError as exc:
        raise TournamentConfigError(f"{path} is not valid TOML: {exc}") from None
    unknown = sorted(set(data) - KEYS)
    if unknown:
        raise TournamentConfigError(
            f"{path}: unknown key {unknown[0]} (keys: {', '.join(sorted(KEYS))})"
        )
    if data.get("game", game_name) != game_name:
        raise TournamentConfigError(f"{path} is for {data['game']}, not {game_name}")
    table = data.get("entrants")
    if not isinstance(table, dict) or not table:
        raise TournamentConfigError(
            f'{path}: an [entrants] table of NAME = "SEARCHER[:opt=v,...]" is needed'
        )
    entrants = []
    for name, spec in table.items():
        if not isinstance(spec, str):
            raise TournamentConfigError(
                f'entrant {name} must be a string like "mcts:iterations=500"'
            )
        try:
            entrants.append(parse_entrant(f"{name}={spec}", registry))
        except (CadenzaError, ValueError) as exc:
            raise TournamentConfigError(f"{path}: entrant {name} = {spec!r}: {exc}") from None
    players = _typed(data, "players", int, 1)
    if "rounds" in data and "games" in data:
        raise TournamentConfigError(f"{path}: give rounds or games, not both")
    games = _typed(data, "games", int, 1)
    all_orders = _typed(data, "all_orders", bool) or False
    if games is None:
        rounds = _typed(data, "rounds", int, 1) or 1
        count = players if players is not None else registry.game(game_name).players_default
        games = (
            rounds * len(seatings(len(entrants), count, all_orders))
            if len(entrants) >= 2
            else rounds
        )
    config = MatchConfig(
        game=game_name,
        entrants=entrants,
        games=games,
        players=players,
        variant=_typed(data, "variant", str),
        seed=_typed(data, "seed", int, 0),
        series_target=_typed(data, "series_target", (int, float)),
        kind="tournament",
        all_orders=all_orders,
    )
    for key, kind, lo in (
        ("max_actions", int, 1),
        ("time_margin_ms", int, 0),
        ("decision_timeout_s", (int, float), 0),
    ):
        value = _typed(data, key, kind, lo)
        if value is not None:  # absent: MatchConfig's default
            setattr(config, key, value)
    settings = {
        "workers": _typed(data, "workers", int, 1),
        "backend": _typed(data, "backend", str),
        "address": _typed(data, "address", str),
        "out": _typed(data, "out", str),
    }
    return config, settings
