"""Luthier's action space: one fixed integer range per kind of decision, and the
readable notation of every action (no spaces; e.g. `w5@salon+2`, `take3`,
`buy:wood`, `pay:2i`, `draw:violin`, `notes4`).

A turn with several decisions is a sequence of these atomic actions by one seat;
chance outcomes (card draws, dice) have their own ids after every player action.
KINDS is the one table of action kinds, in id order: each kind's name, the size of
its range, its notation and whether the web board draws it on the element it names
(else it is a button). The starts of the ranges (BASE) follow from it; state.pyx
reads them at import, words.py and render.py key their texts by kind name.
The layout is independent of the card data: card-indexed ranges are sized by the
state's limits in tables.py.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from engine.errors import IllegalActionError
from engine.games.luthier import tables as T
from engine.validate import is_int

GOAL_PAIRS = ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3))
LOCATION_TEXT = ("salon", "guild", "perform", "repair", "balcony", "rough", "finish")
LEVEL_TEXT = "LMR"


def slug(name: str) -> str:
    """A card or space name as notation: lower case, words joined by dashes."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


@dataclass(frozen=True)
class ActionKind:
    name: str
    size: int
    text: Callable  # (offset in the range, Tables) -> the action's notation
    on_board: bool = False  # the web board draws it on the element it names
    base: int = 0  # the first action id of the range (set by _layout)


def _fixed(word: str) -> Callable:
    return lambda k, t: word


def _pick(*words: str) -> Callable:
    return lambda k, t: words[k]


def _numbered(prefix: str) -> Callable:
    return lambda k, t: f"{prefix}{k}"


def _named(prefix: str, values) -> Callable:
    return lambda k, t: f"{prefix}:{values[k]}"


def _card_named(prefix: str, names: str, count: str, fallback: str) -> Callable:
    """A card-indexed range: the card's slug, or `fallback-k` past the data's cards."""

    def text(k, t):
        name = slug(getattr(t, names)[k]) if k < getattr(t, count) else f"{fallback}-{k}"
        return f"{prefix}{name}"

    return text


def _place(k, t) -> str:
    chip, rest = divmod(k, T.NUM_LOCATIONS * 4)
    loc, appr = divmod(rest, 4)
    return f"w{chip + 1}@{LOCATION_TEXT[loc]}" + (f"+{appr}" if appr else "")


def _swap(k, t) -> str:
    slot, kind = divmod(k, T.MAX_KINDS)
    return _card_named(f"swap{slot}:", "kind_name", "n_kinds", "kind")(kind, t)


def _claim(k, t) -> str:
    slot, rest = divmod(k, 9)
    level, marker = divmod(rest, 3)
    return f"claim{slot}{LEVEL_TEXT[level]}:{T.MARKERS[marker]}"


_CARD_NAMES: dict = {}


def _draw(k, t) -> str:
    if id(t) not in _CARD_NAMES:
        _CARD_NAMES[id(t)] = global_card_names(t)
    return f"draw:{_CARD_NAMES[id(t)].get(k, f'card-{k}')}"


_KIND_TEXT = _card_named("", "kind_name", "n_kinds", "kind")
_MATERIAL = T.MATERIALS

# In id order; the start of each range follows from the sizes before it.
_KINDS = (
    ActionKind("PLACE", 5 * T.NUM_LOCATIONS * 4, _place, True),  # chip x location x apprentices
    ActionKind("ACTIVATE", T.NUM_LOCATIONS, lambda k, t: f"go@{LOCATION_TEXT[k]}", True),
    ActionKind("MARKET", 1, _fixed("market"), True),
    ActionKind("PASS", 1, _fixed("pass")),
    ActionKind("TAKE", T.MAX_SLOTS, _numbered("take"), True),  # a face-up card of the display
    ActionKind("ALT", 1, _fixed("alt"), True),
    ActionKind("ALT2", 1, _fixed("alt2"), True),
    ActionKind("COINS2", 1, _fixed("coins2"), True),  # the generic fallback
    # Salon: by patron type (performer, composer, noble); Guild, Repair: by instrument
    # type; Performance: by era.
    ActionKind("SEARCH_PATRON", 3, _named("search", T.PATRON_TYPES), True),
    ActionKind("SEARCH_TYPE", 3, _named("search", T.TYPES), True),
    ActionKind("SEARCH_ERA", 3, _named("search", T.ERAS), True),
    ActionKind("AWARD", 1, _fixed("award")),  # Balcony main action: claim an award level
    ActionKind("ROUGH", 2, _numbered("rough"), True),  # a roughing-bench slot
    ActionKind("FINISH", 2, _numbered("finish"), True),  # a finishing-bench slot
    ActionKind("STOP", 1, _fixed("stop")),  # no second instrument this action
    ActionKind("PAY", 16, lambda k, t: f"pay:{k}i"),  # k inspiration, the rest in coins
    ActionKind("SPACE", 3, _numbered("space"), True),  # patron space on the workbench
    ActionKind("GAIN", 3, _named("gain", _MATERIAL), True),  # a material of choice
    ActionKind("DROP", 3, _named("drop", _MATERIAL), True),  # a material over the limit
    ActionKind("GIFT", 6, lambda k, t: "gift{}.{}".format(*divmod(k, 2)), True),  # space x gift
    ActionKind("REROLL", 2, _numbered("reroll")),
    ActionKind("KEEPDICE", 1, _fixed("keepdice")),
    ActionKind("INSPIRE", 25, _numbered("inspire")),  # spend k inspiration on a performance
    ActionKind("SEAT", T.MAX_SPACES, _card_named("seat:", "space_name", "n_spaces", "space"), True),
    ActionKind("BELOW", 2, _pick("below:coins", "below:insp")),  # below the line
    ActionKind("DOUBLE", 2, _pick("double:now", "double:later")),  # finishing 6+: this token
    ActionKind("TUCK", 3, _numbered("tuck"), True),  # give the card to that space's patron
    ActionKind("NOTUCK", 1, _fixed("notuck")),
    ActionKind("WAIVE", 3, _named("waive", _MATERIAL)),  # a free one-material reduction
    ActionKind("SUB", 3, _named("sub", _MATERIAL)),  # 2 inspiration replace a material
    ActionKind("PAYCOST", 1, _fixed("paycost")),
    ActionKind("RETURN", 2, _numbered("return"), True),  # finishing-bench card back to hand
    ActionKind("LOAD", T.MAX_KINDS, lambda k, t: "load:" + _KIND_TEXT(k, t), True),
    ActionKind("SWAP", 2 * T.MAX_KINDS, _swap, True),  # hand card onto a full roughing slot
    ActionKind("NOLOAD", 1, _fixed("noload")),
    ActionKind("CLAIM", 4 * 3 * 3, _claim, True),  # award slot x level x marker
    ActionKind("ROYAL", T.MAX_PATRONS, _card_named("royal:", "patron_name", "n_patrons", "patron")),
    ActionKind("SPEC", T.MAX_SPECS, _card_named("spec:", "spec_name", "n_specs", "specialist")),
    # Keep this instrument (setup, reputation c).
    ActionKind("KEEP", T.MAX_KINDS, lambda k, t: "keep:" + _KIND_TEXT(k, t), True),
    ActionKind("ASSIGN", 5, lambda k, t: f"assign:w{k + 1}"),  # chip given to a new specialist
    ActionKind("BUY", 3, _named("buy", _MATERIAL), True),
    ActionKind("SELL", 3, _named("sell", _MATERIAL), True),
    ActionKind("HIRE", 1, _fixed("hire"), True),
    ActionKind("TRAIN", 2, _pick("train:perform", "train:craft"), True),
    ActionKind("LEAVE", 1, _fixed("leave"), True),
    ActionKind("FAMILY", 2, _numbered("family"), True),  # setup: keep dealt family tile 0 or 1
    ActionKind("GOALS", 6, lambda k, t: "goals{}{}".format(*GOAL_PAIRS[k])),  # setup: a pair
    # Setup: dealt patron x workbench space.
    ActionKind("PATRON", 6, lambda k, t: "patron{}>space{}".format(*divmod(k, 3))),
    ActionKind("CARD", T.NUM_GLOBAL, _draw),  # chance: the card drawn (global id)
    ActionKind("NOTES", 7, _numbered("notes")),  # chance: a die shows this many notes
    ActionKind("PURPLE", 6, _numbered("purple")),  # chance: the purple die's face
    ActionKind("REVEAL", 1, _fixed("reveal")),  # chance: hidden chips or family tiles turned up
    ActionKind("NOTHING", 1, _fixed("nothing")),  # chance: a Search finds no matching card
)


def _layout(kinds) -> dict[str, ActionKind]:
    out, start = {}, 0
    for kind in kinds:
        out[kind.name] = ActionKind(kind.name, kind.size, kind.text, kind.on_board, start)
        start += kind.size
    return out


KINDS: dict[str, ActionKind] = _layout(_KINDS)
BASE: dict[str, int] = {name: kind.base for name, kind in KINDS.items()}
SIZE: dict[str, int] = {name: kind.size for name, kind in KINDS.items()}
NUM_ACTIONS = sum(SIZE.values())
FIRST_CHANCE = BASE["CARD"]


def place_action(chip: int, location: int, apprentices: int) -> int:
    return BASE["PLACE"] + (chip * T.NUM_LOCATIONS + location) * 4 + apprentices


def claim_action(slot: int, level: int, marker: int) -> int:
    return BASE["CLAIM"] + (slot * 3 + level) * 3 + marker


def kind_of(action: int) -> tuple[str, int]:
    """(kind name, offset in its range) of an action id; ValueError for none."""
    for kind in KINDS.values():
        if kind.base <= action < kind.base + kind.size:
            return kind.name, action - kind.base
    raise ValueError(f"no Luthier action has the number {action!r}")


def global_card_names(t: T.Tables) -> dict[int, str]:
    """Global card id -> notation name, for every card in the data."""
    names = {}
    for base, block in t.card_blocks():
        for i, name in enumerate(block):
            names[base + i] = slug(name)
    return names


class Notation:
    """Both directions of the notation, built once from the card data."""

    def __init__(self, t: T.Tables):
        self.text: dict[int, str] = {
            kind.base + k: kind.text(k, t) for kind in KINDS.values() for k in range(kind.size)
        }
        # Read case-insensitively: the keys are lower case (claim0M:royal as claim0m:royal).
        self.action: dict[str, int] = {text.lower(): a for a, text in self.text.items()}
        if len(self.action) != len(self.text):
            raise ValueError("two Luthier actions share a notation (ignoring case)")

    def to_str(self, action) -> str:
        if not is_int(action) or action not in self.text:
            raise IllegalActionError(
                f"a Luthier action is an integer 0..{NUM_ACTIONS - 1}, got {action!r}"
            )
        return self.text[action]

    def to_action(self, text) -> int:
        if not isinstance(text, str) or text.lower() not in self.action:
            raise IllegalActionError(
                f"{text!r} names no Luthier action "
                "(e.g. w5@salon+1, go@guild, take0, buy:wood, pass)"
            )
        return self.action[text.lower()]


_NOTATION: list = []


def notation() -> Notation:
    """The notation for the installed card data (built once)."""
    if not _NOTATION:
        _NOTATION.append(Notation(T.load_tables()))
    return _NOTATION[0]
