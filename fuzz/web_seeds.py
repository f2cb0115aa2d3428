#!/usr/bin/env python3
"""Writes the seed corpus of web_fuzzer and web_engine_fuzzer (fuzz/corpus/web_fuzzer/): request
sequences encoded the way fuzz/web_session.hpp decodes its input, each a realistic session with
the seats' tokens where a player's act needs them. The tables (methods, targets, kinds, presets)
are read from web_session.hpp, so the seeds follow it when it changes: run this again then.

    fuzz/web_seeds.py            # rewrites fuzz/corpus/web_fuzzer/*
"""

import pathlib
import re

HERE = pathlib.Path(__file__).resolve().parent
SOURCE = (HERE / "web_session.hpp").read_text()


def table(name):
    body = re.search(r"k%s\[\] = \{(.*?)\};" % name, SOURCE, re.S).group(1)
    return re.findall(r'"((?:[^"\\]|\\.)*)"', body)


METHODS, TARGETS, KINDS, PRESETS = table("Methods"), table("Targets"), table("Kinds"), table("Presets")
RAW = 0xD0  # a body byte from here on: raw bytes follow (a length, then the bytes)


def point(p):
    """The byte web_session.hpp's point() reads as the GTP point p ("C3"), on boards up to 7x7."""
    col, row = "ABCDEFG".index(p[0]), int(p[1:]) - 1
    return col + 7 * row


class Session:
    def __init__(self):
        self.out = bytearray([0])  # the first byte: unused

    def request(self, method, target, game=0, body=(), token=5):
        """token: 0 Black's, 1 White's, 5 none, 7 a wrong one; + 0xf0: a text/plain body."""
        self.out.append(METHODS.index(method))
        self.out.append(TARGETS.index(target))
        if "{id}" in target:
            self.out.append(game)
        self.out.extend(body)
        self.out.append(token)
        return self

    def create(self, preset, size, seat_black_only=False, public=False):
        how = 1 | 2 | 64 | (128 if public else 0)
        return self.request("POST", "/api/games",
                            body=[how, PRESETS.index(preset), size - 2, 1 if seat_black_only else 0])

    def move(self, game, colour, kind, p="A1", token=None):
        c = 0 if colour == "B" else 1
        return self.request("POST", "/api/games/{id}/moves", game,
                            [c, KINDS.index(kind), point(p)], c if token is None else token)

    def act(self, game, target, colour, token=None, extra=()):
        c = 0 if colour == "B" else 1
        return self.request("POST", target, game, [c, *extra], c if token is None else token)

    def get(self, target, game=0):
        return self.request("GET", target, game, [0])


def worked_check(s, game=0):
    """SPEC 7's worked check on 5x5, to the pause by two virtual moves."""
    for b, w in zip(["B3", "B2", "B4", "B1", "B5"], ["D3", "D2", "D4", "D1", "D5"]):
        s.move(game, "B", "play", b).move(game, "W", "play", w)
    return s.move(game, "B", "play", "C3").move(game, "W", "virtual").move(game, "B", "virtual")


def sessions():
    s = Session().create("tang-song", 5)
    worked_check(s)
    s.request("POST", "/api/games/{id}/marks", 0, [1, point("D3")], 0)  # toggle D3's chain
    s.act(0, "/api/games/{id}/agree", "B").act(0, "/api/games/{id}/agree", "W")
    s.get("/api/games/{id}/making?lang=zh").get("/api/games/{id}/sgf").get("/api/games/{id}?known={v}")
    yield "tang-song-pause-marks-agree", s

    s = Session().create("chinese", 5, seat_black_only=True, public=True)
    s.move(0, "B", "play", "C3", token=5)  # a spectator's move: refused
    s.move(0, "B", "play", "C3")
    s.act(0, "/api/games/{id}/seats", "W", token=5)  # the second player takes White's seat
    s.move(0, "W", "play", "D4", token=0)  # Black's token for White's move: refused
    s.move(0, "W", "play", "D4").move(0, "B", "play", "B2")
    s.act(0, "/api/games/{id}/seats", "W", token=5)  # taken
    s.move(0, "W", "resign", token=0).move(0, "W", "resign")
    s.get("/api/games").get("/api/games/{id}")
    yield "seats-tokens-and-spectators", s

    s = Session().create("chinese", 5)
    for b, w in [("C3", "D4"), ("B2", "C4")]:
        s.move(0, "B", "play", b).move(0, "W", "play", w)
    s.move(0, "B", "pass").move(0, "W", "pass")
    s.request("POST", "/api/games/{id}/count", 0, [0x40], 5)
    s.act(0, "/api/games/{id}/dispute", "B")
    s.act(0, "/api/games/{id}/genmove", "B").get("/api/games/{id}/estimate")
    s.move(0, "W", "pass").move(0, "B", "pass")
    yield "chinese-passes-dispute-genmove", s

    s = Session().create("japanese", 5)
    s.move(0, "B", "play", "C3").move(0, "W", "propose-pause").move(0, "W", "play", "D3")
    s.move(0, "B", "accept-pause").move(0, "B", "reject-pause").move(0, "B", "resign")
    s.move(0, "W", "play", "A1")
    yield "japanese-proposals-resign", s

    s = Session()
    for t in TARGETS:
        if t.startswith("/api/games/{id}") or t in ("/api/games", "/api/sgf", "/api/sgf?rules=japanese"):
            continue
        s.get(t)
    s.request("POST", "/", body=[0x40]).request("DELETE", "/api/games/{id}", 0, [0])
    yield "pages-and-paths", s

    s = Session()
    s.request("POST", "/api/games", body=[RAW, 5, *b"{size"])
    s.request("POST", "/api/games", body=[0], token=0xF5)  # text/plain: refused
    for _ in range(4):  # one more than the limit of 3 games
        s.create("aga", 4)
    s.request("POST", "/api/games/{id}/moves", 0, [RAW, 12, *b'{"color":"B}'], 0)
    s.request("POST", "/api/games/{id}/marks", 1, [RAW, 255, *(b"x" * 255)], 0)
    s.request("PUT", "/api/games/{id}/moves", 2, [0], 0)
    yield "raw-bodies-and-limits", s

    s = Session()
    for k in range(3):
        s.request("POST", "/api/sgf", body=[k], token=5)
    s.move(0, "B", "play", "D4").move(0, "W", "pass").get("/api/games/{id}/sgf")
    s.request("POST", "/api/sgf?rules=japanese", body=[6], token=5)
    yield "sgf-uploads", s


def main():
    out = HERE / "corpus" / "web_fuzzer"
    for old in out.iterdir():
        old.unlink()
    for name, s in sessions():
        (out / name).write_bytes(bytes(s.out))
        print(f"{out / name}: {len(s.out)} bytes")


if __name__ == "__main__":
    main()
