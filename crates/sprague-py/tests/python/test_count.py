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
