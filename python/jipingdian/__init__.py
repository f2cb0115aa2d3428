"""jipingdian — the 计枰点 (Ji Ping Dian) rules of Go, from Python.

Boards, rule sets and their presets, the referee (every kind of move, the pause, disputes and
making), counting with every view and the invariants of the specification, SGF records, and the
one-call report of ``jpd score --json``::

    import jipingdian as jpd

    game = jpd.Game("tang-song", size=9)
    game.play("E5"); game.play("C3"); game.virtual(); game.virtual()
    print(game.count().result)
    report = jpd.score_sgf("game.sgf", rules="japanese")   # the same dict as `jpd score --json`

Everything is the C++ library (jipingdian._jipingdian); this package only names it and adds the
exception classes (jipingdian.Error and its subclasses).
"""

from __future__ import annotations

from ._errors import (
    CountError,
    Error,
    IllegalMove,
    PointError,
    ReplayError,
    RulesError,
    SgfError,
)
from ._jipingdian import (
    BLACK,
    EDGE,
    EMPTY,
    WHITE,
    Board,
    Claim,
    Color,
    Count,
    Figures,
    Game,
    Invariant,
    MakingStep,
    Move,
    PerColour,
    PlayedMove,
    Point,
    Preset,
    Record,
    Replay,
    Ruleset,
    Step,
    Verdict,
    count,
    parse_sgf,
    preset_for_sgf_rules,
    preset_names,
    presets,
    read_sgf,
    replay,
    rule_fields,
    rules_for_record,
    score,
    score_sgf,
    series,
)
from ._estimate import estimate

__version__ = "0.1.0"

__all__ = [
    # errors
    "Error", "IllegalMove", "ReplayError", "SgfError", "RulesError", "CountError", "PointError",
    # points and boards
    "Color", "BLACK", "WHITE", "EMPTY", "EDGE", "Point", "Board",
    # rules
    "Ruleset", "Preset", "presets", "preset_names", "rule_fields", "preset_for_sgf_rules",
    # the referee
    "Game", "Move", "PlayedMove", "Verdict",
    # counting
    "count", "Count", "Figures", "PerColour", "Invariant", "MakingStep", "Claim",
    # records
    "Record", "Step", "Replay", "read_sgf", "parse_sgf", "replay", "rules_for_record",
    "score", "score_sgf", "series",
    # life and death (not in the library yet)
    "estimate",
]
