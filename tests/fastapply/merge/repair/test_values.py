"""A value the instruction sets by name must be in the output: a snippet that shows only the other
edit leaves the old value, and that file is flagged."""

import doctest

from fastapply.apply.deterministic import checked_merge, prepare
from fastapply.apply.request import ApplyRequest
from fastapply.merge.repair import values

LUA = """local semver = {
  _VERSION     = '1.2.1',
  _DESCRIPTION = 'semver for Lua',
}

function semver.pow(a, b)
  return a.major == b.major
end

return semver
"""
SNIPPET = """-- ... existing code ...

function semver.pow(a, b)
  return a.major == b.major and not (b < a)
end

-- ... existing code ...
"""


def test_the_module_examples_hold():
    assert doctest.testmod(values).failed == 0


def test_a_value_set_in_words_and_left_under_a_marker_is_flagged():
    request = ApplyRequest(
        LUA, SNIPPET, "Make pow false for downgrades, and bump the library _VERSION to 1.2.2.", path="s.lua"
    )
    _, warnings = checked_merge(request, prepare(request))
    assert "instruction_not_applied" in [w.code.value for w in warnings]


def test_a_value_the_output_holds_is_no_claim():
    merged = LUA.replace("1.2.1", "1.2.2")
    assert values.values_not_set(LUA.splitlines(), merged.splitlines(), "Bump _VERSION to 1.2.2.") == []
    assert values.values_not_set(LUA.splitlines(), LUA.splitlines(), "Bump _VERSION to 1.2.2.") == [
        ("_VERSION", "1.2.2")
    ]
    assert (
        values.values_not_set(LUA.splitlines(), LUA.splitlines(), "Bump the timeout to 5.") == []
    )  # not assigned here
