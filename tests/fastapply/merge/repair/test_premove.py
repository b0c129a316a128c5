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
    both = premove.stated_move_first(GO, "Move isInt below Marshal, and move save above Write.", "go")
    assert both is not None and both.moves == (("isInt", "below", "Marshal"), ("save", "above", "Write"))
    assert [line[5:9] for line in both.text.splitlines() if line.startswith("func")] == ["save", "Writ", "Mars", "isIn"]
    moved = premove.stated_move_first(GO, "Move save right after Write.", "go")
    assert moved is not None and moved.moves == (("save", "below", "Write"),)
    assert moved.text.index("func save(") < moved.text.index("// isInt")


def test_after_means_right_after_when_the_definition_already_stands_further_down():
    # save stands below Write already, with isInt and Marshal between: "move save after Write" is unmade.
    assert relative.unmade_moves(GO, "go", "Move save after Write.") == [("save", "below", "Write")]
    assert relative.unmade_moves(GO, "go", "Move Marshal after isInt.") == []


def test_a_list_of_names_moves_in_the_order_listed_when_the_file_has_them_so():
    ask = "Move isInt and Marshal above Write."
    assert relative.stated_order(ask, {"isInt", "Marshal", "Write"}, {"Write": 4, "isInt": 10, "Marshal": 16}) == [
        ("Marshal", "above", "Write"),
        ("isInt", "above", "Marshal"),
    ]
    moved = premove.stated_move_first(GO, ask, "go")
    assert moved is not None
    assert [line[5:9] for line in moved.text.splitlines() if line.startswith("func")] == [
        "isIn",
        "Mars",
        "Writ",
        "save",
    ]
    # listed against the file's order: which order is meant is unclear
    assert premove.stated_move_first(GO, "Move Marshal and isInt above Write.", "go") is None


def test_a_name_defined_twice_is_the_one_beside_the_other():
    python = (
        "class A:\n    def __init__(self):\n        self.a = 1\n\n    def run(self):\n        pass\n\n"
        "    @property\n    def ready(self):\n        return True\n\n\n"
        "class B:\n    def __init__(self):\n        self.b = 2\n"
    )
    moved = premove.stated_move_first(python, "Move the ready property up so it sits right after __init__.", "python")
    assert moved is not None and moved.moves == (("ready", "below", "__init__"),)
    assert moved.text.index("def ready") < moved.text.index("def run") < moved.text.index("class B")


RUBY = """class Response
  def body
    @body
  end

  private

  # Follow a redirection
  #
  # @param args [Hash] the request's arguments
  #
  def follow(args)
    run(args)
  end

  def check_max
    raise TooMany if left <= 0
  end
end
"""


def test_a_comment_block_with_bare_hash_lines_stays_with_its_definition_and_no_gap_is_left():
    moved = premove.stated_move_first(RUBY, "Move check_max above follow so the small helpers come first.", "ruby")
    assert moved is not None
    assert moved.text == RUBY.replace(
        "  # Follow a redirection", "  def check_max\n    raise TooMany if left <= 0\n  end\n\n  # Follow a redirection"
    ).replace(
        "    run(args)\n  end\n\n  def check_max\n    raise TooMany if left <= 0\n  end\n", "    run(args)\n  end\n"
    )


def test_a_yaml_section_moves_as_stated():
    # The key opens one section in the file: a definition, so "move X after Y" is read on it.
    nav = "nav:\n  - Internals:\n      - Architecture: arch.md\n  - Examples:\n      - Files: files.md\n  - Blog: blog.md\n"
    snippet = (
        "  - Examples:\n      - Files: files.md\n  - Internals:\n      - Architecture: arch.md\n  - Blog: blog.md\n"
    )
    request = ApplyRequest(nav, snippet, "Move the Internals section after Examples.", path="mkdocs.yml")
    merged, warnings = checked_merge(request, prepare(request))
    assert merged == "nav:\n" + snippet
    assert [(w.code.value, w.severity) for w in warnings] == [("inferred_move", "note")]


JAVA = """public class Config {
    String get(String name) {
        return props.getProperty(name);
    }

    static int toLevel(String s) {
        if ("debug".equalsIgnoreCase(s)) {
            return 10;
        }
        return 20;
    }

    private static Output choose(String file) {
        return new Output(file);
    }
}
"""


def test_a_moved_method_shown_by_its_header_with_a_modifier_added_keeps_its_body():
    # "to the end of the class (after choose)": the place named more closely in brackets
    snippet = (
        "    String get(String name) {\n        // ... unchanged ...\n    }\n\n"
        "    private static Output choose(String file) {\n        // ... unchanged ...\n    }\n\n"
        "    /** Converts a level name. */\n    public static int toLevel(String s) {\n        // ... body unchanged ...\n    }\n\n}\n"
    )
    instruction = "Move toLevel to the end of the class (after choose), make it public, and give it a javadoc."
    assert relative.stated_moves(JAVA, "java", instruction) == [("toLevel", "below", "choose")]
    request = ApplyRequest(JAVA, snippet, instruction, path="Config.java")
    prepared = prepare(request)
    merged, _ = checked_merge(request, prepared)
    body = JAVA[JAVA.index("    static int toLevel") : JAVA.index("    private static Output")]
    moved = JAVA.replace(body, "").replace(
        "    }\n}\n",
        "    }\n\n    /** Converts a level name. */\n"
        + body.replace("    static", "    public static").rstrip("\n")
        + "\n\n}\n",
    )
    assert prepared.candidate.confident and merged == moved
