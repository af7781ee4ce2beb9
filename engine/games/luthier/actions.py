"""Luthier's action space: one fixed integer range per kind of decision, and the
readable notation of every action (no spaces; e.g. `w5@salon+2`, `take3`,
`buy:wood`, `pay:2i`, `draw:violin`, `notes4`).

A turn with several decisions is a sequence of these atomic actions by one seat;
chance outcomes (card draws, dice) have their own ids after every player action.
The layout is independent of the card data: card-indexed ranges are sized by the
state's limits in tables.py. state.pxd repeats the range starts for C.
"""

from __future__ import annotations

import re

from engine.errors import IllegalActionError
from engine.games.luthier import tables as T

# (name, size) in id order; the start of each range is computed below.
_LAYOUT = [
    ("PLACE", 5 * T.NUM_LOCATIONS * 4),  # chip x location x apprentices 0..3
    ("ACTIVATE", T.NUM_LOCATIONS),
    ("MARKET", 1),
    ("PASS", 1),
    ("TAKE", T.MAX_SLOTS),  # a face-up card of the location's display
    ("ALT", 1),
    ("ALT2", 1),
    ("COINS2", 1),  # the generic fallback
    ("SEARCH_PATRON", 3),  # Salon: by patron type (performer, composer, noble)
    ("SEARCH_TYPE", 3),  # Guild, Repair: by instrument type
    ("SEARCH_ERA", 3),  # Performance: by era
    ("AWARD", 1),  # Balcony main action: claim an award level
    ("ROUGH", 2),  # a roughing-bench slot
    ("FINISH", 2),  # a finishing-bench slot
    ("STOP", 1),  # no second instrument this action
    ("PAY", 16),  # pay with k inspiration, the rest in coins
    ("SPACE", 3),  # patron space on the workbench
    ("GAIN", 3),  # a material of choice
    ("DROP", 3),  # discard a material over the storage limit
    ("GIFT", 6),  # Salon bonus: patron space x gift
    ("REROLL", 2),
    ("KEEPDICE", 1),
    ("INSPIRE", 25),  # spend k inspiration on a performance
    ("SEAT", T.MAX_SPACES),  # orchestra space for a token
    ("BELOW", 2),  # below the line: coins or inspiration
    ("DOUBLE", 2),  # finishing 6+: double this token's bonus, or keep it
    ("TUCK", 3),  # give the card to the patron in that space
    ("NOTUCK", 1),
    ("WAIVE", 3),  # use a free one-material reduction
    ("SUB", 3),  # 2 inspiration replace a repair material
    ("PAYCOST", 1),
    ("RETURN", 2),  # finishing-bench card back to hand
    ("LOAD", T.MAX_KINDS),  # hand card onto an empty roughing slot
    ("SWAP", 2 * T.MAX_KINDS),  # hand card onto a full roughing slot
    ("NOLOAD", 1),
    ("CLAIM", 4 * 3 * 3),  # award slot x level x marker
    ("ROYAL", T.MAX_PATRONS),
    ("SPEC", T.MAX_SPECS),
    ("KEEP", T.MAX_KINDS),  # keep this instrument (setup, reputation c)
    ("ASSIGN", 5),  # chip given to a new specialist
    ("BUY", 3),
    ("SELL", 3),
    ("HIRE", 1),
    ("TRAIN", 2),  # performance, craft
    ("LEAVE", 1),
    ("FAMILY", 2),  # setup: keep dealt family tile 0 or 1
    ("GOALS", 6),  # setup: keep a pair of the four goals
    ("PATRON", 6),  # setup: dealt patron x workbench space
    ("CARD", T.NUM_GLOBAL),  # chance: the card drawn (global id)
    ("NOTES", 7),  # chance: a die shows this many notes
    ("PURPLE", 6),  # chance: the purple die's face
    ("REVEAL", 1),  # chance: hidden chips or family tiles turned up
    ("NOTHING", 1),  # chance: a Search finds no matching card
]

BASE: dict[str, int] = {}
SIZE: dict[str, int] = {}
_start = 0
for _name, _size in _LAYOUT:
    BASE[_name] = _start
    SIZE[_name] = _size
    _start += _size
NUM_ACTIONS = _start
FIRST_CHANCE = BASE["CARD"]

GOAL_PAIRS = ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3))
LOCATION_TEXT = ("salon", "guild", "perform", "repair", "balcony", "rough", "finish")
LEVEL_TEXT = "LMR"


def slug(name: str) -> str:
    """A card or space name as notation: lower case, words joined by dashes."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def place_action(chip: int, location: int, apprentices: int) -> int:
    return BASE["PLACE"] + (chip * T.NUM_LOCATIONS + location) * 4 + apprentices


def claim_action(slot: int, level: int, marker: int) -> int:
    return BASE["CLAIM"] + (slot * 3 + level) * 3 + marker


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
        self.text: dict[int, str] = {}
        self._add_fixed(t)
        # Read case-insensitively: the keys are lower case (claim0M:royal as claim0m:royal).
        self.action: dict[str, int] = {text.lower(): a for a, text in self.text.items()}
        if len(self.action) != len(self.text):
            raise ValueError("two Luthier actions share a notation (ignoring case)")

    def _put(self, action: int, text: str) -> None:
        self.text[action] = text

    def _add_fixed(self, t: T.Tables) -> None:
        put = self._put
        for chip in range(5):
            for loc in range(T.NUM_LOCATIONS):
                for k in range(4):
                    suffix = f"+{k}" if k else ""
                    put(place_action(chip, loc, k), f"w{chip + 1}@{LOCATION_TEXT[loc]}{suffix}")
        for loc in range(T.NUM_LOCATIONS):
            put(BASE["ACTIVATE"] + loc, f"go@{LOCATION_TEXT[loc]}")
        put(BASE["MARKET"], "market")
        put(BASE["PASS"], "pass")
        for s in range(T.MAX_SLOTS):
            put(BASE["TAKE"] + s, f"take{s}")
        put(BASE["ALT"], "alt")
        put(BASE["ALT2"], "alt2")
        put(BASE["COINS2"], "coins2")
        for i in range(3):
            put(BASE["SEARCH_PATRON"] + i, f"search:{T.PATRON_TYPES[i]}")
            put(BASE["SEARCH_TYPE"] + i, f"search:{T.TYPES[i]}")
            put(BASE["SEARCH_ERA"] + i, f"search:{T.ERAS[i]}")
        put(BASE["AWARD"], "award")
        for s in range(2):
            put(BASE["ROUGH"] + s, f"rough{s}")
            put(BASE["FINISH"] + s, f"finish{s}")
            put(BASE["REROLL"] + s, f"reroll{s}")
            put(BASE["RETURN"] + s, f"return{s}")
        put(BASE["STOP"], "stop")
        for k in range(SIZE["PAY"]):
            put(BASE["PAY"] + k, f"pay:{k}i")
        for j in range(3):
            put(BASE["SPACE"] + j, f"space{j}")
            put(BASE["TUCK"] + j, f"tuck{j}")
        for m in range(3):
            put(BASE["GAIN"] + m, f"gain:{T.MATERIALS[m]}")
            put(BASE["DROP"] + m, f"drop:{T.MATERIALS[m]}")
            put(BASE["WAIVE"] + m, f"waive:{T.MATERIALS[m]}")
            put(BASE["SUB"] + m, f"sub:{T.MATERIALS[m]}")
            put(BASE["BUY"] + m, f"buy:{T.MATERIALS[m]}")
            put(BASE["SELL"] + m, f"sell:{T.MATERIALS[m]}")
        for s in range(3):
            for g in range(2):
                put(BASE["GIFT"] + s * 2 + g, f"gift{s}.{g}")
        put(BASE["KEEPDICE"], "keepdice")
        for k in range(SIZE["INSPIRE"]):
            put(BASE["INSPIRE"] + k, f"inspire{k}")
        for s in range(T.MAX_SPACES):
            name = slug(t.space_name[s]) if s < t.n_spaces else f"space-{s}"
            put(BASE["SEAT"] + s, f"seat:{name}")
        put(BASE["BELOW"], "below:coins")
        put(BASE["BELOW"] + 1, "below:insp")
        put(BASE["DOUBLE"], "double:now")
        put(BASE["DOUBLE"] + 1, "double:later")
        put(BASE["NOTUCK"], "notuck")
        put(BASE["PAYCOST"], "paycost")
        for k in range(T.MAX_KINDS):
            name = slug(t.kind_name[k]) if k < t.n_kinds else f"kind-{k}"
            put(BASE["LOAD"] + k, f"load:{name}")
            put(BASE["KEEP"] + k, f"keep:{name}")
            for s in range(2):
                put(BASE["SWAP"] + s * T.MAX_KINDS + k, f"swap{s}:{name}")
        put(BASE["NOLOAD"], "noload")
        for slot in range(4):
            for level in range(3):
                for marker in range(3):
                    put(
                        claim_action(slot, level, marker),
                        f"claim{slot}{LEVEL_TEXT[level]}:{T.MARKERS[marker]}",
                    )
        for p in range(T.MAX_PATRONS):
            name = slug(t.patron_name[p]) if p < t.n_patrons else f"patron-{p}"
            put(BASE["ROYAL"] + p, f"royal:{name}")
        for s in range(T.MAX_SPECS):
            name = slug(t.spec_name[s]) if s < t.n_specs else f"specialist-{s}"
            put(BASE["SPEC"] + s, f"spec:{name}")
        for c in range(5):
            put(BASE["ASSIGN"] + c, f"assign:w{c + 1}")
        put(BASE["HIRE"], "hire")
        put(BASE["TRAIN"], "train:perform")
        put(BASE["TRAIN"] + 1, "train:craft")
        put(BASE["LEAVE"], "leave")
        for i in range(2):
            put(BASE["FAMILY"] + i, f"family{i}")
        for i, (a, b) in enumerate(GOAL_PAIRS):
            put(BASE["GOALS"] + i, f"goals{a}{b}")
        for i in range(2):
            for j in range(3):
                put(BASE["PATRON"] + i * 3 + j, f"patron{i}>space{j}")
        names = global_card_names(t)
        for g in range(T.NUM_GLOBAL):
            put(BASE["CARD"] + g, f"draw:{names.get(g, f'card-{g}')}")
        for v in range(SIZE["NOTES"]):
            put(BASE["NOTES"] + v, f"notes{v}")
        for f in range(6):
            put(BASE["PURPLE"] + f, f"purple{f}")
        put(BASE["REVEAL"], "reveal")
        put(BASE["NOTHING"], "nothing")

    def to_str(self, action) -> str:
        if isinstance(action, bool) or not isinstance(action, int) or action not in self.text:
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
