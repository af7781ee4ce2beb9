"""Luthier's two tables, action kinds (actions.KINDS) and task kinds (codec.TASKS), are
the one listing every other part reads: the C enum and the compiled task table, the
reference's handlers, the words, hints and drawings."""

from __future__ import annotations

import re
from pathlib import Path

from engine.games.luthier import actions, codec, render, words
from engine.games.luthier.reference import LuthierReference
from engine.games.luthier.state import task_table_rows

CODES = Path(codec.__file__).with_name("codes.pxd")


def _is_decision(kind: int) -> bool:
    return kind >= codec.FIRST_DECISION_TASK


def _is_chance(kind: int) -> bool:
    return codec.FIRST_CHANCE_TASK <= kind < codec.FIRST_DECISION_TASK


def test_codes_pxd_numbers_every_task_kind_as_codec_does():
    numbered = {
        name: int(value)
        for name, value in re.findall(r"^\s+([TCD]_[A-Z0-9_]+) = (\d+)$", CODES.read_text(), re.M)
    }
    assert set(numbered.values()) == set(codec.TASKS)
    for name, value in numbered.items():
        assert getattr(codec, name) == value, name


def test_the_compiled_table_has_a_row_for_each_task_kind_and_no_other():
    for kind, runs, lists, applies in task_table_rows():
        automatic = kind in codec.TASKS and not _is_chance(kind) and not _is_decision(kind)
        decision = kind in codec.TASKS and _is_decision(kind)
        assert (runs, lists, applies) == (automatic, decision, decision), kind


def test_the_reference_has_a_handler_for_each_task_kind():
    for kind in codec.TASKS.values():
        if _is_decision(kind.id):
            assert hasattr(LuthierReference, f"_legal_{kind.name}"), kind.name
            assert hasattr(LuthierReference, f"_do_{kind.name}"), kind.name
        elif not _is_chance(kind.id):
            assert hasattr(LuthierReference, f"_run_{kind.name}"), kind.name


def test_every_decision_asks_in_words_and_is_answered_by_action_kinds():
    names = [kind.name for kind in codec.TASKS.values()]
    assert len(set(names)) == len(names)
    for kind in codec.TASKS.values():
        assert bool(kind.asks) == bool(kind.answers) == _is_decision(kind.id), kind.name
        assert set(kind.answers) <= set(actions.KINDS), kind.name


def test_the_action_kinds_tile_the_action_space_in_order():
    start = 0
    for kind in actions.KINDS.values():
        assert kind.base == start and kind.size > 0
        start += kind.size
    assert start == actions.NUM_ACTIONS
    assert actions.kind_of(actions.NUM_ACTIONS - 1) == ("NOTHING", 0)


def test_the_text_tables_are_keyed_by_action_kinds():
    for table in (words.MOVE_WORDS, words.CHIP_WORDS, words.REASONS, words.CHANCE_WORDS):
        assert set(table) <= set(actions.KINDS)
    assert set(render.HINTS) <= set(actions.KINDS)
    # Every kind a decision answers with has its words (the chip's in CHIP_WORDS, or
    # a bench's).
    answered = {name for kind in codec.TASKS.values() for name in kind.answers}
    chip = set(codec.TASKS[codec.D_CHIP].answers)
    assert answered - chip <= set(words.MOVE_WORDS)
