# The card tables in C: tables.load_tables() copied once into the tables_t the rules
# read, with each deck's record (where it sits in luthier_t). Cold code, kept out of
# state.pyx.
from libc.string cimport memset

from engine.games.luthier import tables as _tables
from engine.games.luthier.codes cimport *
from engine.games.luthier.layout cimport *


cdef void _copy_bundle(int* dest, list src):
    cdef int i
    for i in range(NB):
        dest[i] = src[i]


cdef void _copy3(int* dest, src):
    # One row of three (an era's, a level's or a material's entries).
    cdef int j
    for j in range(3):
        dest[j] = src[j]


cdef void _deck(tables_t* tb, luthier_t* probe, int deck, v_t* counts, v_t* discard, int ids,
                int cards, int base, bint copies):
    cdef deck_t* d = &tb.decks[deck]
    d.at = counts - <v_t*>probe
    d.discard_at = discard - <v_t*>probe if discard != NULL else -1
    d.ids = ids
    d.cards = cards
    d.base = base
    d.copies = copies


cdef void _fill_decks(tables_t* tb):
    cdef luthier_t probe
    _deck(tb, &probe, DK_INSTR, probe.instr_deck, probe.instr_discard, MAX_KINDS, tb.n_kinds,
          G_INSTR, True)
    _deck(tb, &probe, DK_PATRON, probe.patron_deck, probe.patron_discard, MAX_PATRONS,
          tb.n_patrons, G_PATRON, False)
    _deck(tb, &probe, DK_PERF, probe.perf_deck, probe.perf_discard, MAX_PERF, tb.n_perf, G_PERF,
          False)
    _deck(tb, &probe, DK_REPAIR, probe.repair_deck, probe.repair_discard, MAX_REPAIR, tb.n_repair,
          G_REPAIR, False)
    _deck(tb, &probe, DK_MARKET, probe.market_deck, NULL, MAX_MARKET, tb.n_market, G_MARKET, False)
    _deck(tb, &probe, DK_AWARD, probe.award_box, NULL, MAX_AWARDS, tb.n_awards, G_AWARD, False)
    _deck(tb, &probe, DK_ROYAL, probe.royal_box, NULL, MAX_PATRONS, tb.n_patrons, G_PATRON, False)
    _deck(tb, &probe, DK_SPEC, probe.spec_box, NULL, MAX_SPECS, tb.n_specs, G_SPEC, False)
    _deck(tb, &probe, DK_GOAL, probe.goal_box, NULL, MAX_GOALS, tb.n_goals, G_GOAL, False)
    _deck(tb, &probe, DK_FAMILY, probe.family_box, NULL, MAX_FAMILY, tb.n_family, G_FAMILY, False)
    _deck(tb, &probe, DK_ORCH, probe.orch_box, NULL, MAX_ORCH, tb.n_orch, G_ORCH, False)


cdef int fill_tables(tables_t* tb) except -1:
    """tb from the data files (tables.load_tables)."""
    t = _tables.load_tables()
    memset(tb, 0, sizeof(tables_t))
    tb.n_kinds, tb.n_spaces, tb.n_patrons = t.n_kinds, t.n_spaces, t.n_patrons
    tb.n_perf, tb.n_repair, tb.n_market = t.n_perf, t.n_repair, t.n_market
    tb.n_awards, tb.n_goals, tb.n_family = t.n_awards, t.n_goals, t.n_family
    tb.n_specs, tb.n_orch = t.n_specs, t.n_orch
    _fill_instruments_and_patrons(tb, t)
    _fill_other_cards(tb, t)
    _fill_rules(tb, t)
    _fill_decks(tb)
    return 0


cdef int _fill_instruments_and_patrons(tables_t* tb, t) except -1:
    """Instrument kinds, orchestra spaces and patrons."""
    cdef int i, j
    for i in range(t.n_kinds):
        tb.kind_type[i] = t.kind_type[i]
        tb.kind_rare[i] = t.kind_rare[i]
        tb.kind_copies[i] = t.kind_copies[i]
        tb.kind_pp[i] = t.kind_pp[i]
        _copy3(tb.kind_rough[i], t.kind_rough[i])
        _copy3(tb.kind_finish[i], t.kind_finish[i])
        for j in range(2):
            tb.kind_spaces[i][j] = t.kind_spaces[i][j]
    for i in range(t.n_spaces):
        tb.space_row[i] = t.space_row[i]
        tb.space_eras[i] = t.space_eras[i]
        tb.space_rare[i] = t.space_rare[i]
        _copy_bundle(tb.space_bonus[i], t.space_bonus[i])
    for i in range(t.n_patrons):
        tb.patron_deck[i] = t.patron_deck[i]
        tb.patron_type[i] = t.patron_type[i]
        tb.patron_era[i] = t.patron_era[i]
        tb.patron_main[i] = t.patron_main[i]
        tb.patron_subs[i][0] = t.patron_subs[i][0]
        tb.patron_subs[i][1] = t.patron_subs[i][1]
        tb.patron_pp[i] = t.patron_pp[i]
        _copy_bundle(tb.patron_gifts[i][0], t.patron_gifts[i][0])
        _copy_bundle(tb.patron_gifts[i][1], t.patron_gifts[i][1])
        tb.patron_ability[i] = t.patron_ability[i]
        tb.patron_ab_value[i] = t.patron_ab_value[i]
        _copy_bundle(tb.patron_ab_bundle[i], t.patron_ab_bundle[i])
        tb.patron_ab_count[i] = t.patron_ab_count[i]
        tb.patron_ab_per[i] = t.patron_ab_per[i]
        tb.patron_ab_pp[i] = t.patron_ab_pp[i]

    return 0


cdef int _fill_other_cards(tables_t* tb, t) except -1:
    """Performances, repairs, market cards, awards, goals, family tiles, specialists
    and orchestra setup cards."""
    cdef int i, j
    for i in range(t.n_perf):
        tb.perf_era[i] = t.perf_era[i]
        _copy3(tb.perf_at[i], t.perf_at[i])
        _copy3(tb.perf_coins[i], t.perf_coins[i])
        _copy3(tb.perf_pp[i], t.perf_pp[i])
    for i in range(t.n_repair):
        tb.repair_type[i] = t.repair_type[i]
        tb.repair_pp[i] = t.repair_pp[i]
        _copy3(tb.repair_cost[i], t.repair_cost[i])
    for i in range(t.n_market):
        _copy3(tb.market_price[i], t.market_price[i])
    tb.market_first = t.market_first
    for i in range(t.n_awards):
        tb.award_crit[i] = t.award_crit[i]
        tb.award_arg[i] = t.award_arg[i]
        _copy3(tb.award_at[i], t.award_at[i])
        _copy3(tb.award_pp[i], t.award_pp[i])
    for i in range(t.n_goals):
        tb.goal_crit[i] = t.goal_crit[i]
        tb.goal_arg[i] = t.goal_arg[i]
        _copy3(tb.goal_at[i], t.goal_at[i])
        _copy3(tb.goal_pp[i], t.goal_pp[i])
        tb.goal_levels[i] = t.goal_levels[i]
    for i in range(t.n_family):
        tb.family_order[i] = t.family_order[i]
        _copy_bundle(tb.family_res[i], t.family_res[i])
        tb.family_ability[i] = t.family_ability[i]
    for i in range(t.n_specs):
        tb.spec_deck[i] = t.spec_deck[i]
        tb.spec_loc[i] = t.spec_loc[i]
        _copy_bundle(tb.spec_gain[i], t.spec_gain[i])
    for i in range(t.n_orch):
        for j in range(4):
            tb.orch_space[i][j] = t.orch_space[i][j]
            tb.orch_kind[i][j] = t.orch_kind[i][j]
        _copy3(tb.orch_blocked[i], t.orch_blocked[i])

    return 0


cdef int _fill_rules(tables_t* tb, t) except -1:
    """The numbers of rules.json: tracks, costs, bonuses, dice, First Chairs, slots."""
    cdef int i, j
    tb.rounds, tb.patience_leave, tb.storage = t.rounds, t.patience_leave, t.storage
    tb.extra_storage, tb.apprentice_cap = t.extra_storage, t.apprentice_cap
    for i in range(3):
        _copy_bundle(tb.space_bonus_patron[i], t.space_bonus_patron[i])
        tb.tier_cost[i] = t.tier_cost[i]
        tb.tier_free_rep[i] = t.tier_free_rep[i]
        tb.track_len[i] = t.track_len[i]
        for j in range(8):
            tb.track_effect[i][j] = t.track_effect[i][j]
    for j in range(8):
        tb.perf_rerolls[j] = t.perf_rerolls[j]
        tb.perf_black[j] = t.perf_black[j]
        tb.craft_skill[j] = t.craft_skill[j]
        tb.craft_rough2[j] = t.craft_rough2[j]
        tb.craft_finish2[j] = t.craft_finish2[j]
    tb.rep_instrument_pp = t.rep_instrument_pp
    tb.search_cost, tb.market_apprentice = t.search_cost, t.market_apprentice
    tb.market_training, tb.fallback_coins = t.market_training, t.fallback_coins
    tb.below_coins, tb.below_insp = t.below_coins, t.below_insp
    tb.abandon_penalty, tb.leftover_divisor = t.abandon_penalty, t.leftover_divisor
    tb.bonus_main, tb.bonus_rough_insp = t.bonus_main, t.bonus_rough_insp
    tb.bonus_rough_discount = t.bonus_rough_discount
    tb.bonus_finish_discount = t.bonus_finish_discount
    tb.bonus_finish_double, tb.rough_bonus_insp = t.bonus_finish_double, t.rough_bonus_insp
    for i in range(6):
        _copy_bundle(tb.alt[i], t.alt[i])
        tb.white[i] = t.white[i]
        tb.black[i] = t.black[i]
        _copy_bundle(tb.purple[i], t.purple[i])
    tb.rep_f_pp, tb.track_final_pp, tb.rep_i_pp = t.rep_f_pp, t.track_final_pp, t.rep_i_pp
    if len(t.chair_points) > 16:
        raise _tables.DataError("rules.json first_chair_points: at most 16 entries")
    tb.n_chair_points = len(t.chair_points)
    for i in range(tb.n_chair_points):
        tb.chair_points[i] = t.chair_points[i]
    tb.chair_beyond = t.chair_beyond
    for i in range(MAX_SLOTS):
        tb.slot_tier[i] = t.slot_tier[i]
        tb.slot_players[i] = t.slot_players[i]
    for i in range(CARD_LOCATIONS):
        tb.covered_two[i] = t.covered_two[i]
    return 0
