"""Parsing of `key=value` options and of seat specs (`searcher[:opt=v[,opt=v...]]`,
or `level:N` for the game's default searcher at a level a person can choose).

One parser for the engine protocol (`go iterations=500 c=1.2`) and for the command
line (`--seat mcts:iterations=500,c=1.2`), so both read budgets and searcher options
the same way. `selfplay`, `match` and `play` share the seat-spec parser.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Mapping, Optional

from cli.defaults import DEFAULT_MOVETIME_MS
from engine.errors import CadenzaError
from search.base import BUDGET_LIMITS, Budget, SearchError, SearcherSpec

# Budget keys as a user writes them, and the Budget field each one sets.
BUDGET_KEYS = {"iterations": "iterations", "movetime": "movetime_ms"}
# The budget of a decision whose seat spec or `go`/`hint` names none (cli/defaults.py).
DEFAULT_BUDGET = Budget(movetime_ms=DEFAULT_MOVETIME_MS)
MAX_SEED = 2**64 - 1
# The seat spec `level:N` (cli/levels/ladder.py): the game's default searcher at level N.
LEVEL_SEAT = "level"
MIN_LEVEL, MAX_LEVEL = 1, 10
# An error message quotes at most this much of a value it refuses.
SHOWN_CHARS = 40


class OptionError(CadenzaError, ValueError):
    """A malformed `key=value` option or seat spec."""


def parse_assignments(tokens: Iterable[str], what: str = "option") -> dict[str, str]:
    """`key=value` tokens as a dict, in order. A token without `=`, an empty key or a
    key given twice is an OptionError naming the token."""
    result: dict[str, str] = {}
    for token in tokens:
        key, sep, value = token.partition("=")
        if not sep or not key:
            raise OptionError(f"expected {what} key=value, got {token!r}")
        if key in result:
            raise OptionError(f"{what} {key} given twice")
        result[key] = value
    return result


def parse_int(key: str, value: str, lo: int, hi: int) -> int:
    """`value` as an integer in [lo, hi]: every number a user types has a range."""
    try:
        number = int(value, 10)
    except ValueError:  # also a number of more digits than Python converts
        raise OptionError(f"{key} must be an integer, got {quoted(value)}") from None
    if not lo <= number <= hi:
        shown = number if len(value) <= SHOWN_CHARS else quoted(value)
        raise OptionError(f"{key} must be {lo}..{hi}, got {shown}")
    return number


def quoted(value: str, most: int = SHOWN_CHARS) -> str:
    """`value` quoted for an error message, cut to `most` characters: an answer stays
    one short line whatever was sent."""
    return repr(value) if len(value) <= most else repr(value[:most]) + "..."


def parse_seed(value: str, key: str = "seed") -> int:
    return parse_int(key, value, 0, MAX_SEED)


def parse_level(text: str, key: str = "level") -> int:
    """`text` as a level 1..10 (OptionError otherwise)."""
    return parse_int(key, text, MIN_LEVEL, MAX_LEVEL)


def parse_budget(options: Mapping[str, str]) -> Budget:
    """The Budget that the budget keys among `options` describe (others are ignored),
    DEFAULT_BUDGET if they name none."""
    fields = {
        BUDGET_KEYS[key]: parse_budget_value(key, value)
        for key, value in options.items()
        if key in BUDGET_KEYS
    }
    return Budget(**fields) if fields else DEFAULT_BUDGET


def parse_budget_value(key: str, value: str) -> int:
    """One budget key's value (`iterations` or `movetime`) in its range."""
    return parse_int(key, value, 1, BUDGET_LIMITS[BUDGET_KEYS[key]])


@dataclass(frozen=True)
class SeatSpec:
    """Who plays a seat: a searcher name, its budget and its other options (as text,
    converted by SearcherSpec.create)."""

    searcher: str
    budget: Budget = DEFAULT_BUDGET
    options: dict[str, str] = field(default_factory=dict)
    # Set for `level:N`: the level's searcher, budget and noise come from the game's
    # ladder (searcher is then LEVEL_SEAT, budget the default, for level 10).
    level: Optional[int] = None

    def __str__(self) -> str:
        if self.level is not None:
            return f"{LEVEL_SEAT}:{self.level}"
        # The default budget goes unsaid: `random` reads as typed, and a spec written
        # before there was a default keeps its identity (match folders, save files).
        budget = [] if self.budget == DEFAULT_BUDGET else self.budget_items()
        parts = [f"{key}={value}" for key, value in budget]
        parts += [f"{key}={value}" for key, value in self.options.items()]
        return self.searcher + (":" + ",".join(parts) if parts else "")

    def budget_items(self) -> list[tuple[str, int]]:
        return [
            (key, getattr(self.budget, attr))
            for key, attr in BUDGET_KEYS.items()
            if getattr(self.budget, attr) is not None
        ]


def parse_seat_spec(text: str, registry=None) -> SeatSpec:
    """`searcher[:opt=v[,opt=v...]]` as a SeatSpec. With a registry, the searcher must
    be registered and every option must be one it has, with a value of the right type
    (check_searcher_options: nothing is built)."""
    name, _, rest = text.partition(":")
    if not name:
        raise OptionError(f"a seat is searcher[:opt=v,...], got {text!r}")
    if name == LEVEL_SEAT:
        return level_seat(rest)
    tokens = rest.split(",") if rest else []
    options = parse_assignments(tokens, what="seat option")
    if LEVEL_SEAT in options:
        raise OptionError(
            f"a level is a seat of its own: write level:N (the game's default searcher "
            f"at level N), not {name}:level=..."
        )
    budget = parse_budget(options)
    searcher_options = {k: v for k, v in options.items() if k not in BUDGET_KEYS}
    if registry is not None:
        check_searcher_options(registry.searcher(name), searcher_options)
    return SeatSpec(name, budget, searcher_options)


def level_seat(rest: str) -> SeatSpec:
    """The SeatSpec of `level:<rest>`: a level and nothing else (a level is a whole
    setting, so a budget or searcher option beside it is refused)."""
    if not rest or "=" in rest or "," in rest:
        raise OptionError(
            f"a level seat is level:N with N {MIN_LEVEL}..{MAX_LEVEL} and no other options, "
            f"got level:{rest}"
        )
    return SeatSpec(LEVEL_SEAT, DEFAULT_BUDGET, {}, parse_level(rest))


def level_spec(level: int) -> SeatSpec:
    """The seat that plays the game's default searcher at `level` (OptionError unless
    it is 1..10): the one place a `level:N` seat is built from a number."""
    return level_seat(str(level))


def check_searcher_options(spec: SearcherSpec, options: Mapping[str, str]) -> None:
    """SearchError unless `spec` accepts `options`: every name declared, every value
    of its default's type and in its range (SearcherSpec.checked_options).

    The factory is never called: building a searcher can start what it needs
    (a plugin's searcher may open files or start processes), and a seat spec is checked while the
    command line is still being parsed."""
    check_option_names(spec, options, BUDGET_KEYS)
    spec.checked_options(**options)


def check_option_names(spec: SearcherSpec, options: Mapping[str, str], others) -> None:
    """SearchError (as SearcherSpec.checked_options raises) for the first of `options`
    that neither `spec` nor `others` (the options the command itself takes, such as
    the budget) accepts; its message lists every accepted option."""
    unknown = sorted(set(options) - set(spec.options) - set(others))
    if unknown:
        accepted = ", ".join([*others, *sorted(spec.options)])
        raise SearchError(f"searcher {spec.name} has no option {unknown[0]} (options: {accepted})")
