"""The JSON record of one finished game (or series) of a match: one line of
games.jsonl. Timings are the `ms` of each decision and the record's `seconds`;
everything else is reproducible from the seed and iteration budgets."""

from __future__ import annotations

TIMING_KEYS = ("ms", "seconds")


def match_record(job, series, seconds: float) -> dict:
    """The record of `job` (cli/match/referee.py) played as `series` (cli/series.py)."""
    task = job.task
    forfeit = None
    if series.forfeit is not None:
        forfeit = {
            "seat": series.forfeit.seat,
            "entrant": task.seats[series.forfeit.seat],
            "reason": series.forfeit.reason,
        }
    return {
        "index": task.index,
        "block": task.block,
        "seed": task.seed,
        "game": job.game,
        "variant": job.variant,
        "players": job.players,
        "seats": list(task.seats),
        "specs": list(job.specs),
        "series_target": job.series_target,
        "games": [record.to_json() for record in series.games],
        "scores": series.scores,
        "returns": series.returns,
        "forfeit": forfeit,
        "error": series.error,
        "seconds": round(seconds, 3),
    }


def without_timings(value):
    """`value` (a record, or anything inside one) with the timing fields removed:
    what must be identical between two runs of the same seed and budgets."""
    if isinstance(value, dict):
        return {key: without_timings(item) for key, item in value.items() if key not in TIMING_KEYS}
    if isinstance(value, list):
        return [without_timings(item) for item in value]
    return value
