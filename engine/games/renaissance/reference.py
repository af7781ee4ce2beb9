"""Maestro: da Vinci vs Michelangelo in plain, slow Python: the readable statement of
the rules (shared/rules/maestro-renaissance.md, the core game for two Workshops) that
the compiled state (state.pyx) is tested against, step by step.

A position is the raw form of codec.py held as attributes; the components (map,
cards, tables) come from components.py. Seat 0 runs da Vinci's Workshop, seat 1
Michelangelo's. A turn is a sequence of atomic actions by one seat: optionally a
Benefactor, then a card onto an Action space or the Gossip slot, Michelangelo's
Resource bonus, the Main Action's steps, and the free Projects step. Everything that
needs no decision (a Resource reward, the Centerpiece check, round-end scoring)
happens inside `apply`.

How the atomic actions read the spec where it leaves the form open:
- A Move is a series of relocations, each one Artwork from a region to any
  non-gray region, costing its shortest distance with gray regions passable (the
  spec's "equivalent formulation", 4.1); relocations, Lodge moves, Centerpiece
  regions and payments are entered in rising id order, one order for each result.
- The set-aside choice is one action naming the 3 cards.
- da Vinci's sections never matter after a payment, so he pays section A first;
  Michelangelo chooses the section of each Resource he pays.
- Upgrading a face-down Gossip card shows the old card, not only its Publicity: the
  deck lists stay public (7: "every upgrade is public").
- Where the spec narrows a seed rule, the seed wins: Michelangelo may spend any of
  his matching Resources (even past the table's last column), and da Vinci's
  markers may go on any Blueprint tile, finished ones too.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import math

from engine.games.renaissance import actions, codec, views, words
from engine.games.renaissance import render as _render
from engine.games.renaissance.actions import (
    ASIDE,
    ASIDE_INDEX,
    ASIDE_SETS,
    BENEFACTOR,
    BUILD_BLUEPRINT,
    BUILD_FRESCO,
    CENTERPIECES,
    COVER,
    DEAL,
    DESTINATIONS,
    DONE,
    EDGE,
    FIRST,
    FLORENCE,
    GRAY,
    LODGE,
    MAX_SPEND,
    MERCHANT,
    NUM_ACTIONS,
    PATRONESS,
    PAY,
    PLAY,
    REFILL,
    REGION,
    RELOCATE,
    SPEND,
    TAKE,
    TILE,
    UPGRADE_BOARD,
    UPGRADE_HAND,
    USE,
)
from engine.games.renaissance.codec import (
    CHANCE,
    P_ASIDE,
    P_BENEFACTOR,
    P_BONUS,
    P_COLOUR,
    P_COURIER,
    P_COVER,
    P_CREATE,
    P_DISPLAY,
    P_DRAW,
    P_FIRST,
    P_GRAY,
    P_INFLUENCE,
    P_MERCHANT,
    P_MOVE,
    P_OVER,
    P_PATRONESS,
    P_PAY,
    P_PROJECTS,
    P_REFILL,
    P_REGIONS,
    P_TILES,
    P_TURN,
    P_UPGRADE,
    STAGE_ADVANCE,
    STAGE_SPACE,
    STAGE_TILE,
    TERMINAL,
)
from engine.games.renaissance.components import (
    COMPONENTS as C,
)
from engine.games.renaissance.components import (
    CREATE,
    INFLUENCE,
    MOVE,
    REWARD_CARD,
    REWARD_EITHER,
    REWARD_RESOURCE,
    REWARD_WORKSHOP,
    STUDY,
)
from engine.reference import ReferenceState

DA_VINCI, MICHELANGELO = 0, 1
T, R = C.num_cards, C.num_regions
COLOURS = range(4)
# The heuristic's weights: rough VP worth of what is not VP yet (see heuristic()).
HEURISTIC_SCALE = 8.0


class RenaissanceReference(ReferenceState):
    """A position with the same API as the compiled RenaissanceState."""

    game_name = codec.GAME_NAME
    actions = actions
    codec = codec
    views = views
    text = _render
    words = words
    num_players = 2
    num_actions = NUM_ACTIONS

    def __init__(self, variant: str = "standard"):
        self._load(codec.new_raw(variant))

    @classmethod
    def new_initial(cls, num_players=2, variant="standard"):
        return cls(variant)

    @classmethod
    def from_raw(cls, raw: dict):
        state = cls.__new__(cls)
        state._load(raw)
        return state

    def _load(self, raw: dict):
        raw = _copy(raw)
        self.variant = raw.pop("variant")
        self.flags = codec.variant_flags(self.variant)
        self.turn = raw.pop("turn")
        self.__dict__.update(raw)

    def to_raw(self) -> dict:
        keys = [
            "round",
            "phase",
            "first",
            "mover",
            "gray",
            "centerpiece",
            "standing",
            "lying",
            "tiles",
            "patrons",
            "bene_deck",
            "bp_cover",
            "bp_done",
            "markers",
            "edges",
            "frescoes",
            "mi_tiles",
            *codec.SEAT_KEYS,
        ]
        # Shared, not copied: readers of the raw form never change it.
        raw = {key: getattr(self, key) for key in keys}
        raw["variant"] = self.variant
        raw["turn"] = self.turn
        return raw

    def clone(self):
        return type(self).from_raw(self.to_raw())

    # ---- whose turn -------------------------------------------------------------------

    def current_player(self):
        if self.phase == P_OVER:
            return TERMINAL
        if self.phase in codec.CHANCE_PHASES:
            return CHANCE
        if self.phase == P_ASIDE:
            return self._aside_seat()
        return self.mover

    def is_terminal(self):
        return self.phase == P_OVER

    def is_chance_node(self):
        return self.phase in codec.CHANCE_PHASES

    def is_setup(self):
        """The setup's shuffles and the first round's draw: before the first decision."""
        return self.phase < P_DRAW or (self.phase == P_DRAW and self.round == 0)

    def _aside_seat(self):
        first = self.first
        return first if sum(self.aside[first]) < C.aside else 1 - first

    def _draw_seat(self):
        first = self.first
        return first if sum(self.hand[first]) < C.draw else 1 - first

    def _display_seat(self):
        for s in (0, 1):
            if sum(self.display[s]) < C.display_size and sum(self.upg[s]) > 0:
                return s
        return -1

    # ---- small facts ------------------------------------------------------------------

    def _pile(self, s):
        """The cards seat s plays and upgrades as its hand: the hand, or the set-aside
        cards once the hand is empty [seed: "Alone, you can't upgrade your 3 set-aside
        cards while you still have cards in hand"]."""
        return (
            (self.hand[s], self.known_hand[s])
            if sum(self.hand[s])
            else (self.aside[s], self.known_aside[s])
        )

    def _card_effort(self, s, card):
        if C.card_erudite[card]:
            return C.erudite_base + C.tier(self.study[s]) // C.erudite_tiers
        return C.card_effort[card]

    def _centerpieces(self, s):
        return sum(1 for owner in self.centerpiece if owner == s)

    def _movable(self, s, region):
        # A Centerpiece stays on its Gallery.
        return self.art[s][region] - (1 if self.centerpiece[region] == s else 0)

    def _gossip_used(self, s):
        return sum(1 for slot in self.slots[s] if slot[1] == C.gossip)

    def _relocations(self, s, reach, start):
        """(action, cost) of moving one of s's Artworks from a region to another
        whose distance is at most `reach`, never ending in a gray region."""
        found = []
        for a in range(R):
            if self._movable(s, a) <= 0:
                continue
            for b in range(R):
                action = RELOCATE + a * R + b
                if a != b and not self.gray[b] and C.distance[a][b] <= reach and action >= start:
                    found.append(action)
        return found

    def _benefactor_usable(self, s, b):
        kind = C.benefactor_kind[b]
        if kind == 0:  # move
            return bool(self._relocations(s, C.benefactor_amount[b], 0))
        if kind == 3:  # florence
            return self.reserve[s] > 0
        return True

    # ---- chance -----------------------------------------------------------------------

    def chance_outcomes(self):
        if not self.is_chance_node():
            return []
        weights = {}
        phase = self.phase
        if phase == P_GRAY:
            for r in C.gray_candidates:
                if not self.gray[r]:
                    weights[GRAY + r] = 1
        elif phase == P_TILES:
            placed = [self.tiles.count(k) for k in range(len(C.tile_names))]
            for k, count in enumerate(C.tile_count):
                if count > placed[k]:
                    weights[TILE + k] = count - placed[k]
        elif phase == P_PATRONESS:
            for p, shown in enumerate(self.patrons):
                if not shown:
                    weights[PATRONESS + p] = 1
        elif phase in (P_DISPLAY, P_REFILL):
            s = self._display_seat() if phase == P_DISPLAY else self.mover
            for t in range(T):
                if self.upg[s][t]:
                    weights[REFILL + t] = self.upg[s][t]
        elif phase == P_FIRST:
            weights = {FIRST: 1, FIRST + 1: 1}
        elif phase == P_DRAW:
            s = self._draw_seat()
            for t in range(T):
                if self.deck[s][t] > self.hand[s][t]:
                    weights[DEAL + t] = self.deck[s][t] - self.hand[s][t]
        elif phase == P_BENEFACTOR:
            for b, count in enumerate(self.bene_deck):
                if count:
                    weights[BENEFACTOR + b] = count
        total = sum(weights.values())
        return [(a, weights[a] / total) for a in sorted(weights)]

    def _apply_chance(self, action):
        phase = self.phase
        if phase == P_GRAY:
            self.gray[action - GRAY] = 1
            if sum(self.gray) == self.flags.gray_count:
                self.phase = P_TILES
        elif phase == P_TILES:
            self.tiles[self.tiles.index(-1)] = action - TILE
            if -1 not in self.tiles:
                self.phase = P_PATRONESS
                self._skip_empty_setup()
        elif phase == P_PATRONESS:
            self.patrons[action - PATRONESS] = 1
            if sum(self.patrons) == C.reveal:
                self.phase = P_DISPLAY
                self._skip_empty_setup()
        elif phase == P_DISPLAY:
            s = self._display_seat()
            self.upg[s][action - REFILL] -= 1
            self.display[s][action - REFILL] += 1
            self._skip_empty_setup()
        elif phase == P_FIRST:
            self.first = action - FIRST
            self._start_round()
        elif phase == P_DRAW:
            s = self._draw_seat()
            self.hand[s][action - DEAL] += 1
            if sum(self.hand[1 - self.first]) == C.draw:
                self._begin_aside()
        elif phase == P_REFILL:
            self.upg[self.mover][action - REFILL] -= 1
            self.display[self.mover][action - REFILL] += 1
            self._run_study()
        elif phase == P_BENEFACTOR:
            self.bene_deck[action - BENEFACTOR] -= 1
            self.bene[self.mover][action - BENEFACTOR] += 1
            self._run_study()

    def _skip_empty_setup(self):
        """Move past setup steps with nothing (left) to do."""
        if self.phase == P_PATRONESS and sum(self.patrons) == C.reveal:
            self.phase = P_DISPLAY
        if self.phase == P_DISPLAY and self._display_seat() < 0:
            self.phase = P_FIRST

    def _start_round(self):
        self.phase = P_DRAW
        self.mover = -1

    def _begin_aside(self):
        if C.aside:
            self.phase = P_ASIDE
        else:
            self._begin_turn(self.first)

    # ---- legal actions ----------------------------------------------------------------

    def legal_actions(self):
        if self.phase == P_OVER:
            return []
        if self.is_chance_node():
            return [a for a, _ in self.chance_outcomes()]
        return sorted(self._player_actions())

    def _player_actions(self):
        phase, m, turn = self.phase, self.mover, self.turn
        if phase == P_ASIDE:
            s = self._aside_seat()
            held = [t for t in range(T) for _ in range(self.hand[s][t])]
            choices = set(itertools.combinations(held, C.aside))
            return [ASIDE + ASIDE_INDEX[cards] for cards in choices]
        if phase == P_TURN:
            pile, _ = self._pile(m)
            actions = []
            gossip_open = self._gossip_used(m) < C.gossip_per_round
            for t in range(T):
                if pile[t]:
                    for dest in range(C.num_spaces):
                        actions.append(PLAY + t * DESTINATIONS + dest)
                    if gossip_open:
                        actions.append(PLAY + t * DESTINATIONS + C.gossip)
            if not turn["bene_used"]:
                for b in range(len(C.benefactor_names)):
                    if self.bene[m][b] and self._benefactor_usable(m, b):
                        actions.append(USE + b)
            return actions
        if phase == P_COURIER:
            return self._relocations(m, turn["ap"], 0)
        if phase == P_MERCHANT:
            return [MERCHANT + c * 2 + k for c in COLOURS for k in (0, 1)]
        if phase == P_BONUS:
            return [SPEND + k for k in range(self._spend_limit() + 1)]
        if phase == P_MOVE:
            return self._relocations(m, turn["ap"], turn["last"]) + [DONE]
        if phase == P_CREATE:
            return [FLORENCE, CENTERPIECES]
        if phase == P_REGIONS:
            return self._region_choices()
        if phase == P_INFLUENCE:
            return self._lodge_moves() + [DONE]
        if phase == P_UPGRADE:
            return self._upgrade_options(C.track_kind[self.study[m]])
        if phase == P_COVER:
            return self._cover_options()
        if phase == P_COLOUR:
            return [TAKE + c for c in COLOURS]
        if phase == P_PROJECTS:
            return self._affordable_projects() + [DONE]
        if phase == P_PAY:
            return self._payments()
        raise AssertionError(f"no player acts in phase {phase}")

    def _spend_limit(self):
        """Michelangelo may spend any of his Resources that match the Action space's
        colour, +1 Effort each [seed]: those in the played card's Character section
        [assumed 3.2]."""
        m, turn = self.mover, self.turn
        colour = C.space_colour[self.slots[m][turn["slot"]][1]]
        return min(self.res[m][turn["char"]][colour], MAX_SPEND)

    def _region_choices(self):
        # Regions in rising order, leaving enough later ones for the placements due.
        m, turn = self.mover, self.turn
        owned = [r for r in range(R) if self.centerpiece[r] == m]
        return [
            REGION + r
            for i, r in enumerate(owned)
            if REGION + r > turn["last"] and len(owned) - 1 - i >= turn["ap"] - 1
        ]

    def _lodge_moves(self):
        if self.turn["ap"] <= 0:
            return []
        return [
            LODGE + a * 4 + b
            for a in COLOURS
            for b in COLOURS
            if a != b and self.standing[a] and LODGE + a * 4 + b >= self.turn["last"]
        ]

    def _upgrade_options(self, kind):
        m = self.mover
        actions = []
        if kind in (REWARD_CARD, REWARD_EITHER) and sum(self.display[m]):
            pile, _ = self._pile(m)
            offered = [n for n in range(T) if self.display[m][n]]
            for t in range(T):
                if pile[t]:
                    actions += [UPGRADE_HAND + t * T + n for n in offered]
            for k in range(len(self.slots[m])):
                actions += [UPGRADE_BOARD + k * T + n for n in offered]
        if kind in (REWARD_WORKSHOP, REWARD_EITHER):
            actions += self._cover_options() if m == DA_VINCI else self._edge_options()
        return actions

    def _cover_options(self):
        """da Vinci's Upgrade markers: "any 2 Resources shown on the Blueprint tiles",
        each tile keeping at least one uncovered [seed]. (Finished tiles too: the seed
        names no exception, though covering them gains nothing.)"""
        if self.markers <= 0:
            return []
        actions = []
        for b in range(C.num_blueprints):
            uncovered = [C.blueprint_icons[b][c] - self.bp_cover[b][c] for c in COLOURS]
            if sum(uncovered) >= 2:
                actions += [COVER + b * 4 + c for c in COLOURS if uncovered[c]]
        return actions

    def _edge_options(self):
        if self.mi_tiles <= 0:
            return []
        return [EDGE + e for e in range(C.num_edges) if not self.edges[e]]

    # ---- projects ---------------------------------------------------------------------

    def _blueprint_cost(self, b):
        return [C.blueprint_icons[b][c] - self.bp_cover[b][c] for c in COLOURS], 0

    def _fresco_cost(self, f):
        """(Resources by colour, Resources of any colour) for a Sistine tile: its row's
        and column's colours unless covered; at least min_cost Resource(s)."""
        row, col = divmod(f, C.num_columns)
        need = [0] * 4
        if not self.edges[row]:
            need[C.row_colour[row]] += 1
        if not self.edges[C.num_rows + col]:
            need[C.column_colour[col]] += 1
        if sum(need) == 0:
            return need, C.min_cost
        return need, 0

    def _affordable(self, s, need, any_colour):
        totals = [self.res[s][0][c] + self.res[s][1][c] for c in COLOURS]
        return all(totals[c] >= need[c] for c in COLOURS) and sum(totals) - sum(need) >= any_colour

    def _affordable_projects(self):
        m = self.mover
        if m == DA_VINCI:
            return [
                BUILD_BLUEPRINT + b
                for b in range(C.num_blueprints)
                if not self.bp_done[b] and self._affordable(m, *self._blueprint_cost(b))
            ]
        return [
            BUILD_FRESCO + f
            for f in range(C.num_frescoes)
            if not self.frescoes[f] and self._affordable(m, *self._fresco_cost(f))
        ]

    def _payments(self):
        """Michelangelo pays one Resource at a time, colours in rising order and
        section A before B within a colour (one order for each way to pay)."""
        m, turn = self.mover, self.turn
        res = self.res[m]
        if turn["pay_any"]:
            actions = []
            for c in COLOURS:
                for k in (0, 1):
                    action = PAY + c * 2 + k
                    if action < turn["last"] or not res[k][c]:
                        continue
                    later = (
                        sum(
                            res[kk][cc]
                            for cc in COLOURS
                            for kk in (0, 1)
                            if PAY + cc * 2 + kk >= action
                        )
                        - 1
                    )
                    if later >= turn["pay_any"] - 1:
                        actions.append(action)
            return actions
        c = next(c for c in COLOURS if turn["pay"][c])
        actions = []
        if res[0][c] and PAY + c * 2 >= turn["last"]:
            actions.append(PAY + c * 2)
        if res[1][c] >= turn["pay"][c]:
            actions.append(PAY + c * 2 + 1)
        return actions

    # ---- applying -----------------------------------------------------------------------

    def _apply(self, action):
        if self.is_chance_node():
            self._apply_chance(action)
        else:
            self._apply_player(action)

    def _apply_player(self, action):
        phase, m, turn = self.phase, self.mover, self.turn
        if phase == P_ASIDE:
            s = self._aside_seat()
            for card in ASIDE_SETS[action - ASIDE]:
                self.hand[s][card] -= 1
                self.aside[s][card] += 1
            if s != self.first:
                self._begin_turn(self.first)
        elif phase == P_TURN:
            if action >= USE:
                self._use_benefactor(action - USE)
            else:
                self._play_card(*divmod(action - PLAY, DESTINATIONS))
        elif phase == P_COURIER:
            self._relocate(m, action)
            self._centerpiece_checks(m)
            turn["ap"] = 0
            self.phase = P_TURN
        elif phase == P_MERCHANT:
            colour, section = divmod(action - MERCHANT, 2)
            self.res[m][section][colour] += turn["ap"]
            turn["ap"] = 0
            self.phase = P_TURN
        elif phase == P_BONUS:
            k = action - SPEND
            dest = self.slots[m][turn["slot"]][1]
            self.res[m][turn["char"]][C.space_colour[dest]] -= k
            self._resolve_action(turn["effort"] + k)
        elif phase == P_MOVE:
            if action == DONE:
                self._finish_move()
            else:
                turn["ap"] -= self._relocate(m, action)
                turn["last"] = action
                if not self._relocations(m, turn["ap"], turn["last"]):
                    self._finish_move()
        elif phase == P_CREATE:
            if action == FLORENCE:
                self._create_in_florence()
            else:
                self._create_in_centerpiece_regions()
        elif phase == P_REGIONS:
            region = action - REGION
            self.art[m][region] += 1
            self.supply[m] -= 1
            turn["ap"] -= 1
            turn["last"] = action
            if turn["ap"] == 0:
                self._enter_projects()
        elif phase == P_INFLUENCE:
            self._step_or_done(action, self._influence, self._enter_projects)
        elif phase == P_UPGRADE:
            self._take_upgrade(action)
        elif phase == P_COVER:
            self._cover(action)
        elif phase == P_COLOUR:
            self.res[m][1 - turn["char"]][action - TAKE] += C.tile_amount[self._tile_index()]
            self._run_study()
        elif phase == P_PROJECTS:
            self._step_or_done(action, self._build, self._end_turn)
        elif phase == P_PAY:
            self._pay(action)

    def _step_or_done(self, action, step, done):
        """A phase of steps the mover ends with DONE (Influence, the Projects)."""
        if action == DONE:
            done()
        else:
            step(action)

    def _tile_index(self):
        return self.tiles[C.bonus_slot[self.study[self.mover]]]

    def _begin_turn(self, seat):
        self.phase = P_TURN
        self.mover = seat
        self.turn = codec.new_turn()

    def _use_benefactor(self, b):
        m, turn = self.mover, self.turn
        self.bene[m][b] -= 1
        turn["bene_used"] = 1
        kind, amount = C.benefactor_kind[b], C.benefactor_amount[b]
        if kind == 0:  # Courier: one Artwork up to `amount` steps, its own check
            self.phase = P_COURIER
            turn["ap"] = amount
        elif kind == 1:  # Merchant: Resources of one colour into a chosen section
            self.phase = P_MERCHANT
            turn["ap"] = amount
        elif kind == 2:  # Cardinal: Effort for the card played this turn
            turn["cardinal"] += amount
        else:  # Duke: Artworks from the reserve into Florence
            placed = min(amount, self.reserve[m])
            self.reserve[m] -= placed
            self.art[m][C.florence] += placed

    def _play_card(self, card, dest):
        m, turn = self.mover, self.turn
        pile, known = self._pile(m)
        from_aside = pile is self.aside[m]
        pile[card] -= 1
        self.slots[m].append([card, dest, -1])
        turn["slot"] = len(self.slots[m]) - 1
        if dest == C.gossip:
            # Face down: the rival only learns that a card left this pile, so what it
            # knew of the pile now covers the pile and the Gossip card together.
            self.gossip_pile[m] = 1 if from_aside else 0
            self.gossip_known[m] = 0
            self._enter_projects()
            return
        if known[card]:
            known[card] -= 1
        colour = C.space_colour[dest]
        effort = self._card_effort(m, card) + turn["cardinal"]
        if m == DA_VINCI:
            effort += sum(
                1
                for b in range(C.num_blueprints)
                if self.bp_done[b] and C.blueprint_colour[b] == colour
            )
        turn["char"] = C.card_character[card]
        turn["effort"] = effort
        if m == MICHELANGELO and self._spend_limit() > 0:
            self.phase = P_BONUS
        else:
            self._resolve_action(effort)

    def _resolve_action(self, effort):
        m, turn = self.mover, self.turn
        turn["effort"] = effort
        action = C.space_action[self.slots[m][turn["slot"]][1]]
        if action == MOVE:
            turn["ap"] = C.effort_result(MOVE, effort)
            turn["last"] = -1
            self.phase = P_MOVE
            if not self._relocations(m, turn["ap"], -1):
                self._finish_move()
        elif action == CREATE:
            # First, always gain 1 Artwork into the supply [seed].
            if self.reserve[m]:
                self.reserve[m] -= 1
                self.supply[m] += 1
            if effort >= C.centerpiece_effort and self._centerpieces(m):
                self.phase = P_CREATE
            else:
                self._create_in_florence()
        elif action == INFLUENCE:
            turn["ap"] = C.effort_result(INFLUENCE, effort)
            turn["last"] = -1
            self.phase = P_INFLUENCE
            if not self._lodge_moves():
                self._enter_projects()
        else:
            turn["ap"] = C.effort_result(STUDY, effort)
            turn["stage"] = STAGE_ADVANCE
            self._run_study()

    def _relocate(self, s, action):
        a, b = divmod(action - RELOCATE, R)
        self.art[s][a] -= 1
        self.art[s][b] += 1
        return C.distance[a][b]

    def _finish_move(self):
        self._centerpiece_checks(self.mover)
        self._enter_projects()

    def _centerpiece_checks(self, s):
        self._centerpiece_check(s)
        if self.flags.check_both:
            self._centerpiece_check(1 - s)

    def _centerpiece_check(self, s):
        """Every Gallery region where s has more Artworks than its rival gets one of
        s's Artworks on top; a rival Centerpiece there goes back down. A tie changes
        nothing [seed]."""
        for r in range(R):
            if C.gallery[r] < 0:
                continue
            mine, theirs = self.art[s][r], self.art[1 - s][r]
            if not self.flags.centerpiece_counts:
                mine -= self.centerpiece[r] == s
                theirs -= self.centerpiece[r] == 1 - s
            if mine > theirs and self.centerpiece[r] != s:
                self.centerpiece[r] = s

    def _create_in_florence(self):
        m = self.mover
        placed = min(C.effort_result(CREATE, self.turn["effort"]), self.supply[m])
        self.supply[m] -= placed
        self.art[m][C.florence] += placed
        self._enter_projects()

    def _create_in_centerpiece_regions(self):
        m, turn = self.mover, self.turn
        owned = [r for r in range(R) if self.centerpiece[r] == m]
        if self.supply[m] >= len(owned):
            for r in owned:
                self.art[m][r] += 1
            self.supply[m] -= len(owned)
            self._enter_projects()
        elif self.supply[m] == 0:
            self._enter_projects()
        else:
            # Not enough supply: the Workshop chooses which regions get one.
            self.phase = P_REGIONS
            turn["ap"] = self.supply[m]
            turn["last"] = -1

    def _influence(self, action):
        m, turn = self.mover, self.turn
        a, b = divmod(action - LODGE, 4)
        self.standing[a] -= 1
        self.lying[b] += 1
        self.res[m][turn["char"]][a] += 1
        turn["ap"] -= 1
        turn["last"] = action
        if not self._lodge_moves():
            self._enter_projects()

    # ---- Study ----------------------------------------------------------------------------

    def _run_study(self):
        """Advance the Study marker one space an Action Point, taking each space's
        reward and then its Bonus tile's, until a decision or chance is due."""
        m, turn = self.mover, self.turn
        while True:
            if turn["stage"] == STAGE_ADVANCE:
                if turn["ap"] == 0 or self.study[m] == C.track_length:
                    self._enter_projects()
                    return
                turn["ap"] -= 1
                self.study[m] += 1
                turn["stage"] = STAGE_SPACE
            if turn["stage"] == STAGE_SPACE:
                turn["stage"] = STAGE_TILE
                space = self.study[m]
                if C.track_kind[space] == REWARD_RESOURCE:
                    # Into the other Character's section [seed].
                    self.res[m][1 - turn["char"]][C.track_colour[space]] += 1
                elif self._upgrade_options(C.track_kind[space]):
                    self.phase = P_UPGRADE
                    return
            turn["stage"] = STAGE_ADVANCE
            slot = C.bonus_slot[self.study[m]]
            if slot >= 0 and self._bonus_tile(self.tiles[slot]):
                return

    def _bonus_tile(self, k):
        """Takes a Study Bonus tile's reward; True when it needs a decision or chance."""
        m = self.mover
        kind, amount = C.tile_kind[k], C.tile_amount[k]
        if kind == 0:
            self.vp[m] += amount
        elif kind == 1:
            self.phase = P_COLOUR
            return True
        elif kind == 2:
            if sum(self.bene_deck):
                self.phase = P_BENEFACTOR
                return True
        elif kind == 3:
            moved = min(amount, self.reserve[m])
            self.reserve[m] -= moved
            self.supply[m] += moved
        else:
            self.vp[m] += amount * self._centerpieces(m)
        return False

    def _take_upgrade(self, action):
        if action >= EDGE:
            self.edges[action - EDGE] = 1
            self.mi_tiles -= 1
            self._run_study()
        elif action >= COVER:
            self.turn["covers"] = C.markers_per_upgrade
            self._cover(action)
        else:
            self._upgrade_card(action)

    def _cover(self, action):
        b, c = divmod(action - COVER, 4)
        self.bp_cover[b][c] += 1
        self.markers -= 1
        self.turn["covers"] -= 1
        if self.turn["covers"] and self._cover_options():
            self.phase = P_COVER
        else:
            self.turn["covers"] = 0
            self._run_study()

    def _upgrade_card(self, action):
        """Replace a card in hand or on the board by one from the Upgrade display;
        score the old card's Effort (hand) or Publicity (board) x 1/1/2/2 [seed]."""
        m, turn = self.mover, self.turn
        multiplier = C.upgrade_multiplier[self.round]
        if action >= UPGRADE_BOARD:
            k, new = divmod(action - UPGRADE_BOARD, T)
            slot = self.slots[m][k]
            old = slot[0]
            self.vp[m] += C.card_publicity[old] * multiplier
            if slot[1] == C.gossip:
                if not self.gossip_known[m]:
                    known = self.known_aside[m] if self.gossip_pile[m] else self.known_hand[m]
                    if known[old]:
                        known[old] -= 1
                self.gossip_known[m] = 1
            elif k == turn["slot"]:
                # The card just played keeps its Publicity this round [seed].
                if slot[2] < 0:
                    slot[2] = C.card_publicity[old]
            else:
                # Any other replacement changes this round's Publicity [seed], even of
                # a card that kept its old Publicity when it was upgraded in its own turn.
                slot[2] = -1
            slot[0] = new
        else:
            old, new = divmod(action - UPGRADE_HAND, T)
            pile, known = self._pile(m)
            self.vp[m] += self._card_effort(m, old) * multiplier
            pile[old] -= 1
            pile[new] += 1
            if known[old]:
                known[old] -= 1
            known[new] += 1
        self.deck[m][old] -= 1
        self.deck[m][new] += 1
        self.display[m][new] -= 1
        if sum(self.upg[m]):
            self.phase = P_REFILL
        else:
            self._run_study()

    # ---- the end of a turn ------------------------------------------------------------

    def _enter_projects(self):
        self.phase = P_PROJECTS
        if not self._affordable_projects():
            self._end_turn()

    def _build(self, action):
        m, turn = self.mover, self.turn
        if m == DA_VINCI:
            b = action - BUILD_BLUEPRINT
            need, any_colour = self._blueprint_cost(b)
            self.bp_done[b] = 1
            self.vp[m] += C.blueprint_vp[b]
            # da Vinci's sections never matter again: he pays section A first.
            for c in COLOURS:
                from_a = min(need[c], self.res[m][0][c])
                self.res[m][0][c] -= from_a
                self.res[m][1][c] -= need[c] - from_a
            self._enter_projects()
            return
        f = action - BUILD_FRESCO
        need, any_colour = self._fresco_cost(f)
        self.frescoes[f] = 1
        self.vp[m] += C.row_vp[f // C.num_columns]
        turn["pay"] = need
        turn["pay_any"] = any_colour
        turn["last"] = -1
        self.phase = P_PAY
        self._settle_payment()

    def _pay(self, action):
        m, turn = self.mover, self.turn
        c, k = divmod(action - PAY, 2)
        self.res[m][k][c] -= 1
        if turn["pay_any"]:
            turn["pay_any"] -= 1
        else:
            turn["pay"][c] -= 1
        turn["last"] = action
        self._settle_payment()

    def _settle_payment(self):
        """Pays on its own while there is only one way to; back to Projects when paid."""
        turn = self.turn
        while True:
            if not turn["pay_any"] and not any(turn["pay"]):
                turn["last"] = -1
                self._enter_projects()
                return
            options = self._payments()
            if len(options) > 1:
                return
            c, k = divmod(options[0] - PAY, 2)
            self.res[self.mover][k][c] -= 1
            if turn["pay_any"]:
                turn["pay_any"] -= 1
            else:
                turn["pay"][c] -= 1
            turn["last"] = options[0]

    def _end_turn(self):
        played = len(self.slots[0]) + len(self.slots[1])
        if played == 2 * C.draw:
            self._end_round()
        else:
            self._begin_turn(1 - self.mover)

    def _publicity(self, s):
        total = 0
        for card, dest, override in self.slots[s]:
            if dest == C.gossip:
                total += C.card_publicity[card] * C.gossip_publicity
            else:
                total += override if override >= 0 else C.card_publicity[card]
        return total

    def _end_round(self):
        # Publicity: the higher total wins; a tie goes to the Workshop farther on the
        # Study track [seed]; still tied, nobody.
        pub = [self._publicity(0), self._publicity(1)]
        winner = (
            0
            if pub[0] > pub[1]
            else 1
            if pub[1] > pub[0]
            else 0
            if self.study[0] > self.study[1]
            else 1
            if self.study[1] > self.study[0]
            else -1
        )
        if winner >= 0:
            self.vp[winner] += C.publicity_vp[self.round]
        # Exhibition: each Centerpiece scores its Lodge area's Collectors.
        for r in range(R):
            if C.gallery[r] >= 0 and self.centerpiece[r] >= 0:
                area = C.gallery[r]
                self.vp[self.centerpiece[r]] += self.standing[area] + self.lying[area]
        for a in COLOURS:
            self.standing[a] += self.lying[a]
            self.lying[a] = 0
        for s in (0, 1):
            self.hand[s] = [0] * T
            self.aside[s] = [0] * T
            self.known_hand[s] = [0] * T
            self.known_aside[s] = [0] * T
            self.slots[s] = []
            self.gossip_known[s] = 0
            self.gossip_pile[s] = 0
        self.turn = codec.new_turn()
        self.mover = -1
        if self.round + 1 == C.rounds:
            self._final_scoring()
            self.phase = P_OVER
        else:
            self.round += 1
            self.first = 1 - self.first
            self._start_round()

    def _patroness_value(self, p, s):
        kind = C.patroness_kind[p]
        if kind == 0:
            count = C.tier(self.study[s])
        elif kind == 1:
            count = self._centerpieces(s)
        elif kind == 2:
            count = self.art[s][C.florence]
        elif kind == 3:
            count = sum(1 for r in range(R) if C.gallery[r] >= 0 and self.art[s][r])
        elif kind == 4:
            count = sum(self.bp_done) if s == DA_VINCI else sum(self.frescoes)
        else:
            count = sum(self.deck[s][t] for t in range(T) if C.card_upgrade[t])
        if C.patroness_cap[p]:
            count = min(count, C.patroness_cap[p])
        return C.patroness_vp[p] * count

    def _final_scoring(self):
        for s in (0, 1):
            for p, shown in enumerate(self.patrons):
                if shown:
                    self.vp[s] += self._patroness_value(p, s)
            self.vp[s] += (sum(self.res[s][0]) + sum(self.res[s][1])) // C.resources_per_vp

    # ---- outcome ---------------------------------------------------------------------------

    def scores(self):
        return list(self.vp)

    def returns(self):
        if self.phase != P_OVER:
            raise ValueError("returns() is defined only at a terminal state")
        # Most VP; then farther on the Study track; then more Centerpieces; else shared.
        keys = [(self.vp[s], self.study[s], self._centerpieces(s)) for s in (0, 1)]
        if keys[0] == keys[1]:
            return [0.5, 0.5]
        return [1.0, 0.0] if keys[0] > keys[1] else [0.0, 1.0]

    def heuristic(self):
        """Each Workshop's chance to win, from an estimate of its final VP: VP now, the
        Exhibitions its Centerpieces will score in the rounds left, the Patronesses as
        they stand, Resources, Study progress, Artworks out on the map, the Publicity
        lead this round and the Action Points still to spend this turn."""
        if self.phase == P_OVER:
            return self.returns()
        rounds_left = C.rounds - self.round
        pub = [self._publicity(0), self._publicity(1)]
        estimate = []
        for s in (0, 1):
            value = float(self.vp[s])
            for r in range(R):
                if C.gallery[r] >= 0 and self.centerpiece[r] == s:
                    area = C.gallery[r]
                    value += rounds_left * (self.standing[area] + self.lying[area])
            for p, shown in enumerate(self.patrons):
                if shown:
                    value += self._patroness_value(p, s)
            value += 0.5 * (sum(self.res[s][0]) + sum(self.res[s][1]))
            value += 0.4 * self.study[s]
            value += 0.25 * (sum(self.art[s]) - self.art[s][C.florence])
            if pub[s] > pub[1 - s]:
                value += 0.5 * C.publicity_vp[self.round]
            if s == self.mover:
                value += 0.5 * self.turn["ap"]
            estimate.append(value)
        h0 = 1.0 / (1.0 + math.exp(-(estimate[0] - estimate[1]) / HEURISTIC_SCALE))
        return [h0, 1.0 - h0]

    # ---- views, hashes and text ----------------------------------------------------------------

    def position(self):
        return codec.Position(self.to_raw(), self.current_player())

    from_position = classmethod(codec.build)

    def hash(self):
        return _digest(self.to_json())

    def infoset_key(self, seat):
        self._check_seat(seat)
        return _digest(json.dumps(self.observation(seat), sort_keys=True))


def _copy(value):
    """A deep copy of the raw form's ints, lists and dicts."""
    if isinstance(value, list):
        return [_copy(v) for v in value]
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    return value


def _digest(text: str) -> int:
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "little")
