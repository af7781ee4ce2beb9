"""Maestro's invariants over random games (hypothesis): tiles are conserved, the
scores are the sum of the scoring events, every game ends, and the reference keeps
the State contract (clone, JSON, illegal actions) as the compiled state does."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import IllegalActionError
from engine.game import random_action
from engine.games.maestro import GAME, tables
from engine.rng import Rng
from maestro_positions import BOARD, LAYOUT, both

games = st.tuples(st.integers(0, 2**32 - 1), st.integers(2, 4), st.sampled_from(GAME.variants))


def random_step(state, rng: Rng) -> int:
    action = random_action(state, rng)
    state.apply(action)
    return action


def tiles_out(data: dict) -> dict:
    """Tiles of each kind in the agencies, on the board, drawn and on the track."""
    out = dict.fromkeys(BOARD.tile_names, 0)
    for tile in [t for a in data["agencies"] for t in a] + [t for r in data["board"] for t in r]:
        if tile is not None:
            out[tile] += 1
    for tile in data["turn"]["drawn"]:
        out[tile] += 1
    out[tables.APPLAUSE] += data["applause"]
    return out


@both
@settings(max_examples=40)
@given(game=games)
def test_tiles_are_conserved(impl, game):
    """bag + agencies + board + drawn + applause track = all the game's tiles, with
    the bag followed here draw by draw, independently of the state's own count."""
    seed, players, variant = game
    state = impl.new_initial(players, variant)
    totals = dict(zip(BOARD.tile_names, BOARD.totals, strict=True))
    bag = {
        name: count - (players if name == tables.MAESTRO else 0) for name, count in totals.items()
    }
    rng = Rng(seed)
    while True:
        data = state.to_dict()
        out = tiles_out(data)
        assert all(bag[name] + out[name] == totals[name] for name in totals), (bag, out)
        assert data["bag"] == bag
        if state.is_chance_node():
            in_bag = sum(bag.values())
            assert {state.action_to_str(a): p for a, p in state.chance_outcomes()} == pytest.approx(
                {f"tile:{name}": n / in_bag for name, n in bag.items() if n > 0}
            )
        if state.is_terminal():
            break
        was_chance = state.is_chance_node()
        action = random_step(state, rng)
        if was_chance:
            bag[state.action_to_str(action)[len("tile:") :]] -= 1


@both
@settings(max_examples=40)
@given(game=games)
def test_scores_are_the_sum_of_the_scoring_events(impl, game):
    """Points come only from placements (5 a tile, and 5 more for every tile of a row
    begun and finished in one turn), the critic's income when its holder's turn
    begins, and the agency penalty at the end (spec 6), followed here event by
    event."""
    seed, players, variant = game
    state = impl.new_initial(players, variant)
    expected = [0] * players
    critic = None
    rows_at_turn_start = [list(r) for r in state.to_dict()["board"]]
    rng = Rng(seed)
    while not state.is_terminal():
        mover = state.to_dict()["to_move"]
        was_chance = state.is_chance_node()
        action = random_step(state, rng)
        data = state.to_dict()
        if not was_chance and LAYOUT.place_base <= action < LAYOUT.chance_base:
            cell, _, _ = LAYOUT.unplace(action)
            row = BOARD.cell_rows[cell]
            expected[mover] += BOARD.points_place
            if None not in data["board"][row]:
                critic = mover
                if all(t is None for t in rows_at_turn_start[row]):
                    expected[mover] += (BOARD.points_one_turn - BOARD.points_place) * len(
                        data["board"][row]
                    )
        if data["phase"] == "place" and data["to_move"] != mover:
            rows_at_turn_start = [list(r) for r in data["board"]]
            if critic == data["to_move"]:
                expected[critic] += BOARD.critic_income
        assert data["critic"] == critic
        if not state.is_terminal():
            assert state.scores() == expected
    penalties = [
        sum(i + 1 for i, t in enumerate(agency) if t is not None)
        for agency in state.to_dict()["agencies"]
    ]
    assert state.scores() == [e - p for e, p in zip(expected, penalties, strict=True)]


@both
@settings(max_examples=40)
@given(game=games)
def test_every_game_ends(impl, game):
    """Each turn draws at least one tile or ends the game, so a game has at most as
    many turns as the bag has tiles."""
    seed, players, variant = game
    state = impl.new_initial(players, variant)
    bag_size = sum(state.to_dict()["bag"].values())
    turns, steps, rng = 0, 0, Rng(seed)
    while not state.is_terminal():
        before = state.to_dict()["to_move"]
        random_step(state, rng)
        steps += 1
        turns += not state.is_terminal() and state.to_dict()["to_move"] != before
        assert turns <= bag_size and steps < 10_000
    assert state.to_dict()["end"] in ("applause", "full_agency")


@settings(max_examples=40)
@given(game=games, steps=st.integers(0, 250))
def test_reference_clone_json_and_illegal_actions(game, steps):
    seed, players, variant = game
    state = GAME.reference_class().new_initial(players, variant)
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        random_step(state, rng)
    text = state.to_json()
    twin = state.clone()
    again = GAME.reference_class().from_json(text)
    assert again.to_json() == text and twin.to_json() == text
    if not state.is_terminal():
        random_step(twin, rng)
        assert state.to_json() == text
    legal = set(state.legal_actions())
    for action in [a for a in range(0, LAYOUT.num_actions, 7) if a not in legal] + [
        -1,
        None,
        "pass",
    ]:
        with pytest.raises(IllegalActionError):
            state.apply(action)
    assert state.to_json() == text
