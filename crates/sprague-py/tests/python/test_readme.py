"""The Python sessions of README and of the guide's Python chapter (their
```python blocks), run as doctests."""

import doctest
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[4]
README = ROOT / "README.md"
GUIDE = ROOT / "docs" / "src" / "python.md"


def python_blocks(text):
    blocks, current = [], None
    for line in text.splitlines():
        if current is None and line.strip() == "```python":
            current = []
        elif current is not None and line.strip() == "```":
            blocks.append("\n".join(current) + "\n")
            current = None
        elif current is not None:
            current.append(line)
    return blocks


def run_blocks(path):
    blocks = python_blocks(path.read_text())
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    globs = {}
    for i, block in enumerate(blocks):
        test = parser.get_doctest(block, globs, f"{path.name} block {i + 1}", str(path), 0)
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{result.failed} of {path}'s Python examples failed (see above)"
    return len(blocks)


def test_readme_python_session():
    run_blocks(README)


def test_guide_python_session():
    assert run_blocks(GUIDE), "the guide's Python chapter has no ```python block"
