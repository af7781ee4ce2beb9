# Tic-tac-toe as a compiled State. Cells are actions 0..8, row-major from a1:
#   a3 b3 c3      6 7 8
#   a2 b2 c2  =   3 4 5
#   a1 b1 c1      0 1 2
# Seat 0 plays X and moves first.
from libc.stdint cimport uint64_t
from libc.string cimport memcpy

from engine.games.tictactoe.actions import action_to_str, str_to_action
from engine.games.tictactoe.render import render
from engine.games.tictactoe import words
from engine.hashing cimport mix64
from engine.state cimport State, TERMINAL
from engine.validate import get_int, get_int_list, require
from engine.whole_view import state_from_whole_observation, whole_state_observation

cdef int EMPTY = -1
cdef int NO_WINNER = -1
cdef int DRAW = 2
cdef int LINES[8][3]
LINES[:] = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6],
            [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]]


cdef class TicTacToeState(State):
    cdef signed char board[9]   # EMPTY, 0 (X) or 1 (O)
    cdef int to_move
    cdef int winner             # NO_WINNER, a seat, or DRAW
    cdef int filled

    game_name = "tictactoe"

    def __init__(self):
        self.num_players = 2
        self.num_actions = 9
        self.variant = "standard"
        for i in range(9):
            self.board[i] = EMPTY
        self.to_move = 0
        self.winner = NO_WINNER
        self.filled = 0

    @classmethod
    def new_initial(cls, num_players=2, variant="standard"):
        return cls()

    cdef int c_current_player(self) noexcept nogil:
        if self.winner != NO_WINNER:
            return TERMINAL
        return self.to_move

    cdef int c_legal_actions(self, int* out) noexcept nogil:
        cdef int n = 0, i
        if self.winner != NO_WINNER:
            return 0
        for i in range(9):
            if self.board[i] == EMPTY:
                out[n] = i
                n += 1
        return n

    cdef void c_apply(self, int action) noexcept nogil:
        cdef int k
        self.board[action] = self.to_move
        self.filled += 1
        for k in range(8):
            if (self.board[LINES[k][0]] == self.to_move
                    and self.board[LINES[k][1]] == self.to_move
                    and self.board[LINES[k][2]] == self.to_move):
                self.winner = self.to_move
                return
        if self.filled == 9:
            self.winner = DRAW
            return
        self.to_move = 1 - self.to_move

    cdef void c_returns(self, double* out) noexcept nogil:
        if self.winner == DRAW or self.winner == NO_WINNER:
            out[0] = 0.5
            out[1] = 0.5
        else:
            out[self.winner] = 1.0
            out[1 - self.winner] = 0.0

    cdef void c_heuristic(self, double* out) noexcept nogil:
        # Lines still open to each seat, as a share of all open lines.
        cdef int k, j, mine, theirs
        cdef double open_[2]
        open_[0] = 1.0
        open_[1] = 1.0
        for k in range(8):
            mine = 0
            theirs = 0
            for j in range(3):
                if self.board[LINES[k][j]] == 0:
                    mine += 1
                elif self.board[LINES[k][j]] == 1:
                    theirs += 1
            if theirs == 0:
                open_[0] += 1 + mine
            if mine == 0:
                open_[1] += 1 + theirs
        out[0] = open_[0] / (open_[0] + open_[1])
        out[1] = 1.0 - out[0]

    cdef uint64_t c_hash(self) noexcept nogil:
        # The board in base 3 identifies the position exactly; mix it to spread bits.
        cdef uint64_t code = 0
        cdef int i
        for i in range(9):
            code = code * 3 + <uint64_t>(self.board[i] + 1)
        return mix64(code + 1)

    cdef State c_clone(self):
        cdef TicTacToeState copy = TicTacToeState.__new__(TicTacToeState)
        copy.num_players = 2
        copy.num_actions = 9
        copy.variant = self.variant
        memcpy(copy.board, self.board, sizeof(self.board))
        copy.to_move = self.to_move
        copy.winner = self.winner
        copy.filled = self.filled
        return copy

    # ---- Python-level, game-specific --------------------------------------------

    def scores(self):
        if self.winner in (0, 1):
            return [1 if s == self.winner else 0 for s in range(2)]
        return [0, 0]

    def to_dict(self):
        return {"game": self.game_name, "board": [self.board[i] for i in range(9)],
                "to_move": self.to_move}

    @classmethod
    def from_dict(cls, data):
        board = get_int_list(data, "board", 9, -1, 1)
        to_move = get_int(data, "to_move", 0, 1)
        xs, os = board.count(0), board.count(1)
        require(xs - os in (0, 1), "X moves first, so X has as many marks as O, or one more")
        last_mover = 0 if xs > os else 1
        cdef TicTacToeState s = cls()
        for i in range(9):
            s.board[i] = board[i]
        s.filled = xs + os
        s.to_move = to_move
        s._settle(from_last_mover=last_mover)
        # c_apply does not pass the turn after the last move, so a finished game
        # keeps to_move on the seat that moved last; otherwise it is the next seat.
        if s.winner == NO_WINNER:
            require(to_move == 1 - last_mover,
                    "to_move must be the seat whose turn it is (X when the counts are equal)")
        else:
            require(to_move == last_mover, "in a finished game to_move is the seat that moved last")
        return s

    def _settle(self, int from_last_mover):
        # The winner of a loaded board: the seat that moved last, if it has a line.
        lines = [[self.board[LINES[k][j]] for j in range(3)] for k in range(8)]
        wins = [seat for seat in (0, 1) if [seat] * 3 in lines]
        require(len(wins) <= 1, "both seats cannot have three in a row")
        if wins:
            require(wins[0] == from_last_mover, "the seat with three in a row must have moved last")
            self.winner = wins[0]
            self.to_move = wins[0]
        elif self.filled == 9:
            self.winner = DRAW
            self.to_move = from_last_mover

    def observation(self, seat):
        return whole_state_observation(self, seat)

    @classmethod
    def from_observation(cls, observation, rng):
        return state_from_whole_observation(observation, cls.from_dict_checked)

    def action_to_str(self, action):
        return action_to_str(action)

    def str_to_action(self, text):
        return str_to_action(text)

    def describe(self, action, viewer=None):
        return words.describe(self._board(), self.to_move, action)

    def illegal_reason(self, action):
        return words.illegal_reason(self._board(), self.winner != NO_WINNER, action)

    def _board(self):
        return [self.board[i] for i in range(9)]

    def render(self):
        return render(self._board())
