"""OpenSpiel's bots as Cadenza searchers (plugins/openspiel/bots.py): legal whole
turns on every game they can play, budgets kept, the same answer from the same
seed, and a clear line naming the extra when OpenSpiel is not installed."""

import re
import sys

import pytest

from engine.game import sample_chance
from engine.rng import Rng
from plugins.manager import default_registry, load_registry
from search.base import Budget, SearchError, decide
from search.common import forced_steps

REGISTRY = default_registry()
BOTS = ("openspiel-mcts", "openspiel-ismcts")
PAIRS = [
    (bot, game)
    for bot in BOTS
    for game in sorted(REGISTRY.games)
    if REGISTRY.searcher(bot).can_play(REGISTRY.game(game))
]


def position(game, steps: int, seed: int = 3):
    """A decision up to `steps` random actions into a game of `game` (fewer where
    the game would end sooner)."""
    rng = Rng(seed)
    state = game.new_state(seed=seed)
    for _ in range(steps):
        following = state.clone()
        if state.is_chance_node():
            following.apply(sample_chance(state, rng))
        else:
            following.apply(rng.choice(state.legal_actions()))
        while following.is_chance_node():
            following.apply(sample_chance(following, rng))
        if following.is_terminal():
            break
        state = following
    while state.is_chance_node():
        state.apply(sample_chance(state, rng))
    assert not state.is_terminal()
    return state


def assert_whole_legal_turn(state, actions):
    seat = state.current_player()
    scratch = state.clone()
    for action in actions:
        assert scratch.current_player() == seat
        assert action in scratch.legal_actions()
        scratch.apply(action)
    assert scratch.current_player() != seat  # the turn is over


def test_each_bot_plays_the_games_its_algorithm_is_for():
    # Every game is playable by one of the two, by whether it hides things.
    for spec in REGISTRY.games.values():
        playable = [bot for bot in BOTS if REGISTRY.searcher(bot).can_play(spec)]
        assert playable == ["openspiel-ismcts" if spec.hidden_information else "openspiel-mcts"]


@pytest.mark.parametrize("bot, name", PAIRS)
def test_a_search_returns_a_legal_whole_turn_within_its_iterations(bot, name):
    game = REGISTRY.game(name)
    searcher = REGISTRY.searcher(bot).create_for(game)
    for steps in (0, 9, 30):
        state = position(game, steps)
        decision = decide(searcher, game, state, Budget(iterations=40), seed=steps)
        assert_whole_legal_turn(state, decision.actions)
        if len(state.legal_actions()) > 1:
            # MCTS-Solver may stop early, having proven the root's value.
            assert decision.stats["iterations"] == 40 or decision.stats["solved"]
            assert sum(alt.visits for alt in decision.alternatives) <= 40
            assert decision.alternatives[0].actions == decision.actions
        assert 0.0 <= decision.value <= 1.0


@pytest.mark.parametrize(
    "bot, name", [("openspiel-mcts", "tictactoe"), ("openspiel-ismcts", "leduc")]
)
def test_a_timed_search_stops_at_its_movetime(bot, name):
    # One action a turn in both games: the answer is the search, nothing after it.
    game = REGISTRY.game(name)
    state = position(game, 2)
    searcher = REGISTRY.searcher(bot).create_for(game)
    decide(searcher, game, state, Budget(iterations=5), seed=1)  # loads the bridged game
    decision = decide(searcher, game, state, Budget(movetime_ms=150), seed=1)
    assert decision.stats["iterations"] > 2
    # It stops at the deadline (a loaded machine may add to it), or sooner only when
    # MCTS-Solver has proven the root's value.
    assert 150 <= decision.stats["ms"] < 150 + 1000 or decision.stats.get("solved")
    both = decide(searcher, game, state, Budget(iterations=30, movetime_ms=5000), seed=1)
    assert both.stats["iterations"] == 30  # whichever limit comes first


@pytest.mark.parametrize(
    "bot, name", [("openspiel-mcts", "maestro"), ("openspiel-ismcts", "taktvoll")]
)
def test_the_same_seed_gives_the_same_decision(bot, name):
    game = REGISTRY.game(name)
    state = position(game, 12)
    searcher = REGISTRY.searcher(bot).create_for(game)
    runs = [decide(searcher, game, state, Budget(iterations=60), seed=5) for _ in range(2)]
    assert runs[0].actions == runs[1].actions
    assert [(a.actions, a.visits, a.value) for a in runs[0].alternatives] == [
        (a.actions, a.visits, a.value) for a in runs[1].alternatives
    ]


def test_a_fixed_seed_option_ignores_the_search_seed():
    game = REGISTRY.game("tictactoe")
    state = position(game, 1)
    searcher = REGISTRY.searcher("openspiel-mcts").create_for(game, seed=7)
    runs = [decide(searcher, game, state, Budget(iterations=50), seed=s) for s in (1, 2)]
    assert [(a.actions, a.visits) for a in runs[0].alternatives] == [
        (a.actions, a.visits) for a in runs[1].alternatives
    ]


def test_openspiel_rollouts_play_as_the_bridge_sees_the_game():
    game = REGISTRY.game("leduc")
    state = position(game, 0)
    searcher = REGISTRY.searcher("openspiel-ismcts").create_for(
        game, rollouts="openspiel", max_world_samples=4
    )
    decision = decide(searcher, game, state, Budget(iterations=40), seed=2)
    assert_whole_legal_turn(state, decision.actions)
    assert decision.stats["iterations"] == 40


@pytest.mark.parametrize(
    "spec, message",
    [
        ({"uct_c": -1.0}, "uct_c must be a number in [0, 1000000], got -1.0"),
        ({"seed": -2}, "seed must be an integer in -1..4294967295, got -2"),
        ({"rollouts": "fast"}, "rollouts must be one of compiled, openspiel, got 'fast'"),
        ({"max_world_samples": 0}, "max_world_samples must be -1 or a positive integer, got 0"),
    ],
)
def test_bad_options_are_refused_in_one_line(spec, message):
    with pytest.raises(SearchError, match="^" + re.escape(message)):
        REGISTRY.searcher("openspiel-ismcts").create(**spec)


def test_without_openspiel_the_bots_are_not_registered_and_asking_names_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # `import pyspiel` now fails
    registry = load_registry(include_entry_points=False)
    assert registry.errors == []
    assert not set(BOTS) & set(registry.searchers)
    for bot in BOTS:
        message = f"searcher {bot} needs the openspiel extra: pip install 'cadenza[openspiel]'"
        with pytest.raises(SearchError, match="^" + re.escape(message) + "$"):
            registry.searcher(bot)


def test_with_openspiel_an_unknown_openspiel_name_is_just_unknown():
    with pytest.raises(SearchError, match="^unknown searcher: openspiel-cfr "):
        REGISTRY.searcher("openspiel-cfr")


@pytest.mark.parametrize("name", ["leduc", "taktvoll"])
def test_the_bot_never_sees_what_its_seat_cannot(name):
    # The true states differ only in what the mover cannot see: the same answer.
    game = REGISTRY.game(name)
    state = position(game, 10)
    seat = state.current_player()
    searcher = REGISTRY.searcher("openspiel-ismcts").create_for(game)
    other = next(
        world
        for world in (state.determinize(seat, Rng(k)) for k in range(50))
        if world.hash() != state.hash()
    )
    assert other.observation(seat) == state.observation(seat)
    answers = [decide(searcher, game, s, Budget(iterations=40), seed=9) for s in (state, other)]
    assert answers[0].actions == answers[1].actions
    assert [a.visits for a in answers[0].alternatives] == [
        a.visits for a in answers[1].alternatives
    ]


def test_a_timed_turn_of_many_steps_keeps_to_its_time():
    # Luthier's turns run to several actions: the steps after the first are finished
    # by small searches that stop at the same deadline.
    game = REGISTRY.game("luthier")
    searcher = REGISTRY.searcher("openspiel-ismcts").create_for(game)
    longest = 0
    for steps in (0, 20, 60):  # the first turn keeps a family tile, goals, an instrument...
        state = position(game, steps, seed=5)
        decision = decide(searcher, game, state, Budget(movetime_ms=150), seed=1)
        assert_whole_legal_turn(state, decision.actions)
        assert decision.stats["ms"] <= 150 + 250
        longest = max(longest, len(decision.actions))
    assert longest > 1


def forced_then_a_choice(game):
    """A Maestro-like decision whose first step is forced and whose next is not."""
    for seed in range(40):
        for steps in range(0, 60, 3):
            state = position(game, steps, seed=seed)
            forced, after = forced_steps(state, state.current_player())
            if forced and after.current_player() == state.current_player():
                return state
    raise AssertionError("no such position")


def test_a_forced_first_step_leaves_the_whole_budget_to_the_next_choice():
    # A Maestro seat that can only pass still chooses how many tiles to draw: that
    # choice gets the search, not the small one that finishes a turn.
    game = REGISTRY.game("maestro")
    state = forced_then_a_choice(game)
    forced = state.legal_actions()[0]
    searcher = REGISTRY.searcher("openspiel-mcts").create_for(game)
    decision = decide(searcher, game, state, Budget(iterations=300), seed=4)
    assert_whole_legal_turn(state, decision.actions)
    assert decision.stats["iterations"] == 300 or decision.stats["solved"]
    assert len(decision.alternatives) > 1  # the draw counts, each after the pass
    assert all(alt.actions[0] == forced for alt in decision.alternatives)
    assert len({alt.actions[1] for alt in decision.alternatives}) == len(decision.alternatives)
    assert sum(alt.visits for alt in decision.alternatives) > 200


def test_a_wholly_forced_turn_is_not_searched():
    game = REGISTRY.game("tictactoe")
    state = game.new_state()
    for action in (0, 1, 2, 4, 3, 5, 7, 6):  # one square left for the mover
        state.apply(action)
    searcher = REGISTRY.searcher("openspiel-mcts").create_for(game)
    decision = decide(searcher, game, state, Budget(iterations=300), seed=4)
    assert decision.actions == [8]
    assert decision.stats["iterations"] == 0
