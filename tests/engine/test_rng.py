"""engine.rng: the seeded xoshiro256** generator, checked against a plain-Python
model of the published algorithm and by statistical tests with fixed seeds."""

import itertools

import pytest

from engine.rng import Rng

MASK = 2**64 - 1
# Upper 0.1% points of the chi-square distribution (df: value); a fixed seed makes
# each test deterministic, the threshold makes it meaningful.
CHI2_999 = {5: 20.515, 9: 27.877}


class ModelRng:
    """xoshiro256** seeded by splitmix64, written out in Python as published."""

    def __init__(self, seed):
        x = seed & MASK
        self.s = []
        for _ in range(4):
            x = (x + 0x9E3779B97F4A7C15) & MASK
            z = x
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
            self.s.append(z ^ (z >> 31))

    @staticmethod
    def rotl(x, k):
        return ((x << k) | (x >> (64 - k))) & MASK

    def next(self):
        s = self.s
        result = (self.rotl((s[1] * 5) & MASK, 7) * 9) & MASK
        t = (s[1] << 17) & MASK
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = self.rotl(s[3], 45)
        return result


def chi_square(counts, expected):
    return sum((c - expected) ** 2 / expected for c in counts)


@pytest.mark.parametrize("seed", [0, 1, 42, 2**63, MASK])
def test_matches_the_published_algorithm(seed):
    rng, model = Rng(seed), ModelRng(seed)
    assert [rng.next_u64() for _ in range(50)] == [model.next() for _ in range(50)]


def test_same_seed_same_stream():
    a, b = Rng(123), Rng(123)
    assert [a.randint(1000) for _ in range(100)] == [b.randint(1000) for _ in range(100)]
    assert [a.random() for _ in range(100)] == [b.random() for _ in range(100)]


def test_different_seeds_differ():
    streams = {tuple(Rng(seed).next_u64() for _ in range(4)) for seed in range(200)}
    assert len(streams) == 200


def test_unseeded_generators_differ():
    assert Rng().next_u64() != Rng().next_u64()


def test_randint_is_uniform_by_chi_square():
    rng = Rng(7)
    counts = [0] * 10
    for _ in range(100_000):
        counts[rng.randint(10)] += 1
    assert chi_square(counts, 10_000) < CHI2_999[9], counts


def test_randint_is_unbiased_for_a_bound_that_does_not_divide_2_32():
    # 3 * 2**30 leaves a large remainder: a plain modulo would favour the low third.
    rng = Rng(99)
    n = 3 * 2**30
    thirds = [0, 0, 0]
    for _ in range(60_000):
        thirds[rng.randint(n) * 3 // n] += 1
    assert chi_square(thirds, 20_000) < 13.8, thirds  # df 2, 0.1%


@pytest.mark.parametrize("n", [1, 2, 3, 7, 1000, 2**31, 2**32 - 1])
def test_randint_stays_below_its_bound(n):
    rng = Rng(n)
    values = [rng.randint(n) for _ in range(2000)]
    assert all(isinstance(v, int) and 0 <= v < n for v in values)
    if n == 1:
        assert set(values) == {0}
    if n == 2:
        assert set(values) == {0, 1}


@pytest.mark.parametrize("n", [0, -1, 2**32, 2**40])
def test_randint_refuses_bounds_out_of_range(n):
    with pytest.raises(ValueError, match="randint"):
        Rng(1).randint(n)


def test_random_is_in_the_unit_interval_with_mean_one_half():
    rng = Rng(3)
    values = [rng.random() for _ in range(50_000)]
    assert all(0.0 <= v < 1.0 for v in values)
    assert abs(sum(values) / len(values) - 0.5) < 0.005


def test_shuffle_is_a_permutation():
    rng = Rng(11)
    for size in (0, 1, 2, 10, 101):
        items = list(range(size))
        rng.shuffle(items)
        assert sorted(items) == list(range(size))


def test_shuffle_draws_every_permutation_equally_often():
    rng = Rng(5)
    perms = {p: 0 for p in itertools.permutations(range(3))}
    for _ in range(60_000):
        items = [0, 1, 2]
        rng.shuffle(items)
        perms[tuple(items)] += 1
    assert chi_square(perms.values(), 10_000) < CHI2_999[5], perms


def test_shuffle_takes_only_lists():
    with pytest.raises(TypeError):
        Rng(1).shuffle((1, 2, 3))


def test_choice_picks_members_and_refuses_empty():
    rng = Rng(2)
    seen = {rng.choice("abc") for _ in range(100)}
    assert seen == {"a", "b", "c"}
    with pytest.raises(ValueError, match="empty"):
        rng.choice([])


@pytest.mark.parametrize("seed", ["1", 1.0, True, [1], b"1"])
def test_non_integer_seeds_are_refused(seed):
    with pytest.raises(TypeError, match="seed must be an integer"):
        Rng(seed)


def test_getstate_setstate_resumes_the_stream():
    rng = Rng(8)
    rng.next_u64()
    saved = rng.getstate()
    ahead = [rng.next_u64() for _ in range(5)]
    other = Rng(0)
    other.setstate(saved)
    assert [other.next_u64() for _ in range(5)] == ahead
    assert len(saved) == 4 and all(0 <= w <= MASK for w in saved)


@pytest.mark.parametrize("state", [(0, 0, 0, 0), (1, 2, 3), (1, 2, 3, 4, 5)])
def test_setstate_refuses_bad_states(state):
    with pytest.raises(ValueError):
        Rng(1).setstate(state)


def test_spawn_gives_reproducible_independent_streams():
    a, b = Rng(4), Rng(4)
    child_a, child_b = a.spawn(), b.spawn()
    assert [child_a.next_u64() for _ in range(5)] == [child_b.next_u64() for _ in range(5)]
    # The child does not replay its parent's stream.
    parent_next = [a.next_u64() for _ in range(5)]
    assert parent_next != [Rng(4).next_u64() for _ in range(5)]
    assert parent_next != [child_b.next_u64() for _ in range(5)]
