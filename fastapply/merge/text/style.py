"""The original's indentation, as lines written into it take it: tabs or spaces, and the unit its
indents are multiples of."""

from __future__ import annotations

from collections import Counter

from fastapply.merge.text.lines import code_lines, indent_of


class Style:
    """The original's indentation: tabs or spaces, and its unit."""

    def __init__(self, original: list[str]):
        code = code_lines(original)  # (a license header's text is no indentation)
        indents = [indent_of(line) for line in code if indent_of(line)]
        self.tabs = bool(indents) and sum(x.startswith("\t") for x in indents) * 2 > len(indents)
        self.unit = _unit([line for line in code if "\t" not in indent_of(line)])
        self.tab = 4 if self.tabs else self.unit
        self.widths = {self.width(line) for line in code}

    def width(self, line: str) -> int:
        return len(indent_of(line).expandtabs(self.tab))

    def render(self, width: int, rest: str) -> str:
        width = max(0, width)
        if self.tabs:
            return "\t" * (width // self.tab) + " " * (width % self.tab) + rest
        return " " * width + rest

    def foreign(self, line: str) -> bool:
        """Whether the line indents with the other character than the file does."""
        indent = indent_of(line)
        return ("\t" not in indent and len(indent) >= self.tab) if self.tabs else "\t" in indent


def _unit(lines: list[str]) -> int:
    """The step the indentation grows by: the most common increase from one line to the next
    (a doc comment's " * " lines or a call's continuation aligned under its parenthesis stand off
    the grid, and one of them would break a common divisor), 4 when the file shows none."""
    widths = [len(indent_of(line)) for line in lines]
    steps = Counter(b - a for a, b in zip(widths, widths[1:]) if b - a in (2, 3, 4, 8))
    return steps.most_common(1)[0][0] if steps else 4
