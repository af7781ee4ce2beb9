"""Luthier on the web page (engine/svgtree.py), drawn as the table looks: the main
board's five locations with their face-up cards (tiers I-III) and the worker chips on
them, the common awards, this round's market, the orchestra's First Chairs, and each
seat's workbench: resources, tracks, patrons, roughing and finishing benches, and the
hand (the seat's own faces, the others' as card backs with counts).

Every move of the seat to move is the element it names: a chip on a location (which
worker, how many apprentices), a location's "activate" tab, a face-up card, an award
level, a market price, an orchestra space, a bench slot, a patron space, a material,
a card in hand; the moves of a step with no place of their own (pay, reroll, dice,
pass...) are buttons above the board. Drawn from the seat's observation only."""

from __future__ import annotations

from engine.games.luthier import codec as C
from engine.games.luthier import tables as T
from engine.games.luthier import views
from engine.games.luthier.actions import KINDS
from engine.games.luthier.render import CHIP_STATUS
from engine.games.luthier.words import range_of
from engine.svgtree import actions_in, button_rows, chip, el, short

WIDTH = 720
LOC_W = 142
CARD_W, CARD_H = 132, 24
MAIN_LOCATIONS = 5  # salon, guild, performance, repair, balcony: the main board's
LEVEL_LETTERS = "LMR"
TRACK_LETTERS = "abcdefghi"
ACTING = (("ALT", "alternative"), ("ALT2", "alternative 2"), ("COINS2", "2 coins"))
SEARCHES = (("SEARCH_PATRON", T.PATRON_TYPES[:3]), ("SEARCH_TYPE", T.TYPES), ("SEARCH_ERA", T.ERAS))


def draw(observation: dict, legal: dict, context: dict) -> dict:
    t = T.load_tables()
    seat, _, f = views.parse_observation(observation, t)
    moves: dict[str, dict[int, int]] = {}  # kind -> offset in the kind -> action
    for action in sorted(legal):
        name, k = range_of(action)
        moves.setdefault(name, {})[k] = action
    parts, y = _header(f, t, seat, bool(legal))
    buttons = [
        (action, short(legal[action], 58), legal[action])
        for name, held in moves.items()
        if not KINDS[name].on_board
        for action in held.values()
    ]
    row, y = button_rows(buttons, 0, y, WIDTH)
    parts += row
    board, y = _locations(f, t, seat, moves, legal, y)
    parts += board
    awards, y = _awards_and_market(f, t, moves, legal, y)
    parts += awards
    orchestra, y = _orchestra(f, t, moves, legal, y)
    parts += orchestra
    for p in [seat] + [p for p in range(f["num_players"]) if p != seat]:
        bench, y = _workbench(f, t, p, seat, moves if p == seat else {}, legal, y + 8)
        parts += bench
    # A move with no place in this drawing still gets a button (none should need one).
    missing = sorted(set(legal) - actions_in(parts))
    extra, y = button_rows([(a, short(legal[a], 58), legal[a]) for a in missing], 0, y, WIDTH)
    parts += extra
    return el("svg", *parts, viewBox=f"0 0 {WIDTH} {y + 4:.0f}", class_="board luthier")


# ---- the round and whose turn ---------------------------------------------------------------


def _header(f: dict, t, seat: int, to_move: bool) -> tuple[list[dict], float]:
    mover = _mover(f, seat, to_move)
    top = f"Round {f['round']} of {t.rounds} \u00b7 {C.PHASES[f['phase']]} \u00b7 "
    top += "your turn" if to_move else (f"seat {mover} to move" if mover >= 0 else "waiting")
    order = " \u2192 ".join(f"seat {p}" for p in f["order"] if p >= 0)
    asked = ""
    if to_move and f["task_n"]:
        asked = C.TASKS[f["tasks"][f["task_n"] - 1][0]].line
    parts = [
        el("text", x=0, y=18, class_="label" + (" mover" if to_move else ""), text=top),
        el("text", x=0, y=38, class_="small", text=f"You are seat {seat}. Turn order: {order}"),
    ]
    if asked:
        parts.append(el("text", x=0, y=58, class_="value", text=f"Now: {asked}"))
    return parts, 66 if asked else 48


def _mover(f: dict, seat: int, to_move: bool) -> int:
    if to_move:
        return seat
    if f["task_n"]:
        return f["tasks"][f["task_n"] - 1][1]
    return -1


# ---- the main board's locations -------------------------------------------------------------


def _acting(f: dict) -> int:
    """The location of the chip whose action is being chosen or carried out (-1: none)."""
    if f["task_n"]:
        kind, _, chip_index = f["tasks"][f["task_n"] - 1][:3]
        if kind == C.D_CHIP and chip_index >= 0:
            return f["placed"][chip_index][C.P_LOC]
    return f["placed"][f["act_chip"]][C.P_LOC] if f["act_chip"] >= 0 else -1


def _locations(f, t, seat, moves, legal, y) -> tuple[list[dict], float]:
    acting = _acting(f)
    bottom = y
    parts = []
    for loc in range(MAIN_LOCATIONS):
        drawn, end = _location(f, t, loc, acting, moves, legal, loc * (LOC_W + 2.5), y)
        parts += drawn
        bottom = max(bottom, end)
    frames = [
        el("rect", x=loc * (LOC_W + 2.5), y=y, width=LOC_W, height=bottom - y + 4, rx=6,
           class_="area")
        for loc in range(MAIN_LOCATIONS)
    ]  # fmt: skip
    return frames + parts, bottom + 12


def _location(f, t, loc, acting, moves, legal, x, y) -> tuple[list[dict], float]:
    """One location from the top: its name (the "activate" tab), its face-up cards,
    the chips placed there, and the chips for placing a worker there."""
    parts = [el("text", x=x + 6, y=y + 17, class_="label", text=T.LOCATIONS[loc].capitalize())]
    activate = moves.get("ACTIVATE", {}).get(loc)
    if activate is not None:
        parts.append(chip(x + LOC_W - 58, y + 4, 54, 18, activate, "activate", legal[activate]))
    y += 26
    if loc < T.CARD_LOCATIONS:
        names = (t.patron_name, t.kind_name, t.perf_name, t.repair_name)[loc]
        takes = moves.get("TAKE", {}) if loc == acting else {}
        for slot in t.slots_used(loc, f["num_players"]):
            card = f["display"][loc][slot]
            parts.append(_display_card(x + 5, y, names, card, t.slot_tier[slot], takes.get(slot),
                                       legal))  # fmt: skip
            y += CARD_H + 3
    if loc == acting:
        y = _acting_choices(parts, moves, legal, x + 5, y)
    y = _placed_chips(parts, f, loc, x + 5, y)
    return parts, _place_grid(parts, moves, legal, loc, x + 5, y)


def _display_card(x, y, names, card, tier, action, legal) -> dict:
    name = "?" if card == C.HIDDEN else (names[card] if card >= 0 else "empty")
    inner = [
        el("title", text=legal[action] if action is not None else f"tier {tier}: {name}"),
        el("rect", x=x, y=y, width=CARD_W, height=CARD_H, rx=3,
           class_="slot filled" if card >= 0 else "slot"),
        el("text", x=x + 4, y=y + 16, class_="tiny", text="I" * tier),
        el("text", x=x + 22, y=y + 16, class_="small", text=short(name, 17)),
    ]  # fmt: skip
    if action is None:
        return el("g", *inner)
    return el("g", *inner, class_="action", data_action=action)


def _acting_choices(parts, moves, legal, x, y) -> float:
    """The acting chip's other choices at its location: the alternative rewards, the
    2-coin fallback, a Search by kind."""
    offers = [(moves.get(kind, {}).get(0), label) for kind, label in ACTING]
    for kind, names in SEARCHES:
        offers += [(moves.get(kind, {}).get(k), f"search {n[:8]}") for k, n in enumerate(names)]
    at = 0
    for action, label in offers:
        if action is not None:
            line, column = divmod(at, 2)
            parts.append(chip(x + column * 67, y + line * 19, 65, 17, action, label, legal[action]))
            at += 1
    return y + (-(-at // 2)) * 19 + (3 if at else 0)


def _placed_chips(parts, f, loc, x, y) -> float:
    """The worker chips on `loc` this round, in their owners' colours ("?" face down)."""
    here = [e for e in f["placed"][: f["placed_n"]] if e[C.P_LOC] == loc]
    for i, entry in enumerate(here):
        cx, cy = x + (i % 4) * 33, y + (i // 4) * 22
        number = "?" if entry[C.P_CHIP] == C.HIDDEN else f"#{entry[C.P_CHIP] + 1}"
        label = number + (f"+{entry[C.P_APPR]}" if entry[C.P_APPR] else "")
        done = entry[C.P_STATUS] == C.S_DONE
        parts += [
            el("title", text=f"seat {entry[C.P_OWNER]}'s worker {number}, "
               f"{entry[C.P_APPR]} apprentices, {CHIP_STATUS[entry[C.P_STATUS]]}"),
            el("rect", x=cx, y=cy, width=31, height=19, rx=9,
               class_=f"seat-{entry[C.P_OWNER]}" + (" covered" if done else "")),
            el("text", x=cx + 15.5, y=cy + 13, text_anchor="middle", class_="tiny on-dark",
               text=label),
        ]  # fmt: skip
    return y + (-(-len(here) // 4)) * 22 + (4 if here else 0)


def _place_grid(parts, moves, legal, loc, x, y) -> float:
    """Placing a worker here: a line per worker chip, a chip per apprentice count."""
    lines: dict[int, dict[int, int]] = {}
    for k, action in moves.get("PLACE", {}).items():
        number, rest = divmod(k, T.NUM_LOCATIONS * 4)
        where, apprentices = divmod(rest, 4)
        if where == loc:
            lines.setdefault(number, {})[apprentices] = action
    for number in sorted(lines):
        parts.append(el("text", x=x, y=y + 13, class_="tiny", text=f"#{number + 1}"))
        for apprentices, action in sorted(lines[number].items()):
            label = f"+{apprentices}" if apprentices else "go"
            parts.append(chip(x + 20 + apprentices * 27, y, 25, 17, action, label, legal[action]))
        y += 20
    return y


# ---- awards, market, orchestra --------------------------------------------------------------


def _awards_and_market(f, t, moves, legal, y) -> tuple[list[dict], float]:
    parts = [el("text", x=0, y=y + 14, class_="label", text="Common awards")]
    claims = moves.get("CLAIM", {})
    top = y + 20
    x = 0
    for slot, tile in enumerate(f["awards"]):
        if tile < 0:
            continue
        parts.append(el("rect", x=x, y=top, width=136, height=74, rx=5, class_="area"))
        parts.append(el("title", text=_award_words(t, tile)))
        parts.append(el("text", x=x + 6, y=top + 15, class_="small",
                        text=short(f"{t.award_name[tile]} {_criterion(t, tile)}", 21)))  # fmt: skip
        for level in range(3):
            lx, ly = x + 4 + level * 44, top + 22
            owner = f["claims"][slot][level]
            cls = "slot filled" if owner >= 0 else "slot"
            parts.append(el("rect", x=lx, y=ly, width=42, height=48, rx=3, class_=cls))
            level_text = f"{LEVEL_LETTERS[level]} {t.award_pp[tile][level]}PP"
            parts.append(el("text", x=lx + 21, y=ly + 12, text_anchor="middle", class_="tiny",
                            text=level_text))  # fmt: skip
            if owner >= 0:
                parts.append(el("circle", cx=lx + 21, cy=ly + 30, r=8,
                                class_=f"seat-{min(owner, 3)}"))  # fmt: skip
            for marker in range(3):
                action = claims.get(slot * 9 + level * 3 + marker)
                if action is not None:
                    parts.append(chip(lx + 1, ly + 15 + marker * 11, 40, 10, action,
                                      T.MARKERS[marker], legal[action]))  # fmt: skip
        x += 140
    market_x = max(x, 290)
    parts += _market(f, t, moves, legal, market_x, top)
    return parts, top + 84


def _criterion(t, tile: int) -> str:
    what = T.CRITERIA[t.award_crit[tile]].replace("_", " ")
    return what


def _award_words(t, tile: int) -> str:
    at = "/".join(str(n) for n in t.award_at[tile])
    pp = "/".join(str(n) for n in t.award_pp[tile])
    return f"award {t.award_name[tile]}: {_criterion(t, tile)} at {at} for {pp} PP"


def _market(f, t, moves, legal, x, y) -> list[dict]:
    """This round's market card: a price line per material (buy and sell chips),
    hiring, training, going and leaving."""
    w = WIDTH - x
    parts = [el("rect", x=x, y=y, width=w, height=74, rx=5, class_="area")]
    card = f["market"]
    title = f"Market {t.market_name[card]}" if card >= 0 else "Market"
    parts.append(el("text", x=x + 6, y=y + 15, class_="small", text=title))
    go = moves.get("MARKET", {}).get(0)
    if go is not None:
        parts.append(chip(x + w - 80, y + 3, 76, 16, go, "go to market", legal[go]))
    for m, material in enumerate(T.MATERIALS):
        mx = x + 6 + m * 82
        price = t.market_price[card][m] if card >= 0 else "-"
        parts.append(el("circle", cx=mx + 8, cy=y + 32, r=7, class_=f"mat-{material}"))
        parts.append(el("text", x=mx + 18, y=y + 36, class_="tiny", text=f"{material} {price}"))
        for k, (kind, label) in enumerate((("BUY", "buy"), ("SELL", "sell"))):
            action = moves.get(kind, {}).get(m)
            if action is not None:
                parts.append(chip(mx + k * 38, y + 46, 36, 16, action, label, legal[action]))
    extras = [(moves.get("HIRE", {}).get(0), "hire"), (moves.get("LEAVE", {}).get(0), "leave")]
    extras += [(moves.get("TRAIN", {}).get(k), f"train {T.TRACKS[k][:5]}") for k in range(2)]
    at = y + 22
    for action, label in extras:
        if action is not None:
            parts.append(chip(x + w - 66, at, 62, 16, action, label, legal[action]))
            at += 18
    return parts


def _orchestra(f, t, moves, legal, y) -> tuple[list[dict], float]:
    """The orchestra: a row per instrument type, a space per instrument with its First
    Chair (the holder's colour) and the tokens below the line."""
    seats = moves.get("SEAT", {})
    parts = [el("text", x=0, y=y + 14, class_="label", text="Orchestra")]
    y += 20
    rows: dict[int, list[int]] = {}
    for space in range(t.n_spaces):
        rows.setdefault(t.space_row[space], []).append(space)
    for row, spaces in sorted(rows.items()):
        parts.append(el("text", x=0, y=y + 20, class_="small", text=T.TYPES[row]))
        for i, space in enumerate(spaces):
            sx, w = 66 + i * 93, 90
            owner = f["chair_owner"][space]
            below = sum(sum(counts) for counts in f["tokens"][space])
            eras = "/".join(e[:3] for b, e in enumerate(T.ERAS) if t.space_eras[space] >> b & 1)
            action = seats.get(space)
            inner = [
                el("title", text=legal[action] if action is not None else
                   f"{t.space_name[space]} ({eras or 'rare'}): "
                   + (f"First Chair seat {owner}" if owner >= 0 else "no First Chair")),
                el("rect", x=sx, y=y, width=w, height=30, rx=4,
                   class_="space filled" if owner >= 0 else "space"),
                el("text", x=sx + 4, y=y + 12, class_="tiny", text=short(t.space_name[space], 15)),
                el("text", x=sx + 4, y=y + 25, class_="tiny", text=eras or "rare"),
            ]  # fmt: skip
            if owner >= 0:
                inner.append(el("circle", cx=sx + w - 10, cy=y + 18, r=7,
                                class_=f"seat-{min(owner, 3)}"))  # fmt: skip
            if below:
                inner.append(el("text", x=sx + w - 26, y=y + 25, class_="tiny", text=f"+{below}"))
            if action is None:
                parts.append(el("g", *inner))
            else:
                parts.append(el("g", *inner, class_="action", data_action=action))
        y += 34
    return parts, y + 4


# ---- a seat's workbench ---------------------------------------------------------------------


def _workbench(f, t, p, seat, moves, legal, y) -> tuple[list[dict], float]:
    pl = f["players"][p]
    you = p == seat
    track = pl["track"]
    title = f"seat {p}{' (you)' if you else ''}: {pl['pp']} PP"
    facts = (
        f"{pl['coins']} coins \u00b7 {pl['insp']} inspiration \u00b7 {pl['appr']} apprentices"
        f" \u00b7 tracks: performance {track[0]}, craft {track[1]}, "
        f"reputation {TRACK_LETTERS[min(track[2], 8)]}" + (" \u00b7 passed" if pl["passed"] else "")
    )
    parts = [
        el("rect", x=0, y=y, width=WIDTH, height=8, rx=4, class_=f"seat-{p}"),
        el("text", x=0, y=y + 26, class_="label" + (" mover" if you else ""), text=title),
        el("text", x=150, y=y + 26, class_="small", text=short(facts, 96)),
    ]
    y += 34
    y = _materials(parts, t, pl, moves, legal, y)
    y = _patrons(parts, t, pl, moves, legal, y)
    y = _benches(parts, t, pl, _acting(f), moves, legal, y)
    y = _hand(parts, t, pl, you, moves, legal, y)
    y = _family(parts, t, pl, moves, legal, y)
    return parts, y


def _materials(parts, t, pl, moves, legal, y) -> float:
    parts.append(el("text", x=0, y=y + 15, class_="small", text="materials"))
    for m, material in enumerate(T.MATERIALS):
        mx = 80 + m * 150
        parts.append(el("circle", cx=mx + 8, cy=y + 11, r=8, class_=f"mat-{material}"))
        parts.append(el("text", x=mx + 22, y=y + 15, class_="value",
                        text=f"{pl['mat'][m]} {material}"))  # fmt: skip
        for k, (kind, label) in enumerate((("GAIN", "take"), ("DROP", "discard"))):
            action = moves.get(kind, {}).get(m)
            if action is not None:
                parts.append(chip(mx + 80 + k * 0, y + 2, 46, 17, action, label, legal[action]))
    return y + 26


def _patrons(parts, t, pl, moves, legal, y) -> float:
    """The three patron spaces: the patron, its patience and the requirements met; a
    free space is the move that puts a patron there, a gift or a tuck is a chip."""
    parts.append(el("text", x=0, y=y + 15, class_="small", text="patrons"))
    for j in range(3):
        px, w = 80 + j * 214, 210
        card = pl["patron"][j]
        space = moves.get("SPACE", {}).get(j)
        inner = [
            el("rect", x=px, y=y, width=w, height=40, rx=4,
               class_="slot filled" if card >= 0 else "slot"),
        ]  # fmt: skip
        if card >= 0:
            met = sum(1 for g in pl["tucked"][j] if g >= 0)
            needs = 1 + sum(1 for x in t.patron_subs[card] if x >= 0)
            inner += [
                el("title", text=f"{t.patron_name[card]}: {met} of {needs} requirements met, "
                   f"patience {pl['patience'][j]}/{t.patience_leave}"),
                el("text", x=px + 5, y=y + 15, class_="small", text=short(t.patron_name[card], 26)),
                el("text", x=px + 5, y=y + 32, class_="tiny",
                   text=f"{T.PATRON_TYPES[t.patron_type[card]]} \u00b7 met {met}/{needs}"
                   f" \u00b7 patience {pl['patience'][j]}/{t.patience_leave}"),
            ]  # fmt: skip
        else:
            inner += [
                el("title", text=legal[space] if space is not None else "a free patron space"),
                el("text", x=px + 5, y=y + 24, class_="tiny", text=f"space {j + 1}: free"),
            ]
        if space is None:
            parts.append(el("g", *inner))
        else:
            parts.append(el("g", *inner, class_="action", data_action=space))
        extra = [(moves.get("GIFT", {}).get(j * 2 + g), f"gift {g + 1}") for g in range(2)]
        extra.append((moves.get("TUCK", {}).get(j), "give card"))
        at = px + w - 52
        for action, label in extra:
            if action is not None:
                parts.append(chip(at, y + 2, 50, 15, action, label, legal[action]))
                at -= 52
    done = [t.patron_name[c] for c in pl["done"] if c >= 0]
    if done:
        parts.append(el("text", x=80, y=y + 56, class_="tiny",
                        text=short("completed: " + ", ".join(done), 100)))  # fmt: skip
        return y + 62
    return y + 46


def _benches(parts, t, pl, acting, moves, legal, y) -> float:
    """The roughing and finishing benches: their two slots each, the chips that place
    a worker there, and the rough / finish / return moves on the slot they name."""
    benches = (("roughing", "rough", "ROUGH", T.NUM_LOCATIONS - 2),
               ("finishing", "finish", "FINISH", T.NUM_LOCATIONS - 1))  # fmt: skip
    bottom = y
    for b, (name, key, kind, loc) in enumerate(benches):
        bx = b * 362
        parts.append(el("rect", x=bx, y=y, width=358, height=86, rx=5, class_="area"))
        parts.append(el("text", x=bx + 6, y=y + 15, class_="small", text=f"{name} bench"))
        activate = moves.get("ACTIVATE", {}).get(loc)
        if activate is not None:
            parts.append(chip(bx + 120, y + 2, 54, 17, activate, "activate", legal[activate]))
        for slot in range(2):
            sx = bx + 6 + slot * 118
            card = pl[key][slot]
            action = moves.get(kind, {}).get(slot)
            label = "?" if card == C.HIDDEN else (t.kind_name[card] if card >= 0 else "empty")
            inner = [
                el("title", text=legal[action] if action is not None else label),
                el("rect", x=sx, y=y + 22, width=112, height=30, rx=3,
                   class_="slot filled" if card >= 0 else "slot"),
                el("text", x=sx + 56, y=y + 41, text_anchor="middle", class_="small",
                   text=short(label, 15)),
            ]  # fmt: skip
            if action is None:
                parts.append(el("g", *inner))
            else:
                parts.append(el("g", *inner, class_="action", data_action=action))
            back = moves.get("RETURN", {}).get(slot) if kind == "FINISH" else None
            if back is not None:
                parts.append(chip(sx, y + 56, 60, 16, back, "to hand", legal[back]))
        end = _place_grid(parts, moves, legal, loc, bx + 242, y + 6)
        if loc == acting:
            end = max(end, _acting_choices(parts, moves, legal, bx + 6, y + 56))
        bottom = max(bottom, end, y + 86)
    return bottom + 6


def _hand(parts, t, pl, you, moves, legal, y) -> float:
    """The hand: faces for the seat itself (each card the load, swap or keep move it
    is part of), backs with a count for the others; setup deals beside it."""
    parts.append(el("text", x=0, y=y + 15, class_="small", text=f"hand ({pl['hand_n']})"))
    if not you or pl["hand"][0] == C.HIDDEN:
        for i in range(min(pl["hand_n"], 12)):
            parts.append(el("rect", x=80 + i * 22, y=y, width=30, height=40, rx=3,
                            class_="card back"))  # fmt: skip
        return y + 46
    kinds = [k for k, n in enumerate(pl["hand"]) for _ in range(max(n, 0))]
    kinds += [k for k in list(pl["deal_instr"]) + list(pl["keep"]) if k >= 0]
    loads, keeps = moves.get("LOAD", {}), moves.get("KEEP", {})
    swaps = moves.get("SWAP", {})
    seen: set[int] = set()
    x = 80
    for kind in kinds:
        first = kind not in seen
        seen.add(kind)
        action = (loads.get(kind) or keeps.get(kind)) if first else None
        inner = [
            el("title", text=legal[action] if action is not None else t.kind_name[kind]),
            el("rect", x=x, y=y, width=92, height=40, rx=4, class_="played"),
            el("text", x=x + 46, y=y + 16, text_anchor="middle", class_="small",
               text=short(t.kind_name[kind], 13)),
            el("text", x=x + 46, y=y + 32, text_anchor="middle", class_="tiny",
               text=T.TYPES[t.kind_type[kind]]),
        ]  # fmt: skip
        if action is None:
            parts.append(el("g", *inner))
        else:
            parts.append(el("g", *inner, class_="action", data_action=action))
        for slot in range(2):
            swap = swaps.get(slot * T.MAX_KINDS + kind) if first else None
            if swap is not None:
                parts.append(chip(x + slot * 46, y + 42, 44, 15, swap, f"\u2192 slot {slot + 1}",
                                  legal[swap]))  # fmt: skip
        x += 96
        if x > WIDTH - 92:
            x, y = 80, y + 62
    return y + (62 if swaps else 46)


def _family(parts, t, pl, moves, legal, y) -> float:
    """The family tiles still to choose from at setup, each the move that keeps it."""
    offers = moves.get("FAMILY", {})
    if not offers:
        return y
    parts.append(el("text", x=0, y=y + 15, class_="small", text="family tiles"))
    for j, action in sorted(offers.items()):
        tile = pl["family"][j]
        fx = 80 + j * 240
        name = t.family_name[tile] if tile >= 0 else "?"
        parts.append(
            el(
                "g",
                el("title", text=legal[action]),
                el("rect", x=fx, y=y, width=232, height=30, rx=4, class_="slot filled"),
                el("text", x=fx + 8, y=y + 20, class_="small",
                   text=short(f"{name} (turn order {t.family_order[tile]})", 30)),
                class_="action",
                data_action=action,
            )
        )  # fmt: skip
    return y + 36
