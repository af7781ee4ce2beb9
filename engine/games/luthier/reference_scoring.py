"""Luthier's counting rules in plain Python, for the reference state: the criteria of
awards, goals and end-game abilities (spec 4.9, 5.4), final scoring (5.2), the
tie-break (5.3) and the heuristic evaluation. state.pyx computes the same numbers in C;
the differential test compares them at every step of many games.

Everything works on the state's fields dict (codec.py) and the card tables.
"""

from __future__ import annotations

import math

from engine.games.luthier import codec as C
from engine.games.luthier import tables as T


def distinct_eras(counts_by_mask: list[int]) -> int:
    """How many different eras a seat's tokens can stand for when a token on a
    two-era space counts as either era (spec 5.4): the largest set of eras that
    distinct tokens can cover (Hall's condition, checked on every subset)."""
    best = 0
    for chosen in range(8):
        size = bin(chosen).count("1")
        if size <= best:
            continue
        ok = True
        sub = chosen
        while sub:
            covering = sum(counts_by_mask[m] for m in range(1, 8) if m & sub)
            if covering < bin(sub).count("1"):
                ok = False
                break
            sub = (sub - 1) & chosen
        if ok:
            best = size
    return best


def chairs_in_row(f: dict, t: T.Tables, p: int, row: int) -> int:
    """First Chairs a seat holds in a row: chairs of ordinary spaces, and every
    instrument token on the row's rare space (spec 4.7 rule 5)."""
    count = 0
    for s in range(t.n_spaces):
        if t.space_row[s] != row:
            continue
        if t.space_rare[s]:
            count += f["tokens"][s][p][T.K_INSTR]
        elif f["chair_owner"][s] == p:
            count += 1
    return count


def completed(f: dict, p: int) -> list[int]:
    return [c for c in f["players"][p]["done"] if c >= 0]


def criterion(f: dict, t: T.Tables, p: int, crit: int, arg: int) -> int:
    """The seat's count for an award, goal or end-game criterion."""
    tokens = f["tokens"]
    spaces = range(t.n_spaces)

    def token_sum(kind, where):
        return sum(tokens[s][p][kind] for s in spaces if where(s))

    def era_counts(kind):
        counts = [0] * 8
        for s in spaces:
            if not t.space_rare[s]:
                counts[t.space_eras[s]] += tokens[s][p][kind]
        return counts

    done = completed(f, p)
    if crit == T.CR_INSTRUMENTS:
        return token_sum(T.K_INSTR, lambda s: True)
    if crit == T.CR_INSTR_TYPE:
        return token_sum(T.K_INSTR, lambda s: t.space_row[s] == arg)
    if crit == T.CR_INSTR_TYPES:
        return sum(
            1 for row in range(3) if token_sum(T.K_INSTR, lambda s, row=row: t.space_row[s] == row)
        )
    if crit == T.CR_RARE:
        return token_sum(T.K_INSTR, lambda s: t.space_rare[s])
    if crit == T.CR_INSTR_TOKENS_ERA:
        return token_sum(T.K_INSTR, lambda s: not t.space_rare[s] and t.space_eras[s] >> arg & 1)
    if crit == T.CR_INSTR_TOKEN_ERAS:
        return distinct_eras(era_counts(T.K_INSTR))
    if crit == T.CR_PERF_TOKENS:
        return token_sum(T.K_PERF, lambda s: True)
    if crit == T.CR_PERF_TOKENS_ERA:
        return token_sum(T.K_PERF, lambda s: t.space_eras[s] >> arg & 1)
    if crit == T.CR_PERF_ERAS:
        return distinct_eras(era_counts(T.K_PERF))
    if crit == T.CR_REPAIR_TOKENS:
        return token_sum(T.K_REPAIR, lambda s: True)
    if crit == T.CR_REPAIR_TOKENS_ROW:
        return token_sum(T.K_REPAIR, lambda s: t.space_row[s] == arg)
    if crit == T.CR_REPAIR_ROWS:
        return sum(
            1 for row in range(3) if token_sum(T.K_REPAIR, lambda s, row=row: t.space_row[s] == row)
        )
    if crit == T.CR_CHAIRS_ROW:
        return chairs_in_row(f, t, p, arg)
    if crit == T.CR_CHAIR_ROWS:
        return sum(1 for row in range(3) if chairs_in_row(f, t, p, row))
    if crit == T.CR_PATRONS_ERA:
        return sum(1 for c in done if t.patron_era[c] == arg)
    if crit == T.CR_PATRONS_TYPE:
        return sum(1 for c in done if t.patron_type[c] == arg)
    if crit == T.CR_PATRON_TYPES:
        return len({t.patron_type[c] for c in done})
    if crit == T.CR_PATRON_ERAS:
        return len({t.patron_era[c] for c in done})
    if crit == T.CR_PATRONS:
        return len(done)
    if crit == T.CR_SPECIALISTS:
        return sum(1 for s in f["players"][p]["spec"] if s >= 0)
    if crit == T.CR_TRACKS:
        track = f["players"][p]["track"]
        return sum(1 for i in range(3) if track[i] >= t.track_len[i])
    if crit == T.CR_AWARDS:
        return sum(1 for row in f["claims"] for owner in row if owner == p)
    raise ValueError(f"unknown criterion {crit}")


def chair_points(t: T.Tables, chairs: int) -> int:
    """End-game PP for the First Chairs held (spec 5.2 step 1)."""
    table = t.chair_points
    if chairs < len(table):
        return table[chairs]
    return table[-1] + (chairs - len(table) + 1) * t.chair_beyond


def total_chairs(f: dict, t: T.Tables, p: int) -> int:
    extra = sum(
        t.patron_ab_value[c] for c in completed(f, p) if t.patron_ability[c] == T.AB_EXTRA_CHAIRS
    )
    return sum(chairs_in_row(f, t, p, row) for row in range(3)) + extra


def end_abilities(f: dict, t: T.Tables, p: int) -> int:
    """PP from completed patrons' end-game abilities (spec 5.2 step 2)."""
    total = 0
    for c in completed(f, p):
        if t.patron_ability[c] == T.AB_END:
            total += (
                criterion(f, t, p, t.patron_ab_count[c], 0)
                // t.patron_ab_per[c]
                * t.patron_ab_pp[c]
            )
    return total


def goal_points(f: dict, t: T.Tables, p: int) -> int:
    """PP of the seat's kept goals: the highest level reached of each (spec 5.2 step 4)."""
    pl = f["players"][p]
    total = 0
    for j in range(4):
        g = pl["goals"][j]
        if g < 0 or not pl["goal_mask"] >> j & 1:
            continue
        value = criterion(f, t, p, t.goal_crit[g], t.goal_arg[g])
        best = 0
        for level in range(t.goal_levels[g]):
            if value >= t.goal_at[g][level]:
                best = t.goal_pp[g][level]
        total += best
    return total


def bench_points(f: dict, t: T.Tables, p: int) -> int:
    """Half the PP, rounded up, of each instrument left on the finishing bench."""
    return sum((t.kind_pp[k] + 1) // 2 for k in f["players"][p]["finish"] if k >= 0)


def leftovers(f: dict, t: T.Tables, p: int) -> int:
    pl = f["players"][p]
    return pl["insp"] + pl["coins"] + sum(pl["mat"]) + pl["appr"]


def final_scoring(f: dict, t: T.Tables) -> None:
    """Adds the end-game PP of spec 5.2 to every seat and keeps the tie-break coins."""
    for p in range(f["num_players"]):
        pl = f["players"][p]
        gained = chair_points(t, total_chairs(f, t, p))
        gained += end_abilities(f, t, p)
        gained += bench_points(f, t, p)
        gained += goal_points(f, t, p)
        gained += sum(1 for s in pl["spec"] if s >= 0)
        rest = leftovers(f, t, p)
        gained += rest // t.leftover_divisor
        pl["final_coins"] = rest % t.leftover_divisor
        pl["pp"] += gained


def returns(f: dict) -> list[float]:
    """Shares of the win: most PP, then most coins left after conversion (spec 5.3)."""
    n = f["num_players"]
    keys = [(f["players"][p]["pp"], f["players"][p]["final_coins"]) for p in range(n)]
    best = max(keys)
    winners = [p for p in range(n) if keys[p] == best]
    return [1.0 / len(winners) if p in winners else 0.0 for p in range(n)]


# ---- heuristic ------------------------------------------------------------------------


def rounds_left(f: dict) -> int:
    """Rounds still to come after the current one (5 in round 1, 0 in round 6)."""
    return 6 - f["round"]


def estimate(f: dict, t: T.Tables, p: int) -> int:
    """A seat's expected final PP in hundredths: what it has now, what the end-game
    scoring would add now, and assets valued by the rounds left to use them."""
    pl = f["players"][p]
    rl = rounds_left(f)
    e = 100 * pl["pp"]
    e += 100 * chair_points(t, total_chairs(f, t, p))
    e += 100 * end_abilities(f, t, p)
    e += 100 * goal_points(f, t, p)
    e += 100 * sum(1 for s in pl["spec"] if s >= 0)
    if rl >= 1:
        e += 15 * pl["coins"] + 20 * pl["insp"] + 30 * pl["mat"][0] + 40 * pl["mat"][1]
        e += 55 * pl["mat"][2] + 40 * pl["appr"]
    else:
        e += 10 * leftovers(f, t, p)
    hand_weight = 30 if rl >= 2 else (10 if rl == 1 else 0)
    for k in range(t.n_kinds):
        e += pl["hand"][k] * t.kind_pp[k] * hand_weight
    for k in pl["rough"]:
        if k >= 0:
            e += t.kind_pp[k] * (55 if rl >= 1 else 20)
    for k in pl["finish"]:
        if k >= 0:
            e += 100 * ((t.kind_pp[k] + 1) // 2)
            if rl >= 1 or f["phase"] <= C.PH_RESOLUTION:
                e += 40 * t.kind_pp[k]
    e += (sum(pl["track"]) * 50 * (rl + 1)) // 6
    for j in range(3):
        c = pl["patron"][j]
        if c < 0:
            continue
        reqs = 1 + sum(1 for x in t.patron_subs[c] if x >= 0)
        have = sum(1 for g in pl["tucked"][j] if g >= 0)
        e += (t.patron_pp[c] * 100 * (have + 1)) // (reqs + 2)
        if rl >= 1:
            e -= (t.abandon_penalty * 100 * (reqs - have) * (pl["patience"][j] + 1)) // (
                t.patience_leave + 1
            )
    for c in completed(f, p):
        if t.patron_deck[c] != T.DECK_B:
            e += 50 * rl
    e += (30 * pl["marker"][T.M_PURPLE] + 40 * pl["marker"][T.M_STORAGE]) * rl
    e += 40 * rl * sum(1 for s in pl["spec"] if s >= 0)
    for entry in f["placed"][: f["placed_n"]]:
        if entry[C.P_OWNER] == p and entry[C.P_STATUS] in (C.S_DOWN, C.S_ACTING):
            e += chip_prospect(f, t, p, entry)
    return e


def chip_prospect(f: dict, t: T.Tables, p: int, entry: list) -> int:
    """What a chip still to act is likely worth (hundredths of PP), so that a one-ply
    search can tell a useful placement from a wasted one: a bench chip is worth the
    best instrument it can work on now, any other chip a little more with skill (its
    bonus comes at 4)."""
    pl = f["players"][p]
    loc = entry[C.P_LOC]
    skill = entry[C.P_CHIP] + 1 + entry[C.P_APPR]
    if loc in (T.ROUGH, T.FINISH):
        bench = pl["rough"] if loc == T.ROUGH else pl["finish"]
        costs = t.kind_rough if loc == T.ROUGH else t.kind_finish
        weight = 25 if loc == T.ROUGH else 50
        best = 30  # the 2-coin fallback
        for k in bench:
            if k >= 0 and all(costs[k][m] <= pl["mat"][m] for m in range(3)):
                best = max(best, weight * t.kind_pp[k])
        return best
    return 60 + 10 * skill + (50 if skill >= t.bonus_main else 0)


def heuristic(f: dict, t: T.Tables) -> list[float]:
    """Per-seat shares in [0, 1]: a softmax of the estimates, sharper as the end nears."""
    n = f["num_players"]
    estimates = [estimate(f, t, p) for p in range(n)]
    top = max(estimates)
    scale = 100.0 * (4 + 2 * rounds_left(f))
    weights = [math.exp((e - top) / scale) for e in estimates]
    total = 0.0
    for w in weights:
        total += w
    return [w / total for w in weights]
