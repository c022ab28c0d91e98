"""The exceptions sprague raises. Messages are the CLI's."""


class SpragueError(Exception):
    """Base class of sprague's exceptions."""

    __module__ = "sprague"


class InputError(SpragueError, ValueError):
    """Bad input: a position, ruleset word, move, expression or option that
    sprague cannot read or play. The message says what was wrong and where."""

    __module__ = "sprague"


class LimitError(SpragueError, RuntimeError):
    """A limit was reached: the search's state limit (``max_states``), the
    table limit (``max_table``), the period search (``max_period_search``).
    The message names the limit and the keyword argument that raises it."""

    __module__ = "sprague"
