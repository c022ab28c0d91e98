"""Games with cycles defined in Python (positions that can recur): outcomes
P, N or D, Smith's generalized values, drawing moves and remoteness,
checked against a plain Python fixed point."""

import time

import pytest

import sprague


def fixed_point(options, positions):
    """Outcomes by iterating the definitions until nothing changes: a
    position with a P option is N, one whose options are all N is P, the
    rest are draws."""
    outcome = {}
    changed = True
    while changed:
        changed = False
        for p in positions:
            if p in outcome:
                continue
            opts = list(options(p))
            if any(outcome.get(o) == "P" for o in opts):
                outcome[p] = "N"
            elif all(outcome.get(o) == "N" for o in opts):
                outcome[p] = "P"
            else:
                continue
            changed = True
    return {p: outcome.get(p, "D") for p in positions}


def test_a_three_node_cycle_answers_at_once():
    cycle = sprague.Game(lambda p: [(p + 1) % 3])
    start = time.monotonic()
    assert cycle.outcome(0) == "D"
    assert cycle.value(0) == "∞(∅)"
    assert cycle.drawing_moves(0) == [1]
    assert cycle.remoteness(0) is None
    assert time.monotonic() - start < 1.0
    assert cycle.stored_states < 200
    # a → b, b → a, b → c: a loses (its one move is to b), so b wins by
    # moving to c or back to a.
    edges = {"a": ["b"], "b": ["a", "c"], "c": []}
    g = sprague.Game(lambda p: edges[p])
    assert (g.outcome("a"), g.value("a"), g.remoteness("a")) == ("P", 0, 2)
    assert (g.outcome("b"), g.value("b"), g.winning_moves("b")) == ("N", 1, ["a", "c"])
    a = g.analyze("b")
    assert (a.outcome, a.value, a.winning_moves, a.drawing_moves) == ("N", 1, ["a", "c"], [])


def test_misere_play_of_a_game_with_cycles_is_refused():
    cycle = sprague.Game(lambda p: [(p + 1) % 3])
    with pytest.raises(sprague.InputError, match="normal play only"):
        cycle.outcome(0, misere=True)


def ring_options(n):
    """A token on 0..n-1: from k > 0 to 2k mod n, and to k + 3 mod n when k
    is not a multiple of 5; 0 is the end."""

    def options(k):
        if k == 0:
            return []
        out = [(2 * k) % n]
        if k % 5 and (k + 3) % n not in out:
            out.append((k + 3) % n)
        return out

    return options


@pytest.mark.parametrize("n", [7, 10, 16, 25, 31])
def test_rings_against_a_fixed_point(n):
    options = ring_options(n)
    game = sprague.Game(options)
    want = fixed_point(options, range(n))
    for k in range(n):
        assert game.outcome(k) == want[k], (n, k)
        assert game.winning_moves(k) == [o for o in options(k) if want[o] == "P"], (n, k)
        drawing = [o for o in options(k) if want[o] == "D"] if want[k] == "D" else []
        assert game.drawing_moves(k) == drawing, (n, k)
        assert (game.remoteness(k) is None) == (want[k] == "D")
        value = game.value(k)
        assert (value == 0) == (want[k] == "P"), (n, k, value)


def test_a_loopy_game_of_100000_positions_within_the_default_limits():
    # A token on 0..99,999: from k to k + 1 and 3k + 1 (mod n), and 0 ends.
    n = 100_000

    def options(k):
        if k == 0:
            return ()
        return ((k + 1) % n, (3 * k + 1) % n)

    game = sprague.Game(options)
    outcome = game.outcome(1)
    assert outcome in ("P", "N", "D")
    # Every winning move leads to a P-position.
    for o in game.winning_moves(1):
        assert game.outcome(o) == "P"
    assert game.outcome(n - 1) == "N"  # n - 1 moves to 0


def test_analyze_of_a_digraph_with_cycles_lists_the_drawing_moves():
    # b's options: a (worth ∞) and c (worth 1, as c → d); b is ∞(1), a draw.
    a = sprague.analyze("digraph:a>b,b>a,b>c,c>d b")
    assert (a.outcome, a.value, a.generalized_value) == ("D", None, "∞(1)")
    assert a.component_values == ["∞(1)"]
    assert [m.after for m in a.drawing_moves] == ["digraph:a>b,b>a,b>c,c>d a"]
    assert a.winning_moves == [] and not a.drawing_truncated
    # Beside nim 1: ∞(1) + 1 is won by moving the token to c (worth 1).
    s = sprague.analyze("digraph:a>b,b>a,b>c,c>d b + nim 1")
    assert (s.outcome, s.generalized_value, s.component_values) == ("N", "∞(0)", ["∞(1)", "1"])
    assert [m.after for m in s.winning_moves] == ["digraph:a>b,b>a,b>c,c>d c + nim 1"]
    assert s.drawing_moves == []
    # Two infinite components: every move keeps the draw.
    d = sprague.analyze("digraph:a>b,b>a a + digraph:x>y,y>x x", max_moves=1)
    assert (d.outcome, len(d.drawing_moves), d.drawing_truncated) == ("D", 1, True)
    assert "moves that keep the draw" in d._repr_html_()
    # An ordinary position has no generalized value.
    n = sprague.analyze("nim 1 2")
    assert (n.generalized_value, n.component_values, n.drawing_moves) == (None, None, [])
    assert "∞(1)" in sprague.explain("digraph:a>b,b>a,b>c,c>d b")
