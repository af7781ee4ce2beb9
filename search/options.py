"""Searcher options, declared once: each searcher has one frozen `OptionsRecord` of
`Option`s (name, type, range or choices, default, help), and one validator checks
every value against it.

Whoever reads options reads the record: the searcher's constructor
(`record.checked`), the protocol's `go` and `setoption` and the command line's seat
specs (text, through `OptionsRecord.parsed`), `cadenza searchers` and the protocol's
`searchers` (the defaults and help). A record is a read-only mapping from option
name to default, in declaration order, so it reads where a dict of defaults did.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Optional

from engine.validate import is_int, is_number
from search.errors import SearchError

# The range of an integer option that declares none (a plugin's, read from its
# defaults): what a C long holds with room to spare.
INT_LIMIT = 1 << 62
# An error message quotes at most this much of a value it refuses.
SHOWN_CHARS = 40
TRUE_WORDS = ("1", "true", "yes", "on")
FALSE_WORDS = ("0", "false", "no", "off")


def shown(value: Any) -> str:
    """`value` as an error message quotes it: repr, cut to SHOWN_CHARS."""
    text = repr(value)
    return text if len(text) <= SHOWN_CHARS else text[:SHOWN_CHARS] + "..."


@dataclass(frozen=True)
class Option:
    """One option: its name, default (whose type is the option's: bool, int, float or
    str), one line of help, and what values it takes: numbers in lo..hi (an end left
    open with `open_lo`/`open_hi`), text among `choices` (any text if empty)."""

    name: str
    default: Any
    help: str = ""
    lo: Optional[float] = None
    hi: Optional[float] = None
    choices: tuple[str, ...] = ()
    open_lo: bool = False
    open_hi: bool = False

    @property
    def type(self) -> type:
        return type(self.default)

    def parse(self, value: Any) -> Any:
        """`value` (text from the protocol or the command line, or a value already of
        the option's type) converted and checked; SearchError naming the option."""
        if isinstance(value, str) and self.type in (bool, int, float):
            value = self._from_text(value)
        return self.check(value)

    def _from_text(self, text: str) -> Any:
        kind = self.type
        try:
            if kind is bool:
                lowered = text.lower()
                if lowered in TRUE_WORDS or lowered in FALSE_WORDS:
                    return lowered in TRUE_WORDS
                raise ValueError("expected true or false")
            return kind(text)
        except ValueError:  # also an int of more digits than Python converts
            raise SearchError(
                f"option {self.name}={shown(text)[1:-1]} is not a valid {kind.__name__}"
            ) from None

    def check(self, value: Any) -> Any:
        """`value` if the option takes it (an int given to a float option becomes a
        float), else SearchError naming the option and what it takes."""
        kind = self.type
        if kind not in (bool, int, float, str):  # a plugin's default of None: any value
            return value
        if kind is bool:
            if not isinstance(value, bool):
                raise SearchError(f"{self.name} must be true or false, got {shown(value)}")
            return value
        if kind is str:
            if not isinstance(value, str) or (self.choices and value not in self.choices):
                raise SearchError(f"{self.name} must be {self.takes()}, got {shown(value)}")
            return value
        if kind is int and not is_int(value):
            raise SearchError(f"{self.name} must be {self.takes()}, got {shown(value)}")
        if kind is float:
            if not is_number(value) or not math.isfinite(value):
                raise SearchError(f"{self.name} must be {self.takes()}, got {shown(value)}")
            value = float(value)
        if not self.in_range(value):
            raise SearchError(f"{self.name} must be {self.takes()}, got {shown(value)}")
        return value

    def in_range(self, value) -> bool:
        lo, hi = self.bounds()
        above = value > lo if self.open_lo else value >= lo
        below = value < hi if self.open_hi else value <= hi
        return above and below

    def bounds(self) -> tuple[float, float]:
        if self.type is int:
            lo = -INT_LIMIT if self.lo is None else self.lo
            return lo, INT_LIMIT if self.hi is None else self.hi
        return (-math.inf if self.lo is None else self.lo, math.inf if self.hi is None else self.hi)

    def takes(self) -> str:
        """What the option takes, in words: "one of a, b", "an integer in 1..8"."""
        if self.type is str:
            return f"one of {', '.join(self.choices)}" if self.choices else "text"
        lo, hi = self.bounds()
        if self.type is int:
            return f"an integer in {lo}..{hi}"
        if math.isinf(lo) and math.isinf(hi):
            return "a finite number"
        left = "(" if self.open_lo else "["
        right = ")" if self.open_hi else "]"
        return f"a number in {left}{format_bound(lo)}, {format_bound(hi)}{right}"


def format_bound(bound: float) -> str:
    if math.isinf(bound):
        return "-inf" if bound < 0 else "inf"
    return str(int(bound)) if float(bound).is_integer() else str(bound)


@dataclass(frozen=True, eq=False)
class OptionsRecord(Mapping):
    """A searcher's options in order, as a read-only mapping of name to default
    (equal to a dict of the same defaults); `check` (optional) refuses combinations
    no single option can see."""

    options: tuple[Option, ...]
    check: Optional[Callable[[dict[str, Any]], None]] = field(default=None, compare=False)

    @classmethod
    def inferred(cls, defaults: Mapping[str, Any], help: Mapping[str, str]) -> OptionsRecord:
        """The record of options given as a dict of defaults (as a plugin may): each
        option's type is its default's, its range the widest."""
        return cls(
            tuple(Option(name, value, help.get(name, "")) for name, value in defaults.items())
        )

    def __post_init__(self):
        names = [option.name for option in self.options]
        if len(set(names)) != len(names):
            raise ValueError(f"an option named twice in {names}")

    def option(self, name: str) -> Option:
        for option in self.options:
            if option.name == name:
                return option
        raise KeyError(name)

    def __getitem__(self, name: str) -> Any:
        return self.option(name).default

    def __iter__(self) -> Iterator[str]:
        return (option.name for option in self.options)

    def __len__(self) -> int:
        return len(self.options)

    @property
    def help(self) -> dict[str, str]:
        return {option.name: option.help for option in self.options}

    def checked(self, values: Mapping[str, Any], owner: str = "searcher") -> dict[str, Any]:
        """`values` over the defaults, each checked as it is (a searcher's constructor
        takes typed values), then the combination: SearchError for an unknown name
        (listing the known ones), a bad value, or a combination `check` refuses."""
        return self._merged(values, owner, Option.check)

    def parsed(self, values: Mapping[str, Any], owner: str = "searcher") -> dict[str, Any]:
        """As `checked`, but a value may also be text (from the protocol or the
        command line), converted to the option's type first."""
        return self._merged(values, owner, Option.parse)

    def _merged(self, values, owner: str, convert) -> dict[str, Any]:
        unknown = sorted(set(values) - set(self))
        if unknown:
            known = ", ".join(sorted(self)) or "none"
            raise SearchError(f"{owner} has no option {unknown[0]} (options: {known})")
        merged = {option.name: option.default for option in self.options}
        for name, value in values.items():
            merged[name] = convert(self.option(name), value)
        if self.check is not None:
            self.check(merged)
        return merged

    def extended(self, *options: Option, drop: tuple[str, ...] = (), check=None) -> OptionsRecord:
        """This record with `options` first and those named in `drop` left out."""
        kept = tuple(option for option in self.options if option.name not in drop)
        return OptionsRecord(options + kept, check)
