"""One-heap games defined in Python (a function options(n)) or given as a
list of Grundy values, in every function that takes a heap game: the
answers equal those of the same game as a ruleset word; bad games and
limits are refused with messages that say what was wrong; every result
pickles."""

import pickle

import pytest

import sprague


def pins(n):
    """Kayles, written out: knock down one or two adjacent pins."""
    for take in (1, 2):
        for left in range(0, (n - take) // 2 + 1):
            if take <= n:
                yield (left, n - take - left)


def sub134(n):
    """The subtraction game sub:1,3,4."""
    return [n - k for k in (1, 3, 4) if k <= n]


def test_a_function_answers_as_its_ruleset_word():
    for f, word in [(pins, "kayles"), (sub134, "sub:1,3,4")]:
        assert sprague.sequence(f, 150) == sprague.sequence(word, 150)
        assert sprague.count(f, 3, 40).count == sprague.count(word, 3, 40).count
        assert sprague.count(f, 4, 30, unordered=True, outcome="N").count == sprague.count(
            word, 4, 30, unordered=True, outcome="N").count
        for kw in [{}, {"outcome": True}, {"misere": True}]:
            assert sprague.table(f, 9, **kw).rows == sprague.table(word, 9, **kw).rows, kw
        assert sprague.genus(f, 14).heaps == sprague.genus(word, 14).heaps
        a, b = sprague.quotient(f, 10), sprague.quotient(word, 10)
        assert (a.order, a.relations, a.p_portion, a.pretend) == (
            b.order, b.relations, b.p_portion, b.pretend)
    # A Game whose positions are heap sizes counts as its options.
    game = sprague.Game(sub134)
    assert sprague.sequence(game, 30) == sprague.sequence("sub:1,3,4", 30)
    assert sprague.genus(game, 12).heaps == sprague.genus("sub:1,3,4", 12).heaps
    p = sprague.period(sub134, limit=60)
    assert (p.ruleset, p.preperiod, p.period, p.proven) == ("sub134", 0, 7, False)
    assert sprague.period("sub:1,3,4").period == 7


def test_a_list_of_values():
    values = sprague.sequence("kayles", 300)
    assert sprague.sequence(values, 20) == values[:21]
    p = sprague.period(values)
    assert (p.preperiod, p.period, p.proven, p.checked_to) == (71, 12, False, 300)
    assert sprague.count(values, 3, 20, unordered=True).count == 183
    assert sprague.table(values[:8], 7).rows == sprague.table("kayles", 7).rows
    assert sprague.plot(values).svg.count("<circle") == 301
    # Too short, or asked for what values cannot say.
    with pytest.raises(sprague.InputError, match="heaps 0 to 300, not up to 400"):
        sprague.count(values, 2, 400)
    with pytest.raises(sprague.InputError, match="misère"):
        sprague.table(values, 5, misere=True)
    with pytest.raises(sprague.InputError, match="needs the game's options"):
        sprague.genus(values, 5)
    with pytest.raises(sprague.InputError, match="value 1 of the list is -1"):
        sprague.period([0, -1])


def test_bad_games_are_refused_with_the_reason():
    # The message the issue quoted (`cannot be converted to 'PyString'`)
    # is now a sentence naming what each function takes.
    for f in (sprague.period, lambda g: sprague.count(g, 2, 3), lambda g: sprague.table(g, 3)):
        with pytest.raises(TypeError, match="a ruleset word .* a function options.n. .* a list"):
            f(12)
    with pytest.raises(sprague.InputError, match=r"heap 4 has the option \[1, 1, 1, 1\]"):
        sprague.genus(lambda n: [(1, 1, 1, 1)] if n == 4 else [], 5)
    with pytest.raises(sprague.InputError, match="smaller than 3"):
        sprague.quotient(lambda n: [(n,)] if n == 3 else [], 5)
    with pytest.raises(sprague.LimitError, match="max_options=N"):
        sprague.period(pins, limit=1000, max_options=1000)
    def broken(n):
        if n == 2:
            raise ZeroDivisionError("heap 2")
        return [n - 1] if n else []

    # The function's own exception, unchanged.
    with pytest.raises(ZeroDivisionError, match="heap 2"):
        sprague.genus(broken, 3)
    with pytest.raises(sprague.LimitError, match="max_order=Q"):
        sprague.quotient("kayles", 12, max_order=4)


def test_a_quotient_whose_powers_do_not_repeat_names_max_cycle():
    # octal:0.76's heap 7: its copies do not repeat within 12 (nor 16).
    with pytest.raises(sprague.SpragueError) as e:
        sprague.quotient("octal:0.76", 12)
    assert "1 to 12 copies of it do not repeat" in str(e.value)
    assert "max_cycle=L" in str(e.value)
    with pytest.raises(sprague.SpragueError) as e:
        sprague.quotient("octal:0.76", 12, max_cycle=16)
    assert "1 to 16 copies" in str(e.value)
    with pytest.raises(sprague.InputError) as e:
        sprague.quotient("kayles", 5, max_cycle=1)
    assert "max_cycle=1" in str(e.value)
    assert sprague.quotient("kayles", 12, max_cycle=20).order == 24


def test_every_result_pickles():
    results = [
        sprague.analyze("kayles 10 + nim 3"),
        sprague.analyze("nim 3 4 5").winning_moves[0],
        sprague.analyze("wythoff 4 9").winning_moves[0],
        sprague.analyze("staircase 3 4 5").winning_moves[0],
        sprague.analyze("digraph:a>b,b>c,a>c c a").winning_moves[0],
        sprague.period("kayles"),
        sprague.period(pins, limit=300),
        sprague.sequence(pins, 50),
        sprague.sequence("kayles", 50),
        sprague.table("wythoff", 6, outcome=True),
        sprague.table(pins, 6, misere=True),
        sprague.count("kayles", 3, 20),
        sprague.verify("moore:2", heaps=2, max_heap=3),
        sprague.genus(pins, 10),
        sprague.quotient("kayles", 8),
        sprague.plot("kayles", 30),
        sprague.Nimber(12345),
        sprague.Game(lambda n: range(n)).analyze(5),
    ]
    for r in results:
        back = pickle.loads(pickle.dumps(r))
        assert type(back) is type(r)
        assert repr(back) == repr(r)
        if not isinstance(r, (sprague.Analysis, sprague.GameAnalysis)):
            assert back == r, r
    s = pickle.loads(pickle.dumps(sprague.sequence("kayles", 200)))
    assert s.period().proven and s.ruleset == "kayles"


def test_notebook_views_of_each_result():
    # What a notebook calls; the notebook itself runs in test_notebook.py.
    assert "<table" in sprague.table("kayles", 5)._repr_html_()
    big = sprague.table("wythoff", 40, outcome=True)._repr_html_()
    assert "<svg" in big and "P black" in big
    assert "183 P-positions" in sprague.count("kayles", 3, 20, unordered=True)._repr_html_()
    assert "winning moves (1)" in sprague.Game(lambda n: range(n)).analyze(5)._repr_html_()
    assert sprague.plot(sprague.table("kayles", 8))._repr_svg_().startswith("<svg")
    assert "apparent period 7 from n0 = 0" in sprague.plot(sub134, 40).svg
    assert "(no period proven)" in sprague.plot("grundy", 40).svg
    g = sprague.genus("dawson", 10)._repr_html_()
    assert "<code>0^120</code>" in g
