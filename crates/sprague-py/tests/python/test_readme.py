"""README's Python session (its ```python blocks), run as a doctest."""

import doctest
import pathlib

README = pathlib.Path(__file__).resolve().parents[4] / "README.md"


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


def test_readme_python_session():
    blocks = python_blocks(README.read_text())
    assert blocks, "README has no ```python block"
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    globs = {}
    for i, block in enumerate(blocks):
        test = parser.get_doctest(block, globs, f"README block {i + 1}", str(README), 0)
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{result.failed} of README's Python examples failed (see above)"
