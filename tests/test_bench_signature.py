"""The behaviour signature: `cadenza bench` must print exactly tests/bench.signature.

A change to a rule, a searcher or a random stream changes some line of it; such a
change is deliberate only if its commit says why and records the new listing with
`cadenza bench > tests/bench.signature`."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from cli.bench import bench_lines
from cli.main import main
from plugins.manager import default_registry

RECORDED = Path(__file__).with_name("bench.signature")


def test_bench_listing_matches_the_recorded_signature():
    expected = RECORDED.read_text().splitlines()
    got = list(bench_lines(default_registry()))
    changed = [f"- {e}\n+ {g}" for e, g in zip(expected, got, strict=False) if e != g]
    assert len(got) == len(expected), f"{len(got)} lines, recorded {len(expected)}"
    assert not changed, "behaviour changed:\n" + "\n".join(changed[:10])


def test_the_signature_changes_with_the_budget():
    """The hash covers the answers: another budget gives other answers."""
    lines = list(bench_lines(default_registry(), iterations=40))
    assert lines[-1].startswith("signature ")
    assert lines[-1] != RECORDED.read_text().splitlines()[-1]


def test_bench_command_prints_the_listing():
    result = CliRunner().invoke(main, ["bench", "--iterations", "20"], standalone_mode=False)
    assert result.exit_code == 0, result.output
    out = result.output.splitlines()
    assert out[-2].startswith("nodes ") and int(out[-2].split()[1]) > 0
    assert out[-1].startswith("signature ") and len(out[-1].split()[1]) == 16
    assert any(line.startswith("luthier seed=1 advance=0 ismcts: ") for line in out)
