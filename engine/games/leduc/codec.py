"""Leduc poker's JSON layout of a whole state and its validation, shared by the compiled
state and the pure-Python reference (actions.py has the notation, views.py a seat's
observation).

Only the *format* lives here. The rules (what is legal, who wins) are written twice on
purpose, in state.pyx and reference.py, so the differential tests can compare them;
`replay` rebuilds a position through whichever implementation it is given, so a loaded
state is always one the rules can reach.
"""

from __future__ import annotations

from engine.errors import IllegalActionError, StateFormatError
from engine.games.leduc.actions import BET_NAMES, CARD_BASE, CARD_NAMES, action_to_str
from engine.state import TERMINAL_PLAYER as TERMINAL
from engine.validate import get_int, get_int_list, require

NUM_ROUNDS = 2
# The longest betting round with two players and two raises: call raise raise call.
MAX_ROUND_ACTIONS = 4
# The most one seat can put in: the ante, two raises of 2, two raises of 4.
MAX_CONTRIBUTION = 13


def card_or_none(card: int):
    """A card's name, or None (JSON null) for a card not dealt (-1)."""
    return None if card < 0 else CARD_NAMES[card]


def history_names(rounds) -> list[list[str]]:
    """The betting history, one list of action names per round."""
    return [[BET_NAMES[a] for a in actions] for actions in rounds]


def state_dict(private, public, history, contributions, to_move) -> dict:
    """The JSON layout of a whole state. `private` and `public` are card ids (-1: not
    dealt), `history` the bet ids of each round."""
    return {
        "game": "leduc",
        "private": [card_or_none(c) for c in private],
        "public": card_or_none(public),
        "history": history_names(history),
        "contributions": list(contributions),
        "to_move": to_move,
    }


# ---- parsing ----------------------------------------------------------------------


def parse_card(value, what: str) -> int:
    """A card name (or null) as a card id, -1 for null."""
    if value is None:
        return -1
    if value not in CARD_NAMES:
        raise StateFormatError(
            f"{what} must be a card ({', '.join(CARD_NAMES)}) or null, got {value!r}"
        )
    return CARD_NAMES.index(value)


def _history(data: dict) -> list[list[int]]:
    if "history" not in data:
        raise StateFormatError("missing field 'history'")
    rounds = data["history"]
    if not isinstance(rounds, list) or len(rounds) != NUM_ROUNDS:
        raise StateFormatError(f"history must be a list of {NUM_ROUNDS} rounds, got {rounds!r}")
    parsed = []
    for r, actions in enumerate(rounds):
        if not isinstance(actions, list) or len(actions) > MAX_ROUND_ACTIONS:
            raise StateFormatError(
                f"history[{r}] must be a list of at most {MAX_ROUND_ACTIONS} actions, "
                f"got {actions!r}"
            )
        for a in actions:
            if a not in BET_NAMES:
                raise StateFormatError(f"history[{r}] holds {a!r}: a bet is fold, call or raise")
        parsed.append([BET_NAMES.index(a) for a in actions])
    return parsed


def parse_common(data: dict):
    """The fields a state and an observation share: public card, history, and the
    derived contributions and seat to move (checked against the replay later)."""
    if "public" not in data:
        raise StateFormatError("missing field 'public'")
    public = parse_card(data["public"], "public")
    history = _history(data)
    contributions = get_int_list(data, "contributions", 2, 1, MAX_CONTRIBUTION)
    to_move = get_int(data, "to_move", TERMINAL, 1)
    return public, history, contributions, to_move


def parse_state(data: dict):
    """(private, public, history, contributions, to_move) from a state dict."""
    if "private" not in data:
        raise StateFormatError("missing field 'private'")
    cards = data["private"]
    if not isinstance(cards, list) or len(cards) != 2:
        raise StateFormatError(f"private must be a list of 2 cards (or nulls), got {cards!r}")
    private = [parse_card(c, f"private[{i}]") for i, c in enumerate(cards)]
    return (private,) + parse_common(data)


# ---- rebuilding a position ------------------------------------------------------------


def replay(cls, private, public, history):
    """The position reached by dealing `private` (seat 0 first), betting history[0],
    dealing `public` and betting history[1], played through `cls`'s own checked
    apply. Anything the rules cannot reach raises StateFormatError."""
    seen = [c for c in list(private) + [public] if c >= 0]
    require(
        len(seen) == len(set(seen)),
        f"a card appears twice: {', '.join(CARD_NAMES[c] for c in seen)}",
    )
    require(
        private[0] >= 0 or private[1] < 0, "seat 0 is dealt first: seat 1 cannot hold a card alone"
    )
    require(public < 0 or private[1] >= 0, "the public card is dealt after both private cards")
    require(private[1] >= 0 or not history[0], "betting starts after both private cards are dealt")
    state = cls.new_initial(2, "standard")
    steps = [CARD_BASE + c for c in private if c >= 0]
    steps += history[0]
    if public >= 0:
        steps.append(CARD_BASE + public)
    else:
        require(not history[1], "there is no second betting round before the public card is dealt")
    steps += history[1]
    for step in steps:
        try:
            state.apply(step)
        except IllegalActionError:
            raise StateFormatError(
                f"{action_to_str(step)} cannot be played after "
                f"{describe_sequence(state)}: not a reachable Leduc position"
            ) from None
    return state


def describe_sequence(state) -> str:
    """The cards and bets of `state` in one line, for error messages."""
    d = state.to_dict()
    cards = [c or "?" for c in d["private"]]
    return (
        f"cards {'/'.join(cards)}, public {d['public'] or 'none'}, "
        f"round 1 [{' '.join(d['history'][0])}], round 2 [{' '.join(d['history'][1])}]"
    )


def check_derived(state, contributions, to_move) -> None:
    """The derived fields a loaded state or observation carried must match its replay."""
    actual = state.to_dict()
    require(
        actual["contributions"] == list(contributions),
        f"contributions {list(contributions)} do not match the history "
        f"(which puts in {actual['contributions']})",
    )
    require(
        actual["to_move"] == to_move,
        f"to_move {to_move} does not match the history (seat to move: {actual['to_move']})",
    )


def from_state_dict(cls, data: dict):
    """A validated state of implementation `cls` from `state_dict` output."""
    private, public, history, contributions, to_move = parse_state(data)
    state = replay(cls, private, public, history)
    check_derived(state, contributions, to_move)
    return state
