"""The referee from Python: every kind of move, refusals as IllegalMove with the reason."""

import pytest

import jipingdian as jpd


def refusal(action, *args):
    with pytest.raises(jpd.IllegalMove) as e:
        action(*args)
    return e.value


def test_spec_worked_check_tang_song_and_ming_qing():
    """SPEC §7 worked check: the same 5x5 game is W+0.5 under tang-song and B+0.5 under ming-qing."""
    results = {}
    for preset in ("tang-song", "ming-qing"):
        g = jpd.Game(jpd.Ruleset(preset).replace(komi=0.5), size=5)
        for b, w in zip(["B3", "B2", "B4", "B1", "B5"], ["D3", "D2", "D4", "D1", "D5"]):
            g.play(b)
            g.play(w)
        g.play("C3")
        g.virtual()
        g.virtual()
        assert g.phase == "paused"
        c = g.count()
        assert (c.area.black, c.area.white) == (13, 12)
        assert tuple(c.placed) == (7, 6)
        assert c.all_invariants_hold
        results[preset] = (c.result, tuple(c.territory), c.pay)
    assert results["tang-song"] == ("W+0.5", (4, 4), 1)
    assert results["ming-qing"] == ("B+0.5", (5, 4), 0)


def test_refusals_carry_the_referees_reason():
    g = jpd.Game("tang-song", size=5)
    g.play("C3")
    e = refusal(g.play, "C3")
    assert (e.reason, e.move) == ("occupied", "W C3") and "occupied" in e.message
    assert refusal(g.play, "D4", "B").reason == "not_your_turn"
    assert refusal(g.pass_).reason == "pass_not_allowed"
    assert refusal(g.negative_a, "C3").reason == "wrong_phase"
    assert refusal(g.accept_pause).reason == "no_proposal"
    assert isinstance(e, jpd.Error) and isinstance(e, ValueError)
    assert len(g.moves) == 1  # a refused move changes nothing


def test_ko_and_suicide():
    g = jpd.Game("tang-song", size=5)
    for p in ["B3", "C3", "C2", "D2", "C4", "D4", "E5", "E3", "D3"]:
        g.play(p)  # Black D3 takes the white stone at C3
    assert g.captured(jpd.WHITE) == 1
    assert refusal(g.play, "C3").reason == "ko"
    s = jpd.Game("tang-song", size=3)
    for p in ["C3", "A2", "C2", "B1"]:
        s.play(p)
    assert refusal(s.play, "A1").reason == "suicide"
    assert s.check(jpd.Move("play", "B", "B2", size=3))
    assert not s.check(jpd.Move("play", "B", (0, 2)))


def test_agreed_pause_virtual_and_negative_moves():
    """living-a: White first, agreed pause only; a rejected proposal obliges a virtual move."""
    g = jpd.Game("living-a", size=5)
    assert g.to_move == jpd.WHITE
    g.play("C3")
    g.play("B2")
    g.propose_pause()
    assert g.pending_proposal == jpd.WHITE
    assert refusal(g.play, "D4").reason == "proposal_pending"
    g.reject_pause()
    assert refusal(g.play, "D4").reason == "must_play_virtual"
    g.virtual()
    assert g.virtual_stones(jpd.WHITE) == 1
    g.play("D4")
    g.propose_pause()
    g.accept_pause()
    assert g.phase == "paused" and g.paused_by_agreement
    g.start_making()
    assert refusal(g.negative_a, "A1", "W").reason == "not_own_stone"
    g.negative_b("C3")  # the colour is the stone's
    assert g.counters["making"]["W"]["negative_b"] == 1
    kinds = [m.move.kind for m in g.moves]
    assert kinds == ["play", "play", "propose-pause", "reject-pause", "virtual", "play",
                     "propose-pause", "accept-pause", "negative-b"]
    assert g.moves[-1].phase == "making"


def test_dispute_resign_undo_and_strict():
    d = jpd.Game("sci-1-1", size=5)
    d.play("C3")
    d.pass_()
    d.pass_()
    d.resume_dispute()
    assert d.phase == "dispute"
    d.play("D3")
    d.pass_()
    d.pass_()
    assert d.pauses == 2 and d.count().all_invariants_hold

    r = jpd.Game("japanese", size=9)
    r.play("E5")
    r.resign()
    assert (r.phase, r.end_reason, r.winner) == ("ended", "resigned", jpd.BLACK)
    assert r.count().result == "B+R"

    u = jpd.Game(size=9)
    u.play("E5")
    assert u.undo() and not u.undo() and u.moves == []

    s = jpd.Game("tang-song", size=9)
    s.set_strict(True)
    s.play("E5")
    refusal(s.play, "E5")
    assert (s.end_reason, s.winner) == ("forfeit", jpd.BLACK)


def test_setup_and_handicap():
    g = jpd.Game("japanese", size=9)
    assert g.place_fixed_handicap(2) == [(6, 2), (2, 6)]
    assert g.to_move == jpd.WHITE
    g.setup_stone("E5", "B")
    assert g.counters["setup"] == {"B": 3, "W": 0}
    assert g.board["E5"] == jpd.BLACK


def test_game_to_sgf_and_back():
    g = jpd.Game("tang-song,komi=7", size=7)
    for p in ["D4", "C3", "E3"]:
        g.play(p)
    g.virtual()
    g.virtual()
    rec = jpd.parse_sgf(g.to_sgf())
    assert rec.rules == "JPD:tang-song,komi=7"
    again = jpd.replay(rec).game
    assert again.board == g.board and again.phase == g.phase
    assert again.count().to_dict() == g.count().to_dict()


def test_side_to_move_and_setup_refuse_colours_that_are_not_stones():
    # set_to_move(EDGE) was taken: the count's invariants failed and the record said PL[#].
    g = jpd.Game("tang-song", size=5)
    for bad in [jpd.EDGE, jpd.EMPTY]:
        with pytest.raises(ValueError, match="BLACK or WHITE"):
            g.set_to_move(bad)
    with pytest.raises(ValueError, match="not EDGE"):
        g.setup_stone("C3", jpd.EDGE)
    assert g.to_move == jpd.BLACK and g.board["C3"] == jpd.EMPTY
    assert "PL[" not in g.to_sgf() and g.count().all_invariants_hold
    g.set_to_move(jpd.WHITE)
    assert g.to_move == jpd.WHITE


def test_side_to_move_and_setup_refused_by_the_referee_raise_illegal_move():
    # The referee's verdict was dropped: the call did nothing, silently.
    g = jpd.Game("tang-song", size=5)
    g.virtual()
    g.virtual()  # two virtual moves: the pause
    with pytest.raises(jpd.IllegalMove) as e:
        g.set_to_move("W")
    assert e.value.reason == "wrong_phase"
    g.start_making()
    with pytest.raises(jpd.IllegalMove) as e:
        g.setup_stone("C3", "B")
    assert e.value.reason == "wrong_phase" and g.board["C3"] == jpd.EMPTY
