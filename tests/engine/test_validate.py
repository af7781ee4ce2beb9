"""engine.validate: the field checks every game's from_dict relies on."""

import pytest

from engine.errors import StateFormatError
from engine.validate import check_int, get_int, get_int_list, get_str, require


def test_get_int_accepts_ints_in_range():
    assert get_int({"n": 3}, "n", 0, 3) == 3
    assert get_int({"n": -2}, "n", -2, 0) == -2


@pytest.mark.parametrize(
    "value, message",
    [
        (None, "n must be an integer"),
        ("3", "n must be an integer"),
        (3.0, "n must be an integer"),
        (True, "n must be an integer"),
        (4, r"n must be in 0\.\.3, got 4"),
        (-1, r"n must be in 0\.\.3, got -1"),
    ],
)
def test_get_int_refuses_with_the_field_name(value, message):
    with pytest.raises(StateFormatError, match=message):
        get_int({"n": value}, "n", 0, 3)


def test_missing_fields_are_named():
    for getter, args in ((get_int, (0, 1)), (get_int_list, (None, 0, 1)), (get_str, ())):
        with pytest.raises(StateFormatError, match="missing field 'x'"):
            getter({}, "x", *args)


def test_check_int_names_what_it_checks():
    with pytest.raises(StateFormatError, match=r"board\[2\] must be in"):
        check_int(9, "board[2]", 0, 1)


def test_get_int_list():
    assert get_int_list({"b": [0, 1, 1]}, "b", 3, 0, 1) == [0, 1, 1]
    assert get_int_list({"b": []}, "b", None, 0, 1) == []
    with pytest.raises(StateFormatError, match="b must be a list"):
        get_int_list({"b": (0, 1)}, "b", None, 0, 1)
    with pytest.raises(StateFormatError, match="b must have 3 items, got 2"):
        get_int_list({"b": [0, 1]}, "b", 3, 0, 1)
    with pytest.raises(StateFormatError, match=r"b\[1\] must be in 0\.\.1, got 2"):
        get_int_list({"b": [0, 2]}, "b", None, 0, 1)
    with pytest.raises(StateFormatError, match=r"b\[0\] must be an integer"):
        get_int_list({"b": [False]}, "b", None, 0, 1)


def test_get_str():
    assert get_str({"v": "a"}, "v") == "a"
    assert get_str({"v": "a"}, "v", ("a", "b")) == "a"
    with pytest.raises(StateFormatError, match="v must be a string"):
        get_str({"v": 1}, "v")
    with pytest.raises(StateFormatError, match="v must be one of a, b, got 'c'"):
        get_str({"v": "c"}, "v", ("a", "b"))


def test_require():
    require(True, "never shown")
    with pytest.raises(StateFormatError, match="the counts disagree"):
        require(False, "the counts disagree")
