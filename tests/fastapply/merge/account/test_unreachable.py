"""New code written after an old return of the same block is flagged: the old ending was left under
a marker, and the new one can never run."""

from fastapply.merge.account import account

TS = """function pick(component, children, props) {
  const copy = { ...props };
  return component
    ? create(component, copy)
    : null;
}
"""
SNIPPET = """function pick(component, children, props) {
  // ... props setup stays the same ...
  if (component) {
    return create(component, copy);
  }
  return null;
}
"""
KEPT = TS.replace(
    "    : null;\n", "    : null;\n  if (component) {\n    return create(component, copy);\n  }\n  return null;\n"
)
RIGHT = TS[: TS.index("  return component")] + SNIPPET[SNIPPET.index("  if (component)") :]


def codes(merged: str) -> list[str]:
    return [w.code.value for w in account(TS, SNIPPET, merged, "typescript", "Use early returns in pick.")]


def test_an_old_ending_kept_above_its_rewrite_is_flagged():
    assert "unreachable_lines" in codes(KEPT)
    assert "unreachable_lines" not in codes(RIGHT)


def test_a_guard_return_is_no_end():
    original = "def f(x)\n  return nil unless x\n  x + 1\nend\n"
    merged = "def f(x)\n  return nil unless x\n  log(x)\n  x + 1\nend\n"
    snippet = "def f(x)\n  return nil unless x\n  log(x)\n  # ...\nend\n"
    assert "unreachable_lines" not in [w.code.value for w in account(original, snippet, merged, "ruby", "Log x.")]


def test_an_old_exit_kept_below_the_new_one_that_replaces_it_is_flagged():
    # The snippet rewrites the raise over three lines and elides the rest of the function: read
    # literally, the old one-line raise stays below the new one, where it can never run.
    original = (
        "def put(self, key, value):\n    size = self.getsizeof(value)\n    if size > self.maxsize:\n"
        '        raise ValueError("value too large")\n    self.data[key] = value\n'
    )
    snippet = (
        "def put(self, key, value):\n    size = self.getsizeof(value)\n    if size > self.maxsize:\n"
        "        raise ValueError(\n"
        '            "value too large: %r > %r" % (size, self.maxsize)\n        )\n    # ... rest unchanged ...\n'
    )
    new = '        raise ValueError(\n            "value too large: %r > %r" % (size, self.maxsize)\n        )\n'
    kept = original.replace(
        '        raise ValueError("value too large")\n', new + '        raise ValueError("value too large")\n'
    )
    right = original.replace('        raise ValueError("value too large")\n', new)
    found = [w.code.value for w in account(original, snippet, kept, "python", "Say how large the value was.")]
    assert "unreachable_lines" in found
    assert "unreachable_lines" not in [w.code.value for w in account(original, snippet, right, "python", "")]
