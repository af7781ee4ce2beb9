"""Shared test fixtures: the hypothesis profile every suite runs under, and the
registry of installed games and searchers."""

import os

import pytest
from hypothesis import HealthCheck, settings

# Two shared cores and compiled code: wall-clock deadlines would only measure the
# machine's load, so examples are bounded by count instead.
settings.register_profile(
    "cadenza", deadline=None, max_examples=100, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "thorough", deadline=None, max_examples=2000, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("CADENZA_HYPOTHESIS_PROFILE", "cadenza"))


@pytest.fixture(scope="session")
def registry():
    """The installed plugins' games and searchers (built-in and third-party)."""
    from plugins.manager import default_registry

    return default_registry()


@pytest.fixture(scope="session")
def tictactoe(registry):
    return registry.game("tictactoe")


@pytest.fixture(scope="session")
def maestro_match(tmp_path_factory):
    """Six finished Maestro games of random against random (test_bench_compare's
    real_match): the match folder and its records in game order."""
    from cli.match.store import GamesFile
    from test_bench_compare import real_match

    folder = real_match(tmp_path_factory.mktemp("maestro") / "m", "random")
    games = GamesFile(folder).load(repair=False)
    return folder, [games[i] for i in sorted(games)]


@pytest.fixture
def maestro_value():
    """Maestro's value module; whatever the test puts in use (value.use), the shipped
    weights are back in use after it."""
    from engine.games.maestro import value

    shipped = value.current()
    yield value
    value.use(shipped)


@pytest.fixture
def maestro_hand_heuristic(maestro_value):
    """Maestro's hand-built heuristic at two seats too, for the test."""
    maestro_value.use(None)
