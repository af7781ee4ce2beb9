"""Shared pieces of the benchmark suites: a table of measured rates that the run
prints at the end, so compiled and reference speeds sit side by side."""

from __future__ import annotations

from collections import defaultdict

import pytest

# RATES[group][label] = items per second, filled by benchmarks as they finish.
RATES: dict[str, dict[str, float]] = defaultdict(dict)


@pytest.fixture
def record_rate(benchmark):
    """record_rate(group, label, items_per_call): stores items/s from the benchmark's
    mean time, in extra_info and in the end-of-run table. Labels "compiled" and
    "reference" in one group also record their ratio."""

    def record(group: str, label: str, items_per_call: int) -> float:
        rate = items_per_call / benchmark.stats.stats.mean
        RATES[group][label] = rate
        benchmark.extra_info[f"{label}_per_s"] = round(rate, 1)
        # The second of a compiled/reference pair records the ratio of the two.
        if "compiled" in RATES[group] and "reference" in RATES[group]:
            benchmark.extra_info["ratio_compiled_to_reference"] = round(
                RATES[group]["compiled"] / RATES[group]["reference"], 1
            )
        return rate

    return record


def pytest_terminal_summary(terminalreporter):
    if not RATES:
        return
    terminalreporter.section("rates (per second)")
    for group in sorted(RATES):
        rates = RATES[group]
        cells = ", ".join(f"{label} {rate:,.0f}" for label, rate in sorted(rates.items()))
        ratio = ""
        if "compiled" in rates and "reference" in rates:
            ratio = f"  ratio compiled/reference {rates['compiled'] / rates['reference']:,.1f}x"
        terminalreporter.write_line(f"{group}: {cells}{ratio}")
