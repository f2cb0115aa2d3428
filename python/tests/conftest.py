"""Shared fixtures of the Python tests: where the repository, the jpd program and the shared
corpus are, and the corpus counts printed at the end of the run.

Environment (set by scripts/run-tests.sh; the defaults suit a checkout built in build/):
  JPD_BINARY      the jpd program            (default: build/apps/jpd/jpd)
  JPD_SHARED_DIR  the project's shared data  (default: ../shared next to the checkout)
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# Filled by test_corpus.py, printed by pytest_terminal_summary.
CORPUS_REPORT: dict[str, object] = {}


def _path(env: str, default: Path) -> Path:
    value = os.environ.get(env)
    return Path(value) if value else default


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT


@pytest.fixture(scope="session")
def jpd_binary() -> Path:
    binary = _path("JPD_BINARY", ROOT / "build" / "apps" / "jpd" / "jpd")
    if not binary.exists():
        pytest.fail(f"the jpd program is not built: {binary} (set JPD_BINARY)")
    return binary


@pytest.fixture(scope="session")
def corpus_dir() -> Path:
    games = _path("JPD_SHARED_DIR", ROOT.parent / "shared") / "corpus" / "games"
    if not games.is_dir():
        # As the C++ tests do: the tests that read it skip, saying so (CI always has it).
        pytest.skip(f"no shared corpus at {games} (set JPD_SHARED_DIR)")
    return games


@pytest.fixture(scope="session")
def main_game(root: Path) -> Path:
    return root / (root / "data" / "MAIN_GAME").read_text().strip()


@pytest.fixture(scope="session")
def bundled_games(root: Path) -> list[Path]:
    return sorted((root / "data" / "games").glob("*.sgf"))


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if not CORPUS_REPORT:
        return
    terminalreporter.section("shared corpus, each record under its own rules")
    for key, value in CORPUS_REPORT.items():
        terminalreporter.write_line(f"{key}: {value}")
