"""The built-in life-and-death estimator (SPEC §8 (b)): Benson, playouts, seki, open shapes.

:func:`estimate` forwards to ``_jipingdian.estimate`` (python/src/bind_estimate.cpp);
``score(..., dead_from="estimate")`` uses the estimator through the library.
"""

from __future__ import annotations

from typing import Any

from . import _jipingdian


def estimate(game: Any, **options: Any) -> Any:
    """Estimate the dead stones, seki and open shapes of a game's position.

    Returns a dict: ``chains``, ``ownership``, ``open_kos``, ``suggested_claims``, ``notes`` and
    ``statuses`` (the dead stones and uncertain chains to count with). Options: ``playouts``
    (0: the default for the board size), ``seed``, ``open_shapes`` ('from_rules', 'unsettled',
    'decided').
    """
    impl = getattr(_jipingdian, "estimate", None)
    if impl is None:
        raise NotImplementedError("this build of jipingdian has no estimator")
    return impl(game, **options)
