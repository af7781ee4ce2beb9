# The one clock of the searches (see clock.pxd), for Python code.
from search.clock cimport c_now


def now():
    """Seconds on the searches' clock (deadlines are values of it)."""
    return c_now()
