"""Every game folder's modules keep the interfaces engine/gamemodules.py declares, so
each concept has one name in every game, and the state glue (engine/glue.py) reaches
each game's modules under the names its classes give them."""

from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType

import pytest

from engine.gamemodules import INTERFACES, ActionsModule, missing_names
from plugins.manager import default_registry

# Leduc and Luthier still write their own glue (their positions are replayed and
# packed structs); every other game keeps the interfaces.
GAMES = sorted(set(default_registry().games) - {"leduc", "luthier"})
GAMES_DIR = Path(__file__).resolve().parents[2] / "engine" / "games"


def game_modules(game: str) -> dict[str, ModuleType]:
    """The modules of a game's folder that one of the interfaces is for."""
    found = {}
    for name in INTERFACES:
        if (GAMES_DIR / game / f"{name}.py").is_file():
            found[name] = importlib.import_module(f"engine.games.{game}.{name}")
    return found


@pytest.mark.parametrize("game", GAMES)
def test_each_module_of_a_game_declares_its_interface(game):
    modules = game_modules(game)
    assert {"actions", "codec", "render", "words", "svg"} <= set(modules), sorted(modules)
    for name, module in modules.items():
        assert not missing_names(module, INTERFACES[name]), (
            name,
            missing_names(module, INTERFACES[name]),
        )
        assert isinstance(module, INTERFACES[name])


@pytest.mark.parametrize("game", GAMES)
def test_the_actions_module_names_the_whole_action_space(game):
    spec = default_registry().game(game)
    actions = game_modules(game)["actions"]
    state = spec.new_state(seed=1)
    assert actions.NUM_ACTIONS == state.num_actions
    for action in state.legal_actions():
        assert actions.str_to_action(actions.action_to_str(action)) == action
        assert state.action_to_str(action) == actions.action_to_str(action)


def test_a_module_missing_a_function_is_named():
    incomplete = ModuleType("incomplete")
    incomplete.NUM_ACTIONS = 3
    incomplete.action_to_str = str
    assert missing_names(incomplete, ActionsModule) == ["str_to_action"]
    incomplete.str_to_action = "not a function"
    assert missing_names(incomplete, ActionsModule) == ["str_to_action"]
