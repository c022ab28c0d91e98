"""Games defined in Python, solved by sprague and checked against plain
Python brute force."""

import itertools
import os

import pytest

import sprague
from games import (
    brute_outcome,
    brute_value,
    cram,
    grundy_game,
    heap_rows,
    no_equal_heaps,
    plain_sequence,
    staircase_drop,
    unequal_split,
)


def test_split_into_unequal_heaps_values_0_to_9():
    assert sprague.sequence(unequal_split, 9) == [0, 0, 0, 1, 0, 2, 3, 4, 0, 5]
    assert plain_sequence(unequal_split, 9) == [0, 0, 0, 1, 0, 2, 3, 4, 0, 5]


def test_split_into_unequal_heaps_against_brute_force():
    assert sprague.sequence(unequal_split, 40) == plain_sequence(unequal_split, 40)
    game, options = heap_rows(unequal_split)
    memo, outcomes = {}, {}
    for row in [(9,), (12,), (3, 5), (5, 6, 7), (2, 4, 8), (10, 10)]:
        assert game.value(row) == brute_value(options, row, memo), row
        assert game.outcome(row) == brute_outcome(options, row, False, outcomes), row
        assert game.outcome(row, misere=True) == brute_outcome(options, row, True, outcomes), row
        winning = [o for o in options(row) if brute_value(options, o, memo) == 0]
        assert game.winning_moves(row) == winning, row


def test_staircase_with_drops_against_brute_force():
    game = sprague.Game(staircase_drop)
    memo, outcomes = {}, {}
    for steps in itertools.product(range(4), repeat=3):
        assert game.value(steps) == brute_value(staircase_drop, steps, memo), steps
        for misere in (False, True):
            want = brute_outcome(staircase_drop, steps, misere, outcomes)
            assert game.outcome(steps, misere=misere) == want, (steps, misere)
            wins = [o for o in staircase_drop(steps) if brute_outcome(staircase_drop, o, misere, outcomes) == "P"]
            assert game.winning_moves(steps, misere=misere) == wins, (steps, misere)


def test_nim_with_no_two_heaps_equal_against_brute_force():
    game = sprague.Game(no_equal_heaps)
    memo, outcomes = {}, {}
    for size in range(4):
        for heaps in itertools.combinations(range(1, 8), size):
            heaps = frozenset(heaps)
            a = game.analyze(heaps)
            assert a.value == brute_value(no_equal_heaps, heaps, memo), heaps
            assert a.outcome == brute_outcome(no_equal_heaps, heaps, False, outcomes)
            assert game.outcome(heaps, misere=True) == brute_outcome(no_equal_heaps, heaps, True, outcomes)
            assert a.winning_moves == [o for o in no_equal_heaps(heaps) if brute_value(no_equal_heaps, o, memo) == 0]


def test_cram_boards_against_brute_force():
    game = sprague.Game(cram)
    memo = {}
    for rows, cols in [(1, 5), (2, 3), (3, 3), (2, 5), (3, 4)]:
        board = tuple("." * cols for _ in range(rows))
        assert game.value(board) == brute_value(cram, board, memo), (rows, cols)
    # Even by even boards are P: the second player answers symmetrically.
    assert game.outcome(("....",) * 4) == "P"
    # Odd by even boards are N: the first player covers the two middle
    # squares, then answers symmetrically.
    a = game.analyze(("....",) * 3)
    assert a.outcome == "N" and a.value == brute_value(cram, ("....",) * 3, memo)
    assert ("....", ".##.", "....") in a.winning_moves
    assert all(game.outcome(b) == "P" for b in a.winning_moves)


def test_subclass_and_grundy_game_agree_with_the_ruleset():
    class Grundy(sprague.Game):
        def __init__(self, note):
            self.note = note

        def options(self, n):
            return [(a, n - a) for a in range(1, (n + 1) // 2)]

        def heaps(self, position):
            return None if isinstance(position, int) else list(position)

    g = Grundy("two unequal heaps")
    assert g.note == "two unequal heaps"
    builtin = sprague.sequence("grundy", 200)
    assert sprague.sequence(grundy_game, 200) == builtin
    assert [g.value(n) for n in range(201)] == builtin
    assert g.value((5, 7, 9)) == builtin[5] ^ builtin[7] ^ builtin[9]


def test_a_game_100000_moves_deep():
    chain = sprague.Game(lambda n: [n - 1] if n > 0 else [])
    assert chain.value(100_000) == 0
    assert chain.value(100_001) == 1
    assert chain.outcome(100_000, misere=True) == "N"
    assert sprague.Game(lambda n: [n - 1] if n > 0 else []).outcome(100_001, misere=True) == "P"
    deep = sprague.Game(lambda t: [(t[0] - k, "tuple") for k in (1, 3, 4) if k <= t[0]])
    assert deep.value((100_000, "tuple")) == [0, 1, 0, 1, 2, 3, 2][100_000 % 7]


def test_state_limit_is_a_limit_error_and_raising_it_resumes():
    game = sprague.Game(lambda n: [n - 1, n - 2][: n], max_states=1000)
    with pytest.raises(sprague.LimitError, match=r"more than 1000 positions \(the state limit\); raise the limit with max_states=N"):
        game.value(5000)
    assert game.max_states == 1000
    game.max_states = 20_000
    assert game.value(5000) == 5000 % 3


def test_errors_from_options_propagate_and_bad_positions_are_named():
    def broken(n):
        if n == 3:
            raise KeyError("three")
        return [n - 1] if n else []

    with pytest.raises(KeyError, match="three"):
        sprague.Game(broken).value(10)
    with pytest.raises(sprague.InputError, match="not hashable"):
        sprague.Game(lambda n: [[n - 1]] if n else []).value(3)
    with pytest.raises(sprague.InputError, match="not hashable"):
        sprague.Game(lambda n: []).value([1, 2])
    with pytest.raises(sprague.InputError, match="iterable"):
        sprague.Game(lambda n: 5).value(3)
    with pytest.raises(TypeError):
        sprague.Game(5)
    with pytest.raises(TypeError, match="has no options"):
        sprague.Game().value(1)
    with pytest.raises(sprague.InputError, match="smaller than 4"):
        sprague.sequence(lambda n: [(n,)] if n == 4 else [], 5)
    with pytest.raises(sprague.InputError, match="tuple of heap sizes"):
        sprague.sequence(lambda n: ["x"] if n else [], 3)


def test_the_solver_is_memoised_and_decomposes():
    calls = []

    def options(n):
        calls.append(n)
        return [(a, n - a) for a in range(1, (n + 1) // 2)]

    game = sprague.Game(options, heaps=lambda p: None if isinstance(p, int) else list(p))
    game.value(30)
    assert sorted(calls) == list(range(1, 31))  # every heap reached, once
    game.value((30, 29))
    assert len(calls) == 30  # nothing new: the sum's parts are known


def fibonacci_nim(position):
    """Fibonacci Nim: a heap of n and the most a move may take, m; taking k
    lets the next player take up to 2k (the position keeps min(2k, n - k))."""
    n, m = position
    return [(n - k, min(2 * k, n - k)) for k in range(1, min(m, n) + 1)]


def smallest_zeckendorf_term(n):
    fibs = [1, 2]
    while fibs[-1] <= n:
        fibs.append(fibs[-1] + fibs[-2])
    for f in reversed(fibs):
        if f <= n:
            n -= f
            last = f
    return last


def check_fibonacci_nim(start, known):
    # Whinihan (1963): (n, m) with n > 0 is a P-position exactly when the
    # smallest term of n's Zeckendorf representation is above m.
    def is_p(n, m):
        return n == 0 or smallest_zeckendorf_term(n) > m

    game = sprague.Game(fibonacci_nim)
    assert game.outcome(start) == "N"
    moves = game.winning_moves(start)
    assert moves == [o for o in fibonacci_nim(start) if is_p(*o)]
    assert known in moves
    assert game.stored_states <= 2_000_000
    for n in range(1, 60):
        for m in range(1, n):
            assert game.outcome((n, m)) == ("P" if is_p(n, m) else "N"), (n, m)


def test_fibonacci_nim_from_300_under_the_default_state_limit():
    # 300 = 233 + 55 + 8 + 3 + 1: take 1, leaving (299, 2).
    check_fibonacci_nim((300, 299), (299, 2))


@pytest.mark.skipif(
    not os.environ.get("SPRAGUE_SLOW"),
    reason="about a minute: run with SPRAGUE_SLOW=1",
)
def test_fibonacci_nim_from_1000_under_the_default_state_limit_slow():
    # 1000 = 987 + 13: take 13, leaving (987, 26).
    check_fibonacci_nim((1000, 999), (987, 26))
