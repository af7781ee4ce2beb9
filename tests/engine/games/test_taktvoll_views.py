"""Takt Voll's hidden information (spec §8): what each seat sees, the determinization
that deals what it has not seen (uniformly, checked against the exact distribution
on small positions), the compiled determinization drawing exactly as the Python one,
and infoset keys that are equal exactly when the views are."""

from __future__ import annotations

import itertools
import json
import math
from collections import Counter

import pytest

from engine.errors import StateFormatError
from engine.game import play_randomly, random_action
from engine.games.taktvoll.reference import TaktVollReference
from engine.games.taktvoll.state import TaktVollState
from engine.rng import Rng
from taktvoll_spec import BAR_LINES_DEALT, deck_of, plain
from test_taktvoll import BARS8, GAME, IMPLEMENTATIONS, make, play

# The chi-square test of every sampler below rejects a correct sampler once in a
# thousand runs at most; the seeds are fixed, so a run either passes or fails for good.
Z_999 = 3.0902  # the standard normal's 99.9th percentile


def chi_square_limit(df: int) -> float:
    """The 99.9th percentile of chi-square with `df` degrees of freedom
    (Wilson-Hilferty; within 1% for df >= 3)."""
    a = 2.0 / (9.0 * df)
    return df * (1.0 - a + Z_999 * math.sqrt(a)) ** 3


def random_positions(count, seed, players=None, variant=None):
    """Decision positions of seeded random games, spread over whole games."""
    rng = Rng(seed)
    found = []
    while len(found) < count:
        n = players or 3 + rng.randint(6)
        v = variant or GAME.variants[rng.randint(len(GAME.variants))]
        state = GAME.new_state(n, v, seed=rng.randint(2**31))
        stop = rng.randint(200)
        play_randomly(state, rng, stop)
        found.append(state)
    return found


# ---- what a seat sees ------------------------------------------------------------------------


@IMPLEMENTATIONS
def test_a_view_holds_the_own_hand_the_table_and_the_counts(cls):
    # §8: secret are the hands and the deck order; public are the rows, the scores,
    # the number of cards in each hand, and the deck's size.
    state = make(
        cls,
        ["Q H bar*7", "E W " + BARS8, "S rW " + BARS8],
        rows=["clef 2/4 Q Q bar Q", "clef"],
        played=[1, 0, 0],
        points=[2, 0, 0],
    )
    view = state.observation(1)
    assert view["seat"] == 1 and view["hand"] == ["bar"] * 8 + ["W", "E"]
    assert view["hand_sizes"] == [9, 10, 10] and view["deck_size"] == 91 - 29 - 7
    assert view["rows"] == [["clef", "2/4", "Q", "Q", "bar", "Q"], ["clef"]]
    assert view["points"] == [2, 0, 0] and view["bar_lines_played"] == [1, 0, 0]
    assert view["hands"] is None and view["drawn"] is None
    assert "rW" not in json.dumps(view)  # seat 2's rest, and nothing else of it
    # Other seats' cards swapped for others: the view does not change.
    twin = make(
        cls,
        ["Q S bar*7", "E W " + BARS8, "H rW " + BARS8],
        rows=["clef 2/4 Q Q bar Q", "clef"],
        played=[1, 0, 0],
        points=[2, 0, 0],
    )
    assert twin.to_dict() != state.to_dict()
    assert twin.observation(1) == view
    assert twin.infoset_key(1) == state.infoset_key(1)
    assert twin.observation(0) != state.observation(0)


@IMPLEMENTATIONS
def test_a_drawn_card_is_seen_only_by_the_drawer(cls):
    # §8: each draw is a chance node whose outcome only the drawer sees (until it is
    # played): the others' views must not depend on it.
    views = {}
    for card in ("W", "Q", "rW", "clef"):
        state = make(cls, ["Q " + BARS8, "W " + BARS8, "E " + BARS8], rows=["clef 2/4"])
        play(state, "draw", "+" + card)
        views[card] = state
    base = views["W"]
    for seat in (1, 2):
        assert all(s.observation(seat) == base.observation(seat) for s in views.values())
        assert len({s.infoset_key(seat) for s in views.values()}) == 1
    assert {s.observation(0)["drawn"] for s in views.values()} == {"W", "Q", "rW", "clef"}
    assert len({s.infoset_key(0) for s in views.values()}) == 4
    # Played, it is on the table for all to see.
    play(views["Q"], "Q@1")
    assert views["Q"].observation(2)["rows"] == [["clef", "2/4", "Q"]]


@IMPLEMENTATIONS
def test_the_end_shows_every_hand(cls):
    # §7: the penalties are counted from the hands, so a finished game shows them.
    state = make(
        cls,
        ["Q bar", BARS8 + " W", BARS8 + " E"],
        rows=["clef 1/4 " + " ".join(["Q bar"] * 7)],
        points=[7, 0, 0],
    )
    play(state, "Q@1", "bar@1")
    assert state.is_terminal()
    for seat in range(3):
        view = state.observation(seat)
        assert view["hands"] == state.to_dict()["hands"]
        assert cls.from_observation(view, Rng(seat)).to_dict() == state.to_dict()


def test_the_setup_deal_is_hidden_like_the_rest():
    state = TaktVollState.new_initial(3, "standard")
    play(state, "+W", "+H")
    assert state.observation(2)["hand"] == ["bar"] * 8
    assert state.observation(2)["hand_sizes"] == [9, 9, 8]
    other = TaktVollState.new_initial(3, "standard")
    play(other, "+Q", "+E")
    assert other.observation(2) == state.observation(2)
    assert other.observation(0) != state.observation(0)


def test_a_seat_is_drawn_its_own_hand_and_the_others_as_counts():
    # What `cadenza play` shows: the rows as bars, the seat's own cards, and of the
    # others only how many cards they hold and the bar lines they certainly hold.
    state = make(
        TaktVollState,
        ["Q H bar*7", "E W " + BARS8, "S rW " + BARS8],
        rows=["clef 2/4 Q Q bar Q", "clef"],
        played=[1, 0, 0],
        points=[2, 0, 0],
    )
    text = state.render_for(1)
    assert "  row 1: clef 2/4 Q Q | Q [" in text
    assert "  seat 1 (you): 0 pts, 10 cards: barx8 W E" in text
    assert "  seat 0: 2 pts, 9 cards: unseen (7 of them bar lines)" in text
    assert "  seat 2: 0 pts, 10 cards: unseen (8 of them bar lines)" in text
    assert "rW" not in text
    for seed in range(5):  # the same drawing in every world seat 1 cannot tell apart
        assert state.determinize(1, Rng(seed)).render_for(1) == text


# ---- dealing what a seat has not seen ------------------------------------------------------------


def test_opponents_keep_the_bar_lines_they_certainly_hold():
    # §8: each seat was dealt its share of the bar lines and played bar lines are
    # public, so a determinization never takes those away (5 players: 4 each, the
    # 4 leftovers in the deck can be anywhere).
    state = GAME.new_state(5, seed=12)
    view = state.observation(0)
    counts = Counter()
    for seed in range(300):
        guess = GAME.from_observation(view, Rng(seed))
        hands = guess.to_dict()["hands"]
        assert all(h.count("bar") >= 4 for h in hands[1:])
        counts[sum(h.count("bar") for h in hands[1:])] += 1
    assert min(counts) == 16 and max(counts) > 16  # leftovers land in hands sometimes


def certain_bar_lines(view, seat):
    """Bar lines `seat` certainly holds (§8): its share of the deal (§3) less those
    it played."""
    return max(0, BAR_LINES_DEALT[view["players"]] - view["bar_lines_played"][seat])


def unseen_cards(view):
    """The cards the viewing seat has not seen: the deck (§2) less its hand, the
    table and the bar lines the others certainly hold."""
    left = deck_of(view["variant"])
    left.subtract(view["hand"])
    left.subtract(plain(card) for row in view["rows"] for card in row)
    left["bar"] -= sum(certain_bar_lines(view, p) for p in others(view))
    return sorted(left.elements())


def others(view):
    return [p for p in range(view["players"]) if p != view["seat"]]


def other_drawer(view):
    """The seat that holds a card it just drew, if it is not the viewer."""
    drawing = view["phase"] == "after-draw" and view["turn"] != view["seat"]
    return view["turn"] if drawing else None


def exact_distribution(view):
    """The exact distribution of (each other seat's unseen cards, the drawn card) when
    the unseen cards are placed uniformly: every ordering of the physical cards equally
    likely, the drawer's just-drawn card any of its unseen cards equally likely."""
    pool = unseen_cards(view)
    places = [(p, view["hand_sizes"][p] - certain_bar_lines(view, p)) for p in others(view)]
    drawer = other_drawer(view)
    weights = Counter()
    for order in itertools.permutations(range(len(pool))):
        at, hands, slot_of_drawer = 0, [], None
        for p, size in places:
            cards = [pool[i] for i in order[at : at + size]]
            if p == drawer:
                slot_of_drawer = cards
            hands.append(tuple(sorted(cards)))
            at += size
        for drawn in slot_of_drawer or [None]:
            weights[(tuple(hands), drawn)] += 1.0 / len(slot_of_drawer or [None])
    total = sum(weights.values())
    return {outcome: w / total for outcome, w in weights.items()}


def outcome_of(state, view):
    data = state.to_dict()
    hands = []
    for p in others(view):
        cards = list(data["hands"][p])
        for _ in range(certain_bar_lines(view, p)):
            cards.remove("bar")
        hands.append(tuple(sorted(cards)))
    drawn = data["drawn"] if other_drawer(view) is not None else None
    return tuple(hands), drawn


def small_position(phase, seed):
    """The first position of seeded random 3-player games in `phase` where some seat
    has not seen 5 or 6 cards spread over at least three places (hands and deck); in
    the after-draw phase, the drawer holds two unseen cards or more."""
    rng = Rng(seed)
    for game in range(500):
        state = GAME.new_state(3, seed=game + seed)
        while not state.is_terminal():
            if state.to_dict()["phase"] == phase:
                for seat in range(3):
                    view = state.observation(seat)
                    if (
                        view["hands"] is not None
                        or seat == state.current_player()
                        and phase == "after-draw"
                    ):
                        continue
                    pool = len(unseen_cards(view))
                    unknown = {
                        p: view["hand_sizes"][p] - certain_bar_lines(view, p) for p in others(view)
                    }
                    places = sum(1 for u in unknown.values() if u) + (view["deck_size"] > 0)
                    drawer_ok = phase != "after-draw" or unknown[view["turn"]] >= 2
                    if 5 <= pool <= 6 and places == 3 and drawer_ok:
                        return state, seat
            state.apply(random_action(state, rng))
    raise AssertionError(f"no small {phase} position found")


@pytest.mark.parametrize("phase", ["turn", "after-draw"])
def test_determinizations_deal_the_unseen_cards_uniformly(phase):
    # §8: the unseen cards are placed uniformly at random in the other hands and the
    # deck; checked against the exact distribution by a chi-square test, through the
    # compiled determinization and through from_observation of both implementations.
    state, seat = small_position(phase, seed=20)
    view = state.observation(seat)
    exact = exact_distribution(view)
    assert len(exact) >= 10
    samplers = [
        ("compiled determinize", 20_000, lambda rng: state.determinize(seat, rng)),
        (
            "from_observation",
            4_000,
            lambda rng: GAME.from_observation(state.observation(seat), rng),
        ),
        (
            "reference from_observation",
            4_000,
            lambda rng: TaktVollReference.from_observation(state.observation(seat), rng),
        ),
    ]
    for name, draws, sample in samplers:
        rng = Rng(99)
        counts = Counter(outcome_of(sample(rng), view) for _ in range(draws))
        assert set(counts) <= set(exact), name
        chi = sum((counts[o] - draws * p) ** 2 / (draws * p) for o, p in exact.items())
        assert chi < chi_square_limit(len(exact) - 1), (name, chi, len(exact))


@IMPLEMENTATIONS
def test_from_observation_gives_a_state_with_the_same_view(cls):
    for state in random_positions(12, seed=4):
        for seat in range(state.num_players):
            view = state.observation(seat)
            guess = cls.from_observation(view, Rng(seat))
            assert guess.observation(seat) == view
            assert sorted(sum(guess.to_dict()["hands"], []) + guess.to_dict()["deck"]) == sorted(
                sum(state.to_dict()["hands"], []) + state.to_dict()["deck"]
            )


def test_compiled_determinize_draws_exactly_as_from_observation():
    # The C determinization consumes the generator as views.position_from_view does.
    for state in random_positions(25, seed=5):
        for seat in range(state.num_players):
            for seed in (1, 2):
                fast = state.determinize(seat, Rng(seed))
                slow = GAME.from_observation(state.observation(seat), Rng(seed))
                ref = TaktVollReference.from_observation(state.observation(seat), Rng(seed))
                assert fast.to_dict() == slow.to_dict() == ref.to_dict()
                assert fast.hash() == slow.hash()


def test_an_opponents_drawn_card_is_redrawn_from_its_unseen_cards():
    state = make(TaktVollState, ["Q " + BARS8, "W " + BARS8, "E " + BARS8], rows=["clef 2/4"])
    play(state, "draw", "+Q")
    drawn = Counter()
    for seed in range(200):
        guess = state.determinize(1, Rng(seed))
        data = guess.to_dict()
        assert data["phase"] == "after-draw" and data["drawn"] in data["hands"][0]
        assert guess.action_to_str(guess.legal_actions()[0]) == "keep"
        drawn[data["drawn"]] += 1
    assert len(drawn) > 5


# ---- infoset keys --------------------------------------------------------------------------------


def test_infoset_keys_are_equal_exactly_when_the_views_are():
    key_of_view, view_of_key = {}, {}
    for state in random_positions(40, seed=6):
        worlds = [state] + [state.determinize(s, Rng(s)) for s in range(state.num_players)]
        for world in worlds:
            for seat in range(world.num_players):
                view = json.dumps(world.observation(seat), sort_keys=True)
                key = world.infoset_key(seat)
                assert key_of_view.setdefault(view, key) == key
                assert view_of_key.setdefault(key, view) == view
    assert len(key_of_view) > 150


# ---- observations that are not a seat's view -----------------------------------------------------


def base_view():
    state = make(
        TaktVollState,
        ["Q H bar*7", "E W " + BARS8, "S rW " + BARS8],
        rows=["clef 2/4 Q Q bar Q", "clef"],
        played=[1, 0, 0],
        points=[2, 0, 0],
    )
    return state.observation(1)


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda v: v.update(hand_sizes=[9, 10, 11]), "do not match"),
        (lambda v: v.update(hand_sizes=[10, 11, 9]), "hand_sizes disagrees"),
        (lambda v: v.update(deck_size=5), "do not match"),
        (lambda v: v.update(drawn="W"), "drawn is set only"),
        (lambda v: v.update(hands=[["bar"]] * 3), "dealt 8 bar lines"),
        (lambda v: v["hand"].extend(["W"] * 11), "more cards than the deck"),
        (lambda v: v.update(seat=3), "seat"),
        (lambda v: v.update(hand_sizes=[9, 10]), "hand_sizes"),
        (lambda v: v.update(bar_lines_played=[0, 0, 1]), "without having played|add up"),
        (lambda v: v.update(phase="over"), "game is over only|contradict"),
        (lambda v: v.pop("deck_size"), "deck_size"),
        (lambda v: v.update(hand="Q"), "list of card names"),
    ],
)
def test_from_observation_rejects_contradictions(change, message):
    view = base_view()
    assert GAME.from_observation(view, Rng(1)).observation(1) == view
    change(view)
    for cls in (TaktVollState, TaktVollReference):
        with pytest.raises(StateFormatError, match=message):
            cls.from_observation(view, Rng(1))
