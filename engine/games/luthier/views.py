"""What one seat of Luthier knows, and full states consistent with it.

`observation_fields` masks a state's fields for a seat: the other seats' hands,
goals, undisclosed family tiles and setup deals, the identity of their face-down
worker chips, the order and content of the instrument and patron decks, the cards
under the instrument deck that others put there, the unseen parts of the royal and
specialist decks and everything boxed. Counts stay visible (hand sizes, deck sizes).
A masked card slot reads HIDDEN (-2); a masked count vector reads -1 throughout.

`determinized_fields` fills the masked parts: for each component kind, the cards the
seat cannot account for are shuffled (Fisher-Yates with `rng.randint`) and dealt to
the hidden places in a fixed order. state.pyx's c_determinize does the same in C,
drawing the same numbers, so both give the same state for the same generator.
"""

from __future__ import annotations

from engine.errors import StateFormatError
from engine.games.luthier import codec as C
from engine.games.luthier import tables as T
from engine.validate import is_int, require_observation_of

HIDDEN_GAME = (
    "instr_deck",
    "patron_deck",
    "royal_box",
    "royal_cut",
    "spec_box",
    "spec_cut",
    "goal_box",
    "family_box",
    "award_box",
    "orch_box",
    "bottom",
    "placed",
)
HIDDEN_PLAYER = (
    "hand",
    "keep",
    "goals",
    "goal_mask",
    "family",
    "family_pick",
    "deal_instr",
    "deal_patron",
)
HIDDEN = HIDDEN_GAME + tuple(("players", name) for name in HIDDEN_PLAYER)
H = C.HIDDEN


def owned_chips(round_: int) -> list[int]:
    """Chip indexes (0..4 = #1..#5) every seat owns in a round (rounds 1-2: #1 #3 #5;
    #2 from round 3, #4 from round 5)."""
    chips = [0, 2, 4]
    if round_ >= 3:
        chips.append(1)
    if round_ >= 5:
        chips.append(3)
    return sorted(chips)


def observation_fields(f: dict, seat: int, t: T.Tables) -> dict:
    """A copy of the fields with what `seat` cannot see masked."""
    g = C.clone_fields(f)
    for name in (
        "instr_deck",
        "patron_deck",
        "royal_box",
        "spec_box",
        "goal_box",
        "family_box",
        "award_box",
        "orch_box",
    ):
        g[name] = [-1] * len(g[name])
    if not f["royal_seen"][seat]:
        g["royal_cut"] = [-1] * T.MAX_PATRONS
    for i in range(t.n_specs):
        if not f["spec_seen"][t.spec_deck[i]][seat]:
            g["spec_cut"][i] = -1
    for i in range(f["bottom_n"]):
        if f["bottom"][i][1] != seat:
            g["bottom"][i][0] = H
    for i in range(f["placed_n"]):
        entry = g["placed"][i]
        if entry[C.P_OWNER] != seat and entry[C.P_STATUS] == C.S_DOWN:
            entry[C.P_CHIP] = H
    over = f["phase"] == C.PH_OVER  # 5.4: kept goals are shown at the final scoring
    for o in range(f["num_players"]):
        if o == seat:
            continue
        pl = g["players"][o]
        pl["hand"] = [-1] * T.MAX_KINDS
        for name in ("keep", "deal_instr", "deal_patron"):
            pl[name] = [H if c >= 0 else c for c in pl[name]]
        pl["goals"] = [
            c if c < 0 or over and pl["goal_mask"] >> j & 1 else H
            for j, c in enumerate(pl["goals"])
        ]
        if pl["goal_mask"] and not over:
            pl["goal_mask"] = H
        if f["revealed"]:
            pick = pl["family_pick"]
            pl["family"] = [c if (j == pick or c < 0) else H for j, c in enumerate(pl["family"])]
        else:
            pl["family"] = [H if c >= 0 else c for c in pl["family"]]
            if pl["family_pick"] >= 0:
                pl["family_pick"] = H
    return g


# ---- filling the hidden places -------------------------------------------------------


def _visible_instruments(f: dict, seat: int) -> list[int]:
    seen = [0] * T.MAX_KINDS
    for k in range(T.MAX_KINDS):
        seen[k] += f["instr_discard"][k] + f["instr_removed"][k] + f["players"][seat]["hand"][k]
    for kind, _ in f["bottom"][: f["bottom_n"]]:
        if kind >= 0:
            seen[kind] += 1
    for c in f["display"][T.GUILD]:
        if c >= 0:
            seen[c] += 1
    for pl in f["players"][: f["num_players"]]:
        for c in pl["rough"] + pl["finish"] + pl["keep"] + pl["deal_instr"]:
            if c >= 0:
                seen[c] += 1
        for row in pl["tucked"]:
            for g in row:
                if T.G_INSTR <= g < T.G_INSTR + T.MAX_KINDS:
                    seen[g - T.G_INSTR] += 1
    g = f["held"]
    if T.G_INSTR <= g < T.G_INSTR + T.MAX_KINDS:
        seen[g - T.G_INSTR] += 1
    return seen


def _visible_patrons(f: dict) -> list[int]:
    seen = [0] * T.MAX_PATRONS
    for i in range(T.MAX_PATRONS):
        seen[i] += f["patron_discard"][i]
        if f["royal_cut"][i] > 0:
            seen[i] += f["royal_cut"][i]
    for c in f["display"][T.SALON]:
        if c >= 0:
            seen[c] += 1
    if f["held_patron"] >= 0:
        seen[f["held_patron"]] += 1
    for pl in f["players"][: f["num_players"]]:
        for c in pl["patron"] + pl["done"] + pl["deal_patron"]:
            if c >= 0:
                seen[c] += 1
    return seen


def _pool(copies: list[int], seen: list[int], what: str) -> list[int]:
    """The unaccounted cards, ids ascending with multiplicity."""
    pool = []
    for i, (have, gone) in enumerate(zip(copies, seen, strict=False)):
        if not have:
            continue  # another kind's card (royal patrons share the patron ids)
        if gone > have:
            raise StateFormatError(f"the view shows {what} card {i} more often than it exists")
        pool += [i] * (have - gone)
    return pool


def _deal(pool: list[int], wanted: int, rng, what: str) -> list[int]:
    """`pool` shuffled for `wanted` hidden places (the rest goes to the box)."""
    if wanted > len(pool):
        raise StateFormatError(f"the view hides more {what} cards than are unaccounted for")
    if wanted:
        rng.shuffle(pool)
    return pool


def determinized_fields(obs_fields: dict, seat: int, rng, t: T.Tables) -> dict:
    """Full fields consistent with a masked view, the hidden parts drawn uniformly (in
    this order: hidden.pyx's determinize_into draws the same)."""
    f = C.clone_fields(obs_fields)
    others = [o for o in range(f["num_players"]) if o != seat]
    _check_hands(f, seat, others)
    _redeal_instruments(f, seat, others, rng, t)
    seen = _visible_patrons(f)
    _redeal_patrons(f, seat, others, rng, t, seen)
    _redeal_royals(f, seat, rng, t, seen)
    _redeal_specialists(f, seat, rng, t)
    _redeal_tiles(f, others, rng, t)
    _hide_choices(f, others)
    _refill_boxes(f, t)
    _redeal_chips(f, others, rng)
    return f


def _check_hands(f: dict, seat: int, others: list) -> None:
    """The seat's own hand visible, the others' masked."""
    if any(v < 0 for v in f["players"][seat]["hand"]):
        raise StateFormatError("the seat's own hand must be visible in its view")
    for o in others:
        if any(v not in (-1,) for v in f["players"][o]["hand"]):
            raise StateFormatError(f"seat {o}'s hand must be masked in seat {seat}'s view")


def _redeal_instruments(f: dict, seat: int, others: list, rng, t: T.Tables) -> None:
    """Instruments: other hands, their hidden keeps and deals, the bottom cards
    others put there, then the deck."""
    copies = list(t.kind_copies) + [0] * (T.MAX_KINDS - t.n_kinds)
    pool = _pool(copies, _visible_instruments(f, seat), "instrument")
    slots = sum(f["players"][o]["hand_n"] for o in others)
    slots += sum(
        1 for o in others for c in f["players"][o]["keep"] + f["players"][o]["deal_instr"] if c == H
    )
    slots += sum(1 for kind, _ in f["bottom"][: f["bottom_n"]] if kind == H)
    if slots + f["instr_deck_n"] != len(pool):
        raise StateFormatError(
            "the hidden instrument cards do not add up to the cards unaccounted for"
        )
    cards = iter(_deal(pool, slots, rng, "instrument"))
    for o in others:
        pl = f["players"][o]
        pl["hand"] = [0] * T.MAX_KINDS
        for _ in range(pl["hand_n"]):
            pl["hand"][next(cards)] += 1
        for name in ("keep", "deal_instr"):
            pl[name] = [next(cards) if c == H else c for c in pl[name]]
    for entry in f["bottom"][: f["bottom_n"]]:
        if entry[0] == H:
            entry[0] = next(cards)
    f["instr_deck"] = [0] * T.MAX_KINDS
    for c in cards:
        f["instr_deck"][c] += 1


def _redeal_patrons(f: dict, seat: int, others: list, rng, t: T.Tables, seen: list) -> None:
    """Patrons: A cards dealt to others at setup and the deck's A part, then its B
    part."""
    seen = _visible_patrons(f)
    for deck, count_field in ((T.DECK_A, "patron_deck_a"), (T.DECK_B, "patron_deck_b")):
        copies = [
            1 if i < t.n_patrons and t.patron_deck[i] == deck else 0 for i in range(T.MAX_PATRONS)
        ]
        pool = _pool(copies, seen, "patron")
        slots = (
            sum(1 for o in others for c in f["players"][o]["deal_patron"] if c == H)
            if deck == T.DECK_A
            else 0
        )
        if slots + f[count_field] != len(pool):
            raise StateFormatError(
                "the hidden patron cards do not add up to the cards unaccounted for"
            )
        cards = iter(_deal(pool, slots, rng, "patron"))
        if deck == T.DECK_A:
            f["patron_deck"] = [0] * T.MAX_PATRONS
            for o in others:
                pl = f["players"][o]
                pl["deal_patron"] = [next(cards) if c == H else c for c in pl["deal_patron"]]
        for c in cards:
            f["patron_deck"][c] += 1


def _redeal_royals(f: dict, seat: int, rng, t: T.Tables, seen: list) -> None:
    """Royal patrons: the cut deck if the seat has not looked through it, then the
    box."""
    copies = [
        1 if i < t.n_patrons and t.patron_deck[i] == T.DECK_ROYAL else 0
        for i in range(T.MAX_PATRONS)
    ]
    pool = _pool(copies, seen, "royal patron")
    slots = 0 if f["royal_seen"][seat] else f["royal_cut_n"]
    cards = iter(_deal(pool, slots, rng, "royal patron"))
    if not f["royal_seen"][seat]:
        f["royal_cut"] = [0] * T.MAX_PATRONS
        for _ in range(slots):
            f["royal_cut"][next(cards)] = 1
    f["royal_box"] = [0] * T.MAX_PATRONS
    for c in cards:
        f["royal_box"][c] = 1


def _redeal_specialists(f: dict, seat: int, rng, t: T.Tables) -> None:
    """Specialists, deck by deck: the cut if unseen, then the box."""
    f["spec_box"] = [0] * T.MAX_SPECS
    for d in range(3):
        seen_cut = f["spec_seen"][d][seat]
        copies = [1 if i < t.n_specs and t.spec_deck[i] == d else 0 for i in range(T.MAX_SPECS)]
        spec_seen = [0] * T.MAX_SPECS
        for pl in f["players"][: f["num_players"]]:
            if pl["spec"][d] >= 0:
                spec_seen[pl["spec"][d]] += 1
        if seen_cut:
            for i in range(T.MAX_SPECS):
                if copies[i]:
                    spec_seen[i] += f["spec_cut"][i]
        pool = _pool(copies, spec_seen, "specialist")
        slots = 0 if seen_cut else f["spec_cut_n"][d]
        cards = iter(_deal(pool, slots, rng, "specialist"))
        if not seen_cut:
            for i in range(T.MAX_SPECS):
                if copies[i]:
                    f["spec_cut"][i] = 0
            for _ in range(slots):
                f["spec_cut"][next(cards)] = 1
        for c in cards:
            f["spec_box"][c] = 1


def _redeal_tiles(f: dict, others: list, rng, t: T.Tables) -> None:
    """Goals and family tiles: others' hidden ones, then the box."""
    for name, box, count in (
        ("goals", "goal_box", t.n_goals),
        ("family", "family_box", t.n_family),
    ):
        limit = T.MAX_GOALS if name == "goals" else T.MAX_FAMILY
        seen_cards = [0] * limit
        for pl in f["players"][: f["num_players"]]:
            for c in pl[name]:
                if c >= 0:
                    seen_cards[c] += 1
        pool = _pool([1] * count + [0] * (limit - count), seen_cards, name)
        slots = sum(1 for o in others for c in f["players"][o][name] if c == H)
        cards = iter(_deal(pool, slots, rng, name))
        for o in others:
            pl = f["players"][o]
            pl[name] = [next(cards) if c == H else c for c in pl[name]]
        f[box] = [0] * limit
        for c in cards:
            f[box][c] = 1


def _hide_choices(f: dict, others: list) -> None:
    """Others' unseen choices made again: goals 0 and 1 kept, family tile 0."""
    for o in others:
        pl = f["players"][o]
        if pl["goal_mask"] == H:
            pl["goal_mask"] = 3
        if pl["family_pick"] == H:
            pl["family_pick"] = 0


def _refill_boxes(f: dict, t: T.Tables) -> None:
    """Award tiles and orchestra setup cards not drawn are boxed."""
    f["award_box"] = [
        1 if i < t.n_awards and i not in f["awards"] else 0 for i in range(T.MAX_AWARDS)
    ]
    f["orch_box"] = [1 if i < t.n_orch and i != f["orch_card"] else 0 for i in range(T.MAX_ORCH)]


def _redeal_chips(f: dict, others: list, rng) -> None:
    """Face-down chips of the other seats: their unseen chips, in placement order."""
    for o in others:
        placed = [e for e in f["placed"][: f["placed_n"]] if e[C.P_OWNER] == o]
        known = {e[C.P_CHIP] for e in placed if e[C.P_CHIP] >= 0}
        unknown = [c for c in owned_chips(f["round"]) if c not in known]
        hidden = [e for e in placed if e[C.P_CHIP] == H]
        if len(hidden) > len(unknown):
            raise StateFormatError(f"seat {o} has more face-down chips than chips it has not shown")
        if hidden:
            rng.shuffle(unknown)
        for e, chip in zip(hidden, unknown, strict=False):
            e[C.P_CHIP] = chip


def parse_observation(obs, t: T.Tables) -> tuple[int, str, dict]:
    """(seat, variant, masked fields) of an observation dict."""
    require_observation_of(obs, "luthier")
    fields = C.parse_fields(obs, t, hidden=HIDDEN)
    seat = obs.get("seat")
    if not is_int(seat) or not 0 <= seat < fields["num_players"]:
        raise StateFormatError(f"seat must be 0..{fields['num_players'] - 1}, got {seat!r}")
    return seat, obs["variant"], fields
