"""Maestro's named numbers as Python ints (phases, ends, pass, the variants' modes),
compiled from codes.pxd, their one home, which the compiled state cimports."""
