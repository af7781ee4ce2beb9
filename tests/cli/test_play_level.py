"""The `level N` command at the `cadenza play` prompt: the next hints search at that
level, in a game against the AI and at a real table, and a save file keeps it; a bad
level is refused and the hints stay as they were."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from cli.play.aisession import AiSession
from cli.play.commands import execute
from cli.play.errors import PlayError
from cli.play.render import Screen
from cli.play.table import TableSession
from cli.specs import SeatSpec
from plugins.manager import default_registry

REGISTRY = default_registry()


def typed(session, line: str) -> list[str]:
    out = io.StringIO()
    execute(line, session, Screen(Console(file=out, width=200, highlight=False)), REGISTRY)
    return out.getvalue().splitlines()


def ai_session():
    random = SeatSpec("random")
    return AiSession.start(REGISTRY, REGISTRY.game("pig"), None, None, 0, 1, [random], random)


def table_session():
    game = REGISTRY.game("leduc")
    return TableSession.start(REGISTRY, game, 2, "standard", 0, 5, SeatSpec("random"))


@pytest.mark.parametrize("make", [ai_session, table_session])
def test_level_sets_the_hints_level_and_the_save_keeps_it(make):
    session = make()
    lines = typed(session, "level 8")
    assert str(session.hint_spec) == "level:8"
    assert lines == ["Hints now search at level 8 (level:8)."]
    assert session.to_save()["hint"] == "level:8"
    typed(session, "level strong")  # an old preset's name: its level
    assert str(session.hint_spec) == "level:10"


@pytest.mark.parametrize("line", ["level", "level 0", "level 11", "level 3 4", "level hard"])
def test_a_bad_level_is_refused_and_the_hints_stay(line):
    session = ai_session()
    before = str(session.hint_spec)
    with pytest.raises(PlayError, match="level takes one level 1..10"):
        typed(session, line)
    assert str(session.hint_spec) == before
