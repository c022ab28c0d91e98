"""Shared helpers of the Python tests: where the repository's data files
and (when built) the `sprague` CLI binary are."""

import os
import pathlib
import shutil

import pytest

CRATES = pathlib.Path(__file__).resolve().parents[3]
KNOWN = CRATES / "sprague" / "tests" / "data" / "known.txt"


def known_lines():
    """The known-answer file: (position, normal, value, misère), `None`
    where it says `-`."""
    out = []
    for line in KNOWN.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        position, normal, value, misere = [f.strip() for f in line.rsplit(";", 3)]
        out.append(
            (
                position,
                None if normal == "-" else normal,
                None if value == "-" else int(value),
                None if misere == "-" else misere,
            )
        )
    return out


@pytest.fixture(scope="session")
def cli():
    """The path of the `sprague` binary: $SPRAGUE_CLI (set by the Rust
    test that runs pytest), else one on PATH; the test is skipped when
    there is none."""
    path = os.environ.get("SPRAGUE_CLI") or shutil.which("sprague")
    if not path or not os.path.exists(path):
        pytest.skip("no sprague CLI binary to compare with (set SPRAGUE_CLI)")
    return path
