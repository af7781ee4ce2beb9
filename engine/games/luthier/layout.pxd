# Luthier's C layout, shared by the compiled modules: the state struct (codec.py's
# fields, in their order: the JSON writer and the hash walk it), the card tables and
# the deck records. The size limits below are the one home of those numbers: layout.pyx
# (cpdef) gives them to Python, where tables.py reads them; the other numbers repeat
# tables.py / codec.py and a test compares them (tests/engine/games/test_luthier_data.py).
ctypedef short v_t

cpdef enum:
    LP = 4                 # seats
    OWNERS = 5             # seats and the 2-player dummy
    DUMMY = 4
    MAX_KINDS = 24
    MAX_PATRONS = 64
    MAX_PERF = 24
    MAX_REPAIR = 24
    MAX_MARKET = 12
    MAX_AWARDS = 16
    MAX_GOALS = 24
    MAX_FAMILY = 12
    MAX_SPECS = 24
    MAX_ORCH = 8
    MAX_SLOTS = 6
    MAX_SPACES = 24
    MAX_BOTTOM = 24
    MAX_TASKS = 48
    MAX_PLACED = 20
    MAX_DONE = 16
    NB = 9                 # bundle slots
    CARD_LOCATIONS = 4

cdef struct player_t:
    v_t pp
    v_t coins
    v_t insp
    v_t mat[3]
    v_t appr
    v_t appr_gone
    v_t track[3]
    v_t hand[MAX_KINDS]
    v_t hand_n
    v_t keep[3]
    v_t rough[2]
    v_t finish[2]
    v_t patron[3]
    v_t patience[3]
    v_t tucked[3][3]
    v_t done[MAX_DONE]
    v_t marker[3]
    v_t spec[3]
    v_t spec_chip[3]
    v_t spec_new[3]
    v_t goals[4]
    v_t goal_mask
    v_t family[2]
    v_t family_pick
    v_t deal_instr[2]
    v_t deal_patron[2]
    v_t visited
    v_t passed
    v_t bought[3]
    v_t sold[3]
    v_t final_coins

cdef struct luthier_t:
    v_t num_players
    v_t flags
    v_t round
    v_t phase
    v_t order[LP]
    v_t balcony[LP]
    v_t balcony_n
    v_t awards[4]
    v_t claims[4][3]
    v_t market
    v_t market_deck[MAX_MARKET]
    v_t display[CARD_LOCATIONS][MAX_SLOTS]
    v_t instr_deck[MAX_KINDS]
    v_t instr_deck_n
    v_t bottom[MAX_BOTTOM][2]
    v_t bottom_n
    v_t instr_discard[MAX_KINDS]
    v_t instr_removed[MAX_KINDS]
    v_t patron_deck[MAX_PATRONS]
    v_t patron_deck_a
    v_t patron_deck_b
    v_t patron_mixed
    v_t patron_discard[MAX_PATRONS]
    v_t perf_deck[MAX_PERF]
    v_t perf_discard[MAX_PERF]
    v_t repair_deck[MAX_REPAIR]
    v_t repair_discard[MAX_REPAIR]
    v_t royal_box[MAX_PATRONS]
    v_t royal_cut[MAX_PATRONS]
    v_t royal_cut_n
    v_t royal_seen[LP]
    v_t spec_box[MAX_SPECS]
    v_t spec_cut[MAX_SPECS]
    v_t spec_cut_n[3]
    v_t spec_seen[3][LP]
    v_t goal_box[MAX_GOALS]
    v_t family_box[MAX_FAMILY]
    v_t award_box[MAX_AWARDS]
    v_t orch_box[MAX_ORCH]
    v_t orch_card
    v_t revealed
    v_t chair_owner[MAX_SPACES]
    v_t chair_kind[MAX_SPACES]
    v_t tokens[MAX_SPACES][OWNERS][3]
    v_t placed[MAX_PLACED][6]
    v_t placed_n
    v_t held
    v_t held_patron
    v_t act_chip
    v_t act_mode
    v_t act_discount
    v_t act_double
    v_t act_again
    v_t cost[3]
    v_t dice[3]
    v_t die_black[2]
    v_t rerolls
    v_t perf_total
    v_t tasks[MAX_TASKS][5]
    v_t task_n
    player_t players[LP]


# The decks and boxes, indexing the deck records.
cdef enum:
    DK_INSTR = 0
    DK_PATRON = 1
    DK_PERF = 2
    DK_REPAIR = 3
    DK_MARKET = 4
    DK_AWARD = 5
    DK_ROYAL = 6
    DK_SPEC = 7
    DK_GOAL = 8
    DK_FAMILY = 9
    DK_ORCH = 10
    NUM_DECKS = 11


# Where a deck lives in luthier_t, so the rules treat every deck alike. Offsets, not
# separate structs, because the struct's layout is the saved games' (JSON) layout.
cdef struct deck_t:
    int at               # word offset of its counts by card id
    int discard_at       # word offset of its discard pile's counts; -1: it has none
    int ids              # the id space: the length of both arrays
    int cards            # the ids the card tables define
    int base             # its first global card id (G_*), for draw actions
    bint copies          # counts copies of a kind (the instrument deck), not 0/1


# The card data, filled once from tables.load_tables() (ctables.pyx; see tables.py for
# meanings), and the deck records.
cdef struct tables_t:
    int n_kinds, n_spaces, n_patrons, n_perf, n_repair, n_market, n_awards, n_goals
    int n_family, n_specs, n_orch
    int kind_type[MAX_KINDS]
    int kind_rare[MAX_KINDS]
    int kind_copies[MAX_KINDS]
    int kind_rough[MAX_KINDS][3]
    int kind_finish[MAX_KINDS][3]
    int kind_pp[MAX_KINDS]
    int kind_spaces[MAX_KINDS][2]
    int space_row[MAX_SPACES]
    int space_eras[MAX_SPACES]
    int space_rare[MAX_SPACES]
    int space_bonus[MAX_SPACES][NB]
    int patron_deck[MAX_PATRONS]
    int patron_type[MAX_PATRONS]
    int patron_era[MAX_PATRONS]
    int patron_main[MAX_PATRONS]
    int patron_subs[MAX_PATRONS][2]
    int patron_pp[MAX_PATRONS]
    int patron_gifts[MAX_PATRONS][2][NB]
    int patron_ability[MAX_PATRONS]
    int patron_ab_value[MAX_PATRONS]
    int patron_ab_bundle[MAX_PATRONS][NB]
    int patron_ab_count[MAX_PATRONS]
    int patron_ab_per[MAX_PATRONS]
    int patron_ab_pp[MAX_PATRONS]
    int perf_era[MAX_PERF]
    int perf_at[MAX_PERF][3]
    int perf_coins[MAX_PERF][3]
    int perf_pp[MAX_PERF][3]
    int repair_type[MAX_REPAIR]
    int repair_cost[MAX_REPAIR][3]
    int repair_pp[MAX_REPAIR]
    int market_price[MAX_MARKET][3]
    int market_first
    int award_crit[MAX_AWARDS]
    int award_arg[MAX_AWARDS]
    int award_at[MAX_AWARDS][3]
    int award_pp[MAX_AWARDS][3]
    int goal_crit[MAX_GOALS]
    int goal_arg[MAX_GOALS]
    int goal_levels[MAX_GOALS]
    int goal_at[MAX_GOALS][3]
    int goal_pp[MAX_GOALS][3]
    int family_order[MAX_FAMILY]
    int family_res[MAX_FAMILY][NB]
    int family_ability[MAX_FAMILY]
    int spec_deck[MAX_SPECS]
    int spec_loc[MAX_SPECS]
    int spec_gain[MAX_SPECS][NB]
    int orch_space[MAX_ORCH][4]
    int orch_kind[MAX_ORCH][4]
    int orch_blocked[MAX_ORCH][3]
    int rounds, patience_leave, storage, extra_storage, apprentice_cap
    int space_bonus_patron[3][NB]
    int tier_cost[3]
    int tier_free_rep[3]
    int track_effect[3][8]
    int track_len[3]
    int perf_rerolls[8]
    int perf_black[8]
    int craft_skill[8]
    int craft_rough2[8]
    int craft_finish2[8]
    int rep_instrument_pp
    int search_cost, market_apprentice, market_training, fallback_coins
    int below_coins, below_insp, abandon_penalty, leftover_divisor
    int bonus_main, bonus_rough_insp, bonus_rough_discount, bonus_finish_discount
    int bonus_finish_double, rough_bonus_insp
    int alt[6][NB]
    int rep_f_pp, track_final_pp, rep_i_pp
    int white[6]
    int black[6]
    int purple[6][NB]
    int chair_points[16]
    int n_chair_points
    int chair_beyond
    int slot_tier[MAX_SLOTS]
    int slot_players[MAX_SLOTS]
    int covered_two[CARD_LOCATIONS]
    deck_t decks[NUM_DECKS]


cdef inline bint owns_chip(luthier_t* s, int chip) noexcept nogil:
    # Chip ids 1 and 3 are owned from rounds 3 and 5 on; the rules and the views ask.
    if chip == 1:
        return s.round >= 3
    if chip == 3:
        return s.round >= 5
    return 0 <= chip <= 4
