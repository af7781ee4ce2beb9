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
    has not seen, in the reference's order (each step draws from the same rng)."""
    cdef int seen[MAX_PATRONS]
    redeal_instruments(s, seat, rng, tb)
    patrons_seen(s, seat, seen)
    redeal_patron_decks(s, seat, rng, tb, seen)
    redeal_royals(s, seat, rng, tb, seen)
    redeal_specialists(s, seat, rng, tb)
    redeal_tiles(s, seat, rng, tb, DK_GOAL)
    redeal_tiles(s, seat, rng, tb, DK_FAMILY)
    hide_choices(s, seat)
    refill_boxes(s, tb)
    redeal_chips(s, seat, rng)


cdef int instruments_seen(luthier_t* s, int seat, int* seen) noexcept nogil:
    """The instrument cards `seat` has seen, by kind; returns how many unseen cards
    the others hold (their hands, choices and cards put under the deck)."""
    cdef int n = s.num_players, o, i, j, k, g, slots = 0
    cdef player_t* pl
    for i in range(MAX_KINDS):
        seen[i] = s.instr_discard[i] + s.instr_removed[i] + s.players[seat].hand[i]
    for i in range(s.bottom_n):
        if s.bottom[i][1] == seat:
            seen[s.bottom[i][0]] += 1
        else:
            slots += 1
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
        for j in range(3):
            for k in range(3):
                g = pl.tucked[j][k]
                if G_INSTR <= g < G_INSTR + MAX_KINDS:
                    seen[g - G_INSTR] += 1
        if o == seat:
            for j in range(3):
                if pl.keep[j] >= 0:
                    seen[pl.keep[j]] += 1
            for j in range(2):
                if pl.deal_instr[j] >= 0:
                    seen[pl.deal_instr[j]] += 1
        else:
            slots += pl.hand_n
            for j in range(3):
                slots += pl.keep[j] >= 0
            for j in range(2):
                slots += pl.deal_instr[j] >= 0
    if G_INSTR <= s.held < G_INSTR + MAX_KINDS:
        seen[s.held - G_INSTR] += 1
    return slots


cdef void redeal_instruments(luthier_t* s, int seat, rng_t* rng,
                             const tables_t* tb) noexcept nogil:
    """The others' hands, choices and cards under the deck dealt again from the
    instruments `seat` has not seen; the rest is the deck."""
    cdef int copies[MAX_KINDS]
    cdef int seen[MAX_KINDS]
    cdef int pool[POOL]
    cdef int o, i, j, k, _, npool, at = 0
    cdef player_t* pl
    cdef int slots = instruments_seen(s, seat, seen)
    for i in range(MAX_KINDS):
        copies[i] = tb.kind_copies[i] if i < tb.n_kinds else 0
    npool = pool_of(copies, seen, MAX_KINDS, pool)
    if slots:
        shuffle(pool, npool, rng)
    for o in range(s.num_players):
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


cdef void patrons_seen(luthier_t* s, int seat, int* seen) noexcept nogil:
    """The patron cards `seat` has seen, by id."""
    cdef int o, i, j
    cdef player_t* pl
    for i in range(MAX_PATRONS):
        seen[i] = s.patron_discard[i]
        if s.royal_seen[seat] and s.royal_cut[i] > 0:
            seen[i] += s.royal_cut[i]
    for i in range(MAX_SLOTS):
        if s.display[SALON][i] >= 0:
            seen[s.display[SALON][i]] += 1
    if s.held_patron >= 0:
        seen[s.held_patron] += 1
    for o in range(s.num_players):
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


cdef int patron_pool(const tables_t* tb, int deck, const int* seen, int* pool) noexcept nogil:
    """The patrons of `deck` (DECK_A, DECK_B, DECK_ROYAL) `seat` has not seen."""
    cdef int copies[MAX_PATRONS]
    cdef int i
    for i in range(MAX_PATRONS):
        copies[i] = 1 if (i < tb.n_patrons and tb.patron_deck[i] == deck) else 0
    return pool_of(copies, seen, MAX_PATRONS, pool)


cdef void redeal_patron_decks(luthier_t* s, int seat, rng_t* rng, const tables_t* tb,
                              const int* seen) noexcept nogil:
    """The others' dealt patrons (deck A) dealt again; decks A and B refilled."""
    cdef int pool[POOL]
    cdef int deck, o, j, npool, at, slots
    for deck in range(2):
        npool = patron_pool(tb, deck, seen, pool)
        slots = 0
        if deck == DECK_A:
            for o in range(s.num_players):
                if o != seat:
                    for j in range(2):
                        slots += s.players[o].deal_patron[j] >= 0
        if slots:
            shuffle(pool, npool, rng)
        at = 0
        if deck == DECK_A:
            memset(s.patron_deck, 0, sizeof(s.patron_deck))
            for o in range(s.num_players):
                if o == seat:
                    continue
                for j in range(2):
                    if s.players[o].deal_patron[j] >= 0 and at < npool:
                        s.players[o].deal_patron[j] = pool[at]
                        at += 1
        deal_rest(s.patron_deck, pool, at, npool)


cdef void redeal_royals(luthier_t* s, int seat, rng_t* rng, const tables_t* tb,
                        const int* seen) noexcept nogil:
    """The royal patrons cut for the deck, unless `seat` looked through it."""
    cdef int pool[POOL]
    cdef int npool = patron_pool(tb, DECK_ROYAL, seen, pool)
    cdef int slots = 0 if s.royal_seen[seat] else s.royal_cut_n, at = 0, _
    if slots:
        shuffle(pool, npool, rng)
    if not s.royal_seen[seat]:
        memset(s.royal_cut, 0, sizeof(s.royal_cut))
        for _ in range(min(slots, npool)):
            s.royal_cut[pool[at]] = 1
            at += 1
    memset(s.royal_box, 0, sizeof(s.royal_box))
    deal_rest(s.royal_box, pool, at, npool)


cdef void redeal_specialists(luthier_t* s, int seat, rng_t* rng,
                             const tables_t* tb) noexcept nogil:
    """Each specialist deck's cut cards, unless `seat` looked through that deck."""
    cdef int copies[MAX_SPECS]
    cdef int seen[MAX_SPECS]
    cdef int pool[POOL]
    cdef int d, i, o, _, npool, slots, at
    cdef bint seen_cut
    memset(s.spec_box, 0, sizeof(s.spec_box))
    for d in range(3):
        seen_cut = s.spec_seen[d][seat]
        for i in range(MAX_SPECS):
            copies[i] = 1 if (i < tb.n_specs and tb.spec_deck[i] == d) else 0
            seen[i] = s.spec_cut[i] if seen_cut and copies[i] else 0
        for o in range(s.num_players):
            if s.players[o].spec[d] >= 0:
                seen[s.players[o].spec[d]] += 1
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


cdef void hide_choices(luthier_t* s, int seat) noexcept nogil:
    """The others' unseen choices made again: goals 0 and 1 kept, family tile 0."""
    cdef int o
    cdef player_t* pl
    for o in range(s.num_players):
        if o == seat:
            continue
        pl = &s.players[o]
        if pl.goal_mask and s.phase != PH_OVER:
            pl.goal_mask = 3
        if not s.revealed and pl.family_pick >= 0:
            pl.family_pick = 0


cdef void refill_boxes(luthier_t* s, const tables_t* tb) noexcept nogil:
    """Boxed award tiles and orchestra setup cards: all those not in play."""
    cdef int i
    for i in range(MAX_AWARDS):
        s.award_box[i] = 1 if i < tb.n_awards else 0
    for i in range(4):
        if s.awards[i] >= 0:
            s.award_box[s.awards[i]] = 0
    for i in range(MAX_ORCH):
        s.orch_box[i] = 1 if (i < tb.n_orch and i != s.orch_card) else 0


cdef void redeal_chips(luthier_t* s, int seat, rng_t* rng) noexcept nogil:
    """The others' face-down chips: their numbers shuffled among the chips not yet
    seen."""
    cdef int chips[5]
    cdef int o, i, k, known, slots, nchips, at
    for o in range(s.num_players):
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
