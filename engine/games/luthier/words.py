"""Luthier in plain words for a person: an action as one seat sees it (`describe`), why
an action cannot be played now (`illegal_reason`), the names of cards, bundles and
places in words, and the rules summary and notation legend (`RULES`, `NOTATION`).
Sections cited are those of shared/rules/luthier.md.

Every text is written from the fields of the seat's observation (views.py masks
what it cannot see), never from the whole state: another seat's face-down worker
reads "a face-down worker", its secret deals "one of its dealt ...", and a card
drawn into a hidden hand "an instrument card"; only its owner is told which.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.errors import IllegalActionError
from engine.games.luthier import codec as C
from engine.games.luthier import tables as T
from engine.games.luthier import views
from engine.games.luthier.actions import BASE, GOAL_PAIRS, kind_of, notation

RULES = """\
6 rounds. Each round the seats place their workers (#1 #3 #5; #2 from round
3, #4 from round 5) face down on the Salon, Guild, Performance, Repair,
Balcony or their own benches, each with 0-3 apprentices (+1 skill each).
Then, in turn order, a seat activates one of its locations (its workers
there turn up and act, highest skill first), visits the market, or passes.
Salon: a patron; Guild: an instrument plan; Performance: dice for a card;
Repair: a repair card; Balcony: an award level and the next turn order.
Tiers II/III cost 4/8 coins or inspiration; any worker may take 2 coins.
Rough, then finish an instrument: PP, a token in the orchestra (First
Chairs) and a patron's requirement met; completed patrons give PP and
abilities. Most Prestige (PP) after round 6 wins."""

NOTATION = """\
w5@salon+2: worker #5 on the salon with 2 apprentices (salon guild
perform repair balcony rough finish); go@guild activates your workers
there; market; pass; take0-take5 a face-up card by slot; alt, alt2 the other
reward; coins2 the 2-coin fallback; search:composer etc.; pay:2i pays 2
inspiration, the rest in coins; space0-2 a workbench space; rough0, finish1
a bench slot; buy:, sell:, gain:, drop:, waive:, sub: a material; hire;
train:perform; leave; seat:NAME an orchestra space; claim0M:royal an award
slot, level L/M/R and marker; family0, goals02, patron1>space0 at setup.
Chance: draw:NAME a card, notes3 a die, purple0-5, reveal, nothing.
Notation is not case-sensitive."""

LOCATION_WORDS = (
    "the salon",
    "the guild",
    "the performance space",
    "the repair space",
    "the balcony",
    "your roughing bench",
    "your finishing bench",
)
PERKS = ("a royal patron", "the purple die", "extra storage")
DECK_WORDS = {
    C.DK_INSTR: "an instrument card",
    C.DK_PATRON: "a patron card",
    C.DK_GOAL: "a goal card",
    C.DK_FAMILY: "a family tile",
    C.DK_ROYAL: "a royal patron card",
    C.DK_SPEC: "a specialist card",
}
PUBLIC_DESTS = (C.DEST_DISPLAY, C.DEST_AWARD, C.DEST_MARKET, C.DEST_ORCH)
PRIVATE_DESTS = (
    C.DEST_HAND,
    C.DEST_KEEP,
    C.DEST_DEAL_INSTR,
    C.DEST_DEAL_PATRON,
    C.DEST_FAMILY,
    C.DEST_GOAL,
)


def bundle_text(counts) -> str:
    """A gift or reward in words: "4 coins 1 wood"."""
    words = {"material": "material of choice", "pp": "PP", "draw": "instrument draw"}
    return (
        " ".join(
            f"{n} {words.get(key, key)}" for key, n in zip(T.BUNDLE_KEYS, counts, strict=False) if n
        )
        or "nothing"
    )


def range_of(action: int) -> tuple[str, int]:
    """(kind name, offset in its range) of an action id (actions.KINDS)."""
    try:
        return kind_of(action)
    except ValueError as error:
        raise IllegalActionError(str(error)) from None


@dataclass
class Seen:
    """A position as one seat (or a referee, seat None) sees it: masked fields."""

    f: dict
    t: T.Tables
    viewer: int | None
    mover: int  # the seat to move, or CHANCE / TERMINAL

    def who(self, seat: int) -> str:
        return "you" if self.viewer == seat else f"seat {seat}"

    def sees(self, seat: int) -> bool:
        """Whether what is dealt to `seat` in secret may be named."""
        return self.viewer is None or self.viewer == seat

    def pl(self, seat: int) -> dict:
        return self.f["players"][seat]

    def task(self) -> list:
        return self.f["tasks"][self.f["task_n"] - 1] if self.f["task_n"] else [0, -1, 0, 0, 0]

    def overflowing(self) -> int:
        for p in range(self.f["num_players"]):
            pl = self.pl(p)
            if sum(pl["mat"]) > self.t.storage + self.t.extra_storage * pl["marker"][T.M_STORAGE]:
                return p
        return -1

    def card(self, g: int) -> str:
        return self.t.card_name(g)

    def tier_cost(self, seat: int, slot: int) -> int:
        tier = self.t.slot_tier[slot] - 1
        if self.pl(seat)["track"][T.T_REP] >= self.t.tier_free_rep[tier]:
            return 0
        return self.t.tier_cost[tier]


def seen_by(state, viewer) -> Seen:
    t = T.load_tables()
    if viewer is None:
        fields = C.decode(state.to_dict(), t)
    else:
        state._check_seat(viewer)
        _, _, fields = views.parse_observation(state.observation(viewer), t)
    return Seen(fields, t, viewer, state.current_player())


# ---- describe ------------------------------------------------------------------------------


def describe(state, action, viewer=None) -> str:
    notation().to_str(action)  # IllegalActionError for an id that names nothing
    seen = seen_by(state, viewer)
    name, k = range_of(action)
    if state.is_chance_node():
        return _chance(seen, name, k)
    return _move(seen, name, k)


def _chance(s: Seen, name: str, k: int) -> str:
    return CHANCE_WORDS.get(name, _card_words)(s, k)


def _reveal_words(s: Seen, k: int) -> str:
    p = s.task()[1]
    below = s.f["tasks"][s.f["task_n"] - 2] if s.f["task_n"] > 1 else [0] * 5
    if p < 0:
        return "the chosen family tiles are turned up"
    if below[0] == C.T_ACTIVATE:
        where = LOCATION_WORDS[below[2]].replace("your", "the")
        return f"the face-down workers on {where} are turned up"
    deck = "royal patron" if below[0] == C.D_ROYAL else "specialist"
    return f"{s.who(p)} {'look' if s.viewer == p else 'looks'} through the {deck} deck"


def _card_words(s: Seen, g: int) -> str:
    kind, p, a, b, c = s.task()
    if kind == C.C_SEARCH:
        private = a == T.GUILD
        if private and not s.sees(p):
            return f"{s.who(p)} {'find' if s.viewer == p else 'finds'} an instrument card"
        return f"the search finds {s.card(g)}"
    deck, dest = a, b
    if dest in PUBLIC_DESTS:
        return _public_draw(s, dest, c, g)
    verb = "are" if s.viewer == p else "is"
    if dest == C.DEST_HAND:
        card = s.card(g) if s.sees(p) else DECK_WORDS[deck]
        return f"{s.who(p)} {'draw' if s.viewer == p else 'draws'} {card} into hand"
    if dest in PRIVATE_DESTS and s.sees(p):
        return f"{s.who(p)} {verb} dealt {s.card(g)}" + _where(dest)
    if dest in PRIVATE_DESTS:
        return f"{s.who(p)} {verb} dealt {DECK_WORDS.get(deck, 'a card')}" + _where(dest)
    pile = "royal patron deck" if dest == C.DEST_ROYAL_CUT else "specialist deck"
    if s.viewer is None:
        return f"{s.card(g)} goes into the {pile}"
    return f"{DECK_WORDS.get(deck, 'a card')} goes face down into the {pile}"


# A chance outcome in words, by kind, from (seen, offset in the kind); a card drawn
# (CARD) and any other kind read as a card's.
CHANCE_WORDS = {
    "NOTES": lambda s, k: f"the {('first', 'second')[s.task()[2]]} die shows {_notes(k)}",
    "PURPLE": lambda s, k: f"the purple die shows {bundle_text(s.t.purple[k])}",
    "REVEAL": _reveal_words,
    "NOTHING": lambda s, k: "the search finds no matching card",
}


def _notes(n: int) -> str:
    return f"{n} note" + ("" if n == 1 else "s")


def _where(dest: int) -> str:
    return {
        C.DEST_HAND: " into hand",
        C.DEST_KEEP: " to choose from",
        C.DEST_DEAL_INSTR: " to choose from",
        C.DEST_DEAL_PATRON: " to choose from",
        C.DEST_FAMILY: " to choose from",
        C.DEST_GOAL: " to choose from",
    }[dest]


def _public_draw(s: Seen, dest: int, index: int, g: int) -> str:
    if dest == C.DEST_DISPLAY:
        loc, slot = divmod(index, T.MAX_SLOTS)
        tier = "I" * s.t.slot_tier[slot]
        return f"{s.card(g)} is laid out at {LOCATION_WORDS[loc]}, tier {tier}"
    if dest == C.DEST_AWARD:
        return f"the common award {s.card(g)} is drawn"
    if dest == C.DEST_MARKET:
        prices = s.t.market_price[g - T.G_MARKET]
        return (
            f"the market card is {s.card(g)}: animal {prices[0]}, wood {prices[1]}, "
            f"metal {prices[2]}"
        )
    return f"the orchestra setup card is {s.card(g)}"


def _move(s: Seen, name: str, k: int) -> str:
    if s.overflowing() >= 0:
        return f"discard 1 {T.MATERIALS[k]}: storage is over its limit"
    kind, p = s.task()[:2]
    if kind == C.D_CHIP and name not in _ANY_DECISION:
        return CHIP_WORDS.get(name, _bench_words)(s, p, name, k)
    words = MOVE_WORDS.get(name)
    return words(s, p, k) if words else notation().to_str(BASE[name] + k)


def _family_words(s: Seen, p: int, k: int) -> str:
    if not s.sees(p):
        return "keep one of the two dealt family tiles"
    tile = s.pl(p)["family"][k]
    return f"keep the family tile {s.t.family_name[tile]} (turn order {s.t.family_order[tile]})"


def _goals_words(s: Seen, p: int, k: int) -> str:
    if not s.sees(p):
        return "keep two of the four dealt goals"
    goals, (i, j) = s.pl(p)["goals"], GOAL_PAIRS[k]
    return f"keep the goals {s.t.goal_name[goals[i]]} and {s.t.goal_name[goals[j]]}"


def _patron_words(s: Seen, p: int, k: int) -> str:
    i, space = divmod(k, 3)
    where = _space_words(s.t, space)
    if not s.sees(p):
        return f"keep one dealt patron on {where}"
    return f"keep the patron {s.t.patron_name[s.pl(p)['deal_patron'][i]]} on {where}"


def _keep_words(s: Seen, p: int, k: int) -> str:
    if not s.sees(p):
        return "keep one of the instruments to choose from; the rest go under the deck"
    return f"keep the {s.t.kind_name[k]}; the rest go under the instrument deck"


def _swap_words(s: Seen, p: int, k: int) -> str:
    slot, kind = divmod(k, T.MAX_KINDS)
    old = s.t.kind_name[s.pl(p)["rough"][slot]]
    return f"load the {s.t.kind_name[kind]} onto the roughing bench; the {old} goes to hand"


def _place_words(s: Seen, p: int, k: int) -> str:
    chip, rest = divmod(k, T.NUM_LOCATIONS * 4)
    loc, appr = divmod(rest, 4)
    worker = f"worker #{chip + 1} face down" if s.sees(p) else "a face-down worker"
    extra = f" with {appr} apprentice" + ("" if appr == 1 else "s") if appr else ""
    return f"place {worker} on {LOCATION_WORDS[loc]}{extra}"


def _pay_words(s: Seen, p: int, k: int) -> str:
    amount = s.task()[2]
    coins = amount - k
    return f"pay {amount} with {k} inspiration and {coins} coin" + ("" if coins == 1 else "s")


def _gift_words(s: Seen, p: int, k: int) -> str:
    space, gift = divmod(k, 2)
    patron = s.pl(p)["patron"][space]
    return (
        f"ease {s.t.patron_name[patron]}'s patience and take the gift "
        f"{bundle_text(s.t.patron_gifts[patron][gift])}"
    )


def _reroll_words(s: Seen, p: int, k: int) -> str:
    colour = "black" if s.f["die_black"][k] else "white"
    return f"reroll the {('first', 'second')[k]} die ({colour}, {_notes(s.f['dice'][k])})"


def _inspire_words(s: Seen, p: int, k: int) -> str:
    total = _performance_base(s, p) + k
    if not k:
        return f"spend no inspiration: the performance totals {total}"
    return f"spend {k} inspiration: the performance totals {total}"


def _below_words(s: Seen, p: int, k: int) -> str:
    times = s.task()[2]
    if k == 0:
        return f"below the line, take {s.t.below_coins * times} coins"
    return f"below the line, take {s.t.below_insp * times} inspiration"


def _owed(s: Seen) -> str:
    return ", ".join(f"{n} {m}" for m, n in zip(T.MATERIALS, s.f["cost"], strict=False) if n)


def _claim_words(s: Seen, p: int, k: int) -> str:
    slot, rest = divmod(k, 9)
    level, marker = divmod(rest, 3)
    tile = s.f["awards"][slot]
    return (
        f"claim the {T.LEVELS[level]} level of award {s.t.award_name[tile]} "
        f"({s.t.award_pp[tile][level]} PP), uncovering {PERKS[marker]}"
    )


def _price(s: Seen, k: int) -> int:
    return s.t.market_price[s.f["market"]][k] if s.f["market"] >= 0 else 0


def _again_words(name: str):
    def words(s: Seen, p: int, k: int) -> str:
        return f"{_bench_words(s, p, name, k)} as well"

    return words


# Every decision's action kinds that read the same whatever the task (describe).
_ANY_DECISION = {
    "FAMILY", "GOALS", "PATRON", "KEEP", "GAIN", "NOLOAD", "LOAD", "SWAP", "PLACE",
    "ACTIVATE", "MARKET", "PASS",
}  # fmt: skip
# An action in words, by kind (actions.KINDS), from (seen, seat, offset in the kind);
# a kind with no entry reads as its notation.
MOVE_WORDS = {
    "FAMILY": _family_words,
    "GOALS": _goals_words,
    "PATRON": _patron_words,
    "KEEP": _keep_words,
    "GAIN": lambda s, p, k: f"take 1 {T.MATERIALS[k]}",
    "NOLOAD": lambda s, p, k: "load nothing onto the roughing bench",
    "LOAD": lambda s, p, k: f"load the {s.t.kind_name[k]} from hand onto the roughing bench",
    "SWAP": _swap_words,
    "PLACE": _place_words,
    "ACTIVATE": lambda s, p, k: f"activate the workers on {LOCATION_WORDS[k]}",
    "MARKET": lambda s, p, k: "go to the market",
    "PASS": lambda s, p, k: "pass for the rest of the round",
    "PAY": _pay_words,
    "SPACE": lambda s, p, k: f"put {s.t.patron_name[s.f['held_patron']]} on {_space_words(s.t, k)}",
    "GIFT": _gift_words,
    "REROLL": _reroll_words,
    "KEEPDICE": lambda s, p, k: "keep the dice as they are",
    "INSPIRE": _inspire_words,
    "SEAT": lambda s, p, k: (
        f"put the {T.TOKEN_KINDS[s.task()[2]]} token on the {s.t.space_name[k]} space"
    ),
    "BELOW": _below_words,
    "DOUBLE": lambda s, p, k: (
        "keep the doubling for the second instrument"
        if k
        else "double this instrument's orchestra bonus now"
    ),
    "TUCK": lambda s, p, k: (
        f"give the {s.card(s.f['held'])} to {s.t.patron_name[s.pl(p)['patron'][k]]}"
    ),
    "NOTUCK": lambda s, p, k: f"give the {s.card(s.f['held'])} to no patron (discard it)",
    "WAIVE": lambda s, p, k: f"use a free reduction: 1 {T.MATERIALS[k]} fewer",
    "SUB": lambda s, p, k: f"pay 2 inspiration instead of 1 {T.MATERIALS[k]}",
    "PAYCOST": lambda s, p, k: f"pay the materials: {_owed(s) or 'nothing'}",
    "RETURN": lambda s, p, k: (
        f"return the {s.t.kind_name[s.pl(p)['finish'][k]]} on the finishing bench to hand"
    ),
    "ROUGH": _again_words("ROUGH"),
    "FINISH": _again_words("FINISH"),
    "STOP": lambda s, p, k: "work no second instrument",
    "CLAIM": _claim_words,
    "ROYAL": lambda s, p, k: f"take the royal patron {s.t.patron_name[k]}",
    "SPEC": lambda s, p, k: (
        f"take the specialist {s.t.spec_name[k]} ({T.LOCATIONS[s.t.spec_loc[k]]})"
    ),
    "ASSIGN": lambda s, p, k: f"give the new specialist to worker #{k + 1}",
    "BUY": lambda s, p, k: f"buy 1 {T.MATERIALS[k]} for {_price(s, k)}",
    "SELL": lambda s, p, k: f"sell 1 {T.MATERIALS[k]} for {_price(s, k)} coins",
    "HIRE": lambda s, p, k: f"hire an apprentice for {s.t.market_apprentice} coins",
    "TRAIN": lambda s, p, k: f"train one step on the {T.TRACKS[k]} track for {s.t.market_training}",
    "LEAVE": lambda s, p, k: "leave the market",
}


def _space_words(t: T.Tables, space: int) -> str:
    return f"workbench space {space + 1} ({bundle_text(t.space_bonus_patron[space])})"


def _performance_base(s: Seen, p: int) -> int:
    f, t = s.f, s.t
    skill = f["placed"][f["act_chip"]][C.P_SKILL] if f["act_chip"] >= 0 else 0
    bonus = sum(
        t.patron_ab_value[c]
        for c in s.pl(p)["done"]
        if c >= 0 and t.patron_ability[c] == T.AB_PERFORM_BONUS
    )
    return max(f["dice"][0], 0) + max(f["dice"][1], 0) + skill + bonus


def _alt_words(s: Seen, p: int, name: str, k: int) -> str:
    loc = s.f["placed"][s.task()[2]][C.P_LOC]
    which = 5 if name == "ALT2" else {T.SALON: 0, T.GUILD: 1, T.PERFORM: 2}.get(loc, 3)
    if loc == T.BALCONY and name == "ALT":
        which = 4
    return f"take the alternative reward: {bundle_text(s.t.alt[which])}"


def _take_words(s: Seen, p: int, name: str, k: int) -> str:
    t, loc = s.t, s.f["placed"][s.task()[2]][C.P_LOC]
    card = s.f["display"][loc][k]
    cost = s.tier_cost(p, k)
    price = f", paying {cost}" if cost else ""
    verb = ("take the patron", "take the instrument plan", "perform", "repair")[loc]
    names = (t.patron_name, t.kind_name, t.perf_name, t.repair_name)[loc]
    return f"{verb} {names[card]} (tier {'I' * t.slot_tier[k]}{price})"


_SEARCHED = {"SEARCH_PATRON": T.PATRON_TYPES, "SEARCH_TYPE": T.TYPES, "SEARCH_ERA": T.ERAS}


def _search_words(s: Seen, p: int, name: str, k: int) -> str:
    return (
        f"search the deck for a {_SEARCHED[name][k]} card "
        f"(pay {s.t.search_cost}; the apprentices leave the game)"
    )


def _bench_words(s: Seen, p: int, name: str, k: int) -> str:
    bench = s.pl(p)["rough"] if name == "ROUGH" else s.pl(p)["finish"]
    return f"{name.lower()} the {s.t.kind_name[bench[k]]}"


# The revealed worker's actions in words (a D_CHIP decision), by kind, from (seen,
# seat, kind name, offset); any other kind reads as a bench's.
CHIP_WORDS = {
    "COINS2": lambda s, p, name, k: f"take {s.t.fallback_coins} coins instead of the action",
    "ALT": _alt_words,
    "ALT2": _alt_words,
    "TAKE": _take_words,
    "SEARCH_PATRON": _search_words,
    "SEARCH_TYPE": _search_words,
    "SEARCH_ERA": _search_words,
    "AWARD": lambda s, p, name, k: "claim an award level",
}


# ---- illegal_reason ------------------------------------------------------------------------


def illegal_reason(state, action):
    """Why `action` cannot be played now, from the rules, as the seat to move knows
    them; None if it can."""
    try:
        name, k = range_of(action)
        notation().to_str(action)
    except IllegalActionError:
        return "that is no Luthier action"
    if action in state.legal_actions():
        return None
    if state.is_terminal():
        return "the game is over"
    if state.is_chance_node():
        return "chance decides now (a card drawn, a die rolled or chips turned up)"
    if action >= BASE["CARD"]:
        return "that is a chance outcome, not a move: no seat chooses it"
    s = seen_by(state, state.current_player())
    if s.overflowing() >= 0:
        return "storage is over its limit: first discard a material you hold (4.10)"
    kind, p = s.task()[:2]
    asked = C.TASKS[kind].asks
    if name not in C.TASKS[kind].answers:
        return f"not now: you are to {asked}"
    reason = _specific_reason(s, p, kind, name, k)
    return reason or f"the rules do not allow that now: you are to {asked}"


def _specific_reason(s: Seen, p: int, kind: int, name: str, k: int):
    reason = REASONS.get(name)
    return reason(s, p, k) if reason else None


def _place_reason(s: Seen, p: int, k: int):
    f, pl = s.f, s.pl(p)
    chip, rest = divmod(k, T.NUM_LOCATIONS * 4)
    appr = rest % 4
    if chip not in views.owned_chips(f["round"]):
        joins = 3 if chip == 1 else 5
        return f"worker #{chip + 1} joins in round {joins} (4.0)"
    if any(e[C.P_OWNER] == p and e[C.P_CHIP] == chip for e in f["placed"][: f["placed_n"]]):
        return f"worker #{chip + 1} is placed already this round"
    if appr > pl["appr"]:
        return f"you have only {pl['appr']} apprentice(s) to send with it (4.2)"
    return None


def _take_reason(s: Seen, p: int, k: int):
    f, pl = s.f, s.pl(p)
    loc = f["placed"][s.task()[2]][C.P_LOC]
    if loc >= T.CARD_LOCATIONS or f["display"][loc][k] < 0:
        return "there is no face-up card in that display slot"
    cost = s.tier_cost(p, k)
    if pl["coins"] + pl["insp"] < cost:
        return f"that tier costs {cost} in coins and inspiration; you have less (4.4.0)"
    if loc == T.SALON and all(c >= 0 for c in pl["patron"]):
        return "your three patron spaces are full (4.0)"
    if loc == T.REPAIR:
        return "you cannot pay that repair's materials, even with inspiration (4.4.4)"
    return None


def _search_reason(s: Seen, p: int, k: int) -> str:
    return (
        f"a Search needs an apprentice on the worker, {s.t.search_cost} in coins and "
        "inspiration, and a free patron space at the salon (4.4.0)"
    )


def _buy_reason(s: Seen, p: int, k: int) -> str:
    if s.pl(p)["sold"][k]:
        return f"you sold {T.MATERIALS[k]} on this visit: not both (4.10)"
    return "your storage is full or you cannot pay the price (4.10)"


def _sell_reason(s: Seen, p: int, k: int) -> str:
    if s.pl(p)["bought"][k]:
        return f"you bought {T.MATERIALS[k]} on this visit: not both (4.10)"
    return f"you hold no {T.MATERIALS[k]}"


def _said(text: str):
    return lambda s, p, k: text


_BENCH_REASON = _said("that bench slot is empty, or you cannot pay its materials (4.5)")
_MATERIAL_REASON = _said(
    "you lack the materials (a reduction or 2 inspiration may stand in for one)"
)
# Why an action of a kind the decision asks for is not legal now, by kind, from
# (seen, seat, offset); None where the rules' general answer is all there is.
REASONS = {
    "PLACE": _place_reason,
    "ACTIVATE": lambda s, p, k: f"you have no face-down worker on {LOCATION_WORDS[k]}",
    "MARKET": _said("you have visited the market this round already (4.10)"),
    "PASS": _said("you still have face-down workers: activate them before passing (8.4)"),
    "TAKE": _take_reason,
    "SEARCH_PATRON": _search_reason,
    "SEARCH_TYPE": _search_reason,
    "SEARCH_ERA": _search_reason,
    "AWARD": _said("you qualify for no free award level with a marker left (4.9)"),
    "ROUGH": _BENCH_REASON,
    "FINISH": _BENCH_REASON,
    "PAY": lambda s, p, k: (
        f"pay {s.task()[2]} in coins and inspiration from what you hold, keeping "
        f"{s.task()[3]} inspiration back"
    ),
    "SPACE": _said("that workbench space holds a patron already"),
    "BUY": _buy_reason,
    "SELL": _sell_reason,
    "HIRE": lambda s, p, k: (
        f"an apprentice costs {s.t.market_apprentice} coins, and you may own at most "
        f"{s.t.apprentice_cap} (4.10)"
    ),
    "TRAIN": lambda s, p, k: (
        f"training costs {s.t.market_training} and cannot reach the track's final step (8.16)"
    ),
    "INSPIRE": _said("spend nothing, or exactly what reaches a level not yet reached (4.4.3)"),
    "TUCK": _said("that patron has no open requirement this card meets (4.6.2)"),
    "WAIVE": _MATERIAL_REASON,
    "SUB": _MATERIAL_REASON,
    "PAYCOST": _MATERIAL_REASON,
    "REROLL": _said("no rerolls are left"),
}
