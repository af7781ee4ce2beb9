"""KeyIndex: the map from information-set keys to node ids of the keyed searches."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from search.keyindex import KeyIndex


def test_finds_what_was_filed_and_nothing_else():
    index = KeyIndex()
    index.insert(7, 3)
    index.insert(7 + 1024, 4)  # the same first slot: found by probing on
    assert (index.find(7), index.find(7 + 1024), index.find(8)) == (3, 4, -1)
    assert index.count == 2


def test_a_key_is_filed_once_and_values_are_not_negative():
    index = KeyIndex()
    index.insert(5, 0)
    with pytest.raises(KeyError, match="already"):
        index.insert(5, 1)
    with pytest.raises(ValueError, match=">= 0"):
        index.insert(6, -1)
    assert (index.find(5), index.find(6), index.count) == (0, -1, 1)


@given(st.lists(st.integers(0, 2**64 - 1), unique=True, min_size=0, max_size=3000))
def test_keeps_every_entry_as_it_grows(keys):
    # 3,000 entries take the 1,024 slots it starts with through two doublings.
    index = KeyIndex()
    for value, key in enumerate(keys):
        index.insert(key, value)
    assert [index.find(key) for key in keys] == list(range(len(keys)))
    assert index.count == len(keys)
