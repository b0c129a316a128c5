"""Placement of a chunk that shows a Python definition's header: written out whole, or partly."""

import doctest

import pytest

from fastapply.merge import flags, lazy_merge, validate
from fastapply.merge.place import placement

ORIGINAL = '''class Decoder:
    def decode(self, s):
        """Decode s."""
        obj, end = self.raw_decode(s)
        if end != len(s):
            raise ValueError("Extra data")
        return obj

    def raw_decode(self, s, idx=0):
        return self.scan(s, idx)
'''
GUARD = "        if isinstance(s, bytes):\n            return self.decode(s.decode())\n"


def test_worked_examples():
    assert doctest.testmod(placement).failed == 0


@pytest.mark.parametrize(
    "snippet",
    [
        # the method shown up to an old line of its body, nothing after: the rest stays
        '    def decode(self, s):\n        """Decode s."""\n        s = s.strip()\n        obj, end = self.raw_decode(s)\n',
        # the same with a marker in another language's syntax at column 0
        '    def decode(self, s):\n        """Decode s."""\n        s = s.strip()\n        obj, end = self.raw_decode(s)\n// ... existing code ...\n',
    ],
)
def test_a_method_shown_partly_keeps_the_body_it_does_not_show(snippet):
    result = lazy_merge(ORIGINAL, snippet, "python")
    assert result.confident and result.merged == ORIGINAL.replace(
        '"""Decode s."""\n', '"""Decode s."""\n        s = s.strip()\n'
    )
    # and the validator does not read the shown part as the whole method either
    assert not flags(validate(ORIGINAL, snippet, result.merged, "python"))


@pytest.mark.parametrize(
    "marker", ["# ... existing code ...", "// ... existing code ...", "    # ... rest of decode ..."]
)
def test_a_guard_added_at_the_top_keeps_the_body_below_it(marker):
    snippet = f"    def decode(self, s):\n{GUARD}{marker}\n"
    merged = lazy_merge(ORIGINAL, snippet, "python").merged
    assert merged == ORIGINAL.replace("    def decode(self, s):\n", "    def decode(self, s):\n" + GUARD)


def test_a_body_that_ends_with_its_own_return_replaces_the_old_one():
    snippet = "    def decode(self, s):\n        return self.raw_decode(s)[0]\n\n# ... existing code ...\n"
    merged = lazy_merge(ORIGINAL, snippet, "python").merged
    assert "Extra data" not in merged and "        return self.raw_decode(s)[0]\n\n    def raw_decode" in merged


def test_a_function_shown_up_to_an_edited_line_keeps_the_rest_of_its_body():
    # No marker after the edited line: the snippet stops partway, it does not cut the body there.
    original = (
        "def readconfig(cfgdict):\n    default_cfg = 'turtle.cfg'\n    cfgdict1 = {}\n    cfgdict2 = {}\n"
        "    if isfile(default_cfg):\n        cfgdict1 = config_dict(default_cfg)\n    return cfgdict1\n\n\n"
        "def other():\n    pass\n"
    )
    snippet = "def readconfig(cfgdict):\n    default_cfg = 'turtle.cfg'\n    cfgdict1 = {}  # checked\n"
    result = lazy_merge(original, snippet, "python")
    assert result.confident
    assert result.merged == original.replace("cfgdict1 = {}\n", "cfgdict1 = {}  # checked\n")


THROTTLE = '''class Throttle:
    def allow(self, request):
        self.now = self.timer()
        if len(self.history) >= self.limit:
            return self.failure()
        return self.success()

    def success(self):
        """Record the request."""
        self.history.insert(0, self.now)
        return True

    def failure(self):
        return False

    def wait(self):
        """Seconds until the next request."""
        if self.history:
            remaining = self.duration - (self.now - self.history[-1])
        else:
            remaining = self.duration
        return remaining / float(self.limit)


class Anon(Throttle):
    scope = "anon"
'''
WAIT = THROTTLE[THROTTLE.index("    def wait") : THROTTLE.index("\n\n\nclass Anon")] + "\n"
# wait() moved up above success(), whose body a marker elides; failure() and the class after it shown
MOVED = (
    "    def allow(self, request):\n        # ... existing code ...\n        return self.success()\n\n"
    + WAIT
    + "\n    def success(self):\n        # ... unchanged ...\n\n    def failure(self):\n        return False\n\n\nclass Anon(Throttle):\n"
)


def test_a_header_shown_above_a_marker_keeps_its_place_and_body_when_a_method_moves_above_it():
    expected = THROTTLE.replace("\n" + WAIT, "").replace(
        "        return self.success()\n", "        return self.success()\n\n" + WAIT, 1
    )
    result = lazy_merge(THROTTLE, MOVED, "python")
    assert result.merged == expected
    assert not flags(validate(THROTTLE, MOVED, result.merged, "python"))


def test_a_line_of_a_new_multiline_string_anchors_nothing():
    # "    # INVALID" stands in the file's other help text: the new constant goes at the end, whole
    original = (
        "package toml\n\nconst usageString = `\nStrings stay on one line:\n\n    # INVALID\n"
        '    s = "a\n    b"\n`\n\nconst usageInt = `\nThis number is too large.\n`\n'
    )
    new = (
        "const usageInline = `\nInline tables stay on one line:\n\n    # INVALID\n    t = {\n        k = 1\n    }\n`\n"
    )
    snippet = "// ... existing usage constants ...\n\n" + new
    result = lazy_merge(original, snippet, "go")
    assert result.confident and result.merged == original + "\n" + new
