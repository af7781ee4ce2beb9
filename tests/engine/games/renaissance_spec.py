"""Maestro: da Vinci vs Michelangelo ("renaissance"): the numbers the tests expect,
written out from the seed (shared/seeds/maestro-renaissance-main-actions-en.txt) and
the spec (shared/rules/maestro-renaissance.md), each with its citation.

Never read from the engine's tables (components.py, data/core.toml): a wrong number
there must make a test fail, not move the expectation with it.
"""

from __future__ import annotations

# Spec 0 [source: planszeo]: most VP after 4 rounds; the seed's 1 / 1 / 2 / 2 round
# multiplier implies 4 rounds too.
ROUNDS = 4
# [seed] "Multiply by 1 / 1 / 2 / 2 in rounds 1 / 2 / 3 / 4."
UPGRADE_MULTIPLIER = (1, 1, 2, 2)
# 3.3 [assumed]: "Winner scores 3 / 3 / 6 / 6 VP in rounds 1 / 2 / 3 / 4".
PUBLICITY_VP = (3, 3, 6, 6)
# 5.3 [assumed]: a Gossip card "counts x2 for Publicity"; one a round.
GOSSIP_TIMES = 2
# 6 [assumed]: "1 VP per 2 leftover Resources (rounded down)".
RESOURCES_PER_VP = 2

# 1.5 [assumed]: a 12-card deck; 3.1 [assumed]: "draws 8. The owner keeps 5 in hand
# and sets 3 aside"; 3.2 [assumed]: "until both have played all 8 cards (16 turns
# per round)".
DECK = 12
DRAW, HAND, ASIDE = 8, 5, 3
TURNS_PER_ROUND = 16
# 1.3 [assumed]: a face-up Upgrade display of 3; 1.9: 2 Patronesses revealed; 1.7:
# a Study Bonus tile on each of the 6 tiers' middle spaces.
DISPLAY, PATRONESSES, BONUS_TILES = 3, 2, 6
# 1.3 and 2 [assumed]: 16 Artworks a Workshop, 2 in Florence, 2 in supply, 12 in
# reserve; 1.4: 12 Collectors, 3 a Lodge area.
ARTWORKS, START_FLORENCE, START_SUPPLY, START_RESERVE = 16, 2, 2, 12
COLLECTORS = 12
# 1.3 [assumed]: da Vinci's 10 Upgrade markers, Michelangelo's 4 Workshop Upgrade tiles.
MARKERS, UPGRADE_TILES = 10, 4
# 1.7 [assumed]: the Study track's 18 spaces in 6 tiers of 3.
TRACK_LENGTH, TIER_SIZE = 18, 3

# 1.2 [assumed]: the Gallery regions and their colours.
GALLERY_COLOUR = {"SIE": "Y", "BOL": "R", "GEN": "G", "MIL": "R", "MAN": "B", "VEN": "B"}
# 1.8 [assumed]: Blueprint VP; Sistine Chapel tiles score 2 / 3 / 4 by row.
BLUEPRINT_VP = {"FM": 5, "AC": 5, "AF": 5, "IC": 7}
SISTINE_ROW_VP = (2, 3, 4)
# 1.7 [assumed]: the Bonus tiles lie on each tier's middle space, in this order in
# the record's study_tiles; the ones that score are "+2 VP" and "1 VP per Centerpiece
# you hold".
BONUS_SPACES = (2, 5, 8, 11, 14, 17)
BONUS_VP, BONUS_VP_PER_CENTERPIECE = 2, 1
# 1.5 [assumed]: the Upgrade deck (the Reformer counts these in a deck).
UPGRADE_CARDS = frozenset(
    {"A3/2", "A4/1", "A4/2", "A5/1", "A6/0", "AE/1", "B3/2", "B3/3", "B4/1", "B5/1", "B5/2", "BE/1"}
)
# 1.5 [assumed]: "Erudite (Effort = 2 + floor(tiers reached / 2))".
ERUDITE_BASE, ERUDITE_TIERS = 2, 2
# 1.9 [assumed]: Patroness VP for each thing counted, and the Florentine's cap.
PATRONESS_VP = {
    "scholar": 2,
    "curator": 3,
    "florentine": 1,
    "traveller": 2,
    "builder": 3,
    "reformer": 1,
}
FLORENTINE_CAP = 6


def tier(space: int) -> int:
    """1.7: "Tiers reached" = tier of the marker's space (0 on space 0)."""
    return 0 if space == 0 else (space - 1) // TIER_SIZE + 1


def card_publicity(name: str) -> int:
    """1.5: a card is named Character, Effort / Publicity, e.g. A3/1."""
    return int(name.split("/")[1])


def card_effort(name: str, study_space: int) -> int:
    """The Effort in a card's name; an Erudite card's ("E") counts the tiers reached."""
    effort = name.split("/")[0][1:]
    return ERUDITE_BASE + tier(study_space) // ERUDITE_TIERS if effort == "E" else int(effort)
