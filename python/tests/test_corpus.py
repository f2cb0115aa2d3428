"""The shared corpus from Python: every record scores, under its own rules and under every
preset. The rules are those the record names (RU; tang-song where it names none), not the
manifest's, and the dead stones the built-in estimator's, so the results are counted and reported
(pytest's summary, "shared corpus"), not held to the recorded ones: `jpd corpus` is the measure
(the C++ test EstimateCli.TheSharedCorpusIsReproducedAsOftenAsTheGoalAsks holds it)."""

from __future__ import annotations

from collections import Counter

import pytest

import jipingdian as jpd

from conftest import CORPUS_REPORT

CORPUS_SIZE = 1249


@pytest.fixture(scope="module")
def records(corpus_dir):
    files = sorted(corpus_dir.glob("*.sgf"))
    assert len(files) == CORPUS_SIZE
    return [jpd.read_sgf(f) for f in files]


def winner_of(result: str) -> str:
    return result[:1] if result[:1] in ("B", "W") else "-"


def test_every_record_scores_under_its_own_rules(records):
    failures, uncomputed, broken = [], [], []
    ends, presets, sources = Counter(), Counter(), Counter()
    same_result = same_winner = 0
    for rec in records:
        try:
            c = jpd.score(rec, keep_steps=False)
        except Exception as e:  # noqa: BLE001 - every failure is reported with its record
            failures.append(f"{rec.filename}: {type(e).__name__}: {e}")
            continue
        if not c.result:
            uncomputed.append(rec.filename)
        if not c.all_invariants_hold:
            broken.append(rec.filename)
        ends[c.end] += 1
        presets[c.rules.preset] += 1
        sources[c.status_source] += 1
        same_result += c.result == rec.result
        same_winner += winner_of(c.result) == winner_of(rec.result)
    scored = len(records) - len(failures)
    CORPUS_REPORT.update({
        "records": len(records),
        "scored without an exception": scored,
        "result computed": scored - len(uncomputed),
        "all invariants hold": scored - len(broken),
        "end": dict(ends),
        "rules (from RU)": dict(presets),
        "dead stones from": dict(sources),
        "same result as RE (rules from RU only: informational)": same_result,
        "same winner as RE (informational)": same_winner,
    })
    assert failures == []
    assert uncomputed == []
    assert broken == []


def test_every_record_scores_under_every_preset(records):
    failures = []
    for preset in jpd.preset_names():
        for rec in records:
            try:
                c = jpd.score(rec, rules=preset, keep_steps=False)
                assert c.result and c.all_invariants_hold, (preset, rec.filename)
            except jpd.Error as e:
                failures.append(f"{preset} {rec.filename}: {e}")
    CORPUS_REPORT["scored under every preset"] = (
        f"{len(jpd.preset_names()) * len(records) - len(failures)} of "
        f"{len(jpd.preset_names()) * len(records)} (preset, record) pairs")
    assert failures == []
