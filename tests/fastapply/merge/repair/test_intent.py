from fastapply.apply.deterministic import apply_deterministic
from fastapply.apply.request import ApplyRequest
from fastapply.merge import flags, lazy_merge, validate
from fastapply.merge.repair.intent import inferred_deletion, stated_deletions

ROUTES = """package main

func routes(r Router) {
\tr.Get("/ping", func(w Writer, r *Request) {
\t\tw.Write([]byte("pong"))
\t})

\tr.Get("/panic", func(w Writer, r *Request) {
\t\tpanic("test")
\t})

\tr.Get("/users", listUsers)
}
"""

SNIPPET = """func routes(r Router) {
\tr.Get("/ping", func(w Writer, r *Request) {
\t\tw.Write([]byte("pong"))
\t})

\tr.Get("/healthz", func(w Writer, r *Request) {
\t\tw.WriteHeader(204)
\t})

\t// ... rest of routes unchanged ...
}
"""

INSTRUCTION = "Remove the /panic demo route and add a /healthz endpoint that returns 204"

EXPECTED = ROUTES.replace(
    """\tr.Get("/panic", func(w Writer, r *Request) {
\t\tpanic("test")
\t})""",
    """\tr.Get("/healthz", func(w Writer, r *Request) {
\t\tw.WriteHeader(204)
\t})""",
)


def _merged():
    result = lazy_merge(ROUTES, SNIPPET, "go")
    assert result.confident
    return result


def test_the_literal_merge_keeps_the_route_and_is_flagged():
    merged = _merged().merged
    assert '"/panic"' in merged
    codes = {w.code for w in validate(ROUTES, SNIPPET, merged, "go", instruction=INSTRUCTION)}
    assert "instruction_not_applied" in codes


def test_the_stated_deletion_removes_the_statement_and_one_blank_line():
    result = _merged()
    merged, warning = inferred_deletion(ROUTES, SNIPPET, result.merged, "go", INSTRUCTION, result)
    assert merged == EXPECTED
    assert warning.code == "inferred_deletion" and "/panic" in warning.message and warning.severity == "note"


def test_auto_and_deterministic_serve_it_with_the_warning():
    for mode in ("deterministic", "auto"):
        if mode == "auto":
            from fastapply.apply.deterministic import prepare, settle

            request = ApplyRequest(ROUTES, SNIPPET, INSTRUCTION, language="go", mode="auto")
            result = settle(request, prepare(request))
        else:
            result = apply_deterministic(ApplyRequest(ROUTES, SNIPPET, INSTRUCTION, language="go"))
        assert result is not None and result.merged == EXPECTED
        assert [w.code for w in result.warnings] == ["inferred_deletion"]


def test_a_named_use_elsewhere_stays_when_the_unit_holding_most_uses_goes():
    original = """function install(api) {
  setup(api)

  if (shouldPatch(api)) {
    const original = api.dispatch
    api.dispatch = (...args) => original(...args)
  }

  return function send(action) {
    log(action)
    api.dispatch(action)
  }
}
"""
    snippet = """function install(api) {
  setup(api)

  // ... existing code ...

  return function send(action) {
    // ... existing code ...
  }
}
"""
    instruction = "Remove the api.dispatch wrapper; devtools should not patch dispatch anymore."
    merged = lazy_merge(original, snippet, "javascript").merged
    candidates = stated_deletions(original, snippet, merged, "javascript", instruction)
    assert candidates, "the wrapper is found"
    best = inferred_deletion(original, snippet, merged, "javascript", instruction)
    assert best is not None
    assert "shouldPatch" not in best[0] and "api.dispatch(action)" in best[0]


def test_no_candidate_for_a_move_or_without_a_deletion():
    merged = _merged().merged
    assert stated_deletions(ROUTES, SNIPPET, merged, "go", "Move the /panic route below /users") == []
    assert stated_deletions(ROUTES, SNIPPET, merged, "go", "Add a /healthz endpoint") == []
    assert stated_deletions(ROUTES, SNIPPET, merged, None, INSTRUCTION) == []  # no grammar: no units


def test_a_name_the_snippet_shows_is_not_removed():
    snippet = SNIPPET.replace(
        "\t// ... rest of routes unchanged ...\n",
        '\tr.Get("/panic", func(w Writer, r *Request) {\n\t\tpanic("test")\n\t})\n\n'
        "\t// ... rest of routes unchanged ...\n",
    )
    merged = lazy_merge(ROUTES, snippet, "go").merged
    assert stated_deletions(ROUTES, snippet, merged, "go", INSTRUCTION) == []


def test_an_inferred_deletion_is_a_note_not_a_flag():
    from fastapply.merge import flags

    result = apply_deterministic(ApplyRequest(ROUTES, SNIPPET, INSTRUCTION, language="go"))
    assert flags(result.warnings) == [] and result.to_dict()["warnings"][0]["severity"] == "note"


WORKAROUND = """var nonSpaceRe = /\\S/;

// Workaround for an old engine bug
var regExpTest = RegExp.prototype.test;
function testRegExp (re, string) {
  return regExpTest.call(re, string);
}

function isWhitespace (string) {
  return !testRegExp(nonSpaceRe, string);
}

function isFunction (object) {
  return typeof object === 'function';
}

function escapeRegExp (string) {
  return string.replace(/[\\-\\[\\]{}()*+?.,\\\\^$|#\\s]/g, '\\\\$&');
}
"""


def test_dropping_a_helper_takes_the_hidden_code_that_uses_it():
    snippet = (
        "// ... existing code ...\n\nfunction isWhitespace (string) {\n  return !nonSpaceRe.test(string);\n}\n\n"
        "// ... existing code ...\n"
    )
    instruction = "Drop the RegExp.prototype.test workaround (testRegExp); call nonSpaceRe.test directly"
    merged = lazy_merge(WORKAROUND, snippet, "javascript").merged
    best = inferred_deletion(WORKAROUND, snippet, merged, "javascript", instruction)
    assert best is not None
    expected = WORKAROUND.replace("!testRegExp(nonSpaceRe, string)", "!nonSpaceRe.test(string)")
    start, end = expected.index("// Workaround"), expected.index("function isWhitespace")
    assert best[0] == expected[:start] + expected[end:]


def test_no_candidate_leaves_a_removed_name_in_use_where_the_snippet_shows_it():
    snippet = (
        "// ... existing code ...\n\nfunction isWhitespace (string) {\n  return !testRegExp(nonSpaceRe, string);\n}\n"
    )
    instruction = "Drop the regExpTest variable"
    merged = lazy_merge(WORKAROUND, snippet, "javascript").merged
    for candidate in stated_deletions(WORKAROUND, snippet, merged, "javascript", instruction):
        assert "testRegExp(nonSpaceRe" in candidate.merged and "function testRegExp" in candidate.merged


def test_a_preprocessor_conditional_the_instruction_names_goes_up_to_its_endif():
    original = (
        "static int nthreads;\n\n#ifdef __MVS__\n/* revisit when the compiler is available */\n"
        "__attribute__((destructor))\n#endif\nvoid cleanup(void) {\n  unsigned int i;\n\n"
        "  if (nthreads == 0)\n    return;\n\n#ifndef __MVS__\n  post(&exit_message);\n#endif\n\n"
        "  for (i = 0; i < nthreads; i++)\n    join(i);\n}\n\nstatic void init(void) {\n  nthreads = 4;\n}\n"
    )
    snippet = (
        "/* ... existing code ... */\n\nvoid cleanup(void) {\n  unsigned int i;\n\n  if (nthreads == 0)\n"
        "    return;\n\n  post(&exit_message);\n\n  for (i = 0; i < nthreads; i++)\n  /* ... existing code ... */\n"
    )
    instruction = "Drop the z/OS (__MVS__) special-casing: remove the destructor attribute block above cleanup"
    result = lazy_merge(original, snippet, "c")
    merged, warning = inferred_deletion(original, snippet, result.merged, "c", instruction, result)
    assert merged == original.replace(
        "#ifdef __MVS__\n/* revisit when the compiler is available */\n__attribute__((destructor))\n#endif\n", ""
    ).replace("#ifndef __MVS__\n  post(&exit_message);\n#endif\n", "  post(&exit_message);\n")
    assert warning.code == "inferred_deletion"


RB_ROUTER = """module Grape
  class Router
    # @deprecated Use PathNormalizer.call instead.
    def self.normalize_path(path)
      PathNormalizer.call(path)
    end

    def initialize
      @map = {}
    end

    def associate(route)
      @map[route.key] = route
    end

    def recognize(path)
      @map[path]
    end
  end
end
"""


def test_a_stated_removal_takes_the_definition_s_doc_comment_and_the_blank_line_at_the_block_start():
    snippet = "  class Router\n    # ...\n\n    def associate(route)\n      @map[route.key] = route\n    end\n\n    def routes\n      @map.values\n    end\n\n    # ...\n"
    instruction = "Drop the deprecated Router.normalize_path class method and add a routes method."
    merged = lazy_merge(RB_ROUTER, snippet, "ruby").merged
    found = inferred_deletion(RB_ROUTER, snippet, merged, "ruby", instruction)
    assert found is not None
    expected = RB_ROUTER.replace(
        "    # @deprecated Use PathNormalizer.call instead.\n    def self.normalize_path(path)\n      PathNormalizer.call(path)\n    end\n\n",
        "",
    ).replace(
        "      @map[route.key] = route\n    end\n",
        "      @map[route.key] = route\n    end\n\n    def routes\n      @map.values\n    end\n",
    )
    assert found[0] == expected


PY = """def compile_all(paths, force=False,
                quiet=0):
    \"\"\"Compile every path.\"\"\"
    success = True
    results = []
    for path in paths:
        ok = compile_one(path, force)  # one path at a time
        results.append(ok)
    return success and all(results)
"""


def test_a_quoted_statement_inside_a_body_goes_alone():
    """The snippet shows only the header's first line: the hidden body is not the unit, the quoted
    statement is; a comment that ends a line of code is not a comment above the next one."""
    request = ApplyRequest(PY, "def compile_all(paths, force=False,\n    # ... existing code ...\n", "", path="c.py")
    for ask, gone in (
        ("Remove the `success = True` line from compile_all.", "    success = True\n"),
        ("Remove the `results.append(ok)` line.", "        results.append(ok)\n"),
    ):
        result = apply_deterministic(ApplyRequest(request.original, request.snippet, ask, path="c.py"))
        assert result.merged == PY.replace(gone, "", 1), ask


def test_an_assignment_the_snippet_removes_leaves_the_uses_to_a_person():
    """ "Remove the results assignment", shown as a deletion: the lines that still use it are not
    the instruction's to delete; the file is flagged, not repaired."""
    snippet = '    """Compile every path."""\n    success = True\n    for path in paths:\n'
    request = ApplyRequest(PY, snippet, "Remove the results assignment from compile_all.", path="c.py")
    merged = lazy_merge(PY, snippet, "python").merged
    assert merged == PY.replace("    results = []\n", "")
    assert stated_deletions(PY, snippet, merged, "python", request.instruction) == []


def test_a_comment_heading_a_paragraph_stays_unless_the_removal_ends_it():
    original = (
        "def run(items):\n    # Not cached: compute it\n    names = []\n    for item in items:\n        names.append(item)\n"
        "\n    # Sentinel for an empty run\n    names.append(None)\n\n    return names\n"
    )
    snippet = "def run(items):\n    # ... existing code ...\n"
    cases = (
        ("Remove the `names = []` line.", original.replace("    names = []\n", "")),
        (
            "Remove the `names.append(None)` line.",
            original.replace("\n    # Sentinel for an empty run\n    names.append(None)\n", ""),
        ),
    )
    for ask, expected in cases:
        assert apply_deterministic(ApplyRequest(original, snippet, ask, path="r.py")).merged == expected, ask


ROUTES_GO = """package gin

func iterate(path string, routes []string, root *node) []string {
\tpath += root.path
\troutes = append(routes, path)
\tfor _, child := range root.children {
\t\troutes = iterate(path, routes, child)
\t}
\treturn routes
}

// Routes returns a slice of registered routes.
func (engine *Engine) Routes() (routes []string) {
\tfor _, tree := range engine.trees {
\t\troutes = iterate("", routes, tree.root)
\t}
\treturn routes
}

func (engine *Engine) Run() error {
\treturn engine.serve()
}
""" + "".join(
    f"\nfunc (engine *Engine) Use{i}(h Handler) {{\n\tengine.handlers = append(engine.handlers, h)\n\tengine.rebuild{i}()\n}}\n"
    for i in range(4)
)


def test_a_removed_function_s_uses_inside_other_bodies_are_not_removed_with_it():
    """ "Remove the iterate function", the snippet showing only its neighbours' headers: the loop
    in Routes that calls it is Routes' code, not the function; no candidate takes it."""
    snippet = "// ...\nfunc (engine *Engine) Routes() (routes []string) {\n// ...\nfunc (engine *Engine) Run() error {\n// ...\n"
    instruction = "Remove the `iterate` function."
    merged = lazy_merge(ROUTES_GO, snippet, "go").merged
    for candidate in stated_deletions(ROUTES_GO, snippet, merged, "go", instruction):
        assert "range engine.trees" in candidate.merged
    result = apply_deterministic(ApplyRequest(ROUTES_GO, snippet, instruction, path="gin.go"))
    assert "range engine.trees" in result.merged or flags(result.warnings)


INSPECT = """local inspect = {}

local function tabify(inspector)
   puts(inspector.newline)
end

function inspect:getId(v)
   local id = self.ids[v]
   if not id then
      id = self.maxIds + 1
      self.ids[v] = id
   end
   return id
end

function inspect:putValue(v)
   local tv = type(v)
   if tv == 'table' then
      if self.cycles[v] > 1 then puts(fmt('<%d>', self:getId(v))) end
      puts('{')
   else
      puts(fmt('<%s %d>', tv, self:getId(v)))
   end
end

return inspect
"""


def test_a_function_the_snippet_removes_leaves_its_uses_to_a_person():
    """The snippet shows the neighbours of getId put together: the literal merge removed it; the
    `self:getId(v)` calls left inside putValue are not the instruction's to take (with their if)."""
    snippet = (
        "-- ... existing code ...\n   puts(inspector.newline)\nend\n\n"
        "function inspect:putValue(v)\n   local tv = type(v)\n   -- ... existing code ...\n"
    )
    instruction = "Remove the `getId` function."
    merged = lazy_merge(INSPECT, snippet, "lua").merged
    assert "function inspect:getId" not in merged
    assert stated_deletions(INSPECT, snippet, merged, "lua", instruction) == []


DURATION = """pub fn format_duration(val: Duration) -> FormattedDuration {
    FormattedDuration(val)
}

fn item_plural(f: &mut fmt::Formatter, started: &mut bool, name: &str, value: u64) -> fmt::Result {
    if value > 0 {
        write!(f, "{}{}", value, name)?;
        *started = true;
    }
    Ok(())
}

fn item(f: &mut fmt::Formatter, started: &mut bool, name: &str, value: u32) -> fmt::Result {
    if value > 0 {
        write!(f, "{}{}", value, name)?;
    }
    Ok(())
}

impl fmt::Display for FormattedDuration {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let started = &mut false;
        item_plural(f, started, "year", self.years())?;
        item(f, started, "h", self.hours())?;
        Ok(())
    }
}
""" + "".join(f"\nfn unit_{i}() -> u32 {{\n    {i}\n}}\n" for i in range(6))


def test_a_sibling_block_that_only_calls_the_removed_function_stays():
    """ "Remove the item_plural function": the Display impl below calls it in its body; the impl is
    about FormattedDuration, not item_plural, so no candidate takes it."""
    snippet = (
        "// ... existing code ...\npub fn format_duration(val: Duration) -> FormattedDuration {\n// ... (unchanged) ...\n"
        "fn item(f: &mut fmt::Formatter, started: &mut bool, name: &str, value: u32) -> fmt::Result {\n// ...\n"
    )
    instruction = "Remove the `item_plural` function."
    merged = lazy_merge(DURATION, snippet, "rust").merged
    for candidate in stated_deletions(DURATION, snippet, merged, "rust", instruction):
        assert "impl fmt::Display for FormattedDuration" in candidate.merged


SCALA_GROUPING = """object TokenGrouping {
  def groupArgs(flatArgs: List[String]): Result[TokenGrouping] = {
    def lookupArgMap(k: String): Option[ArgSig] = {
      argMap.get(k)
    }

    @tailrec def rec(remaining: List[String], current: Map[ArgSig, Vector[String]]): Result[TokenGrouping] = {
      remaining match {
        case head :: rest => rec(rest, current)
        case Nil => complete(current)
      }
    }

    def complete(current: Map[ArgSig, Vector[String]]): Result[TokenGrouping] = {
      Result.Success(TokenGrouping(current))
    }
    rec(flatArgs, Map())
  }
}
""" + "".join(f"\\nobject Helper{i} {{\\n  def value: Int = {i}\\n}}\\n" for i in range(4))


def test_a_bare_call_of_a_removed_nested_function_is_the_caller_s_code():
    """ "Remove the rec function": the last statement calls it; no candidate takes that call."""
    snippet = (
        "    // ...\n    def lookupArgMap(k: String): Option[ArgSig] = {\n    // ... existing code ...\n"
        "    def complete(current: Map[ArgSig, Vector[String]]): Result[TokenGrouping] = {\n    // ...\n"
    )
    instruction = "Remove the `rec` function."
    merged = lazy_merge(SCALA_GROUPING, snippet, "scala").merged
    for candidate in stated_deletions(SCALA_GROUPING, snippet, merged, "scala", instruction):
        assert "rec(flatArgs, Map())" in candidate.merged


SWIFT = """func join(_ lhs: String, _ rhs: String) -> [String] {
  var parts = lhs.components.fullSlice
  parts.append(rhs)
  return Array(parts)
}

func split(_ path: String) -> [String] {
  let parts = path.components
  if parts.isEmpty {
    return []
  }
  return parts.filter { $0 != "." }
}

extension Array {
  var fullSlice: ArraySlice<Element> {
    return self[self.indices.suffix(from: 0)]
  }
}
"""
SWIFT_SNIPPET = """func join(_ lhs: String, _ rhs: String) -> [String] {
  var parts = ArraySlice(lhs.components)
  parts.append(rhs)
  return Array(parts)
}

// ... existing code ...
"""


def test_a_block_left_empty_goes_too_when_the_instruction_names_it():
    # Only the property goes by name; the extension it was alone in is what the instruction names.
    ask = "Get rid of the fullSlice helper extension on Array and build the slice with ArraySlice(...)."
    request = ApplyRequest(SWIFT, SWIFT_SNIPPET, ask, path="Path.swift", mode="deterministic")
    result = apply_deterministic(request)
    assert (
        result.merged
        == SWIFT.replace("lhs.components.fullSlice", "ArraySlice(lhs.components)").split("\n\nextension")[0] + "\n"
    )
    # "remove the fullSlice property" does not name the extension: it stays, empty
    plain = ApplyRequest(SWIFT, SWIFT_SNIPPET, "Remove the fullSlice property; use ArraySlice(...).", path="Path.swift")
    assert "extension Array {\n}" in apply_deterministic(plain).merged


VISITOR = """class Interpreter:
    def visit_field(self, node, value):
        return value.get(node)

    def visit_comparator(self, node, value):
        if node in self.EQUALITY:
            return self.compare(node, value)
        else:
            left = self.visit(node, value)
            num_types = (int, float)
            if not comparable(left):
                return None
            return self.order(left, value)

    def visit_pipe(self, node, value):
        result = value
        for child in node:
            result = self.visit(child, result)
        return result
"""


def test_an_unused_local_the_instruction_removes_goes_alone_not_the_block_or_definition_holding_it():
    """ "delete the unused num_types local in visit_comparator": the assignment is the local; the
    if statement holding it is other code, and visit_comparator is where it is, not what goes."""
    snippet = (
        "class Interpreter:\n    # ... existing code ...\n\n    def visit_pipe(self, node, value):\n"
        "        return self.visit_field(node, value)\n"
    )
    instruction = "Make visit_pipe delegate to visit_field, and delete the unused num_types local in visit_comparator."
    result = apply_deterministic(ApplyRequest(VISITOR, snippet, instruction, language="python"))
    expected = VISITOR.replace("            num_types = (int, float)\n", "").replace(
        "        result = value\n        for child in node:\n            result = self.visit(child, result)\n        return result\n",
        "        return self.visit_field(node, value)\n",
    )
    assert result is not None and result.merged == expected
    assert [w.code for w in result.warnings] == ["inferred_deletion"]


DEFAULTS = """export default class Time extends Component {
  static get defaultProps() {
    return {
      intervals: 30,
      timeCaption: "Time",
      showTimeCaption: true,
    };
  }

  handleClick = (time) => {
    if (isDisabled(time)) {
      return;
    }
    this.props.onChange?.(time);
  };
}
"""


def test_a_key_quoted_with_its_value_as_an_entry_removes_that_entry_not_the_getter():
    snippet = "  // ... existing code ...\n\n  handleClick = (time) => {\n    if (this.isDisabledTime(time)) {\n      return;\n    }\n    this.props.onChange?.(time);\n  };\n}\n"
    said = "Make handleClick reuse isDisabledTime(). Also remove the showTimeCaption: true entry from defaultProps."
    result = apply_deterministic(ApplyRequest(DEFAULTS, snippet, said, path="time.tsx"))
    expected = DEFAULTS.replace("      showTimeCaption: true,\n", "").replace(
        "(isDisabled(time))", "(this.isDisabledTime(time))"
    )
    assert result.merged == expected
