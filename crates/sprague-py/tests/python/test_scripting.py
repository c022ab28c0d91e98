"""Scripting and notebooks: a move's structured fields (the same as the
CLI's JSON, and valid against its schema), analyses and periods as a
notebook shows them, and objects a pool of processes can hand back."""

import concurrent.futures
import json
import pathlib
import pickle
import subprocess

import sprague

SCHEMA = pathlib.Path(__file__).resolve().parents[4] / "docs" / "schema"

POSITIONS = [
    "nim 3 4 5 6",
    "kayles 10 + nim 3",
    "sub:1,3,4 20 7",
    "grundy 11 3",
    "moore:2 3 4 5",
    "wythoff 4 9",
    "staircase 3 4 5",
    "digraph:a>b,b>c,a>c c a",
    "hackenbush 0-1,1-2,1-3 + nim 2",
]


def test_moves_carry_the_fields_of_the_cli_json(cli):
    for position in POSITIONS:
        a = sprague.analyze(position)
        out = subprocess.run(
            [cli, "analyze", position, "--json", "--max-moves", "all"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        j = json.loads(out)
        assert len(a.winning_moves) == len(j["winning_moves"]), position
        for m, jm in zip(a.winning_moves, j["winning_moves"]):
            assert m.move == jm["move"]
            assert m.after == jm["after"]
            assert m.component == jm["component"]
            assert m.ruleset == jm["ruleset"]
            assert m.change == jm["change"], position


def test_the_fields_say_what_changed():
    a = sprague.analyze("nim 3 4 5")
    (m,) = a.winning_moves
    assert m.change == {"kind": "heap", "heap": 0, "before": 3, "removed": 2, "parts": [1]}
    assert (m.component, m.ruleset, m.after) == (0, "nim", "nim 1 4 5")
    m = sprague.analyze("wythoff 4 9").winning_moves[0]
    assert m.change["kind"] == "heaps"
    m = sprague.analyze("digraph:a>b,b>c,a>c c a").winning_moves[0]
    assert m.change["kind"] == "token" and m.change["before"] == "a"
    # Graph and board games name what a move takes, as the CLI's JSON does.
    m = sprague.analyze("nodekayles path:3").winning_moves[0]
    assert m.change == {"kind": "pick", "part": 0, "taken": ["2"]}
    m = sprague.analyze("geography path:2@1").winning_moves[0]
    assert m.change == {"kind": "token", "token": 0, "before": "1", "after": "2"}
    # A huge position is not repeated after each move.
    big = sprague.analyze("nim " + " ".join(["1"] * 3001))
    assert big.winning_moves and all(m.after is None for m in big.winning_moves)
    assert big.winning_moves[0].change["parts"] == [0]
    # A split into K equal heaps lists every heap; `after` is bounded by the
    # position after the move.
    m = sprague.analyze("rule:n-1,equal(n,4) 12 2").winning_moves
    assert any(w.change["parts"] == [3, 3, 3, 3] for w in m)
    assert sprague.analyze("rule:equal(n,4096) 8192").winning_moves[0].after is None


def test_value_searches_what_no_theorem_needs():
    # A lone Geography token: the theorem decides it; the value is found
    # within a small budget unless asked for (as `analyze --value`).
    a = sprague.analyze("geography grid:6x6@1")
    assert a.value is None
    b = sprague.analyze("geography grid:3x3@2", value=True)
    assert b.value == 1
    assert pickle.loads(pickle.dumps(b)).value == 1


def test_the_schema_holds_where_jsonschema_is_installed():
    try:
        import jsonschema
    except ImportError:
        return  # the CLI's tests check every output against the schema
    schema = json.loads((SCHEMA / "analysis.schema.json").read_text())
    for position in POSITIONS:
        a = sprague.analyze(position)
        obj = {
            "position": a.position,
            "play": a.play,
            "outcome": a.outcome,
            "basis": a.basis,
            "value": a.value,
            "winning_moves": [
                {
                    "move": m.move,
                    "after": m.after,
                    "component": m.component,
                    "ruleset": m.ruleset,
                    "change": m.change,
                }
                for m in a.winning_moves
            ],
            "truncated": a.truncated,
            "total_winning_moves": a.total_winning_moves,
        }
        jsonschema.validate(obj, schema)


def test_notebook_display():
    a = sprague.analyze("kayles 10 + nim 3")
    html = a._repr_html_()
    assert "<table" in html and "kayles 10 + nim 3" in html
    assert "winning moves" in html and "<li>" in html
    p = sprague.period("kayles")
    html = p._repr_html_()
    assert "<td>12</td>" in html and "<td>71</td>" in html and "yes" in html
    # Text is escaped.
    assert "<code>digraph:a&gt;b" in sprague.analyze("digraph:a>b a")._repr_html_()


def _survey(code):
    return code, sprague.period(code), sprague.analyze(f"{code} 20 7")


def test_results_pickle_and_come_back_from_a_process_pool():
    # concurrent.futures (what Dask and multiprocessing do too): the
    # results cross a process boundary by pickling.
    a = sprague.analyze("kayles 10 + nim 3", max_moves=2)
    b = pickle.loads(pickle.dumps(a))
    assert repr(a) == repr(b)
    p = sprague.period("octal:0.137")
    assert pickle.loads(pickle.dumps(p)) == p
    codes = ["octal:0.07", "octal:0.137", "octal:0.16", "kayles"]
    with concurrent.futures.ProcessPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(_survey, codes))
    for code, period, analysis in results:
        assert period == sprague.period(code)
        assert repr(analysis) == repr(sprague.analyze(f"{code} 20 7"))
    assert [r[0] for r in results] == codes
