"""Takt Voll's JSON forms, shared by the compiled state and the pure-Python reference:
the layout of a state and of a seat's view, and their validation (actions.py has the
notation, views.py the determinization, render.py the drawing).

Only the *format* lives here, with the checks a loaded position must pass. The rules
(what is legal, what scores) are written twice on purpose, in state.pyx and
reference.py, so the differential tests can compare them.

A position in plain Python is a `Position` (everything) or a `View` (what one seat
knows); both implementations convert their fields to and from these.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import compress
from typing import Optional

from engine.errors import StateFormatError
from engine.games.taktvoll.actions import TURNED_MARK
from engine.games.taktvoll.tables import (
    BAR,
    BAR_KIND,
    CLEF,
    DECK,
    KIND_BY_NAME,
    KINDS,
    MAX_PLAYERS,
    MAX_ROWS,
    MIN_PLAYERS,
    MIRROR_AXIS,
    NOTE,
    NUM_KINDS,
    REST,
    SIGNATURE,
    Rules,
    rules_for,
)
from engine.validate import check_int, get_int, get_int_list, get_str, require

PHASES = ("deal", "start", "turn", "draw", "after-draw", "bonus", "over")
DEAL, START, TURN, DRAWING, AFTER_DRAW, BONUS, OVER = range(len(PHASES))
SETUP_PHASES = (DEAL, START)
NO_PITCH = -100  # "no pitched note yet" in a row
STARTING_CARDS = DECK["starting_cards"]

# The heuristic turns estimated final scores into win shares with a softmax of this
# temperature (points); shared so both implementations agree to the last bit.
HEURISTIC_TEMPERATURE = 3.0
# The share of a full bar's points credited to the seat that will close it.
OPEN_BAR_SHARE = 0.75


# ---- positions and views ------------------------------------------------------------------


@dataclass
class Position:
    """A whole state in plain Python. Hands and the deck are counts per kind (the
    deck's order is no part of the state: each draw is a chance node); rows are
    card codes kind * 2 + turned, in the order played."""

    rules: Rules
    players: int
    hands: list
    deck: list
    rows: list
    points: list
    bar_lines_played: list
    phase: int
    turn: int = -1  # the seat whose turn it is; -1 during the setup
    drawn: int = -1  # the kind just drawn, in the after-draw phase
    bonus_row: int = -1  # the row whose bar was just filled, in the bonus phase
    passes: int = 0  # consecutive passes (the deck is empty)


@dataclass
class View:
    """What one seat knows: its hand, the table, the public counts; the drawn card
    only if it drew it; every hand once the game is over."""

    rules: Rules
    players: int
    seat: int
    hand: list
    hand_sizes: list
    deck_size: int
    rows: list
    points: list
    bar_lines_played: list
    phase: int
    turn: int
    drawn: int
    bonus_row: int
    passes: int
    hands: Optional[list]


def table_fields(source) -> dict:
    """The fields a Position and a View share (the table, the turn and its phase),
    copied from `source`: a Position, a View or the reference state."""
    return dict(
        rows=[list(r) for r in source.rows],
        points=list(source.points),
        bar_lines_played=list(source.bar_lines_played),
        phase=source.phase,
        turn=source.turn,
        drawn=source.drawn,
        bonus_row=source.bonus_row,
        passes=source.passes,
    )


def known_bar_lines(rules: Rules, players: int, played: int) -> int:
    """Bar lines a seat certainly holds: it was dealt bar_lines_each at the start
    and every bar line leaves a hand face up (spec §8)."""
    return max(0, rules.bar_lines_each(players) - played)


def cards_of(counts) -> list[str]:
    """A multiset of kinds as names, in catalogue order."""
    names: list[str] = []
    for name, count in compress(zip(KIND_NAMES, counts, strict=False), counts):
        names += [name] * count
    return names


def code_name(code: int) -> str:
    return CODE_NAMES[code]


KIND_NAMES = tuple(kind.name for kind in KINDS)
# A card on the table, by its code kind * 2 + turned.
CODE_NAMES = tuple(name + mark for name in KIND_NAMES for mark in ("", TURNED_MARK))


def _nullable(value: int):
    return None if value < 0 else value


def _table_json(source) -> dict:
    """The JSON of the table fields a state and a view share, in their order there."""
    return {
        "rows": [[CODE_NAMES[c] for c in row] for row in source.rows],
        "points": list(source.points),
        "bar_lines_played": list(source.bar_lines_played),
        "drawn": KINDS[source.drawn].name if source.drawn >= 0 else None,
        "bonus_row": _nullable(source.bonus_row),
        "passes": source.passes,
    }


def state_dict(pos: Position) -> dict:
    return {
        "game": "taktvoll",
        "variant": pos.rules.variant,
        "players": pos.players,
        "phase": PHASES[pos.phase],
        "turn": _nullable(pos.turn),
        "hands": [cards_of(h) for h in pos.hands],
        "deck": cards_of(pos.deck),
        **_table_json(pos),
    }


def view_dict(view: View) -> dict:
    return {
        "game": "taktvoll",
        "variant": view.rules.variant,
        "players": view.players,
        "seat": view.seat,
        "phase": PHASES[view.phase],
        "turn": _nullable(view.turn),
        "hand": cards_of(view.hand),
        "hand_sizes": list(view.hand_sizes),
        "deck_size": view.deck_size,
        **_table_json(view),
        "hands": None if view.hands is None else [cards_of(h) for h in view.hands],
    }


# ---- parsing -----------------------------------------------------------------------------


def _rules(data: dict) -> Rules:
    variant = get_str(data, "variant")
    try:
        return rules_for(variant)
    except ValueError as exc:
        raise StateFormatError(f"variant: {exc}") from None


def _counts(value, what: str, rules: Rules) -> list[int]:
    """A list of card names as counts per kind; only kinds of the variant's deck."""
    if not isinstance(value, list):
        raise StateFormatError(f"{what} must be a list of card names, got {value!r}")
    counts = [0] * NUM_KINDS
    for name in value:
        kind = KIND_BY_NAME.get(name) if isinstance(name, str) else None
        if kind is None or rules.composition[kind.index] == 0:
            raise StateFormatError(
                f"{what} holds {name!r}, which is no card of the {rules.variant} deck"
            )
        counts[kind.index] += 1
    return counts


def parse_rows(value, rules: Rules) -> list[list[int]]:
    if not isinstance(value, list) or len(value) > MAX_ROWS:
        raise StateFormatError(f"rows must be a list of at most {MAX_ROWS} rows, got {value!r}")
    rows = []
    for r, row in enumerate(value):
        if not isinstance(row, list):
            raise StateFormatError(f"rows[{r}] must be a list of cards, got {row!r}")
        codes = []
        for name in row:
            turned = isinstance(name, str) and name.endswith(TURNED_MARK)
            kind = (
                KIND_BY_NAME.get(name[:-1] if turned else name) if isinstance(name, str) else None
            )
            if kind is None or rules.composition[kind.index] == 0:
                raise StateFormatError(
                    f"rows[{r}] holds {name!r}, which is no card of the {rules.variant} deck"
                )
            if turned and not rules.can_turn(kind):
                raise StateFormatError(f"rows[{r}]: {kind.name} cannot be turned round here")
            codes.append(kind.index * 2 + int(turned))
        rows.append(codes)
    return rows


def _optional_int(data: dict, key: str, lo: int, hi: int) -> int:
    if key not in data:
        raise StateFormatError(f"missing field {key!r}")
    return -1 if data[key] is None else check_int(data[key], key, lo, hi)


def _optional_kind(data: dict, key: str, rules: Rules) -> int:
    if key not in data:
        raise StateFormatError(f"missing field {key!r}")
    if data[key] is None:
        return -1
    counts = _counts([data[key]], key, rules)
    return counts.index(1)


def _common(data: dict):
    """(rules, players, the table_fields) of a state or a view."""
    rules = _rules(data)
    players = get_int(data, "players", MIN_PLAYERS, MAX_PLAYERS)
    # Read in this order, so a state with several bad fields names the same one first.
    table = dict(
        phase=PHASES.index(get_str(data, "phase", PHASES)),
        turn=_optional_int(data, "turn", 0, players - 1),
        rows=parse_rows(data.get("rows"), rules) if "rows" in data else _missing("rows"),
        points=get_int_list(data, "points", players, 0, 10_000),
        bar_lines_played=get_int_list(
            data, "bar_lines_played", players, 0, rules.composition[BAR_KIND]
        ),
        bonus_row=_optional_int(data, "bonus_row", 0, MAX_ROWS - 1),
        passes=get_int(data, "passes", 0, players),
        drawn=_optional_kind(data, "drawn", rules),
    )
    return rules, players, table


def _missing(key: str):
    raise StateFormatError(f"missing field {key!r}")


def parse_state(data: dict) -> Position:
    """A validated Position from `state_dict` output; StateFormatError otherwise."""
    rules, players, table = _common(data)
    hands_data = data.get("hands") if "hands" in data else _missing("hands")
    if not isinstance(hands_data, list) or len(hands_data) != players:
        raise StateFormatError(f"hands must be a list of {players} hands, got {hands_data!r}")
    hands = [_counts(h, f"hands[{p}]", rules) for p, h in enumerate(hands_data)]
    deck = _counts(data.get("deck") if "deck" in data else _missing("deck"), "deck", rules)
    pos = Position(rules=rules, players=players, hands=hands, deck=deck, **table)
    check_position(pos)
    return pos


def parse_view(data: dict) -> View:
    """A View from `view_dict` output (checked for form; its consistency is checked
    by dealing it, in `position_from_view`)."""
    if not isinstance(data, dict):
        raise StateFormatError("an observation is a JSON object")
    rules, players, table = _common(data)
    seat = get_int(data, "seat", 0, players - 1)
    hand = _counts(data.get("hand") if "hand" in data else _missing("hand"), "hand", rules)
    sizes = get_int_list(data, "hand_sizes", players, 0, rules.total_cards)
    deck_size = get_int(data, "deck_size", 0, rules.total_cards)
    if "hands" not in data:
        _missing("hands")
    hands = None
    if data["hands"] is not None:
        if not isinstance(data["hands"], list) or len(data["hands"]) != players:
            raise StateFormatError(f"hands must be null or a list of {players} hands")
        hands = [_counts(h, f"hands[{p}]", rules) for p, h in enumerate(data["hands"])]
    return View(
        rules=rules,
        players=players,
        seat=seat,
        hand=hand,
        hand_sizes=sizes,
        deck_size=deck_size,
        hands=hands,
        **table,
    )


# ---- what a loaded position must satisfy ---------------------------------------------------


@dataclass
class RowSummary:
    """A row's open bar and the totals of its closed bars, from its cards."""

    capacity: int = 0  # the time signature's bar length; 0 before it is played
    fill: int = 0  # sixteenths in the open bar
    count: int = 0  # note and rest cards in the open bar
    last_pitch: int = NO_PITCH
    bar_points: int = 0  # what its closed bars scored
    bonus_points: int = 0  # Variant 2 bonuses earned in it
    bars: int = 0  # bar lines in it


def summarize_row(rules: Rules, codes: list[int], where: str) -> RowSummary:
    """The row's summary; StateFormatError if the rules could not have built it
    (spec §5.1: clef, then time signature, then bars that never overflow, each
    closed by a bar line only when exactly full; §9 for the pitch variants)."""
    s = RowSummary()
    for i, code in enumerate(codes):
        kind = KINDS[code >> 1]
        if i == 0:
            require(kind.category == CLEF, f"{where} must start with a clef, not {kind.name}")
            continue
        if i == 1:
            require(
                kind.category == SIGNATURE,
                f"{where}: a time signature follows the clef, not {kind.name}",
            )
            s.capacity = kind.capacity
            continue
        if kind.category == BAR:
            require(
                s.count > 0 and s.fill == s.capacity,
                f"{where}: a bar line at card {i} closes a bar that is not exactly full",
            )
            s.bar_points += rules.bar_points(s.count, s.capacity)
            s.bars += 1
            s.fill = s.count = 0
            continue
        require(
            kind.category in (NOTE, REST), f"{where}: card {i} ({kind.name}) cannot stand in a bar"
        )
        s.fill += kind.duration
        s.count += 1
        require(s.fill <= s.capacity, f"{where}: the bar at card {i} exceeds its time signature")
        if kind.category == NOTE and kind.pitch is not None:
            pitch = MIRROR_AXIS - kind.pitch if code & 1 else kind.pitch
            if s.last_pitch != NO_PITCH:
                step = abs(pitch - s.last_pitch)
                require(
                    not rules.stepwise or step <= rules.max_step,
                    f"{where}: card {i} is {step} staff steps from the note before it",
                )
                if rules.interval_bonus and step in rules.bonus_steps:
                    s.bonus_points += 1
            s.last_pitch = pitch
    return s


def check_position(pos: Position) -> None:
    """Every consistency check a Position must pass; StateFormatError otherwise."""
    rules, n = pos.rules, pos.players
    table = [0] * NUM_KINDS
    summaries = []
    for r, row in enumerate(pos.rows):
        summaries.append(summarize_row(rules, row, f"rows[{r}]"))
        for code in row:
            table[code >> 1] += 1
    # Cards are conserved: hands, deck and table make up the variant's deck.
    for k in range(NUM_KINDS):
        held = sum(h[k] for h in pos.hands) + pos.deck[k] + table[k]
        require(
            held == rules.composition[k],
            f"there are {held} {KINDS[k].name} cards in hands, deck and rows; "
            f"the {rules.variant} deck has {rules.composition[k]}",
        )
    each = rules.bar_lines_each(n)
    sizes = [sum(h) for h in pos.hands]
    for p in range(n):
        require(
            pos.hands[p][BAR_KIND] + pos.bar_lines_played[p] >= each,
            f"seat {p} was dealt {each} bar lines; it holds and played fewer",
        )
        require(
            pos.points[p] == 0 or pos.bar_lines_played[p] > 0 or rules.interval_bonus,
            f"seat {p} has points without having played a bar line",
        )
    require(
        sum(pos.bar_lines_played) == sum(s.bars for s in summaries),
        "bar_lines_played does not add up to the bar lines on the table",
    )
    earned = sum(s.bar_points + s.bonus_points for s in summaries)
    require(
        sum(pos.points) == earned,
        f"the points add up to {sum(pos.points)}, but the table's bars and bonuses give {earned}",
    )
    if pos.phase in SETUP_PHASES:
        _check_setup(pos, each, sizes)
        return
    require(pos.turn >= 0, f"turn must be a seat in the {PHASES[pos.phase]} phase")
    require(pos.phase == AFTER_DRAW or pos.drawn < 0, "drawn is set only after a draw")
    require(pos.phase == BONUS or pos.bonus_row < 0, "bonus_row is set only in the bonus phase")
    require(pos.passes == 0 or pos.phase in (TURN, OVER), "passes count only between turns")
    require(pos.passes == 0 or sum(pos.deck) == 0, "a seat passes only once the deck is empty")
    if pos.phase == OVER:
        require(
            sizes[pos.turn] == 0 or (pos.passes == n and sum(pos.deck) == 0),
            "the game is over only when the last mover's hand is empty or every seat passed",
        )
        return
    require(all(sizes), "every hand holds a card while the game goes on")
    require(pos.passes < n, "after a pass by every seat the game is over")
    if pos.phase == DRAWING:
        require(sum(pos.deck) > 0, "a draw needs a card in the deck")
    elif pos.phase == AFTER_DRAW:
        require(
            pos.drawn >= 0 and pos.hands[pos.turn][pos.drawn] > 0,
            "after a draw, the drawn card is in the drawer's hand",
        )
    elif pos.phase == BONUS:
        require(0 <= pos.bonus_row < len(pos.rows), "bonus_row must name a row")
        s = summaries[pos.bonus_row]
        require(s.count > 0 and s.fill == s.capacity, "the bonus bar line needs a full bar")


def _check_setup(pos: Position, each: int, sizes: list[int]) -> None:
    rules, n = pos.rules, pos.players
    require(
        not pos.rows and pos.turn < 0 and pos.drawn < 0 and pos.bonus_row < 0 and pos.passes == 0,
        "during the deal the table is empty and nobody has a turn",
    )
    dealt = sum(sizes) - n * each
    full = n * STARTING_CARDS
    require(0 <= dealt <= full, f"{dealt} cards dealt; the deal gives {full}")
    for p in range(n):
        expected = each + dealt // n + (1 if p < dealt % n else 0)
        require(
            sizes[p] == expected,
            f"seat {p} holds {sizes[p]} cards; the deal so far gives it {expected}",
        )
    if pos.phase == START:
        require(
            dealt == full and rules.first_seat == "random",
            "the first seat is drawn after the whole deal, in a random-start variant",
        )
    else:
        require(dealt < full, "the deal is complete: the phase is start or turn")


def initial_position(rules: Rules, players: int) -> Position:
    """The position before the deal (spec §3): every seat holds its share of the bar
    lines; the rest of the deck, leftover bar lines included, is face down."""
    each = rules.bar_lines_each(players)
    hands = [[0] * NUM_KINDS for _ in range(players)]
    for hand in hands:
        hand[BAR_KIND] = each
    deck = list(rules.composition)
    deck[BAR_KIND] -= each * players
    return Position(
        rules=rules,
        players=players,
        hands=hands,
        deck=deck,
        rows=[],
        points=[0] * players,
        bar_lines_played=[0] * players,
        phase=DEAL,
    )
