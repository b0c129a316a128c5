"""An ordered removal of code with nothing removed is flagged; descriptions of behaviour and
removals of runtime data are not orders of code."""

import doctest

from fastapply.apply.deterministic import checked_merge, prepare
from fastapply.apply.request import ApplyRequest
from fastapply.merge import flags
from fastapply.merge.account import ordered
from fastapply.merge.account.ordered import ordered_removal_undone, ordered_removals


def test_worked_examples():
    assert doctest.testmod(ordered).failed == 0


def test_orders_and_descriptions():
    assert ordered_removals("Stop warning about codes in f and drop the depd dependency") == ["the depd dependency"]
    assert ordered_removals("Bug: toBuilder() drops the static imports. Copy them over.") == []  # a description
    assert ordered_removals("Add drop-null variants of the printers.") == []
    assert ordered_removals("Make remove() delete that key from the record.") == []  # runtime data


def test_nothing_removed_is_undone_and_any_removal_is_not():
    original = ["fn f() {", "    if x { return; }", "    g();", "}"]
    asked = "Drop the early return in f."
    assert ordered_removal_undone(original, {0, 1, 2, 3}, asked) == ("the early return",)
    assert ordered_removal_undone(original, {0, 2, 3}, asked) == ()
    assert ordered_removal_undone(original, {0, 1, 2, 3}, "Rename g.") == ()


RUST = """impl FromStr for Version {
    type Err = Error;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        if text.is_empty() {
            return Err(Error::new(ErrorKind::Empty));
        }

        let mut pos = Position::Major;
        let (major, text) = numeric(text, pos)?;
        Ok(Version { major })
    }
}
"""

SNIPPET = """    fn from_str(text: &str) -> Result<Self, Self::Err> {
        // ...

        let mut pos = Position::Major;
        // ... rest unchanged ...
"""


def test_an_ordered_removal_left_under_a_marker_is_flagged():
    request = ApplyRequest(RUST, SNIPPET, "Drop the empty-input early return at the top of from_str.", path="v.rs")
    merged, warnings = checked_merge(request, prepare(request))
    assert "described_removal_kept" in [w.code for w in flags(warnings)]


def test_a_removal_whose_object_quotes_code_or_names_a_css_rule_is_an_order():
    assert ordered_removals("Remove the `.button, ...` rule.") == ["the `.button, ...` rule"]
    assert ordered_removal_undone(["a {", "}"], {0, 1}, "Remove the `.button, ...` rule.")


def test_an_order_to_drop_a_blank_line_is_carried_out_by_one_blank_line_fewer():
    original = ["def f():", "    a = 1", "", "", "    return a"]
    kept = {0: 0, 1: 1, 2: 2, 4: 3}
    ask = "Rename nothing; drop the stray double blank line in f."
    assert ordered_removal_undone(original, kept, ask, ["def f():", "    a = 1", "", "    return a"]) == ()
    assert ordered_removal_undone(original, {**kept, 3: 3, 4: 4}, ask, original) == ("the stray double blank line",)


def test_overloads_ordered_gone_are_undone_when_the_only_change_is_a_rewrite_in_place():
    original = [
        "    public Settings(ISerializer s)",
        "        : this(s, null) { }",
        "    public Settings(ISerializer s, IFormatter? f)",
        "        : this(s, f, null) { }",
        "    public Settings(ISerializer s, IFormatter? f, IKeys? k)",
        "    {",
    ]
    rewritten = original[:4] + ["    public Settings(ISerializer s, IFormatter? f = null, IKeys? k = null)", "    {"]
    kept = {0: 0, 1: 1, 2: 2, 3: 3, 5: 5}
    ask = "Give the formatter parameters default values of null and delete the two-argument overload."
    assert ordered_removal_undone(original, kept, ask, rewritten) == ("the two-argument overload",)
    # a smaller unit is removed by rewriting its line: "remove the trivial condition"
    assert ordered_removal_undone(original, kept, "Remove the trivial condition.", rewritten) == ()
    # what is added may be written where the removed code stood
    replace = "Delete the two-argument overload and add a constructor taking keys."
    assert ordered_removal_undone(original, kept, replace, rewritten) == ()
    # the overload gone: carried out
    done = original[:2] + rewritten[4:]
    assert ordered_removal_undone(original, {0: 0, 1: 1, 5: 3}, ask, done) == ()
