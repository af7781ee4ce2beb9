"""Entrants of a match: a name and who plays, written `NAME=SEARCHER[:opt=v,...]`.

The part after `=` is a seat spec (cli/specs.py), so budgets (`iterations`,
`movetime`) and searcher options are read exactly as selfplay reads them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from cli.gameloop import check_searchers
from cli.specs import OptionError, SeatSpec, parse_seat_spec

# Names end up in tables, plots and JSON: keep them short and unambiguous.
NAME = re.compile(r"^[A-Za-z0-9_.+-]{1,40}$")


@dataclass(frozen=True)
class Entrant:
    """One contestant: its name and the seat spec it plays with."""

    name: str
    spec: SeatSpec

    def __str__(self) -> str:
        return f"{self.name}={self.spec}"


def parse_entrant(text: str, registry=None) -> Entrant:
    """`NAME=SEARCHER[:opt=v,...]` as an Entrant; OptionError if malformed. With a
    registry the searcher and its options are checked too."""
    name, sep, spec_text = text.partition("=")
    if not sep or not spec_text:
        raise OptionError(f"an entrant is NAME=SEARCHER[:opt=v,...], got {text!r}")
    if not NAME.match(name):
        raise OptionError(f"entrant name {name!r} must be 1-40 letters, digits or _.+-")
    return Entrant(name, parse_seat_spec(spec_text, registry))


def check_entrants(registry, game, entrants: list[Entrant]) -> None:
    """OptionError for fewer than two entrants or a repeated name; SearchError for a
    searcher that cannot play `game`."""
    if len(entrants) < 2:
        raise OptionError(f"a match needs at least 2 entrants, got {len(entrants)}")
    seen = set()
    for entrant in entrants:
        if entrant.name in seen:
            raise OptionError(f"entrant name {entrant.name} is given twice")
        seen.add(entrant.name)
    check_searchers(registry, game, [entrant.spec for entrant in entrants])
