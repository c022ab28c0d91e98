"""A notebook session, run as Jupyter runs it: examples/kayles.ipynb
executed by nbclient on an IPython kernel, and each result checked as the
notebook shows it (the HTML or SVG of its display data): an analysis, a
plot, the misère quotient and genus of Kayles, the period and sequence of
a game defined in Python. The figures shown are compared with the CLI's
JSON where the CLI is built."""

import ast
import json
import pathlib
import subprocess

import pytest

import sprague

NOTEBOOK = pathlib.Path(__file__).resolve().parents[2] / "examples" / "kayles.ipynb"


def shown(cell):
    """The display data of a code cell's result: {mime type: text}."""
    data = {}
    for out in cell["outputs"]:
        assert out["output_type"] != "error", "".join(out.get("traceback", []))
        if out["output_type"] in ("execute_result", "display_data"):
            for mime, text in out["data"].items():
                data[mime] = text if isinstance(text, str) else "".join(text)
    return data


@pytest.fixture(scope="module")
def cells():
    nbformat = pytest.importorskip("nbformat", reason="tests/requirements.txt installs nbformat")
    nbclient = pytest.importorskip("nbclient", reason="tests/requirements.txt installs nbclient")
    nb = nbformat.read(NOTEBOOK, as_version=4)
    nbclient.NotebookClient(nb, timeout=300, kernel_name="python3").execute()
    code = [c for c in nb.cells if c.cell_type == "code"]
    return {c.source.splitlines()[-1]: shown(c) for c in code}


def test_the_analysis_shows_as_an_html_table(cells):
    html = cells['sprague.analyze("kayles 10 + nim 3")']["text/html"]
    a = sprague.analyze("kayles 10 + nim 3")
    assert '<table class="sprague-analysis">' in html
    assert f"<td>{a.value}</td>" in html and f"<td>{a.outcome}</td>" in html
    assert html.count("<li>") == len(a.winning_moves) > 0
    for m in a.winning_moves:
        assert f"<code>{m.after}</code>" in html


def test_the_plot_shows_as_svg(cells):
    data = cells['sprague.plot("kayles", 200)']
    svg = data["image/svg+xml"]
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert "Grundy values G(n) of kayles, n = 0..200 (period 12 from n0 = 71, proven)" in svg
    # One circle a heap, as `sequence --plot` draws 201 values.
    assert svg.count("<circle") == 201


def test_the_quotient_and_genus_of_kayles_show_as_html(cells, cli):
    html = cells['sprague.quotient("kayles", 12)']["text/html"]
    genus = cells['sprague.genus("kayles", 12)']["text/html"]
    q = json.loads(
        subprocess.run(
            [cli, "quotient", "kayles", "--to", "12", "--json"],
            capture_output=True, text=True, check=True,
        ).stdout
    )
    assert f"<tr><th>order</th><td>{q['order']}</td></tr>" in html
    for r in q["relations"]:
        assert f"<code>{r}</code>" in html
    for h, e in enumerate(q["pretend"]):
        assert f"<tr><th>{h}</th><td><code>{e}</code></td></tr>" in html
    g = json.loads(
        subprocess.run(
            [cli, "genus", "kayles", "--to", "12", "--json"],
            capture_output=True, text=True, check=True,
        ).stdout
    )
    for h in g["heaps"]:
        assert f"<tr><td>{h['heap']}</td><td><code>{h['genus']}</code></td>" in genus
    assert f"first wild heap: {g['first_wild']}" in genus


def test_the_period_of_a_game_defined_in_python(cells):
    period = cells["sprague.period(pins, limit=400)"]["text/html"]
    # Kayles written in Python shows Kayles's period (71, 12), apparent.
    assert "<th>ruleset</th><td><code>pins</code></td>" in period
    assert "<th>preperiod</th><td>71</td>" in period
    assert "<th>period</th><td>12</td>" in period
    assert "apparent" in period
    seq = cells["sprague.sequence(pins, 120)"]
    html = seq["text/html"]
    assert "<svg" in html and "apparent period 12 from n0 = 71, not proven" in html
    assert "G(0..120) = " + ", ".join(str(v) for v in sprague.sequence("kayles", 120)) in html
    # As text, still the list of values.
    assert ast.literal_eval(seq["text/plain"]) == sprague.sequence("kayles", 120)
