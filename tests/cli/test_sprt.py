"""The SPRT of `--sprt elo0,elo1,alpha,beta` (cli/match/sprt.py) against values
worked out by hand with the GSPRT formula that fastchess and fishtest use."""

import math

import pytest

from cli.match.elo import Moments
from cli.match.sprt import H0, H1, Sprt
from cli.specs import OptionError


def moments_of(values):
    m = Moments()
    for v in values:
        m.add(v)
    return m


def test_bounds_for_alpha_and_beta_of_five_percent():
    # fastchess and cutechess print these as (-2.94, 2.94).
    test = Sprt(0, 5, 0.05, 0.05)
    assert test.lower == pytest.approx(-2.9444, abs=1e-4)
    assert test.upper == pytest.approx(2.9444, abs=1e-4)
    assert Sprt(0, 5, 0.1, 0.05).upper == pytest.approx(math.log(0.95 / 0.1))


def test_trinomial_llr():
    # 60 wins, 20 draws, 20 losses: score a = 0.7, second moment b = 0.65, variance
    # 0.16; s0 = 0.5, s1 = 1/(1+10^(-5/400)) = 0.507195; LLR = (s1-s0)(2a-s0-s1) /
    # (2 * 0.16/100) = 0.8832.
    samples = moments_of([1.0] * 60 + [0.5] * 20 + [0.0] * 20)
    test = Sprt(0, 5, 0.05, 0.05)
    assert test.llr(samples) == pytest.approx(0.8832, abs=1e-4)
    assert test.decision(test.llr(samples)) is None


def test_pentanomial_llr():
    # pair counts [2, 10, 40, 30, 18]: mean 0.63, variance 0.0581 over 100 pairs,
    # LLR = 0.007195 * (1.26 - 1.007195) / (2 * 0.0581 / 100) = 1.5654.
    pairs = moments_of([0.0] * 2 + [0.25] * 10 + [0.5] * 40 + [0.75] * 30 + [1.0] * 18)
    assert Sprt(0, 5, 0.05, 0.05).llr(pairs) == pytest.approx(1.5654, abs=1e-4)


def test_decisions():
    test = Sprt(0, 5, 0.05, 0.05)
    strong = moments_of([1.0] * 600 + [0.5] * 200 + [0.0] * 200)
    assert test.llr(strong) == pytest.approx(8.832, abs=1e-3)
    assert test.decision(test.llr(strong)) == H1
    weak = moments_of([1.0] * 200 + [0.5] * 200 + [0.0] * 600)
    assert test.decision(test.llr(weak)) == H0
    assert test.llr(Moments()) == 0.0
    assert test.llr(moments_of([0.5] * 50)) == 0.0  # no variance yet: no evidence
    assert test.decision(test.upper) == H1 and test.decision(test.lower) == H0


def test_parse():
    test = Sprt.parse("-2,3.5,0.05,0.1")
    assert (test.elo0, test.elo1, test.alpha, test.beta) == (-2, 3.5, 0.05, 0.1)
    assert str(test) == "-2,3.5,0.05,0.1"
    for bad, message in [
        ("0,5,0.05", "elo0,elo1,alpha,beta"),
        ("0,x,0.05,0.05", "four numbers"),
        ("5,0,0.05,0.05", "elo0 < elo1"),
        ("0,5,0,0.05", "alpha"),
        ("0,5,0.05,1", "beta"),
        ("0,5,0.6,0.5", r"alpha \+ beta"),
    ]:
        with pytest.raises(OptionError, match=message):
            Sprt.parse(bad)
