#!/usr/bin/env python3
"""The memory load of issue 53 against `sprague serve`, measured.

    scripts/serve-memory-load.py [BINARY] [-- SERVE-FLAGS...]

Starts BINARY (default target/release/sprague) as `sprague serve --port 0`
with its defaults (plus SERVE-FLAGS), then sends 8 expensive requests at
once, each from a client address of its own (127.0.0.11 to 127.0.0.18):
3 analyses of a 40,001-heap Nim position, 3 of misere `grundy 2000`, 2 of
misere `dawson 40 40`. While they run, one more client (127.0.0.2) sends
cheap requests (closed forms, a nimber, a small table) one after another.
The server's resident memory (VmRSS of /proc/PID/status) is sampled every
10 ms throughout; at the end the script prints the peak (and VmHWM), the
status and kind of every answer, the cheap requests' median and largest
latency, and whether the server still answers. Exit status 1 when the
peak passes 2 GB (2,000,000,000 bytes), the cheap median is 50 ms or more,
an answer is a 5xx other than 503 `busy`, or the server no longer answers.

Linux only (it reads /proc). Python 3 standard library only.
"""

import http.client
import json
import os
import statistics
import subprocess
import sys
import threading
import time

LIMIT_BYTES = 2_000_000_000


def expensive_requests():
    nim = {"position": "nim" + " 1" * 40_001}
    grundy = {"position": "grundy 2000", "misere": True}
    dawson = {"position": "dawson 40 40", "misere": True}
    return [("nim 40,001 heaps", nim)] * 3 + [("misere grundy 2000", grundy)] * 3 + [
        ("misere dawson 40 40", dawson)
    ] * 2


CHEAP = [
    ("analyze", {"position": "nim 3 4 5"}),
    ("nimber", {"expr": "1 + 2"}),
    ("analyze", {"position": "kayles 30 + nim 3"}),
    ("table", {"ruleset": "wythoff", "to": 10}),
    ("analyze", {"position": "nim 1 1 2 3", "misere": True}),
]


def post(port, source, endpoint, body, timeout=120):
    """(status, kind[/reason] or None, seconds) of one POST."""
    start = time.monotonic()
    conn = http.client.HTTPConnection(
        "127.0.0.1", port, timeout=timeout, source_address=(source, 0)
    )
    try:
        conn.request(
            "POST",
            "/api/" + endpoint,
            body=json.dumps(body),
            headers={"Content-Type": "application/json"},
        )
        response = conn.getresponse()
        data = response.read()
        kind = None
        if response.status != 200:
            try:
                answer = json.loads(data)
                kind = answer.get("kind")
                if answer.get("reason"):
                    kind += "/" + answer["reason"]
            except ValueError:
                kind = "not JSON"
        return response.status, kind, time.monotonic() - start
    except OSError as e:
        return 0, str(e), time.monotonic() - start
    finally:
        conn.close()


def status_kb(pid, field):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(field):
                return int(line.split()[1])
    return 0


def main():
    args = sys.argv[1:]
    flags = []
    if "--" in args:
        i = args.index("--")
        args, flags = args[:i], args[i + 1 :]
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    binary = args[0] if args else os.path.join(root, "target", "release", "sprague")
    server = subprocess.Popen(
        [binary, "serve", "--port", "0", *flags],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        first = server.stdout.readline()
        prefix = "sprague serve: listening on http://"
        if not first.startswith(prefix):
            print(f"no address in {first!r}", file=sys.stderr)
            return 2
        port = int(first[len(prefix) :].split("/")[0].rsplit(":", 1)[1])
        return run(server.pid, port, flags)
    finally:
        server.terminate()
        server.wait()


def run(pid, port, flags):
    peak_rss = [0]
    sampling = [True]

    def sample():
        while sampling[0]:
            try:
                peak_rss[0] = max(peak_rss[0], status_kb(pid, "VmRSS:"))
            except OSError:
                return
            time.sleep(0.01)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    results = []
    lock = threading.Lock()

    def expensive(i, name, body):
        status, kind, took = post(port, f"127.0.0.{11 + i}", "analyze", body)
        with lock:
            results.append((name, status, kind, took))

    start = time.monotonic()
    threads = [
        threading.Thread(target=expensive, args=(i, name, body))
        for i, (name, body) in enumerate(expensive_requests())
    ]
    for t in threads:
        t.start()
    # The cheap requests, while the expensive ones run.
    time.sleep(0.3)
    cheap = []
    cheap_failures = []
    i = 0
    while any(t.is_alive() for t in threads):
        endpoint, body = CHEAP[i % len(CHEAP)]
        status, kind, took = post(port, "127.0.0.2", endpoint, body)
        if status == 200:
            cheap.append(took)
        else:
            cheap_failures.append((endpoint, status, kind))
        i += 1
        time.sleep(0.02)
    for t in threads:
        t.join()
    elapsed = time.monotonic() - start
    after, _, _ = post(port, "127.0.0.3", "analyze", {"position": "nim 3 4 5"})
    time.sleep(0.1)
    sampling[0] = False
    sampler.join()
    hwm_kb = status_kb(pid, "VmHWM:")

    print(f"sprague serve {' '.join(flags) or '(defaults)'}: 8 expensive requests at once")
    for name, status, kind, took in sorted(results):
        print(f"  {name:22} {status} {kind or ''} after {took:.2f} s")
    median_ms = statistics.median(cheap) * 1000 if cheap else float("inf")
    largest_ms = max(cheap) * 1000 if cheap else float("inf")
    print(
        f"  cheap requests during the load: {len(cheap)} answered 200, median "
        f"{median_ms:.1f} ms, largest {largest_ms:.1f} ms, {len(cheap_failures)} failed "
        f"{cheap_failures[:5] if cheap_failures else ''}"
    )
    print(
        f"  peak VmRSS sampled {peak_rss[0] / 1024:.0f} MiB ({peak_rss[0] * 1024:,} bytes), "
        f"VmHWM {hwm_kb / 1024:.0f} MiB; load over in {elapsed:.1f} s; "
        f"afterwards a cheap request got {after}"
    )
    failed = []
    if max(peak_rss[0], hwm_kb) * 1024 > LIMIT_BYTES:
        failed.append("peak resident memory over 2 GB")
    if median_ms >= 50:
        failed.append("cheap median 50 ms or more")
    def not_busy(status, kind):
        busy = status == 503 and (kind or "").split("/")[0] == "busy"
        return status == 0 or (status >= 500 and not busy)

    bad = [r for r in results if not_busy(r[1], r[2])]
    bad += [f for f in cheap_failures if not_busy(f[1], f[2])]
    if bad:
        failed.append(f"5xx answers other than 503 `busy` (or none): {bad}")
    if after != 200:
        failed.append(f"the server answered {after} afterwards")
    for f in failed:
        print(f"FAILED: {f}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
