"""Results for scripts and notebooks: nim-sequences (``Sequence``), genus
tables (``Genus``), misère quotients (``Quotient``) and pictures
(``Figure``), each shown by a notebook as HTML or SVG and picklable, and
the functions that make them: ``sequence``, ``genus``, ``quotient`` and
``plot``."""

from dataclasses import dataclass, field
from html import escape
from typing import Any, Callable, Dict, Iterable, List, Optional, Union

from . import _sprague

Game = Union[str, Callable[[int], Iterable[Any]], List[int]]
"""A one-heap game as the functions take it: a ruleset word
(``"kayles"``), a function ``options(n)`` giving the options of a heap of
``n`` (tuples of the heaps a move leaves, or an int for one heap), or a
list of Grundy values G(0), G(1), ...."""

__all__ = ["Figure", "Genus", "Quotient", "Sequence", "genus", "plot", "quotient", "sequence"]


class Figure:
    """A picture as SVG text: what ``sprague sequence --plot FILE.svg`` and
    ``sprague table --plot FILE.svg`` draw. A notebook shows it
    (``_repr_svg_``); ``save(path)`` writes it to a file; ``svg`` is the
    text."""

    __module__ = "sprague"

    def __init__(self, svg: str) -> None:
        self.svg = svg

    def _repr_svg_(self) -> str:
        return self.svg

    def _repr_html_(self) -> str:
        return _scaled(self.svg)

    def save(self, path) -> None:
        """Writes the SVG text to ``path`` (UTF-8)."""
        with open(path, "w", encoding="utf-8") as f:
            f.write(self.svg)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Figure) and other.svg == self.svg

    def __repr__(self) -> str:
        return f"Figure(<{len(self.svg):,} characters of SVG>)"


def _scaled(svg: str) -> str:
    """The SVG inline in HTML, scaled down to the width of the page."""
    return svg.replace("<svg ", '<svg style="max-width:100%;height:auto" ', 1)


class Sequence(list):
    """A nim-sequence G(0), ..., G(N): a list of ints (equal to the plain
    list), with the game's name (``ruleset``) and a picture. A notebook
    shows it as the plot of ``sprague sequence --plot`` above the values;
    ``plot()`` gives the ``Figure``; ``period()`` the period shown in the
    values (proven for a ruleset word, apparent for a game given in
    Python)."""

    __module__ = "sprague"

    def __init__(self, values: Iterable[int], ruleset: str = "", game: Any = None) -> None:
        super().__init__(values)
        self.ruleset = ruleset
        # The word, to look for a proven period; None for a game given in
        # Python (its values alone are kept, so the sequence pickles).
        self._word = game if isinstance(game, str) else None

    def period(self) -> "_sprague.Period":
        """The period the values show: for a ruleset word, proven by its
        theorem within these values (``period(word, limit=N)``); otherwise
        apparent (``period(values)``, ``proven=False``)."""
        if self._word is not None and len(self) > 1:
            return _sprague.period(self._word, limit=len(self) - 1)
        p = _sprague.period(list(self))
        return _sprague.Period(self.ruleset, p.preperiod, p.period, False, p.checked_to)

    def plot(self) -> Figure:
        """The scatter plot of G(n) against n, with the period (proven or
        apparent) marked, as ``sprague sequence --plot`` draws it."""
        p = self.period()
        marked = (p.preperiod, p.period) if p.period is not None else None
        return Figure(_sprague._sequence_svg(self.ruleset, list(self), marked, p.proven))

    def _repr_html_(self) -> str:
        shown = ", ".join(str(v) for v in self[:200])
        more = f", ... ({len(self):,} values)" if len(self) > 200 else ""
        return (
            f"{_scaled(self.plot().svg)}"
            f"<p><code>{escape(self.ruleset)}</code>: G(0..{len(self) - 1}) = {shown}{more}</p>"
        )

    def __reduce__(self):
        return (_sequence_from, (list(self), self.ruleset, self._word))


def _sequence_from(values, ruleset, word):
    return Sequence(values, ruleset, word)


@dataclass(frozen=True)
class Genus:
    """Conway's genus of every heap 0..``to``: the fields of ``sprague genus
    --json``. ``heaps`` holds one dict a heap: ``heap``, ``genus`` (written
    g^(γ0 γ1 ...)), ``normal`` (g), ``misere`` (the γ's), ``tame``;
    ``first_wild`` is the first heap that is not tame (None when all
    are). A notebook shows it as a table."""

    ruleset: str
    to: int
    heaps: List[Dict[str, Any]] = field(repr=False)
    first_wild: Optional[int]

    __module__ = "sprague"

    @property
    def genera(self) -> List[str]:
        """The genus of each heap, as written (``"0^120"``)."""
        return [h["genus"] for h in self.heaps]

    @property
    def tame(self) -> bool:
        """Whether every heap 0..``to`` is tame (misère play of their sums
        is misère Nim on the genus values)."""
        return self.first_wild is None

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<tr><td>{h['heap']}</td><td><code>{escape(h['genus'])}</code></td>"
            f"<td>{'tame' if h['tame'] else '<b>wild</b>'}</td></tr>"
            for h in self.heaps
        )
        if self.first_wild is None:
            summary = f"tame up to heap {self.to}"
        elif self.first_wild == 0:
            summary = "wild from heap 0"
        else:
            summary = f"tame up to heap {self.first_wild - 1}; first wild heap: {self.first_wild}"
        return (
            f"<p>Genus of <code>{escape(self.ruleset)}</code>, heaps 0 to {self.to}: {summary}</p>"
            f'<table class="sprague-genus"><tr><th>heap</th><th>genus</th><th></th></tr>'
            f"{rows}</table>"
        )


@dataclass(frozen=True)
class Quotient:
    """The misère quotient of heaps 0..``to`` (Plambeck and Siegel): the
    fields of ``sprague quotient --json``: ``order``, ``generators`` (each
    ``name`` and ``heap``), ``relations``, ``elements``, ``p_portion`` and
    ``pretend`` (heap n's element). A notebook shows its presentation and
    pretending function."""

    ruleset: str
    to: int
    order: int
    generators: List[Dict[str, Any]] = field(repr=False)
    relations: List[str] = field(repr=False)
    elements: List[str] = field(repr=False)
    p_portion: List[str] = field(repr=False)
    pretend: List[str] = field(repr=False)

    __module__ = "sprague"

    def _repr_html_(self) -> str:
        def listed(items):
            return ", ".join(f"<code>{escape(i)}</code>" for i in items) or "none"

        gens = [f"{g['name']} = heap {g['heap']}" for g in self.generators]
        cells = "".join(
            f"<tr><th>{h}</th><td><code>{escape(e)}</code></td></tr>"
            for h, e in enumerate(self.pretend)
        )
        return (
            f"<p>Misère quotient of <code>{escape(self.ruleset)}</code>, heaps 0 to {self.to}</p>"
            f'<table class="sprague-quotient">'
            f"<tr><th>order</th><td>{self.order}</td></tr>"
            f"<tr><th>generators</th><td>{listed(gens)}</td></tr>"
            f"<tr><th>relations</th><td>{listed(self.relations)}</td></tr>"
            f"<tr><th>elements</th><td>{listed(self.elements)}</td></tr>"
            f"<tr><th>P-portion</th><td>{listed(self.p_portion)}</td></tr></table>"
            f"<p>pretending function (heap: element):</p>"
            f'<table class="sprague-pretend">{cells}</table>'
        )


def sequence(ruleset: Game, to: int, **limits: Any) -> Sequence:
    """The nim-sequence G(0), ..., G(``to``) of a ruleset word, a function
    ``options(n)`` or a list of values, as a ``Sequence`` (a list of ints
    that a notebook shows with its plot). Keyword arguments are
    ``_sprague.sequence``'s: ``method``, ``max_table``,
    ``max_period_search``, ``max_options``.

    >>> sequence("kayles", 10)
    [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2]
    """
    values = _sprague.sequence(ruleset, to, **limits)
    return Sequence(values, _name(ruleset), ruleset)


def genus(game: Game, to: int, *, max_states: int = _sprague.DEFAULT_MAX_STATES,
          max_options: int = _sprague.DEFAULT_MAX_OPTIONS) -> Genus:
    """Conway's genus g^(γ0 γ1 ...) of every heap 0..``to`` of a heap game,
    and whether it is tame, as ``sprague genus RULESET --to N --json``
    gives them. ``game`` is a ruleset word or a one-heap game defined in
    Python, a function ``options(n)`` (tuples of the heaps a move leaves,
    at most three, adding up to at most ``n``; at most ``max_options``
    options in all). ``max_states`` bounds the sums of heaps valued past
    the first wild heap (``LimitError`` beyond it).

    >>> genus("kayles", 5).genera
    ['0^120', '1^031', '2^20', '3^31', '1^031', '4^146']
    >>> genus("kayles", 5).first_wild    # 4^146 is not the genus of a Nim heap
    5
    """
    d = _sprague._genus(game, to, max_states=max_states, max_options=max_options)
    return Genus(**d)


def quotient(game: Game, to: int, *, max_order: int = _sprague.DEFAULT_MAX_ORDER,
             max_states: int = _sprague.DEFAULT_MAX_STATES,
             max_options: int = _sprague.DEFAULT_MAX_OPTIONS,
             max_cycle: int = 12) -> Quotient:
    """The misère quotient (Plambeck and Siegel) of a heap game restricted
    to heaps 0..``to``, as ``sprague quotient RULESET --to N --json`` gives
    it: order, presentation, P-portion, pretending function. ``game`` is a
    ruleset word or a function ``options(n)`` (as for ``genus``). Raises
    ``LimitError`` past ``max_order`` elements or ``max_states`` tuples in
    one proof check. ``max_cycle`` is the longest cycle tried for the
    powers of a heap (as ``--max-cycle``): where they do not repeat within
    it the construction stops with ``SpragueError`` saying so, and a
    longer one may find the quotient (``octal:0.57`` to heap 40 needs 32).

    >>> q = quotient("kayles", 6)
    >>> q.order, q.p_portion
    (12, ['a', 'ac', 'b^2'])
    """
    d = _sprague._quotient(game, to, max_order=max_order, max_states=max_states,
                           max_options=max_options, max_cycle=max_cycle)
    return Quotient(**d)


def plot(game: Any, to: Optional[int] = None, **limits: Any) -> Figure:
    """A picture, as SVG in a ``Figure`` that notebooks show: the scatter
    plot of G(n) against n of ``sprague sequence --plot`` for a ruleset
    word, a function ``options(n)``, a list of values or a ``Sequence``
    (heaps 0..``to``; a list's own length by default), with the period
    marked (proven, or apparent for a game given in Python); or the heat
    map of ``sprague table --plot`` for a ``Table``.

    >>> plot("kayles", 100).svg.startswith("<svg")
    True
    """
    if isinstance(game, _sprague.Table):
        return game.plot()
    if isinstance(game, Sequence):
        return game.plot()
    if to is None:
        if isinstance(game, (list, tuple)):
            to = len(game) - 1
        else:
            raise TypeError("plot() needs to=N, the last heap to draw")
    return sequence(game, to, **limits).plot()


def _name(game: Any) -> str:
    if isinstance(game, str):
        return game
    if callable(game):
        return getattr(game, "__name__", "options")
    return "values"
