"""What a seat of Maestro: da Vinci vs Michelangelo sees: the observation layout, and
the sampling of its rival's hidden cards (hand, set-aside pile, face-down Gossip)
from what the seat has not accounted for."""

from __future__ import annotations

from engine.errors import StateFormatError
from engine.games.renaissance.actions import SEATS, T
from engine.games.renaissance.codec import Position, check_raw, parse, state_dict, to_move_of
from engine.games.renaissance.components import COMPONENTS as C
from engine.validate import get_int, require


def observation_dict(pos: Position, seat: int) -> dict:
    """What `seat` knows: everything but its rival's hand, set-aside cards and a
    face-down Gossip card it has not seen."""
    data = state_dict(pos, hide_seat=1 - seat)
    data["seat"] = seat
    return data


def hidden_pool(raw: dict, o: int) -> list[int]:
    """Counts by card of seat o's cards whose place its rival does not know: the deck
    less the face-up board, a known Gossip card and the cards known in its piles."""
    pool = list(raw["deck"][o])
    for card, _, _ in raw["slots"][o]:
        if card >= 0:
            pool[card] -= 1
    for t in range(T):
        pool[t] -= raw["known_hand"][o][t] + raw["known_aside"][o][t]
    return pool


def unknown_gossip(raw: dict, o: int) -> int:
    """1 if seat o has a face-down Gossip card its rival has not seen."""
    return int(any(slot[1] == C.gossip for slot in raw["slots"][o]) and not raw["gossip_known"][o])


def sample_hidden(raw: dict, o: int, hand_size: int, aside_size: int, randint) -> None:
    """Deal seat o's unseen cards into `raw` (its hand, set-aside cards and face-down
    Gossip card), uniformly from what its rival has not accounted for: the pool is
    shuffled (Fisher-Yates from the end) and dealt to the hand (with the Gossip card
    if it came from the hand), then the set-aside pile; a Gossip card is then drawn
    uniformly from its pile. state.pyx's c_determinize draws in the same order."""
    pool_counts = hidden_pool(raw, o)
    require(all(c >= 0 for c in pool_counts), "the board and the known cards exceed the deck")
    pool = [t for t in range(T) for _ in range(pool_counts[t])]
    for i in range(len(pool) - 1, 0, -1):
        j = randint(i + 1)
        pool[i], pool[j] = pool[j], pool[i]
    gossip = unknown_gossip(raw, o)
    from_aside = raw["gossip_pile"][o]
    union_sizes = [hand_size + (gossip and not from_aside), aside_size + (gossip and from_aside)]
    known = [raw["known_hand"][o], raw["known_aside"][o]]
    drawn_this_round = hand_size + aside_size + len(raw["slots"][o])
    unknown = [union_sizes[p] - sum(known[p]) for p in (0, 1)]
    require(unknown[0] >= 0 and unknown[1] >= 0, "more cards known in a pile than it holds")
    require(
        len(pool) == unknown[0] + unknown[1] + (C.deck_size - drawn_this_round)
        and drawn_this_round <= C.draw,
        "the hidden cards do not add up to the deck",
    )
    piles = [list(known[0]), list(known[1])]
    for k in range(unknown[0]):
        piles[0][pool[k]] += 1
    for k in range(unknown[1]):
        piles[1][pool[unknown[0] + k]] += 1
    if gossip:
        pile = piles[1 if from_aside else 0]
        pick = randint(sum(pile))
        card = 0
        while pick >= pile[card]:
            pick -= pile[card]
            card += 1
        pile[card] -= 1
        for slot in raw["slots"][o]:
            if slot[1] == C.gossip:
                slot[0] = card
    raw["hand"][o] = piles[0]
    raw["aside"][o] = piles[1]


def parse_observation(obs: dict):
    """(seat, raw with the rival's hidden cards unknown, hand size, set-aside size)."""
    if not isinstance(obs, dict):
        raise StateFormatError("an observation is a JSON object")
    seat = get_int(obs, "seat", 0, SEATS - 1)
    raw = parse(obs, hide_seat=1 - seat)
    return seat, raw, raw.pop("hand_size"), raw.pop("aside_size")


def determinize(obs: dict, rng, from_position):
    """A state consistent with the observation, the rival's unseen cards dealt
    uniformly with `rng` (see sample_hidden)."""
    seat, raw, hand_size, aside_size = parse_observation(obs)
    sample_hidden(raw, 1 - seat, hand_size, aside_size, rng.randint)
    check_raw(raw)
    state = from_position(Position(raw, to_move_of(obs)))
    require(
        state.observation(seat) == obs,
        "the observation is not one the rules produce (a field contradicts another)",
    )
    return state
