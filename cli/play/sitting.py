"""A sitting: the games one run of `cadenza play` goes through, one after another
(`new`, `rematch`, or `--hands N` for a session of Leduc hands), and the running
total of what each player won over them.

The players are the person and the AI opponents, followed across games by where
they first sat: a rematch rotates every player one seat on (the person's seat 0
becomes seat 1, so who moves first alternates), while `new` keeps the seats. Every
next game has a new seed, drawn from the first game's seed (cli/series.py), so a
sitting replays from its seed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator, Optional

from cli.newgame import random_seed
from cli.notation import format_number
from cli.series import series_seeds


@dataclass
class Settings:
    """What a new game of the sitting is made from (the command line's choices)."""

    game_name: str
    players: Optional[int]
    variant: Optional[str]
    seat: int
    table: bool
    opponents: list  # SeatSpecs, one for all AI seats or one per AI seat in seat order
    hint_spec: object


@dataclass
class Sitting:
    settings: Settings
    seed: Optional[int]
    hands: int = 1  # games to play in a row before stopping at the summary
    shift: int = 0  # seats every player has moved on since the first game
    played: int = 0
    wins: int = 0
    totals: list = field(default_factory=list)  # by first seat
    _seeds: Optional[Iterator[int]] = None

    def __post_init__(self):
        self._seeds = series_seeds(self.seed if self.seed is not None else random_seed())
        self.seed = next(self._seeds)

    def next_seed(self) -> int:
        self.seed = next(self._seeds)
        return self.seed

    @classmethod
    def of_session(cls, session, seed: Optional[int], hands: int = 1) -> "Sitting":
        """The sitting of a loaded game: its own settings, a fresh seed stream."""
        opponents = [spec for _, spec in sorted(getattr(session, "opponents", {}).items())]
        settings = Settings(
            session.game.name,
            session.players,
            session.variant,
            session.seat,
            session.mode == "table",
            opponents,
            session.hint_spec,
        )
        return cls(settings, seed, hands)

    def player_seat(self, first_seat: int, players: int) -> int:
        """Where the player who first sat at `first_seat` sits now."""
        return (first_seat + self.shift) % players

    def rotate(self, players: int) -> Settings:
        """The settings of a rematch: every player one seat on."""
        self.shift += 1
        old = self.settings
        seat = (old.seat + 1) % players
        opponents = list(old.opponents)
        if len(opponents) > 1:  # one spec each: each AI moves on with its seat
            seats = [s for s in range(players) if s != old.seat]
            moved = {(s + 1) % players: spec for s, spec in zip(seats, opponents, strict=True)}
            opponents = [moved[s] for s in range(players) if s != seat]
        self.settings = Settings(
            old.game_name, old.players, old.variant, seat, old.table, opponents, old.hint_spec
        )
        return self.settings

    def record(self, session, scores: Optional[list], returns: list) -> None:
        """Add a finished game: each player's score (their share of the win when the
        game keeps none, or the person cannot know it) to their running total."""
        n = session.players
        if len(self.totals) != n:
            self.totals = [0] * n
        known = scores is not None and all(s is not None for s in scores)
        values = scores if known else [0 if r is None else r for r in returns]
        for first in range(n):
            self.totals[first] += values[self.player_seat(first, n)]
        mine = returns[session.seat]
        if mine is not None and all(
            r is not None and r < mine for i, r in enumerate(returns) if i != session.seat
        ):
            self.wins += 1
        self.played += 1

    def more_hands(self) -> bool:
        return self.played < self.hands

    def total_line(self, session, unit: str) -> str:
        """'After 3 hands: you +5 chips · AI 1 -5 chips (you won 2).'"""
        n = session.players
        person = (session.seat - self.shift) % n
        names = ["you" if first == person else f"AI {first}" for first in range(n)]
        totals = " · ".join(
            f"{name} {_signed(total)} {unit}"
            for name, total in zip(names, self.totals, strict=True)
        )
        what = "hand" if self.hands > 1 or session.game.name == "leduc" else "game"
        count = f"{self.played} {what}{'s' if self.played != 1 else ''}"
        return f"After {count}: {totals} (you won {self.wins})."


def _signed(value) -> str:
    text = format_number(value)
    return text if text.startswith("-") or value == 0 else f"+{text}"
