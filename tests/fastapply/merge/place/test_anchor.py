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
