#!/usr/bin/env python3
"""The table work limit against the time each computation takes (issue 53).

For each game and heap: `sprague analyze` at the default limits, and, when
that refuses, again with the table limits raised (cut off after 3 s). A
computation that finishes within a second when raised must be answered at
the defaults. Prints a Markdown table; exit status 1 when some computation
under a second is refused at the defaults.

Usage: scripts/table-work.py [PATH-TO-SPRAGUE]   (default: target/release/sprague)
"""
import subprocess
import sys
import time

SPRAGUE = sys.argv[1] if len(sys.argv) > 1 else "target/release/sprague"
GAMES = [
    "octal:0.3...", "octal:0.7...", "octal:4.3...", "octal:0.007", "dawson", "kayles",
    "octal:0.137", "octal:0.6", "octal:0.16", "octal:0.106", "octal:0.1777", "grundy",
    "sub:1,3,4", "sub:squares", "sub:primes", "sub:2-1000", "sub:pow2", "sub:fib",
    "rule:n-1,n-2,n/2&n/2:even", "rule:0..n-1,split(n)", "hex:8.3...", "octal:0.15",
    "octal:0.37", "octal:0.51",
]
HEAPS = [10**4, 10**5, 10**6, 10**7 - 1]
RAISED = ["--max-table-work", "18446744073709551615", "--max-table", "100000000",
          "--max-states", "100000000"]


def run(position, extra, timeout):
    start = time.monotonic()
    try:
        p = subprocess.run([SPRAGUE, "analyze", "--json", "--max-moves", "1", position] + extra,
                           capture_output=True, text=True, timeout=timeout)
        return p.returncode, time.monotonic() - start
    except subprocess.TimeoutExpired:
        return None, time.monotonic() - start


def cell(rc, seconds):
    if rc is None:
        return f"> {seconds:.0f} s"
    return f"{seconds:.2f} s" if rc == 0 else f"exit {rc} in {seconds:.2f} s"


bad = 0
print("| game | heap | at the defaults | limits raised |")
print("|---|---|---|---|")
for game in GAMES:
    for heap in HEAPS:
        position = f"{game} {heap}"
        rc, t = run(position, [], 60)
        raised = "(the same)"
        if rc != 0:
            rc_r, t_r = run(position, RAISED, 3)
            raised = cell(rc_r, t_r)
            if rc_r == 0 and t_r <= 1.0:
                bad += 1
                raised += " **refused but fast**"
        print(f"| `{game}` | {heap} | {cell(rc, t)} | {raised} |", flush=True)
print(f"\n{bad} computation(s) under a second refused at the defaults.")
sys.exit(1 if bad else 0)
