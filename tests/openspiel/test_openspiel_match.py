"""`cadenza match` (in process, tiny) pits OpenSpiel's ISMCTS bot against `random`
on Takt Voll and Leduc: every game ends, nobody forfeits, every decision of the bot
is a legal move of the game's record."""

import json

import pytest
from click.testing import CliRunner

from cli.main import main

MATCHES = {
    # Takt Voll seats three: the bot and two random players, every seat in turn.
    "taktvoll": ["--entrant", "r1=random", "--entrant", "r2=random", "--games", "3"],
    "leduc": ["--entrant", "r=random", "--games", "4"],
}


@pytest.mark.parametrize("name", sorted(MATCHES))
def test_a_match_of_openspiel_ismcts_against_random(name, tmp_path):
    spec = "openspiel-ismcts:iterations=50"
    run = CliRunner().invoke(
        main,
        ["match", name, "--entrant", f"os={spec}", *MATCHES[name], "--seed", "3"]
        + ["--out", str(tmp_path)],
    )
    assert run.exit_code == 0, run.output
    summary = json.loads((tmp_path / "summary.json").read_text())
    games = int(MATCHES[name][-1])
    assert summary["games"] == games and summary["errors"] == 0
    mine = next(s for s in summary["standings"] if s["name"] == "os")
    assert mine["games"] == games and mine["forfeits"] == 0
    records = [json.loads(line) for line in (tmp_path / "games.jsonl").read_text().splitlines()]
    assert len(records) == games
    for record in records:
        assert record["forfeit"] is None and record["error"] is None
        assert spec in record["specs"]
        seat = record["seats"].index("os")
        assert any(move["seat"] == seat for move in record["games"][0]["moves"])
