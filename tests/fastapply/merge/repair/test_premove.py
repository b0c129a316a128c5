"""A move the instruction states, made on the original before the snippet is placed."""

from fastapply.apply.deterministic import checked_merge, prepare
from fastapply.apply.request import ApplyRequest
from fastapply.merge import flags
from fastapply.merge.repair import premove, relative

from .test_relative import GO

SAVE = "func save(name, content string) error {\n\treturn nil\n}\n"
# The moved function shown at its new place with its body elided, then an edit further down.
SNIPPET = (
    "func Write(m map[string]string, name string) error {\n\tcontent := Marshal(m)\n\treturn save(name, content)\n}\n\n"
    "func save(name, content string) error {\n\t// ... unchanged ...\n}\n\n// ... existing code ...\n\n"
    '\tfor k, v := range m {\n\t\tb.WriteString(k + "=" + v + "\\n")\n\t}\n// ... existing code ...\n'
)
ASK = "Move save up so it sits right after Write, and end each pair Marshal writes with a newline."


def test_the_snippet_is_placed_on_the_file_with_the_stated_move_made():
    # Read literally, save's header anchors at its old place: isInt and Marshal would go.
    request = ApplyRequest(GO, SNIPPET, ASK, path="env.go")
    merged, warnings = checked_merge(request, prepare(request))
    moved = GO.replace("\n" + SAVE, "").replace("// isInt", SAVE + "\n// isInt")
    assert merged == moved.replace('k + "=" + v)', 'k + "=" + v + "\\n")')
    assert not flags(warnings)
    assert [(w.code.value, w.severity) for w in warnings] == [("inferred_move", "note")]
    assert "moved save below Write" in warnings[0].message


def test_only_a_move_not_made_yet_is_made_first():
    assert premove.stated_move_first(GO, "Move isInt above Marshal.", "go") is None  # already right above it
    assert premove.stated_move_first(GO, "Move isInt below Marshal, and move save above Write.", "go") is None  # two
    moved = premove.stated_move_first(GO, "Move save right after Write.", "go")
    assert moved is not None and moved.move == ("save", "below", "Write")
    assert moved.text.index("func save(") < moved.text.index("// isInt")


def test_after_means_right_after_when_the_definition_already_stands_further_down():
    # save stands below Write already, with isInt and Marshal between: "move save after Write" is unmade.
    assert relative.unmade_moves(GO, "go", "Move save after Write.") == [("save", "below", "Write")]
    assert relative.unmade_moves(GO, "go", "Move Marshal after isInt.") == []
