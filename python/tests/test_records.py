"""Records as they come, from Python: charsets decoded by CA, faulty records read under the repair
policy and refused without it, collections of several games, the server conventions. The records
are written here."""

import json
import subprocess

import pytest

import jipingdian as jpd

TWICE = "(;SZ[9]KM[7]RU[Chinese];B[ee];W[dc];B[cc];B[gg];W[cg])"


def test_a_gb2312_record_is_decoded_by_its_ca():
    text = "(;FF[4]CA[gb2312]SZ[9]PB[柯洁]PW[古力];B[ee])".encode("gb2312")
    rec = jpd.parse_sgf(text, "gb.sgf")
    assert (rec.black_name, rec.white_name, rec.charset) == ("柯洁", "古力", "GB18030")


def test_a_record_without_ca_that_is_not_utf8_is_decoded_with_a_note():
    rec = jpd.parse_sgf("(;SZ[9]PB[李昌镐];B[ee])".encode("gbk"), "noca.sgf")
    assert rec.black_name == "李昌镐"
    assert any("read as GB18030, a guess" in n for n in rec.notes)


def test_a_faulty_record_is_refused_without_repair_and_read_with_it(tmp_path):
    path = tmp_path / "twice.sgf"
    path.write_text(TWICE)
    with pytest.raises(jpd.ReplayError) as refused:
        jpd.score_sgf(path, dead_from="none")
    assert refused.value.move_number == 4 and "--repair" in str(refused.value)
    report = jpd.score_sgf(path, dead_from="none", repair=True)
    assert report["repairs"][0]["move"] == 4 and report["repairs"][0]["kind"] == "implied_pass"
    rp = jpd.replay(jpd.read_sgf(path), repair=True)
    assert rp.repairs[0]["kind"] == "implied_pass"


def test_score_sgf_is_jpd_score_json_for_a_repaired_record(tmp_path, jpd_binary):
    path = tmp_path / "twice.sgf"
    path.write_text(TWICE)
    out = subprocess.run([str(jpd_binary), "score", str(path), "--dead-from", "none", "--repair", "--json"],
                         capture_output=True, text=True, check=True).stdout
    assert jpd.score_sgf(path, dead_from="none", repair=True) == json.loads(out)


def test_every_game_of_a_collection_can_be_read(tmp_path):
    path = tmp_path / "two.sgf"
    path.write_text("(;SZ[9]PB[first];B[ee])(;SZ[9]PB[second];B[cc];W[gg])")
    first, second = jpd.read_sgf(path), jpd.read_sgf(path, game=2)
    assert (first.games, first.black_name, second.black_name) == (2, "first", "second")
    with pytest.raises(jpd.SgfError, match="holds 2 games: there is no game 3"):
        jpd.read_sgf(path, game=3)
    assert jpd.score_sgf(path, game=2, dead_from="none")["game"] == 2


def test_a_resigned_record_says_it_was_not_counted(tmp_path):
    path = tmp_path / "resigned.sgf"
    path.write_text("(;SZ[9]KM[7.5]RE[B+R];B[ee];W[cc];B[gg];W[cg])")
    assert jpd.score_sgf(path, dead_from="none")["record_ended"] == "resigned"


def test_a_fox_record_reads_its_scaled_komi(tmp_path):
    path = tmp_path / "fox.sgf"
    path.write_text("(;SZ[9]KM[375]RU[Chinese]AP[foxwq];B[ee];W[cc];B[];W[])")
    report = jpd.score_sgf(path, dead_from="none")
    assert report["komi"] == 7.5 and report["conventions"][0]["id"] == "fox"
    assert jpd.score_sgf(path, dead_from="none", server_conventions=False)["komi"] == 375


STOPPED = "(;SZ[9]KM[6.5]RE[W+5.5];B[fg];W[ed];B[ee];W[de];B[di];W[dh];B[da];W[ca];B[fa];W[cb])"


def test_the_finishing_moves_of_a_stopped_record_are_listed_in_json_and_text(tmp_path, jpd_binary):
    path = tmp_path / "stopped.sgf"
    path.write_text(STOPPED)
    run = lambda *a: subprocess.run([str(jpd_binary), "score", str(path), "--rules", "japanese", *a],
                                    capture_output=True, text=True, check=True).stdout
    report = json.loads(run("--json"))
    assert jpd.score_sgf(path, rules="japanese") == report
    moves = report["finishing_moves"]
    plays = [m for m in moves if m["point"] != "pass"]
    assert plays and all(m["color"] in ("B", "W") for m in moves)
    assert f"{len(plays)} finishing move(s)" in run()
    listed = ", ".join(f'{m["color"]} {m["point"]}' for m in moves)
    assert f"the finishing moves, in order: {listed}\n" in run()
    first = moves[0]
    colour = "黑" if first["color"] == "B" else "白"
    assert f"收尾之着，依次：{colour} {first['point']}" in run("--lang", "zh")
    # A record played to its end (two passes) is counted as it stands: nothing is listed.
    ended = tmp_path / "ended.sgf"
    ended.write_text("(;SZ[9]KM[6.5];B[ee];W[cc];B[];W[])")
    assert jpd.score_sgf(ended, rules="japanese", dead_from="none")["finishing_moves"] == []


def test_each_preset_of_compare_lists_the_finishing_moves_of_its_own_finish(tmp_path, jpd_binary):
    path = tmp_path / "stopped.sgf"
    path.write_text(STOPPED)
    rows = {r["preset"]: r for r in json.loads(subprocess.run(
        [str(jpd_binary), "compare", str(path), "--json"], capture_output=True, text=True,
        check=True).stdout)["rows"]}
    for preset in ("japanese", "chinese"):
        assert rows[preset]["finishing_moves"] == jpd.score_sgf(path, rules=preset)["finishing_moves"]
    # Territory and area counting finish it differently; the 计枰点 presets make it themselves.
    assert rows["japanese"]["finishing_moves"] != rows["chinese"]["finishing_moves"]
    assert rows["tang-song"]["finishing_moves"] == []
