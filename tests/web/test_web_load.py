"""A quick bench/web_load.py: 10 games against the AI at once, every one finished,
every move acknowledged, the p95 acknowledgement within a bound loose enough for a
busy shared test machine (the bench's goal, on a quiet one, is 100 ms)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "web_load.py"
P95_BOUND_MS = 500


def test_ten_games_at_once_are_acknowledged_quickly():
    spec = importlib.util.spec_from_file_location("web_load", BENCH)
    web_load = importlib.util.module_from_spec(spec)
    sys.modules["web_load"] = web_load  # its dataclass looks its module up
    spec.loader.exec_module(web_load)
    figures = web_load.measure(10, "3", workers=1)
    assert figures["games"] == 10
    assert figures["moves"] >= 30
    assert figures["ack_p95_ms"] < P95_BOUND_MS, figures
