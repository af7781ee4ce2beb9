"""`cadenza perft` and the golden perft files (tests/engine/games/*.perft): the
compiled move generators must reproduce every count, the pure-Python references
the small ones, and Maestro's first counts follow from its rules by hand."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import main
from cli.perft import parse_perft_line, perft_line, perft_position
from engine.perft import perft
from plugins.manager import default_registry

GOLDEN_DIR = Path(__file__).resolve().parents[1] / "engine" / "games"
GOLDEN_FILES = sorted(GOLDEN_DIR.glob("*.perft"))
# The reference implementations are walked only this far (leaves at the last depth).
REFERENCE_LEAF_LIMIT = 5_000


def golden_lines():
    for path in GOLDEN_FILES:
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if line.strip() and not line.startswith("#"):
                yield pytest.param(line, id=f"{path.stem}:{number}")


GOLDEN_LINES = list(golden_lines())


def position_of(line: str):
    game, players, variant, seed, advance, counts = parse_perft_line(line)
    spec = default_registry().game(game)
    return spec, perft_position(spec, players, variant, seed, advance), counts


def reference_perft(state, depth: int) -> list[int]:
    """Perft over the Python API, one clone a node: the slow, obvious version."""
    counts = [0] * depth

    def walk(node, ply):
        if node.is_terminal():
            return
        actions = node.legal_actions()
        counts[ply] += len(actions)
        if ply + 1 < depth:
            for action in actions:
                child = node.clone()
                child.apply(action)
                walk(child, ply + 1)

    walk(state, 0)
    return counts


def test_golden_files_cover_maestro_and_the_reference_games():
    names = {path.stem for path in GOLDEN_FILES}
    assert {"maestro", "reference_games"} <= names
    games = {parse_perft_line(p.values[0])[0] for p in GOLDEN_LINES}
    assert games == {"maestro", "tictactoe", "pig", "leduc"}


@pytest.mark.parametrize("line", GOLDEN_LINES)
def test_compiled_move_generation_matches_the_golden_counts(line):
    spec, state, counts = position_of(line)
    assert perft(state, len(counts)) == counts
    assert (
        perft_line(
            spec.name, state.num_players, state.variant, *parse_perft_line(line)[3:5], counts
        )
        == line
    )


@pytest.mark.parametrize("line", GOLDEN_LINES)
def test_the_reference_implementation_agrees_where_it_is_cheap(line):
    spec, state, counts = position_of(line)
    depth = max(
        [d for d in range(1, len(counts) + 1) if counts[d - 1] <= REFERENCE_LEAF_LIMIT], default=0
    )
    if spec.reference_class() is None or depth == 0:
        pytest.fail(f"{spec.name} needs a reference and a cheap first depth for this check")
    reference = spec.reference_class().from_json(state.to_json())
    assert reference_perft(reference, depth) == counts[:depth]


def test_maestro_first_counts_follow_from_the_rules():
    """From the start (2 players): seat 0 may pass or put its maestro on any of the
    46 spaces (47). After a lone maestro only `pass` is left, after `pass` the three
    draw counts (3 + 46 = 49). Then each draw is a chance node over the 22 kinds in
    the bag, and after maestro + pass come the three draw counts (3 * 22 + 46 * 3 =
    204). At depth 4: after draw1, an applause ends the turn and seat 1 has 47
    choices, any other tile goes on one of 9 free spaces (47 + 21 * 9 = 236); after
    draw2 or draw3, an applause leaves another draw (22) (2 * (22 + 21 * 9) = 422);
    and the 46 * 3 draw declarations each meet 22 outcomes (3036): 3694."""
    state = default_registry().game("maestro").new_state(2)
    assert perft(state, 4) == [47, 3 + 46, 3 * 22 + 46 * 3, 236 + 2 * (22 + 21 * 9) + 46 * 3 * 22]


def test_perft_rejects_a_depth_below_one():
    state = default_registry().game("tictactoe").new_state()
    with pytest.raises(ValueError):
        perft(state, 0)


# ---- the command ------------------------------------------------------------------------


def test_cli_prints_the_golden_line():
    line = next(p.values[0] for p in GOLDEN_LINES if "seed=5 advance=130" in p.values[0])
    _, players, variant, seed, advance, counts = parse_perft_line(line)
    result = CliRunner().invoke(
        main,
        [
            "perft",
            "maestro",
            "--players",
            str(players),
            "--variant",
            variant,
            "--seed",
            str(seed),
            "--advance",
            str(advance),
            "--depth",
            str(len(counts)),
        ],
    )
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == line


@pytest.mark.parametrize(
    "args,code,message",
    [
        (["perft", "no-such-game", "--depth", "2"], 2, "no-such-game"),
        (["perft", "maestro", "--depth", "0"], 2, "depth"),
        (["perft", "maestro", "--depth", "2", "--players", "5"], 2, "2-4 players"),
        (["perft", "maestro", "--depth", "2", "--variant", "fast"], 2, "fast"),
        (["perft", "tictactoe", "--depth", "2", "--advance", "50"], 1, "the game ended after"),
    ],
)
def test_cli_errors_are_one_line(args, code, message):
    result = CliRunner().invoke(main, args)
    assert result.exit_code == code
    assert message in result.output
    assert len(result.output.strip().splitlines()) == 1
