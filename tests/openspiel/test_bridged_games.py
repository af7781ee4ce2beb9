"""Every registered game as an OpenSpiel game (plugins/openspiel/game.py) passes
OpenSpiel's own random-simulation checks, and at every state those simulations
reach the bridge says what a Cadenza state replaying the same history says."""

import pyspiel
import pytest

from plugins.manager import default_registry
from plugins.openspiel import game as bridge

REGISTRY = default_registry()
GAMES = sorted(REGISTRY.games)
SIMULATIONS = 200


class Replay:
    """A Cadenza state kept in step with the histories OpenSpiel's checks walk,
    replayed from the start whenever a history is not the last one plus a step."""

    def __init__(self, spec, players, variant):
        self.spec, self.players, self.variant = spec, players, variant
        self.history, self.state, self.checked = None, None, 0

    def at(self, history):
        if self.history is None or history[:-1] != self.history or not history:
            self.state = self.spec.new_state(self.players, self.variant, resolve_setup=False)
            for action in history:
                self.state.apply(action)
        else:
            self.state.apply(history[-1])
        self.history = list(history)
        return self.state

    def check(self, state):
        """One state of OpenSpiel's walk against the replay of its history."""
        cadenza = self.at(state.history())
        assert state.is_terminal() == cadenza.is_terminal()
        assert state.is_chance_node() == cadenza.is_chance_node()
        if cadenza.is_terminal():
            assert state.current_player() == pyspiel.PlayerId.TERMINAL
            assert state.returns() == pytest.approx(cadenza.returns())
            assert sum(state.returns()) == pytest.approx(1.0)
        else:
            assert state.returns() == [0.0] * self.players  # zeros before the end
            assert state.current_player() == cadenza.current_player()
            assert state.legal_actions() == cadenza.legal_actions()
            if cadenza.is_chance_node():
                assert state.chance_outcomes() == cadenza.chance_outcomes()
        self.checked += 1


@pytest.mark.parametrize("name", GAMES)
def test_openspiel_random_simulations_agree_with_cadenza(name):
    spec = REGISTRY.game(name)
    game = bridge.openspiel_game(spec)
    replay = Replay(spec, game.num_players(), spec.default_variant)
    pyspiel.random_sim_test(
        game, num_sims=SIMULATIONS, serialize=False, verbose=False, state_checker_fn=replay.check
    )
    assert replay.checked > SIMULATIONS  # the checker saw every step of every game


def test_all_seven_games_are_bridged():
    assert len(GAMES) == 7
    for name in GAMES:
        bridge.register(REGISTRY.game(name))
    assert {bridge.PREFIX + name for name in GAMES} <= set(pyspiel.registered_names())
