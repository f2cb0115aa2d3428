"""score_sgf() returns what `jpd score FILE --json` prints: the same dict, built by the same
library function (to_json of the Count), and the same errors."""

from __future__ import annotations

import json
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import jipingdian as jpd

SAMPLE_STRIDE = 5  # every 5th record of the shared corpus is compared with the program


def cli_score(binary: Path, path: Path, *args: str) -> dict:
    out = subprocess.run([binary, "score", str(path), "--json", *args], capture_output=True,
                         text=True)
    assert out.returncode in (0, 1) and out.stdout, out.stderr
    return json.loads(out.stdout)


def cli_error(binary: Path, path: Path, *args: str) -> str:
    out = subprocess.run([binary, "score", str(path), "--json", *args], capture_output=True,
                         text=True)
    assert out.returncode == 1 and not out.stdout
    assert out.stderr.startswith("jpd: ")
    return out.stderr[len("jpd: "):].rstrip("\n")


@pytest.mark.parametrize("preset", [None] + jpd.preset_names())
def test_bundled_games_under_every_preset(jpd_binary, bundled_games, preset):
    for game in bundled_games:
        args = ["--rules", preset] if preset else []
        assert jpd.score_sgf(game, rules=preset) == cli_score(jpd_binary, game, *args), game


def test_statuses_given_as_on_the_command_line(jpd_binary, main_game, tmp_path):
    record = jpd.read_sgf(main_game)
    position = jpd.replay(record).game.board
    stones = [p for p in (jpd.Point(x, y) for y in range(9) for x in range(9))
              if position[p] != jpd.EMPTY]
    dead = stones[0].gtp(9)
    empty = next(jpd.Point(x, y) for y in range(9) for x in range(9)
                 if position[(x, y)] == jpd.EMPTY)
    claim = "B:" + empty.gtp(9)
    expected = cli_score(jpd_binary, main_game, "--rules", "tang-song", "--dead", dead,
                         "--claim", claim)
    assert jpd.score_sgf(main_game, rules="tang-song", dead=dead, claims=[claim]) == expected
    assert jpd.score_sgf(main_game, rules=jpd.Ruleset("tang-song"), dead=[stones[0]],
                         claims=claim) == expected
    # A Count is the count; the report adds what it says of the record (file, how it ended ...).
    record_fields = {"file", "record_ended", "record_result", "repairs", "conventions", "game",
                     "games", "charset", "players", "finishing_moves"}
    assert jpd.score(main_game, "tang-song", dead, claim).to_dict() \
        == {k: v for k, v in expected.items() if k not in record_fields}


def test_errors_read_as_on_the_command_line(jpd_binary, main_game, tmp_path):
    position = jpd.replay(jpd.read_sgf(main_game)).game.board
    empty = next(jpd.Point(x, y).gtp(9) for y in range(9) for x in range(9)
                 if position[(x, y)] == jpd.EMPTY)
    with pytest.raises(jpd.CountError) as e:
        jpd.score_sgf(main_game, dead=empty)
    assert str(e.value) == cli_error(jpd_binary, main_game, "--dead", empty)

    illegal = tmp_path / "illegal.sgf"
    illegal.write_text("(;GM[1]FF[4]SZ[9];B[ee];W[ee])")
    with pytest.raises(jpd.ReplayError) as r:
        jpd.score_sgf(illegal)
    assert str(r.value) == cli_error(jpd_binary, illegal)

    broken = tmp_path / "broken.sgf"
    broken.write_text("(;GM[1]FF[4]SZ[9];B[ee]")
    with pytest.raises(jpd.SgfError) as s:
        jpd.score_sgf(broken)
    assert str(s.value) == cli_error(jpd_binary, broken)

    with pytest.raises(jpd.RulesError):
        jpd.score_sgf(main_game, rules="no-such-preset")


def test_corpus_sample_equals_the_program(jpd_binary, corpus_dir):
    sample = sorted(corpus_dir.glob("*.sgf"))[::SAMPLE_STRIDE]
    assert len(sample) >= 200
    with ThreadPoolExecutor(max_workers=2) as pool:
        expected = list(pool.map(lambda f: cli_score(jpd_binary, f), sample))
    mismatched = [f.name for f, want in zip(sample, expected) if jpd.score_sgf(f) != want]
    assert mismatched == []


def cli_series(binary: Path, *args: str) -> dict:
    out = subprocess.run([binary, "series", *args, "--json"], capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout, out.stderr
    return json.loads(out.stdout)


def test_series_is_what_jpd_series_prints(jpd_binary, root):
    # The komi-free series of the 004 essay on two bundled records with colours swapped.
    games = [root / "data" / "games" / f"cgos-9x9-{n}.sgf" for n in (333079, 333378)]
    paths = [str(g) for g in games]
    d = jpd.series(games)
    assert d == cli_series(jpd_binary, *paths)
    s = d["standings"][0]
    assert d["komi"] == 0 and d["tie_break"] == "wins"
    assert s["players"] == ["NNOdin_1.1.2_E", "DCNN_AyaF128a523x1"]
    assert [g["difference_a"] for g in s["games"]] == [13, 9]
    assert s["total"]["difference"] == 22 and s["winner"] == "NNOdin_1.1.2_E"
    assert s["decided_by"] == "difference"
    side = jpd.series([jpd.read_sgf(g) for g in games], ["tang-song", jpd.Ruleset("japanese")],
                      tie_break="none")
    assert side == cli_series(jpd_binary, *paths, "--rules", "tang-song,japanese",
                              "--tie-break", "none")
    assert [s["rules"] for s in side["standings"]] == ["tang-song,komi=0", "japanese,komi=0"]
    assert len(jpd.series(games, "all")["standings"]) == len(jpd.preset_names())


def test_series_errors(root):
    game = root / "data" / "games" / "cgos-9x9-333079.sgf"
    with pytest.raises(ValueError, match="tie_break"):
        jpd.series([game], tie_break="coin")
    with pytest.raises(jpd.RulesError):
        jpd.series([game], "tang-sung")
    other = jpd.read_sgf(root / "data" / "games" / "cgos-9x9-333378.sgf")
    other.white_name = "a third player"
    with pytest.raises(ValueError, match="cgos-9x9-333378.sgf"):
        jpd.series([jpd.read_sgf(game), other])
