"""What `cadenza` tells a person about a game before and during play: the `rules`
command at the `cadenza play` prompt, and one line for every variant in `cadenza games`."""

from __future__ import annotations

import dataclasses
import io

import pytest
from click.testing import CliRunner
from rich.console import Console

from cli.main import main
from cli.play.aisession import AiSession
from cli.play.commands import candidates, execute
from cli.play.errors import PlayError
from cli.play.render import Screen
from cli.specs import SeatSpec
from engine.game import GameSpec
from plugins.manager import default_registry

REGISTRY = default_registry()


def session_of(game: GameSpec) -> AiSession:
    random = SeatSpec("random")
    return AiSession.start(REGISTRY, game, None, None, 0, 1, [random], random)


def typed(session, line: str) -> list[str]:
    out = io.StringIO()
    execute(line, session, Screen(Console(file=out, width=200, highlight=False)), REGISTRY)
    return out.getvalue().splitlines()


def test_rules_prints_the_rules_and_the_notation_legend():
    game = REGISTRY.game("leduc")
    lines = typed(session_of(game), "rules")
    assert lines[0] == "Rules of leduc:"
    notation_at = lines.index("Notation:")
    assert lines[1:notation_at] == ["  " + line for line in game.rules.splitlines()]
    assert lines[notation_at + 1 :] == ["  " + line for line in game.notation.splitlines()]
    assert "raise" in " ".join(lines) and "rules" in candidates(session_of(game), [])


def test_rules_of_a_game_without_words_says_so_in_one_line():
    bare = REGISTRY.game("tictactoe")
    bare = dataclasses.replace(bare, rules="", notation="")
    lines = typed(session_of(bare), "rules")
    assert lines == [
        "Rules of tictactoe:",
        "  tictactoe gives no rules summary.",
        "Notation:",
        "  no legend for this game: type legal to list what you can type now.",
    ]


def test_rules_takes_nothing_after_it():
    with pytest.raises(PlayError, match="rules takes nothing after it"):
        typed(session_of(REGISTRY.game("pig")), "rules now")


def test_help_lists_the_rules_command():
    lines = typed(session_of(REGISTRY.game("pig")), "help")
    assert any(line.startswith("rules ") for line in lines)


@pytest.mark.parametrize("name", sorted(REGISTRY.games))
def test_every_listed_variant_has_a_one_line_description(name):
    spec = REGISTRY.game(name)
    for variant in spec.variants:
        about = spec.variant_descriptions.get(variant, "")
        assert about.strip() and "\n" not in about, variant


def test_games_prints_one_line_for_each_variant():
    run = CliRunner().invoke(main, ["games"])
    assert run.exit_code == 0
    lines = run.output.splitlines()
    for spec in REGISTRY.games.values():
        for variant in spec.variants:
            assert f"    {variant}: {spec.variant_descriptions[variant]}" in lines
    assert "  variants (default target100):" in lines
