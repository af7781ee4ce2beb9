# Luthier as a compiled State: the rules of reference.py over one C struct (layout.pxd),
# so a playout, a clone (one memcpy) or a determinization never allocates. The flow
# is the reference's task stack; each C function below carries the name of the
# reference method it mirrors, and the differential test compares the two on every
# step of many random games. JSON layout, notation, observations: codec.py,
# actions.py, views.py (shared with the reference). The rest of the compiled game
# lives beside this file, which keeps the hot rules: scoring.pyx (criteria, final
# scoring, heuristic), ctables.pyx (loading the tables), board.pyx (a new board),
# hidden.pyx (masking and determinizing for a seat), json_writer.pyx (to_json).
from libc.stdint cimport uint64_t
from libc.string cimport memcpy

from engine.errors import StateFormatError
from engine.games.luthier import actions as _actions
from engine.games.luthier import codec as _codec
from engine.games.luthier import tables as _tables
from engine.games.luthier import views as _views
from engine.games.luthier import render as _render
from engine.games.luthier import words as _words
from engine.games.luthier.board cimport clear_placed, setup_board
from engine.games.luthier.codes cimport *
from engine.games.luthier.ctables cimport fill_tables
from engine.games.luthier.hidden cimport determinize_into, mask_for
from engine.games.luthier.json_writer cimport struct_json
from engine.games.luthier.layout cimport *
from engine.games.luthier.scoring cimport (abilities, criterion, final_scoring, heuristic_of,
                                           requirement_count, returns_of, use_tables)
from engine.hashing cimport mix64
from engine.rng cimport rng_t
from engine.state cimport State, CHANCE, TERMINAL

# Action range starts, read from actions.py at import (one layout for both sides).
cdef int A_PLACE, A_ACTIVATE, A_MARKET, A_PASS, A_TAKE, A_ALT, A_ALT2, A_COINS2
cdef int A_SEARCH_PATRON, A_SEARCH_TYPE, A_SEARCH_ERA, A_AWARD, A_ROUGH, A_FINISH, A_STOP
cdef int A_PAY, A_SPACE, A_GAIN, A_DROP, A_GIFT, A_REROLL, A_KEEPDICE, A_INSPIRE, A_SEAT
cdef int A_DOUBLE
cdef int A_BELOW, A_TUCK, A_NOTUCK, A_WAIVE, A_SUB, A_PAYCOST, A_RETURN, A_LOAD, A_SWAP
cdef int A_NOLOAD, A_CLAIM, A_ROYAL, A_SPEC, A_KEEP, A_ASSIGN, A_BUY, A_SELL, A_HIRE
cdef int A_TRAIN, A_LEAVE, A_FAMILY, A_GOALS, A_PATRON, A_CARD, A_NOTES, A_PURPLE
cdef int A_REVEAL, A_NOTHING
cdef int NUM_ACTIONS

cdef int GOAL_PAIR[6][2]
GOAL_PAIR[:] = [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]

cdef tables_t TB
cdef bint TABLES_READY = False

# The table of task kinds (codec.TASKS), indexed by the kind's number: what runs an
# automatic step, what lists a decision's actions and what applies the seat's answer.
# Every function takes the task's seat and arguments (p, a, b, c); fill_task_table
# fills the rows.
ctypedef void (*run_fn)(luthier_t* s, int p, int a, int b, int c) noexcept nogil
ctypedef int (*legal_fn)(luthier_t* s, int p, int a, int b, int* out) noexcept nogil
ctypedef void (*decide_fn)(luthier_t* s, int p, int a, int b, int action) noexcept nogil
cdef run_fn TASK_RUN[D_DOUBLE + 1]
cdef legal_fn TASK_LEGAL[D_DOUBLE + 1]
cdef decide_fn TASK_DECIDE[D_DOUBLE + 1]


cdef void _load():
    """Fill the C tables from the data files (once) and the action layout."""
    global TABLES_READY, NUM_ACTIONS
    global A_PLACE, A_ACTIVATE, A_MARKET, A_PASS, A_TAKE, A_ALT, A_ALT2, A_COINS2
    global A_SEARCH_PATRON, A_SEARCH_TYPE, A_SEARCH_ERA, A_AWARD, A_ROUGH, A_FINISH, A_STOP
    global A_PAY, A_SPACE, A_GAIN, A_DROP, A_GIFT, A_REROLL, A_KEEPDICE, A_INSPIRE, A_SEAT
    global A_BELOW, A_TUCK, A_NOTUCK, A_WAIVE, A_SUB, A_PAYCOST, A_RETURN, A_LOAD, A_SWAP
    global A_NOLOAD, A_CLAIM, A_ROYAL, A_SPEC, A_KEEP, A_ASSIGN, A_BUY, A_SELL, A_HIRE
    global A_TRAIN, A_LEAVE, A_FAMILY, A_GOALS, A_PATRON, A_CARD, A_NOTES, A_PURPLE
    global A_REVEAL, A_NOTHING, A_DOUBLE
    if TABLES_READY:
        return
    fill_tables(&TB)
    use_tables(&TB)
    fill_task_table()
    base = _actions.BASE
    A_PLACE, A_ACTIVATE, A_MARKET, A_PASS = (
        base["PLACE"], base["ACTIVATE"], base["MARKET"], base["PASS"])
    A_TAKE, A_ALT, A_ALT2, A_COINS2 = base["TAKE"], base["ALT"], base["ALT2"], base["COINS2"]
    A_SEARCH_PATRON, A_SEARCH_TYPE, A_SEARCH_ERA = (
        base["SEARCH_PATRON"], base["SEARCH_TYPE"], base["SEARCH_ERA"])
    A_AWARD, A_ROUGH, A_FINISH, A_STOP = base["AWARD"], base["ROUGH"], base["FINISH"], base["STOP"]
    A_PAY, A_SPACE, A_GAIN, A_DROP = base["PAY"], base["SPACE"], base["GAIN"], base["DROP"]
    A_GIFT, A_REROLL, A_KEEPDICE, A_INSPIRE = (
        base["GIFT"], base["REROLL"], base["KEEPDICE"], base["INSPIRE"])
    A_SEAT, A_BELOW, A_TUCK, A_NOTUCK = base["SEAT"], base["BELOW"], base["TUCK"], base["NOTUCK"]
    A_WAIVE, A_SUB, A_PAYCOST, A_RETURN = (
        base["WAIVE"], base["SUB"], base["PAYCOST"], base["RETURN"])
    A_LOAD, A_SWAP, A_NOLOAD, A_CLAIM = base["LOAD"], base["SWAP"], base["NOLOAD"], base["CLAIM"]
    A_ROYAL, A_SPEC, A_KEEP, A_ASSIGN = base["ROYAL"], base["SPEC"], base["KEEP"], base["ASSIGN"]
    A_BUY, A_SELL, A_HIRE, A_TRAIN = base["BUY"], base["SELL"], base["HIRE"], base["TRAIN"]
    A_LEAVE, A_FAMILY, A_GOALS, A_PATRON = (
        base["LEAVE"], base["FAMILY"], base["GOALS"], base["PATRON"])
    A_CARD, A_NOTES, A_PURPLE = base["CARD"], base["NOTES"], base["PURPLE"]
    A_REVEAL, A_NOTHING, A_DOUBLE = base["REVEAL"], base["NOTHING"], base["DOUBLE"]
    NUM_ACTIONS = _actions.NUM_ACTIONS
    if NUM_ACTIONS > BUF:
        raise RuntimeError("the Luthier action space outgrew the scratch buffers")
    TABLES_READY = True


def c_constants():
    """The C side's copies of the shared numbers, for the consistency test."""
    _load()
    return {
        "tasks": [T_SETUP, T_KEEP_CHECK, C_DRAW, C_REVEAL, D_SETUP_FAMILY, D_DOUBLE,
                  CHAIR_ASK, CHAIR_DOUBLE, CHAIR_SINGLE],
        "globals": [G_INSTR, G_PATRON, G_PERF, G_REPAIR, G_MARKET, G_AWARD, G_GOAL, G_FAMILY,
                    G_SPEC, G_ORCH, NUM_GLOBAL],
        "limits": [LP, OWNERS, MAX_KINDS, MAX_PATRONS, MAX_PERF, MAX_REPAIR, MAX_MARKET,
                   MAX_AWARDS, MAX_GOALS, MAX_FAMILY, MAX_SPECS, MAX_ORCH, MAX_SLOTS,
                   MAX_SPACES, MAX_BOTTOM, MAX_TASKS, MAX_PLACED, MAX_DONE],
        "num_actions": NUM_ACTIONS,
        "struct_bytes": sizeof(luthier_t),
    }


# ---- small helpers -------------------------------------------------------------------

cdef inline int imax(int a, int b) noexcept nogil:
    return a if a > b else b


cdef inline int imin(int a, int b) noexcept nogil:
    return a if a < b else b


cdef int sort_unique(int* a, int n) noexcept nogil:
    """Sort ascending in place and drop repeats; the new length."""
    cdef int i, j, x, m = 0
    for i in range(1, n):
        x = a[i]
        j = i - 1
        while j >= 0 and a[j] > x:
            a[j + 1] = a[j]
            j -= 1
        a[j + 1] = x
    for i in range(n):
        if m == 0 or a[m - 1] != a[i]:
            a[m] = a[i]
            m += 1
    return m


cdef inline void push(luthier_t* s, int kind, int p, int a, int b, int c) noexcept nogil:
    if s.task_n >= MAX_TASKS:
        return      # cannot happen in a game (the reference raises); never write past the stack
    cdef v_t* t = s.tasks[s.task_n]
    t[0] = kind
    t[1] = p
    t[2] = a
    t[3] = b
    t[4] = c
    s.task_n += 1


cdef inline void pop(luthier_t* s, int* out) noexcept nogil:
    cdef int i
    s.task_n -= 1
    for i in range(5):
        out[i] = s.tasks[s.task_n][i]
        s.tasks[s.task_n][i] = 0


cdef inline int top_kind(luthier_t* s) noexcept nogil:
    return s.tasks[s.task_n - 1][0] if s.task_n > 0 else 0


cdef inline int mat_total(player_t* pl) noexcept nogil:
    return pl.mat[0] + pl.mat[1] + pl.mat[2]


cdef inline int capacity(luthier_t* s, int p) noexcept nogil:
    return TB.storage + (TB.extra_storage if s.players[p].marker[MK_STORAGE] else 0)


cdef int overflowing(luthier_t* s) noexcept nogil:
    cdef int p
    for p in range(s.num_players):
        if mat_total(&s.players[p]) > capacity(s, p):
            return p
    return -1


cdef int on_chips(luthier_t* s, int p) noexcept nogil:
    cdef int i, n = 0
    for i in range(s.placed_n):
        if s.placed[i][P_OWNER] == p and (s.placed[i][P_STATUS] == S_DOWN
                                          or s.placed[i][P_STATUS] == S_ACTING):
            n += s.placed[i][P_APPR]
    return n


cdef int apprentices_in_market(luthier_t* s, int p) noexcept nogil:
    cdef player_t* pl = &s.players[p]
    return TB.apprentice_cap - pl.appr - pl.appr_gone - on_chips(s, p)


cdef void gain_apprentices(luthier_t* s, int p, int count) noexcept nogil:
    s.players[p].appr += imin(count, apprentices_in_market(s, p))


cdef void gain(luthier_t* s, int p, const int* bundle, int times) noexcept nogil:
    """reference._gain"""
    cdef player_t* pl = &s.players[p]
    cdef int m, _
    pl.coins += bundle[B_COINS] * times
    pl.insp += bundle[B_INSP] * times
    for m in range(3):
        pl.mat[m] += bundle[B_ANIMAL + m] * times
    pl.pp += bundle[B_PP] * times
    gain_apprentices(s, p, bundle[B_APPR] * times)
    for _ in range(bundle[B_DRAW] * times):
        push(s, C_DRAW, p, DK_INSTR, DEST_HAND, 0)
    for _ in range(bundle[B_MATERIAL] * times):
        push(s, D_MATERIAL, p, 0, 0, 0)


cdef inline void lose_pp(luthier_t* s, int p, int amount) noexcept nogil:
    s.players[p].pp = imax(0, s.players[p].pp - amount)


cdef inline bint can_pay(luthier_t* s, int p, int amount, int reserve) noexcept nogil:
    cdef player_t* pl = &s.players[p]
    return pl.coins + pl.insp - reserve >= amount and pl.insp >= reserve


cdef inline void ask_payment(luthier_t* s, int p, int amount, int reserve) noexcept nogil:
    if amount > 0:
        push(s, D_PAY, p, amount, reserve, 0)


cdef int owned_count(luthier_t* s) noexcept nogil:
    cdef int c, n = 0
    for c in range(5):
        n += owns_chip(s, c)
    return n


cdef int chip_specialist(luthier_t* s, int p, int chip) noexcept nogil:
    cdef int d
    cdef player_t* pl = &s.players[p]
    for d in range(3):
        if pl.spec[d] >= 0 and pl.spec_chip[d] == chip:
            return pl.spec[d]
    return -1


cdef int skill_of(luthier_t* s, v_t* e) noexcept nogil:
    """reference._skill"""
    cdef int p = e[P_OWNER], loc = e[P_LOC]
    cdef int skill = e[P_CHIP] + 1 + e[P_APPR]
    if loc == ROUGH or loc == FINISH:
        skill += TB.craft_skill[s.players[p].track[TR_CRAFT]]
    return skill


cdef int tier_cost(luthier_t* s, int p, int slot) noexcept nogil:
    cdef int tier = TB.slot_tier[slot] - 1
    if s.players[p].track[TR_REP] >= TB.tier_free_rep[tier]:
        return 0
    return TB.tier_cost[tier]


cdef bint free_patron_space(luthier_t* s, int p) noexcept nogil:
    cdef int j
    for j in range(3):
        if s.players[p].patron[j] < 0:
            return True
    return False


cdef bint slot_used(luthier_t* s, int loc, int slot) noexcept nogil:
    """tables.slots_used: the slot exists at this player count."""
    if not TB.slot_tier[slot] or TB.slot_players[slot] > s.num_players:
        return False
    if s.num_players == 2 and (TB.covered_two[loc] >> slot) & 1:
        return False
    return True


# ---- patrons: requirements and tucking ------------------------------------------------

cdef void item_of(int g, int* what, int* value) noexcept nogil:
    """reference._item: 0 instrument (type), 1 performance (era), 2 repair (type)."""
    if g < G_PATRON:
        what[0] = 0
        value[0] = TB.kind_type[g - G_INSTR]
    elif G_PERF <= g < G_REPAIR:
        what[0] = 1
        value[0] = TB.perf_era[g - G_PERF]
    else:
        what[0] = 2
        value[0] = TB.repair_type[g - G_REPAIR]


cdef bint fits(int what, int value, int patron, int req) noexcept nogil:
    """reference._fits; requirement 0 is the main one, 1 and 2 the subs."""
    cdef int rtype
    if req == 0:
        return what == 0 and TB.patron_main[patron] == value
    rtype = TB.patron_subs[patron][req - 1]
    if what == 0 or what == 2:
        return rtype == value
    return TB.patron_era[patron] == value


cdef bint matching(int* whats, int* values, int n, int patron, int used) noexcept nogil:
    """reference._matching_exists: can items 0..n-1 fulfil distinct requirements?"""
    cdef int r, nreq = requirement_count(patron)
    if n == 0:
        return True
    for r in range(nreq):
        if (used >> r) & 1:
            continue
        if (fits(whats[0], values[0], patron, r)
                and matching(whats + 1, values + 1, n - 1, patron, used | (1 << r))):
            return True
    return False


cdef bint can_tuck(luthier_t* s, int p, int space, int g) noexcept nogil:
    cdef int patron = s.players[p].patron[space]
    cdef int whats[4]
    cdef int values[4]
    cdef int n = 0, i, x
    if patron < 0:
        return False
    for i in range(3):
        x = s.players[p].tucked[space][i]
        if x >= 0:
            item_of(x, &whats[n], &values[n])
            n += 1
    item_of(g, &whats[n], &values[n])
    n += 1
    return n <= requirement_count(patron) and matching(whats, values, n, patron, 0)


cdef void discard_global(luthier_t* s, int g) noexcept nogil:
    """A held instrument, performance or repair card (a global id) to its discard."""
    cdef int deck = DK_INSTR if g < G_PATRON else (DK_PERF if G_PERF <= g < G_REPAIR else DK_REPAIR)
    discard(s, deck, g - TB.decks[deck].base)


cdef void remove_patron(luthier_t* s, int p, int space) noexcept nogil:
    cdef player_t* pl = &s.players[p]
    cdef int i
    for i in range(3):
        if pl.tucked[space][i] >= 0:
            discard_global(s, pl.tucked[space][i])
        pl.tucked[space][i] = -1
    pl.patron[space] = -1
    pl.patience[space] = 0


cdef void place_patron(luthier_t* s, int p, int patron, int space) noexcept nogil:
    cdef player_t* pl = &s.players[p]
    pl.patron[space] = patron
    pl.patience[space] = 0
    pl.tucked[space][0] = -1
    pl.tucked[space][1] = -1
    pl.tucked[space][2] = -1
    gain(s, p, TB.space_bonus_patron[space], 1)


cdef void put_under_deck(luthier_t* s, int kind, int p) noexcept nogil:
    if s.bottom_n >= MAX_BOTTOM:
        return
    s.bottom[s.bottom_n][0] = kind
    s.bottom[s.bottom_n][1] = p
    s.bottom_n += 1


# ---- setup (reference._setup_board, _next_setup_draw, _run_setup) ----------------------------

cdef inline bint draw_first_empty(int* draw, const v_t* slots, int n, int deck, int dest,
                                  int seat) noexcept nogil:
    # The first of n slots still to deal, as the (deck, dest, seat, index) of its card.
    cdef int j
    for j in range(n):
        if slots[j] < 0:
            draw[0], draw[1], draw[2], draw[3] = deck, dest, seat, j
            return True
    return False


cdef bint next_setup_draw(luthier_t* s, int* draw) noexcept nogil:
    """(deck, dest, seat, index) of the next card the setup deals, False when done."""
    cdef int n = s.num_players, slot, loc, d, p
    cdef player_t* pl
    if draw_first_empty(draw, s.awards, 4 if n == 4 else 3, DK_AWARD, DEST_AWARD, -1):
        return True
    if n == 2 and s.orch_card < 0:
        draw[0], draw[1], draw[2], draw[3] = DK_ORCH, DEST_ORCH, -1, 0
        return True
    for loc in range(CARD_LOCATIONS):
        for slot in range(MAX_SLOTS):
            if slot_used(s, loc, slot) and s.display[loc][slot] < 0:
                draw[0] = display_deck(loc)
                draw[1], draw[2], draw[3] = DEST_DISPLAY, -1, loc * MAX_SLOTS + slot
                return True
    if s.royal_cut_n < n + 1:
        draw[0], draw[1], draw[2], draw[3] = DK_ROYAL, DEST_ROYAL_CUT, -1, 0
        return True
    for d in range(3):
        if s.spec_cut_n[d] < n + 1:
            draw[0], draw[1], draw[2], draw[3] = DK_SPEC, DEST_SPEC_CUT, -1, d
            return True
    for p in range(n):
        pl = &s.players[p]
        if (draw_first_empty(draw, pl.deal_instr, 2, DK_INSTR, DEST_DEAL_INSTR, p)
                or draw_first_empty(draw, pl.deal_patron, 2, DK_PATRON, DEST_DEAL_PATRON, p)
                or draw_first_empty(draw, pl.family, 2, DK_FAMILY, DEST_FAMILY, p)
                or draw_first_empty(draw, pl.goals, 4, DK_GOAL, DEST_GOAL, p)):
            return True
    return False


cdef inline int display_deck(int loc) noexcept nogil:
    if loc == SALON:
        return DK_PATRON
    if loc == GUILD:
        return DK_INSTR
    if loc == PERFORM:
        return DK_PERF
    return DK_REPAIR


cdef void run_setup(luthier_t* s, int _p, int a, int b, int c) noexcept nogil:
    cdef int draw[4]
    cdef int p
    if next_setup_draw(s, draw):
        push(s, T_SETUP, -1, 0, 0, 0)
        push(s, C_DRAW, draw[2], draw[0], draw[1], draw[3])
        return
    s.phase = PH_CHOICES
    push(s, T_REVEAL, -1, 0, 0, 0)
    push(s, C_REVEAL, -1, 0, 0, 0)
    for p in range(s.num_players - 1, -1, -1):
        push(s, D_SETUP_PATRON, p, 0, 0, 0)
        push(s, D_SETUP_INSTR, p, 0, 0, 0)
        push(s, D_SETUP_GOALS, p, 0, 0, 0)
        push(s, D_SETUP_FAMILY, p, 0, 0, 0)


cdef void apply_orchestra_card(luthier_t* s, int card) noexcept nogil:
    cdef int i, space, kind, k, slot
    for i in range(4):
        space = TB.orch_space[card][i]
        if space < 0:
            continue
        kind = TB.orch_kind[card][i]
        s.chair_owner[space] = DUMMY
        s.chair_kind[space] = kind
        s.tokens[space][DUMMY][kind] += 1
        if kind == K_INSTR:
            for k in range(TB.n_kinds):
                if ((TB.kind_spaces[k][0] == space or TB.kind_spaces[k][1] == space)
                        and s.instr_deck[k] > 0):
                    s.instr_deck[k] -= 1
                    s.instr_deck_n -= 1
                    s.instr_removed[k] += 1
                    break
    for slot in range(3):
        if s.awards[slot] >= 0:
            s.claims[slot][TB.orch_blocked[card][slot]] = DUMMY


cdef void run_reveal(luthier_t* s, int _p, int a, int b, int c) noexcept nogil:
    cdef int p, i, j, x, n = s.num_players
    cdef int keys[LP]
    cdef player_t* pl
    s.revealed = 1
    for p in range(n):
        pl = &s.players[p]
        gain(s, p, TB.family_res[pl.family[pl.family_pick]], 1)
        keys[p] = TB.family_order[pl.family[pl.family_pick]]
        s.order[p] = p
    # sort seats by their tile's turn-order number (numbers are distinct)
    for i in range(1, n):
        x = s.order[i]
        j = i - 1
        while j >= 0 and keys[s.order[j]] > keys[x]:
            s.order[j + 1] = s.order[j]
            j -= 1
        s.order[j + 1] = x
    push(s, T_ROUND_START, -1, 0, 0, 0)
    for i in range(n - 1, -1, -1):
        push(s, T_FAMILY_ABILITY, s.order[i], 0, 0, 0)


cdef void run_family_ability(luthier_t* s, int p, int a, int b, int c) noexcept nogil:
    cdef player_t* pl = &s.players[p]
    cdef int ability = TB.family_ability[pl.family[pl.family_pick]]
    if ability == FA_PERF:
        push(s, T_ADVANCE, p, TR_PERF, 0, 0)
    elif ability == FA_CRAFT:
        push(s, T_ADVANCE, p, TR_CRAFT, 0, 0)
    elif ability == FA_REP:
        push(s, T_ADVANCE, p, TR_REP, 0, 0)
    elif ability == FA_DRAW:
        push(s, C_DRAW, p, DK_INSTR, DEST_HAND, 0)
    elif ability == FA_APPR:
        gain_apprentices(s, p, 1)


# ---- round start, planning, resolution ------------------------------------------------

cdef void run_round_start(luthier_t* s, int p, int a, int b, int c) noexcept nogil:
    cdef int i, n = s.num_players
    s.phase = PH_ROUND_START
    push(s, T_PLAN, -1, 0, n * owned_count(s), 0)
    for i in range(n - 1, -1, -1):
        push(s, T_PLAYER_START, s.order[i], 0, 0, 0)


cdef void run_player_start(luthier_t* s, int p, int a, int b, int _c) noexcept nogil:
    cdef player_t* pl = &s.players[p]
    cdef int i, c
    for i in range(MAX_DONE):
        c = pl.done[i]
        if c >= 0 and TB.patron_ability[c] == AB_ROUND_START:
            gain(s, p, TB.patron_ab_bundle[c], 1)
    push(s, D_LOAD, p, 2, 0, 0)
    push(s, T_GIFTS, p, 0, 0, 0)
    if pl.marker[MK_STORAGE]:
        push(s, D_MATERIAL, p, 0, 0, 0)


cdef int tucked_count(player_t* pl, int space) noexcept nogil:
    return (pl.tucked[space][0] >= 0) + (pl.tucked[space][1] >= 0) + (pl.tucked[space][2] >= 0)


cdef void run_gifts(luthier_t* s, int p, int a, int b, int c) noexcept nogil:
    cdef player_t* pl = &s.players[p]
    cdef int space, patron, unmet
    for space in range(3):
        patron = pl.patron[space]
        if patron < 0:
            continue
        pl.patience[space] += 1
        if pl.patience[space] >= TB.patience_leave:
            unmet = requirement_count(patron) - tucked_count(pl, space)
            lose_pp(s, p, TB.abandon_penalty * unmet)
            remove_patron(s, p, space)
            discard(s, DK_PATRON, patron)
        else:
            gain(s, p, TB.patron_gifts[patron][pl.patience[space] - 1], 1)


cdef void run_plan(luthier_t* s, int p, int turn, int left, int c) noexcept nogil:
    if left == 0:
        s.phase = PH_RESOLUTION
        push(s, T_RESOLVE_NEXT, -1, -1, 0, 0)
        return
    s.phase = PH_PLANNING
    push(s, T_PLAN, -1, turn + 1, left - 1, 0)
    push(s, D_PLACE, s.order[turn % s.num_players], 0, 0, 0)


cdef bint face_down_at(luthier_t* s, int p, int loc) noexcept nogil:
    cdef int i
    for i in range(s.placed_n):
        if (s.placed[i][P_OWNER] == p and s.placed[i][P_STATUS] == S_DOWN
                and s.placed[i][P_LOC] == loc):
            return True
    return False


cdef bint has_face_down(luthier_t* s, int p) noexcept nogil:
    cdef int i
    for i in range(s.placed_n):
        if s.placed[i][P_OWNER] == p and s.placed[i][P_STATUS] == S_DOWN:
            return True
    return False


cdef void run_resolve_next(luthier_t* s, int p, int last, int b, int c) noexcept nogil:
    cdef int step, index, n = s.num_players
    for step in range(1, n + 1):
        index = (last + step + n) % n
        if not s.players[s.order[index]].passed:
            push(s, T_RESOLVE_NEXT, -1, index, 0, 0)
            push(s, D_RESOLVE, s.order[index], 0, 0, 0)
            return
    push(s, T_ROUND_END, -1, 0, 0, 0)


cdef void run_activate(luthier_t* s, int p, int loc, int revealed, int c) noexcept nogil:
    cdef int chips[MAX_PLACED]
    cdef int n = 0, i, j, x, owner, b
    cdef bint found
    cdef v_t* e
    if not revealed and loc != ROUGH and loc != FINISH:
        for i in range(s.placed_n):
            e = s.placed[i]
            if e[P_STATUS] == S_DOWN and e[P_LOC] == loc and e[P_OWNER] != p:
                push(s, T_ACTIVATE, p, loc, 1, 0)
                push(s, C_REVEAL, p, 0, 0, 0)
                return
    for i in range(s.placed_n):
        e = s.placed[i]
        if e[P_STATUS] != S_DOWN or e[P_LOC] != loc:
            continue
        if (loc == ROUGH or loc == FINISH) and e[P_OWNER] != p:
            continue
        e[P_STATUS] = S_ACTING
        e[P_SKILL] = skill_of(s, e)
        chips[n] = i
        n += 1
    # priority: higher skill first, then the earlier placement (a stable insertion sort)
    for i in range(1, n):
        x = chips[i]
        j = i - 1
        while j >= 0 and s.placed[chips[j]][P_SKILL] < s.placed[x][P_SKILL]:
            chips[j + 1] = chips[j]
            j -= 1
        chips[j + 1] = x
    if loc == BALCONY:
        for i in range(n):
            owner = s.placed[chips[i]][P_OWNER]
            found = False
            for b in range(s.balcony_n):
                if s.balcony[b] == owner:
                    found = True
            if not found:
                s.balcony[s.balcony_n] = owner
                s.balcony_n += 1
    for i in range(n - 1, -1, -1):
        push(s, D_CHIP, s.placed[chips[i]][P_OWNER], chips[i], 0, 0)


cdef void run_chip_done(luthier_t* s, int p, int index, int b, int c) noexcept nogil:
    cdef v_t* e = s.placed[index]
    e[P_STATUS] = S_KEPT if e[P_LOC] == BALCONY else S_DONE
    if s.act_mode == M_SEARCH:
        s.players[e[P_OWNER]].appr_gone += e[P_APPR]
    s.act_chip = -1
    s.act_mode = 0
    s.act_discount = 0
    s.act_double = 0
    s.act_again = 0


cdef void run_bonus(luthier_t* s, int _p, int index, int b, int c) noexcept nogil:
    cdef v_t* e = s.placed[index]
    cdef int p = e[P_OWNER], loc = e[P_LOC], skill = e[P_SKILL]
    if s.act_mode == M_FALLBACK and not (s.flags & FLAG_BONUS_AFTER_FALLBACK):
        return
    if loc == ROUGH:
        if skill >= TB.bonus_rough_insp:
            s.players[p].insp += TB.rough_bonus_insp
        return
    if loc == FINISH or skill < TB.bonus_main:
        return
    if loc == SALON:
        if (s.players[p].patron[0] >= 0 or s.players[p].patron[1] >= 0
                or s.players[p].patron[2] >= 0):
            push(s, D_SALON_BONUS, p, 0, 0, 0)
    elif loc == GUILD:
        push(s, D_LOAD, p, 1, 1, 0)
        push(s, D_MATERIAL, p, 0, 0, 0)
    elif loc == PERFORM:
        push(s, T_ADVANCE, p, TR_PERF, 0, 0)
    elif loc == REPAIR:
        push(s, T_ADVANCE, p, TR_CRAFT, 0, 0)
    elif loc == BALCONY:
        push(s, T_ADVANCE, p, TR_REP, 0, 0)


cdef void run_specialist(luthier_t* s, int _p, int index, int b, int c) noexcept nogil:
    cdef v_t* e = s.placed[index]
    cdef int p = e[P_OWNER]
    cdef int spec = chip_specialist(s, p, e[P_CHIP])
    if spec >= 0 and TB.spec_loc[spec] == e[P_LOC] and s.act_mode != M_FALLBACK:
        gain(s, p, TB.spec_gain[spec], 1)


# ---- legal actions (reference._legal_*) ------------------------------------------------

cdef int bench_discount(luthier_t* s, int p, int loc, int skill) noexcept nogil:
    if loc == ROUGH:
        return (skill >= TB.bonus_rough_discount) + abilities(s, p, AB_ROUGH_DISCOUNT)
    return (skill >= TB.bonus_finish_discount) + abilities(s, p, AB_FINISH_DISCOUNT)


cdef bint payable(luthier_t* s, int p, const int* cost, int discount,
                  bint substitute) noexcept nogil:
    cdef player_t* pl = &s.players[p]
    cdef int m, short = 0, need
    for m in range(3):
        short += imax(0, cost[m] - pl.mat[m])
    need = imax(0, short - discount)
    return need == 0 or (substitute and 2 * need <= pl.insp)


cdef inline bint payable_v(luthier_t* s, int p, const v_t* cost, int discount,
                           bint substitute) noexcept nogil:
    cdef int c[3]
    c[0] = cost[0]
    c[1] = cost[1]
    c[2] = cost[2]
    return payable(s, p, c, discount, substitute)


cdef int repair_reserve(luthier_t* s, int p, int card) noexcept nogil:
    cdef int m, short = 0, need
    for m in range(3):
        short += imax(0, TB.repair_cost[card][m] - s.players[p].mat[m])
    need = 2 * imax(0, short - abilities(s, p, AB_REPAIR_DISCOUNT))
    return need if need <= s.players[p].insp else -1


cdef bint can_take(luthier_t* s, int p, int loc, int card, int cost) noexcept nogil:
    cdef int reserve
    if loc == SALON:
        return free_patron_space(s, p) and can_pay(s, p, cost, 0)
    if loc == REPAIR:
        reserve = repair_reserve(s, p, card)
        return reserve >= 0 and can_pay(s, p, cost, reserve)
    return can_pay(s, p, cost, 0)


cdef int claims_of(luthier_t* s, int p, int* out) noexcept nogil:
    cdef int n = 0, slot, tile, level, m, value
    cdef bint mine
    cdef player_t* pl = &s.players[p]
    for slot in range(4):
        tile = s.awards[slot]
        if tile < 0:
            continue
        mine = s.claims[slot][0] == p or s.claims[slot][1] == p or s.claims[slot][2] == p
        if mine:
            continue
        value = criterion(s, p, TB.award_crit[tile], TB.award_arg[tile])
        for level in range(3):
            if s.claims[slot][level] != -1 or value < TB.award_at[tile][level]:
                continue
            for m in range(3):
                if not pl.marker[m]:
                    if out != NULL:
                        out[n] = A_CLAIM + (slot * 3 + level) * 3 + m
                    n += 1
    return n


cdef int token_spaces(int kind, int selector, int* out) noexcept nogil:
    cdef int sp, n = 0
    if kind == K_INSTR:
        for sp in range(2):
            if TB.kind_spaces[selector][sp] >= 0:
                out[n] = TB.kind_spaces[selector][sp]
                n += 1
        return n
    for sp in range(TB.n_spaces):
        if TB.space_rare[sp]:
            continue
        if kind == K_PERF and (TB.space_eras[sp] >> selector) & 1:
            out[n] = sp
            n += 1
        elif kind == K_REPAIR and TB.space_row[sp] == selector:
            out[n] = sp
            n += 1
    return n


cdef int performance_base(luthier_t* s, int p) noexcept nogil:
    return s.dice[0] + s.dice[1] + s.placed[s.act_chip][P_SKILL] + abilities(s, p, AB_PERFORM_BONUS)


cdef int legal_again(luthier_t* s, int p, int mode, int b, int* out) noexcept nogil:
    cdef player_t* pl = &s.players[p]
    cdef v_t* bench = &pl.rough[0] if mode == 0 else &pl.finish[0]
    cdef int n = 0, sl, k
    cdef const int* cost
    out[n] = A_STOP
    n += 1
    for sl in range(2):
        k = bench[sl]
        if k >= 0 and (sl == 0 or bench[0] != k):
            cost = &TB.kind_rough[k][0] if mode == 0 else &TB.kind_finish[k][0]
            if payable(s, p, cost, s.act_discount, False):
                out[n] = (A_ROUGH if mode == 0 else A_FINISH) + sl
                n += 1
    return n


cdef int legal_chip(luthier_t* s, int p, int index, int b, int* out) noexcept nogil:
    cdef v_t* e = s.placed[index]
    cdef int loc = e[P_LOC], appr = e[P_APPR], n = 0, sl, k, card, cost, discount, i, search
    cdef player_t* pl = &s.players[p]
    cdef v_t* bench
    cdef int seen_card[MAX_SLOTS]
    cdef int seen_cost[MAX_SLOTS]
    cdef const int* costp
    cdef int nseen = 0
    cdef bint dup
    out[n] = A_COINS2
    n += 1
    if loc == ROUGH or loc == FINISH:
        bench = &pl.rough[0] if loc == ROUGH else &pl.finish[0]
        discount = bench_discount(s, p, loc, e[P_SKILL])
        for sl in range(2):
            k = bench[sl]
            if k >= 0 and (sl == 0 or bench[0] != k):
                costp = &TB.kind_rough[k][0] if loc == ROUGH else &TB.kind_finish[k][0]
                if payable(s, p, costp, discount, False):
                    out[n] = (A_ROUGH if loc == ROUGH else A_FINISH) + sl
                    n += 1
        return n
    if loc == BALCONY:
        out[n] = A_ALT
        out[n + 1] = A_ALT2
        n += 2
        if claims_of(s, p, NULL) > 0:
            out[n] = A_AWARD
            n += 1
        return n
    out[n] = A_ALT
    n += 1
    for sl in range(MAX_SLOTS):
        if not slot_used(s, loc, sl):
            continue
        card = s.display[loc][sl]
        if card < 0:
            continue
        cost = tier_cost(s, p, sl)
        dup = False
        for i in range(nseen):
            if seen_card[i] == card and seen_cost[i] == cost:
                dup = True
        if dup:
            continue
        if can_take(s, p, loc, card, cost):
            seen_card[nseen] = card
            seen_cost[nseen] = cost
            nseen += 1
            out[n] = A_TAKE + sl
            n += 1
    if appr > 0 and can_pay(s, p, TB.search_cost, 0) and (loc != SALON or free_patron_space(s, p)):
        search = (A_SEARCH_PATRON if loc == SALON
                  else (A_SEARCH_ERA if loc == PERFORM else A_SEARCH_TYPE))
        for i in range(3):
            out[n] = search + i
            n += 1
    return n


cdef int legal_cost(luthier_t* s, int p, int mode, int b, int* out) noexcept nogil:
    cdef player_t* pl = &s.players[p]
    cdef bint substitute = mode == 2, ok
    cdef int after[3]
    cdef int n = 0, m, j
    for m in range(3):
        if s.cost[m] == 0:
            continue
        for j in range(3):
            after[j] = s.cost[j]
        after[m] -= 1
        if s.act_discount > 0 and payable(s, p, after, s.act_discount - 1, substitute):
            out[n] = A_WAIVE + m
            n += 1
        if substitute and pl.insp >= 2:
            pl.insp -= 2
            ok = payable(s, p, after, s.act_discount, True)
            pl.insp += 2
            if ok:
                out[n] = A_SUB + m
                n += 1
    if s.cost[0] <= pl.mat[0] and s.cost[1] <= pl.mat[1] and s.cost[2] <= pl.mat[2]:
        out[n] = A_PAYCOST
        n += 1
    return n


cdef int legal_market(luthier_t* s, int p, int a, int b, int* out) noexcept nogil:
    cdef player_t* pl = &s.players[p]
    cdef int n = 0, m, track, limit
    cdef bint room = mat_total(pl) < capacity(s, p)
    out[n] = A_LEAVE
    n += 1
    for m in range(3):
        if not pl.sold[m] and room and can_pay(s, p, TB.market_price[s.market][m], 0):
            out[n] = A_BUY + m
            n += 1
        if not pl.bought[m] and pl.mat[m] > 0:
            out[n] = A_SELL + m
            n += 1
    if apprentices_in_market(s, p) > 0 and can_pay(s, p, TB.market_apprentice, 0):
        out[n] = A_HIRE
        n += 1
    for track in range(2):
        limit = TB.track_len[track] - (0 if (s.flags & FLAG_TRAIN_TO_FINAL) else 1)
        if pl.track[track] < limit and can_pay(s, p, TB.market_training, 0):
            out[n] = A_TRAIN + track
            n += 1
    return n


# ---- legal actions (reference._legal_*): one function per decision (TASK_LEGAL) ---------
# Each lists the decision's actions, unsorted, from the task's seat and arguments.

cdef int legal_drop(luthier_t* s, int p, int* out) noexcept nogil:
    cdef int m, n = 0
    for m in range(3):
        if s.players[p].mat[m] > 0:
            out[n] = A_DROP + m
            n += 1
    return n


cdef int count_from(int first, int count, int* out) noexcept nogil:
    """The `count` actions from `first` on."""
    cdef int i
    for i in range(count):
        out[i] = first + i
    return count


cdef int legal_setup_family(luthier_t* s, int p, int a, int b, int* out) noexcept nogil:
    return count_from(A_FAMILY, 2, out)


cdef int legal_setup_goals(luthier_t* s, int p, int a, int b, int* out) noexcept nogil:
    return count_from(A_GOALS, 6, out)


cdef int keep_each(const v_t* kinds, int width, int* out) noexcept nogil:
    """A KEEP action for each instrument kind in the row (-1: none)."""
    cdef int j, n = 0
    for j in range(width):
        if kinds[j] >= 0:
            out[n] = A_KEEP + kinds[j]
            n += 1
    return n


cdef int legal_setup_instr(luthier_t* s, int p, int a, int b, int* out) noexcept nogil:
    return keep_each(s.players[p].deal_instr, 2, out)


cdef int legal_setup_patron(luthier_t* s, int p, int a, int b, int* out) noexcept nogil:
    return count_from(A_PATRON, 6, out)


cdef int legal_material(luthier_t* s, int p, int a, int b, int* out) noexcept nogil:
    return count_from(A_GAIN, 3, out)


cdef int legal_load(luthier_t* s, int p, int left, int b, int* out) noexcept nogil:
    cdef player_t* pl = &s.players[p]
    cdef int n = 0, k, sl
    cdef bint empty = pl.rough[0] < 0 or pl.rough[1] < 0
    out[n] = A_NOLOAD
    n += 1
    if left == 0:
        return n
    for k in range(TB.n_kinds):
        if pl.hand[k] == 0:
            continue
        if empty:
            out[n] = A_LOAD + k
            n += 1
        else:
            for sl in range(2):
                if pl.rough[sl] != k and (sl == 0 or pl.rough[1] != pl.rough[0]):
                    out[n] = A_SWAP + sl * MAX_KINDS + k
                    n += 1
    return n


cdef int legal_place(luthier_t* s, int p, int a, int b, int* out) noexcept nogil:
    cdef int n = 0, i, chip, loc, k, placed_mask = 0
    cdef int most = imin(3, s.players[p].appr)
    for i in range(s.placed_n):
        if s.placed[i][P_OWNER] == p:
            placed_mask |= 1 << s.placed[i][P_CHIP]
    for chip in range(5):
        if not owns_chip(s, chip) or (placed_mask >> chip) & 1:
            continue
        for loc in range(NUM_LOCATIONS):
            for k in range(most + 1):
                out[n] = A_PLACE + (chip * NUM_LOCATIONS + loc) * 4 + k
                n += 1
    return n


cdef int legal_resolve(luthier_t* s, int p, int a, int b, int* out) noexcept nogil:
    cdef int n = 0, loc
    for loc in range(NUM_LOCATIONS):
        if face_down_at(s, p, loc):
            out[n] = A_ACTIVATE + loc
            n += 1
    if not s.players[p].visited:
        out[n] = A_MARKET
        n += 1
    if not has_face_down(s, p):
        out[n] = A_PASS
        n += 1
    return n


cdef int legal_pay(luthier_t* s, int p, int amount, int reserve, int* out) noexcept nogil:
    cdef player_t* pl = &s.players[p]
    cdef int n = 0, k
    for k in range(imax(0, amount - pl.coins), imin(amount, pl.insp - reserve) + 1):
        out[n] = A_PAY + k
        n += 1
    return n


cdef int legal_space(luthier_t* s, int p, int a, int b, int* out) noexcept nogil:
    cdef int n = 0, j
    for j in range(3):
        if s.players[p].patron[j] < 0:
            out[n] = A_SPACE + j
            n += 1
    return n


cdef int legal_salon_bonus(luthier_t* s, int p, int a, int b, int* out) noexcept nogil:
    cdef int n = 0, sl, c, i
    for sl in range(3):
        c = s.players[p].patron[sl]
        if c >= 0:
            out[n] = A_GIFT + 2 * sl
            n += 1
            for i in range(NB):
                if TB.patron_gifts[c][1][i] != TB.patron_gifts[c][0][i]:
                    out[n] = A_GIFT + 2 * sl + 1
                    n += 1
                    break
    return n


cdef int legal_reroll(luthier_t* s, int p, int a, int b, int* out) noexcept nogil:
    if s.rerolls == 0:
        out[0] = A_KEEPDICE
        return 1
    out[0] = A_REROLL
    out[1] = A_REROLL + 1
    out[2] = A_KEEPDICE
    return 3


cdef int legal_inspire(luthier_t* s, int p, int a, int b, int* out) noexcept nogil:
    cdef int n = 0, i, k
    cdef int base = performance_base(s, p)
    out[n] = A_INSPIRE
    n += 1
    for i in range(3):
        k = TB.perf_at[s.held - G_PERF][i] - base
        if 0 < k <= s.players[p].insp and k < 25:
            out[n] = A_INSPIRE + k
            n += 1
    return n


cdef int legal_orch(luthier_t* s, int p, int kind, int selector, int* out) noexcept nogil:
    cdef int spaces[MAX_SPACES]
    cdef int i, n = token_spaces(kind, selector, spaces)
    for i in range(n):
        out[i] = A_SEAT + spaces[i]
    return n


cdef int legal_below(luthier_t* s, int p, int a, int b, int* out) noexcept nogil:
    return count_from(A_BELOW, 2, out)


cdef int legal_double(luthier_t* s, int p, int a, int b, int* out) noexcept nogil:
    return count_from(A_DOUBLE, 2, out)


cdef int legal_tuck(luthier_t* s, int p, int a, int b, int* out) noexcept nogil:
    cdef int n = 0, sl
    out[n] = A_NOTUCK
    n += 1
    for sl in range(3):
        if can_tuck(s, p, sl, s.held):
            out[n] = A_TUCK + sl
            n += 1
    return n


cdef int legal_return(luthier_t* s, int p, int a, int b, int* out) noexcept nogil:
    cdef player_t* pl = &s.players[p]
    cdef int n = 0, sl
    for sl in range(2):
        if pl.finish[sl] >= 0 and (sl == 0 or pl.finish[0] != pl.finish[1]):
            out[n] = A_RETURN + sl
            n += 1
    return n


cdef int legal_claim(luthier_t* s, int p, int a, int b, int* out) noexcept nogil:
    return claims_of(s, p, out)


cdef int legal_royal(luthier_t* s, int p, int a, int b, int* out) noexcept nogil:
    cdef int n = 0, i
    for i in range(MAX_PATRONS):
        if s.royal_cut[i]:
            out[n] = A_ROYAL + i
            n += 1
    return n


cdef int legal_spec(luthier_t* s, int p, int deck, int b, int* out) noexcept nogil:
    cdef int n = 0, i
    for i in range(TB.n_specs):
        if s.spec_cut[i] and TB.spec_deck[i] == deck:
            out[n] = A_SPEC + i
            n += 1
    return n


cdef int legal_keep3(luthier_t* s, int p, int a, int b, int* out) noexcept nogil:
    return keep_each(s.players[p].keep, 3, out)


cdef int legal_assign(luthier_t* s, int p, int a, int b, int* out) noexcept nogil:
    cdef player_t* pl = &s.players[p]
    cdef int n = 0, chip
    for chip in range(5):
        if (owns_chip(s, chip) and pl.spec_chip[0] != chip and pl.spec_chip[1] != chip
                and pl.spec_chip[2] != chip):
            out[n] = A_ASSIGN + chip
            n += 1
    return n


cdef int legal_raw(luthier_t* s, int* out) noexcept nogil:
    """The actions of the seat to move, unsorted (legal_now sorts them): the decision
    on top of the stack asks its row of TASK_LEGAL."""
    cdef int p = overflowing(s)
    cdef v_t* task
    if p >= 0:
        return legal_drop(s, p, out)
    if s.task_n == 0:
        return 0
    task = s.tasks[s.task_n - 1]
    if task[0] < D_SETUP_FAMILY or task[1] < 0:
        return 0
    return TASK_LEGAL[task[0]](s, task[1], task[2], task[3], out)


cdef inline int legal_now(luthier_t* s, int* out) noexcept nogil:
    return sort_unique(out, legal_raw(s, out))


# ---- applying decisions (reference._do_*) --------------------------------------------------

cdef void start_repair(luthier_t* s, int p, int card) noexcept nogil:
    cdef int m
    s.held = G_REPAIR + card
    for m in range(3):
        s.cost[m] = TB.repair_cost[card][m]
    s.act_discount = abilities(s, p, AB_REPAIR_DISCOUNT)
    push(s, T_REPAIR_DONE, p, 0, 0, 0)
    push(s, D_COST, p, 2, 0, 0)


cdef void start_rough(luthier_t* s, int p, int slot) noexcept nogil:
    cdef player_t* pl = &s.players[p]
    cdef int m
    for m in range(3):
        s.cost[m] = TB.kind_rough[pl.rough[slot]][m]
    push(s, T_ROUGH_MOVE, p, slot, 0, 0)
    push(s, D_COST, p, 0, 0, 0)
    if pl.finish[0] >= 0 and pl.finish[1] >= 0:
        push(s, D_RETURN, p, 0, 0, 0)


cdef void start_finish(luthier_t* s, int p, int slot) noexcept nogil:
    cdef player_t* pl = &s.players[p]
    cdef int k = pl.finish[slot], m
    pl.finish[slot] = -1
    s.held = G_INSTR + k
    for m in range(3):
        s.cost[m] = TB.kind_finish[k][m]
    push(s, T_FINISH_DONE, p, 0, 0, 0)
    push(s, D_COST, p, 1, 0, 0)


cdef void take_card(luthier_t* s, int p, int loc, int slot) noexcept nogil:
    cdef int card = s.display[loc][slot]
    cdef int cost = tier_cost(s, p, slot), reserve
    s.display[loc][slot] = -1
    if loc == SALON:
        s.held_patron = card
        push(s, D_SPACE, p, 0, 0, 0)
        ask_payment(s, p, cost, 0)
    elif loc == GUILD:
        s.players[p].hand[card] += 1
        s.players[p].hand_n += 1
        ask_payment(s, p, cost, 0)
    elif loc == PERFORM:
        s.held = G_PERF + card
        push(s, T_PERFORM, p, 0, 0, 0)
        ask_payment(s, p, cost, 0)
    else:
        reserve = repair_reserve(s, p, card)
        start_repair(s, p, card)
        ask_payment(s, p, cost, reserve)


cdef void do_chip(luthier_t* s, int p, int index, int b, int action) noexcept nogil:
    cdef v_t* e = s.placed[index]
    cdef int loc = e[P_LOC], mode, which
    s.act_chip = index
    if action == A_COINS2:
        mode = M_FALLBACK
    elif action == A_ALT or action == A_ALT2:
        mode = M_ALT
    elif A_SEARCH_PATRON <= action < A_AWARD:
        mode = M_SEARCH
    else:
        mode = M_MAIN
    s.act_mode = mode
    push(s, T_CHIP_DONE, -1, index, 0, 0)
    push(s, T_SPECIALIST, -1, index, 0, 0)
    push(s, T_BONUS, -1, index, 0, 0)
    if mode == M_FALLBACK:
        s.players[p].coins += TB.fallback_coins
    elif mode == M_ALT:
        which = 5 if action == A_ALT2 else loc
        gain(s, p, TB.alt[which], 1)
    elif mode == M_SEARCH:
        push(s, C_SEARCH, p, loc, (action - A_SEARCH_PATRON) % 3, 0)
        ask_payment(s, p, TB.search_cost, 0)
    elif loc == BALCONY:
        push(s, D_CLAIM, p, 0, 0, 0)
    elif loc == ROUGH:
        s.act_discount = bench_discount(s, p, loc, e[P_SKILL])
        s.act_again = TB.craft_rough2[s.players[p].track[TR_CRAFT]]
        start_rough(s, p, action - A_ROUGH)
    elif loc == FINISH:
        s.act_discount = bench_discount(s, p, loc, e[P_SKILL])
        s.act_double = 1 if e[P_SKILL] >= TB.bonus_finish_double else 0
        s.act_again = TB.craft_finish2[s.players[p].track[TR_CRAFT]]
        start_finish(s, p, action - A_FINISH)
    else:
        take_card(s, p, loc, action - A_TAKE)


# ---- applying decisions (reference._do_*): one function per decision (TASK_DECIDE) --------
# Each applies `action`, the seat's answer to the popped task (p, a, b).

cdef void do_setup_family(luthier_t* s, int p, int a, int b, int action) noexcept nogil:
    s.players[p].family_pick = action - A_FAMILY


cdef void do_setup_goals(luthier_t* s, int p, int a, int b, int action) noexcept nogil:
    cdef int i = action - A_GOALS
    s.players[p].goal_mask = (1 << GOAL_PAIR[i][0]) | (1 << GOAL_PAIR[i][1])


cdef void do_setup_instr(luthier_t* s, int p, int a, int b, int action) noexcept nogil:
    cdef player_t* pl = &s.players[p]
    cdef int kept = action - A_KEEP
    cdef int other = pl.deal_instr[1] if pl.deal_instr[0] == kept else pl.deal_instr[0]
    pl.hand[kept] += 1
    pl.hand_n += 1
    pl.deal_instr[0] = -1
    pl.deal_instr[1] = -1
    put_under_deck(s, other, p)


cdef void do_setup_patron(luthier_t* s, int p, int a, int b, int action) noexcept nogil:
    cdef player_t* pl = &s.players[p]
    cdef int i = (action - A_PATRON) // 3, sl = (action - A_PATRON) % 3
    cdef int kept = pl.deal_patron[i], other = pl.deal_patron[1 - i]
    pl.deal_patron[0] = -1
    pl.deal_patron[1] = -1
    discard(s, DK_PATRON, other)
    place_patron(s, p, kept, sl)


cdef void do_material(luthier_t* s, int p, int a, int b, int action) noexcept nogil:
    s.players[p].mat[action - A_GAIN] += 1


cdef void do_load(luthier_t* s, int p, int left, int b, int action) noexcept nogil:
    cdef player_t* pl = &s.players[p]
    cdef int k, sl
    if action == A_NOLOAD:
        return
    if action < A_SWAP:
        k = action - A_LOAD
        if pl.rough[0] < 0:
            pl.rough[0] = k
        else:
            pl.rough[1] = k
    else:
        sl = (action - A_SWAP) // MAX_KINDS
        k = (action - A_SWAP) % MAX_KINDS
        pl.hand[pl.rough[sl]] += 1
        pl.hand_n += 1
        pl.rough[sl] = k
    pl.hand[k] -= 1
    pl.hand_n -= 1
    if b == 0 and left > 1:
        push(s, D_LOAD, p, left - 1, 0, 0)


cdef void do_place(luthier_t* s, int p, int a, int b, int action) noexcept nogil:
    cdef int i = action - A_PLACE
    cdef v_t* e = s.placed[s.placed_n]
    e[P_OWNER] = p
    e[P_CHIP] = i // (NUM_LOCATIONS * 4)
    e[P_APPR] = i % 4
    e[P_LOC] = (i // 4) % NUM_LOCATIONS
    e[P_STATUS] = S_DOWN
    e[P_SKILL] = 0
    s.placed_n += 1
    s.players[p].appr -= i % 4


cdef void do_resolve(luthier_t* s, int p, int a, int b, int action) noexcept nogil:
    if action == A_PASS:
        s.players[p].passed = 1
    elif action == A_MARKET:
        s.players[p].visited = 1
        push(s, D_MARKET, p, 0, 0, 0)
    else:
        push(s, T_ACTIVATE, p, action - A_ACTIVATE, 0, 0)


cdef void do_pay(luthier_t* s, int p, int amount, int b, int action) noexcept nogil:
    s.players[p].insp -= action - A_PAY
    s.players[p].coins -= amount - (action - A_PAY)


cdef void do_space(luthier_t* s, int p, int a, int b, int action) noexcept nogil:
    cdef int patron = s.held_patron
    s.held_patron = -1
    place_patron(s, p, patron, action - A_SPACE)


cdef void do_salon_bonus(luthier_t* s, int p, int a, int b, int action) noexcept nogil:
    cdef player_t* pl = &s.players[p]
    cdef int sl = (action - A_GIFT) // 2
    pl.patience[sl] = imax(0, pl.patience[sl] - 1)
    gain(s, p, TB.patron_gifts[pl.patron[sl]][(action - A_GIFT) % 2], 1)


cdef void do_reroll(luthier_t* s, int p, int a, int b, int action) noexcept nogil:
    if action == A_KEEPDICE:
        return
    s.rerolls -= 1
    push(s, D_REROLL, p, 0, 0, 0)
    push(s, C_DIE, p, action - A_REROLL, 0, 0)


cdef void do_inspire(luthier_t* s, int p, int a, int b, int action) noexcept nogil:
    cdef int k = action - A_INSPIRE
    s.players[p].insp -= k
    s.perf_total = performance_base(s, p) + k


cdef void do_orch(luthier_t* s, int p, int kind, int b, int action) noexcept nogil:
    push(s, T_CHAIR, p, action - A_SEAT, kind, 0)


cdef void do_double(luthier_t* s, int p, int space, int b, int action) noexcept nogil:
    push(s, T_CHAIR, p, space, K_INSTR, CHAIR_DOUBLE if action == A_DOUBLE else CHAIR_SINGLE)


cdef void do_below(luthier_t* s, int p, int times, int b, int action) noexcept nogil:
    if action == A_BELOW:
        s.players[p].coins += TB.below_coins * times
    else:
        s.players[p].insp += TB.below_insp * times


cdef void do_cost(luthier_t* s, int p, int mode, int b, int action) noexcept nogil:
    cdef player_t* pl = &s.players[p]
    cdef int m
    if action == A_PAYCOST:
        for m in range(3):
            pl.mat[m] -= s.cost[m]
            s.cost[m] = 0
        return
    if action < A_SUB:
        m = action - A_WAIVE
        s.act_discount -= 1
    else:
        m = action - A_SUB
        pl.insp -= 2
    s.cost[m] -= 1
    push(s, D_COST, p, mode, 0, 0)


cdef void do_return(luthier_t* s, int p, int a, int b, int action) noexcept nogil:
    cdef player_t* pl = &s.players[p]
    cdef int sl = action - A_RETURN
    pl.hand[pl.finish[sl]] += 1
    pl.hand_n += 1
    pl.finish[sl] = -1


cdef void do_again(luthier_t* s, int p, int mode, int b, int action) noexcept nogil:
    if action == A_STOP:
        return
    if mode == 0:
        start_rough(s, p, action - A_ROUGH)
    else:
        start_finish(s, p, action - A_FINISH)


cdef void do_royal(luthier_t* s, int p, int a, int b, int action) noexcept nogil:
    cdef int patron = action - A_ROYAL
    s.royal_cut[patron] = 0
    s.royal_cut_n -= 1
    s.held_patron = patron
    push(s, D_SPACE, p, 0, 0, 0)


cdef void do_spec(luthier_t* s, int p, int deck, int b, int action) noexcept nogil:
    cdef int i = action - A_SPEC
    s.spec_cut[i] = 0
    s.spec_cut_n[deck] -= 1
    s.players[p].spec[deck] = i
    s.players[p].spec_new[deck] = 1


cdef void do_keep3(luthier_t* s, int p, int a, int b, int action) noexcept nogil:
    cdef player_t* pl = &s.players[p]
    cdef int kept = action - A_KEEP, j = -1, i, k
    for i in range(3):
        if pl.keep[i] == kept:
            j = i
            break
    pl.hand[kept] += 1
    pl.hand_n += 1
    for i in range(3):
        k = pl.keep[i]
        pl.keep[i] = -1
        if i != j and k >= 0:
            put_under_deck(s, k, p)


cdef void do_assign(luthier_t* s, int p, int deck, int b, int action) noexcept nogil:
    s.players[p].spec_chip[deck] = action - A_ASSIGN
    s.players[p].spec_new[deck] = 0


cdef void decide(luthier_t* s, int action) noexcept nogil:
    """Apply the seat's `action`: a material dropped over the storage limit, or the
    answer to the decision on top of the stack (its row of TASK_DECIDE)."""
    cdef int task[5]
    cdef int p = overflowing(s)
    if p >= 0:
        s.players[p].mat[action - A_DROP] -= 1
        return
    pop(s, task)
    TASK_DECIDE[task[0]](s, task[1], task[2], task[3], action)


cdef void do_tuck(luthier_t* s, int p, int a, int b, int action) noexcept nogil:
    cdef player_t* pl = &s.players[p]
    cdef int g = s.held, sl, i
    s.held = -1
    if action == A_NOTUCK:
        discard_global(s, g)
        return
    sl = action - A_TUCK
    for i in range(3):
        if pl.tucked[sl][i] < 0:
            pl.tucked[sl][i] = g
            break
    if tucked_count(pl, sl) == requirement_count(pl.patron[sl]):
        push(s, T_COMPLETE, p, sl, 0, 0)
    else:
        pl.patience[sl] = 0


cdef void do_claim(luthier_t* s, int p, int a, int b, int action) noexcept nogil:
    cdef player_t* pl = &s.players[p]
    cdef int i = action - A_CLAIM
    cdef int slot = i // 9, level = (i % 9) // 3, marker = i % 3
    s.claims[slot][level] = p
    pl.marker[marker] = 1
    pl.pp += TB.award_pp[s.awards[slot]][level]
    if marker == MK_ROYAL and free_patron_space(s, p) and s.royal_cut_n > 0:
        push(s, D_ROYAL, p, 0, 0, 0)
        look_through(s, p, s.royal_seen)


cdef void do_market(luthier_t* s, int p, int a, int b, int action) noexcept nogil:
    cdef player_t* pl = &s.players[p]
    cdef int m
    if action == A_LEAVE:
        return
    push(s, D_MARKET, p, 0, 0, 0)
    if A_BUY <= action < A_SELL:
        m = action - A_BUY
        pl.mat[m] += 1
        pl.bought[m] = 1
        ask_payment(s, p, TB.market_price[s.market][m], 0)
    elif A_SELL <= action < A_HIRE:
        m = action - A_SELL
        pl.mat[m] -= 1
        pl.sold[m] = 1
        pl.coins += TB.market_price[s.market][m]
    elif action == A_HIRE:
        pl.appr += 1
        ask_payment(s, p, TB.market_apprentice, 0)
    else:
        push(s, T_ADVANCE, p, action - A_TRAIN, 1, 0)
        ask_payment(s, p, TB.market_training, 0)


# ---- automatic steps (reference._run_*) -------------------------------------------------

cdef void run_perform(luthier_t* s, int p, int a, int b, int c) noexcept nogil:
    cdef player_t* pl = &s.players[p]
    cdef int perf = pl.track[TR_PERF]
    s.die_black[0] = 1 if TB.perf_black[perf] >= 1 else 0
    s.die_black[1] = 1 if TB.perf_black[perf] >= 2 else 0
    s.rerolls = TB.perf_rerolls[perf] + abilities(s, p, AB_EXTRA_REROLL)
    s.dice[0] = -1
    s.dice[1] = -1
    s.dice[2] = -1
    push(s, T_PERF_RESULT, p, 0, 0, 0)
    push(s, D_INSPIRE, p, 0, 0, 0)
    push(s, D_REROLL, p, 0, 0, 0)
    if pl.marker[MK_PURPLE]:
        push(s, C_PURPLE, p, 0, 0, 0)
    push(s, C_DIE, p, 1, 0, 0)
    push(s, C_DIE, p, 0, 0, 0)


cdef void place_token(luthier_t* s, int p, int kind, int selector) noexcept nogil:
    cdef int spaces[MAX_SPACES]
    cdef int n = token_spaces(kind, selector, spaces)
    if n == 1:
        push(s, T_CHAIR, p, spaces[0], kind, 0)
    else:
        push(s, D_ORCH, p, kind, selector, 0)


cdef void run_perf_result(luthier_t* s, int p, int a, int b, int c) noexcept nogil:
    cdef int card = s.held - G_PERF, level = -1, i
    for i in range(3):
        if s.perf_total >= TB.perf_at[card][i]:
            level = i
    if level >= 0:
        s.players[p].coins += TB.perf_coins[card][level]
        s.players[p].pp += TB.perf_pp[card][level]
    if level >= 1:
        push(s, D_TUCK, p, 0, 0, 0)
        place_token(s, p, K_PERF, TB.perf_era[card])
    else:
        discard_global(s, s.held)
        s.held = -1


cdef void run_repair_done(luthier_t* s, int p, int a, int b, int c) noexcept nogil:
    cdef int card = s.held - G_REPAIR
    s.players[p].pp += TB.repair_pp[card]
    push(s, D_TUCK, p, 0, 0, 0)
    place_token(s, p, K_REPAIR, TB.repair_type[card])


cdef void run_again(luthier_t* s, int p, int mode) noexcept nogil:
    cdef int buf[4]
    if not s.act_again:
        return
    s.act_again = 0
    if legal_again(s, p, mode, 0, buf) > 1:
        push(s, D_AGAIN, p, mode, 0, 0)


cdef void run_rough_move(luthier_t* s, int p, int slot, int b, int c) noexcept nogil:
    cdef player_t* pl = &s.players[p]
    cdef int k = pl.rough[slot]
    pl.rough[slot] = -1
    if pl.finish[0] < 0:
        pl.finish[0] = k
    else:
        pl.finish[1] = k
    run_again(s, p, 0)


cdef void run_finish_done(luthier_t* s, int p, int a, int b, int c) noexcept nogil:
    cdef player_t* pl = &s.players[p]
    cdef int k = s.held - G_INSTR
    pl.pp += TB.kind_pp[k]
    if pl.track[TR_REP] >= TB.rep_instrument_pp:
        pl.pp += TB.rep_f_pp
    push(s, T_FINISH_AGAIN, p, 0, 0, 0)
    push(s, D_TUCK, p, 0, 0, 0)
    place_token(s, p, K_INSTR, k)


cdef void run_chair(luthier_t* s, int p, int space, int kind, int doubling) noexcept nogil:
    """reference._run_chair"""
    cdef int times = 1, holder, held_kind, mine, o
    cdef bint takes
    if kind == K_INSTR and s.act_double:
        if doubling == CHAIR_ASK and s.act_again:
            push(s, D_DOUBLE, p, space, 0, 0)
            return
        if doubling != CHAIR_SINGLE:
            times = 2
            s.act_double = 0
    s.tokens[space][p][kind] += 1
    if TB.space_rare[space]:
        gain(s, p, TB.space_bonus[space], times)
        return
    holder = s.chair_owner[space]
    held_kind = s.chair_kind[space]
    if holder < 0:
        takes = True
    elif held_kind == K_INSTR:
        takes = False
    elif kind == K_INSTR:
        takes = True
    elif holder != p:
        mine = s.tokens[space][p][K_PERF] + s.tokens[space][p][K_REPAIR]
        takes = True
        for o in range(OWNERS):
            if o != p and s.tokens[space][o][K_PERF] + s.tokens[space][o][K_REPAIR] >= mine:
                takes = False
    else:
        takes = False
    if takes:
        s.chair_owner[space] = p
        s.chair_kind[space] = kind
        gain(s, p, TB.space_bonus[space], times)
    else:
        push(s, D_BELOW, p, times, 0, 0)


cdef void offer_specialist(luthier_t* s, int p, int deck) noexcept nogil:
    if s.spec_cut_n[deck] > 0 and s.players[p].spec[deck] < 0:
        push(s, D_SPEC, p, deck, 0, 0)
        look_through(s, p, s.spec_seen[deck])


cdef void look_through(luthier_t* s, int p, v_t* seen) noexcept nogil:
    """reference._look_through"""
    if not seen[p]:
        seen[p] = 1
        push(s, C_REVEAL, p, 0, 0, 0)


cdef void run_advance(luthier_t* s, int p, int track, int training, int c) noexcept nogil:
    """reference._run_advance"""
    cdef player_t* pl = &s.players[p]
    cdef int v = pl.track[track], last = TB.track_len[track]
    if v >= last:
        if track == TR_REP:
            pl.pp += TB.rep_i_pp
            step_effect(s, p, track, last)
        elif TB.track_effect[track][last] == TE_FINAL and not training:
            pl.pp += TB.track_final_pp
        return
    v += 1
    pl.track[track] = v
    if not (training and TB.track_effect[track][v] == TE_FINAL):
        step_effect(s, p, track, v)


cdef void step_effect(luthier_t* s, int p, int track, int step) noexcept nogil:
    """reference._step_effect"""
    cdef int effect = TB.track_effect[track][step], j
    if effect == TE_SPECIALIST:
        offer_specialist(s, p, track)
    elif effect == TE_FINAL:
        s.players[p].pp += TB.track_final_pp
    elif effect == TE_APPRENTICE:
        gain_apprentices(s, p, 1)
    elif effect == TE_DRAW3:
        push(s, T_KEEP_CHECK, p, 0, 0, 0)
        for j in range(2, -1, -1):
            push(s, C_DRAW, p, DK_INSTR, DEST_KEEP, j)
    elif effect == TE_CLAIM:
        push(s, T_CLAIM_CHECK, p, 0, 0, 0)


cdef void run_complete(luthier_t* s, int p, int space, int stage, int c) noexcept nogil:
    # 4.6.5 in the seed's order: PP and reputation while the patron holds its space,
    # then (stage 1) its space is freed and it joins the completed patrons
    cdef player_t* pl = &s.players[p]
    cdef int patron = pl.patron[space], i
    if stage == 0:
        pl.pp += TB.patron_pp[patron]
        push(s, T_COMPLETE, p, space, 1, 0)
        push(s, T_ADVANCE, p, TR_REP, 0, 0)
        return
    remove_patron(s, p, space)
    for i in range(MAX_DONE):
        if pl.done[i] < 0:
            pl.done[i] = patron
            break


cdef void run_round_end(luthier_t* s, int _p, int a, int b, int c) noexcept nogil:
    cdef int n = s.num_players, i, j, p, loc, sl, card, d, count
    cdef int order[LP]
    cdef int cards[MAX_SLOTS]
    cdef bint on_balcony
    cdef player_t* pl
    if s.round >= TB.rounds:
        push(s, T_FINAL, -1, 0, 0, 0)
        return
    s.phase = PH_ROUND_END
    count = 0
    for i in range(s.balcony_n):
        order[count] = s.balcony[i]
        count += 1
    for i in range(n):
        on_balcony = False
        for j in range(s.balcony_n):
            if s.balcony[j] == s.order[i]:
                on_balcony = True
        if not on_balcony:
            order[count] = s.order[i]
            count += 1
    for i in range(n):
        s.order[i] = order[i]
    clear_placed(s)
    for p in range(n):
        pl = &s.players[p]
        pl.visited = 0
        pl.passed = 0
        for i in range(3):
            pl.bought[i] = 0
            pl.sold[i] = 0
    for loc in range(CARD_LOCATIONS):
        count = 0
        for sl in range(MAX_SLOTS):
            if not slot_used(s, loc, sl):
                continue
            card = s.display[loc][sl]
            if card >= 0 and TB.slot_tier[sl] == 1:
                discard(s, display_deck(loc), card)
                s.display[loc][sl] = -1
            elif card >= 0:
                cards[count] = card
                count += 1
        i = 0
        for sl in range(MAX_SLOTS):
            if slot_used(s, loc, sl):
                s.display[loc][sl] = cards[i] if i < count else -1
                i += 1
    if s.round == 3:
        for i in range(TB.n_patrons):
            if s.patron_deck[i] and TB.patron_deck[i] == DECK_A:
                s.patron_deck[i] = 0
                s.patron_discard[i] = 1
        s.patron_deck_a = 0
    s.market = -1
    push(s, T_NEXT_ROUND, -1, 0, 0, 0)
    push(s, T_REFILL, -1, 0, 0, 0)
    push(s, C_DRAW, -1, DK_MARKET, DEST_MARKET, 0)
    for i in range(n - 1, -1, -1):
        p = s.order[i]
        for d in range(2, -1, -1):
            if s.players[p].spec_new[d]:
                push(s, D_ASSIGN, p, d, 0, 0)


# ---- decks (reference._deck_size, _discard_size, _refill_empty_deck) ----------------------
# Every deck and box is a deck record (layout.pxd): where its counts by card id sit in
# the struct, and its discard pile's. Two decks keep rules of their own on top: the
# instrument deck counts copies by kind and has the setup's cards put under it, and
# the patron deck, in its A and B halves, deals A first until they are mixed.

cdef inline v_t* deck_cards(luthier_t* s, int deck) noexcept nogil:
    return <v_t*>s + TB.decks[deck].at


cdef inline v_t* deck_discard(luthier_t* s, int deck) noexcept nogil:
    # only for a deck with a discard pile (discard_at >= 0)
    return <v_t*>s + TB.decks[deck].discard_at


cdef inline void discard(luthier_t* s, int deck, int card) noexcept nogil:
    cdef v_t* pile = deck_discard(s, deck)
    pile[card] = pile[card] + 1 if TB.decks[deck].copies else 1


cdef int cards_in(const v_t* counts, int n) noexcept nogil:
    cdef int i, t = 0
    for i in range(n):
        t += counts[i]
    return t


cdef int deck_size(luthier_t* s, int deck) noexcept nogil:
    if deck == DK_INSTR:
        return s.instr_deck_n + s.bottom_n
    if deck == DK_PATRON:
        return s.patron_deck_a + s.patron_deck_b
    return cards_in(deck_cards(s, deck), TB.decks[deck].ids)


cdef int discard_size(luthier_t* s, int deck) noexcept nogil:
    cdef int i, n = 0
    if TB.decks[deck].discard_at < 0:
        return 0
    if deck == DK_PATRON:
        # royal patrons are discarded with the others but never shuffled into the deck
        for i in range(TB.n_patrons):
            if TB.patron_deck[i] != DECK_ROYAL:
                n += s.patron_discard[i]
        return n
    return cards_in(deck_discard(s, deck), TB.decks[deck].ids)


cdef void refill_empty_deck(luthier_t* s, int deck) noexcept nogil:
    cdef int i
    cdef v_t* cards
    cdef v_t* pile
    if TB.decks[deck].discard_at < 0 or deck_size(s, deck) or not discard_size(s, deck):
        return
    if deck == DK_PATRON:
        for i in range(TB.n_patrons):
            if s.patron_discard[i] and TB.patron_deck[i] != DECK_ROYAL:
                s.patron_discard[i] = 0
                s.patron_deck[i] = 1
                if TB.patron_deck[i] == DECK_A:
                    s.patron_deck_a += 1
                else:
                    s.patron_deck_b += 1
        s.patron_mixed = 1
        return
    cards = deck_cards(s, deck)
    pile = deck_discard(s, deck)
    for i in range(TB.decks[deck].ids):
        cards[i] = pile[i]
        pile[i] = 0
    if deck == DK_INSTR:
        s.instr_deck_n = cards_in(cards, MAX_KINDS)


cdef void run_refill(luthier_t* s, int p, int a, int b, int c) noexcept nogil:
    cdef int loc, sl, deck
    for loc in range(CARD_LOCATIONS):
        deck = display_deck(loc)
        if not deck_size(s, deck) and not discard_size(s, deck):
            continue
        for sl in range(MAX_SLOTS):
            if slot_used(s, loc, sl) and s.display[loc][sl] < 0:
                push(s, T_REFILL, -1, 0, 0, 0)
                push(s, C_DRAW, -1, deck, DEST_DISPLAY, loc * MAX_SLOTS + sl)
                return


cdef void run_finish_again(luthier_t* s, int p, int a, int b, int c) noexcept nogil:
    run_again(s, p, 1)


cdef void run_next_round(luthier_t* s, int p, int a, int b, int c) noexcept nogil:
    cdef int j
    s.round += 1
    for j in range(LP):
        s.balcony[j] = -1
    s.balcony_n = 0
    push(s, T_ROUND_START, -1, 0, 0, 0)


cdef void run_final(luthier_t* s, int p, int a, int b, int c) noexcept nogil:
    final_scoring(s)
    s.phase = PH_OVER


cdef void run_claim_check(luthier_t* s, int p, int a, int b, int c) noexcept nogil:
    if claims_of(s, p, NULL) > 0:
        push(s, D_CLAIM, p, 0, 0, 0)


cdef void run_keep_check(luthier_t* s, int p, int a, int b, int c) noexcept nogil:
    cdef player_t* pl = &s.players[p]
    if pl.keep[0] >= 0 or pl.keep[1] >= 0 or pl.keep[2] >= 0:
        push(s, D_KEEP3, p, 0, 0, 0)


cdef inline void run_task(luthier_t* s, int* task) noexcept nogil:
    """An automatic step: its row of TASK_RUN, given the task's (p, a, b, c)."""
    TASK_RUN[task[0]](s, task[1], task[2], task[3], task[4])


# ---- chance (reference._draw_counts, _search_counts, _chance_now, _chance) -----------------------

cdef int draw_counts(luthier_t* s, int deck, int index, int* counts) noexcept nogil:
    """Weights of each card id (within its kind) of a draw; the number of ids."""
    cdef int i
    cdef bint first_a
    cdef v_t* box
    for i in range(MAX_PATRONS):
        counts[i] = 0
    if deck == DK_INSTR:
        if s.instr_deck_n:
            for i in range(MAX_KINDS):
                counts[i] = s.instr_deck[i]
        elif s.bottom_n:
            counts[s.bottom[0][0]] = 1
        return MAX_KINDS
    if deck == DK_PATRON:
        first_a = s.patron_deck_a > 0 and not s.patron_mixed
        for i in range(TB.n_patrons):
            if s.patron_deck[i] and (not first_a or TB.patron_deck[i] == DECK_A):
                counts[i] = 1
        return MAX_PATRONS
    box = deck_cards(s, deck)
    for i in range(TB.decks[deck].cards):
        # the specialists are drawn from one of their decks, `index`
        if deck != DK_SPEC or TB.spec_deck[i] == index:
            counts[i] = box[i]
    return TB.decks[deck].ids


cdef int search_counts(luthier_t* s, int loc, int attr, int* counts) noexcept nogil:
    cdef int i, any_a = 0, any_unknown = 0
    for i in range(MAX_PATRONS):
        counts[i] = 0
    if loc == SALON:
        for i in range(TB.n_patrons):
            if s.patron_deck[i] and TB.patron_type[i] == attr and TB.patron_deck[i] == DECK_A:
                any_a = 1
        for i in range(TB.n_patrons):
            if s.patron_deck[i] and TB.patron_type[i] == attr:
                if any_a and not s.patron_mixed and TB.patron_deck[i] != DECK_A:
                    continue
                counts[i] = 1
        return MAX_PATRONS
    if loc == GUILD:
        for i in range(TB.n_kinds):
            if s.instr_deck[i] and TB.kind_type[i] == attr:
                counts[i] = s.instr_deck[i]
                any_unknown = 1
        if not any_unknown:
            for i in range(s.bottom_n):
                if TB.kind_type[s.bottom[i][0]] == attr:
                    counts[s.bottom[i][0]] = 1
                    break
        return MAX_KINDS
    if loc == PERFORM:
        for i in range(TB.n_perf):
            if s.perf_deck[i] and TB.perf_era[i] == attr:
                counts[i] = 1
        return MAX_PERF
    for i in range(TB.n_repair):
        if s.repair_deck[i] and TB.repair_type[i] == attr:
            counts[i] = 1
    return MAX_REPAIR


cdef inline int search_deck(int loc) noexcept nogil:
    return display_deck(loc)


cdef int chance_now(luthier_t* s, int* acts, double* probs) noexcept nogil:
    cdef int counts[MAX_PATRONS]
    cdef int kind, a, b, c, size, base, i, j, first, total = 0, n = 0
    if s.task_n == 0:
        return 0
    kind = s.tasks[s.task_n - 1][0]
    a = s.tasks[s.task_n - 1][2]
    b = s.tasks[s.task_n - 1][3]
    c = s.tasks[s.task_n - 1][4]
    if kind == C_DRAW:
        size = draw_counts(s, a, c, counts)
        base = A_CARD + TB.decks[a].base
    elif kind == C_SEARCH:
        size = search_counts(s, a, b, counts)
        base = A_CARD + TB.decks[search_deck(a)].base
        for i in range(size):
            total += counts[i]
        if total == 0:
            acts[0] = A_NOTHING
            probs[0] = 1.0
            return 1
        total = 0
    elif kind == C_REVEAL:
        acts[0] = A_REVEAL
        probs[0] = 1.0
        return 1
    elif kind == C_DIE:
        for i in range(7):
            counts[i] = 0
        for i in range(6):
            counts[TB.black[i] if s.die_black[a] else TB.white[i]] += 1
        size = 7
        base = A_NOTES
    elif kind == C_PURPLE:
        for i in range(6):
            counts[i] = 0
        for i in range(6):
            first = i
            for j in range(i):
                if first == i and same_bundle(TB.purple[j], TB.purple[i]):
                    first = j
            counts[first] += 1
        size = 6
        base = A_PURPLE
    else:
        return 0
    for i in range(size):
        total += counts[i]
    for i in range(size):
        if counts[i]:
            acts[n] = base + i
            probs[n] = <double>counts[i] / <double>total
            n += 1
    return n


cdef bint same_bundle(const int* x, const int* y) noexcept nogil:
    cdef int i
    for i in range(NB):
        if x[i] != y[i]:
            return False
    return True


cdef void take_from_deck(luthier_t* s, int deck, int card) noexcept nogil:
    cdef int at, i
    if deck == DK_INSTR:
        if s.instr_deck[card] and s.instr_deck_n:
            s.instr_deck[card] -= 1
            s.instr_deck_n -= 1
        else:
            at = -1
            for i in range(s.bottom_n):
                if s.bottom[i][0] == card:
                    at = i
                    break
            if at < 0:
                return
            for i in range(at, s.bottom_n - 1):
                s.bottom[i][0] = s.bottom[i + 1][0]
                s.bottom[i][1] = s.bottom[i + 1][1]
            s.bottom[s.bottom_n - 1][0] = -1
            s.bottom[s.bottom_n - 1][1] = -1
            s.bottom_n -= 1
    elif deck == DK_PATRON:
        s.patron_deck[card] = 0
        if TB.patron_deck[card] == DECK_A:
            s.patron_deck_a -= 1
        else:
            s.patron_deck_b -= 1
    else:
        deck_cards(s, deck)[card] = 0


cdef void put_drawn(luthier_t* s, int p, int dest, int index, int card) noexcept nogil:
    cdef player_t* pl = &s.players[p] if p >= 0 else NULL
    if dest == DEST_DISPLAY:
        s.display[index // MAX_SLOTS][index % MAX_SLOTS] = card
    elif dest == DEST_HAND:
        pl.hand[card] += 1
        pl.hand_n += 1
    elif dest == DEST_KEEP:
        pl.keep[index] = card
    elif dest == DEST_DEAL_INSTR:
        pl.deal_instr[index] = card
    elif dest == DEST_DEAL_PATRON:
        pl.deal_patron[index] = card
    elif dest == DEST_FAMILY:
        pl.family[index] = card
    elif dest == DEST_GOAL:
        pl.goals[index] = card
    elif dest == DEST_AWARD:
        s.awards[index] = card
    elif dest == DEST_ROYAL_CUT:
        s.royal_cut[card] = 1
        s.royal_cut_n += 1
    elif dest == DEST_SPEC_CUT:
        s.spec_cut[card] = 1
        s.spec_cut_n[index] += 1
    elif dest == DEST_MARKET:
        s.market = card
    else:
        s.orch_card = card
        apply_orchestra_card(s, card)


cdef void use_found(luthier_t* s, int p, int loc, int card) noexcept nogil:
    cdef player_t* pl = &s.players[p]
    if loc == SALON:
        s.held_patron = card
        push(s, D_SPACE, p, 0, 0, 0)
    elif loc == GUILD:
        pl.hand[card] += 1
        pl.hand_n += 1
    elif loc == PERFORM:
        s.held = G_PERF + card
        push(s, T_PERFORM, p, 0, 0, 0)
    elif repair_reserve(s, p, card) >= 0:
        start_repair(s, p, card)
    else:
        discard(s, DK_REPAIR, card)


cdef void chance_apply(luthier_t* s, int action) noexcept nogil:
    cdef int task[5]
    cdef int kind, p, a, b, c, deck, card, face
    pop(s, task)
    kind, p, a, b, c = task[0], task[1], task[2], task[3], task[4]
    if kind == C_REVEAL or action == A_NOTHING:
        return
    if kind == C_DIE:
        s.dice[a] = action - A_NOTES
    elif kind == C_PURPLE:
        face = action - A_PURPLE
        s.dice[2] = face
        gain(s, p, TB.purple[face], 1)
    elif kind == C_SEARCH:
        deck = search_deck(a)
        card = action - A_CARD - TB.decks[deck].base
        take_from_deck(s, deck, card)
        use_found(s, p, a, card)
    else:
        card = action - A_CARD - TB.decks[a].base
        take_from_deck(s, a, card)
        put_drawn(s, p, b, c, card)


# ---- the loop (reference._advance) ------------------------------------------------------------

cdef int current_player(luthier_t* s) noexcept nogil:
    cdef int p = overflowing(s)
    if p >= 0:
        return p
    if s.task_n == 0:
        return TERMINAL
    if s.tasks[s.task_n - 1][0] >= D_SETUP_FAMILY:
        return s.tasks[s.task_n - 1][1]
    return CHANCE


cdef bint forced_in_public(luthier_t* s) noexcept nogil:
    """reference._forced_in_public: a one-action decision is taken at once only if
    everybody can see it has one action."""
    cdef v_t* t = s.tasks[s.task_n - 1]
    cdef player_t* pl = &s.players[t[1]]
    if t[0] == D_SETUP_INSTR:
        return False
    if t[0] == D_LOAD:
        return t[2] == 0 or pl.hand_n == 0
    if t[0] == D_KEEP3:
        return (pl.keep[0] >= 0) + (pl.keep[1] >= 0) + (pl.keep[2] >= 0) <= 1
    return True


cdef void advance(luthier_t* s) noexcept nogil:
    cdef int buf[BUF]
    cdef double probs[BUF]
    cdef int task[5]
    cdef int kind, n
    while True:
        if overflowing(s) >= 0:
            n = legal_now(s, buf)
            if n == 1:
                decide(s, buf[0])
                continue
            return
        if s.task_n == 0:
            return
        kind = s.tasks[s.task_n - 1][0]
        if kind >= D_SETUP_FAMILY:
            n = legal_now(s, buf)
            if n == 1 and forced_in_public(s):
                decide(s, buf[0])
                continue
            return
        if kind >= C_DRAW:
            if kind == C_DRAW:
                refill_empty_deck(s, s.tasks[s.task_n - 1][2])
                if chance_now(s, buf, probs) == 0:
                    pop(s, task)
                    continue
            return
        pop(s, task)
        run_task(s, task)


# ---- the table of task kinds: one row each, in codec.TASKS order ---------------------------

cdef inline void decision(int kind, legal_fn legal, decide_fn apply) noexcept:
    TASK_LEGAL[kind] = legal
    TASK_DECIDE[kind] = apply


cdef void fill_task_table() noexcept:
    TASK_RUN[T_SETUP] = run_setup
    TASK_RUN[T_REVEAL] = run_reveal
    TASK_RUN[T_FAMILY_ABILITY] = run_family_ability
    TASK_RUN[T_ROUND_START] = run_round_start
    TASK_RUN[T_PLAYER_START] = run_player_start
    TASK_RUN[T_GIFTS] = run_gifts
    TASK_RUN[T_PLAN] = run_plan
    TASK_RUN[T_RESOLVE_NEXT] = run_resolve_next
    TASK_RUN[T_ACTIVATE] = run_activate
    TASK_RUN[T_CHIP_DONE] = run_chip_done
    TASK_RUN[T_BONUS] = run_bonus
    TASK_RUN[T_SPECIALIST] = run_specialist
    TASK_RUN[T_PERFORM] = run_perform
    TASK_RUN[T_PERF_RESULT] = run_perf_result
    TASK_RUN[T_REPAIR_DONE] = run_repair_done
    TASK_RUN[T_ROUGH_MOVE] = run_rough_move
    TASK_RUN[T_FINISH_DONE] = run_finish_done
    TASK_RUN[T_FINISH_AGAIN] = run_finish_again
    TASK_RUN[T_CHAIR] = run_chair
    TASK_RUN[T_ADVANCE] = run_advance
    TASK_RUN[T_COMPLETE] = run_complete
    TASK_RUN[T_ROUND_END] = run_round_end
    TASK_RUN[T_REFILL] = run_refill
    TASK_RUN[T_NEXT_ROUND] = run_next_round
    TASK_RUN[T_FINAL] = run_final
    TASK_RUN[T_CLAIM_CHECK] = run_claim_check
    TASK_RUN[T_KEEP_CHECK] = run_keep_check
    decision(D_SETUP_FAMILY, legal_setup_family, do_setup_family)
    decision(D_SETUP_GOALS, legal_setup_goals, do_setup_goals)
    decision(D_SETUP_INSTR, legal_setup_instr, do_setup_instr)
    decision(D_SETUP_PATRON, legal_setup_patron, do_setup_patron)
    decision(D_MATERIAL, legal_material, do_material)
    decision(D_LOAD, legal_load, do_load)
    decision(D_PLACE, legal_place, do_place)
    decision(D_RESOLVE, legal_resolve, do_resolve)
    decision(D_CHIP, legal_chip, do_chip)
    decision(D_PAY, legal_pay, do_pay)
    decision(D_SPACE, legal_space, do_space)
    decision(D_SALON_BONUS, legal_salon_bonus, do_salon_bonus)
    decision(D_REROLL, legal_reroll, do_reroll)
    decision(D_INSPIRE, legal_inspire, do_inspire)
    decision(D_ORCH, legal_orch, do_orch)
    decision(D_BELOW, legal_below, do_below)
    decision(D_TUCK, legal_tuck, do_tuck)
    decision(D_COST, legal_cost, do_cost)
    decision(D_RETURN, legal_return, do_return)
    decision(D_AGAIN, legal_again, do_again)
    decision(D_CLAIM, legal_claim, do_claim)
    decision(D_ROYAL, legal_royal, do_royal)
    decision(D_SPEC, legal_spec, do_spec)
    decision(D_KEEP3, legal_keep3, do_keep3)
    decision(D_ASSIGN, legal_assign, do_assign)
    decision(D_MARKET, legal_market, do_market)
    decision(D_DOUBLE, legal_double, do_double)


def task_table_rows():
    """The kinds with a row in the C table (for the test that holds it to codec.TASKS):
    (kind, runs, lists actions, applies an answer)."""
    _load()
    return [(kind, TASK_RUN[kind] != NULL, TASK_LEGAL[kind] != NULL, TASK_DECIDE[kind] != NULL)
            for kind in range(D_DOUBLE + 1)]


# ---- the hash ------------------------------------------------------------------------------

cdef uint64_t hash_struct(luthier_t* s, uint64_t seed) noexcept nogil:
    # The struct is 16-bit words without padding (luthier_t has an even number of
    # them): words are combined in pairs of 32 bits, each pair mixed into the hash.
    cdef const unsigned short* w = <const unsigned short*>s
    cdef int pairs = <int>(sizeof(luthier_t) // 4), i
    cdef uint64_t h = mix64(seed)
    for i in range(pairs):
        h = mix64(h ^ ((<uint64_t>w[2 * i] << 16) | <uint64_t>w[2 * i + 1]) ^ (<uint64_t>i << 40))
    return h


# ---- the State ---------------------------------------------------------------------------

cdef uint64_t INFOSET_SEED = 0x5EA7_1F0_0000_0000ULL
cdef uint64_t STATE_SEED = 0x0000_0000_1C0D_A5A5ULL


cdef class LuthierState(State):
    """A Luthier position: one luthier_t, the variant's name and the shared API."""

    game_name = "luthier"
    words = _words
    text = _render

    @classmethod
    def new_initial(cls, num_players=3, variant="standard"):
        _load()
        t = _tables.load_tables()
        if variant not in t.variants:
            raise ValueError(f"luthier has no variant {variant!r}")
        cdef LuthierState st = LuthierState.__new__(LuthierState)
        st.num_players = num_players
        st.num_actions = NUM_ACTIONS
        st.variant = variant
        setup_board(&st.s, &TB, num_players, t.variants[variant])
        push(&st.s, T_SETUP, -1, 0, 0, 0)
        advance(&st.s)
        return st

    # ---- the contract ----------------------------------------------------------------

    cdef int c_current_player(self) noexcept nogil:
        return current_player(&self.s)

    cdef int c_legal_actions(self, int* out) noexcept nogil:
        cdef int player = current_player(&self.s)
        if player < 0:
            return 0
        return legal_now(&self.s, out)

    cdef int c_chance_outcomes(self, int* actions, double* probs) noexcept nogil:
        if current_player(&self.s) != CHANCE:
            return 0
        return chance_now(&self.s, actions, probs)

    cdef void c_apply(self, int action) noexcept nogil:
        if current_player(&self.s) == CHANCE:
            chance_apply(&self.s, action)
        else:
            decide(&self.s, action)
        advance(&self.s)

    cdef void c_returns(self, double* out) noexcept nogil:
        returns_of(&self.s, out)

    cdef void c_heuristic(self, double* out) noexcept nogil:
        if current_player(&self.s) == TERMINAL:
            returns_of(&self.s, out)
        else:
            heuristic_of(&self.s, out)

    cdef uint64_t c_hash(self) noexcept nogil:
        return hash_struct(&self.s, STATE_SEED)

    cdef uint64_t c_infoset_key(self, int seat) noexcept nogil:
        cdef luthier_t view
        memcpy(&view, &self.s, sizeof(luthier_t))
        mask_for(&view, seat, &TB)
        return hash_struct(&view, INFOSET_SEED + <uint64_t>seat)

    cdef State c_clone(self):
        cdef LuthierState copy = LuthierState.__new__(LuthierState)
        copy.num_players = self.num_players
        copy.num_actions = self.num_actions
        copy.variant = self.variant
        self.c_copy_into(copy)
        return copy

    cdef bint c_copy_into(self, State other) noexcept nogil:
        memcpy(&(<LuthierState>other).s, &self.s, sizeof(luthier_t))
        return True

    cdef State c_determinize(self, int seat, rng_t* rng):
        cdef LuthierState copy = <LuthierState>self.c_clone()
        determinize_into(&copy.s, seat, rng, &TB)
        return copy

    # ---- Python-level, game-specific --------------------------------------------------

    def is_setup(self):
        return self.s.phase == PH_SETUP and current_player(&self.s) == CHANCE

    def scores(self):
        return [self.s.players[p].pp for p in range(self.num_players)]

    def fields(self):
        """The state's fields (codec.py layout) as a dict of nested lists."""
        return self.s

    def to_dict(self):
        return _codec.encode(self.s, self.variant)

    def to_json(self):
        """json.dumps(to_dict(), sorted keys, no spaces), written from the struct."""
        return struct_json(&self.s, self.variant)

    @classmethod
    def from_dict(cls, data):
        _load()
        t = _tables.load_tables()
        fields = _codec.decode(data, t)
        cdef LuthierState st = LuthierState.__new__(LuthierState)
        st.num_players = fields["num_players"]
        st.num_actions = NUM_ACTIONS
        st.variant = data["variant"]
        st.s = fields
        if (st.s.task_n and st.s.tasks[st.s.task_n - 1][0] < C_DRAW and overflowing(&st.s) < 0):
            raise StateFormatError("the task on top must be a decision or a chance node")
        if current_player(&st.s) != TERMINAL and not st.legal_actions():
            raise StateFormatError("nobody can act in this state")
        return st

    def observation(self, seat):
        self._check_seat(seat)
        t = _tables.load_tables()
        data = _codec.encode(_views.observation_fields(self.s, seat, t), self.variant)
        data["seat"] = seat
        return data

    def masked_fields(self, seat):
        """The struct as c_infoset_key hashes it for `seat` (for tests: it must be the
        observation's fields)."""
        self._check_seat(seat)
        cdef luthier_t view
        memcpy(&view, &self.s, sizeof(luthier_t))
        mask_for(&view, seat, &TB)
        return view

    @classmethod
    def from_observation(cls, observation, rng):
        t = _tables.load_tables()
        seat, variant, fields = _views.parse_observation(observation, t)
        full = _views.determinized_fields(fields, seat, rng, t)
        return cls.from_dict(_codec.encode(full, variant))

    def action_to_str(self, action):
        return _actions.notation().to_str(action)

    def str_to_action(self, text):
        return _actions.notation().to_action(text)

    def render(self):
        from engine.games.luthier.render import render_fields
        return render_fields(self.s, self.variant, self.c_current_player())

    def render_for(self, seat):
        from engine.games.luthier.render import render_observation
        return render_observation(self.observation(seat), self.c_current_player())
