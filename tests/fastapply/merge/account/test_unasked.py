"""A long run of code gone in one place that the instruction never asks to remove."""

from fastapply.apply.deterministic import checked_merge, prepare
from fastapply.apply.request import ApplyRequest
from fastapply.merge import flags

BODY = "".join(f"    step{i} = work({i})\n" for i in range(14))
ORIGINAL = f"def run(n):\n    total = 0\n{BODY}    total += n  # the last step\n    return total\n"


def _flagged(snippet: str, instruction: str) -> list[str]:
    request = ApplyRequest(ORIGINAL, snippet, instruction, path="r.py")
    merged, warnings = checked_merge(request, prepare(request))
    return [w.code.value for w in flags(warnings)]


def test_a_marker_left_out_over_many_lines_is_flagged():
    snippet = "def run(n):\n    total = 0\n    total += n * 2  # the last step\n    return total\n"
    assert "unasked_deletion" in _flagged(snippet, "Double n in the last step.")


def test_the_same_run_gone_where_the_instruction_asks_for_it_is_not():
    snippet = "def run(n):\n    total = 0\n    total += n * 2  # the last step\n    return total\n"
    assert "unasked_deletion" not in _flagged(snippet, "Remove the steps and double n.")
    short = "def run(n):\n    total = 0\n" + BODY[: BODY.index("    step4")] + "    step13 = work(13)\n"
    assert "unasked_deletion" not in _flagged(short + "    # ...\n", "Tidy run.")  # 9 lines: under the run


METHODS = "".join(f"  helper{i}() {{\n    this.count += {i};\n    return this;\n  }}\n\n" for i in range(4))
CLASS = f"class Log {{\n  removeReporter(r) {{\n    return this.list.splice(r, 1);\n  }}\n\n{METHODS}  wrapStd() {{\n    this.wrap('log');\n  }}\n}}\n"


def test_definitions_gone_that_a_removing_instruction_does_not_name_are_flagged():
    # "removeReporter" and "instead" read as removing words; the four helpers are named by nothing.
    snippet = "  removeReporter(r) {\n    this.list.splice(r, 1);\n    return this;\n  }\n\n  wrapStd() {\n    this.wrap('error');\n  }\n"
    instruction = "removeReporter() should return this, and wrapStd() should wrap 'error' instead of 'log'."
    request = ApplyRequest(CLASS, snippet, instruction, path="log.js")
    merged, warnings = checked_merge(request, prepare(request))
    assert "helper0" not in merged  # read literally, the snippet drops them
    assert "unasked_deletion" in [w.code.value for w in flags(warnings)]
    named = "Remove helper0 and helper1 to helper3; removeReporter() should return this, wrapStd() wrap 'error'."
    request = ApplyRequest(CLASS, snippet, named, path="log.js")
    assert "unasked_deletion" not in [w.code.value for w in flags(checked_merge(request, prepare(request))[1])]


def test_worked_examples():
    import doctest

    from fastapply.merge.account import unasked

    assert doctest.testmod(unasked).failed == 0


SHOWS = "".join(
    f"    /**\n     * Shows list {i}\n     */\n    show{i}() {{\n        this.model.read({i}, (data) => this.view.render(data));\n    }}\n\n"
    for i in range(5)
)
CONTROLLER = (
    "class Controller {\n    setView(hash) {\n        const page = hash.split('/')[1] || '';\n        this._updateFilter(page);\n    }\n\n"
    + SHOWS
    + "    _filter(force) {\n        const active = this._activeRoute;\n        const title = active.substr(0, 1);\n"
    "        this._lastActive = title;\n    }\n\n    /**\n     * Updates the filter nav\n     */\n"
    "    _updateFilter(currentPage) {\n        this._activeRoute = currentPage;\n        this._filter();\n"
    "        this.view.render('setFilter', currentPage);\n    }\n}\n"
)


def test_naming_a_definition_the_file_still_holds_excuses_no_run():
    # The moved method's header anchors at its old place, so the chunk drops every method between;
    # the instruction names `_filter`, which the file still defines (written anew), not show0..show4.
    snippet = (
        "    setView(hash) {\n        const page = hash.split('/')[1] || '';\n        this._updateFilter(page);\n    }\n\n"
        "    /**\n     * Updates the filter nav\n     */\n    _updateFilter(currentPage) {\n        // ... unchanged ...\n    }\n\n"
        "    // ... existing code ...\n\n    _filter(force) {\n        const active = this._activeRoute;\n"
        "        const title = active.slice(0, 1);\n        // ... rest unchanged\n    }\n}\n"
    )
    instruction = "Bring `_updateFilter` up next to `setView`, and use `slice` instead of `substr` in `_filter`."
    request = ApplyRequest(CONTROLLER, snippet, instruction, path="controller.js")
    merged, warnings = checked_merge(request, prepare(request))
    assert "show0" not in merged and "_filter(force)" in merged
    assert "unasked_deletion" in [w.code.value for w in flags(warnings)]
