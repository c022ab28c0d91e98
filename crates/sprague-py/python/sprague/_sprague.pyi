"""Type stubs of sprague's extension module (re-exported by ``sprague``)."""

from typing import Any, Callable, Dict, Hashable, Iterable, List, Optional, Tuple, Union

DEFAULT_MAX_STATES: int
"""The default state limit of a search: 2,000,000 positions."""
DEFAULT_MAX_OPTIONS: int
"""The default of ``max_options``: at most 10,000,000 options listed by a
function ``options(n)`` in one call."""
DEFAULT_MAX_ORDER: int
"""The default of ``max_order``: misère quotients of at most 1,000
elements."""

HeapGame = Union[str, Callable[[int], Iterable[Union[Tuple[int, ...], List[int], int]]], List[int], Tuple[int, ...]]
"""A one-heap game: a ruleset word, a function ``options(n)`` (tuples of
the heaps a move leaves, or an int for one heap), or a list of Grundy
values G(0), G(1), ...."""

class Nimber:
    """A nimber ``*n`` of Conway's nim-field of order 2**64 (``n`` from 0 to
    2**64 - 1). ``+`` and ``-`` are the nim-sum (XOR), ``*`` the
    nim-product, ``/`` division, ``**`` the nim-power (a negative exponent
    inverts). Ints mix in; ``int(x)`` gives the number back; a nimber
    equals the int of the same number. ``str(Nimber(5))`` is ``*5``."""

    def __init__(self, value: Union[int, "Nimber"]) -> None:
        """The nimber ``*value``; ``InputError`` outside 0 .. 2**64 - 1."""
    @property
    def value(self) -> int:
        """The number ``n`` of ``*n``."""
    def inverse(self) -> "Nimber":
        """The multiplicative inverse; ``ZeroDivisionError`` for ``*0``."""
    def sqrt(self) -> "Nimber":
        """The one nimber whose nim-square is this one."""
    def __add__(self, other: Union["Nimber", int]) -> "Nimber": ...
    def __radd__(self, other: Union["Nimber", int]) -> "Nimber": ...
    def __sub__(self, other: Union["Nimber", int]) -> "Nimber": ...
    def __rsub__(self, other: Union["Nimber", int]) -> "Nimber": ...
    def __mul__(self, other: Union["Nimber", int]) -> "Nimber": ...
    def __rmul__(self, other: Union["Nimber", int]) -> "Nimber": ...
    def __truediv__(self, other: Union["Nimber", int]) -> "Nimber": ...
    def __rtruediv__(self, other: Union["Nimber", int]) -> "Nimber": ...
    def __pow__(self, exponent: int, modulo: None = None) -> "Nimber": ...
    def __neg__(self) -> "Nimber": ...
    def __int__(self) -> int: ...
    def __index__(self) -> int: ...
    def __bool__(self) -> bool: ...
    def __hash__(self) -> int: ...
    def __eq__(self, other: object) -> bool: ...

def nimber(expr: str) -> int:
    """Evaluates a nimber expression as ``sprague nimber EXPR`` does
    (``+``/``xor`` nim-sum, ``*`` nim-product, ``/``, ``^`` nim-power,
    ``inv``, ``sqrt``, parentheses, ``0x`` numbers, ``*5``). A bad
    expression raises ``InputError`` with the CLI's message."""

class WinningMove:
    """One winning move of ``analyze``: the move in words, the position
    after it and what it changes, as the CLI's JSON writes them."""

    @property
    def move(self) -> str:
        """The move, e.g. ``"nim heap 1: 3 -> 1"``."""
    @property
    def after(self) -> Optional[str]:
        """The position after the move, e.g. ``"nim 1 4 5"``; None when
        the position is written in more than 2,000 bytes."""
    @property
    def component(self) -> int:
        """The index of the component played in, from 0."""
    @property
    def ruleset(self) -> str:
        """That component's ruleset word, as written."""
    @property
    def change(self) -> dict:
        """What the move changes there: ``kind`` (``heap``, ``heaps``,
        ``stair``, ``token``, ``cut``, ``listed``) and its fields, as in
        the CLI's JSON."""

class Analysis:
    """The analysis of a position: the fields of ``analyze --json``."""

    @property
    def position(self) -> str:
        """The position, as sprague writes it."""
    @property
    def play(self) -> str:
        """``"normal"`` or ``"misere"``."""
    @property
    def outcome(self) -> str:
        """``"P"`` (the player to move loses), ``"N"`` (they win) or, for a
        game that can be played forever, ``"D"`` (a draw)."""
    @property
    def basis(self) -> str:
        """What decided it: ``bouton``, ``misere-nim``, ``moore``,
        ``staircase``, ``period``, ``table``, ``sprague-grundy``,
        ``search``, or a ruleset's own theorem."""
    @property
    def value(self) -> Optional[int]:
        """The Grundy value (normal play), or None when none was needed."""
    @property
    def winning_moves(self) -> List[WinningMove]:
        """Every winning move (at most ``max_moves``)."""
    @property
    def truncated(self) -> bool:
        """Whether the list was cut at ``max_moves``."""
    @property
    def total_winning_moves(self) -> Optional[int]:
        """How many winning moves there are in all, when known."""
    @property
    def generalized_value(self) -> Optional[str]:
        """For a game that can be played forever, Smith's generalized
        value (``"3"``, ``"∞(0,2)"``, ``"∞(∅)"``); else None."""
    @property
    def component_values(self) -> Optional[List[str]]:
        """For a game that can be played forever, each component's
        generalized value; else None."""
    @property
    def drawing_moves(self) -> List[WinningMove]:
        """For a draw, the moves that keep it (at most ``max_moves``)."""
    @property
    def drawing_truncated(self) -> bool:
        """Whether ``drawing_moves`` was cut at ``max_moves``."""
    def _repr_html_(self) -> str:
        """The analysis as a notebook shows it."""

def analyze(
    position: str,
    misere: bool = False,
    *,
    max_moves: Optional[int] = None,
    value: bool = False,
    max_states: int = ...,
    max_table: int = ...,
    max_table_work: int = ...,
    max_period_search: int = ...,
    max_quotient_states: int = ...,
) -> Analysis:
    """Analyses a position written as on the command line (``"nim 3 4 5"``,
    ``"kayles 10 + nim 3"``) as ``sprague analyze --json`` does;
    ``value=True`` searches the Grundy value where a theorem needs none
    (``--value``). Raises ``InputError`` for a bad position, ``LimitError``
    at a limit. Runs without the GIL."""

def explain(
    position: str,
    misere: bool = False,
    *,
    max_moves: Optional[int] = 10,
    max_states: int = ...,
    max_table: int = ...,
    max_table_work: int = ...,
    max_period_search: int = ...,
    max_quotient_states: int = ...,
) -> str:
    """The teaching view of ``sprague analyze --explain``, as text."""

def play(position: str, move: str) -> str:
    """The position after a move typed as in ``sprague play`` (``"1 2"``
    takes 2 tokens from heap 1, ``"heap 1 -> 1"`` leaves 1 in it, or the
    whole position after it). ``InputError`` for
    an illegal or unreadable move."""

class VerifyReport:
    """The result of ``verify``."""

    @property
    def checked(self) -> int:
        """The number of positions checked."""
    @property
    def disagreements(self) -> int:
        """The number of positions where closed form and search disagreed."""
    @property
    def examples(self) -> List[Tuple[str, str]]:
        """The first disagreements: ``(position, what differed)``."""

def verify(
    ruleset: str,
    misere: bool = False,
    *,
    max_heap: int = 7,
    heaps: int = 4,
    max_states: int = ...,
    max_table: int = ...,
    max_table_work: int = ...,
    max_period_search: int = ...,
) -> VerifyReport:
    """Checks a ruleset's closed form against a search by the definitions
    on every position of one component with at most ``heaps`` heaps of size
    at most ``max_heap``, as ``sprague verify`` does."""

def sequence(
    ruleset: HeapGame,
    to: int,
    *,
    method: str = "fast",
    max_table: int = ...,
    max_period_search: int = ...,
    max_options: int = ...,
) -> List[int]:
    """The nim-sequence G(0) .. G(to): of a ruleset word (``"kayles"``,
    ``"octal:0.137"``, ``"sub:1,3,4"``), as ``sprague sequence`` gives it,
    or of a one-heap game given by ``options(n)``, an iterable of tuples of
    smaller heap sizes (the heaps a move leaves; a plain int for one heap),
    computed bottom-up in Rust with one call of ``options`` per heap, or of
    a list of values (checked and given back). ``sprague.sequence`` wraps
    the list in a ``Sequence``."""

class Period:
    """The preperiod and period of a nim-sequence: the fields of
    ``sprague period --json``."""

    @property
    def ruleset(self) -> str:
        """The ruleset word as written."""
    @property
    def preperiod(self) -> Optional[int]:
        """The preperiod, or None."""
    @property
    def period(self) -> Optional[int]:
        """The period, or None when none was proven."""
    @property
    def proven(self) -> bool:
        """Whether the period is proven."""
    @property
    def checked_to(self) -> int:
        """The last heap whose value was computed (0 when none was)."""
    @property
    def saltus(self) -> Optional[int]:
        """The saltus s of a proven arithmetic period (G(n + p) = G(n) + s
        from the preperiod on: 4 for Lasker's Nim), or None."""
    def __init__(
        self,
        ruleset: str,
        preperiod: Optional[int],
        period: Optional[int],
        proven: bool,
        checked_to: int,
        saltus: Optional[int] = None,
    ) -> None: ...
    def _repr_html_(self) -> str:
        """The period as a notebook shows it."""
    def __reduce__(self) -> Any: ...

def period(
    ruleset: HeapGame,
    *,
    limit: Optional[int] = None,
    method: str = "fast",
    max_table: int = ...,
    max_period_search: int = ...,
    repeats: int = 3,
    max_options: int = ...,
) -> Period:
    """Finds and proves the period of a heap game's nim-sequence, as
    ``sprague period --json`` does; for a function ``options(n)`` (valued
    to heap ``limit``, default 2,000) or a list of values, the apparent
    period (``proven=False``): the least one seen ``repeats`` times up to
    the last heap."""

class Table:
    """The table of every two-number position: the fields of
    ``sprague table --format json``."""

    @property
    def ruleset(self) -> str:
        """The ruleset word as written."""
    @property
    def to(self) -> int:
        """The largest number of each axis."""
    @property
    def play(self) -> str:
        """``"normal"`` or ``"misere"``."""
    @property
    def cells(self) -> str:
        """``"value"`` (Grundy values) or ``"outcome"`` (``"P"``/``"N"``)."""
    @property
    def rows(self) -> Union[List[List[int]], List[List[str]]]:
        """The cells, ``rows[a][b]`` for the position ``R a b``."""
    def p_positions(self) -> List[Tuple[int, int]]:
        """The P-positions ``(a, b)``, row by row."""
    def plot(self) -> Any:
        """The heat map of ``table --plot``, as a ``sprague.Figure``."""
    def _repr_html_(self) -> str:
        """The cells as an HTML table (the heat map past 24 a side)."""

def table(
    ruleset: HeapGame,
    to: int,
    *,
    outcome: bool = False,
    misere: bool = False,
    max_cells: int = 4_000_000,
    max_states: int = ...,
    max_table: int = ...,
    max_table_work: int = ...,
    max_period_search: int = ...,
    max_options: int = ...,
) -> Table:
    """The Grundy values (or outcomes, with ``outcome=True`` or under
    misère play) of every position ``RULESET a b``, 0 <= a, b <= ``to``, as
    ``sprague table --format json`` gives them; of two heaps of a game
    given by ``options(n)`` or by a list of values (normal play).
    ``LimitError`` past ``max_cells`` cells."""

class Count:
    """The result of ``count``: the fields of ``sprague count --json``."""

    @property
    def ruleset(self) -> str:
        """The ruleset word as written."""
    @property
    def heaps(self) -> Optional[int]:
        """K, the number of heaps in each sum (None with ``heaps_up_to``)."""
    @property
    def max(self) -> Optional[int]:
        """M, the largest heap size (None with ``primes`` or ``sizes``)."""
    @property
    def min(self) -> Optional[int]:
        """The smallest heap (``min=``, or 1 with ``nonempty=True``)."""
    @property
    def primes(self) -> Optional[int]:
        """L when the sizes were the primes up to L."""
    @property
    def sizes(self) -> Optional[int]:
        """How many sizes were listed with ``sizes=``."""
    @property
    def heaps_up_to(self) -> Optional[int]:
        """N when every number of heaps from 1 to N was summed."""
    @property
    def distinct(self) -> bool:
        """Whether all heaps were different."""
    @property
    def unordered(self) -> bool:
        """Whether multisets were counted."""
    @property
    def outcome(self) -> str:
        """Which positions were counted: ``"P"`` or ``"N"``."""
    @property
    def modulo(self) -> Optional[int]:
        """The modulus, or None for an exact count."""
    @property
    def count(self) -> int:
        """The count (modulo ``modulo`` when given)."""
    @property
    def basis(self) -> str:
        """``"closed-form"``, ``"table"`` or ``"period"``."""
    @property
    def preperiod(self) -> Optional[int]:
        """The preperiod of the proven period used, or None."""
    @property
    def period(self) -> Optional[int]:
        """The period used, or None."""
    def __int__(self) -> int: ...
    def _repr_html_(self) -> str:
        """The count as a notebook shows it."""

def count(
    ruleset: HeapGame,
    heaps: Optional[int] = None,
    max: Optional[int] = None,
    *,
    unordered: bool = False,
    outcome: str = "P",
    modulo: Optional[int] = None,
    misere: bool = False,
    min: Optional[int] = None,
    nonempty: bool = False,
    primes: Optional[int] = None,
    sizes: Optional[List[int]] = None,
    heaps_up_to: Optional[int] = None,
    distinct: bool = False,
    max_work: int = ...,
    max_bits: int = ...,
    max_table: int = ...,
    max_period_search: int = ...,
    max_options: int = ...,
) -> Count:
    """Counts the P-positions (or N-positions) among all sums of ``heaps``
    heaps of a heap ruleset, every heap in 0..=``max``, as
    ``sprague count --json`` does: ordered tuples or (``unordered=True``)
    multisets, exactly or modulo ``modulo``; also of a game given by
    ``options(n)`` or by a list of at least ``max + 1`` values. The
    constraints of ``sprague count``: ``min``/``nonempty`` with ``max``,
    ``primes=L`` or ``sizes=[...]`` instead of ``max``, ``heaps_up_to=N``
    instead of ``heaps``, ``distinct=True``; a bad combination raises
    ``InputError``."""

class GameAnalysis:
    """The result of ``Game.analyze``."""

    @property
    def position(self) -> Hashable:
        """The position analysed."""
    @property
    def play(self) -> str:
        """``"normal"`` or ``"misere"``."""
    @property
    def outcome(self) -> str:
        """``"P"``, ``"N"`` or ``"D"`` (a draw, in a game with cycles)."""
    @property
    def value(self) -> Union[int, str, None]:
        """The Grundy value under normal play (for a game with cycles the
        generalized value: an int, or a str such as ``"∞(0,2)"``); None
        under misère play."""
    @property
    def drawing_moves(self) -> List[Hashable]:
        """For a draw, the options that keep it; empty otherwise."""
    @property
    def winning_moves(self) -> List[Hashable]:
        """The options that are P-positions, in the order of ``options``."""

class Game:
    """An impartial game defined in Python, solved by sprague's memoised,
    iterative solver (no recursion limit; at most ``max_states`` positions
    stored, ``LimitError`` past it).

    ``Game(options, heaps=None, *, max_states=2_000_000)``: ``options(p)``
    gives the positions one move reaches from ``p`` (hashable values);
    ``heaps(p)`` optionally gives the independent components ``p`` is the
    sum of (or None), so that values of sums are nim-sums. Or subclass
    ``Game`` and define ``options(self, position)`` (and ``heaps``)."""

    def __init__(
        self,
        options: Optional[Callable[[Hashable], Iterable[Hashable]]] = None,
        heaps: Optional[Callable[[Hashable], Optional[Iterable[Hashable]]]] = None,
        *,
        max_states: int = 2_000_000,
    ) -> None: ...
    max_states: int
    """The most positions the solver may store."""
    @property
    def stored_states(self) -> int:
        """How many positions the solver has stored so far."""
    def options(self, position: Hashable) -> Iterable[Hashable]:
        """The options of ``position`` (override in a subclass)."""
    def heaps(self, position: Hashable) -> Optional[Iterable[Hashable]]:
        """The components of ``position``, or None (override in a subclass)."""
    def value(self, position: Hashable) -> Union[int, str]:
        """The Grundy value of ``position`` (normal play); in a game with
        cycles the generalized value, an int or a str such as ``"∞(0,2)"``."""
    def remoteness(self, position: Hashable) -> Optional[int]:
        """How many moves the game lasts with the winner hurrying and the
        loser delaying; None for a draw."""
    def drawing_moves(self, position: Hashable) -> List[Hashable]:
        """The options of a drawn ``position`` that keep the draw."""
    def outcome(self, position: Hashable, misere: bool = False) -> str:
        """``"P"`` or ``"N"``; misère play searches whole positions."""
    def winning_moves(self, position: Hashable, misere: bool = False) -> List[Hashable]:
        """Every option of ``position`` that leads to a P-position."""
    def analyze(self, position: Hashable, misere: bool = False) -> GameAnalysis:
        """Outcome, value (normal play) and all winning moves."""

def _genus(
    game: HeapGame, to: int, *, max_states: int = ..., max_options: int = ...
) -> Dict[str, Any]:
    """The fields of ``sprague genus --json`` (``sprague.genus`` wraps them
    in a ``Genus``)."""

def _quotient(
    game: HeapGame,
    to: int,
    *,
    max_order: int = ...,
    max_states: int = ...,
    max_options: int = ...,
    max_cycle: int = ...,
) -> Dict[str, Any]:
    """The fields of ``sprague quotient --json`` (``sprague.quotient``
    wraps them in a ``Quotient``)."""

def _sequence_svg(
    name: str,
    values: List[int],
    period: Optional[Tuple[int, int]] = None,
    proven: bool = False,
) -> str:
    """The SVG of ``sequence --plot``."""

def _grid_svg(
    title: str,
    x_label: str,
    y_label: str,
    columns: int,
    rows: int,
    values: List[int],
    outcome_only: bool,
) -> str:
    """The SVG of ``table --plot``."""
