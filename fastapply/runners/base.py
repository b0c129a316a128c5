"""The runner protocol: what the engine asks of a runner, and nothing else.

A runner owns the model's weights and the KV storage. Per pass the engine hands it rows (a cache
and the tokens to feed at the cache's length) and gets back, for the last ``num_logits`` fed
positions of each row, the model's greedy token (``targets``) and, when asked, the ranked candidate
tokens a decoding constraint chooses from. The runner decides nothing: it never accepts, never
rolls back (the engine sets ``cache.length``) and never admits.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

import numpy as np
import torch

from fastapply.runners.profile import PassProfile


class Cache(Protocol):
    """One sequence's KV storage as the engine sees it: a valid length it may move back."""

    length: int
    capacity: int

    def truncate(self, length: int) -> None: ...


@dataclass
class Row:
    cache: Any  # the runner's own cache (what its allocate() returned), read through ``Cache``
    tokens: list[int]  # fed at positions [cache.length, cache.length + len(tokens))
    num_logits: int  # outputs wanted for the last num_logits positions (0 for prefill chunks)


@dataclass
class Verified:
    """One pass's outputs per row: ``targets[i][j]`` is the greedy token after the j-th of row i's
    last ``num_logits`` positions; ``ranked[i][j]`` (when asked) that position's candidate ids,
    argmax first."""

    targets: list[list[int]]
    ranked: list[list[list[int]]] | None = None


@dataclass
class BurstRow:
    """One row of a burst. Each pass feeds ``[last, *window[c : c + n]]`` at the row's cache length,
    where ``c`` is the device's cursor in the window (0 at first) and ``n`` the pass's draft length:
    ``first_len`` in the first pass, then ``draft_max`` while the model's tokens follow the window
    (its bonus token equals the window's next token, as ``proposer.advance`` decides), else 0.
    The pass in which the row emits one of ``stop_ids``, or its ``limit``-th token, is its last (it
    emits at most ``limit`` tokens; the tokens after a stop token in that pass are the host's to drop).
    Example: window ``[5, 6, 7, 8]``, first_len 2, model's tokens 5, 6, 7, 8, 9 -> the first pass
    emits ``[5, 6, 7]`` (both accepted, bonus 7 = window[2]: still following), the second ``[8, 9]``."""

    cache: Any
    last_token: int  # known token whose K/V is not in the cache yet
    window: (
        np.ndarray | Sequence[int]
    )  # the draft source from the first draft's start (window[:first_len] = that draft)
    first_len: int
    draft_max: int
    limit: int
    stop_ids: Collection[int]


@dataclass
class Burst:
    """Per row: every token emitted over the burst in order, and for each pass the row took part
    in, its draft length and how many draft tokens were accepted (that pass emitted accepted + 1)."""

    tokens: list[list[int]]
    drafted: list[list[int]]
    accepted: list[list[int]]


class Runner(Protocol):
    device: torch.device
    dtype: torch.dtype
    max_positions: int  # the longest prompt + output a sequence may have here
    profile: PassProfile

    def check(self, k: int, capacity: int) -> None:
        """Raise ValueError when a sequence with draft length ``k`` and ``capacity`` positions can
        never run here."""

    def reserve(self, capacity: int) -> int:
        """KV positions a sequence of ``capacity`` takes from the engine's budget while it runs."""

    def allocate(self, capacity: int) -> Cache: ...

    def free(self, cache: Any) -> None: ...

    def verify(self, rows: list[Row], candidates: int = 1) -> Verified:
        """One pass over every row: prefill chunks and verification rows (one host sync; none when
        every row is a prefill chunk); ``candidates > 1`` also ranks that many."""


@runtime_checkable
class BurstRunner(Protocol):
    """A runner that can run several passes between two host syncs."""

    burst_passes: int  # the most passes one burst may run

    def burst(self, rows: list[BurstRow], passes: int) -> Burst:
        """``passes`` passes over the rows on the device, then one host sync."""


def ranked_candidates(logits: torch.Tensor, n: int) -> torch.Tensor:
    """logits [..., V] -> [..., n + 1] token ids: the argmax, then the top n. The argmax comes from
    argmax, not from topk, whose order of exact ties may differ: an unconstrained row in a
    constrained pass must get exactly the token plain decoding gets."""
    return torch.cat([logits.argmax(dim=-1, keepdim=True), logits.topk(n, dim=-1).indices], dim=-1)


def split_outputs(flat: list, rows: list[Row], candidates: int) -> Verified:
    """The pass's host-side outputs (one list over every requested position, in row order) per row:
    ids when ``candidates == 1``, ranked lists otherwise."""
    per_row, start = [], 0
    for row in rows:
        per_row.append(flat[start : start + row.num_logits])
        start += row.num_logits
    if candidates == 1:
        return Verified(per_row)
    return Verified([[ranked[0] for ranked in row] for row in per_row], per_row)
