#!/usr/bin/env python3
"""Geography at contest sizes, measured and checked.

    scripts/geography-figures.py [BINARY] [STARTS]

1. Three random trees of 200,000 vertices (vertex i hangs from a random
   earlier vertex; seeds 1-3), written as graph files: from STARTS random
   vertices of each (default 20), `BINARY analyze --json` gives the
   outcome and the winning moves of a lone token; each is checked
   against this script's own tree recursion (a token arriving at x wins
   for the player to move exactly when some child of x loses), and the
   slowest wall time is printed.
2. Whole grids by their closed form: grid:10000x10000, grid:9999x9999
   (corner and its neighbour) and a 10^9 x 3 grid, each timed.

BINARY defaults to target/release/sprague. Python 3.9 or later, standard
library only.
"""

import json
import os
import random
import subprocess
import sys
import tempfile
import time


def tree(n, seed):
    rng = random.Random(seed)
    parent = [0] + [rng.randrange(i) for i in range(1, n)]
    adj = [[] for _ in range(n)]
    for v in range(1, n):
        adj[parent[v]].append(v)
        adj[v].append(parent[v])
    return adj


def recursion(adj, at):
    """Whether the player to move wins from `at`, and the winning moves."""
    parent = [-1] * len(adj)
    parent[at] = at
    order = [at]
    for u in order:
        for w in adj[u]:
            if parent[w] == -1:
                parent[w] = u
                order.append(w)
    wins = [False] * len(adj)
    for u in reversed(order):
        wins[u] = any(parent[w] == u and not wins[w] for w in adj[u])
    return wins[at], sorted(w + 1 for w in adj[at] if not wins[w])


def run(binary, position):
    start = time.perf_counter()
    out = subprocess.run(
        [binary, "analyze", "--json", "--max-moves", "1000", position],
        capture_output=True, text=True, check=True,
    )
    took = time.perf_counter() - start
    return json.loads(out.stdout), took


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else "target/release/sprague"
    starts = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    n = 200_000
    with tempfile.TemporaryDirectory() as folder:
        for seed in (1, 2, 3):
            adj = tree(n, seed)
            path = os.path.join(folder, f"tree{seed}.txt")
            with open(path, "w") as f:
                for v in range(n):
                    for w in adj[v]:
                        if v < w:
                            f.write(f"{v + 1} {w + 1}\n")
            rng = random.Random(100 + seed)
            slowest, outcomes = 0.0, {"N": 0, "P": 0}
            for _ in range(starts):
                at = rng.randrange(n)
                a, took = run(binary, f"geography file:{path}@{at + 1}")
                wins, moves = recursion(adj, at)
                assert a["outcome"] == ("N" if wins else "P"), (seed, at)
                got = sorted(int(m["change"]["after"]) for m in a["winning_moves"])
                assert got == moves, (seed, at, got, moves)
                slowest = max(slowest, took)
                outcomes[a["outcome"]] += 1
            print(f"tree of {n} vertices, seed {seed}: {starts} starts "
                  f"({outcomes['N']} N, {outcomes['P']} P) equal to the tree recursion, "
                  f"winning moves included; slowest {slowest:.3f} s")
    for position in ["geography grid:10000x10000@1", "geography grid:10000x10000@2",
                     "geography grid:9999x9999@1", "geography grid:9999x9999@2",
                     "geography grid:1000000000x3@1", "geography grid:1000000000x3@2"]:
        a, took = run(binary, position)
        print(f"{position}: {a['outcome']}, {len(a['winning_moves'])} winning moves, "
              f"{took * 1000:.1f} ms (the whole process)")


if __name__ == "__main__":
    main()
