"""A readable text drawing of a Luthier position (its fields, codec.py layout): the
round and whose move, the face-up cards, the orchestra's First Chairs and each seat's
workbench, resources and tracks. Hidden parts are drawn as "?" when rendering a view."""
from __future__ import annotations

from engine.games.luthier import codec as C
from engine.games.luthier import tables as T

TRACK_LETTERS = "abcdefgh"
ASKED = {
    C.D_SETUP_FAMILY: "keep a family tile", C.D_SETUP_GOALS: "keep two goals",
    C.D_SETUP_INSTR: "keep an instrument", C.D_SETUP_PATRON: "keep a patron and choose its space",
    C.D_MATERIAL: "take a material", C.D_LOAD: "load the roughing bench", C.D_PLACE: "place a worker",
    C.D_RESOLVE: "activate a location, go to the market or pass", C.D_CHIP: "choose the chip's action",
    C.D_PAY: "split a payment between coins and inspiration", C.D_SPACE: "choose a patron space",
    C.D_SALON_BONUS: "take a patron's gift", C.D_REROLL: "reroll a die or keep",
    C.D_INSPIRE: "spend inspiration on the performance", C.D_ORCH: "choose an orchestra space",
    C.D_BELOW: "below the line: coins or inspiration", C.D_TUCK: "give the card to a patron or not",
    C.D_COST: "pay the materials", C.D_RETURN: "return a finishing-bench card to hand",
    C.D_AGAIN: "work a second instrument or stop", C.D_CLAIM: "claim an award level",
    C.D_ROYAL: "choose a royal patron", C.D_SPEC: "choose a specialist", C.D_KEEP3: "keep one instrument",
    C.D_ASSIGN: "give a chip to the new specialist", C.D_MARKET: "trade at the market",
    C.D_DOUBLE: "double this instrument's orchestra bonus, or keep the doubling for the second",
}


def _bundle_text(counts) -> str:
    return " ".join(f"{n} {key}" for key, n in zip(T.BUNDLE_KEYS, counts) if n) or "-"


def _card_names(t: T.Tables, loc: int):
    return (t.patron_name, t.kind_name, t.perf_name, t.repair_name)[loc]


def render_fields(f: dict, variant: str, to_move: int) -> str:
    t = T.load_tables()
    n = f["num_players"]
    who = {-1: "chance", -2: "game over"}.get(to_move, f"seat {to_move}")
    lines = [f"Luthier ({variant}, {n} players)  round {f['round']}/{t.rounds}  "
             f"{C.PHASES[f['phase']]}  to move: {who}"]
    if to_move >= 0 and f["task_n"]:
        kind = f["tasks"][f["task_n"] - 1][0]
        over = sum(f["players"][to_move]["mat"]) > t.storage + t.extra_storage * f["players"][to_move]["marker"][T.M_STORAGE]
        lines.append(f"  asked: {'discard a material over the storage limit' if over else ASKED.get(kind, '')}")
    if f["market"] >= 0:
        prices = t.market_price[f["market"]]
        lines.append(f"  market {t.market_name[f['market']]}: animal {prices[0]}, wood {prices[1]}, "
                     f"metal {prices[2]}")
    order = [p for p in f["order"] if p >= 0]
    lines.append(f"  turn order: {' '.join(map(str, order))}")
    for slot, tile in enumerate(f["awards"]):
        if tile >= 0:
            levels = ["-" if o < 0 else ("dummy" if o == T.DUMMY else f"s{o}") for o in f["claims"][slot]]
            lines.append(f"  award {t.award_name[tile]} ({', '.join(levels)})")
    for loc in range(T.CARD_LOCATIONS):
        names = _card_names(t, loc)
        shown = []
        for s in t.slots_used(loc, n):
            card = f["display"][loc][s]
            shown.append(f"[{'I' * t.slot_tier[s]}] {names[card] if card >= 0 else '-'}")
        lines.append(f"  {T.LOCATIONS[loc]}: " + "; ".join(shown))
    chairs = []
    for s in range(t.n_spaces):
        owner = f["chair_owner"][s]
        if owner >= 0:
            chairs.append(f"{t.space_name[s]}: {'dummy' if owner == T.DUMMY else f's{owner}'}")
        elif t.space_rare[s] and any(sum(x) for x in f["tokens"][s]):
            chairs.append(f"{t.space_name[s]}: " + ",".join(
                f"s{o}x{f['tokens'][s][o][T.K_INSTR]}" for o in range(n) if f["tokens"][s][o][T.K_INSTR]))
    lines.append("  first chairs: " + ("; ".join(chairs) if chairs else "none"))
    for p in range(n):
        pl = f["players"][p]
        track = pl["track"]
        lines.append(f"  seat {p}: {pl['pp']} PP, {pl['coins']} coins, {pl['insp']} inspiration, "
                     f"animal {pl['mat'][0]} wood {pl['mat'][1]} metal {pl['mat'][2]}, "
                     f"{pl['appr']} apprentices; tracks perf {track[0]} craft {track[1]} "
                     f"rep {TRACK_LETTERS[min(track[2], 7)]}")
        hand = "?" if pl["hand"][0] < 0 else ", ".join(
            f"{t.kind_name[k]}" + (f" x{c}" if c > 1 else "") for k, c in enumerate(pl["hand"]) if c > 0)
        bench = lambda ks: ", ".join(t.kind_name[k] for k in ks if k >= 0) or "-"
        lines.append(f"    hand ({pl['hand_n']}): {hand or '-'}; roughing: {bench(pl['rough'])}; "
                     f"finishing: {bench(pl['finish'])}")
        for j in range(3):
            c = pl["patron"][j]
            if c >= 0:
                met = sum(1 for g in pl["tucked"][j] if g >= 0)
                reqs = 1 + sum(1 for x in t.patron_subs[c] if x >= 0)
                lines.append(f"    patron {j}: {t.patron_name[c]} ({met}/{reqs} met, patience "
                             f"{pl['patience'][j]}/{t.patience_leave})")
        done = [t.patron_name[c] for c in pl["done"] if c >= 0]
        if done:
            lines.append(f"    completed: {', '.join(done)}")
    return "\n".join(lines)
