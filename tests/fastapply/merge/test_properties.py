"""Properties of the merge and the validator on arbitrary text (hypothesis)."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fastapply.merge import is_marker_line, lazy_merge, validate

LINES = st.lists(
    st.sampled_from(
        [
            "def f(x):",
            "    return x",
            "",
            "class A:",
            "    pass",
            "x = 1",
            "y = f(x)",
            "}",
            "{",
            "end",
            "// ... existing code ...",
            "# ... existing code ...",
            "+    return x + 1",
            "-    return x",
            "@@",
            "    if x:",
            "        x += 1",
            "print(x)",
            "\t}",
            "  ",
            "...",
        ]
    )
    | st.text(max_size=30).filter(lambda s: "\n" not in s and "\r" not in s),
    max_size=25,
)
LANGUAGES = st.sampled_from([None, "python", "javascript", "go", "lua", "ruby", "markdown"])
FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def text(lines):
    return "\n".join(lines) + ("\n" if lines else "")


@FAST
@given(LINES, LINES, LANGUAGES)
def test_merge_and_validate_never_raise(original, snippet, language):
    result = lazy_merge(text(original), text(snippet), language)
    if result.merged is not None:
        validate(text(original), text(snippet), result.merged, language, anchoring=result)


@FAST
@given(LINES, LINES, LANGUAGES)
def test_a_clean_confident_merge_holds_no_new_marker(original, snippet, language):
    result = lazy_merge(text(original), text(snippet), language)
    if not result.confident or result.merged is None:
        return
    if validate(text(original), text(snippet), result.merged, language, anchoring=result):
        return  # flagged: not claimed as a success
    # the language the merge read the text in ("..." is Python's Ellipsis, a marker elsewhere)
    markers_before = sum(is_marker_line(line, result.language) for line in original)
    markers_after = sum(is_marker_line(line, result.language) for line in result.merged.splitlines())
    assert markers_after <= markers_before


@FAST
@given(LINES.filter(lambda lines: any(line.strip() for line in lines)), LANGUAGES)
def test_an_output_equal_to_the_original_is_flagged_when_the_snippet_adds_code(original, language):
    snippet = "# ... existing code ...\nnew_line_that_is_not_in_the_file_42 = compute()\n"
    codes = {w.code for w in validate(text(original), snippet, text(original), language)}
    assert "no_change" in codes
