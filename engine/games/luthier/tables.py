"""Luthier's fixed vocabulary and component data.

The enums (materials, types, eras, locations, ...) and the size limits of the state are
defined here once for the Python side; state.pxd repeats them for C and a test checks
that the two agree. `load_tables()` reads the JSON files in data/ into plain lists of
ints (the form both the reference and the compiled state's C arrays use), checking
every record so that a broken data file is reported by name instead of corrupting a
game.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources

from engine.games.luthier.layout import (  # noqa: F401 (the other modules read them here)
    DUMMY,
    LP,
    MAX_AWARDS,
    MAX_BOTTOM,
    MAX_DONE,
    MAX_FAMILY,
    MAX_GOALS,
    MAX_KINDS,
    MAX_MARKET,
    MAX_ORCH,
    MAX_PATRONS,
    MAX_PERF,
    MAX_PLACED,
    MAX_REPAIR,
    MAX_SLOTS,
    MAX_SPACES,
    MAX_SPECS,
    MAX_TASKS,
    OWNERS,
)
from engine.validate import is_int

# ---- size limits of the state (their one home: layout.pxd) -------------------------------
MAX_PLAYERS = LP  # seats
MAX_VALUE = 30000  # any counter

# Global card ids (chance outcomes and tucked cards): one block per component kind.
G_INSTR = 0
G_PATRON = G_INSTR + MAX_KINDS
G_PERF = G_PATRON + MAX_PATRONS
G_REPAIR = G_PERF + MAX_PERF
G_MARKET = G_REPAIR + MAX_REPAIR
G_AWARD = G_MARKET + MAX_MARKET
G_GOAL = G_AWARD + MAX_AWARDS
G_FAMILY = G_GOAL + MAX_GOALS
G_SPEC = G_FAMILY + MAX_FAMILY
G_ORCH = G_SPEC + MAX_SPECS
NUM_GLOBAL = G_ORCH + MAX_ORCH

# ---- enums -------------------------------------------------------------------------
MATERIALS = ("animal", "wood", "metal")
TYPES = ("string", "wind", "keyboard")
ERAS = ("baroque", "classical", "romantic")
PATRON_TYPES = ("performer", "composer", "noble", "royal")
PATRON_DECKS = ("A", "B", "royal")
ROYAL = 3  # the royal patron type
DECK_A, DECK_B, DECK_ROYAL = 0, 1, 2
# Bundle slots: what a gift, bonus or reward gives. "material" is one of choice and
# "draw" is the top instrument card of the deck, both resolved as decisions/chance.
BUNDLE_KEYS = (
    "coins",
    "inspiration",
    "animal",
    "wood",
    "metal",
    "material",
    "apprentice",
    "pp",
    "draw",
)
B_COINS, B_INSP, B_ANIMAL, B_WOOD, B_METAL, B_MATERIAL, B_APPR, B_PP, B_DRAW = range(9)
NB = len(BUNDLE_KEYS)
LOCATIONS = ("salon", "guild", "performance", "repair", "balcony", "roughing", "finishing")
SALON, GUILD, PERFORM, REPAIR, BALCONY, ROUGH, FINISH = range(7)
NUM_LOCATIONS = 7
CARD_LOCATIONS = 4  # salon, guild, performance, repair show cards
TRACKS = ("performance", "craft", "reputation")
T_PERF, T_CRAFT, T_REP = range(3)
SPEC_DECKS = TRACKS  # a track's specialist deck has the track's index
TOKEN_KINDS = ("instrument", "performance", "repair")
K_INSTR, K_PERF, K_REPAIR = range(3)
MARKERS = ("royal", "purple", "storage")
M_ROYAL, M_PURPLE, M_STORAGE = range(3)
LEVELS = ("left", "middle", "right")

ABILITIES = (
    "none",
    "perform_bonus",
    "extra_reroll",
    "rough_discount",
    "finish_discount",
    "repair_discount",
    "round_start",
    "end",
    "extra_chairs",
)
(
    AB_NONE,
    AB_PERFORM_BONUS,
    AB_EXTRA_REROLL,
    AB_ROUGH_DISCOUNT,
    AB_FINISH_DISCOUNT,
    AB_REPAIR_DISCOUNT,
    AB_ROUND_START,
    AB_END,
    AB_EXTRA_CHAIRS,
) = range(9)

# Criteria of awards, goals and end-game abilities; those marked "of" take an era,
# type or patron type argument.
CRITERIA = (
    "patrons_era",
    "patron_types",
    "specialists",
    "repair_tokens",
    "repair_rows",
    "performance_tokens",
    "performance_eras",
    "rare_instruments",
    "instruments",
    "chair_rows",
    "instrument_tokens_era",
    "instruments_type",
    "instrument_types",
    "performance_tokens_era",
    "repair_tokens_row",
    "patrons_type",
    "patron_eras",
    "instrument_token_eras",
    "chairs_row",
    "tracks_completed",
    "awards",
    "patrons_completed",
)
(
    CR_PATRONS_ERA,
    CR_PATRON_TYPES,
    CR_SPECIALISTS,
    CR_REPAIR_TOKENS,
    CR_REPAIR_ROWS,
    CR_PERF_TOKENS,
    CR_PERF_ERAS,
    CR_RARE,
    CR_INSTRUMENTS,
    CR_CHAIR_ROWS,
    CR_INSTR_TOKENS_ERA,
    CR_INSTR_TYPE,
    CR_INSTR_TYPES,
    CR_PERF_TOKENS_ERA,
    CR_REPAIR_TOKENS_ROW,
    CR_PATRONS_TYPE,
    CR_PATRON_ERAS,
    CR_INSTR_TOKEN_ERAS,
    CR_CHAIRS_ROW,
    CR_TRACKS,
    CR_AWARDS,
    CR_PATRONS,
) = range(22)
CRITERION_ARGUMENT = {  # what "of" names for the criteria that take one
    CR_PATRONS_ERA: ERAS,
    CR_INSTR_TOKENS_ERA: ERAS,
    CR_PERF_TOKENS_ERA: ERAS,
    CR_INSTR_TYPE: TYPES,
    CR_REPAIR_TOKENS_ROW: TYPES,
    CR_CHAIRS_ROW: TYPES,
    CR_PATRONS_TYPE: PATRON_TYPES,
}

# What a track step gives (rules.json "tracks").
TRACK_EFFECTS = (
    "start",
    "reroll",
    "black_die",
    "specialist",
    "final",
    "rough_twice",
    "bench_skill",
    "finish_twice",
    "apprentice",
    "draw_three_keep_one",
    "tier_2_free",
    "tier_3_free",
    "instrument_pp",
    "award_claim",
)
(
    TE_START,
    TE_REROLL,
    TE_BLACK,
    TE_SPECIALIST,
    TE_FINAL,
    TE_ROUGH2,
    TE_BENCH_SKILL,
    TE_FINISH2,
    TE_APPRENTICE,
    TE_DRAW3,
    TE_TIER2,
    TE_TIER3,
    TE_INSTR_PP,
    TE_CLAIM,
) = range(14)
MAX_TRACK_STEPS = 8  # positions 0..7

FAMILY_ABILITIES = (
    "none",
    "performance_track",
    "craft_track",
    "reputation_track",
    "draw_instrument",
    "apprentice",
)
FA_NONE, FA_PERF, FA_CRAFT, FA_REP, FA_DRAW, FA_APPR = range(6)

VARIANT_FLAGS = {"bonus_after_fallback": 1, "train_to_final": 2}


class DataError(ValueError):
    """A data file that does not describe valid Luthier components."""


@dataclass
class Tables:
    """Every component as lists of ints, indexed by id. Names are for notation."""

    kind_name: list = field(default_factory=list)
    kind_type: list = field(default_factory=list)
    kind_rare: list = field(default_factory=list)
    kind_copies: list = field(default_factory=list)
    kind_rough: list = field(default_factory=list)  # [kind][material]
    kind_finish: list = field(default_factory=list)
    kind_pp: list = field(default_factory=list)
    kind_spaces: list = field(default_factory=list)  # [kind][2], -1 padded
    space_name: list = field(default_factory=list)
    space_row: list = field(default_factory=list)
    space_eras: list = field(default_factory=list)  # bit mask over ERAS
    space_rare: list = field(default_factory=list)
    space_bonus: list = field(default_factory=list)  # [space][NB]
    patron_name: list = field(default_factory=list)
    patron_deck: list = field(default_factory=list)
    patron_type: list = field(default_factory=list)
    patron_era: list = field(default_factory=list)
    patron_main: list = field(default_factory=list)
    patron_subs: list = field(default_factory=list)  # [patron][2], -1 padded
    patron_pp: list = field(default_factory=list)
    patron_gifts: list = field(default_factory=list)  # [patron][2][NB]
    patron_ability: list = field(default_factory=list)  # AB_*
    patron_ab_value: list = field(default_factory=list)  # perform bonus, rerolls, discount, chairs
    patron_ab_bundle: list = field(default_factory=list)  # round-start bundle [NB]
    patron_ab_count: list = field(default_factory=list)  # end-game criterion
    patron_ab_per: list = field(default_factory=list)
    patron_ab_pp: list = field(default_factory=list)
    perf_name: list = field(default_factory=list)
    perf_era: list = field(default_factory=list)
    perf_at: list = field(default_factory=list)  # [card][3] thresholds
    perf_coins: list = field(default_factory=list)
    perf_pp: list = field(default_factory=list)
    repair_name: list = field(default_factory=list)
    repair_type: list = field(default_factory=list)
    repair_cost: list = field(default_factory=list)  # [card][material]
    repair_pp: list = field(default_factory=list)
    market_name: list = field(default_factory=list)
    market_price: list = field(default_factory=list)  # [card][material]
    market_first: int = 0
    award_name: list = field(default_factory=list)
    award_crit: list = field(default_factory=list)
    award_arg: list = field(default_factory=list)
    award_at: list = field(default_factory=list)  # [tile][3]
    award_pp: list = field(default_factory=list)
    goal_name: list = field(default_factory=list)
    goal_crit: list = field(default_factory=list)
    goal_arg: list = field(default_factory=list)
    goal_levels: list = field(default_factory=list)  # how many of the 3 are used
    goal_at: list = field(default_factory=list)
    goal_pp: list = field(default_factory=list)
    family_name: list = field(default_factory=list)
    family_order: list = field(default_factory=list)
    family_res: list = field(default_factory=list)  # [tile][NB]
    family_ability: list = field(default_factory=list)
    spec_name: list = field(default_factory=list)
    spec_deck: list = field(default_factory=list)
    spec_loc: list = field(default_factory=list)
    spec_gain: list = field(default_factory=list)  # [card][NB]
    orch_name: list = field(default_factory=list)
    orch_space: list = field(default_factory=list)  # [card][4], -1 padded
    orch_kind: list = field(default_factory=list)
    orch_blocked: list = field(default_factory=list)  # [card][3] level per award slot
    # rules
    rounds: int = 6
    patience_leave: int = 3
    space_bonus_patron: list = field(default_factory=list)  # [3][NB]
    storage: int = 9
    extra_storage: int = 3
    apprentice_cap: int = 3
    tier_cost: list = field(default_factory=list)
    tier_free_rep: list = field(default_factory=list)  # reputation reaching tier II / III
    track_effect: list = field(default_factory=list)  # [track][step] TE_*, padded with TE_START
    track_len: list = field(default_factory=list)  # last position of each track
    perf_rerolls: list = field(default_factory=list)  # [position]: rerolls a performance
    perf_black: list = field(default_factory=list)  # [position]: white dice turned black
    craft_skill: list = field(default_factory=list)  # [position]: skill at the benches
    craft_rough2: list = field(default_factory=list)  # [position]: roughs two at once
    craft_finish2: list = field(default_factory=list)  # [position]: finishes two at once
    rep_instrument_pp: int = 5  # position from which finishing pays more
    search_cost: int = 10
    market_apprentice: int = 4
    market_training: int = 15
    fallback_coins: int = 2
    below_coins: int = 2
    below_insp: int = 1
    abandon_penalty: int = 3
    leftover_divisor: int = 10
    bonus_main: int = 4
    bonus_rough_insp: int = 3
    bonus_rough_discount: int = 5
    bonus_finish_discount: int = 4
    bonus_finish_double: int = 6
    rough_bonus_insp: int = 2
    alt: list = field(
        default_factory=list
    )  # [6][NB]: salon, guild, perf, repair, balcony, balcony2
    rep_f_pp: int = 2
    track_final_pp: int = 2
    rep_i_pp: int = 2
    white: list = field(default_factory=list)
    black: list = field(default_factory=list)
    purple: list = field(default_factory=list)  # [6][NB]
    chair_points: list = field(default_factory=list)
    chair_beyond: int = 3
    slot_tier: list = field(default_factory=list)  # [MAX_SLOTS], 0 = unused
    slot_players: list = field(default_factory=list)
    covered_two: list = field(default_factory=list)  # [CARD_LOCATIONS] bit mask of slots
    variants: dict = field(default_factory=dict)  # name -> flag bits

    @property
    def n_kinds(self):
        return len(self.kind_name)

    @property
    def n_spaces(self):
        return len(self.space_name)

    @property
    def n_patrons(self):
        return len(self.patron_name)

    @property
    def n_perf(self):
        return len(self.perf_name)

    @property
    def n_repair(self):
        return len(self.repair_name)

    @property
    def n_market(self):
        return len(self.market_name)

    @property
    def n_awards(self):
        return len(self.award_name)

    @property
    def n_goals(self):
        return len(self.goal_name)

    @property
    def n_family(self):
        return len(self.family_name)

    @property
    def n_specs(self):
        return len(self.spec_name)

    @property
    def n_orch(self):
        return len(self.orch_name)

    def card_blocks(self) -> list[tuple[int, list]]:
        """(first global card id, names) of every kind of card, in id order."""
        return [
            (G_INSTR, self.kind_name),
            (G_PATRON, self.patron_name),
            (G_PERF, self.perf_name),
            (G_REPAIR, self.repair_name),
            (G_MARKET, self.market_name),
            (G_AWARD, self.award_name),
            (G_GOAL, self.goal_name),
            (G_FAMILY, self.family_name),
            (G_SPEC, self.spec_name),
            (G_ORCH, self.orch_name),
        ]

    def card_name(self, g: int) -> str:
        """The name of a card by its global id."""
        for base, names in reversed(self.card_blocks()):
            if g >= base:
                return names[g - base]
        raise IndexError(f"no card has global id {g}")

    def slots_used(self, location: int, players: int) -> list[int]:
        """The display slots of a card location in use at this player count."""
        covered = self.covered_two[location] if players == 2 else 0
        return [
            s
            for s in range(MAX_SLOTS)
            if self.slot_tier[s] and self.slot_players[s] <= players and not covered >> s & 1
        ]


# ---- reading ------------------------------------------------------------------------


def _read(name: str) -> dict:
    try:
        text = resources.files("engine.games.luthier.data").joinpath(name).read_text("utf-8")
        return json.loads(text)
    except (OSError, ValueError) as exc:
        raise DataError(f"luthier data file {name}: {exc}") from None


def _index(value, names, where: str) -> int:
    if value not in names:
        raise DataError(f"{where}: {value!r} is not one of {', '.join(map(str, names))}")
    return names.index(value)


def _count(value, where: str, lo: int = 0, hi: int = 99) -> int:
    if not is_int(value) or not lo <= value <= hi:
        raise DataError(f"{where}: expected an integer in {lo}..{hi}, got {value!r}")
    return value


def bundle(spec, where: str) -> list[int]:
    """A bundle dict such as {"coins": 2, "wood": 1} as NB counts."""
    if not isinstance(spec, dict):
        raise DataError(f"{where}: a bundle is an object of {', '.join(BUNDLE_KEYS)}")
    out = [0] * NB
    for key, amount in spec.items():
        out[_index(key, BUNDLE_KEYS, where)] = _count(amount, f"{where}.{key}")
    return out


def materials(spec, where: str) -> list[int]:
    counts = bundle(spec, where)
    if any(counts[i] for i in range(NB) if i not in (B_ANIMAL, B_WOOD, B_METAL)):
        raise DataError(f"{where}: only animal, wood and metal are allowed")
    return counts[B_ANIMAL : B_METAL + 1]


def _records(data: dict, key: str, file: str, limit: int) -> list:
    records = data.get(key)
    if not isinstance(records, list) or not records:
        raise DataError(f"{file}: needs a non-empty list {key!r}")
    if len(records) > limit:
        raise DataError(f"{file}: {len(records)} records, at most {limit} fit the state")
    names = [r.get("name") for r in records]
    if len(set(names)) != len(names) or not all(isinstance(n, str) and n for n in names):
        raise DataError(f"{file}: every record needs a unique non-empty name")
    return records


def _levels(levels, where: str, exact: bool) -> tuple[list, list]:
    if not isinstance(levels, list) or not 1 <= len(levels) <= 3 or (exact and len(levels) != 3):
        raise DataError(f"{where}: needs {'3' if exact else '1 to 3'} levels")
    at = [_count(lv.get("at"), f"{where}.at", 0, 60) for lv in levels]
    pp = [_count(lv.get("pp"), f"{where}.pp", 0, 60) for lv in levels]
    if at != sorted(at) or len(set(at)) != len(at):
        raise DataError(f"{where}: level thresholds must increase")
    return at + [0] * (3 - len(at)), pp + [0] * (3 - len(pp))


def _criterion(record: dict, where: str) -> tuple[int, int]:
    crit = _index(record.get("criterion"), CRITERIA, f"{where}.criterion")
    arg = 0
    if crit in CRITERION_ARGUMENT:
        arg = _index(record.get("of"), CRITERION_ARGUMENT[crit], f"{where}.of")
    return crit, arg


def _value(rules: dict, key: str):
    if key not in rules or "value" not in rules[key]:
        raise DataError(f"rules.json: missing {key!r}")
    return rules[key]["value"]


@lru_cache(maxsize=1)
def load_tables() -> Tables:
    """The component data, read once per process."""
    t = Tables()
    _read_instruments(t)
    _read_patrons(t)
    _read_cards(t)
    _read_tiles(t)
    _read_specialists(t)
    _read_orchestra_setup(t)
    _read_rules(t, _read("rules.json"))
    return t


def _read_instruments(t: Tables) -> None:
    """Instrument kinds and the orchestra spaces they go to."""
    inst = _records(_read("instruments.json"), "cards", "instruments.json", MAX_KINDS)
    orch = _records(_read("orchestra.json"), "spaces", "orchestra.json", MAX_SPACES)
    kind_names = [r["name"] for r in inst]
    for r in inst:
        w = f"instruments.json {r['name']}"
        t.kind_name.append(r["name"])
        t.kind_type.append(_index(r.get("type"), TYPES, w + ".type"))
        t.kind_rare.append(1 if r.get("rare") else 0)
        t.kind_copies.append(_count(r.get("copies"), w + ".copies", 1, 8))
        t.kind_rough.append(materials(r.get("rough", {}), w + ".rough"))
        t.kind_finish.append(materials(r.get("finish", {}), w + ".finish"))
        t.kind_pp.append(_count(r.get("pp"), w + ".pp", 0, 30))
        t.kind_spaces.append([])
    for s, r in enumerate(orch):
        w = f"orchestra.json {r['name']}"
        t.space_name.append(r["name"])
        t.space_row.append(_index(r.get("row"), TYPES, w + ".row"))
        rare = 1 if r.get("rare") else 0
        t.space_rare.append(rare)
        eras = [_index(e, ERAS, w + ".eras") for e in r.get("eras", [])]
        if rare == bool(eras):
            raise DataError(f"{w}: a rare space has no era, every other space one or two")
        t.space_eras.append(sum(1 << e for e in set(eras)))
        t.space_bonus.append(bundle(r.get("bonus", {}), w + ".bonus"))
        for name in r.get("instruments", []):
            k = _index(name, kind_names, w + ".instruments")
            if t.kind_rare[k] != rare or t.kind_type[k] != t.space_row[s]:
                raise DataError(f"{w}: {name} does not belong in this row/kind of space")
            t.kind_spaces[k].append(s)
    for k, spaces in enumerate(t.kind_spaces):
        if not 1 <= len(spaces) <= 2:
            raise DataError(f"instrument {t.kind_name[k]} needs one or two orchestra spaces")
        t.kind_spaces[k] = spaces + [-1] * (2 - len(spaces))


def _read_patrons(t: Tables) -> None:
    """Patrons: requirements, gifts, abilities."""
    for r in _records(_read("patrons.json"), "cards", "patrons.json", MAX_PATRONS):
        w = f"patrons.json {r['name']}"
        deck = _index(r.get("deck"), PATRON_DECKS, w + ".deck")
        ptype = _index(r.get("type"), PATRON_TYPES, w + ".type")
        subs = [_index(x, TYPES, w + ".subs") for x in r.get("subs", [])]
        if len(subs) != (0, 1, 2, 0)[ptype] or (ptype == ROYAL) != (deck == DECK_ROYAL):
            raise DataError(
                f"{w}: a performer or royal has no sub-requirement, a composer one, "
                f"a noble two, and royals are exactly the royal deck"
            )
        gifts = r.get("gifts")
        if not isinstance(gifts, list) or len(gifts) != 2:
            raise DataError(f"{w}: needs two gifts (the patience row)")
        t.patron_name.append(r["name"])
        t.patron_deck.append(deck)
        t.patron_type.append(ptype)
        t.patron_era.append(_index(r.get("era"), ERAS, w + ".era"))
        t.patron_main.append(_index(r.get("main"), TYPES, w + ".main"))
        t.patron_subs.append(subs + [-1] * (2 - len(subs)))
        t.patron_pp.append(_count(r.get("pp"), w + ".pp", 0, 30))
        t.patron_gifts.append([bundle(g, w + ".gifts") for g in gifts])
        ability = r.get("ability", {})
        if not isinstance(ability, dict) or len(ability) > 1:
            raise DataError(
                f"{w}: ability is an object with at most one of {', '.join(ABILITIES[1:])}"
            )
        code, value, bun, count, per, pp = AB_NONE, 0, [0] * NB, 0, 1, 0
        for key, arg in ability.items():
            code = _index(key, ABILITIES, w + ".ability")
            if code == AB_ROUND_START:
                bun = bundle(arg, w + ".ability.round_start")
                if bun[B_MATERIAL] or bun[B_DRAW]:
                    raise DataError(f"{w}: round-start abilities give fixed resources")
            elif code == AB_END:
                count = _index(arg.get("count"), CRITERIA, w + ".ability.end.count")
                if count in CRITERION_ARGUMENT:
                    raise DataError(f"{w}: an end-game count takes no argument")
                per = _count(arg.get("per"), w + ".ability.end.per", 1, 20)
                pp = _count(arg.get("pp"), w + ".ability.end.pp", 0, 20)
            else:
                value = _count(arg, w + ".ability", 0, 9)
        t.patron_ability.append(code)
        t.patron_ab_value.append(value)
        t.patron_ab_bundle.append(bun)
        t.patron_ab_count.append(count)
        t.patron_ab_per.append(per)
        t.patron_ab_pp.append(pp)
    if sum(1 for d in t.patron_deck if d == DECK_A) < 2 * MAX_PLAYERS + MAX_SLOTS:
        raise DataError("patrons.json: deck A must cover the setup deal and the display")


def _read_cards(t: Tables) -> None:
    """Performance and repair cards, and the market cards."""
    for r in _records(_read("performances.json"), "cards", "performances.json", MAX_PERF):
        w = f"performances.json {r['name']}"
        t.perf_name.append(r["name"])
        t.perf_era.append(_index(r.get("era"), ERAS, w + ".era"))
        levels = r.get("levels")
        at, _ = _levels([{"at": lv.get("at"), "pp": lv.get("pp")} for lv in levels or []], w, True)
        t.perf_at.append(at)
        t.perf_coins.append([_count(lv.get("coins"), w + ".coins", 0, 30) for lv in levels])
        t.perf_pp.append([_count(lv.get("pp"), w + ".pp", 0, 30) for lv in levels])
    for r in _records(_read("repairs.json"), "cards", "repairs.json", MAX_REPAIR):
        w = f"repairs.json {r['name']}"
        t.repair_name.append(r["name"])
        t.repair_type.append(_index(r.get("type"), TYPES, w + ".type"))
        t.repair_cost.append(materials(r.get("cost", {}), w + ".cost"))
        t.repair_pp.append(_count(r.get("pp"), w + ".pp", 0, 30))
    market = _read("market.json")
    for r in _records(market, "cards", "market.json", MAX_MARKET):
        w = f"market.json {r['name']}"
        t.market_name.append(r["name"])
        prices = materials(r.get("prices", {}), w + ".prices")
        if min(prices) < 1:
            raise DataError(f"{w}: every material has a price of at least 1")
        t.market_price.append(prices)
    t.market_first = _index(market.get("first"), t.market_name, "market.json first")
    if len(t.market_name) < 6:
        raise DataError("market.json: six rounds need at least six market cards")


def _read_tiles(t: Tables) -> None:
    """Award tiles, goals and family tiles."""
    for r in _records(_read("awards.json"), "tiles", "awards.json", MAX_AWARDS):
        w = f"awards.json {r['name']}"
        crit, arg = _criterion(r, w)
        at, pp = _levels(r.get("levels"), w, True)
        t.award_name.append(r["name"])
        t.award_crit.append(crit)
        t.award_arg.append(arg)
        t.award_at.append(at)
        t.award_pp.append(pp)
    if len(t.award_name) < MAX_PLAYERS:
        raise DataError("awards.json: four tiles are drawn with four players")
    for r in _records(_read("goals.json"), "cards", "goals.json", MAX_GOALS):
        w = f"goals.json {r['name']}"
        crit, arg = _criterion(r, w)
        at, pp = _levels(r.get("levels"), w, False)
        t.goal_name.append(r["name"])
        t.goal_crit.append(crit)
        t.goal_arg.append(arg)
        t.goal_levels.append(len(r["levels"]))
        t.goal_at.append(at)
        t.goal_pp.append(pp)
    if len(t.goal_name) < 4 * MAX_PLAYERS:
        raise DataError("goals.json: four goals are dealt to each of up to four players")
    for r in _records(_read("families.json"), "tiles", "families.json", MAX_FAMILY):
        w = f"families.json {r['name']}"
        t.family_name.append(r["name"])
        t.family_order.append(_count(r.get("order"), w + ".order", 1, 99))
        res = bundle(r.get("resources", {}), w + ".resources")
        if res[B_MATERIAL] or res[B_DRAW]:
            raise DataError(f"{w}: starting resources are fixed (no choice, no draw)")
        t.family_res.append(res)
        t.family_ability.append(_index(r.get("ability"), FAMILY_ABILITIES, w + ".ability"))
    if len(t.family_name) < 2 * MAX_PLAYERS or len(set(t.family_order)) != len(t.family_order):
        raise DataError("families.json: two tiles a player, each with its own turn-order number")


def _read_specialists(t: Tables) -> None:
    """Specialists, and the size of the decks cut at setup."""
    for r in _records(_read("specialists.json"), "cards", "specialists.json", MAX_SPECS):
        w = f"specialists.json {r['name']}"
        t.spec_name.append(r["name"])
        t.spec_deck.append(_index(r.get("deck"), SPEC_DECKS, w + ".deck"))
        t.spec_loc.append(_index(r.get("location"), LOCATIONS, w + ".location"))
        if "skill" in r:
            raise DataError(
                f"{w}: a specialist has the skill of the chip on its card (4.8.4); "
                "give its perk as a 'gain'"
            )
        t.spec_gain.append(bundle(r.get("gain", {}), w + ".gain"))
    for d in range(3):
        if sum(1 for x in t.spec_deck if x == d) < MAX_PLAYERS + 1:
            raise DataError(
                f"specialists.json: the {SPEC_DECKS[d]} deck needs players + 1 = 5 cards"
            )
    if sum(1 for d in t.patron_deck if d == DECK_ROYAL) < MAX_PLAYERS + 1:
        raise DataError("patrons.json: the royal deck needs players + 1 = 5 cards")


def _read_orchestra_setup(t: Tables) -> None:
    """Orchestra setup cards: the dummy tokens and blocked award levels."""
    for r in _records(_read("orchestra_setup.json"), "cards", "orchestra_setup.json", MAX_ORCH):
        w = f"orchestra_setup.json {r['name']}"
        tokens = r.get("tokens", [])
        if not isinstance(tokens, list) or len(tokens) > 4:
            raise DataError(f"{w}: at most 4 dummy tokens")
        spaces = [_index(x.get("space"), t.space_name, w + ".space") for x in tokens]
        if any(t.space_rare[s] for s in spaces) or len(set(spaces)) != len(spaces):
            raise DataError(f"{w}: dummy tokens go on distinct non-rare spaces")
        kinds = [_index(x.get("kind"), TOKEN_KINDS, w + ".kind") for x in tokens]
        blocked = [_index(x, LEVELS, w + ".blocked_levels") for x in r.get("blocked_levels", [])]
        if len(blocked) != 3:
            raise DataError(f"{w}: one blocked level for each of the three award tiles")
        t.orch_name.append(r["name"])
        t.orch_space.append(spaces + [-1] * (4 - len(spaces)))
        t.orch_kind.append(kinds + [-1] * (4 - len(kinds)))
        t.orch_blocked.append(blocked)


def _read_tracks(t: Tables, tracks) -> None:
    """The three tracks' steps, and what the persistent ones add up to at each position."""
    if not isinstance(tracks, dict):
        raise DataError("rules.json tracks: an object of performance, craft, reputation")
    t.track_effect, t.track_len = [], []
    for name in TRACKS:
        steps = tracks.get(name)
        where = f"rules.json tracks.{name}"
        if (
            not isinstance(steps, list)
            or not 2 <= len(steps) <= MAX_TRACK_STEPS
            or steps[0] != "start"
        ):
            raise DataError(f"{where}: 2 to {MAX_TRACK_STEPS} steps, the first 'start'")
        codes = [_index(x, TRACK_EFFECTS, where) for x in steps]
        if (
            codes.count(TE_SPECIALIST) > 1
            or codes.count(TE_BLACK) > 2
            or codes.count(TE_START) != 1
        ):
            raise DataError(f"{where}: at most one specialist step and two black dice")
        t.track_effect.append(codes + [TE_START] * (MAX_TRACK_STEPS - len(codes)))
        t.track_len.append(len(codes) - 1)

    def running(track, effect):
        return [
            sum(
                1
                for v in range(1, pos + 1)
                if t.track_effect[track][v] == effect and pos <= t.track_len[track]
            )
            for pos in range(MAX_TRACK_STEPS)
        ]

    t.perf_rerolls = running(T_PERF, TE_REROLL)
    t.perf_black = running(T_PERF, TE_BLACK)
    t.craft_skill = running(T_CRAFT, TE_BENCH_SKILL)
    t.craft_rough2 = [min(1, x) for x in running(T_CRAFT, TE_ROUGH2)]
    t.craft_finish2 = [min(1, x) for x in running(T_CRAFT, TE_FINISH2)]
    rep = t.track_effect[T_REP][: t.track_len[T_REP] + 1]
    never = MAX_TRACK_STEPS  # a step the marker cannot reach
    t.tier_free_rep = [0] + [
        rep.index(code) if code in rep else never for code in (TE_TIER2, TE_TIER3)
    ]
    t.rep_instrument_pp = rep.index(TE_INSTR_PP) if TE_INSTR_PP in rep else never


def _read_rules(t: Tables, rules: dict) -> None:
    t.rounds = _count(_value(rules, "rounds"), "rules.json rounds", 6, 6)
    # The leave space follows the two gift spaces printed on every patron card.
    t.patience_leave = _count(_value(rules, "patience_leave"), "rules.json patience_leave", 3, 3)
    psb = _value(rules, "patron_space_bonus")
    if not isinstance(psb, list) or len(psb) != 3:
        raise DataError("rules.json patron_space_bonus: one bundle per patron space (3)")
    t.space_bonus_patron = [bundle(b, "rules.json patron_space_bonus") for b in psb]
    for key in (
        "storage",
        "extra_storage",
        "apprentice_cap",
        "search_cost",
        "market_apprentice",
        "market_training",
        "fallback_coins",
        "abandon_penalty",
        "leftover_divisor",
        "reputation_f_pp",
        "track_final_pp",
        "reputation_i_pp",
        "rough_bonus_inspiration",
    ):
        attr = {
            "reputation_f_pp": "rep_f_pp",
            "reputation_i_pp": "rep_i_pp",
            "rough_bonus_inspiration": "rough_bonus_insp",
        }.get(key, key)
        setattr(t, attr, _count(_value(rules, key), f"rules.json {key}", 0, 40))
    if t.apprentice_cap != 3:
        raise DataError("rules.json apprentice_cap: the state keeps 3 apprentice chips a seat")
    if (
        t.leftover_divisor < 1
        or t.market_training > 15
        or t.search_cost > 15
        or t.market_apprentice > 15
    ):
        raise DataError("rules.json: a payment is at most 15 (the pay action's range)")
    t.tier_cost = [_count(x, "rules.json tier_cost", 0, 15) for x in _value(rules, "tier_cost")]
    if len(t.tier_cost) != 3:
        raise DataError("rules.json: tier_cost has 3 tiers")
    _read_tracks(t, _value(rules, "tracks"))
    below = _value(rules, "below_line")
    t.below_coins = _count(below.get("coins"), "rules.json below_line.coins")
    t.below_insp = _count(below.get("inspiration"), "rules.json below_line.inspiration")
    sb = _value(rules, "skill_bonus")
    t.bonus_main = _count(sb.get("main_board"), "rules.json skill_bonus.main_board")
    t.bonus_rough_insp = _count(sb.get("rough_inspiration"), "rules.json skill_bonus")
    t.bonus_rough_discount = _count(sb.get("rough_discount"), "rules.json skill_bonus")
    t.bonus_finish_discount = _count(sb.get("finish_discount"), "rules.json skill_bonus")
    t.bonus_finish_double = _count(sb.get("finish_double"), "rules.json skill_bonus")
    alt = _value(rules, "alternatives")
    t.alt = [
        bundle(alt.get(k, {}), f"rules.json alternatives.{k}")
        for k in ("salon", "guild", "performance", "repair", "balcony", "balcony2")
    ]
    dice = _value(rules, "dice")
    t.white = [_count(x, "rules.json dice.white", 0, 6) for x in dice.get("white", [])]
    t.black = [_count(x, "rules.json dice.black", 0, 6) for x in dice.get("black", [])]
    t.purple = [bundle(x, "rules.json dice.purple") for x in dice.get("purple", [])]
    if len(t.white) != 6 or len(t.black) != 6 or len(t.purple) != 6:
        raise DataError("rules.json dice: six faces per die")
    if any(p[B_DRAW] for p in t.purple):
        raise DataError("rules.json dice.purple: the purple die draws no cards")
    t.chair_points = [
        _count(x, "rules.json first_chair_points", 0, 99)
        for x in _value(rules, "first_chair_points")
    ]
    t.chair_beyond = _count(
        rules["first_chair_points"].get("beyond"), "rules.json first_chair_points.beyond"
    )
    display = _value(rules, "display")
    slots = display.get("slots", [])
    if not 1 <= len(slots) <= MAX_SLOTS:
        raise DataError(f"rules.json display.slots: 1 to {MAX_SLOTS} slots")
    t.slot_tier = [_count(s.get("tier"), "rules.json display tier", 1, 3) for s in slots]
    t.slot_players = [_count(s.get("players"), "rules.json display players", 2, 4) for s in slots]
    if t.slot_tier != sorted(t.slot_tier) or min(t.slot_players) != 2:
        raise DataError("rules.json display.slots: tiers in order, some slot for 2 players")
    t.slot_tier += [0] * (MAX_SLOTS - len(slots))
    t.slot_players += [9] * (MAX_SLOTS - len(slots))
    covered = display.get("covered_two_players", {})
    t.covered_two = [
        sum(
            1 << _count(s, "rules.json covered_two_players", 0, len(slots) - 1)
            for s in covered.get(LOCATIONS[loc], [])
        )
        for loc in range(CARD_LOCATIONS)
    ]
    variants = (
        _value(rules, "variants")
        if "variants" in rules and "value" in rules["variants"]
        else rules.get("variants")
    )
    if not isinstance(variants, dict) or "standard" not in variants:
        raise DataError("rules.json variants: needs at least 'standard'")
    t.variants = {}
    for name, flags in variants.items():
        bits = 0
        for flag, on in flags.items():
            if flag not in VARIANT_FLAGS:
                raise DataError(f"rules.json variant {name}: unknown assumption {flag!r}")
            bits |= VARIANT_FLAGS[flag] if on else 0
        t.variants[name] = bits
