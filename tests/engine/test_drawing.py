"""engine/drawing.py: a drawing's lines wrap to the width, and nothing is cut off."""

from engine.drawing import fit, fit_line


def test_a_short_line_is_kept_as_it_is():
    assert fit_line("  R1 sax     piano") == ["  R1 sax     piano"]


def test_a_long_line_wraps_at_spaces_and_keeps_every_word_and_its_spacing():
    line = "  R10 clarine trumpet  trumpet horn " + " ".join(f"word{i}" for i in range(30))
    parts = fit_line(line, 40)
    assert all(len(p) <= 40 for p in parts) and len(parts) > 1
    assert parts[0].startswith("  R10 clarine trumpet  trumpet")  # inner spacing kept
    assert " ".join(p.strip() for p in parts).split() == line.split()
    assert all(p.startswith("    ") for p in parts[1:])  # continuation indented


def test_a_word_wider_than_the_line_is_split_not_dropped():
    parts = fit_line("x" * 100, 30)
    assert all(len(p) <= 30 for p in parts)
    assert "".join(p.strip() for p in parts) == "x" * 100


def test_fit_wraps_every_line_of_a_text():
    text = "a\n" + "b " * 60 + "\nc"
    out = fit(text, 50).split("\n")
    assert out[0] == "a" and out[-1] == "c" and max(map(len, out)) <= 50
