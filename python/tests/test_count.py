"""Counting from Python: every view as objects, the report as a dict, statuses and errors."""

import pytest

import jipingdian as jpd


@pytest.fixture
def walls():
    """5x5 tang-song, komi 0: a black wall on column B, a white wall on column D; a black virtual
    move, a white stone at A3 (dead, in Black's area), then two virtual moves: the pause."""
    g = jpd.Game("tang-song,komi=0", size=5)
    for b, w in zip(["B1", "B2", "B3", "B4", "B5"], ["D1", "D2", "D3", "D4", "D5"]):
        g.play(b)
        g.play(w)
    g.virtual()
    g.play("A3")
    g.virtual()
    g.virtual()
    assert g.phase == "paused"
    return g


def test_dead_stones_and_every_view(walls):
    c = walls.count(dead="A3")
    assert c.result == "0" and c.winner is None and c.end == "counted"
    assert tuple(c.area) == (12.5, 12.5)
    assert c.area["B"] == c.area[jpd.BLACK] == c.area.black
    assert c.dead_white == [(0, 2)] and tuple(c.dead) == (0, 1)
    assert c.status_source == "given"
    assert c.dame == 5 and c.shared == 5
    assert tuple(c.fill_up) == tuple(c.area)
    assert c.all_invariants_hold and all(i.ok for i in c.invariants)
    assert {"area_total"} <= {i.name for i in c.invariants}
    ids = [s.id for s in c.steps]
    assert ids[:2] == ["pause", "dead_removed"]
    assert c.steps[1].board[2][0] != "O"  # the dead stone is gone
    assert jpd.count(walls, dead=["A3"]).to_dict() == c.to_dict()


def test_report_dict_is_the_json_contract(walls):
    d = walls.count(dead=[(0, 2)]).to_dict()
    for key in ["rules", "preset", "ruleset", "board_size", "komi", "first_player", "end",
                "result", "winner", "margin", "primary_method", "primary_difference", "area",
                "territory", "shared", "public_liberties", "dame", "living_stones", "units",
                "groups", "seki_units", "basic_eyes", "fill_up", "japanese", "haiqitou",
                "ancient", "moves", "captured", "dead", "dead_count", "claims",
                "first_virtual", "last_move", "pay", "payment", "k", "statuses", "invariants",
                "all_invariants_hold", "steps", "notes"]:
        assert key in d, key
    assert d["dead"] == {"B": [], "W": ["A3"]}
    assert d["area"] == {"B": 12.5, "W": 12.5}
    assert d["winner"] is None and d["board_size"] == 5
    assert d["moves"]["B"]["virtual"] == 2 and d["moves"]["W"]["virtual"] == 1


def test_claims(walls):
    c = walls.count(dead="A3", claims="B:C1")
    assert tuple(c.area) == (13, 12)
    assert c.claims == [jpd.Claim("B", "C1", size=5)]
    assert walls.count(dead="A3", claims=[("B", "C1")]).to_dict() == c.to_dict()
    j = jpd.Game("japanese", size=5)
    j.play("C3")
    j.pass_()
    j.pass_()
    with pytest.raises(jpd.CountError, match="claims"):
        j.count(claims="B:A1")


def test_count_errors(walls):
    with pytest.raises(jpd.CountError, match="empty point, C1"):
        walls.count(dead="C1")
    with pytest.raises(jpd.PointError):
        walls.count(dead="Z9")
    with pytest.raises(TypeError):
        walls.count(dead=[3.5])


def test_explain_and_summary(walls):
    c = walls.count(dead="A3")
    assert "做棋" in c.explain("en") and "A_B" in c.explain()
    assert c.summary("zh").startswith("规则：") and "tang-song" in c.summary("zh")
    with pytest.raises(ValueError):
        c.explain("fr")
    assert walls.count(keep_steps=False).steps == []


def test_game_in_play_is_counted_as_paused():
    g = jpd.Game("chinese", size=9)
    g.play("E5")
    c = g.count()
    assert c.area.black == 81 and c.result == "B+73.5"


def handicap_game(rules):
    """9x9, three handicap stones, three moves each, then passes until the pause."""
    g = jpd.Game(rules, size=9)
    g.place_fixed_handicap(3)
    for m in ["E5", "D5", "E4", "D4", "E6", "D6"]:
        g.play(m)
    while g.phase != "paused":
        g.pass_()
    return g


@pytest.mark.parametrize("preset,points", [("chinese", 3), ("aga", 2), ("new-zealand", 0)])
def test_handicap_compensation_is_each_presets_n_n_minus_1_or_none(preset, points):
    c = handicap_game(preset).count()
    none = handicap_game(preset + ",handicap_compensation=none").count()
    assert c.handicap_stones == 3
    assert c.handicap_compensation == points
    assert c.primary_difference == none.primary_difference - points
    assert tuple(c.area) == tuple(none.area)
    d = c.to_dict()
    assert d["handicap_stones"] == 3 and d["handicap_compensation"] == points
    assert c.all_invariants_hold


def test_the_button_goes_to_the_first_to_pass():
    def played(rules, first_pass):
        g = jpd.Game(rules, size=5)
        for m in ["B3", "D3", "B2", "D2", "B4", "D4", "B1", "D1", "B5", "D5"]:
            g.play(m)
        if first_pass == "W":
            g.play("A1")  # Black plays on, so White is the first to pass
        while g.phase != "paused":
            g.pass_()
        return g.count()

    for first in ["B", "W"]:
        c = played("chinese,button=true,komi=0", first)
        plain = played("chinese,komi=0", first)
        assert c.button == {"B": jpd.BLACK, "W": jpd.WHITE}[first] and plain.button is None
        half = 0.5 if first == "B" else -0.5
        assert c.primary_difference == plain.primary_difference + half
        assert c.to_dict()["button"] == first
        assert c.all_invariants_hold


def test_rule_families_of_katago_read_as_fields():
    assert jpd.Ruleset("chinese").handicap_compensation == "n"
    assert jpd.Ruleset("aga").handicap_compensation == "n_minus_1"
    assert jpd.Ruleset("tang-song").handicap_compensation == "none"
    assert all(p.rules.button is False for p in jpd.presets())
    assert jpd.Ruleset("tromp-taylor").friendly_pass is False
    assert jpd.Ruleset("japanese").friendly_pass is True
    assert jpd.Ruleset("living-a").cycle_through_non_board is False
