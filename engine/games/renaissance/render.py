"""A text drawing of a Maestro: da Vinci vs Michelangelo position, from its JSON
layout (codec.state_dict), for people reading a game in a terminal. An observation
has the same layout, with the rival's hidden cards as counts: drawn the same way, it
is what one seat sees."""

from __future__ import annotations

from engine.drawing import fit
from engine.games.renaissance.codec import state_dict
from engine.games.renaissance.components import COMPONENTS as C


def _counts(counts: dict) -> str:
    return " ".join(f"{k}x{v}" if v > 1 else k for k, v in sorted(counts.items())) or "-"


def render(pos) -> str:
    """The whole position (codec.Position)."""
    return render_observation(state_dict(pos))


def render_observation(data: dict) -> str:
    """A state dict or an observation (the rival's hidden cards as counts)."""
    names = ("da Vinci", "Michelangelo")
    to_move = data["to_move"]
    mover = {-1: "chance", -2: "game over"}.get(to_move, names[to_move] if to_move >= 0 else "")
    lines = [
        f"Maestro: da Vinci vs Michelangelo  round {data['round']}  phase {data['phase']}"
        f"  to move: {mover}  (variant {data['variant']})",
        f"  gray: {' '.join(data['gray']) or '-'}   centerpieces: "
        + (" ".join(f"{r}:{names[o]}" for r, o in sorted(data["centerpieces"].items())) or "-"),
        f"  lodge standing {_counts(data['lodge']['standing'])}  "
        f"lying {_counts(data['lodge']['lying'])}",
        f"  patronesses: {' '.join(data['patronesses']) or '-'}   study tiles: "
        + " ".join(t or "?" for t in data["study_tiles"]),
    ]
    for seat, ws in enumerate(data["workshops"]):
        res = ws["resources"]
        you = " (you)" if data.get("seat") == seat else ""
        lines.append(
            f"  {names[seat]}{you}: {ws['vp']} VP  study {ws['study']}  "
            f"resources A[{_counts(res['A'])}] B[{_counts(res['B'])}]  "
            f"reserve {ws['reserve']} supply {ws['supply']}"
        )
        lines.append(f"    artworks {_counts(ws['artworks'])}")
        hand = _counts(ws["hand"]) if "hand" in ws else f"{ws['hand_size']} hidden"
        aside = _counts(ws["aside"]) if "aside" in ws else f"{ws['aside_size']} hidden"
        board = " ".join(f"{card}@{dest}" for card, dest, _ in ws["board"]) or "-"
        lines.append(f"    hand {hand}  set aside {aside}  board {board}")
        lines.append(
            f"    display {_counts(ws['display'])}  benefactors {_counts(ws['benefactors'])}"
        )
    bp = " ".join(f"{k}{'*' if v['done'] else ''}" for k, v in sorted(data["blueprints"].items()))
    lines.append(
        f"  blueprints {bp}  markers {data['markers']}   sistine done "
        f"{' '.join(data['sistine']['done']) or '-'} covered "
        f"{' '.join(data['sistine']['covered']) or '-'}"
    )
    return fit("\n".join(lines))


def hint_reason(state, seat: int, actions: list[int]) -> str | None:
    """What playing `actions` (the seat's decision, from `state`) gains, in one line,
    read from the seat's own observation before and after: VP, Centerpieces, Study
    spaces, Artworks out on the map, Resources, Collectors laid down, projects."""
    actions = list(actions)
    if not actions:
        return None
    before = state.observation(seat)
    after_state = state.clone()
    for action in actions:
        after_state.apply(action)
    after = after_state.observation(seat)
    if after["round"] != before["round"] or after["phase"] == "over":
        # Round-end scoring compares with the rival's hidden Gossip card: say only that.
        return "ends the round: Publicity and Exhibitions are scored"
    mine, was = after["workshops"][seat], before["workshops"][seat]
    parts = []
    vp = mine["vp"] - was["vp"]
    if vp:
        parts.append(f"scores {vp} VP")
    gained = sorted(
        r
        for r, o in after["centerpieces"].items()
        if o == seat and before["centerpieces"].get(r) != seat
    )
    if gained:
        parts.append("takes the Centerpiece of " + ", ".join(_region_title(r) for r in gained))
    if mine["study"] > was["study"]:
        parts.append(f"Study {was['study']} -> {mine['study']}")
    out_before = sum(v for r, v in was["artworks"].items())
    out_after = sum(v for r, v in mine["artworks"].items())
    if out_after > out_before:
        parts.append(f"{out_after - out_before} more Artworks on the map")
    res = _resources(mine) - _resources(was)
    if res > 0:
        parts.append(f"+{res} Resources")
    laid = sum(after["lodge"]["lying"].values()) - sum(before["lodge"]["lying"].values())
    if laid > 0:
        parts.append(f"lays down {laid} Collector{'s' if laid > 1 else ''}")
    built = _projects(after) - _projects(before)
    if built > 0:
        parts.append(f"completes {built} project{'s' if built > 1 else ''}")
    gossip = [slot for slot in mine["board"] if slot[1] == "gossip"]
    if len(gossip) > len([slot for slot in was["board"] if slot[1] == "gossip"]):
        parts.append("hidden Publicity counted twice at round end")
    turn = after["turn"]
    if after["mover"] == seat and turn["ap"] > 0 and after["phase"] in ("move", "influence"):
        parts.append(
            f"Effort {turn['effort']}: {turn['ap']} {after['phase']} Action Point"
            + ("s" if turn["ap"] > 1 else "")
        )
    new_cards = len(mine["board"]) - len(was["board"])
    if new_cards > 0 and mine["board"][-1][1] != "gossip":
        publicity = C.card_publicity[C.card_names.index(mine["board"][-1][0])]
        parts.append(f"+{publicity} Publicity this round")
    if not parts:
        return "keeps your options: nothing scored yet"
    return "; ".join(parts)


def _region_title(name: str) -> str:
    return C.region_titles[C.region_names.index(name)]


def _resources(ws: dict) -> int:
    return sum(sum(section.values()) for section in ws["resources"].values())


def _projects(obs: dict) -> int:
    return sum(1 for b in obs["blueprints"].values() if b["done"]) + len(obs["sistine"]["done"])
