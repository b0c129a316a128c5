"""Blank lines of a snippet standing for whitespace-only lines of the file keep the file's spaces."""

import doctest

from fastapply.merge import lazy_merge
from fastapply.merge.snippet import blanks


def test_worked_examples():
    assert doctest.testmod(blanks).failed == 0


C = (  # its blank line holds two spaces
    "void trace(VM* vm)\n{\n  if (vm->errorFn == NULL) return;\n  \n  Fiber* fiber = vm->fiber;\n  report(fiber);\n}\n"
)


def test_a_blank_line_the_snippet_shows_between_two_kept_lines_keeps_the_file_s_spaces():
    snippet = "void trace(VM* vm)\n{\n  if (vm->errorFn == NULL) return;\n\n  Fiber* fiber = vm->fiber;\n  report(fiber, vm);\n}\n"
    result = lazy_merge(C, snippet, "c")
    assert result.merged == C.replace("report(fiber);", "report(fiber, vm);")


SWIFT = (  # the line between the two initializers holds four spaces
    "struct Path {\n  public init(_ path: String) {\n    self.init(path, info: .default)\n  }\n    \n"
    "  internal init(_ path: String, info: Info) {\n    self.path = path\n  }\n}\n"
)


def test_blank_lines_around_new_code_stay_as_the_snippet_writes_them():
    """Which of the snippet's blank lines stands for the file's whitespace-only one, a count cannot
    tell: writers keep the file's separator above new code, or below it, or rewrite it."""
    snippet = (
        "  public init(_ path: String) {\n    self.init(path, info: .default)\n  }\n\n"
        "  public init(url: URL) {\n    self.init(url.path)\n  }\n\n"
        "  internal init(_ path: String, info: Info) {\n  // ... existing code ...\n"
    )
    added = "  public init(url: URL) {\n    self.init(url.path)\n  }\n"
    result = lazy_merge(SWIFT, snippet, "swift")
    assert result.merged == SWIFT.replace("  }\n    \n", "  }\n\n" + added + "\n", 1)


def test_a_snippet_that_writes_whitespace_only_lines_means_its_empty_ones():
    """A snippet quoted byte for byte (a commit's new side) keeps the file's "  " lines where it
    means them: an empty line there is the whitespace stripped."""
    snippet = (
        "void trace(VM* vm)\n{\n  if (vm->errorFn == NULL) return;\n\n  Fiber* fiber = vm->fiber;\n  \n"
        "  report(fiber, vm);\n}\n"
    )
    original = C.replace("  report(fiber);", "  \n  report(fiber);")
    result = lazy_merge(original, snippet, "c")
    assert result.merged == original.replace("return;\n  \n", "return;\n\n").replace(
        "report(fiber);", "report(fiber, vm);"
    )
