"""New code after a definition whose body a marker elides: it goes after that body, with the
blank lines the snippet shows, whatever the header or the closer looks like."""

from fastapply.merge import lazy_merge, validate

PY = """import typing


def request_response(
    func: typing.Callable,
) -> typing.Callable:
    async def app(scope):
        return await func(scope)

    return app


def websocket_session(func):
    return func
"""


def test_a_function_added_after_one_with_a_header_spread_over_lines():
    snippet = (
        "# ... existing code ...\ndef request_response(\n    func: typing.Callable,\n) -> typing.Callable:\n"
        "    # ... existing code ...\n\n\ndef request_response_count():\n    return None\n# ...\n"
    )
    expected = PY.replace("    return app\n", "    return app\n\n\ndef request_response_count():\n    return None\n")
    result = lazy_merge(PY, snippet, "python")
    assert result.confident and result.merged == expected
    assert validate(PY, snippet, result.merged, "python") == []


TSX = """import * as React from "react";

const DialogPortal: React.FC<Props> = (props) => {
  const { children } = props;
  if (!children) {
    return null;
  }
  return <Portal>{children}</Portal>;
};

const DialogOverlay = (props: Props) => {
  return <div {...props} />;
};

export { DialogPortal, DialogOverlay };
"""


def test_a_function_added_after_the_closer_of_an_arrow_function():
    """The chunk opens with "};", the closer of the definition whose body the marker elided."""
    snippet = (
        "// ... (unchanged) ...\nconst DialogPortal: React.FC<Props> = (props) => {\n"
        "  // ... rest of the function unchanged ...\n};\n\nfunction DialogPortalSize() {\n  return 0;\n}\n// ...\n"
    )
    expected = TSX.replace(
        "  return <Portal>{children}</Portal>;\n};\n",
        "  return <Portal>{children}</Portal>;\n};\n\nfunction DialogPortalSize() {\n  return 0;\n}\n",
    )
    result = lazy_merge(TSX, snippet, "tsx")
    assert result.confident and result.merged == expected


def test_the_last_chunks_closing_brace_is_the_files_own():
    # a method added at the end of a class, the class's "}" shown after it: it stands once
    original = (
        "object Parser {\n  def parse(input: String): Option[List[String]] = {\n    Some(List(input))\n  }\n}\n\n"
        "class Parser(format: Format) {\n\n  def parseLine(input: String): Option[List[String]] = {\n"
        '    val parsed = Parser.parse(input)\n    if (parsed == Some(List(""))) Some(Nil)\n    else parsed\n  }\n\n}\n'
    )
    added = (
        "  def parseOrThrow(input: String): List[String] =\n    parseLine(input).getOrElse(throw new Error(input))\n"
    )
    snippet = (
        "class Parser(format: Format) {\n\n  def parseLine(input: String): Option[List[String]] = {\n"
        "    // ... existing code ...\n  }\n\n" + added + "\n}\n"
    )
    result = lazy_merge(original, snippet, "scala")
    assert result.confident and result.merged == original.replace(
        "    else parsed\n  }\n", "    else parsed\n  }\n\n" + added
    )
