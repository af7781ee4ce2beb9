"""Building Luthier positions for the rules tests.

A position starts as a real game (setup dealt from a seed, setup choices taken), is
edited as its JSON dict (cards are moved, never created, so the loader's card
accounting holds) and loaded through the implementation's own `from_dict`: every
position a test uses is one the loader accepts. Every rules test runs on both the
compiled state and the pure-Python reference.
"""

from __future__ import annotations

import copy

import pytest

from engine.game import sample_chance
from engine.games.luthier import codec as C
from engine.games.luthier import tables as T
from engine.games.luthier.reference import LuthierReference
from engine.games.luthier.state import LuthierState
from engine.rng import Rng

TB = T.load_tables()
IMPLEMENTATIONS = [LuthierState, LuthierReference]
both = pytest.mark.parametrize("impl", IMPLEMENTATIONS, ids=["compiled", "reference"])


def kind(name: str) -> int:
    return TB.kind_name.index(name)


def patron_id(name: str) -> int:
    return TB.patron_name.index(name)


def space(name: str) -> int:
    return TB.space_name.index(name)


def perf_card(name: str) -> int:
    return TB.perf_name.index(name)


def repair_card(name: str) -> int:
    return TB.repair_name.index(name)


def play(state, *texts):
    """Apply actions given in notation, resolving chance nodes in between only when
    the text names a chance outcome."""
    for text in texts:
        state.apply(state.str_to_action(text))
    return state


def top_task(state) -> list[int]:
    """The pending task [kind, seat, a, b, c] (codec.py), [] at the end."""
    d = state.to_dict()
    return d["tasks"][d["task_n"] - 1] if d["task_n"] else []


def legal_texts(state) -> list[str]:
    return [state.action_to_str(a) for a in state.legal_actions()]


def dealt(impl, players, seed=5, variant="standard"):
    """A game from `seed` right after the setup's deal (every setup card drawn):
    seat 0 is to choose its family tile."""
    state = impl.new_initial(players, variant)
    rng = Rng(seed)
    while state.is_setup():
        state.apply(sample_chance(state, rng))
    return state


def after_setup(impl, players=3, seed=0, variant="standard"):
    """A game dealt from `seed` whose setup choices took each seat's first option:
    round 1's planning is about to start."""
    state = impl.new_initial(players, variant)
    rng = Rng(seed)
    while state.to_dict()["phase"] < C.PH_PLANNING:
        if state.is_chance_node():
            state.apply(sample_chance(state, rng))
        else:
            state.apply(state.legal_actions()[0])
    return state


class Position:
    """An editable Luthier state dict."""

    def __init__(self, impl, players=3, seed=0, variant="standard", d=None):
        """The game dealt from `seed` after setup, or a copy of state dict `d`."""
        self.impl = impl
        self.d = (
            copy.deepcopy(d)
            if d is not None
            else after_setup(impl, players, seed, variant).to_dict()
        )

    # ---- seats ---------------------------------------------------------------------

    def pl(self, p):
        return self.d["players"][p]

    def seat(self, p, **values):
        """Set a seat's fields (pp, coins, insp, mat, appr, track, marker, ...)."""
        self.pl(p).update(values)
        return self

    # ---- moving cards ----------------------------------------------------------------

    def _take_instrument(self, k):
        d = self.d
        if d["instr_deck"][k]:
            d["instr_deck"][k] -= 1
            d["instr_deck_n"] -= 1
            return
        if k in d["display"][T.GUILD]:
            d["display"][T.GUILD][d["display"][T.GUILD].index(k)] = -1
            return
        if d["instr_discard"][k]:
            d["instr_discard"][k] -= 1
            return
        for bottom in range(d["bottom_n"]):
            if d["bottom"][bottom][0] == k:
                del d["bottom"][bottom]
                d["bottom"].append([-1, -1])
                d["bottom_n"] -= 1
                return
        for pl in d["players"]:
            if pl["hand"][k]:
                pl["hand"][k] -= 1
                pl["hand_n"] -= 1
                return
            for bench in ("rough", "finish"):
                if k in pl[bench]:
                    pl[bench][pl[bench].index(k)] = -1
                    return
        raise ValueError(f"no free {TB.kind_name[k]} card to move")

    def instrument(self, name, p, where="hand", slot=None):
        """Move an instrument card into a seat's hand or onto a bench slot."""
        k = kind(name)
        self._take_instrument(k)
        pl = self.pl(p)
        if where == "hand":
            pl["hand"][k] += 1
            pl["hand_n"] += 1
        else:
            bench = pl[where]
            if slot is None:
                slot = bench.index(-1)
            if bench[slot] >= 0:
                pl["hand"][bench[slot]] += 1
                pl["hand_n"] += 1
            bench[slot] = k
        return self

    def empty_hands(self):
        """Every instrument in a hand goes back into the deck."""
        for pl in self.d["players"]:
            for k in range(T.MAX_KINDS):
                self.d["instr_deck"][k] += pl["hand"][k]
                self.d["instr_deck_n"] += pl["hand"][k]
                pl["hand"][k] = 0
            pl["hand_n"] = 0
        return self

    def clear_benches(self, p):
        """The seat's bench cards go back into the instrument deck."""
        pl = self.pl(p)
        for bench in ("rough", "finish"):
            for j, k in enumerate(pl[bench]):
                if k >= 0:
                    self.d["instr_deck"][k] += 1
                    self.d["instr_deck_n"] += 1
                    pl[bench][j] = -1
        return self

    def _take_patron(self, c):
        d = self.d
        if d["patron_deck"][c]:
            d["patron_deck"][c] = 0
            d["patron_deck_a" if TB.patron_deck[c] == T.DECK_A else "patron_deck_b"] -= 1
            return
        for name in ("patron_discard", "royal_box", "royal_cut"):
            if d[name][c]:
                d[name][c] = 0
                if name == "royal_cut":
                    d["royal_cut_n"] -= 1
                return
        if c in d["display"][T.SALON]:
            d["display"][T.SALON][d["display"][T.SALON].index(c)] = -1
            return
        for pl in d["players"]:
            for j in range(3):
                if pl["patron"][j] == c:
                    self._clear_patron_space(pl, j)
                    return
            if c in pl["done"]:
                pl["done"][pl["done"].index(c)] = -1
                return
        raise ValueError(f"no free patron {TB.patron_name[c]}")

    def _clear_patron_space(self, pl, j):
        for g in pl["tucked"][j]:
            if g >= 0:
                self._discard_global(g)
        pl["tucked"][j] = [-1, -1, -1]
        pl["patron"][j] = -1
        pl["patience"][j] = 0

    def _discard_global(self, g):
        d = self.d
        if g < T.G_PATRON:
            d["instr_discard"][g] += 1
        elif T.G_PERF <= g < T.G_REPAIR:
            d["perf_discard"][g - T.G_PERF] = 1
        else:
            d["repair_discard"][g - T.G_REPAIR] = 1

    def clear_patrons(self, p):
        """The seat's active patrons go to the discard pile."""
        pl = self.pl(p)
        for j in range(3):
            c = pl["patron"][j]
            if c >= 0:
                self._clear_patron_space(pl, j)
                self.d["patron_discard"][c] = 1
        return self

    def patron(self, name, p, space_index, patience=0, tucked=()):
        """Put a patron on a workbench space; `tucked` are global ids of cards already
        under it (taken from their decks)."""
        c = patron_id(name)
        pl = self.pl(p)
        if pl["patron"][space_index] >= 0:
            self.d["patron_discard"][pl["patron"][space_index]] = 1
            self._clear_patron_space(pl, space_index)
        self._take_patron(c)
        pl["patron"][space_index] = c
        pl["patience"][space_index] = patience
        row = [-1, -1, -1]
        for i, g in enumerate(tucked):
            self._take_global(g)
            row[i] = g
        pl["tucked"][space_index] = row
        return self

    def completed(self, name, p):
        c = patron_id(name)
        self._take_patron(c)
        pl = self.pl(p)
        pl["done"][pl["done"].index(-1)] = c
        return self

    def _take_global(self, g):
        if g < T.G_PATRON:
            self._take_instrument(g)
        elif T.G_PERF <= g < T.G_REPAIR:
            self._take_simple("perf", g - T.G_PERF, T.PERFORM)
        else:
            self._take_simple("repair", g - T.G_REPAIR, T.REPAIR)

    def _take_simple(self, prefix, card, loc):
        d = self.d
        for name in (f"{prefix}_deck", f"{prefix}_discard"):
            if d[name][card]:
                d[name][card] = 0
                return
        if card in d["display"][loc]:
            d["display"][loc][d["display"][loc].index(card)] = -1
            return
        raise ValueError(f"no free {prefix} card {card}")

    def display(self, loc, slot, card):
        """Put a card (id within its kind) face up in a display slot; the card there
        goes to the discard pile."""
        d = self.d
        if loc == T.SALON:
            self._take_patron(card)
        elif loc == T.GUILD:
            self._take_instrument(card)
        else:
            self._take_simple("perf" if loc == T.PERFORM else "repair", card, loc)
        old = d["display"][loc][slot]
        if old >= 0:
            if loc == T.SALON:
                d["patron_discard"][old] = 1
            elif loc == T.GUILD:
                d["instr_discard"][old] += 1
            else:
                d[f"{'perf' if loc == T.PERFORM else 'repair'}_discard"][old] = 1
        d["display"][loc][slot] = card
        return self

    def award(self, slot, name):
        """Put award tile `name` in a slot (swapping with the box)."""
        d = self.d
        tile = TB.award_name.index(name)
        old = d["awards"][slot]
        if tile in d["awards"]:
            other = d["awards"].index(tile)
            d["awards"][other], d["awards"][slot] = old, tile
            return self
        d["award_box"][tile] = 0
        if old >= 0:
            d["award_box"][old] = 1
        d["awards"][slot] = tile
        return self

    def specialist(self, name, p):
        """Give a seat a specialist card (from wherever it is), not yet assigned."""
        d = self.d
        card = TB.spec_name.index(name)
        deck = TB.spec_deck[card]
        if d["spec_box"][card]:
            d["spec_box"][card] = 0
        elif d["spec_cut"][card]:
            d["spec_cut"][card] = 0
            d["spec_cut_n"][deck] -= 1
        else:
            raise ValueError(f"specialist {name} is taken")
        self.pl(p)["spec"][deck] = card
        return self

    def tokens(self, space_name, owner, kind_index, count=1, chair=False):
        s = space(space_name)
        self.d["tokens"][s][owner][kind_index] += count
        if chair:
            self.d["chair_owner"][s] = owner
            self.d["chair_kind"][s] = kind_index
        return self

    # ---- the flow ------------------------------------------------------------------

    def chips(self, *entries, round_=None):
        """Placed worker chips: (owner, chip number 1-5, apprentices, location name),
        in placement order, all face down."""
        d = self.d
        if round_ is not None:
            d["round"] = round_
        d["placed"] = [list(C.EMPTY_PLACED) for _ in range(T.MAX_PLACED)]
        for i, (owner, number, appr, loc) in enumerate(entries):
            d["placed"][i] = [owner, number - 1, appr, T.LOCATIONS.index(loc), C.S_DOWN, 0]
        d["placed_n"] = len(entries)
        return self

    def tasks(self, *tasks, phase=None):
        d = self.d
        d["tasks"] = [[0] * 5 for _ in range(T.MAX_TASKS)]
        for i, task in enumerate(tasks):
            d["tasks"][i] = list(task) + [0] * (5 - len(task))
        d["task_n"] = len(tasks)
        if phase is not None:
            d["phase"] = phase
        return self

    def resolving(self, p, last_index=None):
        """The resolution phase with seat `p` to choose a location (its index in the
        turn order is the resolution board's)."""
        order = self.d["order"]
        index = order.index(p)
        return self.tasks((C.T_RESOLVE_NEXT, -1, index), (C.D_RESOLVE, p), phase=C.PH_RESOLUTION)

    def scored(self):
        """The state after round 6 ends: final scoring has run (the game is over)."""
        self.d["round"] = 6
        return self.tasks((C.T_ROUND_END,), phase=C.PH_RESOLUTION).build()

    def build(self):
        """The state. A loaded state must wait for a decision or a chance outcome, so
        when the top task is an automatic step, a no-op decision (loading nothing
        onto a bench) is put on top, loaded, and taken: the steps then run as in play."""
        d = self.d
        top = d["tasks"][d["task_n"] - 1][0] if d["task_n"] else None
        if top is None or top >= C.FIRST_CHANCE_TASK:
            return self.impl.from_dict(d)
        trigger = dict(d, tasks=[list(t) for t in d["tasks"]], task_n=d["task_n"] + 1)
        trigger["tasks"][d["task_n"]] = [C.D_LOAD, 0, 0, 1, 0]
        state = self.impl.from_dict(trigger)
        return play(state, "noload")
