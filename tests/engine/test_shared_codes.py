"""Numbers that C and Python share have one home, a game's codes.pxd, which the
compiled state cimports and its codes module exposes to Python. Where Python keeps a
table beside a number (a name per phase, a notation per action), the two agree."""

from __future__ import annotations

import importlib

import pytest

from engine.games.maestro import actions as maestro_actions
from engine.games.maestro import codec as maestro_codec
from engine.games.maestro import codes as maestro_codes
from engine.games.maestro import tables as maestro_tables
from engine.games.pig import actions as pig_actions
from engine.games.pig import codes as pig_codes

PYTHON_MODULES = {
    "pig": ("actions", "codec", "optimal", "reference"),
    "maestro": ("actions", "codec", "tables", "reference"),
}


def public_ints(module) -> dict[str, int]:
    return {
        name: value for name, value in vars(module).items() if name.isupper() and type(value) is int
    }


@pytest.mark.parametrize("game", sorted(PYTHON_MODULES))
def test_python_reads_the_compiled_numbers(game):
    codes = public_ints(importlib.import_module(f"engine.games.{game}.codes"))
    assert codes, f"{game}'s codes module exposes no numbers"
    for name in PYTHON_MODULES[game]:
        module = importlib.import_module(f"engine.games.{game}.{name}")
        for key, value in public_ints(module).items():
            if key in codes:
                assert value == codes[key], f"{game}.{name}.{key} = {value}, codes: {codes[key]}"


def test_pig_notation_names_every_action():
    assert len(pig_actions.ACTION_NAMES) == pig_codes.NUM_ACTIONS
    assert pig_actions.action_to_str(pig_codes.ROLL) == "roll"
    assert pig_actions.action_to_str(pig_codes.HOLD) == "hold"
    assert pig_actions.action_to_str(pig_codes.FACE_BASE + pig_codes.FACES - 1) == "d6"


def test_maestro_names_every_phase_and_end():
    phases = ("PLACE", "COUNT", "DRAW", "SLOT", "OVER")
    assert [maestro_codec.PHASES[getattr(maestro_codes, p)] for p in phases] == [
        p.lower() for p in phases
    ]
    ends = [maestro_codes.END_NONE, maestro_codes.END_APPLAUSE, maestro_codes.END_FULL]
    assert [maestro_codec.ENDS[e] for e in ends] == [None, "applause", "full_agency"]
    assert maestro_actions.action_to_str(maestro_codes.PASS) == "pass"


def test_maestro_board_limits_fit_the_compiled_arrays():
    assert maestro_tables.MAX_INSTRUMENTS + 2 == maestro_codes.M_MAX_KINDS
    assert maestro_tables.MAX_ROW_LENGTH <= maestro_codes.M_MAX_CELLS
    assert maestro_tables.MAX_SEATS == maestro_codes.M_MAX_SEATS
