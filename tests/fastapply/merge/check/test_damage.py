"""The checks for plausible-looking damage: each flags its failure and stays quiet on the right file."""

from fastapply.merge import validate
from fastapply.merge.check import damage

JS = """class Api {
  get(path) {
    return fetch(this.base + path);
  }

  post(path, body) {
    return fetch(this.base + path, {method: 'POST', body});
  }

  remove(path) {
    return fetch(this.base + path, {method: 'DELETE'});
  }
}
"""


def codes(original, snippet, merged, language="javascript", **kw):
    return {w.code for w in validate(original, snippet, merged, language, **kw)}


def test_context_inserted_next_to_itself_is_duplicated_lines():
    snippet = "  post(path, body) {\n    return fetch(this.base + path, {method: 'PUT', body});\n  }\n"
    right = JS.replace("'POST'", "'PUT'")
    line = "    return fetch(this.base + path, {method: 'PUT', body});\n"
    doubled = right.replace(line, line + line)
    assert "duplicated_lines" not in codes(JS, snippet, right)
    assert damage.duplicated_lines(JS.splitlines(), snippet.splitlines(), doubled.splitlines(), "javascript")


def test_old_body_left_after_a_whole_new_definition_is_orphaned():
    snippet = "  post(path, body) {\n    return this.send('POST', path, body);\n  }\n"
    right = JS.replace(
        "    return fetch(this.base + path, {method: 'POST', body});\n", "    return this.send('POST', path, body);\n"
    )
    orphaned = JS.replace(
        "    return fetch(this.base + path, {method: 'POST', body});\n",
        "    return this.send('POST', path, body);\n    return fetch(this.base + path, {method: 'POST', body});\n",
    )
    assert "orphaned_lines" not in codes(JS, snippet, right)
    assert "orphaned_lines" in codes(JS, snippet, orphaned)


def test_a_definition_dropped_without_a_word_is_vanished():
    snippet = "  get(path) {\n    return fetch(this.base + path, {cache: 'no-store'});\n  }\n"
    merged = JS.replace("fetch(this.base + path);", "fetch(this.base + path, {cache: 'no-store'});")
    gone = merged.replace("\n  remove(path) {\n    return fetch(this.base + path, {method: 'DELETE'});\n  }\n", "\n")
    assert "vanished_definition" not in codes(JS, snippet, merged)
    assert damage.vanished_definitions(JS, snippet.splitlines(), gone, "javascript") == ("remove",)
    # named by the instruction: an intended deletion
    assert damage.vanished_definitions(JS, snippet.splitlines(), gone, "javascript", "also remove remove()") == ()


def test_body_elided_by_a_marker_must_stay():
    original = "def load(path):\n    with open(path) as f:\n        return f.read()\n\n\ndef save():\n    pass\n"
    snippet = "def load(path):\n# ... existing code ...\n\n\ndef save():\n    return None\n"
    emptied = "def load(path):\n\n\ndef save():\n    return None\n"
    assert damage.vanished_bodies(original, snippet.splitlines(), emptied, "python")


def test_a_definition_a_marker_names_must_stay():
    snippet = "  get(path) {\n    return fetch(this.base + path);\n  }\n  // ... post and remove unchanged ...\n}\n"
    gone = JS.replace("\n  remove(path) {\n    return fetch(this.base + path, {method: 'DELETE'});\n  }\n", "\n")
    assert damage.vanished_definitions(JS, snippet.splitlines(), gone, "javascript") == ("remove",)
    assert damage.vanished_definitions(JS, snippet.splitlines(), JS, "javascript") == ()


def test_a_new_declaration_beside_the_unshown_old_one_is_redeclared():
    lua = "local _rawget\nif rawget then\n   _rawget = rawget\nend\n\nlocal function f() end\n"
    snippet = "-- ... existing code ...\nlocal _rawget = rawget\n\nlocal function f() end\n"
    doubled = lua.replace("end\n\nlocal function", "end\n\nlocal _rawget = rawget\n\nlocal function")
    replaced = "local _rawget = rawget\n\nlocal function f() end\n"
    assert damage.redeclared(lua.splitlines(), snippet.splitlines(), doubled.splitlines()) == ("_rawget",)
    assert damage.redeclared(lua.splitlines(), snippet.splitlines(), replaced.splitlines()) == ()
    # both shown by the snippet: the author keeps the old one on purpose
    both = "local _rawget\n" + snippet
    assert damage.redeclared(lua.splitlines(), both.splitlines(), doubled.splitlines()) == ()


def test_a_rewritten_local_beside_its_unshown_one_line_original_is_redeclared():
    kotlin = (
        "fun gen(c: Cmd) {\n    val opts = c.options\n    val subs = c.subs.map { it.name }\n    emit(opts, subs)\n}\n"
    )
    snippet = "fun gen(c: Cmd) {\n    val opts = c.options\n    val subs = c.subs\n        .filterNot { it.hidden }\n        .map { it.name }\n    // ... rest unchanged\n"
    both = kotlin.replace(
        "    emit", "    val subs = c.subs\n        .filterNot { it.hidden }\n        .map { it.name }\n    emit"
    )
    lines = (kotlin.splitlines(), snippet.splitlines(), both.splitlines())
    assert damage.redeclared(*lines, "kotlin") == ("subs",)
    # the same opener text in two functions is two blocks
    two = "fun run() {\n    val r = 1\n}\nfun run() {\n    val q = 2\n}\n"
    added = two.replace("val q = 2", "val q = 2\n    val r = 3")
    assert damage.redeclared(two.splitlines(), ["    val r = 3"], added.splitlines(), "kotlin") == ()
    # Rust lets a `let` shadow another in its block
    rust = "fn f() {\n    let x = read();\n    use_it(x);\n}\n"
    shadow = rust.replace("    use_it", "    let x = x.trim();\n    use_it")
    assert damage.redeclared(rust.splitlines(), ["    let x = x.trim();"], shadow.splitlines(), "rust") == ()


def test_a_definition_copied_whole_is_duplicated_but_the_same_method_in_two_classes_is_not():
    ruby = "class A\n  def encode(t)\n    t.to_s\n  end\n\n  def mask(t)\n    t\n  end\nend\n"
    snippet = "  def mask(t)\n    t\n  end\n\n  def encode(t)\n    t.to_s\n  end\n"
    copied = ruby.replace("    t\n  end\nend\n", "    t\n  end\n\n  def encode(t)\n    t.to_s\n  end\nend\n")
    assert damage.duplicated_definitions(ruby, snippet, copied, "ruby") == ("encode",)
    moved = "class A\n  def mask(t)\n    t\n  end\n\n  def encode(t)\n    t.to_s\n  end\nend\n"
    assert damage.duplicated_definitions(ruby, snippet, moved, "ruby") == ()
    two_classes = ruby + "\nclass B\n  def encode(t)\n    t.to_s\n  end\nend\n"
    assert damage.duplicated_definitions(ruby, "class B\n" + snippet + "end\n", two_classes, "ruby") == ()


def test_a_yaml_section_moved_with_its_old_copy_kept_is_duplicated():
    nav = "nav:\n  - Internals:\n      - Architecture: arch.md\n  - Examples:\n      - Files: files.md\n"
    plugins = "plugins:\n  redirects:\n    Internals:\n      old.md: arch.md\n"
    original = nav + plugins  # "Internals" opens two sections, one in each holder
    snippet = "  - Examples:\n      - Files: files.md\n  - Internals:\n      - Architecture: arch.md\n"
    kept = original.replace("      - Files: files.md\n", "      - Files: files.md\n" + snippet.split("\n", 2)[2], 1)
    assert damage.duplicated_definitions(original, snippet, kept, "yaml") == ("Internals",)
    moved = kept.replace("  - Internals:\n      - Architecture: arch.md\n", "", 1)
    assert damage.duplicated_definitions(original, snippet, moved, "yaml") == ()


def test_yaml_steps_made_alike_by_an_edit_are_no_duplicates():
    job = '  {}:\n    steps:\n      - name: Setup\n        with:\n          version: "{}"\n          cache: true\n'
    original = "jobs:\n" + job.format("a", "1.0") + job.format("b", "1.1")
    bumped = "jobs:\n" + job.format("a", "2.0") + job.format("b", "2.0")
    snippet = '        with:\n          version: "2.0"\n'
    assert damage.duplicated_definitions(original, snippet, bumped, "yaml") == ()


def test_a_section_separator_doubled_by_the_merge_is_a_duplicated_line():
    from fastapply.merge.check.damage import duplicated_lines

    rule = "/" * 66
    orig = ["function a() {", "}", "", rule, "// Styles", rule, "const x = 1"]
    snip = ["function b() {", "}", "", rule]
    out = ["function a() {", "}", "", "function b() {", "}", "", rule, "", rule, "// Styles", rule, "const x = 1"]
    assert duplicated_lines(orig, snip, out, "typescript") == (9,)
    assert duplicated_lines(orig, snip, orig, "typescript") == ()


def test_an_output_that_leaves_moved_code_where_it_was_is_flagged_as_shuffled():
    original = (
        "function findCaller(stack) {\n  return stack[0];\n}\n\nconst devtoolsImpl = (fn) => {\n  return fn;\n};\n\n"
        "const parseJsonThen = (text, fn) => {\n  fn(JSON.parse(text));\n};\n"
    )
    snippet = (
        "function findCaller(stack) {\n  // ... existing code ...\n}\n\nconst parseJsonThen = (text, fn) => {\n"
        "  fn(JSON.parse(text));\n};\n\nconst devtoolsImpl = (fn) => {\n  // ... existing code ...\n};\n"
    )
    moved = (
        "function findCaller(stack) {\n  return stack[0];\n}\n\nconst parseJsonThen = (text, fn) => {\n"
        "  fn(JSON.parse(text));\n};\n\nconst devtoolsImpl = (fn) => {\n  return fn;\n};\n"
    )
    instruction = "Move parseJsonThen above devtoolsImpl"
    assert "shuffled_snippet" in {
        w.code for w in validate(original, snippet, original, "javascript", instruction=instruction)
    }
    assert "shuffled_snippet" not in {
        w.code for w in validate(original, snippet, moved, "javascript", instruction=instruction)
    }


def test_a_definition_the_snippets_end_leaves_open_is_not_read_as_written_whole():
    original = "int f(int x)\n{\n    int y = x;\n    return y;\n}\n"
    snippet = "int f(int x)\n{\n    if (x < 0)\n        return -1;\n"  # a guard, then the snippet ends
    merged = "int f(int x)\n{\n    if (x < 0)\n        return -1;\n    int y = x;\n    return y;\n}\n"
    assert "orphaned_lines" not in codes(original, snippet, merged, "c")


def test_a_new_definition_written_over_another_of_another_name_is_vanished():
    # "add patch() after post()": a merge that lays the new method over the similar remove()
    snippet = (
        "  post(path, body) {\n    // ...\n  }\n\n"
        "  patch(path, body) {\n    return fetch(this.base + path, {method: 'PATCH', body});\n  }\n"
    )
    over = JS.replace(
        "  remove(path) {\n    return fetch(this.base + path, {method: 'DELETE'});",
        "  patch(path, body) {\n    return fetch(this.base + path, {method: 'PATCH', body});",
    )
    beside = JS.replace(
        "\n  remove(path) {",
        "\n  patch(path, body) {\n    return fetch(this.base + path, {method: 'PATCH', body});\n  }\n\n  remove(path) {",
    )
    spans = [(5, 12)]  # the chunk spans post() through the end of remove()
    assert damage.vanished_definitions(
        JS, snippet.splitlines(), over, "javascript", "Add patch after post.", spans
    ) == ("remove",)
    assert (
        damage.vanished_definitions(JS, snippet.splitlines(), beside, "javascript", "Add patch after post.", spans)
        == ()
    )
    # a chunk spanning a definition it leaves out, writing nothing new: the deletion it shows
    dropped = JS.replace("\n  remove(path) {\n    return fetch(this.base + path, {method: 'DELETE'});\n  }\n", "\n")
    assert damage.vanished_definitions(JS, snippet.splitlines(), dropped, "javascript", "", spans) == ()


def test_a_one_line_body_is_judged_against_its_own_class_not_a_namesake():
    # Two classes each have an __init__: the short one kept its one-line body, whatever the other's length.
    original = (
        "class Key:\n    def __init__(self, obj):\n        self.obj = obj\n\n\n"
        "class Printer:\n    def __init__(self, width):\n        self.width = width\n        self.depth = 0\n"
    )
    snippet = "class Key:\n    def __init__(self, obj):\n        # ... existing code ...\n\n    def ping(self):\n        return True\n"
    merged = original.replace("self.obj = obj\n", "self.obj = obj\n\n    def ping(self):\n        return True\n")
    assert damage.vanished_bodies(original, snippet.splitlines(), merged, "python") == ()
    emptied = original.replace("        self.width = width\n        self.depth = 0\n", "")
    printer = "class Printer:\n    def __init__(self, width):\n        # ...\n"
    assert damage.vanished_bodies(original, printer.splitlines(), emptied, "python") == (7,)


CPP_SET = """int RE2::Set::Size() const {
  return size_;
}

int RE2::Set::Add(const StringPiece& pattern) {
  elem_.push_back(pattern);
  return size_++;
}

bool RE2::Set::Compile() {
  compiled_ = true;
  return true;
}
"""


def test_a_qualified_definition_the_instruction_names_by_its_last_part_may_go():
    snippet = "// ...\nint RE2::Set::Size() const {\n// ...\nbool RE2::Set::Compile() {\n// ...\n"
    gone = CPP_SET.replace(CPP_SET[CPP_SET.index("int RE2::Set::Add") : CPP_SET.index("bool RE2")], "")
    lines = snippet.splitlines()
    assert damage.vanished_definitions(CPP_SET, lines, gone, "cpp", "Remove the `Add` function.") == ()
    assert damage.vanished_definitions(CPP_SET, lines, gone, "cpp", "Make Size inline.") == ("RE2::Set::Add",)


RB_DEF = """module FactoryBot
  class Definition
    attr_accessor :klass

    def initialize(name, base_traits = [], **opts)
      @name = name
      @uri_manager = opts[:uri_manager]
      @declarations = DeclarationList.new(name)
      @callbacks = []
      @compiled = false
    end
  end
end
"""


def test_a_ruby_method_shown_without_its_end_is_not_written_out_whole():
    """A diff's hunk shows the method's first lines: no "end", so the rest of its body is not
    left over from an old version."""
    snippet = [
        "    attr_accessor :klass",
        "",
        "    def initialize(name, base_traits = [], **opts)",
        '      logger.debug("initialize")',
        "      @name = name",
        "      @uri_manager = opts[:uri_manager]",
        "      @declarations = DeclarationList.new(name)",
    ]
    merged = RB_DEF.replace("      @name = name\n", '      logger.debug("initialize")\n      @name = name\n')
    assert damage.orphaned_lines(snippet, merged, "ruby") == ()


JAVA_OWNER = """class OwnerController {

	@ModelAttribute("owner")
	public Owner findOwner(Integer ownerId) {
		return ownerId == null ? new Owner() : this.owners.findById(ownerId);
	}
}
"""


def test_an_annotation_above_a_method_the_snippet_writes_from_its_header_is_not_orphaned():
    snippet = [
        "\tpublic Owner findOwner(Integer ownerId) {",
        "\t\treturn ownerId == null ? new Owner() : this.owners.findById(ownerId); // reviewed",
        "\t}",
    ]
    merged = JAVA_OWNER.replace("findById(ownerId);", "findById(ownerId); // reviewed")
    assert damage.orphaned_lines(snippet, merged, "java") == ()


def test_a_new_function_s_end_next_to_the_code_below_shows_no_deletion_of_the_one_it_replaced():
    # "add M.get_height()": a merge that writes it over the similar M.get_width() above `return M`;
    # the snippet's `end` / `return M` are next to each other, but that `end` closes the new function
    original = (
        "local M = {}\n\nfunction M.setup(opts)\n  M.opts = opts or {}\n  M.ready = true\nend\n\n"
        "function M.get_width()\n  return M.opts.width\nend\n\nreturn M\n"
    )
    snippet = "-- ... existing code ...\n\nfunction M.get_height()\n  return M.opts.height\nend\n\nreturn M\n"
    over = original.replace("get_width()\n  return M.opts.width", "get_height()\n  return M.opts.height")
    assert damage.vanished_definitions(
        original, snippet.splitlines(), over, "lua", "Add M.get_height().", [(7, 12)]
    ) == ("M.get_width",)
    # the deletion shown: the code the `end` above it closes, then the code below
    shown = "-- ... existing code ...\n  M.ready = true\nend\n\nreturn M\n"
    dropped = original.replace("function M.get_width()\n  return M.opts.width\nend\n\n", "")
    assert damage.vanished_definitions(original, shown.splitlines(), dropped, "lua", "", [(5, 12)]) == ()


def test_a_sibling_after_a_two_line_scala_def_is_not_its_orphaned_body():
    # the grammar runs "def nonStrict: Formats =" on to the next def's line: the next def is its own
    merged = (
        "trait Formats {\n  def strict: Formats = copy(wStrict = true)\n\n  def nonStrict: Formats =\n"
        "    copy(wStrict = false)\n\n  def withNulls(s: Strategy): Formats = copy(wNulls = s)\n}\n"
    )
    snippet = [
        "  def strict: Formats = copy(wStrict = true)",
        "",
        "  def nonStrict: Formats =",
        "    copy(wStrict = false)",
        "",
    ]
    assert damage.orphaned_lines(snippet, merged, "scala") == ()


SCALA = """object Attempt:

  /** Creates an unsuccessful attempt. */
  def failure[A](err: Err): Attempt[A] = Failure(err)

  /** Creates a successful attempt if the condition holds. */
  def guard(condition: => Boolean, err: => Err): Attempt[Unit] =
    if condition then successful(()) else failure(err)

  /** Creates an attempt from a try. */
  def fromTry[A](t: Try[A]): Attempt[A] = ???
"""


def test_the_next_definition_s_doc_comment_is_not_part_of_an_indented_body_written_whole():
    """Scala 3's grammar runs an indented body on over the doc comment below it: that comment is
    the next definition's, not a line the snippet's version of this one lacks."""
    snippet = (
        "  /** Creates a successful attempt if the condition holds. */\n"
        "  def guard(condition: => Boolean, err: => Err): Attempt[Unit] =\n"
        "    if condition then unit else failure(err)\n"
    )
    right = SCALA.replace("then successful(())", "then unit")
    assert damage.orphaned_lines(snippet.splitlines(), right, "scala") == ()
    left_behind = right.replace("then unit else failure(err)\n", "then unit else failure(err)\n    failure(err)\n")
    assert damage.orphaned_lines(snippet.splitlines(), left_behind, "scala") != ()
