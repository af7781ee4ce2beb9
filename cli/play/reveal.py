"""Information the game reveals at a real table (a hand shown at a showdown), typed
by the person, for any game.

Table mode keeps the person's observation as its whole knowledge. When an action
makes that observation depend on what the person had not seen (the worlds sampled
from the old observation disagree after it), the observation's leaves that differ
are exactly what was revealed: the person types their values and the observation
is completed with them. Leaves are named by paths through the JSON (`opponent`,
`hands.1.0`).
"""

from __future__ import annotations

import copy
import json
from dataclasses import asdict, dataclass, field
from typing import Any

from cli.play.errors import PlayError
from cli.play.seatview import value_text

SEPARATOR = "."
_MISSING = object()  # a path that one observation lacks


def leaves(data: Any, prefix: str = "") -> dict[str, Any]:
    """Every scalar (and empty container) of a JSON value by its path."""
    if isinstance(data, dict) and data:
        items = data.items()
    elif isinstance(data, list) and data:
        items = enumerate(data)
    else:
        return {prefix: data}
    result: dict[str, Any] = {}
    for key, value in items:
        result.update(leaves(value, f"{prefix}{SEPARATOR}{key}" if prefix else str(key)))
    return result


def get_path(data: Any, path: str) -> Any:
    for part in path.split(SEPARATOR):
        data = data[int(part)] if isinstance(data, list) else data[part]
    return data


def set_path(data: Any, path: str, value: Any) -> None:
    parts = path.split(SEPARATOR)
    for part in parts[:-1]:
        data = data[int(part)] if isinstance(data, list) else data[part]
    last = parts[-1]
    if isinstance(data, list):
        data[int(last)] = value
    else:
        data[last] = value


def has_path(data: Any, path: str) -> bool:
    try:
        get_path(data, path)
        return True
    except (KeyError, IndexError, ValueError, TypeError):
        return False


def differing_paths(observations: list[dict]) -> list[str]:
    """The paths whose values are not the same in every observation, in the order of
    the first. Where the observations differ in shape (a list longer in one), the
    nearest container that every observation has is the path."""
    flat = [leaves(obs) for obs in observations]
    paths: list[str] = []
    for path in dict.fromkeys(p for f in flat for p in f):
        values = [f.get(path, _MISSING) for f in flat]
        if all(v == values[0] for v in values[1:]) and values[0] is not _MISSING:
            continue
        while not all(has_path(obs, path) for obs in observations):
            path = path.rpartition(SEPARATOR)[0]
        if path and path not in paths and not any(path.startswith(p + SEPARATOR) for p in paths):
            paths = [p for p in paths if not p.startswith(path + SEPARATOR)] + [path]
    return paths


@dataclass
class Reveal:
    """A reveal the person still has to type: the observation after the action in
    one world (`base`), the paths whose values it has to take from the person, and
    their values in the sampled worlds (offered for completion)."""

    cause: str
    base: dict
    paths: list[str]
    # The values at `paths` in each sampled world: every row is a consistent reveal.
    samples: list[list] = field(default_factory=list)
    values: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def between(cls, cause: str, observations: list[dict]) -> "Reveal":
        paths = differing_paths(observations)
        samples = [[get_path(obs, path) for path in paths] for obs in observations]
        return cls(cause, copy.deepcopy(observations[0]), paths, samples)

    def seen(self, path: str) -> list:
        """The values `path` has in the sampled worlds, each once."""
        column = self.paths.index(path)
        values: list = []
        for row in self.samples:
            if row[column] not in values:
                values.append(row[column])
        return values

    def missing(self) -> list[str]:
        return [p for p in self.paths if p not in self.values]

    def prompt(self) -> str:
        """What to type next, in one line."""
        path = self.missing()[0]
        offered = " ".join(value_text(v) for v in self.seen(path))
        return f"{self.cause} reveals {path}: type it (possible, for example: {offered})"

    def completions(self) -> list[str]:
        missing = self.missing()
        if not missing:
            return []
        return [text_of(v) for v in self.seen(missing[0])]

    def assign(self, token: str) -> None:
        """Take `path=value`, or a bare value for the next path still missing."""
        path, sep, text = token.partition("=")
        if sep and path in self.paths:
            target = path
        else:
            missing = self.missing()
            if not missing:
                raise PlayError("nothing more to reveal")
            target, text = missing[0], token
        self.values[target] = parse_value(text, self.seen(target))

    def observation(self) -> dict:
        """The base observation with the typed values in place."""
        result = copy.deepcopy(self.base)
        for path, value in self.values.items():
            set_path(result, path, value)
        return result

    def to_dict(self) -> dict:
        """Its fields, as Reveal(**...) takes them back (a deep copy)."""
        return asdict(self)


def expand_short(token: str, offered: list[str]) -> str:
    """The offered text that `token` stands for: itself, the same text in another case
    ("KH" for Kh), or the part after a kind's prefix ("violin" for tile:violin), when
    exactly one offered text fits; otherwise `token` unchanged (it is then refused
    with the game's own message)."""
    if token in offered:
        return token
    wanted = token.lower()
    for key in (str.lower, lambda text: text.rpartition(":")[2].lower()):
        fits = {text for text in offered if key(text) == wanted}
        if len(fits) == 1:
            return fits.pop()
    return token


def text_of(value: Any) -> str:
    """A value as the person types it: strings bare, null as `-`, the rest as JSON."""
    if isinstance(value, str):
        return value
    if value is None:
        return "-"
    return json.dumps(value, separators=(",", ":"))


def parse_value(text: str, seen: list) -> Any:
    """A typed value: `-` is null; text is a string when the values seen there are
    strings, else JSON (a number, true/false, a list), falling back to the string."""
    if text == "-":
        return None
    if seen and all(isinstance(v, str) or v is None for v in seen):
        return expand_short(text, [v for v in seen if isinstance(v, str)])
    try:
        return json.loads(text)
    except ValueError:
        return text
