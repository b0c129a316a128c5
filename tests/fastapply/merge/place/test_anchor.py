"""Anchoring: which original lines a chunk's lines stand for."""

from fastapply.merge import lazy_merge


def test_rules_shown_by_their_selectors_anchor_there_not_where_their_new_properties_already_stand():
    """The classic theme's two rules, shown with the default theme's colours: aligned by the
    properties, the chunk lands on the default theme and both classic rules stand twice."""
    default = (
        ".theme-default .placeholder {\n  color: #999;\n}\n\n"
        ".theme-default .option-disabled {\n  color: #999;\n}\n\n"
        ".theme-default .option-selected {\n  background-color: #ddd;\n}\n\n"
        ".theme-default .option-highlighted {\n  background-color: #5897fb;\n  color: white;\n}\n"
    )
    classic = (
        ".theme-classic .option-disabled {\n  color: grey;\n}\n\n"
        ".theme-classic .option-highlighted {\n  background-color: #3875d7;\n  color: white;\n}\n"
    )
    original = default + "\n" + classic
    snippet = (
        "/* ... existing styles ... */\n\n"
        ".theme-classic .option-disabled {\n  color: #999;\n}\n\n"
        ".theme-classic .option-highlighted {\n  background-color: #5897fb;\n  color: white;\n}\n"
    )
    merged = lazy_merge(original, snippet, "css")
    assert merged.merged == default + "\n" + classic.replace("grey", "#999").replace("#3875d7", "#5897fb")


def test_a_quoted_comment_held_once_more_elsewhere_anchors_beside_its_function_not_written_twice():
    """The chunk quotes the source comment above the lines it replaces: paired there, the guard
    between it and the next kept line goes; left unpaired, the comment would stand twice."""
    original = (
        "function wrap(x) {\n"
        "  setup();\n"
        "  // SOURCE: https://example.com/issues/224\n"
        "  if (x.length > 10) {\n"
        "    return all(x);\n"
        "  }\n"
        "  const first = x.slice(0, 1);\n"
        "  const mid = x.slice(1, 10);\n"
        "  return first + mid;\n"
        "}\n\n"
        "function unwrap(x) {\n"
        "  // SOURCE: https://example.com/issues/224\n"
        "  return x.trim();\n"
        "}\n"
    )
    snippet = (
        "function wrap(x) {\n"
        "  // ... existing code ...\n"
        "  // SOURCE: https://example.com/issues/224\n"
        "  const stop = Math.min(x.length, 10);\n"
        "  const first = x.slice(0, 1);\n"
        "  const mid = x.slice(1, stop);\n"
        "  return first + mid;\n"
        "}\n"
    )
    expected = original.replace(
        "  if (x.length > 10) {\n    return all(x);\n  }\n", "  const stop = Math.min(x.length, 10);\n"
    ).replace("x.slice(1, 10)", "x.slice(1, stop)")
    assert lazy_merge(original, snippet, "javascript").merged == expected
