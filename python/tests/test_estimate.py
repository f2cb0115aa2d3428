"""The built-in life-and-death estimator from Python: the estimate of a paused game, and counting
with it."""

import jipingdian as jpd


def finished_game(rules):
    """A finished 9x9 position (a real professional ending): White's G6 and Black's B8 are dead."""
    rows = [". . O X X X X . .",
            ". X O O O X . X .",
            ". . . . O O X X .",
            ". . . O O X O . .",
            ". . . O X X . . .",
            ". . O X X . . . .",
            ". . O O X X . . .",
            ". . . O O X . . .",
            ". . . . O X . . ."]
    g = jpd.Game(rules, size=9)
    for y, row in enumerate(rows):
        for x, ch in enumerate(row.split()):
            if ch in "XO":
                g.setup_stone((x, y), jpd.BLACK if ch == "X" else jpd.WHITE)
    return g


def test_estimate_finds_the_dead_stones():
    e = jpd.estimate(finished_game("japanese"), playouts=300)
    assert e["playouts"] == 300 and e["detail"] == "estimator, 300 playouts"
    status = {c["stone"]: c["status"] for c in e["chains"]}
    assert status["G6"] == "dead" and status["B8"] == "dead" and status["F6"] == "alive"
    assert sorted(e["statuses"]["dead"]) == ["B8", "G6"]
    assert len(e["ownership"]) == 9 and len(e["ownership"][0]) == 9
    assert e["ownership"][8][8] > 0.5  # J1 is Black's


def test_estimate_is_deterministic_and_checks_its_options():
    g = finished_game("tang-song")
    assert jpd.estimate(g) == jpd.estimate(g)
    try:
        jpd.estimate(g, open_shapes="sometimes")
    except ValueError as e:
        assert "open_shapes" in str(e)
    else:
        raise AssertionError("no error")
