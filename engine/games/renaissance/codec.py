"""Maestro: da Vinci vs Michelangelo's formats, shared by the compiled state and the
pure-Python reference: the phases of a turn, the "raw" form of a position (plain
ints and lists, the one thing both implementations read and write), its JSON
layout and its validation. The action space and its notation are in actions.py, the
observation and the sampling of what a seat cannot see in views.py.

Only the *format* lives here; the rules are written twice on purpose, in state.pyx
and reference.py, so that the differential tests can compare them.

The raw form is a dict with these keys (seats are 0 = da Vinci, 1 = Michelangelo;
colours, regions, cards... are the indices of components.py):
  variant, round (0-based), phase (PHASES index), first, mover (-1: none)
  gray[R], centerpiece[R] (-1 none, else the owner), standing[4], lying[4]
  tiles[bonus spaces] (-1: not placed yet), patrons[patronesses] (1: revealed),
  bene_deck[benefactors]
  bp_cover[blueprints][4], bp_done[blueprints], markers (da Vinci's, left)
  edges[edge spaces] (1: covered), frescoes[grid], mi_tiles (Michelangelo's, left)
  per seat (lists of 2): vp, study, res[2 sections][4], reserve, supply, art[R],
    deck[T], hand[T], aside[T], known_hand[T], known_aside[T],
    slots = [[card, destination, publicity override or -1], ...] in play order
    (the Gossip slot's card is -1 where it is hidden), gossip_known, gossip_pile,
    bene[benefactors], upg[T] (Upgrade deck left), display[T]
  turn: bene_used, cardinal, slot, char, effort, ap, last, stage, covers, pay[4],
    pay_any
"""

from __future__ import annotations

import copy
from typing import NamedTuple

from engine.errors import StateFormatError
from engine.games.renaissance.actions import ACTION_NAMES, NB, NUM_COLOURS, SEATS, SECTIONS, B, R, T
from engine.games.renaissance.components import COMPONENTS as C
from engine.state import CHANCE_PLAYER as CHANCE
from engine.state import TERMINAL_PLAYER as TERMINAL
from engine.validate import check_int, get_int, get_str, require

GAME_NAME = "renaissance"

# ---- phases -------------------------------------------------------------------------

PHASES = (
    "gray",
    "tiles",
    "patronesses",
    "display",
    "first",
    "draw",
    "aside",
    "turn",
    "courier",
    "merchant",
    "bonus",
    "move",
    "create",
    "regions",
    "influence",
    "upgrade",
    "cover",
    "colour",
    "refill",
    "benefactor",
    "projects",
    "pay",
    "over",
)
(
    P_GRAY,
    P_TILES,
    P_PATRONESS,
    P_DISPLAY,
    P_FIRST,
    P_DRAW,
    P_ASIDE,
    P_TURN,
    P_COURIER,
    P_MERCHANT,
    P_BONUS,
    P_MOVE,
    P_CREATE,
    P_REGIONS,
    P_INFLUENCE,
    P_UPGRADE,
    P_COVER,
    P_COLOUR,
    P_REFILL,
    P_BENEFACTOR,
    P_PROJECTS,
    P_PAY,
    P_OVER,
) = range(len(PHASES))
CHANCE_PHASES = frozenset(
    (P_GRAY, P_TILES, P_PATRONESS, P_DISPLAY, P_FIRST, P_DRAW, P_REFILL, P_BENEFACTOR)
)
# Phases inside a Workshop's turn (the mover is set): those from turn to pay, in
# PHASES order.
TURN_PHASES = frozenset(range(P_TURN, P_PAY + 1))
# Study: the next step of the current space.
STAGE_ADVANCE, STAGE_SPACE, STAGE_TILE = 0, 1, 2
STAGES = ("advance", "space", "tile")


def variant_flags(name: str):
    """The rule flags of a named variant."""
    if name not in C.variants:
        raise StateFormatError(
            f"renaissance has no variant {name!r} (variants: {', '.join(C.variant_names)})"
        )
    return C.variants[name]


# ---- the raw form --------------------------------------------------------------------


def new_raw(variant: str) -> dict:
    """The position before the setup's chance events (2: setup)."""
    flags = variant_flags(variant)
    seat = lambda: {  # noqa: E731 - a per-seat template, built twice
        "vp": 0,
        "study": 0,
        "res": copy.deepcopy(C.start_resources),
        "reserve": C.start_reserve,
        "supply": C.start_supply,
        "art": [C.start_florence if r == C.florence else 0 for r in range(R)],
        "deck": list(C.starting_deck),
        "hand": [0] * T,
        "aside": [0] * T,
        "known_hand": [0] * T,
        "known_aside": [0] * T,
        "slots": [],
        "gossip_known": 0,
        "gossip_pile": 0,
        "bene": [0] * NB,
        "upg": list(C.upgrade_deck),
        "display": [0] * T,
    }
    seats = [seat(), seat()]
    raw = {
        "variant": variant,
        "round": 0,
        "phase": P_GRAY if flags.random_gray else P_TILES,
        "first": -1,
        "mover": -1,
        "gray": [0] * R if flags.random_gray else list(C.fixed_gray),
        "centerpiece": [-1] * R,
        "standing": [C.collectors_per_area] * NUM_COLOURS,
        "lying": [0] * NUM_COLOURS,
        "tiles": [-1] * len(C.bonus_spaces),
        "patrons": [0] * len(C.patroness_names),
        "bene_deck": list(C.benefactor_count),
        "bp_cover": [[0] * NUM_COLOURS for _ in range(B)],
        "bp_done": [0] * B,
        "markers": C.markers,
        "edges": [0] * C.num_edges,
        "frescoes": [0] * C.num_frescoes,
        "mi_tiles": C.upgrade_tiles,
        "turn": new_turn(),
    }
    for key in SEAT_KEYS:
        raw[key] = [seats[0][key], seats[1][key]]
    return raw


SEAT_KEYS = (
    "vp",
    "study",
    "res",
    "reserve",
    "supply",
    "art",
    "deck",
    "hand",
    "aside",
    "known_hand",
    "known_aside",
    "slots",
    "gossip_known",
    "gossip_pile",
    "bene",
    "upg",
    "display",
)


def new_turn() -> dict:
    """The pending facts of a turn, at rest."""
    return {
        "bene_used": 0,
        "cardinal": 0,
        "slot": -1,
        "char": -1,
        "effort": 0,
        "ap": 0,
        "last": -1,
        "stage": 0,
        "covers": 0,
        "pay": [0] * NUM_COLOURS,
        "pay_any": 0,
    }


# ---- JSON layout -----------------------------------------------------------------------


def _counts(values, names) -> dict:
    return {name: v for name, v in zip(names, values, strict=False) if v}


def _slot_json(slot, hidden: bool) -> list:
    card, dest, override = slot
    dest_name = "gossip" if dest == C.gossip else C.space_names[dest]
    shown = None if card < 0 or hidden else C.card_names[card]
    return [shown if not hidden else "?", dest_name, None if override < 0 else override]


def _workshop_json(raw: dict, s: int, hide: bool) -> dict:
    """Seat s's Workshop; with `hide`, as its rival sees it."""
    gossip_hidden = hide and not raw["gossip_known"][s]
    data = {
        "vp": raw["vp"][s],
        "study": raw["study"][s],
        "resources": {SECTIONS[k]: _counts(raw["res"][s][k], C.colour_names) for k in range(2)},
        "reserve": raw["reserve"][s],
        "supply": raw["supply"][s],
        "artworks": _counts(raw["art"][s], C.region_names),
        "deck": _counts(raw["deck"][s], C.card_names),
        "known_hand": _counts(raw["known_hand"][s], C.card_names),
        "known_aside": _counts(raw["known_aside"][s], C.card_names),
        "board": [
            _slot_json(slot, gossip_hidden and slot[1] == C.gossip) for slot in raw["slots"][s]
        ],
        "gossip_known": bool(raw["gossip_known"][s]),
        "gossip_pile": "aside" if raw["gossip_pile"][s] else "hand",
        "benefactors": _counts(raw["bene"][s], C.benefactor_names),
        "upgrade_deck": _counts(raw["upg"][s], C.card_names),
        "display": _counts(raw["display"][s], C.card_names),
    }
    if hide:
        data["hand_size"] = sum(raw["hand"][s])
        data["aside_size"] = sum(raw["aside"][s])
    else:
        data["hand"] = _counts(raw["hand"][s], C.card_names)
        data["aside"] = _counts(raw["aside"][s], C.card_names)
    return data


def _turn_json(turn: dict) -> dict:
    return {
        "benefactor_used": bool(turn["bene_used"]),
        "cardinal": turn["cardinal"],
        "slot": None if turn["slot"] < 0 else turn["slot"] + 1,
        "character": None if turn["char"] < 0 else SECTIONS[turn["char"]],
        "effort": turn["effort"],
        "ap": turn["ap"],
        "last": None if turn["last"] < 0 else ACTION_NAMES[turn["last"]],
        "stage": STAGES[turn["stage"]],
        "covers": turn["covers"],
        "pay": _counts(turn["pay"], C.colour_names),
        "pay_any": turn["pay_any"],
    }


class Position(NamedTuple):
    """A whole position: its raw form and the seat to move (CHANCE, TERMINAL)."""

    raw: dict
    to_move: int


def state_dict(pos: Position, hide_seat: int = -1) -> dict:
    """The JSON layout of a position (`hide_seat`: that Workshop as its rival sees it)."""
    raw, to_move = pos
    return {
        "game": GAME_NAME,
        "variant": raw["variant"],
        "round": raw["round"] + 1,
        "phase": PHASES[raw["phase"]],
        "to_move": to_move,
        "first": None if raw["first"] < 0 else raw["first"],
        "mover": None if raw["mover"] < 0 else raw["mover"],
        "gray": [C.region_names[r] for r in range(R) if raw["gray"][r]],
        "centerpieces": {C.region_names[r]: o for r, o in enumerate(raw["centerpiece"]) if o >= 0},
        "lodge": {
            "standing": _counts(raw["standing"], C.colour_names),
            "lying": _counts(raw["lying"], C.colour_names),
        },
        "study_tiles": [None if k < 0 else C.tile_names[k] for k in raw["tiles"]],
        "patronesses": [C.patroness_names[p] for p, on in enumerate(raw["patrons"]) if on],
        "benefactor_deck": _counts(raw["bene_deck"], C.benefactor_names),
        "blueprints": {
            C.blueprint_names[b]: {
                "covered": _counts(raw["bp_cover"][b], C.colour_names),
                "done": bool(raw["bp_done"][b]),
            }
            for b in range(B)
        },
        "markers": raw["markers"],
        "sistine": {
            "covered": [C.edge_names[e] for e in range(C.num_edges) if raw["edges"][e]],
            "done": [C.fresco_names[f] for f in range(C.num_frescoes) if raw["frescoes"][f]],
            "tiles": raw["mi_tiles"],
        },
        "workshops": [_workshop_json(raw, s, s == hide_seat) for s in range(SEATS)],
        "turn": _turn_json(raw["turn"]),
    }


# ---- parsing -------------------------------------------------------------------------


def _get(data: dict, key: str):
    if not isinstance(data, dict):
        raise StateFormatError(f"expected an object holding {key!r}, got {data!r}")
    if key not in data:
        raise StateFormatError(f"missing field {key!r}")
    return data[key]


def _name_index(value, names, what: str) -> int:
    if not isinstance(value, str) or value not in names:
        raise StateFormatError(f"{what} must be one of {', '.join(names)}, got {value!r}")
    return names.index(value)


def _parse_counts(value, names, what: str, hi: int = 999) -> list[int]:
    if not isinstance(value, dict):
        raise StateFormatError(f"{what} must be an object of counts, got {value!r}")
    out = [0] * len(names)
    for key, count in value.items():
        out[_name_index(key, names, f"a key of {what}")] = check_int(count, f"{what}[{key}]", 1, hi)
    return out


def _parse_bool(value, what: str) -> int:
    if not isinstance(value, bool):
        raise StateFormatError(f"{what} must be true or false, got {value!r}")
    return int(value)


def _parse_list_of_names(value, names, what: str) -> list[int]:
    if not isinstance(value, list):
        raise StateFormatError(f"{what} must be a list, got {value!r}")
    flags = [0] * len(names)
    for item in value:
        k = _name_index(item, names, f"an entry of {what}")
        require(not flags[k], f"{what} names {item} twice")
        flags[k] = 1
    return flags


def _parse_slot(value, hidden_ok: bool, what: str) -> list[int]:
    if not isinstance(value, list) or len(value) != 3:
        raise StateFormatError(f"{what} must be [card, destination, override], got {value!r}")
    card_name, dest_name, override = value
    dest = _name_index(dest_name, C.space_names + ["gossip"], f"{what}'s destination")
    if card_name == "?" and hidden_ok and dest == C.gossip:
        card = -1
    else:
        card = _name_index(card_name, C.card_names, f"{what}'s card")
    if override is None:
        override = -1
    else:
        override = check_int(override, f"{what}'s publicity override", 0, 99)
        require(dest != C.gossip, f"{what}: a Gossip card has no publicity override")
    return [card, dest, override]


def _parse_workshop(data, s: int, hidden: bool) -> dict:
    where = f"workshops[{s}]"
    if not isinstance(data, dict):
        raise StateFormatError(f"{where} must be an object")
    res = _get(data, "resources")
    if not isinstance(res, dict) or set(res) != set(SECTIONS):
        raise StateFormatError(f"{where}.resources must have sections A and B, got {res!r}")
    out = {
        "vp": get_int(data, "vp", 0, 9999),
        "study": get_int(data, "study", 0, C.track_length),
        "res": [_parse_counts(res[k], C.colour_names, f"{where}.resources.{k}") for k in SECTIONS],
        "reserve": get_int(data, "reserve", 0, C.artworks),
        "supply": get_int(data, "supply", 0, C.artworks),
        "art": _parse_counts(
            _get(data, "artworks"), C.region_names, f"{where}.artworks", C.artworks
        ),
        "deck": _parse_counts(_get(data, "deck"), C.card_names, f"{where}.deck", C.deck_size),
        "known_hand": _parse_counts(
            _get(data, "known_hand"), C.card_names, f"{where}.known_hand", C.draw
        ),
        "known_aside": _parse_counts(
            _get(data, "known_aside"), C.card_names, f"{where}.known_aside", C.draw
        ),
        "gossip_known": _parse_bool(_get(data, "gossip_known"), f"{where}.gossip_known"),
        "gossip_pile": _name_index(
            _get(data, "gossip_pile"), ["hand", "aside"], f"{where}.gossip_pile"
        ),
        "bene": _parse_counts(
            _get(data, "benefactors"), C.benefactor_names, f"{where}.benefactors", 99
        ),
        "upg": _parse_counts(_get(data, "upgrade_deck"), C.card_names, f"{where}.upgrade_deck", 99),
        "display": _parse_counts(
            _get(data, "display"), C.card_names, f"{where}.display", C.display_size
        ),
    }
    board = _get(data, "board")
    if not isinstance(board, list) or len(board) > C.draw:
        raise StateFormatError(f"{where}.board must be a list of at most {C.draw} cards")
    out["slots"] = [
        _parse_slot(slot, hidden and not out["gossip_known"], f"{where}.board[{k}]")
        for k, slot in enumerate(board)
    ]
    if hidden:
        out["hand_size"] = get_int(data, "hand_size", 0, C.draw)
        out["aside_size"] = get_int(data, "aside_size", 0, C.draw)
        out["hand"] = [0] * T
        out["aside"] = [0] * T
    else:
        out["hand"] = _parse_counts(_get(data, "hand"), C.card_names, f"{where}.hand", C.draw)
        out["aside"] = _parse_counts(_get(data, "aside"), C.card_names, f"{where}.aside", C.draw)
    return out


def _parse_turn(data) -> dict:
    if not isinstance(data, dict):
        raise StateFormatError("turn must be an object")
    slot = _get(data, "slot")
    char = _get(data, "character")
    last = _get(data, "last")
    return {
        "bene_used": _parse_bool(_get(data, "benefactor_used"), "turn.benefactor_used"),
        "cardinal": get_int(data, "cardinal", 0, 99),
        "slot": -1 if slot is None else check_int(slot, "turn.slot", 1, C.draw) - 1,
        "char": -1 if char is None else _name_index(char, list(SECTIONS), "turn.character"),
        "effort": get_int(data, "effort", 0, 99),
        "ap": get_int(data, "ap", 0, 99),
        "last": -1 if last is None else _name_index(last, ACTION_NAMES, "turn.last"),
        "stage": _name_index(_get(data, "stage"), list(STAGES), "turn.stage"),
        "covers": get_int(data, "covers", 0, C.markers_per_upgrade),
        "pay": _parse_counts(_get(data, "pay"), C.colour_names, "turn.pay", 9),
        "pay_any": get_int(data, "pay_any", 0, 9),
    }


def parse(data: dict, hide_seat: int = -1) -> dict:
    """The raw form of a state dict (or of an observation, whose `hide_seat`
    Workshop has hand_size/aside_size in place of its cards), ranges checked."""
    if not isinstance(data, dict):
        raise StateFormatError("a renaissance position is a JSON object")
    variant = get_str(data, "variant", C.variant_names)
    first, mover = _get(data, "first"), _get(data, "mover")
    lodge = _get(data, "lodge")
    sistine = _get(data, "sistine")
    blueprints = _get(data, "blueprints")
    if not isinstance(blueprints, dict) or set(blueprints) != set(C.blueprint_names):
        raise StateFormatError(f"blueprints must hold exactly {', '.join(C.blueprint_names)}")
    tiles = _get(data, "study_tiles")
    if not isinstance(tiles, list) or len(tiles) != len(C.bonus_spaces):
        raise StateFormatError(f"study_tiles must list {len(C.bonus_spaces)} tiles (or nulls)")
    centerpieces = _get(data, "centerpieces")
    if not isinstance(centerpieces, dict):
        raise StateFormatError("centerpieces must be an object of region: seat")
    workshops = _get(data, "workshops")
    if not isinstance(workshops, list) or len(workshops) != SEATS:
        raise StateFormatError("workshops must list the two Workshops")
    raw = {
        "variant": variant,
        "round": get_int(data, "round", 1, C.rounds) - 1,
        "phase": _name_index(_get(data, "phase"), list(PHASES), "phase"),
        "first": -1 if first is None else check_int(first, "first", 0, 1),
        "mover": -1 if mover is None else check_int(mover, "mover", 0, 1),
        "gray": _parse_list_of_names(_get(data, "gray"), C.region_names, "gray"),
        "centerpiece": [-1] * R,
        "standing": _parse_counts(
            _get(lodge, "standing"), C.colour_names, "lodge.standing", C.collectors
        ),
        "lying": _parse_counts(_get(lodge, "lying"), C.colour_names, "lodge.lying", C.collectors),
        "tiles": [-1 if t is None else _name_index(t, C.tile_names, "a study tile") for t in tiles],
        "patrons": _parse_list_of_names(
            _get(data, "patronesses"), C.patroness_names, "patronesses"
        ),
        "bene_deck": _parse_counts(
            _get(data, "benefactor_deck"), C.benefactor_names, "benefactor_deck", 99
        ),
        "bp_cover": [],
        "bp_done": [],
        "markers": get_int(data, "markers", 0, C.markers),
        "edges": _parse_list_of_names(_get(sistine, "covered"), C.edge_names, "sistine.covered"),
        "frescoes": _parse_list_of_names(_get(sistine, "done"), C.fresco_names, "sistine.done"),
        "mi_tiles": get_int(sistine, "tiles", 0, C.upgrade_tiles),
        "turn": _parse_turn(_get(data, "turn")),
    }
    for name, owner in centerpieces.items():
        r = _name_index(name, C.region_names, "a centerpieces key")
        require(C.gallery[r] >= 0, f"{name} has no Gallery to hold a Centerpiece")
        raw["centerpiece"][r] = check_int(owner, f"centerpieces[{name}]", 0, 1)
    for name in C.blueprint_names:
        entry = blueprints[name]
        raw["bp_cover"].append(
            _parse_counts(
                _get(entry, "covered"), C.colour_names, f"blueprints.{name}.covered", C.markers
            )
        )
        raw["bp_done"].append(_parse_bool(_get(entry, "done"), f"blueprints.{name}.done"))
    parsed = [_parse_workshop(workshops[s], s, s == hide_seat) for s in range(SEATS)]
    for key in SEAT_KEYS:
        raw[key] = [parsed[0][key], parsed[1][key]]
    check_raw(raw, hidden_seat=hide_seat)
    if hide_seat >= 0:
        raw["hand_size"] = parsed[hide_seat]["hand_size"]
        raw["aside_size"] = parsed[hide_seat]["aside_size"]
    return raw


def hand_pile(raw: dict, s: int) -> str:
    """The pile seat s plays from and upgrades as "hand": its hand, or once the hand
    is empty, the set-aside cards [seed: the Alone rule]."""
    return "hand" if sum(raw["hand"][s]) > 0 else "aside"


def check_raw(raw: dict, hidden_seat: int = -1) -> None:
    """Consistency between fields: what is conserved is conserved, counts fit the
    phase. (`hidden_seat`'s hand and set-aside cards are not known yet.)"""
    _check_board(raw)
    for s in range(SEATS):
        gossips = _check_workshop(raw, s)
        if s != hidden_seat:
            _check_held_cards(raw, s, gossips)
    _check_phase(raw)


def _check_board(raw: dict) -> None:
    """The Lodge, the gray regions, the tiles, the Patronesses and the two upgrade
    supplies (da Vinci's markers, Michelangelo's tiles) each hold what the game has."""
    flags = variant_flags(raw["variant"])
    require(
        sum(raw["standing"]) + sum(raw["lying"]) == C.collectors,
        f"the Lodge must hold {C.collectors} Collectors",
    )
    require(
        all(raw["gray"][r] == 0 or (C.gallery[r] < 0 and r != C.florence) for r in range(R)),
        "a Gallery region or Florence cannot be gray",
    )
    if not flags.random_gray:
        require(
            raw["gray"] == list(C.fixed_gray),
            f"variant {raw['variant']} has the fixed gray regions",
        )
    else:
        require(sum(raw["gray"]) <= flags.gray_count, f"at most {flags.gray_count} gray regions")
    placed = [0] * len(C.tile_names)
    for k in raw["tiles"]:
        if k >= 0:
            placed[k] += 1
    require(
        all(placed[k] <= C.tile_count[k] for k in range(len(placed))),
        "more Study Bonus tiles than exist",
    )
    require(sum(raw["patrons"]) <= C.reveal, f"at most {C.reveal} Patronesses are revealed")
    require(
        raw["markers"] + sum(map(sum, raw["bp_cover"])) == C.markers,
        f"da Vinci's {C.markers} Upgrade markers are either left or on Blueprints",
    )
    for b in range(B):
        cover = raw["bp_cover"][b]
        require(
            all(cover[c] <= C.blueprint_icons[b][c] for c in range(NUM_COLOURS))
            and sum(cover) < sum(C.blueprint_icons[b]),
            f"Blueprint {C.blueprint_names[b]} covers icons it lacks or has none uncovered",
        )
    require(
        raw["mi_tiles"] + sum(raw["edges"]) == C.upgrade_tiles,
        f"Michelangelo's {C.upgrade_tiles} Workshop Upgrade tiles are either left or placed",
    )


def _check_workshop(raw: dict, s: int) -> list:
    """Seat s's Artworks, deck, Upgrade cards, display and slots; its Gossip slots."""
    require(
        raw["reserve"][s] + raw["supply"][s] + sum(raw["art"][s]) == C.artworks,
        f"Workshop {s} must have {C.artworks} Artworks",
    )
    require(
        all(raw["art"][s][r] == 0 for r in range(R) if raw["gray"][r]),
        "no Artwork ends in a gray region",
    )
    require(
        sum(raw["deck"][s]) == C.deck_size, f"Workshop {s}'s deck must hold {C.deck_size} cards"
    )
    require(
        all(raw["deck"][s][t] <= C.starting_deck[t] for t in range(T) if not C.card_upgrade[t]),
        "a deck holds more starting cards than it began with",
    )
    require(
        all(
            raw["deck"][s][t] + raw["upg"][s][t] + raw["display"][s][t] <= C.upgrade_deck[t]
            for t in range(T)
            if C.card_upgrade[t]
        )
        and all(
            raw["upg"][s][t] + raw["display"][s][t] == 0 for t in range(T) if not C.card_upgrade[t]
        ),
        f"Workshop {s}'s Upgrade cards are more than its Upgrade deck had",
    )
    require(sum(raw["display"][s]) <= C.display_size, "an Upgrade display holds too many cards")
    require(
        all(
            raw["bene"][0][b] + raw["bene"][1][b] + raw["bene_deck"][b] <= C.benefactor_count[b]
            for b in range(NB)
        ),
        "more Benefactors than exist",
    )
    slots = raw["slots"][s]
    gossips = [k for k, slot in enumerate(slots) if slot[1] == C.gossip]
    require(len(gossips) <= C.gossip_per_round, f"at most {C.gossip_per_round} Gossip card a round")
    return gossips


def _check_held_cards(raw: dict, s: int, gossips: list) -> None:
    """Seat s's hand, set-aside and slotted cards come from its deck, at most a draw's
    worth this round, and what is known to be in its hand is there."""
    slots = raw["slots"][s]
    on_board = [0] * T
    for card, _, _ in slots:
        if card >= 0:
            on_board[card] += 1
    require(
        all(
            raw["hand"][s][t] + raw["aside"][s][t] + on_board[t] <= raw["deck"][s][t]
            for t in range(T)
        ),
        f"Workshop {s} holds cards its deck lacks",
    )
    require(
        sum(raw["hand"][s]) + sum(raw["aside"][s]) + len(slots) <= C.draw,
        f"Workshop {s} holds more than {C.draw} cards this round",
    )
    require(all(slot[0] >= 0 for slot in slots), "a hidden card in a full state")
    union_hand = list(raw["hand"][s])
    union_aside = list(raw["aside"][s])
    if gossips and not raw["gossip_known"][s]:
        pile = union_aside if raw["gossip_pile"][s] else union_hand
        pile[slots[gossips[0]][0]] += 1
    require(
        all(raw["known_hand"][s][t] <= union_hand[t] for t in range(T))
        and all(raw["known_aside"][s][t] <= union_aside[t] for t in range(T)),
        "cards known to be in a hand are not there",
    )


def _check_phase(raw: dict) -> None:
    """What the phase and round need (a mover, a first player, setup done); each
    Centerpiece on one of its owner's Artworks."""
    phase, rnd = raw["phase"], raw["round"]
    if phase in TURN_PHASES:
        require(raw["mover"] >= 0, f"phase {PHASES[phase]} needs a mover")
    if phase >= P_ASIDE:
        require(raw["first"] >= 0, "the first player is chosen before the first round")
        require(all(k >= 0 for k in raw["tiles"]), "Study Bonus tiles are placed at setup")
        require(sum(raw["patrons"]) == C.reveal, f"{C.reveal} Patronesses are revealed at setup")
    require(
        all(raw["art"][owner][r] >= 1 for r, owner in enumerate(raw["centerpiece"]) if owner >= 0),
        "a Centerpiece is one of its owner's Artworks in its region",
    )
    require(rnd < C.rounds, "round out of range")


def to_move_of(data: dict) -> int:
    return get_int(data, "to_move", TERMINAL, SEATS - 1)


def parse_state(data: dict) -> Position:
    """The Position of `state_dict` output, validated."""
    return Position(parse(data), to_move_of(data))


def build(cls, pos: Position):
    """`cls.from_raw(pos.raw)`, checked to be a position the rules can go on from: the
    seat to move matches, and it has something to do."""
    raw, to_move = pos
    state = cls.from_raw(raw)
    actual = state.current_player()
    require(actual == to_move, f"to_move {to_move} does not match the position (to move: {actual})")
    if actual == CHANCE:
        outcomes = state.chance_outcomes()
        require(
            outcomes and abs(sum(p for _, p in outcomes) - 1.0) < 1e-9,
            f"no chance event can happen in phase {PHASES[raw['phase']]}",
        )
    elif actual != TERMINAL:
        require(
            bool(state.legal_actions()),
            f"seat {actual} has no legal action in phase {PHASES[raw['phase']]}",
        )
    return state
