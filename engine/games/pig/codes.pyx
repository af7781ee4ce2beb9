"""Pig's action ids as Python ints, compiled from codes.pxd (their one home, which the
compiled state cimports): ROLL, HOLD, FACE_BASE, NUM_ACTIONS, FACES."""
