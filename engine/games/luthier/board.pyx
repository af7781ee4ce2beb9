# A new game's board before the first draw (reference._setup_board): cold code, run
# once a game, kept out of state.pyx.
from libc.string cimport memset

from engine.games.luthier.codes cimport *
from engine.games.luthier.layout cimport *


cdef void setup_board(luthier_t* s, const tables_t* tb, int n, int flags) noexcept nogil:
    """reference._setup_board up to its first task: the caller pushes T_SETUP."""
    cdef int i, j, p, deck
    cdef v_t* box
    memset(s, 0, sizeof(luthier_t))
    s.num_players = n
    s.flags = flags
    s.round = 1            # the round track starts on round 1 (3.5); setup belongs to it
    for i in range(LP):
        s.order[i] = i if i < n else -1
        s.balcony[i] = -1
    for i in range(4):
        s.awards[i] = -1
        for j in range(3):
            s.claims[i][j] = -1
    s.market = tb.market_first
    for i in range(tb.n_market):
        s.market_deck[i] = 1 if i != tb.market_first else 0
    for i in range(CARD_LOCATIONS):
        for j in range(MAX_SLOTS):
            s.display[i][j] = -1
    for i in range(tb.n_kinds):
        s.instr_deck[i] = tb.kind_copies[i]
        s.instr_deck_n += tb.kind_copies[i]
    for i in range(MAX_BOTTOM):
        s.bottom[i][0] = -1
        s.bottom[i][1] = -1
    for i in range(tb.n_patrons):
        if tb.patron_deck[i] == DECK_ROYAL:
            s.royal_box[i] = 1
        else:
            s.patron_deck[i] = 1
            if tb.patron_deck[i] == DECK_A:
                s.patron_deck_a += 1
            else:
                s.patron_deck_b += 1
    for deck in range(DK_PERF, DK_ORCH + 1):
        if deck != DK_MARKET and deck != DK_ROYAL:  # (set up above)
            box = <v_t*>s + tb.decks[deck].at
            for i in range(tb.decks[deck].cards):
                box[i] = 1
    s.orch_card = -1
    for i in range(MAX_SPACES):
        s.chair_owner[i] = -1
        s.chair_kind[i] = -1
    clear_placed(s)
    s.held = -1
    s.held_patron = -1
    s.act_chip = -1
    for i in range(3):
        s.dice[i] = -1
    for p in range(LP):
        _clear_player(&s.players[p])
    s.phase = PH_SETUP


cdef void _clear_player(player_t* pl) noexcept nogil:
    cdef int i, j
    memset(pl, 0, sizeof(player_t))
    for i in range(3):
        pl.keep[i] = -1
        pl.patron[i] = -1
        pl.spec[i] = -1
        pl.spec_chip[i] = -1
        for j in range(3):
            pl.tucked[i][j] = -1
    for i in range(2):
        pl.rough[i] = -1
        pl.finish[i] = -1
        pl.family[i] = -1
        pl.deal_instr[i] = -1
        pl.deal_patron[i] = -1
    for i in range(MAX_DONE):
        pl.done[i] = -1
    for i in range(4):
        pl.goals[i] = -1
    pl.family_pick = -1


cdef void clear_placed(luthier_t* s) noexcept nogil:
    """No chips on the board: at setup and at each round's end."""
    cdef int i
    for i in range(MAX_PLACED):
        s.placed[i][P_OWNER] = -1
        s.placed[i][P_CHIP] = -1
        s.placed[i][P_APPR] = 0
        s.placed[i][P_LOC] = -1
        s.placed[i][P_STATUS] = -1
        s.placed[i][P_SKILL] = 0
    s.placed_n = 0
