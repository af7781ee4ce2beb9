"""Luthier's final scoring (spec 5.2, 5.3) against an independent model of it
(luthier_scoring_model.py), on the end positions of random games, through both
implementations.

A random game is played to its end; its board is scored again from a chosen PP
(round 6's end is loaded and run once more), after hypothesis has added First Chairs,
tokens, completed patrons, specialists, finishing-bench instruments and coins, so
that the rare parts of the scoring turn up. The chosen PP bring the seats close
together, so that ties and the coins tie-break are frequent.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import luthier_scoring_model as M
from engine.game import random_action
from engine.games.luthier import GAME
from engine.games.luthier import tables as T
from engine.rng import Rng
from luthier_positions import IMPLEMENTATIONS, TB, Position

NAMED_ABILITIES = (T.AB_END, T.AB_EXTRA_CHAIRS)


def test_the_model_names_every_card_the_scoring_reads():
    """The model's hand-written tables cover the data's cards (names only)."""
    assert set(M.INSTRUMENT_PP) == set(TB.kind_name)
    assert set(M.SPACE_ROW) == set(TB.space_name)
    assert set(M.GOALS) == set(TB.goal_name)
    scoring = {
        TB.patron_name[c] for c in range(TB.n_patrons) if TB.patron_ability[c] in NAMED_ABILITIES
    }
    assert scoring == set(M.END_ABILITIES) | set(M.EXTRA_CHAIRS)


def test_the_model_scores_the_seeds_example():
    """Seed 「スコアリングの例」: 6 chairs (4 players) 13, a Viola on the finishing bench 2,
    goals 8, 16 coins 1 with 6 kept: 24 PP."""
    assert M.chair_pp(6) == 13
    assert -(-M.INSTRUMENT_PP["Viola"] // 2) == 2
    assert 13 + 2 + 8 + 16 // M.LEFTOVER_PER_PP == 24 and 16 % M.LEFTOVER_PER_PP == 6


def random_game(players: int, variant: str, seed: int) -> list:
    """The actions of a random game of the compiled state, to its end."""
    state = GAME.new_state(players, variant, seed=seed)
    rng = Rng(seed)
    actions = []
    while not state.is_terminal():
        action = random_action(state, rng)
        actions.append(action)
        state.apply(action)
    return actions


def replay(impl, players, variant, seed, actions):
    state = impl.from_dict(GAME.new_state(players, variant, seed=seed).to_dict())
    for action in actions:
        state.apply(action)
    return state


# ---- what hypothesis adds to an end position --------------------------------------------

seat_of = st.integers(0, 3)
edits = st.one_of(
    st.tuples(
        st.just("tokens"),
        st.integers(0, TB.n_spaces - 1),
        seat_of,
        st.integers(0, 2),
        st.integers(1, 3),
        st.booleans(),
    ),
    st.tuples(
        st.just("patron"),
        st.sampled_from(
            sorted(set(M.END_ABILITIES) | set(M.EXTRA_CHAIRS))
            + ["Frederic Chopin", "Queen Victoria"]
        ),
        seat_of,
    ),
    st.tuples(st.just("bench"), st.sampled_from(TB.kind_name), seat_of, st.integers(0, 1)),
    st.tuples(st.just("specialist"), st.sampled_from(TB.spec_name), seat_of),
    st.tuples(st.just("coins"), seat_of, st.integers(0, 30)),
)


def add(pos: Position, edit, players: int) -> None:
    """Apply one edit if the cards it moves are free; cards are moved, never made."""
    what, *args = edit
    p = (
        args[-1]
        if what in ("patron", "specialist")
        else args[1]
        if what == "tokens"
        else args[0]
        if what == "coins"
        else args[1]
    )
    if p >= players:
        return
    try:
        if what == "tokens":
            s, _, kind, count, chair = args
            pos.tokens(TB.space_name[s], p, kind, count, chair=chair and not TB.space_rare[s])
        elif what == "patron":
            pos.completed(args[0], p)
        elif what == "bench":
            pos.instrument(args[0], p, "finish", args[2])
        elif what == "specialist":
            deck = TB.spec_deck[TB.spec_name.index(args[0])]
            if pos.pl(p)["spec"][deck] < 0:
                pos.specialist(args[0], p)
        else:
            pos.pl(p)["coins"] += args[1]
    except ValueError:  # the card is not free (or no room for it)
        pass


@settings(max_examples=80, deadline=None)
@given(
    seed=st.integers(0, 2**31 - 1),
    players=st.integers(2, 4),
    variant=st.sampled_from(GAME.variants),
    extra=st.lists(edits, max_size=10),
    lead=st.lists(st.integers(0, 2), min_size=4, max_size=4),
)
def test_final_scoring_agrees_with_the_model(seed, players, variant, extra, lead):
    actions = random_game(players, variant, seed)
    for impl in IMPLEMENTATIONS:
        # the game as played: the tie-break coins and the shares follow the rules
        end = replay(impl, players, variant, seed, actions)
        d = end.to_dict()
        coins = [M.final_coins(d, p) for p in range(players)]
        assert [d["players"][p]["final_coins"] for p in range(players)] == coins, impl.__name__
        assert end.returns() == pytest.approx(M.shares(end.scores(), coins)), impl.__name__
    # the same board, edited, scored once more from PP chosen to bring the seats level
    pos = Position(IMPLEMENTATIONS[0], d=d)
    for edit in extra:
        add(pos, edit, players)
    gains = [M.end_game_pp(pos.d, p) for p in range(players)]
    for p in range(players):
        pos.pl(p)["pp"] = max(gains) - gains[p] + lead[p]
    expected = [max(gains) + lead[p] for p in range(players)]
    coins = [M.final_coins(pos.d, p) for p in range(players)]
    for impl in IMPLEMENTATIONS:
        pos.impl = impl
        state = pos.scored()
        assert state.is_terminal(), impl.__name__
        assert state.scores() == expected, impl.__name__
        assert [state.to_dict()["players"][p]["final_coins"] for p in range(players)] == coins
        assert state.returns() == pytest.approx(M.shares(expected, coins)), impl.__name__
