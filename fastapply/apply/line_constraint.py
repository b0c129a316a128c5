"""Policy: greedy decoding restricted to lines the inputs contain (an apply model's copy slips).

A merge only moves and re-indents lines: every line of the merged file is a line of the original
or of the snippet (no expected file of the dev set has any other). A small apply model's commonest
errors break exactly that: a reworded string, ``package=`` for ``packages=``, ``Prerun`` for
``PreRun``, a lazy marker copied into the output. ``LineConstraint`` picks, at each position, the
model's highest-ranked candidate token that keeps the current line a prefix of some allowed line
(whitespace-insensitive), and the argmax where no candidate does (that line is then left free).
Each allowed line may be written as often as the inputs hold it and no more (blank lines: always):
a merge takes every line of the original and of the snippet at most once, so this holds for every
expected file of the dev set, and it ends the loops a forced token can start (the model wanted to
write a marker, was given an import line instead, and repeated it until ``max_tokens``).

Worked example, allowed lines ``{"x = 1", "return x"}``, output so far ``"x = "``, candidates
ranked ``[2, 1]`` (token ids whose text is ``"2"`` and ``"1"``): ``"x = 2"`` starts no allowed
line, ``"x = 1"`` does, so token ``1`` is chosen and counted in ``forced``.

The choice depends only on the candidates and the text before the position, so speculative
verification makes the same choice as one-token-at-a-time decoding with the same constraint:
lossless with respect to *constrained* greedy decoding (not to the unconstrained model). Policy
only: no tensors; the runner hands over ranked candidate ids.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from fastapply.apply.runaway import line_budget
from fastapply.engine.policies import DecodeContext, choose_each
from fastapply.merge.text.normal import norm

_UNDECODABLE = "\ufffd"  # a token that is part of a multi-byte character decodes to this alone


@dataclass(frozen=True)
class OnlyKnownLines:
    """The spec a generation request carries (``constraint=``): the engine builds the constraint."""

    lines: tuple[str, ...]
    candidates: int = 8  # ranked candidates per position the constraint may pick from

    def __post_init__(self):
        if not 2 <= self.candidates <= 256:
            raise ValueError(f"candidates must be in [2, 256], got {self.candidates}")

    def build(self, context: DecodeContext) -> LineConstraint:
        return LineConstraint(self.lines, context.token_text, context.stop_ids, context.stop_strings)


class LineConstraint:
    def __init__(
        self,
        lines: Iterable[str],
        token_text: Callable[[int], str],
        free_ids: Iterable[int] = (),
        stop_strings: Iterable[str] = (),
    ):
        self._budget = line_budget(lines)  # times each line may still be written
        self._sorted = sorted(self._budget)  # the lines with budget left, for prefix search
        self._text = token_text
        self._free_ids = frozenset(free_ids)  # EOS and other stop tokens: allowed anywhere
        self._stops = tuple(norm(s) for s in stop_strings if s.strip())
        self._line = ""  # raw text of the unfinished current line
        self._free = False  # no candidate fitted on this line: unconstrained until the next newline
        self.forced = 0  # positions where a lower-ranked candidate replaced the argmax
        self.gave_up = 0  # positions where no candidate fitted (the argmax was kept)

    # -- choosing -------------------------------------------------------------------------------
    def verify(self, draft: list[int], candidates: list[list[int]]) -> list[int]:
        """The tokens one verification pass emits: the accepted draft prefix plus the chosen token
        after it. ``candidates[j]`` ranks the model's tokens after ``draft[:j]`` (argmax first);
        ``len(candidates) == len(draft) + 1``."""
        return choose_each(self.choose, draft, candidates)

    def settled(self) -> None:
        """Never: the line constraint looks one token ahead only, so it never fixes the rest."""
        return None

    def choose(self, ranked: list[int]) -> int:
        """The first ranked token that keeps the line allowed (the argmax when none does), recorded."""
        token = next((t for t in ranked if self.allows(t)), None)
        if token is None:
            self.gave_up += 1
            self._free = True
            token = ranked[0]
        else:
            self.forced += token != ranked[0]
        self.push(token)
        return token

    def allows(self, token: int) -> bool:
        if self._free or token in self._free_ids:
            return True
        text = self._text(token)
        if _UNDECODABLE in text:
            return True
        *done, partial = (self._line + text).split("\n")
        return all(self._is_line(line) for line in done) and self._starts_line(partial)

    def push(self, token: int) -> None:
        """Record an emitted token."""
        if token in self._free_ids:
            return
        text = self._text(token)
        if "\n" in text:
            *done, self._line = (self._line + text).split("\n")
            self._free = False
            for line in done:
                self._spend(norm(line))
        else:
            self._line += text
        if _UNDECODABLE in text:
            self._free = True  # per-token texts of a multi-byte character cannot be checked

    # -- lines ----------------------------------------------------------------------------------
    def _spend(self, key: str) -> None:
        if self._budget[key] > 0:
            self._budget[key] -= 1
            if not self._budget[key]:
                self._sorted.pop(bisect_left(self._sorted, key))

    def _is_line(self, line: str) -> bool:
        key = norm(line)
        return not key or self._budget[key] > 0 or self._ends_in_stop(key)

    def _starts_line(self, partial: str) -> bool:
        key = norm(partial)
        if not key:
            return True
        i = bisect_left(self._sorted, key)
        return (i < len(self._sorted) and self._sorted[i].startswith(key)) or self._ends_in_stop(key)

    def _ends_in_stop(self, key: str) -> bool:
        """An allowed line (or nothing) followed by (the start of) a stop string such as a closing tag."""
        for stop in self._stops:
            for i in range(len(key)):
                if key[i] == stop[0] and (stop.startswith(key[i:]) or key[i:].startswith(stop)):
                    head = key[:i].rstrip()
                    if not head or self._budget[head] > 0:
                        return True
        return False
