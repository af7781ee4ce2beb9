"""Maestro: da Vinci vs Michelangelo on the web page (engine/svgtree.py), drawn as the
table looks: the map of regions with each Workshop's Artworks and the Centerpieces,
the eight Action spaces and the Gossip slot with the cards played on them, the
Collector Lodge, the Study track, and each Workshop: its two sections' Resources,
its hand (the rival's as card backs), set-aside cards, Upgrade display, Benefactors
and project (da Vinci's Blueprints, Michelangelo's Sistine Chapel).

Every move of the seat to move is the element it names: a card chip on the space it
is played to, a region (or a chip on it naming where the Artwork comes from), a Lodge
area, a display card, a Benefactor, a Blueprint icon, a Sistine tile or cost space, a
Resource; the few moves without a place (done, spend, the set-aside choice) are
buttons above the board. Drawn from the seat's observation only."""

from __future__ import annotations

from engine.games.renaissance import words as W
from engine.games.renaissance.actions import ACTION_NAMES, SECTIONS, kind_of
from engine.games.renaissance.components import COMPONENTS as C
from engine.svgtree import actions_in, button_rows, chip, el, short

WIDTH = 720
MAP_W, MAP_H = 400, 400
REGION_R = 25
# Where each region sits on the drawn map (rough north-Italian geography).
PLACES = {
    "MIL": (70, 50), "MAN": (210, 45), "VEN": (355, 45),
    "GEN": (40, 160), "PAR": (150, 125), "FER": (300, 115),
    "LUC": (105, 235), "BOL": (255, 190), "URB": (360, 245),
    "PIS": (55, 325), "FLO": (185, 290), "SIE": (290, 345),
}  # fmt: skip
SPACE_W, SPACE_H = 101, 124
CARD_W, CARD_H = 34, 46
CHIP_W, CHIP_H = 32, 16
KIND_LABELS = {
    "done": "Done",
    "florence": "Create in Florence",
    "centerpieces": "Create in the Centerpieces",
}
REWARD = {0: "", 1: "card", 2: "shop", 3: "c/s"}  # Study space rewards beside a colour


def draw(observation: dict, legal: dict, context: dict) -> dict:
    seat = observation["seat"]
    by_kind: dict[str, list[int]] = {}
    for action in sorted(legal):
        by_kind.setdefault(kind_of(action)[0], []).append(action)
    parts, y = _header(observation, seat)
    turn, y = _turn(observation, by_kind, legal, y)
    parts += turn
    parts += _map(observation, by_kind, legal, 0, y)
    parts += _spaces(observation, by_kind, legal, MAP_W + 5, y)
    y += MAP_H + 8
    lodge, y = _lodge(observation, by_kind, legal, y)
    parts += lodge
    study, y = _study(observation, y)
    parts += study
    for s in [seat, 1 - seat]:
        panel, y = _workshop(observation, s, seat, by_kind, legal, y + 6)
        parts += panel
    # A move this drawing has no place for still gets a button (none should need one).
    missing = sorted(set(legal) - actions_in(parts))
    extra, y = button_rows([(a, _short_words(legal[a]), legal[a]) for a in missing], 0, y, WIDTH)
    parts += extra
    return el("svg", *parts, viewBox=f"0 0 {WIDTH} {y + 4:.0f}", class_="board renaissance")


# ---- the round and the turn --------------------------------------------------------------


def _header(obs: dict, seat: int) -> tuple[list[dict], float]:
    mover = obs["to_move"]
    if obs["phase"] == "over" or mover == -2:
        who = "the game is over"
    elif mover == seat:
        who = "your turn"
    elif mover >= 0:
        who = f"{C.workshop_names[mover]} to move"
    else:
        who = "cards are dealt"
    text = f"Round {obs['round']} of {C.rounds} \u00b7 {_phase(obs)} \u00b7 {who}"
    rest = (
        f"You are {C.workshop_names[seat]}. Patronesses: "
        + ", ".join(p.capitalize() for p in obs["patronesses"])
        + f". Benefactors left: {sum(obs['benefactor_deck'].values())}."
    )
    return [
        el("text", x=0, y=18, class_="label" + (" mover" if mover == seat else ""), text=text),
        el("text", x=0, y=38, class_="small", text=rest),
    ], 48


def _phase(obs: dict) -> str:
    names = {"aside": "set cards aside", "play": "play a card", "over": "game over"}
    return names.get(obs["phase"], obs["phase"])


def _turn(obs: dict, by_kind: dict, legal: dict, y: float) -> tuple[list[dict], float]:
    """The moves without a place of their own: done, the Create choices, the spend
    amounts, a bonus Resource's colour; and the set-aside choice as three-card chips."""
    parts = []
    turn = obs["turn"]
    if obs["mover"] is not None and turn["ap"]:
        parts.append(
            el("text", x=0, y=y + 14, class_="value",
               text=f"Effort {turn['effort']}: {turn['ap']} Action Points left"
               + (f" (card {turn['slot']} of the round)" if turn["slot"] else ""))
        )  # fmt: skip
        y += 22
    buttons = []
    for kind in ("done", "florence", "centerpieces", "spend", "take"):
        for action in by_kind.get(kind, []):
            label = KIND_LABELS.get(kind) or _short_words(legal[action])
            buttons.append((action, label, legal[action]))
    row, y = button_rows(buttons, 0, y, WIDTH)
    parts += row
    asides = by_kind.get("aside", [])
    if asides:
        parts.append(
            el("text", x=0, y=y + 14, class_="label",
               text="Set three cards aside (played once your hand is empty):")
        )  # fmt: skip
        y += 22
        per_line = WIDTH // 102
        for i, action in enumerate(asides):
            line, column = divmod(i, per_line)
            cards = ACTION_NAMES[action].removeprefix("aside:").replace("+", " ")
            parts.append(chip(column * 102, y + line * 22, 98, 18, action, cards, legal[action]))
        y += (-(-len(asides) // per_line)) * 22 + 4
    return parts, y


def _short_words(words: str) -> str:
    return short(words[0].upper() + words[1:], 60)


# ---- the map -------------------------------------------------------------------------------


def _map(obs: dict, by_kind: dict, legal: dict, x0: float, y0: float) -> list[dict]:
    parts = [el("rect", x=x0, y=y0, width=MAP_W, height=MAP_H, rx=8, class_="map")]
    for a in range(C.num_regions):
        for b in range(a + 1, C.num_regions):
            if C.adjacent[a][b]:
                (ax, ay), (bx, by) = PLACES[C.region_names[a]], PLACES[C.region_names[b]]
                parts.append(el("line", x1=x0 + ax, y1=y0 + ay, x2=x0 + bx, y2=y0 + by,
                                class_="route"))  # fmt: skip
    moves_to: dict[int, list[int]] = {}
    for action in by_kind.get("relocate", []):
        moves_to.setdefault(kind_of(action)[1] % C.num_regions, []).append(action)
    claim = {kind_of(a)[1]: a for a in by_kind.get("region", [])}
    for r, name in enumerate(C.region_names):
        cx, cy = x0 + PLACES[name][0], y0 + PLACES[name][1]
        parts.append(_region(obs, r, cx, cy, claim.get(r), legal))
        for k, action in enumerate(moves_to.get(r, [])):
            source = C.region_names[kind_of(action)[1] // C.num_regions]
            line, column = divmod(k, 3)
            left = min(max(cx - 51, x0 + 2), x0 + MAP_W - 104)  # the chips stay on the map
            parts.append(chip(left + column * 34, cy + REGION_R + 3 + line * 18, CHIP_W,
                              CHIP_H, action, source, legal[action]))  # fmt: skip
    return parts


def _region(obs: dict, r: int, cx: float, cy: float, claim, legal: dict) -> dict:
    name = C.region_names[r]
    gallery = C.gallery[r]
    gray = name in obs["gray"]
    kind = "region gray" if gray else "region"
    owner = obs["centerpieces"].get(name)
    counts = [ws["artworks"].get(name, 0) for ws in obs["workshops"]]
    about = [W.region(r)]
    if gallery >= 0:
        about.append(f"{W.colour(gallery)} Gallery")
    if gray:
        about.append("gray region")
    if owner is not None:
        about.append(f"Centerpiece of {C.workshop_names[owner]}")
    about += [f"{C.workshop_names[s]}: {n} Artworks" for s, n in enumerate(counts) if n]
    inner = [
        el("title", text=legal[claim] if claim is not None else ", ".join(about)),
        el("circle", cx=cx, cy=cy, r=REGION_R, class_=kind),
    ]
    if gallery >= 0:
        inner.append(el("circle", cx=cx, cy=cy, r=REGION_R - 4,
                        class_=f"gallery ring-{C.colour_names[gallery]}"))  # fmt: skip
    inner.append(el("text", x=cx, y=cy - 6, text_anchor="middle", class_="tiny", text=name))
    for s, n in enumerate(counts):
        if n:
            tx = cx - 15 + s * 16
            inner.append(el("rect", x=tx, y=cy - 1, width=14, height=14, rx=3, class_=f"seat-{s}"))
            inner.append(el("text", x=tx + 7, y=cy + 10, text_anchor="middle",
                            class_="tiny on-dark", text=str(n)))  # fmt: skip
    if owner is not None:
        inner.append(_star(cx + REGION_R - 4, cy - REGION_R + 4, owner))
    if claim is None:
        return el("g", *inner)
    return el("g", *inner, class_="action", data_action=claim)


def _star(cx: float, cy: float, owner: int) -> dict:
    """A Centerpiece: a diamond in its owner's colour."""
    points = f"{cx},{cy - 8} {cx + 7},{cy} {cx},{cy + 8} {cx - 7},{cy}"
    return el("polygon", points=points, class_=f"seat-{owner} centerpiece")


# ---- the Action spaces ---------------------------------------------------------------------


def _spaces(obs: dict, by_kind: dict, legal: dict, x0: float, y0: float) -> list[dict]:
    plays: dict[int, list[int]] = {}
    for action in by_kind.get("play", []):
        plays.setdefault(kind_of(action)[1] % (C.num_spaces + 1), []).append(action)
    played: dict[str, list[tuple[int, str]]] = {}
    for s, ws in enumerate(obs["workshops"]):
        for card, dest, _ in ws["board"]:
            played.setdefault(dest, []).append((s, card))
    parts = []
    for dest in range(C.num_spaces + 1):
        column, line = dest % 3, dest // 3
        x, y = x0 + column * (SPACE_W + 5), y0 + line * (SPACE_H + 14)
        name = (C.space_names + ["gossip"])[dest]
        if dest == C.gossip:
            title, band = "Gossip", "band gossip"
        else:
            title = W.ACTION_WORDS[C.space_action[dest]]
            band = f"band c-{C.colour_names[C.space_colour[dest]]}"
        parts += [
            el("title", text=W.space(dest)),
            el("rect", x=x, y=y, width=SPACE_W, height=SPACE_H, rx=6, class_="space"),
            el("rect", x=x, y=y, width=SPACE_W, height=20, rx=6, class_=band),
            el("text", x=x + SPACE_W / 2, y=y + 15, text_anchor="middle", class_="small on-dark",
               text=title),
        ]  # fmt: skip
        for k, (s, card) in enumerate(played.get(name, [])[:6]):
            cx, cy = x + 3 + (k % 3) * 33, y + 24 + (k // 3) * 20
            face_down = " back" if card == "?" else ""  # the rival's unseen Gossip card
            parts.append(el("rect", x=cx, y=cy, width=31, height=18, rx=2,
                            class_=f"seat-{s}{face_down}"))  # fmt: skip
            parts.append(el("text", x=cx + 15.5, y=cy + 13, text_anchor="middle",
                            class_="tiny on-dark", text=card))  # fmt: skip
        for k, action in enumerate(plays.get(dest, [])):
            card = ACTION_NAMES[action].split("@")[0]
            line_k, col_k = divmod(k, 3)
            parts.append(chip(x + 2 + col_k * 33, y + 66 + line_k * 18, CHIP_W, CHIP_H,
                              action, card, legal[action]))  # fmt: skip
    return parts


# ---- the Collector Lodge and the Study track -----------------------------------------------


def _lodge(obs: dict, by_kind: dict, legal: dict, y: float) -> tuple[list[dict], float]:
    lodge = obs["lodge"]
    into: dict[int, list[int]] = {}
    for action in by_kind.get("lodge", []):
        into.setdefault(kind_of(action)[1] % 4, []).append(action)
    parts = [el("text", x=0, y=y + 14, class_="label", text="Collector Lodge")]
    y += 20
    area_w = (WIDTH + 6) / 4
    for c, colour in enumerate(C.colour_names):
        x = c * area_w
        standing, lying = lodge["standing"].get(colour, 0), lodge["lying"].get(colour, 0)
        parts += [
            el("title", text=f"{W.colour(c)} area: {standing} standing, {lying} lying Collectors"),
            el("rect", x=x, y=y, width=area_w - 6, height=60, rx=5, class_="area"),
            el("rect", x=x, y=y, width=8, height=60, rx=3, class_=f"c-{colour}"),
        ]
        for k in range(standing):
            parts.append(el("rect", x=x + 14 + k * 11, y=y + 6, width=8, height=20, rx=3,
                            class_="collector"))  # fmt: skip
        for k in range(lying):
            parts.append(el("rect", x=x + 14 + (k % 4) * 24, y=y + 30 + (k // 4) * 10,
                            width=20, height=8, rx=3, class_="collector"))  # fmt: skip
        for k, action in enumerate(into.get(c, [])):
            source = C.colour_names[kind_of(action)[1] // 4]
            parts.append(chip(x + area_w - 44, y + 4 + k * 18, 36, CHIP_H, action,
                              f"from {source}", legal[action]))  # fmt: skip
    return parts, y + 68


def _study(obs: dict, y: float) -> tuple[list[dict], float]:
    parts = [el("text", x=0, y=y + 14, class_="label", text="Study track")]
    y += 20
    step = (WIDTH + 2) / (C.track_length + 1)
    markers = [ws["study"] for ws in obs["workshops"]]
    for space in range(C.track_length + 1):
        x = space * step
        tier = 0 if space == 0 else (space - 1) // C.tier_size + 1
        colour = C.track_colour[space]
        reward = (C.colour_names[colour] if colour >= 0 else "") + REWARD[C.track_kind[space]]
        slot = C.bonus_slot[space]
        tile = obs["study_tiles"][slot] if slot >= 0 else None
        about = f"space {space} (tier {tier})" + (f", bonus tile {tile}" if tile else "")
        parts += [
            el("title", text=about),
            el("rect", x=x, y=y, width=step - 2, height=34, rx=3,
               class_="track" + (" odd" if tier % 2 else "")),
            el("text", x=x + step / 2 - 1, y=y + 12, text_anchor="middle", class_="tiny",
               text=str(space)),
            el("text", x=x + step / 2 - 1, y=y + 25, text_anchor="middle", class_="tiny",
               text=reward),
        ]  # fmt: skip
        if tile:
            parts.append(el("text", x=x + step / 2 - 1, y=y + 46, text_anchor="middle",
                            class_="tiny", text=tile))  # fmt: skip
        for s, at in enumerate(markers):
            if at == space:
                parts.append(el("circle", cx=x + 8 + s * 14, cy=y + 31, r=5, class_=f"seat-{s}"))
    return parts, y + 54


# ---- a Workshop --------------------------------------------------------------------------


def _workshop(obs, s, seat, by_kind, legal, y) -> tuple[list[dict], float]:
    ws = obs["workshops"][s]
    mine = s == seat
    to_move = obs["to_move"] == s
    title = f"{C.workshop_names[s]}{' (you)' if mine else ''}: {ws['vp']} VP"
    facts = (
        f"Study {ws['study']} \u00b7 Artworks: {ws['supply']} in supply, {ws['reserve']} in reserve"
        f" \u00b7 deck {sum(ws['deck'].values())} cards"
    )
    parts = [
        el("rect", x=0, y=y, width=WIDTH, height=10, rx=4, class_=f"seat-{s}"),
        el("text", x=0, y=y + 28, class_="label" + (" mover" if to_move else ""), text=title),
        el("text", x=220, y=y + 28, class_="small", text=facts),
    ]
    y += 36
    resources, _ = _resources(ws, s == obs["mover"], by_kind, legal, 0, y)
    parts += resources
    left_y = y + 70
    for key, label in (("hand", "hand"), ("aside", "set aside")):
        cards, left_y = _pile(ws, key, label, 0, left_y)
        parts += cards
    right: list[dict] = []
    display, ry = _display(ws, obs["mover"] == s or mine, by_kind, legal, 380, y)
    right += display
    right_y = _benefactors(right, ws, mine, by_kind, legal, 380, ry)
    if s == 0:
        project, right_y = _blueprints(obs, by_kind, legal, 380, right_y)
    else:
        project, right_y = _sistine(obs, by_kind, legal, 380, right_y)
    parts += right + project
    return parts, max(left_y, right_y) + 6


def _resources(ws, acting, by_kind, legal, x, y) -> tuple[list[dict], float]:
    """The two sections' Resources; a colour dot is the pay or merchant move it takes."""
    actions = {}
    if acting:
        for kind in ("merchant", "pay"):
            for action in by_kind.get(kind, []):
                actions[ACTION_NAMES[action].split(":")[1]] = action
    parts = []
    for k, section in enumerate(SECTIONS):
        sy = y + k * 32
        parts.append(el("text", x=x, y=sy + 19, class_="small", text=W.CHARACTERS[k]))
        for c, colour in enumerate(C.colour_names):
            cx = x + 90 + c * 66
            n = ws["resources"][section].get(colour, 0)
            inner = [
                el("title", text=f"{n} {W.colour(c)} in the {W.CHARACTERS[k]}'s section"),
                el("rect", x=cx - 14, y=sy + 2, width=60, height=26, rx=13, class_="area"),
                el("circle", cx=cx, cy=sy + 15, r=10, class_=f"c-{colour}"),
                el("text", x=cx + 26, y=sy + 20, text_anchor="middle", class_="value", text=str(n)),
            ]
            action = actions.get(f"{colour}.{section}")
            if action is None:
                parts.append(el("g", *inner))
                continue
            inner[0] = el("title", text=legal[action])
            parts.append(el("g", *inner, class_="action", data_action=action))
    return parts, y + 64


def _pile(ws, key, label, x, y) -> tuple[list[dict], float]:
    """A pile of cards: faces where the seat sees them, else as many backs."""
    parts = [el("text", x=x, y=y + 14, class_="small", text=label)]
    if key in ws:
        faces = [name for name, n in sorted(ws[key].items()) for _ in range(n)]
    else:
        faces = [None] * ws[f"{key}_size"]
    if not faces:
        parts.append(el("text", x=x + 70, y=y + 14, class_="tiny", text="none"))
        return parts, y + 24
    for i, name in enumerate(faces):
        line, column = divmod(i, 8)
        parts.append(_card(x + 70 + column * (CARD_W + 4), y + line * (CARD_H + 4), name))
    return parts, y + (-(-len(faces) // 8)) * (CARD_H + 4) + 4


def _card(x, y, name, extra: str = "") -> dict:
    """A card face up (its Character, Effort and Publicity), or its back for None."""
    if name is None or name == "?":
        return el(
            "g",
            el("title", text="a card you cannot see"),
            el("rect", x=x, y=y, width=CARD_W, height=CARD_H, rx=4, class_="card back"),
        )
    t = C.card_names.index(name)
    effort = "E" if C.card_erudite[t] else str(C.card_effort[t])
    return el(
        "g",
        el("title", text=W.card(t) + extra),
        el("rect", x=x, y=y, width=CARD_W, height=CARD_H, rx=4, class_="played"),
        el("rect", x=x, y=y, width=CARD_W, height=12, rx=4, class_=f"char-{name[0]}"),
        el("text", x=x + CARD_W / 2, y=y + 10, text_anchor="middle", class_="tiny on-dark",
           text="Master" if name[0] == "A" else "Assist"),
        el("text", x=x + CARD_W / 2, y=y + 32, text_anchor="middle", class_="tile-name",
           text=effort),
        el("text", x=x + CARD_W / 2, y=y + 43, text_anchor="middle", class_="tiny",
           text=f"P{C.card_publicity[t]}"),
    )  # fmt: skip


def _display(ws, acting, by_kind, legal, x, y) -> tuple[list[dict], float]:
    """The Upgrade display; each card holds a chip for every card it may replace."""
    parts = [el("text", x=x, y=y + 14, class_="small", text="Upgrade display")]
    chips: dict[str, list[tuple[int, str]]] = {}
    if acting:
        for action in by_kind.get("upgrade_hand", []) + by_kind.get("upgrade_board", []):
            old, new = ACTION_NAMES[action].removeprefix("up:").split(">")
            label = old.replace("slot", "#") if old.startswith("slot") else old
            chips.setdefault(new, []).append((action, label))
    names = [name for name, n in sorted(ws["display"].items()) for _ in range(n)]
    lines = 0
    for i, name in enumerate(names):
        cx = x + 104 + i * 78
        parts.append(_card(cx, y, name))
        held = chips.pop(name, []) if name not in names[:i] else []
        # One chip a line beside its card: the next card starts 78 to the right.
        for line, (action, label) in enumerate(held):
            parts.append(chip(cx + CARD_W + 2, y + line * 17, 42, 15, action,
                              f"for {label}", legal[action]))  # fmt: skip
            lines = max(lines, line + 1)
    return parts, y + max(CARD_H + 6, lines * 17 + 4)


def _benefactors(parts, ws, mine, by_kind, legal, x, y) -> float:
    use = {ACTION_NAMES[a].removeprefix("use:"): a for a in by_kind.get("use", [])} if mine else {}
    parts.append(el("text", x=x, y=y + 14, class_="small", text="Benefactors"))
    held = [name for name, n in sorted(ws["benefactors"].items()) for _ in range(n)]
    if not held:
        parts.append(el("text", x=x + 100, y=y + 14, class_="tiny", text="none"))
        return y + 22
    for i, name in enumerate(held):
        bx = x + 100 + i * 76
        action = use.pop(name, None)
        inner = [
            el("title", text=legal[action] if action is not None else name),
            el("rect", x=bx, y=y, width=72, height=22, rx=4, class_="slot filled"),
            el("text", x=bx + 36, y=y + 15, text_anchor="middle", class_="small",
               text=name.capitalize()),
        ]  # fmt: skip
        if action is None:
            parts.append(el("g", *inner))
        else:
            parts.append(el("g", *inner, class_="action", data_action=action))
    return y + 28


def _blueprints(obs, by_kind, legal, x, y) -> tuple[list[dict], float]:
    """da Vinci's Blueprints: icons to pay (covered ones marked), a build chip."""
    parts = [
        el("text", x=x, y=y + 14, class_="small", text=f"Blueprints ({obs['markers']} markers)")
    ]
    covers = {ACTION_NAMES[a].removeprefix("cover:"): a for a in by_kind.get("cover", [])}
    builds = {ACTION_NAMES[a].removeprefix("build:"): a for a in by_kind.get("build_blueprint", [])}
    y += 20
    for b, name in enumerate(C.blueprint_names):
        bx = x + (b % 2) * 170
        by = y + (b // 2) * 52
        info = obs["blueprints"][name]
        parts += [
            el("title", text=f"{C.blueprint_titles[b]}: {C.blueprint_vp[b]} VP"),
            el("rect", x=bx, y=by, width=164, height=46, rx=5,
               class_="slot filled" if info["done"] else "slot"),
            el("text", x=bx + 6, y=by + 14, class_="tiny",
               text=f"{C.blueprint_titles[b]} {C.blueprint_vp[b]} VP"
               + (" \u2713 built" if info["done"] else "")),
        ]  # fmt: skip
        k = 0
        for c, colour in enumerate(C.colour_names):
            covered = info["covered"].get(colour, 0)
            for i in range(C.blueprint_icons[b][c]):
                ix = bx + 12 + k * 22
                cls = f"c-{colour}" + (" covered" if i < covered else "")
                action = covers.get(f"{name}.{colour}") if i == covered else None
                dot = el("circle", cx=ix, cy=by + 30, r=8, class_=cls)
                if action is None:
                    parts.append(dot)
                else:
                    parts.append(el("g", el("title", text=legal[action]),
                                    el("rect", x=ix - 10, y=by + 20, width=20, height=20, rx=10,
                                       class_="btn chip"), dot,
                                    class_="action", data_action=action))  # fmt: skip
                k += 1
        if name in builds:
            action = builds[name]
            parts.append(chip(bx + 118, by + 22, 40, 18, action, "build", legal[action]))
    return parts, y + 2 * 52


def _sistine(obs, by_kind, legal, x, y) -> tuple[list[dict], float]:
    """Michelangelo's Sistine Chapel: the 3x3 tiles and the row and column cost spaces."""
    sistine = obs["sistine"]
    parts = [el("text", x=x, y=y + 14, class_="small",
                text=f"Sistine Chapel ({sistine['tiles']} Workshop Upgrade tiles)")]  # fmt: skip
    edges = {ACTION_NAMES[a].removeprefix("tile:"): a for a in by_kind.get("edge", [])}
    builds = {ACTION_NAMES[a].removeprefix("build:"): a for a in by_kind.get("build_fresco", [])}
    y += 20
    cell_w, cell_h, gx, gy = 54, 26, x + 40, y + 24
    for e, name in enumerate(C.edge_names):
        is_row = name.startswith("row")
        index = int(name[-1]) - 1
        ex, ey = (x, gy + index * (cell_h + 2)) if is_row else (gx + index * (cell_w + 2), y)
        covered = name in sistine["covered"]
        colour = C.colour_names[C.edge_colour[e]]
        inner = [
            el("title", text=legal[edges[name]] if name in edges else
               f"{name} costs {W.colour(C.edge_colour[e])}" + (" (covered)" if covered else "")),
            el("rect", x=ex, y=ey, width=36 if is_row else cell_w, height=cell_h if is_row else 22,
               rx=3, class_="slot filled" if covered else "slot"),
            el("circle", cx=ex + (18 if is_row else cell_w / 2),
               cy=ey + (cell_h if is_row else 22) / 2, r=7,
               class_=f"c-{colour}" + (" covered" if covered else "")),
        ]  # fmt: skip
        if name in edges:
            parts.append(el("g", *inner, class_="action", data_action=edges[name]))
        else:
            parts.append(el("g", *inner))
    for f, name in enumerate(C.fresco_names):
        r, c = divmod(f, C.num_columns)
        fx, fy = gx + c * (cell_w + 2), gy + r * (cell_h + 2)
        done = name in sistine["done"]
        inner = [
            el("title", text=legal[builds[name]] if name in builds else
               f"tile {name}: {C.row_vp[r]} VP" + (" (painted)" if done else "")),
            el("rect", x=fx, y=fy, width=cell_w, height=cell_h, rx=3,
               class_="space filled" if done else "space"),
            el("text", x=fx + cell_w / 2, y=fy + 17, text_anchor="middle", class_="tiny",
               text=("\u2713 " if done else "") + f"{C.row_vp[r]} VP"),
        ]  # fmt: skip
        if name in builds:
            parts.append(el("g", *inner, class_="action", data_action=builds[name]))
        else:
            parts.append(el("g", *inner))
    return parts, gy + 3 * (cell_h + 2) + 4
