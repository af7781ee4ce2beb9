"""`cadenza play`: a person plays a game in the terminal, against AI seats or (with
--table) at a real table where Cadenza only gives hints.

The pieces, each in its own module: the two sessions (aisession: a game against
searchers; table: the person's information state at a real table), what a seat
may see and how to draw it (seatview, render), hints (hints), the commands typed
at the prompt (commands), save files (savefile), terminal input (terminal) and the
loop that ties them together (loop).
"""
