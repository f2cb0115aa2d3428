"""Board: stones, chains, liberties, captures; points in every notation."""

import pytest

import jipingdian as jpd


def test_points_in_every_notation():
    b = jpd.Board(9)
    b.play("C3", jpd.BLACK)
    assert b["C3"] == b["cg"] == b[(2, 6)] == b[jpd.Point(2, 6)] == jpd.BLACK
    assert jpd.Point.parse("C3", 9) == (2, 6)
    assert jpd.Point(2, 6).gtp(9) == "C3" and jpd.Point(2, 6).sgf() == "cg"
    x, y = jpd.Point(2, 6)
    assert (x, y) == (2, 6)
    with pytest.raises(jpd.PointError):
        b["Z9"]
    with pytest.raises(jpd.PointError):
        b[(9, 0)]


def test_capture_and_chains():
    b = jpd.Board(5)
    for p in ["B3", "D3", "C2"]:
        b.play(p, "B")
    b.play("C3", "W")
    assert b.liberties("C3") == 1
    assert b.captures("C4", jpd.BLACK)
    assert b.play("C4", "B") == 1
    assert b["C3"] == jpd.EMPTY
    assert b.captured(jpd.WHITE) == 1
    assert b.stones(jpd.BLACK) == 4
    b.play("C3", "B")
    assert b.chain("C3") == [(2, 1), (1, 2), (2, 2), (3, 2), (2, 3)]  # top row first
    assert b.chain_size("C3") == 5
    assert len(b.empty_points()) == 25 - 5


def test_ko_point_and_suicide():
    b = jpd.Board(5)
    # A ko shape: Black takes at C3 and White may not retake at once.
    for p in ["B3", "C2", "C4"]:
        b.play(p, "B")
    for p in ["C3", "D2", "D4", "E3"]:
        b.play(p, "W")
    assert b.play("D3", "B") == 1
    assert b.ko_point == jpd.Point.parse("C3", 5)
    assert b.is_suicide("E5", jpd.BLACK) is False
    corner = jpd.Board(3)
    corner.play("A2", "W")
    corner.play("B1", "W")
    assert corner.is_suicide("A1", "B")


def test_occupied_point_is_refused():
    b = jpd.Board(9)
    b.play("E5", "B")
    with pytest.raises(jpd.IllegalMove) as e:
        b.play("E5", "W")
    assert e.value.reason == "occupied"


def test_text_rows_copy_and_equality():
    b = jpd.Board((5, 3))
    assert b.size == (5, 3)
    b.set_stone("A1", "W")
    assert b.rows() == [".....", ".....", "O...."]
    c = b.copy()
    assert c == b
    c.set_stone("A1", jpd.EMPTY)
    assert c != b
    with pytest.raises(ValueError):
        jpd.Board(26)


def test_point_refuses_coordinates_that_would_wrap_in_a_byte():
    # A coordinate is kept in a byte: Point(259, 3) was Point(3, 3), Point(-1, -1) (255, 255).
    for x, y in [(259, 3), (-1, -1), (25, 0), (0, 25), (3, -256)]:
        with pytest.raises(ValueError, match="from 0 to 24"):
            jpd.Point(x, y)
    assert jpd.Point(24, 24) == (24, 24) and jpd.Point(0, 0) == (0, 0)
