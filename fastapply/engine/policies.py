"""How a caller shapes decoding without the engine knowing why: a token constraint and stop criteria.

A request carries *specs* (small, picklable descriptions); the engine builds each into a stateful
object for the sequence with ``build(context)``, where the context holds what only the engine knows
(the text of a token, the ids that end the output). The engine then calls the objects every pass:

* a ``TokenConstraint`` chooses each emitted token among the model's ranked candidates (argmax
  first); speculation stays lossless with respect to greedy decoding under the same constraint.
* a ``StopCriterion`` sees every emitted token and ends the output after one (``reason`` becomes
  the finish reason). EOS, ``max_new_tokens`` and stop strings are the engine's own.

The apply layer's line constraint and loop stop (``fastapply/apply/``) are the implementations.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True)
class DecodeContext:
    token_text: Callable[[int], str]  # a token's text (cached by the engine)
    stop_ids: frozenset[int]  # the engine's EOS ids and the request's stop tokens
    stop_strings: tuple[str, ...]


class TokenConstraint(Protocol):
    forced: int  # positions where a lower-ranked candidate replaced the argmax
    gave_up: int  # positions where no candidate fitted and the argmax was kept

    def verify(self, draft: list[int], ranked: list[list[int]]) -> list[int]:
        """The tokens one pass emits: the accepted draft prefix plus the chosen token after it;
        ``ranked[j]`` ranks the model's tokens after ``draft[:j]``."""

    def settled(self) -> list[int] | None:
        """The rest of the output when the constraint allows one continuation whatever the model
        ranks (the engine writes it without passes, ending at its first stop token); None otherwise."""


def choose_each(choose: Callable[[list[int]], int], draft: list[int], ranked: list[list[int]]) -> list[int]:
    """``TokenConstraint.verify`` for a constraint that chooses one token at a time: the chosen
    token at each position while it equals the draft's, then the first chosen token that does not
    (``choose`` also records the token it returns). The choices depend only on the candidates and
    the tokens before them, so this emits what one-token-at-a-time constrained decoding emits.
    Example: draft ``[5, 6, 7]``, choices ``5, 6, 9`` -> ``[5, 6, 9]``."""
    out: list[int] = []
    for j, candidates in enumerate(ranked):
        token = choose(candidates)
        out.append(token)
        if j >= len(draft) or draft[j] != token:
            break
    return out


class ConstraintSpec(Protocol):
    @property
    def candidates(self) -> int:
        """Ranked candidates per position the constraint chooses from."""

    def build(self, context: DecodeContext) -> TokenConstraint: ...


class StopCriterion(Protocol):
    reason: str  # the finish reason when it stops the output

    def push(self, token: int) -> bool:
        """Record an emitted token; True: the output ends after it."""


class StopSpec(Protocol):
    def build(self, context: DecodeContext) -> StopCriterion: ...


def accept_greedy(draft: list[int], targets: list[int]) -> list[int]:
    """The tokens one verification pass emits without a constraint: the longest draft prefix equal
    to the model's greedy targets, then the model's own next token (the "bonus").

    ``targets[j]`` is the greedy token after ``draft[:j]`` (``len(targets) == len(draft) + 1``).
    Example: draft ``[5, 6, 7]``, targets ``[5, 6, 9, 2]`` -> ``[5, 6, 9]`` (two accepted, then 9).
    ``fastapply.kernels.greedy_accept`` is the same rule on the device, over a batch of logits.
    """
    accepted = 0
    while accepted < len(draft) and draft[accepted] == targets[accepted]:
        accepted += 1
    return targets[: accepted + 1]
