"""Nimber arithmetic and nimber expressions, against the definitions and
the CLI."""

import subprocess

import pytest

import sprague
from sprague import Nimber


def mex(values):
    s = set(values)
    n = 0
    while n in s:
        n += 1
    return n


def nim_products(size):
    """The nim-product table by its definition: a*b = mex of
    a'*b + a*b' + a'*b' over a' < a, b' < b."""
    t = [[0] * size for _ in range(size)]
    for a in range(size):
        for b in range(size):
            t[a][b] = mex(
                t[x][b] ^ t[a][y] ^ t[x][y] for x in range(a) for y in range(b)
            )
    return t


def test_product_table_by_definition():
    t = nim_products(20)
    for a in range(20):
        for b in range(20):
            assert Nimber(a) * Nimber(b) == t[a][b]
            assert int(Nimber(a) * b) == t[a][b]


def test_operators_ints_in_and_out():
    assert Nimber(3) + Nimber(5) == Nimber(6)
    assert Nimber(3) + 5 == 6 and 5 + Nimber(3) == 6
    assert Nimber(3) - 5 == Nimber(6)
    assert Nimber(8) * Nimber(8) == Nimber(13)
    assert 8 * Nimber(8) == 13
    assert Nimber(14994) / Nimber(5926) == Nimber(3141)
    assert 14994 / Nimber(5926) == Nimber(3141)
    assert Nimber(2) ** 3 == 1
    assert Nimber(16) ** 2 == 24
    assert Nimber(0) ** 0 == 1
    assert Nimber(7) ** -1 == Nimber(7).inverse()
    assert Nimber(12345) ** (2**64 - 1) == 1
    assert Nimber(12345) ** (10**30) == Nimber(12345) ** (10**30 % (2**64 - 1))
    assert Nimber(3).sqrt() == 2 and Nimber(24).sqrt() == 16
    assert [int(Nimber(n).inverse()) for n in range(1, 17)] == [
        1, 3, 2, 15, 12, 9, 11, 10, 6, 8, 7, 5, 14, 13, 4, 170
    ]
    x = Nimber(2**64 - 1)
    assert int(x) == 2**64 - 1 and x.value == 2**64 - 1
    assert x * x.inverse() == 1
    assert x.sqrt() * x.sqrt() == x
    assert repr(Nimber(5)) == "Nimber(5)" and str(Nimber(5)) == "*5"
    assert hash(Nimber(5)) == hash(5) and {Nimber(5): 1}[5] == 1
    assert [10, 20][Nimber(1)] == 20
    assert not Nimber(0) and Nimber(1)


def test_field_laws_on_large_values():
    import random

    rng = random.Random(7)
    for _ in range(200):
        a, b, c = (Nimber(rng.getrandbits(64)) for _ in range(3))
        assert a * (b + c) == a * b + a * c
        assert (a * b) * c == a * (b * c)
        if b:
            assert (a / b) * b == a
        assert a.sqrt() ** 2 == a


def test_errors():
    with pytest.raises(ZeroDivisionError):
        Nimber(0).inverse()
    with pytest.raises(ZeroDivisionError):
        Nimber(5) / 0
    with pytest.raises(ZeroDivisionError):
        Nimber(0) ** -2
    with pytest.raises(sprague.InputError, match="2\\^64 - 1"):
        Nimber(2**64)
    with pytest.raises(sprague.InputError):
        Nimber(-1)
    with pytest.raises(sprague.InputError):
        Nimber(3) + 2**64
    with pytest.raises(TypeError):
        Nimber("3")
    with pytest.raises(TypeError):
        Nimber(3) + "a"


def test_expressions_as_the_cli(cli):
    for expr in ["5 * 7 + inv 3", "3141 * 5926", "sqrt (2 ^ 10 + 1)", "*5 xor 0x1f", "2 ^ -1"]:
        out = subprocess.run([cli, "nimber", expr], capture_output=True, text=True)
        assert out.returncode == 0
        assert sprague.nimber(expr) == int(out.stdout)
    for expr in ["5 - 3", "(1 + 2", "inv 0", "1 / 0", "99999999999999999999999"]:
        with pytest.raises(sprague.InputError) as e:
            sprague.nimber(expr)
        out = subprocess.run([cli, "nimber", expr], capture_output=True, text=True)
        assert out.returncode == 2
        # The CLI's first line is the message; it then echoes the expression.
        assert out.stderr.splitlines()[0] == f"error: {e.value}"
    with pytest.raises(sprague.InputError, match='token "foo" \\(column 1\\): unknown word'):
        sprague.nimber("foo")
