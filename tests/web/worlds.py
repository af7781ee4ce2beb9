"""Two worlds one seat cannot tell apart, for the hidden-information tests of `cadenza
serve`: a room, and its twin whose state is another world drawn from the seat's
observation (the other seats' cards, the deck to come), everything else alike (the
room's id, its seat links, its dice and search seeds)."""

from __future__ import annotations

import copy

from cli.serve.rooms import Room
from engine.rng import Rng


def twin_state(state, seat: int, other: int, tries: int = 200):
    """A world `seat` cannot tell from `state` in which seat `other` holds something
    else (its observation differs), drawn from the seat's view."""
    for n in range(tries):
        world = state.determinize(seat, Rng(n))
        if world.observation(seat) != state.observation(seat):
            raise AssertionError("determinize changed what the seat sees")
        if world.observation(other) != state.observation(other):
            return world
    raise AssertionError(f"no world in {tries} gives seat {other} something else")


def twin_rooms(registry, game: str, level: str, seed: int) -> tuple[Room, Room]:
    """A room of `game` (dealt from `seed`) whose first mover is the person and every
    other seat an AI at `level`, and its twin (twin_state, against the next seat)."""
    players, variant = registry.game(game).check_config(None, None)
    seat = registry.game(game).new_state(players, variant, seed).current_player()
    strengths = {n: level for n in range(players) if n != seat}
    room = Room.new(registry, game, players, variant, seat, strengths, seed=seed)
    twin = Room.from_stored(registry, {"id": room.id, **stored(room)})
    twin.state = twin_state(room.state, seat, (seat + 1) % players)
    return room, twin


def stored(room: Room) -> dict:
    """The room as the store keeps it (a deep copy)."""
    return copy.deepcopy(
        {"setup": room.setup, "position": room.position(), "log": room.log, "checkpoints": []}
    )
