# Luthier's criteria, final scoring and heuristic (reference_scoring.py's twin): the
# points of the game and of its estimate, apart from the rules that move the pieces.
from engine.games.luthier.codes cimport *
from engine.games.luthier.layout cimport *
from engine.shares cimport softmax_shares

cdef const tables_t* TB = NULL     # state.pyx's tables, set once they are loaded


cdef void use_tables(const tables_t* tables) noexcept nogil:
    global TB
    TB = tables


cdef int abilities(luthier_t* s, int p, int code) noexcept nogil:
    """The summed values of the seat's completed patrons' abilities of one kind (the
    rules ask for discounts and rerolls, the scoring for extra chairs)."""
    cdef int i, c, total = 0
    for i in range(MAX_DONE):
        c = s.players[p].done[i]
        if c >= 0 and TB.patron_ability[c] == code:
            total += TB.patron_ab_value[c]
    return total


cdef int requirement_count(int patron) noexcept nogil:
    """A patron's requirements: its main one and up to two subs."""
    return 1 + (TB.patron_subs[patron][0] >= 0) + (TB.patron_subs[patron][1] >= 0)


cdef int distinct_eras(int* counts) noexcept nogil:
    cdef int best = 0, chosen, size, sub, covering, m
    cdef bint ok
    for chosen in range(8):
        size = (chosen & 1) + ((chosen >> 1) & 1) + ((chosen >> 2) & 1)
        if size <= best:
            continue
        ok = True
        sub = chosen
        while sub:
            covering = 0
            for m in range(1, 8):
                if m & sub:
                    covering += counts[m]
            if covering < (sub & 1) + ((sub >> 1) & 1) + ((sub >> 2) & 1):
                ok = False
                break
            sub = (sub - 1) & chosen
        if ok:
            best = size
    return best


cdef int chairs_in_row(luthier_t* s, int p, int row) noexcept nogil:
    cdef int sp, count = 0
    for sp in range(TB.n_spaces):
        if TB.space_row[sp] != row:
            continue
        if TB.space_rare[sp]:
            count += s.tokens[sp][p][K_INSTR]
        elif s.chair_owner[sp] == p:
            count += 1
    return count


cdef int token_sum(luthier_t* s, int p, int kind, int row, int era, int rare) noexcept nogil:
    """Tokens of one kind; row/era >= 0 filter by row / by a space holding that era;
    rare 1 only rare spaces."""
    cdef int sp, n = 0
    for sp in range(TB.n_spaces):
        if row >= 0 and TB.space_row[sp] != row:
            continue
        if era >= 0 and (TB.space_rare[sp] or not (TB.space_eras[sp] >> era) & 1):
            continue
        if rare and not TB.space_rare[sp]:
            continue
        n += s.tokens[sp][p][kind]
    return n


cdef int criterion(luthier_t* s, int p, int crit, int arg) noexcept nogil:
    cdef int counts[8]
    cdef int seen[4]
    cdef int sp, i, c, n, row, kind
    cdef player_t* pl = &s.players[p]
    if crit == CR_INSTRUMENTS:
        return token_sum(s, p, K_INSTR, -1, -1, 0)
    if crit == CR_INSTR_TYPE:
        return token_sum(s, p, K_INSTR, arg, -1, 0)
    if crit == CR_INSTR_TYPES or crit == CR_REPAIR_ROWS:
        kind = K_INSTR if crit == CR_INSTR_TYPES else K_REPAIR
        n = 0
        for row in range(3):
            if token_sum(s, p, kind, row, -1, 0):
                n += 1
        return n
    if crit == CR_RARE:
        return token_sum(s, p, K_INSTR, -1, -1, 1)
    if crit == CR_INSTR_TOKENS_ERA:
        return token_sum(s, p, K_INSTR, -1, arg, 0)
    if crit == CR_INSTR_TOKEN_ERAS or crit == CR_PERF_ERAS:
        kind = K_INSTR if crit == CR_INSTR_TOKEN_ERAS else K_PERF
        for i in range(8):
            counts[i] = 0
        for sp in range(TB.n_spaces):
            if not TB.space_rare[sp]:
                counts[TB.space_eras[sp]] += s.tokens[sp][p][kind]
        return distinct_eras(counts)
    if crit == CR_PERF_TOKENS:
        return token_sum(s, p, K_PERF, -1, -1, 0)
    if crit == CR_PERF_TOKENS_ERA:
        return token_sum(s, p, K_PERF, -1, arg, 0)
    if crit == CR_REPAIR_TOKENS:
        return token_sum(s, p, K_REPAIR, -1, -1, 0)
    if crit == CR_REPAIR_TOKENS_ROW:
        return token_sum(s, p, K_REPAIR, arg, -1, 0)
    if crit == CR_CHAIRS_ROW:
        return chairs_in_row(s, p, arg)
    if crit == CR_CHAIR_ROWS:
        n = 0
        for row in range(3):
            if chairs_in_row(s, p, row):
                n += 1
        return n
    if crit == CR_SPECIALISTS:
        return (pl.spec[0] >= 0) + (pl.spec[1] >= 0) + (pl.spec[2] >= 0)
    if crit == CR_TRACKS:
        return ((pl.track[0] >= TB.track_len[0]) + (pl.track[1] >= TB.track_len[1])
                + (pl.track[2] >= TB.track_len[2]))
    if crit == CR_AWARDS:
        n = 0
        for i in range(4):
            for c in range(3):
                if s.claims[i][c] == p:
                    n += 1
        return n
    # completed patrons
    for i in range(4):
        seen[i] = 0
    n = 0
    for i in range(MAX_DONE):
        c = pl.done[i]
        if c < 0:
            continue
        if crit == CR_PATRONS_ERA:
            n += TB.patron_era[c] == arg
        elif crit == CR_PATRONS_TYPE:
            n += TB.patron_type[c] == arg
        elif crit == CR_PATRONS:
            n += 1
        elif crit == CR_PATRON_TYPES:
            seen[TB.patron_type[c]] = 1
        elif crit == CR_PATRON_ERAS:
            seen[TB.patron_era[c]] = 1
    if crit == CR_PATRON_TYPES or crit == CR_PATRON_ERAS:
        return seen[0] + seen[1] + seen[2] + seen[3]
    return n


cdef int chair_points(int chairs) noexcept nogil:
    if chairs < TB.n_chair_points:
        return TB.chair_points[chairs]
    return (TB.chair_points[TB.n_chair_points - 1]
            + (chairs - TB.n_chair_points + 1) * TB.chair_beyond)


cdef int total_chairs(luthier_t* s, int p) noexcept nogil:
    cdef int row, n = abilities(s, p, AB_EXTRA_CHAIRS)
    for row in range(3):
        n += chairs_in_row(s, p, row)
    return n


cdef int end_abilities(luthier_t* s, int p) noexcept nogil:
    cdef int i, c, total = 0
    for i in range(MAX_DONE):
        c = s.players[p].done[i]
        if c >= 0 and TB.patron_ability[c] == AB_END:
            total += (criterion(s, p, TB.patron_ab_count[c], 0) // TB.patron_ab_per[c]
                      * TB.patron_ab_pp[c])
    return total


cdef int goal_points(luthier_t* s, int p) noexcept nogil:
    cdef player_t* pl = &s.players[p]
    cdef int j, g, value, best, level, total = 0
    for j in range(4):
        g = pl.goals[j]
        if g < 0 or not (pl.goal_mask >> j) & 1:
            continue
        value = criterion(s, p, TB.goal_crit[g], TB.goal_arg[g])
        best = 0
        for level in range(TB.goal_levels[g]):
            if value >= TB.goal_at[g][level]:
                best = TB.goal_pp[g][level]
        total += best
    return total


cdef int bench_points(luthier_t* s, int p) noexcept nogil:
    cdef int j, k, total = 0
    for j in range(2):
        k = s.players[p].finish[j]
        if k >= 0:
            total += (TB.kind_pp[k] + 1) // 2
    return total


cdef inline int leftovers(player_t* pl) noexcept nogil:
    return pl.insp + pl.coins + pl.mat[0] + pl.mat[1] + pl.mat[2] + pl.appr


cdef inline int spec_count(player_t* pl) noexcept nogil:
    return (pl.spec[0] >= 0) + (pl.spec[1] >= 0) + (pl.spec[2] >= 0)


cdef void final_scoring(luthier_t* s) noexcept nogil:
    cdef int p, gained, rest
    cdef player_t* pl
    for p in range(s.num_players):
        pl = &s.players[p]
        gained = chair_points(total_chairs(s, p))
        gained += end_abilities(s, p)
        gained += bench_points(s, p)
        gained += goal_points(s, p)
        gained += spec_count(pl)
        rest = leftovers(pl)
        gained += rest // TB.leftover_divisor
        pl.final_coins = rest % TB.leftover_divisor
        pl.pp += gained


cdef void returns_of(luthier_t* s, double* out) noexcept nogil:
    cdef int p, best_pp = -1, best_coins = -1, winners = 0
    for p in range(s.num_players):
        if s.players[p].pp > best_pp or (s.players[p].pp == best_pp
                                         and s.players[p].final_coins > best_coins):
            best_pp = s.players[p].pp
            best_coins = s.players[p].final_coins
    for p in range(s.num_players):
        if s.players[p].pp == best_pp and s.players[p].final_coins == best_coins:
            winners += 1
    for p in range(s.num_players):
        out[p] = 1.0 / winners if (s.players[p].pp == best_pp
                                   and s.players[p].final_coins == best_coins) else 0.0


cdef inline int rounds_left(luthier_t* s) noexcept nogil:
    """Rounds still to come after the current one (5 in round 1, 0 in round 6)."""
    return TB.rounds - s.round


cdef long estimate(luthier_t* s, int p) noexcept nogil:
    """reference_scoring.estimate"""
    cdef player_t* pl = &s.players[p]
    cdef int rl = rounds_left(s), k, j, c, reqs, have, hand_weight
    cdef long e = 100 * pl.pp
    e += 100 * chair_points(total_chairs(s, p))
    e += 100 * end_abilities(s, p)
    e += 100 * goal_points(s, p)
    e += 100 * spec_count(pl)
    if rl >= 1:
        e += (15 * pl.coins + 20 * pl.insp + 30 * pl.mat[0] + 40 * pl.mat[1] + 55 * pl.mat[2]
              + 40 * pl.appr)
    else:
        e += 10 * leftovers(pl)
    hand_weight = 30 if rl >= 2 else (10 if rl == 1 else 0)
    for k in range(TB.n_kinds):
        e += pl.hand[k] * TB.kind_pp[k] * hand_weight
    for j in range(2):
        k = pl.rough[j]
        if k >= 0:
            e += TB.kind_pp[k] * (55 if rl >= 1 else 20)
    for j in range(2):
        k = pl.finish[j]
        if k >= 0:
            e += 100 * ((TB.kind_pp[k] + 1) // 2)
            if rl >= 1 or s.phase <= PH_RESOLUTION:
                e += 40 * TB.kind_pp[k]
    e += ((pl.track[0] + pl.track[1] + pl.track[2]) * 50 * (rl + 1)) // 6
    for j in range(3):
        c = pl.patron[j]
        if c < 0:
            continue
        reqs = requirement_count(c)
        have = (pl.tucked[j][0] >= 0) + (pl.tucked[j][1] >= 0) + (pl.tucked[j][2] >= 0)
        e += (TB.patron_pp[c] * 100 * (have + 1)) // (reqs + 2)
        if rl >= 1:
            e -= ((TB.abandon_penalty * 100 * (reqs - have) * (pl.patience[j] + 1))
                  // (TB.patience_leave + 1))
    for j in range(MAX_DONE):
        c = pl.done[j]
        if c >= 0 and TB.patron_deck[c] != DECK_B:
            e += 50 * rl
    e += (30 * pl.marker[MK_PURPLE] + 40 * pl.marker[MK_STORAGE]) * rl
    e += 40 * rl * spec_count(pl)
    for j in range(s.placed_n):
        if s.placed[j][P_OWNER] == p and (s.placed[j][P_STATUS] == S_DOWN
                                          or s.placed[j][P_STATUS] == S_ACTING):
            e += chip_prospect(s, p, s.placed[j])
    return e


cdef int chip_prospect(luthier_t* s, int p, v_t* entry) noexcept nogil:
    """reference_scoring.chip_prospect"""
    cdef player_t* pl = &s.players[p]
    cdef int loc = entry[P_LOC], skill = entry[P_CHIP] + 1 + entry[P_APPR]
    cdef int best, weight, j, k, m
    cdef bint ok
    if loc == ROUGH or loc == FINISH:
        weight = 25 if loc == ROUGH else 50
        best = 30
        for j in range(2):
            k = pl.rough[j] if loc == ROUGH else pl.finish[j]
            if k < 0:
                continue
            ok = True
            for m in range(3):
                if (TB.kind_rough[k][m] if loc == ROUGH else TB.kind_finish[k][m]) > pl.mat[m]:
                    ok = False
            if ok:
                best = max(best, weight * TB.kind_pp[k])
        return best
    return 60 + 10 * skill + (50 if skill >= TB.bonus_main else 0)


cdef void heuristic_of(luthier_t* s, double* out) noexcept nogil:
    # The estimates are integers far below 2**53, so as doubles they and their
    # differences are exact: the shares are those of the integer arithmetic.
    cdef int p
    for p in range(s.num_players):
        out[p] = <double>estimate(s, p)
    softmax_shares(out, s.num_players, 100.0 * (4 + 2 * rounds_left(s)))
