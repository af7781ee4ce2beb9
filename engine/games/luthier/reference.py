"""Luthier in plain, slow Python: the readable statement of the rules that the
compiled state (state.pyx) is tested against step by step (tests/engine/games).

The rules are those of shared/rules/luthier.md (spec sections cited as "4.4.1"
etc.), with the card data of data/. How a game runs:

- The state is the fields dict of codec.py. What happens next is a stack of tasks:
  automatic steps (e.g. "activate the Salon"), chance nodes (a card drawn, a die
  rolled) and decisions of one seat (e.g. "choose this chip's action"). A step pushes
  the steps it is made of; after every action the automatic steps run until a
  decision or a chance node is on top. A decision with one legal action is taken at
  once, unless whether it has one depends on cards others cannot see (a setup deal,
  a hand, the reputation-c draw): who moves next must never depend on hidden cards,
  or a seat's turn planned in a world it imagined would run on into another seat's
  turn in the real game. For the same reason chance nodes are never skipped, even
  with one outcome, and turning up hidden chips or family tiles is a chance node.
- Storage over the limit interrupts anything: that seat discards a material of its
  choice first (4.10).
- Deck order is never stored: a draw is a chance node over the cards the deck holds
  (so an unknown order is exactly a uniform draw); cards put under the instrument
  deck are kept in order and come out after the others.
"""

from __future__ import annotations

import hashlib
import json

from engine.errors import StateFormatError
from engine.games.luthier import codec as C
from engine.games.luthier import reference_scoring as S
from engine.games.luthier import render, views, words
from engine.games.luthier import tables as T
from engine.games.luthier.actions import (
    BASE,
    GOAL_PAIRS,
    NUM_ACTIONS,
    claim_action,
    notation,
    place_action,
)
from engine.reference import CHANCE, TERMINAL, ReferenceState

MAIN_BOARD = (T.SALON, T.GUILD, T.PERFORM, T.REPAIR, T.BALCONY)
DUMMY_FLAG_BONUS, DUMMY_FLAG_TRAIN = (
    T.VARIANT_FLAGS["bonus_after_fallback"],
    T.VARIANT_FLAGS["train_to_final"],
)
# The track a family ability, or a main-board location's bonus, advances by a step.
_ABILITY_TRACK = {T.FA_PERF: T.T_PERF, T.FA_CRAFT: T.T_CRAFT, T.FA_REP: T.T_REP}
_LOCATION_TRACK = {T.PERFORM: T.T_PERF, T.REPAIR: T.T_CRAFT, T.BALCONY: T.T_REP}


class LuthierReference(ReferenceState):
    """A Luthier position with the same API as the compiled LuthierState."""

    game_name = "luthier"
    words = words
    text = render
    num_actions = NUM_ACTIONS

    def __init__(self, fields: dict, variant: str):
        self.t = T.load_tables()
        self.f = fields
        self.variant = variant
        self.num_players = fields["num_players"]

    @classmethod
    def new_initial(cls, num_players=3, variant="standard"):
        t = T.load_tables()
        fields = C.empty_fields(t, num_players, t.variants[variant])
        state = cls(fields, variant)
        state._setup_board()
        state._advance()
        return state

    # ---- the flow -----------------------------------------------------------------

    def _push(self, kind, p=-1, a=0, b=0, c=0):
        f = self.f
        if f["task_n"] >= T.MAX_TASKS:
            raise RuntimeError("luthier task stack overflow")
        f["tasks"][f["task_n"]] = [kind, p, a, b, c]
        f["task_n"] += 1

    def _pop(self):
        f = self.f
        f["task_n"] -= 1
        task = f["tasks"][f["task_n"]]
        f["tasks"][f["task_n"]] = [0, 0, 0, 0, 0]
        return task

    def _top(self):
        f = self.f
        return f["tasks"][f["task_n"] - 1] if f["task_n"] else None

    def _overflowing(self):
        """The first seat holding more materials than its storage allows, or -1."""
        for p in range(self.num_players):
            if sum(self.f["players"][p]["mat"]) > self._capacity(p):
                return p
        return -1

    def _advance(self):
        """Run automatic steps and forced decisions until a real choice, a chance node
        or the end is next."""
        while True:
            if self._overflowing() >= 0:
                legal = self._legal_now()
                if len(legal) == 1:
                    self._decide(legal[0])
                    continue
                return
            task = self._top()
            if task is None:
                return
            kind = task[0]
            if kind >= C.FIRST_DECISION_TASK:
                legal = self._legal_now()
                if not legal:
                    raise RuntimeError(f"luthier: decision {task} has no legal action")
                if len(legal) == 1 and self._forced_in_public(task):
                    self._decide(legal[0])
                    continue
                return
            if kind >= C.FIRST_CHANCE_TASK:
                if kind == C.C_DRAW:
                    self._refill_empty_deck(task[2])
                    if not self._chance_now():
                        self._pop()  # the deck and its discards are empty
                        continue
                return
            self._pop()
            self._run(task)

    def _forced_in_public(self, task):
        """Whether a one-action decision can be taken at once: only if everybody can
        see that it has one action. A setup deal, a hand and the reputation-c draw
        are hidden, so those decisions are decided by what is public."""
        kind, p, a = task[0], task[1], task[2]
        if kind == C.D_SETUP_INSTR:
            return False
        if kind == C.D_LOAD:
            return a == 0 or self.pl(p)["hand_n"] == 0
        if kind == C.D_KEEP3:
            return sum(1 for k in self.pl(p)["keep"] if k >= 0) <= 1
        return True

    def current_player(self):
        p = self._overflowing()
        if p >= 0:
            return p
        task = self._top()
        if task is None:
            return TERMINAL
        if task[0] >= C.FIRST_DECISION_TASK:
            return task[1]
        return CHANCE

    def is_setup(self):
        return self.f["phase"] == C.PH_SETUP and self.is_chance_node()

    def legal_actions(self):
        if self.current_player() == CHANCE:
            return [a for a, _ in self._chance_now()]
        if self.current_player() == TERMINAL:
            return []
        return self._legal_now()

    def chance_outcomes(self):
        if self.current_player() != CHANCE:
            return []
        return self._chance_now()

    def _apply(self, action):
        if self.is_chance_node():
            self._chance(action)
        else:
            self._decide(action)
        self._advance()

    # ---- small rules helpers --------------------------------------------------------

    def pl(self, p):
        return self.f["players"][p]

    def _capacity(self, p):
        return self.t.storage + (self.t.extra_storage if self.pl(p)["marker"][T.M_STORAGE] else 0)

    def _on_chips(self, p):
        return sum(
            e[C.P_APPR]
            for e in self.f["placed"][: self.f["placed_n"]]
            if e[C.P_OWNER] == p and e[C.P_STATUS] in (C.S_DOWN, C.S_ACTING)
        )

    def _apprentices_in_market(self, p):
        """A seat's own apprentice chips still in the market (spec 8.17)."""
        pl = self.pl(p)
        return self.t.apprentice_cap - pl["appr"] - pl["appr_gone"] - self._on_chips(p)

    def _gain_apprentices(self, p, count):
        self.pl(p)["appr"] += min(count, self._apprentices_in_market(p))

    def _gain(self, p, bundle, times=1):
        """Take a bundle; a material of choice and a card draw become a decision and a
        chance node."""
        pl = self.pl(p)
        pl["coins"] += bundle[T.B_COINS] * times
        pl["insp"] += bundle[T.B_INSP] * times
        for m in range(3):
            pl["mat"][m] += bundle[T.B_ANIMAL + m] * times
        pl["pp"] += bundle[T.B_PP] * times
        self._gain_apprentices(p, bundle[T.B_APPR] * times)
        for _ in range(bundle[T.B_DRAW] * times):
            self._push(C.C_DRAW, p, C.DK_INSTR, C.DEST_HAND)
        for _ in range(bundle[T.B_MATERIAL] * times):
            self._push(C.D_MATERIAL, p)

    def _lose_pp(self, p, amount):
        self.pl(p)["pp"] = max(0, self.pl(p)["pp"] - amount)  # PP never below 0 (1)

    def _can_pay(self, p, amount, reserve=0):
        pl = self.pl(p)
        return pl["coins"] + pl["insp"] - reserve >= amount and pl["insp"] >= reserve

    def _ask_payment(self, p, amount, reserve=0):
        """Pay `amount` in any mix of coins and inspiration (tiers, Search, market),
        keeping `reserve` inspiration back for what follows."""
        if amount > 0:
            self._push(C.D_PAY, p, amount, reserve)

    def _abilities(self, p, code):
        """Sum of the values of a seat's completed patrons' abilities of one kind."""
        return sum(
            self.t.patron_ab_value[c]
            for c in self.pl(p)["done"]
            if c >= 0 and self.t.patron_ability[c] == code
        )

    def _owned_chips(self):
        return views.owned_chips(self.f["round"])

    def _chip_specialist(self, p, chip):
        """The specialist card a chip carries (4.8.4), or -1."""
        pl = self.pl(p)
        for d in range(3):
            if pl["spec"][d] >= 0 and pl["spec_chip"][d] == chip:
                return pl["spec"][d]
        return -1

    def _skill(self, entry):
        """A chip's skill at its location (4.2): its number, +1 an apprentice, +1 at the
        benches from craft steps 2 and 5. A specialist has its chip's skill (4.8.4)."""
        p, chip, appr, loc = entry[C.P_OWNER], entry[C.P_CHIP], entry[C.P_APPR], entry[C.P_LOC]
        skill = chip + 1 + appr
        if loc in (T.ROUGH, T.FINISH):
            skill += self.t.craft_skill[self.pl(p)["track"][T.T_CRAFT]]
        return skill

    def _tier_cost(self, p, slot):
        """Access cost of a display slot's tier for this seat (4.4.0, 8.15)."""
        tier = self.t.slot_tier[slot] - 1
        if self.pl(p)["track"][T.T_REP] >= self.t.tier_free_rep[tier]:
            return 0
        return self.t.tier_cost[tier]

    def _free_patron_space(self, p):
        return any(c < 0 for c in self.pl(p)["patron"])

    # ---- patrons: requirements and tucking (4.6) -------------------------------------

    def _requirements(self, patron):
        t = self.t
        reqs = [("main", t.patron_main[patron], -1)]
        for sub in t.patron_subs[patron]:
            if sub >= 0:
                reqs.append(("sub", sub, t.patron_era[patron]))
        return reqs

    def _item(self, g):
        """What a fulfilling card is: ("instr", type), ("perf", era) or ("repair", type)."""
        t = self.t
        if g < T.G_PATRON:
            return ("instr", t.kind_type[g - T.G_INSTR])
        if T.G_PERF <= g < T.G_REPAIR:
            return ("perf", t.perf_era[g - T.G_PERF])
        return ("repair", t.repair_type[g - T.G_REPAIR])

    @staticmethod
    def _fits(item, req):
        what, value = item
        kind, rtype, era = req
        if what == "instr":
            return rtype == value  # main or sub of that type
        if kind != "sub":
            return False  # only an instrument meets the main one
        if what == "perf":
            return era == value
        return rtype == value

    def _matching_exists(self, items, reqs):
        """Can each item fulfil a different requirement (4.6.2: which one need not be
        decided until the patron completes)?"""
        if not items:
            return True
        first, rest = items[0], items[1:]
        for i, req in enumerate(reqs):
            if self._fits(first, req) and self._matching_exists(rest, reqs[:i] + reqs[i + 1 :]):
                return True
        return False

    def _can_tuck(self, p, space, g):
        patron = self.pl(p)["patron"][space]
        if patron < 0:
            return False
        reqs = self._requirements(patron)
        items = [self._item(x) for x in self.pl(p)["tucked"][space] if x >= 0] + [self._item(g)]
        return len(items) <= len(reqs) and self._matching_exists(items, reqs)

    def _discard_global(self, g):
        f = self.f
        if g < T.G_PATRON:
            f["instr_discard"][g - T.G_INSTR] += 1
        elif T.G_PERF <= g < T.G_REPAIR:
            f["perf_discard"][g - T.G_PERF] = 1
        else:
            f["repair_discard"][g - T.G_REPAIR] = 1

    def _remove_patron(self, p, space):
        pl = self.pl(p)
        for g in pl["tucked"][space]:
            if g >= 0:
                self._discard_global(g)
        pl["tucked"][space] = [-1, -1, -1]
        pl["patron"][space] = -1
        pl["patience"][space] = 0

    # ---- setup (3) ---------------------------------------------------------------------

    def _setup_board(self):
        f, t, n = self.f, self.t, self.num_players
        f["instr_deck"] = list(t.kind_copies) + [0] * (T.MAX_KINDS - t.n_kinds)
        f["instr_deck_n"] = sum(t.kind_copies)
        for i in range(t.n_patrons):
            if t.patron_deck[i] == T.DECK_ROYAL:
                f["royal_box"][i] = 1
            else:
                f["patron_deck"][i] = 1
        f["patron_deck_a"] = sum(1 for d in t.patron_deck if d == T.DECK_A)
        f["patron_deck_b"] = sum(1 for d in t.patron_deck if d == T.DECK_B)
        f["perf_deck"] = [1] * t.n_perf + [0] * (T.MAX_PERF - t.n_perf)
        f["repair_deck"] = [1] * t.n_repair + [0] * (T.MAX_REPAIR - t.n_repair)
        f["market"] = t.market_first  # 3.1.6: M1 first
        f["market_deck"] = [
            1 if i < t.n_market and i != t.market_first else 0 for i in range(T.MAX_MARKET)
        ]
        f["spec_box"] = [1] * t.n_specs + [0] * (T.MAX_SPECS - t.n_specs)
        f["goal_box"] = [1] * t.n_goals + [0] * (T.MAX_GOALS - t.n_goals)
        f["family_box"] = [1] * t.n_family + [0] * (T.MAX_FAMILY - t.n_family)
        f["award_box"] = [1] * t.n_awards + [0] * (T.MAX_AWARDS - t.n_awards)
        f["orch_box"] = [1] * t.n_orch + [0] * (T.MAX_ORCH - t.n_orch)
        f["order"] = list(range(n)) + [-1] * (T.MAX_PLAYERS - n)
        f["phase"] = C.PH_SETUP
        self._push(C.T_SETUP)

    def _next_setup_draw(self):
        """The next card the setup deals (3.1, 3.2, 3.4.4), as (deck, dest, seat,
        index), or None when everything is dealt."""
        f, t, n = self.f, self.t, self.num_players
        for slot in range(4 if n == 4 else 3):
            if f["awards"][slot] < 0:
                return (C.DK_AWARD, C.DEST_AWARD, -1, slot)
        if n == 2 and f["orch_card"] < 0:
            return (C.DK_ORCH, C.DEST_ORCH, -1, 0)
        for loc in range(T.CARD_LOCATIONS):
            for slot in t.slots_used(loc, n):
                if f["display"][loc][slot] < 0:
                    return (C.DISPLAY_DECK[loc], C.DEST_DISPLAY, -1, loc * T.MAX_SLOTS + slot)
        if f["royal_cut_n"] < n + 1:
            return (C.DK_ROYAL, C.DEST_ROYAL_CUT, -1, 0)
        for d in range(3):
            if f["spec_cut_n"][d] < n + 1:
                return (C.DK_SPEC, C.DEST_SPEC_CUT, -1, d)
        for p in range(n):
            pl = self.pl(p)
            for field, deck, dest in (
                ("deal_instr", C.DK_INSTR, C.DEST_DEAL_INSTR),
                ("deal_patron", C.DK_PATRON, C.DEST_DEAL_PATRON),
                ("family", C.DK_FAMILY, C.DEST_FAMILY),
                ("goals", C.DK_GOAL, C.DEST_GOAL),
            ):
                for j, card in enumerate(pl[field]):
                    if card < 0:
                        return (deck, dest, p, j)
        return None

    def _run_setup(self, *_):
        draw = self._next_setup_draw()
        if draw is not None:
            deck, dest, p, index = draw
            self._push(C.T_SETUP)
            self._push(C.C_DRAW, p, deck, dest, index)
            return
        # Everything is dealt: the seats choose in seat order (3.4.5, 6.2), then reveal.
        self.f["phase"] = C.PH_CHOICES
        self._push(C.T_REVEAL)
        self._push(C.C_REVEAL)
        for p in reversed(range(self.num_players)):
            for kind in (C.D_SETUP_PATRON, C.D_SETUP_INSTR, C.D_SETUP_GOALS, C.D_SETUP_FAMILY):
                self._push(kind, p)

    def _apply_orchestra_card(self, card):
        """3.2: dummy tokens on First Chairs (one instrument card out per dummy
        instrument token) and a dummy marker on one level of each award tile."""
        f, t = self.f, self.t
        for space, kind in zip(t.orch_space[card], t.orch_kind[card], strict=False):
            if space < 0:
                continue
            f["chair_owner"][space] = T.DUMMY
            f["chair_kind"][space] = kind
            f["tokens"][space][T.DUMMY][kind] += 1
            if kind == T.K_INSTR:
                for k in range(t.n_kinds):
                    if space in t.kind_spaces[k] and f["instr_deck"][k] > 0:
                        f["instr_deck"][k] -= 1
                        f["instr_deck_n"] -= 1
                        f["instr_removed"][k] += 1
                        break
        for slot, level in enumerate(t.orch_blocked[card]):
            if f["awards"][slot] >= 0:
                f["claims"][slot][level] = T.DUMMY

    def _run_reveal(self, *_):
        """3.4.5-6: family tiles are revealed, starting resources taken, turn order set
        by the tiles' numbers; then the starting abilities in that order."""
        f, t = self.f, self.t
        f["revealed"] = 1
        for p in range(self.num_players):
            pl = self.pl(p)
            self._gain(p, t.family_res[pl["family"][pl["family_pick"]]])
        f["order"][: self.num_players] = sorted(
            range(self.num_players),
            key=lambda p: t.family_order[self.pl(p)["family"][self.pl(p)["family_pick"]]],
        )
        self._push(C.T_ROUND_START)
        for p in reversed(f["order"][: self.num_players]):
            self._push(C.T_FAMILY_ABILITY, p)

    def _run_family_ability(self, p, *_):
        pl = self.pl(p)
        ability = self.t.family_ability[pl["family"][pl["family_pick"]]]
        if ability in _ABILITY_TRACK:
            self._push(C.T_ADVANCE, p, _ABILITY_TRACK[ability])
        elif ability == T.FA_DRAW:
            self._push(C.C_DRAW, p, C.DK_INSTR, C.DEST_HAND)
        elif ability == T.FA_APPR:
            self._gain_apprentices(p, 1)

    # ---- round start (4.1) and planning (4.2) ------------------------------------------

    def _run_round_start(self, *_):
        f = self.f
        f["phase"] = C.PH_ROUND_START
        n = self.num_players
        self._push(C.T_PLAN, -1, 0, n * len(self._owned_chips()))
        for p in reversed(f["order"][:n]):
            self._push(C.T_PLAYER_START, p)

    def _run_player_start(self, p, *_):
        """Round-start bonuses, then patron gifts, then loading the roughing bench."""
        t, pl = self.t, self.pl(p)
        for c in pl["done"]:
            if c >= 0 and t.patron_ability[c] == T.AB_ROUND_START:
                self._gain(p, t.patron_ab_bundle[c])
        self._push(C.D_LOAD, p, 2, 0)
        self._push(C.T_GIFTS, p)
        if pl["marker"][T.M_STORAGE]:
            self._push(C.D_MATERIAL, p)  # extra storage: +1 material of choice (4.9)

    def _run_gifts(self, p, *_):
        """4.1.2 / 4.6.4: each patience cube moves right; the gift above it is taken, or
        the patron leaves at the last space (-3 PP per unmet requirement)."""
        t, pl = self.t, self.pl(p)
        for space in range(3):
            patron = pl["patron"][space]
            if patron < 0:
                continue
            pl["patience"][space] += 1
            if pl["patience"][space] >= t.patience_leave:
                unmet = len(self._requirements(patron)) - sum(
                    1 for g in pl["tucked"][space] if g >= 0
                )
                self._lose_pp(p, t.abandon_penalty * unmet)
                self._remove_patron(p, space)
                self.f["patron_discard"][patron] = 1
            else:
                self._gain(p, t.patron_gifts[patron][pl["patience"][space] - 1])

    def _run_plan(self, _p, turn, left, _c):
        """Seats place one chip each, in turn order, until every chip is out."""
        f = self.f
        if left == 0:
            f["phase"] = C.PH_RESOLUTION
            self._push(C.T_RESOLVE_NEXT, -1, -1)
            return
        f["phase"] = C.PH_PLANNING
        p = f["order"][turn % self.num_players]
        self._push(C.T_PLAN, -1, turn + 1, left - 1)
        self._push(C.D_PLACE, p)

    # ---- resolution (4.3) --------------------------------------------------------------

    def _face_down(self, p, loc):
        return [
            i
            for i, e in enumerate(self.f["placed"][: self.f["placed_n"]])
            if e[C.P_OWNER] == p and e[C.P_STATUS] == C.S_DOWN and e[C.P_LOC] == loc
        ]

    def _has_face_down(self, p):
        return any(
            e[C.P_OWNER] == p and e[C.P_STATUS] == C.S_DOWN
            for e in self.f["placed"][: self.f["placed_n"]]
        )

    def _run_resolve_next(self, _p, last, *_):
        f, n = self.f, self.num_players
        for step in range(1, n + 1):
            index = (last + step) % n
            p = f["order"][index]
            if not self.pl(p)["passed"]:
                self._push(C.T_RESOLVE_NEXT, -1, index)
                self._push(C.D_RESOLVE, p)
                return
        self._push(C.T_ROUND_END)

    def _run_activate(self, p, loc, revealed, _c):
        """Reveal the chips there and let each act in priority order: higher skill
        first, then the earlier placement (4.3). At a bench only that seat's chips.
        Other seats' face-down chips are turned up at a chance node first."""
        f = self.f
        if (
            not revealed
            and loc not in (T.ROUGH, T.FINISH)
            and any(
                e[C.P_STATUS] == C.S_DOWN and e[C.P_LOC] == loc and e[C.P_OWNER] != p
                for e in f["placed"][: f["placed_n"]]
            )
        ):
            self._push(C.T_ACTIVATE, p, loc, 1)
            self._push(C.C_REVEAL, p)
            return
        chips = []
        for i, e in enumerate(f["placed"][: f["placed_n"]]):
            if e[C.P_STATUS] != C.S_DOWN or e[C.P_LOC] != loc:
                continue
            if loc in (T.ROUGH, T.FINISH) and e[C.P_OWNER] != p:
                continue
            e[C.P_STATUS] = C.S_ACTING
            e[C.P_SKILL] = self._skill(e)
            chips.append(i)
        chips.sort(key=lambda i: (-f["placed"][i][C.P_SKILL], i))
        if loc == T.BALCONY:
            for i in chips:  # turn order for next round (4.4.5)
                owner = f["placed"][i][C.P_OWNER]
                if owner not in f["balcony"][: f["balcony_n"]]:
                    f["balcony"][f["balcony_n"]] = owner
                    f["balcony_n"] += 1
        for i in reversed(chips):
            self._push(C.D_CHIP, f["placed"][i][C.P_OWNER], i)

    def _run_chip_done(self, _p, index, *_):
        """After one chip's action: the chip goes home (Balcony chips stay for the turn
        order), its apprentices return to the market, or leave the game after a
        Search (4.4.0)."""
        f = self.f
        e = f["placed"][index]
        p = e[C.P_OWNER]
        e[C.P_STATUS] = C.S_KEPT if e[C.P_LOC] == T.BALCONY else C.S_DONE
        if f["act_mode"] == C.M_SEARCH:
            self.pl(p)["appr_gone"] += e[C.P_APPR]
        f["act_chip"], f["act_mode"], f["act_discount"], f["act_double"], f["act_again"] = (
            -1,
            0,
            0,
            0,
            0,
        )

    def _bonus_applies(self):
        return self.f["act_mode"] != C.M_FALLBACK or self.f["flags"] & DUMMY_FLAG_BONUS

    def _run_bonus(self, _p, index, *_):
        """The location's skill bonus after the action (4.4, 4.5; 8.5)."""
        t, e = self.t, self.f["placed"][index]
        p, loc, skill = e[C.P_OWNER], e[C.P_LOC], e[C.P_SKILL]
        if not self._bonus_applies():
            return
        if loc == T.ROUGH:
            if skill >= t.bonus_rough_insp:
                self.pl(p)["insp"] += t.rough_bonus_insp
            return
        if loc == T.FINISH or skill < t.bonus_main:
            return
        if loc == T.SALON:
            if any(c >= 0 for c in self.pl(p)["patron"]):
                self._push(C.D_SALON_BONUS, p)
        elif loc == T.GUILD:
            self._push(C.D_LOAD, p, 1, 1)
            self._push(C.D_MATERIAL, p)
        elif loc in _LOCATION_TRACK:
            self._push(C.T_ADVANCE, p, _LOCATION_TRACK[loc])

    def _run_specialist(self, _p, index, *_):
        e = self.f["placed"][index]
        p = e[C.P_OWNER]
        spec = self._chip_specialist(p, e[C.P_CHIP])
        if spec >= 0 and self.t.spec_loc[spec] == e[C.P_LOC] and self.f["act_mode"] != C.M_FALLBACK:
            self._gain(p, self.t.spec_gain[spec])

    # ---- legal actions ------------------------------------------------------------------

    def _legal_now(self):
        p = self._overflowing()
        if p >= 0:
            return [BASE["DROP"] + m for m in range(3) if self.pl(p)["mat"][m] > 0]
        task = self._top()
        kind, p, a, b, c = task
        handler = getattr(self, f"_legal_{C.TASKS[kind].name}")
        return sorted(set(handler(p, a, b)))

    def _legal_setup_family(self, p, a, b):
        return [BASE["FAMILY"], BASE["FAMILY"] + 1]

    def _legal_setup_goals(self, p, a, b):
        return [BASE["GOALS"] + i for i in range(6)]

    def _legal_setup_instr(self, p, a, b):
        return [BASE["KEEP"] + k for k in self.pl(p)["deal_instr"] if k >= 0]

    def _legal_setup_patron(self, p, a, b):
        return [BASE["PATRON"] + i * 3 + j for i in range(2) for j in range(3)]

    def _legal_material(self, p, a, b):
        return [BASE["GAIN"] + m for m in range(3)]

    def _legal_load(self, p, left, mode):
        pl = self.pl(p)
        actions = [BASE["NOLOAD"]]
        if left == 0:
            return actions
        empty = any(k < 0 for k in pl["rough"])
        for k in range(self.t.n_kinds):
            if pl["hand"][k] == 0:
                continue
            if empty:
                actions.append(BASE["LOAD"] + k)
            else:
                for s in range(2):
                    if pl["rough"][s] != k and (s == 0 or pl["rough"][1] != pl["rough"][0]):
                        actions.append(BASE["SWAP"] + s * T.MAX_KINDS + k)
        return actions

    def _legal_place(self, p, a, b):
        placed = {e[C.P_CHIP] for e in self.f["placed"][: self.f["placed_n"]] if e[C.P_OWNER] == p}
        most = min(3, self.pl(p)["appr"])
        return [
            place_action(chip, loc, k)
            for chip in self._owned_chips()
            if chip not in placed
            for loc in range(T.NUM_LOCATIONS)
            for k in range(most + 1)
        ]

    def _legal_resolve(self, p, a, b):
        actions = []
        for loc in range(T.NUM_LOCATIONS):
            if self._face_down(p, loc):
                actions.append(BASE["ACTIVATE"] + loc)
        if not self.pl(p)["visited"]:
            actions.append(BASE["MARKET"])
        if not self._has_face_down(p):  # 8.4
            actions.append(BASE["PASS"])
        return actions

    def _legal_chip(self, p, index, b):
        f, t = self.f, self.t
        e = f["placed"][index]
        loc, appr = e[C.P_LOC], e[C.P_APPR]
        pl = self.pl(p)
        actions = [BASE["COINS2"]]
        if loc in (T.ROUGH, T.FINISH):
            bench = pl["rough"] if loc == T.ROUGH else pl["finish"]
            base = BASE["ROUGH"] if loc == T.ROUGH else BASE["FINISH"]
            discount = self._bench_discount(p, loc, e[C.P_SKILL])
            for s in range(2):
                k = bench[s]
                if k >= 0 and (s == 0 or bench[0] != k):
                    cost = t.kind_rough[k] if loc == T.ROUGH else t.kind_finish[k]
                    if self._payable(p, cost, discount, False):
                        actions.append(base + s)
            return actions
        if loc == T.BALCONY:
            actions += [BASE["ALT"], BASE["ALT2"]]
            if self._claims(p):
                actions.append(BASE["AWARD"])
            return actions
        actions.append(BASE["ALT"])
        seen = set()
        for s in t.slots_used(loc, self.num_players):
            card = f["display"][loc][s]
            if card < 0:
                continue
            cost = self._tier_cost(p, s)
            if (card, cost) in seen:
                continue
            if self._can_take(p, loc, card, cost):
                seen.add((card, cost))
                actions.append(BASE["TAKE"] + s)
        if (
            appr > 0
            and self._can_pay(p, t.search_cost)
            and (loc != T.SALON or self._free_patron_space(p))
        ):
            search = {
                T.SALON: "SEARCH_PATRON",
                T.GUILD: "SEARCH_TYPE",
                T.PERFORM: "SEARCH_ERA",
                T.REPAIR: "SEARCH_TYPE",
            }[loc]
            actions += [BASE[search] + i for i in range(3)]
        return actions

    def _can_take(self, p, loc, card, tier_cost):
        if loc == T.SALON:
            return self._free_patron_space(p) and self._can_pay(p, tier_cost)
        if loc == T.REPAIR:
            reserve = self._repair_reserve(p, card)
            return reserve >= 0 and self._can_pay(p, tier_cost, reserve)
        return self._can_pay(p, tier_cost)

    def _repair_reserve(self, p, card):
        """Inspiration a repair card needs on top of the seat's materials (2 a missing
        material, after its free reductions), or -1 if it cannot be paid (4.4.4)."""
        cost = self.t.repair_cost[card]
        short = sum(max(0, cost[m] - self.pl(p)["mat"][m]) for m in range(3))
        need = 2 * max(0, short - self._abilities(p, T.AB_REPAIR_DISCOUNT))
        return need if need <= self.pl(p)["insp"] else -1

    def _payable(self, p, cost, discount, substitute):
        """Can these materials be paid, with `discount` free reductions and (repairs)
        2 inspiration for each missing one?"""
        pl = self.pl(p)
        short = sum(max(0, cost[m] - pl["mat"][m]) for m in range(3))
        need = max(0, short - discount)
        return need == 0 or (substitute and 2 * need <= pl["insp"])

    def _bench_discount(self, p, loc, skill):
        t = self.t
        if loc == T.ROUGH:
            return (skill >= t.bonus_rough_discount) + self._abilities(p, T.AB_ROUGH_DISCOUNT)
        return (skill >= t.bonus_finish_discount) + self._abilities(p, T.AB_FINISH_DISCOUNT)

    def _legal_pay(self, p, amount, reserve):
        pl = self.pl(p)
        low = max(0, amount - pl["coins"])
        high = min(amount, pl["insp"] - reserve)
        return [BASE["PAY"] + k for k in range(low, high + 1)]

    def _legal_space(self, p, a, b):
        return [BASE["SPACE"] + j for j in range(3) if self.pl(p)["patron"][j] < 0]

    def _legal_salon_bonus(self, p, a, b):
        actions = []
        for s in range(3):
            c = self.pl(p)["patron"][s]
            if c >= 0:
                actions.append(BASE["GIFT"] + 2 * s)
                if self.t.patron_gifts[c][1] != self.t.patron_gifts[c][0]:
                    actions.append(BASE["GIFT"] + 2 * s + 1)
        return actions

    def _legal_reroll(self, p, a, b):
        if self.f["rerolls"] == 0:
            return [BASE["KEEPDICE"]]
        return [BASE["REROLL"], BASE["REROLL"] + 1, BASE["KEEPDICE"]]

    def _performance_base(self, p):
        f = self.f
        skill = f["placed"][f["act_chip"]][C.P_SKILL]
        return f["dice"][0] + f["dice"][1] + skill + self._abilities(p, T.AB_PERFORM_BONUS)

    def _legal_inspire(self, p, a, b):
        """Spend nothing, or exactly what reaches a level not yet reached (spending more
        would buy nothing: 4.4.3)."""
        base = self._performance_base(p)
        card = self.f["held"] - T.G_PERF
        actions = [BASE["INSPIRE"]]
        for at in self.t.perf_at[card]:
            k = at - base
            if 0 < k <= self.pl(p)["insp"] and k < 25:
                actions.append(BASE["INSPIRE"] + k)
        return actions

    def _token_spaces(self, kind, selector):
        t = self.t
        if kind == T.K_PERF:
            return [
                s
                for s in range(t.n_spaces)
                if not t.space_rare[s] and t.space_eras[s] >> selector & 1
            ]
        if kind == T.K_REPAIR:
            return [
                s for s in range(t.n_spaces) if not t.space_rare[s] and t.space_row[s] == selector
            ]
        return [s for s in t.kind_spaces[selector] if s >= 0]

    def _legal_orch(self, p, kind, selector):
        return [BASE["SEAT"] + s for s in self._token_spaces(kind, selector)]

    def _legal_below(self, p, a, b):
        return [BASE["BELOW"], BASE["BELOW"] + 1]

    def _legal_double(self, p, a, b):
        return [BASE["DOUBLE"], BASE["DOUBLE"] + 1]

    def _legal_tuck(self, p, a, b):
        g = self.f["held"]
        return [BASE["NOTUCK"]] + [BASE["TUCK"] + s for s in range(3) if self._can_tuck(p, s, g)]

    def _legal_cost(self, p, mode, b):
        f, pl = self.f, self.pl(p)
        cost = f["cost"]
        substitute = mode == 2
        actions = []
        # A reduction is offered only if the rest can still be paid.
        for m in range(3):
            if cost[m] == 0:
                continue
            after = list(cost)
            after[m] -= 1
            if f["act_discount"] > 0 and self._payable(p, after, f["act_discount"] - 1, substitute):
                actions.append(BASE["WAIVE"] + m)
            if substitute and pl["insp"] >= 2:
                pl["insp"] -= 2
                ok = self._payable(p, after, f["act_discount"], True)
                pl["insp"] += 2
                if ok:
                    actions.append(BASE["SUB"] + m)
        if all(cost[m] <= pl["mat"][m] for m in range(3)):
            actions.append(BASE["PAYCOST"])
        return actions

    def _legal_return(self, p, a, b):
        fin = self.pl(p)["finish"]
        return [
            BASE["RETURN"] + s for s in range(2) if fin[s] >= 0 and (s == 0 or fin[0] != fin[1])
        ]

    def _legal_again(self, p, mode, b):
        t, pl = self.t, self.pl(p)
        bench = pl["rough"] if mode == 0 else pl["finish"]
        actions = [BASE["STOP"]]
        for s in range(2):
            k = bench[s]
            if k >= 0 and (s == 0 or bench[0] != k):
                cost = t.kind_rough[k] if mode == 0 else t.kind_finish[k]
                if self._payable(p, cost, self.f["act_discount"], False):
                    actions.append((BASE["ROUGH"] if mode == 0 else BASE["FINISH"]) + s)
        return actions

    def _claims(self, p):
        """Award levels the seat may claim now: a free level of a tile it has not
        claimed on, that it qualifies for, with a marker left (4.9)."""
        f, t, pl = self.f, self.t, self.pl(p)
        out = []
        for slot in range(4):
            tile = f["awards"][slot]
            if tile < 0 or p in f["claims"][slot]:
                continue
            value = S.criterion(f, t, p, t.award_crit[tile], t.award_arg[tile])
            for level in range(3):
                if f["claims"][slot][level] != -1 or value < t.award_at[tile][level]:
                    continue
                out += [claim_action(slot, level, m) for m in range(3) if not pl["marker"][m]]
        return out

    def _legal_claim(self, p, a, b):
        return self._claims(p)

    def _legal_royal(self, p, a, b):
        return [BASE["ROYAL"] + i for i in range(T.MAX_PATRONS) if self.f["royal_cut"][i]]

    def _legal_spec(self, p, deck, b):
        return [
            BASE["SPEC"] + i
            for i in range(self.t.n_specs)
            if self.f["spec_cut"][i] and self.t.spec_deck[i] == deck
        ]

    def _legal_keep3(self, p, a, b):
        return [BASE["KEEP"] + k for k in self.pl(p)["keep"] if k >= 0]

    def _legal_assign(self, p, deck, b):
        taken = set(self.pl(p)["spec_chip"])
        return [BASE["ASSIGN"] + c for c in self._owned_chips() if c not in taken]

    def _legal_market(self, p, a, b):
        """4.10: buy or sell a material (not both the same one), hire, train, leave."""
        t, pl = self.t, self.pl(p)
        prices = t.market_price[self.f["market"]]
        actions = [BASE["LEAVE"]]
        room = sum(pl["mat"]) < self._capacity(p)
        for m in range(3):
            if not pl["sold"][m] and room and self._can_pay(p, prices[m]):
                actions.append(BASE["BUY"] + m)
            if not pl["bought"][m] and pl["mat"][m] > 0:
                actions.append(BASE["SELL"] + m)
        if self._apprentices_in_market(p) > 0 and self._can_pay(p, t.market_apprentice):
            actions.append(BASE["HIRE"])
        for track in (T.T_PERF, T.T_CRAFT):
            # not onto the final step (8.16), unless the train-to-final variant
            limit = t.track_len[track] - (0 if self.f["flags"] & DUMMY_FLAG_TRAIN else 1)
            if pl["track"][track] < limit and self._can_pay(p, t.market_training):
                actions.append(BASE["TRAIN"] + track)
        return actions

    # ---- applying decisions ----------------------------------------------------------

    def _decide(self, action):
        p = self._overflowing()
        if p >= 0:
            self.pl(p)["mat"][action - BASE["DROP"]] -= 1
            return
        task = self._pop()
        kind, p, a, b, c = task
        getattr(self, f"_do_{C.TASKS[kind].name}")(p, a, b, action)

    def _do_setup_family(self, p, a, b, action):
        self.pl(p)["family_pick"] = action - BASE["FAMILY"]

    def _do_setup_goals(self, p, a, b, action):
        i, j = GOAL_PAIRS[action - BASE["GOALS"]]
        self.pl(p)["goal_mask"] = (1 << i) | (1 << j)

    def _do_setup_instr(self, p, a, b, action):
        """Keep one instrument; the other goes under the deck (3.4.5)."""
        pl = self.pl(p)
        kept = action - BASE["KEEP"]
        dealt = pl["deal_instr"]
        other = dealt[1] if dealt[0] == kept else dealt[0]
        pl["hand"][kept] += 1
        pl["hand_n"] += 1
        pl["deal_instr"] = [-1, -1]
        self._put_under_deck(other, p)

    def _put_under_deck(self, kind, p):
        f = self.f
        f["bottom"][f["bottom_n"]] = [kind, p]
        f["bottom_n"] += 1

    def _do_setup_patron(self, p, a, b, action):
        """Keep one patron on a workbench space at once (with its bonus); the other
        is discarded face up (3.4.5, 8.25)."""
        pl = self.pl(p)
        i, space = divmod(action - BASE["PATRON"], 3)
        kept, other = pl["deal_patron"][i], pl["deal_patron"][1 - i]
        pl["deal_patron"] = [-1, -1]
        self.f["patron_discard"][other] = 1
        self._place_patron(p, kept, space)

    def _place_patron(self, p, patron, space):
        pl = self.pl(p)
        pl["patron"][space] = patron
        pl["patience"][space] = 0
        pl["tucked"][space] = [-1, -1, -1]
        self._gain(p, self.t.space_bonus_patron[space])

    def _do_material(self, p, a, b, action):
        self.pl(p)["mat"][action - BASE["GAIN"]] += 1

    def _do_load(self, p, left, mode, action):
        pl = self.pl(p)
        if action == BASE["NOLOAD"]:
            return
        if action < BASE["SWAP"]:
            k = action - BASE["LOAD"]
            pl["rough"][pl["rough"].index(-1)] = k
        else:
            s, k = divmod(action - BASE["SWAP"], T.MAX_KINDS)
            pl["hand"][pl["rough"][s]] += 1  # back to hand to make room (4.1)
            pl["hand_n"] += 1
            pl["rough"][s] = k
        pl["hand"][k] -= 1
        pl["hand_n"] -= 1
        if mode == 0 and left > 1:
            self._push(C.D_LOAD, p, left - 1, 0)

    def _do_place(self, p, a, b, action):
        f = self.f
        chip, rest = divmod(action - BASE["PLACE"], T.NUM_LOCATIONS * 4)
        loc, k = divmod(rest, 4)
        f["placed"][f["placed_n"]] = [p, chip, k, loc, C.S_DOWN, 0]
        f["placed_n"] += 1
        self.pl(p)["appr"] -= k

    def _do_resolve(self, p, a, b, action):
        if action == BASE["PASS"]:
            self.pl(p)["passed"] = 1
        elif action == BASE["MARKET"]:
            self.pl(p)["visited"] = 1
            self._push(C.D_MARKET, p)
        else:
            self._push(C.T_ACTIVATE, p, action - BASE["ACTIVATE"])

    def _do_chip(self, p, index, b, action):
        """One chip's action (4.3): main, alternative, Search or the 2-coin fallback,
        followed by the skill bonus and the specialist's gain, then the chip goes home."""
        f, t = self.f, self.t
        e = f["placed"][index]
        loc = e[C.P_LOC]
        f["act_chip"] = index
        if action == BASE["COINS2"]:
            mode = C.M_FALLBACK
        elif action in (BASE["ALT"], BASE["ALT2"]):
            mode = C.M_ALT
        elif BASE["SEARCH_PATRON"] <= action < BASE["AWARD"]:
            mode = C.M_SEARCH
        else:
            mode = C.M_MAIN
        f["act_mode"] = mode
        self._push(C.T_CHIP_DONE, -1, index)
        self._push(C.T_SPECIALIST, -1, index)
        self._push(C.T_BONUS, -1, index)
        if mode == C.M_FALLBACK:
            self.pl(p)["coins"] += t.fallback_coins
        elif mode == C.M_ALT:
            which = {T.SALON: 0, T.GUILD: 1, T.PERFORM: 2, T.REPAIR: 3, T.BALCONY: 4}[loc]
            if action == BASE["ALT2"]:
                which = 5
            self._gain(p, t.alt[which])
        elif mode == C.M_SEARCH:
            attr = (action - BASE["SEARCH_PATRON"]) % 3
            self._push(C.C_SEARCH, p, loc, attr)
            self._ask_payment(p, t.search_cost)
        elif loc == T.BALCONY:
            self._push(C.D_CLAIM, p)
        elif loc == T.ROUGH:
            f["act_discount"] = self._bench_discount(p, loc, e[C.P_SKILL])
            f["act_again"] = t.craft_rough2[self.pl(p)["track"][T.T_CRAFT]]
            self._start_rough(p, action - BASE["ROUGH"])
        elif loc == T.FINISH:
            f["act_discount"] = self._bench_discount(p, loc, e[C.P_SKILL])
            f["act_double"] = 1 if e[C.P_SKILL] >= t.bonus_finish_double else 0
            f["act_again"] = t.craft_finish2[self.pl(p)["track"][T.T_CRAFT]]
            self._start_finish(p, action - BASE["FINISH"])
        else:
            self._take_card(p, loc, action - BASE["TAKE"])

    def _take_card(self, p, loc, slot):
        """A main action on a face-up card (4.4.1-4.4.4); tier access paid first."""
        f = self.f
        card = f["display"][loc][slot]
        f["display"][loc][slot] = -1
        cost = self._tier_cost(p, slot)
        if loc == T.SALON:
            f["held_patron"] = card
            self._push(C.D_SPACE, p)
            self._ask_payment(p, cost)
        elif loc == T.GUILD:
            self.pl(p)["hand"][card] += 1
            self.pl(p)["hand_n"] += 1
            self._ask_payment(p, cost)
        elif loc == T.PERFORM:
            f["held"] = T.G_PERF + card
            self._push(C.T_PERFORM, p)
            self._ask_payment(p, cost)
        else:
            reserve = self._repair_reserve(p, card)
            self._start_repair(p, card)
            self._ask_payment(p, cost, reserve)

    def _start_repair(self, p, card):
        f = self.f
        f["held"] = T.G_REPAIR + card
        f["cost"] = list(self.t.repair_cost[card])
        f["act_discount"] = self._abilities(p, T.AB_REPAIR_DISCOUNT)
        self._push(C.T_REPAIR_DONE, p)
        self._push(C.D_COST, p, 2)

    def _start_rough(self, p, slot):
        """4.5.1: pay the roughing cost, making room on the finishing bench first."""
        f, pl = self.f, self.pl(p)
        f["cost"] = list(self.t.kind_rough[pl["rough"][slot]])
        self._push(C.T_ROUGH_MOVE, p, slot)
        self._push(C.D_COST, p, 0)
        if all(k >= 0 for k in pl["finish"]):
            self._push(C.D_RETURN, p)

    def _start_finish(self, p, slot):
        """4.5.2: pay the finishing cost, then the instrument is done."""
        f, pl = self.f, self.pl(p)
        k = pl["finish"][slot]
        pl["finish"][slot] = -1
        f["held"] = T.G_INSTR + k
        f["cost"] = list(self.t.kind_finish[k])
        self._push(C.T_FINISH_DONE, p)
        self._push(C.D_COST, p, 1)

    def _do_pay(self, p, amount, reserve, action):
        k = action - BASE["PAY"]
        self.pl(p)["insp"] -= k
        self.pl(p)["coins"] -= amount - k

    def _do_space(self, p, a, b, action):
        patron = self.f["held_patron"]
        self.f["held_patron"] = -1
        self._place_patron(p, patron, action - BASE["SPACE"])

    def _do_salon_bonus(self, p, a, b, action):
        """Salon 4+: a patience cube one space left (not past the start) and any one
        gift of that patron (4.4.1)."""
        s, g = divmod(action - BASE["GIFT"], 2)
        pl = self.pl(p)
        pl["patience"][s] = max(0, pl["patience"][s] - 1)
        self._gain(p, self.t.patron_gifts[pl["patron"][s]][g])

    def _do_reroll(self, p, a, b, action):
        if action == BASE["KEEPDICE"]:
            return
        self.f["rerolls"] -= 1
        self._push(C.D_REROLL, p)
        self._push(C.C_DIE, p, action - BASE["REROLL"])

    def _do_inspire(self, p, a, b, action):
        k = action - BASE["INSPIRE"]
        self.pl(p)["insp"] -= k
        self.f["perf_total"] = self._performance_base(p) + k

    def _do_orch(self, p, kind, selector, action):
        self._push(C.T_CHAIR, p, action - BASE["SEAT"], kind)

    def _do_below(self, p, times, b, action):
        if action == BASE["BELOW"]:
            self.pl(p)["coins"] += self.t.below_coins * times
        else:
            self.pl(p)["insp"] += self.t.below_insp * times

    def _do_double(self, p, space, b, action):
        doubling = C.CHAIR_DOUBLE if action == BASE["DOUBLE"] else C.CHAIR_SINGLE
        self._push(C.T_CHAIR, p, space, T.K_INSTR, doubling)

    def _do_tuck(self, p, a, b, action):
        """Give the card to a patron (its cube back to the start), completing the
        patron if it was the last requirement (4.6.3); or discard it."""
        f, pl = self.f, self.pl(p)
        g = f["held"]
        f["held"] = -1
        if action == BASE["NOTUCK"]:
            self._discard_global(g)
            return
        s = action - BASE["TUCK"]
        row = pl["tucked"][s]
        row[row.index(-1)] = g
        if sum(1 for x in row if x >= 0) == len(self._requirements(pl["patron"][s])):
            self._push(C.T_COMPLETE, p, s)
        else:
            pl["patience"][s] = 0

    def _do_cost(self, p, mode, b, action):
        f, pl = self.f, self.pl(p)
        if action == BASE["PAYCOST"]:
            for m in range(3):
                pl["mat"][m] -= f["cost"][m]
            f["cost"] = [0, 0, 0]
            return
        if action < BASE["SUB"]:
            m = action - BASE["WAIVE"]
            f["act_discount"] -= 1
        else:
            m = action - BASE["SUB"]
            pl["insp"] -= 2
        f["cost"][m] -= 1
        self._push(C.D_COST, p, mode)

    def _do_return(self, p, a, b, action):
        pl = self.pl(p)
        s = action - BASE["RETURN"]
        pl["hand"][pl["finish"][s]] += 1  # the roughing work on it is lost (4.1)
        pl["hand_n"] += 1
        pl["finish"][s] = -1

    def _do_again(self, p, mode, b, action):
        if action == BASE["STOP"]:
            return
        if mode == 0:
            self._start_rough(p, action - BASE["ROUGH"])
        else:
            self._start_finish(p, action - BASE["FINISH"])

    def _do_claim(self, p, a, b, action):
        """Cover the level with a marker: its PP, and the perk under the marker (4.9)."""
        f, t, pl = self.f, self.t, self.pl(p)
        slot, rest = divmod(action - BASE["CLAIM"], 9)
        level, marker = divmod(rest, 3)
        f["claims"][slot][level] = p
        pl["marker"][marker] = 1
        pl["pp"] += t.award_pp[f["awards"][slot]][level]
        if marker == T.M_ROYAL and self._free_patron_space(p) and f["royal_cut_n"] > 0:
            self._push(C.D_ROYAL, p)
            self._look_through(p, f["royal_seen"])

    def _do_royal(self, p, a, b, action):
        f = self.f
        patron = action - BASE["ROYAL"]
        f["royal_cut"][patron] = 0
        f["royal_cut_n"] -= 1
        f["held_patron"] = patron
        self._push(C.D_SPACE, p)

    def _do_spec(self, p, deck, b, action):
        f, pl = self.f, self.pl(p)
        card = action - BASE["SPEC"]
        f["spec_cut"][card] = 0
        f["spec_cut_n"][deck] -= 1
        pl["spec"][deck] = card
        pl["spec_new"][deck] = 1

    def _do_keep3(self, p, a, b, action):
        """Reputation c: keep one of the three, the others go under the deck (4.8.3)."""
        pl = self.pl(p)
        kept = action - BASE["KEEP"]
        rest = list(pl["keep"])
        rest.remove(kept)
        pl["keep"] = [-1, -1, -1]
        pl["hand"][kept] += 1
        pl["hand_n"] += 1
        for k in rest:
            if k >= 0:
                self._put_under_deck(k, p)

    def _do_assign(self, p, deck, b, action):
        pl = self.pl(p)
        pl["spec_chip"][deck] = action - BASE["ASSIGN"]
        pl["spec_new"][deck] = 0

    def _do_market(self, p, a, b, action):
        t, pl = self.t, self.pl(p)
        if action == BASE["LEAVE"]:
            return
        prices = t.market_price[self.f["market"]]
        self._push(C.D_MARKET, p)
        if BASE["BUY"] <= action < BASE["SELL"]:
            m = action - BASE["BUY"]
            pl["mat"][m] += 1
            pl["bought"][m] = 1
            self._ask_payment(p, prices[m])
        elif BASE["SELL"] <= action < BASE["HIRE"]:
            m = action - BASE["SELL"]
            pl["mat"][m] -= 1
            pl["sold"][m] = 1
            pl["coins"] += prices[m]
        elif action == BASE["HIRE"]:
            pl["appr"] += 1
            self._ask_payment(p, t.market_apprentice)
        else:
            self._push(C.T_ADVANCE, p, action - BASE["TRAIN"], 1)
            self._ask_payment(p, t.market_training)

    # ---- automatic steps -----------------------------------------------------------------

    def _run(self, task):
        """An automatic step: `_run_<name>` of its kind (codec.TASKS), given (p, a, b, c)."""
        kind, p, a, b, c = task
        getattr(self, f"_run_{C.TASKS[kind].name}")(p, a, b, c)

    def _run_finish_again(self, p, *_):
        self._run_again(p, 1)

    def _run_next_round(self, *_):
        f = self.f
        f["round"] += 1
        f["balcony"] = [-1] * T.MAX_PLAYERS
        f["balcony_n"] = 0
        self._push(C.T_ROUND_START)

    def _run_final(self, *_):
        S.final_scoring(self.f, self.t)
        self.f["phase"] = C.PH_OVER

    def _run_claim_check(self, p, *_):
        if self._claims(p):
            self._push(C.D_CLAIM, p)

    def _run_keep_check(self, p, *_):
        if any(k >= 0 for k in self.pl(p)["keep"]):
            self._push(C.D_KEEP3, p)

    def _run_perform(self, p, *_):
        """4.4.3: roll (white dice become black with the performance track, purple with
        the perk), rerolls, inspiration, then the result."""
        f, t, pl = self.f, self.t, self.pl(p)
        perf = pl["track"][T.T_PERF]
        f["die_black"] = [1 if t.perf_black[perf] >= 1 else 0, 1 if t.perf_black[perf] >= 2 else 0]
        f["rerolls"] = t.perf_rerolls[perf] + self._abilities(p, T.AB_EXTRA_REROLL)
        f["dice"] = [-1, -1, -1]
        self._push(C.T_PERF_RESULT, p)
        self._push(C.D_INSPIRE, p)
        self._push(C.D_REROLL, p)
        if pl["marker"][T.M_PURPLE]:
            self._push(C.C_PURPLE, p)
        self._push(C.C_DIE, p, 1)
        self._push(C.C_DIE, p, 0)

    def _run_perf_result(self, p, *_):
        """Coins and PP of the highest level reached; a mid or high level also places a
        performance token in the era's column and may fulfil a patron (4.4.3)."""
        f, t, pl = self.f, self.t, self.pl(p)
        card = f["held"] - T.G_PERF
        total = f["perf_total"]
        level = -1
        for i in range(3):
            if total >= t.perf_at[card][i]:
                level = i
        if level >= 0:
            pl["coins"] += t.perf_coins[card][level]
            pl["pp"] += t.perf_pp[card][level]
        if level >= 1:
            self._push(C.D_TUCK, p)
            self._place_token(p, T.K_PERF, t.perf_era[card])
        else:
            self._discard_global(f["held"])
            f["held"] = -1

    def _place_token(self, p, kind, selector):
        spaces = self._token_spaces(kind, selector)
        if len(spaces) == 1:
            self._push(C.T_CHAIR, p, spaces[0], kind)
        else:
            self._push(C.D_ORCH, p, kind, selector)

    def _run_repair_done(self, p, *_):
        f, t = self.f, self.t
        card = f["held"] - T.G_REPAIR
        self.pl(p)["pp"] += t.repair_pp[card]
        self._push(C.D_TUCK, p)
        self._place_token(p, T.K_REPAIR, t.repair_type[card])

    def _run_rough_move(self, p, slot, *_):
        pl = self.pl(p)
        k = pl["rough"][slot]
        pl["rough"][slot] = -1
        pl["finish"][pl["finish"].index(-1)] = k
        self._run_again(p, 0)

    def _run_again(self, p, mode):
        """Craft track rough x2 / finish x2: the same action may work a second,
        different instrument (4.5)."""
        f = self.f
        if not f["act_again"]:
            return
        f["act_again"] = 0
        if len(self._legal_again(p, mode, 0)) > 1:
            self._push(C.D_AGAIN, p, mode)

    def _run_finish_done(self, p, *_):
        """4.5.2: PP (+2 from reputation f), the instrument token in the orchestra, then
        the instrument may fulfil a patron."""
        f, t, pl = self.f, self.t, self.pl(p)
        k = f["held"] - T.G_INSTR
        pl["pp"] += t.kind_pp[k]
        if pl["track"][T.T_REP] >= t.rep_instrument_pp:
            pl["pp"] += t.rep_f_pp
        self._push(C.T_FINISH_AGAIN, p)
        self._push(C.D_TUCK, p)
        self._place_token(p, T.K_INSTR, k)

    def _run_chair(self, p, space, kind, doubling):
        """4.7: a token placed in a space takes the First Chair or goes below the line.
        Finishing 6+ doubles one instrument's bonus an action; with finish x2 still to
        come the seat chooses which (4.5.2): `doubling` is its answer, once asked."""
        f, t = self.f, self.t
        times = 1
        if kind == T.K_INSTR and f["act_double"]:
            if doubling == C.CHAIR_ASK and f["act_again"]:
                self._push(C.D_DOUBLE, p, space)
                return
            if doubling != C.CHAIR_SINGLE:
                times = 2
                f["act_double"] = 0
        f["tokens"][space][p][kind] += 1
        bonus = t.space_bonus[space]
        if t.space_rare[space]:
            self._gain(p, bonus, times)  # rare spaces: always a chair
            return
        holder, held_kind = f["chair_owner"][space], f["chair_kind"][space]
        takes = False
        if holder < 0:
            takes = True
        elif held_kind == T.K_INSTR:
            takes = False
        elif kind == T.K_INSTR:
            takes = True
        elif holder != p:
            mine = f["tokens"][space][p][T.K_PERF] + f["tokens"][space][p][T.K_REPAIR]
            takes = all(
                f["tokens"][space][o][T.K_PERF] + f["tokens"][space][o][T.K_REPAIR] < mine
                for o in range(T.OWNERS)
                if o != p
            )
        if takes:
            f["chair_owner"][space] = p
            f["chair_kind"][space] = kind
            self._gain(p, bonus, times)
        else:
            self._push(C.D_BELOW, p, times)

    def _run_advance(self, p, track, training, _c):
        """One step on a track and what the new step gives (4.8). Beyond the end:
        performance and craft pay 2 PP a step (8.28); reputation pays 2 PP and gives
        its last step (an award claim) again (position i)."""
        t, pl = self.t, self.pl(p)
        v, last = pl["track"][track], t.track_len[track]
        if v >= last:
            if track == T.T_REP:
                pl["pp"] += t.rep_i_pp
                self._step_effect(p, track, last)
            elif t.track_effect[track][last] == T.TE_FINAL and not training:
                pl["pp"] += t.track_final_pp
            return
        v += 1
        pl["track"][track] = v
        if not (training and t.track_effect[track][v] == T.TE_FINAL):  # no PP by training
            self._step_effect(p, track, v)

    def _step_effect(self, p, track, step):
        """What reaching a step gives at once; persistent steps are read from the
        marker's position when they matter."""
        effect = self.t.track_effect[track][step]
        if effect == T.TE_SPECIALIST:
            self._offer_specialist(p, track)
        elif effect == T.TE_FINAL:
            self.pl(p)["pp"] += self.t.track_final_pp
        elif effect == T.TE_APPRENTICE:
            self._gain_apprentices(p, 1)
        elif effect == T.TE_DRAW3:
            self._push(C.T_KEEP_CHECK, p)
            for j in reversed(range(3)):
                self._push(C.C_DRAW, p, C.DK_INSTR, C.DEST_KEEP, j)
        elif effect == T.TE_CLAIM:
            self._push(C.T_CLAIM_CHECK, p)

    def _offer_specialist(self, p, deck):
        f = self.f
        if f["spec_cut_n"][deck] > 0 and self.pl(p)["spec"][deck] < 0:
            self._push(C.D_SPEC, p, deck)
            self._look_through(p, f["spec_seen"][deck])

    def _look_through(self, p, seen):
        """The seat looks through a face-down deck (8.21): the first time, what it sees
        was hidden from it, so a chance node turns it up before the choice."""
        if not seen[p]:
            seen[p] = 1
            self._push(C.C_REVEAL, p)

    def _run_complete(self, p, space, stage, _c):
        """4.6.5, in the seed's order: completion PP and reputation +1 (stage 0) while
        the patron still holds its space; then (stage 1) the tucked cards are discarded,
        the space freed and the patron tucked under the board with its lifetime ability."""
        pl = self.pl(p)
        patron = pl["patron"][space]
        if stage == 0:
            pl["pp"] += self.t.patron_pp[patron]
            self._push(C.T_COMPLETE, p, space, 1)
            self._push(C.T_ADVANCE, p, T.T_REP)
            return
        self._remove_patron(p, space)
        pl["done"][pl["done"].index(-1)] = patron

    def _run_round_end(self, *_):
        """4.11: turn order from the Balcony, chips home, specialists assigned, carts
        back, a new market card, tier I discarded, displays slid and refilled."""
        f, t, n = self.f, self.t, self.num_players
        if f["round"] >= t.rounds:
            self._push(C.T_FINAL)
            return
        f["phase"] = C.PH_ROUND_END
        balcony = f["balcony"][: f["balcony_n"]]
        f["order"][:n] = balcony + [p for p in f["order"][:n] if p not in balcony]
        f["placed"] = [list(C.EMPTY_PLACED) for _ in range(T.MAX_PLACED)]
        f["placed_n"] = 0
        for p in range(n):
            pl = self.pl(p)
            pl["visited"] = pl["passed"] = 0
            pl["bought"] = [0, 0, 0]
            pl["sold"] = [0, 0, 0]
        for loc in range(T.CARD_LOCATIONS):
            used = t.slots_used(loc, n)
            for s in used:
                card = f["display"][loc][s]
                if card >= 0 and t.slot_tier[s] == 1:
                    self._discard_display_card(loc, card)
                    f["display"][loc][s] = -1
            cards = [f["display"][loc][s] for s in used if f["display"][loc][s] >= 0]
            for i, s in enumerate(used):
                f["display"][loc][s] = cards[i] if i < len(cards) else -1
        if f["round"] == 3:  # patron A cards leave the deck
            for i in range(t.n_patrons):
                if f["patron_deck"][i] and t.patron_deck[i] == T.DECK_A:
                    f["patron_deck"][i] = 0
                    f["patron_discard"][i] = 1
            f["patron_deck_a"] = 0
        f["market"] = -1
        self._push(C.T_NEXT_ROUND)
        self._push(C.T_REFILL)
        self._push(C.C_DRAW, -1, C.DK_MARKET, C.DEST_MARKET)
        for p in reversed(f["order"][:n]):
            for d in reversed(range(3)):
                if self.pl(p)["spec_new"][d]:
                    self._push(C.D_ASSIGN, p, d)

    def _discard_display_card(self, loc, card):
        f = self.f
        if loc == T.SALON:
            f["patron_discard"][card] = 1
        elif loc == T.GUILD:
            f["instr_discard"][card] += 1
        elif loc == T.PERFORM:
            f["perf_discard"][card] = 1
        else:
            f["repair_discard"][card] = 1

    def _run_refill(self, *_):
        f, t = self.f, self.t
        for loc in range(T.CARD_LOCATIONS):
            deck = C.DISPLAY_DECK[loc]
            if not self._deck_size(deck) and not self._discard_size(deck):
                continue
            for s in t.slots_used(loc, self.num_players):
                if f["display"][loc][s] < 0:
                    self._push(C.T_REFILL)
                    self._push(C.C_DRAW, -1, deck, C.DEST_DISPLAY, loc * T.MAX_SLOTS + s)
                    return

    # ---- chance ---------------------------------------------------------------------------

    def _deck_size(self, deck):
        f = self.f
        if deck == C.DK_INSTR:
            return f["instr_deck_n"] + f["bottom_n"]
        if deck == C.DK_PATRON:
            return f["patron_deck_a"] + f["patron_deck_b"]
        if deck == C.DK_PERF:
            return sum(f["perf_deck"])
        if deck == C.DK_REPAIR:
            return sum(f["repair_deck"])
        return 1  # the other draws are only made while cards remain

    def _discard_size(self, deck):
        f, t = self.f, self.t
        if deck == C.DK_INSTR:
            return sum(f["instr_discard"])
        if deck == C.DK_PATRON:
            return sum(
                f["patron_discard"][i]
                for i in range(t.n_patrons)
                if t.patron_deck[i] != T.DECK_ROYAL
            )
        if deck == C.DK_PERF:
            return sum(f["perf_discard"])
        if deck == C.DK_REPAIR:
            return sum(f["repair_discard"])
        return 0

    def _refill_empty_deck(self, deck):
        """An empty deck is rebuilt from its discards (2.x "cards run out"); patron A
        and B discards are shuffled together (royal patrons stay out)."""
        if self._deck_size(deck) or not self._discard_size(deck):
            return
        f, t = self.f, self.t
        if deck == C.DK_INSTR:
            f["instr_deck"] = list(f["instr_discard"])
            f["instr_deck_n"] = sum(f["instr_deck"])
            f["instr_discard"] = [0] * T.MAX_KINDS
        elif deck == C.DK_PATRON:
            for i in range(t.n_patrons):
                if f["patron_discard"][i] and t.patron_deck[i] != T.DECK_ROYAL:
                    f["patron_discard"][i] = 0
                    f["patron_deck"][i] = 1
                    if t.patron_deck[i] == T.DECK_A:
                        f["patron_deck_a"] += 1
                    else:
                        f["patron_deck_b"] += 1
            f["patron_mixed"] = 1
        elif deck == C.DK_PERF:
            f["perf_deck"], f["perf_discard"] = f["perf_discard"], [0] * T.MAX_PERF
        else:
            f["repair_deck"], f["repair_discard"] = f["repair_discard"], [0] * T.MAX_REPAIR

    def _draw_counts(self, deck, dest, index):
        """{card id within its kind: weight} of a draw from `deck`."""
        f, t = self.f, self.t
        if deck == C.DK_INSTR:
            if f["instr_deck_n"]:
                return {k: f["instr_deck"][k] for k in range(T.MAX_KINDS) if f["instr_deck"][k]}
            if f["bottom_n"]:
                return {f["bottom"][0][0]: 1}  # the cards put underneath come last
            return {}
        if deck == C.DK_PATRON:
            first_a = f["patron_deck_a"] and not f["patron_mixed"]
            return {
                i: 1
                for i in range(t.n_patrons)
                if f["patron_deck"][i] and (not first_a or t.patron_deck[i] == T.DECK_A)
            }
        vector, limit = {
            C.DK_PERF: (f["perf_deck"], t.n_perf),
            C.DK_REPAIR: (f["repair_deck"], t.n_repair),
            C.DK_MARKET: (f["market_deck"], t.n_market),
            C.DK_AWARD: (f["award_box"], t.n_awards),
            C.DK_ROYAL: (f["royal_box"], t.n_patrons),
            C.DK_GOAL: (f["goal_box"], t.n_goals),
            C.DK_FAMILY: (f["family_box"], t.n_family),
            C.DK_ORCH: (f["orch_box"], t.n_orch),
            C.DK_SPEC: (f["spec_box"], t.n_specs),
        }[deck]
        return {
            i: 1
            for i in range(limit)
            if vector[i] and (deck != C.DK_SPEC or t.spec_deck[i] == index)
        }

    def _search_counts(self, loc, attr):
        """Search (4.4.0): the first card from the top whose back matches. With an
        unknown order that is a uniform draw among the matching cards of the topmost
        part that has one (patron deck A above B; under-deck instruments last)."""
        f, t = self.f, self.t
        if loc == T.SALON:
            matching = [
                i for i in range(t.n_patrons) if f["patron_deck"][i] and t.patron_type[i] == attr
            ]
            a_cards = [i for i in matching if t.patron_deck[i] == T.DECK_A]
            if a_cards and not f["patron_mixed"]:
                matching = a_cards
            return {i: 1 for i in matching}
        if loc == T.GUILD:
            counts = {
                k: f["instr_deck"][k]
                for k in range(t.n_kinds)
                if f["instr_deck"][k] and t.kind_type[k] == attr
            }
            if counts:
                return counts
            for kind, _ in f["bottom"][: f["bottom_n"]]:
                if t.kind_type[kind] == attr:
                    return {kind: 1}
            return {}
        if loc == T.PERFORM:
            return {i: 1 for i in range(t.n_perf) if f["perf_deck"][i] and t.perf_era[i] == attr}
        return {i: 1 for i in range(t.n_repair) if f["repair_deck"][i] and t.repair_type[i] == attr}

    _GLOBAL_BASE = {
        C.DK_INSTR: T.G_INSTR,
        C.DK_PATRON: T.G_PATRON,
        C.DK_PERF: T.G_PERF,
        C.DK_REPAIR: T.G_REPAIR,
        C.DK_MARKET: T.G_MARKET,
        C.DK_AWARD: T.G_AWARD,
        C.DK_ROYAL: T.G_PATRON,
        C.DK_SPEC: T.G_SPEC,
        C.DK_GOAL: T.G_GOAL,
        C.DK_FAMILY: T.G_FAMILY,
        C.DK_ORCH: T.G_ORCH,
    }
    _SEARCH_DECK = {
        T.SALON: C.DK_PATRON,
        T.GUILD: C.DK_INSTR,
        T.PERFORM: C.DK_PERF,
        T.REPAIR: C.DK_REPAIR,
    }

    def _chance_now(self):
        task = self._top()
        kind, p, a, b, c = task
        if kind == C.C_DRAW:
            counts, base = self._draw_counts(a, b, c), BASE["CARD"] + self._GLOBAL_BASE[a]
        elif kind == C.C_SEARCH:
            counts, base = (
                self._search_counts(a, b),
                BASE["CARD"] + self._GLOBAL_BASE[self._SEARCH_DECK[a]],
            )
            if not counts:
                return [(BASE["NOTHING"], 1.0)]
        elif kind == C.C_DIE:
            faces = self.t.black if self.f["die_black"][a] else self.t.white
            counts, base = {}, BASE["NOTES"]
            for v in faces:
                counts[v] = counts.get(v, 0) + 1
        elif kind == C.C_REVEAL:
            return [(BASE["REVEAL"], 1.0)]
        else:
            counts, base = {}, BASE["PURPLE"]
            for face in self.t.purple:
                first = self.t.purple.index(face)  # equal faces are one outcome
                counts[first] = counts.get(first, 0) + 1
        total = sum(counts.values())
        return [(base + i, counts[i] / total) for i in sorted(counts)]

    def _chance(self, action):
        task = self._pop()
        kind, p, a, b, c = task
        f, t = self.f, self.t
        if kind == C.C_DIE:
            f["dice"][a] = action - BASE["NOTES"]
            return
        if kind == C.C_PURPLE:
            face = action - BASE["PURPLE"]
            f["dice"][2] = face
            self._gain(p, t.purple[face])
            return
        if kind == C.C_REVEAL or action == BASE["NOTHING"]:
            return  # the step below runs with what is now visible
        if kind == C.C_SEARCH:
            deck = self._SEARCH_DECK[a]
            card = action - BASE["CARD"] - self._GLOBAL_BASE[deck]
            self._take_from_deck(deck, card)
            self._use_found(p, a, card)
            return
        card = action - BASE["CARD"] - self._GLOBAL_BASE[a]
        self._take_from_deck(a, card)
        self._put_drawn(p, b, c, card)

    def _take_from_deck(self, deck, card):
        f, t = self.f, self.t
        if deck == C.DK_INSTR:
            if f["instr_deck"][card] and f["instr_deck_n"]:
                f["instr_deck"][card] -= 1
                f["instr_deck_n"] -= 1
            else:  # from under the deck: the first such card
                at = next(i for i in range(f["bottom_n"]) if f["bottom"][i][0] == card)
                del f["bottom"][at]
                f["bottom"].append([-1, -1])
                f["bottom_n"] -= 1
        elif deck == C.DK_PATRON:
            f["patron_deck"][card] = 0
            if t.patron_deck[card] == T.DECK_A:
                f["patron_deck_a"] -= 1
            else:
                f["patron_deck_b"] -= 1
        else:
            name = {
                C.DK_PERF: "perf_deck",
                C.DK_REPAIR: "repair_deck",
                C.DK_MARKET: "market_deck",
                C.DK_AWARD: "award_box",
                C.DK_ROYAL: "royal_box",
                C.DK_SPEC: "spec_box",
                C.DK_GOAL: "goal_box",
                C.DK_FAMILY: "family_box",
                C.DK_ORCH: "orch_box",
            }[deck]
            f[name][card] = 0

    def _put_drawn(self, p, dest, index, card):
        f = self.f
        if dest == C.DEST_DISPLAY:
            f["display"][index // T.MAX_SLOTS][index % T.MAX_SLOTS] = card
        elif dest == C.DEST_HAND:
            self.pl(p)["hand"][card] += 1
            self.pl(p)["hand_n"] += 1
        elif dest == C.DEST_KEEP:
            self.pl(p)["keep"][index] = card
        elif dest == C.DEST_DEAL_INSTR:
            self.pl(p)["deal_instr"][index] = card
        elif dest == C.DEST_DEAL_PATRON:
            self.pl(p)["deal_patron"][index] = card
        elif dest == C.DEST_FAMILY:
            self.pl(p)["family"][index] = card
        elif dest == C.DEST_GOAL:
            self.pl(p)["goals"][index] = card
        elif dest == C.DEST_AWARD:
            f["awards"][index] = card
        elif dest == C.DEST_ROYAL_CUT:
            f["royal_cut"][card] = 1
            f["royal_cut_n"] += 1
        elif dest == C.DEST_SPEC_CUT:
            f["spec_cut"][card] = 1
            f["spec_cut_n"][index] += 1
        elif dest == C.DEST_MARKET:
            f["market"] = card
        else:
            f["orch_card"] = card
            self._apply_orchestra_card(card)

    def _use_found(self, p, loc, card):
        """What the Search found (8.7): a patron is placed at once, an instrument goes
        to hand, a performance or repair card is resolved as the main action (a
        repair the seat cannot pay is discarded)."""
        f, pl = self.f, self.pl(p)
        if loc == T.SALON:
            f["held_patron"] = card
            self._push(C.D_SPACE, p)
        elif loc == T.GUILD:
            pl["hand"][card] += 1
            pl["hand_n"] += 1
        elif loc == T.PERFORM:
            f["held"] = T.G_PERF + card
            self._push(C.T_PERFORM, p)
        elif self._repair_reserve(p, card) >= 0:
            self._start_repair(p, card)
        else:
            f["repair_discard"][card] = 1

    # ---- outcome, views, text ------------------------------------------------------------

    def scores(self):
        return [self.pl(p)["pp"] for p in range(self.num_players)]

    def returns(self):
        if not self.is_terminal():
            raise ValueError("returns() is defined only at a terminal state")
        return S.returns(self.f)

    def heuristic(self):
        if self.is_terminal():
            return S.returns(self.f)
        return S.heuristic(self.f, self.t)

    def to_dict(self):
        return C.encode(C.clone_fields(self.f), self.variant)

    @classmethod
    def from_dict(cls, data):
        t = T.load_tables()
        fields = C.clone_fields(C.decode(data, t))  # nothing shared with the caller's dict
        state = cls(fields, data["variant"])
        state._check_at_rest()
        return state

    def _check_at_rest(self):
        task = self._top()
        if task is not None and task[0] < C.FIRST_CHANCE_TASK and self._overflowing() < 0:
            raise StateFormatError("the task on top must be a decision or a chance node")
        if not self.is_terminal() and not self.legal_actions():
            raise StateFormatError("nobody can act in this state")

    def observation(self, seat):
        self._check_seat(seat)
        data = C.encode(views.observation_fields(self.f, seat, self.t), self.variant)
        data["seat"] = seat
        return data

    @classmethod
    def from_observation(cls, observation, rng):
        t = T.load_tables()
        seat, variant, fields = views.parse_observation(observation, t)
        full = views.determinized_fields(fields, seat, rng, t)
        return cls.from_dict(C.encode(full, variant))

    def hash(self):
        return _digest(self.to_json())

    def infoset_key(self, seat):
        self._check_seat(seat)
        return _digest(json.dumps(self.observation(seat), separators=(",", ":"), sort_keys=True))

    def clone(self):
        return LuthierReference(C.clone_fields(self.f), self.variant)

    def render(self):
        from engine.games.luthier.render import render_fields

        return render_fields(self.f, self.variant, self.current_player())

    def render_for(self, seat):
        from engine.games.luthier.render import render_observation

        return render_observation(self.observation(seat), self.current_player())

    def action_to_str(self, action):
        return notation().to_str(action)

    def str_to_action(self, text):
        return notation().to_action(text)


def _digest(text: str) -> int:
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "little")
