"""Moves the instruction states relative to another definition, left under the snippet's markers:
made with a note, or flagged; never served as if the move were done."""

from fastapply.apply.deterministic import checked_merge, prepare
from fastapply.apply.request import ApplyRequest
from fastapply.merge import flags
from fastapply.merge.repair import relative

GO = """package env

import "strings"

// Write writes the map to a file.
func Write(m map[string]string, name string) error {
	content := Marshal(m)
	return save(name, content)
}

// isInt reports whether s is a decimal integer.
func isInt(s string) bool {
	s = strings.TrimPrefix(s, "-")
	return len(s) > 0
}

// Marshal renders the map.
func Marshal(m map[string]string) string {
	var b strings.Builder
	for k, v := range m {
		b.WriteString(k + "=" + v)
	}
	return b.String()
}

func save(name, content string) error {
	return nil
}
"""
SNIPPET = """// Write writes the map to a file.
func Write(m map[string]string, name string) error {
	content := Marshal(m)
	return save(name, content+"\\n")
}
// ... rest unchanged ...
"""
IS_INT = GO[GO.index("// isInt") : GO.index("// Marshal")]


def _apply(instruction: str):
    request = ApplyRequest(GO, SNIPPET, instruction, path="env.go")
    return checked_merge(request, prepare(request))


def test_a_stated_move_the_snippet_does_not_show_is_made_with_a_note():
    merged, warnings = _apply("End every file with a newline, and move isInt below Marshal.")
    expected = GO.replace(IS_INT, "").replace("func save(", IS_INT + "func save(")
    expected = expected.replace("save(name, content)", 'save(name, content+"\\n")')
    assert merged == expected
    assert not flags(warnings)
    assert [w.code.value for w in warnings] == ["inferred_move"]


def test_a_move_above_is_made_before_the_other_definition():
    merged, warnings = _apply("Put save above Write and end every file with a newline.")
    assert merged.index("func save(") < merged.index("// Write writes")
    assert merged.index("// Write writes") < merged.index("func Write(")  # the doc comment moves along
    assert not flags(warnings)


def test_a_move_already_in_place_asks_nothing():
    merged, warnings = _apply("End every file with a newline; keep isInt above Marshal.")
    assert merged.index("func isInt(") < merged.index("func Marshal(")
    assert all(w.code.value != "inferred_move" for w in warnings)
    assert relative.unmade_moves(merged, "go", "Move isInt above Marshal.") == []
    assert relative.unmade_moves(merged, "go", "Move isInt below Marshal.") == [("isInt", "below", "Marshal")]


def test_the_parser_reads_only_moves_between_two_definitions():
    names = {"isInt", "Marshal", "Write"}
    assert relative.stated_order("Move isInt after the Marshal function.", names) == [("isInt", "below", "Marshal")]
    assert relative.stated_order("Move the check below the loop.", names) == []
    assert relative.stated_order("Move isInt and Write below Marshal.", names) == []


PY = """def load(path):
    return open(path).read()


def parse(text):
    return text.split()


def dump(items):
    return " ".join(items)
"""


def _answer(original: str, snippet: str, instruction: str):
    request = ApplyRequest(original, snippet, instruction, path="m.py")
    merged, warnings = checked_merge(request, prepare(request))
    return merged, warnings


def test_a_move_to_the_end_of_the_file_left_undone_is_made_with_the_files_spacing():
    snippet = "# ... existing code ...\n\n\ndef load(path):\n    return open(path).read()\n"
    merged, warnings = _answer(PY, snippet, "Move load to the end of the file.")
    assert merged == PY.split("\n\n\n", 1)[1] + "\n\ndef load(path):\n    return open(path).read()\n"
    assert [w.code.value for w in warnings] == ["inferred_move"] and not flags(warnings)


def test_a_move_to_the_end_past_code_that_is_no_definition_is_flagged():
    original = PY + '\n\nif __name__ == "__main__":\n    print(dump(parse(load("x"))))\n'
    snippet = "# ... existing code ...\n\n\ndef load(path):\n    return open(path).read()\n"
    _, warnings = _answer(original, snippet, "Move load to the end of the file.")
    assert "instruction_not_applied" in [w.code.value for w in flags(warnings)]
    assert relative.stated_ends("Move load to the bottom, right before main().", {"load"}) == []


def test_a_function_that_takes_the_mover_as_a_default_is_not_part_of_it():
    original = "def read(fd):\n    return fd.read()\n\n\ndef copy(fd, reader=read):\n    return reader(fd)\n"
    assert relative.unmade_moves(original, "python", "Move read to the end of the file.") == [("read", "below", "copy")]


def test_a_move_to_the_end_of_the_file_means_the_top_level_one_of_two_namesakes():
    original = (
        "class Timer:\n    def timeit(self):\n        return 1\n\n\ndef timeit():\n    return Timer().timeit()\n\n\n"
        'if __name__ == "__main__":\n    timeit()\n'
    )
    assert relative.unmade_moves(original, "python", "Move timeit to the end of the file.") == [
        ("timeit", "to", "the end of the file")
    ]


def test_the_parser_reads_the_mover_through_file_names_pronouns_and_accessor_pairs():
    names = {"Queue", "Parser", "warn", "getLimit", "setLimit", "remove", "setHead", "setCapacity"}
    rows = {"remove": 1, "setHead": 5, "setCapacity": 9}
    # a dotted file name does not end the clause, and what it moves "from" is not a mover
    ask = "Move the Queue class from the top of Parser.kt to the end of the file, after warn()."
    assert relative.stated_order(ask, names) == [("Queue", "below", "warn")]
    assert relative.stated_order("Move getLimit() up so it sits right after its setter.", names) == [
        ("getLimit", "below", "setLimit")
    ]
    ask = "remove() and setHead() are helpers: make them private and move them after setCapacity()."
    assert relative.stated_order(ask, names, rows) == [
        ("remove", "below", "setCapacity"),
        ("setHead", "below", "remove"),
    ]
    # "it" stands for the name its sentence opens with, or for nothing the parser can tell
    assert relative.stated_order("Warn less in Parser; move it below warn().", names) == []


def test_a_place_after_from_says_where_the_mover_stands_now():
    """ "from right after the Reaction class to the end (after h)": the move goes below h, and the
    definition it leaves is no destination."""
    names = {"f", "Reaction", "h"}
    ask = "Move f from right after the Reaction class to the end of the file (after h) and document it."
    assert relative.stated_order(ask, names) == [("f", "below", "h")]
    assert relative.stated_order("Move f from the top of the file to right after h.", names) == [("f", "below", "h")]
