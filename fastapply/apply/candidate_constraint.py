"""Policy: greedy decoding restricted to a few given outputs, so the model chooses among them.

Where the deterministic merge is unsure it offers several candidate files (``merge/repair/candidates.py``).
``OneOfOutputs`` holds each as the token ids the model would write (the file's text and the
format's closing tag); at each position the constraint emits the model's highest-ranked token that
continues a candidate still matching the output so far. Where the candidates agree, that is their
common token (they double as the drafts, so the model verifies up to k of them per pass); where
they part, the model's ranking decides which one goes on. The output is always one candidate.

Worked example, candidates ``[1, 2, 3]`` and ``[1, 4, 3]``: after ``1`` the allowed tokens are
``{2, 4}``; ranked ``[7, 4, 2]`` emits ``4`` (``forced`` counts it: the argmax 7 was not allowed),
and only the second candidate is left. Ranked tokens with no allowed one (the model wants to write
something neither candidate has) emit the first live candidate's token, or a stop token once it is
written whole, and count in ``gave_up``.

Once one candidate is left, no ranking can change the rest of the output: ``settled`` returns it, and
the engine writes it without further passes (in the example, ``3`` and a stop token after ``1, 4``).

The choice depends only on the ranked tokens and the output before them: lossless with respect to
one-token-at-a-time decoding under the same constraint. Policy only; no tensors.
"""

from __future__ import annotations

from dataclasses import dataclass

from fastapply.engine.policies import DecodeContext, choose_each


@dataclass(frozen=True)
class OneOfOutputs:
    """The spec a generation request carries (``constraint=``); ``outputs`` in priority order."""

    outputs: tuple[tuple[int, ...], ...]
    candidates: int = 8  # ranked tokens per position the constraint may pick from

    def __post_init__(self):
        if not self.outputs:
            raise ValueError("OneOfOutputs needs at least one output")
        if not 2 <= self.candidates <= 256:
            raise ValueError(f"candidates must be in [2, 256], got {self.candidates}")

    def build(self, context: DecodeContext) -> OutputsConstraint:
        return OutputsConstraint(self.outputs, context.stop_ids)


class OutputsConstraint:
    def __init__(self, outputs: tuple[tuple[int, ...], ...], stop_ids: frozenset[int] = frozenset()):
        self._outputs = outputs
        self._stop_ids = stop_ids  # allowed once a whole candidate has been written
        self._live = list(range(len(outputs)))  # candidates equal to the output so far
        self._written = 0
        self.forced = 0
        self.gave_up = 0

    @property
    def live(self) -> list[int]:
        """Indices of the candidates the output still matches, in priority order."""
        return list(self._live)

    def verify(self, draft: list[int], ranked: list[list[int]]) -> list[int]:
        return choose_each(self.choose, draft, ranked)

    def allowed(self) -> set[int]:
        nexts = {self._outputs[i][self._written] for i in self._live if self._written < len(self._outputs[i])}
        if any(self._written >= len(self._outputs[i]) for i in self._live):
            nexts |= self._stop_ids
        return nexts

    def choose(self, ranked: list[int]) -> int:
        """The first ranked token some live candidate continues with (the first live candidate's
        own token when none is ranked), recorded."""
        allowed = self.allowed()
        token = next((t for t in ranked if t in allowed), None)
        if token is None:
            self.gave_up += 1
            token = self._fallback(ranked[0])
        else:
            self.forced += token != ranked[0]
        self._live = [
            i for i in self._live if self._written < len(self._outputs[i]) and self._outputs[i][self._written] == token
        ]
        self._written += 1
        return token

    def settled(self) -> list[int] | None:
        """The rest of the output when it no longer depends on the model: the one live candidate's
        remaining tokens and a stop token. None while two candidates are live (or with no stop token)."""
        if len(self._live) != 1 or not self._stop_ids:
            return None
        return [*self._outputs[self._live[0]][self._written :], min(self._stop_ids)]

    def _fallback(self, argmax: int) -> int:
        for i in self._live:
            if self._written < len(self._outputs[i]):
                return self._outputs[i][self._written]
        if self._live and self._stop_ids:
            return min(self._stop_ids)  # a candidate is written whole: the output is that candidate
        return argmax
