"""Takt Voll's text forms, shared by the compiled state and the pure-Python reference:
the action space and its notation, the JSON layout of a state and of a seat's view,
their validation, and the determinization that deals a view's unseen cards.

Only the *format* lives here, with the checks a loaded position must pass. The rules
(what is legal, what scores) are written twice on purpose, in state.pyx and
reference.py, so the differential tests can compare them.

A position in plain Python is a `Position` (everything) or a `View` (what one seat
knows); both implementations convert their fields to and from these.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import compress
from typing import Optional

from engine.errors import IllegalActionError, StateFormatError
from engine.games.taktvoll.rules import (BAR, BAR_KIND, CLEF, CLEF_KIND, DECK, KIND_BY_NAME, KINDS,
                                         MAX_PLAYERS, MAX_ROWS, MIN_PLAYERS, MIRROR_AXIS, NOTE,
                                         NUM_KINDS, REST, SIGNATURE, Rules, rules_for)
from engine.validate import check_int, get_int, get_int_list, get_str, require

# ---- the action space ------------------------------------------------------------------
# Player actions first, then the chance outcomes, so the two never share an id:
#   0 draw, 1 pass, 2 keep (the drawn card), 3 nobar (decline the bonus bar line);
#   PLAY_BASE + (kind * MAX_ROWS + row) * 2 + turned: play a card (a clef always
#   names row 0: it opens the next row);
#   DEAL_BASE + kind: that card comes off the deck (the deal, or a draw);
#   START_BASE + seat: that seat takes the first turn.
DRAW, PASS, KEEP, NOBAR = 0, 1, 2, 3
SPECIAL_NAMES = ("draw", "pass", "keep", "nobar")
PLAY_BASE = 4
DEAL_BASE = PLAY_BASE + NUM_KINDS * MAX_ROWS * 2
START_BASE = DEAL_BASE + NUM_KINDS
NUM_ACTIONS = START_BASE + MAX_PLAYERS

PHASES = ("deal", "start", "turn", "draw", "after-draw", "bonus", "over")
DEAL, START, TURN, DRAWING, AFTER_DRAW, BONUS, OVER = range(len(PHASES))
SETUP_PHASES = (DEAL, START)
TURNED_MARK = "~"
NO_PITCH = -100          # "no pitched note yet" in a row
STARTING_CARDS = DECK["starting_cards"]

# The heuristic turns estimated final scores into win shares with a softmax of this
# temperature (points); shared so both implementations agree to the last bit.
HEURISTIC_TEMPERATURE = 3.0
# The share of a full bar's points credited to the seat that will close it.
OPEN_BAR_SHARE = 0.75


def play_action(kind: int, row: int, turned: int = 0) -> int:
    return PLAY_BASE + (kind * MAX_ROWS + row) * 2 + turned


def decode_play(action: int) -> tuple[int, int, int]:
    """(kind, row, turned) of a play action id."""
    rest = action - PLAY_BASE
    return rest // (2 * MAX_ROWS), (rest // 2) % MAX_ROWS, rest % 2


def _valid_play(kind: int, row: int, turned: int) -> bool:
    """Whether a play id names a play of some variant (a clef on row 0, a turned
    card only of a turnable kind)."""
    k = KINDS[kind]
    if k.category == CLEF:
        return row == 0 and turned == 0
    return not turned or k.turnable


def action_to_str(action) -> str:
    """The notation: draw, pass, keep, nobar; a card played as NAME@ROW (rows 1-4,
    NAME~ for a card turned round; a clef is just "clef"); "+NAME" for a card off
    the deck; "startN" for seat N starting."""
    if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < NUM_ACTIONS:
        raise IllegalActionError(f"a takt voll action is 0..{NUM_ACTIONS - 1}, got {action!r}")
    if action < PLAY_BASE:
        return SPECIAL_NAMES[action]
    if action < DEAL_BASE:
        kind, row, turned = decode_play(action)
        if not _valid_play(kind, row, turned):
            raise IllegalActionError(f"action {action} names no play")
        name = KINDS[kind].name
        if KINDS[kind].category == CLEF:
            return name
        return f"{name}{TURNED_MARK if turned else ''}@{row + 1}"
    if action < START_BASE:
        return "+" + KINDS[action - DEAL_BASE].name
    return f"start{action - START_BASE}"


def str_to_action(text) -> int:
    if not isinstance(text, str):
        raise IllegalActionError(f"a takt voll action is text, got {text!r}")
    if text in SPECIAL_NAMES:
        return SPECIAL_NAMES.index(text)
    if text == "clef":
        return play_action(CLEF_KIND, 0)
    if text.startswith("+") and text[1:] in KIND_BY_NAME:
        return DEAL_BASE + KIND_BY_NAME[text[1:]].index
    if text.startswith("start") and text[5:].isdigit() and text[5:].isascii():
        seat = int(text[5:])
        if seat < MAX_PLAYERS and text[5:] == str(seat):
            return START_BASE + seat
    card, at, row_text = text.rpartition("@")
    if at and row_text in ("1", "2", "3", "4"):
        turned = card.endswith(TURNED_MARK)
        name = card[:-1] if turned else card
        kind = KIND_BY_NAME.get(name)
        if kind is not None and kind.category != CLEF and _valid_play(kind.index, 0, int(turned)):
            return play_action(kind.index, int(row_text) - 1, int(turned))
    raise IllegalActionError(
        f"not a takt voll action: {text!r} (draw, pass, keep, nobar, clef, CARD@ROW such as "
        f"Q@2, 3/4@1, bar@1 or QG4~@2 for a turned card, +CARD, startN)")


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
    turn: int = -1           # the seat whose turn it is; -1 during the setup
    drawn: int = -1          # the kind just drawn, in the after-draw phase
    bonus_row: int = -1      # the row whose bar was just filled, in the bonus phase
    passes: int = 0          # consecutive passes (the deck is empty)


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


def known_bar_lines(rules: Rules, players: int, played: int) -> int:
    """Bar lines a seat certainly holds: it was dealt bar_lines_each at the start
    and every bar line leaves a hand face up (spec §8)."""
    return max(0, rules.bar_lines_each(players) - played)


def view_of(pos: Position, seat: int) -> View:
    over = pos.phase == OVER
    return View(rules=pos.rules, players=pos.players, seat=seat, hand=list(pos.hands[seat]),
                hand_sizes=[sum(h) for h in pos.hands], deck_size=sum(pos.deck),
                rows=[list(r) for r in pos.rows], points=list(pos.points),
                bar_lines_played=list(pos.bar_lines_played), phase=pos.phase, turn=pos.turn,
                drawn=pos.drawn if pos.phase == AFTER_DRAW and pos.turn == seat else -1,
                bonus_row=pos.bonus_row, passes=pos.passes,
                hands=[list(h) for h in pos.hands] if over else None)


def cards_of(counts) -> list[str]:
    """A multiset of kinds as names, in catalogue order."""
    names: list[str] = []
    for name, count in compress(zip(KIND_NAMES, counts), counts):
        names += [name] * count
    return names


def code_name(code: int) -> str:
    return CODE_NAMES[code]


KIND_NAMES = tuple(kind.name for kind in KINDS)
# A card on the table, by its code kind * 2 + turned.
CODE_NAMES = tuple(name + mark for name in KIND_NAMES for mark in ("", TURNED_MARK))


def _nullable(value: int):
    return None if value < 0 else value


def state_dict(pos: Position) -> dict:
    return {
        "game": "taktvoll",
        "variant": pos.rules.variant,
        "players": pos.players,
        "phase": PHASES[pos.phase],
        "turn": _nullable(pos.turn),
        "hands": [cards_of(h) for h in pos.hands],
        "deck": cards_of(pos.deck),
        "rows": [[CODE_NAMES[c] for c in row] for row in pos.rows],
        "points": list(pos.points),
        "bar_lines_played": list(pos.bar_lines_played),
        "drawn": KINDS[pos.drawn].name if pos.drawn >= 0 else None,
        "bonus_row": _nullable(pos.bonus_row),
        "passes": pos.passes,
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
        "rows": [[CODE_NAMES[c] for c in row] for row in view.rows],
        "points": list(view.points),
        "bar_lines_played": list(view.bar_lines_played),
        "drawn": KINDS[view.drawn].name if view.drawn >= 0 else None,
        "bonus_row": _nullable(view.bonus_row),
        "passes": view.passes,
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
            raise StateFormatError(f"{what} holds {name!r}, which is no card of the "
                                   f"{rules.variant} deck")
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
            kind = KIND_BY_NAME.get(name[:-1] if turned else name) if isinstance(name, str) else None
            if kind is None or rules.composition[kind.index] == 0:
                raise StateFormatError(f"rows[{r}] holds {name!r}, which is no card of the "
                                       f"{rules.variant} deck")
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
    """The fields a state and a view share."""
    rules = _rules(data)
    players = get_int(data, "players", MIN_PLAYERS, MAX_PLAYERS)
    phase = PHASES.index(get_str(data, "phase", PHASES))
    turn = _optional_int(data, "turn", 0, players - 1)
    rows = parse_rows(data.get("rows"), rules) if "rows" in data else _missing("rows")
    points = get_int_list(data, "points", players, 0, 10_000)
    played = get_int_list(data, "bar_lines_played", players, 0, rules.composition[BAR_KIND])
    bonus_row = _optional_int(data, "bonus_row", 0, MAX_ROWS - 1)
    passes = get_int(data, "passes", 0, players)
    drawn = _optional_kind(data, "drawn", rules)
    return rules, players, phase, turn, rows, points, played, bonus_row, passes, drawn


def _missing(key: str):
    raise StateFormatError(f"missing field {key!r}")


def parse_state(data: dict) -> Position:
    """A validated Position from `state_dict` output; StateFormatError otherwise."""
    rules, players, phase, turn, rows, points, played, bonus_row, passes, drawn = _common(data)
    hands_data = data.get("hands") if "hands" in data else _missing("hands")
    if not isinstance(hands_data, list) or len(hands_data) != players:
        raise StateFormatError(f"hands must be a list of {players} hands, got {hands_data!r}")
    hands = [_counts(h, f"hands[{p}]", rules) for p, h in enumerate(hands_data)]
    deck = _counts(data.get("deck") if "deck" in data else _missing("deck"), "deck", rules)
    pos = Position(rules=rules, players=players, hands=hands, deck=deck, rows=rows,
                   points=points, bar_lines_played=played, phase=phase, turn=turn,
                   drawn=drawn, bonus_row=bonus_row, passes=passes)
    check_position(pos)
    return pos


def parse_view(data: dict) -> View:
    """A View from `view_dict` output (checked for form; its consistency is checked
    by dealing it, in `position_from_view`)."""
    if not isinstance(data, dict):
        raise StateFormatError("an observation is a JSON object")
    rules, players, phase, turn, rows, points, played, bonus_row, passes, drawn = _common(data)
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
    return View(rules=rules, players=players, seat=seat, hand=hand, hand_sizes=sizes,
                deck_size=deck_size, rows=rows, points=points, bar_lines_played=played,
                phase=phase, turn=turn, drawn=drawn, bonus_row=bonus_row, passes=passes,
                hands=hands)


# ---- what a loaded position must satisfy ---------------------------------------------------

@dataclass
class RowSummary:
    """A row's open bar and the totals of its closed bars, from its cards."""

    capacity: int = 0        # the time signature's bar length; 0 before it is played
    fill: int = 0            # sixteenths in the open bar
    count: int = 0           # note and rest cards in the open bar
    last_pitch: int = NO_PITCH
    bar_points: int = 0      # what its closed bars scored
    bonus_points: int = 0    # Variant 2 bonuses earned in it
    bars: int = 0            # bar lines in it


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
            require(kind.category == SIGNATURE, f"{where}: a time signature follows the clef, not {kind.name}")
            s.capacity = kind.capacity
            continue
        if kind.category == BAR:
            require(s.count > 0 and s.fill == s.capacity,
                    f"{where}: a bar line at card {i} closes a bar that is not exactly full")
            s.bar_points += rules.bar_points(s.count, s.capacity)
            s.bars += 1
            s.fill = s.count = 0
            continue
        require(kind.category in (NOTE, REST), f"{where}: card {i} ({kind.name}) cannot stand in a bar")
        s.fill += kind.duration
        s.count += 1
        require(s.fill <= s.capacity, f"{where}: the bar at card {i} exceeds its time signature")
        if kind.category == NOTE and kind.pitch is not None:
            pitch = MIRROR_AXIS - kind.pitch if code & 1 else kind.pitch
            if s.last_pitch != NO_PITCH:
                step = abs(pitch - s.last_pitch)
                require(not rules.stepwise or step <= rules.max_step,
                        f"{where}: card {i} is {step} staff steps from the note before it")
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
        require(held == rules.composition[k],
                f"there are {held} {KINDS[k].name} cards in hands, deck and rows; "
                f"the {rules.variant} deck has {rules.composition[k]}")
    each = rules.bar_lines_each(n)
    sizes = [sum(h) for h in pos.hands]
    for p in range(n):
        require(pos.hands[p][BAR_KIND] + pos.bar_lines_played[p] >= each,
                f"seat {p} was dealt {each} bar lines; it holds and played fewer")
        require(pos.points[p] == 0 or pos.bar_lines_played[p] > 0 or rules.interval_bonus,
                f"seat {p} has points without having played a bar line")
    require(sum(pos.bar_lines_played) == sum(s.bars for s in summaries),
            "bar_lines_played does not add up to the bar lines on the table")
    earned = sum(s.bar_points + s.bonus_points for s in summaries)
    require(sum(pos.points) == earned,
            f"the points add up to {sum(pos.points)}, but the table's bars and bonuses give {earned}")
    if pos.phase in SETUP_PHASES:
        _check_setup(pos, each, sizes)
        return
    require(pos.turn >= 0, f"turn must be a seat in the {PHASES[pos.phase]} phase")
    require(pos.phase == AFTER_DRAW or pos.drawn < 0, "drawn is set only after a draw")
    require(pos.phase == BONUS or pos.bonus_row < 0, "bonus_row is set only in the bonus phase")
    require(pos.passes == 0 or pos.phase in (TURN, OVER), "passes count only between turns")
    require(pos.passes == 0 or sum(pos.deck) == 0, "a seat passes only once the deck is empty")
    if pos.phase == OVER:
        require(sizes[pos.turn] == 0 or (pos.passes == n and sum(pos.deck) == 0),
                "the game is over only when the last mover's hand is empty or every seat passed")
        return
    require(all(sizes), "every hand holds a card while the game goes on")
    require(pos.passes < n, "after a pass by every seat the game is over")
    if pos.phase == DRAWING:
        require(sum(pos.deck) > 0, "a draw needs a card in the deck")
    elif pos.phase == AFTER_DRAW:
        require(pos.drawn >= 0 and pos.hands[pos.turn][pos.drawn] > 0,
                "after a draw, the drawn card is in the drawer's hand")
    elif pos.phase == BONUS:
        require(0 <= pos.bonus_row < len(pos.rows), "bonus_row must name a row")
        s = summaries[pos.bonus_row]
        require(s.count > 0 and s.fill == s.capacity, "the bonus bar line needs a full bar")


def _check_setup(pos: Position, each: int, sizes: list[int]) -> None:
    rules, n = pos.rules, pos.players
    require(not pos.rows and pos.turn < 0 and pos.drawn < 0 and pos.bonus_row < 0
            and pos.passes == 0, "during the deal the table is empty and nobody has a turn")
    dealt = sum(sizes) - n * each
    full = n * STARTING_CARDS
    require(0 <= dealt <= full, f"{dealt} cards dealt; the deal gives {full}")
    for p in range(n):
        expected = each + dealt // n + (1 if p < dealt % n else 0)
        require(sizes[p] == expected, f"seat {p} holds {sizes[p]} cards; the deal so far gives it {expected}")
    if pos.phase == START:
        require(dealt == full and rules.first_seat == "random",
                "the first seat is drawn after the whole deal, in a random-start variant")
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
    return Position(rules=rules, players=players, hands=hands, deck=deck, rows=[],
                    points=[0] * players, bar_lines_played=[0] * players, phase=DEAL)


# ---- a view dealt into a whole position ------------------------------------------------------

def unseen_pool(view: View) -> list[int]:
    """Counts per kind of the cards the seat has not seen: the deck minus its hand,
    the table and the bar lines other seats certainly hold."""
    rules, pool = view.rules, list(view.rules.composition)
    for k, n in enumerate(view.hand):
        pool[k] -= n
    for row in view.rows:
        for code in row:
            pool[code >> 1] -= 1
    for p in range(view.players):
        if p != view.seat:
            pool[BAR_KIND] -= known_bar_lines(rules, view.players, view.bar_lines_played[p])
    require(min(pool) >= 0, "the observation shows more cards than the deck has")
    return pool


def position_from_view(view: View, rng) -> Position:
    """A Position the seat cannot tell from the one it saw: the unseen cards shuffled
    (rng.shuffle) and dealt, in seat order, into the other hands' unknown places,
    the rest making up the deck. A drawer's just-drawn card is the first card it
    gets (any of its unknown cards is equally likely to be it). The compiled
    c_determinize draws exactly the same way."""
    rules, n = view.rules, view.players
    if view.hands is not None:
        hands = [list(h) for h in view.hands]
        deck = list(rules.composition)
        for h in hands:
            for k in range(NUM_KINDS):
                deck[k] -= h[k]
        for row in view.rows:
            for code in row:
                deck[code >> 1] -= 1
        require(min(deck) >= 0, "the shown hands and the table hold more cards than the deck")
    else:
        pool = unseen_pool(view)
        cards = [k for k in range(NUM_KINDS) for _ in range(pool[k])]
        unknown = [0] * n
        for p in range(n):
            if p != view.seat:
                unknown[p] = view.hand_sizes[p] - known_bar_lines(rules, n, view.bar_lines_played[p])
                require(unknown[p] >= 0, f"seat {p} holds fewer cards than the bar lines it must hold")
        require(sum(unknown) + view.deck_size == len(cards),
                f"the hand sizes and the deck size ({sum(unknown) + view.deck_size} unknown cards) "
                f"do not match the {len(cards)} cards the seat has not seen")
        require(view.hand_sizes[view.seat] == sum(view.hand), "hand_sizes disagrees with the hand")
        rng.shuffle(cards)
        hands = []
        drawn = view.drawn
        at = 0
        for p in range(n):
            if p == view.seat:
                hands.append(list(view.hand))
                continue
            hand = [0] * NUM_KINDS
            hand[BAR_KIND] = view.hand_sizes[p] - unknown[p]
            if view.phase == AFTER_DRAW and p == view.turn:
                require(unknown[p] > 0, "the drawer holds the card it drew")
                drawn = cards[at]
            for k in cards[at:at + unknown[p]]:
                hand[k] += 1
            at += unknown[p]
            hands.append(hand)
        deck = [0] * NUM_KINDS
        for k in cards[at:]:
            deck[k] += 1
        view = replace(view, drawn=drawn)
    pos = Position(rules=rules, players=n, hands=hands, deck=deck,
                   rows=[list(r) for r in view.rows], points=list(view.points),
                   bar_lines_played=list(view.bar_lines_played), phase=view.phase,
                   turn=view.turn, drawn=view.drawn, bonus_row=view.bonus_row,
                   passes=view.passes)
    check_position(pos)
    return pos


def from_view_checked(view: View, rng) -> Position:
    """`position_from_view`, then a check that the seat would see exactly `view` in
    it (which rules out every field that contradicts the others)."""
    pos = position_from_view(view, rng)
    again = view_of(pos, view.seat)
    require(view_dict(again) == view_dict(view),
            "the observation is not one a seat can have: its fields contradict each other")
    return pos



# ---- a drawing of the table for people ---------------------------------------------------------

def _grouped(counts) -> str:
    parts = [f"{KINDS[k].name}x{n}" if n > 1 else KINDS[k].name for k, n in enumerate(counts) if n]
    return " ".join(parts) or "-"


def row_text(rules: Rules, codes: list[int]) -> str:
    """A row as bars: "clef 3/4 | Q Q Q | E E [4/12]" (the open bar's fill last)."""
    words = [code_name(c) for c in codes[:2]]
    summary = summarize_row(rules, codes, "row")
    bar: list[str] = []
    for code in codes[2:]:
        if code >> 1 == BAR_KIND:
            words.append(" ".join(bar) + " |")
            bar = []
        else:
            bar.append(code_name(code))
    if summary.capacity:
        words.append(" ".join(bar + [f"[{summary.fill}/{summary.capacity}]"]))
    return " ".join(w for w in words if w)


def render(pos: Position) -> str:
    """The whole position (every hand shown) in a few lines."""
    return _draw(pos, [sum(h) for h in pos.hands], sum(pos.deck), pos.hands, viewer=None)


def render_view(view: View) -> str:
    """What one seat sees, drawn like `render`: its own hand; the others' only as
    counts until the game is over."""
    hands = view.hands or [view.hand if p == view.seat else None for p in range(view.players)]
    return _draw(view, view.hand_sizes, view.deck_size, hands, viewer=view.seat)


def _unseen_hand(view: View, seat: int) -> str:
    bars = known_bar_lines(view.rules, view.players, view.bar_lines_played[seat])
    return f"unseen ({bars} of them bar lines)" if bars else "unseen"


def _draw(pos, sizes: list, deck_size: int, hands: list, viewer) -> str:
    """`pos` is a Position or a View (the fields they share); a hand of None is unseen."""
    n = pos.players
    mover = {DEAL: "dealing", START: "drawing the first seat", OVER: "game over"}.get(
        pos.phase, f"seat {pos.turn} to move ({PHASES[pos.phase]})")
    lines = [f"Takt Voll  {pos.rules.variant}  {n} players  deck {deck_size}  {mover}"]
    for r, row in enumerate(pos.rows):
        lines.append(f"  row {r + 1}: {row_text(pos.rules, row)}")
    if not pos.rows:
        lines.append("  no rows yet")
    for p in range(n):
        notes = []
        if pos.drawn >= 0 and p == pos.turn:
            notes.append(f"drew {KINDS[pos.drawn].name}")
        if pos.bonus_row >= 0 and p == pos.turn:
            notes.append(f"may close row {pos.bonus_row + 1}")
        note = f"  ({', '.join(notes)})" if notes else ""
        you = " (you)" if p == viewer else ""
        cards = _grouped(hands[p]) if hands[p] is not None else _unseen_hand(pos, p)
        lines.append(f"  seat {p}{you}: {pos.points[p]} pts, {sizes[p]} cards: {cards}{note}")
    if pos.passes:
        lines.append(f"  {pos.passes} pass(es) in a row")
    return "\n".join(lines)
