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
