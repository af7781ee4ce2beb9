"""Maestro: da Vinci vs Michelangelo in plain words for a person: an action as one seat
sees it (`describe`), why an action cannot be played now (`illegal_reason`), and the
rules and notation in a few lines (`RULES`, `NOTATION`). Section numbers refer to
shared/rules/maestro-renaissance.md.

Every text is written from what the viewer can see: the observation before the action
and, where an action shows a hidden card (upgrading a face-down Gossip card), the
observation after it. So a seat's log never names its rival's hand, set-aside cards
or face-down Gossip card, and two actions the seat cannot tell apart read the same."""

from __future__ import annotations

from engine.games.renaissance import actions as A
from engine.games.renaissance.components import COMPONENTS as C
from engine.games.renaissance.components import CREATE, REWARD_CARD, REWARD_WORKSHOP
from engine.validate import is_int

RULES = """\
Two Workshops, da Vinci (seat 0) and Michelangelo (seat 1), play 4 rounds.
Each round: draw 8 cards, keep 5 in hand, set 3 aside (played once the hand is
empty). Take turns playing one card (Effort/Publicity) on an Action space or,
once a round, face down to Gossip (Publicity x2, no action).
Move: shift Artworks; most Artworks in a Gallery region takes its Centerpiece.
Create: Artworks from supply to Florence, or one to each Centerpiece region.
Influence: lay Collectors down in other Lodge areas; gain the left colour.
Study: advance on the track for Resources and card or Workshop upgrades.
Then complete Blueprints (da Vinci) or Sistine tiles (Michelangelo) for VP.
Round end: most Publicity scores; each Centerpiece scores its colour's Lodge.
Upgrading a card scores its Effort (hand) or Publicity (board) x1/1/2/2.
Game end: Patronesses, 1 VP per 2 Resources left. Most VP wins."""

NOTATION = """\
A2/1@moveR    play card A2/1 on the red Move space (A = Master, B = Assistant;
              Effort 2 / Publicity 1; E = Erudite); A2/1@gossip: face down
aside:A1/2+A3/0+B2/1  set those 3 cards aside    use:courier  use a Benefactor
FLO>SIE       move an Artwork Florence -> Siena  spend2  spend 2 Resources
florence / centerpieces / cp:VEN   where Create places Artworks; done: stop
lodge:R>B     lay a red-area Collector down in the blue area
up:A1/2>A4/2  upgrade a card in hand; up:slot2>A4/2 your 2nd played card
cover:FM.R  tile:row1  build:FM  build:r1c2  pay:R.A  take:G  merchant:G.A
chance: deal:B3/0 refill:A4/2 bonus:vp2 patroness:scholar first:0 gray:LUC
Colours R B G Y; sections A B. Letter case does not matter."""

COLOUR_WORDS = {"R": "red", "B": "blue", "G": "green", "Y": "yellow"}
CHARACTERS = ("Master", "Assistant")
ACTION_WORDS = ("Move", "Create", "Influence", "Study")
ORDINALS = ("1st", "2nd", "3rd") + tuple(f"{n}th" for n in range(4, 21))

_TILE_TEXT = {
    "vp": "+{n} VP",
    "resource": "{n} Resource of any colour",
    "benefactor": "a Benefactor card",
    "artwork": "{n} Artwork from reserve to supply",
    "vp_per_centerpiece": "{n} VP per Centerpiece you hold",
}
_PATRONESS_TEXT = {
    "tier": "{vp} VP per Study tier reached",
    "centerpiece": "{vp} VP per Centerpiece held",
    "florence": "{vp} VP per own Artwork in Florence",
    "gallery": "{vp} VP per Gallery region with an own Artwork",
    "project": "{vp} VP per completed project",
    "upgrade": "{vp} VP per Upgrade card in the deck",
}
_BENEFACTOR_TEXT = {
    "move": "move one Artwork up to {n} steps",
    "resources": "take {n} Resources of one colour",
    "effort": "+{n} Effort for this turn's card",
    "florence": "put {n} Artwork from reserve in Florence",
}


# ---- names ---------------------------------------------------------------------------


def colour(c: int) -> str:
    return COLOUR_WORDS.get(C.colour_names[c], C.colour_names[c])


def card(t: int) -> str:
    """'Master 2/1 (Effort 2, Publicity 1)'; an Erudite card's Effort grows with Study."""
    who = CHARACTERS[C.card_character[t]]
    pub = C.card_publicity[t]
    if C.card_erudite[t]:
        return f"{who} Erudite (Effort {C.erudite_base} + tiers/{C.erudite_tiers}, Publicity {pub})"
    return f"{who} {C.card_effort[t]}/{pub} (Effort {C.card_effort[t]}, Publicity {pub})"


def card_short(t: int) -> str:
    who = CHARACTERS[C.card_character[t]]
    if C.card_erudite[t]:
        return f"{who} Erudite/{C.card_publicity[t]}"
    return f"{who} {C.card_effort[t]}/{C.card_publicity[t]}"


def space(dest: int) -> str:
    if dest == C.gossip:
        return "the Gossip slot"
    return f"the {colour(C.space_colour[dest])} {ACTION_WORDS[C.space_action[dest]]} space"


def region(r: int) -> str:
    return C.region_titles[r]


def section(k: int) -> str:
    return f"the {CHARACTERS[k]}'s section"


def workshop(seat: int) -> str:
    return f"seat {seat} ({C.workshop_names[seat]})"


def _card_index(name) -> int:
    return C.card_names.index(name)


# ---- reading an observation -------------------------------------------------------------


def view(state, viewer):
    """What `viewer` sees of `state` (everything for viewer None), as the JSON layout."""
    return state.to_dict() if viewer is None else state.observation(viewer)


def pile_size(ws: dict, key: str) -> int:
    return sum(ws[key].values()) if key in ws else ws[f"{key}_size"]


def playing_pile(ws: dict) -> str:
    """'hand', or 'aside' once the hand is empty [seed: the Alone rule]."""
    return "hand" if pile_size(ws, "hand") else "aside"


def pile_words(ws: dict) -> str:
    return "your hand" if playing_pile(ws) == "hand" else "your set-aside cards"


def played_slot(obs: dict) -> list | None:
    """The board slot of the card played this turn, or None."""
    slot = obs["turn"]["slot"]
    mover = obs["mover"]
    if slot is None or mover is None:
        return None
    return obs["workshops"][mover]["board"][slot - 1]


def _draw_seat(obs: dict) -> int:
    first = obs["first"]
    return first if pile_size(obs["workshops"][first], "hand") < C.draw else 1 - first


def _display_seat(obs: dict) -> int:
    for s in (0, 1):
        ws = obs["workshops"][s]
        if sum(ws["display"].values()) < C.display_size and ws["upgrade_deck"]:
            return s
    return -1


def _vp_multiplier(obs: dict) -> int:
    return C.upgrade_multiplier[min(obs["round"], C.rounds) - 1]


def _effort(obs: dict, seat: int, t: int) -> int:
    if C.card_erudite[t]:
        return C.erudite_base + C.tier(obs["workshops"][seat]["study"]) // C.erudite_tiers
    return C.card_effort[t]


# ---- describe ---------------------------------------------------------------------------


def describe(state, action: int, viewer=None) -> str:
    """`action` (legal in `state`) in plain words as `viewer` sees it (None: in full)."""
    obs = view(state, viewer)
    kind, k = A.kind_of(action)
    chance = _CHANCE.get(kind)
    if chance is not None:
        return chance(obs, k, viewer)
    return _MOVES[kind](state, obs, k, viewer)


def _play(state, obs, k, viewer):
    t, dest = divmod(k, A.DESTINATIONS)
    mover = obs["to_move"]
    ws = obs["workshops"][mover]
    source = "" if playing_pile(ws) == "hand" else " from your set-aside cards"
    if viewer is not None and viewer != mover and _ends_round(state, _action_id("play", k)):
        # Round end clears the board: the rival's view afterwards no longer shows which
        # card went where, so neither does its log.
        return "play the last card of the round (the round ends)"
    if dest == C.gossip:
        if viewer is not None and viewer != mover:
            return f"play a card{source} face down to the Gossip slot"
        return (
            f"play {card(t)}{source} face down to your Gossip slot "
            f"(no action; Publicity x{C.gossip_publicity})"
        )
    return f"play {card(t)}{source} on {space(dest)}"


def _ends_round(state, action: int) -> bool:
    after = state.clone()
    after.apply(action)
    return after.is_terminal() or after.to_dict()["round"] != state.to_dict()["round"]


def _aside(state, obs, k, viewer):
    mover = obs["to_move"]
    cards = A.ASIDE_SETS[k]
    if viewer is not None and viewer != mover:
        return f"set {len(cards)} cards aside, unseen"
    names = [card_short(t) for t in cards]
    listed = ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "".join(names)
    return f"set aside {listed} (played once your hand is empty)"


def _use(state, obs, k, viewer):
    kind = ("move", "resources", "effort", "florence")[C.benefactor_kind[k]]
    what = _BENEFACTOR_TEXT[kind].format(n=C.benefactor_amount[k])
    return f"use your {C.benefactor_names[k].capitalize()} Benefactor: {what}"


def _spend(state, obs, k, viewer):
    slot = played_slot(obs)
    c = C.space_colour[C.space_names.index(slot[1])]
    char = "AB".index(obs["turn"]["character"])
    effort = obs["turn"]["effort"]
    if k == 0:
        return f"spend no {colour(c)} Resources (Effort stays {effort})"
    return (
        f"spend {k} {colour(c)} Resource{'s' if k > 1 else ''} from {section(char)} "
        f"for Effort {effort + k}"
    )


def _relocate(state, obs, k, viewer):
    a, b = divmod(k, C.num_regions)
    steps = C.distance[a][b]
    return (
        f"move an Artwork from {region(a)} to {region(b)} ({steps} step{'s' if steps > 1 else ''})"
    )


def _done(state, obs, k, viewer):
    phase = obs["phase"]
    if phase == "move":
        return "end the Move here (then the Centerpiece check)"
    if phase == "influence":
        return "stop influencing Collectors"
    return "complete no more projects and end your turn"


def _florence(state, obs, k, viewer):
    ws = obs["workshops"][obs["to_move"]]
    placed = min(C.effort_result(CREATE, obs["turn"]["effort"]), ws["supply"])
    return f"place {placed} Artwork{'s' if placed != 1 else ''} from your supply in Florence"


def _centerpieces(state, obs, k, viewer):
    mover = obs["to_move"]
    owned = sum(1 for o in obs["centerpieces"].values() if o == mover)
    if owned == 1:
        return "place an Artwork in your one Centerpiece region"
    return f"place an Artwork in each of your {owned} Centerpiece regions"


def _region(state, obs, k, viewer):
    return f"place an Artwork from your supply in {region(k)} (your Centerpiece)"


def _lodge(state, obs, k, viewer):
    a, b = divmod(k, 4)
    return (
        f"lay a Collector from the {colour(a)} Lodge area down in the {colour(b)} "
        f"area (gain a {colour(a)} Resource)"
    )


def _upgrade_hand(state, obs, k, viewer):
    old, new = divmod(k, A.T)
    mover = obs["to_move"]
    ws = obs["workshops"][mover]
    vp = _effort(obs, mover, old) * _vp_multiplier(obs)
    where = "in your hand" if playing_pile(ws) == "hand" else "among your set-aside cards"
    return f"upgrade {card_short(old)} {where} to {card(new)}, scoring {vp} VP"


def _upgrade_board(state, obs, k, viewer):
    index, new = divmod(k, A.T)
    mover = obs["to_move"]
    shown, dest, _ = obs["workshops"][mover]["board"][index]
    if shown == "?":
        # Face down to the viewer: the upgrade shows the old card (7: upgrades are
        # public), so name it from what the viewer sees afterwards.
        after = state.clone()
        after.apply(_action_id("upgrade_board", k))
        old = _deck_loss(obs, view(after, viewer), mover)
        what = f"the face-down Gossip card ({card_short(old)}, now shown)"
    else:
        old = _card_index(shown)
        place = "your Gossip slot" if dest == "gossip" else space(C.space_names.index(dest))
        what = f"{card_short(old)} on {place}"
    vp = C.card_publicity[old] * _vp_multiplier(obs)
    return (
        f"upgrade your {ORDINALS[index]} card this round, {what}, to {card(new)}, scoring {vp} VP"
    )


def _action_id(kind: str, k: int) -> int:
    return dict(A.KINDS)[kind] + k


def _deck_loss(before: dict, after: dict, seat: int) -> int:
    """The card that left seat's deck between two views (an upgrade's old card)."""
    old, new = before["workshops"][seat]["deck"], after["workshops"][seat]["deck"]
    for name, count in old.items():
        if new.get(name, 0) < count:
            return _card_index(name)
    raise ValueError("no card left the deck")


def _cover(state, obs, k, viewer):
    b, c = divmod(k, 4)
    return (
        f"place an Upgrade marker on a {colour(c)} icon of the {C.blueprint_titles[b]} "
        "Blueprint (that Resource need not be paid)"
    )


def _edge(state, obs, k, viewer):
    if k < C.num_rows:
        line = f"row {k + 1}"
    else:
        line = f"column {k - C.num_rows + 1}"
    return (
        f"place a Workshop Upgrade tile on the {colour(C.edge_colour[k])} cost space of "
        f"Sistine {line} (its tiles no longer cost that)"
    )


def _take(state, obs, k, viewer):
    char = obs["turn"]["character"]
    other = 1 - "AB".index(char) if char else 0
    return f"take a {colour(k)} Resource into {section(other)}"


def _merchant(state, obs, k, viewer):
    c, s = divmod(k, 2)
    amount = obs["turn"]["ap"]
    return f"take {amount} {colour(c)} Resources into {section(s)}"


def _costs(need: list[int], any_colour: int) -> str:
    parts = [f"{n} {colour(c)}" for c, n in enumerate(need) if n]
    if any_colour:
        parts.append(f"{any_colour} of any colour")
    return ", ".join(parts) or "nothing"


def _build_blueprint(state, obs, b, viewer):
    covered = obs["blueprints"][C.blueprint_names[b]]["covered"]
    need = [C.blueprint_icons[b][c] - covered.get(C.colour_names[c], 0) for c in range(4)]
    return (
        f"complete the {C.blueprint_titles[b]} Blueprint: pay {_costs(need, 0)}, "
        f"score {C.blueprint_vp[b]} VP"
    )


def fresco_cost(obs: dict, f: int) -> tuple[list[int], int]:
    row, col = divmod(f, C.num_columns)
    covered = obs["sistine"]["covered"]
    need = [0] * 4
    if C.edge_names[row] not in covered:
        need[C.row_colour[row]] += 1
    if C.edge_names[C.num_rows + col] not in covered:
        need[C.column_colour[col]] += 1
    return need, (C.min_cost if sum(need) == 0 else 0)


def _build_fresco(state, obs, f, viewer):
    row, col = divmod(f, C.num_columns)
    return (
        f"paint the Sistine tile in row {row + 1}, column {col + 1}: pay "
        f"{_costs(*fresco_cost(obs, f))}, score {C.row_vp[row]} VP"
    )


def _pay(state, obs, k, viewer):
    c, s = divmod(k, 2)
    return f"pay a {colour(c)} Resource from {section(s)}"


_MOVES = {
    "play": _play,
    "aside": _aside,
    "use": _use,
    "spend": _spend,
    "relocate": _relocate,
    "done": _done,
    "florence": _florence,
    "centerpieces": _centerpieces,
    "region": _region,
    "lodge": _lodge,
    "upgrade_hand": _upgrade_hand,
    "upgrade_board": _upgrade_board,
    "cover": _cover,
    "edge": _edge,
    "take": _take,
    "merchant": _merchant,
    "build_blueprint": _build_blueprint,
    "build_fresco": _build_fresco,
    "pay": _pay,
}


def _deal(obs, t, viewer):
    seat = _draw_seat(obs)
    if viewer is not None and viewer != seat:
        return f"{workshop(seat)} draws a card"
    return f"{workshop(seat)} draws {card(t)}"


def _refill(obs, t, viewer):
    seat = obs["mover"] if obs["phase"] == "refill" else _display_seat(obs)
    return f"{card(t)} comes into the Upgrade display of {workshop(seat)}"


def _tile(obs, k, viewer):
    where = C.bonus_spaces[obs["study_tiles"].index(None)]
    kind = C.tile_kind[k]
    text = _TILE_TEXT[("vp", "resource", "benefactor", "artwork", "vp_per_centerpiece")[kind]]
    return f"the Study Bonus tile '{text.format(n=C.tile_amount[k])}' goes on Study space {where}"


def _patroness(obs, p, viewer):
    kinds = ("tier", "centerpiece", "florence", "gallery", "project", "upgrade")
    text = _PATRONESS_TEXT[kinds[C.patroness_kind[p]]].format(vp=C.patroness_vp[p])
    if C.patroness_cap[p]:
        text += f" (at most {C.patroness_cap[p]})"
    return f"the {C.patroness_names[p].capitalize()} Patroness is revealed: {text} at game end"


def _first(obs, seat, viewer):
    return f"{workshop(seat)} plays first"


def _benefactor(obs, b, viewer):
    return f"{workshop(obs['mover'])} gains a {C.benefactor_names[b].capitalize()} Benefactor"


def _gray(obs, r, viewer):
    return f"{region(r)} turns gray: no Artwork may end a move there"


_CHANCE = {
    "deal": _deal,
    "refill": _refill,
    "tile": _tile,
    "patroness": _patroness,
    "first": _first,
    "benefactor": _benefactor,
    "gray": _gray,
}


# ---- why an action is illegal --------------------------------------------------------------

# What each phase waits for, as an instruction to the seat to act.
_PHASE_WANTS = {
    "aside": "set 3 of your 8 cards aside first (spec 3.1)",
    "turn": "play a card (or use a Benefactor) first (spec 3.2)",
    "courier": "move one Artwork for the Courier first (spec 1.10)",
    "merchant": "choose the colour and section of the Merchant's Resources (spec 1.10)",
    "bonus": "choose how many matching Resources to spend first (spec 3.2)",
    "move": "move your Artworks, or end the Move with done (spec 4.1)",
    "create": "choose where Create places Artworks: florence or centerpieces (spec 4.2)",
    "regions": "choose the Centerpiece regions that get an Artwork (spec 4.2)",
    "influence": "move a standing Collector, or stop with done (spec 4.3)",
    "upgrade": "take this Study space's upgrade first (spec 4.4)",
    "cover": "place your next Upgrade marker first (spec 4.6)",
    "colour": "choose the colour of the bonus tile's Resource (spec 1.7)",
    "projects": "complete a project, or end your turn with done (spec 3.2)",
    "pay": "pay the Sistine tile's Resources first (spec 1.8)",
}
# The kinds of action each phase takes.
_PHASE_KINDS = {
    "aside": {"aside"},
    "turn": {"play", "use"},
    "courier": {"relocate"},
    "merchant": {"merchant"},
    "bonus": {"spend"},
    "move": {"relocate", "done"},
    "create": {"florence", "centerpieces"},
    "regions": {"region"},
    "influence": {"lodge", "done"},
    "upgrade": {"upgrade_hand", "upgrade_board", "cover", "edge"},
    "cover": {"cover"},
    "colour": {"take"},
    "projects": {"build_blueprint", "build_fresco", "done"},
    "pay": {"pay"},
}


def illegal_reason(state, action) -> str | None:
    """One line from the rules on why `action` cannot be played now; None if it can.
    Written from the acting seat's view, so it names nothing that seat cannot see."""
    if not is_int(action):
        return "an action is a move of this game, written in its notation"
    if not 0 <= action < A.NUM_ACTIONS:
        return "that is no action of this game"
    if state.is_terminal():
        return "the game is over after its last round: nothing more can be played (spec 6)"
    if action in state.legal_actions():
        return None
    kind, k = A.kind_of(action)
    if state.is_chance_node():
        if kind in _CHANCE:
            return "that cannot come up now: it is not among the possible outcomes"
        return "a chance event comes first (a card drawn or a tile placed): nobody chooses it"
    if kind in _CHANCE:
        return "that is a chance event (a draw or a reveal), not a move anyone chooses"
    seat = state.current_player()
    obs = state.observation(seat)
    phase = obs["phase"]
    if kind not in _PHASE_KINDS[phase]:
        return _PHASE_WANTS[phase]
    reason = _REASONS.get(kind, lambda obs, k, seat: None)(obs, k, seat)
    return reason or _PHASE_WANTS[phase]


def _why_play(obs, k, seat):
    t, dest = divmod(k, A.DESTINATIONS)
    ws = obs["workshops"][seat]
    pile = playing_pile(ws)
    if dest == C.gossip and any(slot[1] == "gossip" for slot in ws["board"]):
        return "you have played your one Gossip card this round already (spec 5.3)"
    name = C.card_names[t]
    if pile == "hand" and ws["aside"].get(name):
        return "set-aside cards are played only once your hand is empty (spec 3.1)"
    return f"you hold no {card_short(t)} in {pile_words(ws)} (spec 3.2)"


def _why_use(obs, b, seat):
    ws = obs["workshops"][seat]
    name = C.benefactor_names[b].capitalize()
    if obs["turn"]["benefactor_used"]:
        return "one Benefactor a turn, and you have used one (spec 5.2)"
    if not ws["benefactors"].get(C.benefactor_names[b]):
        return f"you hold no {name} Benefactor (spec 5.2)"
    if C.benefactor_kind[b] == 3:
        return f"your reserve is empty, so the {name} has nothing to place (spec 1.10)"
    return f"none of your Artworks can move for the {name} (spec 1.10)"


def _why_spend(obs, k, seat):
    slot = played_slot(obs)
    c = C.space_colour[C.space_names.index(slot[1])]
    char = obs["turn"]["character"]
    have = obs["workshops"][seat]["resources"][char].get(C.colour_names[c], 0)
    return (
        f"{section('AB'.index(char))} holds only {have} {colour(c)} Resource"
        f"{'s' if have != 1 else ''} (spec 3.2)"
    )


def _why_relocate(obs, k, seat):
    a, b = divmod(k, C.num_regions)
    ws = obs["workshops"][seat]
    here = ws["artworks"].get(C.region_names[a], 0)
    if obs["centerpieces"].get(C.region_names[a]) == seat:
        here -= 1
    if a == b:
        return "an Artwork moves to another region (spec 4.1)"
    if here <= 0:
        return f"you have no Artwork in {region(a)} that can move (a Centerpiece stays, spec 4.1)"
    if C.region_names[b] in obs["gray"]:
        return f"{region(b)} is gray: no Artwork may end a move there (spec 4.1)"
    ap = obs["turn"]["ap"]
    if C.distance[a][b] > ap:
        return (
            f"{region(b)} is {C.distance[a][b]} steps from {region(a)}, and you have "
            f"{ap} Action Point{'s' if ap != 1 else ''} left (spec 4.1)"
        )
    return "list the Artworks' moves in the order the list shows them (one order a Move)"


def _why_region(obs, r, seat):
    if obs["centerpieces"].get(C.region_names[r]) != seat:
        return f"you hold no Centerpiece in {region(r)} (spec 4.2)"
    return "choose the regions in the order the list shows them (one order a choice)"


def _why_lodge(obs, k, seat):
    a, b = divmod(k, 4)
    if a == b:
        return "a Collector moves to a different Lodge area (spec 4.3)"
    if not obs["lodge"]["standing"].get(C.colour_names[a]):
        return (
            f"no Collector stands in the {colour(a)} area; lying ones wait for the "
            "next round (spec 4.3)"
        )
    if obs["turn"]["ap"] <= 0:
        return "you have no Influence Action Points left (spec 4.3)"
    return "list the Collectors' moves in the order the list shows them (one order a choice)"


def _study_reward(obs, seat) -> int:
    space_no = obs["workshops"][seat]["study"]
    return C.track_kind[space_no]


def _why_upgrade_card(obs, k, seat, board: bool):
    if obs["phase"] == "upgrade" and _study_reward(obs, seat) == REWARD_WORKSHOP:
        return "this Study space upgrades your Workshop, not a card (spec 1.7)"
    ws = obs["workshops"][seat]
    first, new = divmod(k, A.T)
    if not ws["display"].get(C.card_names[new]):
        return f"{card_short(new)} is not in your Upgrade display (spec 4.5)"
    if board:
        if first >= len(ws["board"]):
            return f"you have no {ORDINALS[first]} card on the board this round (spec 4.5)"
        return None
    pile = playing_pile(ws)
    if pile == "hand" and ws["aside"].get(C.card_names[first]):
        return "set-aside cards can be upgraded only once your hand is empty (spec 3.1)"
    return f"you hold no {card_short(first)} in {pile_words(ws)} (spec 4.5)"


def _why_workshop(obs, seat, kind: str):
    if obs["phase"] == "upgrade" and _study_reward(obs, seat) == REWARD_CARD:
        return "this Study space upgrades a card, not your Workshop (spec 1.7)"
    if kind == "cover" and seat != 0:
        return "Upgrade markers on Blueprints are da Vinci's; Michelangelo places tiles"
    if kind == "edge" and seat != 1:
        return "Sistine cost spaces are Michelangelo's; da Vinci places markers"
    return None


def _why_cover(obs, k, seat):
    reason = _why_workshop(obs, seat, "cover")
    if reason:
        return reason
    b, c = divmod(k, 4)
    if obs["markers"] <= 0:
        return "you have no Upgrade markers left (spec 4.6)"
    covered = obs["blueprints"][C.blueprint_names[b]]["covered"]
    left = [C.blueprint_icons[b][x] - covered.get(C.colour_names[x], 0) for x in range(4)]
    if not left[c]:
        return f"the {C.blueprint_titles[b]} has no uncovered {colour(c)} icon (spec 4.6)"
    return f"the {C.blueprint_titles[b]} must keep one icon uncovered (spec 4.6)"


def _why_edge(obs, e, seat):
    reason = _why_workshop(obs, seat, "edge")
    if reason:
        return reason
    if obs["sistine"]["tiles"] <= 0:
        return "you have no Workshop Upgrade tiles left (spec 4.6)"
    return "that cost space is covered already (spec 4.6)"


def _why_build(obs, k, seat, fresco: bool):
    if fresco != (seat == 1):
        return "Blueprints are da Vinci's, Sistine tiles Michelangelo's (spec 1.8)"
    if fresco:
        name = C.fresco_names[k]
        if name in obs["sistine"]["done"]:
            return "that Sistine tile is painted already (spec 1.8)"
        need, any_colour = fresco_cost(obs, k)
        what = f"the Sistine tile in row {k // C.num_columns + 1}, column {k % C.num_columns + 1}"
    else:
        if obs["blueprints"][C.blueprint_names[k]]["done"]:
            return f"the {C.blueprint_titles[k]} is complete already (spec 1.8)"
        covered = obs["blueprints"][C.blueprint_names[k]]["covered"]
        need = [C.blueprint_icons[k][c] - covered.get(C.colour_names[c], 0) for c in range(4)]
        any_colour = 0
        what = f"the {C.blueprint_titles[k]}"
    return f"you cannot pay for {what}: it needs {_costs(need, any_colour)} (spec 3.2)"


def _why_pay(obs, k, seat):
    c, s = divmod(k, 2)
    have = obs["workshops"][seat]["resources"][A.SECTIONS[s]].get(C.colour_names[c], 0)
    if not have:
        return f"{section(s)} holds no {colour(c)} Resource"
    owed = obs["turn"]["pay"]
    if not obs["turn"]["pay_any"] and not owed.get(C.colour_names[c]):
        return f"the tile owes no {colour(c)} Resource"
    return "pay in the order the list shows (one order a payment)"


_REASONS = {
    "play": _why_play,
    "use": _why_use,
    "spend": _why_spend,
    "relocate": _why_relocate,
    "region": _why_region,
    "lodge": _why_lodge,
    "upgrade_hand": lambda obs, k, seat: _why_upgrade_card(obs, k, seat, False),
    "upgrade_board": lambda obs, k, seat: _why_upgrade_card(obs, k, seat, True),
    "cover": _why_cover,
    "edge": _why_edge,
    "build_blueprint": lambda obs, k, seat: _why_build(obs, k, seat, False),
    "build_fresco": lambda obs, k, seat: _why_build(obs, k, seat, True),
    "pay": _why_pay,
}
