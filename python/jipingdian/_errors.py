"""The exceptions of jipingdian: one hierarchy under :class:`Error`, raised by the C++ core with
the library's own messages (``str(error)`` is the library's text)."""

from __future__ import annotations

__all__ = [
    "Error",
    "IllegalMove",
    "ReplayError",
    "SgfError",
    "RulesError",
    "CountError",
    "PointError",
]


class Error(Exception):
    """Base class of every error jipingdian reports. ``message`` is the library's text."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class IllegalMove(Error, ValueError):
    """The referee refused a move.

    ``reason`` names the rule (``'ko'``, ``'superko'``, ``'suicide'``, ``'occupied'``,
    ``'not_your_turn'``, ``'pass_not_allowed'``, ...); ``message`` is the referee's sentence;
    ``move`` the move as text (``'B D4'``) when known.
    """

    def __init__(self, reason: str, message: str, move: str | None = None) -> None:
        super().__init__(message)
        self.args = (reason, message, move)
        self.reason = reason
        self.move = move


class ReplayError(IllegalMove):
    """A record could not be replayed: an illegal move, or a step that does not fit the rules.

    ``message`` reads ``FILE:LINE:COLUMN: move N (W D4): reason``; ``file``, ``line``,
    ``column`` and ``move_number`` locate it, ``reason`` names the rule as for IllegalMove.
    """

    def __init__(self, reason: str, message: str, file: str = "<input>", line: int = 0,
                 column: int = 0, move_number: int = 0) -> None:
        super().__init__(reason, message)
        self.args = (reason, message, file, line, column, move_number)
        self.file = file
        self.line = line
        self.column = column
        self.move_number = move_number


class SgfError(Error, ValueError):
    """Malformed SGF (or a file that cannot be read).

    ``message`` is the problem, ``file``, ``line`` and ``column`` (1-based; line 0 when there is
    no position, e.g. an I/O error) where it is; ``str()`` reads ``FILE:LINE:COLUMN: message``.
    """

    def __init__(self, message: str, file: str = "<input>", line: int = 0, column: int = 0,
                 text: str | None = None) -> None:
        super().__init__(message)
        self.args = (message, file, line, column, text)
        self.file = file
        self.line = line
        self.column = column
        self._text = text

    def __str__(self) -> str:
        if self._text is not None:
            return self._text
        where = f"{self.file}:{self.line}:{self.column}" if self.line else self.file
        return f"{where}: {self.message}"


class RulesError(Error, ValueError):
    """A rule-set text or dict names an unknown preset, key or value (the message lists the valid ones)."""


class CountError(Error, ValueError):
    """The game cannot be counted as given (a dead stone on an empty point, a claim under rules
    without claims, statuses from a source this build lacks, ...)."""


class PointError(Error, ValueError):
    """A text or pair that names no point on the board."""
