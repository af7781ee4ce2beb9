"""Leduc poker's text forms, shared by the compiled state and the pure-Python reference:
the action space and its notation, and the JSON layout of a state and of an observation.

Only the *format* lives here. The rules (what is legal, who wins) are written twice on
purpose, in state.pyx and reference.py, so the differential tests can compare them;
`replay` rebuilds a position through whichever implementation it is given, so a loaded
state is always one the rules can reach.
"""
from __future__ import annotations

from engine.errors import IllegalActionError, StateFormatError
from engine.state import TERMINAL_PLAYER as TERMINAL
from engine.validate import get_int, get_int_list, require

# The action space (fixed, as in OpenSpiel's leduc_poker: 0 fold, 1 call, 2 raise),
# then the six cards as chance outcomes. Card c has rank c // 2 (J, Q, K) and suit
# c % 2 (spades, hearts); its chance outcome is CARD_BASE + c.
FOLD, CALL, RAISE = 0, 1, 2
CARD_BASE = 3
NUM_CARDS = 6
NUM_ACTIONS = CARD_BASE + NUM_CARDS
BET_NAMES = ("fold", "call", "raise")
CARD_NAMES = ("Js", "Jh", "Qs", "Qh", "Ks", "Kh")
NUM_ROUNDS = 2
# The longest betting round with two players and two raises: call raise raise call.
MAX_ROUND_ACTIONS = 4
# The most one seat can put in: the ante, two raises of 2, two raises of 4.
MAX_CONTRIBUTION = 13


def action_to_str(action) -> str:
    if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < NUM_ACTIONS:
        raise IllegalActionError(
            f"a Leduc action is 0..{NUM_ACTIONS - 1} (fold, call, raise, then a card), got {action!r}")
    if action < CARD_BASE:
        return BET_NAMES[action]
    return CARD_NAMES[action - CARD_BASE]


def str_to_action(text) -> int:
    if text in BET_NAMES:
        return BET_NAMES.index(text)
    if text in CARD_NAMES:
        return CARD_BASE + CARD_NAMES.index(text)
    raise IllegalActionError(
        f"a Leduc action is fold, call, raise or a card ({', '.join(CARD_NAMES)}), got {text!r}")


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

def _card(value, what: str) -> int:
    """A card name (or null) as a card id, -1 for null."""
    if value is None:
        return -1
    if value not in CARD_NAMES:
        raise StateFormatError(f"{what} must be a card ({', '.join(CARD_NAMES)}) or null, got {value!r}")
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
                f"history[{r}] must be a list of at most {MAX_ROUND_ACTIONS} actions, got {actions!r}")
        for a in actions:
            if a not in BET_NAMES:
                raise StateFormatError(f"history[{r}] holds {a!r}: a bet is fold, call or raise")
        parsed.append([BET_NAMES.index(a) for a in actions])
    return parsed


def _common(data: dict):
    """The fields a state and an observation share: public card, history, and the
    derived contributions and seat to move (checked against the replay later)."""
    if "public" not in data:
        raise StateFormatError("missing field 'public'")
    public = _card(data["public"], "public")
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
    private = [_card(c, f"private[{i}]") for i, c in enumerate(cards)]
    return (private,) + _common(data)


def parse_observation(obs: dict):
    """(seat, own, dealt, opponent, public, history, contributions, to_move) from an
    observation; `opponent` is -1 unless the card was shown at a showdown."""
    if not isinstance(obs, dict):
        raise StateFormatError("an observation is a JSON object")
    seat = get_int(obs, "seat", 0, 1)
    dealt = get_int(obs, "dealt", 0, 2)
    for key in ("own", "opponent"):
        if key not in obs:
            raise StateFormatError(f"missing field {key!r}")
    own = _card(obs["own"], "own")
    opponent = _card(obs["opponent"], "opponent")
    # Seat 0 is dealt first, so a seat holds a card exactly when more than `seat`
    # cards are out.
    require((own >= 0) == (dealt > seat),
            f"with {dealt} private card(s) dealt, seat {seat} "
            f"{'holds' if dealt > seat else 'does not hold'} a card")
    return (seat, own, dealt, opponent) + _common(obs)


# ---- rebuilding a position ------------------------------------------------------------

def replay(cls, private, public, history):
    """The position reached by dealing `private` (seat 0 first), betting history[0],
    dealing `public` and betting history[1], played through `cls`'s own checked
    apply. Anything the rules cannot reach raises StateFormatError."""
    seen = [c for c in list(private) + [public] if c >= 0]
    require(len(seen) == len(set(seen)),
            f"a card appears twice: {', '.join(CARD_NAMES[c] for c in seen)}")
    require(private[0] >= 0 or private[1] < 0, "seat 0 is dealt first: seat 1 cannot hold a card alone")
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
                f"{describe_sequence(state)}: not a reachable Leduc position") from None
    return state


def describe_sequence(state) -> str:
    """The cards and bets of `state` in one line, for error messages."""
    d = state.to_dict()
    cards = [c or "?" for c in d["private"]]
    return (f"cards {'/'.join(cards)}, public {d['public'] or 'none'}, "
            f"round 1 [{' '.join(d['history'][0])}], round 2 [{' '.join(d['history'][1])}]")


def check_derived(state, contributions, to_move) -> None:
    """The derived fields a loaded state or observation carried must match its replay."""
    actual = state.to_dict()
    require(actual["contributions"] == list(contributions),
            f"contributions {list(contributions)} do not match the history "
            f"(which puts in {actual['contributions']})")
    require(actual["to_move"] == to_move,
            f"to_move {to_move} does not match the history (seat to move: {actual['to_move']})")


def from_state_dict(cls, data: dict):
    """A validated state of implementation `cls` from `state_dict` output."""
    private, public, history, contributions, to_move = parse_state(data)
    state = replay(cls, private, public, history)
    check_derived(state, contributions, to_move)
    return state


def unseen_cards(own: int, public: int) -> list[int]:
    """The cards a seat has not seen, ascending: where the opponent's card can be."""
    return [c for c in range(NUM_CARDS) if c != own and c != public]


def from_observation_dict(cls, obs: dict, rng):
    """A state of `cls` consistent with the observation: the opponent's unseen card
    drawn uniformly (rng.randint) from the cards the seat has not seen."""
    seat, own, dealt, opponent, public, history, contributions, to_move = parse_observation(obs)
    require(own < 0 or own != public, f"own card and public card are both {card_or_none(own)}")
    require(opponent < 0 or opponent not in (own, public),
            f"the opponent's shown card {card_or_none(opponent)} is also the seat's own or the public card")
    other = 1 - seat
    private = [-1, -1]
    private[seat] = own
    if opponent >= 0:
        require(dealt == 2, "a shown opponent card needs both private cards dealt")
        private[other] = opponent
    elif dealt > other:
        candidates = unseen_cards(own, public)
        private[other] = candidates[rng.randint(len(candidates))]
    state = replay(cls, private, public, history)
    check_derived(state, contributions, to_move)
    require((opponent >= 0) == state.is_showdown(),
            "the opponent's card is shown exactly when the hand ended at a showdown")
    return state


def observation_dict(seat: int, own, dealt, opponent_shown, public, history,
                     contributions, to_move) -> dict:
    """The JSON layout of what `seat` knows; `opponent_shown` is -1 unless the hand
    ended at a showdown."""
    return {
        "game": "leduc",
        "seat": seat,
        "own": card_or_none(own),
        "dealt": dealt,
        "opponent": card_or_none(opponent_shown),
        "public": card_or_none(public),
        "history": history_names(history),
        "contributions": list(contributions),
        "to_move": to_move,
    }
