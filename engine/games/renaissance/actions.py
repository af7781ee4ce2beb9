"""Maestro: da Vinci vs Michelangelo's action space: one fixed range of integer ids
for every kind of atomic action and chance outcome, and their short notation
(e.g. `A2/1@moveR`, `FLO>SIE`, `lodge:R>B`, `up:A4/0>A5/1`, `deal:B3/0`), shared by
the compiled state and the reference. Sizes follow the components (components.py).
"""

from __future__ import annotations

from engine.errors import IllegalActionError
from engine.games.renaissance.components import COMPONENTS as C
from engine.validate import is_int

SEATS = 2
SECTIONS = ("A", "B")
NUM_COLOURS = 4

T = C.num_cards
R = C.num_regions
DESTINATIONS = C.num_spaces + 1  # the Action spaces, then Gossip
NB = len(C.benefactor_names)
B = C.num_blueprints
# Michelangelo may spend any of his matching Resources [seed]: ids go up to this many,
# beyond what a game can gather in one colour (each round moves at most 12
# Collectors, and the Study track pays a few more).
MAX_SPEND = 99


class _Layout:
    """Consecutive id ranges, one a kind of action, in the order they are added."""

    def __init__(self):
        self.size = 0

    def add(self, count: int) -> int:
        base = self.size
        self.size += count
        return base


def _multisets(kinds: int, size: int) -> list[tuple[int, ...]]:
    """Every multiset of `size` card kinds as a rising tuple, in lexicographic order."""
    if size == 0:
        return [()]
    return [
        (first,) + rest
        for first in range(kinds)
        for rest in _multisets(kinds, size - 1)
        if not rest or rest[0] >= first
    ]


# The set-aside choice is one action: which cards (a multiset of C.aside kinds).
ASIDE_SETS = _multisets(T, C.aside)
ASIDE_INDEX = {cards: k for k, cards in enumerate(ASIDE_SETS)}

_layout = _Layout()
PLAY = _layout.add(T * DESTINATIONS)  # card * DESTINATIONS + destination
ASIDE = _layout.add(len(ASIDE_SETS))  # index into ASIDE_SETS
USE = _layout.add(NB)
SPEND = _layout.add(MAX_SPEND + 1)  # Michelangelo's bonus: spend k Resources
RELOCATE = _layout.add(R * R)  # from * R + to
DONE = _layout.add(1)
FLORENCE = _layout.add(1)
CENTERPIECES = _layout.add(1)
REGION = _layout.add(R)
LODGE = _layout.add(NUM_COLOURS * NUM_COLOURS)  # from area * 4 + to area
UPGRADE_HAND = _layout.add(T * T)  # old card * T + new card
UPGRADE_BOARD = _layout.add(C.draw * T)  # slot * T + new card
COVER = _layout.add(B * NUM_COLOURS)  # blueprint * 4 + colour
EDGE = _layout.add(C.num_edges)
TAKE = _layout.add(NUM_COLOURS)  # a bonus tile's Resource of any colour
MERCHANT = _layout.add(NUM_COLOURS * 2)  # colour * 2 + section
BUILD_BLUEPRINT = _layout.add(B)
BUILD_FRESCO = _layout.add(C.num_frescoes)
PAY = _layout.add(NUM_COLOURS * 2)  # colour * 2 + section
PLAYER_ACTIONS = _layout.size
DEAL = _layout.add(T)  # chance: a card drawn into a hand
REFILL = _layout.add(T)  # chance: a card into an Upgrade display
TILE = _layout.add(len(C.tile_names))  # chance: a Study Bonus tile placed
PATRONESS = _layout.add(len(C.patroness_names))
FIRST = _layout.add(SEATS)
BENEFACTOR = _layout.add(NB)
GRAY = _layout.add(R)
NUM_ACTIONS = _layout.size


def _names() -> list[str]:
    names = [""] * NUM_ACTIONS
    dest_names = C.space_names + ["gossip"]
    for card in range(T):
        for dest in range(DESTINATIONS):
            names[PLAY + card * DESTINATIONS + dest] = f"{C.card_names[card]}@{dest_names[dest]}"
        names[DEAL + card] = f"deal:{C.card_names[card]}"
        names[REFILL + card] = f"refill:{C.card_names[card]}"
        for new in range(T):
            names[UPGRADE_HAND + card * T + new] = f"up:{C.card_names[card]}>{C.card_names[new]}"
    for k, cards in enumerate(ASIDE_SETS):
        names[ASIDE + k] = "aside:" + "+".join(C.card_names[card] for card in cards)
    for slot in range(C.draw):
        for new in range(T):
            names[UPGRADE_BOARD + slot * T + new] = f"up:slot{slot + 1}>{C.card_names[new]}"
    for b in range(NB):
        names[USE + b] = f"use:{C.benefactor_names[b]}"
        names[BENEFACTOR + b] = f"benefactor:{C.benefactor_names[b]}"
    for k in range(MAX_SPEND + 1):
        names[SPEND + k] = f"spend{k}"
    for a in range(R):
        for b in range(R):
            names[RELOCATE + a * R + b] = f"{C.region_names[a]}>{C.region_names[b]}"
        names[REGION + a] = f"cp:{C.region_names[a]}"
        names[GRAY + a] = f"gray:{C.region_names[a]}"
    names[DONE] = "done"
    names[FLORENCE] = "florence"
    names[CENTERPIECES] = "centerpieces"
    for a in range(NUM_COLOURS):
        for b in range(NUM_COLOURS):
            names[LODGE + a * NUM_COLOURS + b] = f"lodge:{C.colour_names[a]}>{C.colour_names[b]}"
        names[TAKE + a] = f"take:{C.colour_names[a]}"
        for s in range(2):
            names[MERCHANT + a * 2 + s] = f"merchant:{C.colour_names[a]}.{SECTIONS[s]}"
            names[PAY + a * 2 + s] = f"pay:{C.colour_names[a]}.{SECTIONS[s]}"
        for bp in range(B):
            names[COVER + bp * NUM_COLOURS + a] = (
                f"cover:{C.blueprint_names[bp]}.{C.colour_names[a]}"
            )
    for e in range(C.num_edges):
        names[EDGE + e] = f"tile:{C.edge_names[e]}"
    for bp in range(B):
        names[BUILD_BLUEPRINT + bp] = f"build:{C.blueprint_names[bp]}"
    for f in range(C.num_frescoes):
        names[BUILD_FRESCO + f] = f"build:{C.fresco_names[f]}"
    for k, name in enumerate(C.tile_names):
        names[TILE + k] = f"bonus:{name}"
    for k, name in enumerate(C.patroness_names):
        names[PATRONESS + k] = f"patroness:{name}"
    for seat in range(SEATS):
        names[FIRST + seat] = f"first:{seat}"
    return names


ACTION_NAMES = _names()
ACTION_IDS = {name: action for action, name in enumerate(ACTION_NAMES)}
assert len(ACTION_IDS) == NUM_ACTIONS and all(ACTION_NAMES), "action names are unique"


# Each kind's first id, rising; a kind's ids run up to the next kind's first.
KINDS = (
    ("play", PLAY),
    ("aside", ASIDE),
    ("use", USE),
    ("spend", SPEND),
    ("relocate", RELOCATE),
    ("done", DONE),
    ("florence", FLORENCE),
    ("centerpieces", CENTERPIECES),
    ("region", REGION),
    ("lodge", LODGE),
    ("upgrade_hand", UPGRADE_HAND),
    ("upgrade_board", UPGRADE_BOARD),
    ("cover", COVER),
    ("edge", EDGE),
    ("take", TAKE),
    ("merchant", MERCHANT),
    ("build_blueprint", BUILD_BLUEPRINT),
    ("build_fresco", BUILD_FRESCO),
    ("pay", PAY),
    ("deal", DEAL),
    ("refill", REFILL),
    ("tile", TILE),
    ("patroness", PATRONESS),
    ("first", FIRST),
    ("benefactor", BENEFACTOR),
    ("gray", GRAY),
)


def kind_of(action: int) -> tuple[str, int]:
    """(kind, offset within the kind's ids) of an action id in 0..NUM_ACTIONS-1."""
    found = KINDS[0]
    for kind in KINDS:
        if kind[1] > action:
            break
        found = kind
    return found[0], action - found[1]


# The notation in any letter case: "a2/1@mover" is A2/1@moveR.
_FOLDED = {name.lower(): action for action, name in enumerate(ACTION_NAMES)}
assert len(_FOLDED) == NUM_ACTIONS, "action names differ in more than letter case"


def action_to_str(action) -> str:
    if not is_int(action) or not 0 <= action < NUM_ACTIONS:
        raise IllegalActionError(f"a renaissance action is 0..{NUM_ACTIONS - 1}, got {action!r}")
    return ACTION_NAMES[action]


def str_to_action(text) -> int:
    """The action written as `text`, in any letter case."""
    if isinstance(text, str) and text in ACTION_IDS:
        return ACTION_IDS[text]
    if not isinstance(text, str) or text.lower() not in _FOLDED:
        raise IllegalActionError(
            f"{text!r} is not a renaissance action "
            f"(e.g. A2/1@moveR, aside:A1/2+A3/0+B2/1, FLO>SIE, lodge:R>B, "
            f"up:A1/2>A4/2, build:FM, done, deal:B3/0)"
        )
    return _FOLDED[text.lower()]
