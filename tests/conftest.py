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
