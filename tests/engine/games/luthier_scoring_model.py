"""A second, independent statement of Luthier's final scoring (spec 5.2, 5.3), for the
tests: written from the rules text, not from reference_scoring.py, and reading the
state's JSON dict only.

Every rule number is written here with its source. The seed gives no card faces
beyond a few examples, so the per-card numbers the engine uses are placeholders
(data/*.json, [assumed]); they are copied here by hand, so that a change to a table,
to the loader or to both implementations shows up as a disagreement. Card ids are
turned into names with the tables' name lists only. Patron types and eras (card faces
that no scoring number depends on) are read from data/patrons.json directly.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path

from engine.games.luthier import tables as T

TB = T.load_tables()  # for id -> name only
INSTR, PERF, REPAIR = 0, 1, 2  # token kinds, codec order

# Seed 「ゲーム終了時のスコアリングの例」: 6 First Chairs in a 4-player game = 13 PP. The rest
# of the table is the spec's placeholder (7.2): 1->1, 2->3, 3->5, 4->8, 5->10, 6->13,
# 7->16, then +3 a chair.
CHAIR_PP = [0, 1, 3, 5, 8, 10, 13, 16]
CHAIR_PP_BEYOND = 3

# Instrument PP: Violin 2 [seed], Viola 3 [seed-ex]; the rest data/instruments.json [assumed].
INSTRUMENT_PP = {
    "Violin": 2,
    "Viola": 3,
    "Cello": 4,
    "Contrabass": 5,
    "Harp": 6,
    "Viola da gamba": 5,
    "Flute": 3,
    "Oboe": 3,
    "Clarinet": 4,
    "Natural trumpet": 4,
    "Bassoon": 5,
    "French horn": 5,
    "Serpent": 6,
    "Harpsichord": 5,
    "Timpani": 4,
    "Fortepiano": 6,
    "Organ": 7,
    "Celesta": 7,
}

# The orchestra: rows are instrument types, columns eras (B/C/R); a two-era space lists
# both; rare spaces have no era (spec 2.4, 4.7). Layout: data/orchestra.json [assumed].
ORCHESTRA = {
    "string": {
        "Violin I": "B",
        "Violin II": "R",
        "Viola": "C",
        "Cello": "BC",
        "Contrabass": "R",
        "Rare strings": "",
    },
    "wind": {
        "Flute": "B",
        "Oboe": "BC",
        "Clarinet": "C",
        "Natural trumpet": "B",
        "Bassoon": "R",
        "French horn": "R",
        "Rare winds": "",
    },
    "keyboard": {
        "Harpsichord": "B",
        "Organ": "BC",
        "Fortepiano": "CR",
        "Timpani": "R",
        "Rare keyboards": "",
    },
}
SPACE_ROW = {space: row for row, spaces in ORCHESTRA.items() for space in spaces}
SPACE_ERAS = {space: eras for spaces in ORCHESTRA.values() for space, eras in spaces.items()}

# Where a track counts as completed (spec 4.8): performance and craft at step 6;
# reputation at h (7), where the marker rests after reaching i.
TRACK_END = (6, 6, 7)


class Seat:
    """What one seat has at the end, in the names of the rules."""

    def __init__(self, d: dict, p: int):
        self.d, self.p, self.pl = d, p, d["players"][p]
        self.done = [TB.patron_name[c] for c in self.pl["done"] if c >= 0]

    def tokens(self, kind, where=lambda space: True) -> int:
        return sum(
            self.d["tokens"][s][self.p][kind]
            for s, space in enumerate(TB.space_name)
            if where(space)
        )

    def in_row(self, kind, row) -> int:
        return self.tokens(kind, lambda space: SPACE_ROW[space] == row)

    def rows_with(self, kind) -> int:
        return sum(1 for row in ORCHESTRA if self.in_row(kind, row))

    def in_era(self, kind, era) -> int:
        """Tokens in an era's column; a two-era space counts for either (spec 5.4)."""
        return self.tokens(kind, lambda space: era in SPACE_ERAS[space])

    def eras_covered(self, kind) -> int:
        """Distinct eras the tokens can stand for, each token for one era of its space
        (spec 5.4): the best of every way of picking. Three tokens of one kind of
        space are as good as more, so no more are tried."""
        choices = []
        for s, space in enumerate(TB.space_name):
            if SPACE_ERAS[space]:
                choices += [SPACE_ERAS[space]] * min(3, self.d["tokens"][s][self.p][kind])
        return max((len(set(pick)) for pick in itertools.product(*choices)), default=0)

    def chairs_in_row(self, row) -> int:
        """First Chairs held in a row: each ordinary space whose chair is the seat's,
        and every instrument token on the row's rare space (spec 4.7 rule 5)."""
        total = 0
        for s, space in enumerate(TB.space_name):
            if SPACE_ROW[space] != row:
                continue
            if SPACE_ERAS[space]:
                total += self.d["chair_owner"][s] == self.p
            else:
                total += self.d["tokens"][s][self.p][INSTR]
        return total

    def patrons(self, key, value) -> int:
        return sum(1 for name in self.done if PATRON_FACES[name][key] == value)

    def specialists(self) -> int:
        return sum(1 for s in self.pl["spec"] if s >= 0)

    def awards(self) -> int:
        return sum(1 for row in self.d["claims"] for owner in row if owner == self.p)

    def tracks_completed(self) -> int:
        return sum(
            1 for track, end in zip(self.pl["track"], TRACK_END, strict=False) if track >= end
        )


def _patron_faces() -> dict:
    path = Path(T.__file__).parent / "data" / "patrons.json"
    return {
        c["name"]: {"type": c["type"], "era": c["era"]}
        for c in json.loads(path.read_text())["cards"]
    }


PATRON_FACES = _patron_faces()

# Personal goals G1-G18: the criteria are the seed's 「目標」 list; the levels (at least
# this many -> PP) are data/goals.json [assumed]. Only the highest level reached scores.
STRINGS_3 = [(1, 2), (2, 4), (3, 7)]
TOKENS_3 = [(1, 2), (2, 4), (3, 6)]
DIFFERENT = [(2, 3), (3, 6)]
GOALS = {
    "G1": (lambda s: s.in_row(INSTR, "string"), STRINGS_3),
    "G2": (lambda s: s.in_row(INSTR, "wind"), STRINGS_3),
    "G3": (lambda s: s.in_row(INSTR, "keyboard"), STRINGS_3),
    "G4": (lambda s: s.rows_with(INSTR), DIFFERENT),
    "G5": (lambda s: s.in_era(PERF, "R"), TOKENS_3),
    "G6": (lambda s: s.in_era(PERF, "C"), TOKENS_3),
    "G7": (lambda s: s.in_era(PERF, "B"), TOKENS_3),
    "G8": (lambda s: s.in_row(REPAIR, "string"), TOKENS_3),
    "G9": (lambda s: s.in_row(REPAIR, "wind"), TOKENS_3),
    "G10": (lambda s: s.in_row(REPAIR, "keyboard"), TOKENS_3),
    "G11": (lambda s: s.patrons("type", "performer"), [(1, 3), (2, 6)]),
    "G12": (lambda s: s.patrons("type", "composer"), [(1, 3), (2, 6)]),
    "G13": (lambda s: s.patrons("type", "noble"), [(1, 4), (2, 8)]),
    "G14": (lambda s: len({PATRON_FACES[name]["era"] for name in s.done}), DIFFERENT),
    "G15": (lambda s: s.eras_covered(INSTR), DIFFERENT),
    "G16": (lambda s: s.chairs_in_row("string"), STRINGS_3),
    "G17": (lambda s: s.chairs_in_row("wind"), STRINGS_3),
    "G18": (lambda s: s.chairs_in_row("keyboard"), STRINGS_3),
}

# Completed patron (B) end-game abilities (seed 4.6.1: performance / repair tokens,
# specialists, tracks, awards, completed instruments or patrons, extra First Chairs);
# which card has which: data/patrons.json [assumed]. (count, per, PP): PP per `per`.
PERF_TOKENS = (lambda s: s.tokens(PERF), 1, 1)
REPAIR_TOKENS = (lambda s: s.tokens(REPAIR), 1, 1)
SPECIALISTS = (Seat.specialists, 1, 2)
PATRONS = (lambda s: len(s.done), 1, 2)
INSTRUMENTS = (lambda s: s.tokens(INSTR), 2, 2)
END_ABILITIES = {
    "Jean-Marie Leclair": PERF_TOKENS,
    "Francesco Geminiani": PERF_TOKENS,
    "Rodolphe Kreutzer": PERF_TOKENS,
    "Muzio Clementi": PERF_TOKENS,
    "Jenny Lind": PERF_TOKENS,
    "Joseph Joachim": PERF_TOKENS,
    "Henry Purcell": REPAIR_TOKENS,
    "Pyotr Ilyich Tchaikovsky": REPAIR_TOKENS,
    "Jean-Philippe Rameau": SPECIALISTS,
    "Johannes Brahms": SPECIALISTS,
    "Christoph Willibald Gluck": (Seat.tracks_completed, 1, 3),
    "Ludwig van Beethoven": (Seat.awards, 1, 2),
    "Count Andrey Razumovsky": PATRONS,
    "Marquis Francesco Ruspoli": PATRONS,
    "Prince Nikolai Galitzin": INSTRUMENTS,
    "Princess Caroline Wittgenstein": INSTRUMENTS,
}
EXTRA_CHAIRS = {"Baron Gottfried van Swieten": 1, "Count Ferdinand Waldstein": 2}

LEFTOVER_PER_PP = 10  # seed: 「10ごとに1名声」, the rest kept as coins


def chair_pp(chairs: int) -> int:
    if chairs < len(CHAIR_PP):
        return CHAIR_PP[chairs]
    return CHAIR_PP[-1] + (chairs - len(CHAIR_PP) + 1) * CHAIR_PP_BEYOND


def goal_pp(seat: Seat) -> int:
    """Each kept goal (goal_mask) scores its highest level reached (seed 「個人目標」)."""
    total = 0
    for j, g in enumerate(seat.pl["goals"]):
        if g >= 0 and seat.pl["goal_mask"] >> j & 1:
            count, levels = GOALS[TB.goal_name[g]]
            total += max((pp for at, pp in levels if count(seat) >= at), default=0)
    return total


def leftovers(pl: dict) -> int:
    """Unused inspiration, coins, materials and apprentices (seed 5.2 step 6)."""
    return pl["insp"] + pl["coins"] + sum(pl["mat"]) + pl["appr"]


def end_game_pp(d: dict, p: int) -> int:
    """The PP seat `p` gains at the end of round 6 (spec 5.2, steps 1-6)."""
    seat = Seat(d, p)
    chairs = sum(seat.chairs_in_row(row) for row in ORCHESTRA)
    chairs += sum(EXTRA_CHAIRS.get(name, 0) for name in seat.done)
    pp = chair_pp(chairs)
    for name in seat.done:
        if name in END_ABILITIES:
            count, per, each = END_ABILITIES[name]
            pp += count(seat) // per * each
    # finishing bench: half the instrument's PP, rounded up (seed: Viola 3 -> 2)
    pp += sum(-(-INSTRUMENT_PP[TB.kind_name[k]] // 2) for k in seat.pl["finish"] if k >= 0)
    pp += goal_pp(seat)
    pp += seat.specialists()  # 1 PP a specialist card (seed)
    return pp + leftovers(seat.pl) // LEFTOVER_PER_PP


def final_coins(d: dict, p: int) -> int:
    return leftovers(d["players"][p]) % LEFTOVER_PER_PP


def shares(final_pp: list[int], coins: list[int]) -> list[float]:
    """Seed 5.3: most PP wins; a tie goes to the most coins left after the conversion;
    still tied, the winners share."""
    best = max(zip(final_pp, coins, strict=False))
    winners = [key == best for key in zip(final_pp, coins, strict=False)]
    return [1.0 / sum(winners) if w else 0.0 for w in winners]
