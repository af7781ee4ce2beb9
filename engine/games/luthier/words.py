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
from engine.games.luthier.actions import BASE, GOAL_PAIRS, SIZE, notation

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
    """(range name, offset in it) of an action id (actions._LAYOUT)."""
    for name, base in BASE.items():
        if base <= action < base + SIZE[name]:
            return name, action - base
    raise IllegalActionError(f"no Luthier action has the number {action!r}")


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
    kind, p, a, b, c = s.task()
    t = s.t
    if name == "NOTES":
        return f"the {('first', 'second')[a]} die shows {_notes(k)}"
    if name == "PURPLE":
        return f"the purple die shows {bundle_text(t.purple[k])}"
    if name == "REVEAL":
        below = s.f["tasks"][s.f["task_n"] - 2] if s.f["task_n"] > 1 else [0] * 5
        if p < 0:
            return "the chosen family tiles are turned up"
        if below[0] == C.T_ACTIVATE:
            where = LOCATION_WORDS[below[2]].replace("your", "the")
            return f"the face-down workers on {where} are turned up"
        deck = "royal patron" if below[0] == C.D_ROYAL else "specialist"
        return f"{s.who(p)} {'look' if s.viewer == p else 'looks'} through the {deck} deck"
    if name == "NOTHING":
        return "the search finds no matching card"
    g = k
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
    f, t = s.f, s.t
    kind, p, a, b, c = s.task()
    if s.overflowing() >= 0:
        return f"discard 1 {T.MATERIALS[k]}: storage is over its limit"
    pl = s.pl(p)
    mine = s.sees(p)
    if name == "FAMILY":
        if not mine:
            return "keep one of the two dealt family tiles"
        tile = pl["family"][k]
        return f"keep the family tile {t.family_name[tile]} (turn order {t.family_order[tile]})"
    if name == "GOALS":
        if not mine:
            return "keep two of the four dealt goals"
        i, j = GOAL_PAIRS[k]
        return f"keep the goals {t.goal_name[pl['goals'][i]]} and {t.goal_name[pl['goals'][j]]}"
    if name == "PATRON":
        i, space = divmod(k, 3)
        where = _space_words(t, space)
        if not mine:
            return f"keep one dealt patron on {where}"
        return f"keep the patron {t.patron_name[pl['deal_patron'][i]]} on {where}"
    if name == "KEEP":
        if not mine:
            return "keep one of the instruments to choose from; the rest go under the deck"
        return f"keep the {t.kind_name[k]}; the rest go under the instrument deck"
    if name == "GAIN":
        return f"take 1 {T.MATERIALS[k]}"
    if name == "NOLOAD":
        return "load nothing onto the roughing bench"
    if name == "LOAD":
        return f"load the {t.kind_name[k]} from hand onto the roughing bench"
    if name == "SWAP":
        slot, kind_ = divmod(k, T.MAX_KINDS)
        old = t.kind_name[pl["rough"][slot]]
        return f"load the {t.kind_name[kind_]} onto the roughing bench; the {old} goes to hand"
    if name == "PLACE":
        chip, rest = divmod(k, T.NUM_LOCATIONS * 4)
        loc, appr = divmod(rest, 4)
        worker = f"worker #{chip + 1} face down" if mine else "a face-down worker"
        extra = f" with {appr} apprentice" + ("" if appr == 1 else "s") if appr else ""
        return f"place {worker} on {LOCATION_WORDS[loc]}{extra}"
    if name == "ACTIVATE":
        return f"activate the workers on {LOCATION_WORDS[k]}"
    if name == "MARKET":
        return "go to the market"
    if name == "PASS":
        return "pass for the rest of the round"
    if kind == C.D_CHIP:
        return _chip_action(s, p, f["placed"][a], name, k)
    if name == "PAY":
        coins = a - k
        return f"pay {a} with {k} inspiration and {coins} coin" + ("" if coins == 1 else "s")
    if name == "SPACE":
        return f"put {t.patron_name[f['held_patron']]} on {_space_words(t, k)}"
    if name == "GIFT":
        space, gift = divmod(k, 2)
        patron = t.patron_name[pl["patron"][space]]
        return (
            f"ease {patron}'s patience and take the gift "
            f"{bundle_text(t.patron_gifts[pl['patron'][space]][gift])}"
        )
    if name == "REROLL":
        colour = "black" if f["die_black"][k] else "white"
        shown = f["dice"][k]
        return f"reroll the {('first', 'second')[k]} die ({colour}, {_notes(shown)})"
    if name == "KEEPDICE":
        return "keep the dice as they are"
    if name == "INSPIRE":
        total = _performance_base(s, p) + k
        if not k:
            return f"spend no inspiration: the performance totals {total}"
        return f"spend {k} inspiration: the performance totals {total}"
    if name == "SEAT":
        return f"put the {T.TOKEN_KINDS[a]} token on the {t.space_name[k]} space"
    if name == "BELOW":
        if k == 0:
            return f"below the line, take {t.below_coins * a} coins"
        return f"below the line, take {t.below_insp * a} inspiration"
    if name == "DOUBLE":
        if k == 0:
            return "double this instrument's orchestra bonus now"
        return "keep the doubling for the second instrument"
    if name == "TUCK":
        patron = t.patron_name[pl["patron"][k]]
        return f"give the {s.card(f['held'])} to {patron}"
    if name == "NOTUCK":
        return f"give the {s.card(f['held'])} to no patron (discard it)"
    if name == "WAIVE":
        return f"use a free reduction: 1 {T.MATERIALS[k]} fewer"
    if name == "SUB":
        return f"pay 2 inspiration instead of 1 {T.MATERIALS[k]}"
    if name == "PAYCOST":
        owed = ", ".join(f"{n} {m}" for m, n in zip(T.MATERIALS, f["cost"], strict=False) if n)
        return f"pay the materials: {owed or 'nothing'}"
    if name == "RETURN":
        return f"return the {t.kind_name[pl['finish'][k]]} on the finishing bench to hand"
    if name in ("ROUGH", "FINISH"):
        bench = pl["rough"] if name == "ROUGH" else pl["finish"]
        return f"{name.lower()} the {t.kind_name[bench[k]]} as well"
    if name == "STOP":
        return "work no second instrument"
    if name == "CLAIM":
        slot, rest = divmod(k, 9)
        level, marker = divmod(rest, 3)
        tile = f["awards"][slot]
        return (
            f"claim the {T.LEVELS[level]} level of award {t.award_name[tile]} "
            f"({t.award_pp[tile][level]} PP), uncovering {PERKS[marker]}"
        )
    if name == "ROYAL":
        return f"take the royal patron {t.patron_name[k]}"
    if name == "SPEC":
        return f"take the specialist {t.spec_name[k]} ({T.LOCATIONS[t.spec_loc[k]]})"
    if name == "ASSIGN":
        return f"give the new specialist to worker #{k + 1}"
    prices = t.market_price[f["market"]] if f["market"] >= 0 else (0, 0, 0)
    if name == "BUY":
        return f"buy 1 {T.MATERIALS[k]} for {prices[k]}"
    if name == "SELL":
        return f"sell 1 {T.MATERIALS[k]} for {prices[k]} coins"
    if name == "HIRE":
        return f"hire an apprentice for {t.market_apprentice} coins"
    if name == "TRAIN":
        return f"train one step on the {T.TRACKS[k]} track for {t.market_training}"
    if name == "LEAVE":
        return "leave the market"
    return notation().to_str(BASE[name] + k)


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


def _chip_action(s: Seen, p: int, entry: list, name: str, k: int) -> str:
    f, t = s.f, s.t
    loc = entry[C.P_LOC]
    if name == "COINS2":
        return f"take {t.fallback_coins} coins instead of the action"
    if name in ("ALT", "ALT2"):
        which = 5 if name == "ALT2" else {T.SALON: 0, T.GUILD: 1, T.PERFORM: 2}.get(loc, 3)
        if loc == T.BALCONY and name == "ALT":
            which = 4
        return f"take the alternative reward: {bundle_text(t.alt[which])}"
    if name == "TAKE":
        card = f["display"][loc][k]
        cost = s.tier_cost(p, k)
        price = f", paying {cost}" if cost else ""
        tier = "I" * t.slot_tier[k]
        verb = ("take the patron", "take the instrument plan", "perform", "repair")[loc]
        names = (t.patron_name, t.kind_name, t.perf_name, t.repair_name)[loc]
        what = f"{verb} {names[card]}"
        return f"{what} (tier {tier}{price})"
    if name.startswith("SEARCH"):
        names = {"SEARCH_PATRON": T.PATRON_TYPES, "SEARCH_TYPE": T.TYPES, "SEARCH_ERA": T.ERAS}
        return (
            f"search the deck for a {names[name][k]} card "
            f"(pay {t.search_cost}; the apprentices leave the game)"
        )
    if name == "AWARD":
        return "claim an award level"
    bench = s.pl(p)["rough"] if name == "ROUGH" else s.pl(p)["finish"]
    return f"{name.lower()} the {t.kind_name[bench[k]]}"


# ---- illegal_reason ------------------------------------------------------------------------

ASKED = {
    C.D_SETUP_FAMILY: "keep a family tile",
    C.D_SETUP_GOALS: "keep two goals",
    C.D_SETUP_INSTR: "keep an instrument",
    C.D_SETUP_PATRON: "keep a patron and choose its workbench space",
    C.D_MATERIAL: "take a material",
    C.D_LOAD: "load the roughing bench",
    C.D_PLACE: "place a worker",
    C.D_RESOLVE: "activate a location, go to the market or pass",
    C.D_CHIP: "choose the revealed worker's action",
    C.D_PAY: "pay in coins and inspiration",
    C.D_SPACE: "choose a workbench space for the patron",
    C.D_SALON_BONUS: "take a patron's gift",
    C.D_REROLL: "reroll a die or keep the dice",
    C.D_INSPIRE: "spend inspiration on the performance",
    C.D_ORCH: "choose an orchestra space for the token",
    C.D_BELOW: "take coins or inspiration below the line",
    C.D_TUCK: "give the card to a patron or not",
    C.D_COST: "pay the materials",
    C.D_RETURN: "return a finishing-bench card to hand",
    C.D_AGAIN: "work a second instrument or stop",
    C.D_CLAIM: "claim an award level",
    C.D_ROYAL: "choose a royal patron",
    C.D_SPEC: "choose a specialist",
    C.D_KEEP3: "keep one of the instruments drawn",
    C.D_ASSIGN: "give a worker to the new specialist",
    C.D_MARKET: "trade at the market or leave it",
    C.D_DOUBLE: "double this instrument's bonus now or keep it for the second",
}
# The ranges each decision answers with.
ANSWERS = {
    C.D_SETUP_FAMILY: ("FAMILY",),
    C.D_SETUP_GOALS: ("GOALS",),
    C.D_SETUP_INSTR: ("KEEP",),
    C.D_SETUP_PATRON: ("PATRON",),
    C.D_MATERIAL: ("GAIN",),
    C.D_LOAD: ("LOAD", "SWAP", "NOLOAD"),
    C.D_PLACE: ("PLACE",),
    C.D_RESOLVE: ("ACTIVATE", "MARKET", "PASS"),
    C.D_CHIP: (
        "TAKE",
        "ALT",
        "ALT2",
        "COINS2",
        "SEARCH_PATRON",
        "SEARCH_TYPE",
        "SEARCH_ERA",
        "AWARD",
        "ROUGH",
        "FINISH",
    ),
    C.D_PAY: ("PAY",),
    C.D_SPACE: ("SPACE",),
    C.D_SALON_BONUS: ("GIFT",),
    C.D_REROLL: ("REROLL", "KEEPDICE"),
    C.D_INSPIRE: ("INSPIRE",),
    C.D_ORCH: ("SEAT",),
    C.D_BELOW: ("BELOW",),
    C.D_TUCK: ("TUCK", "NOTUCK"),
    C.D_COST: ("WAIVE", "SUB", "PAYCOST"),
    C.D_RETURN: ("RETURN",),
    C.D_AGAIN: ("ROUGH", "FINISH", "STOP"),
    C.D_CLAIM: ("CLAIM",),
    C.D_ROYAL: ("ROYAL",),
    C.D_SPEC: ("SPEC",),
    C.D_KEEP3: ("KEEP",),
    C.D_ASSIGN: ("ASSIGN",),
    C.D_MARKET: ("BUY", "SELL", "HIRE", "TRAIN", "LEAVE"),
    C.D_DOUBLE: ("DOUBLE",),
}


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
    asked = ASKED[kind]
    if name not in ANSWERS[kind]:
        return f"not now: you are to {asked}"
    reason = _specific_reason(s, p, kind, name, k)
    return reason or f"the rules do not allow that now: you are to {asked}"


def _specific_reason(s: Seen, p: int, kind: int, name: str, k: int):
    f, t, pl = s.f, s.t, s.pl(p)
    if name == "PLACE":
        chip, rest = divmod(k, T.NUM_LOCATIONS * 4)
        appr = rest % 4
        if chip not in views.owned_chips(f["round"]):
            joins = 3 if chip == 1 else 5
            return f"worker #{chip + 1} joins in round {joins} (4.0)"
        if any(e[C.P_OWNER] == p and e[C.P_CHIP] == chip for e in f["placed"][: f["placed_n"]]):
            return f"worker #{chip + 1} is placed already this round"
        if appr > pl["appr"]:
            return f"you have only {pl['appr']} apprentice(s) to send with it (4.2)"
    if name == "ACTIVATE":
        return f"you have no face-down worker on {LOCATION_WORDS[k]}"
    if name == "MARKET":
        return "you have visited the market this round already (4.10)"
    if name == "PASS":
        return "you still have face-down workers: activate them before passing (8.4)"
    if name == "TAKE":
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
    if name.startswith("SEARCH"):
        return (
            f"a Search needs an apprentice on the worker, {t.search_cost} in coins and "
            "inspiration, and a free patron space at the salon (4.4.0)"
        )
    if name == "AWARD":
        return "you qualify for no free award level with a marker left (4.9)"
    if name in ("ROUGH", "FINISH"):
        return "that bench slot is empty, or you cannot pay its materials (4.5)"
    if name == "PAY":
        return (
            f"pay {s.task()[2]} in coins and inspiration from what you hold, keeping "
            f"{s.task()[3]} inspiration back"
        )
    if name == "SPACE":
        return "that workbench space holds a patron already"
    if name == "BUY":
        if pl["sold"][k]:
            return f"you sold {T.MATERIALS[k]} on this visit: not both (4.10)"
        return "your storage is full or you cannot pay the price (4.10)"
    if name == "SELL":
        if pl["bought"][k]:
            return f"you bought {T.MATERIALS[k]} on this visit: not both (4.10)"
        return f"you hold no {T.MATERIALS[k]}"
    if name == "HIRE":
        return (
            f"an apprentice costs {t.market_apprentice} coins, and you may own at most "
            f"{t.apprentice_cap} (4.10)"
        )
    if name == "TRAIN":
        return f"training costs {t.market_training} and cannot reach the track's final step (8.16)"
    if name == "INSPIRE":
        return "spend nothing, or exactly what reaches a level not yet reached (4.4.3)"
    if name == "TUCK":
        return "that patron has no open requirement this card meets (4.6.2)"
    if name in ("WAIVE", "SUB", "PAYCOST"):
        return "you lack the materials (a reduction or 2 inspiration may stand in for one)"
    if name == "REROLL":
        return "no rerolls are left"
    return None
