#!/usr/bin/env python3
"""The figures of docs/src/limits.md, measured again.

    scripts/limits-figures.py [BINARY]

Runs each command of the guide's limit tables with BINARY (default
target/release/sprague) at its default limits and prints one Markdown
row a command: the exit status, the wall time, the peak resident memory
(ru_maxrss of the child, from wait4) and the last line of standard
error (the message naming the limit). The Hackenbush trees are drawn
with a fixed seed (vertex i hangs from a vertex below it) and written as
edge-list files read by `hackenbush file:PATH`.

Python 3.9 or later, standard library only; Linux (os.wait4).
"""

import os
import random
import subprocess
import sys
import tempfile
import time


def tree_file(folder, edges, seed):
    rng = random.Random(seed)
    path = os.path.join(folder, f"tree{edges}.txt")
    with open(path, "w") as f:
        f.write(f"# a random tree of {edges} edges grounded at vertex 0, seed {seed}\n")
        for v in range(1, edges + 1):
            f.write(f"{rng.randrange(v)} {v}\n")
    return path


def measure(binary, args):
    start = time.monotonic()
    with tempfile.TemporaryFile() as err:
        proc = subprocess.Popen([binary] + args, stdout=subprocess.DEVNULL, stderr=err)
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        took = time.monotonic() - start
        err.seek(0)
        text = err.read().decode(errors="replace")
    last = (text.strip().splitlines() or [""])[-1]
    # ru_maxrss is in KiB on Linux.
    return proc.returncode, took, f"{usage.ru_maxrss / 1024:,.0f} MiB", last


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else "target/release/sprague"
    with tempfile.TemporaryDirectory() as folder:
        rows = [
            ["analyze", "octal:0.007 9999999"],
            ["analyze", "--misere", "hackenbush file:" + tree_file(folder, 300, 1)],
            ["analyze", "--misere", "hackenbush file:" + tree_file(folder, 30, 1)],
            ["analyze", "--misere", "grundy 2000"],
            ["genus", "octal:0.7...", "--to", "2000"],
        ]
        print("| command | exit | time | peak memory (RSS) | last line of stderr |")
        print("|---|---|---|---|---|")
        for args in rows:
            code, took, peak, last = measure(binary, args)
            shown = " ".join(a if " " not in a else f"'{a}'" for a in args)
            shown = shown.replace(folder + "/", "")
            print(f"| `sprague {shown}` | {code} | {took:.1f} s | {peak} | {last[:160]} |", flush=True)


if __name__ == "__main__":
    main()
