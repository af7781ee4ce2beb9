# Tic-tac-toe as a compiled State. Cells are actions 0..8, row-major from a1:
#   a3 b3 c3      6 7 8
#   a2 b2 c2  =   3 4 5
#   a1 b1 c1      0 1 2
# Seat 0 plays X and moves first.
from libc.stdint cimport uint64_t
from libc.string cimport memcpy

from engine.games.tictactoe import actions, codec, words
from engine.games.tictactoe import render as _render
from engine.hashing cimport mix64
from engine.state cimport State, TERMINAL

cdef int EMPTY = -1
cdef int NO_WINNER = -1
cdef int DRAW = 2
cdef int LINES[8][3]   # codec.LINES, as C ints for nogil code
for _k in range(8):
    for _j in range(3):
        LINES[_k][_j] = codec.LINES[_k][_j]


cdef class TicTacToeState(State):
    cdef signed char board[9]   # EMPTY, 0 (X) or 1 (O)
    cdef int to_move
    cdef int winner             # NO_WINNER, a seat, or DRAW
    cdef int filled

    game_name = "tictactoe"
    actions = actions
    codec = codec
    text = _render
    words = words

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
        self.c_copy_into(copy)
        return copy

    cdef bint c_copy_into(self, State other) noexcept nogil:
        # Casts in place: a typed local would count references, which needs the GIL.
        memcpy((<TicTacToeState>other).board, self.board, sizeof(self.board))
        (<TicTacToeState>other).to_move = self.to_move
        (<TicTacToeState>other).winner = self.winner
        (<TicTacToeState>other).filled = self.filled
        return True

    # ---- Python-level, game-specific --------------------------------------------

    def scores(self):
        if self.winner in (0, 1):
            return [1 if s == self.winner else 0 for s in range(2)]
        return [0, 0]

    def position(self):
        return codec.Position([self.board[i] for i in range(9)], self.to_move)

    @classmethod
    def from_position(cls, pos):
        cdef TicTacToeState s = cls()
        for i in range(9):
            s.board[i] = pos.board[i]
        s.filled = 9 - pos.board.count(EMPTY)
        s.to_move = pos.to_move
        owner = codec.line_owner(pos.board)
        if owner is not None:
            s.winner = owner
        elif s.filled == 9:
            s.winner = DRAW
        return s
