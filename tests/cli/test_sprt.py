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
    # no variance yet: regularized, 50 draws in a row are evidence against +5 Elo
    assert test.decision(test.llr(moments_of([0.5] * 50))) == H0
    assert test.llr(moments_of([1.0])) == 0.0  # one sample is no evidence at all
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


def test_a_clean_sweep_is_evidence_from_its_second_sample():
    # 2 pairs won 2-0, regularized by 0.001 of a sample at 0 and at 1: n = 2.002,
    # mean = 2.001 / 2.002 = 0.9995005, variance 0.9995005 * 0.0004995 = 0.00049925,
    # LLR = 0.0071947 * (1.999001 - 1.0071947) / (2 * 0.00049925 / 2.002) = 14.31.
    test = Sprt(0, 5, 0.05, 0.05)
    assert test.llr(moments_of([1.0, 1.0])) == pytest.approx(14.31, abs=0.01)
    # before, a sweep read 0 until its first other result, then far past the bound
    assert test.llr(moments_of([1.0] * 41 + [0.75])) == pytest.approx(102.03, abs=0.01)


class ScriptedBackend:
    """Plays no game: each job's record comes from `result(index)` (1: the first
    entrant wins, 0: it loses, 0.5: a draw), in schedule order."""

    def __init__(self, result):
        self.result = result
        self.yielded = 0

    def run(self, jobs):
        for job in jobs:
            a_score = self.result(job.task.index)
            returns = [a_score if seat == "a" else 1.0 - a_score for seat in job.task.seats]
            self.yielded += 1
            yield {
                "index": job.task.index,
                "block": job.task.block,
                "seed": job.task.seed,
                "seats": list(job.task.seats),
                "returns": returns,
                "error": None,
                "forfeit": None,
            }


def stop_of(result, games, tmp_path, sprt="0,5,0.05,0.05"):
    from rich.console import Console

    from cli.match.entrants import parse_entrant
    from cli.match.runner import MatchConfig, run_match
    from plugins.manager import default_registry

    registry = default_registry()
    entrants = [parse_entrant(text, registry) for text in ("a=random", "b=random")]
    config = MatchConfig("tictactoe", entrants, games, seed=1, sprt=Sprt.parse(sprt))
    backend = ScriptedBackend(result)
    outcome = run_match(config, tmp_path, backend, console=Console(file=open("/dev/null", "w")))
    return outcome, backend


def first_crossing(result, games, test):
    """The number of games after which the LLR of the pair scores so far first
    leaves the bounds, worked out from the sequence alone."""
    pairs = Moments()
    for index in range(1, games, 2):
        a_first, a_second = result(index - 1), result(index)
        pairs.add((a_first + a_second) / 2)
        if test.decision(test.llr(pairs)) is not None:
            return index + 1
    return None


@pytest.mark.parametrize(
    "name, result",
    [
        ("sweep", lambda index: 1.0),
        ("mostly wins", lambda index: 0.0 if index % 7 == 3 else (0.5 if index % 5 == 0 else 1.0)),
        ("even", lambda index: [1.0, 0.0, 0.5, 0.5, 0.0, 1.0][index % 6]),
    ],
)
def test_the_match_stops_at_the_first_game_whose_llr_crosses_a_bound(tmp_path, name, result):
    test = Sprt(0, 5, 0.05, 0.05)
    expected = first_crossing(result, 400, test)
    assert expected is not None and expected < 400
    outcome, backend = stop_of(result, 400, tmp_path)
    sprt = outcome.summary["head_to_head"]["sprt"]
    assert outcome.sprt_stopped and sprt["decision"] is not None
    assert backend.yielded == expected and outcome.summary["games"] == expected
    if name == "sweep":
        assert expected == 4 and sprt["llr"] == pytest.approx(14.31, abs=0.01)
