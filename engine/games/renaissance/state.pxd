# Maestro: da Vinci vs Michelangelo as a compiled State: the position is one C struct
# of ints (game_t), so a clone is one memcpy and no rule touches a Python object.
# The component tables (map, cards, effort tables...) are C globals filled from
# components.py when the module is imported; the sizes below are their limits.
from engine.state cimport State

cdef enum:
    MAX_R = 16           # regions
    MAX_T = 32           # card kinds
    NCOL = 4             # colours (and Lodge areas)
    MAX_SPACES = 12      # Action spaces (Gossip is the destination after them)
    MAX_TRACK = 30       # Study spaces after the start space
    MAX_BONUS = 10       # Study Bonus spaces
    MAX_TILE_KINDS = 8
    MAX_BP = 6           # da Vinci's Blueprints
    MAX_LINES = 4        # Sistine rows, and columns
    MAX_EDGES = 8
    MAX_FRESCOES = 16
    MAX_PATRON = 8
    MAX_BENE = 8
    MAX_ROUNDS = 6
    MAX_SLOTS = 12       # cards a Workshop plays in a round
    MAX_COLUMNS = 8      # columns of an Effort table
    MAX_ASIDE = 3        # set-aside cards
    MAX_ASIDE_SETS = 5984  # multisets of MAX_ASIDE card kinds out of MAX_T


ctypedef struct seat_t:
    int vp
    int study
    int res[2][NCOL]             # by Character section (A, B), then colour
    int reserve
    int supply
    int art[MAX_R]               # Artworks on the map, Centerpieces included
    int deck[MAX_T]              # the 12-card deck list, by card kind
    int hand[MAX_T]
    int aside[MAX_T]
    int known_hand[MAX_T]        # cards the rival knows to be in the hand (public)
    int known_aside[MAX_T]
    int nslots                   # cards played this round, in order
    int slot_card[MAX_SLOTS]
    int slot_dest[MAX_SLOTS]
    int slot_override[MAX_SLOTS]  # Publicity kept by a card upgraded the turn it was played
    int gossip_known             # the rival has seen the Gossip card
    int gossip_pile              # the Gossip card came from the hand (0) or set-aside (1)
    int bene[MAX_BENE]           # Benefactors held
    int upg[MAX_T]               # the Upgrade deck left
    int display[MAX_T]           # the Upgrade display


ctypedef struct game_t:
    # Rule flags of the variant.
    int check_both
    int centerpiece_counts
    int random_gray
    int gray_count
    int round
    int phase
    int first
    int mover
    int gray[MAX_R]
    int centerpiece[MAX_R]       # -1, or the owner
    int standing[NCOL]
    int lying[NCOL]
    int tiles[MAX_BONUS]         # Study Bonus tile kind on each bonus space, -1 before setup
    int patrons[MAX_PATRON]      # revealed Patronesses
    int bene_deck[MAX_BENE]
    int bp_cover[MAX_BP][NCOL]
    int bp_done[MAX_BP]
    int markers
    int edges[MAX_EDGES]
    int frescoes[MAX_FRESCOES]
    int mi_tiles
    seat_t seat[2]
    # The turn in progress (see codec.new_turn).
    int bene_used
    int cardinal
    int slot
    int chr
    int effort
    int ap
    int last
    int stage
    int covers
    int pay[NCOL]
    int pay_any


cdef class RenaissanceState(State):
    cdef game_t g
