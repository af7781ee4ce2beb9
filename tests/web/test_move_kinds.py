"""The kinds-of-move table (movekinds.py) against the games' own words, without a
browser: in seeded random games every move offered to the seat to move reads as one
kind of the table, and every kind a whole game must show is offered."""

from __future__ import annotations

import pytest

from engine.game import sample_chance
from engine.rng import Rng
from movekinds import KINDS, kind_of, required

# Per game: random games played, and 1 in how many decision points is read (Luthier's
# words are slow to build, and its games long).
GAMES = {"tictactoe": (3, 1), "pig": (3, 1), "leduc": (12, 1), "maestro": (2, 1)}
GAMES |= {"taktvoll": (3, 1), "luthier": (1, 4), "renaissance": (2, 1)}


def offered_kinds(game, seed: int, games: int, every: int) -> set[str]:
    """The kinds of the moves offered to the seat to move at 1 in `every` decision
    points of `games` random games."""
    rng = Rng(seed)
    kinds = set()
    for _ in range(games):
        state = game.new_state(None, None, rng.next_u64())
        while not state.is_terminal():
            if state.current_player() < 0:
                state.apply(sample_chance(state, rng))
                continue
            seat = state.current_player()
            legal = state.legal_actions()
            if rng.next_u64() % every == 0:
                kinds.update(kind_of(game.name, state.describe(a, seat)) for a in legal)
            state.apply(legal[rng.next_u64() % len(legal)])
    return kinds


@pytest.mark.parametrize("name", list(GAMES))
def test_every_offered_move_has_a_kind_and_every_required_kind_comes_up(registry, name):
    kinds = offered_kinds(registry.game(name), 5, *GAMES[name])
    assert kinds <= {kind for kind, _ in KINDS[name]}
    assert required(name) <= kinds, required(name) - kinds


def test_a_text_of_no_kind_is_refused():
    assert kind_of("leduc", "call 2 chips and raise by 4 chips") == "raise"
    assert kind_of("leduc", "call 2 chips") == "call"
    with pytest.raises(ValueError, match="no kind of move"):
        kind_of("pig", "shout")
