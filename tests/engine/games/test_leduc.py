"""Leduc poker: one test per rule (OpenSpiel's leduc_poker, default parameters), the
hidden-information views, the hashes, and the compiled state checked against the
pure-Python reference at every node of the game tree (seeded random games through
both are in test_differential.py)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import IllegalActionError, StateFormatError
from engine.game import play_randomly
from engine.games import leduc
from engine.games.leduc import actions
from engine.games.leduc.reference import LeducReference
from engine.games.leduc.state import LeducState
from engine.playout import random_playout
from engine.rng import Rng

GAME = leduc.GAME
FOLD, CALL, RAISE = 0, 1, 2
IMPLEMENTATIONS = pytest.mark.parametrize(
    "cls", [LeducState, LeducReference], ids=["compiled", "reference"]
)


def play(*moves, cls=LeducState):
    """The position after `moves` in notation (cards first: seat 0, seat 1, then bets
    and the public card), each applied through the checked apply."""
    state = cls.new_initial(2, "standard")
    for move in moves:
        state.apply(state.str_to_action(move))
    return state


def names(state, actions):
    return [state.action_to_str(a) for a in actions]


# ---- the game record and the notation -------------------------------------------------


def test_registered_with_its_facts(registry):
    spec = registry.game("leduc")
    assert spec is GAME
    assert (spec.min_players, spec.max_players) == (2, 2)
    assert spec.chance and spec.hidden_information
    assert spec.reference_class() is LeducReference


def test_action_space_is_fixed_and_round_trips():
    state = LeducState()
    assert state.num_actions == 9
    texts = [state.action_to_str(a) for a in range(9)]
    assert texts == ["fold", "call", "raise", "Js", "Jh", "Qs", "Qh", "Ks", "Kh"]
    assert [state.str_to_action(t) for t in texts] == list(range(9))
    assert [state.str_to_action(t) for t in ("js", "KH", "Fold")] == [3, 8, 0]  # any case
    for bad in ("check", "bet", "Ac", "", None, 3):
        with pytest.raises(IllegalActionError):
            state.str_to_action(bad)
    for bad in (-1, 9, True, "call"):
        with pytest.raises(IllegalActionError):
            state.action_to_str(bad)


# ---- the deal --------------------------------------------------------------------------


@IMPLEMENTATIONS
def test_the_private_deal_is_the_setup_and_the_public_card_is_not(cls):
    # Leduc rules: each seat is dealt one private card from the six; seat 0 first.
    state = cls.new_initial(2, "standard")
    assert state.current_player() == -1 and state.is_setup()
    assert state.chance_outcomes() == [(a, pytest.approx(1 / 6)) for a in range(3, 9)]
    state.apply(state.str_to_action("Kh"))
    assert state.is_setup()
    assert [a for a, _ in state.chance_outcomes()] == [3, 4, 5, 6, 7]
    assert all(p == pytest.approx(1 / 5) for _, p in state.chance_outcomes())
    state.apply(state.str_to_action("Js"))
    assert not state.is_setup()
    assert state.to_dict()["private"] == ["Kh", "Js"]
    assert state.current_player() == 0
    assert state.to_dict()["contributions"] == [1, 1]  # the ante


def test_new_state_resolves_the_deal_from_the_seed():
    a, b = GAME.new_state(seed=11), GAME.new_state(seed=11)
    assert a.to_json() == b.to_json() and a.current_player() == 0
    deals = {tuple(GAME.new_state(seed=s).to_dict()["private"]) for s in range(60)}
    assert len(deals) > 15  # 30 deals exist; seeds spread over them
    assert all(x != y for x, y in deals)


@IMPLEMENTATIONS
def test_public_card_dealt_between_rounds_from_the_four_left(cls):
    # Leduc rules: one public card is dealt after the first betting round.
    state = play("Ks", "Qh", "call", "call", cls=cls)
    assert state.current_player() == -1 and not state.is_setup()
    assert names(state, state.legal_actions()) == ["Js", "Jh", "Qs", "Kh"]
    assert all(p == pytest.approx(0.25) for _, p in state.chance_outcomes())
    state.apply(state.str_to_action("Jh"))
    assert state.to_dict()["public"] == "Jh"
    assert state.current_player() == 0


# ---- betting ---------------------------------------------------------------------------


@IMPLEMENTATIONS
def test_fold_is_illegal_with_nothing_to_call(cls):
    # Leduc rules (OpenSpiel): folding is allowed only when facing a bet.
    state = play("Ks", "Qh", cls=cls)
    assert state.legal_actions() == [CALL, RAISE]
    before = state.to_json()
    with pytest.raises(IllegalActionError):
        state.apply(FOLD)
    assert state.to_json() == before
    state.apply(CALL)
    assert state.legal_actions() == [CALL, RAISE]
    state.apply(RAISE)
    assert state.legal_actions() == [FOLD, CALL, RAISE]


@IMPLEMENTATIONS
def test_raise_sizes_are_two_then_four(cls):
    # Leduc rules: a raise adds 2 chips in the first round and 4 in the second.
    state = play("Ks", "Qh", "raise", cls=cls)
    assert state.to_dict()["contributions"] == [3, 1]
    state.apply(RAISE)  # calls the 2, then raises 2 more
    assert state.to_dict()["contributions"] == [3, 5]
    state.apply(CALL)
    assert state.to_dict()["contributions"] == [5, 5]
    state.apply(state.str_to_action("Js"))
    state.apply(RAISE)
    assert state.to_dict()["contributions"] == [9, 5]
    state.apply(RAISE)
    assert state.to_dict()["contributions"] == [9, 13]


@IMPLEMENTATIONS
def test_at_most_two_raises_a_round(cls):
    # Leduc rules: at most two raises a round; the limit starts afresh in round two.
    state = play("Ks", "Qh", "call", "raise", "raise", cls=cls)
    assert state.legal_actions() == [FOLD, CALL]
    with pytest.raises(IllegalActionError):
        state.apply(RAISE)
    state.apply(CALL)
    state.apply(state.str_to_action("Js"))
    assert state.legal_actions() == [CALL, RAISE]


@IMPLEMENTATIONS
def test_round_ends_on_two_checks_or_a_called_raise(cls):
    # Leduc rules: a round ends when both seats check, or when a raise is called.
    assert play("Ks", "Qh", "call", cls=cls).current_player() == 1
    assert play("Ks", "Qh", "call", "call", cls=cls).current_player() == -1
    assert play("Ks", "Qh", "raise", cls=cls).current_player() == 1
    assert play("Ks", "Qh", "raise", "call", cls=cls).current_player() == -1
    assert play("Ks", "Qh", "call", "raise", cls=cls).current_player() == 0
    assert play("Ks", "Qh", "call", "raise", "call", cls=cls).current_player() == -1


@IMPLEMENTATIONS
def test_seat_zero_opens_both_rounds(cls):
    # Leduc rules (OpenSpiel, starting_player 0): seat 0 acts first in each round,
    # even when seat 1 closed the first round.
    state = play("Ks", "Qh", "call", "raise", "call", "Js", cls=cls)
    assert state.current_player() == 0


@IMPLEMENTATIONS
def test_the_hand_ends_after_the_second_round(cls):
    state = play("Ks", "Qh", "call", "call", "Js", "call", cls=cls)
    assert not state.is_terminal()
    state.apply(CALL)
    assert state.is_terminal() and state.legal_actions() == []
    with pytest.raises(IllegalActionError):
        state.apply(CALL)


# ---- outcomes --------------------------------------------------------------------------


@IMPLEMENTATIONS
@pytest.mark.parametrize(
    "cards, public, winner",
    [
        (("Js", "Ks"), "Jh", 0),  # a pair of jacks beats the king high
        (("Kh", "Qs"), "Qh", 1),  # a pair of queens beats the king high
        (("Ks", "Qh"), "Js", 0),  # no pair: the higher private card wins
        (("Qs", "Kh"), "Js", 1),
        (("Js", "Qs"), "Ks", 1),  # both play the king: the other card decides
    ],
)
def test_showdown_ranking(cls, cards, public, winner):
    # Leduc rules: a private card pairing the public card wins, else the higher card.
    state = play(*cards, "raise", "call", public, "raise", "call", cls=cls)
    assert state.is_terminal()
    chips = [0, 0]
    chips[winner], chips[1 - winner] = 7, -7
    assert state.scores() == chips
    assert state.returns() == pytest.approx([0.5 + c / 26 for c in chips])


@IMPLEMENTATIONS
def test_equal_ranks_split_the_pot(cls):
    # Leduc rules: equal hands split (the suits do not rank).
    state = play("Js", "Jh", "raise", "call", "Qs", "call", "call", cls=cls)
    assert state.scores() == [0, 0]
    assert state.returns() == [0.5, 0.5]


@IMPLEMENTATIONS
def test_fold_loses_what_the_folder_put_in(cls):
    # Leduc rules: a fold gives the pot to the other seat, whatever the cards.
    state = play("Ks", "Jh", "raise", "raise", "fold", cls=cls)
    assert state.is_terminal() and not state.is_showdown()
    assert state.scores() == [-3, 3]
    assert state.returns() == pytest.approx([0.5 - 3 / 26, 0.5 + 3 / 26])
    state = play("Ks", "Jh", "call", "call", "Qs", "raise", "fold", cls=cls)
    assert state.scores() == [1, -1]


@IMPLEMENTATIONS
def test_returns_formula_reaches_0_and_1_at_the_largest_pot(cls):
    # returns = 0.5 + chips won / 26, 26 being twice the most a seat can put in (13).
    state = play("Ks", "Jh", "raise", "raise", "call", "Qs", "raise", "raise", "call", cls=cls)
    assert state.to_dict()["contributions"] == [13, 13]
    assert state.scores() == [13, -13]
    assert state.returns() == [1.0, 0.0]
    assert play("Ks", "Jh", "call", cls=cls).scores() == [0, 0]  # nothing won yet


@IMPLEMENTATIONS
def test_heuristic_is_the_expected_showdown_return(cls):
    # Seat 1 holds the pair: it wins every showdown, worth half the pot's share.
    state = play("Ks", "Qh", "raise", "call", "Qs", cls=cls)
    assert state.heuristic() == pytest.approx([0.5 - 0.5 * 6 / 26, 0.5 + 0.5 * 6 / 26])
    # Before the public card: Ks against Qh wins unless a queen comes (1 of 4 cards).
    state = play("Ks", "Qh", "call", "call", cls=cls)
    assert state.heuristic() == pytest.approx([0.5 + 0.25 * 2 / 26, 0.5 - 0.25 * 2 / 26])
    assert cls.new_initial(2, "standard").heuristic() == [0.5, 0.5]


# ---- what each seat sees ----------------------------------------------------------------


@IMPLEMENTATIONS
def test_observation_hides_the_opponents_card(cls):
    state = play("Ks", "Qh", "raise", "call", "Js", "call", cls=cls)
    for seat, own in ((0, "Ks"), (1, "Qh")):
        obs = state.observation(seat)
        assert obs["own"] == own and obs["opponent"] is None
        assert ("Qh" if seat == 0 else "Ks") not in json.dumps(obs)
        assert obs["public"] == "Js" and obs["dealt"] == 2
        assert obs["history"] == [["raise", "call"], ["call"]]
        assert obs["contributions"] == [3, 3] and obs["to_move"] == 1
    # A fold shows nothing; a showdown shows both cards.
    folded = play("Ks", "Qh", "raise", "fold", cls=cls)
    assert folded.observation(0)["opponent"] is None
    state.apply(CALL)
    assert state.observation(0)["opponent"] == "Qh"
    assert state.observation(1)["opponent"] == "Ks"


@IMPLEMENTATIONS
def test_from_observation_samples_the_unseen_card_uniformly(cls):
    # Seat 0 holds Ks and sees Qs on the table: the opponent holds one of the other
    # four cards, each equally likely.
    state = play("Ks", "Qh", "call", "call", "Qs", cls=cls)
    obs = state.observation(0)
    rng = Rng(2024)
    draws = 4000
    counts = {}
    for _ in range(draws):
        view = cls.from_observation(obs, rng)
        card = view.to_dict()["private"][1]
        counts[card] = counts.get(card, 0) + 1
        assert view.observation(0) == obs
    assert set(counts) == {"Js", "Jh", "Qh", "Kh"}
    expected = draws / 4
    chi_square = sum((n - expected) ** 2 / expected for n in counts.values())
    assert chi_square < 16.27  # 3 degrees of freedom, p = 0.001


def test_from_observation_before_the_second_deal():
    # Seat 1 watches seat 0 receive a card before its own: any of the six.
    state = play("Ks")
    obs = state.observation(1)
    assert obs["own"] is None and obs["dealt"] == 1
    seen = {GAME.from_observation(obs, Rng(s)).to_dict()["private"][0] for s in range(200)}
    assert seen == set(actions.CARD_NAMES)
    # Seat 0 knows its own card and nothing else is dealt: the view is exact.
    assert GAME.from_observation(state.observation(0), Rng(1)).to_dict() == state.to_dict()


def test_from_observation_keeps_a_shown_card():
    state = play("Ks", "Qh", "call", "call", "Js", "call", "call")
    for seed in range(20):
        assert GAME.from_observation(state.observation(0), Rng(seed)).to_dict() == state.to_dict()


def test_compiled_determinize_matches_from_observation():
    # The C determinization draws exactly as the Python path does, seed for seed.
    state = play("Ks", "Qh", "raise", "call", "Js")
    for seat in (0, 1):
        for seed in range(30):
            fast = state.determinize(seat, Rng(seed))
            slow = GAME.from_observation(state.observation(seat), Rng(seed))
            assert fast.to_dict() == slow.to_dict()


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda o: o.update(own="Js"), "both"),  # own = public card
        (lambda o: o.update(opponent="Qh"), "shown exactly"),  # no showdown yet
        (lambda o: o.update(opponent="Ks"), "also"),  # duplicate card
        (lambda o: o.update(dealt=0), "does not hold"),  # own card shown
        (lambda o: o.update(dealt=1), "after both private"),  # public too early
        (lambda o: o.update(seat=2), "seat"),
        (lambda o: o.update(contributions=[3, 5]), "contributions"),
        (lambda o: o.update(to_move=1), "to_move"),
        (lambda o: o.update(history=[["raise"], []]), "cannot be played"),
        (lambda o: o.pop("own"), "own"),
    ],
)
def test_from_observation_rejects_nonsense(change, message):
    obs = play("Ks", "Qh", "raise", "call", "Js").observation(0)
    obs["own"] = "Ks"
    change(obs)
    with pytest.raises(StateFormatError, match=message):
        GAME.from_observation(obs, Rng(0))


# ---- hashes -----------------------------------------------------------------------------


def test_infoset_key_ignores_only_the_opponents_card():
    base = play("Ks", "Qh", "raise", "call", "Js")
    other_opponent = play("Ks", "Jh", "raise", "call", "Js")
    other_own = play("Kh", "Qh", "raise", "call", "Js")
    assert base.infoset_key(0) == other_opponent.infoset_key(0)
    assert base.hash() != other_opponent.hash()
    assert base.infoset_key(1) != other_opponent.infoset_key(1)
    assert base.infoset_key(0) != other_own.infoset_key(0)
    assert base.infoset_key(0) != base.infoset_key(1)
    assert base.infoset_key(0) != play("Ks", "Qh", "raise", "call", "Jh").infoset_key(0)
    assert base.infoset_key(0) != play("Ks", "Qh", "call", "call", "Js").infoset_key(0)


def walk(state):
    """Every position of the game tree below `state` (chance nodes included)."""
    yield state
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        yield from walk(child)


# The size of the tree, counted from the rules. A betting round has 6 decision nodes
# (start, c, cr, crr, r, rr), 4 ways to end in a fold (crf, crrf, rf, rrf) and 5 to
# close (cc, crc, crrc, rc, rrc). Per deal: round one's 6 + 4 nodes, 5 public-card
# chance nodes, each with 4 cards leading to a second round of 6 + 4 + 5 nodes:
# 6 + 4 + 5 + 20 * 15 = 315 nodes, 4 + 20 * 9 = 184 of them terminal. The deal itself
# adds 1 + 6 chance nodes before the 30 ordered pairs of private cards.
TREE_NODES = 7 + 30 * 315
TREE_TERMINALS = 30 * 184


def test_whole_tree_size_936_information_states_and_no_hash_collision():
    # OpenSpiel's kNumInfoStates for two-player Leduc: 936 decision information sets.
    infosets, hashes, positions, terminals = set(), set(), 0, 0
    for state in walk(LeducState()):
        positions += 1
        terminals += state.is_terminal()
        hashes.add(state.hash())
        seat = state.current_player()
        if seat >= 0:
            infosets.add(state.infoset_key(seat))
    assert (positions, terminals) == (TREE_NODES, TREE_TERMINALS)
    assert len(infosets) == 936
    assert len(hashes) == positions


# ---- JSON --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda d: d.update(private=["Ks", "Ks"]), "twice"),
        (lambda d: d.update(public="Ks"), "twice"),
        (lambda d: d.update(private=[None, "Qh"]), "dealt first"),
        (lambda d: d.update(private=["Ks", None]), "public card is dealt after"),
        (lambda d: d.update(private=["Ks", "Ah"]), "must be a card"),
        (lambda d: d.update(history=[["raise", "raise", "raise", "call"], []]), "cannot be played"),
        (lambda d: d.update(history=[["call"], ["call"]]), "cannot be played"),
        (lambda d: d.update(history=[["raise", "fold"], []]), "cannot be played"),
        (lambda d: d.update(history=[["fold"], []]), "cannot be played"),
        (lambda d: d.update(history=[["check"], []]), "fold, call or raise"),
        (lambda d: d.update(history=[["call"] * 5, []]), "at most 4"),
        (lambda d: d.update(contributions=[3, 3]), "contributions"),
        (lambda d: d.update(contributions=[1, 14]), "contributions"),
        (lambda d: d.update(to_move=-2), "to_move"),
        (lambda d: d.pop("history"), "history"),
        (lambda d: d.update(game="pig"), "leduc"),
    ],
)
def test_from_json_rejects_impossible_states(change, message):
    data = play("Ks", "Qh", "call", "call", "Js").to_dict()
    change(data)
    with pytest.raises(StateFormatError, match=message):
        GAME.from_json(json.dumps(data))
    with pytest.raises(StateFormatError):
        LeducReference.from_json(json.dumps(data))


def test_render_draws_the_table():
    text = play("Ks", "Qh", "raise", "call", "Js").render()
    assert "public card Js" in text and "pot 6" in text
    assert "seat 0: [Ks]  in for 3  (to move)" in text
    assert "raise call" in text


# ---- properties on random positions -------------------------------------------------------


def random_position(seed, steps, cls=LeducState):
    state = cls.new_initial(2, "standard")
    rng = Rng(seed)
    play_randomly(state, rng, steps)
    return state


SEEDS = st.integers(0, 2**32 - 1)
STEPS = st.integers(0, 14)


@settings(max_examples=150)
@given(SEEDS, STEPS)
def test_clone_is_independent(seed, steps):
    state = random_position(seed, steps)
    copy = state.clone()
    if not copy.is_terminal():
        copy.apply(copy.legal_actions()[-1])
        assert copy.to_json() != state.to_json()
    assert random_position(seed, steps).to_json() == state.to_json()


@settings(max_examples=150)
@given(SEEDS, STEPS)
def test_json_round_trip_is_exact(seed, steps):
    state = random_position(seed, steps)
    again = GAME.from_json(state.to_json())
    assert again.to_json() == state.to_json()
    assert again.hash() == state.hash()
    assert again.legal_actions() == state.legal_actions()
    assert [again.infoset_key(s) for s in (0, 1)] == [state.infoset_key(s) for s in (0, 1)]


@settings(max_examples=150)
@given(SEEDS, STEPS, st.integers(-3, 12))
def test_illegal_apply_changes_nothing(seed, steps, action):
    state = random_position(seed, steps)
    if action in state.legal_actions():
        return
    before = (state.to_json(), state.hash())
    with pytest.raises(IllegalActionError):
        state.apply(action)
    assert (state.to_json(), state.hash()) == before


@settings(max_examples=150)
@given(SEEDS, STEPS)
def test_playouts_terminate_within_the_longest_hand(seed, steps):
    state = random_position(seed, steps)
    # Two deals, at most four bets a round and the public card: 11 actions at most.
    steps_taken = random_playout(state, Rng(seed))
    assert state.is_terminal() and steps_taken <= 11
    assert sum(state.returns()) == pytest.approx(1.0)
    assert all(0.0 <= r <= 1.0 for r in state.returns())


@settings(max_examples=150)
@given(SEEDS, STEPS, st.integers(0, 1))
def test_a_view_is_indistinguishable_to_its_seat(seed, steps, seat):
    state = random_position(seed, steps)
    view = GAME.from_observation(state.observation(seat), Rng(seed))
    assert view.observation(seat) == state.observation(seat)
    assert view.infoset_key(seat) == state.infoset_key(seat)
    # At a deal the cards left reveal the hidden one; at a decision they must not.
    if state.current_player() >= 0:
        assert view.legal_actions() == state.legal_actions()


@IMPLEMENTATIONS
def test_trajectory_is_the_hand_in_the_order_it_was_dealt_and_bet(cls):
    # The order of play (rules: a private card each, a betting round, the public
    # card, a second round): seat 1 sees its own card and every bet, not seat 0's card.
    state = play("Ks", "Jh", "raise", "call", "Qs", "call", cls=cls)
    card = state.str_to_action
    assert state.trajectory(1) == [
        (-1, False),
        (card("Jh"), True),
        (RAISE, True),
        (CALL, True),
        (card("Qs"), True),
        (CALL, True),
    ]
    assert state.trajectory(0)[:2] == [(card("Ks"), True), (-1, False)]
    # At a showdown both cards are shown, so the deal is seen whole.
    state.apply(CALL)
    assert state.trajectory(1)[0] == (card("Ks"), True)


@settings(max_examples=150)
@given(SEEDS, STEPS, st.integers(0, 1))
def test_trajectory_replays_to_the_state_and_hides_what_the_seat_cannot_see(seed, steps, seat):
    state = random_position(seed, steps)
    view = GAME.from_observation(state.observation(seat), Rng(seed))
    # Identical in every world the seat cannot tell apart.
    assert view.trajectory(seat) == state.trajectory(seat)
    # With the unseen steps filled in from the true state, it replays to the state.
    # (The other seat saw the one step this seat did not: its own card.)
    other = state.trajectory(1 - seat)
    replay = LeducState.new_initial(2, "standard")
    for i, (action, seen) in enumerate(state.trajectory(seat)):
        replay.apply(action if seen else other[i][0])
    assert replay.to_json() == state.to_json()


# ---- the compiled state against the reference ----------------------------------------------


def assert_same(fast, slow):
    assert fast.current_player() == slow.current_player()
    assert fast.legal_actions() == slow.legal_actions()
    fast_outcomes, slow_outcomes = fast.chance_outcomes(), slow.chance_outcomes()
    assert [a for a, _ in fast_outcomes] == [a for a, _ in slow_outcomes]
    assert [p for _, p in fast_outcomes] == pytest.approx([p for _, p in slow_outcomes])
    assert fast.to_dict() == slow.to_dict()
    assert fast.scores() == slow.scores()
    assert fast.is_setup() == slow.is_setup()
    assert fast.hash() == slow.hash()
    for seat in (0, 1):
        assert fast.infoset_key(seat) == slow.infoset_key(seat)
        assert fast.observation(seat) == slow.observation(seat)
        assert fast.trajectory(seat) == slow.trajectory(seat)
    assert fast.heuristic() == pytest.approx(slow.heuristic())
    if fast.is_terminal():
        assert fast.returns() == pytest.approx(slow.returns())


def test_compiled_matches_reference_over_the_whole_tree():
    count = 0

    def both(fast, slow):
        nonlocal count
        count += 1
        assert_same(fast, slow)
        for action in fast.legal_actions():
            f, s = fast.clone(), slow.clone()
            f.apply(action)
            s.apply(action)
            both(f, s)

    both(LeducState(), LeducReference())
    assert count == TREE_NODES
