"""The results of a match as numbers: per-entrant standings, and the ratings table.

Every entrant: its mean return per seat with a 95% (Wilson) interval. For two
entrants: the score of the first against the second with its 95% interval, its Elo
with a 95% interval (cli/match/elo.py), trinomial or pentanomial counts and the SPRT state.
Paired statistics use whole blocks (cli/match/schedule.py: the same seed with the
seats permuted), so the luck of a deal cancels inside each sample. For three or more
entrants: openskill's Plackett-Luce ratings with 95% intervals and a cross table.

In a game of more than two seats an entrant's result is its mean return per seat,
and its score against another entrant in the same game is its share of the two
results, so equal entrants score 0.5 however many seats each held.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Optional

from cli.match.elo import Z95, Moments, estimate, score_interval, signed_elo, sweep_bound
from cli.match.sprt import Sprt
from cli.notation import format_number

# Trinomial and pentanomial counts exist only for games scored 0, 1/2 or 1.
DISCRETE = (0.0, 0.5, 1.0)


def seat_shares(record: dict) -> dict[str, float]:
    """Each entrant's mean return per seat it held in the game (a finished record)."""
    totals: dict[str, list[float]] = {}
    for name, value in zip(record["seats"], record["returns"], strict=False):
        totals.setdefault(name, []).append(value)
    return {name: sum(values) / len(values) for name, values in totals.items()}


def pairwise_score(shares: dict[str, float], first: str, second: str) -> float:
    """`first`'s score against `second` in one game: its share of their results."""
    a, b = shares[first], shares[second]
    return 0.5 if a + b == 0 else a / (a + b)


def has_result(record: dict) -> bool:
    return not record.get("error") and bool(record.get("returns"))


class HeadToHead:
    """Two entrants' results, added a game at a time in any order."""

    def __init__(self, first: str, second: str, block_size: int):
        self.first, self.second, self.block_size = first, second, block_size
        self.games = Moments()
        self.blocks = Moments()
        self.trinomial = [0, 0, 0]  # the first entrant's wins, draws, losses
        self.pentanomial = [0] * 5  # pairs scoring 0, 1/2, 1, 3/2, 2
        self.discrete = True
        self._open: dict[int, list[float]] = {}
        self._broken: set[int] = set()

    @property
    def paired(self) -> bool:
        return self.block_size >= 2

    def add(self, record: dict) -> None:
        block = record["block"]
        if not has_result(record):
            self._broken.add(block)
            self._open.pop(block, None)
            return
        score = pairwise_score(seat_shares(record), self.first, self.second)
        self.games.add(score)
        if score in DISCRETE:
            self.trinomial[2 - DISCRETE.index(score)] += 1
        else:
            self.discrete = False
        if block in self._broken:
            return
        scores = self._open.setdefault(block, [])
        scores.append(score)
        if len(scores) == self.block_size:
            del self._open[block]
            self.blocks.add(sum(scores) / len(scores))
            if self.block_size == 2 and all(s in DISCRETE for s in scores):
                self.pentanomial[round(2 * sum(scores))] += 1

    @property
    def samples(self) -> Moments:
        """What the interval and the SPRT use: whole blocks when games are paired."""
        return self.blocks if self.paired else self.games

    def summary(self, sprt: Optional[Sprt] = None) -> dict:
        est = estimate(self.samples)
        low, high = score_interval(self.games.mean, self.games.n)
        return {
            "entrant": self.first,
            "opponent": self.second,
            "games": self.games.n,
            "points": self.games.total,
            "score": self.games.mean,
            "score_low": low,
            "score_high": high,
            "paired": self.paired,
            "block_size": self.block_size,
            "samples": est.n,
            "sample_score": est.score,
            **_elo_fields(est),
            "los": est.los,
            # A clean sweep (or whitewash): the one-sided Elo bound from the score
            # interval, [">" or "<", elo], where the Elo interval is unbounded.
            "elo_bound": _bound(self.games) if est.n >= 2 else None,
            "trinomial": self.trinomial if self.discrete else None,
            "pentanomial": self.pentanomial
            if self.paired and self.block_size == 2 and self.discrete
            else None,
            "sprt": None if sprt is None else sprt.status(self.samples),
            # The estimate from single games (trinomial when scored 0, 1/2, 1), which
            # ignores the pairing: wider when pairs cancel luck.
            "per_game": _interval(estimate(self.games)),
        }


def _bound(games: Moments) -> Optional[list]:
    bound = sweep_bound(games.mean, games.n)
    return None if bound is None else list(bound)


def _elo_fields(est) -> dict:
    """An estimate's Elo with its 95% interval, as the summary names them."""
    return {"elo": est.elo, "elo_low": est.low, "elo_high": est.high, "elo_margin": est.margin}


def _interval(est) -> dict:
    return {"games": est.n, **_elo_fields(est)}


@dataclass
class Standing:
    name: str
    games: int = 0
    share: float = 0.0  # the sum of mean returns per seat
    forfeits: int = 0

    def to_json(self) -> dict:
        mean = self.share / self.games if self.games else None
        low, high = score_interval(mean, self.games) if self.games else (None, None)
        return {
            "name": self.name,
            "games": self.games,
            "mean_share": mean,
            "share_low": low,
            "share_high": high,
            "forfeits": self.forfeits,
        }


class Tally:
    """Everything the live progress and the final table need, added a game at a time."""

    def __init__(self, names: list[str], block_size: int, sprt: Optional[Sprt] = None):
        self.names = list(names)
        self.sprt = sprt
        self.standings = {name: Standing(name) for name in names}
        self.head_to_head = HeadToHead(names[0], names[1], block_size) if len(names) == 2 else None
        self.records = 0
        self.errors = 0

    def add(self, record: dict) -> None:
        self.records += 1
        if self.head_to_head is not None:
            self.head_to_head.add(record)
        if record.get("forfeit"):
            self.standings[record["forfeit"]["entrant"]].forfeits += 1
        if not has_result(record):
            self.errors += 1
            return
        for name, share in seat_shares(record).items():
            self.standings[name].games += 1
            self.standings[name].share += share

    def sprt_decision(self) -> Optional[str]:
        if self.sprt is None or self.head_to_head is None:
            return None
        return self.sprt.decision(self.sprt.llr(self.head_to_head.samples))

    def standings_text(self) -> str:
        """A short line of the current standings for the progress bar."""
        if self.head_to_head is not None:
            h2h = self.head_to_head
            text = (
                f"{h2h.first} {format_number(h2h.games.total)} - "
                f"{format_number(h2h.games.n - h2h.games.total)} {h2h.second}"
            )
            elo = estimate(h2h.samples).elo
            return text + ("" if elo is None or h2h.samples.n == 0 else f"  Elo {signed_elo(elo)}")
        ranked = sorted(
            self.standings.values(), key=lambda s: -(s.share / s.games if s.games else 0)
        )
        return "  ".join(f"{s.name} {s.share / s.games:.2f}" for s in ranked[:4] if s.games)


def openskill_ratings(records: Iterable[dict], names: list[str], z: float = Z95) -> list[dict]:
    """Plackett-Luce ratings from the games in the given (index) order: each game
    ranks its entrants by their mean return per seat. Sorted best first."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = {name: model.rating(name=name) for name in names}
    for record in records:
        if not has_result(record):
            continue
        shares = seat_shares(record)
        if len(shares) < 2:
            continue
        players = list(shares)
        rated = model.rate(
            [[ratings[name]] for name in players], scores=[shares[name] for name in players]
        )
        for name, team in zip(players, rated, strict=False):
            ratings[name] = team[0]
    table = [
        {
            "name": name,
            "mu": r.mu,
            "sigma": r.sigma,
            "low": r.mu - z * r.sigma,
            "high": r.mu + z * r.sigma,
            "ordinal": r.ordinal(),
        }
        for name, r in ratings.items()
    ]
    return sorted(table, key=lambda row: (-row["mu"], row["name"]))


def crosstable(records: Iterable[dict], names: list[str]) -> dict[str, dict[str, dict]]:
    """table[a][b] = a's points and games against b (pairwise scores, summed)."""
    table = {a: {b: {"points": 0.0, "games": 0} for b in names if b != a} for a in names}
    for record in records:
        if not has_result(record):
            continue
        shares = seat_shares(record)
        for a in shares:
            for b in shares:
                if a != b:
                    table[a][b]["points"] += pairwise_score(shares, a, b)
                    table[a][b]["games"] += 1
    return table


def summarize(
    records: list[dict], names: list[str], block_size: int, sprt: Optional[Sprt] = None
) -> dict:
    """The final numbers of a match from its records (sorted here by game index, so
    the order the games finished in does not matter)."""
    ordered = sorted(records, key=lambda record: record["index"])
    tally = Tally(names, block_size, sprt)
    for record in ordered:
        tally.add(record)
    summary = {
        "games": tally.records,
        "errors": tally.errors,
        "standings": [tally.standings[name].to_json() for name in names],
    }
    if tally.head_to_head is not None:
        summary["head_to_head"] = tally.head_to_head.summary(sprt)
    else:
        summary["openskill"] = openskill_ratings(ordered, names)
        summary["crosstable"] = crosstable(ordered, names)
    return summary
