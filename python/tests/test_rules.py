"""Rule sets: the preset table, the text form, fields as attributes, errors."""

import copy
import json
import pickle
import subprocess

import pytest

import jipingdian as jpd


def test_presets_are_the_command_lines(jpd_binary):
    listed = json.loads(subprocess.run([jpd_binary, "presets", "--json"], check=True,
                                       capture_output=True, text=True).stdout)
    assert [p["name"] for p in listed] == jpd.preset_names() == [p.name for p in jpd.presets()]
    for row, preset in zip(listed, jpd.presets()):
        assert row["rules"] == preset.rules.to_dict()
        assert row["jpd"] == preset.jpd


def test_rules_dict_is_the_command_lines(jpd_binary):
    text = "japanese,komi=7,ko=situational"
    shown = json.loads(subprocess.run([jpd_binary, "rules", text, "--json"], check=True,
                                      capture_output=True, text=True).stdout)
    assert jpd.Ruleset(text).to_dict() == shown


def test_fields_read_as_attributes():
    r = jpd.Ruleset("tang-song")
    assert r.preset == "tang-song" and r.komi == 6.5 and r.ko == "simple"
    assert r.allow_virtual is True and r.allow_pass is False
    assert r.first_player == "B" and r.second_player == jpd.WHITE
    assert {f["key"] for f in jpd.rule_fields()} <= set(r.to_dict())
    with pytest.raises(AttributeError):
        r.no_such_field


def test_text_form_replace_and_dict_round_trip():
    r = jpd.Ruleset("tang-song").replace(komi=7.5, ko="situational", first_player=jpd.WHITE)
    assert str(r) == "tang-song,first_player=W,komi=7.5,ko=situational"
    assert jpd.Ruleset(str(r)) == r
    assert jpd.Ruleset.from_dict(r.to_dict()) == r
    assert len({r, jpd.Ruleset(str(r))}) == 1
    assert repr(jpd.Ruleset("ing")) == "Ruleset('ing')"
    assert pickle.loads(pickle.dumps(r)) == r == copy.deepcopy(r)


def test_rules_errors_list_the_valid_choices():
    with pytest.raises(jpd.RulesError, match="valid presets: tang-song"):
        jpd.Ruleset("tang-sung")
    with pytest.raises(jpd.RulesError, match="ko"):
        jpd.Ruleset("tang-song,ko=sometimes")
    with pytest.raises(jpd.RulesError):
        jpd.Ruleset("tang-song").replace(colour="B")
    assert issubclass(jpd.RulesError, jpd.Error) and issubclass(jpd.RulesError, ValueError)


def test_sgf_rules_names():
    assert jpd.preset_for_sgf_rules("Japanese") == "japanese"
    assert jpd.preset_for_sgf_rules("JPD:ming-qing") == "ming-qing"
    assert jpd.preset_for_sgf_rules("Calvinball") is None
