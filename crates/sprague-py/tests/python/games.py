"""The user-defined games of the tests and the benchmark, each in a few
lines, and plain-Python brute force to check sprague's answers against."""

from functools import reduce

import sprague


def mex(values):
    seen = set(values)
    n = 0
    while n in seen:
        n += 1
    return n


def brute_value(options, position, memo):
    """The Grundy value by the definition, recursively, memoised in `memo`."""
    if position not in memo:
        memo[position] = mex(brute_value(options, o, memo) for o in options(position))
    return memo[position]


def brute_outcome(options, position, misere, memo):
    """P or N by the definition, for either convention."""
    key = (position, misere)
    if key not in memo:
        opts = list(options(position))
        if not opts:
            memo[key] = "N" if misere else "P"
        else:
            wins = any(brute_outcome(options, o, misere, memo) == "P" for o in opts)
            memo[key] = "N" if wins else "P"
    return memo[key]


# 1. Split a heap into any number (two or more) of unequal heaps.
def distinct_parts(n, least=1):
    """The partitions of n into distinct parts of at least `least`, increasing."""
    if n == 0:
        yield ()
    for first in range(least, n + 1):
        for rest in distinct_parts(n - first, first + 1):
            yield (first,) + rest


def unequal_split(n):
    return [p for p in distinct_parts(n) if len(p) >= 2]


def heap_rows(heap_options):
    """A game on rows of heaps (sorted tuples) from the options of one heap:
    a move replaces one heap by the heaps of one of its options; a row is
    the sum of its heaps."""

    def options(row):
        for i, h in enumerate(row):
            for parts in heap_options(h):
                yield tuple(sorted(row[:i] + row[i + 1:] + tuple(parts)))

    def heaps(row):
        return [(h,) for h in row] if len(row) != 1 else None

    return sprague.Game(options, heaps), options


# 2. Staircase Nim where coins may drop to any lower step: a position is
# the coins on steps 1, 2, ...; a move takes coins from one step to any
# lower one (step 0 is the ground, where coins leave the game).
def staircase_drop(steps):
    for i, coins in enumerate(steps):
        for m in range(1, coins + 1):
            for j in range(i + 1):  # j = 0 is the ground
                s = list(steps)
                s[i] -= m
                if j > 0:
                    s[j - 1] += m
                yield tuple(s)


# 3. Nim where no two heaps may become equal: a position is the set of
# non-empty heaps; a move reduces one heap, not to the size of another
# (a heap reduced to 0 leaves the game).
def no_equal_heaps(heaps):
    for h in heaps:
        rest = heaps - {h}
        for k in range(h):
            if k == 0:
                yield rest
            elif k not in rest:
                yield rest | {k}


# 4. Cram on a small board (a tuple of rows, '.' empty, '#' taken): a move
# covers two adjacent empty squares with a domino.
def cram(board):
    rows, cols = len(board), len(board[0])
    for r in range(rows):
        for c in range(cols):
            if board[r][c] != ".":
                continue
            for dr, dc in ((0, 1), (1, 0)):
                r2, c2 = r + dr, c + dc
                if r2 < rows and c2 < cols and board[r2][c2] == ".":
                    b = [list(row) for row in board]
                    b[r][c] = b[r2][c2] = "#"
                    yield tuple("".join(row) for row in b)


def grundy_game(n):
    """Grundy's game: split a heap into two unequal heaps."""
    return [(a, n - a) for a in range(1, (n + 1) // 2)]


def plain_sequence(options, to):
    """The plain-Python memoised code sprague's sequence(options, to) is
    compared with: G(n) = mex over options of the nim-sum of the parts."""
    g = []
    for n in range(to + 1):
        g.append(mex(reduce(lambda a, b: a ^ b, (g[p] for p in parts), 0) for parts in options(n)))
    return g
