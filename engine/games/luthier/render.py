"""A readable text drawing of a Luthier position (its fields, codec.py layout): the
round and whose move, the face-up cards, the worker chips on the board, the
orchestra's First Chairs and each seat's workbench, resources, tracks, goals and
specialists.

`render_fields` draws the whole truth; `render_observation` draws one seat's
observation, where what the seat cannot see reads "?" or "unseen" (a masked card,
another seat's face-down chip, hand, family tiles and goals).
"""

from __future__ import annotations

from engine.drawing import folded
from engine.games.luthier import codec as C
from engine.games.luthier import tables as T
from engine.games.luthier import views, words

TRACK_LETTERS = "abcdefgh"
UNSEEN = "?"
CHIP_STATUS = {
    C.S_DOWN: "face down",
    C.S_ACTING: "revealed",
    C.S_DONE: "done",
    C.S_KEPT: "on the balcony",
}


def render_fields(f: dict, variant: str, to_move: int) -> str:
    """The whole position, nothing hidden."""
    return _draw(f, variant, to_move, viewer=None)


def render_observation(observation: dict, to_move: int) -> str:
    """What one seat sees: its observation dict drawn, the unseen as "?"."""
    t = T.load_tables()
    seat, variant, fields = views.parse_observation(observation, t)
    return _draw(fields, variant, to_move, viewer=seat)


def _draw(f: dict, variant: str, to_move: int, viewer) -> str:
    t = T.load_tables()
    n = f["num_players"]
    who = {-1: "chance", -2: "game over"}.get(to_move, f"seat {to_move}")
    lines = [
        f"Luthier ({variant}, {n} players)  round {f['round']}/{t.rounds}  "
        f"{C.PHASES[f['phase']]}  to move: {who}"
    ]
    if to_move >= 0 and f["task_n"]:
        lines.append(f"  asked: {_asked(f, t, to_move)}")
    if f["market"] >= 0:
        prices = t.market_price[f["market"]]
        lines.append(
            f"  market {t.market_name[f['market']]}: animal {prices[0]}, wood {prices[1]}, "
            f"metal {prices[2]}"
        )
    lines.append(f"  turn order: {' '.join(str(p) for p in f['order'] if p >= 0)}")
    for slot, tile in enumerate(f["awards"]):
        if tile >= 0:
            levels = ", ".join(_owner(o) if o >= 0 else "-" for o in f["claims"][slot])
            scores = _criterion(
                t, t.award_crit[tile], t.award_arg[tile], t.award_at[tile], t.award_pp[tile]
            )
            lines.append(f"  award {t.award_name[tile]}: {scores} ({levels})")
    for loc in range(T.CARD_LOCATIONS):
        names = (t.patron_name, t.kind_name, t.perf_name, t.repair_name)[loc]
        shown = [
            f"[{'I' * t.slot_tier[s]}] {_name(names, f['display'][loc][s], '-')}"
            for s in t.slots_used(loc, n)
        ]
        lines.append(f"  {T.LOCATIONS[loc]}: " + "; ".join(shown))
    lines.extend(_chips(f))
    lines.extend(_in_play(f, t))
    lines.append("  first chairs: " + ("; ".join(_chairs(f, t, n)) or "none"))
    for p in range(n):
        lines.extend(_seat(f, t, p, viewer))
    return "\n".join(folded(lines))


def _asked(f: dict, t: T.Tables, to_move: int) -> str:
    pl = f["players"][to_move]
    if sum(pl["mat"]) > t.storage + t.extra_storage * pl["marker"][T.M_STORAGE]:
        return "discard a material over the storage limit"
    kind, _, amount, reserve = f["tasks"][f["task_n"] - 1][:4]
    if kind == C.D_PAY:
        keep = f", keeping {reserve} inspiration" if reserve else ""
        return f"pay {amount} in any mix of coins and inspiration{keep}"
    return C.TASKS[kind].line


def _owner(o: int) -> str:
    return "dummy" if o == T.DUMMY else f"s{o}"


def _name(names: list, card: int, empty: str = "") -> str:
    """A card's name; `empty` for no card, "?" for a card the viewer cannot see."""
    if card == C.HIDDEN:
        return UNSEEN
    return names[card] if card >= 0 else empty


def _criterion(t: T.Tables, crit: int, arg: int, at: list, pp: list) -> str:
    """What a goal or award counts, and the PP of its levels: "patrons_era romantic
    1/2/3 -> 1/3/5 PP"."""
    what = T.CRITERIA[crit]
    if crit in T.CRITERION_ARGUMENT:
        what += " " + T.CRITERION_ARGUMENT[crit][arg]
    used = [i for i, v in enumerate(pp) if v]
    return f"{what} {'/'.join(str(at[i]) for i in used)} -> {'/'.join(str(pp[i]) for i in used)} PP"


def _chips(f: dict) -> list[str]:
    """The worker chips placed this round, by location (w3+1 = chip #3 with one
    apprentice, as in the notation)."""
    by_loc: dict[int, list[str]] = {}
    for entry in f["placed"][: f["placed_n"]]:
        by_loc.setdefault(entry[C.P_LOC], []).append(
            f"{_chip(entry)} {CHIP_STATUS[entry[C.P_STATUS]]}"
        )
    lines = [
        f"  workers at {T.LOCATIONS[loc]}: " + ", ".join(by_loc[loc]) for loc in sorted(by_loc)
    ]
    if f["balcony_n"]:
        lines.append(
            "  balcony order: " + " ".join(f"s{p}" for p in f["balcony"][: f["balcony_n"]])
        )
    return lines


def _chip(entry: list) -> str:
    """A placed chip as "s1 w3+1" (seat, chip number, apprentices); "?" for the
    number of another seat's face-down chip."""
    chip = UNSEEN if entry[C.P_CHIP] == C.HIDDEN else f"w{entry[C.P_CHIP] + 1}"
    appr = f"+{entry[C.P_APPR]}" if entry[C.P_APPR] else ""
    return f"s{entry[C.P_OWNER]} {chip}{appr}"


def _in_play(f: dict, t: T.Tables) -> list[str]:
    """The action under way: the acting chip, the card it took, the dice of a
    performance (its total is known only once the inspiration is spent) and the
    materials still to pay."""
    lines = []
    entry = f["placed"][f["act_chip"]] if f["act_chip"] >= 0 else None
    if entry is not None:
        lines.append(
            f"  acting: {_chip(entry)} at {T.LOCATIONS[entry[C.P_LOC]]} (skill {entry[C.P_SKILL]})"
        )
    if f["held"] >= 0:
        card = t.card_name(f["held"])
        perf = f["held"] - T.G_PERF
        if 0 <= perf < t.n_perf:
            card += f" (levels at {'/'.join(map(str, t.perf_at[perf]))})"
        lines.append(f"  card in play: {card}")
    if entry is not None and entry[C.P_LOC] == T.PERFORM and f["dice"][0] >= 0:  # else stale
        dice = [
            f"{f['dice'][d]} {'black' if f['die_black'][d] else 'white'}"
            for d in range(2)
            if f["dice"][d] >= 0
        ]
        lines.append(f"  dice: {', '.join(dice)}; rerolls left {f['rerolls']}")
    if f["task_n"] and f["tasks"][f["task_n"] - 1][0] == C.D_COST:
        owed = ", ".join(f"{n} {m}" for m, n in zip(T.MATERIALS, f["cost"], strict=False) if n)
        lines.append(f"  materials to pay: {owed}")
    return lines


def _chairs(f: dict, t: T.Tables, n: int) -> list[str]:
    chairs = []
    for s in range(t.n_spaces):
        owner = f["chair_owner"][s]
        if owner >= 0:
            chairs.append(f"{t.space_name[s]}: {_owner(owner)}")
        elif t.space_rare[s] and any(sum(x) for x in f["tokens"][s]):
            chairs.append(
                f"{t.space_name[s]}: "
                + ",".join(
                    f"s{o}x{f['tokens'][s][o][T.K_INSTR]}"
                    for o in range(n)
                    if f["tokens"][s][o][T.K_INSTR]
                )
            )
    return chairs


def _seat(f: dict, t: T.Tables, p: int, viewer) -> list[str]:
    pl = f["players"][p]
    track = pl["track"]
    you = " (you)" if p == viewer else ""
    lines = [
        f"  seat {p}{you}: {pl['pp']} PP, {pl['coins']} coins, {pl['insp']} inspiration, "
        f"animal {pl['mat'][0]} wood {pl['mat'][1]} metal {pl['mat'][2]}, "
        f"{pl['appr']} apprentices; tracks perf {track[0]} craft {track[1]} "
        f"rep {TRACK_LETTERS[min(track[2], 7)]}"
    ]
    hand = (
        UNSEEN
        if pl["hand"][0] < 0 and pl["hand_n"]
        else ", ".join(
            t.kind_name[k] + (f" x{c}" if c > 1 else "") for k, c in enumerate(pl["hand"]) if c > 0
        )
    )

    def bench(ks):
        return ", ".join(_name(t.kind_name, k) for k in ks if k != -1) or "-"

    lines.append(
        f"    hand ({pl['hand_n']}): {hand or '-'}; roughing: {bench(pl['rough'])}; "
        f"finishing: {bench(pl['finish'])}"
    )
    for j in range(3):
        c = pl["patron"][j]
        if c >= 0:
            met = sum(1 for g in pl["tucked"][j] if g >= 0)
            reqs = 1 + sum(1 for x in t.patron_subs[c] if x >= 0)
            lines.append(
                f"    patron {j}: {t.patron_name[c]} ({met}/{reqs} met, patience "
                f"{pl['patience'][j]}/{t.patience_leave})"
            )
    done = [t.patron_name[c] for c in pl["done"] if c >= 0]
    if done:
        lines.append(f"    completed: {', '.join(done)}")
    specs = [
        t.spec_name[c] + (f" on w{pl['spec_chip'][d] + 1}" if pl["spec_chip"][d] >= 0 else "")
        for d, c in enumerate(pl["spec"])
        if c >= 0
    ]
    if specs:
        lines.append(f"    specialists: {', '.join(specs)}")
    lines.extend(_secrets(t, pl))
    return lines


def _secrets(t: T.Tables, pl: dict) -> list[str]:
    """A seat's family tiles, goals and setup deals, numbered where the seat is still
    to choose (the notation's family1, goals02, patron1>space0); "unseen" where the
    viewer cannot see them."""
    lines = []
    family, pick = pl["family"], pl["family_pick"]
    if pick >= 0:
        lines.append(f"    family: {_family(t, family[pick])}")
    elif family[0] == C.HIDDEN:
        lines.append(f"    family: {_unseen(pick == C.HIDDEN)}")
    elif family[0] >= 0:
        lines.append("    family (keep one):")
        lines.extend(f"      [{j}] {_family(t, c)}" for j, c in enumerate(family))
    goals, mask = pl["goals"], pl["goal_mask"]
    if mask == C.HIDDEN or goals[0] == C.HIDDEN and mask == 0:
        lines.append(f"    goals: {_unseen(mask != 0)}")
    elif mask:
        lines.append(
            "    goals: "
            + "; ".join(_goal(t, c) for j, c in enumerate(goals) if mask >> j & 1 and c >= 0)
        )
    elif goals[0] >= 0:
        lines.append("    goals (keep two):")
        lines.extend(f"      [{j}] {_goal(t, c)}" for j, c in enumerate(goals) if c >= 0)
    instruments = [t.kind_name[k] for k in list(pl["deal_instr"]) + list(pl["keep"]) if k >= 0]
    if instruments:
        lines.append(f"    instruments to choose from: {', '.join(instruments)}")
    if pl["deal_patron"][0] >= 0:
        lines.append(
            "    patrons to choose from: "
            + ", ".join(
                f"[{j}] {t.patron_name[c]}" for j, c in enumerate(pl["deal_patron"]) if c >= 0
            )
        )
    return lines


def _unseen(chosen: bool) -> str:
    return "unseen, " + ("chosen" if chosen else "not chosen yet")


def _goal(t: T.Tables, goal: int) -> str:
    scores = _criterion(t, t.goal_crit[goal], t.goal_arg[goal], t.goal_at[goal], t.goal_pp[goal])
    return f"{t.goal_name[goal]} {scores}"


def _family(t: T.Tables, tile: int) -> str:
    ability = T.FAMILY_ABILITIES[t.family_ability[tile]]
    return (
        f"{t.family_name[tile]} (turn order {t.family_order[tile]}, "
        f"{words.bundle_text(t.family_res[tile])}"
        + (f", {ability.replace('_', ' ')}" if ability != "none" else "")
        + ")"
    )


# ---- the reason beside a hint ------------------------------------------------------------

TAKE_GAINS = (
    "a new patron: a gift every round, and PP once its requirements are met",
    "an instrument plan to rough and finish for PP and an orchestra token",
    "a performance: coins and PP by the dice, and a token in the orchestra",
    "a repair: PP and a repair token in the orchestra",
)


def hint_reason(state, seat: int, actions: list):
    """What the decision `actions` gains, in the game's terms, from what `seat` sees."""
    state._check_seat(seat)
    if not actions:
        return None
    s = words.seen_by(state, seat)
    name, k = words.range_of(actions[0])
    reason = HINTS.get(name)
    text = reason(s, seat, k, state, actions[0]) if reason else None
    return text if text is not None else words.describe(state, actions[0], seat)


def _family_hint(s, seat, k, state, action):
    tile = s.pl(seat)["family"][k]
    return (
        f"turn order {s.t.family_order[tile]}; starts with "
        f"{words.bundle_text(s.t.family_res[tile])}"
    )


def _place_hint(s, seat, k, state, action):
    chip, rest = divmod(k, T.NUM_LOCATIONS * 4)
    loc, appr = divmod(rest, 4)
    return (
        f"a skill-{chip + 1 + appr} worker on {words.LOCATION_WORDS[loc]}: "
        "the higher skill acts first there (4.3)"
    )


def _take_hint(s, seat, k, state, action):
    kind, _, a = s.task()[:3]
    return TAKE_GAINS[s.f["placed"][a][C.P_LOC]] if kind == C.D_CHIP else None


def _claim_hint(s, seat, k, state, action):
    slot, rest = divmod(k, 9)
    level, marker = divmod(rest, 3)
    pp = s.t.award_pp[s.f["awards"][slot]][level]
    return f"{pp} PP now and {words.PERKS[marker]} from now on (4.9)"


def _bench_hint(s, seat, k, state, action):
    if s.task()[0] not in (C.D_CHIP, C.D_AGAIN):
        return None
    t, pl = s.t, s.pl(seat)
    if words.range_of(action)[0] == "ROUGH":
        return f"the {t.kind_name[pl['rough'][k]]} moves on to the finishing bench"
    kind = pl["finish"][k]
    return f"finishes the {t.kind_name[kind]}: {t.kind_pp[kind]} PP and an orchestra token"


def _alt_hint(s, seat, k, state, action):
    return f"gains without paying for a card: {words.describe(state, action, seat)[5:]}"


def _said(text: str):
    return lambda s, seat, k, state, action: text


_SEARCH_HINT = _said("finds a card of the kind you need, at 10 and the apprentices' cost")
_LOAD_HINT = _said("puts the instrument where roughing can start")


def _material_hint(s, seat, k, state, action):
    return f"one more {T.MATERIALS[k]} for roughing, finishing and repairs"


# The reason beside a hint, by action kind (actions.KINDS), from (seen, seat, offset,
# state, action); a kind with no entry, or an entry answering None, reads as the
# action's words.
HINTS = {
    "FAMILY": _family_hint,
    "PLACE": _place_hint,
    "ACTIVATE": lambda s, seat, k, state, action: (
        f"your workers on {words.LOCATION_WORDS[k]} act before others take what is there"
    ),
    "MARKET": _said("trade, hire or train at this round's prices: one visit a round (4.10)"),
    "PASS": _said("nothing left to do this round"),
    "TAKE": _take_hint,
    "ALT": _alt_hint,
    "ALT2": _alt_hint,
    "COINS2": _alt_hint,
    "SEARCH_PATRON": _SEARCH_HINT,
    "SEARCH_TYPE": _SEARCH_HINT,
    "SEARCH_ERA": _SEARCH_HINT,
    "CLAIM": _claim_hint,
    "ROUGH": _bench_hint,
    "FINISH": _bench_hint,
    "PAY": lambda s, seat, k, state, action: (
        f"spends {k} inspiration and keeps the other {s.pl(seat)['insp'] - k}"
    ),
    "GAIN": _material_hint,
    "BUY": _material_hint,
    "SELL": lambda s, seat, k, state, action: f"coins for a {T.MATERIALS[k]} you can spare",
    "HIRE": _said("an apprentice: +1 skill on a worker, or a Search"),
    "TRAIN": lambda s, seat, k, state, action: (
        f"a step up the {T.TRACKS[k]} track, whose benefits last the game"
    ),
    "TUCK": _said("meets one of that patron's requirements and resets its patience"),
    "LOAD": _LOAD_HINT,
    "SWAP": _LOAD_HINT,
}
