"""sprague: impartial combinatorial games in Python.

Everything the ``sprague`` command answers, as Python values:
``analyze`` (outcome, Grundy value, winning moves), ``explain``, ``play``,
``verify``, ``sequence`` and ``period`` of heap games, ``table`` of
two-number positions, ``count`` of P-positions among sums of heaps,
``genus`` and ``quotient`` for misère play, ``plot`` (the SVG of
``--plot``), ``Nimber`` arithmetic and ``nimber`` expressions; and
``Game``, sprague's memoised, iterative solver for games you define in
Python. ``sequence``, ``period``, ``count``, ``table``, ``genus``,
``quotient`` and ``plot`` also take a one-heap game defined in Python, a
function ``options(n)`` (or for ``sequence``, ``period``, ``count``,
``table`` and ``plot`` a list of Grundy values). Results show themselves
in notebooks (``_repr_html_``, ``_repr_svg_``) and pickle.

>>> import sprague
>>> sprague.analyze("nim 3 4 5").winning_moves[0].after
'nim 1 4 5'
>>> sprague.Game(lambda n: [n - k for k in (1, 3, 4) if k <= n]).value(6)
2
"""

from ._errors import InputError, LimitError, SpragueError
from ._sprague import (
    DEFAULT_MAX_OPTIONS,
    DEFAULT_MAX_ORDER,
    DEFAULT_MAX_STATES,
    Analysis,
    Count,
    Game,
    GameAnalysis,
    Nimber,
    Period,
    Table,
    VerifyReport,
    WinningMove,
    analyze,
    count,
    explain,
    nimber,
    period,
    play,
    table,
    verify,
)
from ._results import Figure, Genus, Quotient, Sequence, genus, plot, quotient, sequence

__all__ = [
    "DEFAULT_MAX_OPTIONS",
    "DEFAULT_MAX_ORDER",
    "DEFAULT_MAX_STATES",
    "Analysis",
    "Count",
    "Figure",
    "Game",
    "GameAnalysis",
    "Genus",
    "InputError",
    "LimitError",
    "Nimber",
    "Period",
    "Quotient",
    "Sequence",
    "SpragueError",
    "Table",
    "VerifyReport",
    "WinningMove",
    "analyze",
    "count",
    "explain",
    "genus",
    "nimber",
    "period",
    "play",
    "plot",
    "quotient",
    "sequence",
    "table",
    "verify",
]


def _analysis_from(position, misere, max_moves, value=False):
    """Rebuilds a pickled ``Analysis`` by analysing its position again."""
    return analyze(position, misere, max_moves=max_moves, value=value)
