"""The place of the life-and-death estimator (SPEC §8 (b)).

The C++ library has no estimator yet. When it gains one, the extension binds it as
``_jipingdian.estimate`` (python/src/bind_estimate.cpp) and :func:`estimate` forwards to it;
``score(..., dead_from="estimate")`` then works through the library with no change here.
"""

from __future__ import annotations

from typing import Any

from . import _jipingdian


def estimate(game: Any, **options: Any) -> Any:
    """Estimate the dead stones and claims of a paused game (not available yet).

    Raises NotImplementedError until the library provides its estimator.
    """
    impl = getattr(_jipingdian, "estimate", None)
    if impl is None:
        raise NotImplementedError(
            "the estimator is not in the jipingdian library yet; give dead stones explicitly "
            "(dead=...) or use the record's markup")
    return impl(game, **options)
