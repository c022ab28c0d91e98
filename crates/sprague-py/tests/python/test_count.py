"""count(): the CLI's `count --json`, field by field, and a brute force."""

import itertools
import json
import subprocess

import pytest

import sprague


@pytest.mark.parametrize(
    "word,heaps,top,args",
    [
        ("kayles", 3, 20, {"unordered": True}),
        ("nim", 4, 9, {}),
        ("sub:1-3", 3, 1000, {"outcome": "N"}),
        ("dawson", 5, 10**6, {"modulo": 1_000_000_007}),
        ("sub:1,3,4", 2, 50, {}),
    ],
)
def test_count_is_the_cli_json(cli, word, heaps, top, args):
    flags = []
    if args.get("unordered"):
        flags.append("--unordered")
    if "outcome" in args:
        flags += ["--outcome", args["outcome"]]
    if "modulo" in args:
        flags += ["--modulo", str(args["modulo"])]
    out = subprocess.run(
        [cli, "count", word, "--heaps", str(heaps), "--max", str(top), "--json", *flags],
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stderr
    want = json.loads(out.stdout)
    got = sprague.count(word, heaps, top, **args)
    assert (
        got.ruleset, got.heaps, got.max, got.unordered, got.outcome, got.modulo,
        str(got.count), got.basis, got.preperiod, got.period,
    ) == (
        want["ruleset"], want["heaps"], want["max"], want["unordered"], want["outcome"],
        want["modulo"], want["count"], want["basis"], want["preperiod"], want["period"],
    )


def test_count_against_brute_force():
    g = sprague.sequence("kayles", 8)
    tuples = list(itertools.product(range(9), repeat=3))
    p = [t for t in tuples if g[t[0]] ^ g[t[1]] ^ g[t[2]] == 0]
    assert sprague.count("kayles", 3, 8).count == len(p)
    assert sprague.count("kayles", 3, 8, outcome="N").count == len(tuples) - len(p)
    assert sprague.count("kayles", 3, 8, unordered=True).count == len({tuple(sorted(t)) for t in p})
    assert sprague.count("kayles", 3, 20, unordered=True).count == 183
    big = sprague.count("nim", 40, 10**9)
    assert isinstance(big.count, int) and big.count > 2**64 and int(big) == big.count


def test_count_errors():
    with pytest.raises(sprague.InputError, match="misère"):
        sprague.count("kayles", 2, 5, misere=True)
    with pytest.raises(sprague.InputError):
        sprague.count("wythoff", 2, 5)
    with pytest.raises(sprague.InputError, match="outcome"):
        sprague.count("kayles", 2, 5, outcome="X")
    with pytest.raises(sprague.LimitError, match="max_bits=N"):
        sprague.count("nim", 10**6, 10**9, max_bits=64)


def _brute(values, k_values, arrangement):
    """(P-positions, all) among arrangements of the allowed heaps' values."""
    n = len(values)
    p = allp = 0
    for k in k_values:
        if arrangement == "ordered":
            idx = itertools.product(range(n), repeat=k)
        elif arrangement == "multisets":
            idx = itertools.combinations_with_replacement(range(n), k)
        elif arrangement == "sets":
            idx = itertools.combinations(range(n), k)
        else:
            idx = itertools.permutations(range(n), k)
        for t in idx:
            allp += 1
            x = 0
            for i in t:
                x ^= values[i]
            p += x == 0
    return p, allp


def _primes(top):
    return [n for n in range(2, top + 1) if all(n % d for d in range(2, n))]


ARRANGEMENTS = {
    "ordered": {},
    "multisets": {"unordered": True},
    "sets": {"unordered": True, "distinct": True},
    "distinct": {"distinct": True},
}


@pytest.mark.parametrize("arrangement", sorted(ARRANGEMENTS))
@pytest.mark.parametrize("up_to", [False, True])
def test_constraints_against_brute_force(arrangement, up_to):
    """primes=, sizes=, nonempty=, heaps_up_to=, distinct=: ruleset words,
    options functions and lists of values, exact and modulo a prime."""
    def options(n):  # subtraction {1, 2}: G(n) = n mod 3
        return [n - s for s in (1, 2) if s <= n]

    kayles = sprague.sequence("kayles", 20)
    for game, value in [("kayles", kayles.__getitem__), (options, lambda n: n % 3),
                        ([n % 4 for n in range(21)], lambda n: n % 4)]:
        for sizes_kw, allowed in [({"primes": 13}, _primes(13)),
                                  ({"sizes": [1, 4, 9, 4, 16]}, [1, 4, 9, 16]),
                                  ({"max": 6, "nonempty": True}, list(range(1, 7)))]:
            values = [value(x) for x in allowed]
            for k in range(4):
                heaps = {"heaps_up_to": k} if up_to else {"heaps": k}
                ks = range(1, k + 1) if up_to else [k]
                p, allp = _brute(values, ks, arrangement)
                kw = {**sizes_kw, **heaps, **ARRANGEMENTS[arrangement]}
                assert sprague.count(game, **kw).count == p, (game, kw)
                assert sprague.count(game, outcome="N", **kw).count == allp - p, (game, kw)
                got = sprague.count(game, modulo=7, **kw)
                assert got.count == p % 7 and got.distinct == ("distinct" in kw)


def test_constraints_are_the_cli_json(cli):
    for flags, kw in [
        (["--primes", "100", "--heaps-up-to", "5", "--modulo", "998244353"],
         {"primes": 100, "heaps_up_to": 5, "modulo": 998244353}),
        (["--sizes", "1,2,3,5,8", "--heaps", "3", "--unordered", "--distinct"],
         {"sizes": [1, 2, 3, 5, 8], "heaps": 3, "unordered": True, "distinct": True}),
        (["--max", "30", "--min", "2", "--heaps", "4", "--outcome", "N"],
         {"max": 30, "min": 2, "heaps": 4, "outcome": "N"}),
    ]:
        out = subprocess.run([cli, "count", "kayles", "--json", *flags],
                             capture_output=True, text=True)
        assert out.returncode == 0, out.stderr
        want = json.loads(out.stdout)
        got = sprague.count("kayles", **kw)
        assert str(got.count) == want["count"]
        for field in ("heaps", "max", "min", "primes", "sizes", "heaps_up_to"):
            assert getattr(got, field) == want.get(field), field
        assert got.distinct == want.get("distinct", False)


def test_constraint_errors():
    with pytest.raises(sprague.InputError, match="heaps_up_to"):
        sprague.count("nim", heaps=2, heaps_up_to=3, max=5)
    with pytest.raises(sprague.InputError, match="max=M"):
        sprague.count("nim", heaps=2)
    with pytest.raises(sprague.InputError, match="give one"):
        sprague.count("nim", heaps=2, max=5, primes=7)
    with pytest.raises(sprague.InputError, match="min="):
        sprague.count("nim", heaps=2, primes=7, nonempty=True)
    with pytest.raises(sprague.LimitError, match="max_work"):
        sprague.count("nim", heaps=2, primes=10**12)
    with pytest.raises(sprague.LimitError):
        sprague.count([0, 1, 2], heaps=2, sizes=[0, 1], max_work=1)
    with pytest.raises(sprague.InputError, match="values of heaps 0 to 2"):
        sprague.count([0, 1, 2], heaps=2, sizes=[5])


def test_pickled_constrained_count_is_equal():
    import pickle
    c = sprague.count("nim", primes=50, heaps_up_to=4, distinct=True, modulo=101)
    assert pickle.loads(pickle.dumps(c)) == c
    assert c.heaps is None and c.max is None and c.primes == 50
