"""The patterns agents' snippets take that a merge gets wrong most easily (a partial Python method,
a marker in another language's comment syntax, members at the class's indentation, a diff whose
"+" took an indent column, a section under a new banner, a statement replaced by several, a
constant replaced, an inner function lifted, a member rewritten where the snippet opens with a
later one, JSX markers, a headerless hunk): each answer is the expected file, or it is flagged —
never a wrong file served as sure."""

import json
from pathlib import Path

import pytest

from fastapply.apply.deterministic import checked_merge, prepare
from fastapply.apply.request import ApplyRequest
from fastapply.merge import flags

CASES = json.loads((Path(__file__).parent / "data" / "agent_patterns.json").read_text())
# Served right today; a change that flags them costs coverage, one that serves them wrong fails below.
SERVED = {
    "py-partial-method-no-marker",
    "py-guard-foreign-marker",
    "py-guard-col0-marker",
    "py-whole-def-col0-marker",
    "ts-members-at-class-indent",
    "diff-plus-eats-indent",
    "c-banner-section",
    "js-statement-replaced-by-several",
    "tsx-jsx-markers",
    "diff-headerless",
}


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_right_or_flagged(case):
    request = ApplyRequest(case["original"], case["snippet"], case["instruction"], path=case["path"])
    prepared = prepare(request)
    merged, warnings = checked_merge(request, prepared)
    served = prepared.candidate.confident and not flags(warnings)
    lines = [line.rstrip() for line in (merged or "").splitlines() if line.strip()]
    right = lines == [line.rstrip() for line in case["expected"].splitlines() if line.strip()]
    assert right or not served, "a wrong file served as sure"
    if case["id"] in SERVED:
        assert served and right


def test_a_lone_short_statement_does_not_place_a_new_method_above_the_previous_chunks():
    """`return True` occurs once, in a function above the class: a new method ending with it is not
    placed there, inside that function, out of file order."""
    original = (
        "def exists(fn):\n    try:\n        stat(fn)\n    except OSError:\n        return False\n    else:\n"
        "        return True\n\n\nclass Names:\n    def __init__(self):\n        self.seen = set()\n\n"
        "    def __iter__(self):\n        return self\n"
    )
    snippet = (
        "class Names:\n    # ... existing code ...\n\n    def __iter__(self):\n        # ... existing code ...\n\n"
        "    def ping(self):\n        return True\n\n    # ... existing code ...\n"
    )
    from fastapply.merge import lazy_merge

    result = lazy_merge(original, snippet, "python")
    assert result.merged.startswith(original.split("\n\n\n")[0])  # exists() keeps its own return
    assert result.merged == original + "\n    def ping(self):\n        return True\n"  # after __iter__'s body


def test_a_new_method_after_a_header_whose_body_a_marker_elides_goes_after_that_body():
    from fastapply.merge import lazy_merge

    original = (
        'class Names:\n    """Names."""\n\n    def __init__(self, seen=None):\n        self.seen = seen or set()\n'
        "        self.count = 0\n\n    def __iter__(self):\n        return self\n"
    )
    snippet = (
        "class Names:\n    # ... existing code ...\n\n    def __init__(self, seen=None):\n        # ... existing code ...\n\n"
        "    def ping(self):\n        return True\n\n    # ... existing code ...\n"
    )
    result = lazy_merge(original, snippet, "python")
    assert result.confident
    assert result.merged == original.replace(
        "        self.count = 0\n\n", "        self.count = 0\n\n    def ping(self):\n        return True\n\n"
    )


def test_a_new_methods_common_line_standing_below_does_not_carry_it_there():
    # "return True" also ends a method of another class: the new method still goes after __init__.
    from fastapply.merge import lazy_merge

    original = (
        "class Box:\n    def __init__(self, size):\n        self.size = size\n\n    def area(self):\n"
        "        return self.size ** 2\n\n\nclass Gate:\n    def opened(self):\n        if self.ready:\n"
        "            return True\n        return False\n"
    )
    snippet = (
        "class Box:\n    # ... existing code ...\n\n    def __init__(self, size):\n        # ... existing code ...\n\n"
        "    def ping(self):\n        return True\n\n    # ... existing code ...\n"
    )
    result = lazy_merge(original, snippet, "python")
    assert result.merged == original.replace(
        "self.size = size\n", "self.size = size\n\n    def ping(self):\n        return True\n"
    )


def test_a_marker_that_states_an_edit_to_the_code_it_elides_is_flagged():
    # read as code kept as it is, "same change in g" would serve g unchanged
    original = "class A {\n    int f(int x) {\n        return x + 1;\n    }\n\n    int g(int x) {\n        return x + 1;\n    }\n}\n"
    snippet = "class A {\n    int f(int x) {\n        return x + 2;\n    }\n\n    // ... same change in g ...\n}\n"
    request = ApplyRequest(original, snippet, "Make f and g add 2.", path="A.java")
    prepared = prepare(request)
    merged, warnings = checked_merge(request, prepared)
    assert "return x + 1;" in merged  # the placement keeps g: only the check can tell
    assert "elided_edit" in {w.code for w in flags(warnings)}
