"""The examples in the docstrings (the package's and the extension's),
run as doctests, and every public name documented."""

import doctest

import sprague
import sprague._sprague as extension


def public(module):
    return [getattr(module, n) for n in dir(module) if not n.startswith("_")]


def test_docstring_examples_run():
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    tests = finder.find(sprague, "sprague", globs=vars(sprague).copy())
    for obj in public(extension):
        if callable(obj) and obj.__doc__:
            tests += finder.find(obj, obj.__name__, globs=vars(sprague).copy())
    examples = sum(len(t.examples) for t in tests)
    assert examples >= 15
    for t in tests:
        runner.run(t)
    assert runner.summarize(verbose=False).failed == 0


def test_every_public_name_is_documented():
    for name in sprague.__all__:
        obj = getattr(sprague, name)
        if callable(obj):
            assert obj.__doc__ and len(obj.__doc__) > 20, name
        if isinstance(obj, type):
            for attr, value in vars(obj).items():
                if not attr.startswith("_") and callable(getattr(value, "__get__", None)):
                    assert getattr(value, "__doc__", None), f"{name}.{attr}"
