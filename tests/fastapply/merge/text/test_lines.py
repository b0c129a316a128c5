"""Lines of a text: the worked examples, and the indentation the code of a file uses."""

import doctest

from fastapply.merge.text import lines


def test_the_module_examples_hold():
    assert doctest.testmod(lines).failed == 0


def test_a_license_headers_text_is_no_indentation_of_the_code():
    text = ["/*", "   Copyright (c) 2017", "", "   Licensed under MIT.", "*/", "", "int f() {", "    return 0;", "}"]
    assert lines.code_widths(text) == {0, 4}
    assert lines.code_widths([*text, "/* one line */", "  x();"]) == {0, 2, 4}
