"""Takt Voll's facts as the tests' own statement of them, written from the seed
(shared/seeds/takt-voll-en.txt) and the spec (shared/rules/takt-voll.md, § and T
numbers), never read from the engine: the deck of each variant, durations and
capacities, the deal, what a bar scores and what cards left in hand cost.

Cards are named as the notation writes them: "clef", "2/4", "bar", "Q", "rQ" (a
rest), "QG4" (a pitched crotchet on G4) and "QG4~" (the same card turned round)."""

from __future__ import annotations

from collections import Counter

# §3 table, from the seed's "distributed equally": 24 bar lines shared by n seats.
BAR_LINES_DEALT = {3: 8, 4: 6, 5: 4, 6: 4, 7: 3, 8: 3}
STARTING_CARDS = 5  # seed: "each player receives 5 cards"
# §2 [derived]: note and rest lengths in sixteenths; a bar's length by its signature.
DURATION = {"W": 16, "H": 8, "Q": 4, "E": 2, "S": 1}
CAPACITY = {"1/4": 4, "2/4": 8, "3/4": 12, "4/4": 16}
# §2.1 [assumed T3]: staff positions -1..9 under a treble clef, bottom line E4 = 0.
STAFF = ["D4", "E4", "F4", "G4", "A4", "B4", "C5", "D5", "E5", "F5", "G5"]
MIDDLE_LINE_TWICE = 8  # §2.1: turned round, y reads 8 - y
PURE_INTERVALS = {0, 3, 4, 7}  # §9 Variant 2: prime, 4th, 5th, octave


def parts(variant: str) -> set[str]:
    return set(variant.split("+"))


def deck_of(variant: str) -> Counter:
    """§2: 4 clefs, 1/4 2/4 3/4 4/4, 24 bar lines, 11 notes of each value, 4 rests
    (whole, half, quarter, eighth [assumed T2]). Pitch variants give each value one
    card per staff position (T3); Tip 1 drops the rests; no-14 drops the 1/4 and a
    clef (T16)."""
    named = parts(variant)
    no_14 = "no-14" in named
    deck = Counter({"clef": 4 - no_14, "bar": 24})
    deck.update(ts for ts in CAPACITY if not (no_14 and ts == "1/4"))
    for value in DURATION:
        if named & {"variant1", "variant2"}:
            deck.update(value + pitch for pitch in STAFF)
        else:
            deck[value] = 11
    if "no-rests" not in named:
        deck.update(["rW", "rH", "rQ", "rE"])
    return deck


def plain(name: str) -> str:
    """The card's name without the turned-round mark."""
    return name.rstrip("~")


def length(name: str) -> int:
    """A note's or rest's duration in sixteenths."""
    return DURATION[plain(name).lstrip("r")[0]]


def staff_position(name: str):
    """The staff position a played note reads at (§2.1, T4), or None (any other
    card: a rest, an unpitched note of the basic game, a clef, ...)."""
    card = plain(name)
    if card[0] not in DURATION or len(card) == 1:
        return None
    y = STAFF.index(card[1:]) - 1
    return MIDDLE_LINE_TWICE - y if name.endswith("~") else y


def open_bar(row: list[str]) -> tuple[int, int]:
    """(sixteenths, cards) of the notes and rests after the row's last bar line."""
    fill = count = 0
    for name in row[2:]:
        if name == "bar":
            fill = count = 0
        else:
            fill, count = fill + length(name), count + 1
    return fill, count


def bar_is_full(row: list[str]) -> bool:
    """§5.1: a bar line may close it (exactly full, at least one card)."""
    fill, count = open_bar(row)
    return len(row) > 1 and count > 0 and fill == CAPACITY[row[1]]


def bar_points(variant: str, row: list[str]) -> int:
    """§6, T1: a closed bar scores its note and rest cards; the score-beats and
    score-units16 readings score its crotchet beats or its sixteenths."""
    named = parts(variant)
    if "score-beats" in named:
        return CAPACITY[row[1]] // DURATION["Q"]
    if "score-units16" in named:
        return CAPACITY[row[1]]
    return open_bar(row)[1]


def final_score(points: int, hand: list[str]) -> int:
    """Seed, "Minus/Penalty Points": 1 point a card left in hand, 2 a bar line."""
    return points - sum(2 if card == "bar" else 1 for card in hand)


def win_shares(scores: list[int]) -> list[float]:
    """Seed: the most points wins; a tie shares the win [assumed T18]."""
    best = max(scores)
    return [1.0 / scores.count(best) if s == best else 0.0 for s in scores]
