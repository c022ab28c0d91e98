"""A survey of many octal codes farmed out to a Dask LocalCluster of
worker processes, as the guide's Python chapter shows it: results cross
process boundaries by pickling and come back equal to those computed
here."""

import sys

import pytest

import sprague


def _survey(code):
    return sprague.period(code, limit=2000), sprague.genus(code, 8), sprague.plot(code, 60)


def test_a_survey_on_a_local_cluster():
    distributed = pytest.importorskip(
        "distributed", reason="tests/requirements.txt installs dask[distributed]"
    )
    cloudpickle = pytest.importorskip("cloudpickle")
    # The workers cannot import this test module: its function goes by
    # value (as a function defined in a notebook does).
    cloudpickle.register_pickle_by_value(sys.modules[__name__])
    codes = [f"octal:0.{a}{b}" for a in "0123" for b in "1357"]
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster, distributed.Client(cluster) as client:
        results = client.gather(client.map(_survey, codes))
    assert len(results) == len(codes)
    for code, (period, genus, figure) in zip(codes, results):
        assert period == sprague.period(code, limit=2000)
        assert genus == sprague.genus(code, 8)
        assert figure == sprague.plot(code, 60)
    # 0.07 is Dawson's Kayles, of period 34 (Winning Ways, ch. 4).
    dawson = results[codes.index("octal:0.07")][0]
    assert (dawson.period, dawson.proven) == (34, True)
