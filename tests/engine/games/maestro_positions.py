"""Building Maestro positions for the rules tests: a state dict written from a short
description (agencies, rows, scores, turn) through the game's own JSON loader, so
every position a test uses is one `from_json` accepts."""

from __future__ import annotations

import json

import pytest

from engine.games.maestro import actions, tables
from engine.games.maestro.reference import MaestroReference
from engine.games.maestro.state import MaestroState

BOARD = tables.load_board()
LAYOUT = actions.layout_of(BOARD)

# Every rules test runs on the compiled state and on the pure-Python reference.
IMPLEMENTATIONS = [MaestroState, MaestroReference]
both = pytest.mark.parametrize("impl", IMPLEMENTATIONS, ids=["compiled", "reference"])


def position(impl, players=2, variant="standard", agencies=None, rows=None, **fields):
    """A state of `impl`. `agencies` maps seat -> {space number: tile}; seats not
    named keep the setup's maestro on space 10, seats named hold exactly what is
    given. `rows` maps a row id to its spaces (None or a tile name, left to right).
    Other keyword arguments replace top-level fields (points, critic, to_move,
    phase, applause, end) or, as turn_<key>, fields of "turn"."""
    data = impl.new_initial(players, variant).to_dict()
    for seat, spaces in (agencies or {}).items():
        data["agencies"][seat] = [spaces.get(i + 1) for i in range(BOARD.slots)]
    for row_id, cells in (rows or {}).items():
        data["board"][BOARD.row_ids.index(row_id)] = list(cells)
    for key, value in fields.items():
        if key.startswith("turn_"):
            data["turn"][key[len("turn_") :]] = value
        else:
            data[key] = value
    data["bag"] = bag_of(data)
    return impl.from_json(json.dumps(data))


def bag_of(data: dict) -> dict:
    """What a state dict leaves in the bag: all tiles minus those seen."""
    left = dict(zip(BOARD.tile_names, BOARD.totals, strict=True))
    seen = [t for agency in data["agencies"] for t in agency]
    seen += [t for row in data["board"] for t in row]
    seen += data["turn"]["drawn"]
    for tile in seen:
        if tile is not None:
            left[tile] -= 1
    left[tables.APPLAUSE] -= data["applause"]
    return left


def act(state, *texts):
    """Apply actions written in notation, in order; returns the state."""
    for text in texts:
        state.apply(state.str_to_action(text))
    return state


def legal_texts(state) -> list[str]:
    return [state.action_to_str(a) for a in state.legal_actions()]


def placements(state) -> set[str]:
    """The placement steps open now, in notation."""
    return {t for t in legal_texts(state) if ":p" in t}
