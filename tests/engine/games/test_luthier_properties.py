"""Invariants of Luthier on random play (hypothesis): resources never negative, the
storage limit held except while its seat discards, every card in exactly one place,
every game ending after round 6 with final scoring, on both implementations."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.game import random_action
from engine.games.luthier import GAME
from engine.games.luthier import codec as C
from engine.games.luthier import tables as T
from engine.playout import random_playout
from engine.rng import Rng
from luthier_positions import IMPLEMENTATIONS

TB = T.load_tables()
# Seed 「ワークベンチボード」: at most 3 apprentices a player, storage for 9 materials,
# 3 more with the extra-storage perk.
APPRENTICE_CAP, STORAGE, EXTRA_STORAGE = 3, 9, 3


def check_invariants(state) -> None:
    d = state.to_dict()
    fields = C.parse_fields(d, TB)  # every value in range
    C.check_cards(fields, TB)  # every card exactly once
    n = d["num_players"]
    player = state.current_player()
    for p in range(n):
        pl = d["players"][p]
        values = [
            pl["pp"],
            pl["coins"],
            pl["insp"],
            pl["appr"],
            pl["appr_gone"],
            pl["hand_n"],
        ] + pl["mat"]
        assert min(values) >= 0, (p, values)
        on_chips = sum(
            e[C.P_APPR]
            for e in d["placed"][: d["placed_n"]]
            if e[C.P_OWNER] == p and e[C.P_STATUS] in (C.S_DOWN, C.S_ACTING)
        )
        assert pl["appr"] + on_chips + pl["appr_gone"] <= APPRENTICE_CAP
        capacity = STORAGE + (EXTRA_STORAGE if pl["marker"][T.M_STORAGE] else 0)
        if sum(pl["mat"]) > capacity:
            # over the limit only while that seat is discarding (4.10)
            assert player == p
            assert all(state.action_to_str(a).startswith("drop:") for a in state.legal_actions())


def random_steps(state, rng: Rng, steps: int, check, every: int = 1) -> None:
    for step in range(steps):
        if state.is_terminal():
            return
        state.apply(random_action(state, rng))
        if step % every == 0 or state.is_terminal():
            check(state)


@settings(max_examples=50, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(2, 4),
    variant=st.sampled_from(GAME.variants),
    steps=st.integers(50, 900),
)
def test_random_play_keeps_the_invariants(seed, players, variant, steps):
    state = GAME.new_state(players, variant, seed=seed)
    random_steps(state, Rng(seed), steps, check_invariants, every=3)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4), steps=st.integers(0, 600))
def test_the_reference_keeps_the_invariants(seed, players, steps):
    reference = IMPLEMENTATIONS[1]
    state = reference.from_dict(GAME.new_state(players, seed=seed).to_dict())
    random_steps(state, Rng(seed), steps, check_invariants, every=3)


@settings(max_examples=100, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(2, 4),
    variant=st.sampled_from(GAME.variants),
)
def test_every_random_game_ends_after_round_six(seed, players, variant):
    """1 [seed]: exactly six rounds, then final scoring; returns share the win."""
    state = GAME.new_state(players, variant, seed=seed)
    steps = random_playout(state, Rng(seed))
    assert state.is_terminal() and steps < 20_000
    d = state.to_dict()
    assert d["round"] == 6 and d["phase"] == C.PH_OVER and d["task_n"] == 0
    assert abs(sum(state.returns()) - 1.0) < 1e-12
    check_invariants(state)
