"""Merge cases per language, hand-written."""

import pytest

from fastapply.apply.deterministic import checked_merge, prepare
from fastapply.apply.request import ApplyRequest
from fastapply.merge import detect_language, flags, lazy_merge
from fastapply.merge.text.syntax import definitions

PY = """import os


def load(path):
    with open(path) as f:
        return f.read()


def save(path, data):
    with open(path, "w") as f:
        f.write(data)


def main():
    data = load("in.txt")
    save("out.txt", data)
"""


def test_python_function_replaced_between_markers():
    snippet = """# ... existing code ...

def save(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(data)

# ... existing code ...
"""
    result = lazy_merge(PY, snippet, "python")
    assert result.confident, result.reason
    assert result.merged == PY.replace(
        "def save(path, data):\n", "def save(path, data):\n    os.makedirs(os.path.dirname(path), exist_ok=True)\n"
    )
    assert result.spans == [(8, 11)]


def test_python_import_edit_at_top_without_leading_marker():
    snippet = "import os\nimport sys\n\n# ... rest of the file unchanged\n"
    result = lazy_merge(PY, snippet, "python")
    assert result.confident, result.reason
    assert result.merged == "import os\nimport sys\n" + PY[len("import os\n") :]


def test_markerless_definition_replaces_its_namesake():
    snippet = 'def load(path):\n    with open(path, encoding="utf-8") as f:\n        return f.read()\n'
    result = lazy_merge(PY, snippet, "python")
    assert result.confident, result.reason
    assert 'open(path, encoding="utf-8")' in result.merged
    assert result.merged.count("def load") == 1 and "def main" in result.merged


JS = """class Calculator {
  constructor() {
    this.result = 0;
  }

  add(n) {
    this.result += n;
    return this;
  }

  getResult() {
    return this.result;
  }
}
"""


def test_javascript_method_at_column_zero_is_reindented():
    snippet = (
        "// ... existing code ...\nadd(n) {\n  this.result += n * 1;\n  return this;\n}\n// ... existing code ...\n"
    )
    result = lazy_merge(JS, snippet, "javascript")
    assert result.confident, result.reason
    assert result.merged == JS.replace("this.result += n;", "this.result += n * 1;")


def test_javascript_new_method_before_closing_brace():
    snippet = "class Calculator {\n  // ... existing code ...\n\n  reset() {\n    this.result = 1;\n  }\n}\n"
    result = lazy_merge(JS, snippet, "javascript")
    assert result.confident, result.reason
    assert result.merged.endswith("    return this.result;\n  }\n\n  reset() {\n    this.result = 1;\n  }\n}\n")
    assert "add(n)" in result.merged


TS = """interface User {
  id: number;
  name: string;
}

export function greet(user: User): string {
  return `Hello ${user.name}`;
}

export function farewell(user: User): string {
  return `Bye ${user.name}`;
}
"""


def test_typescript_interface_field_added():
    snippet = "interface User {\n  id: number;\n  name: string;\n  email?: string;\n}\n\n// ... existing code ...\n"
    result = lazy_merge(TS, snippet, "typescript")
    assert result.confident, result.reason
    assert result.merged == TS.replace("  name: string;\n", "  name: string;\n  email?: string;\n")


TSX = """import React from "react";

export function Card({ title }: { title: string }) {
  return (
    <div className="card">
      <h2>{title}</h2>
    </div>
  );
}
"""


def test_tsx_jsx_marker_inside_markup():
    snippet = """// ... existing code ...
    <div className="card">
      <h2>{title}</h2>
      <p>subtitle</p>
    </div>
// ... existing code ...
"""
    result = lazy_merge(TSX, snippet, path="Card.tsx")
    assert result.language == "tsx"
    assert result.confident, result.reason
    assert "      <p>subtitle</p>\n    </div>\n  );" in result.merged


GO = """package main

import "fmt"

func hello(name string) string {
	return "hello " + name
}

func main() {
	fmt.Println(hello("world"))
}
"""


def test_go_signature_change_replaces_function():
    snippet = """// ... existing code ...

func hello(name string, loud bool) string {
	if loud {
		return "HELLO " + name
	}
	return "hello " + name
}

// ... existing code ...
"""
    result = lazy_merge(GO, snippet, "go")
    assert result.confident, result.reason
    assert result.merged.count("func hello") == 1
    assert "func hello(name string, loud bool) string {" in result.merged
    assert result.merged.endswith('func main() {\n\tfmt.Println(hello("world"))\n}\n')


RUST = """use std::fmt;

struct Point {
    x: i32,
    y: i32,
}

impl Point {
    fn new(x: i32, y: i32) -> Self {
        Point { x, y }
    }

    fn norm(&self) -> f64 {
        ((self.x * self.x + self.y * self.y) as f64).sqrt()
    }
}
"""


def test_rust_method_body_shortened():
    snippet = """// ... existing code ...
    fn norm(&self) -> f64 {
        f64::from(self.x).hypot(f64::from(self.y))
    }
}
"""
    result = lazy_merge(RUST, snippet, "rust")
    assert result.confident, result.reason
    assert "hypot" in result.merged and "sqrt" not in result.merged
    assert result.merged.endswith("    }\n}\n") and "fn new" in result.merged


JAVA = """package demo;

public class Counter {
    private int count;

    public void increment() {
        count++;
    }

    public int get() {
        return count;
    }
}
"""


def test_java_method_added_after_anchor():
    snippet = """// ... existing code ...
    public void increment() {
        count++;
    }

    public void reset() {
        count = 0;
    }
// ... existing code ...
"""
    result = lazy_merge(JAVA, snippet, "java")
    assert result.confident, result.reason
    assert "    public void reset() {\n        count = 0;\n    }\n\n    public int get()" in result.merged


C_SRC = """#include <stdio.h>

static int square(int x) {
    return x * x;
}

int main(void) {
    printf("%d\\n", square(3));
    return 0;
}
"""


def test_c_function_replaced_without_markers():
    snippet = "static int square(int x) {\n    int y = x * x;\n    return y;\n}\n"
    result = lazy_merge(C_SRC, snippet, "c")
    assert result.confident, result.reason
    assert result.merged == C_SRC.replace("    return x * x;\n", "    int y = x * x;\n    return y;\n")


CPP = """#include <vector>

namespace util {

int sum(const std::vector<int>& v) {
    int total = 0;
    for (int x : v) total += x;
    return total;
}

}  // namespace util
"""


def test_cpp_edit_inside_namespace_and_crlf_preserved():
    original = CPP.replace("\n", "\r\n")
    snippet = "// ... existing code ...\nint sum(const std::vector<int>& v) {\n    long total = 0;\n    for (int x : v) total += x;\n    return total;\n}\n// ... existing code ...\n"
    result = lazy_merge(original, snippet, "cpp")
    assert result.confident, result.reason
    assert result.merged == original.replace("int total = 0;", "long total = 0;")


def test_whole_file_rewrite_without_markers():
    snippet = JS.replace("this.result = 0;", "this.result = 1;")
    result = lazy_merge(JS, snippet, "javascript")
    assert result.confident and result.merged == snippet


def test_unanchorable_chunk_is_not_confident():
    snippet = "// ... existing code ...\nfoo();\n// ... existing code ...\nbar();\n// ... existing code ...\n"
    result = lazy_merge(JS, snippet, "javascript")
    assert not result.confident
    assert "matches nothing" in result.reason


def test_no_trailing_newline_is_preserved():
    original = "a = 1\nb = 2"
    result = lazy_merge(original, "a = 1\nb = 3", "python")
    assert result.merged == "a = 1\nb = 3"


def test_detect_language_from_hint_path_and_text():
    assert detect_language(hint="py") == "python"
    assert detect_language(path="x/y.rs") == "rust"
    assert detect_language(text="package main\n\nfunc main() {\n}\n") == "go"
    assert detect_language(text="public class A {\n    public void run() {}\n}\n") == "java"
    assert detect_language() is None


def test_new_code_sharing_a_line_with_old_code_is_never_confidently_wrong():
    # "this.result = 0;" also occurs in the constructor: anchoring there would eat the class.
    snippet = "class Calculator {\n  // ... existing code ...\n\n  reset() {\n    this.result = 0;\n  }\n}\n"
    result = lazy_merge(JS, snippet, "javascript")
    assert not result.confident or ("add(n)" in result.merged and "reset()" in result.merged)


VISITOR = """public class Visitor {
  public void visitList(Item item, Object obj) {
    if (!isMissing(item, obj)) {
      if (item.type == null) {
        throw new IllegalStateException("list items need a declared element type");
      }
      Object list = valueOf(item, obj);
      attach(item, list);
    }
  }

  public void visitEnum(Object obj) {
    Handler handler = handlers.lookup(obj.getClass());
    if (handler == null) {
      handler = handlers.fallbackHandler();
    }
    emit(handler.render(obj));
  }

  public void visitObject(Item item, Object obj) {
    if (isMissing(item, obj)) {
      if (writeMissingValues) {
        attachPlaceholder(item, new Placeholder());
      }
    } else {
      attach(item, valueOf(item, obj));
    }
  }
}
"""


def test_new_code_copied_from_a_later_method_is_not_confidently_swallowing_code():
    # The new null branch of visitList reads exactly like visitObject's: a monotonic alignment
    # pairs it there, leaves visitList's real context unmatched and would delete visitEnum.
    snippet = """// ... existing code ...
  public void visitList(Item item, Object obj) {
    if (isMissing(item, obj)) {
      if (writeMissingValues) {
        attachPlaceholder(item, new Placeholder());
      }
    } else {
      if (item.type == null) {
        throw new IllegalStateException("list items need a declared element type");
      }
      // ... existing code ...
"""
    result = lazy_merge(VISITOR, snippet, "java")
    assert not result.confident
    assert "out of order" in result.reason


def test_a_line_moved_inside_the_chunk_stays_confident():
    snippet = """// ... existing code ...
  public void visitEnum(Object obj) {
    emit(handlers.lookup(obj.getClass()).render(obj));
    Handler handler = handlers.lookup(obj.getClass());
  }
// ... existing code ...
"""
    result = lazy_merge(VISITOR, snippet, "java")
    assert result.confident, result.reason
    assert "fallbackHandler" not in result.merged and "visitObject" in result.merged


GO_READY = """package main

import "fmt"

func load() {
	err := open()
	if err != nil {
		er(err)
	}
	fmt.Println("loaded the configuration file")
}

func run() {
	err := start()
	if err != nil {
		er(err)
	}

	fmt.Println("Yor application is ready at")
	fmt.Println(ProjectPath())
	fmt.Println("Give it a try by running it")
}
"""


def test_short_leading_context_anchors_next_to_the_edit_not_at_its_first_occurrence():
    # "er(err)" / "}" first occur in load(); the context belongs right above the edited line.
    snippet = (
        '// ... existing code ...\n\t\ter(err)\n\t}\n\n\tfmt.Println("Your application is ready at")\n'
        "\tfmt.Println(ProjectPath())\n// ... existing code ...\n"
    )
    result = lazy_merge(GO_READY, snippet, "go")
    assert result.confident, result.reason
    assert result.merged == GO_READY.replace("Yor application", "Your application")


JAVA_NESTED = """public class Adapters {
  private static class CalendarAdapter
      implements Serializer<Calendar> {

    public Calendar read(Element json) {
      return build(json);
    }
  }

  private static class EnumAdapter {
    public String name() {
      return "enum";
    }
  }
}
"""


def test_a_new_methods_closing_brace_does_not_pair_with_the_enclosing_class_brace():
    # The snippet's last "    }" closes the new method; the original's next "  }" closes the
    # class. Same text once whitespace is collapsed: only the indentation tells them apart.
    snippet = """// ... existing code ...
    public Calendar read(Element json) {
      return build(json);
    }

    @Override
    public String toString() {
      return "calendar";
    }
// ... existing code ...
"""
    result = lazy_merge(JAVA_NESTED, snippet, "java")
    expected = JAVA_NESTED.replace(
        """      return build(json);
    }
  }""",
        """      return build(json);
    }

    @Override
    public String toString() {
      return "calendar";
    }
  }""",
    )
    assert result.merged == expected
    assert result.confident, result.reason


def test_closing_braces_after_new_code_pair_by_indentation():
    # The chunk ends with three braces (new if, finally, method) where the original has two:
    # the last two are the original's, the first is new.
    original = (
        "class Cache {\n  Object get(String key) {\n    try {\n      return compute(key);\n"
        "    } finally {\n      pending.remove(key);\n    }\n  }\n}\n"
    )
    snippet = (
        "// ... existing code ...\n    } finally {\n      pending.remove(key);\n\n"
        "      if (cleanupNeeded) {\n        pending.clear();\n      }\n    }\n  }\n"
        "// ... existing code ...\n"
    )
    result = lazy_merge(original, snippet, "java")
    assert result.confident, result.reason
    assert result.merged == original.replace(
        "      pending.remove(key);\n",
        "      pending.remove(key);\n\n      if (cleanupNeeded) {\n        pending.clear();\n      }\n",
    )


PARSER_TEST = """public class ParserTest {
  public void testEscapes() {
    String actual = parse(json);
    assertEquals(expected, actual);
  }

  public void testQuotes() {
    String actual = parse(json);
    assertEquals(value, actual);
  }

  public void testSlashes() {
    String actual = parse(text);
    assertEquals(value, actual);
  }
}
"""


def test_a_run_of_common_lines_that_occurs_once_anchors_confidently():
    # Each context line occurs twice in the file, but the pair of them only once (testQuotes).
    snippet = (
        "// ... existing code ...\n    String actual = parse(json);\n    assertEquals(value, actual);\n"
        '  }\n\n  public void testEquals() {\n    assertEquals(1, count("="));\n  }\n'
        "// ... existing code ...\n"
    )
    result = lazy_merge(PARSER_TEST, snippet, "java")
    assert result.confident, result.reason
    assert result.merged == PARSER_TEST.replace(
        "    assertEquals(value, actual);\n  }\n\n  public void testSlashes",
        "    assertEquals(value, actual);\n  }\n\n  public void testEquals() {\n"
        '    assertEquals(1, count("="));\n  }\n\n  public void testSlashes',
    )


def test_file_cut_mid_class_with_an_edited_constructor():
    # A window that starts inside a Java class: the constructor parses as a method whose name node is
    # MISSING (empty). It used to crash the renamed-header pairing (IndexError on the empty name).
    original = (
        "    public Range(int lo, int hi) {\n        super(lo, hi);\n    }\n\n"
        "    public int size() {\n        return 1;\n    }\n"
    )
    snippet = "    public Range(int lo, int hi, int step) {\n        super(lo, hi);\n    }\n// ... existing code ...\n"
    result = lazy_merge(original, snippet, "java")
    assert result.merged == original.replace("int hi)", "int hi, int step)")
    assert [d.name for d in definitions(original, "java")] == ["size"]  # no nameless definition


def test_a_new_line_in_a_list_of_like_lines_is_added_not_an_edit_of_its_neighbour():
    original = "".join(f'<link rel="stylesheet" href="theme/{n}.css">\n' for n in ("solarized", "tomorrow", "ttcn"))
    snippet = (
        '<link rel="stylesheet" href="theme/tomorrow.css">\n<link rel="stylesheet" href="theme/tokyo.css">\n'
        "<!-- ... -->\n"
    )
    result = lazy_merge(original, snippet, "html")
    assert result.merged == original.replace(
        'tomorrow.css">\n', 'tomorrow.css">\n<link rel="stylesheet" href="theme/tokyo.css">\n'
    )


def test_a_chunk_shown_after_a_later_one_goes_where_it_anchors():
    original = (
        "import os\nimport sys\n\n\ndef load(path):\n    text = open(path).read()\n    return text\n\n\n"
        "def save(path, text):\n    open(path, 'w').write(text)\n"
    )
    snippet = (
        "def save(path, text):\n    with open(path, 'w') as fh:\n        fh.write(text)\n\n\n"
        "# ... and at the top of the module, with the other imports:\nimport os\nimport shutil\nimport sys\n"
    )
    result = lazy_merge(original, snippet, "python")
    assert result.confident, result.reason
    assert result.merged == original.replace("import sys\n", "import shutil\nimport sys\n").replace(
        "    open(path, 'w').write(text)\n", "    with open(path, 'w') as fh:\n        fh.write(text)\n"
    )


def test_the_closing_brace_after_a_chunk_shown_out_of_order_closes_that_chunk():
    original = (
        "package flags\n\nfunc Together(names ...string) {\n\tmerge()\n\tmark(names)\n}\n\n"
        "func Exclusive(names ...string) {\n\tmerge()\n\tmark(names)\n}\n"
    )
    guard = '\tif len(names) < 2 {\n\t\tpanic("two names")\n\t}\n'
    snippet = (
        "func Exclusive(names ...string) {\n" + guard + "\tmerge()\n\t// ... existing code ...\n}\n\n"
        "// ...\n\nfunc Together(names ...string) {\n" + guard + "\tmerge()\n\t// ... existing code ...\n}\n"
    )
    result = lazy_merge(original, snippet, "go")
    assert result.confident, result.reason
    assert result.merged == original.replace("{\n\tmerge()", "{\n" + guard + "\tmerge()")


def test_chunks_after_one_shown_out_of_order_are_searched_below_it():
    original = (
        'function render(name) {\n  var view = lookup(name);\n  if (!view) {\n    var dirs = ROOTS.join(", ");\n'
        "    var err = new Error(name + dirs);\n    return fail(err);\n  }\n  return view.render(name);\n}\n\n"
        "function tryRender(view) {\n  return view.render();\n}\n"
    )
    helper = 'function lookupError(name) {\n  return new Error(name + " in " + ROOTS);\n}\n'
    snippet = (
        "function tryRender(view) {\n  // ... existing code ...\n}\n\n" + helper + "\n// ... and in render:\n"
        "function render(name) {\n  // ... existing code ...\n  if (!view) {\n    return fail(lookupError(name));\n"
        "  }\n  return view.render(name);\n}\n"
    )
    result = lazy_merge(original, snippet, "javascript")
    assert result.confident, result.reason
    assert (
        result.merged
        == original.replace(
            '    var dirs = ROOTS.join(", ");\n    var err = new Error(name + dirs);\n    return fail(err);\n',
            "    return fail(lookupError(name));\n",
        )
        + "\n"
        + helper
    )


@pytest.mark.parametrize("comment", ["", "  // a new comment\n  // on the new condition\n"])
def test_an_edited_condition_above_an_elided_body_replaces_the_old_condition(comment):
    original = (
        "function strip(output) {\n  output = output.trim();\n  // drop leftover placeholders\n"
        "  if (false !== output.indexOf('%')) {\n    output = output.replace(/%\\w+%/g, '');\n    log(output);\n"
        "  }\n  return output;\n}\n\nfunction tail(list) {\n  return list[list.length - 1];\n}\n"
    )
    snippet = (
        "// ... existing code ...\n  output = output.trim();\n  // drop leftover placeholders\n"
        + comment
        + "  if (output.includes('%', 0)) {\n    // ... existing code ...\n  }\n  return output;\n}\n"
        "// ... existing code ...\n"
    )
    result = lazy_merge(original, snippet, "javascript")
    assert result.confident, result.reason
    assert result.merged == original.replace(
        "  if (false !== output.indexOf('%'))", comment + "  if (output.includes('%', 0))"
    )


def test_a_new_list_entry_after_a_shown_one_is_inserted_not_an_edit_of_the_next():
    def entry(name, body):
        return f"  {{\n    title: '{name}',\n    action: () => {{\n      {body}\n    }},\n  }},\n"

    error = entry("Error", "toast.error('It failed.');")
    promise = "  {\n    title: 'Promise',\n    action: () => toast.promise(sleep(2000)),\n  },\n"
    original = "const examples = [\n" + entry("Success", "toast.success('Done.');") + error + promise + "];\n"
    new = entry("Loading", "toast.loading('Waiting...', { duration: 3000 });")
    snippet = (
        "const examples = [\n  // ... existing examples ...\n" + error + new + "  // ... rest of the examples ...\n];\n"
    )
    result = lazy_merge(original, snippet, "typescript")
    assert result.confident, result.reason
    assert result.merged == original.replace(promise, new + promise)


def test_a_marker_between_two_chunks_keeps_the_code_it_stands_for():
    original = (
        "class Params < Hash\n  def compact\n    dup.tap(&:compact!)\n  end\n\n  private\n\n"
        "  def convert_key(key)\n    key.is_a?(Symbol) ? key.to_s : key\n  end\n\n"
        "  def convert_value(value)\n    case value\n    when Hash\n      self.class[value]\n    else\n"
        "      value\n    end\n  end\nend\n"
    )
    new = (
        "  def symbolize_value(value)\n    case value\n    when Array\n      value.map { |item| symbolize_value(item) }\n"
        "    else\n      value\n    end\n  end\n"
    )
    snippet = (
        "class Params < Hash\n  # ... existing methods ...\n\n  private\n\n"
        + new
        + "\n  # ... existing private helpers ...\nend\n"
    )
    result = lazy_merge(original, snippet, "ruby")
    assert result.confident, result.reason
    assert result.merged == original.replace("  private\n\n", "  private\n\n" + new + "\n")


def test_a_new_doc_comment_and_function_go_above_the_next_doc_comment_not_into_it():
    xhr = (
        "defineGetter(req, 'xhr', function xhr(){\n  var val = this.get('X-Requested-With') || '';\n"
        "  return val.toLowerCase() === 'xmlhttprequest';\n});\n\n"
    )
    original = (
        xhr + "/**\n * Helper function for creating a getter.\n *\n * @param {Object} obj\n * @private\n */\n"
        "function defineGetter(obj, name, getter) {\n  Object.defineProperty(obj, name, { get: getter });\n}\n"
    )
    new = (
        "/**\n * Return the bearer token, if any.\n *\n * @public\n */\n\n"
        "defineGetter(req, 'bearerToken', function bearerToken(){\n"
        "  var match = /^Bearer\\s+(\\S+)$/i.exec(this.get('Authorization') || '');\n  return match ? match[1] : undefined;\n});\n"
    )
    snippet = "// ... existing code ...\n\n" + xhr + new + "\n// ... rest of file ...\n"
    result = lazy_merge(original, snippet, "javascript")
    assert result.confident, result.reason
    assert result.merged == original.replace(xhr, xhr + new + "\n")


def test_a_chunk_that_shows_a_branch_gone_before_the_functions_end_deletes_it():
    original = (
        "const parseDate = (value: string): number | undefined => {\n\tconst imf = imfPattern.exec(value);\n"
        "\tif (imf) {\n\t\tconst timestamp = fromImf(imf);\n\t\treturn timestamp;\n\t}\n\n"
        "\tconst asctime = asctimePattern.exec(value);\n\tif (asctime) {\n\t\treturn fromAsctime(asctime);\n\t}\n\n"
        "\treturn undefined;\n};\n\nexport const delay = (value?: string) => {\n\tif (!value) {\n"
        "\t\treturn undefined;\n\t}\n\treturn parseDate(value) ?? 0;\n};\n"
    )
    snippet = (
        "const parseDate = (value: string): number | undefined => {\n\t// ... existing code ...\n\n"
        "\t\treturn timestamp;\n\t}\n\n\treturn undefined;\n};\n\n// ... existing code ...\n"
    )
    result = lazy_merge(original, snippet, "typescript")
    assert result.confident, result.reason
    branch = (
        "\tconst asctime = asctimePattern.exec(value);\n\tif (asctime) {\n\t\treturn fromAsctime(asctime);\n\t}\n\n"
    )
    assert result.merged == original.replace(branch, "")


def test_a_new_prototype_method_after_an_elided_one_goes_after_its_end():
    original = (
        "Writer.prototype.getConfigEscape = function getConfigEscape (config) {\n"
        "  if (config && typeof config === 'object') {\n    return config.escape;\n  }\n  else {\n    return undefined;\n  }\n};\n\n"
        "var mustache = {\n  name: 'mustache.js',\n};\n"
    )
    new = (
        "Writer.prototype.getConfigStrict = function getConfigStrict (config) {\n"
        "  return Boolean(config && typeof config === 'object' && config.strict);\n};\n"
    )
    snippet = (
        "Writer.prototype.getConfigEscape = function getConfigEscape (config) {\n  // ... existing code ...\n};\n\n"
        + new
        + "\n// ... rest of file ...\n"
    )
    result = lazy_merge(original, snippet, "javascript")
    assert result.confident, result.reason
    assert result.merged == original.replace("};\n\nvar", "};\n\n" + new + "\nvar")


def test_new_entries_before_the_brace_of_a_table_the_previous_chunk_opened_go_at_its_end():
    original = (
        "local function linear(t) return t end\nlocal function inBounce(t) return t end\n\n"
        "tween.easing = {\n  linear    = linear,\n  inQuad    = inQuad,    outQuad    = outQuad,\n"
        "  inBounce  = inBounce,  outBounce  = outBounce\n}\n\nreturn tween\n"
    )
    snippet = (
        "tween.easing = {\n  linear    = linear,\n  -- ... existing entries ...\n"
        "  inBounce  = inBounce,  outBounce  = outBounce,\n  smoothstep = smoothstep\n}\n\n-- ... existing code ...\n"
    )
    result = lazy_merge(original, snippet, "lua")
    assert result.confident, result.reason
    assert result.merged == original.replace(
        "outBounce  = outBounce\n}", "outBounce  = outBounce,\n  smoothstep = smoothstep\n}"
    )


def test_a_closing_tag_after_a_marker_closes_the_elided_element():
    original = (
        '<form>\n\t<fieldset id="action">\n\t\t<p>\n\t\t\t<button>Go</button>\n\t\t</p>\n\t</fieldset>\n'
        '\t<p><a href="#top">[Top]</a></p>\n</form>\n'
    )
    new = (
        '\t<fieldset id="switch">\n\t\t<p>\n\t\t\t<input type="checkbox" role="switch"> On\n\t\t</p>\n\t</fieldset>\n'
        '\t<p><a href="#top">[Top]</a></p>\n'
    )
    snippet = (
        '\t<fieldset id="action">\n\t\t<!-- ... existing buttons ... -->\n\t</fieldset>\n\t<p><a href="#top">[Top]</a></p>\n'
        + new
        + "</form>\n"
    )
    result = lazy_merge(original, snippet, "html")
    assert result.confident, result.reason
    assert result.merged == original.replace("</form>", new + "</form>")


def test_a_new_doc_comment_ending_like_a_later_one_does_not_swallow_the_options_between():
    original = (
        "export interface PersistOptions<S> {\n  /** The storage key. */\n  name: string\n"
        "  /**\n   * The version of the stored state.\n   */\n  version?: number\n"
        "  /**\n   * A function to migrate the stored state.\n   */\n  migrate?: (state: unknown, version: number) => S\n"
        "  /**\n   * Skip hydration on creation.\n   *\n   * @default false\n   */\n  skipHydration?: boolean\n}\n"
    )
    new = (
        "  /**\n   * Remove the stored value when its version does not match.\n   *\n   * @default false\n   */\n"
        "  clearStorageOnVersionMismatch?: boolean\n"
    )
    snippet = (
        "export interface PersistOptions<S> {\n  // ... existing options ...\n  /**\n   * The version of the stored state.\n"
        "   */\n  version?: number\n" + new + "  // ... existing options ...\n}\n"
    )
    result = lazy_merge(original, snippet, "typescript")
    assert result.confident, result.reason
    assert result.merged == original.replace("  version?: number\n", "  version?: number\n" + new)


def test_a_partial_snippet_ending_in_complete_new_code_keeps_the_rest_of_the_file():
    def fn(name, body):
        return f"function {name}(x) {{\n  const y = x.{body};\n  return y;\n}}\n\n"

    original = (
        fn("first", "first()")
        + fn("second", "second()")
        + fn("third", "third()")
        + fn("fourth", "fourth()").rstrip("\n")
        + "\n"
    )
    new = "function added(x) {\n  return x.added();\n}\n"
    snippet = "// ... existing code ...\n" + fn("second", "second()") + new
    result = lazy_merge(original, snippet, "javascript")
    assert result.confident, result.reason
    assert result.merged == original.replace(fn("third", "third()"), new + "\n" + fn("third", "third()"))
    partial_rewrite = fn("first", "first()") + fn("second", "second()") + new  # no marker at all: maybe the whole file
    assert not lazy_merge(original, partial_rewrite, "javascript").confident


def test_a_rewritten_arrow_function_with_a_new_constant_above_replaces_the_old_definition():
    original = (
        "import type {Hooks} from './hooks.js';\nimport {isObject} from './is.js';\n\n"
        "export const validate = (value: unknown): boolean => isObject(value);\n\n"
        "export const isHooks = (value: unknown): value is Hooks => validate(value);\n\n"
        "export const mergeHooks = (original: Hooks = {}, incoming: Hooks = {}): Required<Hooks> => (\n"
        "\t{\n\t\tinit: newHookValue(original, incoming, 'init'),\n\t\tretry: newHookValue(original, incoming, 'retry'),\n\t}\n);\n\n"
        "export const deleted = Symbol('deleted');\n"
    )
    new = (
        "const hookNames = ['init', 'retry'] as const;\n\n"
        "export const mergeHooks = (original: Hooks = {}, incoming: Hooks = {}): Required<Hooks> => {\n"
        "\tconst merged: Partial<Hooks> = {};\n\tfor (const name of hookNames) {\n"
        "\t\tmerged[name] = newHookValue(original, incoming, name);\n\t}\n\treturn merged as Required<Hooks>;\n};\n"
    )
    result = lazy_merge(original, new, "typescript")
    assert result.confident, result.reason
    old_def = original[original.index("export const mergeHooks") : original.index("\n\nexport const deleted")] + "\n"
    assert result.merged == original.replace(old_def, new)


def test_new_code_resembling_earlier_code_is_not_placed_over_it():
    original = (
        "impl Source for Slice {\n    fn count(&self) -> usize {\n        self.len()\n    }\n}\n\n"
        "impl Source for Vec {\n    fn count(&self) -> usize {\n        self.len()\n    }\n}\n"
    )
    snippet = (
        "impl Source for Vec {\n    // ... existing methods ...\n}\n\n"
        "impl Source for Deque {\n    fn count(&self) -> usize {\n        self.len()\n    }\n}\n"
    )
    result = lazy_merge(original, snippet, "rust")
    assert result.merged.count("impl Source for Slice") == 1 and "impl Source for Deque" in result.merged
    assert result.merged.index("impl Source for Deque") > result.merged.index("impl Source for Vec")


def test_functions_assigned_to_a_name_are_definitions():
    js = (
        "Writer.prototype.render = function render (tokens) {\n  return tokens;\n};\n\n"
        "app.use = (fn) => {\n  stack.push(fn);\n};\n\ncount = 1;\nfoo(function () {});\n"
    )
    assert [(d.name, d.start, d.end) for d in definitions(js, "javascript")] == [
        ("Writer.prototype.render", 0, 2),
        ("app.use", 4, 6),
    ]


def test_definitions_are_found_deep_inside_nested_blocks():
    scala = (
        "object Ops {\n  def walk(root: Path) = {\n    if (ok) {\n      try {\n        while (more) {\n"
        "          Files.walkFileTree(root, new SimpleFileVisitor[Path] {\n"
        "            def visitFileFailed(file: Path, exc: IOException) =\n"
        "              CONTINUE\n          })\n        }\n      }\n    }\n  }\n}\n"
    )
    assert "visitFileFailed" in [d.name.split()[-1] for d in definitions(scala, "scala")]


def test_a_whole_ruby_method_replaces_the_old_one_up_to_its_end():
    original = (
        'class Shell\n  def say(message = "", color = nil)\n    return if quiet?\n\n'
        "    stdout.print(message)\n    stdout.flush\n  end\n\n  def quiet?\n    false\n  end\nend\n"
    )
    snippet = (
        '  # ... other methods ...\n  def say(message = "", color = nil)\n    write_message(stdout, message)\n'
        "  end\n\n  # ... existing code ...\n"
    )
    result = lazy_merge(original, snippet, "ruby")
    assert result.confident, result.reason
    assert result.merged == original.replace(
        "    return if quiet?\n\n    stdout.print(message)\n    stdout.flush\n", "    write_message(stdout, message)\n"
    )


def test_a_closing_brace_after_a_marker_ends_the_elided_method_before_new_code():
    original = (
        "class F\n{\n    public function setLength(int $n): self\n    {\n        $this->n = $n;\n\n"
        "        return $this;\n    }\n\n    public function format(): string\n    {\n        return '';\n    }\n}\n"
    )
    snippet = (
        "    public function setLength(int $n): self\n    {\n        // ...\n    }\n\n"
        "    public function setFormat(string $f): self\n    {\n        $this->f = $f;\n\n"
        "        return $this;\n    }\n\n    // ... rest of the class ...\n"
    )
    result = lazy_merge(original, snippet, "php")
    assert result.merged == original.replace(
        "    }\n\n    public function format()",
        "    }\n\n"
        "    public function setFormat(string $f): self\n    {\n"
        "        $this->f = $f;\n\n        return $this;\n    }\n\n"
        "    public function format()",
    )


def test_an_edited_line_under_a_common_line_at_a_chunks_edge_is_an_edit():
    original = (
        "def app_dir(name):\n    if WIN:\n        folder = os.environ.get(key)\n        if folder is None:\n"
        "            folder = HOME\n        return os.path.join(folder, name)\n    if darwin:\n"
        "        return os.path.join(\n            SUPPORT, name\n        )\n    return os.path.join(\n"
        '        os.environ.get("XDG", os.path.expanduser("~/.config")),\n        posixify(name),\n    )\n'
    )
    snippet = (
        "def app_dir(name):\n    if WIN:\n        folder = os.environ.get(key)\n        if not folder:\n"
        "            folder = HOME\n        return os.path.join(folder, name)\n    # ... existing code ...\n"
        '    return os.path.join(\n        os.environ.get("XDG") or os.path.expanduser("~/.config"),\n'
        "        posixify(name),\n    )\n"
    )
    result = lazy_merge(original, snippet, "python")
    assert result.confident, result.reason
    assert result.merged == original.replace("if folder is None", "if not folder").replace(
        'os.environ.get("XDG", os.path.expanduser("~/.config"))',
        'os.environ.get("XDG") or os.path.expanduser("~/.config")',
    )


def test_a_changed_map_entry_shown_alone_replaces_its_old_form():
    original = (
        "package requests\n\nobject BaseSession {\n  val defaultHeaders = Map(\n"
        '    "User-Agent" -> "requests-scala",\n    "Accept" -> "*/*",\n  )\n}\n'
    )
    snippet = '// ... existing code ...\n    "User-Agent" -> "requests-scala/0.9",\n// ... existing code ...\n'
    result = lazy_merge(original, snippet, "scala")
    assert result.confident, result.reason
    assert result.merged == original.replace('"requests-scala"', '"requests-scala/0.9"')


def test_a_changed_only_line_that_extends_its_old_form_replaces_it():
    original = (
        "fn get(key: Key) -> Option<Value> {\n    impl Visit for Get {\n        fn visit(&mut self, k: Key) {\n"
        "            if self.key == k {\n                self.found = Some(k);\n            }\n        }\n    }\n"
        "    None\n}\n"
    )
    snippet = (
        "fn get(key: Key) -> Option<Value> {\n    // ...\n\n    impl Visit for Get {\n"
        "        fn visit(&mut self, k: Key) {\n            if self.found.is_none() && self.key == k {\n"
        "    // ... rest unchanged\n"
    )
    result = lazy_merge(original, snippet, "rust")
    assert result.merged == original.replace("if self.key == k {", "if self.found.is_none() && self.key == k {")


CSS = """dialog {
  padding: 1rem;
}

dialog::backdrop {
  background-color: var(--bg);
  opacity: 0.8;
}

dialog h2 {
  margin-top: 0;
}
"""


def test_a_whole_css_rule_without_markers_replaces_the_rule_of_that_selector():
    snippet = "dialog::backdrop {\n  background-color: rgb(0 0 0 / 0.45);\n}\n"
    result = lazy_merge(CSS, snippet, "css")
    assert result.merged == CSS.replace(
        "  background-color: var(--bg);\n  opacity: 0.8;\n", "  background-color: rgb(0 0 0 / 0.45);\n"
    )


def test_a_css_selector_that_opens_two_rules_names_no_definition():
    from fastapply.merge.text.syntax import definitions

    text = CSS + "\n@media print {\n  dialog {\n    padding: 0;\n  }\n}\n"
    names = [d.name for d in definitions(text, "css")]
    assert "dialog::backdrop" in names and "dialog" not in names


GO_MAIN = """package main

func main() {
\tr := newRouter()

\tif *routes {
\t\tfmt.Println(docs(r))
\t\treturn
\t}

\thttp.ListenAndServe(":3333", r)
}

func other() {
\treturn
}
"""


def test_a_chunk_opening_with_the_elided_blocks_last_lines_goes_after_that_block():
    snippet = """func main() {
\t// ... existing setup ...

\tif *routes {
\t\t// ... unchanged ...
\t\treturn
\t}

\tsrv := &http.Server{Addr: *addr, Handler: r}
\tsrv.ListenAndServe()
}

// ... rest of file ...
"""
    result = lazy_merge(GO_MAIN, snippet, "go")
    assert result.confident, result.reason
    assert result.merged == GO_MAIN.replace(
        '\thttp.ListenAndServe(":3333", r)\n',
        "\tsrv := &http.Server{Addr: *addr, Handler: r}\n\tsrv.ListenAndServe()\n",
    )


SKIPLIST = """template <typename Key>
SkipList<Key>::SkipList(Arena* arena)
    : arena_(arena),
      max_height_(1),
      rnd_(0xdeadbeef) {
  for (int i = 0; i < kMaxHeight; i++) {
    head_->SetNext(i, nullptr);
  }
}

template <typename Key>
void SkipList<Key>::Insert(const Key& key) {
  Node* x = NewNode(key, height);
  for (int i = 0; i < height; i++) {
    x->NoBarrier_SetNext(i, prev[i]->NoBarrier_Next(i));
    prev[i]->SetNext(i, x);
  }
}
"""


def test_a_new_last_initializer_takes_the_terminator_of_the_edited_one_before_it():
    snippet = """template <typename Key>
SkipList<Key>::SkipList(Arena* arena)
    : arena_(arena),
      max_height_(1),
      rnd_(0xdeadbeef),
      size_(0) {
  // ...
}

// ...
"""
    result = lazy_merge(SKIPLIST, snippet, "cpp")
    assert result.confident, result.reason
    assert result.merged == SKIPLIST.replace(
        "      rnd_(0xdeadbeef) {\n", "      rnd_(0xdeadbeef),\n      size_(0) {\n"
    )


def test_closing_lines_that_open_a_chunk_before_the_blocks_end_are_context():
    snippet = """void SkipList<Key>::Insert(const Key& key) {
  // ... existing code ...
  for (int i = 0; i < height; i++) {
    // ...
  }
  size_.fetch_add(1);
}
"""
    result = lazy_merge(SKIPLIST, snippet, "cpp")
    assert result.confident, result.reason
    assert result.merged == SKIPLIST.replace(
        "    prev[i]->SetNext(i, x);\n  }\n}\n", "    prev[i]->SetNext(i, x);\n  }\n  size_.fetch_add(1);\n}\n"
    )


PY_HEADERS = """def get_allow_headers(options, request_headers):
    if request_headers:
        headers = [h.strip() for h in request_headers.split(",")]
        return ", ".join(sorted(headers))

    return None


def get_cors_headers(options):
    return {}
"""


def test_a_whole_definition_with_an_early_return_replaces_the_old_body_to_its_end():
    snippet = """def get_allow_headers(options, request_headers):
    if not request_headers:
        return None

    headers = {h.strip().lower(): h.strip() for h in request_headers.split(",") if h.strip()}
    return ", ".join(sorted(headers))
"""
    result = lazy_merge(PY_HEADERS, snippet, "python")
    assert result.confident, result.reason
    assert result.merged == snippet + PY_HEADERS[PY_HEADERS.index("\n\ndef get_cors_headers") :]


def test_new_code_closing_a_chunk_keeps_the_blank_line_before_the_marker():
    original = "class App {\n  onerror (err) {\n    // cross-globals\n    if (!err) return\n  }\n}\n"
    snippet = (
        "  onerror (err) {\n    if (err && err.code === 'ECONNRESET') return\n\n    // ... existing code ...\n  }\n"
    )
    result = lazy_merge(original, snippet, "javascript")
    assert result.confident
    assert result.merged == original.replace(
        "  onerror (err) {\n", "  onerror (err) {\n    if (err && err.code === 'ECONNRESET') return\n\n"
    )


def test_a_byte_order_mark_stays_when_the_snippet_rewrites_the_first_line_without_it():
    from fastapply.apply.deterministic import checked_merge, prepare
    from fastapply.apply.request import ApplyRequest
    from fastapply.merge import flags

    original = "\ufeffusing System;\nusing System.IO;\n\nclass A\n{\n   int F() { return 1; }\n}\n"
    snippet = "using System;\nusing System.IO;\nusing System.Text;\n\n// ... existing code ...\n"
    expected = original.replace("using System.IO;\n", "using System.IO;\nusing System.Text;\n")
    assert lazy_merge(original, snippet, "csharp").merged == expected
    request = ApplyRequest(original, snippet, "Import System.Text.", path="A.cs")
    merged, warnings = checked_merge(request, prepare(request))
    assert merged == expected and not flags(warnings)


def test_a_wrapped_call_chain_retyped_one_level_shallower_is_served_as_the_file_has_it():
    original = (
        "final class Changer {\n"
        "    func copy(from: String, to: String) throws {\n"
        "        let columns = try reader.columns(table: from)\n"
        "        let toDefinition = fromDefinition\n"
        "                .apply(.renameTable(to))\n"
        "                .apply(operation)\n"
        "\n"
        "        try create(toDefinition)\n"
        "    }\n"
        "}\n"
    )
    snippet = (
        "    func copy(from: String, to: String) throws {\n"
        "        let columns = try reader.columns(table: from)\n"
        "        guard !columns.isEmpty else { throw Error.notFound(from) }\n"
        "        let toDefinition = fromDefinition\n"
        "            .apply(.renameTable(to))\n"
        "            .apply(operation)\n"
        "\n"
        "        // ... rest unchanged\n"
        "    }\n"
    )
    expected = original.replace(
        "        let toDefinition",
        "        guard !columns.isEmpty else { throw Error.notFound(from) }\n        let toDefinition",
    )
    request = ApplyRequest(original, snippet, "Throw notFound when the table has no columns.", path="Changer.swift")
    prepared = prepare(request)
    merged, warnings = checked_merge(request, prepared)
    assert merged == expected
    assert prepared.candidate.confident and not flags(warnings)  # the second opinion agrees


def test_a_fragment_without_markers_that_opens_deep_in_the_file_adds_its_new_method_and_keeps_the_rest():
    original = (
        "final class Directory {\n"
        "  private int size;\n"
        "  private Entry[] table;\n"
        "\n"
        "  public Entry get(Name name) {\n"
        "    Entry entry = table[index(name)];\n"
        "    while (entry != null) {\n"
        "      if (entry.name.equals(name)) {\n"
        "        return entry;\n"
        "      }\n"
        "      entry = entry.next;\n"
        "    }\n"
        "    return null;\n"
        "  }\n"
        "\n"
        "  public int size() {\n"
        "    return size;\n"
        "  }\n"
        "\n"
        "  public boolean isEmpty() {\n"
        "    return size == 0;\n"
        "  }\n"
        "}\n"
    )
    snippet = (
        "      entry = entry.next;\n"
        "    }\n"
        "    return null;\n"
        "  }\n"
        "\n"
        "  /** Returns true if this directory holds an entry for the name. */\n"
        "  public boolean containsEntry(Name name) {\n"
        "    return get(name) != null;\n"
        "  }\n"
    )
    merged = lazy_merge(original, snippet, "java")
    assert merged.confident, merged.reason
    assert merged.merged == original.replace(
        "    return null;\n  }\n\n",
        "    return null;\n  }\n\n  /** Returns true if this directory holds an entry for the name. */\n"
        "  public boolean containsEntry(Name name) {\n    return get(name) != null;\n  }\n\n",
    )


def test_a_lua_fragment_that_ends_in_a_new_function_inserts_it_and_keeps_the_rest():
    original = "local Rule = {}\n\nfunction Rule.new(opts)\n    return setmetatable(opts, Rule)\nend\n\n"
    original += "function Rule:with_del(cond)\n    table.insert(self.del_cond, cond)\n    return self\nend\n\n"
    original += "function Rule:use_undo(value)\n    self.is_undo = value\n    return self\nend\n\n"
    original += "function Rule:is_multibyte()\n    return self.multibyte == true\nend\n\n"
    original += "function Rule:with_pair(cond)\n    table.insert(self.pair_cond, cond)\n    return self\nend\n\n"
    original += "function Rule:with_move(cond)\n    table.insert(self.move_cond, cond)\n    return self\nend\n\n"
    original += "return Rule\n"
    added = "function Rule:set_filetypes(filetypes)\n    self.filetypes = filetypes\n    return self\nend\n"
    snippet = "function Rule:use_undo(value)\n    self.is_undo = value\n    return self\nend\n\n" + added
    merged = lazy_merge(original, snippet, "lua")
    assert merged.confident, merged.reason
    assert merged.merged == original.replace("function Rule:is_multibyte", added + "\nfunction Rule:is_multibyte")


POSITIONED = """abstract class PositionedResult(val rs: ResultSet) {
  protected[this] var pos = Int.MaxValue
  protected[this] val startPos = 0

  lazy val numColumns = rs.getMetaData().getColumnCount()

  final def currentPos = pos
  final def hasMoreColumns = pos < numColumns

  final def skip = { pos += 1; this }
  final def restart = { pos = startPos; this }
  final def rewind = { pos = Int.MinValue; this }

  def nextRow = {
    val ret = (pos == Int.MinValue) || rs.next
    pos = startPos
    ret
  }
}
"""


def test_a_fragment_ending_on_one_new_definition_adds_it_below_its_anchor():
    """No marker: two context lines, then one line defining a name the file never writes and unlike
    the line below: a definition added there, the rest of the file kept (not cut, not edited)."""
    snippet = (
        "  final def currentPos = pos\n  final def hasMoreColumns = pos < numColumns\n"
        "  final def remainingColumns = if (pos < 0 || pos >= numColumns) 0 else numColumns - pos\n"
    )
    request = ApplyRequest(POSITIONED, snippet, "Add remainingColumns next to hasMoreColumns.", path="P.scala")
    prepared = prepare(request)
    merged, warnings = checked_merge(request, prepared)
    assert merged == POSITIONED.replace("pos < numColumns\n", "pos < numColumns\n" + snippet.splitlines()[-1] + "\n")
    assert prepared.candidate.confident and not flags(warnings), warnings


def test_a_header_quoted_without_its_trailing_comment_keeps_the_comment():
    original = "package a\n\nfunc hydrate(t *Tag) error { //nolint: gocyclo\n\tvar n string\n\treturn use(n)\n}\n"
    snippet = "func hydrate(t *Tag) error {\n\t// ... existing code ...\n\treturn use(n, t)\n}\n"
    result = lazy_merge(original, snippet, "go")
    assert result.merged == original.replace("use(n)", "use(n, t)")
