# Maestro: da Vinci vs Michelangelo as a compiled State: the rules of reference.py
# (shared/rules/maestro-renaissance.md) over one C struct, so a playout, a clone or a
# determinization never allocates a Python object. The component tables are copied
# from components.py into C globals at import; the action layout and the JSON
# format come from codec.py, shared with the reference.
from libc.math cimport exp
from libc.stdint cimport uint64_t
from libc.string cimport memcpy, memset

from engine.games.renaissance import actions, codec, views, words
from engine.games.renaissance import render as _render
from engine.games.renaissance.components import COMPONENTS as _C
from engine.hashing cimport mix64
from engine.rng cimport rng_t, rng_below
from engine.state cimport State, CHANCE, TERMINAL

cdef enum:
    DA_VINCI = 0
    MICHELANGELO = 1
    # Actions of the Main Action table (components.ACTIONS).
    ACT_MOVE = 0
    ACT_CREATE = 1
    ACT_INFLUENCE = 2
    ACT_STUDY = 3
    # Study space rewards (components.REWARD_*).
    REWARD_RESOURCE = 0
    REWARD_CARD = 1
    REWARD_WORKSHOP = 2
    REWARD_EITHER = 3
    # Bonus tile, Patroness and Benefactor kinds (components.*_KINDS).
    TILE_VP = 0
    TILE_RESOURCE = 1
    TILE_BENEFACTOR = 2
    TILE_ARTWORK = 3
    TILE_VP_PER_CP = 4
    BENE_MOVE = 0
    BENE_RESOURCES = 1
    BENE_EFFORT = 2
    BENE_FLORENCE = 3
    STAGE_ADVANCE = 0
    STAGE_SPACE = 1
    STAGE_TILE = 2

# ---- phases (codec.PHASES) -------------------------------------------------------------

cdef int P_GRAY = codec.P_GRAY, P_TILES = codec.P_TILES, P_PATRONESS = codec.P_PATRONESS
cdef int P_DISPLAY = codec.P_DISPLAY, P_FIRST = codec.P_FIRST, P_DRAW = codec.P_DRAW
cdef int P_ASIDE = codec.P_ASIDE, P_TURN = codec.P_TURN, P_COURIER = codec.P_COURIER
cdef int P_MERCHANT = codec.P_MERCHANT, P_BONUS = codec.P_BONUS, P_MOVE = codec.P_MOVE
cdef int P_CREATE = codec.P_CREATE, P_REGIONS = codec.P_REGIONS, P_INFLUENCE = codec.P_INFLUENCE
cdef int P_UPGRADE = codec.P_UPGRADE, P_COVER = codec.P_COVER, P_COLOUR = codec.P_COLOUR
cdef int P_REFILL = codec.P_REFILL, P_BENEFACTOR = codec.P_BENEFACTOR
cdef int P_PROJECTS = codec.P_PROJECTS, P_PAY = codec.P_PAY, P_OVER = codec.P_OVER

# ---- the action layout (actions.py) ---------------------------------------------------------

cdef int A_PLAY = actions.PLAY, A_ASIDE = actions.ASIDE, A_USE = actions.USE
cdef int A_SPEND = actions.SPEND
cdef int A_RELOCATE = actions.RELOCATE, A_DONE = actions.DONE, A_FLORENCE = actions.FLORENCE
cdef int A_CENTERPIECES = actions.CENTERPIECES, A_REGION = actions.REGION, A_LODGE = actions.LODGE
cdef int A_UPGRADE_HAND = actions.UPGRADE_HAND, A_UPGRADE_BOARD = actions.UPGRADE_BOARD
cdef int A_COVER = actions.COVER, A_EDGE = actions.EDGE, A_TAKE = actions.TAKE
cdef int A_MERCHANT = actions.MERCHANT, A_BUILD_BLUEPRINT = actions.BUILD_BLUEPRINT
cdef int A_BUILD_FRESCO = actions.BUILD_FRESCO, A_PAY = actions.PAY, A_DEAL = actions.DEAL
cdef int A_REFILL = actions.REFILL, A_TILE = actions.TILE, A_PATRONESS = actions.PATRONESS
cdef int A_FIRST = actions.FIRST, A_BENEFACTOR = actions.BENEFACTOR, A_GRAY = actions.GRAY
cdef int NUM_ACTIONS = actions.NUM_ACTIONS
cdef int MAX_SPEND = actions.MAX_SPEND
cdef int DESTS = actions.DESTINATIONS

# ---- the components, as C tables ---------------------------------------------------------

cdef int NR = _C.num_regions, NT = _C.num_cards, NSP = _C.num_spaces, GOSSIP = _C.gossip
cdef int FLO = _C.florence, NTRACK = _C.track_length, TIER_SIZE = _C.tier_size
cdef int NBONUS = len(_C.bonus_spaces), NTILEK = len(_C.tile_names)
cdef int NBP = _C.num_blueprints, NROWS = _C.num_rows, NCOLS = _C.num_columns
cdef int NEDGES = _C.num_edges, NFRESCO = _C.num_frescoes
cdef int NPAT = len(_C.patroness_names), REVEAL = _C.reveal, NBENE = len(_C.benefactor_names)
cdef int NROUNDS = _C.rounds, DRAW = _C.draw, ASIDE_N = _C.aside, DISPLAY = _C.display_size
cdef int DECK_SIZE = _C.deck_size, ERU_BASE = _C.erudite_base, ERU_TIERS = _C.erudite_tiers
cdef int CP_EFFORT = _C.centerpiece_effort, MARKERS = _C.markers
cdef int MARKERS_PER = _C.markers_per_upgrade, UPG_TILES = _C.upgrade_tiles
cdef int MIN_COST = _C.min_cost, GOSSIP_PUB = _C.gossip_publicity
cdef int GOSSIP_PER_ROUND = _C.gossip_per_round, RES_PER_VP = _C.resources_per_vp
cdef int NGRAYCAND = len(_C.gray_candidates)
cdef int GALLERY[MAX_R]
cdef int FIXED_GRAY[MAX_R]
cdef int DIST[MAX_R][MAX_R]
cdef int GRAY_CAND[MAX_R]
cdef int CARD_CHAR[MAX_T]
cdef int CARD_EFF[MAX_T]
cdef int CARD_PUB[MAX_T]
cdef int CARD_ERU[MAX_T]
cdef int CARD_UPG[MAX_T]
cdef int SPACE_ACTION[MAX_SPACES]
cdef int SPACE_COLOUR[MAX_SPACES]
cdef int EFF_N[4]
cdef int EFF_COLS[4][MAX_COLUMNS]
cdef int EFF_RES[4][MAX_COLUMNS]
cdef int TRACK_KIND[MAX_TRACK + 1]
cdef int TRACK_COLOUR[MAX_TRACK + 1]
cdef int BONUS_SLOT[MAX_TRACK + 1]
cdef int TILE_KIND[MAX_TILE_KINDS]
cdef int TILE_AMOUNT[MAX_TILE_KINDS]
cdef int TILE_COUNT[MAX_TILE_KINDS]
cdef int BP_COLOUR[MAX_BP]
cdef int BP_VP[MAX_BP]
cdef int BP_ICONS[MAX_BP][NCOL]
cdef int ROW_COLOUR[MAX_LINES]
cdef int COL_COLOUR[MAX_LINES]
cdef int ROW_VP[MAX_LINES]
cdef int PAT_KIND[MAX_PATRON]
cdef int PAT_VP[MAX_PATRON]
cdef int PAT_CAP[MAX_PATRON]
cdef int BENE_KIND[MAX_BENE]
cdef int BENE_AMOUNT[MAX_BENE]
cdef int UPG_MULT[MAX_ROUNDS]
cdef int PUB_VP[MAX_ROUNDS]
cdef double HEURISTIC_SCALE = 8.0
# The set-aside choices (actions.ASIDE_SETS): each a rising tuple of ASIDE_N cards.
cdef int NSETS = len(actions.ASIDE_SETS)
cdef int ASIDE_SETS[MAX_ASIDE_SETS][MAX_ASIDE]
# ASIDE_ID[(a * MAX_T + b) * MAX_T + c]: the choice (a, b, c), shorter ones padded with 0.
cdef int ASIDE_ID[MAX_T * MAX_T * MAX_T]


def _fill_tables():
    """Copies the components into the C tables (sizes were checked by components.py)."""
    cdef int i, j
    if DECK_SIZE > MAX_T * 4 or DRAW > MAX_SLOTS:
        raise ValueError(
            f"a deck of {DECK_SIZE} cards or a draw of {DRAW} is over the engine's limits")
    for i in range(NR):
        GALLERY[i] = _C.gallery[i]
        FIXED_GRAY[i] = _C.fixed_gray[i]
        for j in range(NR):
            DIST[i][j] = _C.distance[i][j]
    for i in range(NGRAYCAND):
        GRAY_CAND[i] = _C.gray_candidates[i]
    for i in range(NT):
        CARD_CHAR[i] = _C.card_character[i]
        CARD_EFF[i] = _C.card_effort[i]
        CARD_PUB[i] = _C.card_publicity[i]
        CARD_ERU[i] = _C.card_erudite[i]
        CARD_UPG[i] = _C.card_upgrade[i]
    for i in range(NSP):
        SPACE_ACTION[i] = _C.space_action[i]
        SPACE_COLOUR[i] = _C.space_colour[i]
    for i in range(4):
        if len(_C.effort_columns[i]) > MAX_COLUMNS:
            raise ValueError(f"an Effort table has more than {MAX_COLUMNS} columns")
        EFF_N[i] = len(_C.effort_columns[i])
        for j in range(EFF_N[i]):
            EFF_COLS[i][j] = _C.effort_columns[i][j]
            EFF_RES[i][j] = _C.effort_results[i][j]
    for i in range(NTRACK + 1):
        TRACK_KIND[i] = _C.track_kind[i]
        TRACK_COLOUR[i] = _C.track_colour[i]
        BONUS_SLOT[i] = _C.bonus_slot[i]
    for i in range(NTILEK):
        TILE_KIND[i] = _C.tile_kind[i]
        TILE_AMOUNT[i] = _C.tile_amount[i]
        TILE_COUNT[i] = _C.tile_count[i]
    for i in range(NBP):
        BP_COLOUR[i] = _C.blueprint_colour[i]
        BP_VP[i] = _C.blueprint_vp[i]
        for j in range(NCOL):
            BP_ICONS[i][j] = _C.blueprint_icons[i][j]
    for i in range(NROWS):
        ROW_COLOUR[i] = _C.row_colour[i]
        ROW_VP[i] = _C.row_vp[i]
    for i in range(NCOLS):
        COL_COLOUR[i] = _C.column_colour[i]
    for i in range(NPAT):
        PAT_KIND[i] = _C.patroness_kind[i]
        PAT_VP[i] = _C.patroness_vp[i]
        PAT_CAP[i] = _C.patroness_cap[i]
    for i in range(NBENE):
        BENE_KIND[i] = _C.benefactor_kind[i]
        BENE_AMOUNT[i] = _C.benefactor_amount[i]
    for i in range(NROUNDS):
        UPG_MULT[i] = _C.upgrade_multiplier[i]
        PUB_VP[i] = _C.publicity_vp[i]
    if NSETS > MAX_ASIDE_SETS:
        raise ValueError("too many set-aside choices for the engine's table")
    for i, cards in enumerate(actions.ASIDE_SETS):
        padded = list(cards) + [0] * (MAX_ASIDE - len(cards))
        for j in range(ASIDE_N):
            ASIDE_SETS[i][j] = cards[j]
        ASIDE_ID[(padded[0] * MAX_T + padded[1]) * MAX_T + padded[2]] = i


_fill_tables()


# ---- small facts ---------------------------------------------------------------------------

cdef inline int total(const int* values, int n) noexcept nogil:
    cdef int i, out = 0
    for i in range(n):
        out += values[i]
    return out


cdef inline int effort_result(int action, int effort) noexcept nogil:
    # The lower column when between two [seed]; 0 below the first; the last above it.
    cdef int j, result = 0
    for j in range(EFF_N[action]):
        if effort >= EFF_COLS[action][j]:
            result = EFF_RES[action][j]
    return result


cdef inline int tier_of(int space) noexcept nogil:
    if space == 0:
        return 0
    return (space - 1) // TIER_SIZE + 1


cdef inline int card_effort(game_t* g, int s, int card) noexcept nogil:
    if CARD_ERU[card]:
        return ERU_BASE + tier_of(g.seat[s].study) // ERU_TIERS
    return CARD_EFF[card]


cdef inline int centerpieces_of(game_t* g, int s) noexcept nogil:
    cdef int r, n = 0
    for r in range(NR):
        if g.centerpiece[r] == s:
            n += 1
    return n


cdef inline int movable(game_t* g, int s, int r) noexcept nogil:
    # A Centerpiece stays on its Gallery.
    return g.seat[s].art[r] - (1 if g.centerpiece[r] == s else 0)


cdef inline int gossip_used(game_t* g, int s) noexcept nogil:
    cdef int k, n = 0
    for k in range(g.seat[s].nslots):
        if g.seat[s].slot_dest[k] == GOSSIP:
            n += 1
    return n


cdef inline int* pile_of(game_t* g, int s) noexcept nogil:
    # The hand, or the set-aside cards once the hand is empty [seed: the Alone rule].
    if total(g.seat[s].hand, NT) > 0:
        return g.seat[s].hand
    return g.seat[s].aside


cdef inline int* known_of(game_t* g, int s) noexcept nogil:
    if total(g.seat[s].hand, NT) > 0:
        return g.seat[s].known_hand
    return g.seat[s].known_aside


cdef inline int aside_seat(game_t* g) noexcept nogil:
    if total(g.seat[g.first].aside, NT) < ASIDE_N:
        return g.first
    return 1 - g.first


cdef inline int draw_seat(game_t* g) noexcept nogil:
    if total(g.seat[g.first].hand, NT) < DRAW:
        return g.first
    return 1 - g.first


cdef inline int display_seat(game_t* g) noexcept nogil:
    cdef int s
    for s in range(2):
        if total(g.seat[s].display, NT) < DISPLAY and total(g.seat[s].upg, NT) > 0:
            return s
    return -1


cdef int aside_choices(const int* hand, int* out) noexcept nogil:
    # Every multiset of ASIDE_N cards the hand holds, as rising tuples in
    # lexicographic order (so their ids rise too).
    cdef int a, b, c, n = 0
    for a in range(NT):
        if hand[a] < 1:
            continue
        if ASIDE_N == 1:
            out[n] = A_ASIDE + ASIDE_ID[a * MAX_T * MAX_T]
            n += 1
            continue
        for b in range(a, NT):
            if hand[b] < 1 + (b == a):
                continue
            if ASIDE_N == 2:
                out[n] = A_ASIDE + ASIDE_ID[(a * MAX_T + b) * MAX_T]
                n += 1
                continue
            for c in range(b, NT):
                if hand[c] >= 1 + (c == b) + (c == a):
                    out[n] = A_ASIDE + ASIDE_ID[(a * MAX_T + b) * MAX_T + c]
                    n += 1
    return n


cdef int relocations(game_t* g, int s, int reach, int start, int* out) noexcept nogil:
    # Moving one Artwork from a region to one at most `reach` steps away (gray regions
    # passable), never ending in a gray region; ids at least `start`. out may be NULL
    # to count only.
    cdef int a, b, action, n = 0
    for a in range(NR):
        if movable(g, s, a) <= 0:
            continue
        for b in range(NR):
            action = A_RELOCATE + a * NR + b
            if a != b and not g.gray[b] and DIST[a][b] <= reach and action >= start:
                if out != NULL:
                    out[n] = action
                n += 1
    return n


cdef int benefactor_usable(game_t* g, int s, int b) noexcept nogil:
    if BENE_KIND[b] == BENE_MOVE:
        return relocations(g, s, BENE_AMOUNT[b], 0, NULL) > 0
    if BENE_KIND[b] == BENE_FLORENCE:
        return g.seat[s].reserve > 0
    return 1


cdef int spend_limit(game_t* g) noexcept nogil:
    # Any of the matching Resources in the played card's section [seed].
    cdef int m = g.mover
    cdef int have = g.seat[m].res[g.chr][SPACE_COLOUR[g.seat[m].slot_dest[g.slot]]]
    return have if have < MAX_SPEND else MAX_SPEND


cdef int lodge_moves(game_t* g, int* out) noexcept nogil:
    cdef int a, b, action, n = 0
    if g.ap <= 0:
        return 0
    for a in range(NCOL):
        if not g.standing[a]:
            continue
        for b in range(NCOL):
            action = A_LODGE + a * NCOL + b
            if a != b and action >= g.last:
                if out != NULL:
                    out[n] = action
                n += 1
    return n


cdef int region_choices(game_t* g, int* out) noexcept nogil:
    # Regions in rising order, leaving enough later ones for the placements due.
    cdef int r, later, later_r, n = 0, m = g.mover
    for r in range(NR):
        if g.centerpiece[r] != m or A_REGION + r <= g.last:
            continue
        later = 0
        for later_r in range(r + 1, NR):
            if g.centerpiece[later_r] == m:
                later += 1
        if later >= g.ap - 1:
            out[n] = A_REGION + r
            n += 1
    return n


cdef int cover_options(game_t* g, int* out) noexcept nogil:
    # An uncovered icon of any Blueprint tile that keeps one uncovered [seed].
    cdef int b, c, uncovered, n = 0
    if g.markers <= 0:
        return 0
    for b in range(NBP):
        uncovered = 0
        for c in range(NCOL):
            uncovered += BP_ICONS[b][c] - g.bp_cover[b][c]
        if uncovered < 2:
            continue
        for c in range(NCOL):
            if BP_ICONS[b][c] - g.bp_cover[b][c] > 0:
                if out != NULL:
                    out[n] = A_COVER + b * NCOL + c
                n += 1
    return n


cdef int edge_options(game_t* g, int* out) noexcept nogil:
    cdef int e, n = 0
    if g.mi_tiles <= 0:
        return 0
    for e in range(NEDGES):
        if not g.edges[e]:
            if out != NULL:
                out[n] = A_EDGE + e
            n += 1
    return n


cdef int upgrade_options(game_t* g, int kind, int* out) noexcept nogil:
    # out may be NULL to count only.
    cdef int m = g.mover, t, k, x, n = 0
    cdef seat_t* me = &g.seat[m]
    cdef int* pile
    if (kind == REWARD_CARD or kind == REWARD_EITHER) and total(me.display, NT) > 0:
        pile = pile_of(g, m)
        for t in range(NT):
            if pile[t]:
                for x in range(NT):
                    if me.display[x]:
                        if out != NULL:
                            out[n] = A_UPGRADE_HAND + t * NT + x
                        n += 1
        for k in range(me.nslots):
            for x in range(NT):
                if me.display[x]:
                    if out != NULL:
                        out[n] = A_UPGRADE_BOARD + k * NT + x
                    n += 1
    if kind == REWARD_WORKSHOP or kind == REWARD_EITHER:
        if m == DA_VINCI:
            n += cover_options(g, NULL if out == NULL else out + n)
        else:
            n += edge_options(g, NULL if out == NULL else out + n)
    return n


# ---- projects ----------------------------------------------------------------------------------

cdef int blueprint_cost(game_t* g, int b, int* need) noexcept nogil:
    cdef int c
    for c in range(NCOL):
        need[c] = BP_ICONS[b][c] - g.bp_cover[b][c]
    return 0


cdef int fresco_cost(game_t* g, int f, int* need) noexcept nogil:
    # A Sistine tile costs its row's and column's colours unless covered; at least
    # MIN_COST Resource(s) of any colour. Returns that "any" count (0 otherwise).
    cdef int row = f // NCOLS, col = f % NCOLS, c
    for c in range(NCOL):
        need[c] = 0
    if not g.edges[row]:
        need[ROW_COLOUR[row]] += 1
    if not g.edges[NROWS + col]:
        need[COL_COLOUR[col]] += 1
    if need[0] + need[1] + need[2] + need[3] == 0:
        return MIN_COST
    return 0


cdef int affordable(game_t* g, int s, int* need, int any_colour) noexcept nogil:
    cdef int c, have, spare = 0
    for c in range(NCOL):
        have = g.seat[s].res[0][c] + g.seat[s].res[1][c]
        if have < need[c]:
            return 0
        spare += have - need[c]
    return spare >= any_colour


cdef int affordable_projects(game_t* g, int* out) noexcept nogil:
    cdef int need[NCOL]
    cdef int m = g.mover, b, f, any_colour, n = 0
    if m == DA_VINCI:
        for b in range(NBP):
            if not g.bp_done[b]:
                blueprint_cost(g, b, need)
                if affordable(g, m, need, 0):
                    if out != NULL:
                        out[n] = A_BUILD_BLUEPRINT + b
                    n += 1
    else:
        for f in range(NFRESCO):
            if not g.frescoes[f]:
                any_colour = fresco_cost(g, f, need)
                if affordable(g, m, need, any_colour):
                    if out != NULL:
                        out[n] = A_BUILD_FRESCO + f
                    n += 1
    return n


cdef int payments(game_t* g, int* out) noexcept nogil:
    # Colours in rising order, section A before B within a colour.
    cdef int c, k, cc, kk, action, later, n = 0
    cdef seat_t* me = &g.seat[g.mover]
    if g.pay_any:
        for c in range(NCOL):
            for k in range(2):
                action = A_PAY + c * 2 + k
                if action < g.last or not me.res[k][c]:
                    continue
                later = -1
                for cc in range(NCOL):
                    for kk in range(2):
                        if A_PAY + cc * 2 + kk >= action:
                            later += me.res[kk][cc]
                if later >= g.pay_any - 1:
                    out[n] = action
                    n += 1
        return n
    c = 0
    while c < NCOL and not g.pay[c]:
        c += 1
    if me.res[0][c] and A_PAY + c * 2 >= g.last:
        out[n] = A_PAY + c * 2
        n += 1
    if me.res[1][c] >= g.pay[c]:
        out[n] = A_PAY + c * 2 + 1
        n += 1
    return n


cdef int publicity(game_t* g, int s) noexcept nogil:
    cdef int k, out = 0
    cdef seat_t* me = &g.seat[s]
    for k in range(me.nslots):
        if me.slot_dest[k] == GOSSIP:
            out += CARD_PUB[me.slot_card[k]] * GOSSIP_PUB
        elif me.slot_override[k] >= 0:
            out += me.slot_override[k]
        else:
            out += CARD_PUB[me.slot_card[k]]
    return out


cdef int patroness_value(game_t* g, int p, int s) noexcept nogil:
    cdef int count = 0, r, t
    cdef int kind = PAT_KIND[p]
    if kind == 0:
        count = tier_of(g.seat[s].study)
    elif kind == 1:
        count = centerpieces_of(g, s)
    elif kind == 2:
        count = g.seat[s].art[FLO]
    elif kind == 3:
        for r in range(NR):
            if GALLERY[r] >= 0 and g.seat[s].art[r]:
                count += 1
    elif kind == 4:
        count = total(g.bp_done, NBP) if s == DA_VINCI else total(g.frescoes, NFRESCO)
    else:
        for t in range(NT):
            if CARD_UPG[t]:
                count += g.seat[s].deck[t]
    if PAT_CAP[p] and count > PAT_CAP[p]:
        count = PAT_CAP[p]
    return PAT_VP[p] * count


# ---- the rules that change the position -------------------------------------------------------

cdef void reset_turn(game_t* g) noexcept nogil:
    g.bene_used = 0
    g.cardinal = 0
    g.slot = -1
    g.chr = -1
    g.effort = 0
    g.ap = 0
    g.last = -1
    g.stage = 0
    g.covers = 0
    memset(g.pay, 0, sizeof(g.pay))
    g.pay_any = 0


cdef void begin_turn(game_t* g, int seat) noexcept nogil:
    g.phase = P_TURN
    g.mover = seat
    reset_turn(g)


cdef void skip_empty_setup(game_t* g) noexcept nogil:
    if g.phase == P_PATRONESS and total(g.patrons, NPAT) == REVEAL:
        g.phase = P_DISPLAY
    if g.phase == P_DISPLAY and display_seat(g) < 0:
        g.phase = P_FIRST


cdef void centerpiece_check(game_t* g, int s) noexcept nogil:
    # Where s has more Artworks than its rival, one of them becomes the Centerpiece;
    # a rival Centerpiece goes back down. A tie changes nothing [seed].
    cdef int r, mine, theirs
    for r in range(NR):
        if GALLERY[r] < 0:
            continue
        mine = g.seat[s].art[r]
        theirs = g.seat[1 - s].art[r]
        if not g.centerpiece_counts:
            mine -= g.centerpiece[r] == s
            theirs -= g.centerpiece[r] == 1 - s
        if mine > theirs and g.centerpiece[r] != s:
            g.centerpiece[r] = s


cdef void centerpiece_checks(game_t* g, int s) noexcept nogil:
    centerpiece_check(g, s)
    if g.check_both:
        centerpiece_check(g, 1 - s)


cdef int relocate(game_t* g, int s, int action) noexcept nogil:
    cdef int a = (action - A_RELOCATE) // NR, b = (action - A_RELOCATE) % NR
    g.seat[s].art[a] -= 1
    g.seat[s].art[b] += 1
    return DIST[a][b]


cdef void final_scoring(game_t* g) noexcept nogil:
    cdef int s, p
    for s in range(2):
        for p in range(NPAT):
            if g.patrons[p]:
                g.seat[s].vp += patroness_value(g, p, s)
        g.seat[s].vp += ((total(g.seat[s].res[0], NCOL) + total(g.seat[s].res[1], NCOL))
                         // RES_PER_VP)


cdef void end_round(game_t* g) noexcept nogil:
    cdef int p0 = publicity(g, 0), p1 = publicity(g, 1), winner = -1, r, a, s
    # Publicity; a tie goes to the Workshop farther on the Study track [seed].
    if p0 > p1:
        winner = 0
    elif p1 > p0:
        winner = 1
    elif g.seat[0].study > g.seat[1].study:
        winner = 0
    elif g.seat[1].study > g.seat[0].study:
        winner = 1
    if winner >= 0:
        g.seat[winner].vp += PUB_VP[g.round]
    # Exhibition: each Centerpiece scores its Lodge area's Collectors.
    for r in range(NR):
        if GALLERY[r] >= 0 and g.centerpiece[r] >= 0:
            a = GALLERY[r]
            g.seat[g.centerpiece[r]].vp += g.standing[a] + g.lying[a]
    for a in range(NCOL):
        g.standing[a] += g.lying[a]
        g.lying[a] = 0
    for s in range(2):
        memset(g.seat[s].hand, 0, sizeof(g.seat[s].hand))
        memset(g.seat[s].aside, 0, sizeof(g.seat[s].aside))
        memset(g.seat[s].known_hand, 0, sizeof(g.seat[s].known_hand))
        memset(g.seat[s].known_aside, 0, sizeof(g.seat[s].known_aside))
        # Cleared, not just forgotten: the hash reads every slot.
        memset(g.seat[s].slot_card, 0, sizeof(g.seat[s].slot_card))
        memset(g.seat[s].slot_dest, 0, sizeof(g.seat[s].slot_dest))
        memset(g.seat[s].slot_override, 0, sizeof(g.seat[s].slot_override))
        g.seat[s].nslots = 0
        g.seat[s].gossip_known = 0
        g.seat[s].gossip_pile = 0
    reset_turn(g)
    g.mover = -1
    if g.round + 1 == NROUNDS:
        final_scoring(g)
        g.phase = P_OVER
    else:
        g.round += 1
        g.first = 1 - g.first
        g.phase = P_DRAW


cdef void end_turn(game_t* g) noexcept nogil:
    if g.seat[0].nslots + g.seat[1].nslots == 2 * DRAW:
        end_round(g)
    else:
        begin_turn(g, 1 - g.mover)


cdef void enter_projects(game_t* g) noexcept nogil:
    g.phase = P_PROJECTS
    if affordable_projects(g, NULL) == 0:
        end_turn(g)


cdef void finish_move(game_t* g) noexcept nogil:
    centerpiece_checks(g, g.mover)
    enter_projects(g)


cdef void create_in_florence(game_t* g) noexcept nogil:
    cdef seat_t* me = &g.seat[g.mover]
    cdef int placed = effort_result(ACT_CREATE, g.effort)
    if placed > me.supply:
        placed = me.supply
    me.supply -= placed
    me.art[FLO] += placed
    enter_projects(g)


cdef void create_in_centerpiece_regions(game_t* g) noexcept nogil:
    cdef int m = g.mover, r
    cdef seat_t* me = &g.seat[m]
    cdef int owned = centerpieces_of(g, m)
    if me.supply >= owned:
        for r in range(NR):
            if g.centerpiece[r] == m:
                me.art[r] += 1
        me.supply -= owned
        enter_projects(g)
    elif me.supply == 0:
        enter_projects(g)
    else:
        g.phase = P_REGIONS
        g.ap = me.supply
        g.last = -1


cdef int bonus_tile(game_t* g, int k) noexcept nogil:
    # A Study Bonus tile's reward; 1 when it needs a decision or chance.
    cdef seat_t* me = &g.seat[g.mover]
    cdef int kind = TILE_KIND[k], amount = TILE_AMOUNT[k], moved
    if kind == TILE_VP:
        me.vp += amount
    elif kind == TILE_RESOURCE:
        g.phase = P_COLOUR
        return 1
    elif kind == TILE_BENEFACTOR:
        if total(g.bene_deck, NBENE) > 0:
            g.phase = P_BENEFACTOR
            return 1
    elif kind == TILE_ARTWORK:
        moved = amount if amount < me.reserve else me.reserve
        me.reserve -= moved
        me.supply += moved
    else:
        me.vp += amount * centerpieces_of(g, g.mover)
    return 0


cdef void run_study(game_t* g) noexcept nogil:
    # One space an Action Point: the space's reward, then its Bonus tile's, until a
    # decision or chance is due.
    cdef int m = g.mover, space, slot
    cdef seat_t* me = &g.seat[m]
    while True:
        if g.stage == STAGE_ADVANCE:
            if g.ap == 0 or me.study == NTRACK:
                enter_projects(g)
                return
            g.ap -= 1
            me.study += 1
            g.stage = STAGE_SPACE
        if g.stage == STAGE_SPACE:
            g.stage = STAGE_TILE
            space = me.study
            if TRACK_KIND[space] == REWARD_RESOURCE:
                # Into the other Character's section [seed].
                me.res[1 - g.chr][TRACK_COLOUR[space]] += 1
            elif upgrade_options(g, TRACK_KIND[space], NULL) > 0:
                g.phase = P_UPGRADE
                return
        g.stage = STAGE_ADVANCE
        slot = BONUS_SLOT[me.study]
        if slot >= 0 and bonus_tile(g, g.tiles[slot]):
            return


cdef void resolve_action(game_t* g, int effort) noexcept nogil:
    cdef int m = g.mover
    cdef seat_t* me = &g.seat[m]
    cdef int action = SPACE_ACTION[me.slot_dest[g.slot]]
    g.effort = effort
    if action == ACT_MOVE:
        g.ap = effort_result(ACT_MOVE, effort)
        g.last = -1
        g.phase = P_MOVE
        if relocations(g, m, g.ap, -1, NULL) == 0:
            finish_move(g)
    elif action == ACT_CREATE:
        # First, always gain 1 Artwork into the supply [seed].
        if me.reserve:
            me.reserve -= 1
            me.supply += 1
        if effort >= CP_EFFORT and centerpieces_of(g, m) > 0:
            g.phase = P_CREATE
        else:
            create_in_florence(g)
    elif action == ACT_INFLUENCE:
        g.ap = effort_result(ACT_INFLUENCE, effort)
        g.last = -1
        g.phase = P_INFLUENCE
        if lodge_moves(g, NULL) == 0:
            enter_projects(g)
    else:
        g.ap = effort_result(ACT_STUDY, effort)
        g.stage = STAGE_ADVANCE
        run_study(g)


cdef void play_card(game_t* g, int card, int dest) noexcept nogil:
    cdef int m = g.mover, b, effort, colour
    cdef seat_t* me = &g.seat[m]
    cdef int from_aside = total(me.hand, NT) == 0
    cdef int* pile = pile_of(g, m)
    cdef int* known = known_of(g, m)
    pile[card] -= 1
    me.slot_card[me.nslots] = card
    me.slot_dest[me.nslots] = dest
    me.slot_override[me.nslots] = -1
    g.slot = me.nslots
    me.nslots += 1
    if dest == GOSSIP:
        # Face down: what the rival knew of the pile now covers pile and Gossip.
        me.gossip_pile = from_aside
        me.gossip_known = 0
        enter_projects(g)
        return
    if known[card]:
        known[card] -= 1
    colour = SPACE_COLOUR[dest]
    effort = card_effort(g, m, card) + g.cardinal
    if m == DA_VINCI:
        for b in range(NBP):
            if g.bp_done[b] and BP_COLOUR[b] == colour:
                effort += 1
    g.chr = CARD_CHAR[card]
    g.effort = effort
    if m == MICHELANGELO and spend_limit(g) > 0:
        g.phase = P_BONUS
    else:
        resolve_action(g, effort)


cdef void use_benefactor(game_t* g, int b) noexcept nogil:
    cdef int m = g.mover, placed
    cdef seat_t* me = &g.seat[m]
    me.bene[b] -= 1
    g.bene_used = 1
    if BENE_KIND[b] == BENE_MOVE:
        g.phase = P_COURIER
        g.ap = BENE_AMOUNT[b]
    elif BENE_KIND[b] == BENE_RESOURCES:
        g.phase = P_MERCHANT
        g.ap = BENE_AMOUNT[b]
    elif BENE_KIND[b] == BENE_EFFORT:
        g.cardinal += BENE_AMOUNT[b]
    else:
        placed = BENE_AMOUNT[b] if BENE_AMOUNT[b] < me.reserve else me.reserve
        me.reserve -= placed
        me.art[FLO] += placed


cdef void cover(game_t* g, int action) noexcept nogil:
    cdef int b = (action - A_COVER) // NCOL, c = (action - A_COVER) % NCOL
    g.bp_cover[b][c] += 1
    g.markers -= 1
    g.covers -= 1
    if g.covers > 0 and cover_options(g, NULL) > 0:
        g.phase = P_COVER
    else:
        g.covers = 0
        run_study(g)


cdef void upgrade_card(game_t* g, int action) noexcept nogil:
    # Replace a card in hand or on the board by one from the Upgrade display; score
    # the old card's Effort (hand) or Publicity (board) x 1/1/2/2 [seed].
    cdef int m = g.mover, k, old, new, mult = UPG_MULT[g.round]
    cdef seat_t* me = &g.seat[m]
    cdef int* pile
    cdef int* known
    if action >= A_UPGRADE_BOARD:
        k = (action - A_UPGRADE_BOARD) // NT
        new = (action - A_UPGRADE_BOARD) % NT
        old = me.slot_card[k]
        me.vp += CARD_PUB[old] * mult
        if me.slot_dest[k] == GOSSIP:
            if not me.gossip_known:
                if me.gossip_pile:
                    known = me.known_aside
                else:
                    known = me.known_hand
                if known[old]:
                    known[old] -= 1
            me.gossip_known = 1
        elif k == g.slot:
            # The card just played keeps its Publicity this round [seed].
            if me.slot_override[k] < 0:
                me.slot_override[k] = CARD_PUB[old]
        else:
            # Any other replacement changes this round's Publicity [seed], even of a
            # card that kept its old Publicity when it was upgraded in its own turn.
            me.slot_override[k] = -1
        me.slot_card[k] = new
    else:
        old = (action - A_UPGRADE_HAND) // NT
        new = (action - A_UPGRADE_HAND) % NT
        pile = pile_of(g, m)
        known = known_of(g, m)
        me.vp += card_effort(g, m, old) * mult
        pile[old] -= 1
        pile[new] += 1
        if known[old]:
            known[old] -= 1
        known[new] += 1
    me.deck[old] -= 1
    me.deck[new] += 1
    me.display[new] -= 1
    if total(me.upg, NT) > 0:
        g.phase = P_REFILL
    else:
        run_study(g)


cdef void pay_one(game_t* g, int action) noexcept nogil:
    cdef int c = (action - A_PAY) // 2, k = (action - A_PAY) % 2
    g.seat[g.mover].res[k][c] -= 1
    if g.pay_any:
        g.pay_any -= 1
    else:
        g.pay[c] -= 1
    g.last = action


cdef void settle_payment(game_t* g) noexcept nogil:
    # Pays on its own while there is one way to; back to Projects when paid.
    cdef int options[2 * NCOL]
    cdef int n
    while True:
        if not g.pay_any and g.pay[0] + g.pay[1] + g.pay[2] + g.pay[3] == 0:
            g.last = -1
            enter_projects(g)
            return
        n = payments(g, options)
        if n > 1:
            return
        pay_one(g, options[0])


cdef void build(game_t* g, int action) noexcept nogil:
    cdef int need[NCOL]
    cdef int m = g.mover, b, f, c, from_a
    cdef seat_t* me = &g.seat[m]
    if m == DA_VINCI:
        b = action - A_BUILD_BLUEPRINT
        blueprint_cost(g, b, need)
        g.bp_done[b] = 1
        me.vp += BP_VP[b]
        # da Vinci's sections never matter again: he pays section A first.
        for c in range(NCOL):
            from_a = need[c] if need[c] < me.res[0][c] else me.res[0][c]
            me.res[0][c] -= from_a
            me.res[1][c] -= need[c] - from_a
        enter_projects(g)
        return
    f = action - A_BUILD_FRESCO
    g.pay_any = fresco_cost(g, f, g.pay)
    g.frescoes[f] = 1
    me.vp += ROW_VP[f // NCOLS]
    g.last = -1
    g.phase = P_PAY
    settle_payment(g)


cdef void apply_player(game_t* g, int action) noexcept nogil:
    cdef int phase = g.phase, m = g.mover, s, k, a, b
    if phase == P_ASIDE:
        s = aside_seat(g)
        for k in range(ASIDE_N):
            g.seat[s].hand[ASIDE_SETS[action - A_ASIDE][k]] -= 1
            g.seat[s].aside[ASIDE_SETS[action - A_ASIDE][k]] += 1
        if s != g.first:
            begin_turn(g, g.first)
    elif phase == P_TURN:
        if action >= A_USE:
            use_benefactor(g, action - A_USE)
        else:
            play_card(g, (action - A_PLAY) // DESTS, (action - A_PLAY) % DESTS)
    elif phase == P_COURIER:
        relocate(g, m, action)
        centerpiece_checks(g, m)
        g.ap = 0
        g.phase = P_TURN
    elif phase == P_MERCHANT:
        g.seat[m].res[(action - A_MERCHANT) % 2][(action - A_MERCHANT) // 2] += g.ap
        g.ap = 0
        g.phase = P_TURN
    elif phase == P_BONUS:
        k = action - A_SPEND
        g.seat[m].res[g.chr][SPACE_COLOUR[g.seat[m].slot_dest[g.slot]]] -= k
        resolve_action(g, g.effort + k)
    elif phase == P_MOVE:
        if action == A_DONE:
            finish_move(g)
        else:
            g.ap -= relocate(g, m, action)
            g.last = action
            if relocations(g, m, g.ap, g.last, NULL) == 0:
                finish_move(g)
    elif phase == P_CREATE:
        if action == A_FLORENCE:
            create_in_florence(g)
        else:
            create_in_centerpiece_regions(g)
    elif phase == P_REGIONS:
        g.seat[m].art[action - A_REGION] += 1
        g.seat[m].supply -= 1
        g.ap -= 1
        g.last = action
        if g.ap == 0:
            enter_projects(g)
    elif phase == P_INFLUENCE:
        if action == A_DONE:
            enter_projects(g)
        else:
            a = (action - A_LODGE) // NCOL
            b = (action - A_LODGE) % NCOL
            g.standing[a] -= 1
            g.lying[b] += 1
            g.seat[m].res[g.chr][a] += 1
            g.ap -= 1
            g.last = action
            if lodge_moves(g, NULL) == 0:
                enter_projects(g)
    elif phase == P_UPGRADE:
        if action >= A_EDGE:
            g.edges[action - A_EDGE] = 1
            g.mi_tiles -= 1
            run_study(g)
        elif action >= A_COVER:
            g.covers = MARKERS_PER
            cover(g, action)
        else:
            upgrade_card(g, action)
    elif phase == P_COVER:
        cover(g, action)
    elif phase == P_COLOUR:
        g.seat[m].res[1 - g.chr][action - A_TAKE] += (
            TILE_AMOUNT[g.tiles[BONUS_SLOT[g.seat[m].study]]])
        run_study(g)
    elif phase == P_PROJECTS:
        if action == A_DONE:
            end_turn(g)
        else:
            build(g, action)
    elif phase == P_PAY:
        pay_one(g, action)
        settle_payment(g)


cdef void apply_chance(game_t* g, int action) noexcept nogil:
    cdef int phase = g.phase, s, k
    if phase == P_GRAY:
        g.gray[action - A_GRAY] = 1
        if total(g.gray, NR) == g.gray_count:
            g.phase = P_TILES
    elif phase == P_TILES:
        k = 0
        while g.tiles[k] >= 0:
            k += 1
        g.tiles[k] = action - A_TILE
        if k == NBONUS - 1:
            g.phase = P_PATRONESS
            skip_empty_setup(g)
    elif phase == P_PATRONESS:
        g.patrons[action - A_PATRONESS] = 1
        skip_empty_setup(g)
    elif phase == P_DISPLAY:
        s = display_seat(g)
        g.seat[s].upg[action - A_REFILL] -= 1
        g.seat[s].display[action - A_REFILL] += 1
        skip_empty_setup(g)
    elif phase == P_FIRST:
        g.first = action - A_FIRST
        g.phase = P_DRAW
        g.mover = -1
    elif phase == P_DRAW:
        s = draw_seat(g)
        g.seat[s].hand[action - A_DEAL] += 1
        if total(g.seat[1 - g.first].hand, NT) == DRAW:
            if ASIDE_N:
                g.phase = P_ASIDE
            else:
                begin_turn(g, g.first)
    elif phase == P_REFILL:
        g.seat[g.mover].upg[action - A_REFILL] -= 1
        g.seat[g.mover].display[action - A_REFILL] += 1
        run_study(g)
    elif phase == P_BENEFACTOR:
        g.bene_deck[action - A_BENEFACTOR] -= 1
        g.seat[g.mover].bene[action - A_BENEFACTOR] += 1
        run_study(g)


cdef int winner_of(game_t* g) noexcept nogil:
    # Most VP; then farther on the Study track; then more Centerpieces; -1 shared.
    cdef int diff
    if g.seat[0].vp != g.seat[1].vp:
        return 0 if g.seat[0].vp > g.seat[1].vp else 1
    if g.seat[0].study != g.seat[1].study:
        return 0 if g.seat[0].study > g.seat[1].study else 1
    diff = centerpieces_of(g, 0) - centerpieces_of(g, 1)
    if diff != 0:
        return 0 if diff > 0 else 1
    return -1


cdef int is_chance_phase(int phase) noexcept nogil:
    return (phase == P_GRAY or phase == P_TILES or phase == P_PATRONESS or phase == P_DISPLAY
            or phase == P_FIRST or phase == P_DRAW or phase == P_REFILL or phase == P_BENEFACTOR)


cdef inline uint64_t mix_in(uint64_t h, int value) noexcept nogil:
    cdef uint64_t v = <uint64_t>(<long long>value) + 0x9E3779B9ULL
    return mix64(h + v * 0x9E3779B97F4A7C15ULL)


cdef uint64_t hash_ints(const int* values, int n, uint64_t h) noexcept nogil:
    cdef int i
    for i in range(n):
        h = mix_in(h, values[i])
    return h


cdef class RenaissanceState(State):
    """A position of Maestro: da Vinci vs Michelangelo (see reference.py for the rules
    in plain Python and codec.py for the actions and the JSON layout)."""

    game_name = codec.GAME_NAME
    actions = actions
    codec = codec
    views = views
    text = _render
    words = words

    def __init__(self, variant="standard"):
        self._load(codec.new_raw(variant))

    @classmethod
    def new_initial(cls, num_players=2, variant="standard"):
        return cls(variant)

    @classmethod
    def from_raw(cls, raw):
        cdef RenaissanceState state = cls.__new__(cls)
        state._load(raw)
        return state

    def _load(self, raw):
        """Copies a raw form (codec.py) into the struct; every unused entry is zero."""
        cdef game_t* g = &self.g
        cdef seat_t* me
        cdef int s, k, r, t, c
        flags = codec.variant_flags(raw["variant"])
        self.num_players = 2
        self.num_actions = NUM_ACTIONS
        self.variant = raw["variant"]
        memset(g, 0, sizeof(game_t))
        g.check_both = flags.check_both
        g.centerpiece_counts = flags.centerpiece_counts
        g.random_gray = flags.random_gray
        g.gray_count = flags.gray_count
        g.round = raw["round"]
        g.phase = raw["phase"]
        g.first = raw["first"]
        g.mover = raw["mover"]
        for r in range(NR):
            g.gray[r] = raw["gray"][r]
            g.centerpiece[r] = raw["centerpiece"][r]
        for c in range(NCOL):
            g.standing[c] = raw["standing"][c]
            g.lying[c] = raw["lying"][c]
        for k in range(NBONUS):
            g.tiles[k] = raw["tiles"][k]
        for k in range(NPAT):
            g.patrons[k] = raw["patrons"][k]
        for k in range(NBENE):
            g.bene_deck[k] = raw["bene_deck"][k]
        for k in range(NBP):
            g.bp_done[k] = raw["bp_done"][k]
            for c in range(NCOL):
                g.bp_cover[k][c] = raw["bp_cover"][k][c]
        g.markers = raw["markers"]
        for k in range(NEDGES):
            g.edges[k] = raw["edges"][k]
        for k in range(NFRESCO):
            g.frescoes[k] = raw["frescoes"][k]
        g.mi_tiles = raw["mi_tiles"]
        for s in range(2):
            me = &g.seat[s]
            me.vp = raw["vp"][s]
            me.study = raw["study"][s]
            for k in range(2):
                for c in range(NCOL):
                    me.res[k][c] = raw["res"][s][k][c]
            me.reserve = raw["reserve"][s]
            me.supply = raw["supply"][s]
            for r in range(NR):
                me.art[r] = raw["art"][s][r]
            for t in range(NT):
                me.deck[t] = raw["deck"][s][t]
                me.hand[t] = raw["hand"][s][t]
                me.aside[t] = raw["aside"][s][t]
                me.known_hand[t] = raw["known_hand"][s][t]
                me.known_aside[t] = raw["known_aside"][s][t]
                me.upg[t] = raw["upg"][s][t]
                me.display[t] = raw["display"][s][t]
            me.nslots = len(raw["slots"][s])
            for k, (card, dest, override) in enumerate(raw["slots"][s]):
                me.slot_card[k] = card
                me.slot_dest[k] = dest
                me.slot_override[k] = override
            me.gossip_known = raw["gossip_known"][s]
            me.gossip_pile = raw["gossip_pile"][s]
            for k in range(NBENE):
                me.bene[k] = raw["bene"][s][k]
        turn = raw["turn"]
        g.bene_used = turn["bene_used"]
        g.cardinal = turn["cardinal"]
        g.slot = turn["slot"]
        g.chr = turn["char"]
        g.effort = turn["effort"]
        g.ap = turn["ap"]
        g.last = turn["last"]
        g.stage = turn["stage"]
        g.covers = turn["covers"]
        for c in range(NCOL):
            g.pay[c] = turn["pay"][c]
        g.pay_any = turn["pay_any"]

    def to_raw(self):
        """The raw form (codec.py) of this position."""
        cdef game_t* g = &self.g
        cdef seat_t* me
        seats = []
        for s in range(2):
            me = &g.seat[s]
            seats.append({
                "vp": me.vp, "study": me.study,
                "res": [[me.res[k][c] for c in range(NCOL)] for k in range(2)],
                "reserve": me.reserve, "supply": me.supply,
                "art": [me.art[r] for r in range(NR)],
                "deck": [me.deck[t] for t in range(NT)],
                "hand": [me.hand[t] for t in range(NT)],
                "aside": [me.aside[t] for t in range(NT)],
                "known_hand": [me.known_hand[t] for t in range(NT)],
                "known_aside": [me.known_aside[t] for t in range(NT)],
                "slots": [[me.slot_card[k], me.slot_dest[k], me.slot_override[k]]
                          for k in range(me.nslots)],
                "gossip_known": me.gossip_known, "gossip_pile": me.gossip_pile,
                "bene": [me.bene[k] for k in range(NBENE)],
                "upg": [me.upg[t] for t in range(NT)],
                "display": [me.display[t] for t in range(NT)],
            })
        raw = {
            "variant": self.variant, "round": g.round, "phase": g.phase,
            "first": g.first, "mover": g.mover,
            "gray": [g.gray[r] for r in range(NR)],
            "centerpiece": [g.centerpiece[r] for r in range(NR)],
            "standing": [g.standing[c] for c in range(NCOL)],
            "lying": [g.lying[c] for c in range(NCOL)],
            "tiles": [g.tiles[k] for k in range(NBONUS)],
            "patrons": [g.patrons[k] for k in range(NPAT)],
            "bene_deck": [g.bene_deck[k] for k in range(NBENE)],
            "bp_cover": [[g.bp_cover[b][c] for c in range(NCOL)] for b in range(NBP)],
            "bp_done": [g.bp_done[b] for b in range(NBP)],
            "markers": g.markers,
            "edges": [g.edges[e] for e in range(NEDGES)],
            "frescoes": [g.frescoes[f] for f in range(NFRESCO)],
            "mi_tiles": g.mi_tiles,
            "turn": {"bene_used": g.bene_used, "cardinal": g.cardinal, "slot": g.slot,
                     "char": g.chr, "effort": g.effort, "ap": g.ap, "last": g.last,
                     "stage": g.stage, "covers": g.covers,
                     "pay": [g.pay[c] for c in range(NCOL)], "pay_any": g.pay_any},
        }
        for key in codec.SEAT_KEYS:
            raw[key] = [seats[0][key], seats[1][key]]
        return raw

    # ---- the rules ------------------------------------------------------------------------

    cdef int c_current_player(self) noexcept nogil:
        cdef int phase = self.g.phase
        if phase == P_OVER:
            return TERMINAL
        if is_chance_phase(phase):
            return CHANCE
        if phase == P_ASIDE:
            return aside_seat(&self.g)
        return self.g.mover

    cdef int c_legal_actions(self, int* out) noexcept nogil:
        cdef game_t* g = &self.g
        cdef int phase = g.phase, m = g.mover, n = 0, t, d, b, c, k
        cdef int* pile
        if phase == P_OVER or is_chance_phase(phase):
            return 0
        if phase == P_ASIDE:
            return aside_choices(g.seat[aside_seat(g)].hand, out)
        if phase == P_TURN:
            pile = pile_of(g, m)
            k = gossip_used(g, m) < GOSSIP_PER_ROUND
            for t in range(NT):
                if pile[t]:
                    for d in range(NSP):
                        out[n] = A_PLAY + t * DESTS + d
                        n += 1
                    if k:
                        out[n] = A_PLAY + t * DESTS + GOSSIP
                        n += 1
            if not g.bene_used:
                for b in range(NBENE):
                    if g.seat[m].bene[b] and benefactor_usable(g, m, b):
                        out[n] = A_USE + b
                        n += 1
            return n
        if phase == P_COURIER:
            return relocations(g, m, g.ap, 0, out)
        if phase == P_MERCHANT:
            for c in range(NCOL):
                for k in range(2):
                    out[n] = A_MERCHANT + c * 2 + k
                    n += 1
            return n
        if phase == P_BONUS:
            for k in range(spend_limit(g) + 1):
                out[n] = A_SPEND + k
                n += 1
            return n
        if phase == P_MOVE:
            n = relocations(g, m, g.ap, g.last, out)
            out[n] = A_DONE
            return n + 1
        if phase == P_CREATE:
            out[0] = A_FLORENCE
            out[1] = A_CENTERPIECES
            return 2
        if phase == P_REGIONS:
            return region_choices(g, out)
        if phase == P_INFLUENCE:
            out[0] = A_DONE
            return 1 + lodge_moves(g, out + 1)
        if phase == P_UPGRADE:
            return upgrade_options(g, TRACK_KIND[g.seat[m].study], out)
        if phase == P_COVER:
            return cover_options(g, out)
        if phase == P_COLOUR:
            for c in range(NCOL):
                out[c] = A_TAKE + c
            return NCOL
        if phase == P_PROJECTS:
            out[0] = A_DONE
            return 1 + affordable_projects(g, out + 1)
        if phase == P_PAY:
            return payments(g, out)
        return 0

    cdef int c_chance_outcomes(self, int* outcomes, double* probs) noexcept nogil:
        cdef game_t* g = &self.g
        cdef int phase = g.phase, n = 0, k, s, t, placed, weight, i
        cdef double sum_w = 0.0
        if phase == P_GRAY:
            for k in range(NGRAYCAND):
                if not g.gray[GRAY_CAND[k]]:
                    outcomes[n] = A_GRAY + GRAY_CAND[k]
                    probs[n] = 1.0
                    n += 1
        elif phase == P_TILES:
            for k in range(NTILEK):
                placed = 0
                for i in range(NBONUS):
                    if g.tiles[i] == k:
                        placed += 1
                if TILE_COUNT[k] > placed:
                    outcomes[n] = A_TILE + k
                    probs[n] = TILE_COUNT[k] - placed
                    n += 1
        elif phase == P_PATRONESS:
            for k in range(NPAT):
                if not g.patrons[k]:
                    outcomes[n] = A_PATRONESS + k
                    probs[n] = 1.0
                    n += 1
        elif phase == P_DISPLAY or phase == P_REFILL:
            s = display_seat(g) if phase == P_DISPLAY else g.mover
            for t in range(NT):
                if g.seat[s].upg[t]:
                    outcomes[n] = A_REFILL + t
                    probs[n] = g.seat[s].upg[t]
                    n += 1
        elif phase == P_FIRST:
            outcomes[0] = A_FIRST
            outcomes[1] = A_FIRST + 1
            probs[0] = 1.0
            probs[1] = 1.0
            n = 2
        elif phase == P_DRAW:
            s = draw_seat(g)
            for t in range(NT):
                weight = g.seat[s].deck[t] - g.seat[s].hand[t]
                if weight > 0:
                    outcomes[n] = A_DEAL + t
                    probs[n] = weight
                    n += 1
        elif phase == P_BENEFACTOR:
            for k in range(NBENE):
                if g.bene_deck[k]:
                    outcomes[n] = A_BENEFACTOR + k
                    probs[n] = g.bene_deck[k]
                    n += 1
        for i in range(n):
            sum_w += probs[i]
        for i in range(n):
            probs[i] /= sum_w
        return n

    cdef void c_apply(self, int action) noexcept nogil:
        if is_chance_phase(self.g.phase):
            apply_chance(&self.g, action)
        else:
            apply_player(&self.g, action)

    cdef void c_returns(self, double* out) noexcept nogil:
        cdef int winner = winner_of(&self.g)
        if winner < 0:
            out[0] = 0.5
            out[1] = 0.5
        else:
            out[winner] = 1.0
            out[1 - winner] = 0.0

    cdef void c_heuristic(self, double* out) noexcept nogil:
        # An estimate of each Workshop's final VP (as reference.heuristic explains),
        # turned into a chance to win by a logistic on the difference.
        cdef game_t* g = &self.g
        cdef seat_t* me
        cdef double estimate[2]
        cdef int pub[2]
        cdef int rounds_left = NROUNDS - g.round, s, r, a, p
        cdef double value
        if g.phase == P_OVER:
            self.c_returns(out)
            return
        pub[0] = publicity(g, 0)
        pub[1] = publicity(g, 1)
        for s in range(2):
            me = &g.seat[s]
            value = me.vp
            for r in range(NR):
                if GALLERY[r] >= 0 and g.centerpiece[r] == s:
                    a = GALLERY[r]
                    value += rounds_left * (g.standing[a] + g.lying[a])
            for p in range(NPAT):
                if g.patrons[p]:
                    value += patroness_value(g, p, s)
            value += 0.5 * (total(me.res[0], NCOL) + total(me.res[1], NCOL))
            value += 0.4 * me.study
            value += 0.25 * (total(me.art, NR) - me.art[FLO])
            if pub[s] > pub[1 - s]:
                value += 0.5 * PUB_VP[g.round]
            if s == g.mover:
                value += 0.5 * g.ap
            estimate[s] = value
        out[0] = 1.0 / (1.0 + exp(-(estimate[0] - estimate[1]) / HEURISTIC_SCALE))
        out[1] = 1.0 - out[0]

    # ---- hashes ------------------------------------------------------------------------------

    cdef uint64_t c_hash(self) noexcept nogil:
        # Every field of the struct (unused entries are kept zero).
        return hash_ints(<const int*>&self.g, sizeof(game_t) // sizeof(int), 0x5EED)

    cdef uint64_t c_infoset_key(self, int seat) noexcept nogil:
        # The struct with the rival's hidden cards masked, plus how many it holds:
        # exactly what observation(seat) shows.
        cdef game_t masked
        cdef int rival = 1 - seat, k
        cdef uint64_t h
        memcpy(&masked, &self.g, sizeof(game_t))
        memset(masked.seat[rival].hand, 0, sizeof(masked.seat[rival].hand))
        memset(masked.seat[rival].aside, 0, sizeof(masked.seat[rival].aside))
        if not masked.seat[rival].gossip_known:
            for k in range(masked.seat[rival].nslots):
                if masked.seat[rival].slot_dest[k] == GOSSIP:
                    masked.seat[rival].slot_card[k] = -1
        h = hash_ints(<const int*>&masked, sizeof(game_t) // sizeof(int), 0x1F05E7 + seat)
        h = mix_in(h, total(self.g.seat[rival].hand, NT))
        return mix_in(h, total(self.g.seat[rival].aside, NT))

    # ---- copies ------------------------------------------------------------------------------

    cdef State c_clone(self):
        cdef RenaissanceState copy = RenaissanceState.__new__(RenaissanceState)
        copy.num_players = 2
        copy.num_actions = NUM_ACTIONS
        copy.variant = self.variant
        self.c_copy_into(copy)
        return copy

    cdef bint c_copy_into(self, State other) noexcept nogil:
        memcpy(&(<RenaissanceState>other).g, &self.g, sizeof(game_t))
        return True

    cdef State c_determinize(self, int seat, rng_t* rng):
        # views.sample_hidden in C, drawing from the generator in the same order: the
        # rival's unaccounted cards shuffled and dealt to its hand (with a face-down
        # Gossip card from the hand), then its set-aside pile; the Gossip card drawn
        # uniformly from its pile.
        cdef RenaissanceState copy = <RenaissanceState>self.c_clone()
        cdef int o = 1 - seat
        cdef seat_t* rv = &copy.g.seat[o]
        cdef int pool[MAX_T * 4]
        cdef int piles[2][MAX_T]
        cdef int n = 0, t, k, i, _, j, tmp, gossip = 0, gossip_slot = -1, from_aside
        cdef int union_sizes[2]
        cdef int unknown[2]
        cdef int pick
        memset(pool, 0, sizeof(pool))
        for k in range(rv.nslots):
            if rv.slot_dest[k] == GOSSIP and not rv.gossip_known:
                gossip = 1
                gossip_slot = k
        for t in range(NT):
            tmp = rv.deck[t] - rv.known_hand[t] - rv.known_aside[t]
            for k in range(rv.nslots):
                if rv.slot_card[k] == t and k != gossip_slot:
                    tmp -= 1
            for _ in range(tmp):
                pool[n] = t
                n += 1
        for i in range(n - 1, 0, -1):
            j = rng_below(rng, i + 1)
            tmp = pool[i]
            pool[i] = pool[j]
            pool[j] = tmp
        from_aside = rv.gossip_pile
        union_sizes[0] = total(rv.hand, NT) + (1 if gossip and not from_aside else 0)
        union_sizes[1] = total(rv.aside, NT) + (1 if gossip and from_aside else 0)
        unknown[0] = union_sizes[0] - total(rv.known_hand, NT)
        unknown[1] = union_sizes[1] - total(rv.known_aside, NT)
        memset(piles, 0, sizeof(piles))
        for t in range(NT):
            piles[0][t] = rv.known_hand[t]
            piles[1][t] = rv.known_aside[t]
        for k in range(unknown[0]):
            piles[0][pool[k]] += 1
        for k in range(unknown[1]):
            piles[1][pool[unknown[0] + k]] += 1
        if gossip:
            i = 1 if from_aside else 0
            pick = rng_below(rng, total(piles[i], NT))
            t = 0
            while pick >= piles[i][t]:
                pick -= piles[i][t]
                t += 1
            piles[i][t] -= 1
            rv.slot_card[gossip_slot] = t
        memcpy(rv.hand, piles[0], sizeof(rv.hand))
        memcpy(rv.aside, piles[1], sizeof(rv.aside))
        return copy

    # ---- Python-level, game-specific --------------------------------------------------------

    def is_setup(self):
        """The setup's shuffles and the first round's draw: before the first decision."""
        return self.g.phase < P_DRAW or (self.g.phase == P_DRAW and self.g.round == 0)

    def scores(self):
        return [self.g.seat[0].vp, self.g.seat[1].vp]

    def position(self):
        return codec.Position(self.to_raw(), self.c_current_player())

    from_position = classmethod(codec.build)
