"""Luthier's state layout and its JSON form, shared by the compiled state and the
pure-Python reference.

The layout below is the C struct of state.pxd field for field (every value a 16-bit
integer, arrays as nested lists, the four seats always present): the compiled state
converts its struct to and from exactly this dict, and the reference keeps the same
dict. Only the *format* lives here, with the checks that make a loaded state safe
for the C code (every index in range, every card accounted for once). The rules are
written twice on purpose, in state.pyx and reference.py, so that the differential
tests can compare them.
"""

from __future__ import annotations

import marshal
from dataclasses import dataclass
from typing import Any

from engine.errors import StateFormatError
from engine.games.luthier import tables as T
from engine.validate import require_state_of

# Decks a card is drawn from, and where a drawn card goes.
(
    DK_INSTR,
    DK_PATRON,
    DK_PERF,
    DK_REPAIR,
    DK_MARKET,
    DK_AWARD,
    DK_ROYAL,
    DK_SPEC,
    DK_GOAL,
    DK_FAMILY,
    DK_ORCH,
) = range(11)
NUM_DECKS = 11
(
    DEST_DISPLAY,
    DEST_HAND,
    DEST_KEEP,
    DEST_DEAL_INSTR,
    DEST_DEAL_PATRON,
    DEST_FAMILY,
    DEST_GOAL,
    DEST_AWARD,
    DEST_ROYAL_CUT,
    DEST_SPEC_CUT,
    DEST_MARKET,
    DEST_ORCH,
) = range(12)
NUM_DESTS = 12
DISPLAY_DECK = (DK_PATRON, DK_INSTR, DK_PERF, DK_REPAIR)  # by card location

_DISPLAY_SLOTS = T.CARD_LOCATIONS * T.MAX_SLOTS

# ---- the flow: the table of task kinds (codes.pxd repeats the numbers for C) ------------
# A task on the stack is (kind, seat, a, b, c). TASKS holds one row per kind: its
# number, its name (the reference's `_run_<name>` / `_legal_<name>` / `_do_<name>`),
# the ranges a loaded state's arguments must keep, and for a decision what the seat
# is asked (words, and the shorter line of the drawings) and the action kinds
# (actions.KINDS) that answer it. Automatic steps run as soon as they reach the top
# of the stack; chance nodes wait for an outcome; decisions for their seat.


@dataclass(frozen=True)
class TaskKind:
    id: int
    name: str
    seat: tuple  # (lo, hi) of the seat; -1: no seat
    args: tuple  # (lo, hi) of a, b, c; "spaces": 0..n_spaces-1
    asks: str = ""  # a decision: what its seat is to do, in words
    drawn: str | None = None  # ... as the text drawing and the board say it (None: asks)
    answers: tuple = ()  # a decision: the action kinds that answer it

    @property
    def line(self) -> str:
        return self.asks if self.drawn is None else self.drawn


TASKS: dict[int, TaskKind] = {}
# The seat of a seat's own task; of a task that may name no seat (-1).
_SEAT, _ANY = (0, T.MAX_PLAYERS - 1), (-1, T.MAX_PLAYERS - 1)
_Z = (0, 0)
_CHIP = (0, T.MAX_PLACED - 1)  # a placed chip's index


def _kind(id: int, name: str, seat=_SEAT, a=_Z, b=_Z, c=_Z, **words) -> int:
    TASKS[id] = TaskKind(id, name, seat, (a, b, c), **words)
    return id


T_SETUP = _kind(1, "setup", _ANY)
T_REVEAL = _kind(2, "reveal", _ANY)
T_FAMILY_ABILITY = _kind(3, "family_ability")
T_ROUND_START = _kind(4, "round_start", _ANY)
T_PLAYER_START = _kind(5, "player_start")
T_GIFTS = _kind(6, "gifts")
T_PLAN = _kind(7, "plan", _ANY, (0, 99), (0, T.MAX_PLACED))
T_RESOLVE_NEXT = _kind(8, "resolve_next", _ANY, _ANY)
T_ACTIVATE = _kind(9, "activate", _SEAT, (0, T.NUM_LOCATIONS - 1), (0, 1))
T_CHIP_DONE = _kind(10, "chip_done", _ANY, _CHIP)
T_BONUS = _kind(11, "bonus", _ANY, _CHIP)
T_SPECIALIST = _kind(12, "specialist", _ANY, _CHIP)
T_PERFORM = _kind(13, "perform")
T_PERF_RESULT = _kind(14, "perf_result")
T_REPAIR_DONE = _kind(15, "repair_done")
T_ROUGH_MOVE = _kind(16, "rough_move", _SEAT, (0, 1))
T_FINISH_DONE = _kind(17, "finish_done")
T_FINISH_AGAIN = _kind(18, "finish_again")
T_CHAIR = _kind(19, "chair", _SEAT, "spaces", (0, 2), (0, 2))
T_ADVANCE = _kind(20, "advance", _SEAT, (0, 2), (0, 1))
T_COMPLETE = _kind(21, "complete", _SEAT, (0, 2), (0, 1))
T_ROUND_END = _kind(22, "round_end", _ANY)
T_REFILL = _kind(23, "refill", _ANY)
T_NEXT_ROUND = _kind(24, "next_round", _ANY)
T_FINAL = _kind(25, "final", _ANY)
T_CLAIM_CHECK = _kind(26, "claim_check")
T_KEEP_CHECK = _kind(27, "keep_check")
# Chance nodes. C_REVEAL has the one outcome "reveal": what it turns up (face-down
# chips at an activated location, the family tiles) was hidden, so a seat's turn must
# not run past it in a world the seat only imagined.
# A draw: deck, destination, index (a display slot, or which of a seat's deals).
C_DRAW = _kind(30, "draw", _ANY, (0, NUM_DECKS - 1), (0, NUM_DESTS - 1), (0, _DISPLAY_SLOTS - 1))
C_SEARCH = _kind(31, "search", _SEAT, (0, 3), (0, 2))
C_DIE = _kind(32, "die", _SEAT, (0, 1))
C_PURPLE = _kind(33, "purple")
C_REVEAL = _kind(34, "turn_up", _ANY)
# Decisions of the task's seat.
D_SETUP_FAMILY = _kind(40, "setup_family", asks="keep a family tile", answers=("FAMILY",))
D_SETUP_GOALS = _kind(41, "setup_goals", asks="keep two goals", answers=("GOALS",))
D_SETUP_INSTR = _kind(42, "setup_instr", asks="keep an instrument", answers=("KEEP",))
D_SETUP_PATRON = _kind(
    43,
    "setup_patron",
    asks="keep a patron and choose its workbench space",
    drawn="keep a patron and choose its space",
    answers=("PATRON",),
)
D_MATERIAL = _kind(44, "material", asks="take a material", answers=("GAIN",))
D_LOAD = _kind(
    45,
    "load",
    _SEAT,
    (0, 2),
    (0, 1),
    asks="load the roughing bench",
    answers=("LOAD", "SWAP", "NOLOAD"),
)
D_PLACE = _kind(46, "place", asks="place a worker", answers=("PLACE",))
D_RESOLVE = _kind(
    47,
    "resolve",
    asks="activate a location, go to the market or pass",
    answers=("ACTIVATE", "MARKET", "PASS"),
)
D_CHIP = _kind(
    48,
    "chip",
    _SEAT,
    _CHIP,
    asks="choose the revealed worker's action",
    drawn="choose the chip's action",
    answers=(
        "TAKE",
        "ALT",
        "ALT2",
        "COINS2",
        "SEARCH_PATRON",
        "SEARCH_TYPE",
        "SEARCH_ERA",
        "AWARD",
        "ROUGH",
        "FINISH",
    ),
)
# The text drawing words a payment from its amounts (render._asked), the board not at all.
D_PAY = _kind(
    49,
    "pay",
    _SEAT,
    (1, 15),
    (0, 99),
    asks="pay in coins and inspiration",
    drawn="",
    answers=("PAY",),
)
D_SPACE = _kind(
    50,
    "space",
    asks="choose a workbench space for the patron",
    drawn="choose a patron space",
    answers=("SPACE",),
)
D_SALON_BONUS = _kind(51, "salon_bonus", asks="take a patron's gift", answers=("GIFT",))
D_REROLL = _kind(
    52,
    "reroll",
    asks="reroll a die or keep the dice",
    drawn="reroll a die or keep",
    answers=("REROLL", "KEEPDICE"),
)
D_INSPIRE = _kind(53, "inspire", asks="spend inspiration on the performance", answers=("INSPIRE",))
D_ORCH = _kind(
    54,
    "orch",
    _SEAT,
    (0, 2),
    (0, T.MAX_KINDS - 1),  # token kind, selector (an instrument kind)
    asks="choose an orchestra space for the token",
    drawn="choose an orchestra space",
    answers=("SEAT",),
)
D_BELOW = _kind(
    55,
    "below",
    _SEAT,
    (1, 2),
    asks="take coins or inspiration below the line",
    drawn="below the line: coins or inspiration",
    answers=("BELOW",),
)
D_TUCK = _kind(56, "tuck", asks="give the card to a patron or not", answers=("TUCK", "NOTUCK"))
D_COST = _kind(
    57,
    "cost",
    _SEAT,
    (0, 2),
    asks="pay the materials",
    answers=("WAIVE", "SUB", "PAYCOST"),
)
D_RETURN = _kind(58, "return", asks="return a finishing-bench card to hand", answers=("RETURN",))
D_AGAIN = _kind(
    59,
    "again",
    _SEAT,
    (0, 1),
    asks="work a second instrument or stop",
    answers=("ROUGH", "FINISH", "STOP"),
)
D_CLAIM = _kind(60, "claim", asks="claim an award level", answers=("CLAIM",))
D_ROYAL = _kind(61, "royal", asks="choose a royal patron", answers=("ROYAL",))
D_SPEC = _kind(62, "spec", _SEAT, (0, 2), asks="choose a specialist", answers=("SPEC",))
D_KEEP3 = _kind(
    63,
    "keep3",
    asks="keep one of the instruments drawn",
    drawn="keep one instrument",
    answers=("KEEP",),
)
D_ASSIGN = _kind(
    64,
    "assign",
    _SEAT,
    (0, 2),
    asks="give a worker to the new specialist",
    drawn="give a chip to the new specialist",
    answers=("ASSIGN",),
)
D_MARKET = _kind(
    65,
    "market",
    asks="trade at the market or leave it",
    drawn="trade at the market",
    answers=("BUY", "SELL", "HIRE", "TRAIN", "LEAVE"),
)
D_DOUBLE = _kind(
    66,
    "double",
    _SEAT,
    "spaces",
    asks="double this instrument's bonus now or keep it for the second",
    drawn="double this instrument's orchestra bonus, or keep the doubling for the second",
    answers=("DOUBLE",),
)
FIRST_CHANCE_TASK, FIRST_DECISION_TASK, LAST_TASK = C_DRAW, D_SETUP_FAMILY, D_DOUBLE
# T_CHAIR's last argument: whether finishing 6+ doubles this instrument token's bonus
# (ask the seat if a second instrument may follow), or the seat's answer.
CHAIR_ASK, CHAIR_DOUBLE, CHAIR_SINGLE = 0, 1, 2

PHASES = ("setup", "choices", "round-start", "planning", "resolution", "round-end", "over")
PH_SETUP, PH_CHOICES, PH_ROUND_START, PH_PLANNING, PH_RESOLUTION, PH_ROUND_END, PH_OVER = range(7)

# A placed worker chip: owner, chip (0..4 = #1..#5), apprentices, location, status, skill.
P_OWNER, P_CHIP, P_APPR, P_LOC, P_STATUS, P_SKILL = range(6)
S_DOWN, S_ACTING, S_DONE, S_KEPT = range(4)  # face down, revealed, back home, on the balcony
EMPTY_PLACED = [-1, -1, 0, -1, -1, 0]
# What the acting chip chose.
M_NONE, M_MAIN, M_ALT, M_FALLBACK, M_SEARCH = range(5)
# Masked values in an observation: a card slot holding a card the seat cannot see.
HIDDEN = -2

V = T.MAX_VALUE

# Every saved state and observation carries the version of the rules it was played
# under. Version 1 (no key) numbered the rounds 0-6 and so played seven; version 2
# plays the seed's six rounds, 1-6. An old file is refused, never read as a new one.
RULES_KEY = "rules_version"
RULES_VERSION = 2


def _field(name, shape, lo, hi, default=0):
    return (name, tuple(shape), lo, hi, default)


def game_fields(t: T.Tables) -> list:
    """(name, shape, lo, hi, default) of every game-level field, in struct order."""
    K, NP = t.n_kinds - 1, t.n_patrons - 1
    return [
        _field("num_players", (), 2, T.MAX_PLAYERS, 2),
        _field("round", (), 1, t.rounds, 1),
        _field("phase", (), 0, PH_OVER),
        _field("order", (T.MAX_PLAYERS,), -1, T.MAX_PLAYERS - 1, -1),
        _field("balcony", (T.MAX_PLAYERS,), -1, T.MAX_PLAYERS - 1, -1),
        _field("balcony_n", (), 0, T.MAX_PLAYERS),
        _field("awards", (4,), -1, t.n_awards - 1, -1),
        _field("claims", (4, 3), -1, T.DUMMY, -1),
        _field("market", (), -1, t.n_market - 1, -1),
        _field("market_deck", (T.MAX_MARKET,), 0, 1),
        _field("display", (T.CARD_LOCATIONS, T.MAX_SLOTS), -1, T.MAX_PATRONS - 1, -1),
        _field("instr_deck", (T.MAX_KINDS,), 0, 8),
        _field("instr_deck_n", (), 0, 200),
        _field("bottom", (T.MAX_BOTTOM, 2), -1, K, -1),
        _field("bottom_n", (), 0, T.MAX_BOTTOM),
        _field("instr_discard", (T.MAX_KINDS,), 0, 8),
        _field("instr_removed", (T.MAX_KINDS,), 0, 8),
        _field("patron_deck", (T.MAX_PATRONS,), 0, 1),
        _field("patron_deck_a", (), 0, T.MAX_PATRONS),
        _field("patron_deck_b", (), 0, T.MAX_PATRONS),
        _field("patron_mixed", (), 0, 1),
        _field("patron_discard", (T.MAX_PATRONS,), 0, 1),
        _field("perf_deck", (T.MAX_PERF,), 0, 1),
        _field("perf_discard", (T.MAX_PERF,), 0, 1),
        _field("repair_deck", (T.MAX_REPAIR,), 0, 1),
        _field("repair_discard", (T.MAX_REPAIR,), 0, 1),
        _field("royal_box", (T.MAX_PATRONS,), 0, 1),
        _field("royal_cut", (T.MAX_PATRONS,), 0, 1),
        _field("royal_cut_n", (), 0, T.MAX_PATRONS),
        _field("royal_seen", (T.MAX_PLAYERS,), 0, 1),
        _field("spec_box", (T.MAX_SPECS,), 0, 1),
        _field("spec_cut", (T.MAX_SPECS,), 0, 1),
        _field("spec_cut_n", (3,), 0, T.MAX_SPECS),
        _field("spec_seen", (3, T.MAX_PLAYERS), 0, 1),
        _field("goal_box", (T.MAX_GOALS,), 0, 1),
        _field("family_box", (T.MAX_FAMILY,), 0, 1),
        _field("award_box", (T.MAX_AWARDS,), 0, 1),
        _field("orch_box", (T.MAX_ORCH,), 0, 1),
        _field("orch_card", (), -1, t.n_orch - 1, -1),
        _field("revealed", (), 0, 1),
        _field("chair_owner", (T.MAX_SPACES,), -1, T.DUMMY, -1),
        _field("chair_kind", (T.MAX_SPACES,), -1, 2, -1),
        _field("tokens", (T.MAX_SPACES, T.OWNERS, 3), 0, 99),
        _field("placed", (T.MAX_PLACED, 6), -1, 99, -1),  # per column: see _check_placed
        _field("placed_n", (), 0, T.MAX_PLACED),
        _field("held", (), -1, T.NUM_GLOBAL - 1, -1),
        _field("held_patron", (), -1, NP, -1),
        _field("act_chip", (), -1, T.MAX_PLACED - 1, -1),
        _field("act_mode", (), 0, M_SEARCH),
        _field("act_discount", (), 0, 9),
        _field("act_double", (), 0, 1),
        _field("act_again", (), 0, 1),
        _field("cost", (3,), 0, 9),
        _field("dice", (3,), -1, 6, -1),
        _field("die_black", (2,), 0, 1),
        _field("rerolls", (), 0, 9),
        _field("perf_total", (), 0, 99),
        _field("tasks", (T.MAX_TASKS, 5), -1, 99, 0),  # per kind: see _check_tasks
        _field("task_n", (), 0, T.MAX_TASKS),
    ]


def player_fields(t: T.Tables) -> list:
    K, NP = t.n_kinds - 1, t.n_patrons - 1
    return [
        _field("pp", (), 0, V),
        _field("coins", (), 0, V),
        _field("insp", (), 0, V),
        _field("mat", (3,), 0, 99),
        _field("appr", (), 0, 3),
        _field("appr_gone", (), 0, 3),
        _field("track", (3,), 0, 7),
        _field("hand", (T.MAX_KINDS,), 0, 8),
        _field("hand_n", (), 0, 200),
        _field("keep", (3,), -1, K, -1),
        _field("rough", (2,), -1, K, -1),
        _field("finish", (2,), -1, K, -1),
        _field("patron", (3,), -1, NP, -1),
        _field("patience", (3,), 0, t.patience_leave - 1),
        _field("tucked", (3, 3), -1, T.NUM_GLOBAL - 1, -1),
        _field("done", (T.MAX_DONE,), -1, NP, -1),
        _field("marker", (3,), 0, 1),
        _field("spec", (3,), -1, t.n_specs - 1, -1),
        _field("spec_chip", (3,), -1, 4, -1),
        _field("spec_new", (3,), 0, 1),
        _field("goals", (4,), -1, t.n_goals - 1, -1),
        _field("goal_mask", (), 0, 15),
        _field("family", (2,), -1, t.n_family - 1, -1),
        _field("family_pick", (), -1, 1, -1),
        _field("deal_instr", (2,), -1, K, -1),
        _field("deal_patron", (2,), -1, NP, -1),
        _field("visited", (), 0, 1),
        _field("passed", (), 0, 1),
        _field("bought", (3,), 0, 1),
        _field("sold", (3,), 0, 1),
        _field("final_coins", (), 0, 99),
    ]


def _filled(shape, value):
    if not shape:
        return value
    return [_filled(shape[1:], value) for _ in range(shape[0])]


def empty_fields(t: T.Tables, num_players: int, flags: int) -> dict:
    """A blank state dict: every field at its default."""
    fields = {name: _filled(shape, d) for name, shape, _, _, d in game_fields(t)}
    fields["num_players"] = num_players
    fields["flags"] = flags
    fields["placed"] = [list(EMPTY_PLACED) for _ in range(T.MAX_PLACED)]
    fields["players"] = [
        {name: _filled(shape, d) for name, shape, _, _, d in player_fields(t)}
        for _ in range(T.MAX_PLAYERS)
    ]
    return fields


_BLANK: dict = {}


def _blank_player(t: T.Tables) -> dict:
    """A seat's record at its defaults (for checking unused seats), built once."""
    if id(t) not in _BLANK:
        _BLANK[id(t)] = empty_fields(t, 2, 0)["players"][0]
    return _BLANK[id(t)]


def encode(fields: dict, variant: str) -> dict:
    """The JSON dict of a state: its fields, without the internal variant flags."""
    data = {"game": "luthier", "variant": variant, RULES_KEY: RULES_VERSION}
    data.update((k, v) for k, v in fields.items() if k != "flags")
    return data


# ---- decoding and checking ----------------------------------------------------------------


def _shaped(value, shape, lo, hi, where, allow_hidden):
    """`value` checked to be ints in [lo, hi] (or a mask value in a view) nested to
    `shape`; returned as it is."""
    if not shape:
        if type(value) is not int:
            raise StateFormatError(f"{where} must be an integer, got {value!r}")
        if not (lo <= value <= hi or (allow_hidden and value in (HIDDEN, -1))):
            raise StateFormatError(f"{where} must be in {lo}..{hi}, got {value}")
        return value
    if type(value) is not list or len(value) != shape[0]:
        raise StateFormatError(f"{where} must be a list of {shape[0]}, got {str(value)[:60]}")
    if len(shape) == 1:
        # The innermost lists hold most numbers: one pass, and details only on failure.
        for v in value:
            if type(v) is not int or not (lo <= v <= hi or (allow_hidden and v in (HIDDEN, -1))):
                return [
                    _shaped(v, (), lo, hi, f"{where}[{i}]", allow_hidden)
                    for i, v in enumerate(value)
                ]
        return value
    return [
        _shaped(v, shape[1:], lo, hi, f"{where}[{i}]", allow_hidden) for i, v in enumerate(value)
    ]


def parse_fields(data: Any, t: T.Tables, hidden: tuple = ()) -> dict:
    """The fields of a state (or, with `hidden` naming the maskable fields, of an
    observation) with every value's type and range checked."""
    if not isinstance(data, dict):
        raise StateFormatError("a luthier state is a JSON object")
    if RULES_KEY not in data:
        raise StateFormatError(
            "this luthier state was saved by an older Cadenza that played seven rounds "
            f"(0-6); it cannot be continued under the six rounds (1-6) of {RULES_KEY} "
            f"{RULES_VERSION}: start a new game"
        )
    if data[RULES_KEY] != RULES_VERSION:
        raise StateFormatError(f"{RULES_KEY} must be {RULES_VERSION}, got {data[RULES_KEY]!r}")
    variant = data.get("variant")
    if variant not in t.variants:
        raise StateFormatError(f"variant must be one of {', '.join(t.variants)}, got {variant!r}")
    fields = {"flags": t.variants[variant]}
    for name, shape, lo, hi, _ in game_fields(t):
        if name not in data:
            raise StateFormatError(f"missing field {name!r}")
        fields[name] = _shaped(data[name], shape, lo, hi, name, name in hidden)
    players = data.get("players")
    if not isinstance(players, list) or len(players) != T.MAX_PLAYERS:
        raise StateFormatError(f"players must be a list of {T.MAX_PLAYERS} seat records")
    fields["players"] = []
    for i, record in enumerate(players):
        if not isinstance(record, dict):
            raise StateFormatError(f"players[{i}] must be an object")
        parsed = {}
        for name, shape, lo, hi, _ in player_fields(t):
            if name not in record:
                raise StateFormatError(f"missing field players[{i}].{name}")
            parsed[name] = _shaped(
                record[name], shape, lo, hi, f"players[{i}].{name}", ("players", name) in hidden
            )
        fields["players"].append(parsed)
    return fields


def _require(condition, message):
    if not condition:
        raise StateFormatError(message)


def check_fields(f: dict, t: T.Tables) -> None:
    """Consistency a C loop relies on: ids in range for their component kind, stacks
    and lists within their counts, unused seats blank, every card exactly once."""
    n = f["num_players"]
    blank = _blank_player(t)
    for p in range(n, T.MAX_PLAYERS):
        _require(f["players"][p] == blank, f"players[{p}] must be blank with {n} players")
    _require(
        sorted(f["order"][:n]) == list(range(n)) and f["order"][n:] == [-1] * (T.MAX_PLAYERS - n),
        f"order must list each of the {n} seats once",
    )
    balcony = f["balcony"][: f["balcony_n"]]
    _require(
        len(set(balcony)) == len(balcony)
        and all(0 <= p < n for p in balcony)
        and all(x == -1 for x in f["balcony"][f["balcony_n"] :]),
        "balcony must list distinct seats, then -1",
    )
    for loc, limit in enumerate((t.n_patrons, t.n_kinds, t.n_perf, t.n_repair)):
        for s, card in enumerate(f["display"][loc]):
            _require(card < limit, f"display[{loc}][{s}] = {card} is not a card of that location")
    _require(f["bottom_n"] <= T.MAX_BOTTOM, "bottom_n too large")
    for i, (kind, placer) in enumerate(f["bottom"]):
        used = i < f["bottom_n"]
        _require(
            (kind >= 0 and 0 <= placer < n) if used else (kind == -1 and placer == -1),
            f"bottom[{i}] must be a (kind, seat) entry exactly below bottom_n",
        )
    _check_placed(f, n)
    _check_tasks(f, t, n)
    for s in range(T.MAX_SPACES):
        if s >= t.n_spaces:
            _require(
                f["chair_owner"][s] == -1 and not any(map(any, f["tokens"][s])),
                f"orchestra space {s} does not exist",
            )
        _require(
            (f["chair_owner"][s] == -1) == (f["chair_kind"][s] == -1),
            f"chair_owner and chair_kind of space {s} disagree",
        )
    for p in range(n):
        pl = f["players"][p]
        for j in range(3):
            _require(
                pl["patron"][j] >= 0 or pl["tucked"][j] == [-1, -1, -1],
                f"players[{p}]: cards tucked under an empty patron space",
            )
        for d in range(3):
            sid = pl["spec"][d]
            _require(
                sid == -1 or t.spec_deck[sid] == d, f"players[{p}].spec[{d}] is from another deck"
            )
    for p in range(n):
        for row in f["players"][p]["tucked"]:
            for g in row:
                _require(
                    g == -1 or _card_exists(g, t),
                    f"players[{p}].tucked holds {g}, not a card that fulfils",
                )
    _require(
        f["held"] == -1 or _card_exists(f["held"], t),
        "held must be an instrument, performance or repair card",
    )
    _check_pending(f, t, n)
    check_cards(f, t)


def _card_exists(g: int, t: T.Tables) -> bool:
    """An instrument, performance or repair card of the data (global id)."""
    return (
        T.G_INSTR <= g < T.G_INSTR + t.n_kinds
        or T.G_PERF <= g < T.G_PERF + t.n_perf
        or T.G_REPAIR <= g < T.G_REPAIR + t.n_repair
    )


def _check_pending(f: dict, t: T.Tables, n: int) -> None:
    """What the pending tasks rely on: the acting chip, the card being resolved, the
    patron being placed, the market card, the family tiles of a reveal."""
    kinds = {task[0] for task in f["tasks"][: f["task_n"]]}
    acting = 0 <= f["act_chip"] < f["placed_n"]
    _require(f["act_chip"] == -1 or acting, "act_chip must be a placed chip or -1")
    for task in f["tasks"][: f["task_n"]]:
        kind, p, a = task[0], task[1], task[2]
        if kind in (T_CHIP_DONE, T_BONUS, T_SPECIALIST, D_CHIP):
            _require(
                a < f["placed_n"] and f["placed"][a][P_STATUS] == S_ACTING,
                f"task {kind} names placed chip {a}, which is not acting",
            )
            _require(kind != D_CHIP or f["placed"][a][P_OWNER] == p, "a chip is moved by its owner")
        if kind == D_ORCH and task[2] == T.K_INSTR:
            _require(task[3] < t.n_kinds, "an instrument token needs an instrument")
    held = f["held"]
    if kinds & {T_PERFORM, D_REROLL, D_INSPIRE, T_PERF_RESULT, C_DIE, C_PURPLE}:
        _require(
            T.G_PERF <= held < T.G_PERF + t.n_perf and acting,
            "a performance needs its card (held) and its acting chip",
        )
    if T_REPAIR_DONE in kinds:
        _require(T.G_REPAIR <= held < T.G_REPAIR + t.n_repair, "a repair needs its card (held)")
    if T_FINISH_DONE in kinds:
        _require(T.G_INSTR <= held < T.G_INSTR + t.n_kinds, "finishing needs its instrument (held)")
    if D_TUCK in kinds:
        _require(held >= 0, "a card to give to a patron must be held")
    if D_SPACE in kinds:
        _require(f["held_patron"] >= 0, "a patron to place must be held")
    if D_MARKET in kinds:
        _require(f["market"] >= 0, "the market needs a market card")
    stack = [tuple(task[:2]) for task in f["tasks"][: f["task_n"]]]
    reveal_at = next((i for i, (kind, _) in enumerate(stack) if kind == T_REVEAL), None)
    if reveal_at is not None or T_FAMILY_ABILITY in kinds or f["revealed"]:
        for p in range(n):
            pl = f["players"][p]
            choosing = reveal_at is not None and (D_SETUP_FAMILY, p) in stack[reveal_at + 1 :]
            _require(
                choosing or (pl["family_pick"] in (0, 1) and pl["family"][pl["family_pick"]] >= 0),
                f"players[{p}] has not kept a family tile",
            )


def _check_placed(f: dict, n: int) -> None:
    for i, entry in enumerate(f["placed"]):
        if i >= f["placed_n"]:
            _require(entry == EMPTY_PLACED, f"placed[{i}] must be empty beyond placed_n")
            continue
        owner, chip, appr, loc, status, skill = entry
        _require(
            0 <= owner < n
            and 0 <= chip <= 4
            and 0 <= appr <= 3
            and 0 <= loc < T.NUM_LOCATIONS
            and S_DOWN <= status <= S_KEPT
            and 0 <= skill <= 30,
            f"placed[{i}] = {entry} is not "
            "(seat, chip 0-4, apprentices 0-3, location, status, skill)",
        )
    chips = [(e[P_OWNER], e[P_CHIP]) for e in f["placed"][: f["placed_n"]]]
    _require(len(set(chips)) == len(chips), "a chip is placed twice")


def _task_ranges(t: T.Tables) -> dict:
    """(seat, a, b, c) ranges of each task kind (TASKS), with the data's sizes."""
    spaces = (0, t.n_spaces - 1)
    return {
        kind.id: (kind.seat, *(spaces if r == "spaces" else r for r in kind.args))
        for kind in TASKS.values()
    }


def _check_tasks(f: dict, t: T.Tables, n: int) -> None:
    ranges = _task_ranges(t)
    for i, task in enumerate(f["tasks"]):
        if i >= f["task_n"]:
            _require(task == [0, 0, 0, 0, 0], f"tasks[{i}] must be zero beyond task_n")
            continue
        kind = task[0]
        _require(kind in ranges, f"tasks[{i}] has no task kind {kind}")
        for value, (lo, hi), what in zip(
            task[1:], ranges[kind], ("seat", "a", "b", "c"), strict=False
        ):
            _require(lo <= value <= hi, f"tasks[{i}] ({kind}): {what} {value} outside {lo}..{hi}")
        _require(task[1] < n, f"tasks[{i}]: seat {task[1]} with {n} players")
        if kind == C_DRAW:
            _check_draw(task, i)
    _require(f["task_n"] > 0 or f["phase"] == PH_OVER, "no task pending before the game is over")


# The deck each kind of draw takes from (a display's deck depends on its location).
DEST_DECK = {
    DEST_HAND: DK_INSTR,
    DEST_KEEP: DK_INSTR,
    DEST_DEAL_INSTR: DK_INSTR,
    DEST_DEAL_PATRON: DK_PATRON,
    DEST_FAMILY: DK_FAMILY,
    DEST_GOAL: DK_GOAL,
    DEST_AWARD: DK_AWARD,
    DEST_ROYAL_CUT: DK_ROYAL,
    DEST_SPEC_CUT: DK_SPEC,
    DEST_MARKET: DK_MARKET,
    DEST_ORCH: DK_ORCH,
}


def _check_draw(task, i):
    _, p, deck, dest, index = task
    wanted = DISPLAY_DECK[min(index // T.MAX_SLOTS, 3)] if dest == DEST_DISPLAY else DEST_DECK[dest]
    _require(deck == wanted, f"tasks[{i}]: a draw into {dest} comes from deck {wanted}, not {deck}")
    seat_dests = (DEST_HAND, DEST_KEEP, DEST_DEAL_INSTR, DEST_DEAL_PATRON, DEST_FAMILY, DEST_GOAL)
    limits = {
        DEST_KEEP: 2,
        DEST_DEAL_INSTR: 1,
        DEST_DEAL_PATRON: 1,
        DEST_FAMILY: 1,
        DEST_GOAL: 3,
        DEST_AWARD: 3,
        DEST_SPEC_CUT: 2,
    }
    _require(
        (p >= 0) == (dest in seat_dests),
        f"tasks[{i}]: a draw into {dest} names a seat iff it is a seat's",
    )
    _require(
        index <= limits.get(dest, 0 if dest != DEST_DISPLAY else 99), f"tasks[{i}]: bad draw index"
    )


# ---- cards: where every component is ---------------------------------------------------


def _global_kind(g: int) -> str:
    for name, base, size in (
        ("instr", T.G_INSTR, T.MAX_KINDS),
        ("patron", T.G_PATRON, T.MAX_PATRONS),
        ("perf", T.G_PERF, T.MAX_PERF),
        ("repair", T.G_REPAIR, T.MAX_REPAIR),
    ):
        if base <= g < base + size:
            return name
    return "other"


def card_counts(f: dict, t: T.Tables) -> dict:
    """How many times each card appears in the state, by component kind (lists
    indexed by id): the state is consistent when these equal the copies that exist."""
    n = f["num_players"]
    players = f["players"][:n]
    instr = [0] * T.MAX_KINDS
    patron = [0] * T.MAX_PATRONS
    perf = [0] * T.MAX_PERF
    repair = [0] * T.MAX_REPAIR

    def add_global(g):
        kind = _global_kind(g)
        if kind == "instr":
            instr[g - T.G_INSTR] += 1
        elif kind == "patron":
            patron[g - T.G_PATRON] += 1
        elif kind == "perf":
            perf[g - T.G_PERF] += 1
        elif kind == "repair":
            repair[g - T.G_REPAIR] += 1

    for k in range(T.MAX_KINDS):
        instr[k] += f["instr_deck"][k] + f["instr_discard"][k] + f["instr_removed"][k]
        for pl in players:
            instr[k] += pl["hand"][k]
    for kind, _ in f["bottom"][: f["bottom_n"]]:
        instr[kind] += 1
    for c in f["display"][T.GUILD]:
        if c >= 0:
            instr[c] += 1
    for pl in players:
        for c in pl["keep"] + pl["rough"] + pl["finish"] + pl["deal_instr"]:
            if c >= 0:
                instr[c] += 1
        for c in pl["patron"] + pl["done"] + pl["deal_patron"]:
            if c >= 0:
                patron[c] += 1
        for row in pl["tucked"]:
            for g in row:
                if g >= 0:
                    add_global(g)
    if f["held"] >= 0:
        add_global(f["held"])
    for i in range(T.MAX_PATRONS):
        patron[i] += (
            f["patron_deck"][i] + f["patron_discard"][i] + f["royal_box"][i] + f["royal_cut"][i]
        )
    for c in f["display"][T.SALON]:
        if c >= 0:
            patron[c] += 1
    if f["held_patron"] >= 0:
        patron[f["held_patron"]] += 1
    for i in range(T.MAX_PERF):
        perf[i] += f["perf_deck"][i] + f["perf_discard"][i]
    for c in f["display"][T.PERFORM]:
        if c >= 0:
            perf[c] += 1
    for i in range(T.MAX_REPAIR):
        repair[i] += f["repair_deck"][i] + f["repair_discard"][i]
    for c in f["display"][T.REPAIR]:
        if c >= 0:
            repair[c] += 1
    goal = list(f["goal_box"])
    family = list(f["family_box"])
    spec = [f["spec_box"][i] + f["spec_cut"][i] for i in range(T.MAX_SPECS)]
    for pl in players:
        for g in pl["goals"]:
            if g >= 0:
                goal[g] += 1
        for g in pl["family"]:
            if g >= 0:
                family[g] += 1
        for s in pl["spec"]:
            if s >= 0:
                spec[s] += 1
    award = list(f["award_box"])
    for a in f["awards"]:
        if a >= 0:
            award[a] += 1
    orch = list(f["orch_box"])
    if f["orch_card"] >= 0:
        orch[f["orch_card"]] += 1
    return {
        "instrument": instr,
        "patron": patron,
        "performance": perf,
        "repair": repair,
        "goal": goal,
        "family": family,
        "specialist": spec,
        "award": award,
        "orchestra": orch,
    }


def expected_counts(t: T.Tables) -> dict:
    def ones(count, size):
        return [1] * count + [0] * (size - count)

    return {
        "instrument": list(t.kind_copies) + [0] * (T.MAX_KINDS - t.n_kinds),
        "patron": ones(t.n_patrons, T.MAX_PATRONS),
        "performance": ones(t.n_perf, T.MAX_PERF),
        "repair": ones(t.n_repair, T.MAX_REPAIR),
        "goal": ones(t.n_goals, T.MAX_GOALS),
        "family": ones(t.n_family, T.MAX_FAMILY),
        "specialist": ones(t.n_specs, T.MAX_SPECS),
        "award": ones(t.n_awards, T.MAX_AWARDS),
        "orchestra": ones(t.n_orch, T.MAX_ORCH),
    }


def check_cards(f: dict, t: T.Tables) -> None:
    counts, expected = card_counts(f, t), expected_counts(t)
    for kind, have in counts.items():
        want = expected[kind]
        for i, (a, b) in enumerate(zip(have, want, strict=False)):
            _require(a == b, f"{kind} card {i} appears {a} times, expected {b}")
    _require(sum(f["instr_deck"]) == f["instr_deck_n"], "instr_deck_n does not match instr_deck")
    for p, pl in enumerate(f["players"]):
        _require(sum(pl["hand"]) == pl["hand_n"], f"players[{p}].hand_n does not match the hand")
    a_count = sum(f["patron_deck"][i] for i in range(t.n_patrons) if t.patron_deck[i] == T.DECK_A)
    b_count = sum(f["patron_deck"][i] for i in range(t.n_patrons) if t.patron_deck[i] == T.DECK_B)
    _require(
        a_count == f["patron_deck_a"] and b_count == f["patron_deck_b"],
        "patron_deck_a/patron_deck_b do not match patron_deck",
    )
    _require(
        not any(
            f["patron_deck"][i] for i in range(t.n_patrons) if t.patron_deck[i] == T.DECK_ROYAL
        ),
        "royal patrons are never in the patron deck",
    )
    _require(sum(f["royal_cut"]) == f["royal_cut_n"], "royal_cut_n does not match royal_cut")
    _require(
        not any(
            f["royal_box"][i] or f["royal_cut"][i]
            for i in range(t.n_patrons)
            if t.patron_deck[i] != T.DECK_ROYAL
        ),
        "only royal patrons are in the royal deck",
    )
    for d in range(3):
        _require(
            sum(f["spec_cut"][i] for i in range(t.n_specs) if t.spec_deck[i] == d)
            == f["spec_cut_n"][d],
            f"spec_cut_n[{d}] does not match spec_cut",
        )
    _require(
        f["market"] < 0 or not f["market_deck"][f["market"]], "the market card is also in its deck"
    )
    _require(
        not any(f["market_deck"][t.n_market :]), "market_deck holds a card that does not exist"
    )


def decode(data: Any, t: T.Tables) -> dict:
    """The checked fields of a state dict that `encode` wrote."""
    require_state_of(data, "luthier")
    fields = parse_fields(data, t)
    check_fields(fields, t)
    return fields


def clone_fields(fields: dict) -> dict:
    """A deep copy of a fields dict (ints, lists, dicts only: marshal copies those
    fastest)."""
    return marshal.loads(marshal.dumps(fields))
