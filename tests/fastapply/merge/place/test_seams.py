from dataclasses import dataclass, field

from fastapply.merge import lazy_merge
from fastapply.merge.place.seams import reconcile_closers

GO_ORIGINAL = """package cli

import "sort"

func (fc *category) Name() string {
	return fc.name
}

func (fc *category) Flags() []Flag {
	vfNames := []string{}
	for flName, fl := range fc.m {
		if vf, ok := fl.(VisibleFlag); ok {
			if vf.IsVisible() {
				vfNames = append(vfNames, flName)
			}
		}
	}

	sort.Strings(vfNames)
	return vfNames
}
"""


def test_a_block_rewritten_one_level_shallower_replaces_the_closing_line_left_over():
    snippet = (
        "// ... existing code ...\n\nfunc (fc *category) Flags() []Flag {\n\tvfNames := []string{}\n"
        "\tfor flName, fl := range fc.m {\n\t\tif isVisibleFlag(fl) {\n\t\t\tvfNames = append(vfNames, flName)\n"
        "\t\t}\n\t}\n\n\t// ... existing code ...\n}\n"
    )
    expected = GO_ORIGINAL.replace(
        "\t\tif vf, ok := fl.(VisibleFlag); ok {\n\t\t\tif vf.IsVisible() {\n\t\t\t\tvfNames = append(vfNames, flName)\n"
        "\t\t\t}\n\t\t}\n\t}\n",
        "\t\tif isVisibleFlag(fl) {\n\t\t\tvfNames = append(vfNames, flName)\n\t\t}\n\t}\n",
    )
    result = lazy_merge(GO_ORIGINAL, snippet, "go")
    assert result.merged == expected
    assert result.confident


def test_a_new_function_whose_end_paired_with_the_one_above_keeps_that_end():
    original = (
        "local M = {}\n\nfunction M.each(t, fn)\n  for key in pairs(t) do\n    fn(key, t[key])\n  end\nend\n\n"
        'function M.open(uri)\n  local cmd\n  if vim.fn.has("win32") == 1 then\n    cmd = { "explorer", uri }\n'
        '  else\n    cmd = { "xdg-open", uri }\n  end\n  return cmd\nend\n\nreturn M\n'
    )
    snippet = '-- ... existing code ...\n\nfunction M.is_win()\n  return vim.fn.has("win32") == 1\nend\n\nreturn M\n'
    expected = original.replace(
        "\nreturn M\n", '\nfunction M.is_win()\n  return vim.fn.has("win32") == 1\nend\n\nreturn M\n'
    )
    result = lazy_merge(original, snippet, "lua")
    assert result.merged == expected
    assert result.confident


@dataclass
class _Plan:
    start: int | None
    end: int | None
    lines: list[str] = field(default_factory=list)


ORIGINAL = ["a {", "  b {", "  }", "}", "c {", "}"]


def _render(plans):
    out, pos = [], 0
    for plan in sorted(plans, key=lambda plan: plan.start):
        out += ORIGINAL[pos : plan.start] + plan.lines
        pos = plan.end
    return "\n".join(out + ORIGINAL[pos:])


def _balanced(text: str) -> bool:
    depth = 0
    for char in text:
        depth += {"{": 1, "}": -1}.get(char, 0)
        if depth < 0:
            return False
    return depth == 0


def test_the_one_move_that_balances_the_file_is_taken():
    plans = [_Plan(1, 2, ["  b2 {", "  }"])]  # its own "}" and the original's both kept: one too many
    reconciled = reconcile_closers(plans, ORIGINAL, _render, _balanced)
    assert reconciled is not None
    assert (reconciled[0].start, reconciled[0].end) == (1, 3)


def test_no_move_is_taken_when_moves_of_as_many_closing_lines_read_differently():
    original = ["a {", "  b {", "  }", "  x", "}"]
    plans = [_Plan(3, 4, ["  y", " }"])]  # one "}" too many: the one above ("y" inside b) or below ("y" after b)
    render = lambda plans: "\n".join(original[: plans[0].start] + plans[0].lines + original[plans[0].end :])  # noqa: E731
    assert _balanced(render([_Plan(2, 4, plans[0].lines)])) and _balanced(render([_Plan(3, 5, plans[0].lines)]))
    assert reconcile_closers(plans, original, render, _balanced) is None  # its "}" stands at neither's width


def test_of_moves_that_read_differently_the_one_replacing_a_closer_of_the_same_width_is_taken():
    original = ["a {", "  b {", "  }", "  x", "}"]
    plans = [_Plan(3, 4, ["  y", "}"])]  # its "}" stands where a's does: it is a's, and "y" comes after b
    render = lambda plans: "\n".join(original[: plans[0].start] + plans[0].lines + original[plans[0].end :])  # noqa: E731
    reconciled = reconcile_closers(plans, original, render, _balanced)
    assert reconciled is not None and (reconciled[0].start, reconciled[0].end) == (3, 5)


def test_nothing_is_taken_when_no_move_over_closing_lines_makes_the_file_parse():
    original = ["a {", "  x", "}", "b {", "}"]
    plans = [_Plan(1, 2, ["  y", "}", "c {"])]  # an opening line too many: no closer to move over mends it
    render = lambda plans: "\n".join(original[: plans[0].start] + plans[0].lines + original[plans[0].end :])  # noqa: E731
    assert reconcile_closers(plans, original, render, _balanced) is None


def test_a_chunk_that_ends_in_a_blank_line_meets_a_blank_original_line_with_one():
    original = ["a {", "  b {", "  }", "}", "", "c"]
    plans = [_Plan(1, 3, ["  b2 {", "  }", "}", ""])]  # brought a's "}" too, and a blank line after it
    render = lambda plans: "\n".join(original[: plans[0].start] + plans[0].lines + original[plans[0].end :])  # noqa: E731
    reconciled = reconcile_closers(plans, original, render, _balanced)
    assert reconciled is not None
    assert render(reconciled) == "a {\n  b2 {\n  }\n}\n\nc"


SWIFT = """import Foundation

internal struct Tokenizer {
    func segments(_ code: String) -> AnySequence<Segment> {
        return AnySequence<Segment> {
            Buffer(code: code)
        }
    }
}

private extension Tokenizer {
    struct Buffer {
        var code: String
    }
}
"""


def test_of_two_seams_that_parse_the_one_whose_closers_stand_at_the_file_s_widths_is_taken():
    """The chunk after the elided body closes the method and the struct: moving its start over the
    closure's "        }" parses too, but puts the new method inside the old one."""
    snippet = (
        "internal struct Tokenizer {\n    func segments(_ code: String) -> AnySequence<Segment> {\n        // ...\n"
        "    }\n\n    func tokens(in code: String) -> [String] {\n        return segments(code).map { $0.text }\n"
        "    }\n}\n\n// ... rest of file unchanged ...\n"
    )
    result = lazy_merge(SWIFT, snippet, "swift")
    added = "\n    func tokens(in code: String) -> [String] {\n        return segments(code).map { $0.text }\n    }\n"
    assert result.merged == SWIFT.replace("        }\n    }\n}\n", "        }\n    }\n" + added + "}\n", 1)
