"""search.base: budgets, option conversion, SearcherSpec.create, turn_of, and decide(),
the one entry point that shows a searcher only the mover's view."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli.notation import check_turn
from engine.rng import Rng
from plugins.manager import default_registry
from search.base import (
    Alternative,
    Budget,
    Decision,
    Searcher,
    SearchError,
    SearcherSpec,
    decide,
    turn_of,
)
from search.options import Option


class Recorder(Searcher):
    """Plays the lowest legal action and keeps what it was shown."""

    def __init__(self, depth=1, c=1.4, final="visits", reuse=False):
        self.options = dict(depth=depth, c=c, final=final, reuse=reuse)
        self.seen = []

    def choose(self, state, seat, budget, rng):
        self.seen.append((state, seat, budget, rng.next_u64()))
        return Decision(actions=[state.legal_actions()[0]], value=0.5)


class SpyGame:
    """A GameSpec wrapper that records the observations decide() rebuilds from."""

    def __init__(self, game):
        self.game, self.observations = game, []

    def from_observation(self, observation, rng):
        self.observations.append(observation)
        return self.game.from_observation(observation, rng)


SPEC = SearcherSpec("recorder", Recorder, {"depth": 1, "c": 1.4, "final": "visits", "reuse": False})


@pytest.mark.parametrize(
    "kwargs",
    [
        {"iterations": 0},
        {"iterations": -5},
        {"iterations": True},
        {"iterations": 1.5},
        {"iterations": "100"},
        {"movetime_ms": 0},
        {"movetime_ms": 2.5},
    ],
)
def test_budget_refuses_non_positive_or_non_integer_limits(kwargs):
    name = next(iter(kwargs))
    with pytest.raises(SearchError, match=f"{name} must be a positive integer"):
        Budget(**kwargs)


def test_budget_deadline():
    assert Budget(iterations=10).deadline(5.0) is None
    assert Budget(movetime_ms=250).deadline(5.0) == pytest.approx(5.25)
    assert Budget() == Budget(None, None)


@pytest.mark.parametrize(
    "default, text, expected",
    [
        (1, "42", 42),
        (1.4, "0.5", 0.5),
        (1.4, "3", 3.0),
        (False, "true", True),
        (True, "OFF", False),
        (False, "1", True),
        ("visits", "value", "value"),
    ],
)
def test_an_option_reads_text_as_its_defaults_type(default, text, expected):
    value = Option("opt", default).parse(text)
    assert value == expected and type(value) is type(expected)


def test_an_option_takes_a_value_of_its_type_as_it_is():
    assert Option("depth", 1).parse(7) == 7


@pytest.mark.parametrize("default, text", [(1, "x"), (1, "1.5"), (1.4, "fast"), (True, "maybe")])
def test_an_option_names_itself_in_text_it_cannot_read(default, text):
    with pytest.raises(
        SearchError, match=f"option opt={text} is not a valid {type(default).__name__}"
    ):
        Option("opt", default).parse(text)


def test_create_merges_coerced_options_over_the_defaults():
    searcher = SPEC.create(depth="3", reuse="yes")
    assert searcher.options == {"depth": 3, "c": 1.4, "final": "visits", "reuse": True}
    assert SPEC.create().options == {"depth": 1, "c": 1.4, "final": "visits", "reuse": False}


def test_create_refuses_unknown_options_and_lists_the_known_ones():
    with pytest.raises(SearchError, match=r"no option speed \(options: c, depth, final, reuse\)"):
        SPEC.create(speed="3")
    with pytest.raises(SearchError, match=r"options: none"):
        SearcherSpec("bare", Recorder).create(depth=2)


def test_create_for_puts_the_games_suggestions_between_the_defaults_and_the_users(tictactoe):
    from dataclasses import replace

    game = replace(tictactoe, searcher_options={"recorder": {"depth": 4, "c": 0.5}})
    assert SPEC.create_for(game).options == {
        "depth": 4,
        "c": 0.5,
        "final": "visits",
        "reuse": False,
    }
    assert SPEC.create_for(game, depth="2").options["depth"] == 2
    assert SPEC.create_for(tictactoe).options == SPEC.create().options


def test_create_for_refuses_a_game_the_searcher_cannot_play_or_a_bad_suggestion(tictactoe):
    from dataclasses import replace

    picky = SearcherSpec("picky", Recorder, SPEC.options, supports=lambda game: False)
    with pytest.raises(SearchError, match="searcher picky cannot play tictactoe"):
        picky.create_for(tictactoe)
    game = replace(tictactoe, searcher_options={"recorder": {"speed": 9}})
    with pytest.raises(SearchError, match="no option speed"):
        SPEC.create_for(game)


def test_decide_refuses_a_chance_node(registry):
    pig = registry.game("pig")
    state = pig.new_state()
    state.apply(state.str_to_action("roll"))
    assert state.is_chance_node()
    with pytest.raises(SearchError, match="chance node"):
        decide(Recorder(), pig, state, Budget(iterations=1))


def test_decide_refuses_a_terminal(tictactoe):
    state = tictactoe.new_state()
    for cell in (0, 3, 1, 4, 2):
        state.apply(cell)
    with pytest.raises(SearchError, match="end of the game"):
        decide(Recorder(), tictactoe, state, Budget(iterations=1))


@pytest.mark.parametrize("game_name", ["tictactoe", "pig", "leduc"])
def test_decide_hands_over_a_state_rebuilt_from_the_movers_observation(registry, game_name):
    game = registry.game(game_name)
    state = game.new_state(seed=4)
    before = state.to_json()
    spy, searcher = SpyGame(game), Recorder()
    decision = decide(searcher, spy, state, Budget(iterations=3), seed=9)
    seat = state.current_player()
    shown, shown_seat, budget, _ = searcher.seen[0]
    assert spy.observations == [state.observation(seat)]
    assert shown is not state and shown_seat == seat and budget == Budget(iterations=3)
    assert shown.observation(seat) == state.observation(seat)
    shown.apply(shown.legal_actions()[0])  # the searcher may scribble on its copy
    assert state.to_json() == before
    assert decision.stats["ms"] >= 0


def test_decide_is_reproducible_with_a_seed(tictactoe):
    state = tictactoe.new_state()
    draws = []
    for seed in (5, 5, 6):
        searcher = Recorder()
        decide(searcher, tictactoe, state, Budget(), seed=seed)
        draws.append(searcher.seen[0][3])
    assert draws[0] == draws[1] != draws[2]


def test_turn_of_stops_at_chance_or_the_next_seat(registry):
    pig = registry.game("pig")
    state = pig.new_state()
    roll, hold = state.str_to_action("roll"), state.str_to_action("hold")
    assert turn_of(state, 0, roll, lambda s: hold) == [roll]  # a chance node follows
    assert turn_of(state, 0, hold, lambda s: roll) == [hold]  # the other seat follows
    assert state.to_json() == pig.new_state().to_json(), "turn_of works on a copy"


# ---- an answer cut to the turn ---------------------------------------------------------

LUTHIER_RECORD = Path(__file__).with_name("data") / "luthier-turn-ends-on-hidden-chips.json"


class Scripted(Searcher):
    """Answers a fixed list of actions, however far it goes, with it as an alternative."""

    def __init__(self, actions):
        self.actions = actions

    def choose(self, state, seat, budget, rng):
        alternative = Alternative(self.actions[:1], 0.5, 1, finish=lambda line: self.actions)
        return Decision(list(self.actions), 0.5, alternatives=[alternative])


def test_decide_cuts_an_answer_at_the_end_of_the_movers_turn():
    registry = default_registry()
    game = registry.game("tictactoe")
    state = game.new_state()
    decision = decide(Scripted([4, 0, 8]), game, state, Budget(iterations=1), seed=1)
    assert decision.actions == [4], "0 and 8 would be the other seat's and then its own"
    assert decision.alternatives[0].actions == [4]
    assert state.legal_actions() == list(range(9)), "the position is left as it was"


def luthier_position():
    """A Luthier game where seat 1's turn ends after `go@finish coins2`, on the others'
    face-down chips: in worlds its view allows, the same two actions can leave it to
    move on. Rebuilt from a ladder match in which level 8 forfeited by playing on."""
    game = default_registry().game("luthier")
    record = json.loads(LUTHIER_RECORD.read_text())
    state = game.new_state(3, resolve_setup=False)
    for text in record["setup"] + record["moves"]:
        state.apply(state.str_to_action(text))
    return game, state


def test_a_turn_searched_in_another_world_is_cut_where_it_ends_and_shows_nothing_hidden():
    from cli.levels.ladder import searcher_for

    game, state = luthier_position()
    seat = state.current_player()
    level8 = searcher_for(default_registry(), game, 8)
    other = state.determinize(seat, Rng(7))  # a world seat 1 cannot tell from this one
    assert other.observation(seat) == state.observation(seat)
    long_turns = 0
    for seed in range(35, 45):
        decision = decide(level8, game, state, Budget(iterations=1000), seed)
        long_turns += len(decision.stats["pv"]) > 3
        check_turn(state, decision.actions, "level 8")  # raises past the end of the turn
        for alternative in decision.alternatives:
            check_turn(state, alternative.actions, "level 8")
        seen = decide(level8, game, other, Budget(iterations=1000), seed)
        assert seen.actions == decision.actions, "the cut hangs on the seat's view only"
    assert long_turns, "the search still plans turns that go on in its worlds"
