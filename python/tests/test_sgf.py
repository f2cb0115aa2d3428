"""SGF records from Python: reading, writing, replaying, and errors with their positions."""

import pytest

import jipingdian as jpd

ILLEGAL = "(;GM[1]FF[4]SZ[9]KM[7]RU[Japanese]PB[Black]PW[White];B[ee];W[ee])"


def test_read_a_bundled_game(main_game):
    rec = jpd.read_sgf(main_game)
    assert (rec.width, rec.height) == (9, 9)
    assert rec.filename == str(main_game)
    assert rec.steps and all(s.kind == "move" for s in rec.steps[:3])
    first = rec.steps[0]
    assert first.move_number == 1 and first.line >= 1 and first.move.color == jpd.BLACK


def test_record_round_trip(main_game):
    rec = jpd.read_sgf(main_game)
    again = jpd.parse_sgf(rec.to_sgf(), "again.sgf")
    assert [s.move for s in again.steps] == [s.move for s in rec.steps]
    assert (again.komi, again.rules, again.result) == (rec.komi, rec.rules, rec.result)
    assert jpd.replay(again).game.board == jpd.replay(rec).game.board


def test_replay_and_its_rules():
    rec = jpd.parse_sgf("(;SZ[9]KM[6]RU[Chinese];B[ee];W[cc];B[];W[])")
    assert jpd.rules_for_record(rec) == jpd.Ruleset("chinese,komi=6")
    assert jpd.rules_for_record(rec, "japanese") == jpd.Ruleset("japanese,komi=6")
    assert jpd.rules_for_record(rec, "japanese,komi=0.5").komi == 0.5
    rp = jpd.replay(rec)
    assert rp.game.phase == "paused" and not rp.stopped_without_pause
    assert rp.rules.preset == "chinese"
    translated = jpd.replay(rec, "tang-song")  # passes read as virtual moves
    assert translated.game.virtual_stones(jpd.BLACK) == 1 and translated.notes


def test_sgf_error_has_file_line_and_column():
    with pytest.raises(jpd.SgfError) as e:
        jpd.parse_sgf("(;SZ[9]\n;B[ee];W[ee", "broken.sgf")
    err = e.value
    assert (err.file, err.line, err.column) == ("broken.sgf", 2, 9)  # the '[' left open
    assert str(err).startswith("broken.sgf:2:9: ")
    assert isinstance(err, jpd.Error) and not isinstance(err, jpd.IllegalMove)
    with pytest.raises(jpd.SgfError) as missing:
        jpd.read_sgf("/nonexistent/game.sgf")
    assert missing.value.line == 0 and missing.value.file == "/nonexistent/game.sgf"


def test_illegal_move_in_a_record_is_a_replay_error():
    rec = jpd.parse_sgf(ILLEGAL, "illegal.sgf")
    with pytest.raises(jpd.ReplayError) as e:
        jpd.replay(rec)
    err = e.value
    assert isinstance(err, jpd.IllegalMove)
    assert (err.reason, err.file, err.line, err.move_number) == ("occupied", "illegal.sgf", 1, 2)
    column = ILLEGAL.index("W[ee]") + 1  # 1-based, of the property W
    assert err.column == column
    assert str(err) == (f"illegal.sgf:1:{column}: move 2 (W E5): point E5 is occupied (a faulty "
                        "record: the repair policy reads it, --repair)")
    forfeited = jpd.replay(rec, forfeit_on_illegal=True)
    assert forfeited.game.end_reason == "forfeit" and forfeited.game.winner == jpd.BLACK


def test_errors_pickle():
    import pickle

    for err in [jpd.IllegalMove("ko", "ko: C3", "W C3"), jpd.SgfError("bad", "f.sgf", 1, 2),
                jpd.ReplayError("occupied", "m", "f.sgf", 1, 2, 3), jpd.CountError("c")]:
        back = pickle.loads(pickle.dumps(err))
        assert type(back) is type(err) and str(back) == str(err) and back.args == err.args
