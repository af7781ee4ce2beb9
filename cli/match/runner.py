"""A whole match: schedule the games, skip those already in games.jsonl (--resume),
play the rest on a backend, record each as it ends, stop early when the SPRT
decides, and finish with the ratings table, summary.json and the plot, all computed
from games.jsonl alone, so an interrupted and resumed run ends exactly like an
uninterrupted one.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Optional

from rich.console import Console

from cli.defaults import MAX_ACTIONS
from cli.match.entrants import Entrant, check_entrants
from cli.match.plots import plot_match
from cli.match.progress import MatchProgress
from cli.match.ratings import Tally, summarize
from cli.match.referee import GameJob
from cli.match.report import print_report
from cli.match.schedule import build_schedule, games_in_whole_blocks, seatings
from cli.match.sprt import Sprt
from cli.match.store import GamesFile, prepare, stored_identity
from cli.newgame import random_seed
from cli.specs import MAX_LEVEL, OptionError

SUMMARY_FILE = "summary.json"
PLOT_FILE = "ratings.png"


@dataclass
class MatchConfig:
    """What a match plays. `games` is rounded up to whole blocks of seatings (each
    lineup in its rotations, or in every order with `all_orders`); `time_margin_ms`
    is added to a seat's movetime before it forfeits for taking too long, and
    `decision_timeout_s` bounds decisions whose budget has no movetime."""

    game: str
    entrants: list[Entrant]
    games: int
    players: Optional[int] = None
    variant: Optional[str] = None
    seed: Optional[int] = None
    series_target: Optional[float] = None
    max_actions: int = MAX_ACTIONS
    sprt: Optional[Sprt] = None
    time_margin_ms: int = 1000
    decision_timeout_s: float = 300.0
    kind: str = "match"
    all_orders: bool = False


@dataclass
class MatchOutcome:
    summary: dict
    records: list[dict]
    directory: Path
    sprt_stopped: bool = False
    notes: list[str] = field(default_factory=list)


def decision_limit(entrant: Entrant, config: MatchConfig) -> float:
    """Seconds a decision of `entrant` may take before it forfeits."""
    movetime = entrant.spec.budget.movetime_ms
    # Levels 1..9 search a fixed number of iterations whatever their spec's budget says.
    below_top = entrant.spec.level is not None and entrant.spec.level < MAX_LEVEL
    if movetime is None or below_top:
        return config.decision_timeout_s
    return (movetime + config.time_margin_ms) / 1000.0


def _default_registry():
    from plugins.manager import default_registry

    return default_registry()


def run_match(
    config: MatchConfig,
    directory: Path,
    backend,
    resume: bool = False,
    console: Optional[Console] = None,
    registry_factory: Callable = _default_registry,
    note: Callable[[str], None] = lambda text: None,
) -> MatchOutcome:
    """Play (or resume) the match in `directory` and report it on `console`."""
    console = console or Console()
    directory = Path(directory)
    registry = registry_factory()
    game = registry.game(config.game)
    players, variant = game.check_config(config.players, config.variant)
    if players < 2:
        raise OptionError("a match needs games of at least 2 players")
    check_entrants(registry, game, config.entrants)
    if config.sprt is not None and len(config.entrants) != 2:
        raise OptionError("--sprt compares exactly 2 entrants")
    names = [entrant.name for entrant in config.entrants]
    block_size = len(seatings(len(names), players, config.all_orders))
    total = games_in_whole_blocks(config.games, block_size)
    outcome_notes = []
    if total != config.games:
        outcome_notes.append(
            f"{config.games} games rounded up to {total}: whole blocks of "
            f"{block_size}, so that every entrant plays every seat equally often"
        )
    seed = _match_seed(config, directory, resume, outcome_notes)
    identity = _identity(config, game.name, variant, players, total, seed)
    done = prepare(directory, identity, resume)
    for text in outcome_notes:
        note(text)

    tally = Tally(names, block_size, config.sprt)
    for index in sorted(done):
        tally.add(done[index])
    sprt_stopped = tally.sprt_decision() is not None
    jobs = _jobs(config, identity, names, done)
    if jobs and not sprt_stopped:
        label = f"{config.kind} {game.name}"
        sprt_stopped = _play(backend, jobs, directory, tally, console, total, len(done), label)

    final = list(GamesFile(directory).load().values())
    summary = summarize(final, names, block_size, config.sprt)
    summary["match"] = identity
    (directory / SUMMARY_FILE).write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    plot_match(directory / PLOT_FILE, summary, final, names, players)
    print_report(console, summary, names)
    return MatchOutcome(
        summary, sorted(final, key=lambda r: r["index"]), directory, sprt_stopped, outcome_notes
    )


def _match_seed(config: MatchConfig, directory: Path, resume: bool, notes: list) -> int:
    """The match's seed: the one given, else the stored match's when resuming, else a
    new one (noted, so that the run can be repeated)."""
    if config.seed is not None:
        return config.seed
    previous = stored_identity(directory) if resume else None
    if previous and "seed" in previous:
        return previous["seed"]
    seed = random_seed()
    notes.append(f"seed {seed}")
    return seed


def _identity(config: MatchConfig, game: str, variant, players, total, seed) -> dict:
    """What a match folder is a match of (a resume must match it)."""
    identity = {
        "kind": config.kind,
        "game": game,
        "variant": variant,
        "players": players,
        "entrants": [str(entrant) for entrant in config.entrants],
        "games": total,
        "seed": seed,
        "series_target": config.series_target,
        "max_actions": config.max_actions,
    }
    if config.all_orders:
        # Only when set, so that folders from before the option still resume.
        identity["all_orders"] = True
    return identity


def _jobs(config: MatchConfig, identity: dict, names: list, done: dict) -> list[GameJob]:
    """The games of the schedule still to play."""
    by_name = {entrant.name: entrant for entrant in config.entrants}
    players, total, seed = identity["players"], identity["games"], identity["seed"]
    return [
        GameJob(
            task,
            identity["game"],
            identity["variant"],
            players,
            tuple(str(by_name[name].spec) for name in task.seats),
            tuple(decision_limit(by_name[name], config) for name in task.seats),
            config.series_target,
            config.max_actions,
        )
        for task in build_schedule(names, players, total, seed, config.all_orders)
        if task.index not in done
    ]


def _play(backend, jobs, directory: Path, tally, console, total, done: int, label: str) -> bool:
    """Play `jobs` on `backend`, each record stored and tallied as it comes; whether
    the SPRT stopped the match before they all ended."""
    games_file = GamesFile(directory)
    records = backend.run(jobs)
    try:
        with MatchProgress(console, total, done, label) as progress:
            for record in records:
                games_file.append(record)
                tally.add(record)
                progress.advance(tally.standings_text())
                if tally.sprt_decision() is not None:
                    return True
    finally:
        records.close()  # stops games still running (SPRT, Ctrl-C, an error)
        games_file.close()
    return False
