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
