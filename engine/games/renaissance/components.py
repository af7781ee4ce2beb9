"""The components of Maestro: da Vinci vs Michelangelo, read from data/core.toml and
turned into index tables (integers, lists of integers) that both implementations of
the rules use: the compiled state copies them into C arrays at import, the reference
reads them as they are.

Every `[assumed]` fact of the core game lives in the data file; this module only
names, indexes and checks it, so real components replace the data without a code
change. Limits (at most so many regions, card kinds...) are the compiled state's
array sizes; data beyond them is refused here with a message naming the limit.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources

# The compiled state's fixed array sizes (state.pxd declares the same numbers).
LIMITS = {
    "regions": 16,
    "card kinds": 32,
    "colours": 4,
    "action spaces": 12,
    "study spaces": 30,
    "bonus spaces": 10,
    "bonus tile kinds": 8,
    "blueprints": 6,
    "blueprint icons": 6,
    "Sistine rows": 4,
    "Sistine columns": 4,
    "patronesses": 8,
    "benefactor kinds": 8,
    "rounds": 6,
    "cards a round": 12,
    "set-aside cards": 3,
}

ACTIONS = ("move", "create", "influence", "study")
MOVE, CREATE, INFLUENCE, STUDY = range(4)
# Study space rewards: a Resource (its colour is kept beside), or an upgrade.
REWARD_RESOURCE, REWARD_CARD, REWARD_WORKSHOP, REWARD_EITHER = range(4)
REWARD_NAMES = {"card": REWARD_CARD, "workshop": REWARD_WORKSHOP, "either": REWARD_EITHER}
TILE_KINDS = ("vp", "resource", "benefactor", "artwork", "vp_per_centerpiece")
PATRONESS_KINDS = ("tier", "centerpiece", "florence", "gallery", "project", "upgrade")
BENEFACTOR_KINDS = ("move", "resources", "effort", "florence")
CHECK_MODES = ("mover", "both")
GRAY_MODES = ("fixed", "random")


class ComponentError(ValueError):
    """Component data that the engine cannot use, with the offending entry named."""


@dataclass(frozen=True)
class Variant:
    name: str
    check_both: bool  # both Workshops may claim Centerpieces after a move
    centerpiece_counts: bool  # the Centerpiece counts in its region's majority
    random_gray: bool  # gray regions are drawn at setup
    gray_count: int


class Components:
    """The game's components as index tables. Colours, regions, cards... are numbered
    in the data file's order; `*_names` give the names back."""

    def __init__(self, data: dict):
        self._load_colours(data)
        self._load_map(data["map"])
        self._load_setup(data["setup"])
        self._load_cards(data["cards"])
        self._load_actions(data["actions"], data["effort"])
        self._load_study(data["study"])
        self._load_davinci(data["davinci"])
        self._load_michelangelo(data["michelangelo"])
        self._load_patronesses(data["patronesses"])
        self._load_benefactors(data["benefactors"])
        self._load_scoring(data["scoring"])
        self._load_variants(data["variants"])

    # ---- loading ------------------------------------------------------------------

    def _load_colours(self, data):
        self.colour_names = list(data["colours"])
        _limit("colours", len(self.colour_names), exact=True)
        self.workshop_names = list(data["workshops"])
        if len(self.workshop_names) != 2:
            raise ComponentError("the game has exactly two Workshops")

    def colour(self, name: str, where: str) -> int:
        if name not in self.colour_names:
            raise ComponentError(f"{where}: unknown colour {name!r} (colours: {self.colour_names})")
        return self.colour_names.index(name)

    def _load_map(self, data):
        regions = data["regions"]
        _limit("regions", len(regions))
        self.region_names = [r["id"] for r in regions]
        self.region_titles = [r["name"] for r in regions]
        _unique(self.region_names, "region ids")
        self.num_regions = len(regions)
        self.gallery = [self.colour(r["gallery"], r["id"]) if r["gallery"] else -1 for r in regions]
        self.fixed_gray = [1 if r["gray"] else 0 for r in regions]
        self.florence = self.region(data["florence"], "map.florence")
        if self.gallery[self.florence] >= 0 or self.fixed_gray[self.florence]:
            raise ComponentError("Florence is neither a Gallery nor gray")
        self.adjacent = [[0] * self.num_regions for _ in range(self.num_regions)]
        for link in list(data["borders"]) + list(data["sea_routes"]):
            a, _, b = link.partition("-")
            i, j = self.region(a, link), self.region(b, link)
            if i == j:
                raise ComponentError(f"{link}: a region borders itself")
            self.adjacent[i][j] = self.adjacent[j][i] = 1
        self.distance = _all_distances(self.adjacent)
        for i, row in enumerate(self.distance):
            if -1 in row:
                raise ComponentError(f"region {self.region_names[i]} cannot reach every region")
        # Regions that the random-gray variant may close: no Gallery, not Florence.
        self.gray_candidates = [
            r for r in range(self.num_regions) if self.gallery[r] < 0 and r != self.florence
        ]

    def region(self, name: str, where: str) -> int:
        if name not in self.region_names:
            raise ComponentError(f"{where}: unknown region {name!r}")
        return self.region_names.index(name)

    def _load_setup(self, data):
        self.artworks = int(data["artworks"])
        self.start_florence = int(data["florence"])
        self.start_supply = int(data["supply"])
        self.start_reserve = self.artworks - self.start_florence - self.start_supply
        if self.start_reserve < 0:
            raise ComponentError("setup places more Artworks than a Workshop has")
        self.start_resources = [[0] * 4, [0] * 4]
        for section, key in enumerate(("resources_a", "resources_b")):
            for name in data[key]:
                self.start_resources[section][self.colour(name, f"setup.{key}")] += 1
        self.collectors_per_area = int(data["collectors_per_area"])
        self.collectors = 4 * self.collectors_per_area

    def _load_cards(self, data):
        self.erudite_base = int(data["erudite_base"])
        self.erudite_tiers = int(data["erudite_tiers"])
        if self.erudite_tiers < 1:
            raise ComponentError("cards.erudite_tiers must be at least 1")
        self.draw = int(data["draw"])
        self.aside = int(data["aside"])
        self.display_size = int(data["display"])
        _limit("cards a round", self.draw)
        _limit("set-aside cards", self.aside)
        if not 0 <= self.aside <= self.draw:
            raise ComponentError("cards.aside must be between 0 and cards.draw")
        names = list(data["starting_deck"]) + list(data["upgrade_deck"])
        _unique(names, "card names (starting and upgrade decks share none)")
        _limit("card kinds", len(names))
        self.card_names = names
        self.num_cards = len(names)
        self.card_character, self.card_effort, self.card_publicity = [], [], []
        self.card_erudite, self.card_upgrade = [], []
        for name in names:
            character, effort, publicity = _parse_card(name)
            self.card_character.append(character)
            self.card_erudite.append(1 if effort is None else 0)
            self.card_effort.append(0 if effort is None else effort)
            self.card_publicity.append(publicity)
            self.card_upgrade.append(1 if name in data["upgrade_deck"] else 0)
        self.starting_deck = [int(data["starting_deck"].get(n, 0)) for n in names]
        self.upgrade_deck = [int(data["upgrade_deck"].get(n, 0)) for n in names]
        self.deck_size = sum(self.starting_deck)
        if self.deck_size < self.draw:
            raise ComponentError("the starting deck has fewer cards than a round draws")

    def _load_actions(self, spaces, effort):
        spaces = spaces["spaces"]
        _limit("action spaces", len(spaces))
        self.space_names = [s["id"] for s in spaces]
        _unique(self.space_names + ["gossip"], "action space ids (gossip is reserved)")
        self.num_spaces = len(spaces)
        self.space_action = []
        for s in spaces:
            if s["action"] not in ACTIONS:
                raise ComponentError(f"{s['id']}: action must be one of {ACTIONS}")
            self.space_action.append(ACTIONS.index(s["action"]))
        self.space_colour = [self.colour(s["colour"], s["id"]) for s in spaces]
        # The gossip slot is the destination after the Action spaces.
        self.gossip = self.num_spaces
        self.effort_columns, self.effort_results = [], []
        for name in ACTIONS:
            table = effort[name]
            columns, results = list(table["columns"]), list(table["results"])
            if len(columns) != len(results) or not columns or columns != sorted(set(columns)):
                raise ComponentError(f"effort.{name}: columns must rise and match results")
            self.effort_columns.append(columns)
            self.effort_results.append(results)
        self.centerpiece_effort = int(effort["create"]["centerpieces"])

    def _load_study(self, data):
        track = list(data["track"])
        _limit("study spaces", len(track))
        self.track_length = len(track)
        self.tier_size = int(data["tier_size"])
        self.track_kind, self.track_colour = [0], [-1]  # space 0: the start, no reward
        for i, reward in enumerate(track):
            if reward in REWARD_NAMES:
                self.track_kind.append(REWARD_NAMES[reward])
                self.track_colour.append(-1)
            else:
                self.track_kind.append(REWARD_RESOURCE)
                self.track_colour.append(self.colour(reward, f"study.track[{i}]"))
        self.bonus_spaces = [int(s) for s in data["bonus_spaces"]]
        _limit("bonus spaces", len(self.bonus_spaces))
        if any(not 1 <= s <= self.track_length for s in self.bonus_spaces):
            raise ComponentError("study.bonus_spaces must be spaces of the track")
        _unique(self.bonus_spaces, "study.bonus_spaces")
        tiles = data["bonus_tiles"]
        self.tile_names, self.tile_kind = _kinded(tiles, "bonus tile", TILE_KINDS)
        self.tile_amount = [int(t["amount"]) for t in tiles]
        self.tile_count = [int(t["count"]) for t in tiles]
        if sum(self.tile_count) != len(self.bonus_spaces):
            raise ComponentError("there must be exactly one Study Bonus tile a bonus space")
        # The bonus slot of each track space, or -1.
        self.bonus_slot = [-1] * (self.track_length + 1)
        for slot, space in enumerate(self.bonus_spaces):
            self.bonus_slot[space] = slot

    def tier(self, space: int) -> int:
        """The tier of a Study space (0 on the start space)."""
        return 0 if space == 0 else (space - 1) // self.tier_size + 1

    def _load_davinci(self, data):
        self.markers = int(data["markers"])
        self.markers_per_upgrade = int(data["markers_per_upgrade"])
        blueprints = data["blueprints"]
        _limit("blueprints", len(blueprints))
        self.blueprint_names = [b["id"] for b in blueprints]
        self.blueprint_titles = [b["name"] for b in blueprints]
        _unique(self.blueprint_names, "blueprint ids")
        self.blueprint_colour = [self.colour(b["colour"], b["id"]) for b in blueprints]
        self.blueprint_vp = [int(b["vp"]) for b in blueprints]
        self.blueprint_icons = []
        for b in blueprints:
            _limit("blueprint icons", len(b["icons"]))
            icons = [0] * 4
            for ch in b["icons"]:
                icons[self.colour(ch, b["id"])] += 1
            if sum(icons) == 0:
                raise ComponentError(f"blueprint {b['id']} has no icon")
            self.blueprint_icons.append(icons)
        self.num_blueprints = len(blueprints)

    def _load_michelangelo(self, data):
        self.upgrade_tiles = int(data["upgrade_tiles"])
        self.row_colour = [self.colour(c, "michelangelo.rows") for c in data["rows"]]
        self.column_colour = [self.colour(c, "michelangelo.columns") for c in data["columns"]]
        _limit("Sistine rows", len(self.row_colour))
        _limit("Sistine columns", len(self.column_colour))
        self.row_vp = [int(v) for v in data["row_vp"]]
        if len(self.row_vp) != len(self.row_colour):
            raise ComponentError("michelangelo.row_vp needs one value a row")
        self.min_cost = int(data["min_cost"])
        self.num_rows, self.num_columns = len(self.row_colour), len(self.column_colour)
        # Edge cost spaces: the rows' first, then the columns'.
        self.num_edges = self.num_rows + self.num_columns
        self.edge_names = [f"row{r + 1}" for r in range(self.num_rows)] + [
            f"col{c + 1}" for c in range(self.num_columns)
        ]
        self.edge_colour = self.row_colour + self.column_colour
        self.num_frescoes = self.num_rows * self.num_columns
        self.fresco_names = [
            f"r{r + 1}c{c + 1}" for r in range(self.num_rows) for c in range(self.num_columns)
        ]

    def _load_patronesses(self, data):
        cards = data["cards"]
        _limit("patronesses", len(cards))
        self.reveal = int(data["reveal"])
        if not 0 <= self.reveal <= len(cards):
            raise ComponentError("patronesses.reveal exceeds the cards")
        self.patroness_names = [c["id"] for c in cards]
        _unique(self.patroness_names, "patroness ids")
        self.patroness_kind = [_kind(c, PATRONESS_KINDS) for c in cards]
        self.patroness_vp = [int(c["vp"]) for c in cards]
        self.patroness_cap = [int(c["cap"]) for c in cards]

    def _load_benefactors(self, data):
        cards = data["cards"]
        self.benefactor_names, self.benefactor_kind = _kinded(cards, "benefactor", BENEFACTOR_KINDS)
        self.benefactor_amount = [int(c["amount"]) for c in cards]
        self.benefactor_count = [int(c["count"]) for c in cards]

    def _load_scoring(self, data):
        self.rounds = int(data["rounds"])
        _limit("rounds", self.rounds)
        self.upgrade_multiplier = [int(v) for v in data["upgrade_multiplier"]]
        self.publicity_vp = [int(v) for v in data["publicity_vp"]]
        if len(self.upgrade_multiplier) != self.rounds or len(self.publicity_vp) != self.rounds:
            raise ComponentError("scoring tables need one value a round")
        self.gossip_publicity = int(data["gossip_publicity"])
        self.gossip_per_round = int(data["gossip_per_round"])
        self.resources_per_vp = int(data["resources_per_vp"])
        if self.resources_per_vp < 1:
            raise ComponentError("scoring.resources_per_vp must be at least 1")

    def _load_variants(self, data):
        self.variants = {}
        for v in data:
            if v["check"] not in CHECK_MODES or v["gray"] not in GRAY_MODES:
                raise ComponentError(
                    f"variant {v['id']}: check is {CHECK_MODES}, gray is {GRAY_MODES}"
                )
            count = int(v["gray_count"]) if v["gray"] == "random" else 0
            if count > len(self.gray_candidates):
                raise ComponentError(f"variant {v['id']}: more gray regions than candidates")
            self.variants[v["id"]] = Variant(
                v["id"],
                v["check"] == "both",
                bool(v["centerpiece_counts"]),
                v["gray"] == "random",
                count,
            )
        self.variant_names = tuple(self.variants)

    # ---- derived facts --------------------------------------------------------------

    def effort_result(self, action: int, effort: int) -> int:
        """The action's table read at `effort`: the lower column when between two, 0
        below the first, the last column's result above it."""
        result = 0
        for column, value in zip(
            self.effort_columns[action], self.effort_results[action], strict=False
        ):
            if effort >= column:
                result = value
        return result


def _parse_card(name: str):
    """("A"|"B", effort or None for Erudite, publicity) from a name like A3/2 or AE/1."""
    try:
        head, publicity = name.split("/")
        character, effort = head[0], head[1:]
        if character not in "AB" or not effort:
            raise ValueError
        return ("AB".index(character), None if effort == "E" else int(effort), int(publicity))
    except ValueError:
        raise ComponentError(f"card {name!r}: a card is <A|B><effort or E>/<publicity>") from None


def _kind(entry: dict, kinds: tuple) -> int:
    if entry["kind"] not in kinds:
        raise ComponentError(f"{entry['id']}: kind must be one of {', '.join(kinds)}")
    return kinds.index(entry["kind"])


def _kinded(entries: list, what: str, kinds: tuple) -> tuple[list, list]:
    """The ids and kinds of `entries` (bonus tiles, benefactors), checked in this order:
    at most the engine's number of "<what> kinds", unique ids, known kinds."""
    _limit(f"{what} kinds", len(entries))
    names = [e["id"] for e in entries]
    _unique(names, f"{what} ids")
    return names, [_kind(e, kinds) for e in entries]


def _unique(items, what: str) -> None:
    if len(set(items)) != len(items):
        raise ComponentError(f"{what} must be unique")


def _limit(what: str, count: int, exact: bool = False) -> None:
    limit = LIMITS[what]
    if count > limit or (exact and count != limit):
        raise ComponentError(
            f"{count} {what}: the engine takes {'exactly' if exact else 'at most'} {limit}"
        )


def _all_distances(adjacent):
    """Shortest path lengths (every region passable), by breadth-first search."""
    n = len(adjacent)
    table = []
    for start in range(n):
        dist = [-1] * n
        dist[start] = 0
        frontier = [start]
        while frontier:
            nxt = []
            for a in frontier:
                for b in range(n):
                    if adjacent[a][b] and dist[b] < 0:
                        dist[b] = dist[a] + 1
                        nxt.append(b)
            frontier = nxt
        table.append(dist)
    return table


def load(text: str | None = None) -> Components:
    """The components from `text` (TOML), or from the packaged data/core.toml."""
    if text is None:
        text = (
            resources.files("engine.games.renaissance")
            .joinpath("data/core.toml")
            .read_text("utf-8")
        )
    try:
        return Components(tomllib.loads(text))
    except (KeyError, TypeError) as exc:
        raise ComponentError(f"component data is missing or mistypes {exc}") from None


COMPONENTS = load()
