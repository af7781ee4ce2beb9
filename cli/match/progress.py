"""The live progress of a match: a bar with games done, rate, ETA and the current
standings. Quiet when the console is not a terminal (a pipe, a file, CI)."""

from __future__ import annotations

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    TextColumn,
    TimeRemainingColumn,
)
from rich.text import Text


class RateColumn(ProgressColumn):
    """Games per second over the last stretch of the run."""

    def render(self, task) -> Text:
        speed = task.speed
        return Text("-- games/s" if speed is None else f"{speed:.2f} games/s", style="cyan")


class MatchProgress:
    """A context manager around rich's Progress; `advance(standings)` after each game."""

    def __init__(self, console: Console, total: int, done: int, description: str = "match"):
        self.progress = Progress(
            TextColumn("[bold]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            RateColumn(),
            TimeRemainingColumn(),
            TextColumn("{task.fields[standings]}"),
            console=console,
            disable=not console.is_terminal,
        )
        self.total, self.done, self.description = total, done, description
        self.task = None

    def __enter__(self) -> "MatchProgress":
        self.progress.start()
        self.task = self.progress.add_task(
            self.description, total=self.total, completed=self.done, standings=""
        )
        return self

    def advance(self, standings: str) -> None:
        self.progress.update(self.task, advance=1, standings=standings)

    def __exit__(self, *exc) -> None:
        self.progress.stop()
