"""Takt Voll's facts as data: the card catalogue, the deck of each variant and the
rule switches, all read from data/rules.toml (the spec's [seed], [derived] and [assumed]
readings live there, not in code).

The catalogue is one fixed list of card *kinds* shared by every variant, so action
ids never change with the variant. A kind is what the rules can tell apart:

- clef; the time signatures; the bar line;
- unpitched notes, one kind a value: the basic game ignores pitch (spec §2.1,
  "basic-game engines can ignore it"), so its 11 semibreves are one kind;
- pitched notes, one kind a value and staff position: used by the pitch variants;
- rests, one kind a value.

A variant's deck is a count for each kind (zero for the kinds it does not use).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

CLEF, SIGNATURE, BAR, NOTE, REST = "clef", "signature", "bar", "note", "rest"
BAR_SCORES = ("cards", "beats", "units16")
ROTATIONS = ("mirror", "none")
FIRST_SEATS = ("random", "seat0")
RULE_KEYS = (
    "stepwise",
    "max_step",
    "interval_bonus",
    "bonus_steps",
    "removed_signatures",
    "removed_clefs",
    "rests",
    "bar_score",
    "rotation",
    "first_seat",
)
MIN_PLAYERS, MAX_PLAYERS = 3, 8
MAX_ROWS = 4  # the compiled state's row arrays; the clefs bound the rows


def _load() -> dict:
    text = (
        resources.files("engine.games.taktvoll").joinpath("data", "rules.toml").read_text("utf-8")
    )
    return tomllib.loads(text)


DATA = _load()
DECK = DATA["deck"]
# A turned card's note head is mirrored about the middle staff line (spec §2.1, T4):
# staff position y reads as MIRROR_AXIS - y.
MIRROR_AXIS = DECK["mirror_axis"]


@dataclass(frozen=True)
class Kind:
    """One kind of card: what the rules can tell apart."""

    index: int
    name: str  # notation, e.g. "clef", "3/4", "bar", "Q", "QG4", "rQ"
    category: str  # CLEF, SIGNATURE, BAR, NOTE or REST
    value: str = ""  # note/rest value letter (W H Q E S)
    duration: int = 0  # note/rest length in sixteenths
    capacity: int = 0  # a time signature's bar length in sixteenths
    pitch: int | None = None  # staff position of a pitched note
    rotatable: bool = False  # a pitched note of a value that may be turned round
    turnable: bool = False  # rotatable and off the middle line: turned, it reads differently


def _catalogue() -> tuple[Kind, ...]:
    kinds: list[Kind] = []

    def add(**fields):
        kinds.append(Kind(index=len(kinds), **fields))

    add(name="clef", category=CLEF)
    for ts in DECK["time_signatures"]:
        add(name=ts, category=SIGNATURE, capacity=DATA["capacities"][ts])
    add(name="bar", category=BAR)
    durations = DATA["durations"]
    for value in DECK["note_values"]:
        add(name=value, category=NOTE, value=value, duration=durations[value])
    rotatable = set(DECK["rotatable_values"])
    for value in DECK["note_values"]:
        for pitch, pitch_name in zip(DECK["note_pitches"], DECK["pitch_names"], strict=True):
            add(
                name=value + pitch_name,
                category=NOTE,
                value=value,
                duration=durations[value],
                pitch=pitch,
                rotatable=value in rotatable,
                turnable=value in rotatable and pitch != MIRROR_AXIS - pitch,
            )
    for value in DECK["note_values"]:
        add(name="r" + value, category=REST, value=value, duration=durations[value])
    names = [k.name for k in kinds]
    assert len(set(names)) == len(names), "two card kinds share a name"
    return tuple(kinds)


KINDS = _catalogue()
NUM_KINDS = len(KINDS)
KIND_BY_NAME = {kind.name: kind for kind in KINDS}
CLEF_KIND = KIND_BY_NAME["clef"].index
BAR_KIND = KIND_BY_NAME["bar"].index


@dataclass(frozen=True)
class Rules:
    """The rule switches and the deck of one variant."""

    variant: str
    stepwise: bool
    max_step: int
    interval_bonus: bool
    bonus_steps: frozenset
    removed_signatures: tuple
    removed_clefs: int
    rests: bool
    bar_score: str
    rotation: str
    first_seat: str
    composition: tuple  # cards of each kind in the whole deck

    @property
    def pitched(self) -> bool:
        """Pitch matters only in the official variants (spec §2.1)."""
        return self.stepwise or self.interval_bonus

    @property
    def total_cards(self) -> int:
        return sum(self.composition)

    def bar_lines_each(self, players: int) -> int:
        """Bar lines dealt to each seat at the start (spec §3)."""
        return self.composition[BAR_KIND] // players

    def can_turn(self, kind: Kind) -> bool:
        """Whether a card of this kind offers a second orientation (spec §2.1, §5.1)."""
        return self.rotation == "mirror" and kind.turnable

    def bar_points(self, cards: int, capacity: int) -> int:
        """What closing a full bar scores (spec §6, T1)."""
        if self.bar_score == "cards":
            return cards
        if self.bar_score == "beats":
            return capacity // DATA["durations"]["Q"]
        return capacity


def _composition(switches: dict) -> tuple:
    counts = [0] * NUM_KINDS
    counts[CLEF_KIND] = DECK["clefs"] - switches["removed_clefs"]
    for ts in DECK["time_signatures"]:
        if ts not in switches["removed_signatures"]:
            counts[KIND_BY_NAME[ts].index] = 1
    counts[BAR_KIND] = DECK["bar_lines"]
    pitched = switches["stepwise"] or switches["interval_bonus"]
    for kind in KINDS:
        if kind.category == NOTE and pitched and kind.pitch is not None:
            counts[kind.index] = DECK["notes_per_value"] // len(DECK["note_pitches"])
        elif kind.category == NOTE and not pitched and kind.pitch is None:
            counts[kind.index] = DECK["notes_per_value"]
        elif kind.category == REST and switches["rests"]:
            counts[kind.index] = DECK["rest_values"].count(kind.value)
    return tuple(counts)


def _check_switches(switches: dict) -> None:
    if switches["bar_score"] not in BAR_SCORES:
        raise ValueError(f"bar_score must be one of {', '.join(BAR_SCORES)}")
    if switches["rotation"] not in ROTATIONS:
        raise ValueError(f"rotation must be one of {', '.join(ROTATIONS)}")
    if switches["first_seat"] not in FIRST_SEATS:
        raise ValueError(f"first_seat must be one of {', '.join(FIRST_SEATS)}")
    if not 0 <= switches["removed_clefs"] <= DECK["clefs"] - 1:
        raise ValueError("at least one clef must stay in the deck")


VARIANT_NAMES = tuple(name for name in DATA["variants"])
LISTED_VARIANTS = tuple(DATA["listed"]["names"])
DEFAULT_VARIANT = LISTED_VARIANTS[0]


def variant_description(variant: str) -> str:
    """One line on what `variant` (names joined by "+") changes, from rules.toml."""
    return "; ".join(DATA["variants"][part]["description"] for part in variant.split("+"))


@lru_cache(maxsize=None)
def rules_for(variant: str) -> Rules:
    """The Rules of a variant name: a name from rules.toml, or several joined by "+"
    (applied left to right over the defaults). ValueError names what is allowed."""
    if not isinstance(variant, str) or not variant:
        raise ValueError(f"a takt voll variant is a name, got {variant!r}")
    parts = variant.split("+")
    if len(set(parts)) != len(parts):
        raise ValueError(f"variant {variant!r} names a part twice")
    switches = dict(DATA["defaults"])
    for part in parts:
        if part not in DATA["variants"]:
            raise ValueError(
                f"unknown part {part!r} (parts: {', '.join(VARIANT_NAMES)}; join several with +)"
            )
        if part == DEFAULT_VARIANT and len(parts) > 1:
            raise ValueError(f"{DEFAULT_VARIANT} cannot be joined with other parts")
        switches.update({k: v for k, v in DATA["variants"][part].items() if k in RULE_KEYS})
    _check_switches(switches)
    return Rules(
        variant=variant,
        stepwise=bool(switches["stepwise"]),
        max_step=int(switches["max_step"]),
        interval_bonus=bool(switches["interval_bonus"]),
        bonus_steps=frozenset(switches["bonus_steps"]),
        removed_signatures=tuple(switches["removed_signatures"]),
        removed_clefs=int(switches["removed_clefs"]),
        rests=bool(switches["rests"]),
        bar_score=switches["bar_score"],
        rotation=switches["rotation"],
        first_seat=switches["first_seat"],
        composition=_composition(switches),
    )


def parse_variant(variant: str) -> Rules:
    """GameSpec's variant_parser: the Rules, or ValueError."""
    return rules_for(variant)
