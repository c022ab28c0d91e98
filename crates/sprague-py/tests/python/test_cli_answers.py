"""Everything the CLI answers, through Python: the known-answer file, the
CLI's JSON field by field, its error messages, sequences and periods."""

import json
import subprocess

import pytest

import sprague
from conftest import known_lines

KNOWN = known_lines()


@pytest.mark.parametrize("position,normal,value,misere", KNOWN, ids=[k[0] for k in KNOWN])
def test_known_answers(position, normal, value, misere):
    a = sprague.analyze(position)
    assert a.play == "normal"
    if normal is not None:
        assert a.outcome == normal
    if value is not None:
        assert a.value == value
    # Every winning move leads to a P-position, and there are some exactly
    # when the position is N.
    assert (a.outcome == "N") == bool(a.winning_moves)
    for m in a.winning_moves[:5]:
        assert sprague.analyze(m.after).outcome == "P", m
    if misere is not None:
        assert sprague.analyze(position, misere=True).outcome == misere


def run_cli(cli, *args):
    return subprocess.run([cli, *args], capture_output=True, text=True)


@pytest.mark.parametrize("position", [k[0] for k in KNOWN if k[3] is not None][::3])
@pytest.mark.parametrize("misere", [False, True])
def test_same_fields_as_the_cli_json(cli, position, misere):
    args = ["analyze", position, "--json"] + (["--misere"] if misere else [])
    out = run_cli(cli, *args)
    assert out.returncode == 0, out.stderr
    want = json.loads(out.stdout)
    got = sprague.analyze(position, misere=misere)
    assert got.position == want["position"]
    assert got.play == want["play"]
    assert got.outcome == want["outcome"]
    assert got.basis == want["basis"]
    assert got.value == want["value"]
    assert [(m.move, m.after) for m in got.winning_moves] == [
        (m["move"], m["after"]) for m in want["winning_moves"]
    ]
    assert got.truncated == want["truncated"]
    assert got.total_winning_moves == want["total_winning_moves"]


BAD_POSITIONS = ["foo 3", "nim x", "nim -1", "nim 3 +", "", "nim 18446744073709551616", "kayle 3"]


@pytest.mark.parametrize("text", BAD_POSITIONS)
def test_bad_positions_raise_input_error_with_the_cli_message(cli, text):
    with pytest.raises(sprague.InputError) as e:
        sprague.analyze(text)
    assert isinstance(e.value, ValueError)
    assert isinstance(e.value, sprague.SpragueError)
    out = run_cli(cli, "analyze", text)
    assert out.returncode == 2
    assert out.stderr.strip() == f"error: {e.value}"


def test_bad_positions_name_what_was_wrong():
    with pytest.raises(sprague.InputError, match=r'word 1 "foo" \(column 1\): unknown ruleset'):
        sprague.analyze("foo 3")
    with pytest.raises(sprague.InputError, match="did you mean kayles"):
        sprague.analyze("kayle 3")


def test_state_limit_is_a_limit_error_naming_it(cli):
    with pytest.raises(sprague.LimitError) as e:
        # Two rulesets, one heap wild: no genus or quotient decides it, so
        # misère play is searched.
        sprague.analyze("kayles 10 + dawson 11", misere=True, max_states=100)
    assert not isinstance(e.value, ValueError)
    assert "more than 100 positions (the state limit)" in str(e.value)
    assert "max_states=N" in str(e.value)
    out = run_cli(cli, "analyze", "kayles 10 + dawson 11", "--misere", "--max-states", "100")
    assert out.returncode == 3
    # The same message, with the keyword argument where the CLI names its flag.
    assert out.stderr.strip() == "error: " + str(e.value).replace("max_states=N", "--max-states N")


def test_misere_quotient_limit_is_its_own_keyword(cli):
    # Sums of one wild game go to the misère quotient first; with its budget
    # of 10 tuples a check it stops, and the search stops too: both are
    # named. (Quotients are kept for the rest of the process, so this game
    # is one no other test uses, and the limited call comes first.)
    with pytest.raises(sprague.LimitError) as e:
        sprague.analyze("octal:0.26 12 9 7", misere=True, max_states=100, max_quotient_states=10)
    assert "stopped at its limit of 10 tuples a check (octal:0.26: " in str(e.value)
    assert "max_quotient_states=N" in str(e.value) and "max_states=N" in str(e.value)
    out = run_cli(
        cli, "analyze", "octal:0.26 12 9 7", "--misere", "--max-states", "100",
        "--max-quotient-states", "10",
    )
    assert out.returncode == 3
    flags = str(e.value).replace("max_quotient_states=N", "--max-quotient-states N")
    assert out.stderr.strip() == "error: " + flags.replace(" max_states=N", " --max-states N")
    # The default budget is enough for a Kayles sum, whatever max_states.
    assert sprague.analyze("kayles 12 9 7", misere=True, max_states=100).basis == "quotient"


def test_max_moves_truncates():
    a = sprague.analyze("nim 1 3 5 7 9 11 13 15 17 19 21 23", max_moves=2)
    assert len(a.winning_moves) <= 2


def test_explain_is_the_cli_text(cli):
    text = sprague.explain("nim 3 4 5")
    assert run_cli(cli, "analyze", "nim 3 4 5", "--explain").stdout == text
    assert "nim-sum" in text


def test_play_moves_and_illegal_moves():
    assert sprague.play("nim 3 4 5", "1 2") == "nim 1 4 5"
    assert sprague.play("nim 3 4 5", "heap 1 -> 1") == "nim 1 4 5"
    assert sprague.play("nim 3 4 5", "nim 1 4 5") == "nim 1 4 5"
    with pytest.raises(sprague.InputError):
        sprague.play("nim 3 4 5", "1 7")
    with pytest.raises(sprague.InputError):
        sprague.play("nim 3 4 5", "zzz")


def test_verify():
    r = sprague.verify("moore:2", heaps=3, max_heap=4)
    assert (r.checked, r.disagreements, r.examples) == (1 + 5 + 25 + 125, 0, [])
    with pytest.raises(sprague.InputError, match="has no misère closed form"):
        sprague.verify("moore:2", misere=True)
    with pytest.raises(sprague.InputError, match="100,000,000 positions"):
        sprague.verify("nim", heaps=20)


KAYLES = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1]


def test_sequences_as_the_cli_gives_them(cli):
    assert sprague.sequence("kayles", 20) == KAYLES
    assert sprague.sequence("nim", 5) == [0, 1, 2, 3, 4, 5]
    assert sprague.sequence("sub:1,3,4", 13) == [0, 1, 0, 1, 2, 3, 2] * 2
    for word in ["kayles", "dawson", "grundy", "octal:0.137", "sub:2,5,6", "sub:1-3"]:
        out = run_cli(cli, "sequence", word, "--to", "300", "--format", "json")
        assert out.returncode == 0, out.stderr
        assert sprague.sequence(word, 300) == json.loads(out.stdout)["values"], word
        assert sprague.sequence(word, 300, method="plain") == sprague.sequence(word, 300)


def test_sequence_errors(cli):
    with pytest.raises(sprague.InputError, match="has no nim-sequence"):
        sprague.sequence("wythoff", 10)
    with pytest.raises(sprague.InputError, match="unknown ruleset"):
        sprague.sequence("kaylez", 10)
    with pytest.raises(sprague.LimitError) as e:
        sprague.sequence("octal:0.6", 1000, max_table=100)
    out = run_cli(cli, "sequence", "octal:0.6", "--to", "1000", "--max-table", "100")
    assert out.returncode == 3
    assert out.stderr.strip() == "error: " + str(e.value).replace("max_table=N", "--max-table N")
    with pytest.raises(sprague.InputError, match="fast"):
        sprague.sequence("kayles", 10, method="quick")


def test_periods_as_the_cli_gives_them(cli):
    p = sprague.period("kayles")
    assert (p.ruleset, p.preperiod, p.period, p.proven) == ("kayles", 71, 12, True)
    for word in ["kayles", "dawson", "sub:1,3,4", "grundy", "nim", "sub:1-3"]:
        out = run_cli(cli, "period", word, "--json")
        assert out.returncode == 0, out.stderr
        want = json.loads(out.stdout)
        got = sprague.period(word)
        assert (got.ruleset, got.preperiod, got.period, got.proven, got.checked_to) == (
            want["ruleset"],
            want["preperiod"],
            want["period"],
            want["proven"],
            want["checked_to"],
        ), word
    g = sprague.period("grundy")
    assert (g.period, g.proven) == (None, False)
    assert g.saltus is None and p.saltus is None


def test_arithmetic_periods_as_the_cli_gives_them(cli):
    import pickle

    for word in ["octal:4.3...", "hex:8.3...", "rule:0..n-1,split(n)"]:
        out = run_cli(cli, "period", word, "--json")
        assert out.returncode == 0, out.stderr
        want = json.loads(out.stdout)
        got = sprague.period(word)
        assert (got.preperiod, got.period, got.saltus, got.proven, got.checked_to) == (
            want["preperiod"],
            want["period"],
            want["saltus"],
            want["proven"],
            want["checked_to"],
        ), word
        assert pickle.loads(pickle.dumps(got)) == got
    assert (sprague.period("octal:4.3...").saltus, sprague.period("hex:8.3...").saltus) == (4, 8)


def test_graph_files_are_read_as_the_cli_reads_them(cli):
    from conftest import CRATES

    graph = CRATES.parent / "examples" / "graph.txt"
    word = f"digraph:{graph}"
    for position in [f"{word} s b", f"{word} s + nim 2"]:
        out = run_cli(cli, "analyze", position, "--json")
        assert out.returncode == 0, out.stderr
        want = json.loads(out.stdout)
        got = sprague.analyze(position)
        assert (got.outcome, got.value) == (want["outcome"], want["value"])
        assert [m.after for m in got.winning_moves] == [m["after"] for m in want["winning_moves"]]
    with pytest.raises(sprague.InputError) as e:
        sprague.analyze("digraph:no/such/file.txt a")
    out = run_cli(cli, "analyze", "digraph:no/such/file.txt", "a")
    assert out.stderr.strip() == f"error: {e.value}"
    # A graph with a cycle is a game with draws: answered as the CLI does.
    got = sprague.analyze("digraph:a>b,b>c,c>a a")
    want = json.loads(run_cli(cli, "analyze", "digraph:a>b,b>c,c>a a", "--json").stdout)
    assert (got.outcome, got.value) == ("D", None) == (want["outcome"], want["value"])


def test_table_work_limit_is_its_own_keyword(cli):
    # Grundy's game at 3000 takes about a million steps of table work.
    with pytest.raises(sprague.LimitError) as e:
        sprague.analyze("grundy 3000", max_table_work=1000)
    assert "max_table_work=N" in str(e.value)
    assert sprague.analyze("grundy 3000", max_table_work=10**8).outcome in ("N", "P")
    out = run_cli(cli, "analyze", "grundy 3000", "--max-table-work", "1000")
    assert out.returncode == 3 and "--max-table-work" in out.stderr
    # As `sprague sequence`, sequence() is bounded by max_table alone.
    assert len(sprague.sequence("grundy", 3000)) == 3001


CONTEST = "rule:n-1,n-2,n-4,n/2&n/2:even"


def test_rule_words_as_the_cli_gives_them(cli):
    out = run_cli(cli, "sequence", CONTEST, "--to", "3000", "--format", "json")
    assert out.returncode == 0, out.stderr
    assert sprague.sequence(CONTEST, 3000) == json.loads(out.stdout)["values"]
    assert sprague.sequence("rule:n-2,split(n-2)", 300) == sprague.sequence("dawson", 300)
    out = run_cli(cli, "period", CONTEST, "--json")
    want = json.loads(out.stdout)
    got = sprague.period(CONTEST)
    assert (got.preperiod, got.period, got.proven, got.checked_to) == (
        want["preperiod"],
        want["period"],
        want["proven"],
        want["checked_to"],
    )
    assert (got.preperiod, got.period) == (1, 6)
    # No argument covers dividing: never proven.
    assert sprague.period("rule:n-1,n/2", limit=2000).proven is False
    assert sprague.analyze(CONTEST + " 1000000000000000000 7").outcome == "P"
    with pytest.raises(sprague.InputError, match="column 12"):
        sprague.analyze("rule:n-1,n-;2 5")
