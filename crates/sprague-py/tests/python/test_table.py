"""table(): the CLI's `table --format json`, field by field."""

import json
import subprocess

import pytest

import sprague


@pytest.mark.parametrize(
    "word,args",
    [
        ("wythoff", {}),
        ("wythoff", {"outcome": True}),
        ("moore:2", {}),
        ("staircase", {"misere": True}),
        ("kayles", {}),
        ("sub:1,3,4", {"misere": True}),
        ("nim", {"misere": True}),
    ],
)
def test_table_is_the_cli_json(cli, word, args):
    flags = ["--outcome"] * args.get("outcome", False) + ["--misere"] * args.get("misere", False)
    out = subprocess.run(
        [cli, "table", word, "--to", "12", "--format", "json", *flags], capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    want = json.loads(out.stdout)
    got = sprague.table(word, 12, **args)
    assert (got.ruleset, got.to, got.play, got.cells, got.rows) == (
        want["ruleset"],
        want["to"],
        want["play"],
        want["cells"],
        want["rows"],
    )


def test_table_values_and_p_positions():
    t = sprague.table("kayles", 5)
    g = sprague.sequence("kayles", 5)
    assert t.rows == [[g[a] ^ g[b] for b in range(6)] for a in range(6)]
    assert t.p_positions() == [(a, b) for a in range(6) for b in range(6) if g[a] == g[b]]
    assert sprague.table("wythoff", 10, outcome=True).p_positions() == [
        (0, 0), (1, 2), (2, 1), (3, 5), (4, 7), (5, 3), (6, 10), (7, 4), (10, 6)
    ]


def test_table_errors(cli):
    with pytest.raises(sprague.LimitError) as e:
        sprague.table("wythoff", 100, max_cells=100)
    out = subprocess.run(
        [cli, "table", "wythoff", "--to", "100", "--max-cells", "100"], capture_output=True, text=True
    )
    assert out.returncode == 3
    assert out.stderr.strip() == "error: " + str(e.value).replace("max_cells=N", "--max-cells N")
    with pytest.raises(sprague.InputError):
        sprague.table("hackenbush", 3)
    with pytest.raises(sprague.InputError, match="unknown ruleset"):
        sprague.table("wythof", 3)
