# What a seat cannot see, in C (views.py's twin): masked for the infoset key, dealt
# again for a determinization. Searches call these once a node or an iteration, not on
# every rule, so they live outside state.pyx's hot rules.
from libc.string cimport memset

from engine.games.luthier.codes cimport *
from engine.games.luthier.layout cimport *
from engine.rng cimport rng_t, rng_below


cdef void shuffle(int* items, int n, rng_t* rng) noexcept nogil:
    """Fisher-Yates exactly as engine.rng.Rng.shuffle draws it."""
    cdef int i, j, x
    for i in range(n - 1, 0, -1):
        j = rng_below(rng, i + 1)
        x = items[i]
        items[i] = items[j]
        items[j] = x


cdef int pool_of(const int* copies, const int* seen, int size, int* pool) noexcept nogil:
    """The unaccounted cards, ids ascending with multiplicity (at most POOL)."""
    cdef int i, _, n = 0
    for i in range(size):
        if copies[i] <= 0:
            continue
        for _ in range(copies[i] - seen[i]):
            if n < POOL:
                pool[n] = i
                n += 1
    return n


cdef void determinize_into(luthier_t* s, int seat, rng_t* rng, const tables_t* tb) noexcept nogil:
    """views.determinized_fields: what `seat` cannot see, dealt again from what it
    has not seen."""
    cdef int copies[MAX_PATRONS]
    cdef int seen[MAX_PATRONS]
    cdef int pool[POOL]
    cdef int chips[5]
    cdef int n = s.num_players, o, i, _, j, k, d, npool, slots, at, g, deck, nchips, known
    cdef player_t* pl
    cdef bint seen_cut
    # instruments
    for i in range(MAX_KINDS):
        copies[i] = tb.kind_copies[i] if i < tb.n_kinds else 0
        seen[i] = s.instr_discard[i] + s.instr_removed[i] + s.players[seat].hand[i]
    for i in range(s.bottom_n):
        if s.bottom[i][1] == seat:
            seen[s.bottom[i][0]] += 1
    for i in range(MAX_SLOTS):
        if s.display[GUILD][i] >= 0:
            seen[s.display[GUILD][i]] += 1
    for o in range(n):
        pl = &s.players[o]
        for j in range(2):
            if pl.rough[j] >= 0:
                seen[pl.rough[j]] += 1
            if pl.finish[j] >= 0:
                seen[pl.finish[j]] += 1
        if o == seat:
            for j in range(3):
                if pl.keep[j] >= 0:
                    seen[pl.keep[j]] += 1
            for j in range(2):
                if pl.deal_instr[j] >= 0:
                    seen[pl.deal_instr[j]] += 1
        for j in range(3):
            for k in range(3):
                g = pl.tucked[j][k]
                if G_INSTR <= g < G_INSTR + MAX_KINDS:
                    seen[g - G_INSTR] += 1
    if G_INSTR <= s.held < G_INSTR + MAX_KINDS:
        seen[s.held - G_INSTR] += 1
    npool = pool_of(copies, seen, MAX_KINDS, pool)
    slots = 0
    for o in range(n):
        if o == seat:
            continue
        pl = &s.players[o]
        slots += pl.hand_n
        for j in range(3):
            slots += pl.keep[j] >= 0
        for j in range(2):
            slots += pl.deal_instr[j] >= 0
    for i in range(s.bottom_n):
        slots += s.bottom[i][1] != seat
    if slots:
        shuffle(pool, npool, rng)
    at = 0
    for o in range(n):
        if o == seat:
            continue
        pl = &s.players[o]
        k = pl.hand_n
        for i in range(MAX_KINDS):
            pl.hand[i] = 0
        for _ in range(k):
            if at < npool:          # always, in a state the loader accepted
                pl.hand[pool[at]] += 1
                at += 1
        for j in range(3):
            if pl.keep[j] >= 0 and at < npool:
                pl.keep[j] = pool[at]
                at += 1
        for j in range(2):
            if pl.deal_instr[j] >= 0 and at < npool:
                pl.deal_instr[j] = pool[at]
                at += 1
    for i in range(s.bottom_n):
        if s.bottom[i][1] != seat and at < npool:
            s.bottom[i][0] = pool[at]
            at += 1
    memset(s.instr_deck, 0, sizeof(s.instr_deck))
    deal_rest(s.instr_deck, pool, at, npool)

    # patrons seen by the seat
    for i in range(MAX_PATRONS):
        seen[i] = s.patron_discard[i]
        if s.royal_seen[seat] and s.royal_cut[i] > 0:
            seen[i] += s.royal_cut[i]
    for i in range(MAX_SLOTS):
        if s.display[SALON][i] >= 0:
            seen[s.display[SALON][i]] += 1
    if s.held_patron >= 0:
        seen[s.held_patron] += 1
    for o in range(n):
        pl = &s.players[o]
        for j in range(3):
            if pl.patron[j] >= 0:
                seen[pl.patron[j]] += 1
        for j in range(MAX_DONE):
            if pl.done[j] >= 0:
                seen[pl.done[j]] += 1
        if o == seat:
            for j in range(2):
                if pl.deal_patron[j] >= 0:
                    seen[pl.deal_patron[j]] += 1
    for deck in range(2):
        for i in range(MAX_PATRONS):
            copies[i] = 1 if (i < tb.n_patrons and tb.patron_deck[i] == deck) else 0
        npool = pool_of(copies, seen, MAX_PATRONS, pool)
        slots = 0
        if deck == DECK_A:
            for o in range(n):
                if o != seat:
                    for j in range(2):
                        slots += s.players[o].deal_patron[j] >= 0
        if slots:
            shuffle(pool, npool, rng)
        at = 0
        if deck == DECK_A:
            for i in range(MAX_PATRONS):
                s.patron_deck[i] = 0
            for o in range(n):
                if o == seat:
                    continue
                for j in range(2):
                    if s.players[o].deal_patron[j] >= 0 and at < npool:
                        s.players[o].deal_patron[j] = pool[at]
                        at += 1
        deal_rest(s.patron_deck, pool, at, npool)
    # royal patrons
    for i in range(MAX_PATRONS):
        copies[i] = 1 if (i < tb.n_patrons and tb.patron_deck[i] == DECK_ROYAL) else 0
    npool = pool_of(copies, seen, MAX_PATRONS, pool)
    slots = 0 if s.royal_seen[seat] else s.royal_cut_n
    if slots:
        shuffle(pool, npool, rng)
    at = 0
    if not s.royal_seen[seat]:
        for i in range(MAX_PATRONS):
            s.royal_cut[i] = 0
        for _ in range(min(slots, npool)):
            s.royal_cut[pool[at]] = 1
            at += 1
    memset(s.royal_box, 0, sizeof(s.royal_box))
    deal_rest(s.royal_box, pool, at, npool)
    # specialists, deck by deck
    memset(s.spec_box, 0, sizeof(s.spec_box))
    for d in range(3):
        seen_cut = s.spec_seen[d][seat]
        for i in range(MAX_SPECS):
            copies[i] = 1 if (i < tb.n_specs and tb.spec_deck[i] == d) else 0
            seen[i] = 0
        for o in range(n):
            if s.players[o].spec[d] >= 0:
                seen[s.players[o].spec[d]] += 1
        if seen_cut:
            for i in range(MAX_SPECS):
                if copies[i]:
                    seen[i] += s.spec_cut[i]
        npool = pool_of(copies, seen, MAX_SPECS, pool)
        slots = 0 if seen_cut else s.spec_cut_n[d]
        if slots:
            shuffle(pool, npool, rng)
        at = 0
        if not seen_cut:
            for i in range(MAX_SPECS):
                if copies[i]:
                    s.spec_cut[i] = 0
            for _ in range(min(slots, npool)):
                s.spec_cut[pool[at]] = 1
                at += 1
        deal_rest(s.spec_box, pool, at, npool)
    redeal_tiles(s, seat, rng, tb, DK_GOAL)
    redeal_tiles(s, seat, rng, tb, DK_FAMILY)
    for o in range(n):
        if o == seat:
            continue
        pl = &s.players[o]
        if pl.goal_mask and s.phase != PH_OVER:
            pl.goal_mask = 3
        if not s.revealed and pl.family_pick >= 0:
            pl.family_pick = 0
    # boxed award tiles and orchestra setup cards
    for i in range(MAX_AWARDS):
        s.award_box[i] = 1 if i < tb.n_awards else 0
    for i in range(4):
        if s.awards[i] >= 0:
            s.award_box[s.awards[i]] = 0
    for i in range(MAX_ORCH):
        s.orch_box[i] = 1 if (i < tb.n_orch and i != s.orch_card) else 0
    # the other seats' face-down chips
    for o in range(n):
        if o == seat:
            continue
        known = 0
        slots = 0
        for i in range(s.placed_n):
            if s.placed[i][P_OWNER] == o:
                if s.placed[i][P_STATUS] == S_DOWN:
                    slots += 1
                else:
                    known |= 1 << s.placed[i][P_CHIP]
        if not slots:
            continue
        nchips = 0
        for k in range(5):
            if owns_chip(s, k) and not (known >> k) & 1:
                chips[nchips] = k
                nchips += 1
        shuffle(chips, nchips, rng)
        at = 0
        for i in range(s.placed_n):
            if s.placed[i][P_OWNER] == o and s.placed[i][P_STATUS] == S_DOWN and at < nchips:
                s.placed[i][P_CHIP] = chips[at]
                at += 1


cdef void redeal_tiles(luthier_t* s, int seat, rng_t* rng, const tables_t* tb,
                       int deck) noexcept nogil:
    """Goal tiles (deck DK_GOAL) or family tiles (DK_FAMILY): those the seat cannot see
    are dealt again from the tiles it has not seen, and the rest go to the box, as
    views.determinized_fields does."""
    cdef int copies[MAX_GOALS]
    cdef int seen[MAX_GOALS]
    cdef int pool[POOL]
    cdef int count = tb.decks[deck].cards, size = tb.decks[deck].ids
    cdef v_t* box = <v_t*>s + tb.decks[deck].at
    cdef bint goals = deck == DK_GOAL
    cdef int width = 4 if goals else 2
    cdef int npool, o, i, j, slots = 0, at = 0
    cdef v_t* row
    for i in range(size):
        copies[i] = 1 if i < count else 0
        seen[i] = 0
    for o in range(s.num_players):
        row = tile_row(&s.players[o], goals)
        for j in range(width):
            if row[j] < 0:
                continue
            if tile_visible(s, seat, o, j, goals):
                seen[row[j]] += 1
            else:
                slots += 1
    npool = pool_of(copies, seen, size, pool)
    if slots:
        shuffle(pool, npool, rng)
    for o in range(s.num_players):
        row = tile_row(&s.players[o], goals)
        for j in range(width):
            if row[j] >= 0 and not tile_visible(s, seat, o, j, goals) and at < npool:
                row[j] = pool[at]
                at += 1
    memset(box, 0, size * sizeof(v_t))
    deal_rest(box, pool, at, npool)


cdef inline v_t* tile_row(player_t* pl, bint goals) noexcept nogil:
    if goals:
        return pl.goals
    return pl.family


cdef inline bint tile_visible(luthier_t* s, int seat, int o, int j, bint goals) noexcept nogil:
    return goal_visible(s, seat, o, j) if goals else family_visible(s, seat, o, j)


cdef inline bint family_visible(luthier_t* s, int seat, int o, int j) noexcept nogil:
    """views.observation_fields: a seat sees its own tiles, and the others' kept
    tile once the tiles are revealed."""
    if o == seat:
        return True
    return s.revealed and j == s.players[o].family_pick


cdef inline bint goal_visible(luthier_t* s, int seat, int o, int j) noexcept nogil:
    """views.observation_fields: a seat sees its own goals, and the others' kept
    goals once the game is over (5.4)."""
    return o == seat or (s.phase == PH_OVER and (s.players[o].goal_mask >> j) & 1)


cdef inline void deal_rest(v_t* counts, int* pool, int at, int npool) noexcept nogil:
    # A determinization's pool from `at` on (the cards no seat was dealt) goes back
    # to the deck or box it waits in.
    while at < npool:
        counts[pool[at]] += 1
        at += 1


# ---- what a seat sees (views.observation_fields, in C) ----------------------------------------

cdef void mask_for(luthier_t* s, int seat, const tables_t* tb) noexcept nogil:
    """views.observation_fields on the struct: what `seat` cannot see overwritten
    (-1 or HIDDEN), for the infoset key."""
    cdef int i, j, o, deck
    cdef v_t* box
    cdef player_t* pl
    for i in range(MAX_KINDS):
        s.instr_deck[i] = -1
    for i in range(MAX_PATRONS):
        s.patron_deck[i] = -1
        if not s.royal_seen[seat]:
            s.royal_cut[i] = -1
    for i in range(tb.n_specs):
        if not s.spec_seen[tb.spec_deck[i]][seat]:
            s.spec_cut[i] = -1
    # the boxes: awards, royal patrons, specialists, goals, family tiles, orchestra
    for deck in range(DK_AWARD, DK_ORCH + 1):
        box = <v_t*>s + tb.decks[deck].at
        for i in range(tb.decks[deck].ids):
            box[i] = -1
    for i in range(s.bottom_n):
        if s.bottom[i][1] != seat:
            s.bottom[i][0] = HIDDEN
    for i in range(s.placed_n):
        if s.placed[i][P_OWNER] != seat and s.placed[i][P_STATUS] == S_DOWN:
            s.placed[i][P_CHIP] = HIDDEN
    for o in range(s.num_players):
        if o == seat:
            continue
        pl = &s.players[o]
        for i in range(MAX_KINDS):
            pl.hand[i] = -1
        for i in range(3):
            if pl.keep[i] >= 0:
                pl.keep[i] = HIDDEN
        for i in range(4):
            if pl.goals[i] >= 0 and not goal_visible(s, seat, o, i):
                pl.goals[i] = HIDDEN
        for i in range(2):
            if pl.deal_instr[i] >= 0:
                pl.deal_instr[i] = HIDDEN
            if pl.deal_patron[i] >= 0:
                pl.deal_patron[i] = HIDDEN
        if pl.goal_mask and s.phase != PH_OVER:
            pl.goal_mask = HIDDEN
        for j in range(2):
            if pl.family[j] >= 0 and not family_visible(s, seat, o, j):
                pl.family[j] = HIDDEN
        if not s.revealed and pl.family_pick >= 0:
            pl.family_pick = HIDDEN
