"""Writes LINES (default 100,000) random positions of mixed rulesets, one a
line, to the file named first: nim, kayles, dawson, octal:0.137, sub:1,3,4
and moore:2 with u64 heaps, grundy below 100,001, and sums of three.
Seeded (19), so every benchmark reads the same file.

    python3 scripts/gen-mixed.py FILE [LINES]
"""
import random
import sys

random.seed(19)
u = lambda: random.getrandbits(64)
makers = [
    lambda: "nim " + " ".join(str(u()) for _ in range(random.randint(1, 8))),
    lambda: "kayles " + " ".join(str(u()) for _ in range(random.randint(1, 4))),
    lambda: "dawson " + " ".join(str(u()) for _ in range(random.randint(1, 4))),
    lambda: "octal:0.137 " + " ".join(str(u()) for _ in range(random.randint(1, 4))),
    lambda: "sub:1,3,4 " + " ".join(str(u()) for _ in range(random.randint(1, 4))),
    lambda: "moore:2 " + " ".join(str(u()) for _ in range(random.randint(1, 4))),
    lambda: "grundy " + " ".join(str(random.randint(0, 100000)) for _ in range(random.randint(1, 4))),
    lambda: "nim %d + kayles %d + sub:1-5 %d" % (u(), u(), u()),
]
lines = int(sys.argv[2]) if len(sys.argv) > 2 else 100000
with open(sys.argv[1], "w") as f:
    for _ in range(lines):
        f.write(random.choice(makers)() + "\n")
