"""bench/training/maestro_draws.py: each side's declared draws by its free agency spaces,
replayed from a real match's records."""

from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

from cli.match.store import GamesFile
from test_bench_compare import real_match

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.training.maestro_draws import DRAWS, declared_draws, main, table  # noqa: E402

SHARE = r"([\d.]+)"
ROW = re.compile(
    rf"^(hero|opponent)\s+hero (won|lost)\s+(\d+)\s+(\d+)\s+{SHARE}  {SHARE}  {SHARE}$"
)


def test_every_declaration_is_counted_once_and_never_exceeds_the_free_spaces(tmp_path):
    """Spec 4 C: a seat declares 1-3 draws, no more than its free agency spaces. The
    counts replayed add up to the declarations written in the records."""
    folder = real_match(tmp_path / "m", "random")
    records = GamesFile(folder).load(repair=False).values()
    written = sum(
        text in DRAWS
        for record in records
        for move in record["games"][-1]["moves"]
        for text in move["actions"]
    )
    counted = sum((declared_draws(r, "random") for r in records), start=Counter())
    assert sum(counted.values()) == written > 0
    for (side, free, text), _ in counted.items():
        assert side in ("hero", "opponent")
        assert 1 <= int(text[-1]) <= min(3, free)


def test_the_table_splits_the_games_by_the_heros_result(tmp_path, capsys):
    folder = real_match(tmp_path / "m", "random")
    records = GamesFile(folder).load(repair=False).values()
    shares = [r["returns"][r["seats"].index("random")] for r in records]
    lines = table(folder).splitlines()
    assert lines[0] == f"m: hero random, {shares.count(1.0)} won, {shares.count(0.0)} lost"
    rows = [ROW.match(line) for line in lines[2:]]
    assert rows and all(rows)
    for row in rows:
        free, shown = int(row[3]), [float(row[i]) for i in (5, 6, 7)]
        assert abs(sum(shown) - 1.0) < 0.02
        assert free >= 3 or shown[2] == 0.0
    assert main([str(folder)]) == 0
    assert capsys.readouterr().out.splitlines() == lines
