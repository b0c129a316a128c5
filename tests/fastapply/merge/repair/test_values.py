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


def test_a_value_set_on_the_key_that_holds_the_name_is_set():
    original = ['image: "docker.elastic.co/elasticsearch"', 'imageTag: "8.5.1"', "replicas: 3"]
    bumped = ['image: "docker.elastic.co/elasticsearch"', 'imageTag: "8.11.3"', "replicas: 3"]
    assert values.values_not_set(original, bumped, "Bump the Elasticsearch image to 8.11.3.") == []
    assert values.values_not_set(original, original, "Bump the Elasticsearch image to 8.11.3.") == [("image", "8.11.3")]
    # the literal on a new line whose key does not hold the name sets nothing
    elsewhere = original + ['timeout: "8.11.3"']
    assert values.values_not_set(original, elsewhere, "Bump the Elasticsearch image to 8.11.3.") == [
        ("image", "8.11.3")
    ]
