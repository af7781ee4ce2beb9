"""Luthier's size limits as Python ints, compiled from layout.pxd (their one home,
which the compiled modules cimport): LP, OWNERS, DUMMY, MAX_KINDS ... MAX_DONE, NB,
CARD_LOCATIONS."""
