import pytest

from fastapply import merge
from fastapply.apply.request import ApplyError, ApplyRequest, build_result
from fastapply.engine.stats import Stats


@pytest.mark.parametrize(
    "request_",
    [
        ApplyRequest("a\n", "  \n"),
        ApplyRequest("a\x00\n", "b\n"),
        ApplyRequest("a\n", "b\n", mode="fast"),
        ApplyRequest("a\n", "b\n", max_tokens=0),
        ApplyRequest("a\n", "b\n", k=-1),
        ApplyRequest("a\n", "b\n", windowing="x"),
    ],
)
def test_bad_requests_are_apply_errors(request_):
    with pytest.raises(ApplyError):
        request_.check()


def test_build_result_validates_and_diffs_the_merged_file():
    original = "def a():\n    return 1\n\n\ndef b():\n    return 2\n"
    request = ApplyRequest(original, "def b():\n    return 3\n", path="m.py")
    candidate = merge.lazy_merge(request.original, request.snippet, "python")
    leaky = "def a():\n    return 1\n\n\n# ... existing code ...\n"
    result = build_result(request, leaky, Stats(), "python", True, "model", candidate, False, [])
    assert "marker_leak" in {w.code for w in result.warnings}
    assert result.diff.removed >= 1 and "m.py" in result.diff.text
    assert result.to_dict()["merge_confident"] is candidate.confident


def test_a_result_keeps_the_originals_byte_order_mark():
    # A model that rewrote the first line without the mark: the file keeps its encoding.
    request = ApplyRequest("\ufeffx = 1\ny = 2\n", "x = 3\n# ... existing code ...\n", path="m.py")
    candidate = merge.lazy_merge(request.original, request.snippet, "python")
    result = build_result(request, "x = 3\ny = 2\n", Stats(), "python", True, "model", candidate, False, [])
    assert result.merged == "\ufeffx = 3\ny = 2\n"
