"""Benchmark: Grundy values of a user-defined one-heap game up to N
(default 10,000) by sprague and by the same plain-Python memoised code, in
the same run.

1. Grundy's game written in Python (split a heap into two unequal heaps):
   options(n) = [(a, n - a) for a in range(1, (n + 1) // 2)], about N²/4
   options in all. `sprague.sequence(options, N)` calls `options` once per
   heap and does the rest (nim-sums of the parts, mex) in Rust; the plain
   code is the memoised recursion G(n) = mex{G(a) ^ G(b)} with
   functools.cache, asked for G(0), G(1), ... in order so that Python's
   recursion limit is not hit.
2. The same comparison for `sprague.Game`, the general solver (positions
   hashed and compared through Python, every position stored), on a
   one-heap game with int positions: subtract a square (options(n) =
   [n - k² for k >= 1]).

Times are CPU seconds of this process. Run:
python crates/sprague-py/bench/heap_values.py [N]
"""

import math
import sys
import time
from functools import cache

import sprague


def grundy_options(n):
    return [(a, n - a) for a in range(1, (n + 1) // 2)]


def square_options(n):
    return [n - k * k for k in range(1, math.isqrt(n) + 1)]


def mex(values):
    seen = set(values)
    n = 0
    while n in seen:
        n += 1
    return n


def plain_heap_values(options, to):
    @cache
    def value(n):
        return mex(value(a) ^ value(b) for a, b in options(n))

    return [value(n) for n in range(to + 1)]


def plain_game_values(options, to):
    @cache
    def value(n):
        return mex(value(o) for o in options(n))

    return [value(n) for n in range(to + 1)]


def timed(f, *args):
    """The result of f(*args) and the CPU time it took (CPU time, not wall
    time, so that other processes on a shared machine count less)."""
    start = time.process_time()
    result = f(*args)
    return result, time.process_time() - start


def main():
    to = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000

    ours, t_seq = timed(sprague.sequence, grundy_options, to)
    plain, t_plain = timed(plain_heap_values, grundy_options, to)
    assert ours == plain == sprague.sequence("grundy", to)
    _, t_opts = timed(lambda: sum(len(grundy_options(n)) for n in range(to + 1)))
    print(f"Grundy's game written in Python, G(0..{to}):")
    print(f"  sprague.sequence(options, {to}): {t_seq:8.2f} s")
    print(f"  plain Python, functools.cache:   {t_plain:8.2f} s  ({t_plain / t_seq:.1f}x sprague's time)")
    print(f"  (building the option lists alone, in Python: {t_opts:.2f} s)")

    game = sprague.Game(square_options)
    ours, t_game = timed(lambda: [game.value(n) for n in range(to + 1)])
    plain, t_plain = timed(plain_game_values, square_options, to)
    assert ours == plain
    print(f"Subtract-a-square written in Python, G(0..{to}):")
    print(f"  sprague.Game(options).value:     {t_game:8.2f} s")
    print(f"  plain Python, functools.cache:   {t_plain:8.2f} s  ({t_plain / t_game:.1f}x sprague's time)")


if __name__ == "__main__":
    main()
