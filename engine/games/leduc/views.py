"""What a Leduc seat knows: the JSON layout of its observation, and the
determinization that deals the opponent's unseen card from what the seat has not seen."""

from __future__ import annotations

from engine.errors import StateFormatError
from engine.games.leduc.actions import NUM_CARDS
from engine.games.leduc.codec import (
    card_or_none,
    check_derived,
    history_names,
    parse_card,
    parse_common,
    replay,
)
from engine.validate import get_int, require


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
    own = parse_card(obs["own"], "own")
    opponent = parse_card(obs["opponent"], "opponent")
    # Seat 0 is dealt first, so a seat holds a card exactly when more than `seat`
    # cards are out.
    require(
        (own >= 0) == (dealt > seat),
        f"with {dealt} private card(s) dealt, seat {seat} "
        f"{'holds' if dealt > seat else 'does not hold'} a card",
    )
    return (seat, own, dealt, opponent) + parse_common(obs)


def unseen_cards(own: int, public: int) -> list[int]:
    """The cards a seat has not seen, ascending: where the opponent's card can be."""
    return [c for c in range(NUM_CARDS) if c != own and c != public]


def from_observation_dict(cls, obs: dict, rng):
    """A state of `cls` consistent with the observation: the opponent's unseen card
    drawn uniformly (rng.randint) from the cards the seat has not seen."""
    seat, own, dealt, opponent, public, history, contributions, to_move = parse_observation(obs)
    require(own < 0 or own != public, f"own card and public card are both {card_or_none(own)}")
    require(
        opponent < 0 or opponent not in (own, public),
        f"the opponent's shown card {card_or_none(opponent)} "
        "is also the seat's own or the public card",
    )
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
    require(
        (opponent >= 0) == state.is_showdown(),
        "the opponent's card is shown exactly when the hand ended at a showdown",
    )
    return state


def observation_dict(
    seat: int, own, dealt, opponent_shown, public, history, contributions, to_move
) -> dict:
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
