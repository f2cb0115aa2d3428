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


def test_estimate_reads_a_copy_while_another_thread_plays_and_undoes_on_the_game():
    # estimate() releases the interpreter lock: it read the caller's Game meanwhile, and another
    # thread's play/undo on it crashed the interpreter (3 runs of 3) or gave the estimate of a
    # position that never was (a few in every thousand here). Now it estimates a copy taken
    # under the lock: the position before the move or after it, and the estimator is
    # deterministic, so each answer is exactly one of the two.
    import threading

    game = finished_game("japanese")
    before = jpd.estimate(game, playouts=10)
    game.play((0, 0))
    after = jpd.estimate(game, playouts=10)
    game.undo()
    assert before != after
    done = threading.Event()
    errors = []

    def player():
        while not done.is_set():
            try:
                game.play((0, 0))
                game.undo()
            except Exception as e:  # noqa: BLE001 - reported below
                errors.append(e)
                return

    def estimator(results):
        try:
            for _ in range(800):
                results.append(jpd.estimate(game, playouts=10))
        except Exception as e:  # noqa: BLE001 - reported below
            errors.append(e)

    results = []
    players = [threading.Thread(target=player)]
    estimators = [threading.Thread(target=estimator, args=(results,)) for _ in range(3)]
    for t in players + estimators:
        t.start()
    for t in estimators:
        t.join()
    done.set()
    for t in players:
        t.join()
    assert errors == []
    assert len(results) == 2400
    assert sum(r != before and r != after for r in results) == 0
    assert jpd.estimate(game, playouts=10) == before
