"""Every number the engine protocol reads has a range: a value out of it, however
many digits, is one short `error` line naming the option, never a raw exception, a
hang or a MemoryError, and the engine answers on as before. Driven over pipes, so
that a hang fails the test after the engine's timeout instead of blocking the run."""

import pytest

from conftest import EngineProcess
from plugins.manager import default_registry
from test_cli_engine_stop import ENGINE, ROOT

FORTY_DIGITS = "1234567890" * 4
# Each searcher searches a game it can play: pig (perfect information), else leduc.
GAMES = ("pig", "leduc")


def number_options(spec) -> list[str]:
    """The searcher's options whose default is an int or a float (not a bool)."""
    return [
        name
        for name, default in spec.options.items()
        if isinstance(default, (int, float)) and not isinstance(default, bool)
    ]


def searcher_cases() -> list[tuple[str, str, str]]:
    registry = default_registry()
    cases = []
    for name in sorted(registry.searchers):
        spec = registry.searchers[name]
        game = next(g for g in GAMES if spec.can_play(registry.game(g)))
        cases += [(name, game, option) for option in number_options(spec)]
    return cases


@pytest.fixture(scope="module")
def engine():
    process = EngineProcess(timeout=15, argv=ENGINE, cwd=ROOT)
    yield process
    process.kill()


def assert_refused_naming(engine, line: str, option: str) -> None:
    before = engine.one("state", "state")
    answer = engine.error(line)
    assert option in answer and len(answer) < 200, answer
    assert "Error" not in answer, answer  # no exception's class name
    assert engine.one("state", "state") == before


@pytest.mark.parametrize("budget", ["iterations", "movetime"])
@pytest.mark.parametrize("value", [FORTY_DIGITS, "0", "-3"])
def test_a_budget_out_of_range_is_one_error_naming_it(engine, budget, value):
    engine.ok("new pig seed=1")
    assert_refused_naming(engine, f"go searcher=mcts {budget}={value}", budget)
    assert_refused_naming(engine, f"setoption {budget}={value}", budget)


@pytest.mark.parametrize("searcher, game, option", searcher_cases())
def test_a_number_too_large_is_one_error_naming_its_option(engine, searcher, game, option):
    engine.ok(f"new {game} seed=1")
    assert_refused_naming(
        engine, f"go searcher={searcher} iterations=10 {option}={FORTY_DIGITS}", option
    )
    assert_refused_naming(engine, f"setoption {option}={FORTY_DIGITS}", option)
    assert engine.ok(f"go searcher={searcher} iterations=10 seed=1")[-1].startswith("bestmove ")


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "1e400"])
@pytest.mark.parametrize("option", ["c", "widening"])
def test_a_number_that_is_not_finite_is_refused(engine, option, value):
    engine.ok("new pig seed=1")
    assert_refused_naming(engine, f"go searcher=mcts iterations=10 {option}={value}", option)


@pytest.mark.parametrize(
    "line, option",
    [
        ("go searcher=mcts iterations=10 workers=100000", "workers"),
        ("go searcher=pimc iterations=1000000000 k=100000000", "k"),
        ("go searcher=expectimax iterations=10 k=100000000", "k"),
        ("go searcher=expectimax iterations=10 tt_mb=100000000", "tt_mb"),
        ("setoption rollout_depth=-5", "rollout_depth"),
        ("setoption k=0", "k"),
        ("hint searcher=mcts iterations=10 top=" + FORTY_DIGITS, "top"),
        ("new pig players=" + FORTY_DIGITS, "players"),
    ],
)
def test_numbers_that_hung_or_ran_out_of_memory_are_refused(engine, line, option):
    engine.ok("new pig seed=1")
    assert_refused_naming(engine, line, option)


def test_a_number_of_thousands_of_digits_is_quoted_short(engine):
    engine.ok("new pig seed=1")
    answer = engine.error("go searcher=mcts iterations=" + "9" * 5000)
    assert answer.startswith("error iterations must be") and len(answer) < 200, answer[:300]
