import pytest

from fastapply.merge import find_windows, lazy_merge, splice, window_snippet, window_text

ORIGINAL = "".join(f"def f{i}():\n    return {i}\n\n\n" for i in range(30))
SNIPPET = "# ... existing code ...\ndef f3():\n    return 33\n# ... existing code ...\ndef f25():\n    return 2525\n# ... existing code ...\n"


def test_windows_cover_each_edit_with_context():
    windows = find_windows(ORIGINAL, SNIPPET, "python", context_lines=2)
    assert windows == [(10, 16), (98, 104)]


def test_overlapping_windows_merge():
    windows = find_windows(ORIGINAL, SNIPPET, "python", context_lines=50)
    assert len(windows) == 1


def test_find_windows_none_when_anchoring_fails():
    assert find_windows(ORIGINAL, "# ...\nnot_in_file()\n# ...\nalso_new()\n# ...\n", "python") is None


def test_window_snippets_spliced_back_reproduce_the_merge():
    windows = find_windows(ORIGINAL, SNIPPET, "python", context_lines=2)
    rewritten = []
    for window in windows:
        sub = window_snippet(SNIPPET, ORIGINAL, window, "python")
        text = window_text(ORIGINAL, window)
        rewritten.append(lazy_merge(text, sub, "python").merged)
    assert splice(ORIGINAL, windows, rewritten) == lazy_merge(ORIGINAL, SNIPPET, "python").merged


def test_splice_keeps_untouched_bytes_and_crlf():
    original = "a\r\nb\r\nc\r\nd\r\n"
    assert splice(original, [(1, 2)], ["B"]) == "a\r\nB\r\nc\r\nd\r\n"


def test_splice_rejects_bad_windows():
    with pytest.raises(ValueError):
        splice("a\nb\n", [(1, 2), (0, 1)], ["x", "y"])
    with pytest.raises(ValueError):
        splice("a\nb\n", [(0, 1)], [])
